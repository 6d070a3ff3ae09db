package events

import (
	"errors"
	"fmt"
	"io/fs"
)

// The kinds of error a store returns, whichever backend it is: a store
// wraps one of these (in its own words, with the driver's error
// underneath), and callers compare with errors.Is, so that nothing above
// the stores names a backend.

// Errors of the log, of every store.
var (
	// ErrConcurrency: another writer appended to the stream after the
	// caller read it; nothing was written.
	ErrConcurrency = errors.New("the campaign changed while this command was being decided")
	// ErrActionConflict: the action id is already stored with other content.
	ErrActionConflict = errors.New("this action id is already stored with different content")
	// ErrNewerSchema: the database was written by a newer warlog.
	ErrNewerSchema = errors.New("the database was written by a newer warlog")
	// ErrBusy: another process held the database past the busy timeout.
	ErrBusy = errors.New("the database is busy: another warlog is writing to it")
	// ErrCorrupt: the file is not a usable warlog database.
	ErrCorrupt = errors.New("the database file is damaged or not a warlog database")
	// ErrSchema: the store's schema (tables, indexes, triggers, its
	// version) is not the one warlog made: changed by hand.
	ErrSchema = errors.New("the database's schema is not the one warlog made")
)

// Errors of a database file (the SQLite store).
var (
	// ErrNoDatabase: a read-only open found no file at the path. Nothing
	// was created; to a reader that is a database with nothing recorded
	// yet.
	ErrNoDatabase = fmt.Errorf("no database file there yet: %w", fs.ErrNotExist)
	// ErrWrite: the file could not be written (disk full, a file size
	// limit, a failing disk). The transaction was rolled back.
	ErrWrite = errors.New("the database file could not be written (is the disk full?); nothing was written")
	// ErrAccess: the file or its directory cannot be opened for writing.
	ErrAccess = errors.New("the database file cannot be opened for writing (check its permissions); nothing was written")
	// ErrDamaged: the database found the file damaged, or not a database
	// at all (an ErrCorrupt). A check of the whole file, and a copy put
	// back if it fails, is what is left to do.
	ErrDamaged = fmt.Errorf("%w", ErrCorrupt)
)

// Errors of a database server and the connection to it (the PostgreSQL
// store).
var (
	// ErrUnreachable: no server answered at the address, or it refused
	// the user or the database.
	ErrUnreachable = errors.New("the PostgreSQL server cannot be reached")
	// ErrLost: the connection broke (the server stopped, the network
	// went); what the command was writing was rolled back.
	ErrLost = errors.New("the connection to the PostgreSQL server was lost")
	// ErrUncertain: the connection broke while a write was being
	// committed: the server may or may not have stored it. The log shows
	// which; the same action sent again with the same action id is stored
	// once (cmd says so in its own commands).
	ErrUncertain = errors.New("the connection to the PostgreSQL server was lost while the action was being committed: it may or may not be stored")
	// ErrUncertainSent: the connection to a league server broke after an
	// action was sent and before its answer: the server may or may not
	// have stored it. The same action id sent again is stored once.
	ErrUncertainSent = errors.New("the connection to the league server was lost while the action was being stored: it may or may not be stored")
	// ErrDenied: the database user has no right to do what was asked.
	ErrDenied = errors.New("the database user may not do this")
	// ErrAppendOnly: a change or removal of events was refused.
	ErrAppendOnly = errors.New("the log is append-only: events are never changed or removed")
)
