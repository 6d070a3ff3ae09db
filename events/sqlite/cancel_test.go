package sqlite_test

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"warlog/events"
	"warlog/events/sqlite"
)

// Statements run without the caller's cancellation (quiet), so what can
// last must stop on it otherwise: an Append waiting for another writer's
// lock ends when its context is cancelled, long before the busy timeout,
// writing nothing; and a long read stops within 1,024 rows of it.
func TestCancellationStopsWaitsAndLongReads(t *testing.T) {
	path := filepath.Join(t.TempDir(), "warlog.db")
	s, err := sqlite.Open(path, sqlite.Options{BusyTimeout: 20 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	bg := context.Background()
	facts := make([]events.Fact, 3000)
	for i := range facts {
		facts[i] = events.Fact{Type: "test.fact", Data: map[string]int{"n": i}}
	}
	if _, err := s.Append(bg, "c", 0, "a", facts); err != nil {
		t.Fatal(err)
	}

	// A long read after version 1 (the database/sql path) and from the
	// start (SQLite's C-level API): cancelled at the first row.
	for _, after := range []int64{1, 0} {
		ctx, cancel := context.WithCancel(bg)
		rows := 0
		err := events.Stream(ctx, s, "c", after, func(*events.Event) error {
			rows++
			cancel()
			return nil
		})
		if !errors.Is(err, context.Canceled) || rows > 1024 {
			t.Errorf("a read after %d cancelled at its first row: %v after %d rows; want context.Canceled within 1,024", after, err, rows)
		}
	}

	other := rawDB(t, path)
	conn, err := other.Conn(bg)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(bg, `BEGIN IMMEDIATE`); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(bg)
	time.AfterFunc(200*time.Millisecond, cancel)
	start := time.Now()
	_, err = s.Append(ctx, "c", 3000, "b", []events.Fact{{Type: "test.fact"}})
	waited := time.Since(start)
	if _, rerr := conn.ExecContext(bg, `ROLLBACK`); rerr != nil {
		t.Fatal(rerr)
	}
	if err == nil || waited > 5*time.Second {
		t.Fatalf("Append cancelled while waiting for the write lock: %v after %v; want an error within seconds, not the 20 s busy timeout", err, waited)
	}
	if v, _ := s.Version(bg, "c"); v != 3000 {
		t.Errorf("the cancelled Append wrote: version %d, want 3000", v)
	}
}
