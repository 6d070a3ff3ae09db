package reincardnated

import (
	"strings"
	"testing"

	"warlog/engines"
	"warlog/engines/dice"
	"warlog/engines/kit/kittest"
)

// table is a Reincardnated campaign under test (kittest.Table): s is its
// state, the table's S.
type table struct {
	*kittest.Table[*State]
	t testing.TB
	s *State
}

func newTable(t testing.TB) *table {
	t.Helper()
	s := Engine.NewState(engines.Campaign{Name: "test", Game: "reincardnated", Seed: 1}).(*State)
	tb := &table{Table: kittest.New(t, Engine, s), t: t, s: s}
	tb.NeedFacts = true // every command records a fact
	return tb
}

// game starts a game with the players in turn order.
func game(t testing.TB, players ...string) *table {
	t.Helper()
	tb := newTable(t)
	tb.Do(engines.StartScenario{Name: "Game", Players: players})
	return tb
}

// decide runs a command with an empty hand-entered dice queue (the game
// rolls no dice: any die asked for would fail the action).
func (tb *table) decide(cmd engines.Command) (*engines.Decision, error) {
	r := dice.NewRoller(1, 0, []int{})
	d := engines.NewDecision(r)
	if err := Engine.Decide(tb.s, cmd, d); err != nil {
		return nil, err
	}
	return d, r.Finish()
}

func (tb *table) g() *Game {
	g := tb.s.game()
	if g == nil {
		tb.t.Fatal("no game in progress")
	}
	return g
}

func (tb *table) p(name string) *Player {
	tb.t.Helper()
	p := tb.g().player(name)
	if p == nil {
		tb.t.Fatalf("no player %s", name)
	}
	return p
}

func (tb *table) hand(name string) int { return tb.p(name).Hand }

func (tb *table) active(name string) string {
	b, _ := tb.p(name).Active()
	return b.Name
}

// lifeline writes a Lifeline as "Ant, +Bee" (+ marks the dead).
func (tb *table) lifeline(name string) string {
	var parts []string
	for _, b := range tb.p(name).Lifeline {
		if b.Dead {
			parts = append(parts, "+"+b.Name)
		} else {
			parts = append(parts, b.Name)
		}
	}
	return strings.Join(parts, ", ")
}

// incarnate is the current player's incarnation, with the type given.
func (tb *table) incarnate(player, being, typ, kind string) string {
	tb.t.Helper()
	return tb.Label(Incarnate{Player: player, Being: being, CardInfo: CardInfo{Type: typ}, Kind: kind})
}

func (tb *table) endTurn() string {
	tb.t.Helper()
	return tb.Label(EndTurn{})
}

// give sets a player's hand for a test, through a correction of the Karma
// by an ability (draw), so that the decks stay consistent.
func (tb *table) give(player string, n int) {
	tb.t.Helper()
	if d := n - tb.hand(player); d > 0 {
		tb.Do(Draw{Player: player, Count: d})
	} else if d < 0 {
		tb.Do(Discard{Player: player, Count: -d})
	}
}

// build gives a player Beings by ability gains (no action used), each new
// to the campaign with its type: "Ant:insect".
func (tb *table) build(player string, beings ...string) {
	tb.t.Helper()
	for _, b := range beings {
		name, typ, _ := strings.Cut(b, ":")
		tb.Do(Gain{Player: player, Being: name, CardInfo: CardInfo{Type: typ}})
	}
}

func play(player, karma string, args ...string) Play {
	return Play{Player: player, Karma: karma, Args: args}
}

func eq[T comparable](t testing.TB, what string, got, want T) {
	t.Helper()
	if got != want {
		t.Errorf("%s: got %v, want %v", what, got, want)
	}
}
