package campaigns

import (
	"context"
	"errors"
	"fmt"

	"warlog/engines"
	"warlog/events"
)

// Step is one action as a replay meets it, for reports: its events, whether
// it is undone, and where in the battle it happened.
type Step struct {
	Action Action
	Events []events.Event
	// Scenario and Turn locate the action: the scenario in progress after
	// it, or, for the action that closed a scenario, the one before it.
	Scenario string
	Turn     int
	// Amendment is the id of the amendment that decided this action again
	// ("" for an action as first decided); Corrected is true for the
	// action the amendment corrected. Each action an amendment decides
	// again is a step of its own, after the amendment's own step.
	Amendment string
	Corrected bool
}

// Replay folds a campaign's log like Load and calls fn after each action
// (undone ones included, marked and not folded) with the state as it stands
// then. It returns the final state.
//
// It replays the log as it stood when it began: an undo another warlog
// appends meanwhile is neither folded nor counted in what is undone.
func (s *Service) Replay(ctx context.Context, campaign string, fn func(st *State, step Step) error) (*State, error) {
	name, err := s.resolve(ctx, campaign)
	if err != nil {
		return nil, err
	}
	end, err := events.Version(ctx, s.store, name)
	if err != nil {
		return nil, err
	}
	eff, err := events.LoadEffect(ctx, s.store, name, 0)
	if err != nil {
		return nil, err
	}
	undone := eff.UndoneAt(end)
	st := &State{Key: name, Name: campaign, Head: events.Genesis}
	var cur *Step
	var beforeScenario string
	var beforeTurn int
	flush := func() error {
		if cur == nil {
			return nil
		}
		cur.Scenario, cur.Turn = now(st)
		if cur.Scenario == "" {
			cur.Scenario, cur.Turn = beforeScenario, beforeTurn
			// The closing action happened in the last turn reached, which
			// Now() may not have named yet (an engine may file a turn's end
			// under the turn it ended until the next turn's first action).
			// The scenario it closed is the latest one.
			if cur.Scenario != "" {
				if sc, ok := engines.LatestScenario(st.Game); ok && sc.Name == cur.Scenario && sc.Turn > cur.Turn {
					cur.Turn = sc.Turn
				}
			}
		}
		err := fn(st, *cur)
		cur = nil
		return err
	}
	errEnd := errors.New("the end of the log as it stood")
	err = s.store.Load(ctx, name, 0, func(e events.Event) error {
		if e.Version > end {
			return errEnd
		}
		if e.Type == events.TypeActionBegun {
			if err := flush(); err != nil {
				return err
			}
			beforeScenario, beforeTurn = now(st)
			cur = &Step{Action: Action{ID: e.Action, Version: e.Version, At: e.At, Undone: undone[e.Action]}}
		}
		if e.Type == TypeRedecided {
			p, err := s.registry.Decode(e)
			if err != nil {
				return fmt.Errorf("campaign %q: %w", name, err)
			}
			r := p.(Redecided)
			if err := flush(); err != nil {
				return err
			}
			beforeScenario, beforeTurn = now(st)
			cur = &Step{Action: Action{ID: r.Action, Verb: r.Verb, Label: r.Label, Version: e.Version, At: e.At, Undone: undone[e.Action]},
				Amendment: e.Action, Corrected: r.Corrected}
		}
		if cur != nil {
			switch e.Type {
			case events.TypeActionBegun:
				p, err := s.registry.Decode(e)
				if err != nil {
					return fmt.Errorf("campaign %q: %w", name, err)
				}
				cur.Action.Verb, cur.Action.Label = p.(Begun).Verb, p.(Begun).Label
			case events.TypeActionUndone, events.TypeActionRedone:
				p, err := s.registry.Decode(e)
				if err != nil {
					return fmt.Errorf("campaign %q: %w", name, err)
				}
				cur.Action.Undoes = append(cur.Action.Undoes, p.(events.ActionRef).Action)
			}
		}
		if err := s.fold(st, &e, undone, eff.Voided); err != nil {
			return err
		}
		if cur != nil {
			cur.Events = append(cur.Events, e)
		}
		return nil
	})
	if err != nil && !errors.Is(err, errEnd) {
		return nil, err
	}
	if err := flush(); err != nil {
		return nil, err
	}
	if st.Version == 0 {
		return nil, fmt.Errorf("campaign %q: %w", name, ErrNoCampaign)
	}
	return st, nil
}

func now(st *State) (string, int) {
	if t, ok := st.Game.(engines.Turner); ok {
		return t.Now()
	}
	return "", 0
}
