package campaigns

import (
	"context"
	"errors"
	"fmt"
	"time"

	"warlog/engines"
	"warlog/engines/dice"
	"warlog/events"
	"warlog/internal/phase"
)

// Action is one user action as the log records it.
type Action struct {
	ID      string    `json:"id"`
	Verb    string    `json:"verb"`
	Label   string    `json:"label"`
	Version int64     `json:"version"` // of its action.begun
	At      time.Time `json:"at"`
	Undone  bool      `json:"undone"`
	// Undoes lists the actions an undo took out of effect (or a redo put back).
	Undoes []string `json:"undoes,omitempty"`
}

// Meta reports whether the action is an undo or a redo, which are never
// themselves undone.
func (a Action) Meta() bool { return a.Verb == VerbUndo || a.Verb == VerbRedo || a.Verb == VerbVoid }

// Verbs of the service's own actions.
const (
	VerbUndo   = "undo"
	VerbRedo   = "redo"
	VerbRoll   = "roll"
	VerbCreate = "campaign new"
	VerbAmend  = "amend"
	// VerbVoid is the organiser's marker taking an action that does not
	// follow from the rules out of effect (Service.Void).
	VerbVoid = "campaign void"
)

// State is a campaign folded from its log: the campaign's own bookkeeping
// and, when this build has the game's engine, the game state. It does not
// hold the list of actions, which only undo, redo and the log need and which
// grows with the campaign: Service.Actions reads it.
type State struct {
	// Key is the campaign's stream in the store; Name is its name now,
	// which a rename changes (Campaign.Name is the name it was created
	// with, as the log records it).
	Key, Name string
	Campaign  engines.Campaign
	Created   time.Time
	Version   int64
	Head      string
	// ProgramDice counts program dice in effect: the index of the next one.
	ProgramDice int
	// dice is the last dice setting in effect (Dice), "" for none.
	dice DiceHow
	// redoable is the stack of actions undone since the last new action.
	redoable []string
	// counts of the log's actions, kept as it folds (campaign show).
	actions, meta, undone int
	Game                  engines.State
	engine                engines.Engine
	// base is the version of the snapshot the state was loaded from, 0
	// when it was replayed from the start.
	base int64
	// restored: the parts of that snapshot, which a new one may share.
	restored *restoredParts
	// unchecked: what the snapshot said the dice depend on, not yet
	// checked against the log (checkDice); nil once checked, or when the
	// state was replayed from the log.
	unchecked *diceSource
}

// Engine is the game's engine, nil when this build has none for it.
func (st *State) Engine() engines.Engine { return st.engine }

// Base is the version of the snapshot this state was loaded from; 0 when
// the whole log was replayed.
func (st *State) Base() int64 { return st.base }

// ActionCount is how many actions the log holds, undos and redos included.
func (st *State) ActionCount() int { return st.actions }

// InEffectCount is how many actions could be undone now: in effect, not an
// undo or redo, not the campaign's creation.
func (st *State) InEffectCount() int { return max(st.actions-st.meta-1-st.undone, 0) }

// CanRedo lists the actions `redo` would restore, newest first.
func (st *State) CanRedo() []string {
	out := make([]string, len(st.redoable))
	for i, id := range st.redoable {
		out[len(out)-1-i] = id
	}
	return out
}

// Actions are a campaign's actions, oldest first.
type Actions []Action

// Find returns the action with id (or a unique prefix of it of 4 or more).
func (as Actions) Find(id string) (*Action, error) {
	var hit *Action
	for i := range as {
		a := &as[i]
		if a.ID == id {
			return a, nil
		}
		if len(id) >= 4 && len(a.ID) > len(id) && a.ID[:len(id)] == id {
			if hit != nil {
				return nil, fmt.Errorf("action %q is ambiguous; give more of its id", id)
			}
			hit = a
		}
	}
	if hit == nil {
		return nil, &NoActionError{id}
	}
	return hit, nil
}

// InEffect lists the actions that can be undone, oldest first: in effect,
// not an undo or redo, and not the campaign's creation.
func (as Actions) InEffect() []*Action {
	var out []*Action
	for i := range as {
		a := &as[i]
		if !a.Undone && !a.Meta() && a.Verb != VerbCreate {
			out = append(out, a)
		}
	}
	return out
}

// Actions reads a campaign's actions from the log: its action.begun,
// action.undone and action.redone events only (an indexed read).
func (s *Service) Actions(ctx context.Context, name string) (Actions, error) {
	key, err := s.resolve(ctx, name)
	if err != nil {
		return nil, err
	}
	return s.actionsAfter(ctx, key, 0)
}

// actionsAfter reads the actions that began after version from. Whether
// each is undone is known from the bookkeeping after from alone: an action
// can only be undone after it began.
func (s *Service) actionsAfter(ctx context.Context, name string, from int64) (Actions, error) {
	eff, err := events.LoadEffect(ctx, s.store, name, from)
	if err != nil {
		return nil, err
	}
	var out Actions
	err = events.LoadTypes(ctx, s.store, name, from, []string{events.TypeActionBegun, events.TypeActionUndone, events.TypeActionRedone}, func(e events.Event) error {
		p, err := s.registry.Decode(e)
		if err != nil {
			return fmt.Errorf("campaign %q: %w", name, err)
		}
		switch p := p.(type) {
		case Begun:
			out = append(out, Action{ID: e.Action, Verb: p.Verb, Label: p.Label, Version: e.Version, At: e.At, Undone: eff.Undone[e.Action]})
		case events.ActionRef:
			if n := len(out); n > 0 {
				out[n-1].Undoes = append(out[n-1].Undoes, p.Action)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(out) == 0 && from == 0 {
		return nil, &NameError{name, ErrNoCampaign}
	}
	return out, nil
}

// LastInEffect is the newest action that undo would take back, nil when
// there is none.
func (s *Service) LastInEffect(ctx context.Context, st *State) (*Action, error) {
	live, err := s.lastInEffect(ctx, st, 1)
	if err != nil || len(live) == 0 {
		return nil, err
	}
	return live[0], nil
}

// lastInEffect returns the newest n actions in effect, oldest first (fewer
// if the campaign has fewer), reading back from the end of the log in
// growing windows rather than the whole list: undo on a long campaign.
func (s *Service) lastInEffect(ctx context.Context, st *State, n int) ([]*Action, error) {
	for window := int64(512); ; window *= 4 {
		from := max(st.Version-window, 0)
		acts, err := s.actionsAfter(ctx, st.Key, from)
		if err != nil {
			return nil, err
		}
		live := acts.InEffect()
		if len(live) >= n || from == 0 {
			return live[max(len(live)-n, 0):], nil
		}
	}
}

// programDiceAt is the index of the next program die as the log stood at
// version: the newest program roll in effect then, its Index plus its count
// of dice (every program roll records the index of its first die), 0 when
// there is none. Program dice in effect always run 0, 1, 2, ... without a
// gap (undo takes back the newest actions, redo puts back the newest
// undone), so that is the count of them. It reads back from version through
// the store's index of program rolls, in growing batches, and the undo
// bookkeeping from the oldest roll read: a few rows, however long the
// campaign. A store without that index has the rolls scanned instead.
func (s *Service) programDiceAt(ctx context.Context, name string, version int64) (int, error) {
	ps, ok := s.store.(events.ProgramRollStore)
	if !ok {
		return s.programDiceByScan(ctx, name, version)
	}
	upTo := version
	for n := 4; ; n *= 8 {
		rolls, err := ps.LastProgramRolls(ctx, name, upTo, n)
		if err != nil || len(rolls) == 0 {
			return 0, err
		}
		eff, err := events.LoadEffect(ctx, s.store, name, rolls[len(rolls)-1].Version-1)
		if err != nil {
			return 0, err
		}
		undone := eff.UndoneAt(version)
		for _, e := range rolls {
			if undone[e.Action] {
				continue
			}
			if r, ok, err := s.programRoll(e); err != nil || ok {
				return r.Index + len(r.Values), err
			}
		}
		if len(rolls) < n {
			return 0, nil
		}
		upTo = rolls[len(rolls)-1].Version - 1
	}
}

// programDiceByScan is programDiceAt reading every roll up to version.
func (s *Service) programDiceByScan(ctx context.Context, name string, version int64) (int, error) {
	eff, err := events.LoadEffect(ctx, s.store, name, 0)
	if err != nil {
		return 0, err
	}
	undone := eff.UndoneAt(version)
	next := 0
	err = events.LoadTypes(ctx, s.store, name, 0, []string{dice.Type}, func(e events.Event) error {
		if e.Version > version || undone[e.Action] {
			return nil
		}
		r, ok, err := s.programRoll(e)
		if ok {
			next = r.Index + len(r.Values)
		}
		return err
	})
	return next, err
}

// programRoll decodes a dice.rolled event and reports whether the program
// rolled it.
func (s *Service) programRoll(e events.Event) (dice.Rolled, bool, error) {
	p, err := s.registry.Decode(e)
	if err != nil {
		return dice.Rolled{}, false, fmt.Errorf("campaign %q, event %d: %w", e.Campaign, e.Version, err)
	}
	r, ok := p.(dice.Rolled)
	return r, ok && r.Source == dice.Program, nil
}

// Load folds a campaign's state: from its newest snapshot still valid, if
// any, then every event after it of the actions in effect, in order.
func (s *Service) Load(ctx context.Context, name string) (*State, error) {
	key, err := s.resolve(ctx, name)
	if err != nil {
		return nil, err
	}
	phase.Mark("campaign-lookup")
	st, err := s.load(ctx, key, true)
	if err != nil {
		return nil, err
	}
	st.Key, st.Name = key, name
	return st, nil
}

// load is Load by the campaign's key; without snapshots, it replays the
// whole log.
func (s *Service) load(ctx context.Context, name string, snapshots bool) (*State, error) {
	return s.loadWith(ctx, name, snapshots, false)
}

// loadToDecide is Load for a command that is about to decide an action:
// when the state is restored from a snapshot, the actions after the
// snapshot are decided again rather than folded as they stand (see
// "Re-deciding a log"), so that a row written without the rules is
// refused before anything is decided on it. (What the snapshot itself
// holds is a cache: verify recomputes it by replay.)
func (s *Service) loadToDecide(ctx context.Context, campaign string) (*State, error) {
	key, err := s.resolve(ctx, campaign)
	if err != nil {
		return nil, err
	}
	st, err := s.loadWith(ctx, key, true, true)
	if err != nil {
		return nil, err
	}
	st.Key, st.Name = key, campaign
	return st, nil
}

// loadWith is load; with rederive, the actions after a snapshot restored
// are decided again instead of folded.
func (s *Service) loadWith(ctx context.Context, name string, snapshots, rederive bool) (*State, error) {
	for attempt := 0; ; attempt++ {
		st, eff, err := s.restore(ctx, name, snapshots)
		if err != nil {
			return nil, err
		}
		if rederive {
			st.Key = name
			r := s.rederiver(name, st, eff, s.checkedSource(ctx, name, st, eff))
			err := r.run(ctx)
			if (errors.Is(err, errNoCheckpoint) || errors.Is(err, errVoidRaced)) && attempt < 5 {
				continue // another warlog undid or voided something meanwhile: again
			}
			if err != nil {
				var nd *NotDerivedError
				if errors.As(err, &nd) {
					return nil, &LogFaultError{nd}
				}
				return nil, err
			}
			phase.Mark("fold-after-snapshot")
			if r.st.Version == 0 {
				return nil, &NameError{name, ErrNoCampaign}
			}
			return r.st, nil
		}
		known := make(map[int64]bool, len(eff.Changes))
		for _, c := range eff.Changes {
			known[c.At] = true
		}
		raced := false
		err = events.Stream(ctx, s.store, name, st.Version, func(e *events.Event) error {
			if (e.Type == events.TypeActionUndone || e.Type == events.TypeActionRedone) && !known[e.Version] {
				// Another warlog undid something after the bookkeeping
				// was read: what was folded may include it. Read again.
				raced = true
			}
			return s.fold(st, e, eff.Undone, eff.Voided)
		})
		if err != nil {
			return nil, err
		}
		phase.Mark("fold-after-snapshot")
		if raced && attempt < 5 {
			continue
		}
		if raced {
			return nil, fmt.Errorf("campaign %q: %w", name, ErrConflict)
		}
		if st.Version == 0 {
			return nil, &NameError{name, ErrNoCampaign}
		}
		return st, nil
	}
}

// checkedSource streams the campaign's events after a version for a
// re-decision that starts at st, checking their hash chain on from st's
// head as they first pass: an event that does not chain is a
// *NotDerivedError naming its version (the events of a voided action are
// passed over, as the chain's check passes them).
func (s *Service) checkedSource(ctx context.Context, name string, st *State, eff events.Effect) source {
	c := &events.ChainChecker{Campaign: name, Head: st.Head, Events: st.Version, Voided: eff.Voided}
	return func(after int64, fn func(*events.Event) error) error {
		return s.store.Load(ctx, name, after, func(e events.Event) error {
			if e.Version == c.Events+1 || e.Version > c.Events && c.Events >= after {
				if err := c.Check(e); err != nil {
					var be *events.BreakError
					if errors.As(err, &be) {
						return &NotDerivedError{Campaign: name, Version: be.Version, Action: e.Action, Reason: "its hash chain breaks there: " + be.Reason}
					}
					return err
				}
			}
			return fn(&e)
		})
	}
}

// Fold applies one event to st as a replay does. It is for tools that plan
// actions in memory and store them in bulk (the benchmark generators);
// commands fold through Do.
func (s *Service) Fold(st *State, e *events.Event) error { return s.fold(st, e, nil, nil) }

// fold applies one stored event to st. It is the hot path of every
// command: payloads decode through the registry's hand-written decoders
// where the type has one, and action.begun, which folding needs only the
// verb of, is read no further than that.
//
// undone are the actions out of effect (those voided included): their
// facts are passed over. voided are the voided ones: none of their events
// counts, as if they were not in the log (void.go).
func (s *Service) fold(st *State, e *events.Event, undone, voided map[string]bool) error {
	st.Version = e.Version
	if e.Hash != "" { // a stream gives the head's hash only
		st.Head = e.Hash
	}
	if voided[e.Action] {
		return nil
	}
	switch e.Type {
	case events.TypeActionBegun:
		verb, err := beganVerb(e)
		if err != nil {
			return fmt.Errorf("campaign %q: %w", e.Campaign, err)
		}
		st.actions++
		if verb != VerbUndo && verb != VerbRedo && verb != VerbVoid {
			st.redoable = st.redoable[:0]
		} else {
			st.meta++
		}
		return nil
	case events.TypeActionUndone, events.TypeActionRedone:
		p, err := s.registry.Decode(*e)
		if err != nil {
			return fmt.Errorf("campaign %q: %w", e.Campaign, err)
		}
		ref := p.(events.ActionRef)
		if e.Type == events.TypeActionUndone {
			if ref.By == "" {
				st.redoable = append(st.redoable, ref.Action)
			}
			st.undone++
		} else {
			st.undone--
			if n := len(st.redoable); ref.By == "" && n > 0 && st.redoable[n-1] == ref.Action {
				st.redoable = st.redoable[:n-1]
			}
		}
		return nil
	case TypeAmended, TypeRedecided, events.TypeActionVoided:
		return nil // an amendment's record or a void's, which fold into nothing
	}
	if undone[e.Action] {
		return nil
	}
	if e.Type == TypeDiceSet {
		p, err := s.registry.Decode(*e)
		if err != nil {
			return fmt.Errorf("campaign %q: %w", e.Campaign, err)
		}
		st.dice = p.(DiceSet).Dice
		return nil
	}
	if e.Type == dice.Type {
		// A roll, every few events of a replay: its dice counted (read no
		// further than that) and the game told, typed; a game that folds
		// rolls into its state gets the whole roll.
		if n, program, err := rolledDice(e.Data); err == nil {
			if program {
				st.ProgramDice += n
			}
			if st.Game == nil {
				return nil
			}
			if da, ok := st.engine.(dataApplier); ok {
				if handled, err := da.ApplyData(st.Game, e.Type, e.Data); handled && err == nil {
					return nil
				}
			}
			r, err := dice.DecodeRolled(e.Data)
			if err != nil {
				return fmt.Errorf("campaign %q, event %d (%s): payload does not decode: %w", e.Campaign, e.Version, e.Type, err)
			}
			if err := st.engine.Apply(st.Game, e.Type, r); err != nil {
				return fmt.Errorf("campaign %q, event %d (%s): %w", e.Campaign, e.Version, e.Type, err)
			}
			return nil
		}
	}
	if da, ok := st.engine.(dataApplier); ok && st.Game != nil && e.Type != dice.Type {
		// A game's own fact: decoded and folded typed, without an
		// interface between them; an error is told as the plain path
		// below tells it.
		if handled, err := da.ApplyData(st.Game, e.Type, e.Data); handled {
			if err == nil {
				return nil
			}
			if _, derr := s.registry.Decode(*e); derr != nil {
				return fmt.Errorf("campaign %q: %w", e.Campaign, derr)
			}
			return fmt.Errorf("campaign %q, event %d (%s): %w", e.Campaign, e.Version, e.Type, err)
		}
	}
	payload, err := s.registry.Decode(*e)
	if err != nil {
		return fmt.Errorf("campaign %q: %w", e.Campaign, err)
	}
	switch p := payload.(type) {
	case Created:
		st.Campaign, st.Created = p, e.At
		if eng, ok := s.engines[p.Game]; ok {
			st.engine = eng
			st.Game = eng.NewState(p)
		}
		return nil
	case dice.Rolled:
		if p.Source == dice.Program {
			st.ProgramDice += len(p.Values)
		}
	}
	if st.Game != nil {
		if err := st.engine.Apply(st.Game, e.Type, payload); err != nil {
			return fmt.Errorf("campaign %q, event %d (%s): %w", e.Campaign, e.Version, e.Type, err)
		}
	}
	return nil
}

// dataApplier is an engine that folds a stored fact from its payload's
// bytes (kit.Game.ApplyData): a replay's hot path.
type dataApplier interface {
	ApplyData(st engines.State, typ string, data []byte) (ok bool, err error)
}

// GameState returns the game state or says plainly why there is none.
func (st *State) GameState() (engines.State, error) {
	if st.Game == nil {
		return nil, fmt.Errorf("campaign %q plays %s: %w", st.Campaign.Name, st.Campaign.Game, ErrNoEngine)
	}
	return st.Game, nil
}
