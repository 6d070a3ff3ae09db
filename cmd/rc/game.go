package rc

import (
	"warlog/cmd/cmdutil"
	"warlog/engines/reincardnated"
)

// Game is Reincardnated as this build of warlog knows it: its engine, its command
// tree and its part of the demo.
func Game() cmdutil.Game {
	return cmdutil.Game{Engine: reincardnated.Engine, Use: "rc", Command: NewCommand, Demo: demoLines,
		Rules: func() []cmdutil.Catalogue { return []cmdutil.Catalogue{turn(), combat(), karma()} }}
}

// demoLines is the command lines the demo plays for this game, with the
// demo's seed: a short two-player game of Reincardnated played to the Human
// Form, its last turn, and the scores.
func demoLines(seed string) [][]string {
	lines := []string{
		"scenario start Evening --players Ann,Ben",
		"rc starter Ann Fern --incarnates insect,marine",
		"rc incarnate Ann Ant --type insect --incarnates bird,reptile",
		"rc end-turn",
		"rc incarnate Ben Clownfish --type marine --lower",
		"rc end-turn",
		"rc play Ann epiphany Orca --type marine --incarnates mammal,bird",
		"rc incarnate Ann Seal --type mammal",
		"rc end-turn",
		"rc play Ben change-destiny Ann marine=0",
		"rc play Ann lesson-learned",
		"rc incarnate Ben Eel --type marine --lateral",
		"rc end-turn",
		"rc play Ann epiphany Lion --type mammal",
		"rc incarnate Ann Bat --type mammal --lateral",
		"rc end-turn",
		"rc play Ben death Ann Ant",
		"rc incarnate Ben Turtle --type reptile --preferred",
		"rc end-turn",
		"rc play Ann uncertainty Fox --type mammal",
		"rc human Ann",
		"rc end-turn",
		"rc incarnate Ben Gecko --type reptile --lateral",
		"rc end-turn",
		"rc purpose Ann --type mammal=3 --type marine=2 --death 1 --goal \"control 3 or more mammals=4\"",
		"rc purpose Ben --type marine=3 --type reptile=2 --death 2 --goal \"an opponent with a dead Being=3\"",
		"rc goal Ann control met",
		"rc goal Ben opponent met",
		"status",
		"scenario end",
		"rc score",
	}
	out := [][]string{{"campaign", "new", "Reincardnated demo", "--game", "reincardnated", "--seed", seed}}
	for _, l := range lines {
		out = append(out, reincardnated.SplitArgs(l))
	}
	return out
}
