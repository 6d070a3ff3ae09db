package deadwars

import (
	"encoding/json"
	"reflect"
	"testing"

	"warlog/engines"
	"warlog/events"
)

// Every command decodes back from its recorded verb and arguments, so an
// action can be decided again later.
func TestDecodeCommand(t *testing.T) {
	cmds := []engines.Command{
		CreateForce{Player: "Ann", Clan: "dracula"},
		Recruit{Player: "Ann", Name: "Vlad", Rank: "hero", Class: "wizard", Champion: true},
		RollDice{Player: "Ann"},
		Double{Face: 3, To: 1},
		Move{Figure: "Vlad", Die: 2, Into: "Jack"},
		Dash{Figure: "Vlad", Die: 1, Leave: true},
		Contact{A: "Vlad", B: "Jack", Apart: true},
		Attack{Figure: "Vlad", Target: "Jack", Dice: []int{2, 3}},
		Attack{Figure: "Vlad", Target: "Jack", Free: true},
		Defend{Figure: "Vlad", Die: 5},
		Cast{Caster: "Vlad", Spell: "boost", Target: "Igor", Into: "Jack"},
		Collect{Figure: "Vlad", Dice: []int{4}},
		EndTurn{Player: "Ann"},
		Humans{Targets: []HumanTarget{{"1", "Vlad"}, {"2", "-"}}},
		Shrine{Counts: []ShrineCount{{"Ann", 2}, {"Ben", 1}}},
		engines.StartScenario{Name: "X", Brief: HeadCount},
		engines.EndScenario{Winner: "Ann"},
	}
	for _, c := range cmds {
		args, err := json.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		got, err := Engine.DecodeCommand(c.Verb(), args)
		if err != nil {
			t.Fatalf("%s: %v", c.Verb(), err)
		}
		if !reflect.DeepEqual(got, c) {
			t.Fatalf("%s: decoded %#v, want %#v", c.Verb(), got, c)
		}
	}
	if _, err := Engine.DecodeCommand("fly", nil); err == nil {
		t.Fatal("an unknown verb decoded")
	}
}

// Every event type is registered with the value type Apply switches on.
func TestRegister(t *testing.T) {
	r := events.NewRegistry()
	Engine.Register(r)
	for _, typ := range []string{TypeForceCreated, TypeFigureRecruited, TypeScenarioStarted, TypePoolRolled,
		TypeDoubleChanged, TypeFigureMoved, TypeContactChanged, TypeAttackMade, TypeDefendSet, TypeSpellCast,
		TypeSoulTried, TypeTurnEnded, TypeHumansActed, TypeShrineCounted, TypeScenarioEnded} {
		if !r.Known(typ) {
			t.Fatalf("%s is not registered", typ)
		}
	}
}
