package ko

import (
	"warlog/cmd/cmdutil"
	"warlog/engines/kingsown"
)

// Game is The King's Own as this build of warlog knows it: its engine, its command
// tree and its part of the demo.
func Game() cmdutil.Game {
	return cmdutil.Game{Engine: kingsown.Engine, Use: "ko", Command: NewCommand, Demo: demoLines,
		Rules: catalogues}
}

// demoLines is the command lines the demo plays for this game, with the
// demo's seed: a King's Own campaign of two fights with the program's
// dice. Every line is legal whatever the dice show: Gorm's rear Knife
// attacks on Brand (Durable 1) roll nothing and always suppress, so Brand is
// Broken in the first fight (campaign Skill 2 -> 1) and recovers by sitting
// out the second, the Nest, whose attacks cannot take it Down in one turn.
func demoLines(seed string) [][]string {
	return [][]string{
		{"campaign", "new", "King's Own demo", "--game", "kingsown", "--seed", seed},
		{"ko", "recruit", "Bors", "--side", "hunters", "--skill", "3", "--hits", "2", "--armour", "leather", "--shield", "--weapon", "Sword:2:1"},
		{"ko", "recruit", "Wyn", "--side", "hunters", "--skill", "3", "--hits", "1", "--armour", "leather", "--weapon", "Staff:1:1",
			"--spell", "Firebolt", "--spell", "Sparks", "--spell", "Ward", "--spell", "Teleport", "--spell", "Rally"},
		{"ko", "recruit", "Brand", "--side", "hunters", "--skill", "2", "--hits", "2", "--armour", "leather", "--keyword", "Durable 1", "--weapon", "Spear:2:2"},
		{"ko", "recruit", "Gorm", "--side", "orcs", "--skill", "3", "--hits", "4", "--armour", "chain", "--keyword", "Fearless", "--keyword", "Multi 2",
			"--weapon", "Cleaver:2:1", "--weapon", "Knife:1:1"},
		{"scenario", "start", "Ambush on the road", "--turns", "1"},
		{"ko", "initiative", "--first", "hunters"},
		{"ko", "move", "Bors", "half", "--facing", "front"},
		{"ko", "move", "Gorm", "half", "--facing", "rear"},
		{"ko", "next"},
		{"ko", "attack", "Bors", "Gorm"},
		{"ko", "cast", "Wyn", "Ward", "Bors"},
		{"ko", "attack", "Gorm", "Brand", "--weapon", "Knife", "--rear"},
		{"ko", "attack", "Gorm", "Brand", "--weapon", "Knife", "--rear"},
		{"status"},
		{"ko", "next"},
		{"scenario", "end"},
		{"roster"},
		{"scenario", "start", "The Nest", "--brief", "nest", "--turns", "2", "--field", "Bors,Wyn"},
		{"ko", "initiative", "--first", "hunters"},
		{"ko", "move", "Bors", "half"},
		{"ko", "next"},
		{"ko", "attack", "Bors", "Nest"},
		{"ko", "cast", "Wyn", "Firebolt", "Nest"},
		{"ko", "next"},
		{"ko", "initiative", "--first", "hunters"},
		{"ko", "next"},
		{"ko", "next"},
		{"scenario", "end"},
		{"roster"},
	}
}
