package cmd

import (
	"github.com/spf13/cobra"

	"warlog/cmd/cmdutil"
	"warlog/engines"
)

// This file wires the reincardnated game into warlog: its engine, its command tree
// (warlog rc) and its part of the demo. Each returns nil (or no lines)
// until the game's engine lands.

func rcEngine() engines.Engine { return nil }

func rcCommand(app *cmdutil.App) *cobra.Command { return nil }

// rcDemo is the command lines the demo plays for this game, with the
// demo's seed.
func rcDemo(seed string) [][]string { return nil }
