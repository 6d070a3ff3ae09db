package server_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"warlog/campaigns"
	"warlog/events"
	"warlog/events/remote"
	"warlog/server"
)

// How a table rolls is set through the server as any action: decided
// again there, kept in the league's log, re-derived; a spectator may not
// set it.
func TestDiceSettingThroughServer(t *testing.T) {
	t.Parallel()
	l := newLeague(t, fileDB(t), server.Config{})
	ctx := context.Background()
	org, ann, scr := l.client(t, "org"), l.client(t, "ann"), l.client(t, "scr")
	if _, err := org.Create(ctx, "Autumn", campaigns.CreateOptions{Game: "kingsown", Seed: seed(7)}); err != nil {
		t.Fatal(err)
	}
	if _, err := scr.SetDice(ctx, "Autumn", campaigns.DiceAtTable, campaigns.Options{}); !errors.Is(err, events.ErrDenied) {
		t.Errorf("a spectator sets the dice: %v; want refused", err)
	}
	if _, err := ann.SetDice(ctx, "Autumn", campaigns.DiceAtTable, campaigns.Options{}); err != nil {
		t.Fatal(err)
	}
	st, err := l.srv.Service().Load(ctx, "Autumn")
	if err != nil {
		t.Fatal(err)
	}
	if st.Dice() != campaigns.DiceAtTable {
		t.Errorf("the server's campaign rolls %q, want the table's", st.Dice())
	}
	if _, err := ann.SetDice(ctx, "Autumn", campaigns.DiceAtTable, campaigns.Options{}); !errors.Is(err, campaigns.ErrNothing) {
		t.Errorf("set again: %v; want ErrNothing", err)
	}
	if _, err := l.srv.Service().Rederive(ctx, "Autumn"); err != nil {
		t.Errorf("the stored log does not re-derive: %v", err)
	}

	// At the table the server rolls no die: a client that sends a roll
	// without its dice (as one that skips its own check would) is refused,
	// with nothing written; with them, it is stored.
	st2, err := remote.Open(l.url, remote.Options{Token: l.tokens["ann"], RetryFor: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer st2.Close()
	roll := func(hand []int) error {
		v := l.version(t, "Autumn")
		b := campaigns.Begun{Game: "kingsown", Verb: campaigns.VerbRoll, Args: json.RawMessage(`{"notation":"2d6"}`), Dice: hand, Label: "roll"}
		_, err := st2.Append(ctx, "Autumn", v, campaigns.NewActionID(), []events.Fact{{Type: events.TypeActionBegun, Data: b}})
		return err
	}
	v := l.version(t, "Autumn")
	if err := roll(nil); err == nil || !strings.Contains(err.Error(), "rolls its dice at the table: give this action's 2 dice (free roll 2d6)") {
		t.Errorf("a roll sent without its dice at the table: %v; want refused, naming the dice", err)
	}
	if got := l.version(t, "Autumn"); got != v {
		t.Errorf("the refused roll wrote: version %d, want %d", got, v)
	}
	if err := roll([]int{6, 1}); err != nil {
		t.Errorf("a roll sent with its dice at the table: %v", err)
	}
}
