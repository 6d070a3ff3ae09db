package cmd

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"warlog/cmd/cmdutil"
)

func newDemoCommand(app *cmdutil.App) *cobra.Command {
	o := &demoOptions{}
	c := &cobra.Command{
		Use:   "demo",
		Short: "Play a seeded sample campaign end to end and print what it logged",
		Long: `Create a demo campaign in a temporary database (or in --db when given, so your
own data is never touched unless you ask), play it with the program's seeded
dice, and print what happened: the log, the undo, and the verified hash chain.`,
		Example: `  warlog demo
  warlog demo --seed 7
  warlog demo --db /tmp/demo.db`,
		Args: cmdutil.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error { return runDemo(c, app, o) },
	}
	c.Flags().Uint64Var(&o.seed, "seed", 1, "the seed of the demo's dice")
	return c
}

type demoOptions struct {
	seed uint64
}

// demoScript is the core demo: what every campaign does, whatever its game.
// Game engines add their own battles to it as they land.
func demoScript(seed string) [][]string {
	return [][]string{
		{"campaign", "new", "Demo", "--game", "kingsown", "--seed", seed},
		{"roll", "2d6", "--for", "scatter"},
		{"roll", "d6", "--dice", "4", "--for", "who deploys first"},
		{"log"},
		{"undo"},
		{"roll", "d6", "--for", "who deploys first"},
		{"roll", "2d6", "--for", "scatter"},
		{"undo"},
		{"roll", "2d6", "--for", "scatter again: undo is no free re-roll"},
		{"log"},
		{"verify"},
	}
}

func runDemo(c *cobra.Command, app *cmdutil.App, o *demoOptions) error {
	db := app.DBPath
	if db == "" {
		dir, err := os.MkdirTemp("", "warlog-demo-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		db = filepath.Join(dir, "demo.db")
	}
	fmt.Fprintf(app.Out, "warlog demo: a seeded sample campaign in %s\n", db)
	seed := strconv.FormatUint(o.seed, 10)
	for _, args := range append(demoScript(seed), gameDemos(seed)...) {
		fmt.Fprintf(app.Out, "\n$ warlog %s\n", shellJoin(args))
		// Flags are the only way in: the root command resets every field
		// that backs a flag to its default.
		sub := &cmdutil.App{In: app.In, Out: app.Out, Err: app.Out, Getenv: app.Getenv, Engines: app.Engines}
		if code := Run(c.Context(), sub, append([]string{"--db", db}, args...)); code != 0 {
			return fmt.Errorf("the demo stopped: `warlog %s` exited %d", shellJoin(args), code)
		}
	}
	fmt.Fprintln(app.Out, "\nThe demo's database was temporary; pass --db PATH to keep one.")
	return nil
}

// shellJoin quotes arguments the way a user would type them.
func shellJoin(args []string) string {
	out := make([]string, len(args))
	for i, a := range args {
		if a == "" || strings.ContainsAny(a, " '\"$") {
			a = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
		out[i] = a
	}
	return strings.Join(out, " ")
}
