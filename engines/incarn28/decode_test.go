package incarn28

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

// decodeSeeds are payloads of every fact, as our encoder writes them and
// bent (space, other key orders, escapes, nulls, unknown keys): the hand
// decoders' fast paths and their key-by-key fallback.
var decodeSeeds = map[string][]string{
	TypeBattleStarted: {
		`{"name":"Pit","sides":["Ann","Ben"],"figures":[{"name":"Brute","skill":"Demigod","toughness":"Immortal","flesh":["Golem","Soldier"],"side":"Ann","origin":"Ann","status":"active","starting":true},{"name":"Runt","skill":"Rabble","toughness":"Light","items":["Armour"],"side":"Ben","status":"stunned","tag":"escort","for":"Ben","saved":2,"on_fire":true,"marked_by":"Ann","slain_by":"Ann","rift_used":true}]}`,
		`{"figures":[{"side":"Ann","name":"Zoë \"Z\"","flesh":[],"items":null,"activated":true,"harmed":true,"toxic_used":true,"decoy_used":true,"inseminate_used":true,"rifted":true,"stone":true,"revealed":true}, null, {}],"name":"x","sides":null,"extra":{"a":[1]}}`,
		`{"name":"p","sides":[],"figures":[]}`, `{ "name" : "p" , "figures" : [ { "name" : "a" } ] }`, `{"figures":null}`,
	},
	TypeFigureAdded:        {`{"figure":{"name":"Deathbeast","skill":"Demigod","toughness":"Immortal","flesh":["Butcher"],"side":"Deathbeast","status":"active","tag":"deathbeast","for":"Ann"},"why":"Hunt for Ann"}`, `{"why":"w","figure":null}`},
	TypeFigureChanged:      {`{"figure":"Ann/Runt","side":"Ben","name":"R","incarn":{"name":"R","skill":"Rabble","toughness":"Light","flesh":["Worm"]},"on_fire":true,"marked_by":"Ben","rifted":false,"stone":true,"revealed":true,"used":"Toxic","why":"w"}`, `{"figure":"a","incarn":null,"marked_by":null,"on_fire":null,"why":"w"}`},
	TypeGangFounded:        {`{"player":"Ann","faction":"Flesh","bones":20,"incarns":[{"name":"a","skill":"b","toughness":"c"}]}`, `{"player":"Ann","incarns":null}`},
	TypeIncarnRecruited:    {`{"player":"Ann","incarn":{"name":"a","skill":"b","toughness":"c","items":["Icon"]},"cost":3}`},
	TypeIncarnDismissed:    {`{"player":"Ann","name":"a"}`},
	TypeObjectivesRolled:   {`{"player":"Ann","objectives":[3,5],"overseer":true}`, `{"player":"Ann","objectives":null}`},
	TypeTwistRolled:        {`{"twist":2,"mist_edge":"left"}`},
	TypeRoundBegun:         {`{"round":2,"rolls":{"Ann":3,"Ben":5},"first":"Ben"}`, `{"round":1,"rolls":{"Zo\u00eb":1,"a\"b":2},"first":"x"}`, `{"rolls":null}`, `{"rolls":{}}`},
	TypeDeploymentRolled:   {`{"rolls":{"Ann":3,"Ben":5},"first":"Ben"}`},
	TypeBattleEnded:        {`{"winner":"Ann","why":"Ann met both objectives"}`, `{"why":"a draw"}`},
	TypeDesecrateHit:       {`{"player":"Ann","hits":2}`},
	TypeReactionOpened:     {`{"figure":"Ann/a","kind":"Spite","not":"Ben/b"}`},
	TypeReactionUsed:       {`{"figure":"Ann/a","kind":"Spite","target":"Ben/b"}`},
	TypeMistFlowed:         {`{"round":3,"reach":10}`},
	TypeActivated:          {`{"figure":"Ben/Brute","natural":4,"steps":["d20 4 +1 Schism = 5"],"act_r":5,"acs":5,"was_stunned":true,"fallow":true,"wasted":true}`, `{"acs":5,"figure":"a","steps":[]}`},
	TypeACsSpent:           {`{"figure":"Ben/Brute","acs":2,"for":"attack","what":"an attack of strength 2"}`, `{"what":"moving","figure":"a","acs":1}`},
	TypeStatusChanged:      {`{"figure":"Ben/Runt","status":"slain","why":"Ann's Runt slays it","by":"Ann"}`, `{"status":"stunned","figure":"a","why":"\u00e9"}`},
	TypeActivationEnded:    {`{"figure":"Ben/Brute","saved":1,"next":"Ann","again":"Ann/a","round_over":true}`, `{"next":"Ann","figure":"a"}`},
	TypeObjectiveCompleted: {`{"player":"Ann","objective":5,"how":"recorded at the table"}`, `{"how":"h","player":"Ann"}`},
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
