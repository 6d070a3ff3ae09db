// Package decodetest holds hand-written payload decoders (events.
// RegisterDecoder) and the commands' generated readers to encoding/json,
// for the engines' tests: for every payload both read, a decoder must
// give the value encoding/json gives.
package decodetest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand"
	"reflect"
	"sort"
	"strings"
	"testing"
	"testing/quick"

	"warlog/engines"
	"warlog/events"
)

// Check decodes data as typ through r and through encoding/json and fails
// t if both read it and the values differ.
func Check(t testing.TB, r *events.Registry, typ string, data []byte) {
	t.Helper()
	got, err := r.Decode(events.Event{Type: typ, Data: data})
	if err != nil {
		return
	}
	want := reflect.New(reflect.TypeOf(got))
	if err := json.Unmarshal(data, want.Interface()); err != nil || ambiguous(data, reflect.TypeOf(got)) {
		return
	}
	if !reflect.DeepEqual(got, want.Elem().Interface()) {
		t.Errorf("%s %s:\n got %#v\nwant %#v", typ, data, got, want.Elem().Interface())
	}
}

// Seeds checks that r decodes every seed (payloads by event type, as our
// encoder writes them and bent) and reads it as encoding/json does.
func Seeds(t *testing.T, r *events.Registry, seeds map[string][]string) {
	t.Helper()
	for typ, list := range seeds {
		for _, in := range list {
			if _, err := r.Decode(events.Event{Type: typ, Data: []byte(in)}); err != nil {
				t.Errorf("%s %s: %v", typ, in, err)
			}
			Check(t, r, typ, []byte(in))
			if esc, ok := escapeFirstKey(in); ok { // read as encoding/json does, or refused
				Check(t, r, typ, []byte(esc))
			}
		}
	}
}

// escapeFirstKey writes the first letter of in's first key as a \u escape:
// JSON encoding/json reads as the plain key and our encoder never writes.
func escapeFirstKey(in string) (string, bool) {
	i := strings.Index(in, `{"`)
	if i < 0 || i+2 >= len(in) {
		return "", false
	}
	c := in[i+2]
	if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') {
		return "", false
	}
	return in[:i+2] + fmt.Sprintf(`\u%04x`, c) + in[i+3:], true
}

// Fuzz starts from the seeds and checks that for any payload
// encoding/json reads, r's decoder gives the same value or refuses it (it
// may refuse what encoding/json bends, such as a key in another case or a
// field given twice). The corpus entries are (type index, payload).
func Fuzz(f *testing.F, r *events.Registry, seeds map[string][]string) {
	var types []string
	for typ := range seeds {
		types = append(types, typ)
	}
	sort.Strings(types)
	for i, typ := range types {
		for _, in := range seeds[typ] {
			f.Add(uint8(i), in)
		}
	}
	f.Fuzz(func(t *testing.T, which uint8, in string) {
		Check(t, r, types[int(which)%len(types)], []byte(in))
	})
}

// ambiguous reports whether data has an object with a key twice (where
// encoding/json merges what the second gives into what the first gave) or
// a key that matches one of the type's field names only in another case:
// JSON our encoder never writes, where the hand decoders may differ.
func ambiguous(data []byte, typ reflect.Type) bool {
	names := map[string]bool{}
	fieldNames(typ, names, map[reflect.Type]bool{})
	dec := json.NewDecoder(bytes.NewReader(data))
	type frame struct {
		keys   map[string]bool
		object bool
		key    bool // the next string is a key
	}
	var stack []*frame
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return false
		}
		if err != nil {
			return true
		}
		var top *frame
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		if k, isKey := tok.(string); isKey && top != nil && top.object && top.key {
			if top.keys[k] {
				return true
			}
			top.keys[k] = true
			for n := range names {
				if k != n && strings.EqualFold(k, n) {
					return true
				}
			}
			top.key = false
			continue
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, &frame{keys: map[string]bool{}, object: true, key: true})
			continue
		case json.Delim('['):
			stack = append(stack, &frame{})
			continue
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:len(stack)-1]
		}
		if len(stack) > 0 && stack[len(stack)-1].object {
			stack[len(stack)-1].key = true
		}
	}
}

// fieldNames gathers the JSON names of typ's fields, nested ones too.
func fieldNames(typ reflect.Type, names map[string]bool, seen map[reflect.Type]bool) {
	for typ.Kind() == reflect.Pointer || typ.Kind() == reflect.Slice || typ.Kind() == reflect.Map {
		typ = typ.Elem()
	}
	if typ.Kind() != reflect.Struct || seen[typ] {
		return
	}
	seen[typ] = true
	for i := range typ.NumField() {
		f := typ.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "" && !f.Anonymous { // an embedded struct's fields are its own
			name = f.Name
		}
		if name != "" {
			names[name] = true
		}
		fieldNames(f.Type, names, seen)
	}
}

// Commands checks every command of e against encoding/json: its generated
// reader (DecodeArgs, internal/factgen) must read the arguments our
// encoder records, for random values of every field, and give the value
// encoding/json gives; arguments encoding/json reads in a way the reader
// refuses (a key in another case) must still decode through e.
func Commands(t *testing.T, e engines.Engine) {
	t.Helper()
	rng := rand.New(rand.NewSource(1))
	for _, verb := range e.Verbs() {
		zero, err := e.DecodeCommand(verb, nil)
		if err != nil {
			t.Fatalf("%s: %v", verb, err)
		}
		typ := reflect.TypeOf(zero)
		if reflect.PointerTo(typ).Implements(reflect.TypeFor[json.Unmarshaler]()) {
			continue // read its own way (UnmarshalJSON), as factgen leaves it
		}
		read := reflect.ValueOf(zero).MethodByName("DecodeArgs")
		if !read.IsValid() {
			t.Errorf("%s (%s) has no generated DecodeArgs: run go generate", verb, typ)
			continue
		}
		for i := range 64 {
			data, want, err := randomPayload(typ, rng, i%2 == 0)
			if err != nil {
				t.Fatalf("%s: %v", verb, err)
			}
			out := read.Call([]reflect.Value{reflect.ValueOf(data)})
			if err, _ := out[1].Interface().(error); err != nil {
				t.Errorf("%s %s: the generated reader refuses it: %v", verb, data, err)
				continue
			}
			if got := out[0].Interface(); !reflect.DeepEqual(got, want) {
				t.Errorf("%s %s:\n got %#v\nwant %#v", verb, data, got, want)
			}
			if i == 0 {
				if esc, ok := escapeFirstKey(string(data)); ok {
					got, err := e.DecodeCommand(verb, []byte(esc))
					if err != nil || !reflect.DeepEqual(got, want) {
						t.Errorf("%s %s: %v, %#v; want %#v as encoding/json reads it", verb, esc, err, got, want)
					}
				}
			}
		}
	}
}

// randomPayload is a random value of typ as our encoder writes it, and
// the value encoding/json reads back from that. tamed: its numbers are
// those a table writes (tame); else they keep the whole range of their
// type (19 digits: a typed card's number was once stored as the largest
// int and read back by nothing). An error: the value has no JSON, or
// encoding/json does not read it back.
func randomPayload(typ reflect.Type, rng *rand.Rand, tamed bool) ([]byte, any, error) {
	v, ok := quick.Value(typ, rng)
	if !ok {
		return nil, nil, fmt.Errorf("no random %s", typ)
	}
	if tamed {
		tame(v)
	}
	data, err := json.Marshal(v.Interface())
	if err != nil {
		return nil, nil, err
	}
	want := reflect.New(typ)
	if err := json.Unmarshal(data, want.Interface()); err != nil {
		return nil, nil, fmt.Errorf("%s: encoding/json: %w", data, err)
	}
	return data, want.Elem().Interface(), nil
}

// tame brings the numbers in v to what a table writes (a die, a count).
func tame(v reflect.Value) {
	switch v.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(v.Int() % 1_000_000)
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			tame(v.Elem())
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			tame(v.Index(i))
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Field(i).CanSet() {
				tame(v.Field(i))
			}
		}
	case reflect.Map:
		for _, k := range v.MapKeys() {
			e := reflect.New(v.Type().Elem()).Elem()
			e.Set(v.MapIndex(k))
			tame(e)
			v.SetMapIndex(k, e)
		}
	}
}

// RandomFacts checks that r reads back what our encoder writes for random
// values of every fact type the seeds name (numbers of their whole range
// every other time), as encoding/json reads it: a fact the rules emit and
// the log stores must decode again, whatever its numbers and texts.
func RandomFacts(t *testing.T, r *events.Registry, seeds map[string][]string) {
	t.Helper()
	rng := rand.New(rand.NewSource(2))
	var types []string
	for typ := range seeds {
		types = append(types, typ)
	}
	sort.Strings(types)
	for _, typ := range types {
		proto, err := r.Decode(events.Event{Type: typ, Data: []byte(seeds[typ][0])})
		if err != nil {
			t.Fatalf("%s: %v", typ, err)
		}
		rt := reflect.TypeOf(proto)
		for i := range 32 {
			data, want, err := randomPayload(rt, rng, i%2 == 0)
			if err != nil {
				continue // a value no rule makes (a float NaN, say)
			}
			got, err := r.Decode(events.Event{Type: typ, Data: data})
			if err != nil {
				t.Errorf("%s %s: our encoder's payload does not decode: %v", typ, data, err)
				continue
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s %s:\n got %#v\nwant %#v", typ, data, got, want)
			}
		}
	}
}
