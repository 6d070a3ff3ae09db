package jsonscan

import (
	"encoding/json"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"unsafe"
)

type ref struct {
	Side string `json:"side"`
	Name string `json:"name"`
}

// nested is a payload shape with arrays of objects and of arrays, maps and
// a pointer to an object: what Array, Elem, Field, MapKey and the interned
// and sized readers read.
type nested struct {
	Tags  []string         `json:"tags"`
	Refs  []ref            `json:"refs"`
	Grid  [][]int          `json:"grid"`
	Into  *ref             `json:"into"`
	One   ref              `json:"one"`
	Count map[string]int   `json:"count"`
	Lists map[string][]int `json:"lists"`
}

func scanRef(s *Scanner, in *Interner) ref {
	if side, name, ok := s.StringPair("side", "name", in); ok {
		return ref{side, name}
	}
	var r ref
	for i := 0; s.Field(i); i++ {
		switch string(s.Key()) {
		case "side":
			r.Side = s.InternedString(in)
		case "name":
			r.Name = s.InternedString(in)
		default:
			s.Skip()
		}
	}
	return r
}

func scanNested(data []byte, in *Interner) (nested, error) {
	var v nested
	s := New(data)
	for s.Next() {
		switch string(s.Key()) {
		case "refs":
			v.Refs = nil
			if s.Array() {
				v.Refs = []ref{}
				for i := 0; s.Elem(i); i++ {
					v.Refs = append(v.Refs, scanRef(s, in))
				}
			}
		case "tags":
			v.Tags = s.InternedStrings(in)
		case "grid":
			v.Grid = nil
			if s.Array() {
				v.Grid = [][]int{}
				for i := 0; s.Elem(i); i++ {
					v.Grid = append(v.Grid, s.SizedInts())
				}
			}
		case "into":
			v.Into = nil
			if !s.Null() {
				r := scanRef(s, in)
				v.Into = &r
			}
		case "one":
			v.One = scanRef(s, in)
		case "count":
			v.Count = nil
			if !s.Null() {
				v.Count = map[string]int{}
				for i := 0; s.Field(i); i++ {
					v.Count[s.MapKey()] = s.Int()
				}
			}
		case "lists":
			v.Lists = nil
			if !s.Null() {
				v.Lists = map[string][]int{}
				for i := 0; s.Field(i); i++ {
					v.Lists[s.MapKey()] = s.SizedInts()
				}
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
	`{"tags":["a","b\"c","Zoë","a"],"refs":[{"side":"a","name":"a"}]}`,
	`{"tags":[],"grid":[[]]}`,
	`{"tags":null}`,
	`{"refs":[{"side":"a","name":"b"},{"side":"a\"","name":"b"},{"name":"b","side":"a"},{"side":"a","name":"b","x":1},{"side":"é","name":"b"},{"side":"a","name":"b" }]}`,
	`{"one":{"side":"","name":""},"into":{"side":"a","name":"Zoë"}}`,
}

// shared is an interner the tests share, so that some reads hit strings an
// earlier one left.
var shared Interner

// Every sample reads as encoding/json reads it, interned or not, the
// second interned read finding the strings of the first.
func TestNestedSameAsEncodingJSON(t *testing.T) {
	for _, in := range nestedSamples {
		var want nested
		if err := json.Unmarshal([]byte(in), &want); err != nil {
			t.Fatalf("%s: encoding/json: %v", in, err)
		}
		for _, interner := range []*Interner{nil, &shared, &shared} {
			got, err := scanNested([]byte(in), interner)
			if err != nil {
				t.Errorf("%s: %v", in, err)
				continue
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s:\n got %#v\nwant %#v", in, got, want)
			}
		}
	}
}

// Malformed arrays and maps, and values of the wrong kind in them, are
// errors.
func TestNestedRefusesBadJSON(t *testing.T) {
	for _, in := range []string{
		`{"refs":[{"side":"a"},]}`, `{"refs":[,{"side":"a"}]}`, `{"refs":[{"side":"a"} {"side":"b"}]}`,
		`{"refs":{"side":"a"}}`, `{"refs":[{"side":3}]}`, `{"refs":["a"]}`, `{"refs":[`, `{"refs":[{"side":"a"}`,
		`{"grid":[[1],[2,]]}`, `{"tags":["a",]}`, `{"tags":[1]}`, `{"tags":"a"}`, `{"grid":[1]}`, `{"into":"x"}`, `{"one":{"side":"a",}}`,
		`{"one":{"side":"a","name":"b"`, `{"one":{"side":"a","name":"b}`, `{"one":{"side":"a","name":3}}`,
		"{\"one\":{\"side\":\"a\",\"name\":\"b\x01\"}}", `{"one":{"side":"a","name":"b"}x}`,
		`{"count":[1]}`, `{"count":{"a":"1"}}`, `{"count":{"a":1,}}`, `{"count":{"a" 1}}`, `{"lists":{"a":[1,]}}`,
		"{\"count\":{\"a\x01\":1}}",
	} {
		if _, err := scanNested([]byte(in), &shared); err == nil {
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
	known := []string{"tags", "refs", "grid", "into", "one", "count", "lists", "side", "name"}
	f.Fuzz(func(t *testing.T, in string) {
		var want nested
		if err := json.Unmarshal([]byte(in), &want); err != nil {
			return
		}
		if foldedKey(t, []byte(in), known) {
			return // encoding/json matches keys in any case; we write only one
		}
		got, err := scanNested([]byte(in), &shared)
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

// Reading arrays of objects in place allocates nothing but the values
// read, and interned strings nothing once seen.
func TestNestedAllocations(t *testing.T) {
	in := []byte(`{"refs":[{"side":"red","name":"Ann"},{"side":"red","name":"Bob"}],"one":{"side":"b","name":"c"},"tags":["x","y"],"grid":[[1,2,3]]}`)
	var interner Interner
	read := func() {
		v, err := scanNested(in, &interner)
		if err != nil || len(v.Refs) != 2 || v.One.Name != "c" {
			t.Fatal(v, err)
		}
	}
	read()
	// refs (grown by append: two), tags and grid's row (sized: one each),
	// grid itself (one): no scanner, closure or string.
	if n := testing.AllocsPerRun(100, read); n > 5 {
		t.Errorf("%v allocations per read, want 5", n)
	}
}

// The interner gives back equal strings, shared once seen, and keeps
// strings of a hash slot apart.
func TestInterner(t *testing.T) {
	var in Interner
	intern := func(b []byte) string {
		s := New([]byte(strconv.Quote(string(b))))
		v := s.InternedString(&in)
		if s.Err() != nil {
			t.Fatal(s.Err())
		}
		return v
	}
	a := intern([]byte("Ann"))
	b := intern([]byte("Ann"))
	if a != "Ann" || unsafe.StringData(a) != unsafe.StringData(b) {
		t.Errorf("%q and %q are not one string", a, b)
	}
	for i := range 5000 { // more strings than slots: every slot replaced
		k := strconv.Itoa(i)
		if got := intern([]byte(k)); got != k {
			t.Fatalf("interned %q as %q", k, got)
		}
	}
	long := strings.Repeat("x", internMax+1)
	if got := intern([]byte(long)); got != long {
		t.Errorf("a long string came back as %q", got)
	}
	if got := New([]byte(`"Ann"`)).InternedString(nil); got != "Ann" {
		t.Errorf("a nil interner gave %q", got)
	}
}

// count sizes arrays exactly for the JSON our encoder writes, and guesses
// without harm for anything else.
func TestCount(t *testing.T) {
	for in, want := range map[string]int{
		`[]`: 0, `[ ]`: 0, `[1]`: 1, `[1,2,3]`: 3, `["a,b","c\"],"]`: 2, `[[1,2],{"a":[3,4]},5]`: 3, `[1,2`: 2,
	} {
		s := New([]byte(in))
		s.pos = 1
		if got := s.count(); got != want {
			t.Errorf("%s: counted %d, want %d", in, got, want)
		}
	}
}

// Members counts an object's members exactly for the JSON our encoder
// writes (nested values, commas in strings), says 0 for anything but an
// object, and reads nothing: the map is read after it from where it was.
func TestMembers(t *testing.T) {
	for in, want := range map[string]int{
		`{}`: 0, ` { }`: 0, `{"a":1}`: 1, `{"a":1,"b":{"c":2,"d":3},"e,f":[4,5]}`: 3, `{"a\",":"}"}`: 1, `null`: 0, `[1,2]`: 0,
	} {
		s := New([]byte(in))
		if got := s.Members(); got != want {
			t.Errorf("%s: %d members, want %d", in, got, want)
		}
		if in == `null` || in[len(in)-1] == ']' {
			continue
		}
		m := map[string]any{}
		for i := 0; s.Field(i); i++ {
			m[s.MapKey()] = nil
			s.Skip()
		}
		if err := s.Done(); err != nil || len(m) != want {
			t.Errorf("%s: read %d members after counting (%v), want %d", in, len(m), err, want)
		}
	}
}

// StringPair reads only the exact form it names, and leaves anything else
// untouched for the general read.
func TestStringPair(t *testing.T) {
	for in, want := range map[string]bool{
		`{"side":"a","name":"b"}`:       true,
		`{"side":"","name":""}`:         true,
		`{"name":"b","side":"a"}`:       false,
		`{"side":"a", "name":"b"}`:      false,
		`{"side":"a\"","name":"b"}`:     false,
		`{"side":"é","name":"b"}`:       false,
		`{"side":"a","name":"b","x":1}`: false,
		`{"side":"a","name":"b"`:        false,
		`null`:                          false,
	} {
		s := New([]byte(in))
		side, name, ok := s.StringPair("side", "name", &shared)
		if ok != want {
			t.Errorf("%s: read %v, want %v", in, ok, want)
		}
		if ok && (side != "a" && side != "" || name != "b" && name != "") {
			t.Errorf("%s: read %q %q", in, side, name)
		}
		if !ok && s.pos != 0 {
			t.Errorf("%s: moved to %d without reading", in, s.pos)
		}
	}
}

// Expect reads only the text it names; Done reads a payload walked with
// Field to its end, refusing text after it.
func TestExpectAndDone(t *testing.T) {
	read := func(in string) (string, int, error) {
		s := New([]byte(in))
		var name string
		var n int
		i := 0
		if s.Expect(`{"name":`) {
			i = 1
			name = s.String()
			if s.Expect(`,"n":`) {
				n = s.Int()
			}
		}
		for ; s.Field(i); i++ {
			switch string(s.Key()) {
			case "name":
				name = s.String()
			case "n":
				n = s.Int()
			default:
				s.Skip()
			}
		}
		return name, n, s.Done()
	}
	for _, in := range []string{`{"name":"a","n":2}`, `{"n":2,"name":"a"}`, ` {"name" : "a", "n":2} `, `{"name":"a","x":[1],"n":2}`, `{"name":"b","n":1,"name":"a","n":2}`} {
		if name, n, err := read(in); name != "a" || n != 2 || err != nil {
			t.Errorf("%s: read %q %d (%v)", in, name, n, err)
		}
	}
	if name, n, err := read(`null`); name != "" || n != 0 || err != nil {
		t.Errorf("null: read %q %d (%v), want nothing as encoding/json", name, n, err)
	}
	for _, in := range []string{`{"name":"a","n":2} x`, `{"name":"a","n":2`, `{"name":"a",}`, `{"name":3}`, `[]`, ``} {
		if _, _, err := read(in); err == nil {
			t.Errorf("%q was accepted", in)
		}
	}
}
