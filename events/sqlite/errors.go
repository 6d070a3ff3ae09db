package sqlite

import (
	"errors"
	"fmt"

	msqlite "modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"warlog/events"
)

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
