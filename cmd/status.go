package cmd

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"warlog/engines"
	"warlog/internal/cmdutil"
)

func newStatusCommand(app *cmdutil.App) *cobra.Command {
	return &cobra.Command{
		Use:   "status",
		Short: "Show the battle in progress",
		Long: `Show the battle in progress: turn, phase, and every figure with its numbers
and status, as the campaign's rules engine folds them from the log.`,
		Example: `  warlog status
  warlog status --json`,
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
			s := g.Status()
			s.Campaign, s.Game = st.Campaign.Name, st.Campaign.Game
			if app.JSON {
				return app.PrintJSON(s)
			}
			return PrintStatus(app, s)
		},
	}
}

// PrintStatus renders a status for people: a heading, notes, then tables.
func PrintStatus(app *cmdutil.App, s engines.Status) error {
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
	fmt.Fprintln(app.Out, head)
	for _, n := range s.Notes {
		fmt.Fprintln(app.Out, "  "+n)
	}
	if len(s.Next) > 0 {
		fmt.Fprintln(app.Out, "  next: "+app.Commands(s.Next))
	}
	for _, rows := range [][]engines.Row{s.Figures, s.Players, s.Sides} {
		if len(rows) == 0 {
			continue
		}
		if err := cmdutil.RowsTable(app.Out, rows); err != nil {
			return err
		}
	}
	return nil
}

func newRosterCommand(app *cmdutil.App) *cobra.Command {
	return &cobra.Command{
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
			r.Campaign = st.Campaign.Name
			if app.JSON {
				if r.Figures == nil {
					r.Figures = []engines.Row{}
				}
				return app.PrintJSON(r)
			}
			fmt.Fprintf(app.Out, "%s · %s\n", r.Campaign, gameTitle(st.Campaign.Game))
			for _, n := range r.Notes {
				fmt.Fprintln(app.Out, "  "+n)
			}
			if len(r.Next) > 0 {
				fmt.Fprintln(app.Out, "  next: "+app.Commands(r.Next))
			}
			for _, rows := range [][]engines.Row{r.Figures, r.Players} {
				if len(rows) > 0 {
					if err := cmdutil.RowsTable(app.Out, rows); err != nil {
						return err
					}
				}
			}
			if len(r.Figures) == 0 && len(r.Players) == 0 {
				fmt.Fprintln(app.Out, "  no figures yet")
			}
			return nil
		},
	}
}

type scenarioStartOptions struct {
	brief   string
	turns   int
	field   []string
	size    int
	mothers []string
	players []string
}

func newScenarioCommand(app *cmdutil.App) *cobra.Command {
	c := &cobra.Command{
		Use:   "scenario",
		Short: "Start and end a battle of the campaign",
		Example: `  warlog scenario start "The Nest" --brief nest --turns 6
  warlog scenario end`,
		Args: cmdutil.NoArgs,
	}
	o := &scenarioStartOptions{}
	start := &cobra.Command{
		Use:   "start NAME",
		Short: "Start a battle",
		Long: `Start a battle of the current campaign. Which flags a game reads:
  The King's Own   --brief nest, --turns N, --field A,B,...
  Deadwars         --brief soul-collectors|hunt-the-hunters|death-shrine|head-count,
                   --field PLAYER,PLAYER when the campaign has more than two forces
  Brood Mother     --size 16, --mother PLAYER=X,Y (twice)
  Incarn28         (objectives and the twist are rolled)
  Reincardnated    --players A,B,C (in turn order)
A flag the campaign's game does not take is refused.`,
		Example: `  warlog scenario start "The Nest" --brief nest --turns 6 --field Bors,Wyn
  warlog scenario start "Game 1" --size 16 --mother red=3,3 --mother blue=14,14
  warlog scenario start "Friday" --players Ann,Ben,Cas`,
		Args: cmdutil.ExactArgs(1, "the scenario's NAME"),
		RunE: func(c *cobra.Command, args []string) error {
			cmd := engines.StartScenario{Name: args[0], Brief: o.brief, Turns: o.turns, Size: o.size, Mothers: o.mothers, Players: o.players}
			for _, f := range o.field {
				cmd.Field = append(cmd.Field, strings.TrimSpace(f))
			}
			_, err := app.Do(c.Context(), "", cmd)
			return err
		},
	}
	f := start.Flags()
	f.StringVar(&o.brief, "brief", "", "the scenario's brief (per game)")
	f.IntVar(&o.turns, "turns", 0, "the turn limit (0: the game's default)")
	f.StringSliceVar(&o.field, "field", nil, "the figures to field, comma-separated (default: all available)")
	f.IntVar(&o.size, "size", 0, "Brood Mother: the grid's side, 8 to 64")
	f.StringArrayVar(&o.mothers, "mother", nil, "Brood Mother: PLAYER=X,Y, a Mother's centre square (give one per player)")
	f.StringSliceVar(&o.players, "players", nil, "Reincardnated: the players in turn order, comma-separated")
	var winner string
	end := &cobra.Command{
		Use:   "end",
		Short: "End the battle in progress and apply its campaign consequences",
		Example: `  warlog scenario end
  warlog scenario end --winner hunters`,
		Args: cmdutil.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			_, err := app.Do(c.Context(), "", engines.EndScenario{Winner: winner})
			return err
		},
	}
	end.Flags().StringVar(&winner, "winner", "", "the winning side, where the game lets the players declare it")
	c.AddCommand(start, end)
	return c
}
