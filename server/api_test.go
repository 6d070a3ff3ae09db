package server_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"warlog/campaigns"
	"warlog/cmd"
	"warlog/events"
	"warlog/events/memory"
	"warlog/projections/logview"
	"warlog/server"
)

// A league through the server: the organiser starts a campaign, a player
// plays in it through the same service the command line uses, and what is
// stored is the server's decision, with who made it; the spectator reads
// it and may not play; the other campaign's player may not play in it.
func TestLeagueThroughServer(t *testing.T) {
	t.Parallel()
	l := newLeague(t, fileDB(t), server.Config{})
	ctx := context.Background()
	org, ann, ben, scr := l.client(t, "org"), l.client(t, "ann"), l.client(t, "ben"), l.client(t, "scr")
	if _, err := ann.Create(ctx, "Autumn", campaigns.CreateOptions{Game: "kingsown", Seed: seed(7)}); !errors.Is(err, events.ErrDenied) {
		t.Fatalf("a player starts a campaign: %v; want refused (events.ErrDenied)", err)
	}
	if _, err := org.Create(ctx, "Autumn", campaigns.CreateOptions{Game: "kingsown", Seed: seed(7)}); err != nil {
		t.Fatal(err)
	}
	res, err := ann.FreeRoll(ctx, "Autumn", "2d6", "scatter", campaigns.Options{})
	if err != nil {
		t.Fatal(err)
	}
	// Program dice come from the seed: the same roll on a file of the
	// same seed shows the same faces.
	local := campaigns.New(memory.New(nil), cmd.Engines()...)
	if _, err := local.Create(ctx, "Autumn", campaigns.CreateOptions{Game: "kingsown", Seed: seed(7)}); err != nil {
		t.Fatal(err)
	}
	want, err := local.FreeRoll(ctx, "Autumn", "2d6", "scatter", campaigns.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.State.Version != 4 || res.Label != want.Label {
		t.Errorf("the roll through the server: version %d, %q; want version 4 and %q, as on a memory store of the same seed", res.State.Version, res.Label, want.Label)
	}
	hand, err := ann.FreeRoll(ctx, "Autumn", "d6", "hand", campaigns.Options{Dice: []int{5}})
	if err != nil {
		t.Fatal(err)
	}
	if hand.Label != "rolled 1d6 for hand: 5" {
		t.Errorf("a hand-entered die through the server: %q, want it kept (5)", hand.Label)
	}
	for name, svc := range map[string]*campaigns.Service{"ben (Winter's player)": ben, "scr (spectator)": scr} {
		before := l.version(t, "Autumn")
		_, err := svc.FreeRoll(ctx, "Autumn", "d6", "", campaigns.Options{})
		if !errors.Is(err, events.ErrDenied) || !strings.Contains(err.Error(), "may not play in campaign \"Autumn\"") {
			t.Errorf("%s rolls in Autumn: %v; want refused, naming the campaign", name, err)
		}
		if v := l.version(t, "Autumn"); v != before {
			t.Errorf("%s's refused roll wrote: version %d → %d", name, before, v)
		}
	}
	lv, err := logview.Build(ctx, scr, "Autumn")
	if err != nil {
		t.Fatal(err)
	}
	var by []string
	for _, a := range lv.Actions {
		by = append(by, a.By)
	}
	if strings.Join(by, ",") != "org,ann,ann" {
		t.Errorf("who made the actions, as the spectator's log reads them: %v; want org, ann, ann", by)
	}
	// The server's log verifies: every action follows from the rules.
	if _, err := l.srv.Service().Rederive(ctx, "Autumn"); err != nil {
		t.Errorf("the stored log does not re-derive: %v", err)
	}
}
