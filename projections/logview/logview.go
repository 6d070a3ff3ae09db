// Package logview is a campaign's log as a player reads it: one entry per
// action (when, what it did, the dice it used, whether it is undone), and
// beside it every stored event with whether its action is in effect.
package logview

import (
	"context"
	"strconv"
	"strings"
	"time"

	"warlog/campaigns"
	"warlog/engines/dice"
	"warlog/events"
)

// Log is a campaign's log.
type Log struct {
	Campaign string
	// Head is the hash of the newest event.
	Head string
	// Actions are the actions, oldest first.
	Actions []Action
	// Events are every stored event, oldest first.
	Events []Event
}

// Action is one user action.
type Action struct {
	ID string
	// Version is the log version of its first event.
	Version int64
	At      time.Time
	Label   string
	// By names who made it on a league server ("" at the database).
	By string
	// Dice are its rolls, each as "4,2" with an "h" for dice entered by
	// hand ("4,2h").
	Dice   []string
	Undone bool
	// In is the action in the log that holds this one: its own ID, or the
	// amendment that decided it again (its entry then follows the
	// amendment's, and Corrected says whether it is the one corrected).
	In        string
	Corrected bool
	// Amended is true for an action out of effect because an amendment
	// decided it again.
	Amended bool
}

// Event is one stored event and whether its action is undone now.
type Event struct {
	events.Event
	Undone bool
}

// Build reads the campaign's log through the service.
func Build(ctx context.Context, svc *campaigns.Service, campaign string) (*Log, error) {
	l := &Log{Campaign: campaign}
	cur := -1 // the entry the events belong to
	last := map[string]events.ActionRef{}
	lastUndo := map[string]bool{}
	err := svc.Events(ctx, campaign, func(e events.Event, p any, undone bool) error {
		l.Events = append(l.Events, Event{Event: e, Undone: undone})
		l.Head = e.Hash
		switch v := p.(type) {
		case campaigns.Begun:
			cur = len(l.Actions)
			l.Actions = append(l.Actions, Action{ID: e.Action, Version: e.Version, At: e.At, Label: v.Label, By: v.By, Undone: undone, In: e.Action})
		case campaigns.Redecided:
			cur = len(l.Actions)
			l.Actions = append(l.Actions, Action{ID: v.Action, Version: e.Version, At: e.At, Label: v.Label, Undone: undone, In: e.Action, Corrected: v.Corrected})
		case events.ActionRef:
			last[v.Action], lastUndo[v.Action] = v, e.Type == events.TypeActionUndone
		case dice.Rolled:
			if cur >= 0 && l.Actions[cur].In == e.Action {
				l.Actions[cur].Dice = append(l.Actions[cur].Dice, Faces(v))
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	for i := range l.Actions {
		a := &l.Actions[i]
		if a.In == a.ID && a.Undone && lastUndo[a.ID] && last[a.ID].By != "" {
			a.Amended = true
		}
	}
	return l, nil
}

// Faces writes a roll's faces as the log shows them: "4,2", with "h" after
// dice entered by hand.
func Faces(r dice.Rolled) string {
	s := make([]string, len(r.Values))
	for i, x := range r.Values {
		s[i] = strconv.Itoa(x)
	}
	out := strings.Join(s, ",")
	if r.Source == dice.Hand {
		out += "h"
	}
	return out
}
