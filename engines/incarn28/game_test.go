package incarn28

import (
	"testing"

	"warlog/engines"
)

// line 33: once half or more of the starting incarns are slain, an ACT-R
// of 1 or less routs; line 583: Worms are left out of the count.
func TestMoraleAndWorms(t *testing.T) {
	setup := func(items ...string) *State {
		return duel(t, "sacrosanct",
			[]Incarn{in("Ax", "Regular", "Medium", fl("Brigand"), items...), in("Bx", "Regular", "Medium", fl("Brigand")), in("Wm", "Roach", "Weak", fl("Worm"))},
			"sacrosanct", []Incarn{in("Tg", "Regular", "Medium", fl("Hollow"))}, plainObj, plainObj)
	}
	s := setup()
	s.Battle.fig("Ann/Bx").Status = StatusSlain // 1 of 2 (the Worm is not counted)
	l := i28(t, s).Label(Activate{Incarn: "Ax"}, 1)
	if got := fig(t, s, "Ann/Ax").Status; got != StatusRouted {
		t.Errorf("Ax is %s, want routed: %s", got, l)
	}
	contains(t, l, "with 1 of 2 of the gang slain an ACT-R of 1 is a rout")
	if sl, st := s.Battle.morale("Ann"); sl != 2 || st != 2 {
		t.Errorf("morale %d of %d, want 2 of 2 (a rout counts as slain)", sl, st)
	}
	// An ACT-R of 2 holds.
	s = setup()
	s.Battle.fig("Ann/Bx").Status = StatusSlain
	i28(t, s).Do(Activate{Incarn: "Ax"}, 2)
	if got := fig(t, s, "Ann/Ax").Status; got != StatusActive {
		t.Errorf("ACT-R 2: Ax is %s, want active", got)
	}
	// line 613 Icon: "do not rout".
	s = setup("Icon")
	s.Battle.fig("Ann/Bx").Status = StatusSlain
	i28(t, s).Do(Activate{Incarn: "Ax"}, 1)
	if got := fig(t, s, "Ann/Ax").Status; got != StatusActive {
		t.Errorf("Icon: Ax is %s, want active", got)
	}
	// line 351 Hollow: enemies near it count as slain for morale.
	s = setup()
	i28(t, s).Do(Activate{Incarn: "Ax", ActFacts: ActFacts{Hollow: 1}}, 1)
	if got := fig(t, s, "Ann/Ax").Status; got != StatusRouted {
		t.Errorf("Hollow: Ax is %s, want routed", got)
	}
}

// line 29: each player rolls two objectives, different ones; line 623:
// faction modifiers; the twist (RULINGS: dice order objectives, re-rolls,
// twist).
func TestObjectiveRolls(t *testing.T) {
	s := testState()
	i28(t, s).Do(FoundGang{Player: "Ann", Faction: "court", Incarns: []Incarn{in("Ax", "Regular", "Medium", fl("Brigand"))}})
	i28(t, s).Do(FoundGang{Player: "Ben", Faction: "sacrosanct", Incarns: []Incarn{in("Tg", "Regular", "Medium", fl("Overseer"))}})
	// Ann 2,2 (both Intimidate): rolled again 1,5; Ben 3,6 +2 = Loot, Sanctify; twist 5.
	l := i28(t, s).Label(engines.StartScenario{Name: "G"}, 2, 2, 1, 5, 3, 6, 5, 6, 1)
	if got := s.Battle.Objectives["Ann"]; got[0] != 1 || got[1] != 5 {
		t.Errorf("Ann's objectives %v, want [1 5]", got)
	}
	if got := s.Battle.Objectives["Ben"]; got[0] != 5 || got[1] != 8 {
		t.Errorf("Ben's objectives %v, want [5 8]", got)
	}
	if s.Battle.Twist != 5 {
		t.Errorf("twist %d, want 5", s.Battle.Twist)
	}
	contains(t, l, "Ann (Court) must Desecrate and Loot; Ben (Sacrosanct) must Loot and Sanctify; the twist is Cerebral Void (5)")
	// line 445 Overseer: re-roll one die. Die 2 (Sanctify) -> 4+2 = Escort.
	i28(t, s).Fails("Ann's gang has no Overseer", Overseer{Player: "Ann", Die: 1})
	i28(t, s).Do(Overseer{Player: "Ben", Die: 2}, 4)
	if got := s.Battle.Objectives["Ben"]; got[0] != 5 || got[1] != 6 {
		t.Errorf("after Overseer %v, want [5 6]", got)
	}
	i28(t, s).Fails("Ben has already used the Overseer's re-roll", Overseer{Player: "Ben", Die: 2}, 4)
	// Escort puts a Blooded incarn in Ben's gang when round 1 begins.
	i28(t, s).Do(NextRound{}, 6, 1)
	if f := fig(t, s, "Ben/Escort"); f.Skill != "Blooded" || f.Starting {
		t.Errorf("escort %+v", f)
	}
	i28(t, s).Fails("objectives are chosen before the first round", Overseer{Player: "Ben", Die: 1}, 4)
}

// line 651 Cerebral Void: a natural 1 does nothing.
func TestCerebralVoid(t *testing.T) {
	s := testState()
	i28(t, s).Do(FoundGang{Player: "Ann", Faction: "schism", Incarns: []Incarn{in("Ax", "Regular", "Medium", fl("Flagellant"))}})
	i28(t, s).Do(FoundGang{Player: "Ben", Faction: "court", Incarns: []Incarn{in("Tg", "Regular", "Medium", fl("Brigand"))}})
	i28(t, s).Do(engines.StartScenario{Name: "G"}, 4, 6, 1, 5, 5, 6, 1)
	i28(t, s).Do(NextRound{}, 6, 1)
	l := i28(t, s).Label(Activate{Incarn: "Ax"}, 1)
	if acs(s) != 0 {
		t.Errorf("%d ACs, want 0: %s", acs(s), l)
	}
	contains(t, l, "Cerebral Void: a natural 1 does nothing")
}

// line 653 Enraging Squall: each incarn adds the current round's number to
// its ACT-R (a flat modifier, RULINGS: Activation).
func TestEnragingSquall(t *testing.T) {
	s := testState()
	i28(t, s).Do(FoundGang{Player: "Ann", Faction: "court", Incarns: []Incarn{in("Ax", "Regular", "Medium", fl("Brigand"))}})
	i28(t, s).Do(FoundGang{Player: "Ben", Faction: "court", Incarns: []Incarn{in("Tg", "Regular", "Medium", fl("Brigand"))}})
	l := i28(t, s).Label(engines.StartScenario{Name: "G"}, 1, 5, 1, 5, 6, 6, 1)
	contains(t, l, "the twist is Enraging Squall (6)")
	i28(t, s).Do(NextRound{}, 6, 1)
	l = i28(t, s).Label(Activate{Incarn: "Ax"}, 4)
	if acs(s) != 5 {
		t.Errorf("round 1: %d ACs, want 4 + 1: %s", acs(s), l)
	}
	contains(t, l, "+1 Enraging Squall (round 1) = 5")
	i28(t, s).Do(Activate{Incarn: "Tg"}, 3)
	i28(t, s).Do(NextRound{}, 6, 1)
	l = i28(t, s).Label(Activate{Incarn: "Ax"}, 4)
	if acs(s) != 6 {
		t.Errorf("round 2: %d ACs, want 4 + 2: %s", acs(s), l)
	}
	contains(t, l, "+2 Enraging Squall (round 2) = 6")
}

// line 647 Anarchic Spores: the incarn is picked at random.
func TestAnarchicSpores(t *testing.T) {
	s := testState()
	i28(t, s).Do(FoundGang{Player: "Ann", Faction: "court", Incarns: []Incarn{in("Ax", "Regular", "Medium", fl("Brigand")), in("Bx", "Regular", "Medium", fl("Brigand"))}})
	i28(t, s).Do(FoundGang{Player: "Ben", Faction: "court", Incarns: []Incarn{in("Tg", "Regular", "Medium", fl("Brigand"))}})
	i28(t, s).Do(engines.StartScenario{Name: "G"}, 1, 5, 1, 5, 3, 6, 1)
	i28(t, s).Do(NextRound{}, 6, 1)
	i28(t, s).Fails("picked at random under Anarchic Spores", Activate{Incarn: "Ax"}, 2, 4)
	l := i28(t, s).Label(Activate{}, 2, 4)
	if s.Battle.Current.Figure != "Ann/Bx" {
		t.Errorf("activating %s, want Ann/Bx: %s", s.Battle.Current.Figure, l)
	}
}

// line 643 Bleeding Sky: at the round's end a 6 means a SP-A D6.
func TestBleedingSky(t *testing.T) {
	s := testState()
	i28(t, s).Do(FoundGang{Player: "Ann", Faction: "sacrosanct", Incarns: []Incarn{in("Ax", "Regular", "Weak", fl("Brigand"))}})
	i28(t, s).Do(FoundGang{Player: "Ben", Faction: "sacrosanct", Incarns: []Incarn{in("Tg", "Regular", "Medium", fl("Brigand"))}})
	i28(t, s).Do(engines.StartScenario{Name: "G"}, 3, 6, 3, 6, 1, 6, 1)
	i28(t, s).Do(NextRound{}, 6, 1)
	i28(t, s).Do(Activate{Incarn: "Ax"}, 2)
	i28(t, s).Do(Activate{Incarn: "Tg"}, 2)
	// Ax rolls 6: SP-A 6 against its d4 2 -> slain; Tg rolls 3. Roll-off 2,5.
	l := i28(t, s).Label(NextRound{}, 6, 6, 2, 3, 2, 5)
	if fig(t, s, "Ann/Ax").Status != StatusSlain {
		t.Errorf("Ax is %s: %s", fig(t, s, "Ann/Ax").Status, l)
	}
	contains(t, l, "the Bleeding Sky strikes Ax for 6")
	if s.Battle.Round != 2 || s.Battle.First != "Ben" {
		t.Errorf("round %d first %s", s.Battle.Round, s.Battle.First)
	}
}

// line 31: players alternate, each incarn once per round; when one side
// is done the other activates the rest. line 191 Cerebroid +1 in the
// roll-off. line 563 Unborn returns on a 5+.
func TestRounds(t *testing.T) {
	s := duel(t, "sacrosanct", []Incarn{in("Ax", "Regular", "Medium", fl("Unborn")), in("Bx", "Regular", "Medium", fl("Brigand"))},
		"sacrosanct", []Incarn{in("Tg", "Regular", "Medium", fl("Cerebroid"))}, plainObj, plainObj)
	i28(t, s).Fails("it is Ann's turn to activate", Activate{Incarn: "Tg"}, 3)
	i28(t, s).Do(Activate{Incarn: "Ax"}, 3)
	i28(t, s).Fails("it is Ben's turn to activate", Activate{Incarn: "Bx"}, 3)
	i28(t, s).Fails("round 1 is not over: Bx, Tg still to activate", NextRound{})
	i28(t, s).Do(Activate{Incarn: "Tg"}, 3)
	i28(t, s).Fails("Tg has already activated this round", Activate{Incarn: "Tg"}, 3)
	i28(t, s).Do(Activate{Incarn: "Bx"}, 3)
	i28(t, s).Do(Slay{Incarn: "Ax", Why: "test"})
	// Unborn 5 returns Ax; roll-off Ann 4, Ben 3+1 = 4 tie, again Ann 2, Ben 2+1.
	l := i28(t, s).Label(NextRound{}, 5, 4, 3, 2, 2)
	if fig(t, s, "Ann/Ax").Status != StatusActive {
		t.Errorf("Ax is %s, want back", fig(t, s, "Ann/Ax").Status)
	}
	if s.Battle.First != "Ben" {
		t.Errorf("first %s, want Ben: %s", s.Battle.First, l)
	}
	contains(t, l, "Ax rises again (Unborn 5); roll-off tied (Ann 4, Ben 3+1 Cerebroid): again; roll-off Ann 2 against Ben 2+1 Cerebroid")
}

// Objectives tracked from the log (line 625-639) and the winner (line 29).
func TestObjectives(t *testing.T) {
	t.Run("line 627 Intimidate and a marked Loot win", func(t *testing.T) {
		// Court 2,5: Intimidate, Loot. Ben Schism 4,6: Loot, Decimate.
		s := duel(t, "court", []Incarn{in("Ax", "Regular", "Medium", fl("Brigand"))},
			"schism", []Incarn{in("Tg", "Regular", "Medium", fl("Brigand")), in("Ug", "Roach", "Weak", fl("Brigand"))}, [2]int{2, 5}, schismObj)
		i28(t, s).Do(Stun{Incarn: "Tg", By: "Ax"})
		if s.Battle.done("Ann", 2) {
			t.Fatal("Intimidate done with Ug untouched")
		}
		l := i28(t, s).Label(Slay{Incarn: "Ug", By: "Ax"})
		if !s.Battle.done("Ann", 2) {
			t.Fatalf("Intimidate not done: %s", l)
		}
		contains(t, l, "Ann completes Intimidate (all 2 enemy incarns stunned or slain)")
		i28(t, s).Fails("Intimidate is tracked from the log", MarkObjective{Player: "Ann", Objective: "intimidate"})
		i28(t, s).Fails("Ann's objectives are Intimidate and Loot, not Sanctify", MarkObjective{Player: "Ann", Objective: "sanctify"})
		l = i28(t, s).Label(MarkObjective{Player: "Ann", Objective: "loot"})
		contains(t, l, "Ann wins the game: Ann met both objectives, Intimidate and Loot!")
		if !s.Battle.Ended || s.Battle.Winner != "Ann" || s.Gangs[0].Wins != 1 {
			t.Errorf("ended %v winner %q wins %d", s.Battle.Ended, s.Battle.Winner, s.Gangs[0].Wins)
		}
		i28(t, s).Fails("no game is in progress", Activate{Incarn: "Ax"}, 3)
	})
	t.Run("line 637 Decimate: 20 B of enemies", func(t *testing.T) {
		s := duel(t, "court", []Incarn{in("Ax", "Demigod", "Immortal", fl("Brigand")), in("Bx", "Chosen", "Light", fl("Brigand"))},
			"schism", []Incarn{in("Tg", "Regular", "Medium", fl("Brigand"))}, [2]int{2, 5}, schismObj)
		i28(t, s).Do(Slay{Incarn: "Bx", By: "Tg"}) // 7 B
		if s.Battle.done("Ben", 7) {
			t.Fatal("Decimate at 7 B")
		}
		l := i28(t, s).Label(Slay{Incarn: "Ax", By: "Tg"}) // 16 B more
		contains(t, l, "Ben completes Decimate (23 B of enemies slain)")
	})
	t.Run("line 625 Desecrate: 20 hits", func(t *testing.T) {
		s := duel(t, "court", []Incarn{in("Ax", "Demigod", "Medium", fl("Venomous"))},
			"schism", []Incarn{in("Tg", "Regular", "Medium", fl("Brigand"))}, [2]int{1, 5}, schismObj)
		i28(t, s).Do(Activate{Incarn: "Ax"}, 20)
		l := i28(t, s).Label(Attack{Attacker: "Ax", Target: "desecrate", Strength: 7}, 6, 6, 6, 6, 6, 6, 6)
		if !s.Battle.done("Ann", 1) || s.Battle.Desecrate["Ann"] != 21 {
			t.Errorf("desecrate %d: %s", s.Battle.Desecrate["Ann"], l)
		}
		contains(t, l, "Ann completes Desecrate (21 hits on the objective)")
	})
	t.Run("line 629 Assassinate and line 631 Hunt", func(t *testing.T) {
		s := duel(t, "court", []Incarn{in("Ax", "Regular", "Medium", fl("Brigand"))},
			"schism", []Incarn{in("Tg", "Regular", "Medium", fl("Brigand"))}, [2]int{3, 4}, schismObj)
		target := fig(t, s, "Ben/Assassination Target")
		if target.Skill != "Chosen" || target.For != "Ann" {
			t.Fatalf("target %+v", target)
		}
		beast := fig(t, s, "Deathbeast/Deathbeast")
		if beast.Skill != "Demigod" || beast.Toughness != "Immortal" || !beast.Has("Executioner") {
			t.Fatalf("beast %+v", beast)
		}
		i28(t, s).Do(Slay{Incarn: "Assassination Target", By: "Ax"})
		if !s.Battle.done("Ann", 3) {
			t.Error("Assassinate not done")
		}
		// The Deathbeast activates after every incarn (line 631).
		i28(t, s).Fails("the Deathbeast activates at the end of the round", Activate{Incarn: "Deathbeast"}, 10)
		i28(t, s).Do(Activate{Incarn: "Ax"}, 3)
		i28(t, s).Do(Activate{Incarn: "Tg"}, 3)
		i28(t, s).Do(Activate{Incarn: "Deathbeast"}, 10)
		l := i28(t, s).Label(Slay{Incarn: "Deathbeast", By: "Ax"})
		contains(t, l, "Ann wins the game")
	})
}

// A refused command leaves the state as it was (every refusal test above
// checks this through refused); the scenario needs two gangs.
func TestStartRefusals(t *testing.T) {
	s := testState()
	i28(t, s).Fails("a game is between two gangs; 0 are named", engines.StartScenario{Name: "G"})
	i28(t, s).Do(FoundGang{Player: "Ann", Faction: "court"})
	i28(t, s).Do(FoundGang{Player: "Ben", Faction: "court"})
	i28(t, s).Fails("Ann's gang has no incarns", engines.StartScenario{Name: "G"})
	i28(t, s).Fails("ann already has a gang", FoundGang{Player: "ann", Faction: "court"})
	i28(t, s).Fails(`no faction "cult"; choose court, schism or sacrosanct`, FoundGang{Player: "Cas", Faction: "cult"})
	i28(t, s).Fails("takes field when a scenario starts, not turns", engines.StartScenario{Name: "G", Turns: 3})
}

// Ruling: without a name the next incarn in gang order of the side to move
// activates; an attack without an attacker is the activating incarn's, and
// a target's name resolves among the attacker's enemies first; labels say
// whose incarn it is when names repeat.
func TestDefaultNames(t *testing.T) {
	s := duel(t, "sacrosanct", []Incarn{in("Brute", "Regular", "Medium", fl("Brigand")), in("Runt", "Roach", "Weak", fl("Brigand"))},
		"sacrosanct", []Incarn{in("Brute", "Regular", "Medium", fl("Brigand")), in("Runt", "Roach", "Weak", fl("Brigand"))}, plainObj, plainObj)
	l := i28(t, s).Label(Activate{}, 5)
	if s.Battle.Current.Figure != "Ann/Brute" {
		t.Fatalf("activating %s, want Ann/Brute", s.Battle.Current.Figure)
	}
	contains(t, l, "Ann's Brute activates: d8 5 = 5")
	l = i28(t, s).Label(Attack{Target: "Bru", Strength: 1}, 3, 5)
	contains(t, l, "Ann's Brute attacks Ben's Brute with strength 1")
	l = i28(t, s).Label(Activate{}, 2)
	if s.Battle.Current.Figure != "Ben/Brute" {
		t.Fatalf("activating %s, want Ben/Brute: %s", s.Battle.Current.Figure, l)
	}
	i28(t, s).Fails("Ben's Brute has 2 ACs left; moving needs 3", Move{ACs: 3})
}

// line 633-639: Loot, Escort and Sanctify are reported at the table; the
// first player with both objectives wins (line 29), and the chronicle
// records the result.
func TestRecordedObjectives(t *testing.T) {
	// Sacrosanct 3,4 = Loot, Escort; Ben Sacrosanct 6,3 = Sanctify, Loot.
	s := duel(t, "sacrosanct", []Incarn{in("Ax", "Regular", "Medium", fl("Brigand"))},
		"sacrosanct", []Incarn{in("Tg", "Regular", "Medium", fl("Brigand"))}, [2]int{3, 4}, [2]int{6, 3})
	i28(t, s).Do(MarkObjective{Player: "ben", Objective: "sanctify"})
	i28(t, s).Do(MarkObjective{Player: "Ann", Objective: "escort"})
	i28(t, s).Fails("Ann has already completed Escort", MarkObjective{Player: "Ann", Objective: "escort"})
	l := i28(t, s).Label(MarkObjective{Player: "Ann", Objective: "loot"})
	contains(t, l, "Ann wins the game")
	sc := s.Scenarios()
	if len(sc) != 1 || sc[0].Result != "Ann wins" || sc[0].Consequences[1] != "Ben's gang records a loss" {
		t.Errorf("chronicle %+v", sc)
	}
	if name, _ := s.Now(); name != "" {
		t.Errorf("Now() = %q after the game", name)
	}
}
