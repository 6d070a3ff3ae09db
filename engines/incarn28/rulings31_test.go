package incarn28

import (
	"strings"
	"testing"
)

// line 287 Gargoyle: "While stone this incarn cannot attack or be
// attacked." RULINGS 2026-12-01: no attack hits it, SP-As included
// (special attacks, Grenadier blasts, twists, fire).
func TestStoneGargoyleNoSPA(t *testing.T) {
	s := duel(t, "sacrosanct", []Incarn{in("Gx", "Regular", "Medium", fl("Gargoyle", "Alchemist")), in("Ax", "Regular", "Medium", fl("Brigand"))},
		"sacrosanct", []Incarn{in("Gr", "Regular", "Medium", fl("Grenadier", "Alchemist"))}, plainObj, plainObj)
	i28(t, s).Do(Activate{Incarn: "Gx"}, 8)
	i28(t, s).Do(Stone{})
	i28(t, s).Refuse("Gargoyle", Special{Incarn: "Gx", Target: "Gr"}, 8, 1)
	i28(t, s).Do(EndActivation{})
	i28(t, s).Do(Activate{Incarn: "Gr"}, 8)
	i28(t, s).Refuse("Gargoyle", Special{Incarn: "Gr", Target: "Gx"}, 8, 1)
	// AD 6 on Ax (DF-R 4: stunned); the stone Gx caught within 5 rolls nothing.
	l := i28(t, s).Label(Attack{Target: "Ax", Strength: 3, Also: []string{"Gx"}}, 6, 6, 6, 4)
	if st := fig(t, s, "Ann/Gx").Status; st != StatusActive {
		t.Errorf("stone Gx is %s after the blast, want untouched: %s", st, l)
	}
	contains(t, l, "Gx is stone and is not hit")
}

// line 37: the slain are removed from play; RULINGS 2026-12-01: the slain
// cannot be the subject of a Fleshtype swap (Zenithal, Mimic), so no swap
// makes a slain incarn Unborn.
func TestNoSwapOntoSlain(t *testing.T) {
	s := duel(t, "sacrosanct", []Incarn{in("Zx", "Regular", "Medium", fl("Zenithal"), "Bloodshot"), in("Bx", "Regular", "Medium", fl("Brigand"))},
		"sacrosanct", []Incarn{in("Tg", "Regular", "Medium", fl("Brigand"))}, plainObj, plainObj)
	i28(t, s).Do(Activate{Incarn: "Zx"}, 8)
	// A-R 6 (AD 2), Bx's defence die a natural 1: slain.
	i28(t, s).Do(Attack{Target: "Bx", Strength: 1}, 6, 1)
	if st := fig(t, s, "Ann/Bx").Status; st != StatusSlain {
		t.Fatalf("Bx is %s, want slain", st)
	}
	i28(t, s).Refuse("Fleshtypes", Reflesh{Incarn: "Bx", Old: "Brigand", New: "Unborn", By: "Zx"})
	i28(t, s).Refuse("Fleshtypes", Reflesh{Incarn: "Bx", Old: "Brigand", New: "Unborn"})
}

// line 547 Strigoi: "When this incarn slays an enemy they can immediately
// activate again"; RULINGS 2026-12-01: only when it slays an enemy itself,
// and a kill is credited to the incarn that made it, in every count.
func TestStrigoiOwnKillOnly(t *testing.T) {
	s := duel(t, "sacrosanct", []Incarn{in("Sx", "Regular", "Medium", fl("Strigoi")), in("Cx", "Regular", "Medium", fl("Carrion"))},
		"sacrosanct", []Incarn{in("Tg", "Regular", "Medium", fl("Brigand")), in("Ug", "Regular", "Medium", fl("Brigand"))}, plainObj, plainObj)
	i28(t, s).Do(Activate{Incarn: "Sx"}, 8)
	i28(t, s).Do(Slay{Incarn: "Tg"}) // slain at the table: Cx's Carrion reaction opens
	// line 185 Carrion: SP-A D8 8 at Ug, its defence die a natural 1.
	i28(t, s).Do(Special{Incarn: "Cx", Target: "Ug", As: "Carrion"}, 8, 1)
	if st := fig(t, s, "Ben/Ug").Status; st != StatusSlain {
		t.Fatalf("Ug is %s, want slain", st)
	}
	if sx, cx := fig(t, s, "Ann/Sx"), fig(t, s, "Ann/Cx"); sx.Removals != 0 || cx.Removals != 1 || cx.HarmDealt != 1 || sx.HarmDealt != 0 {
		t.Errorf("removals Sx %d Cx %d, harm dealt Sx %d Cx %d; want the kill Cx's", sx.Removals, cx.Removals, sx.HarmDealt, cx.HarmDealt)
	}
	l := i28(t, s).Label(EndActivation{})
	if strings.Contains(l, "Strigoi") {
		t.Errorf("Sx goes again for Cx's kill: %s", l)
	}
}

// line 347 Hive: "When slain, place 3 new ally roach worms within 5";
// line 491 Reclaimer: "on a 1 this incarn is also slain". RULINGS
// 2026-12-01: the Worms come whenever the Hive is slain, its own Reclaimer
// roll included.
func TestHiveSlainByOwnReclaimer(t *testing.T) {
	s := duel(t, "sacrosanct", []Incarn{in("Ax", "Regular", "Medium", fl("Brigand"))},
		"sacrosanct", []Incarn{in("Tg", "Regular", "Medium", fl("Brigand")), in("Rc", "Regular", "Medium", fl("Reclaimer", "Hive"))}, plainObj, plainObj)
	i28(t, s).Do(Activate{Incarn: "Ax"}, 8)
	// A-R 6 (AD 2), Tg's defence die a natural 1, the Reclaimer's D6 a 1.
	l := i28(t, s).Label(Attack{Target: "Tg", Strength: 1, DefFacts: DefFacts{Reclaimer: "Rc"}}, 6, 1, 1)
	if st := fig(t, s, "Ben/Rc").Status; st != StatusSlain {
		t.Fatalf("Rc is %s, want slain: %s", st, l)
	}
	worms := 0
	for _, f := range s.Battle.Figures {
		if f.Side == "Ben" && f.Has("Worm") && f.InPlay() {
			worms++
			if f.Toughness != "Weak" { // RULINGS 2026-12-01: Hive Worms are Weak
				t.Errorf("%s is %s, want Weak", f.Name, f.Toughness)
			}
		}
	}
	if worms != 3 {
		t.Errorf("%d Worms for Ben, want 3: %s", worms, l)
	}
}

// line 519 Smasher: the AD is "the no. of ACs spent this activation to move
// this incarn into base to base"; RULINGS 2026-12-01: at most the ACs spent
// moving it in this activation.
func TestSmasherADAtMostMoved(t *testing.T) {
	s := fight(t, in("Ax", "Regular", "Medium", fl("Smasher")), in("Tg", "Regular", "Medium", fl("Brigand")))
	i28(t, s).Refuse("Smasher", Special{Target: "Tg", As: "Smasher", ACs: 12}, 5)
	i28(t, s).Do(Move{ACs: 2})
	i28(t, s).Refuse("Smasher", Special{Target: "Tg", As: "Smasher", ACs: 3}, 5)
	l := i28(t, s).Label(Special{Target: "Tg", As: "Smasher", ACs: 2}, 5)
	contains(t, l, "SP-A with AD 2 (Smasher)")
}

// RULINGS 2026-12-01: a table fact the log contradicts is refused. Line
// 213 Defecator: "Once per activation place a pile", so there are no more
// piles than enemy Defecator activations; line 351 Hollow: only incarns in
// play can be within 5 of it.
func TestContradictedTableFacts(t *testing.T) {
	s := duel(t, "sacrosanct", []Incarn{in("Ax", "Regular", "Medium", fl("Brigand")), in("A2", "Regular", "Medium", fl("Brigand"))},
		"sacrosanct", []Incarn{in("Dg", "Regular", "Medium", fl("Defecator"))}, plainObj, plainObj)
	i28(t, s).Refuse("Table facts", Activate{Incarn: "Ax", ActFacts: ActFacts{Piles: 1}}, 5)
	i28(t, s).Do(Activate{Incarn: "Ax"}, 5)
	i28(t, s).Do(EndActivation{})
	i28(t, s).Do(Activate{Incarn: "Dg"}, 5)
	i28(t, s).Do(EndActivation{})
	i28(t, s).Refuse("Table facts", Activate{Incarn: "A2", ActFacts: ActFacts{Piles: 2}}, 5)
	l := i28(t, s).Label(Activate{Incarn: "A2", ActFacts: ActFacts{Piles: 1}}, 5)
	contains(t, l, "-1 Defecator piles (1)")

	s = duel(t, "sacrosanct", []Incarn{in("Ax", "Regular", "Medium", fl("Brigand")), in("A2", "Regular", "Medium", fl("Brigand")), in("A3", "Regular", "Medium", fl("Brigand"))},
		"sacrosanct", []Incarn{in("Hw", "Regular", "Medium", fl("Hollow"))}, plainObj, plainObj)
	i28(t, s).Fails("--hollow 9, but there are only 3 incarns of its gang", Activate{Incarn: "Ax", ActFacts: ActFacts{Hollow: 9}}, 5)
	i28(t, s).Do(Activate{Incarn: "Ax", ActFacts: ActFacts{Hollow: 3}}, 5)
}

// line 37 Morale: a rout removes the incarn, "they count as slain"; line 563
// Unborn. RULINGS 2026-12-01: no "when slain" Fleshtype fires for a routed
// incarn, Unborn included.
func TestRoutedUnbornStaysGone(t *testing.T) {
	s := duel(t, "sacrosanct", []Incarn{in("A2", "Regular", "Medium", fl("Brigand")), in("Ux", "Regular", "Medium", fl("Unborn"))},
		"sacrosanct", []Incarn{in("Tg", "Regular", "Medium", fl("Brigand"))}, plainObj, plainObj)
	i28(t, s).Do(Slay{Incarn: "A2"})
	i28(t, s).Do(Activate{Incarn: "Ux"}, 1) // 1 of 2 slain, an ACT-R of 1: a rout
	if st := fig(t, s, "Ann/Ux").Status; st != StatusRouted {
		t.Fatalf("Ux is %s, want routed", st)
	}
	i28(t, s).Do(Activate{Incarn: "Tg"}, 5)
	i28(t, s).Do(EndActivation{})
	l := i28(t, s).Label(NextRound{}, 6, 1) // the roll-off only: no Unborn D6
	if st := fig(t, s, "Ann/Ux").Status; st != StatusRouted {
		t.Errorf("routed Ux is %s after the round's start, want routed: %s", st, l)
	}
}

// line 257 Executioner; line 405 Mindguard. RULINGS 2026-12-01: an
// Executioner's stun is a slay from the start; a Mindguard cannot take it.
func TestExecutionerPastMindguard(t *testing.T) {
	s := duel(t, "sacrosanct", []Incarn{in("Ex", "Regular", "Medium", fl("Executioner"))},
		"sacrosanct", []Incarn{in("Tg", "Regular", "Medium", fl("Brigand")), in("Mg", "Regular", "Medium", fl("Mindguard"))}, plainObj, plainObj)
	i28(t, s).Do(Activate{Incarn: "Ex"}, 8)
	// A-R 3, 2, 6: AD 3 against DF-R 2, a stun: no Mindguard D6.
	l := i28(t, s).Label(Attack{Target: "Tg", Strength: 3, DefFacts: DefFacts{Mindguard: "Mg"}}, 3, 2, 6, 2)
	if tg, mg := fig(t, s, "Ben/Tg").Status, fig(t, s, "Ben/Mg").Status; tg != StatusSlain || mg != StatusActive {
		t.Errorf("Tg %s, Mg %s; want Tg slain, Mg untouched: %s", tg, mg, l)
	}
}

// line 263 Exhumer: a slain enemy "joins your gang". RULINGS 2026-12-01:
// an exhumed incarn activates for its new gang from the next round.
func TestExhumedWaitsForNextRound(t *testing.T) {
	s := duel(t, "sacrosanct", []Incarn{in("Ax", "Regular", "Medium", fl("Exhumer"))},
		"sacrosanct", []Incarn{in("Tg", "Regular", "Medium", fl("Brigand")), in("Ug", "Regular", "Medium", fl("Brigand"))}, plainObj, plainObj)
	i28(t, s).Do(Activate{Incarn: "Ax"}, 8)
	// AD 6 against DF-R 2: slain; the Exhumer's D6 5 raises Tg into Ann's gang.
	i28(t, s).Do(Attack{Target: "Tg", Strength: 3, DefFacts: DefFacts{Exhumer: "Ax"}}, 6, 6, 6, 2, 5)
	if f := fig(t, s, "Ann/Tg"); f.Status != StatusActive {
		t.Fatalf("exhumed Tg is %s", f.Status)
	}
	i28(t, s).Do(EndActivation{})
	i28(t, s).Do(Activate{Incarn: "Ug"}, 5)
	i28(t, s).Do(EndActivation{})
	i28(t, s).Refuse("Activation", Activate{Incarn: "Tg"}, 5)
	i28(t, s).Do(NextRound{}, 6, 1)
	i28(t, s).Do(Activate{Incarn: "Tg"}, 5)
}

// RULINGS 2026-12-01, added incarns: the Assassinate target (line 629) is
// Heavy, the Escort (line 635) Hardened; Homunculus (line 357), Hive Worms
// (line 347) and Inseminator spawn are Weak. The Deathbeast (line 631) is an
// enemy of every gang and counts as a slain enemy for Sadist (line 499).
func TestAddedIncarnsHeld(t *testing.T) {
	s := duel(t, "court", []Incarn{in("Ax", "Regular", "Medium", fl("Sadist", "Homonculist"))},
		"schism", []Incarn{in("Tg", "Regular", "Medium", fl("Brigand"))}, [2]int{3, 4}, [2]int{5, 1})
	if f := fig(t, s, "Ben/Assassination Target"); f.Toughness != "Heavy" {
		t.Errorf("Assassinate target %s, want Heavy", f.Toughness)
	}
	if f := fig(t, s, "Ben/Escort"); f.Toughness != "Hardened" {
		t.Errorf("Escort %s, want Hardened", f.Toughness)
	}
	if !enemies(fig(t, s, "Deathbeast/Deathbeast"), fig(t, s, "Ann/Ax")) || !enemies(fig(t, s, "Deathbeast/Deathbeast"), fig(t, s, "Ben/Tg")) {
		t.Error("the Deathbeast is not every gang's enemy")
	}
	i28(t, s).Do(Slay{Incarn: "Deathbeast", By: "Ax"})
	l := i28(t, s).Label(Activate{Incarn: "Ax"}, 3)
	contains(t, l, "Sadist (1 slain enemies)")
	i28(t, s).Do(Summon{Incarn: "Ax"})
	if f := fig(t, s, "Ann/Homunculus"); f.Toughness != "Weak" {
		t.Errorf("Homunculus %s, want Weak", f.Toughness)
	}
}

// line 397 Melter: "The closest taking full AD and each successive incarn
// taking half"; RULINGS 2026-12-01: each further one takes half of the
// full AD, rounded down.
func TestMelterHalfOfFullAD(t *testing.T) {
	s := duel(t, "sacrosanct", []Incarn{in("Mx", "Regular", "Medium", fl("Melter"))},
		"sacrosanct", []Incarn{in("Tg", "Regular", "Medium", fl("Brigand")), in("Ug", "Regular", "Medium", fl("Brigand")), in("Vg", "Regular", "Medium", fl("Brigand"))}, plainObj, plainObj)
	i28(t, s).Do(Activate{Incarn: "Mx"}, 8)
	// A-R 6, 6, 3: AD 5; every DF-R 8.
	l := i28(t, s).Label(Attack{Target: "Tg", Strength: 3, Also: []string{"Ug", "Vg"}}, 6, 6, 3, 8, 8, 8)
	contains(t, l, "Ug is caught too with half the AD, 2")
	contains(t, l, "Vg is caught too with half the AD, 2")
}

// line 603 Bloodshot: "counts all incarns as enemies"; line 499 Sadist;
// line 37 a rout "count[s] as slain". RULINGS 2026-12-01: Bloodshot
// changes only what it may attack, so a Bloodshot Sadist counts slain
// enemies as before, not slain allies; a routed enemy counts as slain.
func TestBloodshotSadistAndRout(t *testing.T) {
	s := duel(t, "sacrosanct", []Incarn{in("Ax", "Regular", "Medium", fl("Sadist"), "Bloodshot"), in("Bx", "Regular", "Medium", fl("Brigand"))},
		"sacrosanct", []Incarn{in("Tg", "Regular", "Medium", fl("Brigand")), in("Ug", "Regular", "Medium", fl("Brigand")),
			in("Vg", "Regular", "Medium", fl("Brigand")), in("Wg", "Regular", "Medium", fl("Brigand"))}, plainObj, plainObj)
	i28(t, s).Do(Slay{Incarn: "Bx"})
	i28(t, s).Do(Slay{Incarn: "Ug"})
	i28(t, s).Do(Slay{Incarn: "Vg"})
	l := i28(t, s).Label(Activate{Incarn: "Ax"}, 3)
	contains(t, l, "Sadist (2 slain enemies)")
	i28(t, s).Do(EndActivation{})
	i28(t, s).Do(Activate{Incarn: "Tg"}, 1) // 2 of 4 slain, an ACT-R of 1: a rout
	if st := fig(t, s, "Ben/Tg").Status; st != StatusRouted {
		t.Fatalf("Tg is %s, want routed", st)
	}
	i28(t, s).Do(Activate{Incarn: "Wg"}, 5)
	i28(t, s).Do(EndActivation{})
	i28(t, s).Do(NextRound{}, 6, 1)
	l = i28(t, s).Label(Activate{Incarn: "Ax"}, 3)
	contains(t, l, "Sadist (3 slain enemies)")
}

// line 411 Mimic: "can count as having a fleshtype of any incarn within 10";
// RULINGS 2026-12-01: the Mimic keeps Mimic and, each time it uses one, names a
// Fleshtype an incarn in play has.
func TestMimicKeepsMimic(t *testing.T) {
	s := duel(t, "sacrosanct", []Incarn{in("Mm", "Regular", "Medium", fl("Mimic"))},
		"sacrosanct", []Incarn{in("Tg", "Regular", "Medium", fl("Stout")), in("Ug", "Regular", "Medium", fl("Golem")), in("Vg", "Regular", "Medium", fl("Soldier"))}, plainObj, plainObj)
	i28(t, s).Do(Slay{Incarn: "Ug"})
	i28(t, s).Refuse("Mimic", Reflesh{Incarn: "Mm", Old: "Mimic", New: "Golem"})  // only a slain incarn has it
	i28(t, s).Refuse("Mimic", Reflesh{Incarn: "Mm", Old: "Mimic", New: "Hollow"}) // no one has it
	i28(t, s).Do(Reflesh{Incarn: "Mm", Old: "Mimic", New: "Stout"})
	if f := fig(t, s, "Ann/Mm"); !f.Has("Mimic") || !f.Has("Stout") {
		t.Errorf("Mm has %v, want Mimic and Stout", f.Flesh)
	}
	i28(t, s).Do(Reflesh{Incarn: "Mm", Old: "Mimic", New: "Soldier"})
	if f := fig(t, s, "Ann/Mm"); len(f.Flesh) != 2 || !f.Has("Mimic") || !f.Has("Soldier") {
		t.Errorf("Mm has %v, want Mimic and Soldier", f.Flesh)
	}
}

// line 37 Morale: a routed incarn is removed and "they count as slain";
// line 145 Avenger, line 627 Intimidate, line 637 Decimate. RULINGS
// 2026-12-01: a rout counts as slain for morale, Avenger, Decimate and
// Intimidate (Sadist: TestBloodshotSadistAndRout).
func TestRoutCountsAsSlain(t *testing.T) {
	t.Run("Avenger counts a routed ally", func(t *testing.T) {
		s := duel(t, "sacrosanct", []Incarn{in("Av", "Regular", "Medium", fl("Avenger")), in("A2", "Regular", "Medium", fl("Brigand")),
			in("A3", "Regular", "Medium", fl("Brigand")), in("A4", "Regular", "Medium", fl("Brigand"))},
			"sacrosanct", []Incarn{in("Tg", "Regular", "Medium", fl("Brigand"))}, plainObj, plainObj)
		i28(t, s).Do(Slay{Incarn: "A2"})
		i28(t, s).Do(Slay{Incarn: "A3"})
		i28(t, s).Do(Activate{Incarn: "A4"}, 1) // 2 of 4 slain, an ACT-R of 1: a rout
		if st := fig(t, s, "Ann/A4").Status; st != StatusRouted {
			t.Fatalf("A4 is %s, want routed", st)
		}
		i28(t, s).Do(Activate{Incarn: "Tg"}, 5)
		i28(t, s).Do(EndActivation{})
		i28(t, s).Do(Activate{Incarn: "Av"}, 8)
		// A-R 3: AD 1, +3 Avenger (A2, A3 slain, A4 routed).
		l := i28(t, s).Label(Attack{Target: "Tg", Strength: 1}, 3, 8)
		contains(t, l, "+3 Avenger")
	})
	t.Run("morale counts a routed incarn", func(t *testing.T) {
		s := duel(t, "sacrosanct", []Incarn{in("A1", "Regular", "Medium", fl("Brigand")), in("A2", "Regular", "Medium", fl("Brigand")),
			in("A3", "Regular", "Medium", fl("Brigand")), in("A4", "Regular", "Medium", fl("Brigand"))},
			"sacrosanct", []Incarn{in("Hw", "Regular", "Medium", fl("Hollow")), in("Tg", "Regular", "Medium", fl("Brigand"))}, plainObj, plainObj)
		i28(t, s).Do(Slay{Incarn: "A1"})
		// 1 slain and 1 within 5 of the Hollow: 2 of 4, an ACT-R of 1 routs.
		i28(t, s).Do(Activate{Incarn: "A2", ActFacts: ActFacts{Hollow: 1}}, 1)
		i28(t, s).Do(Activate{Incarn: "Tg"}, 5)
		i28(t, s).Do(EndActivation{})
		// A1 slain and A2 routed: 2 of 4 without the Hollow.
		l := i28(t, s).Label(Activate{Incarn: "A3"}, 1)
		if st := fig(t, s, "Ann/A3").Status; st != StatusRouted {
			t.Fatalf("A3 is %s, want routed: %s", st, l)
		}
		contains(t, l, "with 2 of 4 of the gang slain")
	})
	t.Run("Intimidate counts a routed enemy", func(t *testing.T) {
		// Court 2,5: Intimidate, Loot.
		s := duel(t, "court", []Incarn{in("Ax", "Regular", "Medium", fl("Brigand"))},
			"sacrosanct", []Incarn{in("Tg", "Regular", "Medium", fl("Brigand")), in("Ug", "Regular", "Medium", fl("Brigand"))}, [2]int{2, 5}, plainObj)
		i28(t, s).Do(Slay{Incarn: "Tg", By: "Ax"})
		if s.Battle.done("Ann", 2) {
			t.Fatal("Intimidate done with Ug untouched")
		}
		i28(t, s).Do(Activate{Incarn: "Ax"}, 5)
		i28(t, s).Do(EndActivation{})
		l := i28(t, s).Label(Activate{Incarn: "Ug"}, 1) // 1 of 2 slain, an ACT-R of 1: a rout
		if st := fig(t, s, "Ben/Ug").Status; st != StatusRouted {
			t.Fatalf("Ug is %s, want routed: %s", st, l)
		}
		contains(t, l, "Ann completes Intimidate (all 2 enemy incarns stunned or slain)")
	})
	t.Run("Decimate counts a routed enemy's cost", func(t *testing.T) {
		// Schism 4,6 +1: Loot, Decimate.
		s := duel(t, "sacrosanct", []Incarn{in("Ax", "Demigod", "Immortal", fl("Brigand")), in("Bx", "Chosen", "Light", fl("Brigand"))},
			"schism", []Incarn{in("Tg", "Regular", "Medium", fl("Brigand"))}, plainObj, schismObj)
		i28(t, s).Do(Slay{Incarn: "Bx", By: "Tg"}) // 7 B
		if s.Battle.done("Ben", 7) {
			t.Fatal("Decimate at 7 B")
		}
		// 1 of 2 slain, an ACT-R of 1 (Sacrosanct adds nothing): a rout.
		l := i28(t, s).Label(Activate{Incarn: "Ax"}, 1)
		if st := fig(t, s, "Ann/Ax").Status; st != StatusRouted {
			t.Fatalf("Ax is %s, want routed: %s", st, l)
		}
		contains(t, l, "Ben completes Decimate (23 B of enemies slain)")
	})
}

// line 37 Morale: a rout removes the incarn from play; line 347 Hive: "When
// slain, place 3 new ally roach worms". RULINGS 2026-12-01: no "when
// slain" Fleshtype fires for a routed incarn, Hive included.
func TestRoutedHiveLeavesNoWorms(t *testing.T) {
	s := duel(t, "sacrosanct", []Incarn{in("A2", "Regular", "Medium", fl("Brigand")), in("Hv", "Regular", "Medium", fl("Hive"))},
		"sacrosanct", []Incarn{in("Tg", "Regular", "Medium", fl("Brigand"))}, plainObj, plainObj)
	i28(t, s).Do(Slay{Incarn: "A2"})
	l := i28(t, s).Label(Activate{Incarn: "Hv"}, 1) // 1 of 2 slain, an ACT-R of 1: a rout
	if st := fig(t, s, "Ann/Hv").Status; st != StatusRouted {
		t.Fatalf("Hv is %s, want routed: %s", st, l)
	}
	for _, f := range s.Battle.Figures {
		if f.Has("Worm") {
			t.Errorf("a routed Hive placed %s: %s", f.Name, l)
		}
	}
}

// line 347 Hive's "roach worms"; line 377 Inseminator: "place a new ally
// with a random skill level and fleshtype". RULINGS 2026-12-01, added
// incarns: Hive Worms and Inseminator spawn are Weak.
func TestSpawnIsWeak(t *testing.T) {
	s := fight(t, in("Ax", "Regular", "Medium", fl("Inseminator")), in("Tg", "Regular", "Medium", fl("Hive")))
	i28(t, s).Do(Inseminate{Incarn: "Ax", Target: "Tg"})
	// AD 6 against DF-R 2: Tg slain; its 3 Worms come; the spawn's D6 3 =
	// Regular, D100 84 = Soldier.
	l := i28(t, s).Label(Attack{Attacker: "Ax", Target: "Tg", Strength: 3}, 6, 6, 6, 2, 3, 84)
	if f := fig(t, s, "Ann/Spawn"); f.Toughness != "Weak" {
		t.Errorf("Inseminator spawn %s, want Weak: %s", f.Toughness, l)
	}
	worms := 0
	for _, f := range s.Battle.Figures {
		if f.Side == "Ben" && f.Has("Worm") {
			worms++
			if f.Toughness != "Weak" {
				t.Errorf("Hive Worm %s is %s, want Weak", f.Name, f.Toughness)
			}
		}
	}
	if worms != 3 {
		t.Errorf("%d worms, want 3: %s", worms, l)
	}
}

// line 603 Bloodshot: "counts all incarns as enemies"; line 145 Avenger,
// line 327 Guard, line 233 Empath. RULINGS 2026-12-01: Bloodshot changes
// only what it may attack; Avenger, Guard and Empath count as before.
func TestBloodshotCountsAsBefore(t *testing.T) {
	t.Run("Avenger counts slain allies, not slain enemies", func(t *testing.T) {
		s := duel(t, "sacrosanct", []Incarn{in("Av", "Regular", "Medium", fl("Avenger"), "Bloodshot"), in("Bx", "Regular", "Medium", fl("Brigand"))},
			"sacrosanct", []Incarn{in("Tg", "Regular", "Medium", fl("Brigand")), in("Ug", "Regular", "Medium", fl("Brigand")), in("Vg", "Regular", "Medium", fl("Brigand"))}, plainObj, plainObj)
		i28(t, s).Do(Slay{Incarn: "Bx"})
		i28(t, s).Do(Slay{Incarn: "Ug"})
		i28(t, s).Do(Slay{Incarn: "Vg"})
		i28(t, s).Do(Activate{Incarn: "Av"}, 8)
		l := i28(t, s).Label(Attack{Target: "Tg", Strength: 1}, 3, 8)
		contains(t, l, "+1 Avenger")
	})
	t.Run("Guard counts allies", func(t *testing.T) {
		s := duel(t, "sacrosanct", []Incarn{in("Gd", "Regular", "Medium", fl("Guard"), "Bloodshot"), in("Bx", "Regular", "Medium", fl("Brigand"))},
			"sacrosanct", []Incarn{in("Tg", "Regular", "Medium", fl("Brigand"))}, plainObj, plainObj)
		l := i28(t, s).Label(Activate{Incarn: "Gd", ActFacts: ActFacts{AlliesWithin5: 1}}, 3)
		contains(t, l, "+1 Guard (1 ally)")
	})
	t.Run("Empath answers an ally's stun of an enemy, and stuns enemies only", func(t *testing.T) {
		s := duel(t, "sacrosanct", []Incarn{in("Ax", "Regular", "Medium", fl("Brigand"), "Bloodshot"), in("Bx", "Regular", "Medium", fl("Brigand")),
			in("Em", "Regular", "Medium", fl("Empath"), "Bloodshot")},
			"sacrosanct", []Incarn{in("Tg", "Regular", "Medium", fl("Brigand")), in("Ug", "Regular", "Medium", fl("Brigand"))}, plainObj, plainObj)
		i28(t, s).Do(Activate{Incarn: "Ax"}, 8)
		// A Bloodshot Ax stuns its ally Bx (AD 3 against DF-R 2): no enemy
		// was stunned, so no Empath reaction opens.
		l := i28(t, s).Label(Attack{Target: "Bx", Strength: 3}, 3, 2, 6, 2)
		if st := fig(t, s, "Ann/Bx").Status; st != StatusStunned {
			t.Fatalf("Bx is %s, want stunned: %s", st, l)
		}
		if strings.Contains(l, "Empath") {
			t.Errorf("an ally's stun opened the Empath: %s", l)
		}
		i28(t, s).Do(EndActivation{})
		i28(t, s).Do(Activate{Incarn: "Tg"}, 5)
		i28(t, s).Do(EndActivation{})
		i28(t, s).Do(Activate{Incarn: "Bx"}, 8)
		l = i28(t, s).Label(Attack{Target: "Tg", Strength: 3}, 3, 2, 6, 2)
		contains(t, l, "Em may stun another enemy within 10 if Tg was within 10 of it (Empath)")
		i28(t, s).RefuseSaying("Empath", "Ax is not an enemy", Stun{Incarn: "Ax", By: "Em", As: "empath"})
		i28(t, s).Do(Stun{Incarn: "Ug", By: "Em", As: "empath"})
	})
}

// line 37: a slain incarn is removed from play. RULINGS 2026-12-01: only
// incarns in play take part: a slain or routed incarn is not activated.
func TestOutOfPlayDoNotActivate(t *testing.T) {
	s := duel(t, "sacrosanct", []Incarn{in("Ax", "Regular", "Medium", fl("Brigand")), in("Bx", "Regular", "Medium", fl("Brigand")), in("Cx", "Regular", "Medium", fl("Brigand"))},
		"sacrosanct", []Incarn{in("Tg", "Regular", "Medium", fl("Brigand")), in("Ug", "Regular", "Medium", fl("Brigand"))}, plainObj, plainObj)
	i28(t, s).Do(Slay{Incarn: "Ax"})
	i28(t, s).RefuseSaying("Activation", "Ax is slain and cannot activate", Activate{Incarn: "Ax"}, 5)
	i28(t, s).Do(Slay{Incarn: "Bx"})
	i28(t, s).Do(Activate{Incarn: "Cx"}, 1) // 2 of 3 slain, an ACT-R of 1: a rout
	i28(t, s).Do(Activate{Incarn: "Tg"}, 5)
	i28(t, s).Do(EndActivation{})
	i28(t, s).Do(Activate{Incarn: "Ug"}, 5)
	i28(t, s).Do(EndActivation{})
	i28(t, s).Do(NextRound{}, 6, 1)
	i28(t, s).RefuseSaying("Activation", "Cx is routed and cannot activate", Activate{Incarn: "Cx"}, 5)
}
