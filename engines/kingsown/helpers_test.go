package kingsown

import (
	"encoding/json"
	"testing"

	"warlog/engines"
	"warlog/engines/kit/kittest"
)

// card is a test card: Sword M2 R1 unless changed.
func card(name, side string, skill, res, hits int, mods ...func(*Card)) Card {
	c := Card{Name: name, Side: side, Skill: skill, Move: 4, Res: res, Hits: hits,
		Weapons: []Weapon{{Name: "Sword", Might: 2, Reach: 1}}}
	for _, m := range mods {
		m(&c)
	}
	return c
}

func weapon(name string, might int, sweep bool) func(*Card) {
	return func(c *Card) { c.Weapons = []Weapon{{Name: name, Might: might, Reach: 1, Sweep: sweep}} }
}

func snapshot(t *testing.T, s *State) string {
	t.Helper()
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// ko is the kittest table of s: a command given no dice rolls the
// program's (seed 1), as the campaigns service rolls them.
func ko(t *testing.T, s *State) *kittest.Table[*State] {
	t.Helper()
	tb := kittest.New(t, Engine, s)
	tb.Program = true
	return tb
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// newGame recruits cards into a fresh campaign.
func newGame(t *testing.T, cards ...Card) *State {
	t.Helper()
	s := newState(engines.Campaign{Name: "Test", Game: "kingsown", Seed: 1})
	ko(t, s).Do(Recruit{Cards: cards})
	return s
}

// fight recruits cards of two sides, starts a fight without brief, rolls
// initiative (the first side wins 6 to 1 and moves first).
func fight(t *testing.T, cards ...Card) *State {
	t.Helper()
	s := newGame(t, cards...)
	ko(t, s).Do(engines.StartScenario{Name: "Skirmish", Turns: 3})
	rollOff(t, s, 6, 1)
	return s
}

// rollOff rolls initiative with hand dice and the winner chooses to move
// first; it returns the roll's decision.
func rollOff(t *testing.T, s *State, hand ...int) *engines.Decision {
	t.Helper()
	d := ko(t, s).Do(Initiative{}, hand...)
	if s.Battle.Phase == PhaseChoosing {
		ko(t, s).Do(ChooseFirst{Side: s.Battle.Winner})
	}
	return d
}

// attackPhase closes movement with everyone staying.
func attackPhase(t *testing.T, cards ...Card) *State {
	t.Helper()
	s := fight(t, cards...)
	ko(t, s).Do(Next{})
	return s
}

func fig(t *testing.T, s *State, name string) *Fig {
	t.Helper()
	f, err := s.Battle.find(name)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func types(d *engines.Decision) []string { return kittest.Types(d) }

func has(d *engines.Decision, typ string) bool { return kittest.Has(d, typ) }
