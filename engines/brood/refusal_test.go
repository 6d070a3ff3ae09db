package brood

import (
	"testing"

	"warlog/engines"
)

// The refusals not met elsewhere: each names its rule and changes nothing.
func TestMoreRefusals(t *testing.T) {
	g := started(t, "")
	red := g.mother("red")
	red.Plasmid = 50
	g.put("R1", "red", 4, 4, 10, 3, 2)
	g.put("R10", "red", 4, 3, 1, 1, 2)
	g.put("R2", "red", 4, 1, 0, 3, 0, PlasmidFont)
	g.put("B1", "blue", 6, 3, 1, 1, 2)
	g.Refuse("Stat", Raise{Spawn: "R10", Stat: "luck", N: 1})
	g.Refuse("Stat", Raise{Spawn: "R10", Stat: "attack", N: -1})
	g.Refuse("Regenerate", Regenerate{N: -1})
	g.Refuse("Name", Raise{Spawn: "X", Stat: "attack", N: 1})
	g.Refuse("Name", Attack{Spawn: "R10", Target: "Q"})
	g.Refuse("Tie", Attack{Spawn: "R10", Target: "B1", OnTie: "flee"})
	g.Refuse("Proxy", Evolve{Evolution: Fortify, Proxy: "R2"})
	g.Refuse("Fontification", Evolve{Evolution: Fortify, Font: "R2"})
	g.Refuse("MotherAttack", MotherAttack{Order: []string{"B1"}})
	// R1 prefixes R10: an exact name wins.
	g.Do(Raise{Spawn: "R1", Stat: "move", N: 1})
	if g.piece("R1").Move != 3 {
		t.Fatal("the exact name R1 did not win over R10")
	}
	// Mitosis with no empty square next to the spawn.
	g2 := started(t, "")
	g2.put("R1", "red", 4, 1, 10, 3, 2)
	g2.put("X1", "red", 5, 1, 1, 1, 2)
	g2.put("X2", "red", 5, 2, 1, 1, 2)
	g2.put("X3", "red", 4, 2, 1, 1, 2)
	g2.Refuse("Mitosis", Mutate{Spawn: "R1", Mutation: Mitosis})
	g2.Refuse("Winner", engines.EndScenario{Winner: "green"})
	g2.Do(engines.EndScenario{})
	g2.Refuse("Setup", engines.StartScenario{Name: "G2", Mothers: []string{"red:3,3", "blue=9,9"}})

	// A Proxy takes one evolution.
	g3 := started(t, "")
	g3.mother("red").Plasmid = 50
	g3.put("R1", "red", 4, 4, 0, 3, 0, PlasmidFont)
	g3.Do(Evolve{Evolution: Fontification, Font: "R1"})
	g3.mother("red").Plasmid = 50
	g3.Do(Evolve{Evolution: Levitation, Proxy: "R1"})
	g3.Refuse("ProxyEvolution", Evolve{Evolution: Fortify, Proxy: "R1"})
	g3.Refuse("SameEvolution", Evolve{Evolution: Levitation})
}

// scenario end: with a winner it counts as a win; without, nobody wins.
func TestEndScenario(t *testing.T) {
	g := started(t, "")
	g.Do(engines.EndScenario{Winner: "Blue"})
	if g.s.Wins["blue"] != 1 || !g.s.Battle.Over {
		t.Fatalf("a concession: wins %v", g.s.Wins)
	}
	g.Refuse("Scenario", engines.EndScenario{})
	g.Do(engines.StartScenario{Name: "G2", Size: 8, Mothers: []string{"red=2,2", "blue=7,7"}})
	g.Do(engines.EndScenario{})
	if g.s.Wins["blue"] != 1 || g.s.Wins["red"] != 0 || g.s.Played["red"] != 2 {
		t.Fatalf("no winner: wins %v, played %v", g.s.Wins, g.s.Played)
	}
}
