package cmd

import (
	"github.com/spf13/cobra"

	"warlog/cmd/cmdutil"
	"warlog/cmd/rc"
	"warlog/engines"
	"warlog/engines/reincardnated"
)

// This file wires the reincardnated game into warlog: its engine, its command tree
// (warlog rc) and its part of the demo.

func rcEngine() engines.Engine { return reincardnated.New() }

func rcCommand(app *cmdutil.App) *cobra.Command { return rc.New(app) }

// rcDemo is the command lines the demo plays for this game, with the
// demo's seed.
func rcDemo(seed string) [][]string { return nil }
