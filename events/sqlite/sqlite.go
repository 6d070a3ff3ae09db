// Package sqlite is the default events.Store: one SQLite file, pure Go
// (modernc.org/sqlite), WAL mode, one stream per campaign in the `events`
// table. It is the only package that knows SQL.
package sqlite

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"embed"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
	"unsafe"

	msqlite "modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"warlog/events"
	"warlog/internal/phase"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// applicationID marks a file as a warlog database ("WLOG").
const applicationID = 0x574c4f47

// Store is an events.Store over one SQLite file. It is safe for concurrent
// use by goroutines and by several processes on one machine.
type Store struct {
	db   *sql.DB
	now  func() time.Time
	path string
	migs []migration
	dsn  string        // the connection string its connections use
	busy time.Duration // how long a connection waits for a lock
}

// ErrNoDatabase: a read-only Open found no file at the path. Nothing was
// created; to a reader that is a database with nothing recorded yet.
var ErrNoDatabase = fmt.Errorf("no database file there yet: %w", fs.ErrNotExist)

// Options tune Open; the zero value is what the program uses.
type Options struct {
	// Now stamps `at`; nil means time.Now. Rules never read it.
	Now func() time.Time
	// BusyTimeout is how long a writer waits for another; 0 means 10s.
	BusyTimeout time.Duration
	// ReadOnly opens the file for reading only, for commands that only
	// read: no file is created (ErrNoDatabase when there is none), every
	// connection is query_only, and a file in a directory that may not be
	// written (where SQLite cannot make its -wal and -shm) is still read.
	// Only a schema that needs upgrading is written first, as Open would.
	ReadOnly bool
	// Warn receives what the caller should tell the user but that does
	// not stop the open (a database others may read whose mode warlog
	// cannot tighten); nil drops it.
	Warn func(msg string)
}

// mapped has SQLite read the database file through a memory map (up to
// 1 GiB of it) instead of a read call and a copy into its page cache per
// page: a command touches a few dozen pages, and where a system call or a
// fresh page of memory is dear (a virtual machine) the reads were a tenth
// of a `status`. Pages in the log (WAL) are still read with calls; writes
// go through the log as before, so what reaches the disk is unchanged. A
// replay of a long log reads through a connection of its own, unmapped
// (rawConn), so that its resident memory stays its own.
const mapped = "&_pragma=mmap_size(1073741824)"

// DSN builds the connection string: every setting is a _pragma parameter so
// every pooled connection has it, and _txlock=immediate makes each write
// transaction take the write lock up front (deferred locks upgrade late and
// fail with SQLITE_BUSY despite the timeout).
func DSN(path string, busy time.Duration) string {
	return path + "?_pragma=busy_timeout(" + fmt.Sprint(busy.Milliseconds()) + ")" +
		"&_pragma=journal_mode(WAL)&_pragma=foreign_keys(1)&_pragma=synchronous(FULL)" + mapped +
		"&_txlock=immediate"
}

// Open opens or creates the database at path, creating its directory (0700)
// and the file (0600), refusing a file written by a newer warlog without
// changing it, and applying the embedded migrations that are due.
func Open(path string, opt Options) (*Store, error) {
	if path == "" || strings.ContainsAny(path, "?#") || path == ":memory:" {
		return nil, fmt.Errorf("database path %q: give a file path without '?' or '#'", path)
	}
	if opt.BusyTimeout == 0 {
		opt.BusyTimeout = 10 * time.Second
	}
	if opt.Now == nil {
		opt.Now = time.Now
	}
	migs, err := migrations()
	if err != nil {
		return nil, err
	}
	tightenModes(path, opt.Warn)
	if opt.ReadOnly {
		return retryBusy(opt, func() (*Store, error) { return openReadOnly(path, opt, migs) })
	}
	if err := createFile(path, opt, migs); err != nil {
		return nil, err
	}
	return retryBusy(opt, func() (*Store, error) { return open(path, opt, migs) })
}

// retryBusy runs an open until it succeeds, fails otherwise than busy, or
// the busy timeout has passed.
func retryBusy(opt Options, open func() (*Store, error)) (*Store, error) {
	// Two warlogs opening a new file together can meet SQLite's immediate
	// BUSY (switching a fresh file to WAL does not wait on the busy
	// handler): opening is retried for a while before that is reported.
	deadline := time.Now().Add(opt.BusyTimeout)
	for wait := 5 * time.Millisecond; ; wait = min(2*wait, 200*time.Millisecond) {
		s, err := open()
		if err == nil || !errors.Is(err, events.ErrBusy) || time.Now().After(deadline) {
			return s, err
		}
		time.Sleep(wait)
	}
}

func open(path string, opt Options, migs []migration) (*Store, error) {
	version, err := quickProbe(path, latest(migs))
	if err != nil {
		return nil, err
	}
	phase.Mark("schema-check")
	db, err := sql.Open("sqlite", DSN(path, opt.BusyTimeout))
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	s := &Store{db: db, now: opt.Now, path: path, migs: migs, dsn: DSN(path, opt.BusyTimeout), busy: opt.BusyTimeout}
	if version == latest(migs) {
		// Up to date: no write transaction at all, which every read-only
		// command would otherwise pay for.
		return s, nil
	}
	// A schema older than this build's is checked before it is upgraded:
	// one whose version was changed by hand would fail in the middle of
	// a migration with SQLite's words.
	if err := s.CheckSchema(context.Background()); err != nil {
		db.Close()
		return nil, err
	}
	if err := s.migrate(migs); err != nil {
		db.Close()
		return nil, fmt.Errorf("open %s: %w", path, mapErr(err))
	}
	return s, nil
}

// openReadOnly opens an existing file for reading only. A schema that is
// due an upgrade is upgraded first through an ordinary Open (the one write
// a reader may cause, as before); then each connection is query_only.
// In a directory that may not be written, SQLite cannot create the -wal
// and -shm a WAL database is read through: the file is then opened
// mode=ro, and when no -wal or -shm is there either (the usual state
// between two commands, since the last connection removes them) as
// immutable, which is sound because no writer can use the file without
// creating them in that same directory.
func openReadOnly(path string, opt Options, migs []migration) (*Store, error) {
	fi, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%s: %w", path, ErrNoDatabase)
	}
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	if fi.IsDir() {
		return nil, fmt.Errorf("%s is a directory; give the database file's path", path)
	}
	version, err := quickProbe(path, len(migs))
	if err != nil {
		return nil, err
	}
	phase.Mark("schema-check")
	if version < len(migs) {
		w, err := open(path, Options{Now: opt.Now, BusyTimeout: opt.BusyTimeout}, migs)
		if err != nil {
			if errors.Is(err, ErrAccess) {
				return nil, fmt.Errorf("%s has schema %d and this warlog reads schema %d: upgrading it needs write access to the file and its directory; the file was not changed", path, version, len(migs))
			}
			return nil, err
		}
		if err := w.Close(); err != nil {
			return nil, fmt.Errorf("open %s: %w", path, mapErr(err))
		}
	}
	var last error
	for _, dsn := range readDSNs(path, opt.BusyTimeout) {
		db, err := sql.Open("sqlite", dsn)
		if err != nil {
			return nil, fmt.Errorf("open %s: %w", path, err)
		}
		var n int
		err = db.QueryRow(`SELECT count(*) FROM sqlite_master`).Scan(&n)
		if err == nil {
			return &Store{db: db, now: opt.Now, path: path, migs: migs, dsn: dsn, busy: opt.BusyTimeout}, nil
		}
		db.Close()
		if last = mapErr(err); !errors.Is(last, ErrAccess) {
			return nil, fmt.Errorf("open %s: %w", path, last)
		}
	}
	return nil, fmt.Errorf("open %s for reading: %w", path, last)
}

// readDSNs are the ways to read the file, in order: as every command
// does (in a directory warlog may write), read-only, and immutable when
// neither -wal nor -shm exists. Each connection is query_only: a reader
// that tried to write would fail rather than change the file. A reader
// sets no journal mode (the file keeps its own, WAL as warlog makes it)
// and no foreign-key checks (it writes nothing to check): each pragma is
// a statement run at every open.
func readDSNs(path string, busy time.Duration) []string {
	b := fmt.Sprint(busy.Milliseconds())
	uri := "file:" + strings.ReplaceAll(path, "%", "%25")
	out := []string{
		path + "?_pragma=busy_timeout(" + b + ")&_pragma=query_only(1)" + mapped,
		uri + "?mode=ro&_pragma=busy_timeout(" + b + ")&_pragma=query_only(1)" + mapped,
	}
	if !exists(path+"-wal") && !exists(path+"-shm") && !exists(path+"-journal") {
		out = append(out, uri+"?mode=ro&immutable=1&_pragma=query_only(1)"+mapped)
	}
	return out
}

func exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}

// createFile makes the database when there is none: the directory
// (0700), then the whole database, migrated and checkpointed, under a
// temporary name beside it, linked to its name only once complete. A kill
// at any moment leaves either no file at the path or a usable one (and at
// worst a hidden temporary file, removed by a later creation); a full
// disk leaves nothing and says so. When another warlog creates the file
// meanwhile, its file is kept.
func createFile(path string, opt Options, migs []migration) error {
	if _, err := os.Lstat(path); err == nil {
		return nil
	}
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("create the database directory: %w", err)
	}
	removeStaleTemps(dir, base)
	f, err := os.CreateTemp(dir, "."+base+tempInfix+"*") // mode 0600
	if err != nil {
		return fmt.Errorf("create the database: %w", err)
	}
	tmp := f.Name()
	f.Close()
	defer removeWithSides(tmp)
	s, err := retryBusy(opt, func() (*Store, error) { return open(tmp, opt, migs) })
	if err != nil {
		// The temporary name means nothing to the user: the error speaks
		// of the path (and still matches what it wraps).
		msg := strings.ReplaceAll(strings.TrimPrefix(err.Error(), "open "+tmp+": "), tmp, path)
		return &createError{msg: "create " + path + ": " + msg, err: err}
	}
	if err := s.Close(); err != nil { // the last connection checkpoints the WAL away
		return fmt.Errorf("create %s: %w", path, mapErr(err))
	}
	if err := syncFile(tmp); err != nil {
		return fmt.Errorf("create %s: %w", path, err)
	}
	if err := os.Link(tmp, path); err != nil && !errors.Is(err, fs.ErrExist) {
		// A file system without hard links: rename, unless another
		// warlog has made the file meanwhile.
		if _, serr := os.Lstat(path); serr == nil {
			return nil
		}
		if err := os.Rename(tmp, path); err != nil {
			return fmt.Errorf("create %s: %w", path, err)
		}
	}
	return syncFile(dir)
}

// tightenModes makes an existing database and its -wal and -shm private
// (0600, or whatever of the owner's bits they had) when other users may
// read them: an older warlog, a copy or an umask left them 0644, and
// SQLite gives new -wal and -shm files the database's mode. A file of
// another user's is left alone, with a warning, as is one whose mode
// cannot be changed.
func tightenModes(path string, warn func(string)) {
	if warn == nil {
		warn = func(string) {}
	}
	for _, p := range []string{path, path + "-wal", path + "-shm"} {
		fi, err := os.Stat(p)
		if err != nil || !fi.Mode().IsRegular() || fi.Mode().Perm()&0o077 == 0 {
			continue
		}
		perm := fi.Mode().Perm()
		if !ownedBySelf(fi) {
			warn(fmt.Sprintf("%s is mode %04o, so other users may read it, and it belongs to another user: warlog leaves it so; make it private with chmod 600", p, perm))
			continue
		}
		if err := os.Chmod(p, perm&0o700); err != nil {
			warn(fmt.Sprintf("%s is mode %04o, so other users may read it, and warlog could not make it private (%v); make it private with chmod 600", p, perm, err))
		}
	}
}

// createError is a failed creation, told with the database's path.
type createError struct {
	msg string
	err error
}

func (e *createError) Error() string { return e.msg }
func (e *createError) Unwrap() error { return e.err }

// tempInfix names a database being created: ".NAME.creating-RANDOM".
const tempInfix = ".creating-"

// removeWithSides removes a file and the side files SQLite may have left
// beside it.
func removeWithSides(path string) {
	for _, ext := range []string{"", "-wal", "-shm", "-journal"} {
		_ = os.Remove(path + ext)
	}
}

// removeStaleTemps removes what a creation killed before it finished left
// behind: temporary files of this database older than a minute (a
// creation in progress takes milliseconds).
func removeStaleTemps(dir, base string) {
	old, _ := filepath.Glob(filepath.Join(dir, "."+globEscape(base)+tempInfix+"*"))
	for _, p := range old {
		if fi, err := os.Lstat(p); err == nil && fi.Mode().IsRegular() && time.Since(fi.ModTime()) > time.Minute {
			removeWithSides(strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(p, "-wal"), "-shm"), "-journal"))
		}
	}
}

func globEscape(s string) string {
	r := strings.NewReplacer(`\`, `\\`, "*", `\*`, "?", `\?`, "[", `\[`)
	return r.Replace(s)
}

// syncFile flushes a file or directory to the disk.
func syncFile(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	return f.Sync()
}

// quickProbe reads the schema version from the file's header when the
// file alone is the database (no write-ahead log with frames in it, the
// usual case between two commands, since the last connection to close
// checkpoints the log away, and no rollback journal): an SQLite header
// keeps user_version at byte 60 and application_id at byte 68. Anything
// else (a log in use, a journal to roll back, a new or empty file, a
// header that is not SQLite's) goes to probe.
func quickProbe(path string, known int) (int, error) {
	for _, ext := range []string{"-wal", "-journal"} {
		if fi, err := os.Stat(path + ext); err == nil && fi.Size() > 0 {
			return probe(path, known)
		}
	}
	f, err := os.Open(path)
	if err != nil {
		return probe(path, known)
	}
	var h [100]byte
	_, err = io.ReadFull(f, h[:])
	f.Close()
	if err != nil || string(h[:16]) != "SQLite format 3\x00" {
		return probe(path, known)
	}
	version := int(binary.BigEndian.Uint32(h[60:64]))
	appID := binary.BigEndian.Uint32(h[68:72])
	if version < 1 || version > known || appID != applicationID {
		return probe(path, known) // refusals and new files keep the careful path
	}
	return version, nil
}

// probe reads the schema version through a read-only connection that sets
// nothing, in one statement (one consistent snapshot even while another
// warlog is creating the file), so that a file we must refuse is left byte
// for byte as it was: a read-only connection never checkpoints a WAL, and
// side files it had to create are removed again.
func probe(path string, known int) (version int, err error) {
	side := map[string]bool{}
	for _, ext := range []string{"-wal", "-shm"} {
		if _, err := os.Stat(path + ext); err == nil {
			side[ext] = true
		}
	}
	refused := false
	defer func() {
		if !refused {
			return
		}
		for _, ext := range []string{"-wal", "-shm"} {
			if !side[ext] {
				_ = os.Remove(path + ext)
			}
		}
	}()
	if fi, err := os.Stat(path + "-journal"); err == nil && fi.Size() > 0 {
		rollBack(path)
	}
	uri := "file:" + strings.ReplaceAll(path, "%", "%25") + "?mode=ro&_pragma=busy_timeout(10000)"
	var appID, tables int
	read := func(uri string) error {
		db, err := sql.Open("sqlite", uri)
		if err != nil {
			return err
		}
		defer db.Close()
		return db.QueryRow(`SELECT (SELECT user_version FROM pragma_user_version),
		(SELECT application_id FROM pragma_application_id), (SELECT count(*) FROM sqlite_master)`).Scan(&version, &appID, &tables)
	}
	err = read(uri)
	if err != nil && errors.Is(mapErr(err), ErrAccess) && !side["-wal"] && !side["-shm"] && !exists(path+"-journal") {
		// A directory that may not be written: nobody can be writing the
		// file without its -wal and -shm, so it reads as it is.
		err = read(uri + "&immutable=1")
	}
	if err != nil {
		if busy := mapErr(err); errors.Is(busy, events.ErrBusy) {
			return 0, busy // another warlog is setting the file up; Open retries
		}
		refused = true
		return 0, fmt.Errorf("%s: %w", path, events.ErrCorrupt)
	}
	switch {
	case appID != 0 && appID != applicationID, version == 0 && tables > 0 && appID != applicationID:
		refused = true
		return 0, fmt.Errorf("%s: %w: it is an SQLite file of another program; use --db to choose another file", path, events.ErrCorrupt)
	case version > known:
		refused = true
		return 0, fmt.Errorf("%s: %w (schema %d; this warlog knows up to %d); the file was not changed: upgrade warlog to open it",
			path, events.ErrNewerSchema, version, known)
	}
	return version, nil
}

// rollBack lets SQLite roll back the transaction a hot -journal holds: a
// writer was killed in the middle of it, leaving the file part-written,
// which no read-only connection can read. Any connection that may write
// rolls it back on its first read, as SQLite does for every program; the
// file is then as it was before that transaction. When the file cannot be
// written nothing happens, and the probe that follows refuses it.
func rollBack(path string) {
	db, err := sql.Open("sqlite", path+"?_pragma=busy_timeout(10000)")
	if err != nil {
		return
	}
	defer db.Close()
	var n int
	_ = db.QueryRow(`SELECT count(*) FROM sqlite_master`).Scan(&n)
}

type migration struct {
	version int
	name    string
	sql     string
}

// migrations are the embedded migrations in order. A migration's version
// is the number its file's name begins with (0010_x.sql is version 10), so
// that two branches that each add one under numbers agreed beforehand never
// give one version two meanings; numbers may skip.
func migrations() ([]migration, error) {
	names, err := fs.Glob(migrationFiles, "migrations/*.sql")
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	var out []migration
	for _, n := range names {
		num, _, _ := strings.Cut(path.Base(n), "_")
		v, err := strconv.Atoi(num)
		if err != nil || v < 1 || (len(out) > 0 && v <= out[len(out)-1].version) {
			return nil, fmt.Errorf("migration %s: its name must begin with a number above the one before it", n)
		}
		b, err := migrationFiles.ReadFile(n)
		if err != nil {
			return nil, err
		}
		out = append(out, migration{version: v, name: n, sql: string(b)})
	}
	return out, nil
}

// latest is the schema version the migrations lead to.
func latest(migs []migration) int {
	if len(migs) == 0 {
		return 0
	}
	return migs[len(migs)-1].version
}

// schemaObject is one row of sqlite_master: a table, index, trigger or
// view, with the SQL that made it (whitespace folded).
type schemaObject struct{ typ, name, sql string }

func (o schemaObject) String() string { return o.typ + " " + o.name }

var (
	schemaMu    sync.Mutex
	schemaCache = map[int]map[string]schemaObject{}
)

// expectedSchema is what the first n migrations make, by name, as a new
// database in memory lists them (computed once per n).
func expectedSchema(migs []migration, n int) (map[string]schemaObject, error) {
	schemaMu.Lock()
	defer schemaMu.Unlock()
	if m, ok := schemaCache[n]; ok {
		return m, nil
	}
	db, err := sql.Open("sqlite", ":memory:")
	if err != nil {
		return nil, err
	}
	defer db.Close()
	db.SetMaxOpenConns(1) // one connection, one database in memory
	for _, m := range migs[:n] {
		if _, err := db.Exec(m.sql); err != nil {
			return nil, fmt.Errorf("migration %s: %w", m.name, err)
		}
	}
	m, err := readSchema(context.Background(), db)
	if err != nil {
		return nil, err
	}
	schemaCache[n] = m
	return m, nil
}

type queryRower interface {
	QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error)
}

// readSchema lists a database's objects by name, leaving out the tables
// SQLite keeps statistics in (ANALYZE makes them, harmlessly).
func readSchema(ctx context.Context, q queryRower) (map[string]schemaObject, error) {
	rows, err := q.QueryContext(quiet(ctx), `SELECT type, name, coalesce(sql, '') FROM sqlite_master WHERE name NOT LIKE 'sqlite\_stat%' ESCAPE '\'`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]schemaObject{}
	for rows.Next() {
		var o schemaObject
		if err := rows.Scan(&o.typ, &o.name, &o.sql); err != nil {
			return nil, err
		}
		o.sql = strings.Join(strings.Fields(o.sql), " ")
		out[o.name] = o
	}
	return out, rows.Err()
}

// schemaDiff says how got differs from want, one phrase per object, in
// name order; none when they match.
func schemaDiff(want, got map[string]schemaObject) []string {
	var out []string
	for _, name := range slices.Sorted(maps.Keys(want)) {
		w := want[name]
		g, ok := got[name]
		switch {
		case !ok:
			out = append(out, w.String()+" is missing")
		case g.typ != w.typ || g.sql != w.sql:
			out = append(out, w.String()+" is not as warlog made it")
		}
	}
	for _, name := range slices.Sorted(maps.Keys(got)) {
		if _, ok := want[name]; !ok {
			out = append(out, got[name].String()+" was not made by warlog")
		}
	}
	return out
}

// CheckSchema implements events.SchemaChecker: the file's tables, indexes
// and triggers must be those the migrations up to its user_version make,
// read in one transaction (one consistent view while another warlog may be
// upgrading the file). When they are those of a later version, the
// user_version was lowered by hand, and the error says how to set it back.
func (s *Store) CheckSchema(ctx context.Context) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return mapErr(err)
	}
	defer tx.Rollback()
	var version int
	if err := tx.QueryRowContext(quiet(ctx), `PRAGMA user_version`).Scan(&version); err != nil {
		return mapErr(err)
	}
	got, err := readSchema(ctx, tx)
	if err != nil {
		return mapErr(err)
	}
	if version < 0 || version > len(s.migs) {
		return fmt.Errorf("%s: %w (schema %d; this warlog knows up to %d)", s.path, events.ErrNewerSchema, version, len(s.migs))
	}
	want, err := expectedSchema(s.migs, version)
	if err != nil {
		return err
	}
	diff := schemaDiff(want, got)
	if len(diff) == 0 {
		return nil
	}
	// Objects of a later schema than the version says: the version was
	// lowered by hand (objects dropped are named below instead).
	for k := len(s.migs); k > version; k-- {
		other, err := expectedSchema(s.migs, k)
		if err != nil {
			return err
		}
		if len(schemaDiff(other, got)) == 0 {
			return fmt.Errorf("%s: %w: the schema is inconsistent: its user_version says schema %d, but it holds the tables, indexes and triggers of schema %d (was user_version changed by hand?); nothing was changed: set it back with `sqlite3 %s 'PRAGMA user_version = %d'`, or restore a copy of the file",
				s.path, events.ErrSchema, version, k, s.path, k)
		}
	}
	return fmt.Errorf("%s: %w: %s; the log's protection or its indexes were changed by hand: restore a copy of the file made before the change",
		s.path, events.ErrSchema, strings.Join(diff, "; "))
}

// SchemaVersion is the schema this build writes.
func SchemaVersion() int {
	m, _ := migrations()
	return latest(m)
}

// migrate applies each due migration in its own transaction, re-reading the
// version under the write lock so two processes never apply one twice.
func (s *Store) migrate(migs []migration) error {
	for _, m := range migs {
		if err := s.applyMigration(m); err != nil {
			return fmt.Errorf("migration %s: %w", m.name, err)
		}
	}
	return nil
}

func (s *Store) applyMigration(m migration) error {
	tx, err := s.db.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var v int
	if err := tx.QueryRow("PRAGMA user_version").Scan(&v); err != nil {
		return err
	}
	if v >= m.version {
		return nil
	}
	if _, err := tx.Exec(m.sql); err != nil {
		return err
	}
	if _, err := tx.Exec(fmt.Sprintf("PRAGMA user_version = %d; PRAGMA application_id = %d", m.version, applicationID)); err != nil {
		return err
	}
	return tx.Commit()
}

// Close closes the database.
func (s *Store) Close() error { return s.db.Close() }

// DB exposes the handle for tests and benchmarks of this package's callers
// that must reach below the interface (tampering, bare-row baselines).
func (s *Store) DB() *sql.DB { return s.db }

// Append implements events.Store. A stream's first append enters it in
// the directory under its key (unless that name is taken: Create names a
// new stream otherwise).
func (s *Store) Append(ctx context.Context, campaign string, expected int64, action string, facts []events.Fact) ([]events.Event, error) {
	return s.append(ctx, nil, campaign, expected, action, facts)
}

// Create implements events.Directory.
func (s *Store) Create(ctx context.Context, e events.Entry, action string, facts []events.Fact) ([]events.Event, error) {
	if e.Chain != e.Stream {
		return nil, fmt.Errorf("create %q: a new stream's chain is its own key", e.Stream)
	}
	return s.append(ctx, &e, e.Stream, 0, action, facts)
}

// append is Append, entering a new stream as entry (nil: under its key).
func (s *Store) append(ctx context.Context, entry *events.Entry, campaign string, expected int64, action string, facts []events.Fact) ([]events.Event, error) {
	if len(facts) == 0 {
		return nil, errors.New("append: an action needs at least one event")
	}
	datas := make([][]byte, len(facts))
	for i, f := range facts {
		b, err := events.Marshal(f)
		if err != nil {
			return nil, fmt.Errorf("append %s: %w", f.Type, err)
		}
		datas[i] = b
	}
	phase.Mark("encode")
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return nil, mapErr(err)
	}
	defer tx.Rollback()
	phase.Mark("begin")

	stored, err := actionEvents(ctx, tx, campaign, action)
	if err != nil {
		return nil, mapErr(err)
	}
	phase.Mark("idempotency-check")
	if len(stored) > 0 {
		if !events.SameContent(stored, facts, datas) {
			return nil, fmt.Errorf("action %s: %w", action, events.ErrActionConflict)
		}
		return stored, nil
	}

	// The head and the chain the stream's hashes are keyed by, in one
	// statement.
	cur, prev, chain := int64(0), events.Genesis, campaign
	err = tx.QueryRowContext(quiet(ctx), `SELECT version, hash, coalesce((SELECT chain FROM campaigns WHERE stream = ?1), ?1)
		FROM events WHERE campaign = ?1 ORDER BY version DESC LIMIT 1`, campaign).Scan(&cur, &prev, &chain)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, mapErr(err)
	}
	if cur != expected {
		return nil, fmt.Errorf("campaign %q is at version %d, expected %d: %w", campaign, cur, expected, events.ErrConcurrency)
	}
	if cur == 0 {
		if err := enter(ctx, tx, entry, campaign); err != nil {
			return nil, err
		}
	}
	phase.Mark("head")
	at := s.now().UTC()
	out := make([]events.Event, len(facts))
	for i, f := range facts {
		e := events.Event{Campaign: chain, Version: cur + int64(i) + 1, Action: action, Type: f.Type, Data: datas[i], At: at, Prev: prev}
		e.Hash = events.Hash(prev, e)
		out[i], prev = e, e.Hash
	}
	phase.Mark("hash")
	stmt, err := tx.PrepareContext(quiet(ctx), `INSERT INTO events (campaign, version, action, type, data, at, prev, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`)
	if err != nil {
		return nil, mapErr(err)
	}
	defer stmt.Close()
	for i := range out {
		e := &out[i]
		res, err := stmt.ExecContext(quiet(ctx), campaign, e.Version, e.Action, e.Type, string(e.Data), e.At.Format(events.TimeFormat), e.Prev, e.Hash)
		if err != nil {
			return nil, mapErr(err)
		}
		e.Seq, _ = res.LastInsertId()
	}
	phase.Mark("insert")
	if err := tx.Commit(); err != nil {
		return nil, mapErr(err)
	}
	phase.Mark("commit")
	return out, nil
}

// head is a stream's newest version and hash (0 and Genesis when empty).
func head(ctx context.Context, tx *sql.Tx, campaign string) (int64, string, error) {
	var cur int64
	prev := events.Genesis
	err := tx.QueryRowContext(quiet(ctx), `SELECT version, hash FROM events WHERE campaign = ? ORDER BY version DESC LIMIT 1`, campaign).Scan(&cur, &prev)
	if errors.Is(err, sql.ErrNoRows) {
		err = nil
	}
	return cur, prev, err
}

// enter writes a new stream's directory entry: entry, or (nil) one naming
// the stream by its key unless another stream has that name.
func enter(ctx context.Context, tx *sql.Tx, entry *events.Entry, stream string) error {
	if entry == nil {
		_, err := tx.ExecContext(quiet(ctx), `INSERT OR IGNORE INTO campaigns (stream, chain, name) VALUES (?1, ?1, ?1)`, stream)
		return mapErr(err)
	}
	if err := nameFree(ctx, tx, entry.Name, stream); err != nil {
		return err
	}
	_, err := tx.ExecContext(quiet(ctx), `INSERT OR REPLACE INTO campaigns (stream, chain, name, archived) VALUES (?, ?, ?, ?)`, stream, entry.Chain, entry.Name, entry.Archived)
	return mapErr(err)
}

// nameFree refuses a name that a stream other than stream has.
func nameFree(ctx context.Context, tx *sql.Tx, name, stream string) error {
	var other string
	err := tx.QueryRowContext(quiet(ctx), `SELECT stream FROM campaigns WHERE name = ?`, name).Scan(&other)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return nil
	case err != nil:
		return mapErr(err)
	case other != stream:
		return fmt.Errorf("campaign %q: %w", name, events.ErrNameTaken)
	}
	return nil
}

// chainOf is the campaign as stream's chain names it: its key, unless its
// directory entry says otherwise.
func chainOf(ctx context.Context, q rowQuerier, stream string) (string, error) {
	var chain string
	err := q.QueryRowContext(quiet(ctx), `SELECT chain FROM campaigns WHERE stream = ?`, stream).Scan(&chain)
	if errors.Is(err, sql.ErrNoRows) {
		return stream, nil
	}
	return chain, err
}

type rowQuerier interface {
	QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row
}

type querier interface {
	QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error)
}

const columns = `seq, campaign, version, action, type, data, at, prev, hash`

// quiet is the context a statement runs under: the caller's, without its
// cancellation. Given a context that can be cancelled, the driver watches
// it from a goroutine of its own for every statement (and database/sql
// for every query), which costs a short command about a twentieth of its
// work; the statements are short, so a command that is interrupted stops
// at the next one instead. What can last is cancelled otherwise: a long
// read checks the caller's context as it goes (stopped), and a write
// transaction is begun with it (BeginTx), so that waiting for another
// writer's lock, or the transaction itself, ends on Ctrl-C.
func quiet(ctx context.Context) context.Context { return context.WithoutCancel(ctx) }

// stopped reports the caller's cancellation every 1,024 rows of a read.
func stopped(ctx context.Context, row int) error {
	if row%1024 != 0 {
		return nil
	}
	return ctx.Err()
}

func scanEvents(ctx context.Context, rows *sql.Rows, fn func(events.Event) error) error {
	defer rows.Close()
	var at string
	var data []byte
	for n := 1; rows.Next(); n++ {
		if err := stopped(ctx, n); err != nil {
			return err
		}
		var e events.Event
		if err := rows.Scan(&e.Seq, &e.Campaign, &e.Version, &e.Action, &e.Type, &data, &at, &e.Prev, &e.Hash); err != nil {
			return mapErr(err)
		}
		e.Data = append([]byte(nil), data...)
		t, err := time.Parse(events.TimeFormat, at)
		if err != nil {
			return fmt.Errorf("event %d of %q has an unreadable time %q: %w", e.Version, e.Campaign, at, events.ErrCorrupt)
		}
		e.At = t
		if err := fn(e); err != nil {
			return err
		}
	}
	return mapErr(rows.Err())
}

// actionEvents reads one action's events. INDEXED BY: to spare sorting a
// handful of rows the planner would otherwise walk the whole stream in
// version order, on every append (the idempotency check).
func actionEvents(ctx context.Context, q querier, campaign, action string) ([]events.Event, error) {
	rows, err := q.QueryContext(quiet(ctx), `SELECT `+columns+` FROM events INDEXED BY events_action WHERE campaign = ? AND action = ? ORDER BY version`, campaign, action)
	if err != nil {
		return nil, err
	}
	var out []events.Event
	err = scanEvents(ctx, rows, func(e events.Event) error { out = append(out, e); return nil })
	return out, err
}

// Action implements events.Store.
func (s *Store) Action(ctx context.Context, campaign, action string) ([]events.Event, error) {
	ev, err := actionEvents(ctx, s.db, campaign, action)
	return ev, mapErr(err)
}

// Load implements events.Store. Each event's Campaign is the campaign as
// the chain names it (for a copy imported beside its original, not the
// stream's key), so that its hash can be recomputed.
func (s *Store) Load(ctx context.Context, campaign string, after int64, fn func(events.Event) error) error {
	chain, err := chainOf(ctx, s.db, campaign)
	if err != nil {
		return mapErr(err)
	}
	rows, err := s.db.QueryContext(quiet(ctx), `SELECT `+columns+` FROM events WHERE campaign = ? AND version > ? ORDER BY version`, campaign, after)
	if err != nil {
		return mapErr(err)
	}
	if chain == campaign {
		return scanEvents(ctx, rows, fn)
	}
	return scanEvents(ctx, rows, func(e events.Event) error {
		e.Campaign = chain
		return fn(e)
	})
}

// Stream implements events.Store. It reads the six columns folding needs
// and hands them over as the driver returns them: no copy of the payload
// (Data views the driver's string and is valid only during fn), and only
// `at` parsed besides.
func (s *Store) Stream(ctx context.Context, campaign string, after int64, fn func(*events.Event) error) error {
	// The hash is read for the newest event only (the subquery runs once,
	// in the statement's own snapshot of the file): folding needs the head,
	// not every link. The time is read with each action's first event only:
	// an action's events are appended together and share one time (Append),
	// and an action warlog writes begins with action.begun; one that does
	// not (another writer's) has its time looked up.
	if after == 0 || rawFrom == 0 {
		// From the start: a long read is likely, and worth a look at
		// the head. After a snapshot a command folds a handful, and
		// does not ask (rawFrom 0, in tests, reads every stream raw).
		var head sql.NullInt64
		if err := s.db.QueryRowContext(quiet(ctx), `SELECT max(version) FROM events WHERE campaign = ?`, campaign).Scan(&head); err != nil {
			return mapErr(err)
		}
		if head.Int64-after >= rawFrom {
			return s.rawStream(ctx, campaign, after, fn)
		}
	}
	if used, err := s.borrowedStream(ctx, campaign, after, fn); used || err != nil {
		return mapErr(err)
	}
	rows, err := s.db.QueryContext(quiet(ctx), streamQuery, campaign, after)
	if err != nil {
		return mapErr(err)
	}
	defer rows.Close()
	e := events.Event{Campaign: campaign}
	var data, lastAt, lastAction string
	var at sql.NullString
	for n := 1; rows.Next(); n++ {
		if err := stopped(ctx, n); err != nil {
			return err
		}
		if err := rows.Scan(&e.Version, &e.Action, &e.Type, &data, &at, &e.Hash); err != nil {
			return mapErr(err)
		}
		e.Data = unsafe.Slice(unsafe.StringData(data), len(data))
		if !at.Valid && e.Action != lastAction {
			err := s.db.QueryRowContext(quiet(ctx), `SELECT at FROM events WHERE campaign = ? AND version = ?`, campaign, e.Version).Scan(&at.String)
			if err != nil {
				return mapErr(err)
			}
			at.Valid = true
		}
		lastAction = e.Action
		if at.Valid && at.String != lastAt { // an action's events share one time: parse it once
			t, err := time.Parse(events.TimeFormat, at.String)
			if err != nil {
				return fmt.Errorf("event %d of %q has an unreadable time %q: %w", e.Version, campaign, at.String, events.ErrCorrupt)
			}
			e.At, lastAt = t, at.String
		}
		if err := fn(&e); err != nil {
			return err
		}
	}
	return mapErr(rows.Err())
}

// streamQuery is what Stream reads: ?1 the campaign, ?2 the version after
// which it starts.
const streamQuery = `SELECT version, action, type, data,
	CASE WHEN type = 'action.begun' THEN at END,
	CASE WHEN version = (SELECT max(version) FROM events WHERE campaign = ?1) THEN hash ELSE '' END
	FROM events WHERE campaign = ?1 AND version > ?2 ORDER BY version`

// StreamEffect implements events.EffectStore from an index of its own
// (migration 0004), which holds those events' payloads in version order.
func (s *Store) StreamEffect(ctx context.Context, campaign string, after int64, fn func(version int64, typ string, data []byte) error) error {
	rows, err := s.db.QueryContext(quiet(ctx), `SELECT version, type, data FROM events INDEXED BY events_effect
		WHERE campaign = ? AND version > ? AND type IN ('action.undone', 'action.redone') ORDER BY version`, campaign, after)
	if err != nil {
		return mapErr(err)
	}
	defer rows.Close()
	var version int64
	var typ, data string
	for rows.Next() {
		if err := rows.Scan(&version, &typ, &data); err != nil {
			return mapErr(err)
		}
		if err := fn(version, typ, unsafe.Slice(unsafe.StringData(data), len(data))); err != nil {
			return err
		}
	}
	return mapErr(rows.Err())
}

// LastProgramRolls implements events.ProgramRollStore through the partial
// index of migration 0008, whose condition the query repeats word for word
// (SQLite uses a partial index only then).
func (s *Store) LastProgramRolls(ctx context.Context, campaign string, upTo int64, n int) ([]events.Event, error) {
	rows, err := s.db.QueryContext(quiet(ctx), `SELECT version, action, type, data FROM events INDEXED BY events_program_rolls
		WHERE campaign = ? AND version <= ?
		AND type = 'dice.rolled' AND CASE WHEN json_valid(data) THEN json_extract(data, '$.source') END = 'program'
		ORDER BY version DESC LIMIT ?`, campaign, upTo, n)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	var out []events.Event
	for rows.Next() {
		e := events.Event{Campaign: campaign}
		var data string
		if err := rows.Scan(&e.Version, &e.Action, &e.Type, &data); err != nil {
			return nil, mapErr(err)
		}
		e.Data = []byte(data)
		out = append(out, e)
	}
	return out, mapErr(rows.Err())
}

// LoadTypes implements events.Store.
func (s *Store) LoadTypes(ctx context.Context, campaign string, after int64, types []string, fn func(events.Event) error) error {
	if len(types) == 0 {
		return nil
	}
	args := []any{campaign, after}
	marks := make([]string, len(types))
	for i, t := range types {
		marks[i] = "?"
		args = append(args, t)
	}
	// INDEXED BY: left to itself the planner walks the whole stream in
	// version order to spare a sort, which for the few undo events of a
	// long campaign reads every row.
	rows, err := s.db.QueryContext(quiet(ctx), `SELECT `+columns+` FROM events INDEXED BY events_type_version WHERE campaign = ? AND version > ? AND type IN (`+strings.Join(marks, ",")+`) ORDER BY version`, args...)
	if err != nil {
		return mapErr(err)
	}
	return scanEvents(ctx, rows, fn)
}

// keepSnapshots is how many snapshots a campaign keeps: the newest, and a
// few older ones for a load after an undo of recent actions.
const keepSnapshots = 4

// SaveSnapshot implements events.Snapshots. Snapshots of other keys (other
// rules) are dropped with the oldest of this one. Parts are stored once per
// content (by SHA-256) and shared by the snapshots that hold the same.
func (s *Store) SaveSnapshot(ctx context.Context, snap events.Snapshot) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return mapErr(err)
	}
	defer tx.Rollback()
	hash := ""
	if snap.Parts == nil && snap.PartsHash != "" {
		var known int
		err := tx.QueryRowContext(quiet(ctx), `SELECT count(*) FROM snapshot_parts WHERE campaign = ? AND hash = ?`, snap.Campaign, snap.PartsHash).Scan(&known)
		if err != nil {
			return mapErr(err)
		}
		if known == 0 {
			return fmt.Errorf("snapshot of %q at version %d: no stored parts %.12s to share", snap.Campaign, snap.Version, snap.PartsHash)
		}
		hash = snap.PartsHash
	} else if len(snap.Parts) > 0 {
		hash = partsHash(snap.Parts)
		// A stored copy under this hash whose bytes differ (edited by hand)
		// is mended with the right ones.
		if _, err := tx.ExecContext(quiet(ctx), `INSERT INTO snapshot_parts (campaign, hash, data) VALUES (?, ?, ?)
			ON CONFLICT (campaign, hash) DO UPDATE SET data = excluded.data WHERE data <> excluded.data`, snap.Campaign, hash, snap.Parts); err != nil {
			return mapErr(err)
		}
	}
	sealed := snap
	sealed.PartsHash = hash
	if _, err := tx.ExecContext(quiet(ctx), `INSERT OR REPLACE INTO snapshots (campaign, key, version, head, data, parts, parts_hash, hash) VALUES (?, ?, ?, ?, ?, x'', ?, ?)`,
		snap.Campaign, snap.Key, snap.Version, snap.Head, snap.Data, hash, events.SnapshotHash(sealed)); err != nil {
		return mapErr(err)
	}
	if _, err := tx.ExecContext(quiet(ctx), `DELETE FROM snapshots WHERE campaign = ? AND (key <> ? OR version NOT IN
		(SELECT version FROM snapshots WHERE campaign = ? AND key = ? ORDER BY version DESC LIMIT ?))`,
		snap.Campaign, snap.Key, snap.Campaign, snap.Key, keepSnapshots); err != nil {
		return mapErr(err)
	}
	if _, err := tx.ExecContext(quiet(ctx), `DELETE FROM snapshot_parts WHERE campaign = ? AND hash NOT IN
		(SELECT parts_hash FROM snapshots WHERE campaign = ?)`, snap.Campaign, snap.Campaign); err != nil {
		return mapErr(err)
	}
	return mapErr(tx.Commit())
}

// EachSnapshot implements events.Snapshots.
// It lists the snapshots first, with the newest one's content (the one a
// command almost always restores: one statement, not two), and reads each
// older one's only when fn is about to see it, with no cursor open while fn
// runs (fn may query the store: a cursor held open would make it take a
// second connection). A snapshot whose head is not the log's hash at its
// version, or whose content does not match its stored hash, is passed over.
func (s *Store) EachSnapshot(ctx context.Context, campaign, key string, version int64, fn func(events.Snapshot) bool) error {
	rows, err := s.db.QueryContext(quiet(ctx), `SELECT s.version, s.head,
			CASE WHEN s.version = (SELECT max(version) FROM snapshots WHERE campaign = ?1 AND key = ?2 AND version <= ?3) THEN s.data END,
			s.parts_hash, s.hash
		FROM snapshots s
		JOIN events e ON e.campaign = s.campaign AND e.version = s.version AND e.hash = s.head
		WHERE s.campaign = ?1 AND s.key = ?2 AND s.version <= ?3 ORDER BY s.version DESC`, campaign, key, version)
	if err != nil {
		return mapErr(err)
	}
	type listed struct {
		snap events.Snapshot
		sum  string
	}
	var list []listed
	for rows.Next() {
		l := listed{snap: events.Snapshot{Campaign: campaign, Key: key}}
		if err := rows.Scan(&l.snap.Version, &l.snap.Head, &l.snap.Data, &l.snap.PartsHash, &l.sum); err != nil {
			rows.Close()
			return mapErr(err)
		}
		list = append(list, l)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return mapErr(err)
	}
	for _, l := range list {
		snap, sum := l.snap, l.sum
		if snap.Data == nil {
			err := s.db.QueryRowContext(quiet(ctx), `SELECT data, parts_hash, hash FROM snapshots WHERE campaign = ? AND key = ? AND version = ? AND head = ?`,
				campaign, key, snap.Version, snap.Head).Scan(&snap.Data, &snap.PartsHash, &sum)
			if errors.Is(err, sql.ErrNoRows) {
				continue // replaced meanwhile
			}
			if err != nil {
				return mapErr(err)
			}
		}
		if !events.SnapshotSealed(snap, sum) {
			continue // edited by hand, damaged, or saved before snapshots kept a hash
		}
		snap.LoadParts = s.partsLoader(ctx, snap)
		if !fn(snap) {
			return nil
		}
	}
	return nil
}

// partsLoader reads a snapshot's parts by the hash its own hash covers, and
// checks that they still hash to it: parts edited by hand, or gone, are an
// error (which the caller answers by rebuilding them from the log).
func (s *Store) partsLoader(ctx context.Context, snap events.Snapshot) func() ([]byte, error) {
	return func() ([]byte, error) {
		if snap.PartsHash == "" {
			return nil, nil
		}
		var parts []byte
		err := s.db.QueryRowContext(quiet(ctx), `SELECT data FROM snapshot_parts WHERE campaign = ? AND hash = ?`, snap.Campaign, snap.PartsHash).Scan(&parts)
		if errors.Is(err, sql.ErrNoRows) {
			return nil, fmt.Errorf("the snapshot of %q at version %d has lost its parts", snap.Campaign, snap.Version)
		}
		if err != nil {
			return nil, mapErr(err)
		}
		if partsHash(parts) != snap.PartsHash {
			return nil, fmt.Errorf("the parts of the snapshot of %q at version %d do not match their hash (edited by hand, or damaged)", snap.Campaign, snap.Version)
		}
		return parts, nil
	}
}

// partsHash is the key of a snapshot's parts in snapshot_parts: the
// SHA-256 of their bytes.
func partsHash(parts []byte) string {
	sum := sha256.Sum256(parts)
	return hex.EncodeToString(sum[:])
}

// AuditSnapshots implements events.Snapshots, in one statement (one
// consistent view of snapshots, parts and log).
func (s *Store) AuditSnapshots(ctx context.Context, campaign, key string) ([]events.SnapshotAudit, error) {
	rows, err := s.db.QueryContext(quiet(ctx), `SELECT s.version, s.head, s.data, s.parts_hash, s.hash, e.hash, p.data
		FROM snapshots s
		LEFT JOIN events e ON e.campaign = s.campaign AND e.version = s.version
		LEFT JOIN snapshot_parts p ON p.campaign = s.campaign AND p.hash = s.parts_hash
		WHERE s.campaign = ? AND s.key = ? ORDER BY s.version`, campaign, key)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	var out []events.SnapshotAudit
	for rows.Next() {
		a := events.SnapshotAudit{Snapshot: events.Snapshot{Campaign: campaign, Key: key}}
		var sum string
		var logHash sql.NullString
		if err := rows.Scan(&a.Version, &a.Head, &a.Data, &a.PartsHash, &sum, &logHash, &a.Parts); err != nil {
			return nil, mapErr(err)
		}
		switch {
		case !logHash.Valid:
			a.Fault = "the log has no event at its version (was the log cut short?)"
		case logHash.String != a.Head:
			a.Fault = "its head is not the log's hash at its version"
		case !events.SnapshotSealed(a.Snapshot, sum):
			a.Fault = "its content does not match its stored hash"
		case a.PartsHash != "" && a.Parts == nil:
			a.Fault = "its parts are missing"
		case a.PartsHash != "" && partsHash(a.Parts) != a.PartsHash:
			a.Fault = "its parts do not match their hash"
		}
		out = append(out, a)
	}
	return out, mapErr(rows.Err())
}

// DropSnapshots implements events.Snapshots.
func (s *Store) DropSnapshots(ctx context.Context) (int, error) {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return 0, mapErr(err)
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(quiet(ctx), `DELETE FROM snapshots`)
	if err != nil {
		return 0, mapErr(err)
	}
	n, _ := res.RowsAffected()
	if _, err := tx.ExecContext(quiet(ctx), `DELETE FROM snapshot_parts`); err != nil {
		return 0, mapErr(err)
	}
	return int(n), mapErr(tx.Commit())
}

// Batch is one action of a bulk append.
type Batch struct {
	Action string
	Facts  []events.Fact
}

// AppendBatches stores many actions in one transaction, chained like
// Append, and returns the stream's new version and head. It is the path of
// the benchmark generators, which write tens of thousands of planned
// actions: one commit each would take minutes. Commands use Append.
func (s *Store) AppendBatches(ctx context.Context, campaign string, expected int64, batches []Batch) (int64, string, error) {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return 0, "", mapErr(err)
	}
	defer tx.Rollback()
	cur, prev, err := head(ctx, tx, campaign)
	if err != nil {
		return 0, "", mapErr(err)
	}
	if cur != expected {
		return 0, "", fmt.Errorf("campaign %q is at version %d, expected %d: %w", campaign, cur, expected, events.ErrConcurrency)
	}
	chain := campaign
	if cur == 0 {
		err = enter(ctx, tx, nil, campaign)
	} else {
		chain, err = chainOf(ctx, tx, campaign)
	}
	if err != nil {
		return 0, "", mapErr(err)
	}
	stmt, err := tx.PrepareContext(quiet(ctx), `INSERT INTO events (campaign, version, action, type, data, at, prev, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`)
	if err != nil {
		return 0, "", mapErr(err)
	}
	defer stmt.Close()
	at := s.now().UTC()
	for _, b := range batches {
		for _, f := range b.Facts {
			data, err := events.Marshal(f)
			if err != nil {
				return 0, "", fmt.Errorf("append %s: %w", f.Type, err)
			}
			cur++
			e := events.Event{Campaign: chain, Version: cur, Action: b.Action, Type: f.Type, Data: data, At: at, Prev: prev}
			e.Hash = events.Hash(prev, e)
			if _, err := stmt.ExecContext(quiet(ctx), campaign, e.Version, e.Action, e.Type, string(e.Data), e.At.Format(events.TimeFormat), e.Prev, e.Hash); err != nil {
				return 0, "", mapErr(err)
			}
			prev = e.Hash
		}
	}
	return cur, prev, mapErr(tx.Commit())
}

// Version implements events.Store.
func (s *Store) Version(ctx context.Context, campaign string) (int64, error) {
	var v sql.NullInt64
	err := s.db.QueryRowContext(quiet(ctx), `SELECT max(version) FROM events WHERE campaign = ?`, campaign).Scan(&v)
	return v.Int64, mapErr(err)
}

// Campaigns implements events.Store. It hops from one campaign to the next
// along the (campaign, version) index and orders them by their first
// event, so its cost grows with the number of campaigns, not of events.
func (s *Store) Campaigns(ctx context.Context) ([]string, error) {
	rows, err := s.db.QueryContext(quiet(ctx), `WITH RECURSIVE names(name) AS (
			SELECT min(campaign) FROM events
			UNION ALL
			SELECT (SELECT min(campaign) FROM events WHERE campaign > names.name) FROM names WHERE names.name IS NOT NULL)
		SELECT name FROM names WHERE name IS NOT NULL
		ORDER BY (SELECT seq FROM events WHERE campaign = name AND version = 1)`)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var c string
		if err := rows.Scan(&c); err != nil {
			return nil, mapErr(err)
		}
		out = append(out, c)
	}
	return out, mapErr(rows.Err())
}

// Entries implements events.Directory: every stream of the log, oldest
// first, with its entry (a stream without one is named by its key).
func (s *Store) Entries(ctx context.Context) ([]events.Entry, error) {
	names, err := s.Campaigns(ctx)
	if err != nil {
		return nil, err
	}
	rows, err := s.db.QueryContext(quiet(ctx), `SELECT stream, chain, name, archived FROM campaigns`)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	known := map[string]events.Entry{}
	for rows.Next() {
		var e events.Entry
		if err := rows.Scan(&e.Stream, &e.Chain, &e.Name, &e.Archived); err != nil {
			return nil, mapErr(err)
		}
		known[e.Stream] = e
	}
	if err := rows.Err(); err != nil {
		return nil, mapErr(err)
	}
	out := make([]events.Entry, len(names))
	for i, n := range names {
		e, ok := known[n]
		if !ok {
			e = events.Entry{Stream: n, Chain: n, Name: n}
		}
		out[i] = e
	}
	return out, nil
}

// Lookup implements events.Directory.
func (s *Store) Lookup(ctx context.Context, name string) (string, bool, error) {
	var stream string
	err := s.db.QueryRowContext(quiet(ctx), `SELECT stream FROM campaigns WHERE name = ?1
		UNION ALL SELECT campaign FROM events WHERE campaign = ?1 AND version = 1 AND NOT EXISTS (SELECT 1 FROM campaigns WHERE stream = ?1)
		LIMIT 1`, name).Scan(&stream)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, nil
	}
	if err != nil {
		return "", false, mapErr(err)
	}
	return stream, true, nil
}

// Import implements events.Directory.
func (s *Store) Import(ctx context.Context, entry events.Entry, expected int64, evs []events.Event) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return mapErr(err)
	}
	defer tx.Rollback()
	cur, prev, err := head(ctx, tx, entry.Stream)
	if err != nil {
		return mapErr(err)
	}
	if cur != expected {
		return fmt.Errorf("campaign %q is at version %d, expected %d: %w", entry.Stream, cur, expected, events.ErrConcurrency)
	}
	check := events.NewChainChecker(entry.Stream, entry.Chain)
	if cur == 0 {
		if err := enter(ctx, tx, &entry, entry.Stream); err != nil {
			return err
		}
	} else {
		chain, err := chainOf(ctx, tx, entry.Stream)
		if err != nil {
			return mapErr(err)
		}
		if chain != entry.Chain {
			return fmt.Errorf("campaign %q: the events are of the chain %q, not %q", entry.Stream, entry.Chain, chain)
		}
		check.Head, check.Events = prev, cur
	}
	stmt, err := tx.PrepareContext(quiet(ctx), `INSERT INTO events (campaign, version, action, type, data, at, prev, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`)
	if err != nil {
		return mapErr(err)
	}
	defer stmt.Close()
	for _, e := range evs {
		if err := check.Check(e); err != nil {
			return err
		}
		if _, err := stmt.ExecContext(quiet(ctx), entry.Stream, e.Version, e.Action, e.Type, string(e.Data), e.At.UTC().Format(events.TimeFormat), e.Prev, e.Hash); err != nil {
			return mapErr(err)
		}
	}
	return mapErr(tx.Commit())
}

// Rename implements events.Directory.
func (s *Store) Rename(ctx context.Context, stream, name string) error {
	return s.inTx(ctx, func(tx *sql.Tx) error {
		if err := nameFree(ctx, tx, name, stream); err != nil {
			return err
		}
		_, err := tx.ExecContext(quiet(ctx), `INSERT INTO campaigns (stream, chain, name) VALUES (?1, ?1, ?2)
			ON CONFLICT(stream) DO UPDATE SET name = excluded.name`, stream, name)
		return mapErr(err)
	})
}

// SetArchived implements events.Directory.
func (s *Store) SetArchived(ctx context.Context, stream string, archived bool) error {
	return s.inTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(quiet(ctx), `INSERT INTO campaigns (stream, chain, name, archived) VALUES (?1, ?1, ?1, ?2)
			ON CONFLICT(stream) DO UPDATE SET archived = excluded.archived`, stream, archived)
		return mapErr(err)
	})
}

// Delete implements events.Directory. The log is append-only: the trigger
// that keeps it so is dropped for the statement and made again in the same
// transaction, so no other writer ever sees the log without it.
func (s *Store) Delete(ctx context.Context, stream string) error {
	return s.inTx(ctx, func(tx *sql.Tx) error {
		for _, q := range []string{
			`DROP TRIGGER events_append_only_delete`,
			`DELETE FROM events WHERE campaign = ?1`,
			appendOnlyDelete,
			`DELETE FROM snapshots WHERE campaign = ?1`,
			`DELETE FROM snapshot_parts WHERE campaign = ?1`,
			`DELETE FROM campaigns WHERE stream = ?1`,
		} {
			var args []any
			if strings.Contains(q, "?1") {
				args = []any{stream}
			}
			if _, err := tx.ExecContext(quiet(ctx), q, args...); err != nil {
				return mapErr(err)
			}
		}
		return nil
	})
}

// appendOnlyDelete is the trigger of migration 0001, word for word.
const appendOnlyDelete = `CREATE TRIGGER events_append_only_delete BEFORE DELETE ON events
BEGIN SELECT RAISE(ABORT, 'events are append-only'); END`

// inTx runs fn in a write transaction and commits it.
func (s *Store) inTx(ctx context.Context, fn func(tx *sql.Tx) error) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return mapErr(err)
	}
	defer tx.Rollback()
	if err := fn(tx); err != nil {
		return err
	}
	return mapErr(tx.Commit())
}

// Setting implements events.Store; an unset key is "".
func (s *Store) Setting(ctx context.Context, key string) (string, error) {
	var v string
	err := s.db.QueryRowContext(quiet(ctx), `SELECT value FROM settings WHERE key = ?`, key).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return v, mapErr(err)
}

// SetSetting implements events.Store.
func (s *Store) SetSetting(ctx context.Context, key, value string) error {
	_, err := s.db.ExecContext(quiet(ctx), `INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value`, key, value)
	return mapErr(err)
}

// Check runs PRAGMA integrity_check.
func (s *Store) Check(ctx context.Context) error {
	rows, err := s.db.QueryContext(quiet(ctx), `PRAGMA integrity_check`)
	if err != nil {
		return mapErr(err)
	}
	defer rows.Close()
	var msgs []string
	for rows.Next() {
		var m string
		if err := rows.Scan(&m); err != nil {
			return mapErr(err)
		}
		if m != "ok" {
			msgs = append(msgs, m)
		}
	}
	if err := rows.Err(); err != nil {
		return mapErr(err)
	}
	if len(msgs) > 0 {
		return fmt.Errorf("%w: integrity_check: %s", events.ErrCorrupt, strings.Join(msgs, "; "))
	}
	return nil
}

// mapErr turns driver errors into the package's sentinels so that no raw
// SQLite message reaches a user: a unique-version clash is a concurrency
// conflict, a lock held past the timeout is ErrBusy, a damaged file
// ErrCorrupt, a failed write says the disk may be full. The driver's error
// stays reachable through errors.Unwrap for logs and tests.
func mapErr(err error) error {
	if err == nil {
		return nil
	}
	var se coded
	if !errors.As(err, &se) {
		return err
	}
	switch se.Code() & 0xff {
	case sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED:
		return &driverError{events.ErrBusy, events.ErrBusy.Error() + "; nothing was written, try again", err}
	case sqlite3.SQLITE_CONSTRAINT:
		if se.Code() == sqlite3.SQLITE_CONSTRAINT_UNIQUE || se.Code() == sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY {
			return &driverError{events.ErrConcurrency, events.ErrConcurrency.Error(), err}
		}
	case sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB:
		return &driverError{ErrDamaged, ErrDamaged.Error(), err}
	case sqlite3.SQLITE_FULL, sqlite3.SQLITE_IOERR:
		return &driverError{ErrWrite, ErrWrite.Error(), err}
	case sqlite3.SQLITE_READONLY:
		if se.Code() == sqlite3.SQLITE_READONLY_DIRECTORY {
			return &driverError{ErrAccess, "the database's directory cannot be written (SQLite keeps the -wal and -shm files of a database beside it), so nothing can be recorded there; nothing was written (commands that only read still work)", err}
		}
		return &driverError{ErrAccess, "the database file is read-only, so nothing can be recorded in it; nothing was written (commands that only read still work)", err}
	case sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_PERM:
		return &driverError{ErrAccess, ErrAccess.Error(), err}
	}
	return err
}

// coded is an SQLite error with its result code: the driver's, and the
// C-level reader's (rawError).
type coded interface {
	error
	Code() int
}

var _ coded = (*msqlite.Error)(nil)

// Errors of the file itself.
var (
	// ErrWrite: the file could not be written (disk full, a file size limit,
	// a failing disk). The transaction was rolled back.
	ErrWrite = errors.New("the database file could not be written (is the disk full?); nothing was written")
	// ErrAccess: the file or its directory cannot be opened for writing.
	ErrAccess = errors.New("the database file cannot be opened for writing (check its permissions); nothing was written")
	// ErrDamaged: SQLite found the file damaged, or not a database at all
	// (an events.ErrCorrupt). A check of the whole file, and a copy put
	// back if it fails, is what is left to do.
	ErrDamaged = fmt.Errorf("%w", events.ErrCorrupt)
)

// driverError shows a plain message, matches its sentinel with errors.Is,
// and keeps the driver's error underneath.
type driverError struct {
	sentinel error
	msg      string
	cause    error
}

func (e *driverError) Error() string        { return e.msg }
func (e *driverError) Is(target error) bool { return errors.Is(e.sentinel, target) }
func (e *driverError) Unwrap() error        { return e.cause }
