package cmd

import (
	"strings"

	"warlog/cmd/brood"
	"warlog/cmd/cmdutil"
	"warlog/cmd/dw"
	"warlog/cmd/i28"
	"warlog/cmd/ko"
	"warlog/cmd/rc"
	"warlog/engines"
)

// Games are the games of this build, in help and demo order: a game is its
// engine package, its command package and one line here.
func Games() []cmdutil.Game {
	return []cmdutil.Game{ko.Game(), dw.Game(), brood.Game(), i28.Game(), rc.Game()}
}

// Engines are the rules engines of this build.
func Engines() []engines.Engine {
	var out []engines.Engine
	for _, g := range Games() {
		out = append(out, g.Engine)
	}
	return out
}

// gameDemos are the demo scripts of every game, in play order, one
// section per game.
func gameDemos(seed string) [][][]string {
	var out [][][]string
	for _, g := range Games() {
		if d := g.Demo(seed); len(d) > 0 {
			out = append(out, d)
		}
	}
	return out
}

// gameNamed is the game a word names: its command (ko) or its --game
// name (kingsown), in any case.
func gameNamed(word string) (cmdutil.Game, bool) {
	for _, g := range Games() {
		if strings.EqualFold(word, g.Use) || strings.EqualFold(word, g.Engine.Info().Name) {
			return g, true
		}
	}
	return cmdutil.Game{}, false
}

// findGame is the game of this build named name (its --game value).
func findGame(name string) (cmdutil.Game, bool) {
	for _, g := range Games() {
		if g.Engine.Info().Name == name {
			return g, true
		}
	}
	return cmdutil.Game{}, false
}
