package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
	"unsafe"

	"warlog/events"
	"warlog/internal/phase"
)

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
	datas, err := events.MarshalAction(facts)
	if err != nil {
		return nil, err
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
