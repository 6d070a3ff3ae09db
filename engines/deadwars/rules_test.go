package deadwars

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"warlog/engines"
	"warlog/engines/dice"
)

// seed 001 lines 18-38: "Imhotep 1) Dash 2) Attack ..." — each clan's table,
// checked through the engine: a face is accepted for the action its clan's
// table gives and refused for the others.
func TestFaceTables(t *testing.T) {
	want := map[string]string{
		Imhotep:   "Dash Attack Attack Defend Defend Magic",
		Dracula:   "Dash Attack Attack Attack Defend Magic",
		DavyJones: "Dash Dash Attack Attack Defend Magic",
	}
	for _, clan := range Clans {
		t.Run(clan, func(t *testing.T) {
			g := newGame(t)
			g.Do(CreateForce{Player: "Ann", Clan: clan})
			g.Do(Recruit{Player: "Ann", Name: "Vlad", Class: "wizard", Champion: true})
			g.Do(Recruit{Player: "Ann", Name: "Igor", Rank: "guard", Class: "shooter"})
			g.Do(Recruit{Player: "Ann", Name: "Renny", Rank: "soldier", Class: "shooter"})
			g.Do(CreateForce{Player: "Ben", Clan: "davy-jones"})
			g.Do(Recruit{Player: "Ben", Name: "Davy", Class: "fighter", Champion: true})
			g.Do(Recruit{Player: "Ben", Name: "Jack", Rank: "guard", Class: "shooter"})
			g.Do(Recruit{Player: "Ben", Name: "Bones", Rank: "soldier", Class: "fighter"})
			g.start(HeadCount)
			g.roll(1, 2, 3, 4, 5, 6)
			if g.battle().Magic["Ann"] != 1 || !slices.Equal(g.battle().Pool, []int{1, 2, 3, 4, 5}) {
				t.Fatalf("after rolling 1-6: pool %v magic %d, want 1-5 and 1", g.battle().Pool, g.battle().Magic["Ann"])
			}
			got := strings.Fields(want[clan])
			attackers := []string{"Vlad", "Igor", "Renny", "Vlad", "Igor"}
			for face := 1; face <= 5; face++ {
				action := got[face-1]
				if FaceAction(clan, face) != action {
					t.Fatalf("FaceAction(%s, %d) = %s, want %s", clan, face, FaceAction(clan, face), action)
				}
				if action != ActDash {
					g.Refuse("Dash", Dash{Figure: "Vlad", Die: face})
				}
				if action != ActAttack {
					g.Refuse("Attack", Attack{Figure: "Vlad", Target: "Davy", Dice: []int{face}})
				}
				if action != ActDefend {
					g.Refuse("Defend", Defend{Figure: "Vlad", Die: face})
				}
				switch action {
				case ActDash:
					g.Do(Dash{Figure: "Vlad", Die: face})
				case ActAttack:
					g.Do(Attack{Figure: attackers[face-1], Target: "Davy", Dice: []int{face}}, 1)
				case ActDefend:
					g.Do(Defend{Figure: "Vlad", Die: face})
				}
			}
			if len(g.battle().Pool) != 0 {
				t.Fatalf("pool %v left, want every die spent", g.battle().Pool)
			}
			if FaceAction(clan, 6) != ActMagic {
				t.Fatalf("face 6 is %s, want Magic", FaceAction(clan, 6))
			}
		})
	}
}

// seed 001 line 17: "rolls 1 die per soldier ... two per guard and 3 per hero".
func TestActionDicePerRank(t *testing.T) {
	g := newGame(t)
	g.forces()
	g.start(HeadCount)
	_, err := g.Try(RollDice{}, 1, 2, 3, 4, 5)
	if !errors.Is(err, dice.ErrTooFew) {
		t.Fatalf("5 dice for Hero+Guard+Soldier: %v, want too few (6 needed)", err)
	}
	g.roll(5, 5, 5, 5, 5, 5)
	g.Do(EndTurn{})
	// Ben's Bones (a Soldier) falls: Ben rolls 5 next time.
	g.battle().Magic["Ann"] = 0
	g.fig("Bones").Dead = true
	if _, err := g.Try(RollDice{}, 1, 1, 1, 1, 1, 1); !errors.Is(err, dice.ErrTooMany) {
		t.Fatalf("6 dice with the Soldier dead: %v, want too many (5 needed)", err)
	}
	g.roll(1, 1, 1, 1, 1)
}

// seed 001 lines 39 and 42: "Any single die can be spent to move a figure
// 2”", "spend a dash die to move a figure 4”".
func TestMoveAndDash(t *testing.T) {
	g := newGame(t)
	g.forces()
	g.start(HeadCount)
	g.Refuse("Turn", Move{Figure: "Vlad", Die: 5})
	g.roll(1, 5, 5, 2, 6, 6)
	g.Do(Move{Figure: "Vlad", Die: 5})
	g.Do(Move{Figure: "Renny", Die: 6}) // a 6 from the magic pool
	g.Refuse("Dash", Dash{Figure: "Vlad", Die: 5})
	g.Do(Dash{Figure: "Igor", Die: 1})
	g.Refuse("Dice", Dash{Figure: "Igor", Die: 1})
	g.Refuse("Dice", Move{Figure: "Igor", Die: 3})
	b := g.battle()
	if !slices.Equal(b.Pool, []int{2, 5}) || b.Magic["Ann"] != 1 {
		t.Fatalf("pool %v magic %d, want 2,5 and 1", b.Pool, b.Magic["Ann"])
	}
}

// seed 001 line 40: "Any double rolled can be changed into a single die of any value."
func TestDouble(t *testing.T) {
	g := newGame(t)
	g.forces()
	g.start(HeadCount)
	g.roll(3, 3, 5, 2, 2, 6)
	g.Refuse("Double", Double{Face: 5, To: 1})
	g.Refuse("Double", Double{Face: 6, To: 1})
	g.Do(Double{Face: 3, To: 1})
	if b := g.battle(); !slices.Equal(b.Pool, []int{1, 2, 2, 5}) {
		t.Fatalf("pool %v, want 1,2,2,5", b.Pool)
	}
	g.Do(Dash{Figure: "Vlad", Die: 1})
	// A double made into a 6 goes to the magic pool.
	g.Do(Double{Face: 2, To: 6})
	if b := g.battle(); !slices.Equal(b.Pool, []int{5}) || b.Magic["Ann"] != 2 {
		t.Fatalf("pool %v magic %d, want 5 and 2", b.Pool, b.Magic["Ann"])
	}
	g.Refuse("Double", Double{Face: 5, To: 6})
}

// seed 001 line 40: "Any double rolled can be changed into a single die of
// any value"; RULINGS, Deadwars, Turn: "A pair of 6s is a double too: while
// both are still in the magic pool in the turn they were rolled, the player
// may take them out and exchange them".
func TestDoubleOfSixes(t *testing.T) {
	g := newGame(t)
	g.forces()
	g.start(HeadCount)
	g.roll(6, 6, 1, 1, 5, 5)
	label := g.Label(Double{Face: 6, To: 3})
	if b := g.battle(); b.Magic["Ann"] != 0 || !slices.Equal(b.Pool, []int{1, 1, 3, 5, 5}) {
		t.Fatalf("after doubling the 6s: pool %v magic %d, want 1,1,3,5,5 and 0", b.Pool, b.Magic["Ann"])
	}
	if !strings.Contains(label, "pair of 6s") || !strings.Contains(label, "magic pool") {
		t.Errorf("label %q does not say the 6s came out of the magic pool", label)
	}
	g.Refuse("Double", Double{Face: 6, To: 3})
	// A 6 kept from an earlier turn is not of this turn's roll.
	ones := []int{1, 1, 1, 1, 1, 1}
	g.Do(EndTurn{})
	g.roll(ones...) // Ben
	g.Do(EndTurn{})
	g.roll(6, 1, 1, 1, 1, 1)
	g.Do(EndTurn{})
	g.roll(ones...)
	g.Do(EndTurn{})
	g.roll(6, 1, 1, 1, 1, 1)
	if g.battle().Magic["Ann"] != 2 {
		t.Fatalf("magic %d, want 2", g.battle().Magic["Ann"])
	}
	msg := g.Refuse("Double", Double{Face: 6, To: 2}).Error()
	if !strings.Contains(msg, "turn they were rolled") {
		t.Errorf("refusal %q does not say why", msg)
	}
	// Spending from the pool takes the kept 6s first: this turn's pair stays.
	g.Do(EndTurn{})
	g.roll(ones...)
	g.Do(EndTurn{})
	g.roll(6, 6, 1, 1, 1, 1) // 2 kept + 2 rolled
	g.Do(Move{Figure: "Renny", Die: 6})
	g.Do(Cast{Caster: "Vlad", Spell: "boost", Target: "Igor"})
	g.Do(Double{Face: 6, To: 2})
	// ... but once one of this turn's 6s is spent, the pair is broken; a
	// double made into a 6 is one of this turn's dice and pairs again.
	g.Do(EndTurn{})
	g.roll(ones...)
	g.Do(EndTurn{})
	g.roll(6, 6, 3, 3, 1, 1)
	g.Do(Move{Figure: "Renny", Die: 6})
	g.Refuse("Double", Double{Face: 6, To: 2})
	g.Do(Double{Face: 3, To: 6})
	g.Do(Double{Face: 6, To: 4})
	if b := g.battle(); b.Magic["Ann"] != 0 || !slices.Equal(b.Pool, []int{1, 1, 4}) {
		t.Fatalf("pool %v magic %d, want 1,1,4 and 0", b.Pool, b.Magic["Ann"])
	}
}

// seed 001 line 43: "they get a free attack against that enemy, you do not
// have to spend a die ... does not count as one of the figure’s attacks".
func TestFreeAttackIntoContact(t *testing.T) {
	g := newGame(t)
	g.forces()
	g.start(HeadCount)
	g.roll(1, 2, 5, 5, 5, 5)
	g.Refuse("Free attack", Attack{Figure: "Renny", Target: "Davy", Free: true}, 6, 1)
	g.Do(Dash{Figure: "Renny", Die: 1, Into: "Davy"})
	g.Do(Attack{Figure: "Renny", Target: "Davy", Free: true}, 3, 1)
	if f := g.fig("Davy"); f.Wounds != 1 {
		t.Fatalf("Davy wounds %d, want 1", f.Wounds)
	}
	if f := g.fig("Renny"); f.Attacks != 0 {
		t.Fatalf("Renny attacks %d after a free attack, want 0", f.Attacks)
	}
	g.Refuse("Free attack", Attack{Figure: "Renny", Target: "Davy", Free: true}, 3, 1)
	g.Do(Attack{Figure: "Renny", Target: "Davy", Dice: []int{2}}, 1)
}

// seed 001 line 44: "all enemy figures within base contact are allowed a
// free attack ... No free attacks ... if they use a dash die", and "cannot
// move into base to base contact with the same or a different enemy".
func TestLeavingContact(t *testing.T) {
	g := newGame(t)
	g.forces()
	g.start(HeadCount)
	g.roll(1, 5, 5, 5, 5, 1)
	g.Do(Contact{A: "Renny", B: "Davy"})
	g.Do(Contact{A: "Igor", B: "Davy"})
	g.Do(Move{Figure: "Renny", Die: 5, Leave: true})
	if b := g.battle(); !slices.Equal(b.Free, []FreeAttack{{By: Ref{"Ben", "Davy"}, Target: Ref{"Ann", "Renny"}}}) {
		t.Fatalf("free attacks %v, want Davy on Renny", b.Free)
	}
	// Ben's Davy strikes back in Ann's turn, with no die.
	g.Do(Attack{Figure: "Davy", Target: "Renny", Free: true}, 3, 4)
	g.Refuse("Contact", Move{Figure: "Renny", Die: 5, Into: "Jack"})
	g.Do(Dash{Figure: "Igor", Die: 1, Leave: true})
	if b := g.battle(); len(b.Free) != 0 || b.InContact(Ref{"Ann", "Igor"}, Ref{"Ben", "Davy"}) {
		t.Fatalf("after a dash away: free %v, contacts %v; want none", b.Free, b.Contacts)
	}
}

// seed 001 lines 43-44: a free attack for moving into base contact, and "If
// a figure moves out of base to base contact with an enemy figure they
// cannot move into base to base contact with the same or a different enemy
// in the same turn"; RULINGS (Deadwars, 2026-12-01): the free attack
// "lapses when that contact is left", and "A figure that left contact this
// turn may not record new contact with the same enemy in that turn."
func TestLeftContactEndsItsFreeAttack(t *testing.T) {
	g := newGame(t)
	g.forces()
	g.start(HeadCount)
	g.roll(1, 5, 5, 5, 5, 1)
	g.Do(Move{Figure: "Renny", Die: 5, Into: "Davy"})
	g.Do(Move{Figure: "Renny", Die: 5, Leave: true})
	g.Refuse("Free attack", Attack{Figure: "Renny", Target: "Davy", Free: true}, 6, 1)
	g.Do(Attack{Figure: "Davy", Target: "Renny", Free: true}, 1)
	g.Refuse("Contact", Contact{A: "Renny", B: "Davy"})
	g.Refuse("Contact", Contact{A: "Davy", B: "Renny"})
	// Contact ended by the table lapses its free attacks too.
	g.Do(Dash{Figure: "Igor", Die: 1, Into: "Jack"})
	g.Do(Contact{A: "Igor", B: "Jack", Apart: true})
	g.Refuse("Free attack", Attack{Figure: "Igor", Target: "Jack", Free: true}, 6, 1)
	g.Refuse("Contact", Contact{A: "Igor", B: "Jack"})
	// Next turn the pair may meet again.
	g.Do(EndTurn{})
	g.roll(5, 5, 5, 5, 5, 5)
	g.Do(Contact{A: "Jack", B: "Igor"})
}

// RULINGS, Deadwars, Attacks: "A Boost is a move, not a Dash: the contact
// rules above apply to the boosted figure exactly as to a move paid with a
// die (a free attack on entering contact, free attacks against it on
// leaving, no new contact after leaving)"; seed 001 lines 43-44.
func TestBoostIsAMove(t *testing.T) {
	g := newGame(t)
	g.forces()
	g.start(HeadCount)
	g.roll(6, 6, 6, 6, 5, 5)
	free := func(want ...FreeAttack) {
		t.Helper()
		if got := g.battle().Free; !slices.Equal(got, want) {
			t.Fatalf("free attacks %v, want %v", got, want)
		}
	}
	renny, igor, davy, jack, bones := Ref{"Ann", "Renny"}, Ref{"Ann", "Igor"}, Ref{"Ben", "Davy"}, Ref{"Ben", "Jack"}, Ref{"Ben", "Bones"}
	// Boosted into contact: the boosted figure gets a free attack.
	label := g.Label(Cast{Caster: "Vlad", Spell: "boost", Target: "Renny", Into: "Davy"})
	free(FreeAttack{By: renny, Target: davy})
	if !strings.Contains(label, "a free attack on Davy") {
		t.Errorf("label %q does not give Renny its free attack", label)
	}
	g.Do(Attack{Figure: "Renny", Target: "Davy", Free: true}, 1)
	// Boosted out of contact: each enemy left gets a free attack on it,
	// and it cannot enter contact again this turn, by a move or a Boost.
	g.Do(Contact{A: "Igor", B: "Jack"})
	label = g.Label(Cast{Caster: "Vlad", Spell: "boost", Target: "Igor", Leave: true})
	free(FreeAttack{By: jack, Target: igor})
	if !strings.Contains(label, "free attack on Igor") {
		t.Errorf("label %q does not give Jack a free attack", label)
	}
	if !g.fig("Igor").LeftContact {
		t.Fatal("Igor left contact by a Boost and is not marked")
	}
	g.Refuse("Contact", Move{Figure: "Igor", Die: 5, Into: "Bones"})
	g.Refuse("Contact", Cast{Caster: "Vlad", Spell: "boost", Target: "Igor", Into: "Bones"})
	g.Do(Attack{Figure: "Jack", Target: "Igor", Free: true}, 1)
	// A figure that left contact by a move cannot be boosted into contact.
	g.Do(Contact{A: "Vlad", B: "Bones"})
	g.Do(Move{Figure: "Vlad", Die: 5, Leave: true})
	g.Refuse("Contact", Cast{Caster: "Vlad", Spell: "boost", Target: "Vlad", Into: "Davy"})
	// An enemy boosted out of contact gives the caster's figures their free
	// attacks; boosted into contact, it gets its own.
	g.Do(Contact{A: "Renny", B: "Bones"})
	g.Do(Attack{Figure: "Bones", Target: "Vlad", Free: true}, 1)
	g.Do(Cast{Caster: "Vlad", Spell: "boost", Target: "Bones", Leave: true})
	free(FreeAttack{By: renny, Target: bones})
	g.battle().Magic["Ann"] = 1
	g.Do(Cast{Caster: "Vlad", Spell: "boost", Target: "Davy", Into: "Igor"})
	free(FreeAttack{By: renny, Target: bones}, FreeAttack{By: davy, Target: igor})
	// The next turn the marks are gone.
	g.Do(EndTurn{})
	if g.fig("Igor").LeftContact || len(g.battle().Free) != 0 {
		t.Fatal("the Boost's marks outlast the turn")
	}
}

// A Boost a log recorded before Boost was a move (deadwars/1: no free
// attacks in it) folds as it did: the contacts change, nothing else.
func TestOldBoostReplaysAsBefore(t *testing.T) {
	g := newGame(t)
	g.forces()
	g.start(HeadCount)
	g.roll(6, 1, 1, 1, 1, 1)
	g.Do(Contact{A: "Igor", B: "Jack"})
	igor, jack, bones := Ref{"Ann", "Igor"}, Ref{"Ben", "Jack"}, Ref{"Ben", "Bones"}
	old := SpellCast{Caster: Ref{"Ann", "Vlad"}, Spell: Boost, Cost: 1, Target: igor, Left: []Ref{jack}, Into: &bones}
	if err := Engine.Apply(g.st, TypeSpellCast, old); err != nil {
		t.Fatal(err)
	}
	b := g.battle()
	if b.InContact(igor, jack) || !b.InContact(igor, bones) || g.fig("Igor").LeftContact || len(b.Free) != 0 {
		t.Fatalf("old Boost: contacts %v, left %v, free %v; want Igor on Bones only, unmarked, no free attacks", b.Contacts, g.fig("Igor").LeftContact, b.Free)
	}
}

// seed 001 line 47: "Soldiers can only attack a maximum of once per turn,
// Guards twice and Heroes three times"; RULINGS: a combined attack counts once.
func TestAttacksPerTurn(t *testing.T) {
	g := newGame(t)
	g.forces()
	g.start(HeadCount)
	g.roll(2, 2, 3, 3, 4, 4)
	g.battle().Pool = []int{2, 2, 2, 3, 3, 3, 4, 4, 4}
	for i := 0; i < 3; i++ {
		g.Do(Attack{Figure: "Vlad", Target: "Jack", Dice: []int{2}}, 1)
	}
	msg := g.Refuse("Attacks", Attack{Figure: "Vlad", Target: "Jack", Dice: []int{3}}, 1).Error()
	if !strings.Contains(msg, "3 attacks") {
		t.Fatalf("refusal %q does not name the count", msg)
	}
	g.Do(Contact{A: "Igor", B: "Jack"})
	g.Do(Attack{Figure: "Igor", Target: "Jack", Dice: []int{3, 3}}, 1)
	g.Do(Attack{Figure: "Igor", Target: "Jack", Dice: []int{3}}, 1)
	g.Refuse("Attacks", Attack{Figure: "Igor", Target: "Jack", Dice: []int{4}}, 1)
	g.Do(Contact{A: "Renny", B: "Bones"})
	g.Do(Attack{Figure: "Renny", Target: "Bones", Dice: []int{4}}, 1)
	g.Refuse("Attacks", Attack{Figure: "Renny", Target: "Bones", Dice: []int{4}}, 1)
}

// seed 001 lines 48-52: the class table's range, hit and save.
func TestClassTable(t *testing.T) {
	table := []struct {
		class            string
		rng, hit, saveOn int
	}{
		{Fighter, 0, 3, 3}, {Berserker, 0, 2, 4}, {Skirmisher, 6, 4, 4}, {Shooter, 12, 5, 5}, {Wizard, 12, 6, 6},
	}
	for _, c := range table {
		t.Run(c.class, func(t *testing.T) {
			if got := Class(c.class); got.Range != c.rng {
				t.Fatalf("range %d, want %d", got.Range, c.rng)
			}
			for _, hit := range []int{c.hit - 1, c.hit} {
				if hit < 2 {
					continue
				}
				g := newGame(t)
				g.forces()
				g.start(HeadCount)
				g.roll(2, 2, 2, 5, 5, 5)
				g.fig("Vlad").Class = c.class
				g.fig("Davy").Class = c.class
				g.Do(Contact{A: "Vlad", B: "Davy"})
				hand := []int{hit}
				wantHit := hit >= c.hit
				if wantHit {
					hand = append(hand, c.saveOn) // a save roll of exactly the class's number saves
				}
				g.Do(Attack{Figure: "Vlad", Target: "Davy", Dice: []int{2}}, hand...)
				if got := g.fig("Davy").Defend; got != 0 {
					t.Fatal("defend")
				}
				if wounds := g.fig("Davy").Wounds; wounds != 0 {
					t.Fatalf("hit %d save %d: Davy wounded", hit, c.saveOn)
				}
				if wantHit && c.saveOn > 2 {
					g.Do(Attack{Figure: "Vlad", Target: "Davy", Dice: []int{2}}, hit, c.saveOn-1)
					if g.fig("Davy").Wounds != 1 {
						t.Fatalf("save %d against %d+ should fail", c.saveOn-1, c.saveOn)
					}
				}
				if !wantHit && g.fig("Vlad").Attacks != 1 {
					t.Fatal("a miss is still an attack")
				}
			}
		})
	}
	// A Range 0" class must be in base contact with its target.
	g := newGame(t)
	g.forces()
	g.start(HeadCount)
	g.roll(2, 2, 2, 5, 5, 5)
	g.Refuse("Range", Attack{Figure: "Renny", Target: "Jack", Dice: []int{2}}, 6, 1)
	g.Do(Attack{Figure: "Vlad", Target: "Jack", Dice: []int{2}}, 1)
}

// seed 001 line 55: "combine them for a single attack ... +1 modifier to hit
// for each additional die".
func TestCombinedDice(t *testing.T) {
	g := newGame(t)
	g.forces()
	g.start(HeadCount)
	g.roll(2, 3, 4, 5, 5, 5)
	// Vlad, a Wizard, hits on 6+: a 4 with two extra dice is a 6.
	label := g.Label(Attack{Figure: "Vlad", Target: "Jack", Dice: []int{2, 3, 4}}, 4, 1)
	if f := g.fig("Jack"); f.Wounds != 1 {
		t.Fatalf("Jack wounds %d, want 1 (%s)", f.Wounds, label)
	}
	if f := g.fig("Vlad"); f.Attacks != 1 {
		t.Fatalf("Vlad attacks %d after one combined attack, want 1", f.Attacks)
	}
	if !strings.Contains(label, "hit roll 4+2 against 6+") {
		t.Fatalf("label %q", label)
	}
}

// seed 001 line 55: "If when rolling to hit ... a 6 is rolled the target ...
// suffers a -1 modifier to their saving throw".
func TestNaturalSixToHit(t *testing.T) {
	g := newGame(t)
	g.forces()
	g.start(HeadCount)
	g.roll(2, 3, 2, 3, 5, 5)
	// Jack saves on 5+: a 5 saves a hit of 5+1, not a hit of a natural 6.
	g.Do(Attack{Figure: "Vlad", Target: "Jack", Dice: []int{2, 3}}, 5, 5)
	if g.fig("Jack").Wounds != 0 {
		t.Fatal("a save of 5 against 5+ failed")
	}
	g.Do(Attack{Figure: "Vlad", Target: "Jack", Dice: []int{2, 3}}, 6, 5)
	if g.fig("Jack").Wounds != 1 {
		t.Fatal("a save of 5-1 against 5+ after a natural 6 held")
	}
}

// seed 001 line 55: "a roll of 1 is always a fail and a roll of 6 is always a success".
func TestNaturalOneAndSix(t *testing.T) {
	g := newGame(t)
	g.forces()
	g.start(HeadCount)
	g.roll(2, 3, 4, 2, 5, 5)
	// Igor (Berserker, 2+) with three dice needs nothing, yet a 1 misses.
	g.Do(Contact{A: "Igor", B: "Davy"})
	g.Do(Attack{Figure: "Igor", Target: "Davy", Dice: []int{2, 3, 4}}, 1)
	if g.fig("Davy").Wounds != 0 {
		t.Fatal("a natural 1 hit")
	}
	// Davy (save 3+) with 3 Defend counters still fails on a 1.
	g.fig("Davy").Defend = 3
	g.Do(Attack{Figure: "Igor", Target: "Davy", Dice: []int{2}}, 2, 1)
	if g.fig("Davy").Wounds != 1 {
		t.Fatal("a natural 1 saved")
	}
	g.Do(EndTurn{})
	// Vlad (Wizard, save 6+) saves a natural-6 hit (-1) on a natural 6.
	g.roll(3, 3, 3, 4, 5, 5)
	g.Do(Attack{Figure: "Jack", Target: "Vlad", Dice: []int{3}}, 6, 6)
	if g.fig("Vlad").Wounds != 0 {
		t.Fatal("a natural 6 failed to save")
	}
}

// seed 001 line 57: "When a figure defending is hit they gain a +1 modifier
// ... Once they have successfully saved ... remove any counters".
func TestDefend(t *testing.T) {
	g := newGame(t)
	g.forces()
	g.start(HeadCount)
	g.roll(5, 5, 1, 1, 1, 1)
	g.Do(Defend{Figure: "Vlad", Die: 5})
	g.Do(Defend{Figure: "Vlad", Die: 5})
	if g.fig("Vlad").Defend != 2 {
		t.Fatalf("counters %d, want 2", g.fig("Vlad").Defend)
	}
	g.Do(EndTurn{})
	g.roll(3, 3, 3, 4, 5, 5)
	// Jack (Shooter) hits Vlad; a save of 4+2 against 6+ holds and the counters go.
	g.Do(Attack{Figure: "Jack", Target: "Vlad", Dice: []int{3}}, 5, 4)
	if f := g.fig("Vlad"); f.Wounds != 0 || f.Defend != 0 {
		t.Fatalf("wounds %d counters %d, want 0 and 0", f.Wounds, f.Defend)
	}
	g.Do(Attack{Figure: "Jack", Target: "Vlad", Dice: []int{3}}, 5, 4)
	if g.fig("Vlad").Wounds != 1 {
		t.Fatal("a save of 4 against 6+ without counters held")
	}
}

// seed 001 line 14: "Soldiers can take a single wound ... Guards can take
// two wounds ... Heroes can take three wounds".
func TestWoundsByRank(t *testing.T) {
	g := newGame(t)
	g.forces()
	g.start(HeadCount)
	g.roll(6, 6, 6, 6, 6, 6)
	g.battle().Magic["Ann"] = 20
	for _, c := range []struct {
		name  string
		lives int
	}{{"Bones", 1}, {"Jack", 2}, {"Davy", 3}} {
		for i := 1; i <= c.lives; i++ {
			if g.fig(c.name).Dead {
				t.Fatalf("%s dead after %d wounds, takes %d", c.name, i-1, c.lives)
			}
			if c.name == "Davy" && i == c.lives {
				break // killing the last figure would end the battle
			}
			g.Do(Cast{Caster: "Vlad", Spell: "curse", Target: c.name})
		}
		if c.name != "Davy" && !g.fig(c.name).Dead {
			t.Fatalf("%s alive after %d wounds", c.name, c.lives)
		}
	}
	if f := g.fig("Davy"); f.Dead || f.Wounds != 2 {
		t.Fatalf("Davy wounds %d dead %v, want 2 and alive", f.Wounds, f.Dead)
	}
}

// seed 001 line 54: "An enemy that is not in base to base contact while also
// being in base to base contact with a friendly figure cannot be the target"
// and "While an enemy is in base to base contact they must be the targets".
func TestContactTargeting(t *testing.T) {
	g := newGame(t)
	g.forces()
	g.start(HeadCount)
	g.roll(2, 2, 2, 3, 3, 3)
	g.Do(Contact{A: "Renny", B: "Davy"})
	g.Refuse("Contact", Attack{Figure: "Renny", Target: "Jack", Dice: []int{2}}, 6, 1)
	g.Refuse("Melee", Attack{Figure: "Vlad", Target: "Davy", Dice: []int{2}}, 6, 1)
	g.Do(Attack{Figure: "Vlad", Target: "Jack", Dice: []int{2}}, 1)
	g.Do(Attack{Figure: "Renny", Target: "Davy", Dice: []int{2}}, 1)
	// Spells are no attacks: Vlad may curse Davy in the melee.
	g.battle().Magic["Ann"] = 2
	g.Do(Cast{Caster: "Vlad", Spell: "curse", Target: "Davy"})
}

// seed 001 line 59: "Magic dice are the only dice that can be kept between
// turns"; RULINGS: every other unspent die is lost.
func TestMagicPoolKept(t *testing.T) {
	g := newGame(t)
	g.forces()
	g.start(HeadCount)
	g.roll(6, 6, 2, 3, 5, 1)
	label := g.Label(EndTurn{})
	if !strings.Contains(label, "losing 4 unspent dice (1, 2, 3, 5)") {
		t.Fatalf("label %q", label)
	}
	g.roll(1, 1, 1, 1, 1, 1)
	g.Do(EndTurn{})
	g.roll(6, 1, 1, 1, 1, 1)
	if b := g.battle(); b.Magic["Ann"] != 3 || len(b.Pool) != 5 {
		t.Fatalf("magic %d pool %v, want 3 kept and 5 fresh dice", b.Magic["Ann"], b.Pool)
	}
}

// seed 001 lines 60-63: Bolt (1) hit on 4+, save only on 6; Curse (2) 1
// damage; Heal (2) regains a wound; Boost (1) moves 3"; RULINGS: the
// Champion and every Wizard cast.
func TestSpells(t *testing.T) {
	g := newGame(t)
	g.forces()
	g.start(HeadCount)
	g.roll(6, 1, 1, 1, 1, 1)
	g.Refuse("Magic", Cast{Caster: "Vlad", Spell: "curse", Target: "Davy"}) // 1 in the pool, Curse costs 2
	g.Refuse("Magic", Cast{Caster: "Igor", Spell: "bolt", Target: "Davy"})  // a Berserker Guard
	g.Do(Cast{Caster: "Vlad", Spell: "bolt", Target: "Davy"}, 3)            // 3 misses 4+
	if g.battle().Magic["Ann"] != 0 || g.fig("Davy").Wounds != 0 {
		t.Fatal("a missed Bolt still costs 1 and does nothing")
	}
	g.battle().Magic["Ann"] = 10
	// Davy saves on 3+ as a Fighter, but against a Bolt only a 6 saves.
	g.Do(Cast{Caster: "Vlad", Spell: "bolt", Target: "Davy"}, 4, 5)
	g.Do(Cast{Caster: "Vlad", Spell: "bolt", Target: "Davy"}, 4, 6)
	if f := g.fig("Davy"); f.Wounds != 1 {
		t.Fatalf("Davy wounds %d, want 1", f.Wounds)
	}
	g.Do(Cast{Caster: "Vlad", Spell: "curse", Target: "Jack"})
	if g.fig("Jack").Wounds != 1 || g.battle().Magic["Ann"] != 6 {
		t.Fatalf("Curse: Jack wounds %d, pool %d; want 1 and 6", g.fig("Jack").Wounds, g.battle().Magic["Ann"])
	}
	g.Refuse("Magic", Cast{Caster: "Vlad", Spell: "heal", Target: "Igor"})
	g.fig("Igor").Wounds = 1
	g.Do(Cast{Caster: "Vlad", Spell: "heal", Target: "Igor"})
	if g.fig("Igor").Wounds != 0 || g.battle().Magic["Ann"] != 4 {
		t.Fatal("Heal: Igor keeps the wound or the cost is not 2")
	}
	g.Do(Cast{Caster: "Vlad", Spell: "boost", Target: "Jack"})
	if g.battle().Magic["Ann"] != 3 {
		t.Fatal("Boost costs 1")
	}
	// Every Wizard casts, not only the Champion.
	g.fig("Igor").Class = Wizard
	g.Do(Cast{Caster: "Igor", Spell: "boost", Target: "Renny", Into: "Bones"})
	if !g.battle().InContact(Ref{"Ann", "Renny"}, Ref{"Ben", "Bones"}) {
		t.Fatal("Boost --into did not record the contact")
	}
}

// seed 001 line 69: "Each soldier killed costs 1KP, Guard 2KP, Hero 3KP and Champion 4KP".
func TestKillPoints(t *testing.T) {
	g := newGame(t)
	g.Do(CreateForce{Player: "Ann", Clan: "imhotep"})
	g.Do(Recruit{Player: "Ann", Name: "Imhotep", Class: "wizard", Champion: true})
	g.Do(CreateForce{Player: "Ben", Clan: "dracula"})
	g.Do(Recruit{Player: "Ben", Name: "Count", Class: "fighter", Champion: true})
	g.Do(Recruit{Player: "Ben", Name: "Hero", Rank: "hero", Class: "fighter"})
	g.Do(Recruit{Player: "Ben", Name: "Guard", Rank: "guard", Class: "fighter"})
	g.Do(Recruit{Player: "Ben", Name: "Soldier", Rank: "soldier", Class: "fighter"})
	g.Do(engines.StartScenario{Name: "KP", Brief: HeadCount}, 6, 1) // Ann, 1 figure against 4, finishes first
	g.roll(6, 6, 6)
	g.battle().Magic["Ann"] = 30
	want := 0
	for _, c := range []struct {
		name string
		kp   int
	}{{"Soldier", 1}, {"Guard", 2}, {"Hero", 3}, {"Count", 4}} {
		for !g.fig(c.name).Dead {
			g.Do(Cast{Caster: "Imhotep", Spell: "curse", Target: c.name})
		}
		want += c.kp
		if got := g.battle().KP["Ann"]; got != want {
			t.Fatalf("after killing %s: %d KP, want %d", c.name, got, want)
		}
	}
}

// seed 001 line 15: "Your champion costs 0 points. You then have 7 points";
// issue: one clan per force, exactly one Champion.
func TestForceBuilding(t *testing.T) {
	g := newGame(t)
	g.Do(CreateForce{Player: "Ann", Clan: "Dracula"})
	g.Refuse("Clan", CreateForce{Player: "ann", Clan: "imhotep"})
	g.Refuse("Clan", CreateForce{Player: "Cat", Clan: "zombies"})
	g.Do(Recruit{Player: "Ann", Name: "Vlad", Class: "wizard", Champion: true})
	g.Refuse("Champion", Recruit{Player: "Ann", Name: "Vlad2", Class: "fighter", Champion: true})
	g.Refuse("Champion", Recruit{Player: "Ann", Name: "Mina", Rank: "guard", Class: "fighter", Champion: true})
	g.Do(Recruit{Player: "Ann", Name: "Igor", Rank: "hero", Class: "berserker"})
	g.Do(Recruit{Player: "Ann", Name: "Renny", Rank: "guard", Class: "fighter"})
	g.Do(Recruit{Player: "Ann", Name: "Mina", Rank: "guard", Class: "shooter"})
	if f := g.st.Force("Ann"); f.Points() != 7 {
		t.Fatalf("points %d, want 7 (the Champion is free)", f.Points())
	}
	msg := g.Refuse("Points", Recruit{Player: "Ann", Name: "Lucy", Rank: "soldier", Class: "fighter"}).Error()
	if !strings.Contains(msg, "used 7") || !strings.Contains(msg, "limit is 7") {
		t.Fatalf("refusal %q should name the points used and the limit", msg)
	}
	g.Refuse("Name", Recruit{Player: "Ann", Name: "igor", Rank: "soldier", Class: "fighter"})
	g.Refuse("Name", Recruit{Player: "Ann", Name: "Human 3", Rank: "soldier", Class: "fighter"})
	g.Refuse("Name", Recruit{Player: "Ann", Name: "Ann:Bob", Rank: "soldier", Class: "fighter"})
	g.Refuse("Force", Recruit{Player: "Zed", Name: "X", Rank: "soldier", Class: "fighter"})
	g.Refuse("Class", Recruit{Player: "Ann", Name: "X", Rank: "soldier", Class: "priest"})
	// A force without a Champion cannot fight.
	g.Do(CreateForce{Player: "Ben", Clan: "imhotep"})
	g.Do(Recruit{Player: "Ben", Name: "Bones", Rank: "soldier", Class: "fighter"})
	g.Refuse("Champion", engines.StartScenario{Name: "X", Brief: HeadCount}, 6, 1)
}

// seed 001 line 65: "roll off to determine who deploys ... first ... the
// player that finished deploying first taking the first turn".
func TestDeployment(t *testing.T) {
	g := newGame(t)
	g.forces()
	g.Do(Recruit{Player: "Ben", Name: "Extra", Rank: "soldier", Class: "fighter"})
	// Ties are rolled again; Ben wins 5 to 2 and deploys first, but with 4
	// figures against Ann's 3 he places his last after hers: Ann goes first.
	label := g.Label(engines.StartScenario{Name: "Field", Brief: HeadCount}, 3, 3, 2, 5)
	b := g.battle()
	if !slices.Equal(b.Deploy, []string{"Ben", "Ann"}) || b.ActivePlayer() != "Ann" {
		t.Fatalf("deploy %v, first turn %s; want Ben deploying first and Ann's turn", b.Deploy, b.ActivePlayer())
	}
	if !strings.Contains(label, "Ann 3, Ben 3; then Ann 2, Ben 5") {
		t.Fatalf("label %q", label)
	}
	g.Do(engines.EndScenario{Winner: "draw"})
	// With equal counts the first deployer finishes first.
	g.Do(Recruit{Player: "Ann", Name: "Extra", Rank: "soldier", Class: "fighter"})
	g.Do(engines.StartScenario{Name: "Field 2", Brief: HeadCount}, 2, 5)
	if b := g.battle(); b.ActivePlayer() != "Ben" {
		t.Fatalf("first turn %s, want Ben", b.ActivePlayer())
	}
}

// Issue 4: acting out of turn is refused, nothing written.
func TestOutOfTurn(t *testing.T) {
	g := newGame(t)
	g.forces()
	g.start(HeadCount)
	g.Refuse("Turn", RollDice{Player: "Ben"}, 1, 1, 1, 1, 1, 1)
	g.roll(2, 2, 2, 6, 6, 6)
	g.Refuse("Turn", Attack{Figure: "Jack", Target: "Vlad", Dice: []int{2}}, 6, 1)
	g.Refuse("Turn", Cast{Caster: "Davy", Spell: "bolt", Target: "Vlad"}, 6, 1)
	g.Refuse("Turn", EndTurn{Player: "Ben"})
	g.Refuse("Turn", RollDice{}, 1, 1, 1, 1, 1, 1) // already rolled
	g.Do(EndTurn{Player: "Ann"})
	g.Refuse("Turn", Defend{Figure: "Vlad", Die: 5})
}

// seed 001 line 66: Soul Collectors ends once all Souls are collected; most
// Souls wins. RULINGS: collected by an attack's hit roll, drift recorded.
func TestSoulCollectors(t *testing.T) {
	g := newGame(t)
	g.forces()
	g.start(SoulCollectors)
	g.roll(2, 3, 4, 5, 1, 1)
	g.Do(Collect{Figure: "Vlad", Dice: []int{2, 3}}, 5) // 5+1 against 6+
	g.Do(Collect{Figure: "Renny", Dice: []int{4}}, 2)   // 2 against 3+: slips away
	if b := g.battle(); b.Souls["Ann"] != 1 || b.soulsLeft() != 6 {
		t.Fatalf("souls %v, left %d; want Ann 1, 6 left", b.Souls, b.soulsLeft())
	}
	if _, err := g.Try(EndTurn{}, 1, 2, 3); !errors.Is(err, dice.ErrTooFew) {
		t.Fatalf("end-turn with 3 drift dice for 6 Souls: %v", err)
	}
	label := g.Label(EndTurn{}, 1, 2, 3, 4, 5, 6)
	if !strings.Contains(label, "Souls drift 1, 2, 3, 4, 5, 6 inches") {
		t.Fatalf("label %q", label)
	}
	g.roll(3, 3, 3, 3, 4, 4)
	g.battle().Souls = map[string]int{"Ann": 3, "Ben": 2}
	g.Do(Collect{Figure: "Davy", Dice: []int{3}}, 3)
	g.Do(Collect{Figure: "Jack", Dice: []int{4}}, 1)
	if g.battle().Over || g.battle().soulsLeft() != 1 {
		t.Fatal("over with a Soul left")
	}
	g.Do(EndTurn{}, 4)
	// Nobody catches the last Soul: after 6 turns each, 3 and 3 draw.
	label = endRounds(g, 1)
	b := g.battle()
	if !b.Over || b.Winner != "" || !strings.Contains(label, "a draw") || b.Round != 6 {
		t.Fatalf("over %v winner %q label %q; want a draw at 3 Souls each after turn 6", b.Over, b.Winner, label)
	}
}

// seed 001 line 54: "While an enemy is in base to base contact they must be
// the targets of all of a figure's attacks"; RULINGS (Deadwars, 2026-12-01):
// "Collecting a Soul is an attack: a figure in base contact with an enemy
// may not collect one."
func TestNoSoulFromBaseContact(t *testing.T) {
	g := newGame(t)
	g.forces()
	g.start(SoulCollectors)
	g.roll(2, 3, 4, 5, 1, 1)
	g.Do(Contact{A: "Renny", B: "Davy"})
	g.Refuse("Contact", Collect{Figure: "Renny", Dice: []int{4}}, 6)
	g.Do(Collect{Figure: "Vlad", Dice: []int{2}}, 6)
}

func TestSoulCollectorsWinner(t *testing.T) {
	g := newGame(t)
	g.forces()
	g.start(SoulCollectors)
	g.roll(2, 3, 4, 5, 1, 1)
	g.battle().Souls = map[string]int{"Ann": 3, "Ben": 3}
	label := g.Label(Collect{Figure: "Vlad", Dice: []int{2}}, 6)
	b := g.battle()
	if !b.Over || b.Winner != "Ann" || !strings.Contains(label, "All 7 Souls are collected: Ann 4 Souls, Ben 3 Souls") {
		t.Fatalf("over %v winner %q label %q", b.Over, b.Winner, label)
	}
	if f := g.st.Force("Ann"); f.Won != 1 || f.Figures[0].Souls != 1 {
		t.Fatalf("Ann won %d, Vlad souls %d; want 1 and 1", f.Won, f.Figures[0].Souls)
	}
}

// seed 001 line 67 and RULINGS: 7 Human Guards, classes by d6 (5-6 again),
// acting after both players' turns; ends when all are dead, most killed wins.
func TestHuntTheHunters(t *testing.T) {
	g := newGame(t)
	g.forces()
	g.start(HuntTheHunters, 5, 1, 2, 6, 3, 4, 1, 2, 3)
	var classes []string
	for _, h := range g.battle().Living(HumansSide) {
		classes = append(classes, h.Class)
		if h.Rank != Guard {
			t.Fatalf("%s is a %s, want a Guard", h.Name, h.Rank)
		}
	}
	want := []string{Fighter, Berserker, Skirmisher, Shooter, Fighter, Berserker, Skirmisher}
	if !slices.Equal(classes, want) {
		t.Fatalf("classes %v, want %v", classes, want)
	}
	g.roll(6, 6, 2, 3, 5, 5)
	g.Do(Attack{Figure: "Vlad", Target: "Human 4", Dice: []int{2, 3}}, 5, 2) // 5+1 hits, 2 fails 5+
	g.Do(Cast{Caster: "Vlad", Spell: "curse", Target: "Human 4"})
	if b := g.battle(); b.HumansKilled["Ann"] != 1 || b.KP["Ann"] != 0 {
		t.Fatalf("humans killed %v KP %v; want Ann 1 and no KP", b.HumansKilled, b.KP)
	}
	g.Do(EndTurn{})
	g.Refuse("Humans", Humans{})
	g.roll(5, 5, 5, 5, 5, 5)
	g.Do(EndTurn{})
	g.Refuse("Humans", RollDice{}, 1, 1, 1, 1, 1, 1)
	g.Refuse("Humans", Humans{Targets: []HumanTarget{{"1", "Vlad"}}})
	all := []HumanTarget{{"1", "Renny"}, {"2", "-"}, {"3", "-"}, {"5", "-"}, {"6", "-"}, {"Human 7", "Jack"}}
	// Human 1 (Fighter, 3+) hits Renny, who fails a 3+ save; Human 7 misses.
	label := g.Label(Humans{Targets: all}, 3, 2, 1)
	if !g.fig("Renny").Dead || g.battle().Round != 2 || g.battle().ActivePlayer() != "Ann" {
		t.Fatalf("Renny dead %v, round %d (%s); label %q", g.fig("Renny").Dead, g.battle().Round, g.battle().ActivePlayer(), label)
	}
	// Ann kills the last Humans: 5 of 7 to Ben's 2.
	for _, h := range g.battle().Living(HumansSide)[:5] {
		h.Dead = true
	}
	g.battle().HumansKilled["Ann"] = 3
	g.battle().HumansKilled["Ben"] = 3
	g.battle().Magic["Ann"] = 4
	g.roll(1, 1, 1, 1, 1)
	g.Do(Cast{Caster: "Vlad", Spell: "curse", Target: "Human 7"})
	label = g.Label(Cast{Caster: "Vlad", Spell: "curse", Target: "Human 7"})
	b := g.battle()
	if !b.Over || b.Winner != "Ann" || !strings.Contains(label, "All 7 Humans are dead: Ann 4 Humans killed, Ben 3 Humans killed") {
		t.Fatalf("over %v winner %q label %q", b.Over, b.Winner, label)
	}
}

// RULINGS, Deadwars, Attacks: "A figure killed by the Humans in Hunt the
// Hunters scores no kill points for anyone; say so."
func TestHumansKillScoresNone(t *testing.T) {
	g := newGame(t)
	g.forces()
	g.start(HuntTheHunters, 1, 1, 1, 1, 1, 1, 1) // seven Fighters
	for range 2 {
		g.roll(1, 1, 1, 1, 1, 1)
		g.Do(EndTurn{})
	}
	targets := []HumanTarget{{"1", "Renny"}, {"2", "Vlad"}, {"3", "-"}, {"4", "-"}, {"5", "-"}, {"6", "-"}, {"7", "-"}}
	// Human 1 hits Renny (3 against 3+), who fails his save (2 against 3+);
	// Human 2 wounds Vlad.
	label := g.Label(Humans{Targets: targets}, 3, 2, 4, 5)
	if !g.fig("Renny").Dead {
		t.Fatal("Renny lives")
	}
	if !strings.Contains(label, "Renny is killed (1 kill point, which no one scores)") {
		t.Errorf("label %q does not say that no one scores Renny's kill point", label)
	}
	if b := g.battle(); b.KP["Ann"] != 0 || b.KP["Ben"] != 0 {
		t.Errorf("kill points %v, want none", b.KP)
	}
}

// endRounds plays roll and end-turn for both players until the battle is
// at the end of its 6th turn; Ann has 6 dice, Ben 6.
func endRounds(g *game, drift int) string {
	g.t.Helper()
	var label string
	for g.st.Current() != nil && g.battle().Phase != PhaseShrine {
		n := 0
		for _, f := range g.battle().Living(g.battle().ActivePlayer()) {
			n += RankValue(f.Rank)
		}
		g.roll(slices.Repeat([]int{1}, n)...)
		label = g.Label(EndTurn{}, slices.Repeat([]int{1}, drift)...)
	}
	return label
}

// seed 001 line 68: "after both players have had 6 turns each the player
// with the most figures within 3” of the shrine wins".
func TestDeathShrine(t *testing.T) {
	for _, c := range []struct {
		ann, ben int
		winner   string
	}{{3, 2, "Ann"}, {1, 3, "Ben"}, {2, 2, ""}} {
		t.Run(fmt.Sprintf("%d-%d", c.ann, c.ben), func(t *testing.T) {
			g := newGame(t)
			g.forces()
			g.start(DeathShrine)
			g.Refuse("Death Shrine", Shrine{Counts: []ShrineCount{{"Ann", 1}, {"Ben", 1}}})
			g.Refuse("Death Shrine", engines.EndScenario{})
			endRounds(g, 0)
			if b := g.battle(); b.Round != 6 || b.Phase != PhaseShrine || b.Over {
				t.Fatalf("round %d phase %s over %v; want the shrine count after turn 6", b.Round, b.Phase, b.Over)
			}
			g.Refuse("Death Shrine", RollDice{}, 1, 1, 1, 1, 1, 1)
			g.Refuse("Death Shrine", Shrine{Counts: []ShrineCount{{"Ann", 4}, {"Ben", 1}}})
			g.Refuse("Death Shrine", Shrine{Counts: []ShrineCount{{"Ann", 1}}})
			label := g.Label(Shrine{Counts: []ShrineCount{{"Ann", c.ann}, {"ben", c.ben}}})
			b := g.battle()
			if !b.Over || b.Winner != c.winner {
				t.Fatalf("over %v winner %q, want %q (%s)", b.Over, b.Winner, c.winner, label)
			}
			if c.winner == "" && !strings.Contains(label, "a draw") {
				t.Fatalf("label %q", label)
			}
		})
	}
}

// seed 001 line 69: "After both players have had 6 turns each the player
// that has scored the most kill points wins"; RULINGS: ties draw.
func TestHeadCount(t *testing.T) {
	for _, c := range []struct {
		annKP, benKP int
		winner       string
	}{{3, 2, "Ann"}, {0, 4, "Ben"}, {2, 2, ""}} {
		t.Run(fmt.Sprintf("%d-%d", c.annKP, c.benKP), func(t *testing.T) {
			g := newGame(t)
			g.forces()
			g.start(HeadCount)
			g.battle().KP = map[string]int{"Ann": c.annKP, "Ben": c.benKP}
			label := endRounds(g, 0)
			b := g.battle()
			if !b.Over || b.Winner != c.winner || b.Round != 6 {
				t.Fatalf("over %v winner %q round %d, want %q after turn 6 (%s)", b.Over, b.Winner, b.Round, c.winner, label)
			}
			if !strings.Contains(label, "Both players have had 6 turns") {
				t.Fatalf("label %q", label)
			}
			if f := g.st.Force("Ann"); f.Played != 1 || f.KP != c.annKP {
				t.Fatalf("Ann played %d KP %d", f.Played, f.KP)
			}
		})
	}
}

// Ruling: a force with no figure left ends the battle at once.
func TestWipedOut(t *testing.T) {
	g := newGame(t)
	g.forces()
	g.start(HeadCount)
	g.roll(6, 6, 6, 6, 6, 6)
	g.battle().Magic["Ann"] = 20
	for _, n := range []string{"Bones", "Jack", "Jack", "Davy", "Davy"} {
		g.Do(Cast{Caster: "Vlad", Spell: "curse", Target: n})
	}
	label := g.Label(Cast{Caster: "Vlad", Spell: "curse", Target: "Davy"})
	if b := g.battle(); !b.Over || b.Winner != "Ann" || !strings.Contains(label, "Ben has no figure left: Ann 7 kill points, Ben 0 kill points") {
		t.Fatalf("over %v winner %q label %q", b.Over, b.Winner, label)
	}
	g.Refuse("Scenario", RollDice{}, 1)
}

// Issue 4: forces persist across scenarios with results, kill points and
// each figure's record; every figure is back for the next battle.
func TestCampaignRecords(t *testing.T) {
	g := newGame(t)
	g.forces()
	g.start(HeadCount)
	g.roll(6, 6, 6, 6, 6, 6)
	g.Do(Cast{Caster: "Vlad", Spell: "curse", Target: "Bones"})
	g.Do(Cast{Caster: "Vlad", Spell: "curse", Target: "Jack"})
	g.Refuse("Force", Recruit{Player: "Ann", Name: "Late", Rank: "soldier", Class: "fighter"})
	g.Do(engines.EndScenario{})
	ann, ben := g.st.Force("Ann"), g.st.Force("Ben")
	if ann.Won != 1 || ann.KP != 1 || ben.Lost != 1 || ann.Figures[0].Kills != 1 || ben.Figures[2].Deaths != 1 {
		t.Fatalf("records: Ann %+v, Ben %+v", ann, ben)
	}
	g.Refuse("Scenario", engines.EndScenario{})
	g.Do(engines.StartScenario{Name: "Second", Brief: DeathShrine}, 1, 6)
	if f := g.fig("Bones"); f.Dead || f.Wounds != 0 {
		t.Fatal("Bones did not come back for the second battle")
	}
	g.Do(engines.EndScenario{Winner: "Ben"})
	if g.st.Force("Ann").Played != 2 || g.st.Force("Ben").Won != 1 || g.st.Force("Ann").Figures[0].Scenarios != 2 {
		t.Fatalf("after two battles: %+v", g.st.Force("Ann"))
	}
	r := g.st.Roster()
	if len(r.Figures) != 6 || r.Figures[0].String("kills") != "1" || r.Figures[0].String("scenarios") != "2" {
		t.Fatalf("roster %v", r.Figures)
	}
	sc := g.st.Scenarios()
	if len(sc) != 2 || !sc[0].Ended || sc[0].Result != "Ann wins" || sc[1].Result != "Ben wins" {
		t.Fatalf("scenarios %+v", sc)
	}
}

// The status shows the unspent dice by face and action and the magic pools.
func TestStatus(t *testing.T) {
	g := newGame(t)
	g.forces()
	g.start(HeadCount)
	if name, turn := g.st.Now(); name != "Battle" || turn != 1 {
		t.Fatalf("Now() = %q, %d", name, turn)
	}
	g.roll(1, 2, 2, 5, 6, 6)
	st := g.st.Status()
	notes := strings.Join(st.Notes, "\n")
	for _, want := range []string{"Unspent dice: 1 Dash x1, 2 Attack x2, 5 Defend x1", "Magic pool: Ann 2, Ben 0"} {
		if !strings.Contains(notes, want) {
			t.Fatalf("notes %q lack %q", notes, want)
		}
	}
	g.Do(EndTurn{})
	g.roll(1, 1, 1, 1, 1, 1)
	g.Do(EndTurn{})
	if name, turn := g.st.Now(); name != "Battle" || turn != 1 || g.st.Status().Turn != 2 {
		t.Fatalf("after the end of turn 1: Now() = %q, %d and status turn %d; want the end filed under turn 1, status at turn 2", name, turn, g.st.Status().Turn)
	}
	if st.Figures[0].String("name") != "Vlad" || st.Figures[0].String("status") != "active" || st.Sides[0].String("dice") != "1, 2, 2, 5" {
		t.Fatalf("rows %v %v", st.Figures[0], st.Sides[0])
	}
}

// With more than two forces the players name the two that fight (--field).
func TestFieldChoosesForces(t *testing.T) {
	g := newGame(t)
	g.forces()
	g.Do(CreateForce{Player: "Cat", Clan: "imhotep"})
	g.Do(Recruit{Player: "Cat", Name: "Imhotep", Class: "wizard", Champion: true})
	g.Refuse("Scenario", engines.StartScenario{Name: "Three", Brief: HeadCount}, 6, 1)
	g.Refuse("Scenario", engines.StartScenario{Name: "Two", Brief: HeadCount, Field: []string{"Ann", "ann"}}, 6, 1)
	g.Refuse("Scenario", engines.StartScenario{Name: "Two", Brief: HeadCount, Turns: 8, Field: []string{"Ann", "Cat"}}, 6, 1)
	g.Do(engines.StartScenario{Name: "Two", Brief: HeadCount, Field: []string{"cat", "Ben"}}, 6, 1)
	if b := g.battle(); !slices.Equal(b.Deploy, []string{"Cat", "Ben"}) || b.ActivePlayer() != "Cat" {
		t.Fatalf("deploy %v, first %s; want Cat then Ben, Cat first", b.Deploy, b.ActivePlayer())
	}
	// Ben is fighting, Ann is not: only Ann may recruit.
	g.Refuse("Force", Recruit{Player: "Ben", Name: "Late", Rank: "soldier", Class: "fighter"})
	g.Do(Recruit{Player: "Ann", Name: "Late", Rank: "soldier", Class: "fighter"})
}

// seed 001 line 54: "While an enemy is in base to base contact they must be
// the targets of all of a figure’s attacks" holds with Humans about too.
func TestContactBeforeHumans(t *testing.T) {
	g := newGame(t)
	g.forces()
	g.start(HuntTheHunters, 1, 2, 3, 4, 1, 2, 3)
	g.roll(2, 2, 3, 3, 5, 5)
	g.Do(Contact{A: "Igor", B: "Davy"})
	g.Refuse("Contact", Attack{Figure: "Igor", Target: "Human 1", Dice: []int{2}}, 6, 1)
	g.Do(Attack{Figure: "Igor", Target: "Davy", Dice: []int{2}}, 1)
	// Out of contact, a Fighter reaches a Human without a recorded contact.
	g.Do(Attack{Figure: "Renny", Target: "Human 1", Dice: []int{3}}, 1)
	g.Refuse("Contact", Contact{A: "Renny", B: "Human 2"})
}
