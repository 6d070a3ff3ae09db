package incarn28

import (
	"strings"
	"testing"
)

// seed line 37: a slain target is removed from play; line 157 Blademaster
// and line 381 Lastborn strike back at the attacker. An attacker their
// answer slays is out of play at once: its activation ends there and it
// can do nothing more.
func TestAttackerSlainByTheAnswerStops(t *testing.T) {
	for _, c := range []struct {
		name     string
		flesh    string
		strength int
		dice     []int
	}{
		// A-R 2 (no success), Tg's DF-R 5: no effect; the Blademaster's
		// D8 8 against Ax's DF-R 1: a natural 1 slays.
		{"line 157 Blademaster", "Blademaster", 1, []int{2, 5, 8, 1}},
		// A-R 6,6,6 = AD 6 against Tg's DF-R 2: slain; Lastborn 4 dies
		// striking back, its D8 8 against Ax's DF-R 1: slain.
		{"line 381 Lastborn", "Lastborn", 3, []int{6, 6, 6, 2, 4, 8, 1}},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := duel(t, "sacrosanct", []Incarn{in("Ax", "Regular", "Medium", fl("Brigand")), in("Bx", "Regular", "Medium", fl("Brigand"))},
				"sacrosanct", []Incarn{in("Tg", "Regular", "Medium", fl(c.flesh)), in("Ug", "Regular", "Medium", fl("Brigand"))}, plainObj, plainObj)
			i28(t, s).Do(Activate{Incarn: "Ax"}, 8)
			l := i28(t, s).Label(Attack{Target: "Tg", Strength: c.strength}, c.dice...)
			if f := fig(t, s, "Ann/Ax"); f.Status != StatusSlain {
				t.Fatalf("Ax is %s, want slain: %s", f.Status, l)
			}
			if s.Battle.Current != nil {
				t.Errorf("the slain Ax is still activating with %d ACs: %s", acs(s), l)
			}
			contains(t, l, "Ax is slain. Ax is out of play: its activation ends. Ben to activate.")
			i28(t, s).Fails("Ax is not activating", Move{Incarn: "Ax", ACs: 1})
			if got := labels(s); strings.Contains(got, "Ax moves") || !strings.Contains(got, "Activate Ug") {
				t.Errorf("after Ax fell: %q", got)
			}
			i28(t, s).Do(Activate{Incarn: "Ug"}, 3)
		})
	}
}

// seed line 37: slain is out of play; line 233 Empath: when an ally stuns
// an enemy it "can immediately stun" another. An Empath slain before it
// answers can do nothing more: its reaction is gone.
func TestSlainEmpathCannotAnswer(t *testing.T) {
	s := duel(t, "sacrosanct", []Incarn{in("Ax", "Regular", "Medium", fl("Brigand")), in("Em", "Regular", "Medium", fl("Empath"))},
		"sacrosanct", []Incarn{in("Tg", "Regular", "Medium", fl("Brigand")), in("Ug", "Regular", "Medium", fl("Brigand"))}, plainObj, plainObj)
	i28(t, s).Do(Activate{Incarn: "Ax"}, 8)
	l := i28(t, s).Label(Attack{Target: "Tg", Strength: 3}, 6, 6, 6, 4) // AD 6 against DF-R 4: stunned
	contains(t, l, "Em may stun another enemy")
	i28(t, s).Do(Slay{Incarn: "Em", Why: "a blow at the table"})
	i28(t, s).Fails("Em is slain", Stun{Incarn: "Ug", By: "Em", As: "empath"})
	if got := labels(s); strings.Contains(got, "Em stuns an enemy") {
		t.Errorf("a slain Empath is offered its answer: %q", got)
	}
}

// seed line 263 Exhumer: a slain enemy within 5 "is not slain but joins
// your gang" on a 5+. An activating incarn raised so was slain first: its
// activation ends before it changes sides, and it cannot go on for its
// new gang.
func TestExhumedActivatorStops(t *testing.T) {
	s := duel(t, "sacrosanct", []Incarn{in("Ax", "Regular", "Medium", fl("Brigand")), in("Bx", "Regular", "Medium", fl("Brigand"))},
		"sacrosanct", []Incarn{in("Ex", "Regular", "Medium", fl("Exhumer")), in("Ug", "Regular", "Medium", fl("Brigand"))}, plainObj, plainObj)
	i28(t, s).Do(Activate{Incarn: "Ax"}, 8)
	l := i28(t, s).Label(Slay{Incarn: "Ax", Why: "a blow at the table", DefFacts: DefFacts{Exhumer: "Ex"}}, 5)
	contains(t, l, "Ax's activation ends")
	if s.Battle.Current != nil || fig(t, s, "Ben/Ax").Side != "Ben" {
		t.Fatalf("activating %+v", s.Battle.Current)
	}
	_ = s.Status()
	_ = labels(s)
	i28(t, s).Fails("no incarn is activating", EndActivation{})
	i28(t, s).Fails("Ax has already activated this round", Activate{Incarn: "Ben/Ax"}, 3)
	i28(t, s).Do(Activate{Incarn: "Ex"}, 3)
}

// seed line 555 Tempter: enemies that take its +2 "are slain if their
// ACT-R is a natural 1". The action line, and so the report, says so.
func TestTemptedDeathIsTold(t *testing.T) {
	s := duel(t, "sacrosanct", []Incarn{in("Ax", "Regular", "Medium", fl("Brigand")), in("Bx", "Regular", "Medium", fl("Brigand"))}, "sacrosanct",
		[]Incarn{in("Tg", "Regular", "Medium", fl("Tempter"))}, plainObj, plainObj)
	l := i28(t, s).Label(Activate{Incarn: "Ax", ActFacts: ActFacts{Tempted: true}}, 1)
	if fig(t, s, "Ann/Ax").Status != StatusSlain || s.Battle.Current != nil {
		t.Fatalf("Ax %s, activating %+v", fig(t, s, "Ann/Ax").Status, s.Battle.Current)
	}
	want := "Ax activates: d8 1 +2 Tempter = 3: a natural 1 with a Tempter's +2 taken slays it (Tempter). Ax is out of play: its activation ends. Ben to activate."
	if l != want {
		t.Errorf("label\n %q\nwant\n %q", l, want)
	}
}

// seed line 381 Lastborn: on a 6 it is not slain; a Tempted Lastborn that
// lives through its natural 1 goes on with the ACs of its ACT-R.
func TestTemptedLastbornLives(t *testing.T) {
	s := duel(t, "sacrosanct", []Incarn{in("Ax", "Regular", "Medium", fl("Lastborn"))}, "sacrosanct",
		[]Incarn{in("Tg", "Regular", "Medium", fl("Tempter"))}, plainObj, plainObj)
	l := i28(t, s).Label(Activate{Incarn: "Ax", ActFacts: ActFacts{Tempted: true}}, 1, 6)
	contains(t, l, "slays it (Tempter). Lastborn rolls 6: Ax shrugs off death and strikes back; it has 3 ACs.")
	if acs(s) != 3 {
		t.Errorf("%d ACs", acs(s))
	}
}
