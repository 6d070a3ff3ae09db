package postgres_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/url"
	"strings"
	"testing"
	"time"

	"warlog/events"
	"warlog/events/postgres"
	"warlog/internal/pgtest"
)

// A connection killed while a long read runs (pg_terminate_backend, from
// a connection of the server's superuser) is a plain lost-connection
// error, whenever it happens: never a panic, never another kind of error,
// and never the claim that the server was stopped.
func TestReadOfAKilledConnection(t *testing.T) {
	ctx := context.Background()
	u, err := url.Parse(pgtest.Address(t))
	if err != nil {
		t.Fatal(err)
	}
	app := fmt.Sprintf("warlog_killed_%d", time.Now().UnixNano())
	q := u.Query()
	q.Set("application_name", app)
	u.RawQuery = q.Encode()
	s, err := postgres.Open(ctx, u.String(), postgres.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	batches := make([]postgres.Batch, 2000)
	for i := range batches {
		batches[i] = postgres.Batch{Action: fmt.Sprintf("a%d", i), Facts: []events.Fact{{Type: "test.fact", Data: map[string]any{"n": i, "pad": strings.Repeat("x", 200)}}}}
	}
	if _, _, err := s.AppendBatches(ctx, "long", 0, batches); err != nil {
		t.Fatal(err)
	}
	admin := pgtest.Connect(t)
	defer admin.Close(ctx)
	kill := func() {
		_, _ = admin.Exec(ctx, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND pid <> pg_backend_pid()`, app)
	}
	rng := rand.New(rand.NewPCG(9, 9))
	reads := []struct {
		name string
		read func() error
	}{
		{"Stream", func() error {
			return s.Stream(ctx, "long", 0, func(*events.Event) error { return nil })
		}},
		{"Load", func() error {
			return s.Load(ctx, "long", 0, func(events.Event) error { return nil })
		}},
	}
	lost := 0
	for i := range 60 {
		r := reads[i%len(reads)]
		done := make(chan error, 1)
		go func() {
			defer func() {
				if p := recover(); p != nil {
					done <- fmt.Errorf("panic: %v", p)
				}
			}()
			done <- r.read()
		}()
		time.Sleep(time.Duration(rng.Int64N(int64(3 * time.Millisecond))))
		kill()
		err := <-done
		switch {
		case err == nil:
		case !errors.Is(err, events.ErrLost):
			t.Errorf("%s, killed: %v; want the connection lost", r.name, err)
		case strings.Contains(err.Error(), "nothing was written"), strings.Contains(err.Error(), "was stopped)"):
			t.Errorf("%s, killed: %q; a read says only that the connection was lost", r.name, err)
		default:
			lost++
		}
	}
	t.Logf("60 reads killed: %d lost their connection, the rest ended first", lost)

	// A follower (log --follow, status --watch) waits on a connection of
	// its own: killed, it says the connection was lost.
	var v int64
	for range 5 { // the pool may hand out a connection killed above first
		if v, err = events.Version(ctx, s, "long"); err == nil {
			break
		}
	}
	if err != nil {
		t.Fatal(err)
	}
	waited := make(chan error, 1)
	go func() {
		_, err := s.WaitPast(ctx, "long", v)
		waited <- err
	}()
	deadline := time.After(10 * time.Second)
	for {
		kill()
		select {
		case err := <-waited:
			if !errors.Is(err, events.ErrLost) || strings.Contains(err.Error(), "nothing was written") || strings.Contains(err.Error(), "was stopped)") {
				t.Errorf("WaitPast, killed: %v; want only that the connection was lost", err)
			}
			t.Logf("WaitPast, killed: %v", err)
			return
		case <-deadline:
			t.Fatal("WaitPast still waits after its connection was killed")
		case <-time.After(50 * time.Millisecond):
		}
	}
}
