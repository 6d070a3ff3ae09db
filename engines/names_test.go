package engines

import (
	"strings"
	"testing"
)

// Names that only look like others are refused: a zero-width or bidi
// character inside a name (issue 30, item 10).
func TestValidateNameInvisible(t *testing.T) {
	for _, name := range []string{"Bo\u200brs", "Bo\u200crs", "Bo\u200drs", "Bo\u200ers", "Bors\u200f",
		"\u202aBors", "Bo\u202brs", "Bo\u202crs", "Bo\u202drs", "\u202eevil", "Bo\u2066rs", "Bo\u2067rs", "Bo\u2068rs", "Bo\u2069rs", "\ufeffBors"} {
		err := ValidateName("figure", name)
		if err == nil || !strings.Contains(err.Error(), "invisible character") {
			t.Errorf("ValidateName(%q) = %v, want a refusal naming an invisible character", name, err)
		}
	}
	for _, name := range []string{"Bors", "名前", "Ωmega ☠", "👾", "a\u2010b", "x\u2070"} {
		if err := ValidateName("figure", name); err != nil {
			t.Errorf("ValidateName(%q) = %v, want it accepted", name, err)
		}
	}
}

func TestNameKey(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"Bors", "Bors"}, {"Bo\u200brs", "Bors"}, {"\ufeff\u202eAu\u2066tumn\u2069", "Autumn"}, {"", ""},
	} {
		if got := NameKey(tt.in); got != tt.want {
			t.Errorf("NameKey(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
