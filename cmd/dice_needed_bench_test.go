package cmd

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"warlog/campaigns"
	"warlog/cmd/cmdutil"
	"warlog/events/sqlite"
)

// BenchmarkDiceNeeded measures what saying "die 2 of 6" costs a die's
// question in play, against its floor, one decision of the same action:
// Deadwars's roll of six action dice before its first die, the worst case
// (the count is the same whatever they show, but six dice are too many
// faces to try, so it gives up after its budget of decisions).
//
//	go test ./cmd -run '^$' -bench DiceNeeded
func BenchmarkDiceNeeded(b *testing.B) {
	db := filepath.Join(b.TempDir(), "w.db")
	for _, args := range [][]string{
		{"campaign", "new", "Skull Hill", "--game", "deadwars", "--seed", "11"},
		{"dw", "force", "Ann", "--clan", "dracula"},
		{"dw", "recruit", "Ann", "Vlad", "--class", "wizard", "--champion"},
		{"dw", "recruit", "Ann", "Igor", "--rank", "guard", "--class", "berserker"},
		{"dw", "recruit", "Ann", "Renny", "--rank", "soldier", "--class", "fighter"},
		{"dw", "force", "Ben", "--clan", "davy-jones"},
		{"dw", "recruit", "Ben", "Davy", "--class", "fighter", "--champion"},
		{"dw", "recruit", "Ben", "Jack", "--rank", "guard", "--class", "shooter"},
		{"dw", "recruit", "Ben", "Bones", "--rank", "soldier", "--class", "skirmisher"},
		{"scenario", "start", "Skull Hill", "--brief", "head-count", "--dice", "4,2"},
	} {
		var out, errb bytes.Buffer
		app := &cmdutil.App{In: strings.NewReader(""), Out: &out, Err: &errb, Getenv: func(string) string { return "" }, Engines: Engines()}
		if code := Run(context.Background(), app, append([]string{"--db", db}, args...)); code != 0 {
			b.Fatalf("%v: %s", args, errb.String())
		}
	}
	store, err := sqlite.Open(db, sqlite.Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer store.Close()
	svc := campaigns.New(store, Engines()...)
	st, err := svc.Load(context.Background(), "Skull Hill")
	if err != nil {
		b.Fatal(err)
	}
	cmd, err := st.Engine().DecodeCommand("dw roll", []byte(`{"player":"Ann"}`))
	if err != nil {
		b.Fatal(err)
	}
	if n, _ := st.DiceNeeded(cmd, []int{1, 1, 3}); n != 6 {
		b.Fatalf("a roll of action dice takes %d dice after three; want 6", n)
	}
	var one, needed time.Duration
	for b.Loop() {
		start := time.Now()
		if _, ok := st.DiceNeeded(cmd, []int{1, 1, 3, 5, 6, 2}); !ok {
			b.Fatal("the whole roll: unknown")
		}
		one += time.Since(start)
		start = time.Now()
		st.DiceNeeded(cmd, nil)
		needed += time.Since(start)
	}
	b.ReportMetric(float64(needed.Microseconds())/float64(b.N), "needed-µs")
	b.ReportMetric(float64(needed)/float64(one), "needed/decision")
}
