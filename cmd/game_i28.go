package cmd

import (
	"github.com/spf13/cobra"

	"warlog/cmd/cmdutil"
	"warlog/cmd/i28"
	"warlog/engines"
	"warlog/engines/incarn28"
)

// This file wires the incarn28 game into warlog: its engine, its command tree
// (warlog i28) and its part of the demo.

func i28Engine() engines.Engine { return incarn28.New() }

func i28Command(app *cmdutil.App) *cobra.Command { return i28.NewCommand(app) }

// i28Demo is the command lines the demo plays for this game, with the
// demo's seed.
func i28Demo(seed string) [][]string { return nil }
