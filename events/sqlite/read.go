package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"unsafe"

	"warlog/events"
)

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
	return s.ImportStream(ctx, entry, expected, events.EventsOf(evs))
}

// ImportStream implements events.StreamImporter: each event is inserted
// as it comes, in the one transaction, which commits only once evs has
// passed them all without an error.
func (s *Store) ImportStream(ctx context.Context, entry events.Entry, expected int64, evs events.Events) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return mapErr(err)
	}
	defer tx.Rollback()
	cur, prev, err := head(ctx, tx, entry.Stream)
	if err != nil {
		return mapErr(err)
	}
	check, err := events.ImportChecker(entry, expected, cur, prev, func() (string, error) {
		chain, err := chainOf(ctx, tx, entry.Stream)
		return chain, mapErr(err)
	})
	if err != nil {
		return err
	}
	if cur == 0 {
		if err := enter(ctx, tx, &entry, entry.Stream); err != nil {
			return err
		}
	}
	stmt, err := tx.PrepareContext(quiet(ctx), `INSERT INTO events (campaign, version, action, type, data, at, prev, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`)
	if err != nil {
		return mapErr(err)
	}
	defer stmt.Close()
	err = evs(func(e events.Event) error {
		if err := check.Check(e); err != nil {
			return err
		}
		if _, err := stmt.ExecContext(quiet(ctx), entry.Stream, e.Version, e.Action, e.Type, string(e.Data), e.At.UTC().Format(events.TimeFormat), e.Prev, e.Hash); err != nil {
			return mapErr(err)
		}
		return nil
	})
	if err != nil {
		return err
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

// Delete implements events.Directory. Its transaction is begun
// immediate (the DSN's _txlock), so it holds the file's one write lock
// from the start: last reads through other connections everything ever
// committed, and no writer commits until the stream is gone. The log is
// append-only: the trigger that keeps it so is dropped for the statement
// and made again in the same transaction, so no other writer ever sees the
// log without it.
func (s *Store) Delete(ctx context.Context, stream string, last func(context.Context, events.Store) error) error {
	return s.inTx(ctx, func(tx *sql.Tx) error {
		if last != nil {
			if err := last(ctx, s); err != nil {
				return err
			}
		}
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
