package server_test

import (
	"encoding/json"
	"testing"
	"unicode/utf8"

	"warlog/events"
	"warlog/server"
)

// FuzzDecodeAppend feeds the decoder of an action sent to be stored
// whatever bytes: it never panics, and what it accepts is an action the
// server can decide: a valid id, and facts that begin with the command
// they record, each a type and a JSON object. The seeds run as a plain
// test in every `go test`.
func FuzzDecodeAppend(f *testing.F) {
	for _, s := range []string{
		string(rollBody("r1", 2, 6, "x")),
		`{"expected":0,"action":"a","facts":[{"type":"action.begun","data":{"verb":"roll"}}]}`,
		`{"expected":-1,"action":"a","facts":[{"type":"action.begun","data":{}}]}`,
		`{"expected":1,"action":"","facts":[{"type":"action.begun","data":{}}]}`,
		`{"expected":1,"action":"a","facts":[{"type":"action.begun","data":[]}]}`,
		`{"expected":1,"action":"a","facts":[{"type":"dice.rolled","data":{}}]}`,
		`{"expected":1,"action":"a","facts":null}`,
		`{"expected":1e400}`,
		`{"action":"a\u0000b","facts":[{"type":"action.begun","data":{}}]}`,
		`{"expected":1,"action":"a","facts":[{"type":"action.begun","data":{}}]} {}`,
		`{"expected":1,"action":"a","facts":[{"type":"action.begun","data":{}}],"extra":1}`,
		`{"facts":[{"type":"action.begun","data":{"args":` + string(make([]byte, 0)) + `}}]}`,
		"\xff\xfe", "", "null", "[]", `"string"`, "{", "{}",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		req, err := server.DecodeAppend(body)
		if err != nil {
			if msg := err.Error(); msg == "" || !utf8.ValidString(msg) && utf8.Valid(body) {
				t.Errorf("refused with %q", msg)
			}
			return
		}
		if req.Action == "" || req.Expected < 0 || len(req.Facts) == 0 || req.Facts[0].Type != events.TypeActionBegun {
			t.Fatalf("accepted %q as %+v", body, req)
		}
		for _, fct := range req.Facts {
			var obj map[string]json.RawMessage
			if fct.Type == "" || json.Unmarshal(fct.Data, &obj) != nil {
				t.Fatalf("accepted a fact %+v that is not a type and a JSON object", fct)
			}
		}
	})
}
