package cmd

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"warlog/campaigns"
	"warlog/cmd/cmdutil"
	"warlog/engines"
)

func newAmendCommand(app *cmdutil.App) *cobra.Command {
	var drop bool
	c := &cobra.Command{
		Use:   "amend ACTION [--dice D,D...] [--drop-refused] [-- COMMAND ARGS...]",
		Short: "Correct an earlier action's dice or arguments; every later action is decided again",
		Long: `Correct an action made earlier: --dice gives the dice it should have had, and a
command after -- (typed as you would type it: ko attack Bors "Orc 2") the
command it should have been. The action is decided again with the correction,
then every later action in effect, in order, with the dice it used at the time
(the program's dice stay the dice they were). The result is exactly what the
campaign would be had the correction been entered at the time.

If the corrected history refuses a later action (a figure it moved is now down,
an attack now needs other dice), nothing is written and the refusals are
listed; --drop-refused writes the amendment without them, saying which.

Nothing is rewritten: the amendment is one new action in the log. warlog log
shows it and under it each action it decided again; warlog undo takes the
whole amendment back; warlog verify passes; reports tell the corrected
history with the amendment noted. ACTION is an id as warlog log shows it (4 or
more characters of it will do).

Exit status: 0 amended; 1 refused (nothing written); 2 the command line could
not be understood.`,
		Example: `  warlog amend 3fa2c1d0 --dice 5,2
  warlog amend 3fa2 --dice 6 --drop-refused
  warlog amend 3fa2 -- ko attack Bors "Orc 2" --rear
  warlog amend 3fa2 --dice 4,4 -- dw attack Rook Grub`,
		Args: cmdutil.MinArgs(1, "the ACTION to amend (an id from warlog log)"),
		ValidArgsFunction: func(c *cobra.Command, args []string, _ string) ([]string, cobra.ShellCompDirective) {
			if len(args) > 0 {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			return completeActions(c.Context(), app), cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(c *cobra.Command, args []string) error {
			ctx := c.Context()
			name, err := app.CurrentCampaign(ctx)
			if err != nil {
				return err
			}
			o, err := app.Options()
			if err != nil {
				return err
			}
			ao := campaigns.AmendOptions{Dice: o.Dice, DropRefused: drop, ActionID: o.ActionID}
			if dash := c.ArgsLenAtDash(); len(args) > 1 {
				if dash != 1 {
					return &cmdutil.UsageError{Err: fmt.Errorf("give the corrected command after --, e.g. warlog amend %s -- ko attack Bors Orc", args[0]), Hint: "warlog amend --help"}
				}
				if ao.Command, err = captureCommand(ctx, app, name, args[1:]); err != nil {
					return err
				}
			}
			svc, _ := app.Service()
			res, err := svc.Amend(ctx, name, args[0], ao)
			if err != nil {
				return err
			}
			return app.PrintResult(res)
		},
	}
	c.Flags().BoolVar(&drop, "drop-refused", false, "leave out the later actions the corrected history refuses, instead of refusing the amendment")
	return c
}

// captureCommand builds the game command a command line names, without
// deciding or recording it.
func captureCommand(ctx context.Context, app *cmdutil.App, campaign string, args []string) (engines.Command, error) {
	var got engines.Command
	sub := &cmdutil.App{In: app.In, Out: io.Discard, Err: io.Discard, Getenv: app.Getenv, Engines: app.Engines,
		Capture: func(_ string, cmd engines.Command) error { got = cmd; return nil }}
	line := append([]string{"--db", app.ResolvedDB(), "--campaign", campaign}, args...)
	root := newRoot(sub, namedSubcommand(args))
	if sub.GameCommand == nil {
		sub.GameCommand = gameCommand
	}
	root.SetArgs(line)
	root.SetOut(io.Discard)
	root.SetErr(io.Discard)
	err := root.ExecuteContext(ctx)
	if cerr := sub.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		var ue *cmdutil.UsageError
		if errors.As(err, &ue) || cmdutil.ExitCode(err) == cmdutil.ExitUsage {
			return nil, &cmdutil.UsageError{Err: fmt.Errorf("the corrected command: %w", err)}
		}
		return nil, fmt.Errorf("the corrected command: %w", err)
	}
	if got == nil {
		return nil, &cmdutil.UsageError{Err: fmt.Errorf("%q is not an action of the game; give the corrected command as you would type it, e.g. ko attack Bors Orc", shellJoin(args))}
	}
	return got, nil
}

// completeActions offers the ids of the newest actions in effect.
func completeActions(ctx context.Context, app *cmdutil.App) []string {
	name, err := app.CurrentCampaign(ctx)
	if err != nil {
		return nil
	}
	svc, _ := app.Service()
	acts, err := svc.Actions(ctx, name)
	if err != nil {
		return nil
	}
	var out []string
	for _, a := range acts.InEffect() {
		out = append(out, campaigns.ShortActionID(a.ID)+"\t"+a.Label)
	}
	return out
}
