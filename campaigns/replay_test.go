package campaigns

import (
	"context"
	"path/filepath"
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
