package incarn28

import (
	"strings"
	"testing"

	"warlog/engines"
)

// seed line 415 Mulligan: "slay themselves for N ACs"; the ACs are spent
// and the activation ends.
func TestMulligan(t *testing.T) {
	s := fight(t, in("Ax", "Regular", "Medium", fl("Mulligan")), in("Tg", "Regular", "Medium", fl("Brigand")))
	i28(t, s).Fails("Ax has 8 ACs left; slaying itself (Mulligan 9) needs 9 (ACs)", Slay{Incarn: "Ax", Mulligan: 9})
	i28(t, s).Fails("--mulligan gives the ACs the Mulligan spends, 1 or more (Mulligan)", Slay{Incarn: "Ax", Mulligan: -1})
	i28(t, s).Fails("a Mulligan slays itself; leave out --by and --dagger", Slay{Incarn: "Ax", Mulligan: 2, Dagger: true})
	i28(t, s).Fails("Tg is not activating", Slay{Incarn: "Tg", Mulligan: 2})
	l := i28(t, s).Label(Slay{Incarn: "Ax", Mulligan: 3})
	contains(t, l, "Ax spends 3 ACs and slays itself (Mulligan): move 3 incarns anywhere in play.")
	if f := fig(t, s, "Ann/Ax"); f.Status != StatusSlain {
		t.Errorf("Ax is %s, want slain", f.Status)
	}
	if s.Battle.Current != nil || s.Battle.Next != "Ben" {
		t.Errorf("the activation goes on: %+v, next %q", s.Battle.Current, s.Battle.Next)
	}
	s = fight(t, in("Ax", "Regular", "Medium", fl("Brigand")), in("Tg", "Regular", "Medium", fl("Brigand")))
	i28(t, s).Fails("Ax is not a Mulligan", Slay{Incarn: "Ax", Mulligan: 2})
}

// seed line 197 Cipher: "count as having no Fleshtype" also strips
// Automaton (line 141) and the "when slain" Fleshtypes: Lastborn (line
// 381), Hive (line 347).
func TestCipherStripsEveryFleshtype(t *testing.T) {
	// Automaton near an enemy Cipher is stunned like anyone.
	s := fight(t, in("Ax", "Regular", "Medium", fl("Cipher")), in("Tg", "Regular", "Medium", fl("Automaton")))
	l := i28(t, s).Label(Attack{Target: "Tg", Strength: 3, DefFacts: DefFacts{Ciphered: true}}, 3, 2, 6, 2)
	if got := fig(t, s, "Ben/Tg").Status; got != StatusStunned {
		t.Errorf("ciphered Automaton is %s, want stunned: %s", got, l)
	}
	s = fight(t, in("Ax", "Regular", "Medium", fl("Cipher")), in("Tg", "Regular", "Medium", fl("Automaton")))
	l = i28(t, s).Label(Attack{Target: "Tg", Strength: 3}, 3, 2, 6, 2)
	if got := fig(t, s, "Ben/Tg").Status; got != StatusActive {
		t.Errorf("Automaton away from the Cipher is %s, want active: %s", got, l)
	}
	contains(t, l, "Tg ignores the stun (Automaton)")
	// Lastborn near a Cipher dies without its D6 (no die asked for).
	s = fight(t, in("Ax", "Regular", "Medium", fl("Cipher")), in("Tg", "Regular", "Medium", fl("Lastborn")))
	i28(t, s).Do(Attack{Target: "Tg", Strength: 3, DefFacts: DefFacts{Ciphered: true}}, 6, 6, 6, 2)
	if got := fig(t, s, "Ben/Tg").Status; got != StatusSlain {
		t.Errorf("ciphered Lastborn is %s, want slain", got)
	}
	// Hive near a Cipher leaves no worms.
	s = fight(t, in("Ax", "Regular", "Medium", fl("Cipher")), in("Tg", "Regular", "Medium", fl("Hive")))
	i28(t, s).Do(Attack{Target: "Tg", Strength: 3, DefFacts: DefFacts{Ciphered: true}}, 6, 6, 6, 2)
	if len(s.Battle.Figures) != 2 {
		t.Errorf("%d figures: a ciphered Hive still spawned worms", len(s.Battle.Figures))
	}
	// A table-recorded stun of a ciphered Automaton, and a refusal when no
	// enemy Cipher is in play.
	s = fight(t, in("Ax", "Regular", "Medium", fl("Cipher")), in("Tg", "Regular", "Medium", fl("Automaton")))
	i28(t, s).Do(Stun{Incarn: "Tg", Ciphered: true})
	if got := fig(t, s, "Ben/Tg").Status; got != StatusStunned {
		t.Errorf("recorded stun of a ciphered Automaton: %s", got)
	}
	i28(t, s).Fails("--target-ciphered was given, but there are no Ciphers hostile to the target in play", Stun{Incarn: "Ax", Ciphered: true})
}

// choice finds the play menu's choice with the label.
func choice(t *testing.T, s *State, label string) engines.Choice {
	t.Helper()
	for _, c := range s.Choices() {
		if c.Label == label {
			return c
		}
	}
	t.Fatalf("no choice %q in %q", label, labels(s))
	return engines.Choice{}
}

func prompts(c engines.Choice) string {
	var out []string
	for _, q := range c.Questions {
		out = append(out, q.Key)
	}
	return strings.Join(out, ",")
}

// The play menu asks the defender's table facts when an incarn in play
// makes them count: seed line 507 Sentinel (+D6 for it and allies within
// 5), line 473 Priest (+1 within 10), line 527 Soothsayer, line 369
// Illusionist; the answers change the roll.
func TestPlayAsksDefenceFacts(t *testing.T) {
	s := duel(t, "sacrosanct", []Incarn{in("Ax", "Regular", "Medium", fl("Brigand"))}, "sacrosanct",
		[]Incarn{in("Tg", "Regular", "Medium", fl("Brigand")), in("Sn", "Regular", "Medium", fl("Sentinel", "Priest"))}, plainObj, plainObj)
	i28(t, s).Do(Activate{Incarn: "Ax"}, 8)
	c := choice(t, s, "Ax attacks")
	if got := prompts(c); got != "target,strength,obscured,sentinel,priests" {
		t.Fatalf("questions %s", got)
	}
	// Against Sn itself the Sentinel question has only "no": its own
	// Sentinel counts by itself.
	if opts := c.Questions[3].Options(map[string]string{"target": "Ben/Sn"}); len(opts) != 1 || opts[0].Value != "no" {
		t.Errorf("Sentinel options against the Sentinel: %+v", opts)
	}
	if opts := c.Questions[4].Options(map[string]string{"target": "Ben/Tg"}); len(opts) != 2 {
		t.Errorf("Priest options against Tg: %+v", opts)
	}
	cmd, _ := c.Build(map[string]string{"target": "Ben/Tg", "strength": "3", "obscured": "no", "sentinel": "yes", "priests": "1"})
	// A-R 3,2,6 = AD 3; DF-R d8 2 +3 Sentinel +1 Priest = 6 holds.
	l := i28(t, s).Label(cmd, 3, 2, 6, 2, 3)
	contains(t, l, "d8 2 +3 Sentinel +1 Priest = 6: no effect")
	if got := fig(t, s, "Ben/Tg").Status; got != StatusActive {
		t.Errorf("Tg %s", got)
	}
}

// The play menu offers a Hermit's activation to an ally that has already
// activated (seed line 343).
func TestPlayOffersHermit(t *testing.T) {
	s := duel(t, "sacrosanct", []Incarn{in("Ax", "Regular", "Medium", fl("Brutal")), in("Hm", "Regular", "Medium", fl("Hermit"))},
		"sacrosanct", []Incarn{in("Tg", "Regular", "Medium", fl("Brigand")), in("Ug", "Regular", "Medium", fl("Brigand"))}, plainObj, plainObj)
	if strings.Contains(labels(s), "Hermit") {
		t.Errorf("a Hermit offered before any ally activated: %s", labels(s))
	}
	i28(t, s).Do(Activate{Incarn: "Ax"}, 3)
	i28(t, s).Do(Activate{Incarn: "Tg"}, 3)
	i28(t, s).Do(EndActivation{})
	c := choice(t, s, "Hm gives its activation to Ax (Hermit)")
	if got := prompts(c); got != "enemy5" {
		t.Errorf("the ally's questions: %s", got)
	}
	cmd, _ := c.Build(map[string]string{"enemy5": "yes"})
	i28(t, s).Do(cmd, 2)
	if acs(s) != 6 || !fig(t, s, "Ann/Hm").Activated {
		t.Errorf("%d ACs (want 2 +4 Brutal), Hermit activated %v", acs(s), fig(t, s, "Ann/Hm").Activated)
	}
}

// seed line 535 Spy: its enemies treat it as an ally until it attacks.
func TestSpy(t *testing.T) {
	s := duel(t, "sacrosanct", []Incarn{in("Ax", "Regular", "Medium", fl("Brigand"))}, "sacrosanct",
		[]Incarn{in("Sp", "Regular", "Medium", fl("Spy")), in("Ug", "Regular", "Medium", fl("Brigand"))}, plainObj, plainObj)
	i28(t, s).Do(Activate{Incarn: "Ax"}, 8)
	i28(t, s).Fails("Sp is a Spy its enemies take for a friend until it attacks", Attack{Target: "Sp", Strength: 1}, 3, 3)
	i28(t, s).Do(EndActivation{})
	i28(t, s).Do(Activate{Incarn: "Sp"}, 4)
	l := i28(t, s).Label(Attack{Target: "Ax", Strength: 1}, 2, 5)
	contains(t, l, "Sp is unmasked")
	i28(t, s).Do(EndActivation{})
	i28(t, s).Do(Activate{Incarn: "Ug"}, 3)
	i28(t, s).Do(NextRound{}, 6, 1)
	i28(t, s).Do(Activate{Incarn: "Ax"}, 8)
	i28(t, s).Do(Attack{Target: "Sp", Strength: 1}, 3, 3)
}

// seed line 615 Portshield: attacks on allies within 5 hit the bearer.
func TestPortshield(t *testing.T) {
	s := duel(t, "sacrosanct", []Incarn{in("Ax", "Regular", "Medium", fl("Brigand"))}, "sacrosanct",
		[]Incarn{in("Tg", "Regular", "Light", fl("Brigand")), in("Ps", "Regular", "Heavy", fl("Brigand"), "Portshield")}, plainObj, plainObj)
	i28(t, s).Do(Activate{Incarn: "Ax"}, 8)
	i28(t, s).Fails("Tg is not an ally of Ps in play carrying a Portshield (Portshield)", Attack{Target: "Ps", Strength: 1, DefFacts: DefFacts{Portshield: "Tg"}}, 3, 3)
	// AD 3 against Ps's d12 2: stunned; Tg untouched.
	l := i28(t, s).Label(Attack{Target: "Tg", Strength: 3, DefFacts: DefFacts{Portshield: "Ps"}}, 3, 2, 6, 2)
	contains(t, l, "Ax attacks Ps (its Portshield takes the attack meant for Tg) with strength 3")
	if fig(t, s, "Ben/Ps").Status != StatusStunned || fig(t, s, "Ben/Tg").Status != StatusActive {
		t.Errorf("Ps %s, Tg %s", fig(t, s, "Ben/Ps").Status, fig(t, s, "Ben/Tg").Status)
	}
}

// seed line 233 Empath: when an ally stuns an enemy, it may stun a
// different enemy; the log opens the chance, the table names the target.
func TestEmpath(t *testing.T) {
	s := duel(t, "sacrosanct", []Incarn{in("Ax", "Regular", "Medium", fl("Brigand")), in("Em", "Regular", "Medium", fl("Empath"))}, "sacrosanct",
		[]Incarn{in("Tg", "Regular", "Medium", fl("Brigand")), in("Ug", "Regular", "Medium", fl("Brigand"))}, plainObj, plainObj)
	i28(t, s).Fails("Em has no Empath reaction open: one opens when an ally stuns an enemy", Stun{Incarn: "Ug", By: "Em", As: "empath"})
	i28(t, s).Do(Activate{Incarn: "Ax"}, 8)
	l := i28(t, s).Label(Attack{Target: "Tg", Strength: 3}, 3, 2, 6, 2)
	contains(t, l, "Em may stun another enemy within 10 if Tg was within 10 of it (Empath)")
	i28(t, s).Fails("the Empath must pick a different enemy than Tg", Stun{Incarn: "Tg", By: "Em", As: "empath"})
	i28(t, s).Fails("--as is empath or grudger", Stun{Incarn: "Ug", By: "Em", As: "healer"})
	c := choice(t, s, "Em stuns an enemy (Empath)")
	if opts := c.Questions[0].Options(nil); len(opts) != 1 || opts[0].Value != "Ben/Ug" {
		t.Errorf("Empath targets %+v", opts)
	}
	i28(t, s).Do(Stun{Incarn: "Ug", By: "Em", As: "empath"})
	if fig(t, s, "Ben/Ug").Status != StatusStunned {
		t.Errorf("Ug is %s", fig(t, s, "Ben/Ug").Status)
	}
	i28(t, s).Fails("Em has no Empath reaction open", Stun{Incarn: "Ug", By: "Em", As: "empath"})
	// A chance not taken lapses when the activation ends.
	s = duel(t, "sacrosanct", []Incarn{in("Ax", "Regular", "Medium", fl("Brigand")), in("Em", "Regular", "Medium", fl("Empath"))}, "sacrosanct",
		[]Incarn{in("Tg", "Regular", "Medium", fl("Brigand")), in("Ug", "Regular", "Medium", fl("Brigand"))}, plainObj, plainObj)
	i28(t, s).Do(Activate{Incarn: "Ax"}, 8)
	i28(t, s).Do(Attack{Target: "Tg", Strength: 3}, 3, 2, 6, 2)
	i28(t, s).Do(EndActivation{})
	i28(t, s).Fails("Em has no Empath reaction open", Stun{Incarn: "Ug", By: "Em", As: "empath"})
}

// seed line 323 Grudger: when the opponent completes an objective, a D6
// of 4+ lets it stun an enemy within 20.
func TestGrudger(t *testing.T) {
	for _, c := range []struct {
		die  int
		open bool
	}{{4, true}, {3, false}} {
		s := duel(t, "sacrosanct", []Incarn{in("Ax", "Regular", "Medium", fl("Brigand"))}, "sacrosanct",
			[]Incarn{in("Gr", "Regular", "Medium", fl("Grudger"))}, plainObj, plainObj)
		l := i28(t, s).Label(MarkObjective{Player: "Ann", Objective: "loot"}, c.die)
		if c.open {
			contains(t, l, "Gr's grudge D6 shows 4; Gr may stun an enemy within 20 (Grudger)")
			i28(t, s).Do(Stun{Incarn: "Ax", By: "Gr", As: "grudger"})
			if fig(t, s, "Ann/Ax").Status != StatusStunned {
				t.Errorf("Ax is %s", fig(t, s, "Ann/Ax").Status)
			}
		} else {
			contains(t, l, "Gr's grudge D6 shows 3: nothing")
			i28(t, s).Fails("Gr has no Grudger reaction open", Stun{Incarn: "Ax", By: "Gr", As: "grudger"})
		}
	}
}

// seed line 185 Carrion: an enemy slain lets it SP-A D8 another enemy;
// line 531 Spite: slain, it strikes each enemy within 5 once.
func TestCarrionAndSpite(t *testing.T) {
	s := duel(t, "sacrosanct", []Incarn{in("Ax", "Regular", "Medium", fl("Brigand")), in("Cr", "Regular", "Medium", fl("Carrion"))}, "sacrosanct",
		[]Incarn{in("Tg", "Regular", "Medium", fl("Brigand")), in("Ug", "Regular", "Medium", fl("Brigand"))}, plainObj, plainObj)
	i28(t, s).Fails("Cr has no Carrion reaction open: one opens when an enemy is slain", Special{Incarn: "Cr", Target: "Ug", As: "Carrion"})
	i28(t, s).Do(Activate{Incarn: "Ax"}, 8)
	l := i28(t, s).Label(Attack{Target: "Tg", Strength: 3}, 6, 6, 6, 2)
	contains(t, l, "Cr may make a SP-A D8 at another enemy within 10 if Tg died within 10 of it (Carrion)")
	l = i28(t, s).Label(Special{Incarn: "Cr", Target: "Ug", As: "Carrion"}, 5, 3)
	contains(t, l, "Cr makes a SP-A D8 at Ug (Carrion): 5. AD 5 against Ug's DF-R d8 3 = 3: Ug is stunned")
	i28(t, s).Fails("Cr has no Carrion reaction open", Special{Incarn: "Cr", Target: "Ug", As: "Carrion"})

	s = duel(t, "sacrosanct", []Incarn{in("Ax", "Regular", "Medium", fl("Brigand")), in("Bx", "Regular", "Medium", fl("Brigand"))}, "sacrosanct",
		[]Incarn{in("Sp", "Rabble", "Medium", fl("Spite"))}, plainObj, plainObj)
	i28(t, s).Do(Activate{Incarn: "Ax"}, 8)
	l = i28(t, s).Label(Attack{Target: "Sp", Strength: 3}, 6, 6, 6, 2)
	contains(t, l, "Sp may strike each enemy within 5 with a SP-A D6 (Spite)")
	i28(t, s).Do(Special{Incarn: "Sp", Target: "Ax", As: "Spite"}, 4, 3)
	i28(t, s).Fails("Sp's Spite has already struck Ax", Special{Incarn: "Sp", Target: "Ax", As: "Spite"})
	i28(t, s).Do(Special{Incarn: "Sp", Target: "Bx", As: "Spite"}, 1, 5)
	i28(t, s).Do(EndActivation{})
	if len(s.Battle.Reactions) != 0 {
		t.Errorf("reactions left after the activation: %+v", s.Battle.Reactions)
	}
}

// seed line 163 Bleeder: at the end of round 4 it dies and slays what is
// in base contact with it (named by the table).
func TestBleeder(t *testing.T) {
	s := duel(t, "sacrosanct", []Incarn{in("Bl", "Regular", "Medium", fl("Bleeder")), in("Ax", "Regular", "Medium", fl("Brigand"))}, "sacrosanct",
		[]Incarn{in("Tg", "Regular", "Medium", fl("Brigand")), in("Ug", "Regular", "Medium", fl("Brigand"))}, plainObj, plainObj)
	for _, f := range s.Battle.Figures {
		f.Activated = true
	}
	i28(t, s).Fails("--bleeder-contact is only for the end of round 4 with a Bleeder in play (this is the end of round 1)", NextRound{BleederContacts: []string{"Tg"}}, 6, 1)
	s.Battle.Round = 4
	i28(t, s).Fails("Bl cannot be named in base contact with a Bleeder", NextRound{BleederContacts: []string{"Bl"}}, 6, 1)
	l := i28(t, s).Label(NextRound{BleederContacts: []string{"Tg", "Ax"}}, 6, 1)
	contains(t, l, "Bl bursts at the end of round 4 (Bleeder); Tg, in base contact, dies with it; Ax, in base contact, dies with it")
	for k, want := range map[string]string{"Ann/Bl": StatusSlain, "Ben/Tg": StatusSlain, "Ann/Ax": StatusSlain, "Ben/Ug": StatusActive} {
		if got := fig(t, s, k).Status; got != want {
			t.Errorf("%s is %s, want %s", k, got, want)
		}
	}
}

// seed line 29: "Players roll off & the higher roller chooses a board
// edge and deploys"; the roll-off follows the twist die, ties rolled
// again. Line 135 Assassin and line 169 Brigand deploy otherwise: the
// label reminds the table.
func TestDeploymentRollOff(t *testing.T) {
	s := testState()
	i28(t, s).Do(FoundGang{Player: "Ann", Faction: "sacrosanct", Incarns: []Incarn{in("Ax", "Regular", "Medium", fl("Assassin"))}})
	i28(t, s).Do(FoundGang{Player: "Ben", Faction: "sacrosanct", Incarns: []Incarn{in("Tg", "Regular", "Medium", fl("Brigand"))}})
	i28(t, s).Fails("this action needs at least 6 dice", engines.StartScenario{Name: "G"}, 3, 6, 3, 6, 6)
	l := i28(t, s).Label(engines.StartScenario{Name: "G"}, 3, 6, 3, 6, 6, 2, 2, 1, 5)
	contains(t, l, "the twist is Enraging Squall (6). Deployment roll-off tied (Ann 2, Ben 2): again; deployment roll-off Ann 1 against Ben 5: Ben chooses an edge and deploys first, Ann opposite.")
	contains(t, l, "Brigands (Tg) may deploy in base contact with any terrain; Assassins (Ax) are not deployed")
	if s.Battle.Deployer != "Ben" {
		t.Errorf("deployer %q", s.Battle.Deployer)
	}
}

// seed line 645 Flensing Mist: a random neutral edge; at each round's end
// it flows 2D6 in; those caught take a SP-A D6 at their next activation.
// Line 339 Haruspex: its gang may move 5 before round 1.
func TestFlensingMist(t *testing.T) {
	s := testState()
	i28(t, s).Do(FoundGang{Player: "Ann", Faction: "sacrosanct", Incarns: []Incarn{in("Ax", "Regular", "Medium", fl("Haruspex"))}})
	i28(t, s).Do(FoundGang{Player: "Ben", Faction: "sacrosanct", Incarns: []Incarn{in("Tg", "Regular", "Medium", fl("Brigand"))}})
	// Twist 2, edge die 5 (right), deployment roll-off 6,1.
	l := i28(t, s).Label(engines.StartScenario{Name: "G"}, 3, 6, 3, 6, 2, 5, 6, 1)
	contains(t, l, "the twist is Flensing Mist (2), its Mist rolling in from the edge on the right of Ann's.")
	l = i28(t, s).Label(NextRound{}, 6, 1)
	contains(t, l, "Haruspex: Ann may now move each of its incarns 5")
	i28(t, s).Fails("the Mist has not flowed yet", Activate{Incarn: "Ax", ActFacts: ActFacts{Mist: true}}, 3, 3, 3)
	i28(t, s).Do(Activate{Incarn: "Ax"}, 3)
	i28(t, s).Do(Activate{Incarn: "Tg"}, 3)
	// End of round 1: the Mist's 2D6 4,3, then the roll-off.
	l = i28(t, s).Label(NextRound{}, 4, 3, 6, 1)
	contains(t, l, "the Flensing Mist flows 4+3 = 7 in from the edge on the right of Ann's")
	if s.Battle.MistReach != 7 || s.Battle.MistRound != 1 {
		t.Errorf("mist %d at round %d", s.Battle.MistReach, s.Battle.MistRound)
	}
	if q := prompts(choice(t, s, "Activate Ax")); q != "mist" {
		t.Errorf("questions %s", q)
	}
	// ACT-R 3, the Mist's SP-A D6 4 against DF-R 2: stunned.
	l = i28(t, s).Label(Activate{Incarn: "Ax", ActFacts: ActFacts{Mist: true}}, 3, 4, 2)
	contains(t, l, "The Flensing Mist flays Ax for 4; AD 4 against Ax's DF-R d8 2 = 2: Ax is stunned")
	if fig(t, s, "Ann/Ax").Status != StatusStunned {
		t.Errorf("Ax is %s", fig(t, s, "Ann/Ax").Status)
	}
}

// Fleshtypes the table resolves get the log's part and a reminder: seed
// line 511 Shadow (3 ACs), line 469 Poltergeist (its attack's AD shoves
// terrain), line 503 Screamer (push 1 per AD), line 465 Pest (a D8 was
// rolled), line 311 Gravedigger, lines 479/579 Proximate and Wanderer on
// a move, line 483 Puppeteer and line 135 Assassin on an activation.
func TestTableFleshtypes(t *testing.T) {
	s := fight(t, in("Ax", "Regular", "Medium", fl("Shadow", "Proximate", "Wanderer")), in("Tg", "Regular", "Medium", fl("Brigand")))
	cmd, _ := choice(t, s, "Ax jumps to another incarn (Shadow, 3 ACs)").Build(nil)
	l := i28(t, s).Label(cmd)
	contains(t, l, "Ax spends 3 ACs and slips from base contact into base contact with another incarn (Shadow); 5 ACs left.")
	l = i28(t, s).Label(Move{Incarn: "Ax", ACs: 1})
	contains(t, l, "Allies within 5 move with it, keeping their places (Proximate). It may leave by an edge")
	s = fight(t, in("Ax", "Regular", "Medium", fl("Brigand")), in("Tg", "Regular", "Medium", fl("Brigand")))
	i28(t, s).Fails("Ax is not a Shadow (Shadow)", Move{Incarn: "Ax", Shadow: true})
	i28(t, s).Fails("only a Poltergeist attacks terrain; Ax is not one (Poltergeist)", Attack{Target: "terrain", Strength: 1}, 3)

	s = fight(t, in("Ax", "Regular", "Medium", fl("Poltergeist", "Screamer")), in("Tg", "Regular", "Medium", fl("Pest")))
	if opts := choice(t, s, "Ax attacks").Questions[0].Options(nil); opts[len(opts)-1].Value != "terrain" {
		t.Errorf("no terrain target in play: %+v", opts)
	}
	l = i28(t, s).Label(Attack{Target: "terrain", Strength: 2}, 3, 6)
	contains(t, l, "Ax attacks a terrain piece with strength 2: A-R 3, 6!, 3 successes: AD 3; it may move the terrain piece up to 3 (Poltergeist).")
	i28(t, s).Fails("Ax has already attacked this activation", Attack{Target: "Tg", Strength: 1}, 3, 3)
	s = fight(t, in("Ax", "Regular", "Medium", fl("Screamer")), in("Tg", "Regular", "Medium", fl("Pest")))
	l = i28(t, s).Label(Attack{Target: "Tg", Strength: 1}, 3, 8)
	contains(t, l, "Ax may push Tg up to 1, 1 per point of AD (Screamer)")
	contains(t, l, "A D8 was rolled: Tg may move 5 (Pest).")

	s = duel(t, "sacrosanct", []Incarn{in("Ax", "Regular", "Medium", fl("Brigand")), in("Gd", "Regular", "Medium", fl("Gravedigger"))}, "sacrosanct",
		[]Incarn{in("Tg", "Regular", "Light", fl("Brigand"))}, plainObj, plainObj)
	i28(t, s).Do(Activate{Incarn: "Ax"}, 8)
	l = i28(t, s).Label(Attack{Target: "Tg", Strength: 3}, 6, 6, 6, 2)
	contains(t, l, "if Tg died within 5 of Gd, it may pull any incarn to within 5 of itself (Gravedigger)")

	s = duel(t, "sacrosanct", []Incarn{in("Ax", "Regular", "Medium", fl("Assassin", "Puppeteer"))}, "sacrosanct",
		[]Incarn{in("Tg", "Regular", "Light", fl("Brigand"))}, plainObj, plainObj)
	l = i28(t, s).Label(Activate{Incarn: "Ax"}, 4)
	contains(t, l, "4 ACs; Assassin: place it anywhere in play first; once this activation it may move itself or an incarn within 10 anywhere within 10 (Puppeteer).")
}

// seed line 631 Hunt: the Deathbeast attacks the closest incarn; only the
// table knows which, so play asks it and the label says so.
func TestDeathbeastAttacksClosest(t *testing.T) {
	s := duel(t, "court", []Incarn{in("Ax", "Regular", "Medium", fl("Brigand"))},
		"court", []Incarn{in("Tg", "Regular", "Medium", fl("Brigand"))}, [2]int{4, 5}, [2]int{2, 5})
	i28(t, s).Do(Activate{Incarn: "Ax"}, 3)
	i28(t, s).Do(Activate{Incarn: "Tg"}, 3)
	i28(t, s).Do(Activate{Incarn: "Deathbeast"}, 10)
	c := choice(t, s, "Deathbeast attacks")
	if p := c.Questions[0].Prompt; !strings.Contains(p, "closest to the Deathbeast") {
		t.Errorf("prompt %q", p)
	}
	l := i28(t, s).Label(Attack{Target: "Tg", Strength: 1}, 3, 5)
	contains(t, l, "Deathbeast attacks the closest incarn, Tg, with strength 1: A-R 3 (+2 Butcher)")
}
