package cmd

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"warlog/campaigns"
	"warlog/cmd/cmdutil"
)

// diceWords is how a campaign's dice setting is shown: in the status's
// head line, play's header and `campaign dice` ("dice: " and diceSays).
func diceWords(h campaigns.DiceHow) string { return "dice: " + diceSays(h) }

// diceSays is how a campaign's table rolls, in words (`campaign show`).
func diceSays(h campaigns.DiceHow) string {
	if h == campaigns.DiceAtTable {
		return "typed at the table"
	}
	return "rolled by warlog"
}

// diceChoices are the words `campaign dice` takes, as completion offers them.
func diceChoices() []string {
	out := make([]string, len(campaigns.DiceHows))
	for i, h := range campaigns.DiceHows {
		out[i] = string(h)
	}
	return out
}

func newCampaignDiceCommand(app *cmdutil.App) *cobra.Command {
	c := &cobra.Command{
		Use:   "dice [table|program]",
		Short: "Show or set how the campaign's table rolls: dice typed from the table, or rolled by warlog",
		Long: `A table rolls its dice one way: with real dice, typed in as they fall (table),
or by warlog from the campaign's seed (program). The setting belongs to the
campaign and is kept in its log: warlog play opens its Dice? question on it
(Enter takes it), and the status's first line shows it. Changing the answer
in play sets it too. Without an argument, the setting is shown. A command
given --dice takes those dice whatever the setting; at the table, a command
without them is refused rather than rolled by warlog. Warlog's dice follow
from the seed, which anyone who reads the log holds, so a league that
wants no die foreseen plays at the table. Undo takes a change back like
any action.`,
		Example: `  warlog campaign dice
  warlog campaign dice table
  warlog campaign dice program --campaign "Autumn League"`,
		Args:              cmdutil.RangeArgs(0, 1, "at most one of table or program"),
		ValidArgsFunction: completeDice,
		RunE: func(c *cobra.Command, args []string) error {
			svc, err := app.Service()
			if err != nil {
				return err
			}
			name, err := app.CurrentCampaign(c.Context())
			if err != nil {
				return err
			}
			if len(args) == 0 {
				st, err := svc.Load(c.Context(), name)
				if err != nil {
					return err
				}
				return printDiceSetting(app, name, st.Dice(), "")
			}
			how := campaigns.DiceHow(strings.ToLower(args[0]))
			if !isDiceChoice(how) {
				return &cmdutil.UsageError{Err: fmt.Errorf("%q is not a way to roll: give table (dice typed from the table) or program (rolled by warlog)", args[0]), Hint: "warlog campaign dice --help"}
			}
			res, err := svc.SetDice(c.Context(), name, how, campaigns.Options{ActionID: app.NextActionID()})
			if errors.Is(err, campaigns.ErrNothing) {
				return printDiceSetting(app, name, how, " already; nothing written")
			}
			if err != nil {
				return err
			}
			return printDiceSetting(app, name, res.State.Dice(), " from now on")
		},
	}
	return c
}

func isDiceChoice(h campaigns.DiceHow) bool {
	for _, c := range campaigns.DiceHows {
		if c == h {
			return true
		}
	}
	return false
}

func printDiceSetting(app *cmdutil.App, name string, h campaigns.DiceHow, after string) error {
	if app.JSON {
		return app.PrintJSON(map[string]string{"campaign": name, "dice": string(h)})
	}
	_, err := fmt.Fprintf(app.Out, "campaign %s: %s%s\n", name, diceWords(h), after)
	return err
}

// completeDice offers table and program for the one argument.
func completeDice(_ *cobra.Command, args []string, _ string) ([]string, cobra.ShellCompDirective) {
	if len(args) > 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	return diceChoices(), cobra.ShellCompDirectiveNoFileComp
}
