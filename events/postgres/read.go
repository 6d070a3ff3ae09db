package postgres

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"

	"warlog/events"
)

// StreamEffect implements events.EffectStore through the partial index
// events_effect.
func (s *Store) StreamEffect(ctx context.Context, campaign string, after int64, fn func(version int64, typ string, data []byte) error) error {
	rows, err := s.reader().Query(ctx, `SELECT version, type, data FROM events
		WHERE campaign = $1 AND version > $2 AND type IN ('action.undone', 'action.redone') ORDER BY version`, campaign, after)
	if err != nil {
		return s.mapErr(err)
	}
	defer rows.Close()
	var version int64
	var typ, data string
	for rows.Next() {
		if err := rows.Scan(&version, &typ, &data); err != nil {
			return s.mapErr(err)
		}
		if err := fn(version, typ, []byte(data)); err != nil {
			return err
		}
	}
	return s.mapErr(rows.Err())
}

// LastProgramRolls implements events.ProgramRollStore through the partial
// index events_program_rolls, whose condition the query repeats.
func (s *Store) LastProgramRolls(ctx context.Context, campaign string, upTo int64, n int) ([]events.Event, error) {
	rows, err := s.reader().Query(ctx, `SELECT version, action, type, data FROM events
		WHERE campaign = $1 AND version <= $2 AND type = 'dice.rolled' AND (data ->> 'source') = 'program'
		ORDER BY version DESC LIMIT $3`, campaign, upTo, n)
	if err != nil {
		return nil, s.mapErr(err)
	}
	defer rows.Close()
	var out []events.Event
	for rows.Next() {
		e := events.Event{Campaign: campaign}
		var data string
		if err := rows.Scan(&e.Version, &e.Action, &e.Type, &data); err != nil {
			return nil, s.mapErr(err)
		}
		e.Data = []byte(data)
		out = append(out, e)
	}
	return out, s.mapErr(rows.Err())
}

// LoadTypes implements events.TypeLoader through the index
// events_type_version.
func (s *Store) LoadTypes(ctx context.Context, campaign string, after int64, types []string, fn func(events.Event) error) error {
	if len(types) == 0 {
		return nil
	}
	rows, err := s.reader().Query(ctx, `SELECT `+columns+` FROM events WHERE campaign = $1 AND version > $2 AND type = ANY($3) ORDER BY version`, campaign, after, types)
	if err != nil {
		return s.mapErr(err)
	}
	err = scanEvents(rows, func(e events.Event) error {
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

// Version implements events.Versioner.
func (s *Store) Version(ctx context.Context, campaign string) (int64, error) {
	var v int64
	err := s.reader().QueryRow(ctx, `SELECT coalesce(max(version), 0) FROM events WHERE campaign = $1`, campaign).Scan(&v)
	return v, s.mapErr(err)
}

// Campaigns implements events.Store: every stream with an entry, in the
// order their first events were stored. A stream without one is no
// campaign: its events were inserted by hand, by a user who may not
// create campaigns (the players' grants give INSERT on events only, and
// every campaign warlog creates or imports is entered in one
// transaction with its first events).
func (s *Store) Campaigns(ctx context.Context) ([]string, error) {
	rows, err := s.reader().Query(ctx, `SELECT e.campaign FROM events e JOIN campaigns c ON c.stream = e.campaign WHERE e.version = 1 ORDER BY e.seq`)
	if err != nil {
		return nil, s.mapErr(err)
	}
	out, err := pgx.CollectRows(rows, pgx.RowTo[string])
	return out, s.mapErr(err)
}

// Entries implements events.Directory: every stream of the log with an
// entry, oldest first (a stream without one is no campaign: see
// Campaigns).
func (s *Store) Entries(ctx context.Context) ([]events.Entry, error) {
	rows, err := s.reader().Query(ctx, `SELECT e.campaign, c.chain, c.name, c.archived
		FROM events e JOIN campaigns c ON c.stream = e.campaign
		WHERE e.version = 1 ORDER BY e.seq`)
	if err != nil {
		return nil, s.mapErr(err)
	}
	defer rows.Close()
	var out []events.Entry
	for rows.Next() {
		var e events.Entry
		if err := rows.Scan(&e.Stream, &e.Chain, &e.Name, &e.Archived); err != nil {
			return nil, s.mapErr(err)
		}
		out = append(out, e)
	}
	return out, s.mapErr(rows.Err())
}

// Lookup implements events.Directory: by the entries alone (a stream
// without one is no campaign: see Campaigns).
func (s *Store) Lookup(ctx context.Context, name string) (string, bool, error) {
	var stream string
	err := s.reader().QueryRow(ctx, `SELECT stream FROM campaigns WHERE name = $1`, name).Scan(&stream)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", false, nil
	}
	if err != nil {
		return "", false, s.mapErr(err)
	}
	return stream, true, nil
}

// Import implements events.Directory: ImportStream over evs.
func (s *Store) Import(ctx context.Context, entry events.Entry, expected int64, evs []events.Event) error {
	return s.ImportStream(ctx, entry, expected, events.EventsOf(evs))
}

// Batch is one action of a bulk append.
type Batch struct {
	Action string
	Facts  []events.Fact
}

// AppendBatches stores many actions in one transaction, chained like
// Append, and returns the stream's new version and head: the path of the
// benchmark generators. Commands use Append.
func (s *Store) AppendBatches(ctx context.Context, campaign string, expected int64, batches []Batch) (int64, string, error) {
	var cur int64
	var prev string
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		var err error
		if cur, prev, err = head(ctx, tx, campaign); err != nil {
			return err
		}
		if cur != expected {
			return fmt.Errorf("campaign %q is at version %d, expected %d: %w", campaign, cur, expected, events.ErrConcurrency)
		}
		chain := campaign
		if cur == 0 {
			err = enter(ctx, tx, nil, campaign)
		} else {
			chain, err = chainOf(ctx, tx, campaign)
		}
		if err != nil {
			return err
		}
		at := s.now().UTC()
		var rows [][]any
		for _, b := range batches {
			for _, f := range b.Facts {
				data, err := events.Marshal(f)
				if err != nil {
					return fmt.Errorf("append %s: %w", f.Type, err)
				}
				cur++
				e := events.Event{Campaign: chain, Version: cur, Action: b.Action, Type: f.Type, Data: data, At: at, Prev: prev}
				e.Hash = events.Hash(prev, e)
				rows = append(rows, []any{campaign, e.Version, e.Action, e.Type, string(e.Data), e.At.Format(events.TimeFormat), e.Prev, e.Hash})
				prev = e.Hash
			}
		}
		_, err = tx.CopyFrom(ctx, pgx.Identifier{"events"}, []string{"campaign", "version", "action", "type", "data", "at", "prev", "hash"}, pgx.CopyFromRows(rows))
		return err
	})
	return cur, prev, err
}

// Rename implements events.Directory.
func (s *Store) Rename(ctx context.Context, stream, name string) error {
	return s.inTx(ctx, func(tx pgx.Tx) error {
		if err := nameFree(ctx, tx, name, stream); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO campaigns (stream, chain, name) VALUES ($1, $1, $2)
			ON CONFLICT (stream) DO UPDATE SET name = excluded.name`, stream, name)
		return err
	})
}

// SetArchived implements events.Directory.
func (s *Store) SetArchived(ctx context.Context, stream string, archived bool) error {
	return s.inTx(ctx, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO campaigns (stream, chain, name, archived) VALUES ($1, $1, $1, $2)
			ON CONFLICT (stream) DO UPDATE SET archived = excluded.archived`, stream, archived)
		return err
	})
}

// Delete implements events.Directory. It first takes the stream's lock
// alone (holdStream): the writes under way commit before it, later ones
// wait and then find the stream gone, and last reads, through this
// transaction (writers that wait may hold every other connection of the
// pool), everything ever committed. The log is append-only: the
// trigger that keeps it so is turned off for this transaction's statement
// and on again before it commits (DDL is transactional, and the table
// stays locked meanwhile), so no other writer ever meets the log without
// it. Only the table's owner may do that.
func (s *Store) Delete(ctx context.Context, stream string, last func(context.Context, events.Store) error) error {
	var lastErr error
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		if err := holdStream(ctx, tx, stream, true); err != nil {
			return err
		}
		if last != nil {
			if lastErr = last(ctx, s.holding(tx)); lastErr != nil {
				return errDone
			}
		}
		for _, q := range []string{
			`ALTER TABLE events DISABLE TRIGGER events_append_only_delete`,
			`DELETE FROM events WHERE campaign = $1`,
			`ALTER TABLE events ENABLE TRIGGER events_append_only_delete`,
			`DELETE FROM snapshots WHERE campaign = $1`,
			`DELETE FROM snapshot_parts WHERE campaign = $1`,
			`DELETE FROM campaigns WHERE stream = $1`,
		} {
			var args []any
			if strings.Contains(q, "$1") {
				args = []any{stream}
			}
			if _, err := tx.Exec(ctx, q, args...); err != nil {
				return err
			}
		}
		return nil
	})
	if lastErr != nil {
		return lastErr
	}
	return err
}

// Setting implements events.Settings: the connecting user's own ("" when
// unset). Each database user keeps their own `warlog use`.
func (s *Store) Setting(ctx context.Context, key string) (string, error) {
	var v string
	err := s.pool.QueryRow(ctx, `SELECT value FROM settings WHERE usr = current_user AND key = $1`, key).Scan(&v)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", nil
	}
	return v, s.mapErr(err)
}

// SetSetting implements events.Settings.
func (s *Store) SetSetting(ctx context.Context, key, value string) error {
	_, err := s.pool.Exec(ctx, `INSERT INTO settings (usr, key, value) VALUES (current_user, $1, $2)
		ON CONFLICT (usr, key) DO UPDATE SET value = excluded.value`, key, value)
	return written(s.mapErr(err))
}

// guards are what keeps the log append-only and its versions unique: the
// triggers and the constraint that Check looks for.
var guards = []string{"events_append_only_update", "events_append_only_delete", "events_append_only_truncate", "events_notify"}

// Check implements events.Checker. A server keeps its own files whole;
// what it can lose is what keeps the log a log: Check fails when the
// schema is not the one this warlog writes, or a trigger that refuses to
// change events, or the unique (campaign, version), is gone or turned off
// (which only the tables' owner can do, and which would have let events be
// changed: the chain check says whether any were).
func (s *Store) Check(ctx context.Context) error {
	v, err := s.schemaVersion(ctx, nil)
	if err != nil {
		return err
	}
	if v != SchemaVersion() {
		return fmt.Errorf("%w: the database %s is at schema %d, and this warlog writes %d", events.ErrCorrupt, s.where, v, SchemaVersion())
	}
	rows, err := s.pool.Query(ctx, `SELECT tgname, tgenabled FROM pg_trigger WHERE tgrelid = 'events'::regclass AND NOT tgisinternal`)
	if err != nil {
		return s.mapErr(err)
	}
	state := map[string]string{}
	for rows.Next() {
		var name, enabled string
		if err := rows.Scan(&name, &enabled); err != nil {
			rows.Close()
			return s.mapErr(err)
		}
		state[name] = enabled
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return s.mapErr(err)
	}
	var faults []string
	for _, g := range guards {
		switch state[g] {
		case "O", "A":
		case "":
			faults = append(faults, "the trigger "+g+" is missing")
		default:
			faults = append(faults, "the trigger "+g+" is turned off")
		}
	}
	var unique bool
	if err := s.pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = 'events'::regclass AND conname = 'events_campaign_version' AND contype = 'u')`).Scan(&unique); err != nil {
		return s.mapErr(err)
	}
	if !unique {
		faults = append(faults, "the unique (campaign, version) of events is gone")
	}
	if len(faults) > 0 {
		return fmt.Errorf("%w: in %s %s, which let events be changed; restore them (the chain check shows whether any were)", events.ErrCorrupt, s.where, strings.Join(faults, " and "))
	}
	return nil
}

// Organiser implements events.Authority: the user may create campaigns,
// that is, INSERT into the campaigns table (the players' grants give them
// INSERT on events only).
func (s *Store) Organiser(ctx context.Context) (bool, error) {
	var ok bool
	err := s.reader().QueryRow(ctx, `SELECT has_table_privilege('campaigns', 'INSERT')`).Scan(&ok)
	return ok, s.mapErr(err)
}
