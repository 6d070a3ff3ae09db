package cmdutil

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"warlog/campaigns"
	"warlog/events"
	"warlog/projections/report"
)

// The layers below the command line say what went wrong and never name a
// command; Explain follows each such error with the command that helps,
// right after the error's own words wherever it was wrapped.
func TestExplainAddsTheCommandsThatHelp(t *testing.T) {
	app := &App{}
	cases := []struct {
		err  error
		want string
	}{
		{fmt.Errorf("load: %w", &campaigns.NameError{Name: "Ghosts", Err: campaigns.ErrNoCampaign}),
			"load: campaign \"Ghosts\": no such campaign; `warlog campaign list` shows the campaigns"},
		{&campaigns.NameError{Name: "Ghosts", Err: campaigns.ErrExists},
			"campaign \"Ghosts\": a campaign of that name already exists; choose another name or `warlog use Ghosts`"},
		{fmt.Errorf("undo: %w (nothing was written)", &campaigns.NoActionError{ID: "abc"}),
			"undo: no action \"abc\" in this campaign; `warlog log` lists the ids (nothing was written)"},
		{&campaigns.AmendmentError{ID: "0123456789abcdef"},
			"action 01234567 is an amendment; amend the action it corrected, or undo it; `warlog log` shows the action it corrected under it"},
		{&campaigns.MovedError{Verb: campaigns.VerbUndo},
			"another action was recorded meanwhile; nothing was undone; `warlog log` shows what is newest now; run `warlog undo` again if it is still what you mean"},
		{&campaigns.MovedError{Verb: campaigns.VerbRedo},
			"another action was recorded meanwhile; nothing was redone; `warlog log` shows what is newest now; run `warlog redo` again if it is still what you mean"},
		{fmt.Errorf("roll: %w", events.ErrUncertain),
			"roll: " + events.ErrUncertain.Error() + "; `warlog log` shows whether it is, and running the command again with the same --action-id is safe"},
		{fmt.Errorf("status: %w", events.ErrDamaged),
			"status: the database file is damaged or not a warlog database; run `warlog verify` and restore a copy if it fails"},
		{fmt.Errorf("export: event 3 (x.y): %w", events.ErrNotAsWritten),
			"export: event 3 (x.y): its payload is not JSON on one line as warlog writes it; run `warlog verify`"},
		{&events.ExportError{Reason: "is not a warlog export's (not JSON)", NotAnExport: true},
			"the file's header is not a warlog export's (not JSON); export a campaign with `warlog campaign export NAME`"},
		{fmt.Errorf("campaign %q: %w", "Ghosts", report.ErrNoScenario),
			"campaign \"Ghosts\": no scenario to report yet; start one with `warlog scenario start NAME`"},
		// Errors that name no command of their own get none.
		{&events.ExportError{Version: 4, Reason: "the hash does not follow"},
			"the file's log is broken at version 4: the hash does not follow"},
		{fmt.Errorf("campaign %q: %w", "Ghosts", campaigns.ErrExists),
			"campaign \"Ghosts\": a campaign of that name already exists"},
		{events.ErrCorrupt, events.ErrCorrupt.Error()},
	}
	for _, c := range cases {
		if got := app.Explain(c.err); got != c.want {
			t.Errorf("Explain(%v)\n got %s\nwant %s", c.err, got, c.want)
		}
	}
	if !errors.Is(events.ErrDamaged, events.ErrCorrupt) {
		t.Errorf("a damaged file is not an events.ErrCorrupt")
	}
}

// No layer below the command line spells a command: the words "warlog"
// followed by a command appear in no error text of campaigns or events.
func TestNoCommandInTheLowerLayersErrors(t *testing.T) {
	for _, err := range []error{
		&campaigns.NameError{Name: "x", Err: campaigns.ErrNoCampaign}, &campaigns.NoActionError{ID: "x"},
		&campaigns.AmendmentError{ID: "x"}, &campaigns.MovedError{Verb: campaigns.VerbUndo}, events.ErrUncertain, events.ErrDamaged, events.ErrNotAsWritten,
	} {
		if strings.Contains(err.Error(), "`warlog") {
			t.Errorf("%q names a command", err)
		}
	}
}
