package cmd

import (
	"github.com/spf13/cobra"

	"warlog/cmd/cmdutil"
	"warlog/engines"
)

// This file wires the deadwars game into warlog: its engine, its command tree
// (warlog dw) and its part of the demo. Each returns nil (or no lines)
// until the game's engine lands.

func dwEngine() engines.Engine { return nil }

func dwCommand(app *cmdutil.App) *cobra.Command { return nil }

// dwDemo is the command lines the demo plays for this game, with the
// demo's seed.
func dwDemo(seed string) [][]string { return nil }
