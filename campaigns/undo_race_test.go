package campaigns_test

import (
	"context"
	"errors"
	"path/filepath"
	"slices"
	"testing"

	"warlog/campaigns"
	"warlog/events"
	"warlog/events/sqlite"
)

// racedStore is an SQLite store whose next Append first runs between, once:
// what another table appends between this one's decision and its append.
// An error of between is the Append's, which then writes nothing.
type racedStore struct {
	*sqlite.Store
	between func() error
}

func (r *racedStore) Append(ctx context.Context, campaign string, expected int64, action string, facts []events.Fact) ([]events.Event, error) {
	if f := r.between; f != nil {
		r.between = nil
		if err := f(); err != nil {
			return nil, err
		}
	}
	return r.Store.Append(ctx, campaign, expected, action, facts)
}

// twoTables opens one SQLite file twice: a service whose appends can be
// raced (through the returned store) and another table's service.
func twoTables(t *testing.T) (*campaigns.Service, *racedStore, *campaigns.Service) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "warlog.db")
	open := func() *sqlite.Store {
		st, err := sqlite.Open(path, sqlite.Options{})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		return st
	}
	raced := &racedStore{Store: open()}
	here := campaigns.New(raced, rollsOnly)
	seed := uint64(30)
	if _, err := here.Create(context.Background(), concurrentName, campaigns.CreateOptions{Game: "kingsown", Seed: &seed}); err != nil {
		t.Fatal(err)
	}
	return here, raced, campaigns.New(open(), rollsOnly)
}

// roll makes a free roll and returns its action id.
func roll(t *testing.T, svc *campaigns.Service, purpose string) string {
	t.Helper()
	res, err := svc.FreeRoll(context.Background(), concurrentName, "d6", purpose, campaigns.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return res.Action
}

// inEffect lists the ids of the actions in effect, oldest first.
func inEffect(t *testing.T, svc *campaigns.Service) []string {
	t.Helper()
	acts, err := svc.Actions(context.Background(), concurrentName)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, a := range acts.InEffect() {
		out = append(out, a.ID)
	}
	return out
}

// TestUndoKeepsItsTarget: an undo decided, then raced by another table's
// action appended before its own append, is refused when decided again
// (the newest action in effect is now the other table's): nothing is
// undone, and the other table's action stands.
func TestUndoKeepsItsTarget(t *testing.T) {
	ctx := context.Background()
	here, raced, there := twoTables(t)
	mine := roll(t, here, "my roll")
	var theirs string
	raced.between = func() error { theirs = roll(t, there, "another table"); return nil }
	_, err := here.Undo(ctx, concurrentName, 1, "", campaigns.Options{})
	var moved *campaigns.MovedError
	if !errors.As(err, &moved) || err.Error() != "another action was recorded meanwhile; nothing was undone" {
		t.Fatalf("undo raced by another table's roll: got %v, want the undo refused as moved", err)
	}
	if errors.Is(err, campaigns.ErrConflict) {
		t.Error("a moved undo reads as ErrConflict, which callers run again: that would undo the other table's action")
	}
	if got, want := inEffect(t, there), []string{mine, theirs}; !slices.Equal(got, want) {
		t.Errorf("in effect after the refused undo: %v, want both rolls %v", got, want)
	}

	// Decided again with the same target (a conflict, but the newest
	// action in effect is still the one it undoes), the undo goes ahead.
	raced.between = func() error { return events.ErrConcurrency }
	res, err := here.Undo(ctx, concurrentName, 1, "", campaigns.Options{})
	if err != nil {
		t.Fatalf("undo after a conflict that left its target newest: %v", err)
	}
	if got, want := inEffect(t, there), []string{mine}; !slices.Equal(got, want) {
		t.Errorf("in effect after undoing %s: %v, want %v", res.Label, got, want)
	}
}

// TestUndoToKeepsItsTarget: undo --to an action, raced by another table's
// action, would now take that one back too: refused.
func TestUndoToKeepsItsTarget(t *testing.T) {
	ctx := context.Background()
	here, raced, there := twoTables(t)
	first := roll(t, here, "first")
	second := roll(t, here, "second")
	var theirs string
	raced.between = func() error { theirs = roll(t, there, "another table"); return nil }
	_, err := here.Undo(ctx, concurrentName, 1, first, campaigns.Options{})
	var moved *campaigns.MovedError
	if !errors.As(err, &moved) {
		t.Fatalf("undo --to raced by another table's roll: got %v, want it refused as moved", err)
	}
	if got, want := inEffect(t, there), []string{first, second, theirs}; !slices.Equal(got, want) {
		t.Errorf("in effect after the refused undo: %v, want %v", got, want)
	}
}

// TestRedoKeepsItsTarget: a redo decided, then raced by another table's
// redo of the same action, is refused when decided again (the newest
// undone action is now another one): nothing is redone.
func TestRedoKeepsItsTarget(t *testing.T) {
	ctx := context.Background()
	here, raced, there := twoTables(t)
	first := roll(t, here, "first")
	second := roll(t, here, "second")
	for range 2 {
		if _, err := here.Undo(ctx, concurrentName, 1, "", campaigns.Options{}); err != nil {
			t.Fatal(err)
		}
	}
	raced.between = func() error {
		_, err := there.Redo(ctx, concurrentName, 1, campaigns.Options{})
		return err
	}
	_, err := here.Redo(ctx, concurrentName, 1, campaigns.Options{})
	var moved *campaigns.MovedError
	if !errors.As(err, &moved) || err.Error() != "another action was recorded meanwhile; nothing was redone" {
		t.Fatalf("redo raced by another table's redo: got %v, want the redo refused as moved", err)
	}
	if got, want := inEffect(t, there), []string{first}; !slices.Equal(got, want) {
		t.Errorf("in effect after the refused redo: %v, want only the other table's redo of %s (not %s)", got, want, second)
	}
}
