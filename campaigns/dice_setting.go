package campaigns

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"warlog/engines"
	"warlog/engines/dice"
	"warlog/events"
	"warlog/internal/words"
)

// How a campaign's table rolls
//
// A table rolls its dice one way or the other: the program rolls them from
// the campaign's seed, or the players roll at the table and type them in.
// That is a setting of the campaign, kept in its log as an action of its
// own (verb VerbDice, one campaign.dice_set fact), so that it lasts
// between sessions, travels in an export, is undone like any action and
// re-decided like any (it is refused when it changes nothing). It decides
// nothing in the game: dice given with a command are taken whatever it
// says, and at the table an action the program would roll for is refused
// (TableDiceError); prompted play opens its question on it. A campaign
// that never set it rolls by the program.

// TypeDiceSet is the fact of a dice setting; VerbDice its action's verb.
const (
	TypeDiceSet = "campaign.dice_set"
	VerbDice    = "campaign dice"
)

// DiceHow is how a campaign's table rolls.
type DiceHow string

// The ways a table rolls.
const (
	DiceByProgram DiceHow = "program"
	DiceAtTable   DiceHow = "table"
)

// DiceHows are the settings, the table's first.
var DiceHows = []DiceHow{DiceAtTable, DiceByProgram}

// DiceSet is the payload of campaign.dice_set, and the arguments of its
// action.
type DiceSet struct {
	Dice DiceHow `json:"dice"`
}

// TableDiceError refuses an action that would have the program roll in a
// campaign whose table rolls its dice (DiceAtTable): each of its dice is
// typed in as it fell. A die the program rolls comes from the seed, which
// whoever reads the log holds and so could foresee; at the table, or in a
// league whose server decides every action, the setting keeps every die
// on the table. Needs are the dice the action asks for. It is a check of
// an action being made, not a rule: a stored action is re-derived with
// the dice it holds, whatever the setting was.
type TableDiceError struct {
	Campaign string
	Needs    []dice.Need
}

func (e *TableDiceError) Error() string {
	return fmt.Sprintf("campaign %q rolls its dice at the table: give this action's %s (%s) as they fell",
		e.Campaign, words.Count(len(e.Needs), "die", "dice"), dice.Describe(e.Needs))
}

// Dice is how the campaign's table rolls: its last setting in effect, the
// program's dice when there is none.
func (st *State) Dice() DiceHow {
	if st.dice == "" {
		return DiceByProgram
	}
	return st.dice
}

// phrase is how a setting is told in a label.
func (h DiceHow) phrase() string {
	if h == DiceAtTable {
		return "rolled at the table and typed in"
	}
	return "rolled by the program"
}

// valid reports whether h is one of DiceHows.
func (h DiceHow) valid() bool { return h == DiceAtTable || h == DiceByProgram }

// SetDice records how the campaign's table rolls from now on. Setting what
// is set already is ErrNothing; nothing is written.
func (s *Service) SetDice(ctx context.Context, campaign string, how DiceHow, o Options) (*Result, error) {
	if !how.valid() {
		return nil, fmt.Errorf("unknown dice setting %q; give %s or %s", how, DiceAtTable, DiceByProgram)
	}
	set := DiceSet{Dice: how}
	return s.run(ctx, campaign, o, request{verb: VerbDice, args: set,
		decide: func(st *State, d *engines.Decision) error { return decideDice(st, set, d) }})
}

// decideDice is a dice setting's decision on st.
func decideDice(st *State, set DiceSet, d *engines.Decision) error {
	if !set.Dice.valid() {
		return fmt.Errorf("unknown dice setting %q", set.Dice)
	}
	if st.Dice() == set.Dice {
		return fmt.Errorf("%w: the campaign's dice are %s already", ErrNothing, set.Dice.phrase())
	}
	d.Emit(TypeDiceSet, set)
	d.Label("dice %s from now on", set.Dice.phrase())
	return nil
}

// setting re-decides a dice setting from its recorded arguments on the
// state before it, and folds it.
func (r *rederiver) setting(evs []events.Event, b Begun) error {
	var set DiceSet
	if err := json.Unmarshal(b.Args, &set); err != nil {
		return r.fault(evs, "its recorded dice setting cannot be read: "+err.Error())
	}
	d := engines.NewDecision(dice.NewRoller(0, 0, nil))
	if err := decideDice(r.st, set, d); err != nil {
		return r.fault(evs, "the rules refuse its recorded command: "+err.Error())
	}
	got := d.Facts()
	if len(got) != len(evs)-1 {
		return r.fault(evs, fmt.Sprintf("a dice setting holds %d facts; the log holds %d", len(got), len(evs)-1))
	}
	for i, f := range got {
		data, err := events.Marshal(f)
		if err != nil {
			return err
		}
		if s := evs[i+1]; s.Type != f.Type || string(s.Data) != string(data) {
			return r.fault(evs, differs(s, f.Type, data))
		}
	}
	r.actions++
	return r.fold(evs)
}

// diceNeededBudget is the most decisions DiceNeeded tries: a few
// milliseconds on the largest game state.
const diceNeededBudget = 300

// DiceNeeded says how many dice cmd rolls on st's game once the faces
// entered are its first: known (ok) when every face the dice still to
// come could show leads to the same count. A hit roll that decides
// whether damage is rolled, or a tie rolled off again, leaves it unknown
// until the deciding die is in; so does a tree of faces too large to try
// (diceNeededBudget decisions). It decides on st without changing it.
func (st *State) DiceNeeded(cmd engines.Command, entered []int) (n int, ok bool) {
	if st.Game == nil {
		return 0, false
	}
	budget := diceNeededBudget
	var try func(prefix []int) (int, bool)
	try = func(prefix []int) (int, bool) {
		if budget == 0 {
			return 0, false
		}
		budget--
		r := dice.NewRoller(0, 0, append(make([]int, 0, len(prefix)), prefix...))
		err := st.engine.Decide(st.Game, cmd, engines.NewDecision(r))
		if err == nil {
			if r.Finish() != nil {
				return 0, false // more faces than it rolls
			}
			return len(prefix), true
		}
		used := r.Used()
		if !errors.Is(err, dice.ErrTooFew) || len(used) <= len(prefix) {
			return 0, false
		}
		count := -1
		for face := 1; face <= used[len(prefix)].Sides; face++ {
			n, ok := try(append(prefix, face))
			if !ok || count >= 0 && n != count {
				return 0, false
			}
			count = n
		}
		return count, count > 0
	}
	return try(slices.Clip(entered))
}
