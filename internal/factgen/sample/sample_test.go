package sample

import (
	"encoding/json"
	"reflect"
	"testing"

	"warlog/events"
	"warlog/internal/decodetest"
)

func registry() *events.Registry {
	r := events.NewRegistry()
	Engine.Register(r)
	return r
}

func payload(t testing.TB, v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func seeds(t testing.TB) map[string][]string {
	yes := true
	full := Struck{
		By: &Ref{Side: "orcs", Name: "Gorm"}, Targets: []Ref{{"hunters", "Bors"}, {}}, Maybe: []*Ref{nil, {Name: "Wyn"}},
		Dice: []int{6, 1}, Rounds: [][]int{{1, 2}, nil, {}}, Names: []string{"a", "é", `q"uote`},
		Score: map[string]int{"a": 1}, Lists: map[string][]string{"x": {"y"}, "z": nil}, Refs: map[string]Ref{"k": {Name: "n"}},
		Success: &yes, Shout: "loud", Raw: json.RawMessage(`{"a":[1,2]}`), Any: map[string]any{"n": 1.5}, Sides: []Side{"orcs"}, Small: -3,
	}
	return map[string][]string{
		"sample.moved": {
			payload(t, Moved{Ref: Ref{Side: "hunters", Name: "Bors"}, Inches: 3, Rough: true, Big: 1 << 40, Seed: 1<<64 - 1, Share: 0.25, Plain: "p"}),
			payload(t, Moved{}),
			`{"inches":2,"side":"orcs"}`,
			`{"side":null,"name":"x","unknown":[1,{"a":null}],"Plain":"y"}`,
			` { "side" : "a" , "inches" : -4 } `,
			`null`,
		},
		"sample.struck": {
			payload(t, full),
			payload(t, Struck{}),
			`{"targets":null,"dice":[],"score":{},"refs":null,"by":null}`,
			`{"maybe":[null],"rounds":[null,[3]],"shout":"whisper"}`,
			`{"targets":[{"side":"a\"}","name":"b"},{"side":"a\"}","name":"b"},{"name":"c"}]}`,
		},
	}
}

// Every generated decoder reads what encoding/json reads, as encoding/json
// reads it: our encoder's output, keys out of order, unknown keys, nulls.
func TestGeneratedDecodersAgreeWithEncodingJSON(t *testing.T) {
	decodetest.Seeds(t, registry(), seeds(t))
}

// A fold's reader reads what the full decoder reads, but for the fields
// tagged fold:"skip", which it leaves zero.
func TestFoldReadersSkipOnlyTheTaggedFields(t *testing.T) {
	n := 0
	for typ, docs := range seeds(t) {
		for _, doc := range docs {
			var want, got any
			var werr, gerr error
			switch typ {
			case "sample.moved":
				var w, g Moved
				w, werr = Moved{}.DecodeFact([]byte(doc))
				g, gerr = Moved{}.FoldFact([]byte(doc))
				w.Plain = ""
				want, got = w, g
			case "sample.struck":
				var w, g Struck
				w, werr = Struck{}.DecodeFact([]byte(doc))
				g, gerr = Struck{}.FoldFact([]byte(doc))
				w.Lists = nil
				want, got = w, g
			}
			if werr != nil {
				continue
			}
			n++
			if gerr != nil || !reflect.DeepEqual(got, want) {
				t.Errorf("%s %s: the fold reads %+v (%v); want %+v", typ, doc, got, gerr, want)
			}
		}
	}
	if n == 0 {
		t.Fatal("no seed decoded")
	}
}

func FuzzGeneratedDecoders(f *testing.F) {
	decodetest.Fuzz(f, registry(), seeds(f))
}
