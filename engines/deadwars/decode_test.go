package deadwars

import (
	"bytes"
	"encoding/json"
	"io"
	"reflect"
	"sort"
	"strings"
	"testing"

	"warlog/events"
)

// decodeSeeds are payloads of every fact with a hand decoder, as our
// encoder writes them and bent (space, other key orders, escapes, nulls,
// unknown keys): the fast paths and their key-by-key fallback.
var decodeSeeds = map[string][]string{
	TypeContactChanged: {`{"a":{"side":"Ann","name":"Ghoul 1"},"b":{"side":"Ben","name":"Zombie"},"apart":true}`, `{"b":{"name":"x","side":"Ben"},"a":null}`, `{ "a" : { "side" : "Zo\u00eb" , "name" : "a\"b" } }`},
	TypeAttackMade: {
		`{"by":{"side":"Ben","name":"Jack"},"target":{"side":"Ann","name":"Vlad"},"dice":[3,4],"free":true,"hit_roll":4,"hit_mod":1,"hit_need":4,"hit":true,"save_roll":5,"save_mod":-1,"save_need":6,"saved":true,"wounded":true,"killed":true,"kp":4}`,
		`{"hit":false,"by":{"side":"Ben","name":"Jack"},"dice":null,"target":{}}`, `{"dice":[]}`,
	},
	TypeFigureMoved: {
		`{"figure":{"side":"Ben","name":"Davy"},"die":1,"dash":true,"magic":true,"inches":4,"into":{"side":"Ann","name":"V"},"left":[{"side":"Ann","name":"W"}],"free":[{"by":{"side":"Ann","name":"W"},"target":{"side":"Ben","name":"Davy"}}]}`,
		`{"into":null,"left":[],"free":[null,{}],"figure":{"side":"a","name":"b"}}`, `{"left":null,"free":null}`,
	},
	TypePoolRolled:      {`{"player":"Ben","faces":[1,6,6,3,4,2]}`, `{"faces":[],"player":"Zoë"}`, `{"faces":null}`},
	TypeTurnEnded:       {`{"player":"Ann","lost":[1],"drift":[2,3]}`, `{"player":"Ben"}`, `{"drift":[],"lost":null}`},
	TypeSpellCast:       {`{"caster":{"side":"Ben","name":"Davy"},"spell":"bolt","cost":1,"target":{"side":"Ann","name":"Vlad"},"hit_roll":4,"hit":true,"save_roll":2,"saved":true,"wounded":true,"killed":true,"kp":4,"healed":true,"into":{"side":"a","name":"b"},"left":[{"side":"c","name":"d"}]}`, `{"spell":"heal","caster":{"side":"a","name":"b"},"into":null,"left":null}`},
	TypeScenarioStarted: {`{"name":"Pit","brief":"hunt","sides":["Ann","Ben"],"deploy":["Ben","Ann"],"roll_off":[[3,4],[5,2]],"humans":[{"name":"Hunter 1","class":"Guard"}]}`, `{"roll_off":[null,[]],"humans":[null,{}],"sides":[],"deploy":null}`, `{"roll_off":null,"humans":null}`},
	TypeScenarioEnded:   {`{"winner":"Ann","result":"won","why":"more kill points","scores":{"Ann":3,"Ben":1},"declared":true}`, `{"result":"draw","why":"w","scores":null}`, `{"scores":{}}`},
	TypeDoubleChanged:   {`{"player":"Ann","face":3,"to":5}`},
	TypeDefendSet:       {`{"figure":{"side":"Ann","name":"a"},"die":4}`},
	TypeSoulTried:       {`{"figure":{"side":"Ann","name":"a"},"dice":[4,5],"roll":9,"mod":1,"need":8,"collected":true}`},
	TypeHumansActed:     {`{"round":3}`},
	TypeShrineCounted:   {`{"counts":{"Ann":2,"Ben":0}}`, `{"counts":null}`},
}

func decodeRegistry() *events.Registry {
	r := events.NewRegistry()
	Engine{}.Register(r)
	return r
}

// checkDecode decodes data as typ through the registry and through
// encoding/json and fails if both read it and the values differ.
func checkDecode(t *testing.T, r *events.Registry, typ string, data []byte) {
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

// Every hand decoder reads its seeds as encoding/json does.
func TestDecodersAsEncodingJSON(t *testing.T) {
	r := decodeRegistry()
	for typ, seeds := range decodeSeeds {
		for _, in := range seeds {
			if _, err := r.Decode(events.Event{Type: typ, Data: []byte(in)}); err != nil {
				t.Errorf("%s %s: %v", typ, in, err)
			}
			checkDecode(t, r, typ, []byte(in))
		}
	}
}

// For any payload encoding/json reads, a hand decoder gives the same value
// or refuses it (it may refuse what encoding/json bends, such as a key in
// another case or a field given twice).
func FuzzDecodersAsEncodingJSON(f *testing.F) {
	var types []string
	for typ := range decodeSeeds {
		types = append(types, typ)
	}
	sort.Strings(types)
	for i, typ := range types {
		for _, in := range decodeSeeds[typ] {
			f.Add(uint8(i), in)
		}
	}
	r := decodeRegistry()
	f.Fuzz(func(t *testing.T, which uint8, in string) {
		checkDecode(t, r, types[int(which)%len(types)], []byte(in))
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
		if top != nil && top.object && top.key {
			k, _ := tok.(string)
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
