package sqlite_test

import (
	"context"
	"fmt"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"warlog/events"
	"warlog/events/sqlite"
	"warlog/internal/storetest"
)

// The store suite once more with every stream read through the C-level
// API (rawStream), however short.
func TestStoreRawStream(t *testing.T) {
	defer sqlite.SetRawFrom(0)()
	storetest.Run(t, func(t *testing.T) events.Store { s, _ := tempDB(t); return s })
}

// streamed copies what Stream gives (its payload is valid only during fn).
func streamed(t *testing.T, s *sqlite.Store, campaign string, after int64) []events.Event {
	t.Helper()
	var out []events.Event
	err := s.Stream(context.Background(), campaign, after, func(e *events.Event) error {
		c := *e
		c.Data = append([]byte(nil), e.Data...)
		out = append(out, c)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// The C-level reader gives what database/sql gives, event for event, from
// the start and from the middle, on a store opened for writing and on one
// opened read-only; including the time of an action another writer stored
// without action.begun, which it looks up.
func TestRawStreamMatchesStream(t *testing.T) {
	path := filepath.Join(t.TempDir(), "w.db")
	clock := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	s, err := sqlite.Open(path, sqlite.Options{Now: func() time.Time { clock = clock.Add(time.Second); return clock }})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	v := int64(0)
	for i := range 60 {
		facts := []events.Fact{{Type: events.TypeActionBegun, Data: map[string]any{"verb": "roll", "n": i}}}
		if i%7 == 3 {
			facts = nil // an action of another writer, without action.begun
		}
		for j := range i % 4 {
			facts = append(facts, events.Fact{Type: fmt.Sprintf("test.kind%d", j), Data: map[string]any{"i": i, "j": j, "text": "ünïcode ✓"}})
		}
		if len(facts) == 0 {
			facts = append(facts, events.Fact{Type: "test.lone", Data: map[string]int{"i": i}})
		}
		evs, err := s.Append(ctx, "c", v, fmt.Sprintf("a%02d", i), facts)
		if err != nil {
			t.Fatal(err)
		}
		v = evs[len(evs)-1].Version
	}
	ro, err := sqlite.Open(path, sqlite.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	for _, st := range []*sqlite.Store{s, ro} {
		for _, after := range []int64{0, 1, v / 2, v - 1, v} {
			plain := streamed(t, st, "c", after)
			restore := sqlite.SetRawFrom(0)
			raw := streamed(t, st, "c", after)
			restore()
			if !reflect.DeepEqual(plain, raw) {
				t.Fatalf("after %d: the C-level reader gives\n%+v\nwhere database/sql gives\n%+v", after, raw, plain)
			}
			if after < v && (len(plain) == 0 || plain[len(plain)-1].Hash == "") {
				t.Fatalf("after %d: no head hash in %+v", after, plain)
			}
		}
	}
}

// The short read after a snapshot goes through the C-level reader on a
// connection borrowed from the pool: the driver's connection must give its
// handle (an upgrade of modernc.org/sqlite that keeps it otherwise fails
// here rather than slowing every command quietly), and what is read that
// way is what database/sql reads.
func TestBorrowedConnectionIsRaw(t *testing.T) {
	s, _ := tempDB(t)
	if !sqlite.BorrowsRaw(s) {
		t.Fatal("the driver's connection gives no SQLite handle to borrow: Stream after a snapshot falls back to database/sql")
	}
}

// When the driver's connection does not give its handle, Stream reads
// through database/sql: what it reads is the same, from the start and
// from the middle, on a store opened for writing and on one opened
// read-only.
func TestBorrowFallsBack(t *testing.T) {
	path := filepath.Join(t.TempDir(), "w.db")
	s, err := sqlite.Open(path, sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	v := int64(0)
	for i := range 40 {
		facts := []events.Fact{{Type: events.TypeActionBegun, Data: map[string]any{"verb": "roll", "n": i}}}
		for j := range i % 3 {
			facts = append(facts, events.Fact{Type: fmt.Sprintf("test.kind%d", j), Data: map[string]any{"i": i, "j": j}})
		}
		evs, err := s.Append(ctx, "c", v, fmt.Sprintf("a%02d", i), facts)
		if err != nil {
			t.Fatal(err)
		}
		v = evs[len(evs)-1].Version
	}
	ro, err := sqlite.Open(path, sqlite.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	for _, st := range []*sqlite.Store{s, ro} {
		for _, after := range []int64{0, 1, v / 2, v} {
			borrowed := streamed(t, st, "c", after)
			restore := sqlite.NoBorrow()
			if sqlite.BorrowsRaw(st) {
				t.Fatal("NoBorrow left the handle to borrow")
			}
			plain := streamed(t, st, "c", after)
			restore()
			if !reflect.DeepEqual(plain, borrowed) {
				t.Fatalf("after %d: database/sql gives\n%+v\nwhere the borrowed connection gives\n%+v", after, plain, borrowed)
			}
			if want := v - after; int64(len(plain)) != want {
				t.Fatalf("after %d: %d events, want %d", after, len(plain), want)
			}
		}
	}
}
