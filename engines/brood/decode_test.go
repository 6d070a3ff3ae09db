package brood

import (
	"strings"
	"testing"

	"warlog/events"
	"warlog/internal/decodetest"
)

// decodeSeeds are payloads of every fact, as our encoder writes them and
// bent (space, other key orders, escapes, nulls, unknown keys): the fast
// paths and their key-by-key fallback.
var decodeSeeds = map[string][]string{
	TypeGameStarted: {
		`{"name":"mammal=3 bird=2","size":16,"mode":"standard","mothers":[{"player":"blue","letter":"B","x":6,"y":6},{"player":"red","letter":"R","x":3,"y":3}]}`,
		`{"name":"insect","size":8,"mode":"sudden","mothers":[]}`,
		`{"mothers":null,"name":null}`,
		`{ "mothers" : [ null , {} , { "y" : 2 , "player" : "Zo\u00eb" } ] , "size" : 4 }`,
		`{"name":"x","extra":[1,{"a":null}],"size":null,"mode":"a\"b"}`,
	},
	TypeTurnBegan:     {`{"player":"red","round":3}`, `{"round":1}`, `{"player":null,"round":null}`, `{ "round" : 2 , "player" : "bl\u0075e" }`},
	TypeTurnEnded:     {`{"player":"blue"}`, `{}`, `{"player":"r\\ed","x":[]}`},
	TypePlasmidGained: {`{"player":"blue","amount":10,"kept":10,"source":"turn income"}`, `{"player":"red","amount":5,"kept":2,"source":"absorbed B6"}`, `{"source":"é","kept":-1}`},
	TypePlasmidSpent:  {`{"player":"blue","amount":2,"on":"+2 move for B1"}`, `{"on":"a new spawn","amount":5}`},
	TypeSpawnCreated: {
		`{"name":"R13","owner":"red","x":2,"y":1,"attack":1,"defense":1,"move":2,"via":"spawn"}`,
		`{"name":"B4","owner":"blue","x":8,"y":6,"attack":3,"defense":3,"move":3,"via":"mitosis"}`,
		`{"via":"spawn","move":0,"name":"x\ty"}`,
	},
	TypeStatRaised: {`{"spawn":"B3","stat":"move","by":4}`, `{"spawn":"B2","stat":"attack","by":1,"points":1}`, `{"points":null,"by":2}`},
	TypeSpawnMoved: {
		`{"spawn":"B5","path":[{"x":4,"y":5},{"x":5,"y":4}],"cost":2}`,
		`{"spawn":"B1","path":[],"cost":0}`,
		`{"path":null}`,
		`{"path":[null,{},{"y":3},{"y":1,"x":2,"z":0}],"spawn":"R1"}`,
		`{"spawn":"R2","path":[{"x":1,"y":1},{"x":1,"y":2},{"x":1,"y":3},{"x":1,"y":4},{"x":1,"y":5},{"x":1,"y":6},{"x":1,"y":7},{"x":1,"y":8},{"x":1,"y":9},{"x":1,"y":10},{"x":1,"y":11},{"x":1,"y":12},{"x":1,"y":13},{"x":1,"y":14},{"x":1,"y":15},{"x":1,"y":16},{"x":2,"y":16}],"cost":17}`,
	},
	TypeCombatFought: {
		`{"kind":"mother","attacker":"blue","defender":"R6","attack_dice":[1,1],"attack_mod":11,"defend_dice":[6,3],"defend_mod":3,"result":"attacker"}`,
		`{"kind":"melee","attacker":"R3","defender":"B13","attack_dice":[6,1],"attack_mod":7,"defend_dice":[3,5],"defend_mod":-3,"result":"tie","counts":true}`,
		`{"attack_dice":null,"defend_dice":[],"counts":false}`,
		`{ "result" : "defender" , "defend_dice" : [ 2 , 2 ] , "kind" : "on-mother" }`,
	},
	TypeSpawnRemoved: {
		`{"spawn":"B6","cause":"beaten back by blue's Mother"}`,
		`{"spawn":"R4","cause":"killed","by":"B2"}`,
		`{"by":null,"cause":"poison"}`,
	},
	TypePointsAbsorbed: {`{"spawn":"B21","points":3,"from":"R14"}`, `{"spawn":"R1","points":2}`, `{"from":"","points":null}`},
	TypeEvolved: {
		`{"player":"red","evolution":"fortify"}`,
		`{"player":"blue","evolution":"levitation","font":"B7","proxy":"B7"}`,
		`{"proxy":"B2","evolution":"regenerate"}`,
	},
	TypeSubvertTried: {
		`{"player":"red","spawn":"B10","mother_dice":[3,4],"spawn_dice":[6,3]}`,
		`{"spawn_dice":null,"mother_dice":[]}`,
		`{"player":"red","spawn":"B13","mother_dice":[5,6,1],"spawn_dice":[null,4]}`,
	},
	TypeMotherMoved:    {`{"player":"red","x":4,"y":3,"cost":2}`, `{"cost":1,"y":-1}`},
	TypeMotherAttacked: {`{"player":"blue"}`, `{"player":"Zo\u00eb"}`, `{}`},
	TypeGameEnded: {
		`{"reason":"ended by the players"}`,
		`{"winner":"red","loser":"blue","reason":"conceded"}`,
		`{"winner":"red","reason":"the last Mother standing"}`,
		`{"loser":null,"reason":"a\nb"}`,
	},
	TypeSpawnAbsorbed: {`{"spawn":"R2","player":"red"}`, `{"player":"blue","spawn":"B1"}`, `{ "spawn" : "R2" , "player" : "red" }`, `{"spawn":"R\u00e9","player":"red"}`},
	TypeMutated:       {`{"spawn":"B14","mutation":"poison-carrier"}`, `{"mutation":"leader"}`, `{"spawn":"B1","mutation":"armored","x":1}`},
	TypeSubverted:     {`{"spawn":"B10","player":"red"}`, `{"spawn":null,"player":"red"}`, `{"player":"blue"}`},
	TypeSpawnWounded:  {`{"spawn":"R3"}`, `{}`, `{"spawn":null,"lives":2}`},
	TypeSpawnSaved:    {`{"spawn":"B2","by":"B5","roll":6}`, `{"roll":5}`, `{ "by" : "R\u0031" , "roll" : null }`},
	TypeSpawnPoisoned: {`{"spawn":"R7","by":"B4"}`, `{"by":"B4"}`, `{"spawn":"R7","by":null,"x":{}}`},
	TypeLifeLost: {
		`{"player":"red","amount":1,"cause":"B6's attack"}`,
		`{"player":"blue","amount":1,"cause":"the Retributive Strike of R4"}`,
		`{"amount":-1,"cause":null}`,
	},
	TypeLifeGained:   {`{"player":"red","amount":1,"source":"Regenerate"}`, `{"player":"blue","amount":2,"source":"regenerate"}`, `{"source":"","amount":null}`},
	TypeFrenzyGained: {`{"spawn":"R2"}`, `{}`, `{"spawn":"B\u00e9"}`},
	TypeFrenzyLapsed: {`{"spawn":"B1"}`, `{"spawn":null}`, `{ "spawn" : "R2" }`},
}

func decodeRegistry() *events.Registry {
	r := events.NewRegistry()
	Engine.Register(r)
	return r
}

// Every generated decoder reads its seeds, and reads them as encoding/json
// does.
func TestDecodersAsEncodingJSON(t *testing.T) {
	decodetest.Seeds(t, decodeRegistry(), decodeSeeds)
}

// A key written with an escape is refused rather than read otherwise than
// encoding/json reads it.
func TestDecodersRefuseEscapedKeys(t *testing.T) {
	r := decodeRegistry()
	for _, c := range []struct{ typ, in string }{
		{TypeTurnBegan, `{"pl\u0061yer":"red","round":3}`},
		{TypeSpawnAbsorbed, `{"sp\u0061wn":"R2","player":"red"}`},
		{TypeSpawnMoved, `{"spawn":"B5","path":[{"\u0078":4,"y":5}],"cost":2}`},
		{TypeGameStarted, `{"name":"a","mothers":[{"pl\u0061yer":"red"}]}`},
	} {
		if v, err := r.Decode(events.Event{Type: c.typ, Data: []byte(c.in)}); err == nil {
			t.Errorf("%s %s: read as %#v, want a refusal", c.typ, c.in, v)
		}
	}
}

// Every fact the engine declares (each has a generated decoder) has seeds
// here, and every seeded fact is registered.
func TestDecodeSeedsCoverEveryFact(t *testing.T) {
	r := decodeRegistry()
	var facts []string
	for _, f := range Engine.Facts() {
		facts = append(facts, f.Type())
	}
	for _, typ := range facts {
		if len(decodeSeeds[typ]) == 0 {
			t.Errorf("no seeds for %s", typ)
		}
		if !r.Known(typ) {
			t.Errorf("%s is not registered", typ)
		}
	}
	if len(decodeSeeds) != len(facts) {
		t.Errorf("%d seeded facts, %d declared: %s", len(decodeSeeds), len(facts), strings.Join(facts, ", "))
	}
}

// For any payload encoding/json reads, a generated decoder gives the same
// value or refuses it.
func FuzzDecodersAsEncodingJSON(f *testing.F) {
	decodetest.Fuzz(f, decodeRegistry(), decodeSeeds)
}

// Every command's generated reader reads what our encoder records, as
// encoding/json does (a re-decision reads each action's command back).
func TestCommandReadersAsEncodingJSON(t *testing.T) { decodetest.Commands(t, Engine) }

// Random payloads of every fact type, as our encoder writes them, decode
// again as encoding/json reads them.
func TestRandomFactsDecode(t *testing.T) { decodetest.RandomFacts(t, decodeRegistry(), decodeSeeds) }
