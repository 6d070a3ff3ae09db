package cmd

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"warlog/campaigns"
	"warlog/cmd/cmdutil"
	"warlog/internal/words"
)

func newCampaignCommand(app *cmdutil.App) *cobra.Command {
	c := &cobra.Command{
		Use:   "campaign",
		Short: "Create, list, show, rename, archive, delete, export and import campaigns; set how they roll",
		Example: `  warlog campaign new "Autumn League" --game kingsown
  warlog campaign new Hive --game brood --mode campaign --seed 7
  warlog campaign list
  warlog campaign show "Autumn League"
  warlog campaign export "Autumn League" --out autumn.jsonl
  warlog campaign import autumn.jsonl
  warlog campaign rename "Autumn League" "Autumn League 2026"
  warlog campaign dice table`,
		Args: cmdutil.NoArgs,
	}
	c.AddCommand(newCampaignNewCommand(app), newCampaignListCommand(app), newCampaignShowCommand(app),
		newCampaignRenameCommand(app), newCampaignArchiveCommand(app, true), newCampaignArchiveCommand(app, false),
		newCampaignDeleteCommand(app), newCampaignExportCommand(app), newCampaignImportCommand(app),
		newCampaignPushCommand(app, true), newCampaignPushCommand(app, false), newCampaignVoidCommand(app), newCampaignDiceCommand(app))
	return c
}

type campaignNewOptions struct {
	game string
	seed string
	mode string
}

func newCampaignNewCommand(app *cmdutil.App) *cobra.Command {
	o := &campaignNewOptions{}
	c := &cobra.Command{
		Use:   "new NAME --game GAME",
		Short: "Create a campaign and make it the current one",
		Long: `Create a campaign of one game. It becomes the campaign later commands act on
(see warlog use). Its seed fixes every die the program rolls for it: give
--seed N to make a campaign reproducible, otherwise a random seed is drawn.

` + cmdutil.WrapTo(78, "Games: "+strings.Join(app.GameNames(), ", ")+" (or the command that plays each: "+strings.Join(gameCommands(app.GameNames()), ", ")+").", "") + `
--mode is Brood Mother's regeneration mode: fast, standard (default) or
campaign.`,
		Example: `  warlog campaign new "Autumn League" --game kingsown
  warlog campaign new Hive --game brood --mode fast`,
		Args: cmdutil.ExactArgs(1, "the campaign's NAME"),
		RunE: func(c *cobra.Command, args []string) error { return runCampaignNew(c, app, o, args[0]) },
	}
	c.Flags().StringVar(&o.game, "game", "", "the game: "+strings.Join(app.GameNames(), "|"))
	c.Flags().Var(cmdutil.NonEmptyFlag{Value: &o.seed, Want: "give a whole number, e.g. --seed 7; leave --seed out for a random one"}, "seed", "fix the seed of the program's dice (a whole number)")
	c.Flags().StringVar(&o.mode, "mode", "", "Brood Mother only: fast|standard|campaign")
	_ = c.MarkFlagRequired("game")
	_ = c.RegisterFlagCompletionFunc("game", cobra.FixedCompletions(app.GameNames(), cobra.ShellCompDirectiveNoFileComp))
	_ = c.RegisterFlagCompletionFunc("mode", cobra.FixedCompletions(app.Modes(), cobra.ShellCompDirectiveNoFileComp))
	return cmdutil.CreatesDatabase(c)
}

func runCampaignNew(c *cobra.Command, app *cmdutil.App, o *campaignNewOptions, name string) error {
	svc, err := app.Service()
	if err != nil {
		return err
	}
	// A game is named by its name or by the command that plays it (dw);
	// anything else the service refuses with the list of games.
	if g, ok := gameNamed(o.game); ok {
		o.game = g.Engine.Info().Name
	}
	co := campaigns.CreateOptions{Game: o.game, Mode: o.mode, ActionID: app.NextActionID()}
	if o.seed != "" {
		s, err := strconv.ParseUint(o.seed, 10, 64)
		if err != nil {
			return &cmdutil.UsageError{Err: fmt.Errorf("--seed %q is not a whole number of 0 or more", o.seed)}
		}
		co.Seed = &s
	}
	st, err := svc.Create(c.Context(), name, co)
	if err != nil {
		return err
	}
	if err := svc.Use(c.Context(), name); err != nil {
		return err
	}
	if app.JSON {
		return app.PrintJSON(campaignJSON(st))
	}
	fmt.Fprintf(app.Out, "campaign %s created (%s); it is now the current campaign\n", name, gameTitle(st.Campaign.Game))
	return nil
}

// CampaignJSON is the --json shape of `campaign new` and `campaign show`.
type CampaignJSON struct {
	Name     string       `json:"name"`
	Game     string       `json:"game"`
	Title    string       `json:"title"`
	Mode     string       `json:"mode,omitempty"`
	Seed     cmdutil.Seed `json:"seed"`
	Created  string       `json:"created"` // RFC 3339
	Version  int64        `json:"version"`
	Head     string       `json:"head"`
	Actions  int          `json:"actions"`
	InEffect int          `json:"in_effect"`
	Engine   bool         `json:"engine"`
	Archived bool         `json:"archived,omitempty"`
	// Dice is how the campaign's table rolls: table or program.
	Dice string `json:"dice"`
}

func campaignJSON(st *campaigns.State) CampaignJSON {
	return CampaignJSON{
		Name: st.Name, Game: st.Campaign.Game, Title: gameTitle(st.Campaign.Game), Mode: st.Campaign.Mode,
		Seed: cmdutil.Seed(st.Campaign.Seed), Created: cmdutil.JSONTime(st.Created), Version: st.Version, Head: st.Head,
		Actions: st.ActionCount(), InEffect: st.InEffectCount(), Engine: st.Engine() != nil, Dice: string(st.Dice()),
	}
}

func newCampaignListCommand(app *cmdutil.App) *cobra.Command {
	var all bool
	c := cmdutil.ReadsOnly(&cobra.Command{
		Use:   "list",
		Short: "List the campaigns in the database (--all: archived ones too)",
		Example: `  warlog campaign list
  warlog campaign list --all
  warlog campaign list --json`,
		Args: cmdutil.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			svc, err := app.Service()
			if err != nil {
				return err
			}
			entries, err := svc.Entries(c.Context())
			if err != nil {
				return err
			}
			current, err := svc.Current(c.Context())
			if err != nil {
				return err
			}
			var list []CampaignJSON
			hidden := 0
			for _, e := range entries {
				if e.Archived && !all {
					hidden++
					continue
				}
				st, err := svc.Load(c.Context(), e.Name)
				if err != nil {
					return err
				}
				cj := campaignJSON(st)
				cj.Archived = e.Archived
				list = append(list, cj)
			}
			if app.JSON {
				return app.PrintJSON(map[string]any{"current": current, "campaigns": nonNil(list)})
			}
			if len(list) == 0 && hidden == 0 {
				fmt.Fprintln(app.Out, "no campaigns yet; create one with: warlog campaign new NAME --game GAME")
				return nil
			}
			rows := make([][]string, len(list))
			for i, cj := range list {
				mark := ""
				if cj.Name == current {
					mark = "*"
				}
				name := cj.Name
				if cj.Archived {
					name += " (archived)"
				}
				rows[i] = []string{mark, name, cj.Title, shownTime(cj.Created), strconv.Itoa(cj.InEffect)}
			}
			if err := cmdutil.Table(app.Out, []string{"", "campaign", "game", "created", "actions"}, rows); err != nil {
				return err
			}
			if hidden > 0 {
				fmt.Fprintf(app.Out, "%s not shown; `warlog campaign list --all` shows them\n", words.Count(hidden, "archived campaign", "archived campaigns"))
			}
			return nil
		},
	})
	c.Flags().BoolVar(&all, "all", false, "list archived campaigns too")
	return c
}

func newCampaignShowCommand(app *cmdutil.App) *cobra.Command {
	c := &cobra.Command{
		Use:   "show [NAME]",
		Short: "Show a campaign: game, seed, how its table rolls, size of its log and head hash",
		Example: `  warlog campaign show
  warlog campaign show "Autumn League" --json`,
		Args: cmdutil.RangeArgs(0, 1, "at most one campaign NAME"),
		RunE: func(c *cobra.Command, args []string) error {
			if len(args) == 1 {
				app.Campaign = args[0]
			}
			st, err := app.Load(c.Context())
			if err != nil {
				return err
			}
			cj := campaignJSON(st)
			if app.JSON {
				return app.PrintJSON(cj)
			}
			rows := [][]string{
				{"campaign", cj.Name}, {"game", cj.Title + " (" + cj.Game + ")"}, {"created", shownTime(cj.Created)},
				{"seed", strconv.FormatUint(uint64(cj.Seed), 10)}, {"events", strconv.FormatInt(cj.Version, 10)},
				{"actions in effect", strconv.Itoa(cj.InEffect)}, {"dice", diceSays(st.Dice())}, {"head hash", cj.Head},
			}
			if cj.Mode != "" {
				rows = append(rows[:2], append([][]string{{"mode", cj.Mode}}, rows[2:]...)...)
			}
			if !cj.Engine {
				rows = append(rows, []string{"rules engine", "not in this build yet"})
			}
			return cmdutil.Table(app.Out, []string{"", ""}, rows)
		},
	}
	c.ValidArgsFunction = completeCampaigns(app)
	return cmdutil.ReadsOnly(c)
}

func newUseCommand(app *cmdutil.App) *cobra.Command {
	return &cobra.Command{
		Use:               "use NAME",
		Short:             "Choose the campaign later commands act on",
		Example:           `  warlog use "Autumn League"`,
		Args:              cmdutil.ExactArgs(1, "the campaign's NAME"),
		ValidArgsFunction: completeCampaigns(app),
		RunE: func(c *cobra.Command, args []string) error {
			app.Campaign = args[0]
			name, err := app.CurrentCampaign(c.Context())
			if err != nil {
				return err
			}
			svc, _ := app.Service()
			if err := svc.Use(c.Context(), name); err != nil {
				return err
			}
			if app.JSON {
				return app.PrintJSON(map[string]string{"current": name})
			}
			fmt.Fprintf(app.Out, "now using campaign %s\n", name)
			return nil
		},
	}
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// shownTime writes an RFC 3339 time of the JSON for people: local time,
// to the minute.
func shownTime(rfc3339 string) string {
	t, err := time.Parse(time.RFC3339Nano, rfc3339)
	if err != nil {
		return rfc3339
	}
	return t.Local().Format("2006-01-02 15:04")
}
