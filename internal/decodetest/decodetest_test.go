package decodetest

import (
	"reflect"
	"testing"
)

// ambiguous finds the JSON where a hand decoder may rightly differ from
// encoding/json, and only that, whatever comes before it (an empty object
// once hid every key after it).
func TestAmbiguous(t *testing.T) {
	type fact struct {
		Player string         `json:"player"`
		Scores map[string]int `json:"scores"`
	}
	typ := reflect.TypeOf(fact{})
	for in, want := range map[string]bool{
		`{"player":"Ann"}`:                     false,
		`{"player":"Ann","scores":{"a":1}}`:    false,
		`{"":{},"player":"0"}`:                 false,
		`{"":{},"plAYer":"0"}`:                 true,
		`{"x":[],"plAYer":"0"}`:                true,
		`{"x":[{}],"y":{"z":{}},"Player":"0"}`: true,
		`{"player":"a","player":"b"}`:          true,
		`{"":{},"player":"a","player":"b"}`:    true,
		`{"scores":{"a":1,"a":2}}`:             true,
		`{"scores":{"a":1},"x":{"a":2}}`:       false,
	} {
		if got := ambiguous([]byte(in), typ); got != want {
			t.Errorf("ambiguous(%s) = %v, want %v", in, got, want)
		}
	}
}

func TestEscapeFirstKey(t *testing.T) {
	for in, want := range map[string]string{
		`{"player":"Ann"}`: `{"\u0070layer":"Ann"}`,
		`{ "a":{"b":1}}`:   `{ "a":{"\u0062":1}}`,
		`{"":1}`:           ``,
		`[1,2]`:            ``,
		`{"_x":1}`:         ``,
	} {
		got, ok := escapeFirstKey(in)
		if ok != (want != "") || got != want {
			t.Errorf("escapeFirstKey(%s) = %s, %v; want %s", in, got, ok, want)
		}
	}
}
