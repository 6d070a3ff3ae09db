package campaigns

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"testing"

	"warlog/engines"
	"warlog/engines/dice"
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
	if _, err := s.Do(ctx, "c", "", add{}, Options{Dice: []int{3}}); err != nil {
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

// At the table, an action the program would roll for is refused, naming
// the dice it needs, with nothing written: typed in, or with the program
// chosen again, it is taken. Prompted play's "roll for me" is refused
// the same way. Re-deriving the log does not consult the setting.
func TestTableRefusesTheProgramsDice(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _, _ := amendFixture(t, false)
	if _, err := s.SetDice(ctx, "c", DiceAtTable, Options{}); err != nil {
		t.Fatal(err)
	}
	before, err := s.Load(ctx, "c")
	if err != nil {
		t.Fatal(err)
	}
	_, err = s.Do(ctx, "c", "", add{}, Options{})
	var te *TableDiceError
	if !errors.As(err, &te) || te.Campaign != "c" || len(te.Needs) != 1 || te.Needs[0].Sides != 6 ||
		err.Error() != `campaign "c" rolls its dice at the table: give this action's 1 die (add d6) as they fell` {
		t.Errorf("an add without dice at the table: %v; want refused, naming the die it needs", err)
	}
	programOnAsk := func(dice.Need, int) (int, error) { return 0, dice.ErrUseProgram }
	if _, err := s.Do(ctx, "c", "", add{}, Options{Ask: programOnAsk}); !errors.As(err, &te) {
		t.Errorf("prompted play's roll for me at the table: %v; want refused", err)
	}
	if st, _ := s.Load(ctx, "c"); st.Version != before.Version || st.ProgramDice != before.ProgramDice {
		t.Errorf("refused actions wrote: version %d, program dice %d; want %d, %d", st.Version, st.ProgramDice, before.Version, before.ProgramDice)
	}
	if res, err := s.Do(ctx, "c", "", add{}, Options{Dice: []int{5}}); err != nil || res.Label != "added 5" {
		t.Errorf("an add with its die typed in: %v; want added 5", err)
	}
	if _, err := s.SetDice(ctx, "c", DiceByProgram, Options{}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Do(ctx, "c", "", add{}, Options{}); err != nil {
		t.Errorf("an add rolled by the program once it rolls again: %v", err)
	}
	// A log written before the setting was kept (the program's die of an
	// add stored after the table's setting: the same add, decided in a
	// twin campaign of the same seed and dice, appended as it was) still
	// re-derives: the setting is a check of actions being made, not a rule.
	if _, err := s.SetDice(ctx, "c", DiceAtTable, Options{}); err != nil {
		t.Fatal(err)
	}
	st, err := s.Load(ctx, "c")
	if err != nil {
		t.Fatal(err)
	}
	mustCreate(t, s, "twin", 1)
	var twin *Result
	for range st.ProgramDice + 1 {
		if twin, err = s.Do(ctx, "twin", "", add{}, Options{}); err != nil {
			t.Fatal(err)
		}
	}
	facts := make([]events.Fact, len(twin.Events))
	for i, e := range twin.Events {
		facts[i] = events.Fact{Type: e.Type, Data: json.RawMessage(e.Data)}
	}
	if _, err := s.store.Append(ctx, st.Key, st.Version, "old-add", facts); err != nil {
		t.Fatal(err)
	}
	if st, err := s.Load(ctx, "c"); err != nil || st.Dice() != DiceAtTable || st.ProgramDice != twin.State.ProgramDice {
		t.Fatalf("the old add appended: %v; want the table's setting and the twin's program dice", err)
	}
	if _, err := s.Rederive(ctx, "c"); err != nil {
		t.Errorf("re-deciding a log with the program's die after the table's setting: %v", err)
	}
}
