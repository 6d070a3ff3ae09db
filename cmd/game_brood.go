package cmd

import (
	"github.com/spf13/cobra"

	"warlog/cmd/cmdutil"
	"warlog/engines"
)

// This file wires the brood game into warlog: its engine, its command tree
// (warlog brood) and its part of the demo. Each returns nil (or no lines)
// until the game's engine lands.

func broodEngine() engines.Engine { return nil }

func broodCommand(app *cmdutil.App) *cobra.Command { return nil }

// broodDemo is the command lines the demo plays for this game, with the
// demo's seed.
func broodDemo(seed string) [][]string { return nil }
