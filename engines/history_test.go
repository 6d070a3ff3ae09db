package engines

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"testing"
)

type rec struct {
	Name string `json:"name"`
	N    int    `json:"n"`
}

type holder struct {
	Past History[rec] `json:"past"`
}

// A history survives a round trip through JSON, stays undecoded until read,
// takes records added before it is decoded in order, and a copy's additions
// never reach the original.
func TestHistory(t *testing.T) {
	var h holder
	for i := 1; i <= 3; i++ {
		h.Past.Add(rec{Name: "b", N: i})
	}
	data, err := MarshalState(&h)
	if err != nil {
		t.Fatal(err)
	}
	var back holder
	if err := UnmarshalState(data, &back); err != nil {
		t.Fatal(err)
	}
	if back.Past.raw == nil {
		t.Fatal("the restored history was decoded at once")
	}
	back.Past.Add(rec{Name: "new", N: 4})
	copyOf := back
	copyOf.Past = back.Past.Copy()
	copyOf.Past.Add(rec{Name: "copy only", N: 5})
	want := []rec{{"b", 1}, {"b", 2}, {"b", 3}, {"new", 4}}
	if got := back.Past.All(); !reflect.DeepEqual(got, want) {
		t.Errorf("history %v, want %v", got, want)
	}
	if got := copyOf.Past.All(); len(got) != 5 || got[4].Name != "copy only" {
		t.Errorf("the copy's history %v", got)
	}
	if got := len(back.Past.All()); got != 4 {
		t.Errorf("the original has %d records after the copy added one; want 4", got)
	}
	if last, ok := back.Past.Last(); !ok || last.N != 4 {
		t.Errorf("last %v %v", last, ok)
	}
	// The JSON is the same whether or not it was ever decoded.
	a, _ := json.Marshal(&back)
	var again holder
	_ = UnmarshalState(a, &again)
	b, _ := json.Marshal(&again)
	if string(a) != string(b) {
		t.Errorf("marshalled %s, then %s", a, b)
	}
	var empty holder
	if b, _ := json.Marshal(&empty); string(b) != `{"past":[]}` {
		t.Errorf("empty history: %s", b)
	}
	if err := UnmarshalState([]byte(`{"past":{"x":1}}`), &empty); err == nil {
		t.Error("an object was taken for a history")
	}
}

// A history restored from a snapshot's parts is not read until it is
// needed, is read once, and additions before that keep their order.
func TestHistoryFromParts(t *testing.T) {
	var h holder
	h.Past.Add(rec{Name: "a", N: 1})
	h.Past.Add(rec{Name: "b", N: 2})
	tmp := h
	tmp.Past = History[rec]{}
	state, parts, err := EncodeParts(&tmp, &h.Past)
	if err != nil || len(parts) != 1 {
		t.Fatalf("EncodeParts: %d parts, %v", len(parts), err)
	}
	loads := 0
	var back holder
	err = DecodeParts(state, Parts{Read: func(i int) ([]byte, error) { loads++; return parts[i], nil }}, &back, &back.Past)
	if err != nil {
		t.Fatal(err)
	}
	back.Past.Add(rec{Name: "c", N: 3})
	if last, _ := back.Past.Last(); loads != 0 || last.N != 3 {
		t.Fatalf("adding and reading the newest record loaded the part %d times", loads)
	}
	if got := back.Past.All(); loads != 1 || len(got) != 3 || got[0].Name != "a" || got[2].Name != "c" {
		t.Errorf("after %d loads the history is %v", loads, got)
	}
	back.Past.All()
	if loads != 1 {
		t.Errorf("the part was loaded %d times", loads)
	}
}

// A history restored and not added to encodes as an unchanged (nil) part
// without being read; its copies too, until one is added to.
func TestUnchangedHistoryIsNotReadToEncode(t *testing.T) {
	var h holder
	h.Past.Add(rec{Name: "a", N: 1})
	tmp := h
	tmp.Past = History[rec]{}
	state, parts, err := EncodeParts(&tmp, &h.Past)
	if err != nil || len(parts) != 1 || parts[0] == nil {
		t.Fatalf("a history built by adding encodes as %q, %v", parts, err)
	}
	loads := 0
	var back holder
	if err := DecodeParts(state, Parts{Read: func(i int) ([]byte, error) { loads++; return parts[i], nil }}, &back, &back.Past); err != nil {
		t.Fatal(err)
	}
	cp := back.Past.Copy()
	for _, p := range []*History[rec]{&back.Past, &cp} {
		if _, again, err := EncodeParts(&tmp, p); err != nil || len(again) != 1 || again[0] != nil || !p.Unchanged() {
			t.Errorf("restored, nothing added: parts %q, %v", again, err)
		}
	}
	back.Past.All() // reading does not change it
	if _, again, _ := EncodeParts(&tmp, &back.Past); again[0] != nil || loads != 1 {
		t.Errorf("after reading: parts %q, %d loads", again, loads)
	}
	// Added to, the base is still shared: the new record goes in the
	// state's tails line, and the original has none.
	cp.Add(rec{Name: "b", N: 2})
	withTail, again, _ := EncodeParts(&tmp, &cp)
	if again[0] != nil || !cp.Unchanged() || !bytes.Contains(withTail, []byte("\n1 [")) {
		t.Errorf("after adding to the copy: parts %q, state %s", again, withTail)
	}
	if orig, _, _ := EncodeParts(&tmp, &back.Past); !bytes.Equal(orig, state) {
		t.Errorf("the original encodes as %s after an add to its copy, want %s", orig, state)
	}
	// Restored with that tail, the history holds both records, and more
	// than a tail holds makes the next snapshot write the base anew.
	var again2 holder
	if err := DecodeParts(withTail, Parts{Read: func(i int) ([]byte, error) { return parts[i], nil }}, &again2, &again2.Past); err != nil {
		t.Fatal(err)
	}
	if got := again2.Past.All(); len(got) != 2 || got[0].Name != "a" || got[1].Name != "b" {
		t.Errorf("restored with its tail: %v, want a then b", got)
	}
	for i := range MaxTail {
		again2.Past.Add(rec{Name: "c", N: i})
	}
	if _, full, _ := EncodeParts(&tmp, &again2.Past); full[0] == nil || again2.Past.Unchanged() {
		t.Errorf("with %d records after the base: parts %q, unchanged %v; want the base written anew", MaxTail+1, full, again2.Past.Unchanged())
	}
	bad := History[rec]{}
	bad.SetSource(func() ([]byte, error) { return []byte("[{"), nil }, nil)
	bad.All()
	if bad.Unchanged() {
		t.Error("a history whose part does not decode says it is unchanged")
	}
}

// A history that can be neither read nor rebuilt never encodes as a short
// one: a snapshot of it fails instead of keeping only the newest records.
func TestUnreadableHistoryDoesNotEncode(t *testing.T) {
	var h History[rec]
	fail := func() ([]byte, error) { return nil, errors.New("the file is gone") }
	h.SetSource(fail, fail)
	h.Add(rec{Name: "new", N: 7})
	if b, err := h.Encoded(); err == nil {
		t.Errorf("Encoded = %s, no error", b)
	}
	if b, err := h.MarshalJSON(); err == nil {
		t.Errorf("MarshalJSON = %s, no error", b)
	}

	// Rebuilt after a damaged read, it is no longer what the source holds.
	var g History[rec]
	g.SetSource(func() ([]byte, error) { return []byte(`[{"name":"a","n":1},`), nil },
		func() ([]byte, error) { return []byte(`[{"name":"a","n":1}]`), nil })
	if all := g.All(); len(all) != 1 || g.Unchanged() || g.Err() != nil {
		t.Errorf("rebuilt history %v, unchanged %v, err %v", all, g.Unchanged(), g.Err())
	}
}

// A copy shares its records' array: the one that adds first appends in
// place, the other then moves to an array of its own, and neither ever
// sees the other's records (the checkpoints of a re-decision rely on it).
func TestHistoryCopiesShareUntilBothAdd(t *testing.T) {
	var h History[rec]
	for i := 1; i <= 5; i++ {
		h.Add(rec{Name: "b", N: i})
	}
	cp := h.Copy()
	h.Add(rec{Name: "original", N: 6})
	if &h.items[0] != &cp.items[0] {
		t.Error("the original moved its records although the slot after them was free")
	}
	cp.Add(rec{Name: "copy", N: 6})
	if &h.items[0] == &cp.items[0] {
		t.Fatal("the copy added in place over the original's record")
	}
	if got := h.All()[5].Name; got != "original" {
		t.Errorf("the original's sixth record is %q", got)
	}
	if got := cp.All()[5].Name; got != "copy" {
		t.Errorf("the copy's sixth record is %q", got)
	}
	again := cp.Copy()
	again.Add(rec{Name: "again", N: 7})
	cp.Add(rec{Name: "copy", N: 7})
	if again.All()[6].Name != "again" || cp.All()[6].Name != "copy" || len(h.All()) != 6 {
		t.Errorf("histories %v / %v / %v", h.All(), cp.All(), again.All())
	}
}
