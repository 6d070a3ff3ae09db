package cmd

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"warlog/internal/cmdutil"
)

type demoOptions struct {
	seed   uint64
	outDir string
}

func newDemoCommand(app *cmdutil.App) *cobra.Command {
	o := &demoOptions{}
	c := &cobra.Command{
		Use:   "demo",
		Short: "Play seeded sample battles of every game end to end and print their reports",
		Long: `Create demo campaigns in a temporary database (or in --db when given: your own
data is never touched unless you ask), play a sample battle of every game this
build has to the end with the program's seeded dice, and print each command as
you would type it, what it answered, and each battle's Markdown report. The
HTML reports are written to --out (default: a temporary directory, kept),
mode 0644 like report --out: a report is meant to be shared.
The same seed gives the same output, hashes included.`,
		Example: `  warlog demo
  warlog demo --seed 7
  warlog demo --db /tmp/demo.db --out ./reports`,
		Args: cmdutil.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error { return runDemo(c, app, o) },
	}
	c.Flags().Uint64Var(&o.seed, "seed", 1, "the seed of the demo's dice")
	c.Flags().StringVar(&o.outDir, "out", "", "the directory for the HTML reports (default: a new temporary one)")
	return c
}

// demoCore is what every campaign does, whatever its game: program and hand
// dice, the log, undo (and that undo is no free re-roll), verify.
func demoCore(seed string) [][]string {
	return [][]string{
		{"campaign", "new", "Dice demo", "--game", "kingsown", "--seed", seed},
		{"roll", "2d6", "--for", "scatter"},
		{"roll", "d6", "--dice", "4", "--for", "who deploys first"},
		{"undo"},
		{"roll", "2d6", "--for", "scatter"},
		{"undo"},
		{"roll", "2d6", "--for", "scatter again: undo is no free re-roll"},
		{"log"},
		{"verify"},
	}
}

// demoStart is the demo's fixed clock: the log's times, and so its hashes,
// are the same on every run.
var demoStart = time.Date(2026, 6, 1, 18, 0, 0, 0, time.UTC)

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
	out := o.outDir
	if out == "" {
		d, err := os.MkdirTemp("", "warlog-demo-reports-")
		if err != nil {
			return err
		}
		out = d
	} else if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	seed := strconv.FormatUint(o.seed, 10)
	step, ids := 0, 0
	sub := func() *cmdutil.App {
		return &cmdutil.App{In: app.In, Out: app.Out, Err: app.Out, Getenv: app.Getenv, Engines: app.Engines,
			Clock: func() time.Time { step++; return demoStart.Add(time.Duration(step) * time.Second) },
			IDs:   func() string { ids++; return fmt.Sprintf("demo-%04d", ids) },
		}
	}
	runLine := func(args []string) error {
		fmt.Fprintf(app.Out, "\n$ warlog %s\n", shellJoin(args))
		// Flags are the only way in: the root command resets every field
		// that backs a flag to its default.
		if code := Run(c.Context(), sub(), append([]string{"--db", db}, args...)); code != 0 {
			return fmt.Errorf("the demo stopped: `warlog %s` exited %d", shellJoin(args), code)
		}
		return nil
	}
	where := "a temporary database"
	if app.DBPath != "" {
		where = app.DBPath
	}
	fmt.Fprintf(app.Out, "warlog demo: seeded sample campaigns (seed %s) in %s\n", seed, where)
	for _, args := range demoCore(seed) {
		if err := runLine(args); err != nil {
			return err
		}
	}
	var reports []string
	for _, section := range gameDemos(seed) {
		for _, args := range section {
			if err := runLine(args); err != nil {
				return err
			}
		}
		// Each battle ends with its status, roster and report, unless the
		// game's own script has just shown them.
		shown := map[string]bool{}
		for _, l := range section[max(0, len(section)-2):] {
			shown[strings.Join(l, " ")] = true
		}
		for _, args := range [][]string{{"status"}, {"roster"}, {"report"}} {
			if shown[args[0]] {
				continue
			}
			if err := runLine(args); err != nil {
				return err
			}
		}
		name := fmt.Sprintf("%s.html", slug(section[0]))
		path := filepath.Join(out, name)
		if code := Run(c.Context(), sub(), []string{"--db", db, "report", "--format", "html", "--out", path}); code != 0 {
			return fmt.Errorf("the demo could not write %s", path)
		}
		reports = append(reports, path)
	}
	fmt.Fprintln(app.Out)
	if len(reports) > 0 {
		fmt.Fprintf(app.Out, "HTML reports (open them in a browser): %s\n", strings.Join(reports, " "))
	}
	if app.DBPath == "" {
		fmt.Fprintln(app.Out, "The demo's database was temporary; run `warlog demo --db PATH` to keep one and explore it.")
	}
	return nil
}

// slug names a report file after the campaign the section creates.
func slug(firstLine []string) string {
	name := "demo"
	if len(firstLine) > 2 && firstLine[0] == "campaign" && firstLine[1] == "new" {
		name = firstLine[2]
	}
	var b strings.Builder
	for _, r := range strings.ToLower(name) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			b.WriteRune(r)
		case b.Len() > 0 && !strings.HasSuffix(b.String(), "-"):
			b.WriteByte('-')
		}
	}
	return strings.Trim(b.String(), "-")
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
