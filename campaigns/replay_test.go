package campaigns

import (
	"bytes"
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"warlog/events"
	"warlog/events/sqlite"
)

// undoBeforeLoad is a real store through which another warlog undoes the
// newest action just before a replay streams the log: after the replay has
// read the undo bookkeeping, before it reads the events.
type undoBeforeLoad struct {
	*sqlite.Store
	meanwhile func()
}

func (u *undoBeforeLoad) Load(ctx context.Context, campaign string, after int64, fn func(events.Event) error) error {
	if f := u.meanwhile; f != nil {
		u.meanwhile = nil
		f()
	}
	return u.Store.Load(ctx, campaign, after, fn)
}

// A replay shows the log as it stood when it began, whole: an undo written
// meanwhile is neither a step of it nor marks an action undone.
func TestReplayIgnoresAnUndoWrittenMeanwhile(t *testing.T) {
	ctx := context.Background()
	real, err := sqlite.Open(filepath.Join(t.TempDir(), "w.db"), sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { real.Close() })
	other := New(real, counter())
	mustCreate(t, other, "c", 7)
	want := adds(t, other, "c", 3)
	end := load(t, other, "c").Version

	store := &undoBeforeLoad{Store: real}
	s := New(store, counter())
	store.meanwhile = func() {
		if _, err := other.Undo(ctx, "c", 1, "", Options{}); err != nil {
			t.Fatal(err)
		}
	}
	steps, undone := 0, 0
	st, err := s.Replay(ctx, "c", func(_ *State, step Step) error {
		steps++
		if step.Action.Undone || len(step.Action.Undoes) > 0 {
			undone++
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if store.meanwhile != nil {
		t.Fatal("the undo was not written during the replay")
	}
	if st.Version != end || steps != 4 || undone != 0 || st.Game.(*counterState).Total != want {
		t.Errorf("replay: version %d (want %d), %d steps (want 4), %d undone or undoing (want 0), total %d (want %d)",
			st.Version, end, steps, undone, st.Game.(*counterState).Total, want)
	}
}

// An import's check replays the file's log without a store: as a load
// from the log's start does, undone actions left out; and a log that does
// not replay through this build's rules is refused before anything is
// written.
func TestImportCheckReplaysWithoutAStore(t *testing.T) {
	ctx := context.Background()
	s := newService(t)
	mustCreate(t, s, "c", 7)
	for range 4 {
		if _, err := s.Do(ctx, "c", "", add{}, Options{}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.Undo(ctx, "c", 2, "", Options{}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Redo(ctx, "c", 1, Options{}); err != nil {
		t.Fatal(err)
	}
	export := func(s *Service) []events.Event {
		t.Helper()
		var b bytes.Buffer
		if _, err := s.Export(ctx, "c", &b); err != nil {
			t.Fatal(err)
		}
		_, evs, err := ReadExport(&b)
		if err != nil {
			t.Fatal(err)
		}
		return evs
	}
	want, err := s.load(ctx, "c", false)
	if err != nil {
		t.Fatal(err)
	}
	got, err := s.replay(ctx, export(s))
	if err != nil {
		t.Fatal(err)
	}
	if got.Version != want.Version || got.Head != want.Head || got.ProgramDice != want.ProgramDice ||
		!slices.Equal(got.CanRedo(), want.CanRedo()) || got.InEffectCount() != want.InEffectCount() ||
		!slices.Equal(got.Game.(*counterState).Steps.All(), want.Game.(*counterState).Steps.All()) {
		t.Fatalf("the replay of the export gives version %d, head %.12s, dice %d, redo %v, steps %v; a load gives %d, %.12s, %d, %v, %v",
			got.Version, got.Head, got.ProgramDice, got.CanRedo(), got.Game.(*counterState).Steps.All(),
			want.Version, want.Head, want.ProgramDice, want.CanRedo(), want.Game.(*counterState).Steps.All())
	}

	// A fact its game cannot fold, chained as warlog chains it.
	key, err := s.resolve(ctx, "c")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.store.Append(ctx, key, want.Version, "bad", []events.Fact{{Type: "kingsown.counter_added", Data: map[string]string{"n": "many"}}}); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if _, err := s.Export(ctx, "c", &b); err != nil {
		t.Fatal(err)
	}
	other := newService(t)
	_, err = other.Import(ctx, &b, "")
	if err == nil || !strings.Contains(err.Error(), "the file's log: campaign \"c\", version 20, action bad, does not follow from the rules") || !strings.HasSuffix(err.Error(), "; nothing was imported") {
		t.Fatalf("importing a log the rules do not re-derive: got %v", err)
	}
	if list, err := other.List(ctx); err != nil || len(list) != 0 {
		t.Fatalf("after a refused import the campaigns are %v (%v), want none", list, err)
	}
}
