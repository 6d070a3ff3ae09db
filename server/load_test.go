package server_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"warlog/campaigns"
	"warlog/events"
	"warlog/internal/pgtest"
	"warlog/internal/racepass"
	"warlog/server"
)

// load is what a run of writers did.
type load struct {
	acked     int
	conflicts int
	failures  []error
	latencies []time.Duration
	elapsed   time.Duration
}

func (r load) quantile(q float64) time.Duration {
	if len(r.latencies) == 0 {
		return 0
	}
	l := slices.Clone(r.latencies)
	slices.Sort(l)
	return l[min(len(l)-1, int(q*float64(len(l))))]
}

func (r load) String() string {
	return fmt.Sprintf("%d acknowledged in %v (%.0f/s), p50 %v, p99 %v, %d conflicts, %d other failures",
		r.acked, r.elapsed.Round(time.Millisecond), float64(r.acked)/r.elapsed.Seconds(), r.quantile(.5).Round(100*time.Microsecond), r.quantile(.99).Round(100*time.Microsecond), r.conflicts, len(r.failures))
}

// runWriters has clients writers, each with its own service (svc(i)),
// make actions free rolls each in campaign(i), each with an id of its
// own, all at once.
func runWriters(svc func(i int) *campaigns.Service, campaign func(i int) string, clients, actions int) load {
	var mu sync.Mutex
	var r load
	var wg sync.WaitGroup
	start := time.Now()
	for i := range clients {
		s := svc(i)
		wg.Go(func() {
			for n := range actions {
				t0 := time.Now()
				_, err := s.FreeRoll(context.Background(), campaign(i), "1d6", fmt.Sprintf("writer %d", i), campaigns.Options{ActionID: fmt.Sprintf("w%d-%d", i, n)})
				d := time.Since(t0)
				mu.Lock()
				switch {
				case err == nil:
					r.acked++
					r.latencies = append(r.latencies, d)
				case errors.Is(err, campaigns.ErrConflict), errors.Is(err, events.ErrConcurrency):
					r.conflicts++
				default:
					r.failures = append(r.failures, err)
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	r.elapsed = time.Since(start)
	return r
}

// checkStored checks that every acknowledged action of the writers is
// stored once, whole, and nothing else.
func checkStored(t testing.TB, st events.Store, campaign func(i int) string, clients, actions int) {
	t.Helper()
	ctx := context.Background()
	for i := range clients {
		for n := range actions {
			evs, err := events.Action(ctx, st, campaign(i), fmt.Sprintf("w%d-%d", i, n))
			if err != nil {
				t.Fatal(err)
			}
			if len(evs) != 2 {
				t.Errorf("action w%d-%d: %d events stored; want its 2 once", i, n, len(evs))
			}
		}
	}
}

// Writers queue instead of failing: 8 clients append to one campaign at
// once through the server, and none is refused for a conflict, none lost,
// none stored twice; the same with 20 clients over 4 campaigns (CI's size
// of the 1,000 actions and 50 clients: BenchmarkLeagueLoad runs
// those). On a file, and on PostgreSQL where the database holds the lock.
func TestWritersQueue(t *testing.T) {
	t.Parallel()
	for _, backend := range []string{"file", "postgres"} {
		t.Run(backend, func(t *testing.T) {
			t.Parallel()
			db := fileDB(t)
			if backend == "postgres" {
				db = pgtest.Address(t)
			}
			l := newLeague(t, db, server.Config{Rate: -1})
			org := l.client(t, "org")
			names := []string{"Autumn", "Winter", "Spring", "Summer"}
			for _, n := range names {
				if _, err := org.Create(context.Background(), n, campaigns.CreateOptions{Game: "kingsown", Seed: seed(11)}); err != nil {
					t.Fatal(err)
				}
			}
			// The race detector slows each action tenfold: it checks the
			// same interleavings with fewer of them.
			per, spreadPer := 25, 5
			if racepass.Enabled {
				per, spreadPer = 3, 1
			}
			one := func(int) string { return "Autumn" }
			r := runWriters(func(int) *campaigns.Service { return l.client(t, "org") }, one, 8, per)
			t.Logf("%s, 8 clients on one campaign: %v", backend, r)
			if r.conflicts != 0 || len(r.failures) != 0 || r.acked != 8*per {
				t.Errorf("8 clients × %d actions: %v (first failure %v); want %d acknowledged, nothing refused", per, r, first(r.failures), 8*per)
			}
			checkStored(t, l.store, one, 8, per)
			spread := func(i int) string { return names[i%len(names)] }
			r = runWriters(func(int) *campaigns.Service { return l.client(t, "org") }, spread, 20, spreadPer)
			t.Logf("%s, 20 clients over 4 campaigns: %v", backend, r)
			if r.conflicts != 0 || len(r.failures) != 0 || r.acked != 20*spreadPer {
				t.Errorf("20 clients × %d actions over 4 campaigns: %v (first failure %v); want %d acknowledged", spreadPer, r, first(r.failures), 20*spreadPer)
			}
			checkStored(t, l.store, spread, 20, spreadPer)
		})
	}
}

func first(errs []error) error {
	if len(errs) == 0 {
		return nil
	}
	return errs[0]
}
