package engines

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
	"warlog/internal/words"
)

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
		return fmt.Errorf("%s name %q starts or ends with a space; remove it", kind, name)
	case utf8.RuneCountInString(name) > 64:
		return fmt.Errorf("%s name is %s long; 64 at most", kind, words.Count(utf8.RuneCountInString(name), "character", "characters"))
	}
	for _, r := range name {
		if unicode.IsControl(r) || r == utf8.RuneError {
			return fmt.Errorf("%s name %q holds a control character; use printable text", kind, name)
		}
	}
	return nil
}
