package brood

import (
	"encoding/json"
	"strings"
	"testing"

	"warlog/engines"
	"warlog/engines/kit/kittest"
)

// game is a Brood Mother campaign under test (kittest.Table): s is its
// state, the table's S.
type game struct {
	*kittest.Table[*State]
	t *testing.T
	s *State
}

func newGame(t *testing.T, mode string) *game {
	t.Helper()
	s := Engine.NewState(engines.Campaign{Name: "test", Game: "brood", Mode: mode}).(*State)
	return &game{Table: kittest.New(t, Engine, s), t: t, s: s}
}

// started is a game on an 8 x 8 grid: red at 2,2 (squares 1-3), blue at
// 7,7 (6-8); red's turn 1 with 10 Plasmid.
func started(t *testing.T, mode string) *game {
	t.Helper()
	g := newGame(t, mode)
	g.Do(engines.StartScenario{Name: "G1", Size: 8, Mothers: []string{"red=2,2", "blue=7,7"}})
	return g
}

// snapshot is the state's JSON.
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

func (g *game) endTurn(faces ...int) { g.t.Helper(); g.Do(EndTurn{}, faces...) }

func hasFact(d *engines.Decision, typ string) bool { return kittest.Has(d, typ) }

func labelHas(t *testing.T, d *engines.Decision, want string) {
	t.Helper()
	if !strings.Contains(d.LabelText(), want) {
		t.Fatalf("label %q does not say %q", d.LabelText(), want)
	}
}
