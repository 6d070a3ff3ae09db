package events

import (
	"context"
	"encoding/json"
	"fmt"
	"math"

	"warlog/internal/jsonscan"
)

// Event types every stream shares; engines define their own beside these.
const (
	// TypeActionBegun opens every action and records the command.
	TypeActionBegun = "action.begun"
	// TypeActionUndone takes an earlier action out of effect.
	TypeActionUndone = "action.undone"
	// TypeActionRedone puts an undone action back into effect.
	TypeActionRedone = "action.redone"
	// TypeActionVoided marks an action that does not follow from the rules
	// (a row written by hand) as never in effect: its payload is a Voided.
	// Only a league's organiser appends it (campaigns.Service.Void).
	TypeActionVoided = "action.voided"
)

// ActionRef is the payload of action.undone and action.redone.
type ActionRef struct {
	Action string `json:"action"`
	// Version is the version of the action's action.begun: a snapshot
	// taken after it is stale once the action changes effect. 0 in logs
	// written before it was recorded.
	Version int64 `json:"version,omitempty"`
	// By is the amendment this change is part of: an amendment takes the
	// actions it decides again out of effect, and undoing or redoing the
	// amendment puts them back or takes them out again. Such a change is
	// bookkeeping of the amendment's, not an undo or redo of its own: it
	// is never offered to redo. "" for a plain undo or redo.
	By string `json:"by,omitempty"`
}

// Undone returns the actions of campaign that are out of effect now: an
// action is undone when the newest undone/redone event naming it is an
// undo. Replay reads this first, then skips those actions' events, so the log
// never needs to change.
func Undone(ctx context.Context, s Store, campaign string) (map[string]bool, error) {
	eff, err := LoadEffect(ctx, s, campaign, 0)
	return eff.Undone, err
}

// Effect is what the undo bookkeeping of a stream says, from a version on:
// the actions out of effect now among those it names, and every change of
// effect with the version it was made at.
type Effect struct {
	// After is the version the bookkeeping was read from (0: all of it).
	After  int64
	Undone map[string]bool
	// Changes are the undone and redone events, oldest first.
	Changes []Change
	// Voided is every action an action.voided marker of the log names,
	// wherever it stands (read from the start whatever After says): out
	// of effect from the start, at every version (UndoneAt holds them).
	Voided map[string]bool
	// Voids are those markers, in order.
	Voids []Void
}

// UndoneAt is the actions out of effect as the log stood at version end:
// the changes made after it left out, and those of a voided action (a
// voided undo undoes nothing).
func (e Effect) UndoneAt(end int64) map[string]bool {
	undone := make(map[string]bool, len(e.Voided))
	for a := range e.Voided {
		undone[a] = true
	}
	for _, c := range e.Changes {
		if c.At > end {
			break
		}
		if e.Voided[c.By] {
			continue
		}
		if c.Undo {
			undone[c.Ref.Action] = true
		} else {
			delete(undone, c.Ref.Action)
		}
	}
	return undone
}

// Change is one action.undone or action.redone event.
type Change struct {
	At   int64 // the version of the undone/redone event
	Ref  ActionRef
	Undo bool // an undo; false: a redo
	// By is the action whose marker it is (the undo, redo or amendment),
	// when the log has voids ("" otherwise: LoadEffect).
	By string
}

// LoadEffect reads a stream's undo bookkeeping written after version
// after (an indexed read of the undone and redone events only). An action
// that began after that version can only have been undone after it, so this
// is all a replay of the events after a snapshot at that version needs.
//
// The voids come first: where there are any (a league's forged rows,
// rare), the markers are read whole, for the action each belongs to
// (Change.By: a voided undo undoes nothing); else through the store's
// index of them, which does not hold it.
func LoadEffect(ctx context.Context, s Store, campaign string, after int64) (Effect, error) {
	eff := Effect{After: after}
	err := LoadTypes(ctx, s, campaign, 0, []string{TypeActionVoided}, func(e Event) error {
		return eff.void(e.Version, e.Data)
	})
	if err != nil {
		return eff, err
	}
	if es, ok := s.(EffectStore); ok && len(eff.Voided) == 0 {
		err = es.StreamEffect(ctx, campaign, after, func(version int64, typ string, data []byte) error {
			return eff.add(version, "", typ, data)
		})
	} else {
		err = LoadTypes(ctx, s, campaign, after, []string{TypeActionUndone, TypeActionRedone}, func(e Event) error {
			by := ""
			if len(eff.Voided) > 0 {
				by = e.Action
			}
			return eff.add(e.Version, by, e.Type, e.Data)
		})
	}
	eff.Undone = eff.UndoneAt(math.MaxInt64)
	return eff, err
}

// EffectOf is the undo bookkeeping of a stream's events given whole, in
// order (an export file's): LoadEffect from the start, without a store.
func EffectOf(evs []Event) (Effect, error) {
	var eff Effect
	var err error
	for _, e := range evs {
		if err = eff.Read(e); err != nil {
			break
		}
	}
	eff.Undone = eff.UndoneAt(math.MaxInt64)
	return eff, err
}

// Read adds what e says of the undo bookkeeping, if anything (an undo, a
// redo or a void), for a reader that meets a log's events one at a time;
// Undone is left for it to set once the log is read (UndoneAt).
func (eff *Effect) Read(e Event) error {
	switch e.Type {
	case TypeActionUndone, TypeActionRedone:
		return eff.add(e.Version, e.Action, e.Type, e.Data)
	case TypeActionVoided:
		return eff.void(e.Version, e.Data)
	}
	return nil
}

// Voided is the payload of an action.voided marker: the action it takes
// out of effect, the version it was named by, and why.
type Voided struct {
	Version int64  `json:"version"`
	Action  string `json:"action"`
	Why     string `json:"why"`
}

// Void is one action.voided marker of a log.
type Void struct {
	At int64 // the marker's version
	Voided
}

// void records one action.voided event.
func (eff *Effect) void(version int64, data []byte) error {
	var v Voided
	if err := json.Unmarshal(data, &v); err != nil {
		return fmt.Errorf("event %d (%s): payload does not decode: %w", version, TypeActionVoided, err)
	}
	if eff.Voided == nil {
		eff.Voided = map[string]bool{}
	}
	eff.Voided[v.Action] = true
	eff.Voids = append(eff.Voids, Void{At: version, Voided: v})
	return nil
}

// add records one undone or redone event, of action by.
func (eff *Effect) add(version int64, by, typ string, data []byte) error {
	r, err := DecodeActionRef(data)
	if err != nil {
		return fmt.Errorf("event %d (%s): payload does not decode: %w", version, typ, err)
	}
	eff.Changes = append(eff.Changes, Change{At: version, Ref: r, Undo: typ == TypeActionUndone, By: by})
	return nil
}

// EffectStore is a Store with a faster path to the undo bookkeeping than
// LoadTypes: the undone and redone events after a version, in order, with
// only what LoadEffect reads (data valid only during fn).
type EffectStore interface {
	StreamEffect(ctx context.Context, campaign string, after int64, fn func(version int64, typ string, data []byte) error) error
}

// DecodeActionRef reads an action.undone or action.redone payload without
// reflection.
func DecodeActionRef(data []byte) (ActionRef, error) {
	var r ActionRef
	s := jsonscan.New(data)
	for s.Next() {
		switch string(s.Key()) {
		case "action":
			r.Action = s.String()
		case "version":
			r.Version = s.Int64()
		case "by":
			r.By = s.String()
		default:
			s.SkipField()
		}
	}
	return r, s.Err()
}
