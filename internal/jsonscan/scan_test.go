package jsonscan

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// sample is a payload shape with every kind of field the scanner reads.
type sample struct {
	S   string          `json:"s"`
	I   int             `json:"i"`
	U   uint64          `json:"u"`
	F   float64         `json:"f"`
	B   bool            `json:"b"`
	P   *bool           `json:"p"`
	Is  []int           `json:"is"`
	Ss  []string        `json:"ss"`
	Raw json.RawMessage `json:"raw"`
	M   map[string]int  `json:"m"`
}

func scanSample(data []byte) (sample, error) {
	var v sample
	s := New(data)
	for s.Next() {
		switch string(s.Key()) {
		case "s":
			v.S = s.String()
		case "i":
			v.I = s.Int()
		case "u":
			v.U = s.Uint64()
		case "f":
			v.F = s.Float()
		case "b":
			v.B = s.Bool()
		case "p":
			v.P = s.BoolPtr()
		case "is":
			v.Is = s.Ints()
		case "ss":
			v.Ss = s.Strings()
		case "raw":
			v.Raw = s.Raw()
		case "m":
			s.Decode(&v.M)
		default:
			s.Skip()
		}
	}
	return v, s.Err()
}

var samples = []string{
	`{}`,
	` { "s" : "plain" , "i" : -42 } `,
	`{"s":"esc \"quoted\" \\ \n tab\t \u00e9 \ud83d\ude00","i":7}`,
	`{"s":"non-ASCII ünïcødé","u":18446744073709551615}`,
	`{"f":1.5e3,"b":true,"p":false,"is":[1,2,3],"ss":["a","b\"c"]}`,
	`{"p":null,"is":null,"ss":[],"is":[]}`,
	`{"raw":{"a":[1,{"b":null}],"c":"}"},"m":{"x":1,"y":2}}`,
	`{"unknown":{"deep":[[[]],{"k":"v"}],"t":true,"n":null,"x":-1.5e-3},"i":3}`,
	`{"i":1,"i":2}`,
}

// Every sample reads as encoding/json reads it.
func TestSameAsEncodingJSON(t *testing.T) {
	for _, in := range samples {
		got, err := scanSample([]byte(in))
		if err != nil {
			t.Errorf("%s: %v", in, err)
			continue
		}
		var want sample
		if err := json.Unmarshal([]byte(in), &want); err != nil {
			t.Fatalf("%s: encoding/json: %v", in, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s:\n got %#v\nwant %#v", in, got, want)
		}
	}
}

// Malformed objects and values of the wrong type are errors, not zeros.
func TestRefusesBadJSON(t *testing.T) {
	for _, in := range []string{
		``, `[]`, `{`, `{"i":}`, `{"i":1,}`, `{"i":1 "s":"x"}`, `{"s":"open}`, `{"i":"3"}`, `{"i":3.5}`,
		`{"i":1e2}`, `{"is":[1,,2]}`, `{"b":1}`, `{"s":3}`, `{"i":1} x`, "{\"s\":\"a\x01b\"}", `{"unknown":[1,2}`,
		`{"unknown":tru}`, `{"i":01}`,
	} {
		if _, err := scanSample([]byte(in)); err == nil {
			t.Errorf("%q was accepted", in)
		}
	}
}

// For any input encoding/json accepts as a sample, the scanner gives the
// same value (it may refuse what encoding/json repairs or bends, such as a
// number in another form or a key in another case).
func FuzzSameAsEncodingJSON(f *testing.F) {
	for _, s := range samples {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		var want sample
		if err := json.Unmarshal([]byte(in), &want); err != nil {
			return
		}
		var keys map[string]json.RawMessage
		if err := json.Unmarshal([]byte(in), &keys); err != nil {
			return
		}
		for k := range keys {
			for _, known := range []string{"s", "i", "u", "f", "b", "p", "is", "ss", "raw", "m"} {
				if k != known && strings.EqualFold(k, known) {
					return // encoding/json matches keys in any case; we write only one
				}
			}
		}
		got, err := scanSample([]byte(in))
		if err != nil {
			return
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%q:\n got %#v\nwant %#v", in, got, want)
		}
	})
}

// The hot path allocates nothing beyond the strings and slices it returns.
func BenchmarkScan(b *testing.B) {
	in := []byte(`{"notation":"2d6","sides":6,"values":[3,5],"source":"program","purpose":"hit roll","index":42,"by":"red","success":true}`)
	for b.Loop() {
		s := New(in)
		for s.Next() {
			switch string(s.Key()) {
			case "values":
				s.Ints()
			case "sides", "index":
				s.Int()
			case "success":
				s.BoolPtr()
			default:
				_ = s.String()
			}
		}
		if s.Err() != nil {
			b.Fatal(s.Err())
		}
	}
}

// A nested object reads through Sub, and its errors reach the outer
// scanner through Fail.
func TestSub(t *testing.T) {
	s := New([]byte(`{"ref":{"side":"red","name":"Ann \"A\""},"n":2}`))
	var side, name string
	n := 0
	for s.Next() {
		switch string(s.Key()) {
		case "ref":
			sub := s.Sub()
			for sub.Next() {
				switch string(sub.Key()) {
				case "side":
					side = sub.String()
				case "name":
					name = sub.String()
				}
			}
			s.Fail(sub.Err())
		case "n":
			n = s.Int()
		}
	}
	if s.Err() != nil || side != "red" || name != `Ann "A"` || n != 2 {
		t.Errorf("read %q %q %d (%v)", side, name, n, s.Err())
	}
	s = New([]byte(`{"ref":{"side":3}}`))
	for s.Next() {
		sub := s.Sub()
		for sub.Next() {
			_ = sub.String()
		}
		s.Fail(sub.Err())
	}
	if s.Err() == nil {
		t.Error("a number where a string belongs in a nested object was accepted")
	}
}

// SkipField passes over an unknown key's value but refuses a key written
// with an escape, which encoding/json might match to a field.
func TestSkipField(t *testing.T) {
	for in, ok := range map[string]bool{`{"x":[1,{"y":2}],"n":3}`: true, `{"\u006e":4,"n":3}`: false} {
		s := New([]byte(in))
		n := 0
		for s.Next() {
			if string(s.Key()) == "n" {
				n = s.Int()
			} else {
				s.SkipField()
			}
		}
		if (s.Err() == nil) != ok || ok && n != 3 {
			t.Errorf("%s: n %d, err %v", in, n, s.Err())
		}
	}
}
