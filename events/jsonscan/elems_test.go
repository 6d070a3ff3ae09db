package jsonscan

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

type ref struct {
	Side string `json:"side"`
	Name string `json:"name"`
}

// nested is a payload shape with arrays of objects and of arrays, maps and
// a pointer to an object: what Array, Elem, Object and Map read.
type nested struct {
	Refs  []ref            `json:"refs"`
	Grid  [][]int          `json:"grid"`
	Into  *ref             `json:"into"`
	One   ref              `json:"one"`
	Count map[string]int   `json:"count"`
	Lists map[string][]int `json:"lists"`
}

func scanRef(s *Scanner) ref {
	var r ref
	if s.Null() {
		return r
	}
	sub := s.Object()
	for sub.Next() {
		switch string(sub.Key()) {
		case "side":
			r.Side = sub.String()
		case "name":
			r.Name = sub.String()
		default:
			sub.Skip()
		}
	}
	s.Fail(sub.Err())
	return r
}

func scanNested(data []byte) (nested, error) {
	var v nested
	s := New(data)
	for s.Next() {
		switch string(s.Key()) {
		case "refs":
			v.Refs = nil
			if s.Array() {
				v.Refs = []ref{}
				for i := 0; s.Elem(i); i++ {
					v.Refs = append(v.Refs, scanRef(s))
				}
			}
		case "grid":
			v.Grid = nil
			if s.Array() {
				v.Grid = [][]int{}
				for i := 0; s.Elem(i); i++ {
					v.Grid = append(v.Grid, s.Ints())
				}
			}
		case "into":
			v.Into = nil
			if !s.Null() {
				r := scanRef(s)
				v.Into = &r
			}
		case "one":
			v.One = scanRef(s)
		case "count":
			v.Count = nil
			if m, ok := s.Map(); ok {
				v.Count = map[string]int{}
				for m.Next() {
					v.Count[m.MapKey()] = m.Int()
				}
				s.Fail(m.Err())
			}
		case "lists":
			v.Lists = nil
			if m, ok := s.Map(); ok {
				v.Lists = map[string][]int{}
				for m.Next() {
					v.Lists[m.MapKey()] = m.Ints()
				}
				s.Fail(m.Err())
			}
		default:
			s.Skip()
		}
	}
	return v, s.Err()
}

var nestedSamples = []string{
	`{}`,
	`{"refs":null,"grid":null,"into":null,"count":null,"lists":null}`,
	`{"refs":[],"grid":[],"count":{},"lists":{}}`,
	`{"refs":[{"side":"red","name":"Ann"},{"name":"Bo \"B\"","side":"blue"},null,{}],"one":{"side":"x"}}`,
	` { "grid" : [ [1, 2] , [ ] , null , [ -3 ] ] , "into" : { "side" : "s" , "name" : "n" , "z" : [1] } } `,
	`{"count":{"Zoë":1,"a\"b":2,"\u00e9":3,"":0,"n":null},"lists":{"x":[1],"y":null,"z":[]}}`,
	`{"one":null,"refs":[{"side":"a","extra":{"k":[1,2]}}]}`,
}

// Every sample reads as encoding/json reads it.
func TestNestedSameAsEncodingJSON(t *testing.T) {
	for _, in := range nestedSamples {
		got, err := scanNested([]byte(in))
		if err != nil {
			t.Errorf("%s: %v", in, err)
			continue
		}
		var want nested
		if err := json.Unmarshal([]byte(in), &want); err != nil {
			t.Fatalf("%s: encoding/json: %v", in, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s:\n got %#v\nwant %#v", in, got, want)
		}
	}
}

// Malformed arrays and maps, and values of the wrong kind in them, are
// errors.
func TestNestedRefusesBadJSON(t *testing.T) {
	for _, in := range []string{
		`{"refs":[{"side":"a"},]}`, `{"refs":[,{"side":"a"}]}`, `{"refs":[{"side":"a"} {"side":"b"}]}`,
		`{"refs":{"side":"a"}}`, `{"refs":[{"side":3}]}`, `{"refs":["a"]}`, `{"refs":[`, `{"refs":[{"side":"a"}`,
		`{"grid":[[1],[2,]]}`, `{"grid":[1]}`, `{"into":"x"}`, `{"one":{"side":"a",}}`,
		`{"count":[1]}`, `{"count":{"a":"1"}}`, `{"count":{"a":1,}}`, `{"count":{"a" 1}}`, `{"lists":{"a":[1,]}}`,
		"{\"count\":{\"a\x01\":1}}",
	} {
		if _, err := scanNested([]byte(in)); err == nil {
			t.Errorf("%q was accepted", in)
		}
	}
}

// For any input encoding/json accepts, the scanner gives the same value or
// refuses it.
func FuzzNestedSameAsEncodingJSON(f *testing.F) {
	for _, s := range nestedSamples {
		f.Add(s)
	}
	known := []string{"refs", "grid", "into", "one", "count", "lists", "side", "name"}
	f.Fuzz(func(t *testing.T, in string) {
		var want nested
		if err := json.Unmarshal([]byte(in), &want); err != nil {
			return
		}
		if foldedKey(t, []byte(in), known) {
			return // encoding/json matches keys in any case; we write only one
		}
		got, err := scanNested([]byte(in))
		if err != nil {
			return
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%q:\n got %#v\nwant %#v", in, got, want)
		}
	})
}

// foldedKey reports whether any object in data has a key that matches a
// known field name only in another case, or may hold a field of objects
// written twice (encoding/json merges the second into what the first gave;
// our encoder never writes a key twice).
func foldedKey(t *testing.T, data []byte, known []string) bool {
	var walk func(v any) bool
	walk = func(v any) bool {
		switch v := v.(type) {
		case map[string]any:
			for k, x := range v {
				for _, n := range known {
					if k != n && strings.EqualFold(k, n) {
						return true
					}
				}
				if walk(x) {
					return true
				}
			}
		case []any:
			for _, x := range v {
				if walk(x) {
					return true
				}
			}
		}
		return false
	}
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatal(err)
	}
	if walk(v) {
		return true
	}
	for _, k := range []string{"refs", "into", "one", "count", "lists"} {
		if strings.Count(string(data), `"`+k+`"`) > 1 {
			return true
		}
	}
	return false
}

// Reading arrays of objects and maps keeps the scanner on the stack: the
// only allocations are the values returned.
func TestNestedAllocations(t *testing.T) {
	in := []byte(`{"refs":[{"side":"red","name":"Ann"}],"one":{"side":"b","name":"c"}}`)
	n := testing.AllocsPerRun(100, func() {
		s := New(in)
		var side, name string
		for s.Next() {
			switch string(s.Key()) {
			case "refs":
				if s.Array() {
					for i := 0; s.Elem(i); i++ {
						sub := s.Object()
						for sub.Next() {
							_ = sub.Key()
							sub.Skip()
						}
						s.Fail(sub.Err())
					}
				}
			case "one":
				sub := s.Object()
				for sub.Next() {
					if string(sub.Key()) == "side" {
						side = sub.String()
					} else {
						name = sub.String()
					}
				}
				s.Fail(sub.Err())
			}
		}
		if s.Err() != nil || side != "b" || name != "c" {
			t.Fatal(s.Err(), side, name)
		}
	})
	if n > 2 { // the two strings
		t.Errorf("%v allocations per read, want at most 2", n)
	}
}
