package brood

import "testing"

// seed 004 line 70: Poison Carrier — "if either of a unit's stat would be
// reduced below 0 it dies"; RULINGS (Rulings added 2026-12-01): "any of the
// three stats below 0 kills". Only the move goes below 0 here.
func TestPoisonKillsOnAnyStatBelowZero(t *testing.T) {
	g := started(t, "")
	g.put("B1", "blue", 5, 6, 1, 1, 1, PoisonCarrier)
	g.put("R1", "red", 4, 6, 5, 5, 1)
	g.endTurn() // blue's turn begins: the poison bites
	if p := g.piece("R1"); !p.Dead {
		t.Fatalf("R1 at 3/3/-1 after poison lives: %+v", p)
	}
}

// seed 004 line 66, Plasmid Font; RULINGS (Rulings added 2026-12-01): "The
// squares next to an ally Font count as inside the Sphere for bonuses,
// spawning and mutation only, not for the Mother's own attack."
func TestFontSquaresNotForTheMothersAttack(t *testing.T) {
	g := started(t, "")
	g.put("R1", "red", 5, 4, 0, 1, 0, PlasmidFont) // outside red's Sphere
	g.put("B1", "blue", 5, 5, 1, 1, 2)             // next to the Font only
	g.put("R2", "red", 6, 5, 1, 1, 2)              // next to the Font: a bonus
	if got := g.s.Battle.AttackOf(g.piece("R2")); got != 3 {
		t.Fatalf("R2 next to red's Font attacks at %d, want 3 with the Sphere bonus", got)
	}
	g.Refuse("MotherAttack", MotherAttack{}, 6, 6, 1, 1)
	if g.piece("B1").Dead {
		t.Fatal("red's Mother reached B1 through the Font")
	}
}

// seed 004 line 30, Attack of Impunity; line 71 Life-Giving: an adjacent
// ally that would die lives on a 5 or 6. RULINGS (Rulings added
// 2026-12-01): "A mover saved by Life-Giving from an Attack of Impunity
// carries on moving."
func TestLifeGivingSavedMoverMovesOn(t *testing.T) {
	g := started(t, "")
	g.put("R1", "red", 4, 6, 1, 1, 2)
	g.put("B1", "blue", 3, 7, 2, 1, 2)
	g.put("R2", "red", 5, 6, 1, 1, 2, LifeGiving)
	// B1 strikes as R1 leaves 4,6 and wins (6+6 +2 against 1+1 +1); R2's
	// d6 5 saves R1, which walks on to 4,8.
	d := g.Do(Move{Spawn: "R1", X: 4, Y: 8}, 6, 6, 1, 1, 5)
	if p := g.piece("R1"); p.Dead || p.X != 4 || p.Y != 8 {
		t.Fatalf("R1 saved from the Attack of Impunity: %+v, want alive on 4,8: %s", p, d.LabelText())
	}
}

// seed 004 line 64 Retributive Strike; RULINGS (Rulings added 2026-12-01):
// "A blast that kills a side's own spawn credits no one."
func TestOwnBlastCreditsNoOne(t *testing.T) {
	g := started(t, "")
	g.put("R1", "red", 4, 5, 9, 1, 2)
	g.put("B1", "blue", 5, 5, 1, 1, 2, RetributiveStrike)
	g.put("B2", "blue", 5, 4, 1, 1, 2)
	// R1 kills B1; the blast rolls B2 (5,4) 2: dies; R1 (4,5) 6: lives.
	g.Do(Attack{Spawn: "R1", Target: "B1"}, 6, 6, 1, 1, 2, 6)
	if !g.piece("B2").Dead || g.piece("R1").Dead {
		t.Fatalf("blast: B2 dead %v, R1 dead %v; want B2 dead, R1 alive", g.piece("B2").Dead, g.piece("R1").Dead)
	}
	if k := g.piece("R1").Kills; k != 1 {
		t.Errorf("R1 has %d kills, want 1 (B1, not B2 the blast killed)", k)
	}
	if k := g.piece("B1").Kills; k != 0 {
		t.Errorf("B1 has %d kills, want 0: its blast killed its own side's B2", k)
	}
	for _, side := range []string{"red", "blue"} {
		if k := g.mother(side).Kills; k != 0 {
			t.Errorf("%s's Mother has %d kills, want 0", side, k)
		}
	}
}
