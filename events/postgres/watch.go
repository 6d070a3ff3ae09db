package postgres

import (
	"context"
	"strconv"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
)

// recheck is how long WaitPast waits for a notification before it reads
// the head anyway.
const recheck = 30 * time.Second

// listener is the store's one listening connection, shared by every
// WaitPast: its goroutine hands each notification to the waits on the
// campaign it names, so that a wait on one campaign never holds up a wait
// on another (a server follows many campaigns at once).
type listener struct {
	conn *pgx.Conn
	stop context.CancelFunc
	done chan struct{} // closed when the goroutine has ended
	mu   sync.Mutex
	// waits are, by campaign, the channel its next notification closes.
	waits map[string]chan struct{}
	// failed is closed when the connection fails, err set first: every
	// wait ends with it, and the next WaitPast listens anew.
	failed chan struct{}
	err    error
}

// next is the channel the campaign's next notification closes.
func (l *listener) next(campaign string) chan struct{} {
	l.mu.Lock()
	defer l.mu.Unlock()
	ch := l.waits[campaign]
	if ch == nil {
		ch = make(chan struct{})
		l.waits[campaign] = ch
	}
	return ch
}

// run hands the notifications on until the connection fails or stop.
func (l *listener) run(ctx context.Context) {
	defer close(l.done)
	for {
		n, err := l.conn.WaitForNotification(ctx)
		l.mu.Lock()
		if err != nil {
			l.err = err
			close(l.failed)
			l.mu.Unlock()
			return
		}
		if ch := l.waits[n.Payload]; ch != nil {
			close(ch)
			delete(l.waits, n.Payload)
		}
		l.mu.Unlock()
	}
}

// close ends the goroutine and the connection.
func (l *listener) close() {
	l.stop()
	<-l.done
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	_ = l.conn.Close(ctx)
}

// listening is the store's listener, connected and listening on first
// use, and again after its connection failed.
func (s *Store) listening(ctx context.Context) (*listener, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if l := s.listen; l != nil {
		select {
		case <-l.failed:
			l.close()
			s.listen = nil
		default:
			return l, nil
		}
	}
	conn, err := pgx.ConnectConfig(ctx, s.pool.Config().ConnConfig)
	if err != nil {
		return nil, s.mapErr(err)
	}
	var rel uint32
	if err := conn.QueryRow(ctx, `SELECT 'events'::regclass::oid`).Scan(&rel); err != nil {
		conn.Close(context.Background())
		return nil, s.mapErr(err)
	}
	s.notify = "warlog_" + strconv.FormatUint(uint64(rel), 10)
	if _, err := conn.Exec(ctx, "LISTEN "+pgx.Identifier{s.notify}.Sanitize()); err != nil {
		conn.Close(context.Background())
		return nil, s.mapErr(err)
	}
	lctx, stop := context.WithCancel(context.Background())
	l := &listener{conn: conn, stop: stop, done: make(chan struct{}), waits: map[string]chan struct{}{}, failed: make(chan struct{})}
	go l.run(lctx)
	s.listen = l
	return l, nil
}

// WaitPast implements events.Watcher. It listens on a connection of its
// own, kept for the store's life and shared by every wait, so that no
// append is missed: a wait takes the channel its campaign's next
// notification closes before it reads the head.
func (s *Store) WaitPast(ctx context.Context, campaign string, after int64) (int64, error) {
	l, err := s.listening(ctx)
	if err != nil {
		return 0, err
	}
	for {
		told := l.next(campaign)
		v, err := s.Version(ctx, campaign)
		if err != nil || v != after {
			return v, err
		}
		t := time.NewTimer(recheck) // read the head anyway, now and then
		select {
		case <-told:
		case <-t.C:
		case <-l.failed:
			t.Stop()
			return v, s.mapErr(l.err)
		case <-ctx.Done():
			t.Stop()
			return v, ctx.Err()
		}
		t.Stop()
	}
}
