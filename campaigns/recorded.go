package campaigns

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"warlog/events"
)

// Recorded is an action as a client decided and sent it, before anyone
// trusts it: its id and its facts, the first of them the action.begun that
// records the command as it was given.
type Recorded struct {
	Action string
	Facts  []events.Fact
}

// ErrNotRecorded: an action sent to be stored does not begin with the
// command it records, or records one that cannot be read.
var ErrNotRecorded = errors.New("the action does not begin with the command it records (action.begun); nothing was written")

// Begun reads the command an action sent to be stored records.
func (s *Service) begunOf(r Recorded) (Begun, error) {
	if len(r.Facts) == 0 || r.Facts[0].Type != events.TypeActionBegun {
		return Begun{}, ErrNotRecorded
	}
	data, err := events.Marshal(r.Facts[0])
	if err != nil {
		return Begun{}, err
	}
	b, err := decodeBegun(data)
	if err != nil || b.Verb == "" {
		return Begun{}, fmt.Errorf("%w (%v)", ErrNotRecorded, err)
	}
	return b, nil
}

// RecordedVerb is the verb of the command an action sent to be stored
// records ("" when it records none).
func (s *Service) RecordedVerb(r Recorded) string {
	b, _ := s.begunOf(r)
	return b.Verb
}

// DoRecorded decides an action sent to be stored as if it were made here:
// the command its action.begun records (verb, arguments, hand-entered
// dice), decided by this service's rules on the campaign's newest state,
// program dice from the seed, under r's action id (a retry of a stored
// action is a no-op) and recorded as by. The facts that came with it are
// never stored: only what the rules decide here is. It is how a league
// server takes a client's action. Creating a campaign is Create; the
// organiser's void is decided from its marker's version and reason.
func (s *Service) DoRecorded(ctx context.Context, campaign string, r Recorded, by string) (*Result, error) {
	b, err := s.begunOf(r)
	if err != nil {
		return nil, err
	}
	o := Options{Dice: b.Dice, ActionID: r.Action, By: by}
	args := b.Args
	if len(args) == 0 {
		args = json.RawMessage("{}")
	}
	switch b.Verb {
	case VerbCreate:
		return nil, fmt.Errorf("%w: a campaign is created, not appended to", ErrNotRecorded)
	case VerbRoll:
		var a struct {
			Notation string `json:"notation"`
			For      string `json:"for"`
		}
		if err := json.Unmarshal(args, &a); err != nil {
			return nil, fmt.Errorf("the recorded roll cannot be read: %w", err)
		}
		return s.FreeRoll(ctx, campaign, a.Notation, a.For, o)
	case VerbUndo:
		var a struct {
			N  int    `json:"n"`
			To string `json:"to"`
		}
		if err := json.Unmarshal(args, &a); err != nil {
			return nil, fmt.Errorf("the recorded undo cannot be read: %w", err)
		}
		if a.To != "" {
			a.N = 1
		}
		return s.Undo(ctx, campaign, a.N, a.To, o)
	case VerbRedo:
		var a struct {
			N int `json:"n"`
		}
		if err := json.Unmarshal(args, &a); err != nil {
			return nil, fmt.Errorf("the recorded redo cannot be read: %w", err)
		}
		return s.Redo(ctx, campaign, a.N, o)
	case VerbAmend:
		var a struct {
			Action      string          `json:"action"`
			Dice        []int           `json:"dice"`
			DropRefused bool            `json:"drop_refused"`
			Verb        string          `json:"verb"`
			Args        json.RawMessage `json:"args"`
		}
		if err := json.Unmarshal(args, &a); err != nil {
			return nil, fmt.Errorf("the recorded amendment cannot be read: %w", err)
		}
		ao := AmendOptions{Dice: a.Dice, Game: b.Game, DropRefused: a.DropRefused, ActionID: r.Action, By: by}
		if a.Verb != "" {
			eng, ok := s.engines[b.Game]
			if !ok {
				return nil, fmt.Errorf("campaign %q plays %s: %w", campaign, b.Game, ErrNoEngine)
			}
			if ao.Command, err = eng.DecodeCommand(a.Verb, a.Args); err != nil {
				return nil, fmt.Errorf("the corrected command %q cannot be read: %w", a.Verb, err)
			}
		}
		return s.Amend(ctx, campaign, a.Action, ao)
	case VerbDice:
		var set DiceSet
		if err := json.Unmarshal(args, &set); err != nil {
			return nil, fmt.Errorf("the recorded dice setting cannot be read: %w", err)
		}
		return s.SetDice(ctx, campaign, set.Dice, o)
	case VerbVoid:
		var v events.Voided
		if len(r.Facts) > 1 {
			data, err := events.Marshal(r.Facts[1])
			if err != nil {
				return nil, err
			}
			if err := json.Unmarshal(data, &v); err != nil {
				return nil, fmt.Errorf("the recorded void cannot be read: %w", err)
			}
		}
		voided, err := s.Void(ctx, campaign, v.Version, v.Why, o)
		if err != nil {
			return nil, err
		}
		st, err := s.Load(ctx, campaign)
		if err != nil {
			return nil, err
		}
		evs, err := events.Action(ctx, s.store, st.Key, r.Action)
		if err != nil {
			return nil, err
		}
		return &Result{Action: r.Action, Label: fmt.Sprintf("voided version %d", voided.Version), Events: evs, State: st}, nil
	}
	eng, ok := s.engines[b.Game]
	if !ok {
		return nil, fmt.Errorf("campaign %q plays %s: %w", campaign, b.Game, ErrNoEngine)
	}
	cmd, err := eng.DecodeCommand(b.Verb, args)
	if err != nil {
		return nil, fmt.Errorf("the recorded command %q cannot be decided: %w", b.Verb, err)
	}
	return s.Do(ctx, campaign, b.Game, cmd, o)
}

// CreateRecorded creates a campaign as a client's `campaign new` decided
// and sent it: the name, game, seed and mode its campaign.created records,
// created here under r's action id and recorded as by.
func (s *Service) CreateRecorded(ctx context.Context, name string, r Recorded, by string) (*State, error) {
	b, err := s.begunOf(r)
	if err != nil {
		return nil, err
	}
	if b.Verb != VerbCreate || len(r.Facts) < 2 || r.Facts[1].Type != TypeCreated {
		return nil, fmt.Errorf("%w: a new campaign begins with campaign.created", ErrNotRecorded)
	}
	data, err := events.Marshal(r.Facts[1])
	if err != nil {
		return nil, err
	}
	c, err := decodeCreated(data)
	if err != nil {
		return nil, fmt.Errorf("the recorded campaign cannot be read: %w", err)
	}
	if c.Name != name {
		return nil, fmt.Errorf("%w: it creates %q, not %q", ErrNotRecorded, c.Name, name)
	}
	seed := c.Seed
	return s.Create(ctx, name, CreateOptions{Game: c.Game, Seed: &seed, Mode: c.Mode, ActionID: r.Action, By: by})
}
