package cmd

import (
	"github.com/spf13/cobra"

	"warlog/cmd/cmdutil"
	"warlog/engines"
)

// This file wires the kingsown game into warlog: its engine, its command tree
// (warlog ko) and its part of the demo. Each returns nil (or no lines)
// until the game's engine lands.

func koEngine() engines.Engine { return nil }

func koCommand(app *cmdutil.App) *cobra.Command { return nil }

// koDemo is the command lines the demo plays for this game, with the
// demo's seed.
func koDemo(seed string) [][]string { return nil }
