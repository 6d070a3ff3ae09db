package campaigns

import (
	"bytes"
	"context"
	"errors"
	"path/filepath"
	"testing"

	"warlog/engines"
	"warlog/events"
	"warlog/events/sqlite"
)

// How the table rolls is the campaign's setting, folded from its log: read
// from a snapshot and from a replay alike, kept through undo of the game's
// actions and an amendment, undone and redone as an action of its own,
// re-decided, and carried by an export into another database. Setting what
// is set already writes nothing.
func TestDiceSettingIsFoldedFromTheLog(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, scratch, ids := amendFixture(t, true)
	dice := func(want DiceHow, when string) {
		t.Helper()
		for _, svc := range []*Service{s, scratch} {
			st, err := svc.Load(ctx, "c")
			if err != nil {
				t.Fatal(err)
			}
			if st.Dice() != want {
				t.Errorf("%s: dice %q (state from a snapshot: %v), want %q", when, st.Dice(), st.Base() > 0, want)
			}
		}
	}
	dice(DiceByProgram, "never set")
	res, err := s.SetDice(ctx, "c", DiceAtTable, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Label != "dice rolled at the table and typed in from now on" {
		t.Errorf("label %q", res.Label)
	}
	if st, _ := s.Load(ctx, "c"); st.Base() != st.Version {
		t.Fatalf("no snapshot at the head (base %d, version %d): the test proves nothing about them", st.Base(), st.Version)
	}
	dice(DiceAtTable, "set")
	v := res.State.Version
	if _, err := s.SetDice(ctx, "c", DiceAtTable, Options{}); !errors.Is(err, ErrNothing) {
		t.Errorf("setting it again: %v, want ErrNothing", err)
	}
	if _, err := s.SetDice(ctx, "c", "cup", Options{}); err == nil {
		t.Errorf("an unknown setting was taken")
	}
	if st, _ := s.Load(ctx, "c"); st.Version != v {
		t.Errorf("refused settings wrote: version %d, want %d", st.Version, v)
	}

	// The game's actions undone around it leave it be; an amendment of an
	// action before it too.
	if _, err := s.Do(ctx, "c", "", add{}, Options{}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Undo(ctx, "c", 1, "", Options{}); err != nil {
		t.Fatal(err)
	}
	dice(DiceAtTable, "after the next add undone")
	if _, err := s.Amend(ctx, "c", ids[1], AmendOptions{Dice: []int{1}}); err != nil {
		t.Fatal(err)
	}
	dice(DiceAtTable, "after an earlier add amended")
	if _, err := s.Amend(ctx, "c", res.Action, AmendOptions{Dice: []int{1}}); err == nil {
		t.Errorf("the setting was amended")
	}
	// Undone as the newest action in effect, it is gone; redone, back.
	if _, err := s.Undo(ctx, "c", 1, "", Options{}); err != nil { // the amendment
		t.Fatal(err)
	}
	u, err := s.Undo(ctx, "c", 1, "", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(u.Events) != 2 || !bytes.Contains(u.Events[1].Data, []byte(res.Action)) {
		t.Fatalf("the second undo took back %v, not the setting %s", u.Events, res.Action)
	}
	dice(DiceByProgram, "the setting undone")
	if _, err := s.Redo(ctx, "c", 1, Options{}); err != nil {
		t.Fatal(err)
	}
	dice(DiceAtTable, "the setting redone")
	if _, err := s.SetDice(ctx, "c", DiceByProgram, Options{}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.SetDice(ctx, "c", DiceAtTable, Options{}); err != nil {
		t.Fatal(err)
	}

	if _, err := s.Rederive(ctx, "c"); err != nil {
		t.Errorf("re-deciding the log: %v", err)
	}
	if n, faults, err := s.CheckSnapshots(ctx, "c", true); err != nil || len(faults) > 0 || n == 0 {
		t.Errorf("verify's snapshot check: %d replayed, faults %v, %v", n, faults, err)
	}
	var file bytes.Buffer
	if _, err := s.Export(ctx, "c", &file); err != nil {
		t.Fatal(err)
	}
	other, err := sqlite.Open(filepath.Join(t.TempDir(), "other.db"), sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { other.Close() })
	there := New(other, counter())
	if _, err := there.Import(ctx, &file, "d"); err != nil {
		t.Fatal(err)
	}
	if st, err := there.Load(ctx, "d"); err != nil || st.Dice() != DiceAtTable {
		t.Errorf("imported: %v, %v; want the table's dice", st, err)
	}
}

// A setting the rules would not make (one that changes nothing, or whose
// fact says other than its command) does not re-derive.
func TestForgedDiceSettingDoesNotRederive(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for name, facts := range map[string][]events.Fact{
		"changes nothing": {
			{Type: events.TypeActionBegun, Data: Begun{Game: "kingsown", Verb: VerbDice, Args: []byte(`{"dice":"program"}`), Label: "dice"}},
			{Type: TypeDiceSet, Data: DiceSet{Dice: DiceByProgram}},
		},
		"fact differs": {
			{Type: events.TypeActionBegun, Data: Begun{Game: "kingsown", Verb: VerbDice, Args: []byte(`{"dice":"table"}`), Label: "dice"}},
			{Type: TypeDiceSet, Data: DiceSet{Dice: "cup"}},
		},
		"no fact": {
			{Type: events.TypeActionBegun, Data: Begun{Game: "kingsown", Verb: VerbDice, Args: []byte(`{"dice":"table"}`), Label: "dice"}},
		},
	} {
		s, _, _ := amendFixture(t, false)
		forge(t, s, "c", facts...)
		var nd *NotDerivedError
		if _, err := s.Rederive(ctx, "c"); !errors.As(err, &nd) {
			t.Errorf("%s: re-deciding gives %v, want a NotDerivedError", name, err)
		}
	}
}

// How many dice an action takes is known before its first die when the
// rules always roll the same: an add rolls one, a spend none; faces given
// past the action's dice leave it unknown.
func TestDiceNeeded(t *testing.T) {
	t.Parallel()
	s, _, _ := amendFixture(t, false)
	st, err := s.Load(context.Background(), "c")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		cmd     engines.Command
		entered []int
		n       int
		ok      bool
	}{{add{}, nil, 1, true}, {add{}, []int{4}, 1, true}, {spend{N: 1}, nil, 0, true}, {add{}, []int{4, 4}, 0, false}, {spend{N: 999}, nil, 0, false}} {
		if n, ok := st.DiceNeeded(c.cmd, c.entered); n != c.n || ok != c.ok {
			t.Errorf("%s with %v: %d, %v; want %d, %v", c.cmd.Verb(), c.entered, n, ok, c.n, c.ok)
		}
	}
}
