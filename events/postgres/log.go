package postgres

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"warlog/events"
)

// querier is a transaction or the pool.
type querier interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
}

const insertEvent = `INSERT INTO events (campaign, version, action, type, data, at, prev, hash) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING seq`

// Append implements events.Store. A stream's first append enters it in
// the directory under its key (unless that name is taken).
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
// Two writers at one version both pass the check of the head; the unique
// (campaign, version) lets one of them in and refuses the other, which
// becomes ErrConcurrency with nothing written.
func (s *Store) append(ctx context.Context, entry *events.Entry, campaign string, expected int64, action string, facts []events.Fact) ([]events.Event, error) {
	datas, err := events.MarshalAction(facts)
	if err != nil {
		return nil, err
	}
	var out []events.Event
	err = s.inTx(ctx, func(tx pgx.Tx) error {
		if err := holdStream(ctx, tx, campaign, false); err != nil {
			return err
		}
		stored, err := actionEvents(ctx, tx, campaign, action)
		if err != nil {
			return err
		}
		if len(stored) > 0 {
			if !events.SameContent(stored, facts, datas) {
				return fmt.Errorf("action %s: %w", action, events.ErrActionConflict)
			}
			out = stored
			return errDone
		}
		cur, prev, err := head(ctx, tx, campaign)
		if err != nil {
			return err
		}
		if cur != expected {
			return fmt.Errorf("campaign %q is at version %d, expected %d: %w", campaign, cur, expected, events.ErrConcurrency)
		}
		chain := campaign
		if cur == 0 {
			if err := enter(ctx, tx, entry, campaign); err != nil {
				return err
			}
		} else if chain, err = chainOf(ctx, tx, campaign); err != nil {
			return err
		}
		at := s.now().UTC()
		out = make([]events.Event, len(facts))
		b := &pgx.Batch{}
		for i, f := range facts {
			e := events.Event{Campaign: chain, Version: cur + int64(i) + 1, Action: action, Type: f.Type, Data: datas[i], At: at, Prev: prev}
			e.Hash = events.Hash(prev, e)
			b.Queue(insertEvent, campaign, e.Version, e.Action, e.Type, string(e.Data), e.At.Format(events.TimeFormat), e.Prev, e.Hash)
			out[i], prev = e, e.Hash
		}
		br := tx.SendBatch(ctx, b)
		for i := range out {
			if err := br.QueryRow().Scan(&out[i].Seq); err != nil {
				br.Close()
				return err
			}
		}
		return br.Close()
	})
	if errors.Is(err, errDone) {
		err = nil
	}
	if err != nil {
		return nil, err
	}
	return out, nil
}

// streamColumns is how many columns Stream reads.
const streamColumns = 6

// reader is what the store reads through: the pool, or the transaction of
// a view that holds a stream.
func (s *Store) reader() querier {
	if s.held != nil {
		return s.held
	}
	return s.pool
}

// holding is a view of s that reads through tx, which holds a stream: it
// needs no connection of the pool, which writers waiting for the stream
// may all have taken. It must not write.
func (s *Store) holding(tx pgx.Tx) *Store {
	return &Store{pool: s.pool, held: tx, now: s.now, where: s.where, server: s.server, database: s.database, user: s.user}
}

// holdStream takes the stream's lock for the rest of tx: shared by every
// write to the stream, so that writers do not wait for one another (the
// unique (campaign, version) orders them), and alone by Delete, which so
// waits for the writes under way and holds off the next ones until the
// stream is gone. Each statement after it reads a snapshot taken once the
// lock is held: a write that waited finds the stream deleted.
func holdStream(ctx context.Context, tx pgx.Tx, stream string, alone bool) error {
	q := `SELECT pg_advisory_xact_lock_shared(hashtext('warlog stream'), hashtext($1))`
	if alone {
		q = `SELECT pg_advisory_xact_lock(hashtext('warlog stream'), hashtext($1))`
	}
	_, err := tx.Exec(ctx, q, stream)
	return err
}

// errDone ends a transaction early with nothing to write (it is rolled
// back).
var errDone = errors.New("done")

// inTx runs fn in a transaction and commits it unless fn fails. Errors come
// back as the package's plain ones; a connection lost while committing is
// events.ErrUncertain, since the server may have committed.
func (s *Store) inTx(ctx context.Context, fn func(tx pgx.Tx) error) error {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return written(s.mapErr(err))
	}
	defer tx.Rollback(context.WithoutCancel(ctx))
	if err := fn(tx); err != nil {
		return written(s.mapErr(err))
	}
	if err := tx.Commit(ctx); err != nil {
		if m := s.mapErr(err); errors.Is(m, events.ErrLost) {
			return fmt.Errorf("%w (%s)", events.ErrUncertain, m)
		} else {
			return m
		}
	}
	return nil
}

// head is a stream's newest version and hash (0 and Genesis when empty).
func head(ctx context.Context, q querier, campaign string) (int64, string, error) {
	var cur int64
	prev := events.Genesis
	err := q.QueryRow(ctx, `SELECT version, hash FROM events WHERE campaign = $1 ORDER BY version DESC LIMIT 1`, campaign).Scan(&cur, &prev)
	if errors.Is(err, pgx.ErrNoRows) {
		err = nil
	}
	return cur, prev, err
}

// enter writes a new stream's directory entry: entry, or (nil) one naming
// the stream by its key unless another stream has that name.
func enter(ctx context.Context, tx pgx.Tx, entry *events.Entry, stream string) error {
	if entry == nil {
		_, err := tx.Exec(ctx, `INSERT INTO campaigns (stream, chain, name) VALUES ($1, $1, $1) ON CONFLICT DO NOTHING`, stream)
		return err
	}
	if err := nameFree(ctx, tx, entry.Name, stream); err != nil {
		return err
	}
	_, err := tx.Exec(ctx, `INSERT INTO campaigns (stream, chain, name, archived) VALUES ($1, $2, $3, $4)
		ON CONFLICT (stream) DO UPDATE SET chain = excluded.chain, name = excluded.name, archived = excluded.archived`,
		stream, entry.Chain, entry.Name, entry.Archived)
	return err
}

// nameFree refuses a name that a stream other than stream has.
func nameFree(ctx context.Context, q querier, name, stream string) error {
	var other string
	err := q.QueryRow(ctx, `SELECT stream FROM campaigns WHERE name = $1`, name).Scan(&other)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return nil
	case err != nil:
		return err
	case other != stream:
		return fmt.Errorf("campaign %q: %w", name, events.ErrNameTaken)
	}
	return nil
}

// chainOf is the campaign as stream's chain names it: its key, unless its
// directory entry says otherwise.
func chainOf(ctx context.Context, q querier, stream string) (string, error) {
	var chain string
	err := q.QueryRow(ctx, `SELECT chain FROM campaigns WHERE stream = $1`, stream).Scan(&chain)
	if errors.Is(err, pgx.ErrNoRows) {
		return stream, nil
	}
	return chain, err
}

const columns = `seq, campaign, version, action, type, data, at, prev, hash`

// scanEvents passes each row of a query of columns to fn.
func scanEvents(rows pgx.Rows, fn func(events.Event) error) error {
	defer rows.Close()
	var at, data string
	for rows.Next() {
		var e events.Event
		if err := rows.Scan(&e.Seq, &e.Campaign, &e.Version, &e.Action, &e.Type, &data, &at, &e.Prev, &e.Hash); err != nil {
			return err
		}
		e.Data = []byte(data)
		t, err := time.Parse(events.TimeFormat, at)
		if err != nil {
			return fmt.Errorf("event %d of %q has an unreadable time %q: %w", e.Version, e.Campaign, at, events.ErrCorrupt)
		}
		e.At = t
		if err := fn(e); err != nil {
			return err
		}
	}
	return rows.Err()
}

// actionEvents reads one action's events.
func actionEvents(ctx context.Context, q querier, campaign, action string) ([]events.Event, error) {
	rows, err := q.Query(ctx, `SELECT `+columns+` FROM events WHERE campaign = $1 AND action = $2 ORDER BY version`, campaign, action)
	if err != nil {
		return nil, err
	}
	var out []events.Event
	err = scanEvents(rows, func(e events.Event) error { out = append(out, e); return nil })
	return out, err
}

// Action implements events.ActionLoader.
func (s *Store) Action(ctx context.Context, campaign, action string) ([]events.Event, error) {
	ev, err := actionEvents(ctx, s.reader(), campaign, action)
	return ev, s.mapErr(err)
}

// fnError keeps a callback's error apart from the driver's, so that it
// comes back as fn returned it.
type fnError struct{ err error }

func (e *fnError) Error() string { return e.err.Error() }

func unwrapFn(err error) (error, bool) {
	var fe *fnError
	if errors.As(err, &fe) {
		return fe.err, true
	}
	return err, false
}

// Load implements events.Store. Each event's Campaign is the campaign as
// the chain names it (for a copy imported beside its original, not the
// stream's key), so that its hash can be recomputed.
func (s *Store) Load(ctx context.Context, campaign string, after int64, fn func(events.Event) error) error {
	chain, err := chainOf(ctx, s.reader(), campaign)
	if err != nil {
		return s.mapErr(err)
	}
	rows, err := s.reader().Query(ctx, `SELECT `+columns+` FROM events WHERE campaign = $1 AND version > $2 ORDER BY version`, campaign, after)
	if err != nil {
		return s.mapErr(err)
	}
	err = scanEvents(rows, func(e events.Event) error {
		e.Campaign = chain
		if err := fn(e); err != nil {
			return &fnError{err}
		}
		return nil
	})
	if err, ok := unwrapFn(err); ok {
		return err
	}
	return s.mapErr(err)
}

// Stream implements events.Streamer: the six columns folding needs, read
// as the server sends them (no copy of the payload: Data views the
// connection's buffer and is valid only during fn), the hash of the head
// only and the time of each action's first event only, as the SQLite
// store does.
func (s *Store) Stream(ctx context.Context, campaign string, after int64, fn func(*events.Event) error) error {
	if s.held != nil {
		// One connection cannot look a time up while it sends rows.
		return s.Load(ctx, campaign, after, func(e events.Event) error { return fn(&e) })
	}
	rows, err := s.pool.Query(ctx, `SELECT version, action, type, data,
		CASE WHEN type = 'action.begun' THEN at END,
		CASE WHEN version = (SELECT max(version) FROM events WHERE campaign = $1) THEN hash ELSE '' END
		FROM events WHERE campaign = $1 AND version > $2 ORDER BY version`, campaign, after)
	if err != nil {
		return s.mapErr(err)
	}
	defer rows.Close()
	// Query sends the statement and leaves its failure (a connection
	// killed as it answers, say) to the rows: then there are no columns,
	// and no rows.
	if len(rows.FieldDescriptions()) != streamColumns {
		for rows.Next() {
		}
		if err := rows.Err(); err != nil {
			return s.mapErr(err)
		}
		return fmt.Errorf("the stream of %q came back with %d columns, not %d: %w", campaign, len(rows.FieldDescriptions()), streamColumns, events.ErrSchema)
	}
	binaryVersion := rows.FieldDescriptions()[0].Format == pgx.BinaryFormatCode
	e := events.Event{Campaign: campaign}
	var lastAt, lastAction string
	types := map[string]string{}
	for rows.Next() {
		raw := rows.RawValues()
		if len(raw) != streamColumns {
			rows.Close()
			if err := rows.Err(); err != nil {
				return s.mapErr(err)
			}
			return fmt.Errorf("an event of %q came back with %d columns, not %d: %w", campaign, len(raw), streamColumns, events.ErrSchema)
		}
		if binaryVersion && len(raw[0]) == 8 {
			e.Version = int64(binary.BigEndian.Uint64(raw[0]))
		} else if e.Version, err = strconv.ParseInt(string(raw[0]), 10, 64); err != nil {
			return fmt.Errorf("event of %q has an unreadable version %q: %w", campaign, raw[0], events.ErrCorrupt)
		}
		newAction := string(raw[1]) != lastAction
		if newAction {
			lastAction = string(raw[1])
		}
		e.Action = lastAction
		t, ok := types[string(raw[2])]
		if !ok {
			t = string(raw[2])
			types[t] = t
		}
		e.Type = t
		e.Data = raw[3]
		at := raw[4]
		if at == nil && (newAction || lastAt == "") {
			// An action that does not begin with action.begun (another
			// writer's): its time is looked up.
			var stamp string
			if err := s.pool.QueryRow(ctx, `SELECT at FROM events WHERE campaign = $1 AND version = $2`, campaign, e.Version).Scan(&stamp); err != nil {
				return s.mapErr(err)
			}
			at = []byte(stamp)
		}
		if at != nil && string(at) != lastAt {
			t, err := time.Parse(events.TimeFormat, string(at))
			if err != nil {
				return fmt.Errorf("event %d of %q has an unreadable time %q: %w", e.Version, campaign, at, events.ErrCorrupt)
			}
			e.At, lastAt = t, string(at)
		}
		if len(raw[5]) == 0 {
			e.Hash = ""
		} else {
			e.Hash = string(raw[5])
		}
		if err := fn(&e); err != nil {
			return err
		}
	}
	return s.mapErr(rows.Err())
}
