package i28_test

import (
	"testing"

	"warlog/cmd/cmdtest"
	"warlog/engines/incarn28"
)

// Incarn28 actions' flags and arguments become the command handed to the
// campaign: no terminal, no database.
func TestActionsHandOnTheirCommand(t *testing.T) {
	cmdtest.Check(t, "incarn28", []cmdtest.Case{
		{Args: []string{"i28", "gang", "Ann", "--faction", "sacrosanct"}, Want: incarn28.FoundGang{Player: "Ann", Faction: "sacrosanct"}},
		{Args: []string{"i28", "gang", "Ben", "--faction", "court", "--bones", "60"}, Want: incarn28.FoundGang{Player: "Ben", Faction: "court", Bones: 60}},
		{Args: []string{"i28", "recruit", "Ann", "Grub", "--skill", "regular", "--toughness", "medium", "--flesh", "Butcher,Soldier"},
			Want: incarn28.Recruit{Player: "Ann", Incarn: incarn28.Incarn{Name: "Grub", Skill: "regular", Toughness: "medium", Flesh: []string{"Butcher", "Soldier"}}}},
		{Args: []string{"i28", "recruit", "Ann", "Grub", "--skill", "regular", "--toughness", "medium", "--flesh", "Butcher", "--item", "Hook,Lamp"},
			Want: incarn28.Recruit{Player: "Ann", Incarn: incarn28.Incarn{Name: "Grub", Skill: "regular", Toughness: "medium", Flesh: []string{"Butcher"}, Items: []string{"Hook", "Lamp"}}}},
		{Args: []string{"i28", "dismiss", "Ann", "Grub"}, Want: incarn28.Dismiss{Player: "Ann", Name: "Grub"}},
		{Args: []string{"i28", "overseer", "Ann", "--die", "2"}, Want: incarn28.Overseer{Player: "Ann", Die: 2}},
		{Args: []string{"i28", "move"}, Want: incarn28.Move{ACs: 1}},
		{Args: []string{"i28", "move", "Grub", "--acs", "3"}, Want: incarn28.Move{Incarn: "Grub", ACs: 3}},
		{Args: []string{"i28", "move", "Grub", "--shadow"}, Want: incarn28.Move{Incarn: "Grub", ACs: 1, Shadow: true}},
		{Args: []string{"i28", "end-activation"}, Want: incarn28.EndActivation{}},
		{Args: []string{"i28", "transform"}, Want: incarn28.Transform{}},
		{Args: []string{"i28", "transform", "Wolf"}, Want: incarn28.Transform{Incarn: "Wolf"}},
		{Args: []string{"i28", "extinguish", "Torch"}, Want: incarn28.Extinguish{Target: "Torch"}},
		{Args: []string{"i28", "extinguish", "Grub", "Torch"}, Want: incarn28.Extinguish{Incarn: "Grub", Target: "Torch"}},
		{Args: []string{"i28", "rift", "Ann", "Grub"}, Want: incarn28.Rift{Player: "Ann", Incarn: "Grub"}},
		{Args: []string{"i28", "summon", "Mother"}, Want: incarn28.Summon{Incarn: "Mother"}},
		{Args: []string{"i28", "inseminate", "Mother", "Grub"}, Want: incarn28.Inseminate{Incarn: "Mother", Target: "Grub"}},
		{Args: []string{"i28", "objective", "Ann", "loot"}, Want: incarn28.MarkObjective{Player: "Ann", Objective: "loot"}},
	})
}

// An Incarn28 command line the command package cannot make sense of is
// refused with one line, exit 2, and nothing is handed on.
func TestActionsRefuseBadLines(t *testing.T) {
	cmdtest.Check(t, "incarn28", []cmdtest.Case{
		{Args: []string{"i28", "gang", "Ann", "--bones", "60"}, Err: "--faction is needed to found a gang: court, schism or sacrosanct (try: warlog i28 gang --help)"},
		{Args: []string{"i28", "recruit", "Ann", "Grub", "--skill", "regular"}, Err: "--skill and --toughness are needed (try: warlog i28 recruit --help)"},
		{Args: []string{"i28", "recruit", "Ann"}, Err: "warlog i28 recruit needs the PLAYER and the incarn's NAME; 1 argument given (try: warlog i28 recruit --help)"},
		{Args: []string{"i28", "move", "Grub", "--acs", "two"}, Err: `--acs "two": give a whole number (try: warlog i28 move --help)`},
		{Args: []string{"i28", "overseer", "Ann", "--die", "one"}, Err: `--die "one": give a whole number (try: warlog i28 overseer --help)`},
		{Args: []string{"i28", "end-activation", "Grub"}, Err: `warlog i28 end-activation takes no arguments; "Grub" given (try: warlog i28 end-activation --help)`},
		{Args: []string{"i28", "extinguish"}, Err: "warlog i28 extinguish takes the activating INCARN (optional) and the burning TARGET; 0 arguments given (try: warlog i28 extinguish --help)"},
	})
}
