package campaigns

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"warlog/engines/dice"
	"warlog/events"
	"warlog/events/memory"
	"warlog/events/sqlite"
)

// amendFixture is a counter campaign with three adds of known program dice
// (seed 1), in memory or (file) in an SQLite file, which keeps snapshots,
// and a scratch service that never reads snapshots.
func amendFixture(t *testing.T, file bool) (s, scratch *Service, ids []string) {
	t.Helper()
	var store events.Store = memory.New(nil)
	if file {
		st, err := sqlite.Open(filepath.Join(t.TempDir(), "w.db"), sqlite.Options{})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		store = st
	}
	s, scratch = New(store, counter()), New(store, counter())
	scratch.SnapshotEvery(0)
	if file {
		s.SnapshotEvery(1)
	}
	mustCreate(t, s, "c", 1)
	for i := 0; i < 3; i++ {
		res, err := s.Do(context.Background(), "c", "", add{}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, res.Action)
	}
	return s, scratch, ids
}

func total(t *testing.T, s *Service) int {
	t.Helper()
	st, err := s.Load(context.Background(), "c")
	if err != nil {
		t.Fatal(err)
	}
	return st.Game.(*counterState).Total
}

// The amended add counts its corrected die, the later adds keep theirs, and
// a snapshot made before the amendment is never read after it.
func TestAmendRedecidesLaterActionsWithTheirDice(t *testing.T) {
	ctx := context.Background()
	s, scratch, ids := amendFixture(t, true)
	if st, _ := s.Load(ctx, "c"); st.Base() == 0 {
		t.Fatal("no snapshot was read: the test proves nothing about them")
	}
	d := []int{dice.Die(1, 0, 6), dice.Die(1, 1, 6), dice.Die(1, 2, 6)}
	if got := total(t, s); got != d[0]+d[1]+d[2] {
		t.Fatalf("total %d, want %v summed", got, d)
	}
	fix := 7 - d[1]
	res, err := s.Amend(ctx, "c", ids[1][:6], AmendOptions{Dice: []int{fix}})
	if err != nil {
		t.Fatal(err)
	}
	if want := d[0] + fix + d[2]; total(t, s) != want || total(t, scratch) != want {
		t.Errorf("after the amendment: total %d (scratch %d), want %d", total(t, s), total(t, scratch), want)
	}
	if !strings.Contains(res.Label, "1 later action decided again") {
		t.Errorf("label %q", res.Label)
	}
	st, _ := s.Load(ctx, "c")
	// The program dice in effect are those before the amended action.
	if st.ProgramDice != 1 || st.InEffectCount() != 2 {
		t.Errorf("program dice %d, in effect %d; want 1 and 2 (the first add and the amendment)", st.ProgramDice, st.InEffectCount())
	}
	// The action inside the amendment can be amended again.
	if _, err := s.Amend(ctx, "c", ids[2], AmendOptions{Dice: []int{6}}); err != nil {
		t.Fatal(err)
	}
	if want := d[0] + fix + 6; total(t, s) != want || total(t, scratch) != want {
		t.Errorf("after the second amendment: total %d, want %d", total(t, s), want)
	}
	if _, err := s.Amend(ctx, "c", ids[1], AmendOptions{Dice: []int{fix}}); !errors.Is(err, ErrNothing) {
		t.Errorf("amend with the dice it has: %v, want ErrNothing", err)
	}
	if n, faults, err := s.CheckSnapshots(ctx, "c", true); err != nil || len(faults) > 0 || n == 0 {
		t.Errorf("verify's snapshot check: %d replayed, faults %v, %v", n, faults, err)
	}
}

// A spend the corrected history cannot afford is listed and nothing is
// written; --drop-refused writes the amendment without it.
func TestAmendRefusedLaterAction(t *testing.T) {
	ctx := context.Background()
	s, _, ids := amendFixture(t, false)
	before := total(t, s)
	res, err := s.Do(ctx, "c", "", spend{N: before}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	st0, _ := s.Load(ctx, "c")
	_, err = s.Amend(ctx, "c", ids[0], AmendOptions{Dice: []int{1}})
	var re *AmendRefusedError
	if !errors.As(err, &re) || len(re.Refusals) != 1 || re.Refusals[0].Action != res.Action || !strings.Contains(err.Error(), "cannot spend") {
		t.Fatalf("amend: %v; want the spend listed as refused", err)
	}
	if st, _ := s.Load(ctx, "c"); st.Version != st0.Version {
		t.Fatal("a refused amendment wrote")
	}
	res2, err := s.Amend(ctx, "c", ids[0], AmendOptions{Dice: []int{1}, DropRefused: true})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(res2.Label, "dropped as now refused: "+res.Action[:8]) {
		t.Errorf("label %q does not name the dropped spend", res2.Label)
	}
	if got, want := total(t, s), before-dice.Die(1, 0, 6)+1; got != want {
		t.Errorf("total %d, want %d (no spend)", got, want)
	}
}

// Undo takes an amendment back whole: alone, the actions it took out come
// back; together with an older action, they stay out like everything after
// it. Redo puts it all back in order.
func TestUndoAndRedoAnAmendment(t *testing.T) {
	ctx := context.Background()
	s, scratch, ids := amendFixture(t, false)
	orig := total(t, s)
	if _, err := s.Amend(ctx, "c", ids[1], AmendOptions{Dice: []int{6}}); err != nil {
		t.Fatal(err)
	}
	amended := total(t, s)
	check := func(what string, want, inEffect int) {
		t.Helper()
		st, err := s.Load(ctx, "c")
		if err != nil {
			t.Fatal(err)
		}
		if got := st.Game.(*counterState).Total; got != want || total(t, scratch) != want {
			t.Errorf("%s: total %d (scratch %d), want %d", what, got, total(t, scratch), want)
		}
		if st.InEffectCount() != inEffect {
			t.Errorf("%s: %d actions in effect, want %d", what, st.InEffectCount(), inEffect)
		}
	}
	if _, err := s.Undo(ctx, "c", 1, "", Options{}); err != nil {
		t.Fatal(err)
	}
	check("undo of the amendment", orig, 3)
	if _, err := s.Redo(ctx, "c", 1, Options{}); err != nil {
		t.Fatal(err)
	}
	check("redo of the amendment", amended, 2)
	if _, err := s.Undo(ctx, "c", 2, "", Options{}); err != nil {
		t.Fatal(err)
	}
	check("undo of the amendment and the action before it", 0, 0)
	if _, err := s.Redo(ctx, "c", 2, Options{}); err != nil {
		t.Fatal(err)
	}
	check("redo of both", amended, 2)
	if _, err := s.Undo(ctx, "c", 1, "", Options{}); err != nil {
		t.Fatal(err)
	}
	check("undo of the amendment again", orig, 3)
	if _, err := s.Do(ctx, "c", "", add{}, Options{}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Redo(ctx, "c", 1, Options{}); !errors.Is(err, ErrNothing) {
		t.Errorf("redo after a new action: %v", err)
	}
}
