package ko_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"warlog/cmd/cmdtest"
	"warlog/engines/kingsown"
	"warlog/samples"
)

func sample(t *testing.T, name, side string) []kingsown.Card {
	t.Helper()
	b, ok := samples.Find("kingsown", name)
	if !ok {
		t.Fatalf("no King's Own sample %q", name)
	}
	cards, err := kingsown.ParseCards(string(b), side)
	if err != nil {
		t.Fatal(err)
	}
	return cards
}

// Each King's Own action's flags and arguments become the command handed
// to the campaign: no terminal, no database.
func TestActionsHandOnTheirCommand(t *testing.T) {
	file := filepath.Join(t.TempDir(), "orcs.txt")
	if err := os.WriteFile(file, []byte("Gorm\nSkill 3 · Move 3 · Res 2 · Hits 4\nCleaver M2 R1\nFearless · Multi 2\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	bors := kingsown.Card{Name: "Bors", Side: "hunters", Skill: 3, Move: 4, Res: 1, Hits: 2, Armour: "leather", Shield: true,
		Weapons: []kingsown.Weapon{{Name: "Sword", Might: 2, Reach: 1}}}
	cmdtest.Check(t, "kingsown", []cmdtest.Case{
		// recruit, from flags
		{Args: []string{"ko", "recruit", "Bors", "--side", "hunters", "--skill", "3", "--hits", "2", "--armour", "leather", "--shield", "--weapon", "Sword:2:1"},
			Want: kingsown.Recruit{Cards: []kingsown.Card{bors}}},
		{Args: []string{"ko", "recruit", "Bors", "--side", "hunters", "--skill", "3", "--hits", "2", "--armour", "leather", "--move", "5", "--res", "0", "--weapon", "Sword:2:1", "--weapon", "Club:3:1:Sweep"},
			Want: kingsown.Recruit{Cards: []kingsown.Card{{Name: "Bors", Side: "hunters", Skill: 3, Move: 5, Res: 0, Hits: 2, Armour: "leather",
				Weapons: []kingsown.Weapon{{Name: "Sword", Might: 2, Reach: 1}, {Name: "Club", Might: 3, Reach: 1, Sweep: true}}}}}},
		{Args: []string{"ko", "recruit", "Mirela", "--side", "hunters", "--skill", "3", "--hits", "1", "--weapon", "Staff:1:1",
			"--spell", "Sparks · price of failure: lose 1 Hit", "--spell", "Rally", "--keyword", "Durable 1", "--keyword", "Fearless"},
			Want: kingsown.Recruit{Cards: []kingsown.Card{{Name: "Mirela", Side: "hunters", Skill: 3, Move: 4, Hits: 1, Fearless: true, Durable: 1,
				Weapons: []kingsown.Weapon{{Name: "Staff", Might: 1, Reach: 1}},
				Spells:  []string{"Sparks", "Rally"}, Prices: []kingsown.SpellPrice{{Spell: "Sparks", Price: "lose 1 Hit"}}}}}},
		// recruit, from a card file or a sample
		{Args: []string{"ko", "recruit", "--card", "hunters"}, Want: kingsown.Recruit{Cards: sample(t, "hunters", "")}},
		{Args: []string{"ko", "recruit", "--card", file, "--side", "orcs"},
			Want: kingsown.Recruit{Cards: []kingsown.Card{{Name: "Gorm", Side: "orcs", Skill: 3, Move: 3, Res: 2, Hits: 4, Fearless: true, Multi: 2,
				Weapons: []kingsown.Weapon{{Name: "Cleaver", Might: 2, Reach: 1}}}}}},
		// brief-card
		{Args: []string{"ko", "brief-card", "grunt", "--card", "orc"}, Want: kingsown.SetBriefCard{Role: "grunt", Card: sample(t, "orc", kingsown.NestSide)[0]}},
		{Args: []string{"ko", "brief-card", "Nest", "--card", "nest"}, Want: kingsown.SetBriefCard{Role: "nest", Card: sample(t, "nest", kingsown.NestSide)[0]}},
		// the turn
		{Args: []string{"ko", "initiative"}, Want: kingsown.Initiative{}},
		{Args: []string{"ko", "initiative", "--first", "hunters", "--dice", "5,4,2"}, Want: kingsown.Initiative{First: "hunters"}},
		{Args: []string{"ko", "first", "orcs"}, Want: kingsown.ChooseFirst{Side: "orcs"}},
		{Args: []string{"ko", "move", "Bors", "half", "--facing", "front"}, Want: kingsown.Move{Figure: "Bors", Move: "half", Facing: "front"}},
		{Args: []string{"ko", "move", "Orc grunt 1", "stay", "--facing", "rear"}, Want: kingsown.Move{Figure: "Orc grunt 1", Move: "stay", Facing: "rear"}},
		{Args: []string{"ko", "move", "Wyn", "full", "--rough", "--dice", "2"}, Want: kingsown.Move{Figure: "Wyn", Move: "full", Rough: true}},
		{Args: []string{"ko", "move", "Wyn", "half", "--rough", "--leave-rough"}, Want: kingsown.Move{Figure: "Wyn", Move: "half", Rough: true, Leave: true}},
		{Args: []string{"ko", "move", "Grub", "half", "--pair", "Snag"}, Want: kingsown.Move{Figure: "Grub", Move: "half", Pair: "Snag"}},
		{Args: []string{"ko", "next"}, Want: kingsown.Next{}},
		// attacks and spells
		{Args: []string{"ko", "attack", "Bors", "Orc grunt 1", "--dice", "3,5,2"}, Want: kingsown.Attack{Attacker: "Bors", Targets: []string{"Orc grunt 1"}}},
		{Args: []string{"ko", "attack", "Gorm", "Bors", "Wyn", "--weapon", "Club", "--rear"},
			Want: kingsown.Attack{Attacker: "Gorm", Targets: []string{"Bors", "Wyn"}, Weapon: "Club", Rear: true}},
		{Args: []string{"ko", "cast", "Wyn", "Ward"}, Want: kingsown.Cast{Caster: "Wyn", Spell: "Ward", Targets: []string{}}},
		{Args: []string{"ko", "cast", "Wyn", "Teleport", "Wyn", "--facing", "rear"}, Want: kingsown.Cast{Caster: "Wyn", Spell: "Teleport", Targets: []string{"Wyn"}, Facing: "rear"}},
		{Args: []string{"ko", "cast", "Wyn", "Sparks", "Orc grunt 1", "Orc grunt 2", "--rear"},
			Want: kingsown.Cast{Caster: "Wyn", Spell: "Sparks", Targets: []string{"Orc grunt 1", "Orc grunt 2"}, Rear: true}},
	})
}

// A King's Own command line the command package cannot make sense of is
// refused with one line, and nothing is handed on: exit 2 for the command
// line itself, 1 for a card that does not read.
func TestActionsRefuseBadLines(t *testing.T) {
	recruit := []string{"ko", "recruit", "Bors", "--side", "hunters", "--skill", "3", "--hits", "1"}
	with := func(more ...string) []string { return append(append([]string{}, recruit...), more...) }
	cmdtest.Check(t, "kingsown", []cmdtest.Case{
		{Args: []string{"ko", "recruit"},
			Err: "give a figure's NAME with --side and its numbers, or --card FILE (try: warlog ko recruit --help)"},
		{Args: []string{"ko", "recruit", "Bors", "--skill", "3", "--hits", "1"},
			Err: "give the figure's --side, e.g. --side hunters (try: warlog ko recruit --help)"},
		{Args: []string{"ko", "recruit", "Bors", "Wyn", "--side", "hunters"},
			Err: "warlog ko recruit takes a figure's NAME (or none with --card); 2 arguments given (try: warlog ko recruit --help)"},
		{Args: []string{"ko", "recruit", "--card", "hunters", "--skill", "3"},
			Err: "--skill does not go with --card: the card file gives the numbers (try: warlog ko recruit --help)"},
		{Args: []string{"ko", "recruit", "--card", "hunters", "--shield"},
			Err: "--shield does not go with --card: the card file gives the numbers (try: warlog ko recruit --help)"},
		{Args: []string{"ko", "recruit", "Bors", "--card", "hunters"},
			Err: `--card recruits every card of the file; drop the NAME "Bors" (try: warlog ko recruit --help)`},
		{Args: with("--skill", "x"), Err: `--skill "x": give a whole number (try: warlog ko recruit --help)`},
		{Args: with("--shield=maybe"), Err: `--shield "maybe": give true or false (try: warlog ko recruit --help)`},
		{Args: with("--armour", "tin"), Code: 1, Err: `--armour "tin": choose none, leather, chain or plate`},
		{Args: with("--weapon", "Sword"), Code: 1,
			Err: `weapon "Sword": write NAME:MIGHT:REACH, e.g. Sword:2:1 (add :Sweep for a sweeping weapon)`},
		{Args: with("--spell", "Fireball"), Code: 1, Err: `--spell: "Fireball" is not a spell; the spells are Firebolt, Sparks, Ward, Teleport, Rally`},
		{Args: []string{"ko", "recruit", "Bors", "--side", "hunters", "--skill", "3"}, Code: 1, Err: "card Bors: no Hits; give Hits 1 or more"},
		{Args: []string{"ko", "recruit", "--card", "no-such-cards"}, Code: 1,
			Err: "card file no-such-cards: no such file, nor a built-in sample of that name; the samples are hunters, nest, orc"},

		{Args: []string{"ko", "brief-card", "king", "--card", "orc"}, Err: `"king": give nest or grunt (try: warlog ko brief-card --help)`},
		{Args: []string{"ko", "brief-card", "grunt"}, Err: "give the card file with --card FILE (try: warlog ko brief-card --help)"},
		{Args: []string{"ko", "brief-card", "--card", "orc"},
			Err: "warlog ko brief-card needs nest or grunt; 0 arguments given (try: warlog ko brief-card --help)"},

		{Args: []string{"ko", "initiative", "hunters"}, Err: `warlog ko initiative takes no arguments; "hunters" given (try: warlog ko initiative --help)`},
		{Args: []string{"ko", "initiative", "--dice", ""},
			Err: `invalid argument "" for "--dice" flag: give the faces rolled at the table, e.g. --dice 4,2; leave --dice out for the program to roll (try: warlog ko initiative --help)`},
		{Args: []string{"ko", "first"}, Err: "warlog ko first needs the SIDE that moves first; 0 arguments given (try: warlog ko first --help)"},
		{Args: []string{"ko", "move", "Wyn"},
			Err: "warlog ko move needs a FIGURE and its move (stay, half, full or withdraw); 1 argument given (try: warlog ko move --help)"},
		{Args: []string{"ko", "move", "Wyn", "half", "--rogh"}, Err: "unknown flag: --rogh; did you mean --rough? (try: warlog ko move --help)"},
		{Args: []string{"ko", "next", "now"}, Err: `warlog ko next takes no arguments; "now" given (try: warlog ko next --help)`},
		{Args: []string{"ko", "attack", "Bors"}, Err: "warlog ko attack needs an ATTACKER and a TARGET; 1 argument given (try: warlog ko attack --help)"},
		{Args: []string{"ko", "attack", "Bors", "Nest", "--rear=maybe"}, Err: `--rear "maybe": give true or false (try: warlog ko attack --help)`},
		{Args: []string{"ko", "cast", "Wyn"}, Err: "warlog ko cast needs a CASTER and a SPELL; 1 argument given (try: warlog ko cast --help)"},
		{Args: []string{"ko", "fly"}, Err: `unknown command "fly" for "warlog ko" (try: warlog ko --help)`},
	})
}

// The verbs that only show something hand nothing on: card prints a card
// file's cards, spells the catalogue.
func TestShowingVerbsHandNothingOn(t *testing.T) {
	r := cmdtest.Run(t, "ko", "card", "hunters")
	if r.Code != 0 || r.Command != nil || r.Err != "" || !strings.HasPrefix(r.Out, "Bors · Side hunters\nSkill 3 · Move 4 · Res 1 · Hits 2\n") {
		t.Errorf("ko card hunters: exit %d, command %#v, stdout %q, stderr %q", r.Code, r.Command, r.Out, r.Err)
	}
	r = cmdtest.Run(t, "ko", "card", "orc", "--json")
	var got struct{ Cards []kingsown.Card }
	if err := json.Unmarshal([]byte(r.Out), &got); err != nil || r.Code != 0 || r.Command != nil || len(got.Cards) != 1 || got.Cards[0].Name != "Orc grunt" {
		t.Errorf("ko card orc --json: exit %d, command %#v, stdout %q (%v)", r.Code, r.Command, r.Out, err)
	}
	cmdtest.CheckRefused(t, cmdtest.Run(t, "ko", "card"), 0, "warlog ko card needs a card FILE; 0 arguments given (try: warlog ko card --help)")

	r = cmdtest.Run(t, "ko", "spells")
	if r.Code != 0 || r.Command != nil || r.Err != "" || !strings.Contains(r.Out, "Firebolt") || !strings.Contains(r.Out, "Rally") {
		t.Errorf("ko spells: exit %d, command %#v, stdout %q, stderr %q", r.Code, r.Command, r.Out, r.Err)
	}
	cmdtest.CheckRefused(t, cmdtest.Run(t, "ko", "spells", "Ward"), 0, `warlog ko spells takes no arguments; "Ward" given (try: warlog ko spells --help)`)
}

// Every verb of `warlog ko` is tested above; a new one must be added here.
func TestEveryVerbIsTested(t *testing.T) {
	cmdtest.CheckVerbs(t, "ko", "recruit", "brief-card", "card", "spells", "initiative", "first", "move", "next", "attack", "cast")
}
