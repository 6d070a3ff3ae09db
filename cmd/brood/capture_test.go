package brood_test

import (
	"testing"

	"warlog/cmd/cmdtest"
	eng "warlog/engines/brood"
)

// Each Brood Mother action's arguments become the command handed to the
// campaign: no terminal, no database.
func TestActionsHandOnTheirCommand(t *testing.T) {
	cmdtest.Check(t, "brood", []cmdtest.Case{
		{Args: []string{"brood", "spawn", "4,4"}, Want: eng.Spawn{X: 4, Y: 4}},
		{Args: []string{"brood", "spawn", "4,5", "--name", "Grub"}, Want: eng.Spawn{X: 4, Y: 5, Name: "Grub"}},
		{Args: []string{"brood", "raise", "R1", "def"}, Want: eng.Raise{Spawn: "R1", Stat: "defense", N: 1}},
		{Args: []string{"brood", "raise", "R1", "Attack", "3"}, Want: eng.Raise{Spawn: "R1", Stat: "attack", N: 3}},
		{Args: []string{"brood", "move", "R1", "5,4"}, Want: eng.Move{Spawn: "R1", X: 5, Y: 4}},
		{Args: []string{"brood", "attack", "R1", "B2"}, Want: eng.Attack{Spawn: "R1", Target: "B2"}},
		{Args: []string{"brood", "attack", "R1", "B2", "--end"}, Want: eng.Attack{Spawn: "R1", Target: "B2", OnTie: "end"}},
		{Args: []string{"brood", "attack", "R1", "B2", "--counter"}, Want: eng.Attack{Spawn: "R1", Target: "B2", OnTie: "counter"}},
		{Args: []string{"brood", "mother-attack", "B1", "B2"}, Want: eng.MotherAttack{Order: []string{"B1", "B2"}}},
		{Args: []string{"brood", "mother-move", "3,4"}, Want: eng.MotherMove{X: 3, Y: 4}},
		{Args: []string{"brood", "absorb", "R2"}, Want: eng.Absorb{Spawn: "R2"}},
		{Args: []string{"brood", "regenerate"}, Want: eng.Regenerate{N: 1}},
		{Args: []string{"brood", "regenerate", "2"}, Want: eng.Regenerate{N: 2}},
		{Args: []string{"brood", "mutate", "R1", "armor-piercer"}, Want: eng.Mutate{Spawn: "R1", Mutation: eng.NormName("armor-piercer")}},
		{Args: []string{"brood", "mutate", "R2", "mitosis", "--at", "5,4"}, Want: eng.Mutate{Spawn: "R2", Mutation: eng.NormName("mitosis"), AtX: 5, AtY: 4}},
		{Args: []string{"brood", "evolve", "fontification", "--font", "F1"}, Want: eng.Evolve{Evolution: eng.NormName("fontification"), Font: "F1"}},
		{Args: []string{"brood", "subvert", "B3"}, Want: eng.Subvert{Spawn: "B3"}},
		{Args: []string{"brood", "end-turn"}, Want: eng.EndTurn{}},
	})
}

// A Brood Mother command line the command package cannot make sense of is
// refused with one line, exit 2, and nothing is handed on.
func TestActionsRefuseBadLines(t *testing.T) {
	cmdtest.Check(t, "brood", []cmdtest.Case{
		{Args: []string{"brood", "spawn", "4"}, Err: `square "4": write it X,Y with whole numbers, e.g. 3,4`},
		{Args: []string{"brood", "raise", "R1", "speed"}, Err: `"speed" is no stat; write attack, defense or move (try: warlog brood raise --help)`},
		{Args: []string{"brood", "raise", "R1", "move", "0"}, Err: `N "0": give a whole number of 1 or more`},
		{Args: []string{"brood", "move", "R1", "x,4"}, Err: `square "x,4": write it X,Y with whole numbers, e.g. 3,4`},
		{Args: []string{"brood", "attack", "R1", "B2", "--end", "--counter"}, Err: "--counter and --end are the two choices on a tie; give one"},
		{Args: []string{"brood", "mother-move"}, Err: "warlog brood mother-move needs her new centre X,Y; 0 arguments given (try: warlog brood mother-move --help)"},
		{Args: []string{"brood", "regenerate", "lots"}, Err: `N "lots": give a whole number of 1 or more`},
		{Args: []string{"brood", "mutate", "R2", "mitosis", "--at", "5"}, Err: `square "5": write it X,Y with whole numbers, e.g. 3,4`},
		{Args: []string{"brood", "end-turn", "now"}, Err: `warlog brood end-turn takes no arguments; "now" given (try: warlog brood end-turn --help)`},
	})
}
