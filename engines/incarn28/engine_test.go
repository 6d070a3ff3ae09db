package incarn28

import (
	"encoding/json"
	"reflect"
	"testing"

	"warlog/engines"
)

// Every command decodes back from its recorded JSON, so an action can be
// decided again later.
func TestDecodeCommand(t *testing.T) {
	cmds := []engines.Command{
		FoundGang{Player: "Ann", Faction: "Court", Bones: 60, Incarns: []Incarn{in("A", "Roach", "Weak", fl("Worm"))}},
		Recruit{Player: "Ann", Incarn: in("B", "Regular", "Medium", fl("Soldier"), "Armour")},
		Dismiss{Player: "Ann", Name: "B"}, Overseer{Player: "Ann", Die: 2}, NextRound{},
		Activate{Incarn: "B", ActFacts: ActFacts{EnemyWithin5: true, Gaunts: 2, Leech: "A", Hermit: "H"}},
		Move{Incarn: "B", ACs: 2},
		Attack{Attacker: "B", Target: "C", Strength: 3, Ciphered: true, Also: []string{"D"}, DefFacts: DefFacts{Obscured: true, Ciphered: true, Mindguard: "M"}},
		Special{Incarn: "B", Target: "C", As: "Smasher", ACs: 2},
		Stun{Incarn: "C", By: "B", Why: "x"}, Unstun{Incarn: "C"}, Slay{Incarn: "C", Dagger: true, DefFacts: DefFacts{Exhumer: "E"}},
		EndActivation{}, Summon{Incarn: "B"}, Inseminate{Incarn: "B", Target: "C"}, MarkObjective{Player: "Ann", Objective: "loot"},
		Transform{Incarn: "B"}, Extinguish{Target: "B"}, Rift{Player: "Ann", Incarn: "C"}, Stone{}, Reflesh{Incarn: "B", Old: "Soldier", New: "Golem", By: "Z"},
		engines.StartScenario{Name: "G", Field: []string{"Ann", "Ben"}}, engines.EndScenario{Winner: "Ann"},
	}
	seen := map[string]bool{}
	for _, c := range cmds {
		b, err := json.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		got, err := Engine.DecodeCommand(c.Verb(), b)
		if err != nil {
			t.Fatalf("%s: %v", c.Verb(), err)
		}
		if !reflect.DeepEqual(got, c) {
			t.Errorf("%s: decoded %#v, want %#v", c.Verb(), got, c)
		}
		if seen[c.Verb()] {
			t.Errorf("verb %q used twice", c.Verb())
		}
		seen[c.Verb()] = true
	}
	if _, err := Engine.DecodeCommand("fly", []byte("{}")); err == nil {
		t.Error("an unknown verb decoded")
	}
}
