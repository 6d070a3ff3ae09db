package words

import "testing"

func TestWords(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{Count(1, "figure", "figures"), "1 figure"},
		{Count(0, "figure", "figures"), "0 figures"},
		{Count(int64(3), "die", "dice"), "3 dice"},
		{Count(-1, "Skill", "Skill"), "-1 Skill"},
		{A("Imhotep"), "an Imhotep"},
		{A("Wizard"), "a Wizard"},
		{A("8"), "an 8"},
		{A(11), "an 11"},
		{A("12"), "a 12"},
		{Possessive("hunters"), "hunters'"},
		{Possessive("Bors"), "Bors's"},
		{Possessive("orcs"), "orcs'"},
		{Possessive("Ann"), "Ann's"},
		{Times(1), "once"},
		{Times(2), "twice"},
		{Times(3), "3 times"},
		{Times(0), "0 times"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}

// A side's name agrees with its verb: the Nest's side is one, the hunters
// are many ("nest win and choose" read wrongly).
func TestDoesAndVerb(t *testing.T) {
	for _, c := range []struct{ name, want string }{
		{"nest", "nest wins and chooses"},
		{"hunters", "hunters win and choose"},
		{"Ann", "Ann wins and chooses"},
		{"", " wins and chooses"},
	} {
		if got := Does(c.name, "wins", "win") + " and " + Verb(c.name, "chooses", "choose"); got != c.want {
			t.Errorf("%q: %q, want %q", c.name, got, c.want)
		}
	}
}
