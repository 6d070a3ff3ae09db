package campaigns

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"warlog/engines/dice"
	"warlog/events"
	"warlog/events/memory"
)

// A random walk of adds, spends that need the adds before them, undos,
// redos and amendments re-derives whole, and the state the re-decision
// folds is the one a load folds: each undone action was decided again on
// the state it was decided on (with the actions in effect then, some
// undone later).
func TestRederiveFollowsUndoRedoAndAmend(t *testing.T) {
	ctx := context.Background()
	for run, every := range []int{0, 1, 5, DefaultSnapshotEvery} {
		s := newService(t)
		s.SnapshotEvery(every)
		name := fmt.Sprintf("c%d", run)
		mustCreate(t, s, name, uint64(run))
		rng := rand.New(rand.NewPCG(uint64(run), 11))
		var err error
		for step := 0; step < 80; step++ {
			st, lerr := s.Load(ctx, name)
			if lerr != nil {
				t.Fatal(lerr)
			}
			total := st.Game.(*counterState).Total
			switch op := rng.IntN(12); {
			case op < 5:
				_, err = s.Do(ctx, name, "", add{}, Options{})
			case op < 7 && total > 0:
				_, err = s.Do(ctx, name, "", spend{N: 1 + rng.IntN(total)}, Options{})
			case op < 9:
				_, err = s.Undo(ctx, name, 1+rng.IntN(2), "", Options{})
			case op < 10:
				_, err = s.Redo(ctx, name, 1, Options{})
			default:
				us, uerr := s.RecentUnits(ctx, name, 3)
				if uerr != nil || len(us) == 0 {
					continue
				}
				_, err = s.Amend(ctx, name, us[0].ID, AmendOptions{Dice: []int{1 + rng.IntN(6)}, DropRefused: true})
			}
			if err != nil && !errors.Is(err, ErrNothing) && !strings.Contains(err.Error(), "only") {
				var ar *AmendRefusedError
				if !errors.As(err, &ar) {
					t.Logf("step %d: %v", step, err)
				}
			}
		}
		got, err := s.Rederive(ctx, name)
		if err != nil {
			t.Fatalf("every %d: %v", every, err)
		}
		if got.Actions == 0 || len(got.Unchecked) != 0 {
			t.Errorf("every %d: %d actions re-derived, unchecked %v", every, got.Actions, got.Unchecked)
		}
		fresh := New(s.Store(), counter())
		fresh.SnapshotEvery(0)
		want, err := fresh.Load(ctx, name)
		if err != nil {
			t.Fatal(err)
		}
		if a, b := snapshot(t, s, got.State), snapshot(t, s, want); a != b {
			t.Errorf("every %d: the re-derived state %s differs from the replayed %s", every, a, b)
		}
	}
}

// forge appends events as one action to a memory store the way the store
// would chain them, without any rules: what a forger with write access
// (or an export and the hash function) can do.
func forge(t *testing.T, s *Service, name string, facts ...events.Fact) {
	t.Helper()
	ctx := context.Background()
	v, err := events.Version(ctx, s.Store(), name)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Store().Append(ctx, name, v, NewActionID(), facts); err != nil {
		t.Fatal(err)
	}
}

// A program die the seed does not give, and a fact the rules do not
// produce, are named by version and action; the stored chain is sound.
func TestRederiveNamesForgedFacts(t *testing.T) {
	ctx := context.Background()
	setup := func(t *testing.T) *Service {
		s := New(memory.New(nil), counter())
		mustCreate(t, s, "c", 1)
		for i := 0; i < 3; i++ {
			if _, err := s.Do(ctx, "c", "", add{}, Options{}); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := s.Rederive(ctx, "c"); err != nil {
			t.Fatalf("the honest log: %v", err)
		}
		return s
	}
	rules := counter().RulesVersion()
	t.Run("program die", func(t *testing.T) {
		s := setup(t)
		st, _ := s.Load(ctx, "c")
		honest := dice.Die(1, st.ProgramDice, 6)
		forged := honest%6 + 1
		forge(t, s, "c",
			events.Fact{Type: events.TypeActionBegun, Data: Begun{Game: "kingsown", Verb: "add", Args: []byte("{}"), Label: fmt.Sprintf("added %d", forged), Rules: rules}},
			events.Fact{Type: dice.Type, Data: dice.Rolled{Notation: "1d6", Sides: 6, Values: []int{forged}, Source: dice.Program, Purpose: "add", Index: st.ProgramDice}},
			events.Fact{Type: "kingsown.counter_added", Data: added{N: forged}})
		_, err := s.Rederive(ctx, "c")
		var nd *NotDerivedError
		if !errors.As(err, &nd) {
			t.Fatalf("err = %v, want a *NotDerivedError", err)
		}
		if nd.Version != 12 || !strings.Contains(nd.Reason, fmt.Sprintf("the log has %d, the campaign's seed gives %d", forged, honest)) {
			t.Errorf("got %v, want version 12 and the dice named", nd)
		}
	})
	t.Run("fact", func(t *testing.T) {
		s := setup(t)
		forge(t, s, "c",
			events.Fact{Type: events.TypeActionBegun, Data: Begun{Game: "kingsown", Verb: "spend", Args: []byte(`{"n":1}`), Label: "spent 1", Rules: rules}},
			events.Fact{Type: "kingsown.counter_added", Data: added{N: 99}})
		_, err := s.Rederive(ctx, "c")
		var nd *NotDerivedError
		if !errors.As(err, &nd) || nd.Version != 12 || !strings.Contains(nd.Reason, `{"n":99}`) {
			t.Fatalf("err = %v, want version 12 named with the forged fact", err)
		}
	})
	t.Run("old rules stamped after new", func(t *testing.T) {
		s := setup(t)
		forge(t, s, "c",
			events.Fact{Type: events.TypeActionBegun, Data: Begun{Game: "kingsown", Verb: "spend", Args: []byte(`{"n":1}`), Label: "spent 1", Rules: "kingsown/0"}},
			events.Fact{Type: "kingsown.counter_added", Data: added{N: 99}})
		_, err := s.Rederive(ctx, "c")
		var nd *NotDerivedError
		if !errors.As(err, &nd) || !strings.Contains(nd.Reason, "older rules") {
			t.Fatalf("err = %v, want the rules going back named", err)
		}
	})
	t.Run("undo of no action", func(t *testing.T) {
		s := setup(t)
		forge(t, s, "c",
			events.Fact{Type: events.TypeActionBegun, Data: Begun{Game: "kingsown", Verb: VerbUndo, Label: "undo", Rules: rules}},
			events.Fact{Type: events.TypeActionUndone, Data: events.ActionRef{Action: "nosuchaction"}})
		_, err := s.Rederive(ctx, "c")
		var nd *NotDerivedError
		if !errors.As(err, &nd) || !strings.Contains(nd.Reason, "not in the log before it") {
			t.Fatalf("err = %v, want the undo of no action named", err)
		}
	})
}
