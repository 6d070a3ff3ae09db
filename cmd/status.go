package cmd

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"warlog/campaigns"
	"warlog/cmd/cmdutil"
	"warlog/engines"
	"warlog/internal/phase"
)

func newStatusCommand(app *cmdutil.App) *cobra.Command {
	var watch bool
	c := cmdutil.ReadsOnly(&cobra.Command{
		Use:   "status",
		Short: "Show the battle in progress",
		Long: `Show the battle in progress: turn, phase, and every figure with its numbers
and status, as the campaign's rules engine folds them from the log.

--watch keeps the status on screen and redraws it each time another warlog
appends to the campaign (another terminal, another table at the club): on a
PostgreSQL server at once, on an SQLite file within a quarter of a second.
When the output is not a terminal each new status follows the last (with
--json one JSON document each). Ctrl-C leaves (exit 130).`,
		Example: `  warlog status
  warlog status --json
  warlog status --watch`,
		Args: cmdutil.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			show := func(ctx context.Context) (int64, error) {
				st, err := app.Load(ctx)
				if err != nil {
					return 0, err
				}
				g, err := st.GameState()
				if err != nil {
					return 0, err
				}
				s := g.Status()
				phase.Mark("status")
				s.Campaign, s.Game, s.Dice = st.Name, st.Campaign.Game, string(st.Dice())
				if app.JSON {
					return st.Version, app.PrintJSON(s)
				}
				err = PrintStatus(app, s, st.Dice())
				phase.Mark("render")
				return st.Version, err
			}
			if watch {
				return watchStatus(c.Context(), app, show)
			}
			_, err := show(c.Context())
			return err
		},
	})
	c.Flags().BoolVarP(&watch, "watch", "w", false, "redraw the status as other tables append, until Ctrl-C")
	return c
}

// PrintStatus renders a status for people: a heading (with how the table
// rolls), notes, then tables.
func PrintStatus(app *cmdutil.App, s engines.Status, dice campaigns.DiceHow) error {
	cmdutil.Say(app.Out, statusHead(s, dice), "  ")
	for _, n := range s.Notes {
		cmdutil.Say(app.Out, "  "+n, "    ")
	}
	if len(s.Next) > 0 {
		cmdutil.Say(app.Out, "  next: "+app.Commands(s.Next), "    ")
	}
	return printRows(app, s.Figures, s.Players, s.Sides)
}

// printRows prints the tables of a status or a roster: boxed, a row a
// line, to a file or a pipe; on a terminal compact and fitted to its
// width (cmdutil.CompactTable), a blank line between two tables.
func printRows(app *cmdutil.App, tables ...[]engines.Row) error {
	first := true
	for _, rows := range tables {
		if len(rows) == 0 {
			continue
		}
		if !first && app.OnTerminal() {
			fmt.Fprintln(app.Out)
		}
		first = false
		if err := cmdutil.CompactRows(app.Out, rows); err != nil {
			return err
		}
	}
	return nil
}

// statusHead is the status's first line: campaign, game, scenario, turn,
// phase, and how the campaign's table rolls.
func statusHead(s engines.Status, dice campaigns.DiceHow) string {
	head := fmt.Sprintf("%s · %s", s.Campaign, gameTitle(s.Game))
	if s.Scenario != "" {
		head += " · " + s.Scenario
		if s.Turn > 0 {
			head += " · turn " + strconv.Itoa(s.Turn)
		}
		if s.Phase != "" {
			head += " · " + s.Phase
		}
	}
	return head + " · " + diceWords(dice)
}

func newRosterCommand(app *cmdutil.App) *cobra.Command {
	return cmdutil.ReadsOnly(&cobra.Command{
		Use:   "roster",
		Short: "Show the campaign's figures and their campaign state",
		Example: `  warlog roster
  warlog roster --json`,
		Args: cmdutil.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			st, err := app.Load(c.Context())
			if err != nil {
				return err
			}
			g, err := st.GameState()
			if err != nil {
				return err
			}
			r := g.Roster()
			r.Campaign = st.Name
			if app.JSON {
				if r.Figures == nil {
					r.Figures = []engines.Row{}
				}
				return app.PrintJSON(r)
			}
			cmdutil.Say(app.Out, fmt.Sprintf("%s · %s", r.Campaign, gameTitle(st.Campaign.Game)), "  ")
			for _, n := range r.Notes {
				cmdutil.Say(app.Out, "  "+n, "    ")
			}
			if len(r.Next) > 0 {
				cmdutil.Say(app.Out, "  next: "+app.Commands(r.Next), "    ")
			}
			if err := printRows(app, r.Figures, r.Players); err != nil {
				return err
			}
			if len(r.Figures) == 0 && len(r.Players) == 0 {
				fmt.Fprintln(app.Out, "  no figures yet")
			}
			return nil
		},
	})
}

func newScenarioCommand(app *cmdutil.App) *cobra.Command {
	c := &cobra.Command{
		Use:   "scenario",
		Short: "Start and end a battle of the campaign",
		Example: `  warlog scenario start "The Nest" --brief nest --turns 6
  warlog scenario end`,
		Args: cmdutil.NoArgs,
	}
	var start *cobra.Command
	var cmd engines.StartScenario
	start = &cobra.Command{
		Use:   "start NAME",
		Short: "Start a battle",
		Long: `Start a battle of the current campaign. Which options each game takes:
` + startOptionsHelp(app) + `
An option the campaign's game does not take is refused.`,
		Example: `  warlog scenario start "The Nest" --brief nest --turns 6 --field Bors,Wyn
  warlog scenario start "Game 1" --size 16 --mother red=3,3 --mother blue=14,14
  warlog scenario start "Friday" --players Ann,Ben,Cas`,
		Args: cmdutil.ExactArgs(1, "the scenario's NAME"),
		RunE: func(c *cobra.Command, args []string) error {
			cmd.Name = args[0]
			for i, f := range cmd.Field {
				cmd.Field[i] = strings.TrimSpace(f)
			}
			return app.Act(c, "", cmd)
		},
	}
	f := start.Flags()
	for _, o := range engines.StartOptions {
		switch v := o.Field(&cmd).(type) {
		case *string:
			f.StringVar(v, o.Name, "", o.Help)
		case *int:
			f.IntVar(v, o.Name, 0, o.Help)
		case *[]string:
			if o.Kind == engines.RepeatedOption {
				f.StringArrayVar(v, o.Name, nil, o.Help)
			} else {
				f.StringSliceVar(v, o.Name, nil, o.Help)
			}
		}
		if fl := f.Lookup(o.Name); fl != nil {
			fl.Usage += " (" + strings.Join(gamesTaking(app, o), ", ") + ")"
		}
	}
	_ = start.RegisterFlagCompletionFunc("brief", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		var out []string
		for _, e := range app.Engines {
			out = append(out, e.Briefs()...)
		}
		return out, cobra.ShellCompDirectiveNoFileComp
	})
	var winner string
	end := &cobra.Command{
		Use:   "end",
		Short: "End the battle in progress and apply its campaign consequences",
		Example: `  warlog scenario end
  warlog scenario end --winner hunters`,
		Args: cmdutil.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			return app.Act(c, "", engines.EndScenario{Winner: winner})
		},
	}
	end.Flags().StringVar(&winner, "winner", "", "the winning side, where the game lets the players declare it")
	c.AddCommand(start, end)
	return c
}

// startOptionsHelp lists, game by game, the options of scenario start each
// takes, from the games' declarations.
func startOptionsHelp(app *cmdutil.App) string {
	var b strings.Builder
	for _, e := range app.Engines {
		var opts []string
		for _, o := range e.StartOptions() {
			v := o.Value
			if o.Name == "brief" && len(e.Briefs()) > 0 {
				v = strings.Join(e.Briefs(), "|")
			}
			opts = append(opts, "--"+o.Name+" "+v)
		}
		if len(opts) == 0 {
			opts = []string{"(a NAME only)"}
		}
		fmt.Fprintf(&b, "  %-16s %s\n", e.Info().Title, strings.Join(opts, ", "))
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// gamesTaking names the games that take the option o.
func gamesTaking(app *cmdutil.App, o engines.Option) []string {
	var out []string
	for _, e := range app.Engines {
		for _, d := range e.StartOptions() {
			if d.Name == o.Name {
				out = append(out, e.Info().Title)
			}
		}
	}
	return out
}
