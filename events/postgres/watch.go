package postgres

import (
	"context"
	"errors"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"
)

// recheck is how long WaitPast waits for a notification before it reads
// the head anyway.
const recheck = 30 * time.Second

// WaitPast implements events.Watcher. It listens on a connection of its
// own, kept for the store's life so that no append between two waits is
// missed: the listening starts before the head is first read, and
// notifications that arrive between waits wait on the connection.
func (s *Store) WaitPast(ctx context.Context, campaign string, after int64) (int64, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.listen == nil {
		conn, err := pgx.ConnectConfig(ctx, s.pool.Config().ConnConfig)
		if err != nil {
			return 0, s.mapErr(err)
		}
		var rel uint32
		if err := conn.QueryRow(ctx, `SELECT 'events'::regclass::oid`).Scan(&rel); err != nil {
			conn.Close(context.Background())
			return 0, s.mapErr(err)
		}
		s.notify = "warlog_" + strconv.FormatUint(uint64(rel), 10)
		if _, err := conn.Exec(ctx, "LISTEN "+pgx.Identifier{s.notify}.Sanitize()); err != nil {
			conn.Close(context.Background())
			return 0, s.mapErr(err)
		}
		s.listen = conn
	}
	for {
		v, err := s.Version(ctx, campaign)
		if err != nil || v != after {
			return v, err
		}
		for {
			wctx, cancel := context.WithTimeout(ctx, recheck)
			n, err := s.listen.WaitForNotification(wctx)
			cancel()
			if ctx.Err() != nil {
				return v, ctx.Err()
			}
			if errors.Is(err, context.DeadlineExceeded) || (err != nil && !s.listen.IsClosed() && wctx.Err() != nil) {
				break // read the head anyway
			}
			if err != nil {
				s.listen.Close(context.Background())
				s.listen = nil
				return v, s.mapErr(err)
			}
			if n.Payload == campaign {
				break
			}
		}
	}
}
