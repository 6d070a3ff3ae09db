package kingsown

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	fastjson "github.com/goccy/go-json"

	"warlog/events"
	"warlog/internal/decodetest"
)

// decodeSeeds are payloads of every fact with a hand decoder, as our
// encoder writes them and bent (space, other key orders, escapes, nulls,
// unknown keys): the fast paths and their key-by-key fallback.
var decodeSeeds = map[string][]string{
	TypeScenarioEnded: {
		`{"name":"Ambush on the road","turn":1,"removed":{"hunters":1,"orcs":0},"winner":"orcs","result":"orcs win on removals (removed: hunters 1, orcs 0)","outcomes":[{"side":"hunters","name":"Bors","fate":"survived","skill":3,"new_skill":3},{"side":"hunters","name":"Brand","fate":"broken","skill":2,"new_skill":1},{"side":"orcs","name":"Gorm","fate":"survived","skill":3,"new_skill":3,"removals":1}]}`,
		`{"name":"1","turn":2,"removed":{"4":0,"nest":0},"winner":"4","declared":true,"nest_down":false,"result":"the Nest still stands","outcomes":[{"side":"orcs","name":"Gorm","fate":"sat out","skill":3,"new_skill":3}]}`,
		`{"outcomes":null,"removed":null,"nest_down":null,"result":"a draw on removals"}`,
		`{"outcomes":[],"removed":{},"nest_down":true,"declared":false}`,
		`{ "name" : "Zo\u00eb" , "removed" : { "Zo\u00eb" : 2 , "a\"b" : null } , "outcomes" : [ null , { "removals" : 2 , "side" : "x" } ] }`,
		`{"name":"x","extra":[1,{"a":null}],"turn":null}`,
	},
	TypeScenarioStarted: {
		`{"name":"mammal","brief":"nest","turns":6,"sides":["orcs","nest"],"figures":[{"card":{"name":"Gorm","side":"orcs","skill":3,"move":3,"res":2,"hits":4,"armour":"chain","weapons":[{"name":"Cleaver","might":2,"reach":1},{"name":"Knife","might":1,"reach":1}],"fearless":true,"multi":2},"skill":3,"member":true},{"card":{"name":"Nest","side":"nest","skill":0,"move":0,"res":1,"hits":3,"static":true,"durable":1},"skill":0}],"grunt":{"name":"Orc grunt","side":"nest","skill":2,"move":4,"res":1,"hits":1,"weapons":[{"name":"Cleaver","might":2,"reach":1}]}}`,
		`{"name":"Ambush","turns":6,"sides":["hunters","orcs"],"figures":[{"card":{"name":"Wyn","side":"hunters","skill":3,"move":4,"res":1,"hits":1,"armour":"leather","shield":true,"weapons":[{"name":"Staff","might":1,"reach":1,"sweep":true}],"no_rear":true,"frenzy":true,"sure_footed":true,"ponderous":true,"mob":true,"spells":["Firebolt","Sparks","Ward","Teleport","Rally"]},"skill":3,"member":true}]}`,
		`{"grunt":null,"figures":null,"sides":null}`,
		`{"figures":[],"sides":[],"grunt":{}}`,
		`{"figures":[null,{},{"card":null},{"member":false,"card":{"weapons":null,"spells":null}},{"card":{"weapons":[],"spells":[],"multi":3,"name":"a\u00e9"}}]}`,
		`{"figures":[{"card":{"weapons":[null,{},{"sweep":false,"name":"Bow","reach":12}]}}]}`,
	},
	TypeAttackMade: {
		`{"attacker":{"side":"nest","name":"Orc grunt 1"},"weapon":{"name":"Cleaver","might":2,"reach":1},"targets":[{"side":"4","name":"6"}],"rear":true}`,
		`{"attacker":{"side":"a","name":"b"},"weapon":{"name":"Sparks","might":2,"reach":6,"sweep":true},"targets":[{"side":"c","name":"d"},{"side":"c","name":"e"}]}`,
		`{"targets":null,"weapon":null,"attacker":null}`,
		`{"targets":[],"attacker":{"name":"b","side":"a"}}`,
		`{"targets":[null,{},{"side":"Zo\u00eb"}]}`,
	},
	TypeMoved: {
		`{"side":"nest","name":"Orc grunt 1","move":"withdraw","facing":"front"}`,
		`{"side":"hunters","name":"Wyn","move":"half","facing":"rear","rough":true,"stopped":true,"pair_next":true}`,
		`{"facing":"left","name":"x\ty","side":null}`,
		`{"side":"hunters","name":"Wyn","move":"full","facing":"front","rough":true,"leave":true,"stopped":true}`,
	},
	TypeWithdrawn:        {`{"side":"hunters","name":"Bors"}`, `{"name":"Bors"}`, `{}`},
	TypeAttackPhaseBegun: {`{}`, `{"stayed":[{"side":"hunters","name":"Bors"},{"side":"blue=6,6","name":"N158"}]}`, `{"stayed":null}`, `{"stayed":[]}`},
	TypeInitiativeWon: {
		`{"rolls":[[3,5]],"winner":"blue=6,6","first":"hunters"}`,
		`{"rolls":[[3,3],[2,1]],"winner":"a","first":"b"}`,
		`{"rolls":null}`, `{"rolls":[]}`, `{"first":"x","rolls":[null,[],[1]]}`,
		`{"rolls":[[2,5]],"winner":"orcs","first":""}`,
	},
	TypeFirstChosen: {`{"first":"hunters"}`, `{"first":null}`, `{}`},
	TypeHitLost:     {`{"target":{"side":"nest","name":"Nest"},"hits":2}`, `{"hits":0,"target":{"side":"a","name":"b"}}`},
	TypeHitResisted: {`{"target":{"side":"nest","name":"Nest"}}`, `{"target":{"side":"nest","name":"Nest"},"durable":true}`, `{"target":null}`},
	TypeGruntSpawned: {
		`{"card":{"name":"Orc grunt 1","side":"nest","skill":2,"move":4,"res":1,"hits":1,"weapons":[{"name":"Cleaver","might":2,"reach":1}]},"roll":2}`,
		`{"roll":6,"card":null}`,
	},
	TypeLockedOut: {`{"caster":{"side":"hunters","name":"Wyn"},"turn":2}`, `{"caster":{"side":"hunters","name":"Wyn"},"turn":3,"spell":"Ward"}`, `{"caster":null}`},
	TypeTurnEnded: {`{"turn":2}`, `{"turn":1,"last":true}`, `{"last":false}`},
	TypeMissed:    {`{"target":{"side":"orcs","name":"Gorm"},"roll":4}`},
	TypeStepBegun: {`{"skill":2}`, `{}`},
	TypeSkillLost: {`{"target":{"side":"Ann","name":"blue=6,6"},"skill":0}`},
	TypeDown:      {`{"target":{"side":"nest","name":"Orc grunt 1"},"by":{"side":"Ann,Ben,Cas","name":"4"}}`, `{"target":{"side":"a","name":"b"}}`, `{"by":null}`, `{"by":{}}`},
	TypeBroken:    {`{"target":{"side":"4","name":"blue=6,6"},"by":{"side":"Sword M2 R1","name":"blue=6,6"}}`},
	TypeRecruited: {`{"card":{"name":"Wyn","side":"hunters","skill":3,"move":4,"res":1,"hits":1,"armour":"leather","weapons":[{"name":"Staff","might":1,"reach":1}],"spells":["Firebolt","Sparks","Ward","Teleport","Rally"]}}`, `{"card":null}`,
		`{"card":{"name":"Mirela","side":"hunters","skill":3,"move":4,"res":0,"hits":2,"weapons":[{"name":"Staff","might":1,"reach":1}],"spells":["Sparks","Ward"],"prices":[{"spell":"Sparks","price":"lose 1 Hit"},{"spell":"Ward","price":"her familiar flees"}]}}`,
		`{"card":{"prices":null}}`, `{"card":{"prices":[null,{},{"price":"x"}]}}`,
		`{"card":{"name":"Sergeant","side":"hunters","skill":3,"move":3,"res":2,"hits":2,"armour":"chain","weapons":[{"name":"Halberd","might":3,"reach":2}],"no_suppress_by":2}}`},
}

func decodeRegistry() *events.Registry {
	r := events.NewRegistry()
	Engine.Register(r)
	return r
}

// Every hand decoder reads its seeds, and reads them as encoding/json does.
func TestDecodersAsEncodingJSON(t *testing.T) {
	decodetest.Seeds(t, decodeRegistry(), decodeSeeds)
}

// A key written with an escape is refused rather than read otherwise than
// encoding/json reads it.
func TestDecodersRefuseEscapedKeys(t *testing.T) {
	r := decodeRegistry()
	for _, in := range []string{`{"sid\u0065":"a","name":"b"}`, `{"target":{"sid\u0065":"a","name":"b"},"hits":2}`} {
		typ := TypeMoved
		if strings.Contains(in, "target") {
			typ = TypeHitLost
		}
		if v, err := r.Decode(events.Event{Type: typ, Data: []byte(in)}); err == nil {
			t.Errorf("%s %s: read as %#v, want a refusal", typ, in, v)
		}
	}
}

// Every fact the engine registers with a hand decoder has seeds here.
func TestDecodeSeedsCoverHandDecoders(t *testing.T) {
	r := decodeRegistry()
	for _, typ := range []string{TypeScenarioEnded, TypeScenarioStarted, TypeAttackMade, TypeMoved, TypeAttackPhaseBegun,
		TypeInitiativeWon, TypeHitLost, TypeHitResisted, TypeGruntSpawned, TypeTurnEnded, TypeMissed, TypeStepBegun,
		TypeSkillLost, TypeWithdrawn, TypeDown, TypeBroken, TypeRecruited, TypeLockedOut, TypeFirstChosen} {
		if len(decodeSeeds[typ]) == 0 {
			t.Errorf("no seeds for %s", typ)
		}
		if !r.Known(typ) {
			t.Errorf("%s is not registered", typ)
		}
	}
}

// For any payload encoding/json reads, a hand decoder gives the same value
// or refuses it.
func FuzzDecodersAsEncodingJSON(f *testing.F) {
	decodetest.Fuzz(f, decodeRegistry(), decodeSeeds)
}

// BenchmarkDecode compares the ways a replay could decode The King's Own's
// facts, on the first payload of each seed (as our encoder writes them): the
// generated decoders (facts_gen.go, what the registry uses), goccy/go-json
// (the registry's reflection path before) and encoding/json. Run with
// `go test ./engines/kingsown -run '^$' -bench Decode -benchmem`.
func BenchmarkDecode(b *testing.B) {
	r := decodeRegistry()
	var evs []events.Event
	for typ, seeds := range decodeSeeds {
		evs = append(evs, events.Event{Type: typ, Data: []byte(seeds[0])})
	}
	protos := map[string]reflect.Type{}
	for _, e := range evs {
		v, err := r.Decode(e)
		if err != nil {
			b.Fatal(err)
		}
		protos[e.Type] = reflect.TypeOf(v)
	}
	b.Run("generated", func(b *testing.B) {
		for b.Loop() {
			for _, e := range evs {
				if _, err := r.Decode(e); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
	for name, unmarshal := range map[string]func([]byte, any) error{"goccy": fastjson.Unmarshal, "encoding_json": json.Unmarshal} {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				for _, e := range evs {
					p := reflect.New(protos[e.Type])
					if err := unmarshal(e.Data, p.Interface()); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}

// Every command's generated reader reads what our encoder records, as
// encoding/json does (a re-decision reads each action's command back).
func TestCommandReadersAsEncodingJSON(t *testing.T) { decodetest.Commands(t, Engine) }

// Random payloads of every fact type, as our encoder writes them, decode
// again as encoding/json reads them.
func TestRandomFactsDecode(t *testing.T) { decodetest.RandomFacts(t, decodeRegistry(), decodeSeeds) }
