package postgres

import (
	"context"
	"time"
)

// LockStream implements events.StreamLocker with a session advisory lock
// on the stream's key, held on a connection of its own until unlock: every
// process on the database that asks for it waits its turn, and a process
// that dies lets it go with its connection.
func (s *Store) LockStream(ctx context.Context, stream string) (func(), error) {
	conn, err := s.pool.Acquire(ctx)
	if err != nil {
		return nil, s.mapErr(err)
	}
	const key = `hashtextextended('warlog stream ' || $1, 0)`
	if _, err := conn.Exec(ctx, `SELECT pg_advisory_lock(`+key+`)`, stream); err != nil {
		// A wait cut short may leave the lock granted or the connection
		// mid-query: closing it lets both go.
		_ = conn.Conn().Close(context.Background())
		conn.Release()
		return nil, s.mapErr(err)
	}
	return func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if _, err := conn.Exec(ctx, `SELECT pg_advisory_unlock(`+key+`)`, stream); err != nil {
			_ = conn.Conn().Close(ctx)
		}
		conn.Release()
	}, nil
}
