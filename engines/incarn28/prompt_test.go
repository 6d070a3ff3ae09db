package incarn28

import (
	"strings"
	"testing"
)

func labels(s *State) string {
	var out []string
	for _, c := range s.Choices() {
		out = append(out, c.Label)
	}
	return strings.Join(out, " | ")
}

// The play menu offers only what the rules allow now, and asks Brutal's
// table fact.
func TestChoices(t *testing.T) {
	s := testState()
	if got := labels(s); got != "Found a gang" {
		t.Errorf("empty campaign: %q", got)
	}
	s = duel(t, "sacrosanct", []Incarn{in("Ax", "Regular", "Medium", fl("Brutal")), in("Bx", "Regular", "Medium", fl("Brigand"))},
		"sacrosanct", []Incarn{in("Tg", "Regular", "Medium", fl("Brigand"))}, plainObj, plainObj)
	got := labels(s)
	if !strings.Contains(got, "Activate Ax | Activate Bx | Ann reports Loot done") || strings.Contains(got, "Activate Tg") {
		t.Errorf("Ann's turn: %q", got)
	}
	ch := s.Choices()[0]
	if len(ch.Questions) != 1 || !strings.Contains(ch.Questions[0].Prompt, "Brutal") {
		t.Fatalf("Ax's questions: %+v", ch.Questions)
	}
	cmd, _ := ch.Build(map[string]string{"enemy5": "yes"})
	do(t, s, cmd, 3)
	if acs(s) != 7 {
		t.Errorf("Brutal through the menu: %d ACs, want 7", acs(s))
	}
	got = labels(s)
	if !strings.HasPrefix(got, "Ax attacks | Ax moves | End Ax's activation") {
		t.Errorf("activating: %q", got)
	}
}
