// Package memory is an events.Store held in memory: the same contract as
// the SQLite store (internal/storetest holds both to it), for tests that
// need no file. It keeps settings and answers versions and actions from
// its own indexes; everything else goes through the events package's
// fallbacks.
package memory

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"warlog/events"
)

// Store is a log in memory, safe for concurrent use. The zero value is not
// usable: call New.
type Store struct {
	// writing is held by each write to a stream, and by Delete while its
	// last reads: a write waits for it, reads do not.
	writing sync.Mutex
	mu      sync.Mutex
	streams map[string][]events.Event
	order   []string // campaigns, oldest first
	// entries name the streams (events.Directory); a stream has one from
	// its first append.
	entries  map[string]*events.Entry
	settings map[string]string
	seq      int64
	now      func() time.Time
	failOn   string
	closed   bool
}

// New returns an empty store whose events are stamped with now (nil: the
// system clock).
func New(now func() time.Time) *Store {
	if now == nil {
		now = time.Now
	}
	return &Store{streams: map[string][]events.Event{}, entries: map[string]*events.Entry{}, settings: map[string]string{}, now: now}
}

// FailOn makes every later append of an event of type typ fail, as a
// broken disk would in the middle of an action: for the all-or-nothing
// test.
func (s *Store) FailOn(typ string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.failOn = typ
}

// errClosed: the store was closed.
var errClosed = errors.New("the store is closed")

// Append implements events.Store.
func (s *Store) Append(ctx context.Context, campaign string, expected int64, action string, facts []events.Fact) ([]events.Event, error) {
	return s.append(ctx, nil, campaign, expected, action, facts)
}

// append is Append, entering a new stream as entry (nil: named by its key).
func (s *Store) append(ctx context.Context, entry *events.Entry, campaign string, expected int64, action string, facts []events.Fact) ([]events.Event, error) {
	datas, err := events.MarshalAction(facts)
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	s.writing.Lock()
	defer s.writing.Unlock()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil, errClosed
	}
	stream := s.streams[campaign]
	if stored := actionOf(stream, action); len(stored) > 0 {
		if !events.SameContent(stored, facts, datas) {
			return nil, fmt.Errorf("action %s: %w", action, events.ErrActionConflict)
		}
		return stored, nil
	}
	cur, prev := int64(len(stream)), events.Genesis
	if cur > 0 {
		prev = stream[cur-1].Hash
	}
	if cur != expected {
		return nil, fmt.Errorf("campaign %q is at version %d, expected %d: %w", campaign, cur, expected, events.ErrConcurrency)
	}
	if cur == 0 {
		if entry == nil {
			entry = &events.Entry{Stream: campaign, Chain: campaign, Name: campaign}
		}
		if s.named(entry.Name) != "" {
			return nil, fmt.Errorf("campaign %q: %w", entry.Name, events.ErrNameTaken)
		}
	}
	chain := s.chain(campaign)
	at := s.now().UTC().Truncate(time.Millisecond)
	out := make([]events.Event, len(facts))
	for i, f := range facts {
		if s.failOn != "" && f.Type == s.failOn {
			return nil, fmt.Errorf("append %s: the store failed on purpose", f.Type)
		}
		e := events.Event{Seq: s.seq + int64(i) + 1, Campaign: chain, Version: cur + int64(i) + 1, Action: action, Type: f.Type, Data: datas[i], At: at, Prev: prev}
		e.Hash = events.Hash(prev, e)
		out[i], prev = e, e.Hash
	}
	if cur == 0 {
		s.order = append(s.order, campaign)
		c := *entry
		s.entries[campaign] = &c
	}
	s.seq += int64(len(out))
	s.streams[campaign] = append(stream, out...)
	return clone(out), nil
}

// chain is the campaign as stream's chain names it.
func (s *Store) chain(stream string) string {
	if e := s.entries[stream]; e != nil {
		return e.Chain
	}
	return stream
}

// named is the stream named name, "" if none.
func (s *Store) named(name string) string {
	for _, st := range s.order {
		if s.entries[st].Name == name {
			return st
		}
	}
	return ""
}

// actionOf is one action's events in a stream.
func actionOf(stream []events.Event, action string) []events.Event {
	var out []events.Event
	for _, e := range stream {
		if e.Action == action {
			out = append(out, e)
		}
	}
	return clone(out)
}

// clone copies events, so that a caller never holds the store's payloads.
func clone(in []events.Event) []events.Event {
	out := make([]events.Event, len(in))
	for i, e := range in {
		e.Data = append([]byte(nil), e.Data...)
		out[i] = e
	}
	return out
}

// Load implements events.Store.
func (s *Store) Load(ctx context.Context, campaign string, after int64, fn func(events.Event) error) error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return errClosed
	}
	stream := s.streams[campaign]
	if after < 0 {
		after = 0
	}
	var todo []events.Event
	if after < int64(len(stream)) {
		todo = clone(stream[after:])
	}
	s.mu.Unlock()
	for _, e := range todo {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := fn(e); err != nil {
			return err
		}
	}
	return nil
}

// Campaigns implements events.Store.
func (s *Store) Campaigns(context.Context) ([]string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.order...), nil
}

// Close implements events.Store.
func (s *Store) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.closed = true
	return nil
}

// Version implements events.Versioner.
func (s *Store) Version(_ context.Context, campaign string) (int64, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return int64(len(s.streams[campaign])), nil
}

// Action implements events.ActionLoader.
func (s *Store) Action(_ context.Context, campaign, action string) ([]events.Event, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return actionOf(s.streams[campaign], action), nil
}

// Setting implements events.Settings.
func (s *Store) Setting(_ context.Context, key string) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.settings[key], nil
}

// SetSetting implements events.Settings.
func (s *Store) SetSetting(_ context.Context, key, value string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.settings[key] = value
	return nil
}

// Entries implements events.Directory.
func (s *Store) Entries(context.Context) ([]events.Entry, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]events.Entry, len(s.order))
	for i, st := range s.order {
		out[i] = *s.entries[st]
	}
	return out, nil
}

// Lookup implements events.Directory.
func (s *Store) Lookup(_ context.Context, name string) (string, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := s.named(name)
	return st, st != "", nil
}

// Create implements events.Directory.
func (s *Store) Create(ctx context.Context, e events.Entry, action string, facts []events.Fact) ([]events.Event, error) {
	if e.Chain != e.Stream {
		return nil, fmt.Errorf("create %q: a new stream's chain is its own key", e.Stream)
	}
	return s.append(ctx, &e, e.Stream, 0, action, facts)
}

// Import implements events.Directory.
func (s *Store) Import(ctx context.Context, entry events.Entry, expected int64, evs []events.Event) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s.writing.Lock()
	defer s.writing.Unlock()
	s.mu.Lock()
	defer s.mu.Unlock()
	stream := s.streams[entry.Stream]
	var head string
	if len(stream) > 0 {
		head = stream[len(stream)-1].Hash
	}
	check, err := events.ImportChecker(entry, expected, int64(len(stream)), head, func() (string, error) { return s.chain(entry.Stream), nil })
	if err != nil {
		return err
	}
	if expected == 0 && s.named(entry.Name) != "" {
		return fmt.Errorf("campaign %q: %w", entry.Name, events.ErrNameTaken)
	}
	out := make([]events.Event, len(evs))
	for i, e := range evs {
		e.Campaign = entry.Chain
		if err := check.Check(e); err != nil {
			return err
		}
		e.Seq = s.seq + int64(i) + 1
		out[i] = e
	}
	if expected == 0 {
		s.order = append(s.order, entry.Stream)
		c := entry
		s.entries[entry.Stream] = &c
	}
	s.seq += int64(len(out))
	s.streams[entry.Stream] = append(stream, clone(out)...)
	return nil
}

// Rename implements events.Directory.
func (s *Store) Rename(_ context.Context, stream, name string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	e := s.entries[stream]
	if e == nil {
		return fmt.Errorf("no campaign %q", stream)
	}
	if other := s.named(name); other != "" && other != stream {
		return fmt.Errorf("campaign %q: %w", name, events.ErrNameTaken)
	}
	e.Name = name
	return nil
}

// SetArchived implements events.Directory.
func (s *Store) SetArchived(_ context.Context, stream string, archived bool) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	e := s.entries[stream]
	if e == nil {
		return fmt.Errorf("no campaign %q", stream)
	}
	e.Archived = archived
	return nil
}

// Delete implements events.Directory.
func (s *Store) Delete(ctx context.Context, stream string, last func(context.Context, events.Store) error) error {
	s.writing.Lock()
	defer s.writing.Unlock()
	if last != nil {
		if err := last(ctx, s); err != nil {
			return err
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.streams, stream)
	delete(s.entries, stream)
	for i, st := range s.order {
		if st == stream {
			s.order = append(s.order[:i], s.order[i+1:]...)
			break
		}
	}
	return nil
}

var (
	_ events.Directory    = (*Store)(nil)
	_ events.Store        = (*Store)(nil)
	_ events.Versioner    = (*Store)(nil)
	_ events.ActionLoader = (*Store)(nil)
	_ events.Settings     = (*Store)(nil)
)
