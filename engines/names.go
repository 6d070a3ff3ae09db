package engines

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
	"warlog/internal/words"
)

// Clip shortens text a player typed for echoing in a message: at most 64
// characters, the rest replaced by an ellipsis, so that a refused 1 MiB
// name makes a one-line error.
func Clip(s string) string { return ClipTo(s, 64) }

// ClipTo shortens s to at most n characters, the last an ellipsis.
func ClipTo(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n-1]) + "…"
}

// ValidateName checks a name a player types (campaign, scenario, side,
// player, figure): printable UTF-8, 1 to 64 characters, no leading or
// trailing space, and nothing invisible that would make two names that look
// the same differ (zero-width characters, bidi controls: see Invisible).
// Anything else is kept exactly as given: reports escape it.
// kind names the thing in the message ("figure", "side").
func ValidateName(kind, name string) error {
	switch {
	case !utf8.ValidString(name):
		return fmt.Errorf("%s name is not valid UTF-8 text; use letters, digits and punctuation", kind)
	case strings.TrimSpace(name) == "":
		return fmt.Errorf("%s name is empty; give a name like \"Autumn League\"", kind)
	case strings.TrimSpace(name) != name:
		return fmt.Errorf("%s name %q starts or ends with a space; remove it", kind, Clip(name))
	case len(name) > 64*utf8.UTFMax || utf8.RuneCountInString(name) > 64:
		return fmt.Errorf("%s name is %s long; 64 at most", kind, words.Count(utf8.RuneCountInString(name), "character", "characters"))
	}
	for _, r := range name {
		if unicode.IsControl(r) || r == utf8.RuneError {
			return fmt.Errorf("%s name %q holds a control character; use printable text", kind, Clip(name))
		}
		if Invisible(r) {
			return fmt.Errorf("%s name %q holds an invisible character (U+%04X), which would make it look like another name; remove it", kind, Clip(name), r)
		}
	}
	return nil
}

// Invisible reports whether r is a character that shows nothing, or only
// turns the text around it, and so can make two names that look the same
// differ: the zero-width space, non-joiner and joiner, the direction marks
// (U+200B to U+200F), the bidi embeddings, overrides and isolates (U+202A
// to U+202E, U+2066 to U+2069) and the byte order mark (U+FEFF).
func Invisible(r rune) bool {
	return r >= 0x200b && r <= 0x200f || r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069 || r == 0xfeff
}

// NameKey is name as names are told apart: without invisible characters
// (Invisible). ValidateName refuses them in a new name, but a log written
// before it did may hold them: two names with the same key are the same
// name, and a new one must not take the key of one that exists.
func NameKey(name string) string {
	if !strings.ContainsFunc(name, Invisible) {
		return name
	}
	return strings.Map(func(r rune) rune {
		if Invisible(r) {
			return -1
		}
		return r
	}, name)
}
