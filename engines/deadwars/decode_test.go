package deadwars

import (
	"testing"

	"warlog/events"
	"warlog/internal/decodetest"
)

// decodeSeeds are payloads of every fact, as our encoder writes them and
// bent (space, other key orders, escapes, nulls, unknown keys): the
// generated decoders' fast paths and their key-by-key fallback.
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
	TypeForceCreated:    {`{"player":"Ann","clan":"dracula"}`, `{"clan":"davy-jones","player":"Zo\u00eb","x":1}`},
	TypeFigureRecruited: {`{"player":"Ann","name":"Vlad","rank":"hero","class":"wizard","champion":true}`, `{"champion":false,"name":null,"player":"Ben"}`},
	TypeShrineCounted:   {`{"counts":{"Ann":2,"Ben":0}}`, `{"counts":null}`},
}

func decodeRegistry() *events.Registry {
	r := events.NewRegistry()
	Engine.Register(r)
	return r
}

// Every generated decoder reads its seeds as encoding/json does.
func TestDecodersAsEncodingJSON(t *testing.T) { decodetest.Seeds(t, decodeRegistry(), decodeSeeds) }

// For any payload encoding/json reads, a generated decoder gives the same
// value or refuses it.
func FuzzDecodersAsEncodingJSON(f *testing.F) { decodetest.Fuzz(f, decodeRegistry(), decodeSeeds) }

// Every command's generated reader reads what our encoder records, as
// encoding/json does (a re-decision reads each action's command back).
func TestCommandReadersAsEncodingJSON(t *testing.T) { decodetest.Commands(t, Engine) }

// Random payloads of every fact type, as our encoder writes them, decode
// again as encoding/json reads them.
func TestRandomFactsDecode(t *testing.T) { decodetest.RandomFacts(t, decodeRegistry(), decodeSeeds) }
