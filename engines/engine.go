// Package engines defines what a game's rules engine is to the rest of
// warlog: a pure state that folds facts (Apply) and turns a command into new
// facts (Decide), using only the dice it is handed. Each game lives in its own
// package under engines/; none of them does I/O, reads the clock or rolls its
// own random numbers.
package engines

import (
	"encoding/json"
	"errors"
	"fmt"

	"warlog/engines/dice"
	"warlog/events"
)

// Engine is one game's rules. The campaigns layer keeps a list of them.
type Engine interface {
	// Game is the name used in `campaign new --game` and the log ("kingsown").
	Game() string
	// Title is the game's name for people ("The King's Own").
	Title() string
	// RulesVersion is recorded with every action this engine decides.
	RulesVersion() string
	// Register adds the engine's event payload types to r.
	Register(r *events.Registry)
	// NewState is the state of a new campaign of this game.
	NewState(c Campaign) State
	// DecodeCommand rebuilds a recorded command from its verb and arguments,
	// so that an action can be decided again later.
	DecodeCommand(verb string, args json.RawMessage) (Command, error)
}

// State is a game's folded state for one campaign.
type State interface {
	// Apply folds one fact in effect. It never fails on a fact its own
	// engine produced; an error means the log holds something it cannot
	// read. payload is the value the registry decoded (or the emitted one).
	Apply(typ string, payload any) error
	// Decide checks cmd against the rules and records the new facts in d.
	// It must not change the state. An error names the broken rule.
	Decide(cmd Command, d *Decision) error
	// Status is the battle in progress, for `status`.
	Status() Status
	// Roster is the campaign's figures, for `roster`.
	Roster() Roster
}

// Campaign is what an engine is told about its campaign at creation.
type Campaign struct {
	Name string `json:"name"`
	Game string `json:"game"`
	Seed uint64 `json:"seed"`
	Mode string `json:"mode,omitempty"`
}

// Command is a player's instruction to an engine. Verb names it in the log;
// the value itself is recorded as JSON so it can be decoded and re-decided.
type Command interface {
	Verb() string
}

// Decision collects what one command produces: a label, dice and facts in
// the order they happened.
type Decision struct {
	roller *dice.Roller
	facts  []events.Fact
	label  string
}

// NewDecision hands a decision its dice.
func NewDecision(r *dice.Roller) *Decision { return &Decision{roller: r} }

// Roll rolls count dice of sides for purpose, records them as a dice.rolled
// fact before anything uses them, and returns the faces.
func (d *Decision) Roll(count, sides int, purpose string) ([]int, error) {
	r, err := d.roller.Roll(count, sides, purpose)
	if err != nil {
		return nil, err
	}
	d.facts = append(d.facts, events.Fact{Type: dice.Type, Data: r})
	return r.Values, nil
}

// Roll1 rolls one die.
func (d *Decision) Roll1(sides int, purpose string) (int, error) {
	v, err := d.Roll(1, sides, purpose)
	if err != nil {
		return 0, err
	}
	return v[0], nil
}

// RollBy is Roll for a named player or side, whose dice statistics the
// report keeps apart.
func (d *Decision) RollBy(by string, count, sides int, purpose string) ([]int, error) {
	r, err := d.roller.Roll(count, sides, purpose)
	if err != nil {
		return nil, err
	}
	r.By = by
	d.facts = append(d.facts, events.Fact{Type: dice.Type, Data: r})
	return r.Values, nil
}

// Judge marks the newest roll as a success or a failure (a hit, a save), so
// reports can find streaks of failed rolls. Call it right after the roll.
func (d *Decision) Judge(success bool) {
	for i := len(d.facts) - 1; i >= 0; i-- {
		if r, ok := d.facts[i].Data.(dice.Rolled); ok {
			r.Success = &success
			d.facts[i].Data = r
			return
		}
	}
}

// Emit records a fact.
func (d *Decision) Emit(typ string, data any) {
	d.facts = append(d.facts, events.Fact{Type: typ, Data: data})
}

// Label sets the short human description shown by `log`, `undo` and reports.
func (d *Decision) Label(format string, args ...any) { d.label = fmt.Sprintf(format, args...) }

// Facts are the facts decided so far.
func (d *Decision) Facts() []events.Fact { return d.facts }

// LabelText is the label set so far.
func (d *Decision) LabelText() string { return d.label }

// Roller is the decision's dice source.
func (d *Decision) Roller() *dice.Roller { return d.roller }

// RuleError is a refusal: the command breaks a rule of the game. Rule names
// the rule ("Multi", "Firebolt"), Msg says what was wrong and what is right.
type RuleError struct {
	Rule string
	Msg  string
}

func (e *RuleError) Error() string {
	if e.Rule == "" {
		return e.Msg
	}
	return e.Msg + " (" + e.Rule + ")"
}

// Refuse builds a *RuleError.
func Refuse(rule, format string, args ...any) error {
	return &RuleError{Rule: rule, Msg: fmt.Sprintf(format, args...)}
}

// ErrUnknownCommand: the engine has no such verb.
var ErrUnknownCommand = errors.New("this game has no such command")

// StartScenario begins a battle; every game takes it, each reading the
// fields it uses and refusing the ones it cannot.
type StartScenario struct {
	Name   string              `json:"name"`
	Brief  string              `json:"brief,omitempty"`
	Turns  int                 `json:"turns,omitempty"`
	Field  []string            `json:"field,omitempty"`
	Params map[string][]string `json:"params,omitempty"`
}

// Verb implements Command.
func (StartScenario) Verb() string { return "scenario start" }

// EndScenario closes the battle in progress.
type EndScenario struct {
	Winner string `json:"winner,omitempty"`
}

// Verb implements Command.
func (EndScenario) Verb() string { return "scenario end" }

// DecodeCommon decodes the commands every engine shares; ok is false for
// other verbs.
func DecodeCommon(verb string, args json.RawMessage) (Command, bool, error) {
	switch verb {
	case StartScenario{}.Verb():
		var c StartScenario
		return c, true, json.Unmarshal(args, &c)
	case EndScenario{}.Verb():
		var c EndScenario
		return c, true, json.Unmarshal(args, &c)
	}
	return nil, false, nil
}

// Snapshotter is implemented by engines whose state can be saved and
// restored: a campaign then keeps snapshots of it and a command replays
// only the events after the newest one. Restoring what was encoded must
// give a state that behaves exactly like the replayed one (every view, and
// every later Decide and Apply); the replay equivalence test checks that
// for every engine that implements it.
type Snapshotter interface {
	// EncodeState gives the state's encoding and, apart, the parts a
	// restore may never need (EncodeParts); a nil part is one unchanged
	// since DecodeState, which the caller reads from the snapshot if needs be.
	EncodeState(State) (state []byte, parts [][]byte, err error)
	// DecodeState restores a state; parts reads a part from the store
	// when the state first needs it (DecodeParts).
	DecodeState(c Campaign, state []byte, parts Parts) (State, error)
	// StateFormat names the shape of the encoded state; it changes with
	// the shape, and a snapshot of another format is never read.
	StateFormat() string
}
