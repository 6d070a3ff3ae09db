package cmd

import (
	"context"
	"encoding/json"
	"reflect"
	"runtime"
	"testing"

	"warlog/campaigns"
	"warlog/engines"
	"warlog/engines/kit"
	"warlog/events"
	"warlog/events/sqlite"
)

// guardEvents is the size of the grown campaigns the guards replay.
const guardEvents = 3000

// openGrown opens a copy of the game's grown guard campaign.
func openGrown(t *testing.T, game string) (*sqlite.Store, string) {
	t.Helper()
	db, name := growCampaign(t, game, guardEvents)
	store, err := sqlite.Open(db, sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	return store, name
}

// Every payload of every game decodes through the registry (hand-written
// decoders and goccy/go-json) to exactly what encoding/json gives: the fast
// path changes nothing a replay sees.
func TestRegistryDecodesAsEncodingJSON(t *testing.T) {
	for _, game := range benchGames() {
		t.Run(game, func(t *testing.T) {
			store, name := openGrown(t, game)
			reg := campaigns.New(store, Engines()...).Registry()
			types := map[string]bool{}
			err := store.Load(context.Background(), name, 0, func(e events.Event) error {
				got, err := reg.Decode(e)
				if err != nil {
					return err
				}
				want := reflect.New(reflect.TypeOf(got))
				if err := json.Unmarshal(e.Data, want.Interface()); err != nil {
					return err
				}
				if !reflect.DeepEqual(got, want.Elem().Interface()) {
					t.Errorf("event %d (%s) %s:\n got %#v\nwant %#v", e.Version, e.Type, e.Data, got, want.Elem().Interface())
				}
				types[e.Type] = true
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if len(types) < 8 {
				t.Errorf("the grown campaign has only %d event types: the walk proved little", len(types))
			}
		})
	}
}

// replayBudget is the most a replay may allocate per event, whole log,
// no snapshot. Measured at 450 to 770 bytes per event across the games
// (the payload strings the driver returns are most of it); a change that
// doubles it fails here before it shows in the benchmarks.
const (
	replayBudget      = 512 // bytes allocated per event
	replayAllocBudget = 4   // allocations per event
)

// A replay allocates no more than the budgets per event, in bytes and in
// allocations: the guard against a decoder, a reader or an Apply that
// starts copying what it need not (a string per column, a payload boxed
// in an interface). The grown campaigns are long enough that the replay
// reads them through SQLite's C-level API, as any long replay does.
func TestReplayAllocationBudget(t *testing.T) {
	ctx := context.Background()
	for _, game := range benchGames() {
		t.Run(game, func(t *testing.T) {
			store, name := openGrown(t, game)
			svc := campaigns.New(store, Engines()...)
			svc.SnapshotEvery(0)
			if _, err := svc.Load(ctx, name); err != nil { // warm the statement cache
				t.Fatal(err)
			}
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			st, err := svc.Load(ctx, name)
			runtime.ReadMemStats(&after)
			if err != nil {
				t.Fatal(err)
			}
			perEvent := float64(after.TotalAlloc-before.TotalAlloc) / float64(st.Version)
			allocs := float64(after.Mallocs-before.Mallocs) / float64(st.Version)
			t.Logf("%s: %.0f bytes in %.2f allocations per event over %d events", game, perEvent, allocs, st.Version)
			if perEvent > replayBudget {
				t.Errorf("replay allocates %.0f bytes per event; the budget is %d", perEvent, replayBudget)
			}
			if allocs > replayAllocBudget {
				t.Errorf("replay makes %.2f allocations per event; the budget is %d", allocs, replayAllocBudget)
			}
		})
	}
}

// plainStore is a store with none of the SQLite store's shortcuts: events
// are read through Load, one Go value per row, as any store's.
type plainStore struct{ events.Store }

// plainEngine is an engine folded only through Apply, every payload
// decoded through the registry into an interface (no kit ApplyData).
type plainEngine struct{ engines.Engine }

// The fast replay (rows read through the C-level API, facts folded typed
// from their bytes) gives the state the plain one gives (database/sql rows,
// payloads decoded through the registry, Apply), every view of it, on each
// game's grown campaign.
func TestFastReplayEquivalence(t *testing.T) {
	ctx := context.Background()
	for _, game := range benchGames() {
		t.Run(game, func(t *testing.T) {
			store, name := openGrown(t, game)
			fast := campaigns.New(store, Engines()...)
			fast.SnapshotEvery(0)
			var plainEngines []engines.Engine
			for _, e := range Engines() {
				plainEngines = append(plainEngines, plainEngine{e})
			}
			plain := campaigns.New(plainStore{store}, plainEngines...)
			plain.SnapshotEvery(0)
			a, err := fast.Load(ctx, name)
			if err != nil {
				t.Fatal(err)
			}
			key := a.Key
			b, err := plain.Load(ctx, key)
			if err != nil {
				t.Fatal(err)
			}
			a.Name = b.Name
			if va, vb := view(t, a), view(t, b); va != vb {
				t.Errorf("the fast replay gives\n%s\nthe plain one\n%s", va, vb)
			}
			if a.Version < guardEvents {
				t.Errorf("replayed %d events; the grown campaign has %d", a.Version, guardEvents)
			}
		})
	}
}

// After every action a command loads the campaign from a snapshot at most
// DefaultSnapshotEvery events (and one action) old, whatever the campaign's
// length: on a grown campaign of each game, free rolls past more than one
// snapshot interval.
func TestSnapshotFreshness(t *testing.T) {
	ctx := context.Background()
	for _, game := range benchGames() {
		t.Run(game, func(t *testing.T) {
			store, name := openGrown(t, game)
			svc := campaigns.New(store, Engines()...)
			grown := int64(0)
			for i := 0; i < campaigns.DefaultSnapshotEvery/2+10; i++ { // two events a roll
				if _, err := svc.FreeRoll(ctx, name, "d6", "freshness", campaigns.Options{}); err != nil {
					t.Fatal(err)
				}
				st, err := svc.Load(ctx, name)
				if err != nil {
					t.Fatal(err)
				}
				if grown == 0 {
					grown = st.Version - 2
				}
				if folded := st.Version - st.Base(); st.Base() == 0 || folded > campaigns.DefaultSnapshotEvery+2 {
					t.Fatalf("after roll %d the load folded %d events after its snapshot (at %d of %d); at most %d should be left",
						i+1, folded, st.Base(), st.Version, campaigns.DefaultSnapshotEvery+2)
				}
				// Once a roll has saved a snapshot, free rolls add nothing to
				// the history: every later snapshot is cheap, so due an
				// eighth as often.
				if folded := st.Version - st.Base(); st.Base() > grown && folded > campaigns.CheapSnapshotEvery+2 {
					t.Fatalf("after roll %d the load folded %d events after its snapshot (at %d of %d), though saving one shared the history; at most %d should be left",
						i+1, folded, st.Base(), st.Version, campaigns.CheapSnapshotEvery+2)
				}
			}
			if st, err := svc.Load(ctx, name); err != nil || st.Base() <= grown {
				t.Fatalf("no roll saved a snapshot (base %d, log grown to %d): %v", st.Base(), grown, err)
			}
		})
	}
}

// Every game's generated snapshot decoder (kit.SnapshotDecoder, written by
// internal/factgen) reads the state of a grown campaign to exactly what
// encoding/json reads from the same snapshot.
func TestSnapshotDecodersAsEncodingJSON(t *testing.T) {
	for _, game := range benchGames() {
		t.Run(game, func(t *testing.T) {
			store, name := openGrown(t, game)
			svc := campaigns.New(store, Engines()...)
			svc.SnapshotEvery(0)
			st, err := svc.Load(context.Background(), name)
			if err != nil {
				t.Fatal(err)
			}
			sn, ok := st.Engine().(engines.Snapshotter)
			if !ok {
				t.Fatalf("%s keeps no snapshots", game)
			}
			data, _, err := sn.EncodeState(st.Game)
			if err != nil {
				t.Fatal(err)
			}
			got := st.Engine().NewState(st.Campaign)
			dec, ok := got.(kit.SnapshotDecoder)
			if !ok {
				t.Fatalf("%s's state has no generated snapshot decoder: run go generate in engines/%s", game, game)
			}
			if err := dec.DecodeSnapshot(data); err != nil {
				t.Fatal(err)
			}
			want := st.Engine().NewState(st.Campaign)
			if err := json.Unmarshal(data, want); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("the generated decoder reads\n%#v\nwhere encoding/json reads\n%#v\nfrom %s", got, want, data)
			}
			if len(data) < 500 {
				t.Errorf("the grown state's snapshot is only %d bytes: the test proved little", len(data))
			}
		})
	}
}
