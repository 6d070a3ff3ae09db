package cmd

import (
	"bytes"
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"warlog/internal/cmdutil"
	"warlog/projections/report"
)

type reportOptions struct {
	scenario   string
	campaign   bool
	format     string
	out        string
	showUndone bool
}

func newReportCommand(app *cmdutil.App) *cobra.Command {
	o := &reportOptions{}
	c := &cobra.Command{
		Use:   "report",
		Short: "Write a battle report or the campaign chronicle (Markdown, HTML, JSON)",
		Long: `Write the report of a scenario, told from the log: the forces, the story turn by
turn, removals per turn, the result and why, what the fight did to the campaign,
dice statistics per player, notable moments, and the log's head hash so readers
can check it with warlog verify --head. --campaign writes the chronicle of every
scenario instead. HTML is one self-contained file (inline CSS and SVG charts, no
script, nothing fetched). Undone actions are left out unless --show-undone.`,
		Example: `  warlog report
  warlog report --format html --out nest.html
  warlog report --scenario "The Nest" --format json
  warlog report --campaign --format md --out chronicle.md
  warlog report -c "Autumn League" --format html --out autumn.html`,
		Args: cmdutil.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error { return runReport(c, app, o) },
	}
	f := c.Flags()
	f.StringVar(&o.scenario, "scenario", "", "the scenario to report (default: the latest)")
	f.BoolVar(&o.campaign, "campaign", false, "the chronicle of the whole campaign")
	// --campaign here is the chronicle, which hides the global --campaign
	// NAME: -c NAME (or --of NAME) still chooses the campaign.
	f.StringVarP(&app.Campaign, "of", "c", "", "the campaign to report on (default: the current one)")
	f.StringVar(&o.format, "format", "md", "md, html or json")
	f.StringVar(&o.out, "out", "", "write to this file instead of stdout")
	f.BoolVar(&o.showUndone, "show-undone", false, "show undone actions, struck through")
	_ = c.RegisterFlagCompletionFunc("format", cobra.FixedCompletions([]string{"md", "html", "json"}, cobra.ShellCompDirectiveNoFileComp))
	return c
}

func runReport(c *cobra.Command, app *cmdutil.App, o *reportOptions) error {
	if o.campaign && o.scenario != "" {
		return &cmdutil.UsageError{Err: fmt.Errorf("give --scenario NAME or --campaign, not both")}
	}
	if app.JSON {
		o.format = "json"
	}
	render := map[string]func(*bytes.Buffer, *report.Report) error{
		"md":       func(b *bytes.Buffer, r *report.Report) error { return report.Markdown(b, r) },
		"markdown": func(b *bytes.Buffer, r *report.Report) error { return report.Markdown(b, r) },
		"html":     func(b *bytes.Buffer, r *report.Report) error { return report.HTML(b, r) },
		"json":     func(b *bytes.Buffer, r *report.Report) error { return report.JSON(b, r) },
	}[o.format]
	if render == nil {
		return &cmdutil.UsageError{Err: fmt.Errorf("--format %q: choose md, html or json", o.format)}
	}
	name, err := app.CurrentCampaign(c.Context())
	if err != nil {
		return err
	}
	svc, _ := app.Service()
	r, err := report.Build(c.Context(), svc, name, report.Options{Scenario: o.scenario, Campaign: o.campaign, ShowUndone: o.showUndone})
	if err != nil {
		return err
	}
	var b bytes.Buffer
	if err := render(&b, r); err != nil {
		return err
	}
	if o.out == "" {
		_, err := app.Out.Write(b.Bytes())
		return err
	}
	if err := os.WriteFile(o.out, b.Bytes(), 0o644); err != nil {
		return fmt.Errorf("write the report: %w", err)
	}
	fmt.Fprintf(app.Err, "wrote %s (%d bytes)\n", o.out, b.Len())
	return nil
}
