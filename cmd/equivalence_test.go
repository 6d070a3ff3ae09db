package cmd

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"warlog/campaigns"
	"warlog/engines"
	"warlog/events/sqlite"
	"warlog/internal/racepass"
	"warlog/testdata/gen"
)

// equivalenceSteps is how many random actions each game gets: 10,000 in all
// with WARLOG_SLOW=1, fewer in the ordinary run.
func equivalenceSteps() int {
	switch {
	case os.Getenv("WARLOG_SLOW") != "":
		return 2000
	case racepass.Enabled:
		return 60
	}
	return 150
}

// view is everything a user can see of a state, as JSON.
func view(t *testing.T, st *campaigns.State) string {
	t.Helper()
	g := st.Game
	v := struct {
		Game      any
		Status    engines.Status
		Roster    engines.Roster
		Scenarios []engines.ScenarioSummary
		Dice      int
		Version   int64
		Head      string
	}{Game: g, Status: g.Status(), Roster: g.Roster(), Dice: st.ProgramDice, Version: st.Version, Head: st.Head}
	if c, ok := g.(engines.Chronicler); ok {
		v.Scenarios = c.Scenarios()
	}
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// For random legal actions of every game (chosen from the engine's own
// prompted choices, after the demo's battle), with undos and redos among
// them, the state folded forward action by action equals the state replayed
// from the log from scratch: every view of it, byte for byte. The walk runs
// in rounds of at most 250 steps, each on a fresh campaign from the demo of
// another seed, so that the logs stay the size of real campaigns (every
// command replays its whole log).
func TestReplayEquivalence(t *testing.T) {
	ctx := context.Background()
	for gi := range gameDemos("3") {
		title := gameDemos("3")[gi][0][2]
		t.Run(slug(gameDemos("3")[gi][0]), func(t *testing.T) {
			done, undone, fromSnapshot, total := 0, 0, 0, equivalenceSteps()
			snapshots := false // whether the game's engine keeps snapshots
			for round := 0; round*250 < total; round++ {
				seed := strconv.Itoa(3 + round)
				section := gameDemos(seed)[gi]
				name := section[0][2]
				db := filepath.Join(t.TempDir(), "eq.db")
				for _, args := range section {
					if _, e, code := run(t, db, args...); code != 0 {
						t.Fatalf("%v: %s", args, e)
					}
				}
				st, err := sqlite.Open(db, sqlite.Options{})
				if err != nil {
					t.Fatal(err)
				}
				svc := campaigns.New(st, Engines()...)
				// Snapshots every few events, so that most loads start from
				// one and undo keeps making some stale; scratch replays the
				// whole log every time, the truth both must equal.
				svc.SnapshotEvery(7)
				scratch := campaigns.New(st, Engines()...)
				scratch.SnapshotEvery(0)
				rng := rand.New(rand.NewPCG(7+uint64(round), uint64(len(name))))
				for step := round * 250; step < min(total, (round+1)*250); step++ {
					cur, err := svc.Load(ctx, name)
					if err != nil {
						t.Fatal(err)
					}
					var res *campaigns.Result
					switch r := rng.IntN(20); {
					case r == 0:
						res, err = svc.Undo(ctx, name, 1+rng.IntN(2), "", campaigns.Options{})
					case r == 1:
						res, err = svc.Redo(ctx, name, 1, campaigns.Options{})
					default:
						pr, ok := cur.Game.(engines.Prompter)
						if !ok {
							t.Fatalf("%s offers no prompted choices", name)
						}
						choices := pr.Choices()
						if len(choices) == 0 {
							continue
						}
						ch := choices[rng.IntN(len(choices))]
						a, ok := gen.Answer(rng, ch, step)
						if !ok {
							continue
						}
						cmd, berr := ch.Build(a)
						if berr != nil {
							continue
						}
						res, err = svc.Do(ctx, name, ch.Game, cmd, campaigns.Options{})
					}
					if err != nil {
						continue // a refusal writes nothing; that is tested elsewhere
					}
					done++
					if strings.HasPrefix(res.Label, "undo") || strings.HasPrefix(res.Label, "redo") {
						undone++
					}
					fresh, err := scratch.Load(ctx, name)
					if err != nil {
						t.Fatal(err)
					}
					want := view(t, fresh)
					_, snapshots = fresh.Engine().(engines.Snapshotter)
					if got := view(t, res.State); got != want {
						t.Fatalf("round %d, step %d (%s): the state folded forward differs from the replay:\n got %s\nwant %s", round, step, res.Label, got, want)
					}
					restored, err := svc.Load(ctx, name)
					if err != nil {
						t.Fatal(err)
					}
					if restored.Base() > 0 {
						fromSnapshot++
					}
					if got := view(t, restored); got != want {
						t.Fatalf("round %d, step %d (%s): the state loaded from the snapshot at %d differs from the replay:\n got %s\nwant %s", round, step, res.Label, restored.Base(), got, want)
					}
				}
				// What verify runs: every snapshot the walk left equals the
				// log replayed to its version (issue 17, item 2; no false
				// alarm after undos and redos).
				if replayed, faults, err := svc.CheckSnapshots(ctx, name, true); err != nil || len(faults) != 0 || (snapshots && replayed == 0) {
					t.Errorf("round %d: %d snapshots replayed, faults %+v, %v", round, replayed, faults, err)
				}
				st.Close()
			}
			t.Logf("%s: %d of %d random steps recorded, %d of them undo or redo; %d loads from a snapshot", title, done, total, undone, fromSnapshot)
			if snapshots && fromSnapshot < done/2 {
				t.Errorf("only %d of %d loads started from a snapshot: the snapshots were hardly tested", fromSnapshot, done)
			}
			if done < total/5 {
				t.Errorf("only %d of %d random steps were recorded: the walk proved little", done, total)
			}
		})
	}
}
