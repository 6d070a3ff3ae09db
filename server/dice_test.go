package server_test

import (
	"context"
	"errors"
	"testing"

	"warlog/campaigns"
	"warlog/events"
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
}
