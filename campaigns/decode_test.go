package campaigns

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"warlog/engines"
	"warlog/engines/dice"
	"warlog/events"
)

// The hand-written decoders of action.begun and action.undone/redone give
// what encoding/json gives, for payloads of every shape the service writes.
func TestCoreDecodersMatchEncodingJSON(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	texts := []string{"", "roll", "Bors attacks \"Orc\" 2", "undo: a; b", "ünï", "x\ty"}
	for i := 0; i < 2000; i++ {
		b := Begun{Game: texts[rng.IntN(len(texts))], Verb: texts[rng.IntN(len(texts))], Label: texts[rng.IntN(len(texts))],
			Rules: texts[rng.IntN(len(texts))]}
		if rng.IntN(2) == 0 {
			b.Args = json.RawMessage(`{"name":"Bors","dice":[1,2],"opts":{"rear":true}}`)
		}
		for n := rng.IntN(4); n > 0; n-- {
			b.Dice = append(b.Dice, 1+rng.IntN(6))
		}
		data, err := json.Marshal(b)
		if err != nil {
			t.Fatal(err)
		}
		got, err := decodeBegun(data)
		if err != nil {
			t.Fatalf("%s: %v", data, err)
		}
		var want Begun
		if err := json.Unmarshal(data, &want); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%s:\n got %#v\nwant %#v", data, got, want)
		}
		verb, err := beganVerb(&events.Event{Data: data})
		if err != nil || verb != want.Verb {
			t.Fatalf("%s: verb %q (%v), want %q", data, verb, err, want.Verb)
		}

		ref := events.ActionRef{Action: texts[rng.IntN(len(texts))], Version: int64(rng.IntN(3) * rng.IntN(100000))}
		data, _ = json.Marshal(ref)
		gotRef, err := events.DecodeActionRef(data)
		var wantRef events.ActionRef
		_ = json.Unmarshal(data, &wantRef)
		if err != nil || gotRef != wantRef {
			t.Fatalf("%s: got %#v (%v), want %#v", data, gotRef, err, wantRef)
		}
	}
}

// The hand-written decoders of campaign.created and of a snapshot's first
// line give what encoding/json gives.
func TestSnapshotHeadDecodersMatchEncodingJSON(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	texts := []string{"", "Autumn League", "kingsown", "fast", "ünï \"q\"", "x\ty"}
	pick := func() string { return texts[rng.IntN(len(texts))] }
	for i := 0; i < 2000; i++ {
		c := engines.Campaign{Name: pick(), Game: pick(), Seed: rng.Uint64() >> rng.IntN(64), Mode: pick()}
		v := savedState{Campaign: c, Created: time.Date(2026, 12, 1, 10, rng.IntN(60), 0, rng.IntN(1e9), time.UTC),
			ProgramDice: rng.IntN(100000), Actions: rng.IntN(5000), Meta: rng.IntN(50), Undone: rng.IntN(80), Rules: pick(), Format: pick()}
		for n := rng.IntN(3); n > 0; n-- {
			v.Redoable = append(v.Redoable, pick())
		}
		data, err := json.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		gotC, err := decodeCreated(data)
		var wantC Created
		if jerr := json.Unmarshal(data, &wantC); err != nil || jerr != nil || gotC != wantC {
			t.Fatalf("%s: got %#v (%v), want %#v", data, gotC, err, wantC)
		}
		data, err = json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		got, err := decodeSavedState(data)
		if err != nil {
			t.Fatalf("%s: %v", data, err)
		}
		var want savedState
		if err := json.Unmarshal(data, &want); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%s:\n got %#v\nwant %#v", data, got, want)
		}
	}
}

// What folding reads of a roll (rolledDice) is what the whole decoder
// reads: the number of dice and whether the program threw them.
func TestRolledDiceMatchesDecodeRolled(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for i := 0; i < 2000; i++ {
		r := dice.Rolled{Notation: "2d6+1", Sides: 6, Mod: rng.IntN(3), Source: []string{dice.Program, "hand", ""}[rng.IntN(3)],
			Purpose: []string{"", "free roll", "a \"quoted\" [purpose]"}[rng.IntN(3)], Index: rng.IntN(5), By: []string{"", "Bors"}[rng.IntN(2)]}
		for n := rng.IntN(5); n > 0; n-- {
			r.Values = append(r.Values, 1+rng.IntN(6))
		}
		data, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		n, program, err := rolledDice(data)
		want, werr := dice.DecodeRolled(data)
		if err != nil || werr != nil || n != len(want.Values) || program != (want.Source == dice.Program) {
			t.Fatalf("%s: %d dice, program %v (%v); want %d, %v (%v)", data, n, program, err, len(want.Values), want.Source == dice.Program, werr)
		}
	}
}
