package server_test

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"testing"

	"warlog/campaigns"
	"warlog/cmd"
	"warlog/events/stores"
	"warlog/internal/pgtest"
	"warlog/server"
)

// BenchmarkLeagueLoad is the load in full, beside its floor in the
// same run: 8 clients × 125 actions (1,000) on one campaign, appending
// straight to an SQLite file (each client its own store, as 8 warlogs on
// one file; the floor), then through the server on a file and on
// PostgreSQL, then 50 clients over 5 campaigns through the server on
// PostgreSQL. Each reports acknowledged actions a second, p50 and p99 in
// ms, and conflicts (the server's must be 0). Run it once:
//
//	go test ./server -run '^$' -bench LeagueLoad -benchtime 1x
//
// WARLOG_LOAD_ACTIONS sets the actions per client of the 8 (default 125).
func BenchmarkLeagueLoad(b *testing.B) {
	per := 125
	if v, err := strconv.Atoi(os.Getenv("WARLOG_LOAD_ACTIONS")); err == nil && v > 0 {
		per = v
	}
	ctx := context.Background()
	one := func(int) string { return "Autumn" }
	report := func(name string, r load) {
		b.ReportMetric(float64(r.acked)/r.elapsed.Seconds(), name+"-acks/s")
		b.ReportMetric(float64(r.quantile(.5).Microseconds())/1000, name+"-p50-ms")
		b.ReportMetric(float64(r.quantile(.99).Microseconds())/1000, name+"-p99-ms")
		b.ReportMetric(float64(r.conflicts), name+"-conflicts")
		b.Logf("%s: %v", name, r)
		if len(r.failures) > 0 {
			b.Errorf("%s: %d failures, the first %v", name, len(r.failures), r.failures[0])
		}
	}
	for range b.N {
		// The floor: 8 warlogs on one file, no server.
		path := fileDB(b)
		first, err := stores.Open(ctx, path, stores.Options{})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := campaigns.New(first, cmd.Engines()...).Create(ctx, "Autumn", campaigns.CreateOptions{Game: "kingsown", Seed: seed(5)}); err != nil {
			b.Fatal(err)
		}
		first.Close()
		report("file", runWriters(func(int) *campaigns.Service {
			st, err := stores.Open(ctx, path, stores.Options{})
			if err != nil {
				b.Fatal(err)
			}
			b.Cleanup(func() { st.Close() })
			return campaigns.New(st, cmd.Engines()...)
		}, one, 8, per))
		for _, backend := range []string{"server-file", "server-pg"} {
			db := fileDB(b)
			if backend == "server-pg" {
				db = pgtest.Address(b)
			}
			l := newLeague(b, db, server.Config{Rate: -1})
			org := l.client(b, "org")
			for c := range 5 {
				if _, err := org.Create(ctx, fmt.Sprint("C", c), campaigns.CreateOptions{Game: "kingsown", Seed: seed(5)}); err != nil {
					b.Fatal(err)
				}
			}
			c0 := func(int) string { return "C0" }
			r := runWriters(func(int) *campaigns.Service { return l.client(b, "org") }, c0, 8, per)
			report(backend, r)
			if r.conflicts != 0 {
				b.Errorf("%s: %d conflicts; writers must queue", backend, r.conflicts)
			}
			checkStored(b, l.store, c0, 8, per)
			if backend == "server-pg" {
				spread := func(i int) string { return fmt.Sprint("C", i%5) }
				r := runWriters(func(int) *campaigns.Service { return l.client(b, "org") }, spread, 50, per*8/50)
				report("server-pg-50x5", r)
				if r.conflicts != 0 {
					b.Errorf("50 clients over 5 campaigns: %d conflicts; writers must queue", r.conflicts)
				}
			}
		}
	}
}
