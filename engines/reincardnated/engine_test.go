package reincardnated

import (
	"encoding/json"
	"errors"
	"reflect"
	"testing"

	"warlog/engines"
)

// Every command is recorded as JSON and decoded again to be re-decided.
func TestDecodeCommandRoundTrip(t *testing.T) {
	n := 3
	for _, cmd := range []engines.Command{
		engines.StartScenario{Name: "G", Players: []string{"Ann", "Ben"}},
		engines.EndScenario{},
		Starter{Player: "Ann", Name: "Fern", CardInfo: CardInfo{Prefers: "insect", Lower: "bird"}},
		Incarnate{Player: "Ann", Being: "Ant", CardInfo: CardInfo{Type: "insect", Human: true}, Kind: "preferred"},
		Gain{Player: "Ann", Being: "Ant", CardInfo: CardInfo{Type: "insect"}},
		Kill{Player: "Ann", Being: "Ant"},
		Rebirth{Player: "Ann", Being: "Ant"},
		Void{Player: "Ann", Being: "Ant"},
		Activate{Player: "Ann", Being: "Ant"},
		Human{Player: "Ann", Allows: true},
		Play{Player: "Ann", Karma: "synchronize", Args: []string{"bird"}, Choose: map[string]string{"Ben": "Owl"}, Extra: true},
		Draw{Player: "Ann", Count: 2},
		Discard{Player: "Ann", Count: 1},
		Pool{Deck: &n},
		EndTurn{Player: "Ann"},
		Purpose{Player: "Ann", Types: map[string]int{"bird": 2}, Death: 1, Goals: []Goal{{Name: "x", Bonus: 3}}},
		MarkGoal{Player: "Ann", Goal: "x", Met: true},
	} {
		b, err := json.Marshal(cmd)
		if err != nil {
			t.Fatal(err)
		}
		got, err := Engine.DecodeCommand(cmd.Verb(), b)
		if err != nil {
			t.Fatalf("%s: %v", cmd.Verb(), err)
		}
		if !reflect.DeepEqual(got, cmd) {
			t.Errorf("%s: got %#v, want %#v", cmd.Verb(), got, cmd)
		}
	}
	if _, err := Engine.DecodeCommand("fly", []byte("{}")); !errors.Is(err, engines.ErrUnknownCommand) {
		t.Errorf("unknown verb: %v", err)
	}
}

func TestEngineNames(t *testing.T) {
	eq(t, "game", Engine.Info().Name, "reincardnated")
	eq(t, "title", Engine.Info().Title, "Reincardnated")
}
