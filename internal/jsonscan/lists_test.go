package jsonscan

import (
	"reflect"
	"strings"
	"testing"
	"unsafe"
)

// SharedStrings reads every array as InternedStrings does, and hands out
// one slice, of capacity its length, for the same plain array read again.
func TestSharedStrings(t *testing.T) {
	var lists ListInterner
	var strs Interner
	read := func(doc string, shared bool) ([]string, error) {
		s := New([]byte(doc))
		var out []string
		for i := 0; s.Field(i); i++ {
			switch string(s.Key()) {
			case "a":
				if shared {
					out = s.SharedStrings(&lists, &strs)
				} else {
					out = s.InternedStrings(&strs)
				}
			default:
				s.SkipField()
			}
		}
		return out, s.Done()
	}
	for _, doc := range []string{
		`{"a":["Golem","Soldier"],"b":1}`,
		`{"a":[],"b":1}`,
		`{"a":["Golem"]}`,
		`{"a": [ "Golem" , "Soldier" ] }`,
		`{"a":["Gol\"em","é"]}`,
		`{"a":null}`,
		`{"a":["Golem",3]}`,
		`{"a":["Golem"`,
		`{"a":"Golem"}`,
	} {
		want, werr := read(doc, false)
		for range 2 { // a miss, then a hit
			got, gerr := read(doc, true)
			if !reflect.DeepEqual(got, want) || (gerr == nil) != (werr == nil) {
				t.Errorf("%s: shared %q (%v); want %q (%v)", doc, got, gerr, want, werr)
			}
		}
	}
	a, _ := read(`{"a":["Golem","Soldier"]}`, true)
	b, _ := read(`{"x":0,"a":["Golem","Soldier"]}`, true)
	if unsafe.SliceData(a) != unsafe.SliceData(b) || cap(a) != len(a) {
		t.Errorf("the same array gave two slices (or a spare capacity): %p %p, cap %d", a, b, cap(a))
	}
	c, _ := read(`{"a":["Golem","Butcher"]}`, true)
	if unsafe.SliceData(a) == unsafe.SliceData(c) {
		t.Error("two arrays gave one slice")
	}
}

// A value read through Values is what the reader reads, from the table
// when the same bytes were read before, whatever the object holds.
func TestValues(t *testing.T) {
	var values Values[ref]
	var strs Interner
	read := func(doc string, cached bool) (out []ref, hits int, err error) {
		s := New([]byte(doc))
		for i := 0; s.Field(i); i++ {
			if string(s.Key()) != "refs" || !s.Array() {
				s.SkipField()
				continue
			}
			for j := 0; s.Elem(j); j++ {
				if !cached {
					out = append(out, scanRef(s, &strs))
					continue
				}
				x, key, ok := values.Cached(s)
				if ok {
					hits++
				} else {
					x = scanRef(s, &strs)
					values.Keep(s, key, x)
				}
				out = append(out, x)
			}
		}
		return out, hits, s.Done()
	}
	for _, doc := range []string{
		`{"refs":[{"side":"a","name":"b"},{"side":"a","name":"b"},{"name":"c","side":"d"}],"n":1}`,
		`{"refs":[{"side":"a\\"}","name":"b"},{"side":"a\\"}","name":"b"}]}`,
		`{"refs":[{"side":"é","name":"[{"},{ "side" : "x" }]}`,
		`{"refs":[{"side":"a","name":"b","extra":{"x":[1,{}]}}]}`,
		`{"refs":[{"side":"a","name":3}]}`,
		`{"refs":[{"side":"a","name":"b"}`,
		`{"refs":[null,{}]}`,
	} {
		want, _, werr := read(doc, false)
		for round := range 2 {
			got, hits, gerr := read(doc, true)
			if !reflect.DeepEqual(got, want) || (gerr == nil) != (werr == nil) {
				t.Errorf("%s: through Values %v (%v); want %v (%v)", doc, got, gerr, want, werr)
			}
			if plain := !strings.ContainsAny(doc, `\ `); round == 1 && plain && werr == nil && doc[9] == '{' && hits == 0 {
				t.Errorf("%s: read again, none came from the table", doc)
			}
		}
	}
}
