package incarn28

import (
	"testing"

	"warlog/events"
	"warlog/internal/decodetest"
)

// decodeSeeds are payloads of every fact, as our encoder writes them and
// bent (space, other key orders, escapes, nulls, unknown keys): the hand
// decoders' fast paths and their key-by-key fallback.
var decodeSeeds = map[string][]string{
	TypeBattleStarted: {
		`{"name":"Pit","sides":["Ann","Ben"],"figures":[{"name":"Brute","skill":"Demigod","toughness":"Immortal","flesh":["Golem","Soldier"],"side":"Ann","origin":"Ann","status":"active","starting":true},{"name":"Runt","skill":"Rabble","toughness":"Light","items":["Armour"],"side":"Ben","status":"stunned","tag":"escort","for":"Ben","saved":2,"on_fire":true,"marked_by":"Ann","slain_by":"Ann","rift_used":true,"id":"Ben#2","removals":1}]}`,
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
	Engine.Register(r)
	return r
}

// Every hand decoder reads its seeds as encoding/json does.
func TestDecodersAsEncodingJSON(t *testing.T) { decodetest.Seeds(t, decodeRegistry(), decodeSeeds) }

// For any payload encoding/json reads, a hand decoder gives the same value
// or refuses it.
func FuzzDecodersAsEncodingJSON(f *testing.F) { decodetest.Fuzz(f, decodeRegistry(), decodeSeeds) }

// Every command's generated reader reads what our encoder records, as
// encoding/json does (a re-decision reads each action's command back).
func TestCommandReadersAsEncodingJSON(t *testing.T) { decodetest.Commands(t, Engine) }

// Random payloads of every fact type, as our encoder writes them, decode
// again as encoding/json reads them.
func TestRandomFactsDecode(t *testing.T) { decodetest.RandomFacts(t, decodeRegistry(), decodeSeeds) }
