package sqlite

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"time"
	"unsafe"

	"modernc.org/libc"
	sqlite3 "modernc.org/sqlite/lib"

	"warlog/events"
)

// rawFrom is how many events a stream must hold past its start before it
// is read through the driver's C-level API (rawStream) rather than
// database/sql: enough that sparing a string per column of every row pays
// for opening a connection of its own (about a millisecond). Only a stream
// read from the start is considered: a command that restores a snapshot
// folds a handful and stays on database/sql.
var rawFrom int64 = 2048

// rawConn is one read-only connection opened through modernc.org/sqlite/lib,
// the C library the driver itself calls: rows are read in place, without
// the driver's Go string per text column. It is used for one long read and
// closed. It reads the file with read calls, not through the memory map
// the pool's connections use (mapped): a replay of a whole long log would
// otherwise hold every page of the file it passed in its resident memory.
type rawConn struct {
	tls *libc.TLS
	db  uintptr
}

// openRaw opens the store's file for reading as its own connections read
// it (the same URI parameters: read-only, or immutable in a directory that
// may not be written).
func (s *Store) openRaw() (*rawConn, error) {
	c := &rawConn{tls: libc.NewTLS()}
	name, err := libc.CString(rawURI(s.conn))
	if err != nil {
		c.tls.Close()
		return nil, err
	}
	defer libc.Xfree(c.tls, name)
	pdb := libc.Xmalloc(c.tls, 8)
	if pdb == 0 {
		c.tls.Close()
		return nil, fmt.Errorf("sqlite: out of memory")
	}
	defer libc.Xfree(c.tls, pdb)
	*(*uintptr)(cmem(pdb)) = 0
	rc := sqlite3.Xsqlite3_open_v2(c.tls, name, pdb, sqlite3.SQLITE_OPEN_READONLY|sqlite3.SQLITE_OPEN_URI|sqlite3.SQLITE_OPEN_NOMUTEX, 0)
	c.db = *(*uintptr)(cmem(pdb))
	if rc != sqlite3.SQLITE_OK {
		err := c.err(rc)
		c.close()
		return nil, err
	}
	sqlite3.Xsqlite3_busy_timeout(c.tls, c.db, int32(s.busy.Milliseconds()))
	return c, nil
}

func (c *rawConn) close() {
	if c.db != 0 {
		sqlite3.Xsqlite3_close_v2(c.tls, c.db)
		c.db = 0
	}
	c.tls.Close()
}

// err is SQLite's message for rc, as the driver's errors read (mapErr
// knows them by their code).
func (c *rawConn) err(rc int32) error {
	msg := "out of memory"
	if c.db != 0 {
		msg = libc.GoString(sqlite3.Xsqlite3_errmsg(c.tls, c.db))
	}
	return &rawError{code: int(rc), msg: fmt.Sprintf("%s (%d)", msg, rc)}
}

// rawError is an SQLite result code from the C-level API.
type rawError struct {
	code int
	msg  string
}

func (e *rawError) Error() string { return e.msg }

// Code is the (extended) result code, as the driver's errors give it.
func (e *rawError) Code() int { return e.code }

// cmem is C memory (the libc allocator's or SQLite's, never the Go
// heap's, so it never moves) at address p.
func cmem(p uintptr) unsafe.Pointer { return unsafe.Add(nil, p) }

// prepare compiles one statement.
func (c *rawConn) prepare(query string) (uintptr, error) {
	q, err := libc.CString(query)
	if err != nil {
		return 0, err
	}
	defer libc.Xfree(c.tls, q)
	pstmt := libc.Xmalloc(c.tls, 8)
	if pstmt == 0 {
		return 0, fmt.Errorf("sqlite: out of memory")
	}
	defer libc.Xfree(c.tls, pstmt)
	*(*uintptr)(cmem(pstmt)) = 0
	if rc := sqlite3.Xsqlite3_prepare_v2(c.tls, c.db, q, -1, pstmt, 0); rc != sqlite3.SQLITE_OK {
		return 0, c.err(rc)
	}
	return *(*uintptr)(cmem(pstmt)), nil
}

// bindText binds a text parameter; SQLite copies it (SQLITE_TRANSIENT).
func (c *rawConn) bindText(stmt uintptr, i int32, v string) error {
	p, err := libc.CString(v)
	if err != nil {
		return err
	}
	defer libc.Xfree(c.tls, p)
	if rc := sqlite3.Xsqlite3_bind_text(c.tls, stmt, i, p, int32(len(v)), ^uintptr(0)); rc != sqlite3.SQLITE_OK {
		return c.err(rc)
	}
	return nil
}

// text views column i of the current row: valid until the next step.
func (c *rawConn) text(stmt uintptr, i int32) []byte {
	p := sqlite3.Xsqlite3_column_text(c.tls, stmt, i)
	n := sqlite3.Xsqlite3_column_bytes(c.tls, stmt, i)
	if p == 0 || n == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(cmem(p)), n)
}

// rawStream is Stream read through the C-level API: the same statement,
// each row's columns viewed where SQLite keeps them. Per row it allocates
// nothing: the type is one of a few strings kept once, the action is made
// a string once per action (its events come together), and the payload is
// a view valid only during fn, as Stream's always was.
func (s *Store) rawStream(ctx context.Context, campaign string, after int64, fn func(*events.Event) error) error {
	c, err := s.openRaw()
	if err != nil {
		return mapErr(err)
	}
	defer c.close()
	return s.streamOn(ctx, c, campaign, after, fn)
}

// borrowedStream is Stream read through the C-level API on a connection
// of the store's pool, borrowed from the driver for the read (the short
// fold after a snapshot: opening a connection of its own would cost more
// than the read). used is false when the driver's connection does not
// give its handle (borrowRaw), and nothing was read.
func (s *Store) borrowedStream(ctx context.Context, campaign string, after int64, fn func(*events.Event) error) (used bool, err error) {
	if s.db.Stats().MaxOpenConnections == 1 {
		return false, nil // fn may query the store, which would wait for this connection
	}
	conn, err := s.db.Conn(quiet(ctx))
	if err != nil {
		return false, mapErr(err)
	}
	defer conn.Close()
	err = conn.Raw(func(dc any) error {
		c, ok := borrow(dc)
		if !ok {
			return nil
		}
		used = true
		return s.streamOn(ctx, c, campaign, after, fn)
	})
	return used, err
}

// borrow is borrowRaw; tests take it away, to read as a driver that keeps
// its handle otherwise would.
var borrow = borrowRaw

// borrowRaw views a modernc.org/sqlite connection (database/sql's driver
// connection, held by the caller) as a rawConn: its SQLite handle and the
// libc thread state it is used with, read from the driver's unexported
// fields by name and type. It is the one place the store reads the
// driver's insides, and it only reads: ok is false, and Stream reads
// through database/sql as it would without it, when the driver keeps them
// otherwise (TestBorrowedConnectionIsRaw fails then, so that an upgrade of
// the driver that loses this is noticed; TestBorrowFallsBack reads that
// way).
func borrowRaw(dc any) (c *rawConn, ok bool) {
	v := reflect.ValueOf(dc)
	if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
		return nil, false
	}
	db, tls := v.Elem().FieldByName("db"), v.Elem().FieldByName("tls")
	if !db.IsValid() || db.Kind() != reflect.Uintptr || !tls.IsValid() || tls.Type() != reflect.TypeFor[*libc.TLS]() {
		return nil, false
	}
	if db.Uint() == 0 || tls.IsNil() {
		return nil, false
	}
	return &rawConn{db: uintptr(db.Uint()), tls: (*libc.TLS)(tls.UnsafePointer())}, true
}

// streamOn runs the stream's statement on c.
func (s *Store) streamOn(ctx context.Context, c *rawConn, campaign string, after int64, fn func(*events.Event) error) error {
	stmt, err := c.prepare(streamQuery)
	if err != nil {
		return mapErr(err)
	}
	defer sqlite3.Xsqlite3_finalize(c.tls, stmt)
	if err := c.bindText(stmt, 1, campaign); err != nil {
		return mapErr(err)
	}
	if rc := sqlite3.Xsqlite3_bind_int64(c.tls, stmt, 2, after); rc != sqlite3.SQLITE_OK {
		return mapErr(c.err(rc))
	}
	e := events.Event{Campaign: campaign}
	types := map[string]string{}
	var lastAt string
	for n := 1; ; n++ {
		if err := stopped(ctx, n); err != nil {
			return err
		}
		rc := sqlite3.Xsqlite3_step(c.tls, stmt)
		if rc == sqlite3.SQLITE_DONE {
			return nil
		}
		if rc != sqlite3.SQLITE_ROW {
			return mapErr(c.err(rc))
		}
		e.Version = sqlite3.Xsqlite3_column_int64(c.tls, stmt, 0)
		action := c.text(stmt, 1)
		newAction := string(action) != e.Action
		if newAction {
			e.Action = string(action)
		}
		typ := c.text(stmt, 2)
		t, ok := types[string(typ)]
		if !ok {
			t = string(typ)
			types[t] = t
		}
		e.Type = t
		e.Data = c.text(stmt, 3)
		at, atValid := "", false
		if sqlite3.Xsqlite3_column_type(c.tls, stmt, 4) != sqlite3.SQLITE_NULL {
			at, atValid = unsafe.String(unsafe.SliceData(c.text(stmt, 4)), sqlite3.Xsqlite3_column_bytes(c.tls, stmt, 4)), true
		}
		if !atValid && newAction {
			var looked string
			if err := s.db.QueryRowContext(ctx, `SELECT at FROM events WHERE campaign = ? AND version = ?`, campaign, e.Version).Scan(&looked); err != nil {
				return mapErr(err)
			}
			at, atValid = looked, true
		}
		if atValid && at != lastAt { // an action's events share one time: parse it once
			t, err := time.Parse(events.TimeFormat, at)
			if err != nil {
				return fmt.Errorf("event %d of %q has an unreadable time %q: %w", e.Version, campaign, at, events.ErrCorrupt)
			}
			e.At, lastAt = t, strings.Clone(at)
		}
		e.Hash = ""
		if h := c.text(stmt, 5); len(h) > 0 {
			e.Hash = string(h)
		}
		if err := fn(&e); err != nil {
			return err
		}
	}
}
