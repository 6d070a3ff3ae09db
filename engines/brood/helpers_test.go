package brood

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"warlog/engines"
	"warlog/engines/dice"
	"warlog/events"
)

// game drives the engine the way the campaigns service does: decide with a
// hand-entered dice queue, then fold each fact decoded from JSON.
type game struct {
	t   *testing.T
	s   *State
	reg *events.Registry
	// log keeps every fact applied, for replay checks.
	log []events.Fact
}

func newGame(t *testing.T, mode string) *game {
	t.Helper()
	reg := events.NewRegistry()
	reg.Register(dice.Type, dice.Rolled{})
	Engine.Register(reg)
	s := Engine.NewState(engines.Campaign{Name: "test", Game: "brood", Mode: mode}).(*State)
	return &game{t: t, s: s, reg: reg}
}

// started is a game on an 8 x 8 grid: red at 2,2 (squares 1-3), blue at
// 7,7 (6-8); red's turn 1 with 10 Plasmid.
func started(t *testing.T, mode string) *game {
	t.Helper()
	g := newGame(t, mode)
	g.must(engines.StartScenario{Name: "G1", Size: 8, Mothers: []string{"red=2,2", "blue=7,7"}})
	return g
}

func (g *game) try(cmd engines.Command, faces ...int) (*engines.Decision, error) {
	g.t.Helper()
	hand := append([]int{}, faces...)
	r := dice.NewRoller(1, 0, hand)
	d := engines.NewDecision(r)
	if err := Engine.Decide(g.s, cmd, d); err != nil {
		return d, err
	}
	if err := r.Finish(); err != nil {
		return d, err
	}
	for _, f := range d.Facts() {
		g.apply(f)
	}
	return d, nil
}

func (g *game) apply(f events.Fact) {
	g.t.Helper()
	raw, err := json.Marshal(f.Data)
	if err != nil {
		g.t.Fatal(err)
	}
	v, err := g.reg.Decode(events.Event{Type: f.Type, Data: raw})
	if err != nil {
		g.t.Fatal(err)
	}
	if err := Engine.Apply(g.s, f.Type, v); err != nil {
		g.t.Fatalf("apply %s: %v", f.Type, err)
	}
	g.log = append(g.log, f)
}

func (g *game) must(cmd engines.Command, faces ...int) *engines.Decision {
	g.t.Helper()
	d, err := g.try(cmd, faces...)
	if err != nil {
		g.t.Fatalf("%s: %v", cmd.Verb(), err)
	}
	return d
}

// refused checks that cmd is refused naming rule and that nothing changed.
func (g *game) refused(rule string, cmd engines.Command, faces ...int) {
	g.t.Helper()
	before := g.snapshot()
	_, err := g.try(cmd, faces...)
	var re *engines.RuleError
	if !errors.As(err, &re) {
		g.t.Fatalf("%s: got %v, want refusal %s", cmd.Verb(), err, rule)
	}
	if re.Rule != rule {
		g.t.Fatalf("%s: refused by %s (%v), want %s", cmd.Verb(), re.Rule, err, rule)
	}
	if after := g.snapshot(); after != before {
		g.t.Fatalf("%s: a refusal changed the state", cmd.Verb())
	}
}

func (g *game) snapshot() string {
	b, err := json.Marshal(g.s)
	if err != nil {
		g.t.Fatal(err)
	}
	return string(b)
}

// put places a spawn directly (a test fixture, not a rule).
func (g *game) put(name, owner string, x, y, att, def, mov int, muts ...string) *Piece {
	g.t.Helper()
	p := &Piece{Name: name, Owner: owner, Creator: owner, X: x, Y: y, Attack: att, Defense: def, Move: mov, Lives: 1, Muts: muts}
	for _, m := range muts {
		if m == Resilient {
			p.Lives = 2
		}
	}
	g.s.Battle.Spawns = append(g.s.Battle.Spawns, p)
	return p
}

func (g *game) mother(player string) *Mother { return g.s.Battle.Mother(player) }

func (g *game) piece(name string) *Piece { return g.s.Battle.Piece(name) }

func (g *game) endTurn(faces ...int) { g.t.Helper(); g.must(EndTurn{}, faces...) }

func hasFact(d *engines.Decision, typ string) bool {
	for _, f := range d.Facts() {
		if f.Type == typ {
			return true
		}
	}
	return false
}

func labelHas(t *testing.T, d *engines.Decision, want string) {
	t.Helper()
	if !strings.Contains(d.LabelText(), want) {
		t.Fatalf("label %q does not say %q", d.LabelText(), want)
	}
}

// fails checks that cmd fails (any error) and changes nothing.
func (g *game) fails(cmd engines.Command, faces ...int) error {
	g.t.Helper()
	before := g.snapshot()
	_, err := g.try(cmd, faces...)
	if err == nil {
		g.t.Fatalf("%s: succeeded, want an error", cmd.Verb())
	}
	if after := g.snapshot(); after != before {
		g.t.Fatalf("%s: a failed command changed the state", cmd.Verb())
	}
	return err
}
