package incarn28

import (
	"testing"
)

// Sacrosanct has no ACT-R or DF-R bonus, so these tests see only the rule
// under test. Sacrosanct objective dice 3,6 give Loot and Sanctify, which
// put nothing in play.
var plainObj = [2]int{3, 6}

// fight puts att (Ann) and tgt (Ben) in a game, activates att with its
// highest Action die face, and returns the state.
func fight(t *testing.T, att, tgt Incarn) *State {
	t.Helper()
	s := duel(t, "sacrosanct", []Incarn{att}, "sacrosanct", []Incarn{tgt}, plainObj, plainObj)
	sk, _ := FindSkill(att.Skill)
	i28(t, s).Do(Activate{Incarn: att.Name}, sk.Die)
	return s
}

func TestActivationFleshtypes(t *testing.T) {
	for _, c := range []struct {
		name  string // seed line and words
		flesh []string
		facts ActFacts
		dice  []int
		want  int
		label string
	}{
		{"line 275 Flagellant +4", fl("Flagellant"), ActFacts{}, []int{3}, 7, "+4 Flagellant"},
		{"line 175 Brutal +4 within 5 of an enemy", fl("Brutal"), ActFacts{EnemyWithin5: true}, []int{3}, 7, "+4 Brutal"},
		{"line 175 Brutal without an enemy near", fl("Brutal"), ActFacts{}, []int{3}, 3, "d8 3 = 3"},
		{"line 327 Guard +1 per ally within 5", fl("Guard"), ActFacts{AlliesWithin5: 2}, []int{3}, 5, "+2 Guard (2 allies)"},
		{"line 395 Masochist +N enemies within 10", fl("Masochist"), ActFacts{EnemiesWithin10: 3}, []int{3}, 6, "+3 Masochist"},
		{"line 539 Stalker +6 near its quarry", fl("Stalker"), ActFacts{NearQuarry: true}, []int{3}, 9, "+6 Stalker"},
		{"line 555 Tempter can add 2", fl("Brigand"), ActFacts{Tempted: true}, []int{3}, 5, "+2 Tempter"},
		{"line 213 Defecator -1 per pile", fl("Brigand"), ActFacts{Piles: 2}, []int{5}, 3, "-2 Defecator piles (2)"},
		{"line 281 Fool -1", fl("Brigand"), ActFacts{Fools: 1}, []int{5}, 4, "-1 Fool (1)"},
		{"line 299 Gaunt -2", fl("Brigand"), ActFacts{Gaunts: 1}, []int{5}, 3, "-2 Gaunt (1)"},
		{"line 607 Effigy -1", fl("Brigand"), ActFacts{Effigies: 1}, []int{5}, 4, "-1 Effigy (1)"},
		{"line 425 Nightmare: a D4", fl("Brigand"), ActFacts{Nightmare: true}, []int{4}, 4, "d4 (Nightmare) 4"},
		{"line 115 Ancestor keeps one of two dice", fl("Ancestor"), ActFacts{}, []int{2, 7}, 7, "d8 2 and 7, Ancestor keeps the higher, 7"},
		{"line 115 Ancestor may keep the lower", fl("Ancestor"), ActFacts{AncestorLow: true}, []int{2, 7}, 2, "keeps the lower, 2"},
		{"line 18/197 Cipher strips Fleshtypes", fl("Soldier"), ActFacts{Ciphered: true}, []int{3}, 3, "d8 3 = 3"},
		{"line 29/269 Fallow odd: double dice", fl("Fallow"), ActFacts{}, []int{3}, 3, "Fallow's odd ACT-R doubles its attack dice"},
		{"line 269 Fallow even: nothing", fl("Fallow"), ActFacts{}, []int{4}, 0, "Fallow's even ACT-R wastes the activation"},
		{"line 373 Imp: 1 or less stuns", fl("Brigand"), ActFacts{Imp: true, Fools: 1}, []int{2}, 1, "near an Imp stuns it"},
		{"line 461 Parasite: 10 or more stuns", fl("Soldier"), ActFacts{Parasite: true}, []int{8}, 10, "near a Parasite stuns it"},
	} {
		t.Run(c.name, func(t *testing.T) {
			// Ben's incarns carry every Fleshtype a table fact may name.
			s := duel(t, "sacrosanct", []Incarn{in("Ax", "Regular", "Medium", c.flesh), in("A2", "Roach", "Weak", fl("Brigand")), in("A3", "Roach", "Weak", fl("Brigand"))}, "sacrosanct",
				[]Incarn{in("Tg", "Regular", "Medium", fl("Tempter", "Fool", "Gaunt", "Imp", "Parasite")),
					in("Ug", "Regular", "Medium", fl("Cipher", "Nightmare", "Defecator"), "Effigy"), in("Vg", "Roach", "Weak", fl("Brigand"))}, plainObj, plainObj)
			if c.facts.Piles > 0 {
				// Ug the Defecator has activated twice, placing a pile each time.
				fig(t, s, "Ben/Ug").Activations = 2
			}
			l := i28(t, s).Label(Activate{Incarn: "Ax", ActFacts: c.facts}, c.dice...)
			if got := acs(s); got != c.want {
				t.Errorf("%d ACs, want %d (%s)", got, c.want, l)
			}
			contains(t, l, c.label)
		})
	}
}

// line 275: Flagellant "stun themselves with a natural 1"; line 555 Tempter:
// "slain if their ACT-R is a natural 1".
func TestNaturalOnesOnActivation(t *testing.T) {
	s := duel(t, "sacrosanct", []Incarn{in("Ax", "Regular", "Medium", fl("Flagellant"))}, "sacrosanct",
		[]Incarn{in("Tg", "Regular", "Medium", fl("Brigand"))}, plainObj, plainObj)
	i28(t, s).Do(Activate{Incarn: "Ax"}, 1)
	if f := fig(t, s, "Ann/Ax"); f.Status != StatusStunned || acs(s) != 5 {
		t.Errorf("Flagellant natural 1: %s with %d ACs, want stunned with 5", f.Status, acs(s))
	}
	s = duel(t, "sacrosanct", []Incarn{in("Ax", "Regular", "Medium", fl("Brigand"))}, "sacrosanct",
		[]Incarn{in("Tg", "Regular", "Medium", fl("Tempter"))}, plainObj, plainObj)
	i28(t, s).Do(Activate{Incarn: "Ax", ActFacts: ActFacts{Tempted: true}}, 1)
	if f := fig(t, s, "Ann/Ax"); f.Status != StatusSlain {
		t.Errorf("Tempted natural 1: %s, want slain", f.Status)
	}
}

// line 499 Sadist: +1 per slain enemy; line 495 Relictor: doubles once half
// the gang is slain; line 145 Avenger +1 AD per slain ally.
func TestSlainCounters(t *testing.T) {
	s := duel(t, "sacrosanct", []Incarn{in("Ax", "Regular", "Medium", fl("Sadist", "Relictor")), in("Bx", "Roach", "Weak", fl("Brigand"))},
		"sacrosanct", []Incarn{in("Tg", "Regular", "Medium", fl("Brigand")), in("Ug", "Roach", "Weak", fl("Brigand"))}, plainObj, plainObj)
	s.Battle.fig("Ben/Tg").Status = StatusSlain
	s.Battle.fig("Ann/Bx").Status = StatusSlain
	l := i28(t, s).Label(Activate{Incarn: "Ax"}, 3)
	// 3 +1 Sadist = 4, Relictor doubles (1 of 2 slain) = 8.
	if acs(s) != 8 {
		t.Errorf("%d ACs, want 8: %s", acs(s), l)
	}
	contains(t, l, "+1 Sadist (1 slain enemies) = 4, Relictor doubles to 8 (1 of 2 slain)")
}

func TestAttacks(t *testing.T) {
	plain := func(name string, flesh ...string) Incarn { return in(name, "Regular", "Medium", flesh) }
	for _, c := range []struct {
		name   string
		att    Incarn
		tgt    Incarn
		atk    Attack
		dice   []int
		status string
		label  string
	}{
		{"line 35: 3+ succeeds, 6 is two; line 37 below the AD stuns", plain("Ax", "Brigand"), plain("Tg", "Brigand"), Attack{Strength: 3},
			[]int{3, 2, 6, 2}, StatusStunned, "AD 3 against Tg's DF-R d8 2 = 2: Tg is stunned"},
		{"line 37: below half the AD slays", plain("Ax", "Brigand"), plain("Tg", "Brigand"), Attack{Strength: 3},
			[]int{6, 6, 6, 2}, StatusSlain, "below a half, Tg is slain"},
		{"line 37: total equal to the AD holds", plain("Ax", "Brigand"), plain("Tg", "Brigand"), Attack{Strength: 3},
			[]int{6, 3, 1, 3}, StatusActive, "AD 3 against Tg's DF-R d8 3 = 3: no effect"},
		{"line 37 and RULINGS: a natural 1 on the defence die slays", plain("Ax", "Brigand"), plain("Tg", "Brigand"), Attack{Strength: 1},
			[]int{3, 1}, StatusSlain, "a natural 1 on the defence die"},
		{"line 37: obscured adds a D6", plain("Ax", "Brigand"), plain("Tg", "Brigand"), Attack{Strength: 3, DefFacts: DefFacts{Obscured: true}},
			[]int{6, 6, 3, 2, 4}, StatusActive, "d8 2 +4 obscured = 6: no effect"},
		{"line 35: a natural 1 fails whatever the modifier (Butcher +2)", plain("Ax", "Butcher"), plain("Tg", "Brigand"), Attack{Strength: 2},
			[]int{1, 1, 2}, StatusActive, "AD 0"},
		{"line 179 Butcher +2 to A-R dice", plain("Ax", "Butcher"), plain("Tg", "Brigand"), Attack{Strength: 3},
			[]int{2, 2, 2, 2}, StatusStunned, "AD 3 against Tg's DF-R d8 2 = 2"},
		{"line 569 Venomous: a crit is 3", plain("Ax", "Venomous"), plain("Tg", "Brigand"), Attack{Strength: 1},
			[]int{6, 2}, StatusStunned, "AD 3 against"},
		{"line 135 Assassin crits on 5", plain("Ax", "Assassin"), plain("Tg", "Brigand"), Attack{Strength: 2},
			[]int{5, 3, 2}, StatusStunned, "A-R 5!, 3, 3 successes"},
		{"line 103 Adept crits on 5+ in base contact", plain("Ax", "Adept"), plain("Tg", "Brigand"), Attack{Strength: 2, BaseContact: true},
			[]int{5, 3, 2}, StatusStunned, "A-R 5!, 3, 3 successes"},
		{"line 103 Adept out of base contact: 5 is one", plain("Ax", "Adept"), plain("Tg", "Brigand"), Attack{Strength: 1},
			[]int{5, 2}, StatusActive, "AD 1 against"},
		{"line 361 Hunter crits on 6+ after modifiers", plain("Ax", "Hunter", "Butcher"), plain("Tg", "Brigand"), Attack{Strength: 2},
			[]int{4, 2, 2}, StatusStunned, "A-R 4!, 2 (+2 Butcher), 3 successes"},
		{"line 251 Ethereal: crits count one less", plain("Ax", "Brigand"), plain("Tg", "Ethereal"), Attack{Strength: 1},
			[]int{6, 1 + 1}, StatusActive, "AD 1 against"},
		{"line 151 Berserk: -2 to A-R, double AD", plain("Ax", "Berserk"), plain("Tg", "Brigand"), Attack{Strength: 2},
			[]int{6, 4, 3}, StatusStunned, "AD 4 (x2 Berserk)"},
		{"line 543 Stout: -2 to enemy A-Rs", plain("Ax", "Brigand"), plain("Tg", "Stout"), Attack{Strength: 2},
			[]int{4, 3, 1 + 1}, StatusActive, "AD 0"},
		{"line 225 Elegant target: -1 to enemy A-Rs", plain("Ax", "Brigand"), plain("Tg", "Elegant"), Attack{Strength: 2},
			[]int{4, 3, 1 + 1}, StatusActive, "AD 1 against"},
		{"line 457 Paragon +1 AD per Fleshtype", plain("Ax", "Paragon", "Brigand"), plain("Tg", "Brigand"), Attack{Strength: 1},
			[]int{3, 2}, StatusStunned, "AD 3 (+2 Paragon)"},
		{"line 575 Vivisect +1 AD per target Fleshtype", plain("Ax", "Vivisect"), plain("Tg", "Brigand", "Worm"), Attack{Strength: 1},
			[]int{3, 2}, StatusStunned, "AD 3 (+2 Vivisect)"},
		{"line 587 Zealot +2 AD", plain("Ax", "Zealot"), plain("Tg", "Brigand"), Attack{Strength: 1},
			[]int{3, 2}, StatusStunned, "AD 3 (+2 Zealot)"},
		{"line 609 Ensorcelled Weapon +D4 AD, rolled after the DF-R", in("Ax", "Regular", "Medium", fl("Brigand"), "Ensorcelled Weapon"), plain("Tg", "Brigand"), Attack{Strength: 1},
			[]int{3, 2, 4}, StatusSlain, "AD 5 (+4 Ensorcelled Weapon)"},
		{"line 601 Artisanal Weapon +1", in("Ax", "Regular", "Medium", fl("Brigand"), "Artisanal Weapon"), plain("Tg", "Brigand"), Attack{Strength: 1},
			[]int{2, 2}, StatusActive, "AD 1 against"},
		{"line 599 Armour +2 to D-R", plain("Ax", "Brigand"), in("Tg", "Regular", "Medium", fl("Brigand"), "Armour"), Attack{Strength: 2},
			[]int{6, 3, 2}, StatusActive, "d8 2 +2 Armour = 4: no effect"},
		{"line 305 Golem: slain only below a third", plain("Ax", "Brigand"), plain("Tg", "Golem"), Attack{Strength: 3},
			[]int{6, 6, 6, 2}, StatusStunned, "Tg is stunned"},
		{"line 305 Golem: below a third slays", plain("Ax", "Zealot"), plain("Tg", "Golem"), Attack{Strength: 3},
			[]int{6, 6, 6, 2}, StatusSlain, "below a third (Golem)"},
		{"line 141 Automaton ignores stuns", plain("Ax", "Brigand"), plain("Tg", "Automaton"), Attack{Strength: 3},
			[]int{3, 2, 6, 2}, StatusActive, "Tg ignores the stun (Automaton)"},
		{"line 257 Executioner: a stun slays", plain("Ax", "Executioner"), plain("Tg", "Brigand"), Attack{Strength: 3},
			[]int{3, 2, 6, 2}, StatusSlain, "Ax's stun slays (Executioner)"},
		{"line 229 Elemental, ruling 2026-12-01: an attack that slays it slays it", plain("Ax", "Brigand"), plain("Tg", "Elemental"), Attack{Strength: 3},
			[]int{3, 2, 6, 1}, StatusSlain, "a natural 1 on the defence die, Tg is slain"},
		{"line 507 Sentinel adds a D6", plain("Ax", "Brigand"), plain("Tg", "Sentinel"), Attack{Strength: 3},
			[]int{3, 2, 6, 2, 1}, StatusActive, "d8 2 +1 Sentinel = 3: no effect"},
		{"line 473 Priest +1 D-R", plain("Ax", "Brigand"), plain("Tg", "Priest"), Attack{Strength: 3},
			[]int{3, 2, 6, 2}, StatusActive, "d8 2 +1 Priest = 3: no effect"},
		{"line 369 Illusionist: 4+ ignores the attack (its D6 before the DF-R, which is not rolled)", plain("Ax", "Brigand"), plain("Tg", "Illusionist"), Attack{Strength: 3},
			[]int{6, 6, 6, 4}, StatusActive, "Illusionist's 4 makes the attack on Tg miss"},
		{"line 369 Illusionist: 1-3 does not help, then the DF-R", plain("Ax", "Brigand"), plain("Tg", "Illusionist"), Attack{Strength: 3},
			[]int{6, 6, 6, 3, 1}, StatusSlain, "Illusionist rolls 3: no help"},
		{"line 527 Soothsayer re-rolls a failed DF-R", plain("Ax", "Brigand"), plain("Tg", "Soothsayer"), Attack{Strength: 3},
			[]int{3, 2, 6, 2, 5}, StatusActive, "Tg re-rolls a DF-R of d8 2 = 2 (Soothsayer)"},
		{"line 439 Oculophage ignores cover", plain("Ax", "Oculophage"), plain("Tg", "Brigand"), Attack{Strength: 3, DefFacts: DefFacts{Obscured: true}},
			[]int{3, 2, 6, 2}, StatusStunned, "no cover against an Oculophage"},
		{"line 331 Gunner +2 beyond 10", plain("Ax", "Gunner"), plain("Tg", "Brigand"), Attack{Strength: 1, Beyond10: true},
			[]int{2, 1 + 1}, StatusActive, "AD 1 against"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := fight(t, c.att, c.tgt)
			a := c.atk
			a.Attacker, a.Target = "Ax", "Tg"
			l := i28(t, s).Label(a, c.dice...)
			if got := fig(t, s, "Ben/Tg").Status; got != c.status {
				t.Errorf("Tg is %s, want %s: %s", got, c.status, l)
			}
			contains(t, l, c.label)
		})
	}
}

// line 37: "If a stunned incarn is stunned again they are slain."
func TestStunnedTwice(t *testing.T) {
	s := fight(t, in("Ax", "Regular", "Medium", fl("Brigand")), in("Tg", "Regular", "Medium", fl("Brigand")))
	s.Battle.fig("Ben/Tg").Status = StatusStunned
	l := i28(t, s).Label(Attack{Attacker: "Ax", Target: "Tg", Strength: 3}, 3, 2, 6, 2)
	if got := fig(t, s, "Ben/Tg").Status; got != StatusSlain {
		t.Errorf("Tg is %s, want slain", got)
	}
	contains(t, l, "Tg was already stunned and is slain")
}

// line 229 Elemental: "When stunned from an attack they are slain, if not
// slain the attacker is stunned instead"; RULINGS 2026-12-01: an attack
// that would stun it stuns the attacker instead, SP-As included; one that
// leaves it unharmed does nothing.
func TestElementalTurnsBlow(t *testing.T) {
	s := fight(t, in("Ax", "Regular", "Medium", fl("Brigand")), in("Tg", "Regular", "Medium", fl("Elemental")))
	i28(t, s).Do(Attack{Attacker: "Ax", Target: "Tg", Strength: 1}, 3, 5)
	if a, g := fig(t, s, "Ann/Ax").Status, fig(t, s, "Ben/Tg").Status; a != StatusActive || g != StatusActive {
		t.Errorf("an attack without effect: Ax %s, Tg %s, want both active", a, g)
	}
	s = fight(t, in("Ax", "Regular", "Medium", fl("Brigand")), in("Tg", "Regular", "Medium", fl("Elemental")))
	// AD 3 against DF-R 2: it would stun Tg.
	l := i28(t, s).Label(Attack{Attacker: "Ax", Target: "Tg", Strength: 3}, 3, 2, 6, 2)
	if a, g := fig(t, s, "Ann/Ax").Status, fig(t, s, "Ben/Tg").Status; a != StatusStunned || g != StatusActive {
		t.Errorf("a stunning attack: Ax %s, Tg %s, want Ax stunned, Tg active: %s", a, g, l)
	}
	s = fight(t, in("Ax", "Regular", "Medium", fl("Alchemist")), in("Tg", "Regular", "Medium", fl("Elemental")))
	// SP-A D8 5 against DF-R 3: it would stun Tg.
	l = i28(t, s).Label(Special{Incarn: "Ax", Target: "Tg"}, 5, 3)
	if a, g := fig(t, s, "Ann/Ax").Status, fig(t, s, "Ben/Tg").Status; a != StatusStunned || g != StatusActive {
		t.Errorf("a stunning SP-A: Ax %s, Tg %s, want Ax stunned, Tg active: %s", a, g, l)
	}
}

// line 35: "An incarn can only make a single attack per activation";
// line 335 Gunslinger "Can attack more than once".
func TestOneAttack(t *testing.T) {
	s := fight(t, in("Ax", "Regular", "Medium", fl("Brigand")), in("Tg", "Regular", "Medium", fl("Brigand")))
	i28(t, s).Fails("Ax has 8 ACs left; an attack of strength 9 needs 9 (ACs)", Attack{Attacker: "Ax", Target: "Tg", Strength: 9})
	i28(t, s).Do(Attack{Attacker: "Ax", Target: "Tg", Strength: 1}, 2, 5)
	i28(t, s).Fails("Ax has already attacked this activation; only a Gunslinger attacks more than once (Attack)", Attack{Attacker: "Ax", Target: "Tg", Strength: 1}, 2, 5)
	s = fight(t, in("Ax", "Regular", "Medium", fl("Gunslinger")), in("Tg", "Regular", "Medium", fl("Brigand")))
	i28(t, s).Do(Attack{Attacker: "Ax", Target: "Tg", Strength: 1}, 2, 5)
	i28(t, s).Do(Attack{Attacker: "Ax", Target: "Tg", Strength: 1}, 2, 5)
	if acs(s) != 6 {
		t.Errorf("%d ACs left, want 6", acs(s))
	}
}

// line 347 Hive: "place 3 new ally roach worms".
func TestHive(t *testing.T) {
	s := fight(t, in("Ax", "Regular", "Medium", fl("Brigand")), in("Tg", "Regular", "Medium", fl("Hive")))
	l := i28(t, s).Label(Attack{Attacker: "Ax", Target: "Tg", Strength: 3}, 6, 6, 6, 2)
	n := 0
	for _, f := range s.Battle.Figures {
		if f.Side == "Ben" && f.Has("Worm") && f.Skill == "Roach" && f.InPlay() {
			n++
		}
	}
	if n != 3 {
		t.Errorf("%d worms, want 3: %s", n, l)
	}
	if w := fig(t, s, "Ben/Worm"); !w.Activated || w.Starting {
		t.Errorf("a worm that appeared this round: %+v", w)
	}
}

// line 381 Lastborn: on a 6 it is not slain and strikes back with a D8.
func TestLastborn(t *testing.T) {
	s := fight(t, in("Ax", "Regular", "Medium", fl("Brigand")), in("Tg", "Regular", "Medium", fl("Lastborn")))
	// A-R 6,6,6 = 6; DF-R 2 slays; Lastborn 6 lives; SP-A D8 8 against Ax's DF-R 3: slain.
	l := i28(t, s).Label(Attack{Attacker: "Ax", Target: "Tg", Strength: 3}, 6, 6, 6, 2, 6, 8, 3)
	if fig(t, s, "Ben/Tg").Status != StatusActive || fig(t, s, "Ann/Ax").Status != StatusSlain {
		t.Errorf("Tg %s, Ax %s; want active and slain: %s", fig(t, s, "Ben/Tg").Status, fig(t, s, "Ann/Ax").Status, l)
	}
	s = fight(t, in("Ax", "Regular", "Medium", fl("Brigand")), in("Tg", "Regular", "Medium", fl("Lastborn")))
	i28(t, s).Do(Attack{Attacker: "Ax", Target: "Tg", Strength: 3}, 6, 6, 6, 2, 2)
	if fig(t, s, "Ben/Tg").Status != StatusSlain || fig(t, s, "Ann/Ax").Status != StatusActive {
		t.Errorf("Lastborn 2: Tg %s, Ax %s", fig(t, s, "Ben/Tg").Status, fig(t, s, "Ann/Ax").Status)
	}
}

// line 157 Blademaster: after the attack, SP-A D8 against the attacker.
func TestBlademaster(t *testing.T) {
	s := fight(t, in("Ax", "Regular", "Medium", fl("Brigand")), in("Tg", "Regular", "Medium", fl("Blademaster")))
	l := i28(t, s).Label(Attack{Attacker: "Ax", Target: "Tg", Strength: 1}, 2, 5, 7, 4)
	if fig(t, s, "Ann/Ax").Status != StatusStunned {
		t.Errorf("Ax is %s, want stunned: %s", fig(t, s, "Ann/Ax").Status, l)
	}
	contains(t, l, "Tg answers with a SP-A D8 of 7 (Blademaster)")
}

// line 263 Exhumer: on a 5+ the slain enemy joins the Exhumer's gang.
func TestExhumer(t *testing.T) {
	s := fight(t, in("Ax", "Regular", "Medium", fl("Exhumer")), in("Tg", "Regular", "Medium", fl("Brigand")))
	i28(t, s).Do(Attack{Attacker: "Ax", Target: "Tg", Strength: 3, DefFacts: DefFacts{Exhumer: "Ax"}}, 6, 6, 6, 2, 5)
	f := fig(t, s, "Ann/Tg")
	if f.Status != StatusActive {
		t.Errorf("Tg is %s on Ann's side, want active", f.Status)
	}
}

// line 491 Reclaimer: on a 1 the Reclaimer dies too.
func TestReclaimer(t *testing.T) {
	s := duel(t, "sacrosanct", []Incarn{in("Ax", "Regular", "Medium", fl("Brigand"))}, "sacrosanct",
		[]Incarn{in("Tg", "Regular", "Medium", fl("Brigand")), in("Rc", "Regular", "Medium", fl("Reclaimer"))}, plainObj, plainObj)
	i28(t, s).Do(Activate{Incarn: "Ax"}, 8)
	i28(t, s).Do(Attack{Attacker: "Ax", Target: "Tg", Strength: 3, DefFacts: DefFacts{Reclaimer: "Rc"}}, 6, 6, 6, 2, 1)
	if fig(t, s, "Ben/Tg").Status != StatusSlain || fig(t, s, "Ben/Rc").Status != StatusSlain {
		t.Errorf("Tg %s, Rc %s; want both slain", fig(t, s, "Ben/Tg").Status, fig(t, s, "Ben/Rc").Status)
	}
}

// line 487 Pyromaniac: targets set on fire take a SP-A D4 when they activate.
func TestPyromaniac(t *testing.T) {
	s := fight(t, in("Ax", "Regular", "Medium", fl("Pyromaniac")), in("Tg", "Regular", "Medium", fl("Brigand")))
	i28(t, s).Do(Attack{Attacker: "Ax", Target: "Tg", Strength: 1}, 2, 5)
	if !fig(t, s, "Ben/Tg").OnFire {
		t.Fatal("Tg is not on fire")
	}
	i28(t, s).Do(EndActivation{})
	// Tg's ACT-R 4, then the fire's D4 4 against DF-R 3: stunned.
	l := i28(t, s).Label(Activate{Incarn: "Tg"}, 4, 4, 3)
	if fig(t, s, "Ben/Tg").Status != StatusStunned {
		t.Errorf("Tg is %s, want stunned: %s", fig(t, s, "Ben/Tg").Status, l)
	}
}

// line 357 Homonculist: once per activation a Roach with no Fleshtype.
func TestHomonculist(t *testing.T) {
	s := fight(t, in("Ax", "Regular", "Medium", fl("Homonculist")), in("Tg", "Regular", "Medium", fl("Brigand")))
	i28(t, s).Do(Summon{Incarn: "Ax"})
	i28(t, s).Fails("Ax has already summoned this activation (Homonculist)", Summon{Incarn: "Ax"})
	f := fig(t, s, "Ann/Homunculus")
	if f.Skill != "Roach" || len(f.Flesh) != 0 || f.Starting {
		t.Errorf("homunculus %+v", f)
	}
}

// line 377 Inseminator: when the marked enemy dies, a random ally appears.
func TestInseminator(t *testing.T) {
	s := fight(t, in("Ax", "Regular", "Medium", fl("Inseminator")), in("Tg", "Regular", "Medium", fl("Brigand")))
	i28(t, s).Do(Inseminate{Incarn: "Ax", Target: "Tg"})
	// D6 3 = Regular, D100 84 = Soldier.
	i28(t, s).Do(Attack{Attacker: "Ax", Target: "Tg", Strength: 3}, 6, 6, 6, 2, 3, 84)
	f := fig(t, s, "Ann/Spawn")
	if f.Skill != "Regular" || f.Flesh[0] != "Soldier" {
		t.Errorf("spawn %+v", f.Incarn)
	}
	i28(t, s).Fails("Ax has used its Inseminator mark; it is once per game", Inseminate{Incarn: "Ax", Target: "Tg"})
}

// line 109 Alchemist: a SP-A D8 once per activation.
func TestSpecial(t *testing.T) {
	s := fight(t, in("Ax", "Regular", "Medium", fl("Alchemist")), in("Tg", "Regular", "Medium", fl("Brigand")))
	l := i28(t, s).Label(Special{Incarn: "Ax", Target: "Tg"}, 5, 3)
	contains(t, l, "Ax makes a SP-A D8 at Tg (Alchemist): 5. AD 5 against Tg's DF-R d8 3 = 3: Tg is stunned")
	i28(t, s).Fails("Ax has already used its Alchemist SP-A this activation", Special{Incarn: "Ax", Target: "Tg"}, 5, 3)
	// line 559 Toxic: D4 in round 1.
	s = fight(t, in("Ax", "Regular", "Medium", fl("Toxic")), in("Tg", "Regular", "Medium", fl("Brigand")))
	i28(t, s).Fails("a d4 shows 1 to 4", Special{Incarn: "Ax", Target: "Tg"}, 5, 3)
	i28(t, s).Do(Special{Incarn: "Ax", Target: "Tg"}, 4, 3)
}

// line 547 Strigoi: after slaying it may activate again; line 419
// Narcissist: a 5+ gives another activation.
func TestActivateAgain(t *testing.T) {
	s := fight(t, in("Ax", "Regular", "Medium", fl("Strigoi")), in("Tg", "Regular", "Medium", fl("Brigand")))
	i28(t, s).Do(Attack{Attacker: "Ax", Target: "Tg", Strength: 3}, 6, 6, 6, 2)
	i28(t, s).Do(EndActivation{})
	if s.Battle.Again != "Ann/Ax" {
		t.Errorf("again = %q, want Ann/Ax", s.Battle.Again)
	}
	i28(t, s).Do(Activate{Incarn: "Ax"}, 3)
	s = fight(t, in("Ax", "Regular", "Medium", fl("Narcissist")), in("Tg", "Regular", "Medium", fl("Brigand")))
	i28(t, s).Do(EndActivation{}, 4)
	if s.Battle.Again != "" || s.Battle.Next != "Ben" {
		t.Errorf("Narcissist 4: again %q next %q", s.Battle.Again, s.Battle.Next)
	}
}

// line 435 Occultist: unspent ACs are saved for later activations.
func TestOccultist(t *testing.T) {
	s := fight(t, in("Ax", "Regular", "Medium", fl("Occultist")), in("Tg", "Regular", "Medium", fl("Brigand")))
	i28(t, s).Do(Move{Incarn: "Ax", ACs: 3})
	i28(t, s).Do(EndActivation{})
	if f := fig(t, s, "Ann/Ax"); f.Saved != 5 {
		t.Errorf("saved %d, want 5", f.Saved)
	}
	i28(t, s).Do(Activate{Incarn: "Tg"}, 1)
	i28(t, s).Do(NextRound{}, 6, 1)
	i28(t, s).Do(Activate{Incarn: "Ax"}, 2)
	if acs(s) != 7 {
		t.Errorf("%d ACs, want 2 + 5 saved", acs(s))
	}
}

// line 611 Geminid: activates straight after an ally, before the opponent.
func TestGeminid(t *testing.T) {
	s := duel(t, "sacrosanct", []Incarn{in("Ax", "Regular", "Medium", fl("Brigand")), in("Gx", "Regular", "Medium", fl("Brigand"), "Geminid"), in("Hx", "Regular", "Medium", fl("Brigand"))},
		"sacrosanct", []Incarn{in("Tg", "Regular", "Medium", fl("Brigand"))}, plainObj, plainObj)
	i28(t, s).Do(Activate{Incarn: "Ax"}, 3)
	i28(t, s).Fails("it is Ben's turn to activate", Activate{Incarn: "Hx"}, 3)
	l := i28(t, s).Label(Activate{Incarn: "Gx"}, 3)
	contains(t, l, "Gx goes straight after its ally (Geminid)")
}

// line 453 Pandemoniac: an enemy it stuns swaps a random Fleshtype.
func TestPandemoniac(t *testing.T) {
	s := fight(t, in("Ax", "Regular", "Medium", fl("Pandemoniac")), in("Tg", "Regular", "Medium", fl("Brigand", "Stout")))
	// A-R 6,6 = 4 against DF-R 3 (Stout -2 does not matter for 6s):
	// stunned; Fleshtype die 2 (Stout), D100 84: Soldier.
	l := i28(t, s).Label(Attack{Attacker: "Ax", Target: "Tg", Strength: 2}, 6, 6, 3, 2, 84)
	if f := fig(t, s, "Ben/Tg"); f.Flesh[1] != "Soldier" || f.Status != StatusStunned {
		t.Errorf("Tg %v %s: %s", f.Flesh, f.Status, l)
	}
	contains(t, l, "Pandemoniac turns Tg's Stout into Soldier")
}

// line 391 Lycan: 6 ACs to become a Chosen, Heavy, Butcher, Strigoi with no items.
func TestLycan(t *testing.T) {
	s := fight(t, in("Ax", "Regular", "Medium", fl("Lycan"), "Armour"), in("Tg", "Regular", "Medium", fl("Brigand")))
	i28(t, s).Do(Transform{})
	f := fig(t, s, "Ann/Ax")
	if f.Skill != "Chosen" || f.Toughness != "Heavy" || !f.Has("Strigoi") || len(f.Items) != 0 || acs(s) != 2 {
		t.Errorf("after the change %+v with %d ACs", f.Incarn, acs(s))
	}
	i28(t, s).Fails("Ax is not a Lycan", Transform{})
}

// line 487: 3 ACs put out the fire; line 619 Sacrificial Dagger: 1 AC slays an ally.
func TestExtinguishAndDagger(t *testing.T) {
	s := duel(t, "sacrosanct", []Incarn{in("Ax", "Regular", "Medium", fl("Brigand"), "Sacrificial Dagger"), in("Bx", "Regular", "Medium", fl("Brigand"))},
		"sacrosanct", []Incarn{in("Tg", "Regular", "Medium", fl("Brigand"))}, plainObj, plainObj)
	s.Battle.fig("Ann/Bx").OnFire = true
	i28(t, s).Do(Activate{Incarn: "Ax"}, 8)
	i28(t, s).Do(Extinguish{Target: "Bx"})
	if fig(t, s, "Ann/Bx").OnFire || acs(s) != 5 {
		t.Errorf("still on fire or ACs %d", acs(s))
	}
	i28(t, s).Fails("Bx is not on fire", Extinguish{Target: "Bx"})
	i28(t, s).Fails("the dagger slays an ally within 5", Slay{Incarn: "Tg", By: "Ax", Dagger: true})
	i28(t, s).Do(Slay{Incarn: "Bx", By: "Ax", Dagger: true})
	if fig(t, s, "Ann/Bx").Status != StatusSlain || acs(s) != 4 {
		t.Errorf("Bx %s, ACs %d", fig(t, s, "Ann/Bx").Status, acs(s))
	}
}

// line 649 Chronomatic Rift: an enemy is removed until the next round, once per game.
func TestRift(t *testing.T) {
	s := riftGame(t)
	i28(t, s).Do(Rift{Player: "Ann", Incarn: "Tg"})
	i28(t, s).Fails("Ann has already lifted Tg this round", Rift{Player: "Ann", Incarn: "Ug"})
	i28(t, s).Do(Activate{Incarn: "Ax"}, 3)
	i28(t, s).Fails("Tg is lifted out of play by the Rift; only incarns in play can be attacked", Attack{Attacker: "Ax", Target: "Tg", Strength: 1}, 3, 3)
	i28(t, s).Do(Activate{Incarn: "Ug"}, 3)
	i28(t, s).Do(NextRound{}, 6, 1) // Tg never had to activate
	if !fig(t, s, "Ben/Tg").InPlay() {
		t.Error("Tg is not back")
	}
	i28(t, s).Fails("each incarn only once per game", Rift{Player: "Ann", Incarn: "Tg"})
}

// line 635 Escort: slain, it is put back at its edge.
func TestEscortReturns(t *testing.T) {
	s := duel(t, "sacrosanct", []Incarn{in("Ax", "Regular", "Medium", fl("Brigand"))},
		"sacrosanct", []Incarn{in("Tg", "Regular", "Medium", fl("Brigand"))}, [2]int{4, 3}, plainObj)
	i28(t, s).Do(Slay{Incarn: "Escort"})
	if f := fig(t, s, "Ann/Escort"); f.Status != StatusActive {
		t.Errorf("Escort is %s", f.Status)
	}
}

// line 343 Hermit: spends its activation to activate an ally, even one used.
func TestHermit(t *testing.T) {
	s := duel(t, "sacrosanct", []Incarn{in("Ax", "Regular", "Medium", fl("Brigand")), in("Hm", "Regular", "Medium", fl("Hermit"))},
		"sacrosanct", []Incarn{in("Tg", "Regular", "Medium", fl("Brigand")), in("Ug", "Regular", "Medium", fl("Brigand"))}, plainObj, plainObj)
	i28(t, s).Do(Activate{Incarn: "Ax"}, 3)
	i28(t, s).Do(Activate{Incarn: "Tg"}, 3)
	i28(t, s).Fails("Ax has already activated this round", Activate{Incarn: "Ax"}, 5)
	l := i28(t, s).Label(Activate{Incarn: "Ax", ActFacts: ActFacts{Hermit: "Hm"}}, 5)
	contains(t, l, "Hm spends its activation on Ax (Hermit)")
	if !fig(t, s, "Ann/Hm").Activated || acs(s) != 5 {
		t.Errorf("hermit activated %v, ACs %d", fig(t, s, "Ann/Hm").Activated, acs(s))
	}
}

// line 287 Gargoyle: stone can neither attack nor be attacked; line 603
// Bloodshot: every incarn is an enemy; line 449 Pacifist: 4+ stops the attack.
func TestStoneBloodshotPacifist(t *testing.T) {
	s := fight(t, in("Ax", "Regular", "Medium", fl("Gargoyle")), in("Tg", "Regular", "Medium", fl("Brigand")))
	i28(t, s).Do(Stone{})
	i28(t, s).Fails("Ax is stone and cannot attack", Attack{Target: "Tg", Strength: 1}, 3, 3)
	i28(t, s).Do(EndActivation{})
	i28(t, s).Do(Activate{Incarn: "Tg"}, 5)
	i28(t, s).Fails("Ax is stone and cannot be attacked", Attack{Target: "Ax", Strength: 1}, 3, 3)

	s = duel(t, "sacrosanct", []Incarn{in("Ax", "Regular", "Medium", fl("Brigand"), "Bloodshot"), in("Bx", "Regular", "Medium", fl("Brigand"))},
		"sacrosanct", []Incarn{in("Tg", "Regular", "Medium", fl("Brigand"))}, plainObj, plainObj)
	i28(t, s).Do(Activate{Incarn: "Ax"}, 5)
	i28(t, s).Do(Attack{Target: "Bx", Strength: 1}, 3, 5)

	s = fight(t, in("Ax", "Regular", "Medium", fl("Brigand")), in("Tg", "Regular", "Medium", fl("Pacifist")))
	l := i28(t, s).Label(Attack{Target: "Tg", Strength: 2, Pacifist: true}, 4)
	contains(t, l, "it cannot attack this activation; 8 ACs left")
	i28(t, s).Fails("already attacked", Attack{Target: "Tg", Strength: 1}, 3, 3)
}

// line 591 Zenithal: once per activation change an ally's Fleshtype.
func TestZenithal(t *testing.T) {
	s := duel(t, "sacrosanct", []Incarn{in("Zx", "Regular", "Medium", fl("Zenithal")), in("Bx", "Regular", "Medium", fl("Brigand", "Stout"))},
		"sacrosanct", []Incarn{in("Tg", "Regular", "Medium", fl("Brigand"))}, plainObj, plainObj)
	i28(t, s).Do(Activate{Incarn: "Zx"}, 5)
	i28(t, s).Fails("Bx already has Stout", Reflesh{Incarn: "Bx", Old: "Brigand", New: "Stout", By: "Zx"})
	i28(t, s).Do(Reflesh{Incarn: "Bx", Old: "Brigand", New: "Soldier", By: "Zx"})
	if f := fig(t, s, "Ann/Bx"); f.Flesh[0] != "Soldier" {
		t.Errorf("Bx %v", f.Flesh)
	}
	i28(t, s).Fails("already swapped a Fleshtype this activation", Reflesh{Incarn: "Bx", Old: "Stout", New: "Golem", By: "Zx"})
}

// line 245 Enigma: a D6 instead of the ACT-R; 1-4 nothing, 5+ ends the round.
func TestEnigma(t *testing.T) {
	s := duel(t, "sacrosanct", []Incarn{in("Ax", "Regular", "Medium", fl("Enigma")), in("Bx", "Regular", "Medium", fl("Brigand"))},
		"sacrosanct", []Incarn{in("Tg", "Regular", "Medium", fl("Brigand"))}, plainObj, plainObj)
	l := i28(t, s).Label(Activate{Incarn: "Ax", ActFacts: ActFacts{Enigma: true}}, 3)
	contains(t, l, "Ax activates as an Enigma: D6 3, nothing happens.")
	if !fig(t, s, "Ann/Ax").Activated || s.Battle.Current != nil || s.Battle.Next != "Ben" {
		t.Errorf("after Enigma 3: %+v", s.Battle.Current)
	}
	s = duel(t, "sacrosanct", []Incarn{in("Ax", "Regular", "Medium", fl("Enigma")), in("Bx", "Regular", "Medium", fl("Brigand"))},
		"sacrosanct", []Incarn{in("Tg", "Regular", "Medium", fl("Brigand"))}, plainObj, plainObj)
	i28(t, s).Do(Activate{Incarn: "Ax", ActFacts: ActFacts{Enigma: true}}, 5)
	i28(t, s).Fails("round 1 is over (Enigma)", Activate{Incarn: "Tg"}, 3)
	i28(t, s).Do(NextRound{}, 6, 1)
	i28(t, s).Fails("Bx is not an Enigma", Activate{Incarn: "Bx", ActFacts: ActFacts{Enigma: true}}, 3)
}

// line 419 Narcissist: on a 5+ it activates again at once.
func TestNarcissistAgain(t *testing.T) {
	s := fight(t, in("Ax", "Regular", "Medium", fl("Narcissist")), in("Tg", "Regular", "Medium", fl("Brigand")))
	l := i28(t, s).Label(EndActivation{}, 5)
	contains(t, l, "Ax rolls 5 and may activate again (Narcissist)")
	contains(t, l, "Ax may activate again at once.")
	i28(t, s).Do(Activate{}, 2) // the extra activation
	if s.Battle.Current.Figure != "Ann/Ax" {
		t.Fatalf("activating %s", s.Battle.Current.Figure)
	}
}

// SP-As: line 239 Enforcer D6, line 293 Gasser D4 at each enemy, line 365
// Iconoclast (a 1 on the target's Action die stuns), line 519 Smasher (AD =
// ACs spent charging), line 531 Spite (its Action die, when slain), line
// 185 Carrion D8.
func TestSpecials(t *testing.T) {
	s := duel(t, "sacrosanct", []Incarn{in("Ax", "Regular", "Medium", fl("Gasser", "Iconoclast", "Smasher"))},
		"sacrosanct", []Incarn{in("Tg", "Regular", "Medium", fl("Brigand")), in("Ug", "Regular", "Medium", fl("Brigand"))}, plainObj, plainObj)
	i28(t, s).Do(Activate{Incarn: "Ax"}, 8)
	i28(t, s).Fails("Ax has several SP-As (Gasser, Iconoclast, Smasher); say which with --as", Special{Target: "Tg"})
	l := i28(t, s).Label(Special{Target: "Tg", As: "Gasser"}, 4, 3)
	contains(t, l, "Ax makes a SP-A D4 at Tg (Gasser): 4")
	i28(t, s).Do(Special{Target: "Ug", As: "Gasser"}, 1, 5)
	i28(t, s).Fails("already used its Gasser SP-A", Special{Target: "Tg", As: "Gasser"}, 4, 4)
	l = i28(t, s).Label(Special{Target: "Ug", As: "Iconoclast"}, 1)
	contains(t, l, "a natural 1, Ug is stunned (Iconoclast)")
	i28(t, s).Fails("give the ACs spent moving into contact", Special{Target: "Ug", As: "Smasher"})
	i28(t, s).Do(Move{ACs: 3})
	i28(t, s).Do(Special{Target: "Ug", As: "Smasher", ACs: 3}, 5)
	s = duel(t, "sacrosanct", []Incarn{in("Ax", "Regular", "Medium", fl("Brigand"))},
		"sacrosanct", []Incarn{in("Sp", "Chosen", "Medium", fl("Spite", "Carrion", "Enforcer"))}, plainObj, plainObj)
	i28(t, s).Fails("Spite strikes when its incarn is slain", Special{Incarn: "Sp", Target: "Ax", As: "Spite"})
	i28(t, s).Do(Special{Incarn: "Sp", Target: "Ax", As: "Enforcer"}, 6, 5)
	i28(t, s).Do(Slay{Incarn: "Sp"})
	l = i28(t, s).Label(Special{Incarn: "Sp", Target: "Ax", As: "Spite"}, 12, 8)
	contains(t, l, "Sp makes a SP-A D12 at Ax (Spite): 12")
	i28(t, s).Fails("Sp is slain", Special{Incarn: "Sp", Target: "Ax", As: "Carrion"})
}

// line 605 Decoy: once per game +D12; line 473 Priest: 1 AC un-stuns an ally.
func TestDecoyAndPriest(t *testing.T) {
	s := fight(t, in("Ax", "Regular", "Medium", fl("Brigand")), in("Tg", "Regular", "Medium", fl("Brigand"), "Decoy"))
	l := i28(t, s).Label(Attack{Target: "Tg", Strength: 3, DefFacts: DefFacts{Decoy: true}}, 6, 6, 6, 2, 9)
	contains(t, l, "d8 2 +9 Decoy = 11: no effect")
	if !fig(t, s, "Ben/Tg").DecoyUsed {
		t.Error("Decoy not spent")
	}
	s = duel(t, "sacrosanct", []Incarn{in("Pr", "Regular", "Medium", fl("Priest")), in("Bx", "Regular", "Medium", fl("Brigand"))},
		"sacrosanct", []Incarn{in("Tg", "Regular", "Medium", fl("Brigand"))}, plainObj, plainObj)
	s.Battle.fig("Ann/Bx").Status = StatusStunned
	i28(t, s).Do(Activate{Incarn: "Pr"}, 4)
	i28(t, s).Fails("Pr is active, not stunned", Unstun{Incarn: "Pr", By: "Pr"})
	i28(t, s).Do(Unstun{Incarn: "Bx", By: "Pr"})
	if fig(t, s, "Ann/Bx").Status != StatusActive || acs(s) != 3 {
		t.Errorf("Bx %s, ACs %d", fig(t, s, "Ann/Bx").Status, acs(s))
	}
}

// line 127 Archivist: +3 AD once the opponent has met an objective; line
// 551 Subliminal -1; line 197 Cipher strips the attacker's Butcher.
func TestArchivistSubliminalCipher(t *testing.T) {
	s := fight(t, in("Ax", "Regular", "Medium", fl("Archivist")), in("Tg", "Regular", "Medium", fl("Brigand")))
	l := i28(t, s).Label(Attack{Target: "Tg", Strength: 1}, 3, 5)
	contains(t, l, "AD 1 against")
	s = fight(t, in("Ax", "Regular", "Medium", fl("Archivist")), in("Tg", "Regular", "Medium", fl("Brigand")))
	i28(t, s).Do(MarkObjective{Player: "Ben", Objective: "loot"})
	l = i28(t, s).Label(Attack{Target: "Tg", Strength: 1}, 3, 3)
	contains(t, l, "AD 4 (+3 Archivist)")
	s = fight(t, in("Ax", "Regular", "Medium", fl("Brigand")), in("Tg", "Regular", "Medium", fl("Subliminal")))
	i28(t, s).Fails("--subliminal 2, but there are only 1 enemy Subliminals in play (Table facts)", Attack{Target: "Tg", Strength: 2, Subliminal: 2}, 3, 4, 5)
	i28(t, s).Fails("--zealots was given, but there are no allied Zealots in play", Attack{Target: "Tg", Strength: 2, Zealots: 1}, 3, 4, 5)
	l = i28(t, s).Label(Attack{Target: "Tg", Strength: 2, Subliminal: 1}, 3, 4, 5)
	contains(t, l, "(-1 Subliminal (1)), 1 success")
	s = fight(t, in("Ax", "Regular", "Medium", fl("Butcher")), in("Tg", "Regular", "Medium", fl("Cipher")))
	l = i28(t, s).Label(Attack{Target: "Tg", Strength: 1, Ciphered: true}, 2, 5)
	contains(t, l, "A-R 2, 0 successes")
}

// line 317 Grenadier: incarns within 5 of the target take half the AD;
// line 405 Mindguard: a 4+ cancels an ally's stun, 1-3 takes it.
func TestGrenadierMindguard(t *testing.T) {
	s := duel(t, "sacrosanct", []Incarn{in("Ax", "Regular", "Medium", fl("Grenadier"))},
		"sacrosanct", []Incarn{in("Tg", "Regular", "Medium", fl("Brigand")), in("Ug", "Regular", "Medium", fl("Brigand")), in("Mg", "Regular", "Medium", fl("Mindguard"))}, plainObj, plainObj)
	i28(t, s).Do(Activate{Incarn: "Ax"}, 8)
	// AD 6 on Tg (DF-R 4: stunned, Mindguard 2 takes it); Ug takes 3 (DF-R 2: stunned).
	l := i28(t, s).Label(Attack{Target: "Tg", Strength: 3, Also: []string{"Ug"}, DefFacts: DefFacts{Mindguard: "Mg"}}, 6, 6, 6, 4, 2, 2)
	if fig(t, s, "Ben/Tg").Status != StatusActive || fig(t, s, "Ben/Mg").Status != StatusStunned || fig(t, s, "Ben/Ug").Status != StatusStunned {
		t.Errorf("Tg %s Mg %s Ug %s: %s", fig(t, s, "Ben/Tg").Status, fig(t, s, "Ben/Mg").Status, fig(t, s, "Ben/Ug").Status, l)
	}
	contains(t, l, "Ug is caught too with half the AD, 3")
	i28(t, s).Fails("already attacked", Attack{Target: "Tg", Strength: 1, Also: []string{"Ug"}}, 3, 3)
}

// line 373 Imp: enemies within 5 count as having no items (Armour here).
func TestImpItems(t *testing.T) {
	s := fight(t, in("Ax", "Regular", "Medium", fl("Imp")), in("Tg", "Regular", "Medium", fl("Brigand"), "Armour"))
	l := i28(t, s).Label(Attack{Target: "Tg", Strength: 2, DefFacts: DefFacts{Imp: true}}, 6, 3, 2)
	contains(t, l, "d8 2 = 2: Tg is stunned")
}
