// Package sqlite is the default events.Store: one SQLite file, pure Go
// (modernc.org/sqlite), WAL mode, one stream per campaign in the `events`
// table. It is the only package that knows SQL.
//
// Its files follow the PostgreSQL store's seams: sqlite.go opens the
// store, dsn.go writes its connection strings and opens its pools, file.go
// creates and probes the file, schema.go holds the migrations and the
// schema's check, log.go appends and replays, read.go the other reads and
// the directory of campaigns, snapshots.go the snapshots, errors.go maps
// the driver's errors to events errors, and raw.go reads a long replay
// through SQLite's C-level API.
package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
	"time"

	"warlog/events"
	"warlog/internal/phase"
)

// Store is an events.Store over one SQLite file. It is safe for concurrent
// use by goroutines and by several processes on one machine.
type Store struct {
	db   *sql.DB
	now  func() time.Time
	path string
	migs []migration
	conn connSpec      // how its connections open the file
	busy time.Duration // how long a connection waits for a lock
}

// Options tune Open; the zero value is what the program uses.
type Options struct {
	// Now stamps `at`; nil means time.Now. Rules never read it.
	Now func() time.Time
	// BusyTimeout is how long a writer waits for another; 0 means 10s.
	BusyTimeout time.Duration
	// ReadOnly opens the file for reading only, for commands that only
	// read: no file is created (events.ErrNoDatabase when there is none),
	// every connection is query_only, and a file in a directory that may
	// not be written (where SQLite cannot make its -wal and -shm) is still
	// read.
	// Only a schema that needs upgrading is written first, as Open would.
	ReadOnly bool
	// Warn receives what the caller should tell the user but that does
	// not stop the open (a database others may read whose mode warlog
	// cannot tighten); nil drops it.
	Warn func(msg string)
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
	conn := writerConn(path, opt.BusyTimeout)
	db, err := openDB(conn)
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	s := &Store{db: db, now: opt.Now, path: path, migs: migs, conn: conn, busy: opt.BusyTimeout}
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
		return nil, fmt.Errorf("%s: %w", path, events.ErrNoDatabase)
	}
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	if fi.IsDir() {
		return nil, fmt.Errorf("%s is a directory; give the database file's path", path)
	}
	if empty(path, fi) {
		// An empty file (touch) holds no database yet: it reads as none
		// and stays as it is, where upgrading it would make it one.
		return nil, fmt.Errorf("%s: %w", path, events.ErrNoDatabase)
	}
	version, err := quickProbe(path, len(migs))
	if err != nil {
		return nil, err
	}
	phase.Mark("schema-check")
	if version < len(migs) {
		w, err := open(path, Options{Now: opt.Now, BusyTimeout: opt.BusyTimeout}, migs)
		if err != nil {
			if errors.Is(err, events.ErrAccess) {
				return nil, fmt.Errorf("%s has schema %d and this warlog reads schema %d: upgrading it needs write access to the file and its directory; the file was not changed", path, version, len(migs))
			}
			return nil, err
		}
		if err := w.Close(); err != nil {
			return nil, fmt.Errorf("open %s: %w", path, mapErr(err))
		}
	}
	var last error
	for _, conn := range readConns(path, opt.BusyTimeout) {
		db, err := openDB(conn)
		if err != nil {
			return nil, fmt.Errorf("open %s: %w", path, err)
		}
		var n int
		err = db.QueryRow(`SELECT count(*) FROM sqlite_master`).Scan(&n)
		if err == nil {
			return &Store{db: db, now: opt.Now, path: path, migs: migs, conn: conn, busy: opt.BusyTimeout}, nil
		}
		db.Close()
		if last = mapErr(err); !errors.Is(last, events.ErrAccess) {
			return nil, fmt.Errorf("open %s: %w", path, last)
		}
	}
	return nil, fmt.Errorf("open %s for reading: %w", path, last)
}

// empty reports whether the file at path, fi, is 0 bytes with no
// write-ahead log holding what would be its first pages.
func empty(path string, fi fs.FileInfo) bool {
	if fi.Size() != 0 {
		return false
	}
	wal, err := os.Stat(path + "-wal")
	return err != nil || wal.Size() == 0
}

// Close closes the database.
func (s *Store) Close() error { return s.db.Close() }

// DB exposes the handle for tests and benchmarks of this package's callers
// that must reach below the interface (tampering, bare-row baselines).
func (s *Store) DB() *sql.DB { return s.db }
