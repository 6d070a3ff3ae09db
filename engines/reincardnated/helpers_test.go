package reincardnated

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"warlog/engines"
	"warlog/engines/dice"
	"warlog/events"
)

// table is a campaign under test: the engine state fed by facts that went
// through JSON and the registry, as the campaigns service feeds them.
type table struct {
	t   testing.TB
	s   *State
	reg *events.Registry
}

func newTable(t testing.TB) *table {
	t.Helper()
	reg := events.NewRegistry()
	Engine.Register(reg)
	return &table{t: t, s: Engine.NewState(engines.Campaign{Name: "test", Game: "reincardnated", Seed: 1}).(*State), reg: reg}
}

// game starts a game with the players in turn order.
func game(t testing.TB, players ...string) *table {
	t.Helper()
	tb := newTable(t)
	tb.do(engines.StartScenario{Name: "Game", Players: players})
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

// do decides cmd, which must pass, and folds its facts; it returns the label.
func (tb *table) do(cmd engines.Command) string {
	tb.t.Helper()
	before := tb.snapshot()
	d, err := tb.decide(cmd)
	if err != nil {
		tb.t.Fatalf("%s %+v: %v", cmd.Verb(), cmd, err)
	}
	if tb.snapshot() != before {
		tb.t.Fatalf("%s: Decide changed the state", cmd.Verb())
	}
	if len(d.Facts()) == 0 {
		tb.t.Fatalf("%s %+v: no facts", cmd.Verb(), cmd)
	}
	for _, f := range d.Facts() {
		b, err := json.Marshal(f.Data)
		if err != nil {
			tb.t.Fatal(err)
		}
		if !tb.reg.Known(f.Type) {
			tb.t.Fatalf("%s is not registered", f.Type)
		}
		p, err := tb.reg.Decode(events.Event{Type: f.Type, Data: b})
		if err != nil {
			tb.t.Fatal(err)
		}
		if err := Engine.Apply(tb.s, f.Type, p); err != nil {
			tb.t.Fatalf("apply %s: %v", f.Type, err)
		}
	}
	return d.LabelText()
}

// refuse checks that cmd is refused under rule, with a message containing
// want, and that the state did not change.
func (tb *table) refuse(cmd engines.Command, rule, want string) {
	tb.t.Helper()
	before := tb.snapshot()
	_, err := tb.decide(cmd)
	var re *engines.RuleError
	if !errors.As(err, &re) {
		tb.t.Fatalf("%s %+v: got %v, want a refusal (%s)", cmd.Verb(), cmd, err, rule)
	}
	if re.Rule != rule || !strings.Contains(re.Msg, want) {
		tb.t.Fatalf("%s: got refusal %q (%s), want rule %s with %q", cmd.Verb(), re.Msg, re.Rule, rule, want)
	}
	if after := tb.snapshot(); after != before {
		tb.t.Fatalf("%s was refused but the state changed:\n%s\n->\n%s", cmd.Verb(), before, after)
	}
}

// snapshot is everything the state shows, as text.
func (tb *table) snapshot() string {
	st, _ := json.Marshal(tb.s.Status())
	ro, _ := json.Marshal(tb.s.Roster())
	ca, _ := json.Marshal(tb.s.Cards())
	sc, _ := json.Marshal(tb.s.Scenarios())
	out := string(st) + string(ro) + string(ca) + string(sc)
	if g := tb.s.game(); g != nil {
		out += fmt.Sprintf("%+v %+v %+v", g.LastKarma, g.LastLife, g.Known)
		for _, p := range g.Players {
			out += fmt.Sprintf("%+v", *p)
			if p.Purpose != nil {
				out += fmt.Sprintf("%+v", *p.Purpose)
			}
		}
	}
	return out
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
	return tb.do(Incarnate{Player: player, Being: being, CardInfo: CardInfo{Type: typ}, Kind: kind})
}

func (tb *table) endTurn() string {
	tb.t.Helper()
	return tb.do(EndTurn{})
}

// give sets a player's hand for a test, through a correction of the Karma
// by an ability (draw), so that the decks stay consistent.
func (tb *table) give(player string, n int) {
	tb.t.Helper()
	if d := n - tb.hand(player); d > 0 {
		tb.do(Draw{Player: player, Count: d})
	} else if d < 0 {
		tb.do(Discard{Player: player, Count: -d})
	}
}

// build gives a player Beings by ability gains (no action used), each new
// to the campaign with its type: "Ant:insect".
func (tb *table) build(player string, beings ...string) {
	tb.t.Helper()
	for _, b := range beings {
		name, typ, _ := strings.Cut(b, ":")
		tb.do(Gain{Player: player, Being: name, CardInfo: CardInfo{Type: typ}})
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
