package incarn28

import (
	"strings"
	"testing"

	"warlog/engines"
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
	i28(t, s).Do(cmd, 3)
	if acs(s) != 7 {
		t.Errorf("Brutal through the menu: %d ACs, want 7", acs(s))
	}
	got = labels(s)
	if !strings.HasPrefix(got, "Ax attacks | Ax moves | End Ax's activation") {
		t.Errorf("activating: %q", got)
	}
}

// The menu opens on the likeliest next action: the activation of the next
// unactivated incarn of the side whose turn it is (seed 000 line 31:
// the players alternate activating one incarn each), its attack while it has
// ACs, the end of its activation once it has none, and the end of the
// round once every incarn has activated.
func TestChoicesOpenOnTheLikeliest(t *testing.T) {
	s := duel(t, "sacrosanct", []Incarn{in("Ax", "Regular", "Medium", fl("Brigand")), in("Bx", "Regular", "Medium", fl("Brigand"))},
		"sacrosanct", []Incarn{in("Tg", "Regular", "Medium", fl("Brigand"))}, plainObj, plainObj)
	opens := func(want string) engines.Choice {
		t.Helper()
		ch := s.Choices()[0]
		if ch.Label != want {
			t.Fatalf("the menu opens on %q, want %q: %s", ch.Label, want, labels(s))
		}
		return ch
	}
	take := func(want string, faces ...int) {
		t.Helper()
		cmd, err := opens(want).Build(map[string]string{})
		if err != nil {
			t.Fatal(err)
		}
		i28(t, s).Do(cmd, faces...)
	}
	take("Activate Ax", 4)
	opens("Ax attacks")
	i28(t, s).Do(Move{Incarn: s.Battle.Current.Figure, ACs: s.Battle.Current.ACs})
	take("End Ax's activation")
	take("Activate Tg", 4)
	i28(t, s).Do(EndActivation{})
	take("Activate Bx", 4)
	i28(t, s).Do(EndActivation{})
	opens("End the round and begin the next")
}
