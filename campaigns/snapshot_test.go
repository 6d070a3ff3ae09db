package campaigns

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"warlog/engines"
	"warlog/engines/dice"
	"warlog/events"
	"warlog/events/sqlite"
	"warlog/internal/storetest"
)

// adds makes n counter actions and returns the total after them.
func adds(t *testing.T, s *Service, name string, n int) int {
	t.Helper()
	var res *Result
	var err error
	for i := 0; i < n; i++ {
		if res, err = s.Do(context.Background(), name, "", add{}, Options{}); err != nil {
			t.Fatal(err)
		}
	}
	return res.State.Game.(*counterState).Total
}

func load(t *testing.T, s *Service, name string) *State {
	t.Helper()
	st, err := s.Load(context.Background(), name)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// A snapshot is written once the log has grown past the threshold, and the
// next load starts from it.
func TestSnapshotWrittenAndUsed(t *testing.T) {
	s := newService(t)
	s.SnapshotEvery(10)
	mustCreate(t, s, "c", 1)
	total := adds(t, s, "c", 3) // 2 + 3*3 = 11 events: one snapshot
	st := load(t, s, "c")
	if st.Base() == 0 || st.Base() > st.Version {
		t.Fatalf("the load started at snapshot %d of %d; want a snapshot", st.Base(), st.Version)
	}
	if got := st.Game.(*counterState).Total; got != total {
		t.Errorf("total from the snapshot %d, want %d", got, total)
	}
}

// Undoing an action older than a snapshot makes that snapshot stale: the
// load must start from an older one and show the undo. Redo makes the
// snapshots between stale again.
func TestStaleSnapshotIsNotUsed(t *testing.T) {
	ctx := context.Background()
	s := newService(t)
	s.SnapshotEvery(1) // a snapshot after every action: at 5, 8, 11 and 14
	mustCreate(t, s, "c", 2)
	adds(t, s, "c", 4)
	before := load(t, s, "c").Game.(*counterState)
	acts, err := s.Actions(ctx, "c")
	if err != nil {
		t.Fatal(err)
	}
	second := acts.InEffect()[1] // began at version 6
	s.SnapshotEvery(1000)        // the undo itself saves none
	if _, err := s.Undo(ctx, "c", 1, second.ID, Options{}); err != nil {
		t.Fatal(err)
	}
	st := load(t, s, "c")
	if st.Base() != second.Version-1 {
		t.Errorf("after undoing the actions from version %d the load started at snapshot %d; want %d, the newest one before them", second.Version, st.Base(), second.Version-1)
	}
	if got := st.Game.(*counterState); len(got.Steps.All()) != 1 || got.Steps.All()[0] != before.Steps.All()[0] || got.Total != before.Steps.All()[0] {
		t.Fatalf("after undoing 3 of 4 adds the state is %+v; want only the first add of %+v", got, before)
	}

	if _, err := s.Redo(ctx, "c", 3, Options{}); err != nil {
		t.Fatal(err)
	}
	st = load(t, s, "c")
	if got := st.Game.(*counterState); got.Total != before.Total || len(got.Steps.All()) != 4 {
		t.Errorf("after redo the state is %+v, want %+v", got, before)
	}
	if st.Base() != second.Version-1 {
		t.Errorf("after the redo the load started at snapshot %d; want %d", st.Base(), second.Version-1)
	}
}

// The validity rule itself: a snapshot at V is stale exactly when an
// action that began at or before V changed effect after V.
func TestStaleAt(t *testing.T) {
	s := newService(t)
	eff := events.Effect{Changes: []events.Change{
		{At: 20, Ref: events.ActionRef{Action: "a", Version: 5}},
		{At: 30, Ref: events.ActionRef{Action: "b", Version: 25}},
	}}
	for _, c := range []struct {
		v     int64
		stale bool
	}{{4, false}, {5, true}, {19, true}, {20, false}, {24, false}, {25, true}, {29, true}, {30, false}, {99, false}} {
		got, err := s.staleAt(context.Background(), "c", c.v, eff)
		if err != nil {
			t.Fatal(err)
		}
		if got != c.stale {
			t.Errorf("snapshot at %d: stale %v, want %v", c.v, got, c.stale)
		}
	}
}

// A snapshot that does not decode, or comes from other rules, is a cache
// miss: the load replays and the answer is the same.
func TestUnreadableSnapshotIsIgnored(t *testing.T) {
	ctx := context.Background()
	s := newService(t)
	s.SnapshotEvery(1)
	mustCreate(t, s, "c", 3)
	total := adds(t, s, "c", 3)
	st := load(t, s, "c")
	store := s.Store().(events.Snapshots)
	for _, data := range []string{`{not json`, `{"campaign":{"name":"c","game":"kingsown"},"rules":"other-rules","game":{}}`} {
		if err := store.SaveSnapshot(ctx, events.Snapshot{Campaign: "c", Version: st.Version, Head: st.Head, Key: snapshotKey, Data: []byte(data)}); err != nil {
			t.Fatal(err)
		}
		got := load(t, s, "c")
		if got.Base() == st.Version {
			t.Errorf("%s: the load used it", data)
		}
		if got.Game.(*counterState).Total != total {
			t.Errorf("%s: total %d, want %d", data, got.Game.(*counterState).Total, total)
		}
	}
}

// Rebuild drops every snapshot, changes no state, and leaves one fresh
// snapshot per campaign that has grown past the threshold.
func TestRebuildDropsSnapshots(t *testing.T) {
	ctx := context.Background()
	s := newService(t)
	s.SnapshotEvery(4)
	mustCreate(t, s, "c", 4)
	total := adds(t, s, "c", 6)
	mustCreate(t, s, "small", 5) // 2 events: below the threshold, no snapshot
	n, evs, dropped, saved, err := s.Rebuild(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if n != 2 || evs != 2+6*3+2 || dropped < 1 || saved != 1 {
		t.Errorf("rebuild: %d campaigns, %d events, %d snapshots dropped, %d saved; want 2, 22, some, 1", n, evs, dropped, saved)
	}
	st := load(t, s, "c")
	if st.Base() != st.Version || st.Game.(*counterState).Total != total {
		t.Errorf("after rebuild: loaded from %d of %d, total %d (want the fresh snapshot at head, total %d)", st.Base(), st.Version, st.Game.(*counterState).Total, total)
	}
}

// Undo reads back from the end of the log in growing windows: undoing more
// actions than the first window holds, with earlier undone actions among
// them, takes the right ones.
func TestUndoManyReadsBack(t *testing.T) {
	ctx := context.Background()
	s := newService(t)
	mustCreate(t, s, "c", 5)
	adds(t, s, "c", 300) // 902 events; the first window is 512
	if _, err := s.Undo(ctx, "c", 1, "", Options{}); err != nil {
		t.Fatal(err)
	}
	adds(t, s, "c", 1)
	steps := load(t, s, "c").Game.(*counterState).Steps.All()
	res, err := s.Undo(ctx, "c", 250, "", Options{})
	if err != nil {
		t.Fatal(err)
	}
	got := res.State.Game.(*counterState)
	want := 0
	for _, v := range steps[:50] {
		want += v
	}
	if len(got.Steps.All()) != 50 || got.Total != want {
		t.Errorf("after undoing 250 of 300 adds: %d steps, total %d; want 50 steps, total %d", len(got.Steps.All()), got.Total, want)
	}
	if _, err := s.Undo(ctx, "c", 51, "", Options{}); err == nil || !strings.Contains(err.Error(), "only 50 actions are in effect") {
		t.Errorf("undo 51 of 50: %v", err)
	}
}

// A snapshot's history part that cannot be read when first needed (the
// snapshot pruned while the command ran) or does not decode (a damaged
// file) is rebuilt from the log: the history is never silently short.
func TestLostOrDamagedPartsAreRebuilt(t *testing.T) {
	ctx := context.Background()
	s := newService(t)
	s.SnapshotEvery(1)
	mustCreate(t, s, "c", 4)
	adds(t, s, "c", 5)
	want := slices.Clone(load(t, s, "c").Game.(*counterState).Steps.All())
	store := s.Store().(events.Snapshots)

	// Pruned: restored from a snapshot, which is gone before the history
	// is read.
	st := load(t, s, "c")
	if st.Base() == 0 {
		t.Fatal("the load used no snapshot")
	}
	if _, err := store.DropSnapshots(ctx); err != nil {
		t.Fatal(err)
	}
	if got := st.Game.(*counterState).Steps; !slices.Equal(got.All(), want) || got.Err() != nil {
		t.Errorf("history after the snapshot was pruned: %v (%v), want %v", got.All(), got.Err(), want)
	}

	// Damaged: a snapshot whose part is not the JSON it should be.
	adds(t, s, "c", 1)
	st = load(t, s, "c")
	want = slices.Clone(st.Game.(*counterState).Steps.All())
	var snap events.Snapshot
	err := store.EachSnapshot(ctx, "c", snapshotKey, st.Version, func(sn events.Snapshot) bool { snap = sn; return false })
	if err != nil || snap.Version != st.Version {
		t.Fatalf("no snapshot at the head: %v %d", err, snap.Version)
	}
	for _, part := range []string{`[4, 2, "x`, `{"not":"an array"}`, ``} {
		snap.Parts = []byte(part)
		if err := store.SaveSnapshot(ctx, snap); err != nil {
			t.Fatal(err)
		}
		got := load(t, s, "c")
		if got.Base() != st.Version {
			t.Fatalf("part %q: the load started at %d, not the snapshot %d", part, got.Base(), st.Version)
		}
		if h := got.Game.(*counterState).Steps; !slices.Equal(h.All(), want) || h.Err() != nil {
			t.Errorf("part %q: history %v (%v), want %v", part, h.All(), h.Err(), want)
		}
	}
}

// A snapshot of a state whose history has not changed since its restore
// shares the stored copy of the history instead of reading and writing it
// again; once the history changes, the next snapshot stores its own. Parts
// that had to be rebuilt are never shared.
func TestUnchangedPartsAreShared(t *testing.T) {
	ctx := context.Background()
	s := newService(t)
	s.SnapshotEvery(1)
	mustCreate(t, s, "c", 6)
	adds(t, s, "c", 3)
	want := slices.Clone(load(t, s, "c").Game.(*counterState).Steps.All())
	db := s.Store().(*sqlite.Store).DB()
	copies := func() (n int) {
		t.Helper()
		if err := db.QueryRow(`SELECT count(*) FROM snapshot_parts`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	for range 3 { // free rolls leave the history as it was
		if _, err := s.FreeRoll(ctx, "c", "d6", "test", Options{}); err != nil {
			t.Fatal(err)
		}
	}
	var shared int
	if err := db.QueryRow(`SELECT count(*) FROM snapshots WHERE parts_hash = (SELECT parts_hash FROM snapshots ORDER BY version DESC LIMIT 1)`).Scan(&shared); err != nil {
		t.Fatal(err)
	}
	if shared != 4 || copies() != 1 {
		t.Errorf("after 3 rolls: %d snapshots share the newest parts, %d copies kept; want 4 sharing one copy", shared, copies())
	}
	if got := load(t, s, "c").Game.(*counterState).Steps.All(); !slices.Equal(got, want) {
		t.Errorf("history from a shared snapshot %v, want %v", got, want)
	}
	adds(t, s, "c", 1)
	if copies() != 1 {
		t.Errorf("after an add: %d copies, want 1 (the new record in the snapshot's tail, the copy still shared)", copies())
	}
	if got := load(t, s, "c").Game.(*counterState).Steps.All(); len(got) != len(want)+1 || !slices.Equal(got[:len(want)], want) {
		t.Errorf("history from a snapshot with a tail %v, want %v and one more", got, want)
	}
	adds(t, s, "c", engines.MaxTail)
	if copies() != 2 {
		t.Errorf("after %d adds more than a tail holds: %d copies, want 2 (the old one still shared by older snapshots)", engines.MaxTail+1, copies())
	}
	want = slices.Clone(load(t, s, "c").Game.(*counterState).Steps.All())

	// Lost: the restore rebuilds the parts, and the next snapshot stores them.
	if _, err := db.Exec(`DELETE FROM snapshot_parts`); err != nil {
		t.Fatal(err)
	}
	if _, err := s.FreeRoll(ctx, "c", "d6", "test", Options{}); err != nil {
		t.Fatal(err)
	}
	st := load(t, s, "c")
	if got := st.Game.(*counterState).Steps.All(); !slices.Equal(got, want) {
		t.Errorf("history after its copy was lost: %v, want %v", got, want)
	}
	var n int
	if err := db.QueryRow(`SELECT count(*) FROM snapshot_parts`).Scan(&n); err != nil || n == 0 {
		t.Errorf("no copy stored again after the loss (%d, %v)", n, err)
	}
}

// A snapshot saved after a damaged part was rebuilt stores the rebuilt
// records, not the damaged ones again.
func TestRebuiltPartsAreSavedRebuilt(t *testing.T) {
	ctx := context.Background()
	s := newService(t)
	s.SnapshotEvery(1)
	mustCreate(t, s, "c", 8)
	adds(t, s, "c", 4)
	st := load(t, s, "c")
	want := slices.Clone(st.Game.(*counterState).Steps.All())
	store := s.Store().(events.Snapshots)
	var snap events.Snapshot
	if err := store.EachSnapshot(ctx, "c", snapshotKey, st.Version, func(sn events.Snapshot) bool { snap = sn; return false }); err != nil {
		t.Fatal(err)
	}
	snap.Parts, snap.PartsHash = []byte(`[4, 2, "x`), ""
	if err := store.SaveSnapshot(ctx, snap); err != nil {
		t.Fatal(err)
	}
	got := load(t, s, "c")
	if h := got.Game.(*counterState).Steps.All(); !slices.Equal(h, want) {
		t.Fatalf("rebuilt history %v, want %v", h, want)
	}
	if err := s.SaveSnapshot(ctx, got); err != nil {
		t.Fatal(err)
	}
	err := store.EachSnapshot(ctx, "c", snapshotKey, got.Version, func(sn events.Snapshot) bool {
		b, err := sn.LoadParts()
		var steps []int
		if err != nil || json.Unmarshal(b, &steps) != nil || !slices.Equal(steps, want) {
			t.Errorf("the snapshot saved after the rebuild holds %q (%v), want %v", b, err, want)
		}
		return false
	})
	if err != nil {
		t.Fatal(err)
	}
}

// Parts rebuilt after another warlog undid an action are those of the
// snapshot's version, as the rest of the restored state is.
func TestPartsRebuiltAsOfTheSnapshot(t *testing.T) {
	ctx := context.Background()
	s := newService(t)
	s.SnapshotEvery(1)
	mustCreate(t, s, "c", 9)
	total := adds(t, s, "c", 5)
	st := load(t, s, "c") // restored from the snapshot at its head
	if st.Base() != st.Version {
		t.Fatalf("loaded from %d, not the snapshot at %d", st.Base(), st.Version)
	}
	other := New(s.Store(), counter())
	if _, err := other.Undo(ctx, "c", 1, "", Options{}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Store().(events.Snapshots).DropSnapshots(ctx); err != nil {
		t.Fatal(err)
	}
	sum := 0
	for _, n := range st.Game.(*counterState).Steps.All() {
		sum += n
	}
	if sum != total || st.Game.(*counterState).Total != total {
		t.Errorf("history sums to %d, the state's total is %d; want both %d", sum, st.Game.(*counterState).Total, total)
	}
}

// tamperSnapshots runs one statement on the snapshots with a plain
// connection of the modernc driver, as someone with the sqlite3 shell
// would, and says how many rows it changed.
func tamperSnapshots(t *testing.T, s *Service, q string, args ...any) int64 {
	t.Helper()
	res, err := s.Store().(*sqlite.Store).DB().Exec(q, args...)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	n, _ := res.RowsAffected()
	return n
}

// Issue 17, item 2: a snapshot whose data was edited by hand is a cache
// miss (its stored hash no longer matches, ARCHITECTURE.md "Snapshots"):
// the load starts from an older snapshot and shows the log's truth, and a
// command decides on that truth, not on the forgery.
func TestEditedSnapshotIsAMiss(t *testing.T) {
	ctx := context.Background()
	s := newService(t)
	s.SnapshotEvery(1)
	mustCreate(t, s, "c", 11)
	total := adds(t, s, "c", 4)
	st := load(t, s, "c")
	if st.Base() != st.Version {
		t.Fatalf("loaded from %d, not the snapshot at the head %d", st.Base(), st.Version)
	}
	if n := tamperSnapshots(t, s, `UPDATE snapshots SET data = replace(data, '"total":'||?, '"total":1000') WHERE version = ?`, total, st.Version); n != 1 {
		t.Fatalf("tampered %d snapshots, want 1", n)
	}
	got := load(t, s, "c")
	if got.Base() == st.Version {
		t.Errorf("the load started from the edited snapshot at %d", got.Base())
	}
	if g := got.Game.(*counterState).Total; g != total {
		t.Errorf("total %d after the snapshot was edited, want the log's %d", g, total)
	}
	res, err := s.Do(ctx, "c", "", spend{N: 999}, Options{})
	if err == nil {
		t.Errorf("spending 999 of %d was accepted on the edited snapshot's total: %s", total, res.Label)
	}
}

// Issue 17, item 2: a shared part (the history, snapshot_parts) edited by
// hand no longer hashes to its key: it is rebuilt from the log, and the
// history shown is the log's, not the forgery.
func TestEditedPartIsRebuilt(t *testing.T) {
	s := newService(t)
	s.SnapshotEvery(1)
	mustCreate(t, s, "c", 12)
	adds(t, s, "c", 4)
	want := slices.Clone(load(t, s, "c").Game.(*counterState).Steps.All())
	if n := tamperSnapshots(t, s, `UPDATE snapshot_parts SET data = '[6,6,6,6]'`); n == 0 {
		t.Fatal("no part to tamper with")
	}
	st := load(t, s, "c")
	if st.Base() == 0 {
		t.Fatal("the load used no snapshot")
	}
	if got := st.Game.(*counterState).Steps; !slices.Equal(got.All(), want) || got.Err() != nil {
		t.Errorf("history after its part was edited: %v (%v), want the log's %v", got.All(), got.Err(), want)
	}
}

// Issue 17, item 2: "editing the snapshot's program-dice index changes
// every later program roll, and those wrong dice enter the chain." Nothing
// the dice depend on lives only in a cache (ARCHITECTURE.md "Snapshots"):
// with the index (or the seed) edited in every snapshot and the hashes
// recomputed, the next action still rolls the die the log says comes next
// (the newest program roll in effect: its Index plus its count of dice),
// also with undone and redone actions among them.
func TestProgramDiceComeFromTheLog(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct{ name, edit string }{
		{"index", `UPDATE snapshots SET data = replace(data, '"program_dice":', '"program_dice":7') WHERE instr(data, '"program_dice":')`},
		{"seed", `UPDATE snapshots SET data = replace(data, '"seed":13', '"seed":15') WHERE instr(data, '"seed":13')`},
	} {
		for _, undo := range []string{"none", "undo", "undo and redo", "undo 5 (past the first rolls read back)", "hand dice last"} {
			t.Run(c.name+", "+undo, func(t *testing.T) {
				s := newService(t)
				s.SnapshotEvery(1)
				mustCreate(t, s, "c", 13)
				adds(t, s, "c", 6)
				switch undo {
				case "undo":
					if _, err := s.Undo(ctx, "c", 2, "", Options{}); err != nil {
						t.Fatal(err)
					}
				case "undo and redo":
					if _, err := s.Undo(ctx, "c", 3, "", Options{}); err != nil {
						t.Fatal(err)
					}
					if _, err := s.Redo(ctx, "c", 1, Options{}); err != nil {
						t.Fatal(err)
					}
				case "undo 5 (past the first rolls read back)":
					if _, err := s.Undo(ctx, "c", 5, "", Options{}); err != nil {
						t.Fatal(err)
					}
				case "hand dice last":
					for range 3 {
						if _, err := s.FreeRoll(ctx, "c", "2d6", "test", Options{Dice: []int{3, 4}}); err != nil {
							t.Fatal(err)
						}
					}
				}
				scratch := New(s.Store(), counter())
				scratch.SnapshotEvery(0)
				head := load(t, scratch, "c")
				want := head.ProgramDice // folded from the whole log
				// Read back through the index of program rolls, and by a
				// scan of every roll: both give the count folded.
				for _, f := range []func(context.Context, string, int64) (int, error){s.programDiceAt, s.programDiceByScan} {
					if got, err := f(ctx, "c", head.Version); err != nil || got != want {
						t.Errorf("the next program die from the log: %d, %v; the replay counts %d", got, err, want)
					}
				}
				if st := load(t, s, "c"); st.Base() == 0 {
					t.Error("an untouched snapshot was not used")
				}
				db := s.Store().(*sqlite.Store).DB()
				if n := tamperSnapshots(t, s, c.edit); n == 0 {
					t.Fatalf("%s changed nothing", c.edit)
				}
				storetest.ResealSnapshots(t, db)
				res, err := s.Do(ctx, "c", "", add{}, Options{})
				if err != nil {
					t.Fatal(err)
				}
				var r dice.Rolled
				for _, e := range res.Events {
					if e.Type == dice.Type {
						if err := json.Unmarshal(e.Data, &r); err != nil {
							t.Fatal(err)
						}
					}
				}
				if r.Index != want || len(r.Values) != 1 || r.Values[0] != dice.Die(13, want, 6) {
					t.Errorf("the add after the edit rolled %v at index %d; want die %d of seed 13, %d", r.Values, r.Index, want, dice.Die(13, want, 6))
				}
			})
		}
	}
}

// CheckSnapshots (what `warlog verify` runs) finds every snapshot a sound
// warlog saved equal to the log replayed to its version, with the actions
// in effect as the log stood then: after adds, undos (which leave the
// newer snapshots stale: still true pictures of their versions) and redos,
// every stored snapshot is compared and none is at fault. An edited one,
// even resealed, is named by its version.
func TestCheckSnapshotsAgreeWithTheLog(t *testing.T) {
	ctx := context.Background()
	s := newService(t)
	s.SnapshotEvery(1)
	mustCreate(t, s, "c", 14)
	db := s.Store().(*sqlite.Store).DB()
	stored := func() (n int) {
		t.Helper()
		if err := db.QueryRow(`SELECT count(*) FROM snapshots`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	steps := []func() error{
		func() error { adds(t, s, "c", 3); return nil },
		func() error { _, err := s.Undo(ctx, "c", 2, "", Options{}); return err },
		func() error { _, err := s.Redo(ctx, "c", 1, Options{}); return err },
		func() error { adds(t, s, "c", 2); return nil },
		func() error { _, err := s.Undo(ctx, "c", 3, "", Options{}); return err },
		func() error { _, err := s.FreeRoll(ctx, "c", "2d6", "test", Options{}); return err },
		func() error { _, err := s.Undo(ctx, "c", 1, "", Options{}); return err },
		func() error { _, err := s.Redo(ctx, "c", 1, Options{}); return err },
	}
	for i, step := range steps {
		if err := step(); err != nil {
			t.Fatal(err)
		}
		replayed, faults, err := s.CheckSnapshots(ctx, "c", true)
		if err != nil {
			t.Fatal(err)
		}
		if len(faults) != 0 || replayed != stored() {
			t.Fatalf("after step %d: %d of %d snapshots replayed, faults %v; want all, none", i+1, replayed, stored(), faults)
		}
		if q, faults, err := s.CheckSnapshots(ctx, "c", false); q != 0 || len(faults) != 0 || err != nil {
			t.Errorf("without replay: %d replayed, %v, %v", q, faults, err)
		}
	}
	var v int64
	if err := db.QueryRow(`SELECT min(version) FROM snapshots`).Scan(&v); err != nil {
		t.Fatal(err)
	}
	tamperSnapshots(t, s, `UPDATE snapshots SET data = replace(data, '"actions":', '"actions":1') WHERE version = ?`, v)
	storetest.ResealSnapshots(t, db)
	_, faults, err := s.CheckSnapshots(ctx, "c", true)
	if err != nil || len(faults) != 1 || faults[0].Version != v || faults[0].Campaign != "c" {
		t.Errorf("after the snapshot at %d was edited and resealed: %+v, %v; want it named", v, faults, err)
	}
}
