package i28

import (
	"warlog/cmd/cmdutil"
	"warlog/engines/incarn28"
)

// Game is Incarn28 as this build of warlog knows it: its engine, its command
// tree and its part of the demo.
func Game() cmdutil.Game {
	return cmdutil.Game{Engine: incarn28.Engine, Use: "i28", Command: NewCommand, Demo: demoLines, Rules: catalogues}
}

// demoLines is the command lines the demo plays for this game, with the
// demo's seed: a Sacrosanct and a Schism gang with the same two incarns
// play one round with the program's dice. Only the objective, twist and
// deployment roll-off dice are entered by hand (Ann: Loot and Sanctify; Ben:
// Loot and Decimate; no twist; Ann deploys first), so that every seed plays
// the same kind of game; the commands name
// no incarn whose turn depends on the dice: activate takes the next in
// line, attack the activating incarn, and a target resolves among its
// enemies.
func demoLines(seed string) [][]string {
	return [][]string{
		{"campaign", "new", "Incarn28 demo", "--game", "incarn28", "--seed", seed},
		{"i28", "fleshtype", "aberrant"},
		{"i28", "list", "fleshtypes", "act-r"},
		{"i28", "gang", "Ann", "--faction", "sacrosanct"},
		{"i28", "recruit", "Ann", "Brute", "--skill", "demigod", "--toughness", "immortal", "--flesh", "Golem,Soldier,Butcher"},
		{"i28", "recruit", "Ann", "Runt", "--skill", "rabble", "--toughness", "light", "--flesh", "Soldier,Elegant", "--item", "Armour"},
		{"i28", "gang", "Ben", "--faction", "schism"},
		{"i28", "recruit", "Ben", "Brute", "--skill", "demigod", "--toughness", "immortal", "--flesh", "Golem,Soldier,Venomous"},
		{"i28", "recruit", "Ben", "Runt", "--skill", "rabble", "--toughness", "light", "--flesh", "Soldier,Worm"},
		{"scenario", "start", "Demo Pit", "--dice", "3,6,4,6,6,5,2"},
		{"i28", "round"},
		{"i28", "activate"},
		{"i28", "attack", "Brute", "--strength", "2"},
		{"i28", "activate"},
		{"i28", "attack", "Brute", "--strength", "1", "--obscured"},
		{"i28", "activate"},
		{"i28", "move", "--acs", "2"},
		{"status"},
		{"undo"},
		{"i28", "move", "--acs", "1"},
		{"i28", "objective", "Ann", "loot"},
		{"i28", "objective", "Ann", "sanctify"},
		{"roster"},
	}
}
