// Package storetest is the test suite every events.Store implementation
// runs, so that the SQLite store and any later server store keep one
// contract (after hallgren/eventsourcing's core/testsuite):
//
//	func TestStore(t *testing.T) {
//		storetest.Run(t, func(t *testing.T) events.Store { return mustOpen(t) })
//	}
//
// open must return a fresh, empty store and close it itself (t.Cleanup).
package storetest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"warlog/events"
)

// Option adds a backend-specific capability to the suite.
type Option func(*config)

type config struct {
	failOn func(t *testing.T, s events.Store) string
}

// WithFailure lets the suite inject a real failure in the middle of an
// append: arm makes the store fail when it writes an event of the returned
// type (an SQLite trigger, a server-side check...). Without it the
// all-or-nothing test is skipped.
func WithFailure(arm func(t *testing.T, s events.Store) (failingType string)) Option {
	return func(c *config) { c.failOn = arm }
}

// Run runs the whole suite, each case against its own store from open:
// the contract every store keeps, through the package events functions
// (which use a capability where the store has it), and the test of each
// capability the store has. A store without snapshots, or without a way
// to inject a failure, runs no test of them, rather than a skipped one.
func Run(t *testing.T, open func(t *testing.T) events.Store, opts ...Option) {
	var c config
	for _, o := range opts {
		o(&c)
	}
	probe := open(t)
	_, snapshots := probe.(events.Snapshots)
	_, directory := probe.(events.Directory)
	tests := []struct {
		name string
		fn   func(t *testing.T, s events.Store)
	}{
		{"RoundTrip", testRoundTrip},
		{"ChainAcrossActions", testChainAcrossActions},
		{"LoadAfter", testLoadAfter},
		{"LoadStopsOnError", testLoadStopsOnError},
		{"Stream", testStream},
		{"Effect", testEffect},
		{"LoadTypes", testLoadTypes},
		{"Action", testAction},
		{"Version", testVersion},
		{"StreamsIndependent", testStreamsIndependent},
		{"Campaigns", testCampaigns},
		{"Settings", testSettings},
		{"Check", testCheck},
		{"EmptyAction", testEmptyAction},
		{"StaleVersion", testStaleVersion},
		{"RacingWriters", testRacingWriters},
		{"IdempotentRetry", testIdempotentRetry},
		{"ActionConflict", testActionConflict},
		{"WaitPast", testWaitPast},
	}
	if snapshots {
		tests = append(tests, struct {
			name string
			fn   func(t *testing.T, s events.Store)
		}{"Snapshots", testSnapshots})
	}
	if directory {
		tests = append(tests, struct {
			name string
			fn   func(t *testing.T, s events.Store)
		}{"Directory", testDirectory}, struct {
			name string
			fn   func(t *testing.T, s events.Store)
		}{"Import", testImport}, struct {
			name string
			fn   func(t *testing.T, s events.Store)
		}{"ImportStream", testImportStream}, struct {
			name string
			fn   func(t *testing.T, s events.Store)
		}{"DeleteHoldsWriters", testDeleteHoldsWriters})
	}
	if c.failOn != nil {
		tests = append(tests, struct {
			name string
			fn   func(t *testing.T, s events.Store)
		}{"AllOrNothing", func(t *testing.T, s events.Store) { testAllOrNothing(t, s, c.failOn) }})
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.fn(t, open(t))
		})
	}
}

// payload is a typical fact payload.
type payload struct {
	Name   string `json:"name"`
	Values []int  `json:"values,omitempty"`
	Note   string `json:"note,omitempty"`
}

func facts(n int, typ string) []events.Fact {
	out := make([]events.Fact, n)
	for i := range out {
		out[i] = events.Fact{Type: typ, Data: payload{Name: fmt.Sprintf("fact %d", i+1), Values: []int{i, i * 2}}}
	}
	return out
}

func mustAppend(t *testing.T, s events.Store, campaign string, expected int64, action string, fs []events.Fact) []events.Event {
	t.Helper()
	got, err := s.Append(context.Background(), campaign, expected, action, fs)
	if err != nil {
		t.Fatalf("Append(%q, %d, %q): %v", campaign, expected, action, err)
	}
	return got
}

func loadAll(t *testing.T, s events.Store, campaign string) []events.Event {
	t.Helper()
	var out []events.Event
	if err := s.Load(context.Background(), campaign, 0, func(e events.Event) error {
		out = append(out, e)
		return nil
	}); err != nil {
		t.Fatalf("Load(%q): %v", campaign, err)
	}
	return out
}

func version(t *testing.T, s events.Store, campaign string) int64 {
	t.Helper()
	v, err := events.Version(context.Background(), s, campaign)
	if err != nil {
		t.Fatalf("Version(%q): %v", campaign, err)
	}
	return v
}

// sameEvent compares two envelopes field by field (times by instant).
func sameEvent(a, b events.Event) error {
	switch {
	case a.Seq != b.Seq:
		return fmt.Errorf("seq %d, want %d", a.Seq, b.Seq)
	case a.Campaign != b.Campaign:
		return fmt.Errorf("campaign %q, want %q", a.Campaign, b.Campaign)
	case a.Version != b.Version:
		return fmt.Errorf("version %d, want %d", a.Version, b.Version)
	case a.Action != b.Action:
		return fmt.Errorf("action %q, want %q", a.Action, b.Action)
	case a.Type != b.Type:
		return fmt.Errorf("type %q, want %q", a.Type, b.Type)
	case !bytes.Equal(a.Data, b.Data):
		return fmt.Errorf("data %s, want %s", a.Data, b.Data)
	case !a.At.Equal(b.At):
		return fmt.Errorf("at %v, want %v", a.At, b.At)
	case a.Prev != b.Prev:
		return fmt.Errorf("prev %s, want %s", a.Prev, b.Prev)
	case a.Hash != b.Hash:
		return fmt.Errorf("hash %s, want %s", a.Hash, b.Hash)
	}
	return nil
}

func sameEvents(t *testing.T, what string, got, want []events.Event) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: got %d events, want %d", what, len(got), len(want))
	}
	for i := range got {
		if err := sameEvent(got[i], want[i]); err != nil {
			t.Errorf("%s: event %d: %v", what, i, err)
		}
	}
}

// checkChain checks versions 1..N, the prev links and every hash of a
// whole stream as loaded.
func checkChain(t *testing.T, evs []events.Event) {
	t.Helper()
	prev := events.Genesis
	var seq int64
	for i, e := range evs {
		if e.Version != int64(i+1) {
			t.Errorf("event %d has version %d, want %d", i, e.Version, i+1)
		}
		if e.Prev != prev {
			t.Errorf("version %d: prev %s, want %s", e.Version, e.Prev, prev)
		}
		if h := events.Hash(e.Prev, e); e.Hash != h {
			t.Errorf("version %d: hash %s, want %s", e.Version, e.Hash, h)
		}
		if e.Seq <= seq {
			t.Errorf("version %d: seq %d not after %d", e.Version, e.Seq, seq)
		}
		prev, seq = e.Hash, e.Seq
	}
}

func testRoundTrip(t *testing.T, s events.Store) {
	ctx := context.Background()
	raw := json.RawMessage(`{"raw":true,"n":[1,2,3]}`)
	in := []events.Fact{
		{Type: "test.begun", Data: payload{Name: "Bors", Note: "ünïcödé \"quoted\" \\ and \n newline"}},
		{Type: "test.rolled", Data: payload{Name: "d6", Values: []int{6, 1, 3}}},
		{Type: "test.raw", Data: raw},
		{Type: "test.empty", Data: nil},
		{Type: "test.map", Data: map[string]any{"k": 1.5, "z": []string{"a"}}},
	}
	before := time.Now().Add(-time.Second)
	got := mustAppend(t, s, "Autumn League", 0, "act-1", in)
	after := time.Now().Add(time.Second)
	if len(got) != len(in) {
		t.Fatalf("Append returned %d events, want %d", len(got), len(in))
	}
	for i, e := range got {
		want, err := events.Marshal(in[i])
		if err != nil {
			t.Fatal(err)
		}
		if e.Campaign != "Autumn League" || e.Action != "act-1" || e.Type != in[i].Type || e.Version != int64(i+1) {
			t.Errorf("event %d = %s/%d/%s/%s, want Autumn League/%d/act-1/%s", i, e.Campaign, e.Version, e.Action, e.Type, i+1, in[i].Type)
		}
		if !bytes.Equal(e.Data, want) {
			t.Errorf("event %d data = %s, want %s", i, e.Data, want)
		}
		if e.At.Before(before) || e.At.After(after) {
			t.Errorf("event %d at = %v, want between %v and %v", i, e.At, before, after)
		}
		if !e.At.Equal(got[0].At) {
			t.Errorf("event %d at = %v, want the action's one time %v", i, e.At, got[0].At)
		}
	}
	var p payload
	if err := json.Unmarshal(got[1].Data, &p); err != nil || p.Name != "d6" || !slices.Equal(p.Values, []int{6, 1, 3}) {
		t.Errorf("payload decodes to %+v (%v), want d6 [6 1 3]", p, err)
	}
	if string(got[3].Data) != "{}" {
		t.Errorf("nil payload stored as %s, want {}", got[3].Data)
	}
	loaded := loadAll(t, s, "Autumn League")
	sameEvents(t, "Load after Append", loaded, got)
	checkChain(t, loaded)
	if loaded[0].Prev != events.Genesis {
		t.Errorf("first prev = %s, want Genesis", loaded[0].Prev)
	}
	var q payload
	if err := json.Unmarshal(loaded[0].Data, &q); err != nil || q.Note != in[0].Data.(payload).Note {
		t.Errorf("text payload round trip: got %q (%v), want %q", q.Note, err, in[0].Data.(payload).Note)
	}
	if r, err := events.VerifyStream(ctx, s, "Autumn League"); err != nil || r.Events != 5 || r.Head != got[4].Hash {
		t.Errorf("VerifyStream = %+v, %v; want 5 events, head %s", r, err, got[4].Hash)
	}
}

func testChainAcrossActions(t *testing.T, s events.Store) {
	var all []events.Event
	v := int64(0)
	for i := range 6 {
		got := mustAppend(t, s, "c", v, fmt.Sprintf("a%d", i), facts(i%3+1, "test.fact"))
		if got[0].Version != v+1 {
			t.Errorf("action %d starts at version %d, want %d", i, got[0].Version, v+1)
		}
		if want := events.Genesis; len(all) > 0 {
			want = all[len(all)-1].Hash
			if got[0].Prev != want {
				t.Errorf("action %d: first prev %s, want the previous head %s", i, got[0].Prev, want)
			}
		} else if got[0].Prev != want {
			t.Errorf("first prev %s, want Genesis", got[0].Prev)
		}
		all = append(all, got...)
		v += int64(len(got))
	}
	loaded := loadAll(t, s, "c")
	sameEvents(t, "six actions", loaded, all)
	checkChain(t, loaded)
	if got := version(t, s, "c"); got != v {
		t.Errorf("Version = %d, want %d", got, v)
	}
	r, err := events.VerifyStream(context.Background(), s, "c")
	if err != nil || r.Events != v || r.Head != all[len(all)-1].Hash {
		t.Errorf("VerifyStream = %+v, %v; want %d events", r, err, v)
	}
}

func testLoadAfter(t *testing.T, s events.Store) {
	all := mustAppend(t, s, "c", 0, "a", facts(5, "test.fact"))
	for after := int64(0); after <= 6; after++ {
		var got []events.Event
		if err := s.Load(context.Background(), "c", after, func(e events.Event) error {
			got = append(got, e)
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		want := all[min(after, 5):]
		sameEvents(t, fmt.Sprintf("Load after %d", after), got, want)
	}
	n := 0
	if err := s.Load(context.Background(), "nobody", 0, func(events.Event) error { n++; return nil }); err != nil || n != 0 {
		t.Errorf("Load of an unknown stream: %d events, %v; want 0, nil", n, err)
	}
}

// Stream gives what Load gives, minus Seq and Prev, for every start:
// actions that begin with action.begun (as warlog writes them) and actions
// that do not.
func testStream(t *testing.T, s events.Store) {
	mustAppend(t, s, "c", 0, "a", facts(3, "test.fact"))
	mustAppend(t, s, "other", 0, "x", facts(2, "test.fact"))
	mustAppend(t, s, "c", 3, "b", facts(2, "test.other"))
	mustAppend(t, s, "c", 5, "d", append(facts(1, events.TypeActionBegun), facts(2, "test.fact")...))
	mustAppend(t, s, "c", 8, "e", append(facts(1, events.TypeActionBegun), facts(1, "test.other")...))
	mustAppend(t, s, "c", 10, "f", facts(2, "test.fact"))
	all := loadAll(t, s, "c")
	for after := int64(0); after <= int64(len(all))+1; after++ {
		var got []events.Event
		if err := events.Stream(context.Background(), s, "c", after, func(e *events.Event) error {
			c := *e
			c.Data = append(json.RawMessage(nil), e.Data...) // valid only during the call
			got = append(got, c)
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		want := all[min(after, int64(len(all))):]
		if len(got) != len(want) {
			t.Fatalf("Stream after %d: %d events, want %d", after, len(got), len(want))
		}
		for i := range got {
			w := want[i]
			w.Seq, w.Prev = 0, ""
			if i < len(got)-1 {
				w.Hash = "" // only the head's is given
			}
			g := got[i]
			g.Seq, g.Prev = 0, ""
			if err := sameEvent(g, w); err != nil {
				t.Errorf("Stream after %d, event %d: %v", after, i, err)
			}
		}
	}
	stop := errors.New("stop here")
	if err := events.Stream(context.Background(), s, "c", 0, func(*events.Event) error { return stop }); !errors.Is(err, stop) {
		t.Errorf("Stream returned %v, want fn's error", err)
	}
}

// A store that keeps snapshots returns the newest valid ones first, only
// those whose head matches the log and whose key is asked for, keeps a few
// per campaign, and drops them all on request.
func testSnapshots(t *testing.T, s events.Store) {
	snaps := s.(events.Snapshots)
	ctx := context.Background()
	evs := mustAppend(t, s, "c", 0, "a", facts(9, "test.fact"))
	save := func(v int64, head, key, data string) {
		t.Helper()
		if err := snaps.SaveSnapshot(ctx, events.Snapshot{Campaign: "c", Version: v, Head: head, Key: key, Data: []byte(data)}); err != nil {
			t.Fatal(err)
		}
	}
	list := func(key string, upTo int64) []string {
		t.Helper()
		var out []string
		if err := snaps.EachSnapshot(ctx, "c", key, upTo, func(sn events.Snapshot) bool {
			out = append(out, fmt.Sprintf("%d:%s", sn.Version, sn.Data))
			return true
		}); err != nil {
			t.Fatal(err)
		}
		return out
	}
	save(2, evs[1].Hash, "k", "two")
	save(3, "not the hash at 3", "k", "forged")
	save(4, evs[3].Hash, "k", "four")
	save(4, evs[3].Hash, "k", "four again")
	if got := fmt.Sprint(list("k", 9)); got != "[4:four again 2:two]" {
		t.Errorf("snapshots: %s; want the newest first, replaced in place, without the one of another history", got)
	}
	if got := fmt.Sprint(list("k", 3)); got != "[2:two]" {
		t.Errorf("snapshots up to 3: %s", got)
	}
	// The audit (verify's view) lists every stored one, oldest first, read
	// whole, the one of another history with its fault.
	audit := func(key string) string {
		t.Helper()
		as, err := snaps.AuditSnapshots(ctx, "c", key)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, a := range as {
			out = append(out, fmt.Sprintf("%d:%s:%s:%t", a.Version, a.Data, a.Parts, a.Fault != ""))
		}
		return fmt.Sprint(out)
	}
	if got := audit("k"); got != "[2:two::false 3:forged::true 4:four again::false]" {
		t.Errorf("audit of key k: %s", got)
	}
	if err := snaps.SaveSnapshot(ctx, events.Snapshot{Campaign: "c", Version: 3, Head: evs[2].Hash, Key: "parts", Data: []byte("state"), Parts: []byte("history")}); err != nil {
		t.Fatal(err)
	}
	err := snaps.EachSnapshot(ctx, "c", "parts", 9, func(sn events.Snapshot) bool {
		if parts, err := sn.LoadParts(); err != nil || string(parts) != "history" || string(sn.Data) != "state" {
			t.Errorf("a snapshot with parts read back as %q and %q (%v)", sn.Data, parts, err)
		}
		return false
	})
	if err != nil {
		t.Fatal(err)
	}
	if got := list("other key", 9); len(got) != 0 {
		t.Errorf("snapshots of another key: %v", got)
	}
	if got := audit("parts"); got != "[3:state:history:false]" {
		t.Errorf("audit of key parts: %s", got)
	}
	for v := int64(5); v <= 9; v++ {
		save(v, evs[v-1].Hash, "k", fmt.Sprint(v))
	}
	if got := list("k", 9); len(got) < 1 || len(got) > 8 || got[0] != "9:9" {
		t.Errorf("after 7 snapshots: %v; want a few, newest first", got)
	}
	save(9, evs[8].Hash, "new rules", "n")
	if got := list("k", 9); len(got) != 0 {
		t.Errorf("a snapshot of a new key left the old key's: %v", got)
	}
	// A snapshot at a version the log does not hold (a campaign deleted
	// while a command folded it) is not kept.
	if err := snaps.SaveSnapshot(ctx, events.Snapshot{Campaign: "c", Version: 10, Head: "none", Key: "new rules", Data: []byte("beyond")}); err != nil {
		t.Fatal(err)
	}
	if err := snaps.SaveSnapshot(ctx, events.Snapshot{Campaign: "gone", Version: 1, Head: "none", Key: "k", Data: []byte("orphan")}); err != nil {
		t.Fatal(err)
	}
	if got := audit("new rules"); got != "[9:n::false]" {
		t.Errorf("after a snapshot beyond the log: %s", got)
	}
	if as, err := snaps.AuditSnapshots(ctx, "gone", "k"); err != nil || len(as) != 0 {
		t.Errorf("a campaign without events keeps snapshots %v (%v)", as, err)
	}
	n, err := snaps.DropSnapshots(ctx)
	if err != nil || n != 1 {
		t.Errorf("DropSnapshots: %d, %v; want 1", n, err)
	}
	if got := list("new rules", 9); len(got) != 0 {
		t.Errorf("after drop: %v", got)
	}
	if got := loadAll(t, s, "c"); len(got) != 9 {
		t.Errorf("dropping snapshots changed the log: %d events", len(got))
	}
}

// plainStore hides a store's optional fast paths.
type plainStore struct{ events.Store }

// The undo bookkeeping reads the same through a store's own fast path as
// through LoadTypes, from the start and from any version.
func testEffect(t *testing.T, s events.Store) {
	ref := func(typ, action string, v int64) events.Fact {
		return events.Fact{Type: typ, Data: events.ActionRef{Action: action, Version: v}}
	}
	mustAppend(t, s, "c", 0, "a", facts(2, "test.fact"))
	mustAppend(t, s, "c", 2, "b", facts(2, "test.fact"))
	mustAppend(t, s, "c", 4, "u1", []events.Fact{{Type: events.TypeActionBegun}, ref(events.TypeActionUndone, "b", 3), ref(events.TypeActionUndone, "a", 1)})
	mustAppend(t, s, "c", 7, "r1", []events.Fact{{Type: events.TypeActionBegun}, ref(events.TypeActionRedone, "a", 1)})
	mustAppend(t, s, "other", 0, "x", []events.Fact{ref(events.TypeActionUndone, "zz", 1)})
	for after := int64(0); after <= 9; after++ {
		fast, err := events.LoadEffect(context.Background(), s, "c", after)
		if err != nil {
			t.Fatal(err)
		}
		slow, err := events.LoadEffect(context.Background(), plainStore{s}, "c", after)
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(fast) != fmt.Sprint(slow) {
			t.Errorf("after %d: %+v, through LoadTypes %+v", after, fast, slow)
		}
		if after == 0 && (!fast.Undone["b"] || fast.Undone["a"] || len(fast.Changes) != 3) {
			t.Errorf("the bookkeeping from the start: %+v; want b undone, a undone then redone", fast)
		}
	}
}

func testLoadStopsOnError(t *testing.T, s events.Store) {
	mustAppend(t, s, "c", 0, "a", facts(5, "test.fact"))
	stop := errors.New("stop here")
	n := 0
	err := s.Load(context.Background(), "c", 0, func(e events.Event) error {
		n++
		if e.Version == 2 {
			return stop
		}
		return nil
	})
	if !errors.Is(err, stop) || n != 2 {
		t.Errorf("Load with a failing fn: %d calls, %v; want 2 calls, %v", n, err, stop)
	}
	n = 0
	err = events.LoadTypes(context.Background(), s, "c", 0, []string{"test.fact"}, func(events.Event) error { n++; return stop })
	if !errors.Is(err, stop) || n != 1 {
		t.Errorf("LoadTypes with a failing fn: %d calls, %v; want 1 call, %v", n, err, stop)
	}
}

func testLoadTypes(t *testing.T, s events.Store) {
	mustAppend(t, s, "c", 0, "a1", []events.Fact{{Type: "x.a"}, {Type: "x.b"}, {Type: "x.c"}})
	mustAppend(t, s, "c", 3, "a2", []events.Fact{{Type: "x.c"}, {Type: "x.a"}, {Type: "x.d"}})
	mustAppend(t, s, "other", 0, "a1", []events.Fact{{Type: "x.a"}})
	cases := []struct {
		after int64
		types []string
		want  []int64
	}{
		{0, []string{"x.a"}, []int64{1, 5}},
		{0, []string{"x.c", "x.a"}, []int64{1, 3, 4, 5}},
		{0, []string{"x.d", "x.b"}, []int64{2, 6}},
		{0, []string{"x.none"}, nil},
		{0, nil, nil},
		{1, []string{"x.a"}, []int64{5}},
		{3, []string{"x.c", "x.a"}, []int64{4, 5}},
		{5, []string{"x.a"}, nil},
	}
	for _, c := range cases {
		var got []int64
		err := events.LoadTypes(context.Background(), s, "c", c.after, c.types, func(e events.Event) error {
			if !slices.Contains(c.types, e.Type) || e.Campaign != "c" {
				t.Errorf("LoadTypes(%v) gave %s of %s", c.types, e.Type, e.Campaign)
			}
			got = append(got, e.Version)
			return nil
		})
		if err != nil || !slices.Equal(got, c.want) {
			t.Errorf("LoadTypes(after %d, %v) versions = %v, %v; want %v", c.after, c.types, got, err, c.want)
		}
	}
}

func testAction(t *testing.T, s events.Store) {
	ctx := context.Background()
	a1 := mustAppend(t, s, "c", 0, "a1", facts(2, "test.fact"))
	a2 := mustAppend(t, s, "c", 2, "a2", facts(3, "test.fact"))
	mustAppend(t, s, "d", 0, "a2", facts(1, "test.other"))
	for _, c := range []struct {
		action string
		want   []events.Event
	}{{"a1", a1}, {"a2", a2}} {
		got, err := events.Action(ctx, s, "c", c.action)
		if err != nil {
			t.Fatal(err)
		}
		sameEvents(t, "Action "+c.action, got, c.want)
	}
	for _, q := range [][2]string{{"c", "a3"}, {"c", "a"}, {"nobody", "a1"}, {"d", "a1"}} {
		got, err := events.Action(ctx, s, q[0], q[1])
		if err != nil || len(got) != 0 {
			t.Errorf("Action(%q, %q) = %d events, %v; want none", q[0], q[1], len(got), err)
		}
	}
	got, err := events.Action(ctx, s, "d", "a2")
	if err != nil || len(got) != 1 || got[0].Type != "test.other" {
		t.Errorf("Action(d, a2) = %v, %v; want the one event of stream d", got, err)
	}
}

func testVersion(t *testing.T, s events.Store) {
	if v := version(t, s, "c"); v != 0 {
		t.Errorf("Version of an empty stream = %d, want 0", v)
	}
	mustAppend(t, s, "c", 0, "a1", facts(3, "test.fact"))
	if v := version(t, s, "c"); v != 3 {
		t.Errorf("Version = %d, want 3", v)
	}
	mustAppend(t, s, "c", 3, "a2", facts(1, "test.fact"))
	if v := version(t, s, "c"); v != 4 {
		t.Errorf("Version = %d, want 4", v)
	}
	if v := version(t, s, "C"); v != 0 {
		t.Errorf("Version of stream C = %d, want 0 (names are case-sensitive)", v)
	}
}

func testStreamsIndependent(t *testing.T, s events.Store) {
	a := mustAppend(t, s, "a", 0, "x1", facts(2, "test.fact"))
	b := mustAppend(t, s, "b", 0, "x1", facts(3, "test.fact"))
	a2 := mustAppend(t, s, "a", 2, "x2", facts(1, "test.fact"))
	if b[0].Version != 1 || b[0].Prev != events.Genesis {
		t.Errorf("stream b starts at version %d prev %s; want 1 and Genesis", b[0].Version, b[0].Prev)
	}
	if a2[0].Version != 3 || a2[0].Prev != a[1].Hash {
		t.Errorf("stream a continues at version %d prev %s; want 3 after %s", a2[0].Version, a2[0].Prev, a[1].Hash)
	}
	checkChain(t, loadAll(t, s, "a"))
	checkChain(t, loadAll(t, s, "b"))
	if n := len(loadAll(t, s, "a")); n != 3 {
		t.Errorf("stream a has %d events, want 3", n)
	}
}

func testCampaigns(t *testing.T, s events.Store) {
	ctx := context.Background()
	got, err := s.Campaigns(ctx)
	if err != nil || len(got) != 0 {
		t.Errorf("Campaigns of an empty store = %v, %v; want none", got, err)
	}
	mustAppend(t, s, "zeta", 0, "a", facts(1, "test.fact"))
	mustAppend(t, s, "alpha", 0, "a", facts(2, "test.fact"))
	mustAppend(t, s, "zeta", 1, "b", facts(1, "test.fact"))
	mustAppend(t, s, "mid", 0, "a", facts(1, "test.fact"))
	mustAppend(t, s, "alpha", 2, "b", facts(1, "test.fact"))
	got, err = s.Campaigns(ctx)
	if want := []string{"zeta", "alpha", "mid"}; err != nil || !slices.Equal(got, want) {
		t.Errorf("Campaigns = %v, %v; want %v (oldest first)", got, err, want)
	}
}

func testSettings(t *testing.T, s events.Store) {
	ctx := context.Background()
	get := func(k string) string {
		t.Helper()
		v, err := events.Setting(ctx, s, k)
		if err != nil {
			t.Fatalf("Setting(%q): %v", k, err)
		}
		return v
	}
	if v := get("campaign"); v != "" {
		t.Errorf("unset setting = %q, want empty", v)
	}
	for _, kv := range [][2]string{{"campaign", "Autumn League"}, {"other", "x"}, {"campaign", "Winter's Tale"}} {
		if err := events.SetSetting(ctx, s, kv[0], kv[1]); err != nil {
			t.Fatalf("SetSetting(%q): %v", kv[0], err)
		}
	}
	if v := get("campaign"); v != "Winter's Tale" {
		t.Errorf("setting campaign = %q, want the newer value", v)
	}
	if v := get("other"); v != "x" {
		t.Errorf("setting other = %q, want x", v)
	}
	if c, _ := s.Campaigns(ctx); len(c) != 0 {
		t.Errorf("settings created streams %v", c)
	}
}

func testCheck(t *testing.T, s events.Store) {
	mustAppend(t, s, "c", 0, "a", facts(3, "test.fact"))
	if err := events.Check(context.Background(), s); err != nil {
		t.Errorf("Check of a healthy store: %v", err)
	}
}

func testEmptyAction(t *testing.T, s events.Store) {
	if _, err := s.Append(context.Background(), "c", 0, "a", nil); err == nil {
		t.Errorf("Append of no facts succeeded; want an error")
	}
	if v := version(t, s, "c"); v != 0 {
		t.Errorf("after an empty append Version = %d, want 0", v)
	}
}

func testStaleVersion(t *testing.T, s events.Store) {
	ctx := context.Background()
	mustAppend(t, s, "c", 0, "a1", facts(2, "test.fact"))
	mustAppend(t, s, "c", 2, "a2", facts(2, "test.fact"))
	before := loadAll(t, s, "c")
	for _, expected := range []int64{0, 1, 2, 3, 5, 100} {
		got, err := s.Append(ctx, "c", expected, fmt.Sprintf("late-%d", expected), facts(3, "test.late"))
		if !errors.Is(err, events.ErrConcurrency) {
			t.Errorf("Append at expected %d of a stream at 4: %v, want ErrConcurrency", expected, err)
		}
		if got != nil {
			t.Errorf("Append at expected %d returned %d events, want none", expected, len(got))
		}
	}
	sameEvents(t, "after stale appends", loadAll(t, s, "c"), before)
	for _, expected := range []int64{0, 1, 2, 3, 5} {
		if ev, err := events.Action(ctx, s, "c", fmt.Sprintf("late-%d", expected)); err != nil || len(ev) != 0 {
			t.Errorf("a refused action left %d events (%v)", len(ev), err)
		}
	}
	// The stream still takes the right version afterwards.
	got := mustAppend(t, s, "c", 4, "a3", facts(1, "test.fact"))
	if got[0].Version != 5 || got[0].Prev != before[3].Hash {
		t.Errorf("append after the refusals: version %d prev %s, want 5 after %s", got[0].Version, got[0].Prev, before[3].Hash)
	}
	// An empty stream refuses any expected version but 0.
	if _, err := s.Append(ctx, "new", 1, "x", facts(1, "test.fact")); !errors.Is(err, events.ErrConcurrency) {
		t.Errorf("Append at expected 1 of an empty stream: %v, want ErrConcurrency", err)
	}
	if v := version(t, s, "new"); v != 0 {
		t.Errorf("refused first append left version %d", v)
	}
}

// testRacingWriters: writers that all read version 0 race; exactly one wins,
// the others get ErrConcurrency, and the stream holds only the winner.
func testRacingWriters(t *testing.T, s events.Store) {
	const n = 8
	var wg sync.WaitGroup
	errs := make([]error, n)
	start := make(chan struct{})
	for i := range n {
		wg.Go(func() {
			<-start
			_, errs[i] = s.Append(context.Background(), "c", 0, fmt.Sprintf("w%d", i), facts(3, "test.fact"))
		})
	}
	close(start)
	wg.Wait()
	won := -1
	for i, err := range errs {
		switch {
		case err == nil && won >= 0:
			t.Errorf("writers %d and %d both appended at version 0", won, i)
		case err == nil:
			won = i
		case !errors.Is(err, events.ErrConcurrency):
			t.Errorf("writer %d: %v, want ErrConcurrency", i, err)
		}
	}
	if won < 0 {
		t.Fatalf("no writer won")
	}
	evs := loadAll(t, s, "c")
	if len(evs) != 3 {
		t.Fatalf("stream has %d events, want the winner's 3", len(evs))
	}
	checkChain(t, evs)
	for _, e := range evs {
		if e.Action != fmt.Sprintf("w%d", won) {
			t.Errorf("version %d belongs to %s, want the winner w%d", e.Version, e.Action, won)
		}
	}
}

func testIdempotentRetry(t *testing.T, s events.Store) {
	ctx := context.Background()
	mustAppend(t, s, "c", 0, "first", facts(1, "test.fact"))
	fs := facts(3, "test.fact")
	stored := mustAppend(t, s, "c", 1, "retry-me", fs)
	// A retry carries the version the first try expected (stale now), the
	// current version, or any other: with the same content it is a no-op
	// that returns what was stored.
	for _, expected := range []int64{1, 4, 0, 9} {
		again, err := s.Append(ctx, "c", expected, "retry-me", facts(3, "test.fact"))
		if err != nil {
			t.Fatalf("retry at expected %d: %v, want the stored events", expected, err)
		}
		sameEvents(t, fmt.Sprintf("retry at expected %d", expected), again, stored)
	}
	// A raw payload with the same bytes is the same content.
	raw := make([]events.Fact, len(fs))
	for i, f := range fs {
		b, _ := events.Marshal(f)
		raw[i] = events.Fact{Type: f.Type, Data: json.RawMessage(b)}
	}
	if again, err := s.Append(ctx, "c", 4, "retry-me", raw); err != nil {
		t.Errorf("retry with raw JSON of the same content: %v", err)
	} else {
		sameEvents(t, "raw retry", again, stored)
	}
	if v := version(t, s, "c"); v != 4 {
		t.Errorf("after retries Version = %d, want 4 (nothing doubled)", v)
	}
	checkChain(t, loadAll(t, s, "c"))
	// The same action id in another stream is another action.
	other := mustAppend(t, s, "d", 0, "retry-me", facts(1, "test.other"))
	if other[0].Campaign != "d" || other[0].Version != 1 {
		t.Errorf("the id in stream d: %+v", other[0])
	}
}

func testActionConflict(t *testing.T, s events.Store) {
	ctx := context.Background()
	stored := mustAppend(t, s, "c", 0, "act", facts(2, "test.fact"))
	before := loadAll(t, s, "c")
	changedData := facts(2, "test.fact")
	changedData[1].Data = payload{Name: "fact 2", Values: []int{1, 3}}
	cases := []struct {
		name string
		fs   []events.Fact
	}{
		{"other data", changedData},
		{"other type", []events.Fact{stored2fact(stored[0]), {Type: "test.other", Data: json.RawMessage(stored[1].Data)}}},
		{"fewer facts", facts(1, "test.fact")},
		{"more facts", facts(3, "test.fact")},
		{"other order", []events.Fact{stored2fact(stored[1]), stored2fact(stored[0])}},
	}
	for _, c := range cases {
		for _, expected := range []int64{0, 2} {
			got, err := s.Append(ctx, "c", expected, "act", c.fs)
			if !errors.Is(err, events.ErrActionConflict) {
				t.Errorf("%s at expected %d: %v, want ErrActionConflict", c.name, expected, err)
			}
			if got != nil {
				t.Errorf("%s: returned %d events, want none", c.name, len(got))
			}
		}
	}
	sameEvents(t, "after conflicts", loadAll(t, s, "c"), before)
}

func stored2fact(e events.Event) events.Fact {
	return events.Fact{Type: e.Type, Data: json.RawMessage(e.Data)}
}

// testAllOrNothing appends [ok, ok, failing] with a real failure armed on
// the third: afterwards no trace of the action, and the stream goes on.
func testAllOrNothing(t *testing.T, s events.Store, arm func(*testing.T, events.Store) string) {
	ctx := context.Background()
	first := mustAppend(t, s, "c", 0, "before", facts(2, "test.fact"))
	boom := arm(t, s)
	for _, at := range []int{0, 1, 2} {
		fs := facts(3, "test.fact")
		fs[at].Type = boom
		got, err := s.Append(ctx, "c", 2, fmt.Sprintf("doomed-%d", at), fs)
		if err == nil {
			t.Fatalf("Append with a failing fact at %d succeeded (%d events)", at, len(got))
		}
		if errors.Is(err, events.ErrConcurrency) || errors.Is(err, events.ErrActionConflict) {
			t.Errorf("injected failure reported as %v", err)
		}
		if v := version(t, s, "c"); v != 2 {
			t.Errorf("failure at fact %d: Version = %d, want 2", at, v)
		}
		if ev, err := events.Action(ctx, s, "c", fmt.Sprintf("doomed-%d", at)); err != nil || len(ev) != 0 {
			t.Errorf("failure at fact %d left %d events of the action (%v)", at, len(ev), err)
		}
	}
	// The first action of a new stream fails too: no stream appears.
	if _, err := s.Append(ctx, "fresh", 0, "doomed", []events.Fact{{Type: "test.fact"}, {Type: boom}}); err == nil {
		t.Errorf("Append to a new stream with a failing fact succeeded")
	}
	if v := version(t, s, "fresh"); v != 0 {
		t.Errorf("failed first action of a stream left version %d", v)
	}
	sameEvents(t, "after failed appends", loadAll(t, s, "c"), first)
	var n int
	_ = events.LoadTypes(ctx, s, "c", 0, []string{"test.fact", boom}, func(events.Event) error { n++; return nil })
	if n != 2 {
		t.Errorf("LoadTypes sees %d events, want the 2 of the first action", n)
	}
	if c, _ := s.Campaigns(ctx); !slices.Equal(c, []string{"c"}) {
		t.Errorf("Campaigns = %v, want [c]", c)
	}
	// The failed action id is free; the stream continues at version 3
	// chained to the last good event.
	got := mustAppend(t, s, "c", 2, "doomed-2", facts(2, "test.fact"))
	if got[0].Version != 3 || got[0].Prev != first[1].Hash {
		t.Errorf("after the failure: version %d prev %s; want 3 after %s", got[0].Version, got[0].Prev, first[1].Hash)
	}
	checkChain(t, loadAll(t, s, "c"))
}

// testDirectory: names apart from keys, rename, archive and delete.
func testDirectory(t *testing.T, s events.Store) {
	ctx := context.Background()
	d := s.(events.Directory)
	mustAppend(t, s, "plain", 0, "a", facts(2, "test.fact"))
	if _, err := d.Create(ctx, events.Entry{Stream: "k1", Chain: "k1", Name: "Autumn"}, "a", facts(1, "test.fact")); err != nil {
		t.Fatalf("Create: %v", err)
	}
	if _, err := d.Create(ctx, events.Entry{Stream: "k2", Chain: "k2", Name: "Autumn"}, "a", facts(1, "test.fact")); !errors.Is(err, events.ErrNameTaken) {
		t.Errorf("Create under a taken name: %v, want ErrNameTaken", err)
	}
	if v := version(t, s, "k2"); v != 0 {
		t.Errorf("a refused Create wrote %d events", v)
	}
	lookup := func(name string) string {
		t.Helper()
		st, ok, err := d.Lookup(ctx, name)
		if err != nil {
			t.Fatalf("Lookup(%q): %v", name, err)
		}
		if !ok {
			return ""
		}
		return st
	}
	if got := lookup("Autumn"); got != "k1" {
		t.Errorf("Lookup(Autumn) = %q, want k1", got)
	}
	if got := lookup("plain"); got != "plain" {
		t.Errorf("Lookup(plain) = %q, want its key", got)
	}
	if err := d.Rename(ctx, "plain", "Autumn"); !errors.Is(err, events.ErrNameTaken) {
		t.Errorf("Rename to a taken name: %v, want ErrNameTaken", err)
	}
	before := loadAll(t, s, "plain")
	if err := d.Rename(ctx, "plain", "Winter"); err != nil {
		t.Fatalf("Rename: %v", err)
	}
	if got := lookup("plain"); got != "" {
		t.Errorf("the old name still finds %q", got)
	}
	if got := lookup("Winter"); got != "plain" {
		t.Errorf("Lookup(Winter) = %q, want plain", got)
	}
	sameEvents(t, "the renamed stream", loadAll(t, s, "plain"), before)
	if _, err := events.VerifyStream(ctx, s, "plain"); err != nil {
		t.Errorf("the renamed stream no longer verifies: %v", err)
	}
	// The old key is free as a name again, and a new stream may take it
	// under a key of its own.
	if _, err := d.Create(ctx, events.Entry{Stream: "plain~2", Chain: "plain~2", Name: "plain"}, "a", facts(1, "test.fact")); err != nil {
		t.Fatalf("Create under a freed name: %v", err)
	}
	if err := d.SetArchived(ctx, "k1", true); err != nil {
		t.Fatal(err)
	}
	es, err := d.Entries(ctx)
	if err != nil {
		t.Fatal(err)
	}
	want := []events.Entry{
		{Stream: "plain", Chain: "plain", Name: "Winter"},
		{Stream: "k1", Chain: "k1", Name: "Autumn", Archived: true},
		{Stream: "plain~2", Chain: "plain~2", Name: "plain"},
	}
	if !slices.Equal(es, want) {
		t.Errorf("Entries = %+v, want %+v", es, want)
	}
	if err := d.Delete(ctx, "k1", nil); err != nil {
		t.Fatalf("Delete: %v", err)
	}
	if v := version(t, s, "k1"); v != 0 || lookup("Autumn") != "" {
		t.Errorf("a deleted stream still has %d events", v)
	}
	if c, _ := s.Campaigns(ctx); !slices.Equal(c, []string{"plain", "plain~2"}) {
		t.Errorf("Campaigns after a delete = %v", c)
	}
	// The log stays append-only for everyone else.
	mustAppend(t, s, "plain", 2, "b", facts(1, "test.fact"))
	checkChain(t, loadAll(t, s, "plain"))
}

// testDeleteHoldsWriters: writers append to a stream while it is deleted.
// What Delete's last reads holds every action acknowledged, an append after
// the delete is refused, and nothing of the stream is left.
func testDeleteHoldsWriters(t *testing.T, s events.Store) {
	DeleteHoldsWriters(t, s.(events.Directory), func(int) events.Store { return s })
}

// DeleteHoldsWriters is testDeleteHoldsWriters with writers of their own:
// writer(i) is the store writer i appends through (another handle on the
// same database, say), d the one that deletes.
func DeleteHoldsWriters(t *testing.T, d events.Directory, writer func(i int) events.Store) {
	t.Helper()
	ctx := context.Background()
	if _, err := d.Create(ctx, events.Entry{Stream: "doomed", Chain: "doomed", Name: "Doomed"}, "created", facts(1, "test.fact")); err != nil {
		t.Fatal(err)
	}
	const writers = 4
	var mu sync.Mutex
	acked := map[string]bool{}
	var late []string // begun after the delete returned, and acknowledged
	deleted := make(chan struct{})
	enough := make(chan struct{})
	var once sync.Once
	var wg sync.WaitGroup
	for i := range writers {
		s := writer(i)
		wg.Go(func() {
			for n, tries := 0, 0; tries < 20; n++ { // 20 tries after the delete
				v, err := events.Version(ctx, s, "doomed")
				if err != nil {
					t.Errorf("writer %d: Version: %v", i, err)
					return
				}
				if v == 0 { // gone: a new append would make a new stream
					return
				}
				id := fmt.Sprintf("w%d-%d", i, n)
				after := false
				select {
				case <-deleted:
					after = true
					tries++
				default:
				}
				evs, err := s.Append(ctx, "doomed", v, id, facts(1, "test.fact"))
				if errors.Is(err, events.ErrConcurrency) {
					continue
				}
				if err != nil {
					t.Errorf("writer %d: Append: %v", i, err)
					return
				}
				// A command saves a snapshot of what it folded: one that
				// meets the delete is not kept.
				if snaps, ok := s.(events.Snapshots); ok && n%2 == 0 {
					last := evs[len(evs)-1]
					if err := snaps.SaveSnapshot(ctx, events.Snapshot{Campaign: "doomed", Version: last.Version, Head: last.Hash, Key: "k", Data: []byte("state"), Parts: []byte(id)}); err != nil {
						t.Errorf("writer %d: SaveSnapshot: %v", i, err)
						return
					}
				}
				mu.Lock()
				acked[id] = true
				if after {
					late = append(late, id)
				}
				if len(acked) >= 20 {
					once.Do(func() { close(enough) })
				}
				mu.Unlock()
			}
		})
	}
	select {
	case <-enough:
	case <-time.After(30 * time.Second):
		t.Fatal("the writers did not get 20 actions in")
	}
	exported := map[string]bool{}
	err := d.Delete(ctx, "doomed", func(ctx context.Context, held events.Store) error {
		time.Sleep(20 * time.Millisecond) // the writers keep trying meanwhile
		return held.Load(ctx, "doomed", 0, func(e events.Event) error {
			exported[e.Action] = true
			return nil
		})
	})
	close(deleted)
	if err != nil {
		t.Fatalf("Delete: %v", err)
	}
	wg.Wait()
	mu.Lock()
	defer mu.Unlock()
	for id := range acked {
		if !exported[id] {
			t.Errorf("action %s was acknowledged but is not in what the delete read", id)
		}
	}
	if len(late) > 0 {
		t.Errorf("actions %v were acknowledged after the delete", late)
	}
	st := d.(events.Store)
	if v := version(t, st, "doomed"); v != 0 {
		t.Errorf("the deleted stream has %d events", v)
	}
	if c, _ := st.Campaigns(ctx); slices.Contains(c, "doomed") {
		t.Errorf("Campaigns after a delete = %v", c)
	}
	if snaps, ok := st.(events.Snapshots); ok {
		// A command that folded the log before the delete saves after it.
		if err := snaps.SaveSnapshot(ctx, events.Snapshot{Campaign: "doomed", Version: 2, Head: "folded before", Key: "k", Data: []byte("late"), Parts: []byte("late")}); err != nil {
			t.Errorf("SaveSnapshot after the delete: %v", err)
		}
		if as, err := snaps.AuditSnapshots(ctx, "doomed", "k"); err != nil || len(as) > 0 {
			t.Errorf("the deleted stream keeps %d snapshots (%v)", len(as), err)
		}
	}
}

// testImport: events chained elsewhere are stored exactly, a continuation
// appends, a copy keeps its chain under a key of its own, and nothing that
// does not chain is written.
func testImport(t *testing.T, s events.Store) {
	ctx := context.Background()
	d := s.(events.Directory)
	mustAppend(t, s, "c", 0, "a", facts(2, "test.fact"))
	mustAppend(t, s, "c", 2, "b", facts(3, "test.fact"))
	src := loadAll(t, s, "c")
	// A copy beside the original: the same chain under another key.
	copyEntry := events.Entry{Stream: "c~copy", Chain: "c", Name: "Copy"}
	if err := d.Import(ctx, copyEntry, 0, src[:2]); err != nil {
		t.Fatalf("Import: %v", err)
	}
	if err := d.Import(ctx, copyEntry, 0, src[2:]); !errors.Is(err, events.ErrConcurrency) {
		t.Errorf("Import at a stale version: %v, want ErrConcurrency", err)
	}
	bad := slices.Clone(src[2:])
	bad[1].Data = []byte(`{"name":"forged"}`)
	var be *events.BreakError
	if err := d.Import(ctx, copyEntry, 2, bad); !errors.As(err, &be) || be.Version != 4 {
		t.Errorf("Import of an edited event: %v, want a break at version 4", err)
	}
	if v := version(t, s, "c~copy"); v != 2 {
		t.Fatalf("a refused import wrote: the copy is at version %d, want 2", v)
	}
	if err := d.Import(ctx, copyEntry, 2, src[2:]); err != nil {
		t.Fatalf("Import of a continuation: %v", err)
	}
	got := loadAll(t, s, "c~copy")
	for i := range got {
		got[i].Seq = src[i].Seq
	}
	sameEvents(t, "the copy", got, src)
	if r, err := events.VerifyStream(ctx, s, "c~copy"); err != nil || r.Head != src[4].Hash {
		t.Errorf("the copy verifies as %+v, %v", r, err)
	}
	// Appending to the copy chains under the original's campaign.
	mustAppend(t, s, "c~copy", 5, "c", facts(1, "test.fact"))
	if _, err := events.VerifyStream(ctx, s, "c~copy"); err != nil {
		t.Errorf("the copy after an append: %v", err)
	}
	if err := d.Import(ctx, events.Entry{Stream: "x", Chain: "x", Name: "Copy"}, 0, src[:1]); !errors.Is(err, events.ErrNameTaken) {
		t.Errorf("Import under a taken name: %v, want ErrNameTaken", err)
	}
}

// testImportStream: events passed one at a time (events.ImportStream,
// in batches where the store takes them so) are stored exactly, and when
// the sequence fails part way, after more than a batch, nothing is.
func testImportStream(t *testing.T, s events.Store) {
	ctx := context.Background()
	d := s.(events.Directory)
	for v := int64(0); v < 1500; v += 100 {
		mustAppend(t, s, "c", v, fmt.Sprint("a", v), facts(100, "test.fact"))
	}
	src := loadAll(t, s, "c")
	entry := events.Entry{Stream: "c~copy", Chain: "c", Name: "Copy"}
	errRead := errors.New("the file could not be read")
	failing := func(yield func(events.Event) error) error {
		for _, e := range src[:1200] {
			if err := yield(e); err != nil {
				return err
			}
		}
		return errRead
	}
	if err := events.ImportStream(ctx, d, entry, 0, failing); !errors.Is(err, errRead) {
		t.Fatalf("ImportStream of a sequence that fails: %v, want its error", err)
	}
	if v := version(t, s, "c~copy"); v != 0 {
		t.Fatalf("a failed import wrote: the copy is at version %d, want none", v)
	}
	if _, ok, err := d.Lookup(ctx, "Copy"); err != nil || ok {
		t.Fatalf("a failed import entered the copy: %v, %v", ok, err)
	}
	if err := events.ImportStream(ctx, d, entry, 0, events.EventsOf(src)); err != nil {
		t.Fatalf("ImportStream: %v", err)
	}
	got := loadAll(t, s, "c~copy")
	for i := range got {
		got[i].Seq = src[i].Seq
	}
	sameEvents(t, "the copy", got, src)
}

// testWaitPast: a wait for a stream to grow returns once another writer
// appends (through the store's Watcher, or by polling the head), at once
// when the stream is already past, and with ctx's error when ctx ends.
func testWaitPast(t *testing.T, s events.Store) {
	ctx := context.Background()
	mustAppend(t, s, "c", 0, "a", facts(2, "test.fact"))
	if v, err := events.WaitPast(ctx, s, "c", 0, 10*time.Millisecond); err != nil || v != 2 {
		t.Errorf("WaitPast of a stream already past: %d, %v; want 2 at once", v, err)
	}
	type result struct {
		v   int64
		err error
	}
	got := make(chan result, 1)
	go func() {
		v, err := events.WaitPast(ctx, s, "c", 2, 10*time.Millisecond)
		got <- result{v, err}
	}()
	time.Sleep(100 * time.Millisecond)
	mustAppend(t, s, "other", 0, "x", facts(1, "test.fact")) // another stream: no reason to wake
	select {
	case r := <-got:
		t.Fatalf("WaitPast returned %d, %v before the stream grew", r.v, r.err)
	case <-time.After(100 * time.Millisecond):
	}
	mustAppend(t, s, "c", 2, "b", facts(3, "test.fact"))
	select {
	case r := <-got:
		if r.err != nil || r.v != 5 {
			t.Errorf("WaitPast after an append: %d, %v; want 5", r.v, r.err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("WaitPast did not return within 10s of an append")
	}
	cctx, cancel := context.WithTimeout(ctx, 100*time.Millisecond)
	defer cancel()
	if _, err := events.WaitPast(cctx, s, "c", 5, 10*time.Millisecond); !errors.Is(err, context.DeadlineExceeded) && !errors.Is(err, context.Canceled) {
		t.Errorf("WaitPast past its context: %v; want the context's error", err)
	}
}
