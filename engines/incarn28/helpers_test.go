package incarn28

import (
	"testing"

	"warlog/engines"
	"warlog/engines/kit"
	"warlog/engines/kit/kittest"
)

// i28 is the kittest table of s.
func i28(t testing.TB, s *State) *kittest.Table[*State] {
	t.Helper()
	return kittest.New(t, Engine, s)
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
	i28(t, s).Do(FoundGang{Player: "Ann", Faction: fa, Incarns: ann})
	i28(t, s).Do(FoundGang{Player: "Ben", Faction: fb, Incarns: ben})
	i28(t, s).Do(engines.StartScenario{Name: "Test"}, oa[0], oa[1], ob[0], ob[1], 6, 6, 1) // Ann wins the deployment roll-off
	s.Battle.Twist = 0
	i28(t, s).Do(NextRound{}, 6, 1) // Ann wins the roll-off
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
