package kingsown

import (
	"encoding/json"
	"errors"
	"testing"

	"warlog/engines"
	"warlog/engines/dice"
	"warlog/events"
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

// decide runs cmd with hand-entered dice (none: the program's seed 1) and
// folds the facts into s, as the campaigns service does. It fails the test
// if Decide changed s or the dice were not all used.
func decide(t *testing.T, s *State, cmd engines.Command, hand ...int) *engines.Decision {
	t.Helper()
	d, err := try(t, s, cmd, hand...)
	if err != nil {
		t.Fatalf("%s: %v", cmd.Verb(), err)
	}
	return d
}

func try(t *testing.T, s *State, cmd engines.Command, hand ...int) (*engines.Decision, error) {
	t.Helper()
	before := snapshot(t, s)
	var q []int
	if hand != nil {
		q = append([]int{}, hand...)
	}
	r := dice.NewRoller(1, 0, q)
	d := engines.NewDecision(r)
	err := Engine.Decide(s, cmd, d)
	if after := snapshot(t, s); after != before {
		t.Fatalf("%s: Decide changed the state", cmd.Verb())
	}
	if err == nil {
		err = r.Finish()
	}
	if err != nil {
		return nil, err
	}
	for _, f := range d.Facts() {
		// Fold the payload as the store gives it back: through JSON.
		if err := Engine.Apply(s, f.Type, roundTrip(t, f.Type, f.Data)); err != nil {
			t.Fatalf("%s: Apply(%s): %v", cmd.Verb(), f.Type, err)
		}
	}
	return d, nil
}

// refuse checks that cmd is refused under rule and writes nothing.
func refuse(t *testing.T, s *State, cmd engines.Command, rule string, hand ...int) {
	t.Helper()
	before := snapshot(t, s)
	_, err := try(t, s, cmd, hand...)
	var re *engines.RuleError
	if !errors.As(err, &re) {
		t.Fatalf("%s: got %v, want a refusal under %s", cmd.Verb(), err, rule)
	}
	if re.Rule != rule {
		t.Fatalf("%s: refused under %s (%v), want %s", cmd.Verb(), re.Rule, err, rule)
	}
	if snapshot(t, s) != before {
		t.Fatalf("%s: a refusal changed the state", cmd.Verb())
	}
}

var testRegistry = func() *events.Registry {
	r := events.NewRegistry()
	r.Register(dice.Type, dice.Rolled{})
	Engine.Register(r)
	return r
}()

// roundTrip marshals a payload and decodes it as the store would.
func roundTrip(t *testing.T, typ string, v any) any {
	t.Helper()
	b, err := json.Marshal(v)
	must(t, err)
	if !testRegistry.Known(typ) {
		t.Fatalf("event type %s is not registered", typ)
	}
	p, err := testRegistry.Decode(events.Event{Type: typ, Data: b})
	must(t, err)
	return p
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
	decide(t, s, Recruit{Cards: cards})
	return s
}

// fight recruits cards of two sides, starts a fight without brief, rolls
// initiative (the first side wins 6 to 1 and moves first).
func fight(t *testing.T, cards ...Card) *State {
	t.Helper()
	s := newGame(t, cards...)
	decide(t, s, engines.StartScenario{Name: "Skirmish", Turns: 3})
	rollOff(t, s, 6, 1)
	return s
}

// rollOff rolls initiative with hand dice and the winner chooses to move
// first; it returns the roll's decision.
func rollOff(t *testing.T, s *State, hand ...int) *engines.Decision {
	t.Helper()
	d := decide(t, s, Initiative{}, hand...)
	if s.Battle.Phase == PhaseChoosing {
		decide(t, s, ChooseFirst{Side: s.Battle.Winner})
	}
	return d
}

// attackPhase closes movement with everyone staying.
func attackPhase(t *testing.T, cards ...Card) *State {
	t.Helper()
	s := fight(t, cards...)
	decide(t, s, Next{})
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

func types(d *engines.Decision) []string {
	var out []string
	for _, f := range d.Facts() {
		out = append(out, f.Type)
	}
	return out
}

func has(d *engines.Decision, typ string) bool {
	for _, f := range d.Facts() {
		if f.Type == typ {
			return true
		}
	}
	return false
}
