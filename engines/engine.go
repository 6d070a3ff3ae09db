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
	"strconv"
	"strings"

	"warlog/engines/dice"
	"warlog/events"
)

// GameInfo names a game: the one place a game's identity is written.
type GameInfo struct {
	// Name is the name used in `campaign new --game` and the log ("kingsown").
	Name string
	// Title is the game's name for people ("The King's Own").
	Title string
}

// Engine is one game's rules. Every game's engine is a kit.Game: the
// game declares its facts and commands once and the kit derives the rest.
type Engine interface {
	// Info names the game.
	Info() GameInfo
	// RulesVersion is recorded with every action this engine decides
	// ("kingsown/1").
	RulesVersion() string
	// Register adds the engine's event payload types to r.
	Register(r *events.Registry)
	// NewState is the state of a new campaign of this game.
	NewState(c Campaign) State
	// DecodeCommand rebuilds a recorded command from its verb and arguments,
	// so that an action can be decided again later.
	DecodeCommand(verb string, args json.RawMessage) (Command, error)
	// Apply folds one fact in effect into st. It never fails on a fact the
	// engine produced; an error means the log holds something it cannot
	// read. payload is the value the registry decoded (or the emitted one).
	Apply(st State, typ string, payload any) error
	// Decide checks cmd against the rules on st and records the new facts
	// in d. It never changes st. An error names the broken rule.
	Decide(st State, cmd Command, d *Decision) error
	// StartOptions are the options of `scenario start` the game takes.
	StartOptions() []Option
	// Modes are the ways a campaign of the game can be played (Brood
	// Mother's regeneration), the default first; none for most games.
	Modes() []string
	// Briefs are the briefs a scenario of the game may be started with.
	Briefs() []string
	// Verbs are the game's commands by the names the log records, in
	// declaration order.
	Verbs() []string
}

// State is a game's folded state for one campaign, as the screens read it.
type State interface {
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
	// fold folds each emitted fact into the state the decision works on
	// (set by the kit); err is the first fold that failed.
	fold func(typ string, payload any) error
	err  error
	// unlabelled: the label is not wanted (Unlabelled).
	unlabelled bool
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
	if err := d.Emit(dice.Type, r); err != nil {
		return nil, err
	}
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
	if err := d.Emit(dice.Type, r); err != nil {
		return nil, err
	}
	return r.Values, nil
}

// Judge marks the newest roll as a success or a failure (a hit, a save)
// and records the target the rules set it, so that reports count luck by
// outcome: the chance the roll had against what it achieved. Call it right
// after the roll (an opposed roll, once its opponent's is known:
// JudgeBack).
func (d *Decision) Judge(success bool, t dice.Target) { d.JudgeBack(0, success, t) }

// JudgeBack is Judge for the roll back rolls before the newest (0: the
// newest): an opposed roll judged once the opponent has rolled.
func (d *Decision) JudgeBack(back int, success bool, t dice.Target) {
	for i := len(d.facts) - 1; i >= 0; i-- {
		r, ok := d.facts[i].Data.(dice.Rolled)
		if !ok {
			continue
		}
		if back > 0 {
			back--
			continue
		}
		r.Success, r.Target = &success, &t
		d.facts[i].Data = r
		return
	}
}

// Emit records a fact and folds it into the state the command is being
// decided on, so that what the command checks next sees it. The error is
// that of the fold (a fact the state cannot take: a bug in the engine); it
// is also kept and returned by Err, so a caller may go on and check once.
func (d *Decision) Emit(typ string, data any) error {
	d.facts = append(d.facts, events.Fact{Type: typ, Data: data})
	if d.fold == nil {
		return nil
	}
	err := d.fold(typ, data)
	if err != nil && d.err == nil {
		d.err = err
	}
	return err
}

// Fold sets how emitted facts fold into the state being decided on.
func (d *Decision) Fold(fold func(typ string, payload any) error) { d.fold = fold }

// Err is the first fold of an emitted fact that failed.
func (d *Decision) Err() error { return d.err }

// Label sets the short human description shown by `log`, `undo` and reports.
func (d *Decision) Label(format string, args ...any) {
	if d.unlabelled {
		return
	}
	d.label = fmt.Sprintf(format, args...)
}

// Unlabelled makes the decision keep no label: a re-decision of a stored
// action compares its facts and keeps the label stored with it, and
// writing labels is a good part of deciding. The rules never read their
// own label into a fact.
func (d *Decision) Unlabelled() { d.unlabelled = true }

// Labelled reports whether the decision keeps a label: the rules may skip
// building the text of one when it does not.
func (d *Decision) Labelled() bool { return !d.unlabelled }

// Facts are the facts decided so far.
func (d *Decision) Facts() []events.Fact { return d.facts }

// LabelText is the label set so far.
func (d *Decision) LabelText() string { return d.label }

// Roller is the decision's dice source.
func (d *Decision) Roller() *dice.Roller { return d.roller }

// RuleError is a refusal: the command breaks a rule of the game. It speaks
// rules, not command lines: Rule names the rule ("Multi", "Firebolt"), Msg
// says in the game's words what was wrong and what would be right, and Try
// names the commands that would be allowed now, by verb ("i28 round"), for
// the command line to write out in its own syntax after Msg.
type RuleError struct {
	Rule string
	Msg  string
	Try  []string
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

// RefuseTry builds a *RuleError that points to the commands (verbs) that
// would be allowed.
func RefuseTry(rule string, try []string, format string, args ...any) error {
	return &RuleError{Rule: rule, Msg: fmt.Sprintf(format, args...), Try: try}
}

// OptionError refuses a scenario start that gives options its game does
// not take; the command line names them in its own syntax.
type OptionError struct {
	Game  string
	Given []Option // the options given that the game does not take
	Takes []Option // the options it takes
}

func (e *OptionError) Error() string {
	return fmt.Sprintf("%s takes %s when a scenario starts, not %s (Scenario)", e.Game, optionNames(e.Takes, "no options"), optionNames(e.Given, ""))
}

// optionNames lists options by name: "size and mother".
func optionNames(opts []Option, none string) string {
	if len(opts) == 0 {
		return none
	}
	names := make([]string, len(opts))
	for i, o := range opts {
		names[i] = o.Name
	}
	if len(names) == 1 {
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// ErrUnknownCommand: the engine has no such verb.
var ErrUnknownCommand = errors.New("this game has no such command")

// StartScenario begins a battle; every game takes it. Name, Brief, Turns
// and Field are the shared options; the rest are typed options that only
// the games declaring them (Engine.StartOptions) take, and the kit refuses
// one given to a game that does not.
type StartScenario struct {
	Name  string   `json:"name"`
	Brief string   `json:"brief,omitempty"`
	Turns int      `json:"turns,omitempty"`
	Field []string `json:"field,omitempty"`
	// Size is the side of a square board (OptSize).
	Size int `json:"size,omitempty"`
	// Mothers are PLAYER=X,Y placements (OptMother).
	Mothers []string `json:"mothers,omitempty"`
	// Players are the players in turn order (OptPlayers).
	Players []string `json:"players,omitempty"`
}

// UnmarshalJSON reads a recorded start, including the string map of
// options that warlog 0.1.0 recorded ("params": {"size": ["16"]}).
func (c *StartScenario) UnmarshalJSON(b []byte) error {
	type plain StartScenario
	var v struct {
		plain
		Params map[string][]string `json:"params"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	*c = StartScenario(v.plain)
	for k, vals := range v.Params {
		switch k {
		case "size":
			if len(vals) > 0 {
				n, err := strconv.Atoi(vals[0])
				if err != nil {
					return fmt.Errorf("scenario start: size %q is not a number", vals[0])
				}
				c.Size = n
			}
		case "mother":
			c.Mothers = append(c.Mothers, vals...)
		case "players":
			c.Players = append(c.Players, vals...)
		default:
			return fmt.Errorf("scenario start: unknown option %q", k)
		}
	}
	return nil
}

// Verb implements Command.
func (StartScenario) Verb() string { return "scenario start" }

// Option is one typed option of `scenario start`.
type Option struct {
	// Name is the option's name ("size"); Value names its value for help
	// ("N"); Help says what it is, in a few words.
	Name, Value, Help string
	// Kind is the option's type: the field it fills is a *string, an *int
	// or a *[]string.
	Kind OptionKind
	// field is the field of a start the option fills.
	field func(c *StartScenario) any
}

// Field is the field of c the option fills: a *string (TextOption), an
// *int (IntOption) or a *[]string (ListOption, RepeatedOption).
func (o Option) Field(c *StartScenario) any { return o.field(c) }

// Given reports whether c gives the option.
func (o Option) Given(c StartScenario) bool {
	switch v := o.field(&c).(type) {
	case *string:
		return *v != ""
	case *int:
		return *v != 0
	case *[]string:
		return len(*v) > 0
	}
	return false
}

// OptionKind is the type of an option's value.
type OptionKind int

// Kinds of options.
const (
	// TextOption is one text value.
	TextOption OptionKind = iota + 1
	// IntOption is a whole number.
	IntOption
	// ListOption is a list of text values, comma-separated.
	ListOption
	// RepeatedOption is a list of text values, one per use of the option.
	RepeatedOption
)

// The options of `scenario start`, each declared once; a game takes those
// it lists in its declaration.
var (
	OptBrief   = Option{Name: "brief", Value: "BRIEF", Help: "the scenario's brief", Kind: TextOption, field: func(c *StartScenario) any { return &c.Brief }}
	OptTurns   = Option{Name: "turns", Value: "N", Help: "the turn limit (0: the game's default)", Kind: IntOption, field: func(c *StartScenario) any { return &c.Turns }}
	OptField   = Option{Name: "field", Value: "A,B,...", Help: "the figures or forces to field (default: all available)", Kind: ListOption, field: func(c *StartScenario) any { return &c.Field }}
	OptSize    = Option{Name: "size", Value: "N", Help: "the side of the square board", Kind: IntOption, field: func(c *StartScenario) any { return &c.Size }}
	OptMother  = Option{Name: "mother", Value: "PLAYER=X,Y", Help: "a Mother's centre square (one per player)", Kind: RepeatedOption, field: func(c *StartScenario) any { return &c.Mothers }}
	OptPlayers = Option{Name: "players", Value: "A,B,...", Help: "the players in turn order", Kind: ListOption, field: func(c *StartScenario) any { return &c.Players }}
)

// Given lists the typed options c gives, shared ones included.
func (c StartScenario) Given() []Option {
	var out []Option
	for _, o := range StartOptions {
		if o.Given(c) {
			out = append(out, o)
		}
	}
	return out
}

// StartOptions are every option of `scenario start`, in help order.
var StartOptions = []Option{OptBrief, OptTurns, OptField, OptSize, OptMother, OptPlayers}

// EndScenario closes the battle in progress.
type EndScenario struct {
	Winner string `json:"winner,omitempty"`
}

// Verb implements Command.
func (EndScenario) Verb() string { return "scenario end" }

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
	// EncodeWhole is EncodeState sharing no part with the snapshot the
	// state was restored from (EncodeWhole), for when that snapshot's
	// stored copy is gone.
	EncodeWhole(State) (state []byte, parts [][]byte, err error)
	// PartsUnchanged tells, without encoding the state, whether every part
	// is still the one it was restored with, what was added since fitting a
	// tail (History.Unchanged): a snapshot then stores only the state and
	// shares the parts' stored copy, which makes it cheap to save.
	PartsUnchanged(State) bool
}
