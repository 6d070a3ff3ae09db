package incarn28

import (
	"encoding/json"
	"strings"
	"testing"

	"warlog/engines"
	"warlog/engines/dice"
	"warlog/engines/kit"
	"warlog/events"
)

// do decides cmd on s with the hand-entered dice (all of which must be
// used), then applies the facts as the service would: each payload through
// its JSON form and the registry. It returns the label.
func do(t *testing.T, s *State, cmd engines.Command, faces ...int) string {
	t.Helper()
	label, err := try(s, cmd, faces...)
	if err != nil {
		t.Fatalf("%s: %v", cmd.Verb(), err)
	}
	return label
}

// try is do that returns the refusal; on a refusal s is unchanged.
func try(s *State, cmd engines.Command, faces ...int) (string, error) {
	if faces == nil {
		faces = []int{}
	}
	r := dice.NewRoller(1, 0, faces)
	d := engines.NewDecision(r)
	before, _ := json.Marshal(s)
	if err := Engine.Decide(s, cmd, d); err != nil {
		return "", err
	}
	if after, _ := json.Marshal(s); string(after) != string(before) {
		panic("Decide changed the state")
	}
	if err := r.Finish(); err != nil {
		return "", err
	}
	reg := events.NewRegistry()
	reg.Register(dice.Type, dice.Rolled{})
	Engine.Register(reg)
	for _, f := range d.Facts() {
		data, err := json.Marshal(f.Data)
		if err != nil {
			return "", err
		}
		p, err := reg.Decode(events.Event{Type: f.Type, Data: data})
		if err != nil {
			return "", err
		}
		if err := Engine.Apply(s, f.Type, p); err != nil {
			return "", err
		}
	}
	return d.LabelText(), nil
}

// refused checks that cmd is refused with a message containing want, and
// that nothing changed.
func refused(t *testing.T, s *State, cmd engines.Command, want string, faces ...int) {
	t.Helper()
	before, _ := json.Marshal(s)
	_, err := try(s, cmd, faces...)
	if err == nil {
		t.Fatalf("%s: accepted, want a refusal containing %q", cmd.Verb(), want)
	}
	if !strings.Contains(err.Error(), want) {
		t.Fatalf("%s: refused with %q, want it to contain %q", cmd.Verb(), err, want)
	}
	if after, _ := json.Marshal(s); string(after) != string(before) {
		t.Fatalf("%s: a refusal changed the state", cmd.Verb())
	}
}

func testState() *State {
	return &State{Play: kit.Play[*Battle, Record]{Campaign: engines.Campaign{Name: "t", Game: "incarn28"}}}
}

func in(name, skill, tough string, flesh []string, items ...string) Incarn {
	return Incarn{Name: name, Skill: skill, Toughness: tough, Flesh: flesh, Items: items}
}

func fl(xs ...string) []string { return xs }

// duel sets up a battle between Ann (faction fa) and Ben (faction fb) with
// the given incarns, objectives fixed by dice (Ann 5,? ...), and round 1
// begun with Ann first. Objective dice: Ann rolls oa, Ben rolls ob (before
// faction modifiers). The twist die shows 6 (Enraging Squall), which the
// duel then sets aside, so that each test sees the one rule it checks; the
// twists are tested with the twist in play (twist_test.go and others).
func duel(t *testing.T, fa string, ann []Incarn, fb string, ben []Incarn, oa, ob [2]int) *State {
	t.Helper()
	s := testState()
	do(t, s, FoundGang{Player: "Ann", Faction: fa, Incarns: ann})
	do(t, s, FoundGang{Player: "Ben", Faction: fb, Incarns: ben})
	do(t, s, engines.StartScenario{Name: "Test"}, oa[0], oa[1], ob[0], ob[1], 6, 6, 1) // Ann wins the deployment roll-off
	s.Battle.Twist = 0
	do(t, s, NextRound{}, 6, 1) // Ann wins the roll-off
	return s
}

func fig(t *testing.T, s *State, key string) *Figure {
	t.Helper()
	f := s.Battle.fig(key)
	if f == nil {
		t.Fatalf("no figure %s", key)
	}
	return f
}
