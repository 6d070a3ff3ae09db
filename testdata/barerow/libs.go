//go:build libs

package main

// Built with -tags libs, the floor also links the libraries warlog must use
// (cobra, huh, tablewriter; SQLite it has already) without calling them:
// what their start alone costs a process, which the append benchmark
// reports beside its ratio.
import (
	_ "github.com/charmbracelet/huh"
	_ "github.com/olekukonko/tablewriter"
	_ "github.com/spf13/cobra"
)
