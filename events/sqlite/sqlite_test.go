package sqlite_test

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"warlog/events"
	"warlog/events/sqlite"
	"warlog/internal/storetest"
)

// mustOpen opens (creating) the store at path and closes it when the test ends.
func mustOpen(tb testing.TB, path string) *sqlite.Store {
	tb.Helper()
	s, err := sqlite.Open(path, sqlite.Options{})
	if err != nil {
		tb.Fatalf("Open(%s): %v", path, err)
	}
	tb.Cleanup(func() { s.Close() })
	return s
}

// tempDB is a fresh database file in the test's temporary directory.
func tempDB(tb testing.TB) (*sqlite.Store, string) {
	tb.Helper()
	path := filepath.Join(tb.TempDir(), "warlog.db")
	return mustOpen(tb, path), path
}

func TestStore(t *testing.T) {
	storetest.Run(t,
		func(t *testing.T) events.Store { s, _ := tempDB(t); return s },
		storetest.WithFailure(func(t *testing.T, s events.Store) string {
			_, err := s.(*sqlite.Store).DB().Exec(`CREATE TRIGGER boom BEFORE INSERT ON events WHEN NEW.type = 'boom' BEGIN SELECT RAISE(ABORT, 'boom'); END`)
			if err != nil {
				t.Fatalf("arm the failure: %v", err)
			}
			return "boom"
		}))
}

// rawDB opens the file with no settings at all, as another program would.
func rawDB(tb testing.TB, path string) *sql.DB {
	tb.Helper()
	db, err := sql.Open("sqlite", path)
	if err != nil {
		tb.Fatal(err)
	}
	db.SetMaxOpenConns(1)
	tb.Cleanup(func() { db.Close() })
	return db
}

func exec(tb testing.TB, db *sql.DB, q string, args ...any) {
	tb.Helper()
	if _, err := db.Exec(q, args...); err != nil {
		tb.Fatalf("%s: %v", q, err)
	}
}

func fileHash(tb testing.TB, path string) string {
	tb.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

func noSidecars(tb testing.TB, path string) {
	tb.Helper()
	for _, ext := range []string{"-wal", "-shm", "-journal"} {
		if _, err := os.Stat(path + ext); err == nil {
			tb.Errorf("%s was left behind", filepath.Base(path+ext))
		}
	}
}

func userVersion(tb testing.TB, path string) int {
	tb.Helper()
	db := rawDB(tb, path)
	var v int
	if err := db.QueryRow(`PRAGMA user_version`).Scan(&v); err != nil {
		tb.Fatal(err)
	}
	db.Close()
	return v
}

// TestRefusesNewerSchema: a file written by a newer warlog is refused with
// ErrNewerSchema and left byte for byte as it was.
func TestRefusesNewerSchema(t *testing.T) {
	for _, mode := range []string{"wal", "delete"} {
		t.Run(mode, func(t *testing.T) {
			s, path := tempDB(t)
			if _, err := s.Append(context.Background(), "c", 0, "a", []events.Fact{{Type: "test.fact", Data: map[string]int{"n": 1}}}); err != nil {
				t.Fatal(err)
			}
			if err := s.Close(); err != nil {
				t.Fatal(err)
			}
			db := rawDB(t, path)
			exec(t, db, `PRAGMA journal_mode = `+mode)
			exec(t, db, `PRAGMA user_version = 99`)
			if err := db.Close(); err != nil {
				t.Fatal(err)
			}
			noSidecars(t, path)
			before := fileHash(t, path)

			got, err := sqlite.Open(path, sqlite.Options{})
			if err == nil {
				got.Close()
				t.Fatalf("Open of a schema-99 file succeeded")
			}
			if !errors.Is(err, events.ErrNewerSchema) {
				t.Errorf("Open: %v, want ErrNewerSchema", err)
			}
			if !strings.Contains(err.Error(), "not changed") {
				t.Errorf("the refusal %q does not say the file was left unchanged", err)
			}
			if after := fileHash(t, path); after != before {
				t.Errorf("the refused file changed: sha256 %s, was %s", after, before)
			}
			noSidecars(t, path)
		})
	}
}

// TestRefusesForeignFiles: a file that is not SQLite, or is another
// program's SQLite database, is refused with ErrCorrupt and not changed.
func TestRefusesForeignFiles(t *testing.T) {
	cases := []struct {
		name string
		make func(t *testing.T, path string)
	}{
		{"text file", func(t *testing.T, path string) {
			if err := os.WriteFile(path, []byte(strings.Repeat("this is my shopping list, not a database\n", 200)), 0o600); err != nil {
				t.Fatal(err)
			}
		}},
		{"random bytes", func(t *testing.T, path string) {
			b := make([]byte, 8192)
			for i := range b {
				b[i] = byte(i*131 + 7)
			}
			if err := os.WriteFile(path, b, 0o600); err != nil {
				t.Fatal(err)
			}
		}},
		{"another program's sqlite", func(t *testing.T, path string) {
			db := rawDB(t, path)
			exec(t, db, `CREATE TABLE recipes (name TEXT)`)
			exec(t, db, `INSERT INTO recipes VALUES ('soup')`)
			db.Close()
		}},
		{"another program's sqlite with a user_version", func(t *testing.T, path string) {
			db := rawDB(t, path)
			exec(t, db, `CREATE TABLE recipes (name TEXT)`)
			exec(t, db, `PRAGMA user_version = 1`)
			exec(t, db, `PRAGMA application_id = 1234`)
			db.Close()
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "other.db")
			c.make(t, path)
			before := fileHash(t, path)
			s, err := sqlite.Open(path, sqlite.Options{})
			if err == nil {
				s.Close()
				t.Fatalf("Open of %s succeeded", c.name)
			}
			if !errors.Is(err, events.ErrCorrupt) {
				t.Errorf("Open: %v, want ErrCorrupt", err)
			}
			if strings.Contains(err.Error(), "SQLITE_") {
				t.Errorf("the refusal shows a raw driver code: %v", err)
			}
			if after := fileHash(t, path); after != before {
				t.Errorf("the refused file changed")
			}
			noSidecars(t, path)
		})
	}
}

// TestFileModes: the database and its -wal and -shm are private (0600),
// checked while the store is open after writes; a new directory is 0700.
func TestFileModes(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "new", "dir")
	path := filepath.Join(dir, "warlog.db")
	s := mustOpen(t, path)
	ctx := context.Background()
	for i := range 3 {
		if _, err := s.Append(ctx, "c", int64(i), string(rune('a'+i)), []events.Fact{{Type: "test.fact"}}); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.SetSetting(ctx, "campaign", "c"); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{path, path + "-wal", path + "-shm"} {
		fi, err := os.Stat(p)
		if err != nil {
			t.Errorf("%s: %v (want it present while open in WAL mode)", filepath.Base(p), err)
			continue
		}
		if m := fi.Mode().Perm(); m != 0o600 {
			t.Errorf("%s has mode %o, want 600", filepath.Base(p), m)
		}
	}
	fi, err := os.Stat(dir)
	if err != nil {
		t.Fatal(err)
	}
	if m := fi.Mode().Perm(); m != 0o700 {
		t.Errorf("created directory has mode %o, want 700", m)
	}
	var mode string
	if err := s.DB().QueryRow(`PRAGMA journal_mode`).Scan(&mode); err != nil || mode != "wal" {
		t.Errorf("journal_mode = %q (%v), want wal", mode, err)
	}
}

// TestAppendOnlyTriggers: the log refuses UPDATE and DELETE even through SQL.
func TestAppendOnlyTriggers(t *testing.T) {
	s, path := tempDB(t)
	ctx := context.Background()
	stored, err := s.Append(ctx, "c", 0, "a", []events.Fact{{Type: "test.fact", Data: map[string]int{"n": 1}}, {Type: "test.fact"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, db := range []*sql.DB{s.DB(), rawDB(t, path)} {
		for _, q := range []string{
			`UPDATE events SET data = '{"n":2}' WHERE version = 1`,
			`UPDATE events SET version = 9 WHERE version = 2`,
			`DELETE FROM events WHERE version = 2`,
			`DELETE FROM events`,
		} {
			_, err := db.Exec(q)
			if err == nil || !strings.Contains(err.Error(), "append-only") {
				t.Errorf("%s: %v, want refused as append-only", q, err)
			}
		}
	}
	r, err := events.VerifyStream(ctx, s, "c")
	if err != nil || r.Events != 2 || r.Head != stored[1].Hash {
		t.Errorf("after the refused edits VerifyStream = %+v, %v", r, err)
	}
}

// TestMigrationsTwice: opening a database again (sequentially and while it
// is open elsewhere) applies nothing twice and keeps the log.
func TestMigrationsTwice(t *testing.T) {
	s1, path := tempDB(t)
	ctx := context.Background()
	first, err := s1.Append(ctx, "c", 0, "a", []events.Fact{{Type: "test.fact"}})
	if err != nil {
		t.Fatal(err)
	}
	s2 := mustOpen(t, path) // while s1 is open
	if _, err := s2.Append(ctx, "c", 1, "b", []events.Fact{{Type: "test.fact"}}); err != nil {
		t.Fatalf("append through the second handle: %v", err)
	}
	s1.Close()
	s2.Close()
	s3 := mustOpen(t, path)
	if _, err := s3.Append(ctx, "c", 2, "c", []events.Fact{{Type: "test.fact"}}); err != nil {
		t.Fatalf("append after reopening: %v", err)
	}
	r, err := events.VerifyStream(ctx, s3, "c")
	if err != nil || r.Events != 3 {
		t.Errorf("VerifyStream = %+v, %v; want 3 events", r, err)
	}
	got, _ := s3.Action(ctx, "c", "a")
	if len(got) != 1 || got[0].Hash != first[0].Hash {
		t.Errorf("the first action changed across reopenings: %v", got)
	}
	var triggers, tables int
	if err := s3.DB().QueryRow(`SELECT count(*) FROM sqlite_master WHERE type = 'trigger'`).Scan(&triggers); err != nil {
		t.Fatal(err)
	}
	if err := s3.DB().QueryRow(`SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN ('events', 'settings')`).Scan(&tables); err != nil {
		t.Fatal(err)
	}
	if triggers != 2 || tables != 2 {
		t.Errorf("schema has %d triggers and %d tables, want 2 and 2", triggers, tables)
	}
	s3.Close()
	if v := userVersion(t, path); v != sqlite.SchemaVersion() {
		t.Errorf("user_version = %d, want %d", v, sqlite.SchemaVersion())
	}
}

// TestOpenRefusesBadPaths: the path is a file name, never DSN syntax.
func TestOpenRefusesBadPaths(t *testing.T) {
	for _, p := range []string{"", ":memory:", filepath.Join(t.TempDir(), "x.db?mode=ro"), filepath.Join(t.TempDir(), "x#y")} {
		if s, err := sqlite.Open(p, sqlite.Options{}); err == nil {
			s.Close()
			t.Errorf("Open(%q) succeeded", p)
		}
	}
}

// TestConcurrentFirstOpen: several handles open one file that does not
// exist yet at the same moment (two warlogs started together): each opens,
// the migrations run once, and every handle can write.
func TestConcurrentFirstOpen(t *testing.T) {
	for round := range 20 {
		path := filepath.Join(t.TempDir(), "fresh.db")
		const n = 6
		errs := make([]error, n)
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i := range n {
			wg.Go(func() {
				<-start
				s, err := sqlite.Open(path, sqlite.Options{})
				if err != nil {
					errs[i] = fmt.Errorf("open: %w", err)
					return
				}
				defer s.Close()
				if _, err := s.Append(context.Background(), fmt.Sprintf("c%d", i), 0, "a", []events.Fact{{Type: "test.fact"}}); err != nil {
					errs[i] = fmt.Errorf("append: %w", err)
				}
			})
		}
		close(start)
		wg.Wait()
		for i, err := range errs {
			if err != nil {
				t.Errorf("round %d, handle %d: %v", round, i, err)
			}
		}
		s := mustOpen(t, path)
		got, err := s.Campaigns(context.Background())
		if err != nil || len(got) != n {
			t.Errorf("round %d: Campaigns = %v, %v; want %d streams", round, got, err, n)
		}
		var triggers int
		if err := s.DB().QueryRow(`SELECT count(*) FROM sqlite_master WHERE type = 'trigger'`).Scan(&triggers); err != nil || triggers != 2 {
			t.Errorf("round %d: %d triggers (%v), want 2", round, triggers, err)
		}
		s.Close()
		if v := userVersion(t, path); v != sqlite.SchemaVersion() {
			t.Errorf("round %d: user_version = %d, want %d", round, v, sqlite.SchemaVersion())
		}
	}
}

// TestBusy: a writer that holds the lock past the busy timeout makes Append
// wait that long, then fail with ErrBusy and write nothing; a reader never
// blocks a writer (WAL).
func TestBusy(t *testing.T) {
	path := filepath.Join(t.TempDir(), "warlog.db")
	s, err := sqlite.Open(path, sqlite.Options{BusyTimeout: 300 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	if _, err := s.Append(ctx, "c", 0, "a", []events.Fact{{Type: "test.fact"}}); err != nil {
		t.Fatal(err)
	}
	other := rawDB(t, path)
	conn, err := other.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()

	// A reader holding a snapshot.
	if _, err := conn.ExecContext(ctx, `BEGIN`); err != nil {
		t.Fatal(err)
	}
	var n int
	if err := conn.QueryRowContext(ctx, `SELECT count(*) FROM events`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Append(ctx, "c", 1, "b", []events.Fact{{Type: "test.fact"}}); err != nil {
		t.Errorf("Append while another connection reads: %v", err)
	}
	if _, err := conn.ExecContext(ctx, `COMMIT`); err != nil {
		t.Fatal(err)
	}

	// A writer holding the lock.
	if _, err := conn.ExecContext(ctx, `BEGIN IMMEDIATE`); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	_, err = s.Append(ctx, "c", 2, "c", []events.Fact{{Type: "test.fact"}})
	waited := time.Since(start)
	if _, rerr := conn.ExecContext(ctx, `ROLLBACK`); rerr != nil {
		t.Fatal(rerr)
	}
	if !errors.Is(err, events.ErrBusy) {
		t.Fatalf("Append while another holds the write lock: %v, want ErrBusy", err)
	}
	if waited < 250*time.Millisecond || waited > 5*time.Second {
		t.Errorf("Append gave up after %v, want about the 300ms busy timeout", waited)
	}
	if v, _ := s.Version(ctx, "c"); v != 2 {
		t.Errorf("after ErrBusy Version = %d, want 2", v)
	}
	if _, err := s.Append(ctx, "c", 2, "c", []events.Fact{{Type: "test.fact"}}); err != nil {
		t.Errorf("Append once the lock is free: %v", err)
	}
	if msg := err.Error(); strings.Contains(msg, "SQLITE_") || strings.Contains(msg, "database is locked") {
		t.Errorf("the ErrBusy message carries the raw driver text: %q", msg)
	}
}

// TestRefusesNewerSchemaWithWAL: the newer warlog stopped without
// checkpointing (its -wal holds the latest pages). Refusing the file must not
// checkpoint or recover that WAL into it: neither file may change.
func TestRefusesNewerSchemaWithWAL(t *testing.T) {
	dir := t.TempDir()
	live := filepath.Join(dir, "live.db")
	s := mustOpen(t, live)
	if _, err := s.Append(context.Background(), "c", 0, "a", []events.Fact{{Type: "test.fact"}}); err != nil {
		t.Fatal(err)
	}
	s.Close()
	db := rawDB(t, live)
	exec(t, db, `PRAGMA wal_autocheckpoint = 0`)
	exec(t, db, `PRAGMA user_version = 99`)
	exec(t, db, `CREATE TABLE newer_things (x)`)
	// Copy the pair while the writer still has them open: a crash image.
	crash := filepath.Join(dir, "crash.db")
	for _, ext := range []string{"", "-wal"} {
		b, err := os.ReadFile(live + ext)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(crash+ext, b, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	before, beforeWAL := fileHash(t, crash), fileHash(t, crash+"-wal")

	got, err := sqlite.Open(crash, sqlite.Options{})
	if err == nil {
		got.Close()
		t.Fatalf("Open of a schema-99 file succeeded")
	}
	if !errors.Is(err, events.ErrNewerSchema) {
		t.Errorf("Open: %v, want ErrNewerSchema", err)
	}
	after := fileHash(t, crash)
	_, walErr := os.Stat(crash + "-wal")
	if after != before || walErr != nil || fileHash(t, crash+"-wal") != beforeWAL {
		msg := fmt.Sprintf("refusing the file changed it: main file changed %v, -wal present %v", after != before, walErr == nil)
		t.Error(msg)
	}
}

// TestDamagedPages: garbage over a page of a real warlog database is found
// by Open or by Check (PRAGMA integrity_check), as ErrCorrupt, never as a
// raw driver error.
func TestDamagedPages(t *testing.T) {
	s, path := tempDB(t)
	ctx := context.Background()
	for i := range 40 {
		fs := make([]events.Fact, 5)
		for j := range fs {
			fs[j] = events.Fact{Type: "test.fact", Data: map[string]string{"text": strings.Repeat("x", 200)}}
		}
		if _, err := s.Append(ctx, "c", int64(i*5), fmt.Sprint(i), fs); err != nil {
			t.Fatal(err)
		}
	}
	s.Close()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	page := 4096
	if len(b) < 8*page {
		t.Fatalf("the database is only %d bytes", len(b))
	}
	for i := 5 * page; i < 6*page; i++ {
		b[i] = byte(i * 37)
	}
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
	s2, err := sqlite.Open(path, sqlite.Options{})
	if err == nil {
		defer s2.Close()
		err = s2.Check(ctx)
	}
	if !errors.Is(err, events.ErrCorrupt) {
		t.Errorf("a damaged page: %v, want ErrCorrupt from Open or Check", err)
	}
	t.Logf("found: %v", err)
}

// Deleting a campaign drops the append-only trigger only inside its own
// transaction: afterwards the schema is word for word what the migrations
// made, and the other streams are still append-only.
func TestDeleteKeepsTheLogAppendOnly(t *testing.T) {
	s, path := tempDB(t)
	ctx := context.Background()
	schema := func() string {
		var b strings.Builder
		rows, err := s.DB().Query(`SELECT type, name, sql FROM sqlite_master ORDER BY type, name`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		for rows.Next() {
			var typ, name string
			var q sql.NullString
			if err := rows.Scan(&typ, &name, &q); err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&b, "%s %s %s\n", typ, name, q.String)
		}
		return b.String()
	}
	want := schema()
	for _, c := range []string{"gone", "kept"} {
		if _, err := s.Append(ctx, c, 0, "a", []events.Fact{{Type: "test.fact"}}); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Delete(ctx, "gone", nil); err != nil {
		t.Fatalf("Delete: %v", err)
	}
	if got := schema(); got != want {
		t.Errorf("the schema after a delete:\n%s\nwant\n%s", got, want)
	}
	db := rawDB(t, path)
	if _, err := db.Exec(`DELETE FROM events WHERE campaign = 'kept'`); err == nil || !strings.Contains(err.Error(), "append-only") {
		t.Errorf("a plain DELETE after a campaign's delete: %v, want the append-only refusal", err)
	}
}

// A migration's version is its file's number: this build's schema is the
// newest file's number, whatever numbers it skips.
func TestSchemaVersionIsTheNewestFilesNumber(t *testing.T) {
	names, err := filepath.Glob("migrations/*.sql")
	if err != nil || len(names) == 0 {
		t.Fatalf("no migrations: %v", err)
	}
	last := filepath.Base(names[len(names)-1])
	var want int
	fmt.Sscanf(last, "%d_", &want)
	if got := sqlite.SchemaVersion(); got != want {
		t.Errorf("SchemaVersion() = %d, want %d (%s)", got, want, last)
	}
	_, path := tempDB(t)
	if got := userVersion(t, path); got != want {
		t.Errorf("a new file's user_version = %d, want %d", got, want)
	}
}

// TestReadOnlyOpen: a read-only store creates no file where there is none
// (events.ErrNoDatabase), reads an existing one, refuses every write as
// events.ErrAccess and leaves the file as it was.
func TestReadOnlyOpen(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "sub", "none.db")
	if s, err := sqlite.Open(missing, sqlite.Options{ReadOnly: true}); !errors.Is(err, events.ErrNoDatabase) {
		if err == nil {
			s.Close()
		}
		t.Errorf("read-only Open of a missing file: %v, want events.ErrNoDatabase", err)
	}
	if _, err := os.Stat(filepath.Dir(missing)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("read-only Open of a missing file created its directory (%v)", err)
	}

	w, path := tempDB(t)
	ctx := context.Background()
	stored, err := w.Append(ctx, "c", 0, "a", []events.Fact{{Type: "test.fact", Data: map[string]int{"n": 1}}})
	if err != nil {
		t.Fatal(err)
	}
	w.Close()
	before := fileHash(t, path)
	r, err := sqlite.Open(path, sqlite.Options{ReadOnly: true})
	if err != nil {
		t.Fatalf("read-only Open: %v", err)
	}
	got, err := r.Action(ctx, "c", "a")
	if err != nil || len(got) != 1 || got[0].Hash != stored[0].Hash {
		t.Errorf("read-only Action = %v, %v; want the stored event", got, err)
	}
	if _, err := r.Append(ctx, "c", 1, "b", []events.Fact{{Type: "test.fact"}}); !errors.Is(err, events.ErrAccess) {
		t.Errorf("Append through a read-only store: %v, want events.ErrAccess", err)
	}
	if err := r.SetSetting(ctx, "k", "v"); !errors.Is(err, events.ErrAccess) {
		t.Errorf("SetSetting through a read-only store: %v, want events.ErrAccess", err)
	}
	r.Close()
	if fileHash(t, path) != before {
		t.Errorf("the file changed under a read-only store")
	}
	noSidecars(t, path)
}

// TestTightensExistingModes: a database left readable by others (mode 0644
// by an older warlog, a copy, an umask) is made private on opening, read
// or write, with its -wal and -shm; the -wal and -shm SQLite makes later
// follow the file's mode. A file of another user's is left as it is, with
// a warning.
func TestTightensExistingModes(t *testing.T) {
	ctx := context.Background()
	for _, ro := range []bool{false, true} {
		t.Run(fmt.Sprintf("read-only %v", ro), func(t *testing.T) {
			s, path := tempDB(t)
			s.Close()
			for _, p := range []string{path, path + "-wal", path + "-shm"} {
				if p != path { // the database keeps its pages: an empty file is none
					if err := os.WriteFile(p, nil, 0o600); err != nil {
						t.Fatal(err)
					}
				}
				if err := os.Chmod(p, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			var warned []string
			s2, err := sqlite.Open(path, sqlite.Options{ReadOnly: ro, Warn: func(m string) { warned = append(warned, m) }})
			if err != nil {
				t.Fatal(err)
			}
			defer s2.Close()
			if !ro {
				if _, err := s2.Append(ctx, "c", 0, "a", []events.Fact{{Type: "test.fact"}}); err != nil {
					t.Fatal(err)
				}
			} else if _, err := s2.Campaigns(ctx); err != nil {
				t.Fatal(err)
			}
			for _, p := range []string{path, path + "-wal", path + "-shm"} {
				fi, err := os.Stat(p)
				if err != nil {
					t.Errorf("%s: %v", filepath.Base(p), err)
					continue
				}
				if m := fi.Mode().Perm(); m != 0o600 {
					t.Errorf("%s is mode %o after opening, want 600", filepath.Base(p), m)
				}
			}
			if len(warned) != 0 {
				t.Errorf("warned %q about the user's own file", warned)
			}
		})
	}
	// Another user's file: only root can make one here.
	if os.Geteuid() != 0 {
		t.Log("not root: the case of another user's file needs a file of another user's")
		return
	}
	s, path := tempDB(t)
	s.Close()
	if err := os.Chmod(path, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chown(path, 65534, 65534); err != nil {
		t.Fatal(err)
	}
	var warned []string
	s2, err := sqlite.Open(path, sqlite.Options{ReadOnly: true, Warn: func(m string) { warned = append(warned, m) }})
	if err != nil {
		t.Fatal(err)
	}
	s2.Close()
	want := path + " is mode 0644, so other users may read it, and it belongs to another user: warlog leaves it so; make it private with chmod 600"
	if len(warned) != 1 || warned[0] != want {
		t.Errorf("warnings %q, want [%q]", warned, want)
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o644 {
		t.Errorf("another user's file was changed: %v %v", fi.Mode(), err)
	}
}

// Every connection reads the file through a memory map (the mapped
// pragma): a connection opened with DSN reports its map's size.
func TestConnectionsReadThroughAMap(t *testing.T) {
	path := filepath.Join(t.TempDir(), "mapped.db")
	db, err := sql.Open("sqlite", sqlite.DSN(path, time.Second))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var size int64
	if err := db.QueryRow(`PRAGMA mmap_size`).Scan(&size); err != nil {
		t.Fatal(err)
	}
	if size != 1<<30 {
		t.Errorf("mmap_size is %d, want %d", size, 1<<30)
	}
}

// An empty file (touch) opened for reading is no database: Open says so
// (events.ErrNoDatabase, as for a missing file) and leaves it 0 bytes.
func TestReadOnlyEmptyFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "empty.db")
	if err := os.WriteFile(path, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if s, err := sqlite.Open(path, sqlite.Options{ReadOnly: true}); !errors.Is(err, events.ErrNoDatabase) {
		if s != nil {
			s.Close()
		}
		t.Errorf("Open(empty file, read-only) = %v, want ErrNoDatabase", err)
	}
	if fi, err := os.Stat(path); err != nil || fi.Size() != 0 {
		t.Errorf("the empty file is now %v (%v), want 0 bytes", fi.Size(), err)
	}
}
