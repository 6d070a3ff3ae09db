package cmd

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/spf13/cobra"

	"warlog/campaigns"
	"warlog/cmd/cmdutil"
	"warlog/engines"
	"warlog/internal/words"
	"warlog/projections/report"
)

type reportOptions struct {
	scenario   string
	chronicle  bool
	format     string
	out        string
	force      bool
	showUndone bool
}

func newReportCommand(app *cmdutil.App) *cobra.Command {
	o := &reportOptions{}
	c := &cobra.Command{
		Use:   "report",
		Short: "Write a battle report or the campaign chronicle (Markdown, HTML, JSON)",
		Long: `Write the report of a scenario, told from the log: a headline, the turning
point, the figure of the battle (by a formula the report states), the score,
the forces and how each figure ended, the story turn by turn, removals per
turn, what the fight did to the campaign, each player's dice and luck (the
exact chance of rolling at least as well with the same dice), notable moments,
and the log's head hash so readers can check it with warlog verify --head.
--chronicle writes the chronicle of every scenario instead, with the running
score, the standings after each scenario, each figure's path and the campaign's
luck. HTML is one self-contained file (inline CSS and SVG charts, no script,
nothing fetched) in the reader's light or dark scheme, readable on a phone and
in print. JSON follows projections/report/schema/report.schema.json.
--format summary is a post that fits a forum: at most 2,000 characters of
Markdown with the headline, result, turning point, decisive blow, figure of
the battle, a line per side, the luck and the check command. Undone
actions are left out unless --show-undone.

--out writes the report to a file (mode 0644: readable by everyone, as a
report is meant to be shared) through a temporary file in the same directory
and a rename, so a reader never sees half a report. An existing file is
replaced only with --force; a symbolic link is never followed, and the
campaign database and its -wal and -shm files are refused by any name.`,
		Example: `  warlog report
  warlog report --format html --out nest.html
  warlog report --format summary
  warlog report --scenario "The Nest" --format json
  warlog report --chronicle --format md --out chronicle.md
  warlog report -c "Autumn League" --format html --out autumn.html`,
		Args: cmdutil.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error { return runReport(c, app, o) },
	}
	f := c.Flags()
	f.StringVar(&o.scenario, "scenario", "", "the scenario `NAME` to report (default: the latest); NAME#2 is the second of that name, NAME@V the one begun at log version V")
	f.BoolVar(&o.chronicle, "chronicle", false, "the chronicle of the whole campaign")
	f.StringVar(&o.format, "format", "md", "the `FORMAT`: md, html, json, or summary (a post of at most 2,000 characters)")
	f.StringVar(&o.out, "out", "", "write to this `FILE` instead of stdout (mode 0644; - is stdout)")
	f.BoolVar(&o.force, "force", false, "with --out, replace the file if it exists")
	f.BoolVar(&o.showUndone, "show-undone", false, "show undone actions, struck through")
	_ = c.RegisterFlagCompletionFunc("scenario", func(c *cobra.Command, _ []string, _ string) ([]string, cobra.ShellCompDirective) {
		name, err := app.CurrentCampaign(c.Context())
		svc, _ := app.Service()
		if err != nil || svc == nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		r, err := report.Build(c.Context(), svc, name, report.Options{Campaign: true})
		if err != nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		return report.ScenarioRefs(r.Scenarios), cobra.ShellCompDirectiveNoFileComp
	})
	_ = c.RegisterFlagCompletionFunc("format", cobra.FixedCompletions([]string{"md", "html", "json", "summary"}, cobra.ShellCompDirectiveNoFileComp))
	_ = c.RegisterFlagCompletionFunc("scenario", completeScenarios(app))
	return cmdutil.ReadsOnly(c)
}

func runReport(c *cobra.Command, app *cmdutil.App, o *reportOptions) error {
	if o.chronicle && o.scenario != "" {
		return &cmdutil.UsageError{Err: fmt.Errorf("give --scenario NAME or --chronicle, not both")}
	}
	if app.JSON {
		if c.Flags().Changed("format") && o.format != "json" {
			return &cmdutil.UsageError{Err: fmt.Errorf("--json and --format %s ask for two formats; give one: --format %s, or --json alone", o.format, o.format), Hint: "warlog report --help"}
		}
		o.format = "json"
	}
	render := map[string]func(*bytes.Buffer, *report.Report) error{
		"md":       func(b *bytes.Buffer, r *report.Report) error { return report.Markdown(b, r) },
		"markdown": func(b *bytes.Buffer, r *report.Report) error { return report.Markdown(b, r) },
		"html":     func(b *bytes.Buffer, r *report.Report) error { return report.HTML(b, r) },
		"json":     func(b *bytes.Buffer, r *report.Report) error { return report.JSON(b, r) },
		"summary":  func(b *bytes.Buffer, r *report.Report) error { return report.Summary(b, r) },
	}[o.format]
	if render == nil {
		return &cmdutil.UsageError{Err: fmt.Errorf("--format %q: choose md, html, json or summary", o.format)}
	}
	if o.out == "-" {
		o.out = "" // stdout, as everywhere
	}
	if o.out != "" {
		// Refused before anything is built: nothing is written.
		if err := checkReportOut(app.ResolvedDB(), o.out, o.force); err != nil {
			return err
		}
	}
	name, err := app.CurrentCampaign(c.Context())
	if err != nil {
		return err
	}
	svc, _ := app.Service()
	r, err := buildReport(c.Context(), svc, name, report.Options{Scenario: o.scenario, Campaign: o.chronicle, ShowUndone: o.showUndone})
	var twice *report.AmbiguousScenarioError
	if errors.As(err, &twice) {
		last := twice.Choices[len(twice.Choices)-1]
		return fmt.Errorf("%w; give one: --scenario %s, or by the version that began it, --scenario %s",
			err, cmdutil.Quote(last.Ref), cmdutil.Quote(fmt.Sprintf("%s@%d", twice.Name, last.Start)))
	}
	if err != nil {
		return err
	}
	var b bytes.Buffer
	if err := render(&b, r); err != nil {
		return err
	}
	if o.out == "" {
		return app.Paged(func() error {
			_, err := app.Out.Write(b.Bytes())
			return err
		})
	}
	if err := writeReport(app.ResolvedDB(), o.out, b.Bytes(), o.force); err != nil {
		return err
	}
	fmt.Fprintf(app.Err, "wrote %s (%s)\n", o.out, words.Count(b.Len(), "byte", "bytes"))
	if app.JSON {
		return app.PrintJSON(map[string]any{"file": o.out, "bytes": b.Len()})
	}
	return nil
}

// dbFiles are the campaign database and the side files SQLite keeps beside
// it; a report must never land on any of them.
func dbFiles(db string) []string {
	return []string{db, db + "-wal", db + "-shm", db + "-journal"}
}

// checkReportOut refuses a report's output path that is the campaign
// database or one of its side files (by path, by the directory's identity
// and the name, and by the file's identity: another spelling, a symlinked
// directory or a hard link is caught), a symbolic link (never followed), a
// directory or device, and an existing file unless force.
func checkReportOut(db, out string, force bool) error {
	return checkOut(db, out, force, "the report", "report.md")
}

// checkOut is checkReportOut for any file warlog writes: what names it in
// messages ("the report") and example is a file name to suggest.
func checkOut(db, out string, force bool, what, example string) error {
	absOut, err := filepath.Abs(out)
	if err != nil {
		return fmt.Errorf("--out %s: %w", out, err)
	}
	outDir, dirErr := os.Stat(filepath.Dir(absOut))
	outFile, _ := os.Stat(absOut) // follows links: a link to the database is the database
	for _, f := range dbFiles(db) {
		absF, err := filepath.Abs(f)
		if err != nil {
			continue
		}
		same := absF == absOut
		if !same && outDir != nil && strings.EqualFold(filepath.Base(absF), filepath.Base(absOut)) {
			// The same name in the same directory, spelled through a link
			// (EqualFold: on a case-insensitive disk W.DB is w.db).
			dbDir, err := os.Stat(filepath.Dir(absF))
			same = err == nil && os.SameFile(outDir, dbDir)
		}
		if !same && outFile != nil {
			fi, err := os.Stat(f)
			same = err == nil && os.SameFile(outFile, fi)
		}
		if same {
			return fmt.Errorf("--out %s is the campaign database %s or one of its side files: writing %s there would destroy the log; give another file, e.g. --out %s", out, db, what, example)
		}
	}
	if dir := filepath.Dir(out); errors.Is(dirErr, fs.ErrNotExist) {
		return fmt.Errorf("--out %s: there is no directory %s to write %s in; create it first, or give a file in a directory that exists", out, dir, what)
	} else if errors.Is(dirErr, syscall.ENOTDIR) || outDir != nil && !outDir.IsDir() {
		return fmt.Errorf("--out %s: %s is not a directory; give a file in a directory that exists", out, dir)
	}
	fi, err := os.Lstat(out)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return fmt.Errorf("--out %s: %w", out, err)
	case fi.Mode()&fs.ModeSymlink != 0:
		return fmt.Errorf("--out %s is a symbolic link, which warlog does not write through; give the path of the file itself, or another file", out)
	case !fi.Mode().IsRegular():
		return fmt.Errorf("--out %s is not a regular file (a directory?); give a file's path, e.g. --out %s", out, example)
	case !force:
		return fmt.Errorf("--out %s already exists; add --force to replace it, or give another file", out)
	}
	return nil
}

// writeReport writes data to out through a temporary file in the same
// directory, renamed into place once complete (a hard link when the file
// must not be replaced, which fails if another program created it
// meanwhile). The file is mode 0644.
func writeReport(db, out string, data []byte, force bool) error {
	return writeOut(db, out, data, force, 0o644, "the report", "report.md")
}

// writeOut is writeReport for any file warlog writes, with its mode.
func writeOut(db, out string, data []byte, force bool, mode fs.FileMode, what, example string) error {
	f, err := os.CreateTemp(filepath.Dir(out), "."+filepath.Base(out)+".*.tmp")
	if err != nil {
		return fmt.Errorf("write %s: %w", what, err)
	}
	tmp := f.Name()
	defer os.Remove(tmp) // gone already once renamed
	_, err = f.Write(data)
	if err == nil {
		err = f.Chmod(mode)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("write %s: %w", what, err)
	}
	// Checked again: the target may have changed while the report was built.
	if err := checkOut(db, out, force, what, example); err != nil {
		return err
	}
	if !force {
		err := os.Link(tmp, out)
		if errors.Is(err, fs.ErrExist) {
			return fmt.Errorf("--out %s already exists; add --force to replace it, or give another file", out)
		}
		if err == nil {
			return nil
		}
		// No hard links on this disk: the rename below, checked just before.
	}
	if err := os.Rename(tmp, out); err != nil {
		return fmt.Errorf("write %s: %w", what, err)
	}
	return nil
}

// buildReport builds a report that names the command checking it.
func buildReport(ctx context.Context, svc *campaigns.Service, name string, opt report.Options) (*report.Report, error) {
	opt.Check = checkCommand
	return report.Build(ctx, svc, name, opt)
}

// checkCommand is the command line that checks a report's head against
// its campaign's log: the head abbreviated to 16 hex digits, the
// campaign's name quoted for a POSIX shell so that it can be pasted.
func checkCommand(head, campaign string) string {
	if len(head) > 16 {
		head = head[:16]
	}
	return "warlog verify --head " + head + " -c " + cmdutil.Quote(campaign)
}

// completeScenarios offers the names of the current campaign's scenarios,
// as its rules tell them.
func completeScenarios(app *cmdutil.App) func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	return func(c *cobra.Command, _ []string, _ string) ([]string, cobra.ShellCompDirective) {
		none := cobra.ShellCompDirectiveNoFileComp
		st, err := app.Load(c.Context())
		if err != nil {
			return nil, none
		}
		g, err := st.GameState()
		if err != nil {
			return nil, none
		}
		ch, ok := g.(engines.Chronicler)
		if !ok {
			return nil, none
		}
		var names []string
		for _, sc := range ch.Scenarios() {
			names = append(names, sc.Name)
		}
		return names, none
	}
}
