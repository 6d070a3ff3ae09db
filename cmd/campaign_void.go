package cmd

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"warlog/campaigns"
	"warlog/cmd/cmdutil"
)

func newCampaignVoidCommand(app *cmdutil.App) *cobra.Command {
	var why string
	c := &cobra.Command{
		Use:   "void VERSION --why TEXT",
		Short: "Organiser only: take a row that does not re-decide out of effect, so the campaign is built on again",
		Long: `A row written without the rules (with psql, say) that does not chain or does not
re-decide stops its campaign: every command refuses to build on it, and
warlog verify names its version. The league's organiser voids it: an action is
appended that takes the action holding VERSION out of effect, as if it were not
in the log, with the reason given. Nothing is deleted; verify lists the action
as voided. Only the first row that does not follow may be voided. On a server,
the organiser is a database user who may create campaigns; on a file, whoever
can write it.`,
		Example: `  warlog verify
  warlog campaign void 57 --why "typed in with psql, not by the rules"`,
		Args: cmdutil.ExactArgs(1, "the VERSION warlog verify names"),
		RunE: func(c *cobra.Command, args []string) error {
			version, err := strconv.ParseInt(args[0], 10, 64)
			if err != nil || version < 1 {
				return &cmdutil.UsageError{Err: fmt.Errorf("%q is not a version: give the number warlog verify names", args[0]), Hint: "warlog campaign void --help"}
			}
			if strings.TrimSpace(why) == "" {
				return &cmdutil.UsageError{Err: errors.New("say why the action is voided with --why TEXT"), Hint: "warlog campaign void --help"}
			}
			svc, err := app.Service()
			if err != nil {
				return err
			}
			name, err := app.CurrentCampaign(c.Context())
			if err != nil {
				return err
			}
			v, err := svc.Void(c.Context(), name, version, why, campaigns.Options{ActionID: app.NextActionID()})
			if err != nil {
				return err
			}
			if app.JSON {
				return app.PrintJSON(map[string]any{"campaign": name, "version": v.Version, "action": v.Action, "why": v.Why})
			}
			fmt.Fprintf(app.Out, "campaign %s: voided action %s (version %d): %s; replay passes over it, and verify lists it as voided\n", name, campaigns.ShortActionID(v.Action), v.Version, v.Why)
			return nil
		},
	}
	c.Flags().StringVar(&why, "why", "", "why the action is voided, kept in the log")
	return c
}
