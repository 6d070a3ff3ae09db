package cmd

import (
	"fmt"
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

// gameCommands are the commands that play the games named (ko for
// kingsown), in their order; a name of no game of the build stands for
// itself.
func gameCommands(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = gameCommand(n)
	}
	return out
}

// gameUses are the commands of every game of the build, in registry order.
func gameUses() []string {
	var out []string
	for _, g := range Games() {
		out = append(out, g.Use)
	}
	return out
}

// gamesAndCommands lists every game of the build as the root's help names
// it: "kingsown (warlog ko), deadwars (warlog dw), ...".
func gamesAndCommands() string {
	var out []string
	for _, g := range Games() {
		out = append(out, fmt.Sprintf("%s (warlog %s)", g.Engine.Info().Name, g.Use))
	}
	return strings.Join(out, ", ")
}

// orList joins words as a sentence offers a choice: "a, b or c".
func orList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}
