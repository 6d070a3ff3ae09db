package reincardnated

import (
	"testing"

	"warlog/events"
	"warlog/internal/decodetest"
)

// decodeSeeds are payloads of every fact, as our encoder writes them and
// bent (space, other key orders, escapes, nulls, unknown keys): the
// generated decoders' fast paths and their key-by-key fallback.
var decodeSeeds = map[string][]string{
	TypeTurnEnded: {
		`{"player":"Ben","next":0,"round":16,"last_left":-1}`,
		`{"player":"Ben","next":0,"round":5,"last_left":0,"over":true}`,
		`{"round":null,"over":false,"player":"Zo\u00eb"}`,
	},
	TypePoolChanged: {
		`{"why":"6 incarnated 1","deck":53,"hidden":2,"visible":8,"known":["mammal","red=3,3","insect","Ann,Ben"],"karma_deck":-1,"discard":-1}`,
		`{"why":"Ann incarnated Ant","deck":60,"hidden":0,"visible":8,"karma_deck":-1,"discard":-1}`,
		`{"why":"correction","deck":1,"hidden":2,"visible":3,"known":[],"karma_deck":20,"discard":4}`,
		`{"known":null,"why":null}`,
		`{ "known" : [ "a\"b" , null , "\u00e9" ] , "deck" : 2 }`,
	},
	TypeBeingEntered: {
		`{"player":"blue=6","being":{"name":"8","type":"marine"},"how":"incarnated"}`,
		`{"player":"blue=6","being":{"name":"blue=6,6","type":"marine","dead":true},"how":"gained","from_player":"6"}`,
		`{"being":null,"how":"deja-vu"}`,
		`{"being":{},"player":"Ann"}`,
		`{"being":{"dead":false,"type":"bird","x":[1],"name":"Owl"}}`,
	},
	TypeGameEnded: {
		`{"scores":[{"player":"Ann","lines":[{"what":"Starter Fern: Starters score nothing","points":0},{"what":"Ant (insect, dead): the Death score","points":1},{"what":"goal \"control 3 or more mammals\" met","points":4},{"what":"the Human Form, taken first","points":5}],"total":24},{"player":"Ben","lines":[{"what":"the Starter: Starters score nothing","points":0}],"total":13}],"winners":["Ann"],"why":"every last turn after the Human Form was played"}`,
		`{"scores":[],"winners":[],"why":"ended by the players"}`,
		`{"scores":null,"winners":null}`,
		`{"scores":[null,{},{"lines":null},{"lines":[]},{"total":3,"lines":[null,{},{"points":2,"what":"x"}]}]}`,
		`{"scores":[{"player":"A","lines":[{"what":"1","points":1},{"what":"2","points":1},{"what":"3","points":1},{"what":"4","points":1},{"what":"5","points":1},{"what":"6","points":1},{"what":"7","points":1},{"what":"8","points":1},{"what":"9","points":1},{"what":"10","points":1},{"what":"11","points":1},{"what":"12","points":1},{"what":"13","points":1},{"what":"14","points":1},{"what":"15","points":1},{"what":"16","points":1},{"what":"17","points":1},{"what":"18","points":1},{"what":"19","points":1},{"what":"20","points":1},{"what":"21","points":1},{"what":"22","points":1},{"what":"23","points":1},{"what":"24","points":1},{"what":"25","points":1},{"what":"26","points":1}],"total":26}],"winners":["A"],"why":"w"}`,
	},
	TypeKarmaDrawn: {
		`{"player":"Ann","count":2,"why":"preferred incarnation"}`,
		`{"player":"blue=6","count":2,"reshuffled":60,"why":"preferred incarnation"}`,
		`{"why":"x","reshuffled":null}`,
	},
	TypePurposeRevealed: {
		`{"player":"Ben","purpose":{"types":{"bird":2,"mammal":3},"death":2}}`,
		`{"player":"3","purpose":{"types":{"bird":2,"mammal":3},"death":6,"goals":[{"name":"mammal=3 bird","bonus":2}]}}`,
		`{"player":"Ann","purpose":{"death":1,"goals":[{"name":"a","bonus":1,"met":true},{"name":"b","bonus":2}]}}`,
		`{"purpose":null}`,
		`{"purpose":{"types":null,"goals":null}}`,
		`{"purpose":{"types":{},"goals":[]}}`,
		`{ "purpose" : { "goals" : [ null , {} , { "met" : false , "name" : "Zo\u00eb" } ] , "types" : { "a\"b" : null , "\u00e9" : 2 } } }`,
	},
	TypeKarmaDiscarded: {`{"player":"6","count":2,"why":"Anew"}`, `{"why":"hand limit","count":5}`},
	TypeCardNoted: {
		`{"card":{"name":"N117940","type":"insect","prefers":"insect"}}`,
		`{"card":{"name":"N21367","type":"bird"}}`,
		`{"card":{"name":"Fern","type":"plant","prefers":"insect","lower":"marine"},"starter_of":"Ann"}`,
		`{"card":{"name":"Ape","type":"bird","human":true}}`,
		`{"card":null}`, `{"starter_of":"Ben","card":{"human":false,"lower":"x","name":"y"}}`,
	},
	TypeKarmaPlayed: {
		`{"player":"red=3","card":"synchronize","action":1}`,
		`{"player":"Ben","card":"change-destiny","target":"Ann","action":1}`,
		`{"player":"blue=6","card":"uncertainty","extra":true}`,
		`{"player":"Ann","card":"void","target":"Ben","being":"Owl","index":2,"dead":true,"action":2,"extra":true}`,
		`{"extra":null,"index":null,"card":"void"}`,
	},
	TypeBeingVoided: {`{"player":"6","being":"8","by":"an ability"}`, `{"by":"Void","player":"A"}`},
	TypeBeingMoved:  {`{"player":"Ann","being":"2","by":"Regress"}`, `{"being":"Ann,Ben"}`},
	TypeBeingKilled: {`{"player":"3","being":"Ann,Ben,Cas","by":"an ability"}`, `{"player":"3","being":"Owl","by":"lesson-learned","undo":true}`, `{"undo":false}`},
	TypeBeingReborn: {`{"player":"blue=6","being":"red=3,3","by":"an ability"}`, `{"by":"x","undo":true,"being":"y"}`},
	TypeGoalMarked:  {`{"player":"red=3","goal":"mammal=3 bird","met":false}`, `{"player":"A","goal":"g","met":true}`, `{"met":null}`},
	TypeGameStarted: {`{"name":"mammal","players":["blue=6","6"]}`, `{"players":null}`, `{"players":[],"name":"x"}`, `{"name":"a","players":["Ann","Ben","Cas","Dee","Eve"]}`},
	TypeHumanTaken:  {`{"player":"red=3"}`, `{}`, `{"player":"\u00e9"}`},
	TypePurposeSeen: {`{"player":"Ann","target":"Ann"}`, `{"target":"Ben","player":"Ann"}`, `{ "player" : "a" , "target" : "b" }`, `{"player":"a","target":"b","c":1}`},
	TypeBeingReturned: {
		`{"player":"Ann","being":{"name":"Owl","type":"bird","dead":true},"index":2}`,
		`{"player":"Ann","being":{"name":"Owl","type":"bird"},"index":0}`,
		`{"index":null,"being":null}`, `{"being":{"x":1},"index":-1}`,
	},
	TypeBeingSwapped: {
		`{"player":"Ben","old":"Eel","new":{"name":"Cod","type":"marine"}}`,
		`{"new":{"dead":true,"name":"a\"b"},"old":null}`, `{"new":null}`,
	},
	TypeDestinyChanged: {
		`{"player":"Ann","card":{"by":"Ben","type":"marine","value":0}}`,
		`{"player":"Ann","card":{"by":"Cas","type":"death","value":-4}}`,
		`{"card":null}`, `{"card":{"value":null,"type":"bird"},"player":"\u00e9"}`,
	},
	TypeDestinyRemoved: {`{"player":"Ann"}`, `{}`, `{"player":null,"x":[1,{}]}`},
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
		{TypeTurnEnded, `{"pl\u0061yer":"Ann","next":1}`},
		{TypePurposeSeen, `{"pl\u0061yer":"Ann","target":"Ben"}`},
		{TypeBeingEntered, `{"player":"A","being":{"n\u0061me":"Owl"}}`},
		{TypePurposeRevealed, `{"player":"A","purpose":{"goals":[{"n\u0061me":"g"}]}}`},
		{TypeGameEnded, `{"scores":[{"lines":[{"wh\u0061t":"x"}]}]}`},
	} {
		if v, err := r.Decode(events.Event{Type: c.typ, Data: []byte(c.in)}); err == nil {
			t.Errorf("%s %s: read as %#v, want a refusal", c.typ, c.in, v)
		}
	}
}

// Every fact of the game has seeds here, and every seeded fact is the
// game's.
func TestDecodeSeedsCoverEveryFact(t *testing.T) {
	r := decodeRegistry()
	for _, f := range Engine.Facts() {
		if len(decodeSeeds[f.Type()]) == 0 {
			t.Errorf("no seeds for %s", f.Type())
		}
	}
	for typ := range decodeSeeds {
		if !r.Known(typ) {
			t.Errorf("%s is not registered", typ)
		}
	}
	if len(decodeSeeds) != len(Engine.Facts()) {
		t.Errorf("%d seeded facts, %d facts", len(decodeSeeds), len(Engine.Facts()))
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
