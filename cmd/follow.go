package cmd

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"warlog/campaigns"
	"warlog/cmd/cmdutil"
	"warlog/projections/logview"
)

// `log --follow` and `status --watch`: a second screen at the table that
// shows the battle as other tables play it. Each waits for the campaign's
// log to grow (told by a server, reading the head of a file) and shows what
// is new; Ctrl-C leaves (exit 130).

// interrupted turns the end of the command's context (Ctrl-C) into the
// interruption it is.
func interrupted(ctx context.Context, err error) error {
	if ctx.Err() != nil && (errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)) {
		return cmdutil.ErrInterrupted
	}
	return err
}

// followLog prints the log's lines, then each line that later appends add,
// until ctx ends: one line per action (or per event with all), JSON Lines
// of events with --json. A line once printed is not printed again: a later
// undo shows as its own line.
func followLog(ctx context.Context, app *cmdutil.App, svc *campaigns.Service, name string, all bool) error {
	var actions, evs int
	var version int64
	for {
		l, err := logview.Build(ctx, svc, name)
		if err != nil {
			return interrupted(ctx, err)
		}
		switch {
		case app.JSON:
			enc := json.NewEncoder(app.Out)
			for _, e := range l.Events[evs:] {
				if err := enc.Encode(cmdutil.NewEventJSON(e.Event, e.Undone)); err != nil {
					return err
				}
			}
		case all:
			for _, e := range l.Events[evs:] {
				fmt.Fprintln(app.Out, strings.Join(trimEmpty([]string{strconv.FormatInt(e.Version, 10), campaigns.ShortActionID(e.Action), e.Type, string(e.Data), mark(e.Undone)}), "  "))
			}
		default:
			for _, a := range l.Actions[min(actions, len(l.Actions)):] {
				label := a.Label
				if a.In != a.ID {
					label = "↳ " + label
				}
				state := mark(a.Undone)
				if a.Amended {
					state = "amended"
				}
				fmt.Fprintln(app.Out, strings.Join(trimEmpty([]string{campaigns.ShortActionID(a.ID), a.At.Local().Format("01-02 15:04"), label, strings.Join(a.Dice, " "), state}), "  "))
			}
		}
		actions, evs = len(l.Actions), len(l.Events)
		if evs > 0 {
			version = l.Events[evs-1].Version
		}
		if version, err = svc.WaitPast(ctx, name, version); err != nil {
			return interrupted(ctx, err)
		}
	}
}

// trimEmpty drops the empty trailing fields of a line.
func trimEmpty(fields []string) []string {
	for len(fields) > 0 && fields[len(fields)-1] == "" {
		fields = fields[:len(fields)-1]
	}
	return fields
}

// watchStatus shows the status, then again each time the log grows, until
// ctx ends: on a terminal the screen is redrawn, otherwise each status
// follows the last after a blank line (one JSON document each with
// --json).
func watchStatus(ctx context.Context, app *cmdutil.App, show func(context.Context) (int64, error)) error {
	name, err := app.CurrentCampaign(ctx)
	if err != nil {
		return err
	}
	svc, _ := app.Service()
	tty := app.OnTerminal() && !app.JSON
	for n := 0; ; n++ {
		if tty {
			fmt.Fprint(app.Screen(), "\x1b[H\x1b[2J")
		} else if n > 0 && !app.JSON {
			fmt.Fprintln(app.Out)
		}
		version, err := show(ctx)
		if err != nil {
			return interrupted(ctx, err)
		}
		if tty {
			fmt.Fprintf(app.Out, "\nversion %d · watching for other tables' actions (Ctrl-C leaves)\n", version)
		}
		if _, err := svc.WaitPast(ctx, name, version); err != nil {
			return interrupted(ctx, err)
		}
	}
}
