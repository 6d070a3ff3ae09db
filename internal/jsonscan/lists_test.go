package jsonscan

import (
	"reflect"
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
