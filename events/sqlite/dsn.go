package sqlite

import (
	"database/sql"
	"fmt"
	"strings"
	"time"
)

// connSpec is how a connection opens the database: its String is the one
// place a connection string is written, and openDB the one place a pool
// of connections is opened. With modernc.org/sqlite every setting is a
// _pragma parameter, so that every pooled connection has it (a PRAGMA run
// with Exec reaches one connection only).
type connSpec struct {
	path string
	// uri writes the path as a file: URI, which SQLite's own parameters
	// (mode, immutable) need: the driver drops them from a plain path.
	uri bool
	// readOnly (mode=ro) has SQLite open the file for reading only.
	readOnly bool
	// immutable (immutable=1) has SQLite read the file without locks,
	// -wal or -shm, as one that cannot change while it is read.
	immutable bool
	// busy is how long a connection waits for a lock (busy_timeout); 0
	// sets none.
	busy time.Duration
	// writer has the settings of a connection that writes: WAL, foreign
	// keys, a sync at every commit, and _txlock=immediate, which makes
	// each write transaction take the write lock up front (deferred locks
	// upgrade late and fail with SQLITE_BUSY despite the timeout).
	writer bool
	// queryOnly (query_only(1)) makes every write fail rather than change
	// the file.
	queryOnly bool
	// mapped has SQLite read the database file through a memory map (up
	// to 1 GiB of it) instead of a read call and a copy into its page
	// cache per page: a command touches a few dozen pages, and where a
	// system call or a fresh page of memory is dear (a virtual machine)
	// the reads were a tenth of a `status`. Pages in the log (WAL) are
	// still read with calls; writes go through the log as before, so what
	// reaches the disk is unchanged. A replay of a long log reads through
	// a connection of its own, unmapped (rawConn), so that its resident
	// memory stays its own.
	mapped bool
}

// String is the connection string: the path (or its URI), then SQLite's
// parameters, then the driver's, in a fixed order.
func (c connSpec) String() string {
	var params []string
	if c.readOnly {
		params = append(params, "mode=ro")
	}
	if c.immutable {
		params = append(params, "immutable=1")
	}
	if c.busy > 0 {
		params = append(params, "_pragma=busy_timeout("+fmt.Sprint(c.busy.Milliseconds())+")")
	}
	if c.writer {
		params = append(params, "_pragma=journal_mode(WAL)", "_pragma=foreign_keys(1)", "_pragma=synchronous(FULL)")
	}
	if c.queryOnly {
		params = append(params, "_pragma=query_only(1)")
	}
	if c.mapped {
		params = append(params, "_pragma=mmap_size(1073741824)")
	}
	if c.writer {
		params = append(params, "_txlock=immediate")
	}
	name := c.path
	if c.uri {
		name = "file:" + strings.ReplaceAll(c.path, "%", "%25")
	}
	if len(params) == 0 {
		return name
	}
	return name + "?" + strings.Join(params, "&")
}

// openDB opens a pool of connections as c says (sql.Open connects
// lazily: the first statement finds out whether the file can be read).
func openDB(c connSpec) (*sql.DB, error) { return sql.Open("sqlite", c.String()) }

// writerConn is how every command's connections open the file: for
// reading and writing, waiting up to busy for a lock.
func writerConn(path string, busy time.Duration) connSpec {
	return connSpec{path: path, busy: busy, writer: true, mapped: true}
}

// DSN is the connection string of a store's connections (writerConn), for
// tools that must reach below the store (a baseline of bare rows).
func DSN(path string, busy time.Duration) string { return writerConn(path, busy).String() }

// readConns are the ways to read the file, in order: as every command
// does (in a directory warlog may write), read-only, and immutable when
// neither -wal nor -shm exists. Each connection is query_only: a reader
// that tried to write would fail rather than change the file. A reader
// sets no journal mode (the file keeps its own, WAL as warlog makes it)
// and no foreign-key checks (it writes nothing to check): each pragma is
// a statement run at every open.
func readConns(path string, busy time.Duration) []connSpec {
	out := []connSpec{
		{path: path, busy: busy, queryOnly: true, mapped: true},
		{path: path, uri: true, readOnly: true, busy: busy, queryOnly: true, mapped: true},
	}
	if !exists(path+"-wal") && !exists(path+"-shm") && !exists(path+"-journal") {
		out = append(out, connSpec{path: path, uri: true, readOnly: true, immutable: true, queryOnly: true, mapped: true})
	}
	return out
}

// probeConn is how the schema's version is read before the file is
// trusted: read-only, setting nothing (immutable: in a directory that may
// not be written, where nobody can be writing the file).
func probeConn(path string, immutable bool) connSpec {
	return connSpec{path: path, uri: true, readOnly: true, immutable: immutable, busy: 10 * time.Second}
}

// rollBackConn is a connection that may write and sets nothing else: its
// first read rolls back a hot journal.
func rollBackConn(path string) connSpec { return connSpec{path: path, busy: 10 * time.Second} }

// memoryConn is an empty database in memory (each connection its own).
func memoryConn() connSpec { return connSpec{path: ":memory:"} }

// rawURI is the URI the C-level reader opens the file by (rawConn): the
// file read-only, immutable when the store's connections read it so, and
// nothing else (its busy timeout is set by a call, and it is not mapped).
func rawURI(c connSpec) string {
	return connSpec{path: c.path, uri: true, readOnly: true, immutable: c.immutable}.String()
}
