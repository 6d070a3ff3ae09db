package campaigns_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"warlog/campaigns"
	"warlog/engines/dice"
	"warlog/events"
	"warlog/events/sqlite"
)

// FuzzNamesRoundTrip: a name, whatever its bytes, is refused by the name
// check or stored and read back unchanged through a real SQLite file: as a
// campaign (the stream's id and the name in its first event) and as a
// roll's purpose (in the recorded command and the dice fact). A name the
// check refuses is refused by the command too and leaves no trace.
func FuzzNamesRoundTrip(f *testing.F) {
	for _, s := range []string{"Autumn League", "King's Own", "<script>alert(1)</script>", "名前", "👾", "\u202eevil", "zero\u200bwidth",
		"a/b", "%s%n", "'; DROP TABLE events;--", strings.Repeat("é", 64), strings.Repeat("é", 65), "esc\x1b[31m", "bad\xff", "nul\x00",
		" lead", "trail ", "", "\u2028line", "\\u0041", `"quoted"`, "\ufeffbom"} {
		f.Add(s)
	}
	st, err := sqlite.Open(filepath.Join(f.TempDir(), "names.db"), sqlite.Options{})
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { st.Close() })
	svc := campaigns.New(st, rollsOnly)
	ctx := context.Background()
	seed := uint64(1)
	if _, err := svc.Create(ctx, "Rolls", campaigns.CreateOptions{Game: "kingsown", Seed: &seed}); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, name string) {
		if campaigns.ValidateName("campaign", name) != nil {
			if _, err := svc.Create(ctx, name, campaigns.CreateOptions{Game: "kingsown", Seed: &seed}); err == nil {
				t.Fatalf("%q fails the name check but was created", name)
			}
			if list, _ := svc.List(ctx); slices.Contains(list, name) {
				t.Fatalf("refused name %q is stored", name)
			}
			// (An empty purpose is none given: the roll is a "free roll".)
			if _, err := svc.FreeRoll(ctx, "Rolls", "d6", name, campaigns.Options{}); err == nil && name != "" {
				t.Fatalf("%q fails the name check but was taken as a roll's purpose", name)
			}
			return
		}
		if ok, err := svc.Exists(ctx, name); err != nil {
			t.Fatal(err)
		} else if !ok {
			if _, err := svc.Create(ctx, name, campaigns.CreateOptions{Game: "kingsown", Seed: &seed}); err != nil {
				t.Fatalf("%q passes the name check but Create says: %v", name, err)
			}
		}
		loaded, err := svc.Load(ctx, name)
		if err != nil {
			t.Fatalf("load %q: %v", name, err)
		}
		if loaded.Campaign.Name != name {
			t.Fatalf("campaign %q reads back as %q", name, loaded.Campaign.Name)
		}
		if list, err := svc.List(ctx); err != nil || !slices.Contains(list, name) {
			t.Fatalf("campaign %q is not listed by its name (%v)", name, err)
		}
		res, err := svc.FreeRoll(ctx, name, "d6", name, campaigns.Options{})
		if err != nil {
			t.Fatalf("a roll for %q: %v", name, err)
		}
		stored, err := events.Action(ctx, st, name, res.Action)
		if err != nil || len(stored) != 2 {
			t.Fatalf("the roll for %q is stored as %d events (%v)", name, len(stored), err)
		}
		var begun campaigns.Begun
		var args map[string]string
		var rolled dice.Rolled
		if err := json.Unmarshal(stored[0].Data, &begun); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(begun.Args, &args); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(stored[1].Data, &rolled); err != nil {
			t.Fatal(err)
		}
		if args["for"] != name || rolled.Purpose != name || stored[0].Campaign != name {
			t.Fatalf("%q reads back as purpose %q in the command, %q in the dice, campaign %q", name, args["for"], rolled.Purpose, stored[0].Campaign)
		}
	})
}
