package cmd

import (
	"context"
	"testing"
	"time"

	"warlog/campaigns"
	"warlog/events/sqlite"
	"warlog/projections/report"
)

// BenchmarkReport: the chronicle of a large campaign (every scenario, read
// from the game's status after every action) against a plain replay of
// the same log in the same run, which the report cannot be faster than
// (target: at most 2x).
//
//	WARLOG_BENCH_GAMES=deadwars go test ./cmd -run '^$' -bench Report -benchtime 5x
func BenchmarkReport(b *testing.B) {
	ctx := context.Background()
	for _, game := range benchGames() {
		b.Run(game, func(b *testing.B) {
			db, name := growCampaign(b, game, benchEvents())
			store, err := sqlite.Open(db, sqlite.Options{})
			if err != nil {
				b.Fatal(err)
			}
			defer store.Close()
			svc := campaigns.New(store, Engines()...)
			var replay, rep time.Duration
			var scenarios int
			for b.Loop() {
				start := time.Now()
				if _, err := svc.Replay(ctx, name, func(*campaigns.State, campaigns.Step) error { return nil }); err != nil {
					b.Fatal(err)
				}
				replay += time.Since(start)
				start = time.Now()
				r, err := report.Build(ctx, svc, name, report.Options{Campaign: true})
				if err != nil {
					b.Fatal(err)
				}
				rep += time.Since(start)
				scenarios = len(r.Scenarios)
			}
			n := float64(b.N)
			b.ReportMetric(ms(replay)/n, "replay-ms")
			b.ReportMetric(ms(rep)/n, "report-ms")
			b.ReportMetric(float64(rep)/float64(replay), "report/replay")
			b.ReportMetric(float64(scenarios), "scenarios")
		})
	}
}
