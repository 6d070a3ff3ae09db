package events

import (
	"context"
	"time"
)

// Watcher is a Store that is told when a stream grows (PostgreSQL's
// LISTEN/NOTIFY): WaitPast returns as soon as campaign's stream is past
// version after, or at once when it already is, with its newest version.
// It ends with ctx's error when ctx ends first.
type Watcher interface {
	WaitPast(ctx context.Context, campaign string, after int64) (int64, error)
}

// WaitPast waits until campaign's stream is past version after (a version
// other than after: a deleted and recreated stream may be shorter) and
// returns its newest version: through the store's Watcher, or by reading
// the stream's head every poll otherwise (the SQLite file, where another
// process's append leaves no other trace to wait on).
func WaitPast(ctx context.Context, s Store, campaign string, after int64, poll time.Duration) (int64, error) {
	if w, ok := s.(Watcher); ok {
		return w.WaitPast(ctx, campaign, after)
	}
	t := time.NewTicker(poll)
	defer t.Stop()
	for {
		v, err := Version(ctx, s, campaign)
		if err != nil || v != after {
			return v, err
		}
		select {
		case <-ctx.Done():
			return v, ctx.Err()
		case <-t.C:
		}
	}
}
