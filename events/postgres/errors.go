package postgres

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"syscall"

	"github.com/jackc/pgx/v5/pgconn"

	"warlog/events"
)

// plainError shows a plain message, matches its sentinel (an events error:
// of the log, or of the server and the connection to it) with errors.Is,
// and keeps the driver's error underneath. The messages of the server's
// errors name the server.
type plainError struct {
	sentinel error
	msg      string
	cause    error
}

// lostErr is a lost connection, and why. A read says only that; a write's
// transaction adds that it was rolled back (written).
func (s *Store) lostErr(why string, err error) *plainError {
	return &plainError{events.ErrLost, fmt.Sprintf("the connection to the PostgreSQL server at %s was lost (%s)", s.where, why) + againLater, err}
}

// againLater ends the message of a lost connection.
const againLater = ": run the command again when it is back"

// written is err as a write's transaction reports it: a lost connection
// says that nothing was written.
func written(err error) error {
	var pe *plainError
	if errors.As(err, &pe) && pe.sentinel == events.ErrLost && strings.HasSuffix(pe.msg, againLater) {
		return &plainError{events.ErrLost, strings.TrimSuffix(pe.msg, againLater) + "; nothing was written" + againLater, pe.cause}
	}
	return err
}

func (e *plainError) Error() string        { return e.msg }
func (e *plainError) Is(target error) bool { return target == e.sentinel }
func (e *plainError) Unwrap() error        { return e.cause }

// mapErr turns the driver's errors into sentences that say what was wrong
// and what would be right, so that no raw driver message reaches a user:
// a unique-version clash is a concurrency conflict, a name clash
// ErrNameTaken, a missing right ErrDenied, a refused change of the log
// ErrAppendOnly, a server that cannot be reached ErrUnreachable, a broken
// connection ErrLost (all events errors), and an interruption stays
// context.Canceled.
func (s *Store) mapErr(err error) error {
	if err == nil {
		return nil
	}
	var pe *plainError
	if errors.As(err, &pe) {
		return err // mapped already
	}
	if errors.Is(err, context.Canceled) {
		return &plainError{context.Canceled, "interrupted; nothing was written", err}
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return &plainError{events.ErrUnreachable, fmt.Sprintf("the PostgreSQL server at %s did not answer in time; nothing was written: check that it is running and the address is right", s.where), err}
	}
	var ce *pgconn.ConnectError
	connecting := errors.As(err, &ce)
	var pg *pgconn.PgError
	if errors.As(err, &pg) {
		return s.mapPgErr(pg, connecting, err)
	}
	if connecting {
		return &plainError{events.ErrUnreachable, s.unreachable(err), err}
	}
	if isNetErr(err) {
		return s.lostErr("was the server stopped, or the network cut?", err)
	}
	return err
}

// isNetErr reports a broken connection: a network error, an end of the
// stream, or the driver's closed connection.
func isNetErr(err error) bool {
	var ne net.Error
	switch {
	case errors.As(err, &ne), errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, syscall.ECONNRESET), errors.Is(err, syscall.EPIPE):
		return true
	}
	msg := err.Error()
	return strings.Contains(msg, "conn closed") || strings.Contains(msg, "conn busy") || strings.Contains(msg, "unexpected EOF")
}

// unreachable says why no connection could be made.
func (s *Store) unreachable(err error) string {
	var dns *net.DNSError
	switch {
	case errors.Is(err, syscall.ECONNREFUSED):
		return fmt.Sprintf("no PostgreSQL server answers at %s (connection refused): start it, or check the host and port in the address", s.where)
	case errors.As(err, &dns):
		return fmt.Sprintf("the host %q in the database address is not known: check the address", dns.Name)
	case errors.Is(err, syscall.ENOENT):
		return fmt.Sprintf("no PostgreSQL server listens at %s (no such socket): start it, or check the address", s.where)
	case pgconn.Timeout(err):
		return fmt.Sprintf("the PostgreSQL server at %s did not answer in time: check that it is running and the address is right", s.where)
	}
	return fmt.Sprintf("cannot connect to the PostgreSQL server at %s: check that it is running and the address is right", s.where)
}

// mapPgErr maps an error the server sent, by its SQLSTATE.
func (s *Store) mapPgErr(pg *pgconn.PgError, connecting bool, err error) error {
	switch code := pg.Code; {
	case code == "23505": // unique_violation
		if pg.ConstraintName == "campaigns_name" {
			return &plainError{events.ErrNameTaken, events.ErrNameTaken.Error(), err}
		}
		return &plainError{events.ErrConcurrency, events.ErrConcurrency.Error(), err}
	case code == "WLAPP":
		return &plainError{events.ErrAppendOnly, events.ErrAppendOnly.Error() + fmt.Sprintf(" (user %q asked to; nothing was written)", s.user), err}
	case code == "42501": // insufficient_privilege
		what := "do this"
		if t, ok := strings.CutPrefix(pg.Message, "permission denied for table "); ok {
			what = "write to the table " + t
		} else if t, ok := strings.CutPrefix(pg.Message, "must be owner of table "); ok {
			what = "change the table " + t + " (only its owner may)"
		} else if t, ok := strings.CutPrefix(pg.Message, "permission denied for schema "); ok {
			what = "create tables in the schema " + t
		}
		return &plainError{events.ErrDenied, fmt.Sprintf("user %q may not %s in %s; nothing was written: the league's organiser grants the rights a player needs (README, \"A league on a server\")", s.user, what, s.where), err}
	case code == "42P01": // undefined_table
		return &plainError{events.ErrCorrupt, fmt.Sprintf("a table warlog needs is missing from %s (%s): was it dropped? Restore the database, or point the address at another one", s.where, strings.TrimPrefix(pg.Message, "relation ")), err}
	case code == "3D000": // invalid_catalog_name
		return &plainError{events.ErrUnreachable, fmt.Sprintf("the PostgreSQL server at %s has no database %q: create it (createdb %s), or check the address", s.server, s.database, s.database), err}
	case code == "28P01", code == "28000": // authentication
		return &plainError{events.ErrUnreachable, fmt.Sprintf("the PostgreSQL server at %s does not let user %q in: check the user and password in the address", s.where, s.user), err}
	case code == "57P03": // cannot_connect_now
		return &plainError{events.ErrUnreachable, fmt.Sprintf("the PostgreSQL server at %s is starting up or shutting down: try again in a moment", s.where), err}
	case strings.HasPrefix(code, "57P"), strings.HasPrefix(code, "08"): // shutdown, connection exception
		return s.lostErr("the server ended it: it was stopped or restarted, or its administrator ended the session", err)
	case code == "53100": // disk_full
		return &plainError{events.ErrBusy, fmt.Sprintf("the PostgreSQL server at %s has no room left on its disk; nothing was written", s.where), err}
	case strings.HasPrefix(code, "53"), code == "40001", code == "40P01", code == "55P03":
		return &plainError{events.ErrBusy, fmt.Sprintf("the PostgreSQL server at %s is busy; nothing was written, try again", s.where), err}
	case connecting:
		return &plainError{events.ErrUnreachable, fmt.Sprintf("the PostgreSQL server at %s refused the connection (%s): check the address", s.where, pg.Message), err}
	}
	return &plainError{pg, fmt.Sprintf("the PostgreSQL server at %s refused: %s; nothing was written", s.where, pg.Message), err}
}
