package cmd

import (
	"github.com/spf13/cobra"

	"warlog/cmd/cmdutil"
	"warlog/cmd/ko"
	"warlog/engines"
	"warlog/engines/kingsown"
)

// This file wires the kingsown game into warlog: its engine, its command tree
// (warlog ko) and its part of the demo.

func koEngine() engines.Engine { return kingsown.New() }

func koCommand(app *cmdutil.App) *cobra.Command { return ko.NewCommand(app) }

// koDemo is the command lines the demo plays for this game, with the
// demo's seed.
func koDemo(seed string) [][]string { return nil }
