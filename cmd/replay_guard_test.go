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
const replayBudget = 1536

// A replay allocates no more than the budget per event: the guard against
// a decoder or an Apply that starts copying what it need not.
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
			t.Logf("%s: %.0f bytes allocated per event over %d events", game, perEvent, st.Version)
			if perEvent > replayBudget {
				t.Errorf("replay allocates %.0f bytes per event; the budget is %d", perEvent, replayBudget)
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
