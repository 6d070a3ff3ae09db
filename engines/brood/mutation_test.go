package brood

import (
	"testing"
)

// seed 004 line 59: a mutation at 15 points, a second at 30, in the SoI or
// next to a Font, on the owner's turn; RULINGS: never the same twice.
func TestMutationRules(t *testing.T) {
	g := started(t, "")
	p := g.put("R1", "red", 4, 4, 10, 3, 1) // 14
	g.Refuse("MutationPoints", Mutate{Spawn: "R1", Mutation: Leader})
	p.Move = 2 // 15
	g.Refuse("Mutation", Mutate{Spawn: "R1", Mutation: "wings"})
	g.Do(Mutate{Spawn: "R1", Mutation: "Leader Spawn"})
	g.Refuse("SameMutation", Mutate{Spawn: "R1", Mutation: Leader})
	g.Refuse("MutationPoints", Mutate{Spawn: "R1", Mutation: Armored})
	p.Defense, p.Move = 10, 10
	g.Do(Mutate{Spawn: "R1", Mutation: Armored})
	g.Refuse("ThirdMutation", Mutate{Spawn: "R1", Mutation: Resilient})
	g.put("R2", "red", 6, 6, 10, 5, 2)
	g.Refuse("MutateWhere", Mutate{Spawn: "R2", Mutation: Leader})
	g.put("B1", "blue", 5, 8, 10, 5, 2)
	g.Refuse("Turn", Mutate{Spawn: "B1", Mutation: Leader})
}

// seed 004 line 61: Feeding Frenzy — after a kill "he may immediately make
// another attack on any adjacent spawn or against an adjacent Brood Mother".
func TestFeedingFrenzy(t *testing.T) {
	g := started(t, "")
	g.put("R1", "red", 4, 6, 5, 1, 2, FeedingFrenzy)
	g.put("B1", "blue", 4, 7, 1, 1, 2)
	g.put("B2", "blue", 5, 7, 1, 1, 2)
	g.put("B3", "blue", 3, 5, 1, 1, 2)
	d := g.Do(Attack{Spawn: "R1", Target: "B1"}, 6, 6, 1, 1)
	if !hasFact(d, TypeFrenzyGained) || g.s.Battle.Frenzy != "R1" {
		t.Fatal("a kill by a Feeding Frenzy spawn gave no frenzy")
	}
	// The frenzy attack is allowed though R1 has attacked.
	g.Do(Attack{Spawn: "R1", Target: "B2"}, 6, 6, 1, 1)
	if !g.piece("B2").Dead || g.s.Battle.Frenzy != "R1" {
		t.Fatalf("the frenzy attack: B2 dead %v, frenzy %q", g.piece("B2").Dead, g.s.Battle.Frenzy)
	}
	// Any other action lets the frenzy lapse.
	g.Do(Raise{Spawn: "R1", Stat: "defense", N: 1})
	if g.s.Battle.Frenzy != "" {
		t.Fatal("the frenzy did not lapse")
	}
	g.Refuse("OneAttack", Attack{Spawn: "R1", Target: "B3"}, 6, 6, 1, 1)
	// It applies to Attacks of Impunity too: on red's turn blue's B4 kills
	// a mover and may attack at once.
	g.put("B4", "blue", 6, 3, 5, 1, 2, FeedingFrenzy)
	g.put("R5", "red", 6, 2, 1, 1, 2)
	g.put("R6", "red", 7, 4, 1, 1, 2)
	g.Do(Move{Spawn: "R5", X: 5, Y: 1}, 6, 6, 1, 1)
	if !g.piece("R5").Dead || g.s.Battle.Frenzy != "B4" {
		t.Fatalf("impunity kill: R5 dead %v, frenzy %q", g.piece("R5").Dead, g.s.Battle.Frenzy)
	}
	g.Do(Attack{Spawn: "B4", Target: "R6"}, 6, 6, 1, 1)
	if !g.piece("R6").Dead {
		t.Fatal("B4's frenzy attack on red's turn did not resolve")
	}
}

// seed 004 line 62: Spring Attack — "Move, attack, then move again"
// (see also TestMoveAttackMoveAndSpringAttack).
func TestSpringAttack(t *testing.T) {
	g := started(t, "")
	g.put("R1", "red", 4, 6, 5, 1, 3, SpringAttack)
	g.put("B1", "blue", 4, 8, 1, 1, 2)
	g.Do(Move{Spawn: "R1", X: 4, Y: 7})
	g.Do(Attack{Spawn: "R1", Target: "B1"}, 6, 6, 1, 1)
	g.Do(Move{Spawn: "R1", X: 3, Y: 5})
	if p := g.piece("R1"); p.X != 3 || p.Y != 5 || p.MoveUsed != 3 {
		t.Fatalf("R1 at %d,%d used %d", p.X, p.Y, p.MoveUsed)
	}
	g.Refuse("Path", Move{Spawn: "R1", X: 3, Y: 6})
}

// seed 004 line 63: Spore Slinger — a ranged attack at 2 or 3 squares
// "without suffering defeat for a loss or being subject to a counter
// attack"; in melee "no bonus to its attack or defense roll".
func TestSporeSlinger(t *testing.T) {
	g := started(t, "")
	g.put("R1", "red", 4, 6, 6, 6, 2, SporeSlinger)
	g.put("B1", "blue", 4, 8, 2, 2, 2)
	g.put("B2", "blue", 6, 8, 2, 2, 2)
	// At 2 squares: loses 1+1 +6 = 8 against 6+6 +2 = 14, nothing happens.
	g.Do(Attack{Spawn: "R1", Target: "B1"}, 1, 1, 6, 6)
	if g.piece("R1").Dead || g.piece("B1").Dead {
		t.Fatal("a lost ranged attack killed someone")
	}
	g.endTurn()
	g.endTurn()
	// A tie at range: no counter, no choice needed.
	d := g.Do(Attack{Spawn: "R1", Target: "B1"}, 3, 3, 5, 5)
	labelHas(t, d, "no counter-attack")
	g.endTurn()
	g.endTurn()
	// A win at 3 squares (4,6 to 6,8: two diagonals) kills.
	g.Do(Attack{Spawn: "R1", Target: "B2"}, 6, 6, 1, 1)
	if !g.piece("B2").Dead {
		t.Fatal("a won ranged attack did not kill")
	}
	g.endTurn()
	// In melee the slinger adds nothing: B1 moves next to it and attacks:
	// 1+1 +2 = 4 against 1+2 +0 = 3.
	g.Do(Move{Spawn: "B1", X: 4, Y: 7})
	d = g.Do(Attack{Spawn: "B1", Target: "R1"}, 1, 1, 1, 2)
	if !g.piece("R1").Dead {
		t.Fatalf("the slinger in melee should have lost: %s", d.LabelText())
	}
	labelHas(t, d, "slings nothing in melee")
	// Out of range (4 or more) is refused.
	g2 := started(t, "")
	g2.put("R1", "red", 4, 4, 6, 6, 2, SporeSlinger)
	g2.put("B1", "blue", 8, 4, 1, 1, 2)
	g2.Refuse("Range", Attack{Spawn: "R1", Target: "B1"}, 6, 6, 1, 1)
}

// seed 004 line 64: Retributive Strike — spawns within one square "roll a
// d6. On a result of 1 or 2" they die; Mothers in range lose 1 Life.
func TestRetributiveStrike(t *testing.T) {
	g := started(t, "")
	g.put("R1", "red", 4, 5, 9, 1, 2)
	g.put("B1", "blue", 5, 5, 1, 1, 2, RetributiveStrike) // next to blue's Mother
	g.put("B2", "blue", 5, 4, 1, 1, 2)
	g.put("R2", "red", 6, 4, 1, 1, 2)
	// R1 kills B1: 6+6 +9 against 1+1 +3. The blast rolls in board order:
	// B2 (5,4) 2: dies; R2 (6,4) 3: lives; R1 (4,5) 1: dies. Blue's Mother
	// is next to 5,5 and loses 1 Life; red's is not.
	d := g.Do(Attack{Spawn: "R1", Target: "B1"}, 6, 6, 1, 1, 2, 3, 1)
	if !g.piece("B1").Dead || !g.piece("B2").Dead || g.piece("R2").Dead || !g.piece("R1").Dead {
		t.Fatalf("blast: B1 %v B2 %v R2 %v R1 %v", g.piece("B1").Dead, g.piece("B2").Dead, g.piece("R2").Dead, g.piece("R1").Dead)
	}
	if g.mother("blue").Life != 4 || g.mother("red").Life != 5 {
		t.Fatalf("Life after the blast: blue %d red %d", g.mother("blue").Life, g.mother("red").Life)
	}
	labelHas(t, d, "explodes in a Retributive Strike")
	// Ruling (FF/RS): R1 absorbed its points before the blast, and a
	// frenzy spawn killed by the blast gets no frenzy.
	if hasFact(d, TypeFrenzyGained) {
		t.Fatal("frenzy after the blast")
	}
}

// seed 004 line 64 and the "FF/RS issue" (line 74). Ruling: the blast
// resolves first; a Feeding Frenzy spawn that lives through it attacks on.
func TestFeedingFrenzyWithRetributiveStrike(t *testing.T) {
	g := started(t, "")
	g.put("R1", "red", 4, 6, 9, 1, 2, FeedingFrenzy)
	g.put("B1", "blue", 4, 7, 1, 1, 2, RetributiveStrike)
	g.put("B2", "blue", 3, 7, 1, 1, 2)
	// Kill B1; blast: B2 (3,7) rolls... board order is row 6 first: R1
	// (4,6) rolls 6 and lives, then B2 (3,7) rolls 5 and lives.
	d := g.Do(Attack{Spawn: "R1", Target: "B1"}, 6, 6, 1, 1, 6, 5)
	if g.piece("R1").Dead || !hasFact(d, TypeFrenzyGained) {
		t.Fatalf("R1 survived the blast and should frenzy: %s", d.LabelText())
	}
	g.Do(Attack{Spawn: "R1", Target: "B2"}, 6, 6, 1, 1)
	if !g.piece("B2").Dead {
		t.Fatal("frenzy attack after the blast did not kill")
	}
}

// seed 004 line 65: Mitosis — "splits into two spores with the attributes
// 3/3/3".
func TestMitosis(t *testing.T) {
	g := started(t, "")
	g.put("R1", "red", 4, 4, 10, 3, 2)
	g.Refuse("Mitosis", Mutate{Spawn: "R1", Mutation: Mitosis, AtX: 6, AtY: 6})
	g.Do(Mutate{Spawn: "R1", Mutation: Mitosis, AtX: 5, AtY: 5})
	a, b := g.piece("R1"), g.piece("R2")
	if b == nil || a.Total() != 9 || b.Total() != 9 || b.X != 5 || b.Y != 5 || !b.Made || b.Owner != "red" {
		t.Fatalf("mitosis: %+v and %+v", a, b)
	}
	if len(b.Muts) != 0 || !a.Has(Mitosis) {
		t.Fatalf("mutations after mitosis: %v and %v", a.Muts, b.Muts)
	}
}

// seed 004 line 66: Plasmid Font — attack and move 0, no attacks, +2
// Plasmid a turn, allies next to it as if next to the Mother, spawning
// through it; a melee attack lost against it destroys the attacker.
func TestPlasmidFont(t *testing.T) {
	g := started(t, "")
	g.put("R1", "red", 4, 4, 5, 7, 3)
	g.Do(Mutate{Spawn: "R1", Mutation: PlasmidFont})
	p := g.piece("R1")
	if p.Attack != 0 || p.Move != 0 || p.Defense != 7 {
		t.Fatalf("font stats %d/%d/%d, want 0/7/0", p.Attack, p.Defense, p.Move)
	}
	g.put("B1", "blue", 5, 5, 1, 1, 2)
	g.Refuse("Font", Attack{Spawn: "R1", Target: "B1"}, 6, 6, 1, 1)
	g.Refuse("Font", Move{Spawn: "R1", X: 4, Y: 5})
	g.mother("red").Plasmid = 0
	g.endTurn()
	g.endTurn()
	if got := g.mother("red").Plasmid; got != 12 {
		t.Fatalf("Plasmid with a Font %d, want 10+2", got)
	}
	// Spawn through the Font (5,3 is out of the Mother's SoI, next to 4,4).
	g.Do(Spawn{X: 5, Y: 3})
	if b := g.s.Battle; b.AttackOf(b.Piece("R2")) != 3 {
		t.Fatalf("next to a Font a spawn gets +2: attack %d", b.AttackOf(b.Piece("R2")))
	}
	g.endTurn()
	// B1 attacks the Font and loses: 1+1 +3 against 6+6 +9.
	g.Do(Attack{Spawn: "B1", Target: "R1"}, 1, 1, 6, 6)
	if !g.piece("B1").Dead {
		t.Fatal("losing against a Font should destroy the attacker")
	}
}

// seed 004 lines 67-68: Armor Piercer reduces the target's roll by 3 when
// attacking; Armored reduces the attacker's roll by 3 when defending.
func TestArmor(t *testing.T) {
	g := started(t, "")
	g.put("R1", "red", 4, 6, 3, 1, 2, ArmorPiercer)
	g.put("B1", "blue", 4, 7, 1, 4, 2, Armored)
	// 3+3 +3-3 = 6 against 3+3 +4-3 = 7: B1 wins.
	d := g.Do(Attack{Spawn: "R1", Target: "B1"}, 3, 3, 3, 3)
	if !g.piece("R1").Dead {
		t.Fatalf("both armours: %s", d.LabelText())
	}
	labelHas(t, d, "Armor Piercer: -3 to B1")
	labelHas(t, d, "Armored: -3 to R1")
	// Armored has no effect when attacking; Armor Piercer none defending.
	g.put("R2", "red", 5, 6, 1, 2, 2, ArmorPiercer)
	g.endTurn()
	d = g.Do(Attack{Spawn: "B1", Target: "R2"}, 3, 3, 3, 3) // 6+1 against 6+2
	if !g.piece("B1").Dead {
		t.Fatalf("no armour in play: %s", d.LabelText())
	}
}

// seed 004 line 69: Resilient — "must be killed twice. If Retributive
// Strike is combined with this, it only activates when it dies for good."
func TestResilient(t *testing.T) {
	g := started(t, "")
	g.put("R1", "red", 4, 6, 9, 1, 2)
	g.put("B1", "blue", 4, 7, 1, 1, 2, Resilient, RetributiveStrike)
	g.put("B2", "blue", 3, 7, 1, 1, 2)
	d := g.Do(Attack{Spawn: "R1", Target: "B1"}, 6, 6, 1, 1)
	if g.piece("B1").Dead || g.piece("B1").Lives != 1 || hasFact(d, TypePointsAbsorbed) {
		t.Fatalf("the first kill should only wound: %+v", g.piece("B1"))
	}
	g.endTurn()
	g.endTurn()
	// Second time: it dies and blasts (R1 at 4,6 rolls 6, B2 at 3,7 rolls 6).
	g.Do(Attack{Spawn: "R1", Target: "B1"}, 6, 6, 1, 1, 6, 6)
	if !g.piece("B1").Dead || g.piece("R1").Points != 3 {
		t.Fatalf("the second kill: %+v", g.piece("B1"))
	}
}

// seed 004 line 70: Poison Carrier — at the start of its owner's turn
// adjacent enemy spawn lose 2 from each stat; below 0 they die and the
// carrier gets three points; Mothers, Proxies and Fonts are immune.
func TestPoisonCarrier(t *testing.T) {
	g := started(t, "")
	g.put("B1", "blue", 5, 6, 1, 1, 1, PoisonCarrier)
	g.put("R1", "red", 4, 6, 5, 5, 5)
	g.put("R2", "red", 4, 7, 1, 1, 3)
	g.put("R3", "red", 6, 6, 0, 4, 0, PlasmidFont)
	g.put("R4", "red", 3, 7, 1, 1, 3, LifeGiving) // next to R2, not to B1
	g.endTurn()                                   // blue's turn begins: the poison bites
	if p := g.piece("R1"); p.Attack != 3 || p.Defense != 3 || p.Move != 3 || p.Dead {
		t.Fatalf("R1 after poison: %+v", p)
	}
	if !g.piece("R2").Dead || g.piece("B1").Points != 3 {
		t.Fatalf("R2 should die of poison (no Life-Giving save) and B1 absorb: %+v", g.piece("R2"))
	}
	if p := g.piece("R3"); p.Defense != 4 || p.Dead {
		t.Fatalf("a Font is immune: %+v", p)
	}
}

// seed 004 line 71: Life-Giving — an adjacent ally that would die rolls a
// d6 and lives on 5 or 6.
func TestLifeGiving(t *testing.T) {
	g := started(t, "")
	g.put("R1", "red", 4, 6, 9, 1, 2)
	g.put("B1", "blue", 4, 7, 1, 1, 2)
	g.put("B2", "blue", 5, 8, 1, 1, 2, LifeGiving)
	g.put("B3", "blue", 3, 8, 1, 1, 2)
	d := g.Do(Attack{Spawn: "R1", Target: "B1"}, 6, 6, 1, 1, 5)
	if g.piece("B1").Dead || !hasFact(d, TypeSpawnSaved) || g.piece("R1").Points != 0 {
		t.Fatalf("a 5 should save B1: %s", d.LabelText())
	}
	g.endTurn()
	g.endTurn()
	g.Do(Attack{Spawn: "R1", Target: "B1"}, 6, 6, 1, 1, 4)
	if !g.piece("B1").Dead {
		t.Fatal("a 4 should not save B1")
	}
}

// seed 004 line 72: Leader — "+2/+2/+0 to adjacent units".
func TestLeader(t *testing.T) {
	g := started(t, "")
	b := g.s.Battle
	l := g.put("R1", "red", 6, 2, 1, 1, 2, Leader)
	n := g.put("R2", "red", 7, 2, 3, 3, 2)
	far := g.put("R3", "red", 8, 4, 3, 3, 2)
	if b.AttackOf(n) != 5 || b.DefenseOf(n) != 5 || n.Move != 2 {
		t.Fatalf("next to a Leader: %d/%d", b.AttackOf(n), b.DefenseOf(n))
	}
	if b.AttackOf(far) != 3 || b.AttackOf(l) != 1 {
		t.Fatalf("not next to a Leader: %d; the Leader itself %d", b.AttackOf(far), b.AttackOf(l))
	}
	g.put("R4", "red", 8, 2, 1, 1, 2, Leader)
	if b.AttackOf(n) != 5 {
		t.Fatalf("Ruling: two Leaders do not stack: %d", b.AttackOf(n))
	}
}

// seed 004 line 61: "If an attacker with this power kills" — a Feeding
// Frenzy spawn that wins while defending gets no extra attack.
func TestFeedingFrenzyOnlyWhenAttacking(t *testing.T) {
	g := started(t, "")
	g.put("R1", "red", 4, 6, 1, 1, 2)
	g.put("B1", "blue", 4, 7, 1, 1, 2, FeedingFrenzy)
	g.put("R2", "red", 3, 7, 1, 1, 2)
	d := g.Do(Attack{Spawn: "R1", Target: "B1"}, 1, 1, 6, 6)
	if !g.piece("R1").Dead || hasFact(d, TypeFrenzyGained) || g.piece("B1").Points != 3 {
		t.Fatalf("a defending frenzy spawn: %s", d.LabelText())
	}
}

// RULINGS (Rulings added 2026-12-01): "A Plasmid Font's attack and move are
// 0 for good, Sphere bonus included; only its defence counts" (seed 004
// line 66: "all stats save its defense reduced to zero permanently"); "A
// Font defender given --counter is refused with the reason, not silently
// ignored" (line 66: it "can no longer attack").
func TestPlasmidFontAttackStaysZero(t *testing.T) {
	g := started(t, "")
	g.put("R1", "red", 4, 4, 0, 7, 0, PlasmidFont) // inside red's Sphere
	g.put("R2", "red", 5, 4, 1, 1, 2, Leader)      // and next to a Leader
	b := g.s.Battle
	if got := b.AttackOf(g.piece("R1")); got != 0 {
		t.Fatalf("a Font's attack with the Sphere bonus is %d, want 0", got)
	}
	if got := b.DefenseOf(g.piece("R1")); got != 10 {
		t.Fatalf("a Font's defence with its bonuses is %d, want 7+4 capped at 10", got)
	}
	mp, _ := g.s.Map()
	for _, s := range mp.Spawns {
		if s.Name == "R1" && (s.Attack != 0 || s.Move != 0) {
			t.Fatalf("the map shows the Font as %d/%d/%d, want attack and move 0", s.Attack, s.Defense, s.Move)
		}
	}
	g.put("B1", "blue", 4, 5, 3, 3, 2)
	g.endTurn()
	g.Refuse("Font", Attack{Spawn: "B1", Target: "R1", OnTie: "counter"}, 6, 6, 1, 1)
	// Without the choice the attack goes on: B1 loses and is removed.
	g.Do(Attack{Spawn: "B1", Target: "R1"}, 1, 1, 6, 6)
	if !g.piece("B1").Dead {
		t.Fatal("losing against a Font should destroy the attacker")
	}
}

// RULINGS (Rulings added 2026-12-01): "a Slinger with any enemy spawn
// adjacent is engaged in melee and gets no bonus to its attack or defence
// roll, whatever its target" (seed 004 line 63: "If engaged in melee with an
// opponent within one square's range, it gets no bonus").
func TestSporeSlingerEngagedWhateverItsTarget(t *testing.T) {
	g := started(t, "")
	g.put("R1", "red", 4, 5, 6, 6, 2, SporeSlinger)
	g.put("B2", "blue", 5, 5, 1, 1, 2)               // next to R1: it is engaged
	g.put("B1", "blue", 4, 7, 2, 2, 2)               // 2 squares from R1
	g.put("B3", "blue", 2, 5, 1, 1, 2, SporeSlinger) // 2 squares from R1
	// R1 shoots B1 while B2 stands next to it: 1+1 +0 = 2 against
	// 1+1 +2 = 4; the spores fail.
	d := g.Do(Attack{Spawn: "R1", Target: "B1"}, 1, 1, 1, 1)
	labelHas(t, d, "R1 slings nothing in melee")
	if g.piece("B1").Dead {
		t.Fatalf("an engaged slinger shot with its attack: %s", d.LabelText())
	}
	g.endTurn()
	// Defending against B3's spores, still engaged: 1+1 +1 = 3 against
	// 1+1 +0 = 2; R1 is removed.
	d = g.Do(Attack{Spawn: "B3", Target: "R1"}, 1, 1, 1, 1)
	labelHas(t, d, "R1 slings nothing in melee")
	if !g.piece("R1").Dead {
		t.Fatalf("an engaged slinger defended with its defence: %s", d.LabelText())
	}
}
