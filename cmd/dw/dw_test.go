package dw_test

import (
	"testing"

	"warlog/cmd/cmdtest"
	"warlog/engines/deadwars"
)

// Each Deadwars action's flags and arguments become the command handed to
// the campaign: no terminal, no database.
func TestActionsHandOnTheirCommand(t *testing.T) {
	cmdtest.Check(t, "deadwars", []cmdtest.Case{
		{Args: []string{"dw", "force", "Ann", "--clan", "dracula"}, Want: deadwars.CreateForce{Player: "Ann", Clan: "dracula"}},
		{Args: []string{"dw", "force", "Ben", "--clan", "davy-jones"}, Want: deadwars.CreateForce{Player: "Ben", Clan: "davy-jones"}},
		{Args: []string{"dw", "recruit", "Ann", "Vlad", "--class", "wizard", "--champion"},
			Want: deadwars.Recruit{Player: "Ann", Name: "Vlad", Class: "wizard", Champion: true}},
		{Args: []string{"dw", "recruit", "Ann", "Igor", "--rank", "guard", "--class", "berserker"},
			Want: deadwars.Recruit{Player: "Ann", Name: "Igor", Rank: "guard", Class: "berserker"}},
		{Args: []string{"dw", "roll"}, Want: deadwars.RollDice{}},
		{Args: []string{"dw", "roll", "Ann", "--dice", "1,2,3,3,5,6"}, Want: deadwars.RollDice{Player: "Ann"}},
		{Args: []string{"dw", "double", "3", "--to", "1"}, Want: deadwars.Double{Face: 3, To: 1}},
		{Args: []string{"dw", "double", " 6", "--to", "2"}, Want: deadwars.Double{Face: 6, To: 2}},
		{Args: []string{"dw", "move", "Igor", "--die", "5"}, Want: deadwars.Move{Figure: "Igor", Die: 5}},
		{Args: []string{"dw", "move", "Igor", "--die", "2", "--into", "Jack"}, Want: deadwars.Move{Figure: "Igor", Die: 2, Into: "Jack"}},
		{Args: []string{"dw", "move", "Igor", "--die", "4", "--leave"}, Want: deadwars.Move{Figure: "Igor", Die: 4, Leave: true}},
		{Args: []string{"dw", "dash", "Vlad", "--die", "1"}, Want: deadwars.Dash{Figure: "Vlad", Die: 1}},
		{Args: []string{"dw", "dash", "Vlad", "--die", "1", "--leave", "--into", "Jack"}, Want: deadwars.Dash{Figure: "Vlad", Die: 1, Into: "Jack", Leave: true}},
		{Args: []string{"dw", "contact", "Igor", "Jack"}, Want: deadwars.Contact{A: "Igor", B: "Jack"}},
		{Args: []string{"dw", "contact", "Igor", "Jack", "--apart"}, Want: deadwars.Contact{A: "Igor", B: "Jack", Apart: true}},
		{Args: []string{"dw", "attack", "Igor", "Jack", "--die", "3"}, Want: deadwars.Attack{Figure: "Igor", Target: "Jack", Dice: []int{3}}},
		{Args: []string{"dw", "attack", "Vlad", "Jack", "--die", "2, 3,4", "--dice", "4,2"}, Want: deadwars.Attack{Figure: "Vlad", Target: "Jack", Dice: []int{2, 3, 4}}},
		{Args: []string{"dw", "attack", "Igor", "Jack", "--free"}, Want: deadwars.Attack{Figure: "Igor", Target: "Jack", Free: true}},
		// Dice with a free attack: the engine refuses it (a free attack spends no die).
		{Args: []string{"dw", "attack", "Igor", "Jack", "--free", "--die", "3"}, Want: deadwars.Attack{Figure: "Igor", Target: "Jack", Dice: []int{3}, Free: true}},
		{Args: []string{"dw", "defend", "Vlad", "--die", "5"}, Want: deadwars.Defend{Figure: "Vlad", Die: 5}},
		{Args: []string{"dw", "cast", "Vlad", "bolt", "Jack", "--dice", "5,2"}, Want: deadwars.Cast{Caster: "Vlad", Spell: "bolt", Target: "Jack"}},
		{Args: []string{"dw", "cast", "Vlad", "heal"}, Want: deadwars.Cast{Caster: "Vlad", Spell: "heal"}},
		{Args: []string{"dw", "cast", "Vlad", "boost", "Igor", "--into", "Jack"}, Want: deadwars.Cast{Caster: "Vlad", Spell: "boost", Target: "Igor", Into: "Jack"}},
		{Args: []string{"dw", "cast", "Vlad", "boost", "Igor", "--leave"}, Want: deadwars.Cast{Caster: "Vlad", Spell: "boost", Target: "Igor", Leave: true}},
		{Args: []string{"dw", "collect", "Igor", "--die", "3"}, Want: deadwars.Collect{Figure: "Igor", Dice: []int{3}}},
		{Args: []string{"dw", "collect", "Vlad", "--die", "2,4", "--dice", "5"}, Want: deadwars.Collect{Figure: "Vlad", Dice: []int{2, 4}}},
		{Args: []string{"dw", "end-turn"}, Want: deadwars.EndTurn{}},
		{Args: []string{"dw", "end-turn", "Ann"}, Want: deadwars.EndTurn{Player: "Ann"}},
		{Args: []string{"dw", "humans", "1=Vlad", "2=Igor", "3=-"},
			Want: deadwars.Humans{Targets: []deadwars.HumanTarget{{Human: "1", Target: "Vlad"}, {Human: "2", Target: "Igor"}, {Human: "3", Target: "-"}}}},
		{Args: []string{"dw", "shrine", "Ann=3", "Ben=0"},
			Want: deadwars.Shrine{Counts: []deadwars.ShrineCount{{Player: "Ann", Count: 3}, {Player: "Ben", Count: 0}}}},
	})
}

// A Deadwars command line the command package cannot make sense of is
// refused with one line, exit 2, and nothing is handed on. Names, faces out
// of range and dice the turn does not have are the engine's business.
func TestActionsRefuseBadLines(t *testing.T) {
	cmdtest.Check(t, "deadwars", []cmdtest.Case{
		{Args: []string{"dw", "force", "Ann"}, Err: "give the force's clan with --clan imhotep|dracula|davy-jones (try: warlog dw force --help)"},
		{Args: []string{"dw", "force", "--clan", "dracula"}, Err: "warlog dw force needs the PLAYER; 0 arguments given (try: warlog dw force --help)"},
		{Args: []string{"dw", "recruit", "Ann", "Igor", "--rank", "guard"}, Err: "give --class, and --rank unless it is the --champion (try: warlog dw recruit --help)"},
		{Args: []string{"dw", "recruit", "Ann", "Igor", "--class", "fighter"}, Err: "give --class, and --rank unless it is the --champion (try: warlog dw recruit --help)"},
		{Args: []string{"dw", "recruit", "Igor", "--class", "fighter", "--champion"},
			Err: "warlog dw recruit needs PLAYER and NAME; 1 argument given (try: warlog dw recruit --help)"},
		{Args: []string{"dw", "roll", "Ann", "Ben"}, Err: "warlog dw roll takes at most the PLAYER; 2 arguments given (try: warlog dw roll --help)"},
		{Args: []string{"dw", "roll", "--dice", " "},
			Err: `invalid argument " " for "--dice" flag: give the faces rolled at the table, e.g. --dice 4,2; leave --dice out for the program to roll (try: warlog dw roll --help)`},
		{Args: []string{"dw", "double", "3"}, Err: "give the new face with --to N (try: warlog dw double --help)"},
		{Args: []string{"dw", "double", "three", "--to", "1"}, Err: `"three" is not a die face; give a number 1 to 6`},
		{Args: []string{"dw", "double", "3", "--to", "one"}, Err: `--to "one": give a whole number (try: warlog dw double --help)`},
		{Args: []string{"dw", "move", "Igor"}, Err: "give the die to spend with --die N (try: warlog dw move --help)"},
		{Args: []string{"dw", "move", "Igor", "--die", "2,3"}, Err: `--die "2,3": give a whole number (try: warlog dw move --help)`},
		{Args: []string{"dw", "dash", "Vlad"}, Err: "give the die to spend with --die N (try: warlog dw dash --help)"},
		{Args: []string{"dw", "dash", "Vlad", "Igor", "--die", "1"}, Err: "warlog dw dash needs the FIGURE; 2 arguments given (try: warlog dw dash --help)"},
		{Args: []string{"dw", "contact", "Igor"}, Err: "warlog dw contact needs FIGURE and ENEMY; 1 argument given (try: warlog dw contact --help)"},
		{Args: []string{"dw", "attack", "Igor", "Jack"}, Err: "give the Attack dice with --die N[,N...], or --free (try: warlog dw attack --help)"},
		{Args: []string{"dw", "attack", "Igor", "Jack", "--die", "2,x"}, Err: `"x" is not a die face; give a number 1 to 6`},
		{Args: []string{"dw", "attack", "Igor", "Jack", "--die", ""}, Err: "give the Attack dice with --die N[,N...], or --free (try: warlog dw attack --help)"},
		{Args: []string{"dw", "attack", "Igor", "--free"}, Err: "warlog dw attack needs FIGURE and TARGET; 1 argument given (try: warlog dw attack --help)"},
		{Args: []string{"dw", "defend", "Vlad"}, Err: "give the Defend die with --die N (try: warlog dw defend --help)"},
		{Args: []string{"dw", "cast", "Vlad"}, Err: "warlog dw cast takes CASTER, the spell and its TARGET; 1 argument given (try: warlog dw cast --help)"},
		{Args: []string{"dw", "cast", "Vlad", "bolt", "Jack", "Igor"}, Err: "warlog dw cast takes CASTER, the spell and its TARGET; 4 arguments given (try: warlog dw cast --help)"},
		{Args: []string{"dw", "collect", "Igor"}, Err: "give the Attack dice with --die N[,N...] (try: warlog dw collect --help)"},
		{Args: []string{"dw", "collect", "Igor", "--die", "3,,4"}, Err: `"" is not a die face; give a number 1 to 6`},
		{Args: []string{"dw", "end-turn", "Ann", "Ben"}, Err: "warlog dw end-turn takes at most the PLAYER; 2 arguments given (try: warlog dw end-turn --help)"},
		{Args: []string{"dw", "humans"}, Err: "warlog dw humans needs HUMAN=FIGURE for each living Human; 0 arguments given (try: warlog dw humans --help)"},
		{Args: []string{"dw", "humans", "1=Vlad", "2"}, Err: `"2": write HUMAN=FIGURE, e.g. 1=Vlad, or 1=- for no attack`},
		{Args: []string{"dw", "shrine", "Ann=3"}, Err: "warlog dw shrine needs PLAYER=N for both players; 1 argument given (try: warlog dw shrine --help)"},
		{Args: []string{"dw", "shrine", "Ann=3", "Ben"}, Err: `"Ben": write PLAYER=N, e.g. Ann=3`},
		{Args: []string{"dw", "shrine", "Ann=three", "Ben=2"}, Err: `"Ann=three": write PLAYER=N, e.g. Ann=3`},
		{Args: []string{"dw", "charge", "Vlad"}, Err: `unknown command "charge" for "warlog dw" (try: warlog dw --help)`},
	})
}

// Every verb of `warlog dw` is tested above; a new one must be added here.
func TestEveryVerbIsTested(t *testing.T) {
	cmdtest.CheckVerbs(t, "dw", "force", "recruit", "roll", "double", "move", "dash", "contact", "attack", "defend", "cast", "collect", "end-turn", "humans", "shrine")
}
