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
// trailing space. Anything else is kept exactly as given: reports escape it.
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
	}
	return nil
}
