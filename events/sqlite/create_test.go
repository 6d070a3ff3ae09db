package sqlite_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"warlog/events"
	"warlog/events/sqlite"
)

// TestHotJournalRolledBack: a writer killed in the middle of a transaction
// on a file in rollback-journal mode (as the first switch of a new file to
// WAL is) leaves the file part-written and a hot -journal beside it. Open
// lets SQLite roll that journal back before judging the file, which is then
// what it was before the transaction (here: empty, so it becomes a new
// database), instead of calling it damaged.
func TestHotJournalRolledBack(t *testing.T) {
	dir := t.TempDir()
	live := filepath.Join(dir, "live.db")
	if err := os.WriteFile(live, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	db := rawDB(t, live)
	exec(t, db, `PRAGMA cache_size = 2`) // spill pages into the file before the commit
	exec(t, db, `BEGIN`)
	exec(t, db, `CREATE TABLE filler (x BLOB)`)
	for range 50 {
		exec(t, db, `INSERT INTO filler VALUES (randomblob(3000))`)
	}
	// Copy the pair while the transaction is open: a crash image.
	crash := filepath.Join(dir, "crash.db")
	for _, ext := range []string{"", "-journal"} {
		b, err := os.ReadFile(live + ext)
		if err != nil {
			t.Fatal(err)
		}
		if len(b) == 0 {
			t.Fatalf("%s is empty: the transaction did not spill", filepath.Base(live+ext))
		}
		if err := os.WriteFile(crash+ext, b, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	exec(t, db, `ROLLBACK`)
	db.Close()

	s, err := sqlite.Open(crash, sqlite.Options{})
	if err != nil {
		t.Fatalf("Open after a crash mid-transaction: %v", err)
	}
	defer s.Close()
	ctx := context.Background()
	if _, err := s.Append(ctx, "c", 0, "a", []events.Fact{{Type: "test.fact"}}); err != nil {
		t.Errorf("Append after the rollback: %v", err)
	}
	var filler int
	if err := s.DB().QueryRow(`SELECT count(*) FROM sqlite_master WHERE name = 'filler'`).Scan(&filler); err != nil || filler != 0 {
		t.Errorf("the unfinished transaction's table is there (%d, %v)", filler, err)
	}
	if err := s.Check(ctx); err != nil {
		t.Errorf("Check: %v", err)
	}
}

// TestCreationLeavesNothingOnFailure: a database that cannot be created
// (here: its directory is a file) leaves no file, and a failed creation's
// temporary files are not left beside the path.
func TestCreationLeavesNothingOnFailure(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "w.db")
	s := mustOpen(t, path)
	s.Close()
	names, _ := filepath.Glob(filepath.Join(dir, "*"))
	hidden, _ := filepath.Glob(filepath.Join(dir, ".*"))
	if len(names) != 1 || len(hidden) != 0 {
		t.Errorf("after creating w.db the directory holds %v and %v, want w.db alone", names, hidden)
	}
	// A stale temporary file of a killed creation is removed by the next.
	stale := filepath.Join(dir, ".x.db.creating-123")
	for _, ext := range []string{"", "-journal"} {
		if err := os.WriteFile(stale+ext, []byte("half"), 0o600); err != nil {
			t.Fatal(err)
		}
		old := mustTime(t, "2020-01-01T00:00:00Z")
		if err := os.Chtimes(stale+ext, old, old); err != nil {
			t.Fatal(err)
		}
	}
	fresh := filepath.Join(dir, ".x.db.creating-456")
	if err := os.WriteFile(fresh, []byte("in progress"), 0o600); err != nil {
		t.Fatal(err)
	}
	mustOpen(t, filepath.Join(dir, "x.db")).Close()
	for _, p := range []string{stale, stale + "-journal"} {
		if _, err := os.Stat(p); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s of a killed creation was left (%v)", filepath.Base(p), err)
		}
	}
	if _, err := os.Stat(fresh); err != nil {
		t.Errorf("a creation in progress lost its temporary file: %v", err)
	}
	if _, err := sqlite.Open(filepath.Join(path, "sub.db"), sqlite.Options{}); err == nil || strings.Contains(err.Error(), "creating-") {
		t.Errorf("creating under a file: %v; want an error that does not name a temporary file", err)
	}
}

func mustTime(t *testing.T, s string) time.Time {
	t.Helper()
	tm, err := time.Parse(time.RFC3339, s)
	if err != nil {
		t.Fatal(err)
	}
	return tm
}
