package cmd

import (
	"github.com/spf13/cobra"

	"warlog/cmd/brood"
	"warlog/engines"
	eng "warlog/engines/brood"
	"warlog/internal/cmdutil"
)

// This file wires Brood Mother into warlog: its engine, its command tree
// (warlog brood) and its part of the demo.

func broodEngine() engines.Engine { return engines.Legacy(eng.New()) }

func broodCommand(app *cmdutil.App) *cobra.Command { return brood.NewCommand(app) }

// broodDemo is the command lines the demo plays for this game, with the
// demo's seed: one small game to a destroyed Mother, with program dice,
// played in memory first so that every seed works.
func broodDemo(seed string) [][]string { return brood.Demo(seed) }
