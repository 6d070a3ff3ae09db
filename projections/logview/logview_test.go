package logview_test

import (
	"context"
	"testing"

	"warlog/campaigns"
	"warlog/engines"
	"warlog/engines/kit"
	"warlog/events/memory"
	"warlog/projections/logview"
)

type bare struct{}

func (*bare) Status() engines.Status { return engines.Status{} }
func (*bare) Roster() engines.Roster { return engines.Roster{} }

// The log view gives one entry per action with its dice (program and hand
// dice told apart) and whether it is undone, and every event beside.
func TestBuild(t *testing.T) {
	ctx := context.Background()
	game := &kit.Game[*bare]{GameInfo: engines.GameInfo{Name: "g", Title: "G"}, New: func(engines.Campaign) *bare { return &bare{} }}
	svc := campaigns.New(memory.New(nil), game)
	seed := uint64(5)
	if _, err := svc.Create(ctx, "c", campaigns.CreateOptions{Game: "g", Seed: &seed}); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.FreeRoll(ctx, "c", "2d6", "scatter", campaigns.Options{}); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.FreeRoll(ctx, "c", "d6", "deploy", campaigns.Options{Dice: []int{4}}); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Undo(ctx, "c", 1, "", campaigns.Options{}); err != nil {
		t.Fatal(err)
	}
	l, err := logview.Build(ctx, svc, "c")
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Actions) != 4 {
		t.Fatalf("%d actions, want 4 (create, two rolls, undo): %+v", len(l.Actions), l.Actions)
	}
	roll, hand, undo := l.Actions[1], l.Actions[2], l.Actions[3]
	if len(roll.Dice) != 1 || len(roll.Dice[0]) != 3 || roll.Undone {
		t.Errorf("the program roll: %+v", roll)
	}
	if len(hand.Dice) != 1 || hand.Dice[0] != "4h" || !hand.Undone {
		t.Errorf("the undone hand roll: %+v", hand)
	}
	if undo.Undone || len(undo.Dice) != 0 {
		t.Errorf("the undo: %+v", undo)
	}
	if n := len(l.Events); n == 0 || l.Head != l.Events[n-1].Hash {
		t.Errorf("head %q, events %d", l.Head, n)
	}
	for _, e := range l.Events {
		if e.Action == hand.ID && !e.Undone {
			t.Errorf("an event of the undone action is shown in effect: %+v", e)
		}
	}
}
