// Package kittest is the one harness every game's rule tests use: it
// decides a command on a state with fixed dice and folds the facts as the
// campaigns service does (each payload through its JSON and the registry),
// and checks what the rules said: the facts, or a refusal naming its rule.
//
//	tb := kittest.New(t, Engine, newState(campaign))
//	tb.Do(Recruit{...})
//	tb.Do(Attack{...}, 6, 1, 4) // hand-entered dice, every one used
//	tb.Refuse("Multi", Attack{...}, 5, 2, 3)
//
// Every decision, accepted or refused, must leave the state it was asked
// of as it was (the kit decides on a copy); a refusal folds nothing.
package kittest

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"warlog/engines"
	"warlog/engines/dice"
	"warlog/events"
)

// Table is a campaign of one game under test: its state S, fed the facts
// of each command decided on it.
type Table[S engines.State] struct {
	// T is the test that fails when a check does.
	T testing.TB
	// Engine is the game's engine; S its state, which Do changes.
	Engine engines.Engine
	S      S
	// Program makes a command given no hand-entered dice roll the
	// program's (seed 1); otherwise a command given none may roll none.
	Program bool
	// NeedFacts makes Do fail a command accepted with no fact recorded.
	NeedFacts bool
	// Log is every fact folded, in order, for a replay check.
	Log []events.Fact
	// Snapshot gives the state as text, to check that a decision leaves
	// it as it was; its JSON by default.
	Snapshot func(S) string

	reg *events.Registry
}

// New is a table of engine e on state s.
func New[S engines.State](t testing.TB, e engines.Engine, s S) *Table[S] {
	t.Helper()
	reg := events.NewRegistry()
	reg.Register(dice.Type, dice.Rolled{})
	e.Register(reg)
	return &Table[S]{T: t, Engine: e, S: s, reg: reg}
}

// snapshot is the state as text (Snapshot).
func (tb *Table[S]) snapshot() string {
	tb.T.Helper()
	if tb.Snapshot != nil {
		return tb.Snapshot(tb.S)
	}
	b, err := json.Marshal(tb.S)
	if err != nil {
		tb.T.Fatal(err)
	}
	return string(b)
}

// Try decides cmd with the hand-entered dice, every one of which must be
// used, and folds its facts when it is accepted; it returns the decision
// or what refused it.
func (tb *Table[S]) Try(cmd engines.Command, hand ...int) (*engines.Decision, error) {
	tb.T.Helper()
	before := tb.snapshot()
	q := append([]int{}, hand...)
	if hand == nil && tb.Program {
		q = nil
	}
	r := dice.NewRoller(1, 0, q)
	d := engines.NewDecision(r)
	err := tb.Engine.Decide(tb.S, cmd, d)
	if after := tb.snapshot(); after != before {
		tb.T.Fatalf("%s: Decide changed the state:\n%s\n->\n%s", cmd.Verb(), before, after)
	}
	if err == nil {
		err = r.Finish()
	}
	if err != nil {
		return d, err
	}
	for _, f := range d.Facts() {
		tb.Fold(f)
	}
	return d, nil
}

// Fold folds one fact into the state as the store gives it back: through
// its JSON and the registry.
func (tb *Table[S]) Fold(f events.Fact) {
	tb.T.Helper()
	data, err := json.Marshal(f.Data)
	if err != nil {
		tb.T.Fatal(err)
	}
	if !tb.reg.Known(f.Type) {
		tb.T.Fatalf("event type %s is not registered", f.Type)
	}
	p, err := tb.reg.Decode(events.Event{Type: f.Type, Data: data})
	if err != nil {
		tb.T.Fatalf("decode %s: %v", f.Type, err)
	}
	if err := tb.Engine.Apply(tb.S, f.Type, p); err != nil {
		tb.T.Fatalf("apply %s: %v", f.Type, err)
	}
	tb.Log = append(tb.Log, f)
}

// Do decides cmd, which the rules must accept (and record a fact for,
// with NeedFacts), and folds its facts.
func (tb *Table[S]) Do(cmd engines.Command, hand ...int) *engines.Decision {
	tb.T.Helper()
	d, err := tb.Try(cmd, hand...)
	if err != nil {
		tb.T.Fatalf("%s %+v: %v", cmd.Verb(), cmd, err)
	}
	if tb.NeedFacts && len(d.Facts()) == 0 {
		tb.T.Fatalf("%s %+v: no facts", cmd.Verb(), cmd)
	}
	return d
}

// Label is Do's label.
func (tb *Table[S]) Label(cmd engines.Command, hand ...int) string {
	tb.T.Helper()
	return tb.Do(cmd, hand...).LabelText()
}

// Refuse checks that the rules refuse cmd under rule, and that nothing
// changed; it returns the refusal.
func (tb *Table[S]) Refuse(rule string, cmd engines.Command, hand ...int) error {
	tb.T.Helper()
	before := tb.snapshot()
	_, err := tb.Try(cmd, hand...)
	var re *engines.RuleError
	if !errors.As(err, &re) {
		tb.T.Fatalf("%s %+v: got %v, want a refusal under %s", cmd.Verb(), cmd, err, rule)
	}
	if re.Rule != rule {
		tb.T.Fatalf("%s %+v: refused under %s (%v), want %s", cmd.Verb(), cmd, re.Rule, err, rule)
	}
	if tb.snapshot() != before {
		tb.T.Fatalf("%s: a refusal changed the state", cmd.Verb())
	}
	return err
}

// RefuseSaying is Refuse for a refusal whose sentence says want.
func (tb *Table[S]) RefuseSaying(rule, want string, cmd engines.Command, hand ...int) error {
	tb.T.Helper()
	err := tb.Refuse(rule, cmd, hand...)
	if re := (*engines.RuleError)(nil); errors.As(err, &re) && !strings.Contains(re.Msg, want) {
		tb.T.Fatalf("%s: got refusal %q (%s), want rule %s with %q", cmd.Verb(), re.Msg, re.Rule, rule, want)
	}
	return err
}

// Fails checks that cmd fails, refused by a rule or not, with an error
// that says want ("" says anything), and that nothing changed; it returns
// the error.
func (tb *Table[S]) Fails(want string, cmd engines.Command, hand ...int) error {
	tb.T.Helper()
	before := tb.snapshot()
	_, err := tb.Try(cmd, hand...)
	if err == nil {
		tb.T.Fatalf("%s %+v: accepted, want an error saying %q", cmd.Verb(), cmd, want)
	}
	if !strings.Contains(err.Error(), want) {
		tb.T.Fatalf("%s: failed with %q, want it to say %q", cmd.Verb(), err, want)
	}
	if tb.snapshot() != before {
		tb.T.Fatalf("%s: a failed command changed the state", cmd.Verb())
	}
	return err
}

// Types are the types of a decision's facts, in order.
func Types(d *engines.Decision) []string {
	var out []string
	for _, f := range d.Facts() {
		out = append(out, f.Type)
	}
	return out
}

// Has reports whether a decision emitted a fact of type typ.
func Has(d *engines.Decision, typ string) bool {
	for _, f := range d.Facts() {
		if f.Type == typ {
			return true
		}
	}
	return false
}
