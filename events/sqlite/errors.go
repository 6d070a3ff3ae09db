package sqlite

import (
	"errors"

	msqlite "modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"warlog/events"
)

// mapErr turns driver errors into events errors so that no raw
// SQLite message reaches a user: a unique-version clash is a concurrency
// conflict, a lock held past the timeout is ErrBusy, a damaged file
// ErrDamaged (an ErrCorrupt), a failed write (ErrWrite) says the disk may
// be full, a file that cannot be written is ErrAccess. The driver's error
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
		return &driverError{events.ErrDamaged, events.ErrDamaged.Error(), err}
	case sqlite3.SQLITE_FULL, sqlite3.SQLITE_IOERR:
		return &driverError{events.ErrWrite, events.ErrWrite.Error(), err}
	case sqlite3.SQLITE_READONLY:
		if se.Code() == sqlite3.SQLITE_READONLY_DIRECTORY {
			return &driverError{events.ErrAccess, "the database's directory cannot be written (SQLite keeps the -wal and -shm files of a database beside it), so nothing can be recorded there; nothing was written (commands that only read still work)", err}
		}
		return &driverError{events.ErrAccess, "the database file is read-only, so nothing can be recorded in it; nothing was written (commands that only read still work)", err}
	case sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_PERM:
		return &driverError{events.ErrAccess, events.ErrAccess.Error(), err}
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
