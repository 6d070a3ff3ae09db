package cmd

import (
	"github.com/spf13/cobra"

	"warlog/cmd/cmdutil"
	"warlog/engines"
)

// This file wires the incarn28 game into warlog: its engine, its command tree
// (warlog i28) and its part of the demo. Each returns nil (or no lines)
// until the game's engine lands.

func i28Engine() engines.Engine { return nil }

func i28Command(app *cmdutil.App) *cobra.Command { return nil }

// i28Demo is the command lines the demo plays for this game, with the
// demo's seed.
func i28Demo(seed string) [][]string { return nil }
