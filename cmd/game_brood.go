package cmd

import (
	"github.com/spf13/cobra"

	"warlog/cmd/brood"
	"warlog/cmd/cmdutil"
	"warlog/engines"
	eng "warlog/engines/brood"
)

// This file wires Brood Mother into warlog: its engine, its command tree
// (warlog brood) and its part of the demo.

func broodEngine() engines.Engine { return eng.New() }

func broodCommand(app *cmdutil.App) *cobra.Command { return brood.NewCommand(app) }

// broodDemo is the command lines the demo plays for this game, with the
// demo's seed: one small game to a destroyed Mother, with program dice.
//
// The script is fixed; with the default seed "1" red's Armor Piercer wins
// every attack it makes but one tie, and blue's seed fails.
func broodDemo(seed string) [][]string {
	return [][]string{
		{"campaign", "new", "Brood demo", "--game", "brood", "--seed", seed},
		{"scenario", "start", "First brood", "--size", "8", "--mother", "red=2,2", "--mother", "blue=7,7"},
		{"brood", "spawn", "4,4"},
		{"brood", "raise", "R1", "attack", "5"},
		{"brood", "end-turn"},
		{"brood", "spawn", "5,5"},
		{"brood", "map"},
		{"brood", "end-turn"},
		{"brood", "attack", "R1", "B1", "--end"},
		{"brood", "raise", "R1", "attack", "4"},
		{"brood", "raise", "R1", "defense", "3"},
		{"brood", "mutate", "R1", "armor-piercer"},
		{"brood", "end-turn"},
		{"brood", "end-turn"},
		{"brood", "move", "R1", "5,5"},
		{"brood", "attack", "R1", "blue", "--end"},
		{"brood", "end-turn"},
		{"brood", "evolve", "subversion"},
		{"brood", "end-turn"},
		{"brood", "attack", "R1", "blue", "--end"},
		{"brood", "end-turn"},
		{"brood", "subvert", "R1"},
		{"brood", "end-turn"},
		{"brood", "attack", "R1", "blue", "--end"},
		{"brood", "end-turn"},
		{"brood", "end-turn"},
		{"brood", "attack", "R1", "blue", "--end"},
		{"brood", "end-turn"},
		{"brood", "end-turn"},
		{"brood", "attack", "R1", "blue", "--end"},
		{"brood", "map"},
		{"status"},
		{"roster"},
		{"verify"},
	}
}
