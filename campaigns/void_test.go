package campaigns

import (
	"context"
	"errors"
	"testing"

	"warlog/events"
	"warlog/events/memory"
)

// threeAdds makes campaign "c" of three honest adds with s, a snapshot
// every snapshotEvery actions, and returns s and the campaign's state.
func threeAdds(t *testing.T, s *Service, snapshotEvery int) (*Service, *State) {
	t.Helper()
	ctx := context.Background()
	s.SnapshotEvery(snapshotEvery)
	mustCreate(t, s, "c", 1)
	for i := 0; i < 3; i++ {
		if _, err := s.Do(ctx, "c", "", add{}, Options{}); err != nil {
			t.Fatal(err)
		}
	}
	honest, err := s.Load(ctx, "c")
	if err != nil {
		t.Fatal(err)
	}
	return s, honest
}

// A forged action stops the campaign; voided, it is out of effect at every
// version, a snapshot folded with it is not read again, and the campaign
// is built on.
func TestVoidTakesAForgedActionOutOfEffect(t *testing.T) {
	ctx := context.Background()
	s, honest := threeAdds(t, New(memory.New(nil), counter()), 1)
	total := honest.Game.(*counterState).Total
	forge(t, s, "c",
		events.Fact{Type: events.TypeActionBegun, Data: Begun{Game: "kingsown", Verb: "spend", Args: []byte(`{"n":1}`), Label: "spent 1", Rules: counter().RulesVersion()}},
		events.Fact{Type: "kingsown.counter_added", Data: added{N: 99}})
	// A read folds it as it stands, and keeps a snapshot of that.
	st, err := s.Load(ctx, "c")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SaveSnapshot(ctx, st); err != nil {
		t.Fatal(err)
	}
	_, err = s.Do(ctx, "c", "", add{}, Options{})
	var lf *LogFaultError
	if !errors.As(err, &lf) || lf.Err.Version != honest.Version+1 {
		t.Fatalf("a command on the forged action: %v; want a LogFaultError at version %d", err, honest.Version+1)
	}
	if _, err := s.Void(ctx, "c", honest.Version, "not forged", Options{}); err == nil {
		t.Errorf("an honest action was voided")
	}
	v, err := s.Void(ctx, "c", honest.Version+2, "typed in by hand", Options{})
	if err != nil || v.Version != honest.Version+2 {
		t.Fatalf("void: %+v, %v", v, err)
	}
	st, err = s.Load(ctx, "c")
	if err != nil {
		t.Fatal(err)
	}
	if got := st.Game.(*counterState).Total; got != total {
		t.Errorf("after the void the total is %d; want %d, without the forged 99", got, total)
	}
	// As if its events were not there: not counted among the actions.
	if st.ActionCount() != honest.ActionCount()+1 || st.InEffectCount() != honest.InEffectCount() {
		t.Errorf("after the void: %d actions, %d in effect; want %d (the void itself), %d",
			st.ActionCount(), st.InEffectCount(), honest.ActionCount()+1, honest.InEffectCount())
	}
	if _, err := s.Do(ctx, "c", "", add{}, Options{}); err != nil {
		t.Fatalf("a command after the void: %v", err)
	}
	rd, err := s.Rederive(ctx, "c")
	if err != nil {
		t.Fatalf("re-deciding after the void: %v", err)
	}
	if st, err = s.Load(ctx, "c"); err != nil {
		t.Fatal(err)
	}
	if rd.State.InEffectCount() != st.InEffectCount() || rd.State.ActionCount() != st.ActionCount() {
		t.Errorf("re-decided: %d actions, %d in effect; replayed: %d, %d",
			rd.State.ActionCount(), rd.State.InEffectCount(), st.ActionCount(), st.InEffectCount())
	}
	voids, err := s.Voids(ctx, "c")
	if err != nil || len(voids) != 1 || voids[0].Why != "typed in by hand" {
		t.Errorf("voids: %+v, %v", voids, err)
	}
}

// A snapshot folded before a void is stale (an older warlog may have
// built on the row and saved it); one taken after the void is not.
func TestVoidMakesSnapshotsBeforeItStale(t *testing.T) {
	s := New(memory.New(nil), counter())
	eff := events.Effect{Voids: []events.Void{{At: 20, Voided: events.Voided{Version: 10, Action: "a"}}}}
	for _, c := range []struct {
		version int64
		stale   bool
	}{{9, true}, {10, true}, {15, true}, {20, false}, {25, false}} {
		got, err := s.staleAt(context.Background(), "c", c.version, eff)
		if err != nil || got != c.stale {
			t.Errorf("a snapshot at version %d: stale %v, %v; want %v", c.version, got, err, c.stale)
		}
	}
}

// A forged undo, voided, undoes nothing: a replay keeps the action it
// named in effect, as the re-decision does (before, the replay still took
// the undo's marker and the two disagreed).
func TestVoidedUndoUndoesNothing(t *testing.T) {
	for name, s := range map[string]*Service{"memory": New(memory.New(nil), counter()), "sqlite": newService(t)} {
		t.Run(name, func(t *testing.T) { voidedUndoUndoesNothing(t, s) })
	}
}

func voidedUndoUndoesNothing(t *testing.T, s *Service) {
	ctx := context.Background()
	s, honest := threeAdds(t, s, 0)
	us, err := s.RecentUnits(ctx, "c", 1)
	if err != nil || len(us) != 1 {
		t.Fatalf("recent: %v %v", us, err)
	}
	// The marker says the action began elsewhere than it did: a fault.
	forge(t, s, "c",
		events.Fact{Type: events.TypeActionBegun, Data: Begun{Game: "kingsown", Verb: VerbUndo, Label: "undo", Rules: counter().RulesVersion()}},
		events.Fact{Type: events.TypeActionUndone, Data: events.ActionRef{Action: us[0].ID, Version: 2}})
	if _, err := s.Void(ctx, "c", honest.Version+1, "typed in by hand", Options{}); err != nil {
		t.Fatalf("void: %v", err)
	}
	st, err := s.Load(ctx, "c")
	if err != nil {
		t.Fatal(err)
	}
	rd, err := s.Rederive(ctx, "c")
	if err != nil {
		t.Fatalf("re-deciding after the void: %v", err)
	}
	want := honest.Game.(*counterState).Total
	if got := st.Game.(*counterState).Total; got != want {
		t.Errorf("replayed after the void: total %d, want %d (the undone action back)", got, want)
	}
	if got := rd.State.Game.(*counterState).Total; got != want {
		t.Errorf("re-decided after the void: total %d, want %d", got, want)
	}
	if st.InEffectCount() != honest.InEffectCount() || len(st.redoable) != 0 {
		t.Errorf("after the void: %d actions in effect (want %d), redoable %v", st.InEffectCount(), honest.InEffectCount(), st.redoable)
	}
}
