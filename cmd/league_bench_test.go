package cmd

// The league's benchmarks (issue 21), each reporting PostgreSQL beside
// SQLite measured in the same run:
//
//	go test ./cmd -run '^$' -bench League -benchtime 5x -timeout 60m
//
// BenchmarkLeagueAppend: 8 clients appending to one campaign at once.
// BenchmarkLeagueReplay: replaying a grown campaign against a plain scan of
// its rows, on the server and in the file (the campaign is grown and
// cached as for BenchmarkRebuild; WARLOG_BENCH_GAMES chooses the game, the
// first of it is used).

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"warlog/campaigns"
	"warlog/events"
	"warlog/events/postgres"
	"warlog/events/sqlite"
	"warlog/internal/pgtest"
)

// leagueClients is how many tables append to one campaign at once.
const leagueClients = 8

// appendRound is what one round of concurrent appends did.
type appendRound struct {
	acked     []string // the action ids acknowledged
	refused   int
	latencies []time.Duration
	wall      time.Duration
}

// concurrentRound has leagueClients clients, each with a store of its own
// (as separate warlogs have), make perClient free rolls each on one
// campaign at once, and checks what every refusal said.
func concurrentRound(b *testing.B, open func() events.Store, campaign string, round, perClient int) appendRound {
	b.Helper()
	var mu sync.Mutex
	var r appendRound
	var wg sync.WaitGroup
	start := make(chan struct{})
	stores := make([]events.Store, leagueClients)
	for i := range stores {
		stores[i] = open()
	}
	defer func() {
		for _, s := range stores {
			s.Close()
		}
	}()
	for c := range leagueClients {
		svc := campaigns.New(stores[c], Engines()...)
		wg.Go(func() {
			<-start
			for n := range perClient {
				id := fmt.Sprintf("r%d-c%d-%d", round, c, n)
				t0 := time.Now()
				_, err := svc.FreeRoll(context.Background(), campaign, "d6", "table "+fmt.Sprint(c), campaigns.Options{ActionID: id})
				d := time.Since(t0)
				mu.Lock()
				switch {
				case err == nil:
					r.acked = append(r.acked, id)
					r.latencies = append(r.latencies, d)
				case errors.Is(err, campaigns.ErrConflict):
					msg := err.Error()
					if !strings.HasSuffix(msg, "another warlog changed this campaign while the command ran; nothing was written: run it again") {
						b.Errorf("a conflict said %q", msg)
					}
					r.refused++
				default:
					b.Errorf("client %d: %v", c, err)
				}
				mu.Unlock()
			}
		})
	}
	t0 := time.Now()
	close(start)
	wg.Wait()
	r.wall = time.Since(t0)
	return r
}

// checkLog holds a store's campaign to the rounds: versions 1..N chained,
// each acknowledged action stored once and whole (its two events), and no
// other action of the rounds stored.
func checkLog(b *testing.B, s events.Store, campaign string, acked []string) (lost, duplicated int) {
	b.Helper()
	ctx := context.Background()
	if _, err := events.VerifyStream(ctx, s, campaign); err != nil {
		b.Fatalf("the log does not verify: %v", err)
	}
	count := map[string]int{}
	err := s.Load(ctx, campaign, 0, func(e events.Event) error {
		if strings.HasPrefix(e.Action, "r") {
			count[e.Action]++
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	for _, id := range acked {
		switch n := count[id]; {
		case n == 0:
			lost++
		case n != 2:
			duplicated++
		}
		delete(count, id)
	}
	for id := range count {
		b.Errorf("action %s is stored and was never acknowledged", id)
		duplicated++
	}
	return lost, duplicated
}

// percentile is the p-th percentile of ds.
func percentile(ds []time.Duration, p float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[min(len(s)-1, int(float64(len(s))*p))]
}

// BenchmarkLeagueAppend: 8 clients append free rolls to one campaign over
// loopback (PostgreSQL) and to one file (SQLite) in the same run: actions
// per second, p50 and p99 latency of an acknowledged action (a conflict's
// one re-decision included), the share refused, and the lost and
// duplicated versions (0, or the benchmark fails).
func BenchmarkLeagueAppend(b *testing.B) {
	ctx := context.Background()
	pgAddr := pgtest.Address(b)
	file := filepath.Join(b.TempDir(), "league.db")
	stores := []struct {
		name string
		open func() events.Store
	}{
		{"postgres", func() events.Store {
			s, err := postgres.Open(ctx, pgAddr, postgres.Options{})
			if err != nil {
				b.Fatal(err)
			}
			return s
		}},
		{"sqlite", func() events.Store {
			s, err := sqlite.Open(file, sqlite.Options{})
			if err != nil {
				b.Fatal(err)
			}
			return s
		}},
	}
	const perClient = 25
	type totals struct {
		acked, refused, lost, dup int
		wall                      time.Duration
		lat                       []time.Duration
		ids                       []string
	}
	tot := make([]totals, len(stores))
	seed := uint64(21)
	for _, st := range stores {
		s := st.open()
		if _, err := campaigns.New(s, Engines()...).Create(ctx, "League", campaigns.CreateOptions{Game: "kingsown", Seed: &seed}); err != nil {
			b.Fatal(err)
		}
		s.Close()
	}
	round := 0
	for b.Loop() {
		for i, st := range stores {
			r := concurrentRound(b, st.open, "League", round, perClient)
			tot[i].acked += len(r.acked)
			tot[i].refused += r.refused
			tot[i].wall += r.wall
			tot[i].lat = append(tot[i].lat, r.latencies...)
			tot[i].ids = append(tot[i].ids, r.acked...)
		}
		round++
	}
	b.StopTimer()
	for i, st := range stores {
		s := st.open()
		tot[i].lost, tot[i].dup = checkLog(b, s, "League", tot[i].ids)
		s.Close()
		t := tot[i]
		if t.lost > 0 || t.dup > 0 {
			b.Errorf("%s: %d acknowledged actions lost, %d duplicated", st.name, t.lost, t.dup)
		}
		b.ReportMetric(float64(t.acked)/t.wall.Seconds(), st.name+"-actions/s")
		b.ReportMetric(ms(percentile(t.lat, 0.50)), st.name+"-p50-ms")
		b.ReportMetric(ms(percentile(t.lat, 0.99)), st.name+"-p99-ms")
		b.ReportMetric(100*float64(t.refused)/float64(t.acked+t.refused), st.name+"-refused-%")
		b.ReportMetric(float64(t.lost+t.dup), st.name+"-lost+dup")
	}
	b.ReportMetric((float64(tot[0].acked)/tot[0].wall.Seconds())/(float64(tot[1].acked)/tot[1].wall.Seconds()), "pg/sqlite-actions/s")
}

// BenchmarkLeagueReplay: replaying a grown campaign (100,000 events) with
// no snapshot from PostgreSQL, against a plain pgx scan of the same six
// columns; and the same from SQLite against its plain scan, in one run
// (target: the server's ratio as good as the file's).
func BenchmarkLeagueReplay(b *testing.B) {
	ctx := context.Background()
	game := benchGames()[0]
	db, name := growCampaign(b, game, benchEvents())
	file, err := sqlite.Open(db, sqlite.Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer file.Close()
	if _, err := file.DropSnapshots(ctx); err != nil {
		b.Fatal(err)
	}
	server, err := postgres.Open(ctx, pgtest.Address(b), postgres.Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer server.Close()
	fileSvc, serverSvc := campaigns.New(file, Engines()...), campaigns.New(server, Engines()...)
	if _, err := fileSvc.Send(ctx, name, serverSvc, ""); err != nil {
		b.Fatal(err)
	}
	fileSvc.SnapshotEvery(0)
	serverSvc.SnapshotEvery(0)
	if _, err := server.Pool().Exec(ctx, "ANALYZE events"); err != nil {
		b.Fatal(err)
	}
	var pgScan, pgReplay, sqScan, sqReplay time.Duration
	var evs int64
	for b.Loop() {
		t0 := time.Now()
		rows := pgPlainScan(b, server, name)
		pgScan += time.Since(t0)
		t0 = time.Now()
		st, err := serverSvc.Load(ctx, name)
		if err != nil {
			b.Fatal(err)
		}
		pgReplay += time.Since(t0)
		if evs = st.Version; rows != evs {
			b.Fatalf("the scan read %d rows, the replay %d events", rows, evs)
		}
		t0 = time.Now()
		plainScan(b, file, name)
		sqScan += time.Since(t0)
		t0 = time.Now()
		if _, err := fileSvc.Load(ctx, name); err != nil {
			b.Fatal(err)
		}
		sqReplay += time.Since(t0)
	}
	n := float64(b.N)
	b.ReportMetric(float64(evs)*n/pgReplay.Seconds()/1000, "pg-replay-kevents/s")
	b.ReportMetric(float64(evs)*n/pgScan.Seconds()/1000, "pg-scan-krows/s")
	b.ReportMetric(pgScan.Seconds()/pgReplay.Seconds(), "pg-replay/scan")
	b.ReportMetric(float64(evs)*n/sqReplay.Seconds()/1000, "sqlite-replay-kevents/s")
	b.ReportMetric(sqScan.Seconds()/sqReplay.Seconds(), "sqlite-replay/scan")
}

// pgPlainScan reads every event of campaign through pgx into plain Go
// values, the six columns a replay reads, and does nothing with them.
func pgPlainScan(tb testing.TB, s *postgres.Store, campaign string) int64 {
	rows, err := s.Pool().Query(context.Background(), `SELECT version, action, type, data, at, hash FROM events WHERE campaign = $1 ORDER BY version`, campaign)
	if err != nil {
		tb.Fatal(err)
	}
	defer rows.Close()
	var n, version int64
	var action, typ, data, at, hash string
	for rows.Next() {
		if err := rows.Scan(&version, &action, &typ, &data, &at, &hash); err != nil {
			tb.Fatal(err)
		}
		n++
	}
	if err := rows.Err(); err != nil {
		tb.Fatal(err)
	}
	return n
}
