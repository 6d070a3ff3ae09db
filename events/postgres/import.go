package postgres

import (
	"context"

	"github.com/jackc/pgx/v5"

	"warlog/events"
)

// importBatch is how many events an ImportStream copies in at a time.
const importBatch = 1024

// ImportStream implements events.StreamImporter: Import's checks, with the
// events copied in with COPY a batch at a time as evs passes them, in the
// one transaction, which commits only once evs has passed them all
// without an error.
func (s *Store) ImportStream(ctx context.Context, entry events.Entry, expected int64, evs events.Events) error {
	return s.inTx(ctx, func(tx pgx.Tx) error {
		if err := holdStream(ctx, tx, entry.Stream, false); err != nil {
			return err
		}
		cur, prev, err := head(ctx, tx, entry.Stream)
		if err != nil {
			return err
		}
		check, err := events.ImportChecker(entry, expected, cur, prev, func() (string, error) { return chainOf(ctx, tx, entry.Stream) })
		if err != nil {
			return err
		}
		if cur == 0 {
			if err := enter(ctx, tx, &entry, entry.Stream); err != nil {
				return err
			}
		}
		rows := make([][]any, 0, importBatch)
		flush := func() error {
			if len(rows) == 0 {
				return nil
			}
			_, err := tx.CopyFrom(ctx, pgx.Identifier{"events"}, []string{"campaign", "version", "action", "type", "data", "at", "prev", "hash"}, pgx.CopyFromRows(rows))
			clear(rows)
			rows = rows[:0]
			return err
		}
		err = evs(func(e events.Event) error {
			if err := check.Check(e); err != nil {
				return err
			}
			rows = append(rows, []any{entry.Stream, e.Version, e.Action, e.Type, string(e.Data), e.At.UTC().Format(events.TimeFormat), e.Prev, e.Hash})
			if len(rows) == importBatch {
				return flush()
			}
			return nil
		})
		if err != nil {
			return err
		}
		return flush()
	})
}
