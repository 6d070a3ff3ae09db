package cmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

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
command it should have been. What follows -- is read as an action of the
campaign's game and nothing else is run: any other command is refused, and so
are the flags of the whole command line inside it (--db, --campaign, --json,
--action-id), which go before --. Its dice, too, are amend's --dice, given
before --: warlog amend 3fa2 --dice 6,1 -- ko attack Bors "Orc 2" --rear.
The action is decided again with the correction,
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
				if ao.Command, ao.Game, err = captureCommand(ctx, app, name, args[0], args[1:]); err != nil {
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

// captureCommand builds the game action a corrected command line names
// (args, as typed after amend's --), without deciding or recording it, and
// returns it with its game. Nothing else runs: a line that names no game's
// command (campaign delete, roll, status) is refused before any command is
// built, and a game's command is parsed and run only far enough to hand its
// action over, on the database opened read-only. The flags of the whole
// command line (--db, --campaign, --dice, --json, --action-id, --no-pager)
// are refused inside the corrected command, where they would act on
// another database or campaign, or be ignored: amend's --dice, before --,
// gives the corrected action's dice.
func captureCommand(ctx context.Context, app *cmdutil.App, campaign, action string, args []string) (engines.Command, string, error) {
	notAction := func() error {
		return &cmdutil.UsageError{Err: fmt.Errorf("%q is not an action of the game; give the corrected command as you would type it, e.g. ko attack Bors Orc", cmdutil.ShellJoin(args)), Hint: "warlog amend --help"}
	}
	isGame := false
	for _, g := range Games() {
		isGame = isGame || (len(args) > 0 && args[0] == g.Use)
	}
	if !isGame {
		return nil, "", notAction()
	}
	var got engines.Command
	var game string
	sub := &cmdutil.App{In: app.In, Out: io.Discard, Err: io.Discard, Getenv: app.Getenv, LookupEnv: app.LookupEnv, Engines: app.Engines,
		DBPath: app.ResolvedDB(), Campaign: campaign, ReadOnly: true, NoNewDatabase: true, Usage: app.Usage,
		Capture: func(g string, cmd engines.Command) error { got, game = cmd, g; return nil }}
	sub.GameCommand = gameCommand
	root := newRoot(sub, args[0])
	root.SetArgs(args)
	root.SetIn(app.In)
	root.SetOut(io.Discard)
	root.SetErr(io.Discard)
	found, err := typeUsageErrors(root, args)
	if err == nil {
		refuseWholeLineFlags(root, found, action, args)
		err = root.ExecuteContext(ctx)
	}
	if cerr := sub.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		var ue *cmdutil.UsageError
		if errors.As(err, &ue) {
			return nil, "", &cmdutil.UsageError{Err: fmt.Errorf("the corrected command: %w", ue.Err), Hint: ue.Hint}
		}
		return nil, "", fmt.Errorf("the corrected command: %w", err)
	}
	if got == nil {
		return nil, "", notAction()
	}
	return got, game, nil
}

// refuseWholeLineFlags makes found, the corrected command, refuse the
// root's flags once they are parsed, before anything of found runs (its
// argument validator is the first thing cobra calls after parsing).
func refuseWholeLineFlags(root, found *cobra.Command, action string, args []string) {
	if found == nil {
		return
	}
	takes := found.Args
	found.Args = func(c *cobra.Command, pos []string) error {
		var given *pflag.Flag
		root.PersistentFlags().VisitAll(func(f *pflag.Flag) {
			if f.Changed && given == nil {
				given = f
			}
		})
		if given != nil {
			return wholeLineFlagError(given, action, args)
		}
		if takes == nil {
			return nil
		}
		return takes(c, pos)
	}
}

// wholeLineFlagError says where a flag of the whole command line, given
// inside the corrected command, goes instead: before --.
func wholeLineFlagError(f *pflag.Flag, action string, args []string) error {
	flag := "--" + f.Name
	if f.Value.Type() != "bool" {
		flag += " " + cmdutil.ShellJoin([]string{f.Value.String()})
	}
	try := fmt.Sprintf("warlog amend %s %s -- %s", action, flag, cmdutil.ShellJoin(withoutFlag(args, f)))
	if f.Name == "dice" {
		return &cmdutil.UsageError{Err: fmt.Errorf("give the corrected action's dice to amend, before --, not inside the corrected command: %s", try)}
	}
	return &cmdutil.UsageError{Err: fmt.Errorf("--%s is a flag of the whole command line, not of the corrected command; give it before --: %s", f.Name, try)}
}

// withoutFlag is args without the flag f and its value, as typed
// (--name VALUE, --name=VALUE, -s VALUE, -sVALUE); words after a second --
// are the command's own and stay.
func withoutFlag(args []string, f *pflag.Flag) []string {
	var out []string
	takesValue := f.NoOptDefVal == ""
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return append(out, args[i:]...)
		case a == "--"+f.Name || (f.Shorthand != "" && a == "-"+f.Shorthand):
			if takesValue {
				i++
			}
		case strings.HasPrefix(a, "--"+f.Name+"="), f.Shorthand != "" && strings.HasPrefix(a, "-"+f.Shorthand) && !strings.HasPrefix(a, "--"):
		default:
			out = append(out, a)
		}
	}
	return out
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
