package campaigns

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"warlog/engines"
	"warlog/engines/dice"
	"warlog/events"
	"warlog/internal/words"
)

// Amending an earlier action
//
// A die typed wrong five actions ago is corrected by adding to the log,
// never by rewriting it. An amendment is one new action, undone and redone
// like any other, whose events are, in order:
//
//   - action.begun, verb "amend": the correction as given (the action, the
//     corrected dice or command), and a label that says what changed;
//   - action.amended: the record of what is amended: the action, its dice
//     and label before, the correction, and the later actions dropped
//     because the corrected history refuses them (--drop-refused);
//   - action.undone {action, version, by: the amendment} for the amended
//     action and every action in effect after it, newest first: replay
//     skips their events from now on, as after an undo;
//   - for the amended action and then each of those later actions, in
//     their order: action.redecided (the action's id, its command, the dice
//     it was decided with, its new label, the rules that decided it, and
//     whether it is the corrected one), followed by the facts the rules
//     decide now.
//
// Each later action is decided again from its recorded command (its
// action.begun, or an earlier amendment's action.redecided) with the dice it
// used at the time, program dice included: they are handed to the rules as
// the action's own dice and recorded so (hand-entered, in action.redecided),
// so that a correction never changes a die the table did not question, and
// the program's dice in effect run on without a gap from the amended
// action's first (the next program die is the one the amended action first
// drew, as after an undo). A later action the corrected history refuses, or
// that now asks for other dice than it rolled, stops the amendment and is
// listed, unless --drop-refused leaves it out. An action inside an earlier
// amendment is amended by deciding that whole amendment's actions again.
//
// Undoing an amendment appends its undo and puts the actions it took out
// back in effect (action.redone, by the amendment), unless the same undo
// also takes back an action from before them; redoing it takes them out
// again. Snapshots made stale by the amendment's undone events are never
// read (they name the version of each action they take out), `verify`
// checks the amendment's events like any others, `log` shows the amendment
// and under it each action it decided again, and a report tells the
// corrected history, each action in its turn, with the amendment noted.

// Event types of an amendment.
const (
	// TypeAmended records what an amendment corrects.
	TypeAmended = "action.amended"
	// TypeRedecided opens the facts of one action decided again inside an
	// amendment, as action.begun opens an action's.
	TypeRedecided = "action.redecided"
)

// Amended is the payload of action.amended.
type Amended struct {
	// Action is the id of the action amended; Label what it did before,
	// Was its dice then.
	Action string `json:"action"`
	Label  string `json:"label"`
	Was    []int  `json:"was,omitempty"`
	// Dice are the corrected dice, when given; Verb and Args the
	// corrected command, when given.
	Dice []int           `json:"dice,omitempty"`
	Verb string          `json:"verb,omitempty"`
	Args json.RawMessage `json:"args,omitempty"`
	// Dropped are the later actions left out because the corrected
	// history refuses them.
	Dropped []Refusal `json:"dropped,omitempty"`
}

// Redecided is the payload of action.redecided.
type Redecided struct {
	// Action is the id of the action decided again (as the log first
	// recorded it).
	Action string          `json:"action"`
	Verb   string          `json:"verb"`
	Args   json.RawMessage `json:"args,omitempty"`
	// Dice are the faces it was decided with, in the order the rules took
	// them.
	Dice  []int  `json:"dice,omitempty"`
	Label string `json:"label"`
	Rules string `json:"rules,omitempty"`
	// Corrected is true for the amended action itself.
	Corrected bool `json:"corrected,omitempty"`
}

// Refusal is a later action the corrected history refuses.
type Refusal struct {
	Action string `json:"action"`
	Label  string `json:"label"`
	Reason string `json:"reason"`
}

// AmendRefusedError: the correction makes later actions illegal; nothing
// was written.
type AmendRefusedError struct {
	Refusals []Refusal
}

func (e *AmendRefusedError) Error() string {
	parts := make([]string, len(e.Refusals))
	for i, r := range e.Refusals {
		parts[i] = fmt.Sprintf("%s %s: %s", ShortActionID(r.Action), quote(r.Label), r.Reason)
	}
	return fmt.Sprintf("the correction makes %s illegal, so nothing was written: %s; --drop-refused writes the amendment without them",
		words.Count(len(e.Refusals), "later action", "later actions"), strings.Join(parts, "; "))
}

// AmendOptions are a correction.
type AmendOptions struct {
	// Dice are the corrected dice (nil: the action's own).
	Dice []int
	// Command is the corrected command (nil: the one recorded).
	Command engines.Command
	// Game is the game Command belongs to ("" for any): a command of
	// another game than the campaign's is refused, as Do refuses it, with
	// a *WrongGameError.
	Game string
	// DropRefused leaves out the later actions the corrected history
	// refuses instead of refusing the amendment.
	DropRefused bool
	// ActionID makes the amendment idempotent, as for any action.
	ActionID string
	// By names who makes it (Options.By).
	By string
}

// Unit is one action in effect as amend sees it: an action of its own, or
// one decided again inside an amendment in effect.
type Unit struct {
	// ID is the action's id; In is the action in the log that holds it
	// (the same id, or the amendment's).
	ID, In string
	// Version is that of its action.begun or action.redecided.
	Version int64
	Verb    string
	Args    json.RawMessage
	Label   string
	// Rolls are its dice, in the order the rules took them.
	Rolls []dice.Rolled
}

// Dice are the faces of a unit's rolls, in order.
func (u Unit) Dice() []int {
	var out []int
	for _, r := range u.Rolls {
		out = append(out, r.Values...)
	}
	return out
}

// container is an action in effect that holds units: a plain action or an
// amendment.
type container struct {
	id      string
	version int64
}

// units reads the log's actions in effect: the units, oldest first, and
// the actions in the log that hold them, oldest first.
func (s *Service) units(ctx context.Context, key string) ([]Unit, []container, events.Effect, error) {
	eff, err := events.LoadEffect(ctx, s.store, key, 0)
	if err != nil {
		return nil, nil, eff, err
	}
	var us []Unit
	var cs []container
	cur := -1 // the unit the events belong to, -1 for none
	err = s.store.Load(ctx, key, 0, func(e events.Event) error {
		if eff.Undone[e.Action] {
			return nil
		}
		switch e.Type {
		case events.TypeActionBegun, TypeRedecided:
		case dice.Type:
			if cur >= 0 && us[cur].In == e.Action {
				r, err := dice.DecodeRolled(e.Data)
				if err != nil {
					return fmt.Errorf("campaign %q, event %d: %w", key, e.Version, err)
				}
				us[cur].Rolls = append(us[cur].Rolls, r)
			}
			return nil
		default:
			return nil
		}
		p, err := s.registry.Decode(e)
		if err != nil {
			return fmt.Errorf("campaign %q: %w", key, err)
		}
		cur = -1
		switch p := p.(type) {
		case Begun:
			switch p.Verb {
			case VerbUndo, VerbRedo, VerbCreate, VerbDice:
				// Not the game's: nothing to decide again, and a
				// setting stays in effect through an amendment.
				return nil
			}
			cs = append(cs, container{e.Action, e.Version})
			if p.Verb != VerbAmend {
				us = append(us, Unit{ID: e.Action, In: e.Action, Version: e.Version, Verb: p.Verb, Args: p.Args, Label: p.Label})
				cur = len(us) - 1
			}
		case Redecided:
			us = append(us, Unit{ID: p.Action, In: e.Action, Version: e.Version, Verb: p.Verb, Args: p.Args, Label: p.Label})
			cur = len(us) - 1
		}
		return nil
	})
	return us, cs, eff, err
}

// RecentUnits lists the newest n actions in effect that rolled dice,
// oldest first: what `play` offers to correct.
func (s *Service) RecentUnits(ctx context.Context, campaign string, n int) ([]Unit, error) {
	key, err := s.resolve(ctx, campaign)
	if err != nil {
		return nil, err
	}
	us, _, _, err := s.units(ctx, key)
	if err != nil {
		return nil, err
	}
	us = slices.DeleteFunc(us, func(u Unit) bool { return len(u.Rolls) == 0 })
	return us[max(0, len(us)-n):], nil
}

// findUnit finds the unit in effect with id (or a unique prefix of 4 or
// more), saying plainly why an action cannot be amended.
func (s *Service) findUnit(ctx context.Context, key string, us []Unit, id string) (int, error) {
	hit := -1
	for i, u := range us {
		if u.ID == id {
			return i, nil
		}
		if len(id) >= 4 && strings.HasPrefix(u.ID, id) {
			if hit >= 0 && us[hit].ID != u.ID {
				return -1, fmt.Errorf("action %q is ambiguous; give more of its id", id)
			}
			hit = i
		}
	}
	if hit >= 0 {
		return hit, nil
	}
	acts, err := s.actionsAfter(ctx, key, 0)
	if err != nil {
		return -1, err
	}
	a, err := acts.Find(id)
	if err != nil {
		return -1, err
	}
	switch {
	case a.Verb == VerbCreate:
		return -1, fmt.Errorf("action %s creates the campaign, which cannot be amended", ShortActionID(a.ID))
	case a.Verb == VerbDice:
		return -1, fmt.Errorf("action %s sets how the table rolls, which cannot be amended; set it again instead", ShortActionID(a.ID))
	case a.Meta():
		return -1, fmt.Errorf("action %s is an %s, which cannot be amended; amend an action of the game", ShortActionID(a.ID), a.Verb)
	case a.Verb == VerbAmend:
		return -1, &AmendmentError{a.ID}
	}
	return -1, fmt.Errorf("action %s (%s) is not in effect; only actions in effect can be amended", ShortActionID(a.ID), a.Label)
}

// Amend re-decides an earlier action with corrected dice or a corrected
// command, and after it every later action in effect with its own dice,
// and appends all that as one action (see "Amending an earlier action").
func (s *Service) Amend(ctx context.Context, campaign, target string, o AmendOptions) (*Result, error) {
	if o.Dice == nil && o.Command == nil {
		return nil, fmt.Errorf("amend %s: give the corrected dice (--dice 5,2) or the corrected command; nothing to correct", target)
	}
	id := o.ActionID
	if id == "" {
		id = NewActionID()
	}
	args := map[string]any{"action": target, "dice": o.Dice, "drop_refused": o.DropRefused}
	if o.Command != nil {
		args["verb"], args["args"] = o.Command.Verb(), o.Command
	}
	return s.run(ctx, campaign, Options{ActionID: id, By: o.By}, request{game: o.Game, verb: VerbAmend, args: args, rebuild: true,
		decide: func(st *State, d *engines.Decision) error { return s.decideAmend(ctx, st, id, target, o, d) }})
}

// decideAmend is an amendment's decision: it reads the units in effect,
// folds the state as it was before the amended action's, decides the
// units again on it and emits the amendment's events into d.
func (s *Service) decideAmend(ctx context.Context, st *State, id, target string, o AmendOptions, d *engines.Decision) error {
	eng := st.Engine()
	if eng == nil {
		return fmt.Errorf("campaign %q plays %s: %w", st.Name, st.Campaign.Game, ErrNoEngine)
	}
	us, cs, eff, err := s.units(ctx, st.Key)
	if err != nil {
		return err
	}
	ti, err := s.findUnit(ctx, st.Key, us, target)
	if err != nil {
		return err
	}
	t := us[ti]
	if o.Command == nil && slices.Equal(o.Dice, t.Dice()) {
		return fmt.Errorf("%w: the dice given are those action %s rolled (%s)", ErrNothing, ShortActionID(t.ID), joinInts(t.Dice()))
	}
	// What is taken out: the action holding the target and every action
	// in effect after it; what is decided again: their units.
	ci := slices.IndexFunc(cs, func(c container) bool { return c.id == t.In })
	out := cs[ci:]
	first := slices.IndexFunc(us, func(u Unit) bool { return u.In == t.In })
	redo := us[first:]

	// The state before the first of them.
	skip := make(map[string]bool, len(eff.Undone)+len(out))
	for a := range eff.Undone {
		skip[a] = true
	}
	for _, c := range out {
		skip[c.id] = true
	}
	work := &State{Key: st.Key, Name: st.Name, Head: events.Genesis}
	err = events.Stream(ctx, s.store, st.Key, 0, func(e *events.Event) error { return s.fold(work, e, skip, eff.Voided) })
	if err != nil {
		return err
	}
	if work.Game == nil {
		return fmt.Errorf("campaign %q plays %s: %w", st.Name, st.Campaign.Game, ErrNoEngine)
	}

	var facts []events.Fact
	var refusals []Refusal
	var corrected Redecided
	for _, u := range redo {
		isTarget := u.ID == t.ID && u.In == t.In
		faces := u.Dice()
		verb, uargs := u.Verb, u.Args
		var cmd engines.Command
		if isTarget && o.Dice != nil {
			faces = o.Dice
		}
		if isTarget && o.Command != nil {
			cmd = o.Command
			b, err := json.Marshal(cmd)
			if err != nil {
				return err
			}
			verb, uargs = cmd.Verb(), b
		}
		roller := dice.NewRoller(work.Campaign.Seed, work.ProgramDice, append([]int{}, faces...))
		ud := engines.NewDecision(roller)
		err := s.redecide(work, eng, verb, uargs, cmd, ud)
		if err == nil {
			err = roller.Finish()
		}
		if err == nil && len(ud.Facts()) == 0 {
			err = fmt.Errorf("%w: it changes nothing now", ErrNothing)
		}
		if err != nil {
			if isTarget && o.Command != nil && o.Dice == nil && (errors.Is(err, dice.ErrTooFew) || errors.Is(err, dice.ErrTooMany)) {
				// The corrected command rolls other dice than the ones
				// the action used; say how to give them.
				return fmt.Errorf("the corrected action is refused: %w: the dice of the action as it was (%s) do not fit the corrected command; give its dice with --dice; nothing was written", err, joinInts(faces))
			}
			if isTarget {
				return fmt.Errorf("the corrected action is refused: %w; nothing was written", err)
			}
			refusals = append(refusals, Refusal{Action: u.ID, Label: u.Label, Reason: err.Error()})
			continue
		}
		label := ud.LabelText()
		if label == "" {
			label = verb
		}
		r := Redecided{Action: u.ID, Verb: verb, Args: uargs, Dice: roller.Entered(), Label: label, Rules: eng.RulesVersion(), Corrected: isTarget}
		if isTarget {
			corrected = r
		}
		facts = append(facts, events.Fact{Type: TypeRedecided, Data: r})
		facts = append(facts, ud.Facts()...)
		for _, f := range ud.Facts() {
			data, err := events.Marshal(f)
			if err != nil {
				return err
			}
			e := events.Event{Campaign: st.Key, Version: work.Version + 1, Action: id, Type: f.Type, Data: data}
			if err := s.fold(work, &e, nil, nil); err != nil {
				return err
			}
		}
	}
	if len(refusals) > 0 && !o.DropRefused {
		return &AmendRefusedError{Refusals: refusals}
	}

	rec := Amended{Action: t.ID, Label: t.Label, Was: t.Dice(), Dice: o.Dice, Dropped: refusals}
	if o.Command != nil {
		rec.Verb, rec.Args = corrected.Verb, corrected.Args
	}
	d.Emit(TypeAmended, rec)
	for i := len(out) - 1; i >= 0; i-- {
		d.Emit(events.TypeActionUndone, events.ActionRef{Action: out[i].id, Version: out[i].version, By: id})
	}
	for _, f := range facts {
		d.Emit(f.Type, f.Data)
	}
	change := "corrected"
	if o.Dice != nil {
		change = fmt.Sprintf("dice %s → %s", orNone(joinInts(t.Dice())), joinInts(o.Dice))
	}
	if o.Command != nil {
		change = "now " + quote(corrected.Label)
		if o.Dice != nil {
			change += fmt.Sprintf(" with dice %s", joinInts(o.Dice))
		}
	}
	label := fmt.Sprintf("amend %s: %s; %s decided again", ShortActionID(t.ID), change, words.Count(len(redo)-1-len(refusals), "later action", "later actions"))
	if len(refusals) > 0 {
		dropped := make([]string, len(refusals))
		for i, r := range refusals {
			dropped[i] = ShortActionID(r.Action) + " " + quote(r.Label)
		}
		label += "; dropped as now refused: " + strings.Join(dropped, ", ")
	}
	d.Label("%s", label)
	return nil
}

// redecide decides one unit again on work: cmd when given, else the
// recorded verb and arguments (a free roll, or a command of the game).
func (s *Service) redecide(work *State, eng engines.Engine, verb string, args json.RawMessage, cmd engines.Command, d *engines.Decision) error {
	if cmd == nil && verb == VerbRoll {
		var a struct {
			Notation string `json:"notation"`
			For      string `json:"for"`
		}
		if err := json.Unmarshal(args, &a); err != nil {
			return fmt.Errorf("the recorded roll cannot be read: %w", err)
		}
		n, err := dice.Parse(a.Notation)
		if err != nil {
			return err
		}
		return decideFreeRoll(d, n, a.For)
	}
	if cmd == nil {
		var err error
		if cmd, err = eng.DecodeCommand(verb, args); err != nil {
			return fmt.Errorf("the recorded command %q cannot be decided again: %w", verb, err)
		}
	}
	return eng.Decide(work.Game, cmd, d)
}

func joinInts(v []int) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, ",")
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

// amendRefs are the actions an amendment took out of effect, oldest first.
func (s *Service) amendRefs(ctx context.Context, key, amendment string) ([]events.ActionRef, error) {
	evs, err := events.Action(ctx, s.store, key, amendment)
	if err != nil {
		return nil, err
	}
	var out []events.ActionRef
	for _, e := range evs {
		if e.Type != events.TypeActionUndone {
			continue
		}
		r, err := events.DecodeActionRef(e.Data)
		if err != nil {
			return nil, err
		}
		if r.By == amendment {
			out = append(out, r)
		}
	}
	slices.Reverse(out)
	return out, nil
}
