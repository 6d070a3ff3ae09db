package events_test

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"warlog/events"
)

// baseEvent is the envelope every hash case below starts from.
func baseEvent() events.Event {
	return events.Event{
		Seq:      7,
		Campaign: "Autumn League",
		Version:  3,
		Action:   "a1b2c3d4",
		Type:     "dice.rolled",
		Data:     json.RawMessage(`{"values":[4,2]}`),
		At:       time.Date(2026, 11, 29, 17, 0, 0, 123456789, time.UTC),
	}
}

const prevHash = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"

// TestHashCoversEveryField changes one field of the envelope at a time: each
// change of a chained field must change the hash.
func TestHashCoversEveryField(t *testing.T) {
	base := events.Hash(prevHash, baseEvent())
	if len(base) != 64 || strings.Trim(base, "0123456789abcdef") != "" {
		t.Fatalf("Hash = %q, want 64 lower-case hex digits", base)
	}
	cases := []struct {
		name   string
		prev   string
		change func(e *events.Event)
	}{
		{"prev", strings.Repeat("1", 64), func(*events.Event) {}},
		{"prev genesis", events.Genesis, func(*events.Event) {}},
		{"campaign", prevHash, func(e *events.Event) { e.Campaign = "Autumn Leagu" }},
		{"campaign case", prevHash, func(e *events.Event) { e.Campaign = "autumn League" }},
		{"version +1", prevHash, func(e *events.Event) { e.Version = 4 }},
		{"version -1", prevHash, func(e *events.Event) { e.Version = 2 }},
		{"version 1", prevHash, func(e *events.Event) { e.Version = 1 }},
		{"version 300", prevHash, func(e *events.Event) { e.Version = 300 }},
		{"action", prevHash, func(e *events.Event) { e.Action = "a1b2c3d5" }},
		{"type", prevHash, func(e *events.Event) { e.Type = "dice.rolle" }},
		{"data one byte", prevHash, func(e *events.Event) { e.Data = json.RawMessage(`{"values":[4,3]}`) }},
		{"data whitespace", prevHash, func(e *events.Event) { e.Data = json.RawMessage(`{"values": [4,2]}`) }},
		{"at one nanosecond", prevHash, func(e *events.Event) { e.At = e.At.Add(time.Nanosecond) }},
		{"at one hour", prevHash, func(e *events.Event) { e.At = e.At.Add(time.Hour) }},
	}
	seen := map[string]string{base: "base"}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := baseEvent()
			c.change(&e)
			got := events.Hash(c.prev, e)
			if got == base {
				t.Errorf("changing %s left the hash at %s", c.name, got)
			}
			if other, ok := seen[got]; ok && other != c.name {
				t.Errorf("changing %s gives the same hash as %s", c.name, other)
			}
			seen[got] = c.name
		})
	}
}

// TestHashVersionsDistinct: every version of an otherwise identical event
// hashes differently (the version is part of the chained content).
func TestHashVersionsDistinct(t *testing.T) {
	seen := map[string]int64{}
	for _, v := range []int64{1, 2, 3, 63, 64, 65, 127, 128, 129, 200, 8191, 8192, 1 << 20, 1<<40 + 3} {
		e := baseEvent()
		e.Version = v
		h := events.Hash(prevHash, e)
		if old, ok := seen[h]; ok {
			t.Errorf("versions %d and %d have the same hash %s", old, v, h)
		}
		seen[h] = v
	}
}

// TestHashIgnoresStoreFields: seq is assigned by the store, Prev and Hash are
// the chain itself (prev comes in as the argument); the zone of `at` is
// presentation. None of them may change the hash.
func TestHashIgnoresStoreFields(t *testing.T) {
	base := events.Hash(prevHash, baseEvent())
	cases := []struct {
		name   string
		change func(e *events.Event)
	}{
		{"seq", func(e *events.Event) { e.Seq = 99 }},
		{"prev field", func(e *events.Event) { e.Prev = "whatever" }},
		{"hash field", func(e *events.Event) { e.Hash = "whatever" }},
		{"zone of at", func(e *events.Event) { e.At = e.At.In(time.FixedZone("CET", 3600)) }},
	}
	for _, c := range cases {
		e := baseEvent()
		c.change(&e)
		if got := events.Hash(prevHash, e); got != base {
			t.Errorf("changing %s changed the hash: got %s, want %s", c.name, got, base)
		}
	}
}

// TestHashSplitsDoNotCollide: moving bytes across the boundary of two
// adjacent fields ("ab","c") versus ("a","bc") gives another hash, because
// every field is length-prefixed.
func TestHashSplitsDoNotCollide(t *testing.T) {
	type fields struct{ campaign, action, typ, data string }
	ev := func(f fields) events.Event {
		e := baseEvent()
		e.Campaign, e.Action, e.Type, e.Data = f.campaign, f.action, f.typ, json.RawMessage(f.data)
		return e
	}
	cases := []struct {
		name string
		a, b fields
	}{
		{"campaign|action", fields{"ab", "c", "t", "{}"}, fields{"a", "bc", "t", "{}"}},
		{"action|type", fields{"k", "ab", "c", "{}"}, fields{"k", "a", "bc", "{}"}},
		{"type|data", fields{"k", "x", "ab", "c"}, fields{"k", "x", "a", "bc"}},
		{"campaign|type over empty action", fields{"ab", "", "c", "{}"}, fields{"a", "", "bc", "{}"}},
		{"empty campaign", fields{"", "ab", "c", "{}"}, fields{"ab", "", "c", "{}"}},
		{"length byte smuggled", fields{"a\x01b", "c", "t", "{}"}, fields{"a", "b\x01c", "t", "{}"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ha, hb := events.Hash(prevHash, ev(c.a)), events.Hash(prevHash, ev(c.b))
			if ha == hb {
				t.Errorf("%q and %q share the hash %s", c.a, c.b, ha)
			}
		})
	}
}

// TestHashPrevCampaignSplit: prev is a length-prefixed field too, so a prev
// that ends with the campaign's length byte cannot absorb it (found when
// prev was written bare: Hash("p", campaign "\x01x") equalled
// Hash("p\x02", campaign "x")).
func TestHashPrevCampaignSplit(t *testing.T) {
	a := baseEvent()
	a.Campaign = "\x01x"
	b := baseEvent()
	b.Campaign = "x"
	if events.Hash("p", a) == events.Hash("p\x02", b) {
		t.Errorf("prev and campaign share bytes: Hash(\"p\", campaign \"\\x01x\") == Hash(\"p\\x02\", campaign \"x\")")
	}
	c := baseEvent()
	c.Campaign = "b" + c.Campaign
	if events.Hash(prevHash+"a", c) == events.Hash(prevHash+"ab", baseEvent()) {
		t.Errorf("a byte moved from prev to campaign keeps the hash")
	}
}

// TestHashKnownValue pins the encoding: a change to the canonical form
// would silently invalidate every stored chain, so it must show up here.
func TestHashKnownValue(t *testing.T) {
	e := events.Event{Campaign: "c", Version: 1, Action: "a", Type: "t", Data: json.RawMessage(`{}`), At: time.Date(2026, 1, 2, 3, 4, 5, 6, time.UTC)}
	var buf []byte
	for _, f := range []string{events.Genesis, "c", "\x02", "a", "t", "{}", "2026-01-02T03:04:05.000000006Z"} {
		buf = append(buf, byte(len(f)))
		buf = append(buf, f...)
	}
	sum := sha256.Sum256(buf)
	if got, want := events.Hash(events.Genesis, e), hex.EncodeToString(sum[:]); got != want {
		t.Errorf("Hash = %s, want sha256 of the documented length-prefixed fields %s", got, want)
	}
}
