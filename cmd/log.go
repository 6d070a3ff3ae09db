package cmd

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"warlog/campaigns"
	"warlog/cmd/cmdutil"
	"warlog/events"
	"warlog/projections/logview"
)

func newRollCommand(app *cmdutil.App) *cobra.Command {
	var purpose string
	c := &cobra.Command{
		Use:   "roll NOTATION",
		Short: "Roll dice outside any rule (scatter, house rules) and log them",
		Long: `Roll dice that no rule of the game asks for, and keep them in the log.
NOTATION is NdS with an optional +K or -K: d6, 2d6, 3d4+1, d20, d100.
With --dice the faces you rolled at the table are logged instead.`,
		Example: `  warlog roll 2d6 --for scatter
  warlog roll d6 --dice 5 --for "who deploys first"
  warlog roll 3d4+1`,
		Args: cmdutil.ExactArgs(1, "a dice NOTATION such as 2d6"),
		RunE: func(c *cobra.Command, args []string) error {
			name, err := app.CurrentCampaign(c.Context())
			if err != nil {
				return err
			}
			o, err := app.Options()
			if err != nil {
				return err
			}
			svc, _ := app.Service()
			res, err := svc.FreeRoll(c.Context(), name, args[0], purpose, o)
			if err != nil {
				return err
			}
			return app.PrintResult(res)
		},
	}
	c.Flags().StringVar(&purpose, "for", "", "what the roll is for, kept in the log")
	return c
}

// LogJSON is the --json shape of `warlog log` (CLI.md).
type LogJSON struct {
	Campaign string              `json:"campaign"`
	Head     string              `json:"head"`
	Events   []cmdutil.EventJSON `json:"events"`
}

// logWindow is the part of the log `log` shows: what came after version
// since, and of that the newest limit entries (0: all).
type logWindow struct {
	since int64
	limit int
}

// keep says which of n entries, each at versions[i], the window shows.
func (w logWindow) keep(versions []int64) (from, to int) {
	to = len(versions)
	for from < to && versions[from] <= w.since {
		from++
	}
	if w.limit > 0 && to-from > w.limit {
		from = to - w.limit
	}
	return from, to
}

func newLogCommand(app *cmdutil.App) *cobra.Command {
	var all, follow bool
	var win logWindow
	c := &cobra.Command{
		Use:   "log",
		Short: "Show the campaign's log, newest last",
		Long: `Show the campaign's log, one line per action: its id, when, what it did, the
dice it used (h = entered by hand) and whether it is undone ("amended": an
amendment decided it again; the amendment's line is followed by each action it
decided again, marked ↳). --all lists every event instead. --json gives every
event with an "undone" flag.

-n N (--limit N) shows only the newest N actions (with --all, events);
--since VERSION only what was appended after that version of the log, so a
script that remembers the last version it saw reads only what is new. On a
terminal a long log goes through $PAGER (less by default); --no-pager or
WARLOG_PAGER= (empty) turns that off.

--follow keeps watching: after the log as it stands, each action another
warlog appends (another terminal, another table at the club) is printed as it
is stored, one plain line each (with --all one line per event, with --json one
JSON document per event, JSON Lines). A line once printed stays: a later undo
shows as a line of its own. On a PostgreSQL server the append is told at once;
on an SQLite file the log's head is read four times a second. Ctrl-C leaves
(exit 130).`,
		Example: `  warlog log
  warlog log -n 20
  warlog log --since 120 --json
  warlog log --all
  warlog log --follow`,
		Args: cmdutil.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			name, err := app.CurrentCampaign(c.Context())
			if err != nil {
				return err
			}
			svc, _ := app.Service()
			if win.limit < 0 || win.since < 0 {
				return &cmdutil.UsageError{Err: fmt.Errorf("-n and --since take a number of 0 or more; -n 20 shows the newest 20"), Hint: "warlog log --help"}
			}
			if follow {
				if win != (logWindow{}) {
					return &cmdutil.UsageError{Err: fmt.Errorf("--follow prints the whole log, then what is appended; drop -n and --since"), Hint: "warlog log --help"}
				}
				return followLog(c.Context(), app, svc, name, all)
			}
			return app.Paged(func() error { return runLog(c.Context(), app, svc, name, all, win) })
		},
	}
	c.Flags().BoolVar(&all, "all", false, "list every event, not one line per action")
	c.Flags().BoolVarP(&follow, "follow", "f", false, "keep printing what other tables append, until Ctrl-C")
	c.Flags().IntVarP(&win.limit, "limit", "n", 0, "show only the newest `N` actions (with --all, events)")
	c.Flags().Int64Var(&win.since, "since", 0, "show only what was appended after log `VERSION`")
	return cmdutil.ReadsOnly(c)
}

func runLog(ctx context.Context, app *cmdutil.App, svc *campaigns.Service, name string, all bool, win logWindow) error {
	l, err := logview.Build(ctx, svc, name)
	if err != nil {
		return err
	}
	evs := make([]int64, len(l.Events))
	for i, e := range l.Events {
		evs[i] = e.Version
	}
	if n := len(evs); n > 0 && win.since > evs[n-1] {
		// A version this log never reached was remembered from another
		// log: saying nothing came after it would hide that.
		return fmt.Errorf("the log of %s ends at version %d; --since %d is beyond it (a version of another campaign or database?)", name, evs[n-1], win.since)
	}
	if app.JSON {
		from, to := logWindow{since: win.since}.keep(evs)
		if all || win.limit == 0 {
			from, to = win.keep(evs)
		} else {
			// -n counts actions: the events of the newest N actions.
			acts := make([]int64, len(l.Actions))
			for i, a := range l.Actions {
				acts[i] = a.Version
			}
			if f, t := win.keep(acts); f < t {
				for from < to && evs[from] < l.Actions[f].Version {
					from++
				}
			} else {
				from = to
			}
		}
		out := LogJSON{Campaign: name, Head: l.Head, Events: []cmdutil.EventJSON{}}
		for _, e := range l.Events[from:to] {
			out.Events = append(out.Events, cmdutil.NewEventJSON(e.Event, e.Undone))
		}
		return app.PrintJSON(out)
	}
	if all {
		from, to := win.keep(evs)
		rows := make([][]string, 0, to-from)
		for _, e := range l.Events[from:to] {
			rows = append(rows, []string{strconv.FormatInt(e.Version, 10), campaigns.ShortActionID(e.Action), e.Type, string(e.Data), mark(e.Undone)})
		}
		return cmdutil.Table(app.Out, []string{"v", "action", "type", "data", "undone"}, rows)
	}
	acts := make([]int64, len(l.Actions))
	for i, a := range l.Actions {
		acts[i] = a.Version
	}
	from, to := win.keep(acts)
	rows := make([][]string, 0, to-from)
	// Who made each action shows where a league server recorded it.
	byColumn := slices.ContainsFunc(l.Actions[from:to], func(a logview.Action) bool { return a.By != "" })
	for _, a := range l.Actions[from:to] {
		label, state := a.Label, mark(a.Undone)
		if a.In != a.ID { // decided again inside an amendment
			label = "  ↳ " + label
			if a.Corrected {
				label += " (corrected)"
			}
		}
		if a.Amended {
			state = "amended"
		}
		row := []string{campaigns.ShortActionID(a.ID), a.At.Local().Format("01-02 15:04"), label, strings.Join(a.Dice, " "), state}
		if byColumn {
			row = slices.Insert(row, 2, a.By)
		}
		rows = append(rows, row)
	}
	if byColumn {
		return cmdutil.Table(app.Out, []string{"action", "at", "by", "what", "dice", "undone"}, rows)
	}
	return cmdutil.Table(app.Out, []string{"action", "at", "what", "dice", "undone"}, rows)
}

func mark(b bool) string {
	if b {
		return "undone"
	}
	return ""
}

func newUndoCommand(app *cmdutil.App) *cobra.Command {
	var to string
	c := &cobra.Command{
		Use:   "undo [N]",
		Short: "Undo the newest action (or N of them); nothing is deleted",
		Long: `Take the newest action in effect out of effect by appending an undo to the
log. With N, undo the newest N actions as one undo; with --to ACTION, undo that
action and every action in effect after it (ids as in warlog log; 4 or more
characters of one will do). Dice the program rolled come back the same when
the action is made again: undo is no free re-roll.

An undo takes back the action that was newest when it was asked: if another
table records an action while it is being made, it is refused with nothing
written rather than taking back that table's action instead.`,
		Example: `  warlog undo
  warlog undo 3
  warlog undo --to 3fa2c1d0`,
		Args: cmdutil.RangeArgs(0, 1, "an optional count N"),
		RunE: func(c *cobra.Command, args []string) error {
			n, err := countArg(args)
			if err != nil {
				return err
			}
			if to != "" && len(args) > 0 {
				return &cmdutil.UsageError{Err: fmt.Errorf("give a count N or --to ACTION, not both")}
			}
			name, err := app.CurrentCampaign(c.Context())
			if err != nil {
				return err
			}
			o, err := app.Options()
			if err != nil {
				return err
			}
			svc, _ := app.Service()
			res, err := svc.Undo(c.Context(), name, n, to, o)
			if err != nil {
				return err
			}
			return printTakenBack(c.Context(), app, svc, res, events.TypeActionUndone, "undo")
		},
	}
	c.Flags().StringVar(&to, "to", "", "undo this action and every action in effect after it")
	return c
}

func newRedoCommand(app *cmdutil.App) *cobra.Command {
	return &cobra.Command{
		Use:   "redo [N]",
		Short: "Put back the newest undone action (or N), until a new action is made",
		Long: `Put back the newest undone action (or the newest N) by appending a redo to
the log, while no new action has been made since it was undone. A redo puts
back the action that was newest undone when it was asked: if another table
redoes or undoes meanwhile, it is refused with nothing written.`,
		Example: `  warlog redo
  warlog redo 2`,
		Args: cmdutil.RangeArgs(0, 1, "an optional count N"),
		RunE: func(c *cobra.Command, args []string) error {
			n, err := countArg(args)
			if err != nil {
				return err
			}
			name, err := app.CurrentCampaign(c.Context())
			if err != nil {
				return err
			}
			o, err := app.Options()
			if err != nil {
				return err
			}
			svc, _ := app.Service()
			res, err := svc.Redo(c.Context(), name, n, o)
			if err != nil {
				return err
			}
			return printTakenBack(c.Context(), app, svc, res, events.TypeActionRedone, "redo")
		},
	}
}

// printTakenBack reports an undo or a redo: a line per action it took
// out of effect or put back ("undo: LABEL"), newest undone first, as they
// were taken; --json and a replayed action as every action's result.
func printTakenBack(ctx context.Context, app *cmdutil.App, svc *campaigns.Service, res *campaigns.Result, typ, verb string) error {
	if app.JSON || res.Replayed {
		return app.PrintResult(res)
	}
	acts, err := svc.Actions(ctx, res.State.Name)
	if err != nil {
		return err
	}
	labels := make(map[string]string, len(acts))
	for _, a := range acts {
		labels[a.ID] = a.Label
	}
	for _, e := range res.Events {
		var ref events.ActionRef
		if e.Type != typ || json.Unmarshal(e.Data, &ref) != nil || ref.By != "" {
			continue // an action an amendment decided: it goes with it
		}
		if _, err := fmt.Fprintf(app.Out, "%s: %s\n", verb, labels[ref.Action]); err != nil {
			return err
		}
	}
	return nil
}

func countArg(args []string) (int, error) {
	if len(args) == 0 {
		return 1, nil
	}
	n, err := strconv.Atoi(args[0])
	if err != nil || n < 1 {
		return 0, &cmdutil.UsageError{Err: fmt.Errorf("%q is not a count; give a whole number of 1 or more", args[0])}
	}
	return n, nil
}
