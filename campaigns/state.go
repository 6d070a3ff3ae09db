package campaigns

import (
	"context"
	"fmt"
	"time"

	"warlog/engines"
	"warlog/engines/dice"
	"warlog/events"
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
func (a Action) Meta() bool { return a.Verb == VerbUndo || a.Verb == VerbRedo }

// Verbs of the service's own actions.
const (
	VerbUndo   = "undo"
	VerbRedo   = "redo"
	VerbRoll   = "roll"
	VerbCreate = "campaign new"
)

// State is a campaign folded from its log: the campaign's own bookkeeping
// and, when this build has the game's engine, the game state.
type State struct {
	Campaign engines.Campaign
	Created  time.Time
	Version  int64
	Head     string
	// ProgramDice counts program dice in effect: the index of the next one.
	ProgramDice int
	Actions     []Action
	// redoable is the stack of actions undone since the last new action.
	redoable []string
	Game     engines.State
	engine   engines.Engine
}

// Engine is the game's engine, nil when this build has none for it.
func (st *State) Engine() engines.Engine { return st.engine }

// CanRedo lists the actions `redo` would restore, newest first.
func (st *State) CanRedo() []string {
	out := make([]string, len(st.redoable))
	for i, id := range st.redoable {
		out[len(out)-1-i] = id
	}
	return out
}

// Find returns the action with id (or a unique prefix of it of 4 or more).
func (st *State) Find(id string) (*Action, error) {
	var hit *Action
	for i := range st.Actions {
		a := &st.Actions[i]
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
		return nil, fmt.Errorf("no action %q in this campaign; `warlog log` lists the ids", id)
	}
	return hit, nil
}

// InEffect lists the actions that can be undone, oldest first: in effect,
// not an undo or redo, and not the campaign's creation.
func (st *State) InEffect() []*Action {
	var out []*Action
	for i := range st.Actions {
		a := &st.Actions[i]
		if !a.Undone && !a.Meta() && a.Verb != VerbCreate {
			out = append(out, a)
		}
	}
	return out
}

// Load replays a campaign's log. It reads the undo bookkeeping first, then
// folds every event of every action still in effect, in order.
func (s *Service) Load(ctx context.Context, name string) (*State, error) {
	undone, err := events.Undone(ctx, s.store, name)
	if err != nil {
		return nil, err
	}
	st := &State{Head: events.Genesis}
	err = s.store.Load(ctx, name, 0, func(e events.Event) error {
		return s.fold(st, e, undone)
	})
	if err != nil {
		return nil, err
	}
	if st.Version == 0 {
		return nil, fmt.Errorf("campaign %q: %w; `warlog campaign list` shows the campaigns", name, ErrNoCampaign)
	}
	return st, nil
}

// fold applies one stored event to st.
func (s *Service) fold(st *State, e events.Event, undone map[string]bool) error {
	st.Version, st.Head = e.Version, e.Hash
	payload, err := s.registry.Decode(e)
	if err != nil {
		return fmt.Errorf("campaign %q: %w", e.Campaign, err)
	}
	switch p := payload.(type) {
	case Begun:
		st.Actions = append(st.Actions, Action{ID: e.Action, Verb: p.Verb, Label: p.Label, Version: e.Version, At: e.At, Undone: undone[e.Action]})
		if p.Verb != VerbUndo && p.Verb != VerbRedo {
			st.redoable = st.redoable[:0]
		}
		return nil
	case events.ActionRef:
		if len(st.Actions) > 0 {
			last := &st.Actions[len(st.Actions)-1]
			last.Undoes = append(last.Undoes, p.Action)
		}
		if e.Type == events.TypeActionUndone {
			st.redoable = append(st.redoable, p.Action)
		} else if n := len(st.redoable); n > 0 && st.redoable[n-1] == p.Action {
			st.redoable = st.redoable[:n-1]
		}
		return nil
	}
	if undone[e.Action] {
		return nil
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
		if err := st.Game.Apply(e.Type, payload); err != nil {
			return fmt.Errorf("campaign %q, event %d (%s): %w", e.Campaign, e.Version, e.Type, err)
		}
	}
	return nil
}

// GameState returns the game state or says plainly why there is none.
func (st *State) GameState() (engines.State, error) {
	if st.Game == nil {
		g, _ := FindGame(st.Campaign.Game)
		return nil, fmt.Errorf("campaign %q plays %s: %w", st.Campaign.Name, g.Title, ErrNoEngine)
	}
	return st.Game, nil
}
