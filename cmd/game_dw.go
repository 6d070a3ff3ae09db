package cmd

import (
	"github.com/spf13/cobra"

	"warlog/cmd/dw"
	"warlog/engines"
	"warlog/engines/deadwars"
	"warlog/internal/cmdutil"
)

// This file wires the deadwars game into warlog: its engine, its command tree
// (warlog dw) and its part of the demo.

func dwEngine() engines.Engine { return engines.Legacy(deadwars.Engine{}) }

func dwCommand(app *cmdutil.App) *cobra.Command { return dw.NewCommand(app) }

// dwDemo is the command lines the demo plays for this game, with the
// demo's seed: one Head Count game played to its end with program dice.
func dwDemo(seed string) [][]string { return dw.Demo(seed) }
