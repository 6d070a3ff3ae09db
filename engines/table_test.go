package engines

import (
	"fmt"
	"maps"
	"testing"
)

// A table reads as the map written into it whatever its entries' split
// between base and its own; a copy (Clone) never sees the original's
// writes nor the original the copy's; its JSON is the map's.
func TestTableIsAMapThatCopiesCheaply(t *testing.T) {
	type holder struct {
		T   Table[int] `json:"t"`
		Opt *Table[string]
	}
	var h holder
	want := map[string]int{}
	var copies []holder
	var wants []map[string]int
	for i := range 3*tableOwn + 5 {
		k := fmt.Sprintf("k%d", i%(2*tableOwn)) // rewrites some keys
		h.T.Set(k, i)
		want[k] = i
		if i%7 == 0 {
			copies = append(copies, Clone(h))
			wants = append(wants, maps.Clone(want))
		}
	}
	check := func(name string, tb *Table[int], want map[string]int) {
		t.Helper()
		if got := tb.Map(); !maps.Equal(got, want) {
			t.Errorf("%s: table %v, want %v", name, got, want)
		}
		if tb.Len() != len(want) {
			t.Errorf("%s: Len %d, want %d", name, tb.Len(), len(want))
		}
		n := 0
		tb.All(func(k string, v int) bool {
			n++
			if want[k] != v {
				t.Errorf("%s: All gives %s=%d, want %d", name, k, v, want[k])
			}
			return true
		})
		if n != len(want) {
			t.Errorf("%s: All gave %d entries, want %d", name, n, len(want))
		}
		for k, v := range want {
			if got, ok := tb.Get(k); !ok || got != v {
				t.Errorf("%s: Get(%s) = %d, %v; want %d", name, k, got, ok, v)
			}
		}
	}
	check("original", &h.T, want)
	for i := range copies {
		copies[i].T.Set("copy only", i)
		wants[i]["copy only"] = i
	}
	check("original after the copies wrote", &h.T, want)
	for i := range copies {
		check(fmt.Sprintf("copy %d", i), &copies[i].T, wants[i])
	}
	a, err := MarshalState(&h)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := MarshalState(struct {
		T   map[string]int `json:"t"`
		Opt *Table[string]
	}{T: want})
	if string(a) != string(b) {
		t.Errorf("JSON %s, the map's %s", a, b)
	}
	var back holder
	if err := UnmarshalState(a, &back); err != nil {
		t.Fatal(err)
	}
	check("decoded", &back.T, want)
	if back.Opt != nil {
		t.Error("a table never written came back")
	}
}
