package brood

import (
	"strings"
	"testing"
)

// seed 004 line 77: Regenerate — "regenerates 1 Life per turn".
func TestEvolveRegenerate(t *testing.T) {
	g := started(t, "")
	g.mother("red").Plasmid = 30
	g.Do(Evolve{Evolution: "regeneration"})
	g.mother("red").Life = 3
	g.endTurn()
	g.endTurn()
	if got := g.mother("red").Life; got != 4 {
		t.Fatalf("Life with Regenerate %d, want 4", got)
	}
}

// seed 004 line 78: Expand Influence — SoI of 3 squares.
func TestEvolveExpandInfluence(t *testing.T) {
	g := started(t, "")
	g.mother("red").Plasmid = 50
	g.Refuse("SphereOfInfluence", Spawn{X: 6, Y: 2})
	g.Do(Evolve{Evolution: ExpandInfluence})
	g.Do(Spawn{X: 6, Y: 2})
	g.Refuse("SphereOfInfluence", Spawn{X: 7, Y: 2})
	// 3,3 to 5,5 is two diagonals, 3: inside.
	g.Do(Spawn{X: 5, Y: 5})
}

// seed 004 line 79: Spawn Boost — +4/+4/+0 inside the SoI.
func TestEvolveSpawnBoost(t *testing.T) {
	g := started(t, "")
	p := g.put("R1", "red", 4, 4, 2, 2, 2)
	g.mother("red").Plasmid = 25
	g.Do(Evolve{Evolution: SpawnBoost})
	if b := g.s.Battle; b.AttackOf(p) != 6 || b.DefenseOf(p) != 6 {
		t.Fatalf("Spawn Boost: %d/%d, want 6/6", b.AttackOf(p), b.DefenseOf(p))
	}
}

// seed 004 line 80: Levitation — "a move of 2".
func TestEvolveLevitation(t *testing.T) {
	g := started(t, "")
	g.Refuse("Levitation", MotherMove{X: 3, Y: 3})
	g.mother("red").Plasmid = 25
	g.Do(Evolve{Evolution: Levitation})
	g.put("R1", "red", 4, 1, 1, 1, 2)
	g.Refuse("Occupied", MotherMove{X: 3, Y: 2})
	g.Refuse("Levitation", MotherMove{X: 4, Y: 4}) // two diagonals cost 3
	g.Do(MotherMove{X: 2, Y: 4})
	if m := g.mother("red"); m.X != 2 || m.Y != 4 || m.MoveUsed != 2 {
		t.Fatalf("red's Mother at %d,%d used %d", m.X, m.Y, m.MoveUsed)
	}
	g.Refuse("Levitation", MotherMove{X: 2, Y: 5})
}

// RULINGS, Brood Mother, Board and pieces: "The count runs over the piece's
// whole turn", a levitating Mother's moves too (seed 004 lines 28, 80).
func TestLevitationCountsDiagonalsOverTheTurn(t *testing.T) {
	g := started(t, "")
	g.mother("red").Plasmid = 25
	g.Do(Evolve{Evolution: Levitation})
	g.Do(MotherMove{X: 3, Y: 3})
	g.Refuse("Levitation", MotherMove{X: 4, Y: 4}) // the turn's 2nd diagonal costs 2
	g.Do(MotherMove{X: 4, Y: 3})
	g.endTurn()
	g.endTurn()
	g.Do(MotherMove{X: 3, Y: 2}) // a new turn: the 1st diagonal again
	g.Refuse("Levitation", MotherMove{X: 2, Y: 3})
	if m := g.mother("red"); m.MoveUsed != 1 {
		t.Fatalf("red's Mother used %d, want 1", m.MoveUsed)
	}
}

// A levitation a log recorded before the count ran over the turn (no
// diagonals in it) leaves the count where it was.
func TestOldLevitationReplaysAsBefore(t *testing.T) {
	g := started(t, "")
	g.mother("red").Plasmid = 25
	g.Do(Evolve{Evolution: Levitation})
	if err := Engine.Apply(g.s, TypeMotherMoved, MotherMoved{Player: "red", X: 3, Y: 3, Cost: 1}); err != nil {
		t.Fatal(err)
	}
	if m := g.mother("red"); m.X != 3 || m.Y != 3 || m.MoveUsed != 1 || m.OddDiagonal {
		t.Fatalf("old levitation: %+v", *m)
	}
}

// The rulings catalogue says how the count runs (brood rulings).
func TestRulingsSayTheDiagonalCountRunsOverTheTurn(t *testing.T) {
	for _, r := range Rulings {
		if r.Name == "paths" {
			if strings.Contains(r.Text, "restarts") || !strings.Contains(r.Text, "whole turn") {
				t.Fatalf("paths ruling %q, want the 1-2-1 count over the piece's whole turn", r.Text)
			}
			return
		}
	}
	t.Fatal("no paths ruling")
}

// seed 004 line 81: Fortify — +3 attack and defence.
func TestEvolveFortify(t *testing.T) {
	g := started(t, "")
	g.put("R1", "red", 4, 4, 1, 1, 2)
	g.mother("red").Plasmid = 25
	g.Do(Evolve{Evolution: Fortify})
	if got := g.s.Battle.MotherAttack(g.mother("red")); got != 14 {
		t.Fatalf("Fortify with one spawn: %d, want 10+3+1", got)
	}
}

// seed 004 line 82: Subversion — 10 Plasmid, a spawn within 3, 2d6 each
// without modifiers, the Mother higher takes it.
func TestEvolveSubversion(t *testing.T) {
	g := started(t, "")
	g.put("B1", "blue", 6, 3, 4, 4, 2)
	g.put("B2", "blue", 7, 3, 4, 4, 2)
	g.Refuse("Subversion", Subvert{Spawn: "B1"})
	g.mother("red").Plasmid = 45
	g.Do(Evolve{Evolution: Subversion})
	g.Refuse("Subversion", Subvert{Spawn: "B2"}, 6, 6, 1, 1) // 4 away
	d := g.Do(Subvert{Spawn: "B1"}, 3, 3, 3, 3)              // a tie: it resists
	if g.piece("B1").Owner != "blue" || g.mother("red").Plasmid != 10 {
		t.Fatalf("a tie should fail and cost 10: owner %s, Plasmid %d", g.piece("B1").Owner, g.mother("red").Plasmid)
	}
	labelHas(t, d, "it resists")
	g.Refuse("OneSeed", Subvert{Spawn: "B1"}, 6, 6, 1, 1)
	g.endTurn()
	g.endTurn()
	g.Do(Subvert{Spawn: "B1"}, 4, 3, 3, 3)
	if p := g.piece("B1"); p.Owner != "red" || !p.Made {
		t.Fatalf("subverted: %+v", p)
	}
	g.Refuse("NewSpawn", Move{Spawn: "B1", X: 6, Y: 4})
	g.endTurn()
	g.endTurn()
	g.mother("red").Plasmid = 9
	g.put("B3", "blue", 5, 4, 1, 1, 2)
	g.Refuse("Plasmid", Subvert{Spawn: "B3"}, 6, 6, 1, 1)
}

// seed 004 line 83: Fontification — a Font becomes a Brood Proxy with +3
// Plasmid a turn, +5 attack, and one evolution of its own.
func TestEvolveFontification(t *testing.T) {
	g := started(t, "")
	g.put("R1", "red", 4, 4, 0, 3, 0, PlasmidFont)
	g.put("R2", "red", 4, 5, 1, 1, 2)
	g.mother("red").Plasmid = 50
	g.Refuse("Fontification", Evolve{Evolution: Fontification})
	g.Refuse("Fontification", Evolve{Evolution: Fontification, Font: "R2"})
	g.Do(Evolve{Evolution: Fontification, Font: "R1"})
	p := g.piece("R1")
	if !p.Proxy || p.Attack != 5 {
		t.Fatalf("proxy %+v", p)
	}
	g.Do(Evolve{Evolution: Fortify, Proxy: "R1"})
	if !g.s.Battle.Has(g.mother("red"), Fortify) || len(g.mother("red").Evolutions) != 1 {
		t.Fatalf("the Proxy's evolution: %v, %q", g.mother("red").Evolutions, p.Evolution)
	}
	g.mother("red").Plasmid = 0
	g.endTurn()
	g.endTurn()
	if got := g.mother("red").Plasmid; got != 13 {
		t.Fatalf("Plasmid with a Proxy %d, want 10+3", got)
	}
	// A Proxy can attack (attack 5 + SoI 2).
	g.put("B1", "blue", 5, 3, 1, 1, 2)
	g.Do(Attack{Spawn: "R1", Target: "B1"}, 3, 3, 3, 3) // 13 against 6
	if !g.piece("B1").Dead {
		t.Fatal("the Proxy's attack did not kill")
	}
}
