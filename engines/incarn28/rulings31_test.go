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
