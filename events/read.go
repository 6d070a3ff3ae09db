package events

import (
	"bytes"
	"context"
	"errors"
	"slices"
)

// The functions of this file read a Store through its capabilities when it
// has them, and through Load when it does not.

// Stream folds campaign's events after a version (Streamer), or passes
// each loaded event as a Streamer would: no Seq or Prev, and the hash of
// the newest event only.
func Stream(ctx context.Context, s Store, campaign string, after int64, fn func(*Event) error) error {
	if st, ok := s.(Streamer); ok {
		return st.Stream(ctx, campaign, after, fn)
	}
	var held *Event // passed once the next shows it is not the head
	err := s.Load(ctx, campaign, after, func(e Event) error {
		e.Seq, e.Prev = 0, ""
		if held != nil {
			held.Hash = ""
			if err := fn(held); err != nil {
				return err
			}
		}
		held = &e
		return nil
	})
	if err != nil || held == nil {
		return err
	}
	return fn(held)
}

// LoadTypes streams only the events of the given types after a version.
func LoadTypes(ctx context.Context, s Store, campaign string, after int64, types []string, fn func(Event) error) error {
	if tl, ok := s.(TypeLoader); ok {
		return tl.LoadTypes(ctx, campaign, after, types, fn)
	}
	return s.Load(ctx, campaign, after, func(e Event) error {
		if !slices.Contains(types, e.Type) {
			return nil
		}
		return fn(e)
	})
}

// Action returns the events of one action, in order; none if unknown.
func Action(ctx context.Context, s Store, campaign, action string) ([]Event, error) {
	if al, ok := s.(ActionLoader); ok {
		return al.Action(ctx, campaign, action)
	}
	var out []Event
	err := s.Load(ctx, campaign, 0, func(e Event) error {
		if e.Action == action {
			out = append(out, e)
		}
		return nil
	})
	return out, err
}

// Version is the newest version of campaign's stream, 0 if it is empty.
func Version(ctx context.Context, s Store, campaign string) (int64, error) {
	if v, ok := s.(Versioner); ok {
		return v.Version(ctx, campaign)
	}
	var n int64
	err := s.Load(ctx, campaign, 0, func(e Event) error { n = e.Version; return nil })
	return n, err
}

// ErrNoSettings: the store keeps no local settings.
var ErrNoSettings = errors.New("this store keeps no local settings")

// Setting reads a local setting ("" when unset).
func Setting(ctx context.Context, s Store, key string) (string, error) {
	st, ok := s.(Settings)
	if !ok {
		return "", nil
	}
	return st.Setting(ctx, key)
}

// SetSetting keeps a local setting.
func SetSetting(ctx context.Context, s Store, key, value string) error {
	st, ok := s.(Settings)
	if !ok {
		return ErrNoSettings
	}
	return st.SetSetting(ctx, key, value)
}

// Check runs the store's own integrity check, if it has one.
func Check(ctx context.Context, s Store) error {
	if c, ok := s.(Checker); ok {
		return c.Check(ctx)
	}
	return nil
}

// CheckSchema checks the store's schema, if it has one to check.
func CheckSchema(ctx context.Context, s Store) error {
	if c, ok := s.(SchemaChecker); ok {
		return c.CheckSchema(ctx)
	}
	return nil
}

// SameContent reports whether stored, one action's events, hold exactly
// facts (whose payloads are encoded as datas), byte for byte: a retry of
// the same action decided on the same state. (A retry decided on another
// state holds other program dice; the campaigns service compares what the
// action means, its recorded command, when a store refuses it.)
func SameContent(stored []Event, facts []Fact, datas [][]byte) bool {
	if len(stored) != len(facts) {
		return false
	}
	for i := range stored {
		if stored[i].Type != facts[i].Type || !bytes.Equal(stored[i].Data, datas[i]) {
			return false
		}
	}
	return true
}
