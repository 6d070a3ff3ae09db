package brood

import (
	"errors"
	"testing"

	"warlog/engines/dice"
)

// seed 004 line 28: "Treat diagonals on a 1-2-1 basis".
func TestDistance(t *testing.T) {
	for _, tc := range []struct{ x1, y1, x2, y2, want int }{
		{1, 1, 1, 1, 0}, {1, 1, 4, 1, 3}, {1, 1, 2, 2, 1}, {1, 1, 3, 3, 3}, {1, 1, 4, 4, 4}, {1, 1, 5, 5, 6}, {1, 1, 4, 2, 3}, {1, 1, 3, 4, 4},
	} {
		if got := Dist(tc.x1, tc.y1, tc.x2, tc.y2); got != tc.want {
			t.Errorf("Dist(%d,%d -> %d,%d) = %d, want %d", tc.x1, tc.y1, tc.x2, tc.y2, got, tc.want)
		}
	}
}

// seed 004 lines 27-29: move rate, diagonals 1-2-1, no move on the turn
// it is created; RULINGS: occupied squares block.
func TestMovePathCosts(t *testing.T) {
	g := started(t, "")
	g.put("R1", "red", 4, 4, 1, 1, 3)
	// Two diagonal steps cost 1 + 2 = 3.
	d := g.Do(Move{Spawn: "R1", X: 6, Y: 2})
	if p := g.piece("R1"); p.X != 6 || p.Y != 2 || p.MoveUsed != 3 {
		t.Fatalf("R1 at %d,%d used %d, want 6,2 for 3", p.X, p.Y, p.MoveUsed)
	}
	labelHas(t, d, "cost 3 of 3")
	g.Refuse("Path", Move{Spawn: "R1", X: 6, Y: 1})
	// Three diagonal steps (1+2+1 = 4) are beyond a move of 3.
	g.put("R2", "red", 1, 5, 1, 1, 3)
	g.Refuse("Path", Move{Spawn: "R2", X: 4, Y: 8})
	// A wall of spawns forces a detour: 1,5 -> 1,7 straight costs 2, but
	// with 1,6 and 2,6 taken the way round costs 3.
	g.put("X1", "red", 1, 6, 1, 1, 2)
	g.put("X2", "red", 2, 6, 1, 1, 2)
	g.Refuse("Path", Move{Spawn: "R2", X: 1, Y: 7})
	g.piece("R2").Move = 5
	// 2,5 (1), 3,6 (diagonal 1), 2,7 (diagonal 2), 1,7 (1).
	g.Do(Move{Spawn: "R2", X: 1, Y: 7})
	if p := g.piece("R2"); p.MoveUsed != 5 {
		t.Fatalf("detour cost %d, want 5", p.MoveUsed)
	}
	g.Refuse("Occupied", Move{Spawn: "X1", X: 2, Y: 6})
	g.Do(Spawn{X: 4, Y: 1})
	g.Refuse("NewSpawn", Move{Spawn: "R3", X: 5, Y: 1})
}

// seed 004 line 28: "Treat diagonals on a 1-2-1 basis"; RULINGS, Brood
// Mother, Board and pieces: "The count runs over the piece's whole turn: a
// turn's movement split into several moves costs what the joined path costs
// (a move-2 spawn cannot take two diagonal steps by moving twice)".
func TestDiagonalCountRunsOverTheTurn(t *testing.T) {
	g := started(t, "")
	g.put("R1", "red", 4, 1, 1, 1, 2)
	g.Do(Move{Spawn: "R1", X: 5, Y: 2})
	g.Refuse("Path", Move{Spawn: "R1", X: 6, Y: 3}) // the 2nd diagonal costs 2; 1 left
	g.Do(Move{Spawn: "R1", X: 6, Y: 2})             // a straight step still costs 1
	// A move-4 spawn: the 2nd diagonal of the turn costs 2, the 3rd 1 again.
	g.put("R2", "red", 1, 5, 1, 1, 4)
	g.Do(Move{Spawn: "R2", X: 2, Y: 6})
	d := g.Do(Move{Spawn: "R2", X: 3, Y: 7})
	labelHas(t, d, "cost 2 of 3")
	d = g.Do(Move{Spawn: "R2", X: 4, Y: 8})
	labelHas(t, d, "cost 1 of 1")
	// The count starts again with the piece's next turn.
	g.endTurn()
	g.endTurn()
	g.Do(Move{Spawn: "R1", X: 7, Y: 3})
	g.Do(Move{Spawn: "R1", X: 8, Y: 3})
	if p := g.piece("R1"); p.MoveUsed != 2 {
		t.Fatalf("R1 used %d in its new turn, want 1 + 1", p.MoveUsed)
	}
}

// seed 004 line 32: move and attack, or attack and move, not move, attack,
// move; Spring Attack (line 62) allows it.
func TestMoveAttackMoveAndSpringAttack(t *testing.T) {
	g := started(t, "")
	g.put("R1", "red", 4, 6, 5, 1, 2)
	g.put("B1", "blue", 4, 8, 1, 5, 2)
	g.put("R2", "red", 2, 6, 5, 1, 4, SpringAttack)
	// R1 moves next to B1, attacks (a tie, B1 lets it end), then may not
	// move on.
	g.Do(Move{Spawn: "R1", X: 4, Y: 7})
	g.Do(Attack{Spawn: "R1", Target: "B1", OnTie: "end"}, 3, 3, 3, 3)
	if g.piece("R1").Dead || g.piece("B1").Dead {
		t.Fatalf("a tie ended with a death")
	}
	g.Refuse("MoveAttackMove", Move{Spawn: "R1", X: 5, Y: 6})
	g.Refuse("OneAttack", Attack{Spawn: "R1", Target: "B1"}, 6, 6, 1, 1)
	// Attack first, then the whole move is still there.
	g.put("R3", "red", 3, 8, 5, 1, 2)
	g.Do(Attack{Spawn: "R3", Target: "B1", OnTie: "end"}, 3, 3, 3, 3)
	g.Do(Move{Spawn: "R3", X: 1, Y: 8}, 1, 1, 1, 1) // leaving B1's side provokes it: 2+1 against 2+1
	// Spring Attack: move 1, attack, move the rest; the second diagonal of
	// the turn costs 2 (RULINGS: the 1-2-1 count runs over the whole turn).
	g.Do(Move{Spawn: "R2", X: 3, Y: 7})
	g.Do(Attack{Spawn: "R2", Target: "B1", OnTie: "end"}, 3, 3, 3, 3)
	g.Do(Move{Spawn: "R2", X: 2, Y: 8}, 1, 1, 1, 1)
	if p := g.piece("R2"); p.X != 2 || p.Y != 8 || p.MoveUsed != 3 {
		t.Fatalf("Spring Attack: R2 at %d,%d used %d", p.X, p.Y, p.MoveUsed)
	}
}

// seed 004 line 30: moving out of a threatened square provokes "a free
// Attack of Impunity"; "Your spawn does not die if the opponent staves off
// the attack".
func TestAttackOfImpunity(t *testing.T) {
	g := started(t, "")
	g.put("R1", "red", 4, 6, 1, 3, 2)
	g.put("B1", "blue", 3, 7, 2, 1, 2)
	// B1 strikes as R1 leaves 4,6: 1+1 +2 = 4 against 5+5 +3 = 13: R1 walks on.
	d := g.Do(Move{Spawn: "R1", X: 4, Y: 8}, 1, 1, 5, 5)
	if p := g.piece("R1"); p.Dead || p.X != 4 || p.Y != 8 || g.piece("B1").Dead {
		t.Fatalf("an impunity the mover won: R1 %+v, B1 dead %v", p, g.piece("B1").Dead)
	}
	labelHas(t, d, "strikes with impunity")
	g.endTurn()
	g.endTurn()
	// Now B1 wins: R1 dies on 4,8 (it was leaving it), B1 absorbs 3.
	g.Do(Move{Spawn: "R1", X: 4, Y: 6}, 6, 6, 1, 1)
	if p := g.piece("R1"); !p.Dead || p.X != 4 || p.Y != 8 {
		t.Fatalf("R1 should die where it stood: %+v", p)
	}
	if g.piece("B1").Points != 3 {
		t.Fatalf("B1 points %d, want 3", g.piece("B1").Points)
	}
	// No dice given for a provoked attack: refused, nothing written.
	g.put("R2", "red", 2, 8, 1, 1, 2)
	if err := g.Fails("", Move{Spawn: "R2", X: 1, Y: 7}); !errors.Is(err, dice.ErrTooFew) {
		t.Fatalf("got %v, want too few dice", err)
	}
}

// seed 004 line 39: on a tie "the defender may choose to allow the combat
// to end ... or, he can counter attack"; line 40: with the right stats.
func TestTiesAndCounters(t *testing.T) {
	g := started(t, "")
	g.put("R1", "red", 4, 6, 4, 2, 2)
	g.put("B1", "blue", 4, 7, 3, 3, 2)
	// 3+3 +4 = 10 against 2+5 +3 = 10: the defender must choose.
	g.Refuse("Tie", Attack{Spawn: "R1", Target: "B1"}, 3, 3, 2, 5)
	d := g.Do(Attack{Spawn: "R1", Target: "B1", OnTie: "end"}, 3, 3, 2, 5)
	labelHas(t, d, "lets the combat end")
	if g.piece("R1").Dead || g.piece("B1").Dead {
		t.Fatal("an ended tie killed someone")
	}
	g.endTurn()
	g.endTurn()
	// Counter: B1 attacks with 3 against R1's defence 2: 4+4 +3 = 11 against 1+1 +2 = 4.
	g.Do(Attack{Spawn: "R1", Target: "B1", OnTie: "counter"}, 3, 3, 2, 5, 4, 4, 1, 1)
	if !g.piece("R1").Dead || g.piece("B1").Points != 3 {
		t.Fatalf("the counter-attack did not kill R1: R1 dead %v, B1 points %d", g.piece("R1").Dead, g.piece("B1").Points)
	}
	// A counter the original attacker wins kills the counter-attacker.
	g.put("R2", "red", 5, 6, 4, 2, 2)
	g.piece("B1").Points = 0
	g.Do(Attack{Spawn: "R2", Target: "B1", OnTie: "counter"}, 3, 3, 2, 5, 1, 1, 6, 6)
	if !g.piece("B1").Dead || g.piece("R2").Dead || g.piece("R2").Points != 3 {
		t.Fatalf("counter lost by B1: B1 dead %v, R2 %+v", g.piece("B1").Dead, g.piece("R2"))
	}
}

// RULINGS: a spawn against a Mother: higher, she loses 1 Life; lower, the
// spawn is removed; a tie, nothing. seed 004 line 45: her 10 + 1 per
// allied spawn.
func TestSpawnAttacksMother(t *testing.T) {
	g := started(t, "")
	g.put("R1", "red", 5, 5, 10, 1, 2)
	g.put("B1", "blue", 8, 4, 1, 1, 2)
	g.put("B2", "blue", 5, 8, 1, 1, 2)
	if got := g.s.Battle.MotherDefense(g.mother("blue")); got != 12 {
		t.Fatalf("blue's Mother's defence with 2 spawns is %d, want 12", got)
	}
	g.Do(Attack{Spawn: "R1", Target: "blue"}, 6, 6, 2, 2) // 22 against 16
	if g.mother("blue").Life != 4 {
		t.Fatalf("blue's Life %d, want 4", g.mother("blue").Life)
	}
	g.endTurn()
	g.endTurn()
	g.Do(Attack{Spawn: "R1", Target: "bl"}, 1, 1, 5, 5) // prefix of blue; 12 against 22
	if g.mother("blue").Life != 4 || !g.piece("R1").Dead {
		t.Fatalf("a beaten spawn should die and the Mother keep her Life: %d, R1 dead %v", g.mother("blue").Life, g.piece("R1").Dead)
	}
	g.put("R2", "red", 5, 6, 10, 1, 2)
	g.Do(Attack{Spawn: "R2", Target: "blue"}, 1, 1, 1, 1) // 12 against 14: tie? no: R2 loses
	if !g.piece("R2").Dead {
		t.Fatal("R2 should have died")
	}
	g.put("R3", "red", 5, 7, 10, 1, 2)
	g.Do(Attack{Spawn: "R3", Target: "blue"}, 2, 2, 1, 1) // 14 against 14: nothing
	if g.piece("R3").Dead || g.mother("blue").Life != 4 {
		t.Fatal("a tie against a Mother changed something")
	}
	g.put("R4", "red", 5, 2, 10, 1, 2)
	g.Refuse("Range", Attack{Spawn: "R4", Target: "B1"})
	g.Refuse("Target", Attack{Spawn: "R4", Target: "red"})
}

// RULINGS: the Mother's attack is one combat against every enemy spawn in
// her SoI, in the order named; a spawn that loses is removed.
func TestMotherAttack(t *testing.T) {
	g := started(t, "")
	g.put("R1", "red", 4, 1, 1, 1, 2) // red's own: +1
	g.put("B1", "blue", 4, 2, 1, 1, 2)
	g.put("B2", "blue", 4, 4, 1, 1, 2)
	g.put("B3", "blue", 5, 5, 1, 1, 2) // outside red's SoI
	// Order: B2 first. Red 11: 1+1 +11 = 13 against 6+6 +1 = 13 (B2 holds);
	// then B1: 6+6 +11 = 23 against 1+1 +1 = 3 (removed).
	d := g.Do(MotherAttack{Order: []string{"B2"}}, 1, 1, 6, 6, 6, 6, 1, 1)
	if g.piece("B2").Dead || !g.piece("B1").Dead || g.piece("B3").Dead {
		t.Fatalf("mother attack: B1 dead %v, B2 dead %v, B3 dead %v", g.piece("B1").Dead, g.piece("B2").Dead, g.piece("B3").Dead)
	}
	labelHas(t, d, "red's Mother lashes out at B2")
	g.Refuse("MotherAttack", MotherAttack{}, 6, 6, 1, 1)
	g.endTurn()
	// Blue has nothing in her SoI.
	g.Refuse("MotherAttack", MotherAttack{})
}

// seed 004 line 52: "+2/+2/+0 ... may not raise either of the spawn's
// stats above 10"; line 79: Spawn Boost +4/+4.
func TestSoIBonusCap(t *testing.T) {
	g := started(t, "")
	b := g.s.Battle
	in := g.put("R1", "red", 4, 4, 9, 3, 2)
	out := g.put("R2", "red", 6, 2, 9, 3, 2)
	if b.AttackOf(in) != 10 || b.DefenseOf(in) != 5 || in.Move != 2 {
		t.Fatalf("inside the SoI 9/3 becomes %d/%d, want 10/5", b.AttackOf(in), b.DefenseOf(in))
	}
	if b.AttackOf(out) != 9 || b.DefenseOf(out) != 3 {
		t.Fatalf("outside the SoI %d/%d, want 9/3", b.AttackOf(out), b.DefenseOf(out))
	}
	g.mother("red").Evolutions = []string{SpawnBoost}
	if b.AttackOf(in) != 10 || b.DefenseOf(in) != 7 {
		t.Fatalf("Spawn Boost: %d/%d, want 10/7", b.AttackOf(in), b.DefenseOf(in))
	}
	in.Attack = 10
	if b.AttackOf(in) != 10 {
		t.Fatalf("a 10 stays 10, got %d", b.AttackOf(in))
	}
}
