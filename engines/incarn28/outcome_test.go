package incarn28

import (
	"reflect"
	"testing"

	"warlog/engines"
)

// seed line 29: "The player that achieves their objectives first wins the
// game." The outcome names that player, the fate of every incarn that
// fought (Cas's gang, which did not play, has none) and an ID that follows
// the gang member from game to game, whatever its name.
func TestOutcome(t *testing.T) {
	s := testState()
	i28(t, s).Do(FoundGang{Player: "Ann", Faction: "sacrosanct", Incarns: []Incarn{in("Ax", "Regular", "Medium", fl("Brigand")), in("Bx", "Roach", "Weak", fl("Brigand"))}})
	i28(t, s).Do(FoundGang{Player: "Ben", Faction: "sacrosanct", Incarns: []Incarn{in("Tg", "Regular", "Medium", fl("Brigand")), in("Ug", "Roach", "Weak", fl("Brigand"))}})
	i28(t, s).Do(FoundGang{Player: "Cas", Faction: "court", Incarns: []Incarn{in("Cx", "Roach", "Weak", fl("Brigand"))}})
	// Sacrosanct 3,6: Loot and Sanctify for both; the twist Enraging Squall;
	// Ann deploys and then activates first.
	i28(t, s).Do(engines.StartScenario{Name: "One", Field: []string{"Ann", "Ben"}}, 3, 6, 3, 6, 6, 6, 1)
	i28(t, s).Do(NextRound{}, 6, 1)
	i28(t, s).Do(Activate{Incarn: "Ax"}, 5)
	i28(t, s).Do(Slay{Incarn: "Ug", By: "Ax"})
	i28(t, s).Do(MarkObjective{Player: "Ann", Objective: "loot"})
	i28(t, s).Do(MarkObjective{Player: "Ann", Objective: "sanctify"})

	sc := s.Scenarios()
	if len(sc) != 1 || sc[0].Outcome == nil {
		t.Fatalf("scenarios %+v", sc)
	}
	o := sc[0].Outcome
	if o.Winner != "Ann" || o.Draw || sc[0].Winner != "Ann" {
		t.Errorf("winner %q, draw %v, summary winner %q; want Ann", o.Winner, o.Draw, sc[0].Winner)
	}
	wantSides := []engines.SideResult{
		{Name: "Ann", Player: "Ann", Won: true, Score: 2, Scored: "objectives met"},
		{Name: "Ben", Player: "Ben", Score: 0, Scored: "objectives met"},
	}
	if !reflect.DeepEqual(o.Sides, wantSides) {
		t.Errorf("sides %+v\nwant %+v", o.Sides, wantSides)
	}
	wantFates := []engines.Fate{
		// One activation, the one above, in which Ax slew Ug: one harm dealt
		// and one taken (seed line 37: a slaying is harm).
		{ID: "Ann#1", Name: "Ax", Side: "Ann", Fate: "survived", Removals: 1, Activations: 1, Dealt: 1},
		{ID: "Ann#2", Name: "Bx", Side: "Ann", Fate: "survived"},
		{ID: "Ben#1", Name: "Tg", Side: "Ben", Fate: "survived"},
		{ID: "Ben#2", Name: "Ug", Side: "Ben", Fate: "slain", Taken: 1},
	}
	if !reflect.DeepEqual(o.Figures, wantFates) {
		t.Errorf("fates %+v\nwant %+v", o.Figures, wantFates)
	}
	wantLines := []string{"Ann's gang records a win", "Ben's gang records a loss", "slain incarns return for the next game (the seed has no injuries)"}
	if !reflect.DeepEqual(sc[0].Consequences, wantLines) {
		t.Errorf("consequences %q", sc[0].Consequences)
	}

	// A new incarn of an old name is another gang member; the others keep
	// their IDs. A game the players end without a winner is a draw.
	i28(t, s).Do(Dismiss{Player: "Ann", Name: "Bx"})
	i28(t, s).Do(Recruit{Player: "Ann", Incarn: in("Bx", "Roach", "Weak", fl("Brigand"))})
	i28(t, s).Do(engines.StartScenario{Name: "Two", Field: []string{"Ann", "Cas"}}, 3, 6, 1, 2, 6, 6, 1)
	i28(t, s).Do(engines.EndScenario{})
	o = s.Scenarios()[1].Outcome
	if !o.Draw || o.Winner != "" || o.WinnerName() != "draw" {
		t.Errorf("an ended game without a winner: winner %q, draw %v", o.Winner, o.Draw)
	}
	ids := map[string]string{}
	for _, f := range o.Figures {
		ids[f.Side+"/"+f.Name] = f.ID
	}
	want := map[string]string{"Ann/Ax": "Ann#1", "Ann/Bx": "Ann#3", "Cas/Cx": "Cas#1"}
	if !reflect.DeepEqual(ids, want) {
		t.Errorf("IDs in the second game %v, want %v", ids, want)
	}
}

// line 263 Exhumer: a slain enemy raised into the Exhumer's gang ends the
// game there, under a name free in its new gang; the outcome keeps it as
// its own gang's member, by its name there.
func TestOutcomeExhumed(t *testing.T) {
	s := duel(t, "sacrosanct", []Incarn{in("Ax", "Regular", "Medium", fl("Exhumer")), in("Tg", "Roach", "Weak", fl("Brigand"))},
		"sacrosanct", []Incarn{in("Tg", "Regular", "Medium", fl("Brigand"))}, plainObj, plainObj)
	i28(t, s).Do(Activate{Incarn: "Ax"}, 8)
	i28(t, s).Do(Attack{Attacker: "Ax", Target: "Tg", Strength: 3, DefFacts: DefFacts{Exhumer: "Ax"}}, 6, 6, 6, 2, 5)
	if fig(t, s, "Ann/Tg 2").ID != "Ben#1" {
		t.Fatalf("the exhumed figure: %+v", fig(t, s, "Ann/Tg 2"))
	}
	i28(t, s).Do(engines.EndScenario{})
	got := s.Scenarios()[0].Outcome.Figures
	want := []engines.Fate{
		// Ax's attack (line 35) raised Tg instead of slaying it: no harm.
		{ID: "Ann#1", Name: "Ax", Side: "Ann", Fate: "survived", Activations: 1, Attacks: 1},
		{ID: "Ann#2", Name: "Tg", Side: "Ann", Fate: "survived"},
		{ID: "Ben#1", Name: "Tg", Side: "Ben", Fate: "exhumed"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("fates %+v\nwant %+v", got, want)
	}
}

// seed line 35: "For N ACs an incarn can make an attack of N strength";
// line 37: short of the AD the target is stunned, short of half it is
// slain, and a stunned incarn stunned again is slain. Each attack is
// counted, and each stun and slaying is one harm dealt by the attacker
// and taken by its target.
func TestOutcomeAttacksAndHarm(t *testing.T) {
	s := duel(t, "sacrosanct", []Incarn{in("Ax", "Regular", "Medium", fl("Brigand"))},
		"sacrosanct", []Incarn{in("Tg", "Regular", "Medium", fl("Brigand"))}, plainObj, plainObj)
	i28(t, s).Do(Activate{Incarn: "Ax"}, 8)
	i28(t, s).Do(Attack{Attacker: "Ax", Target: "Tg", Strength: 3}, 6, 3, 3, 4) // the defence holds: no harm
	i28(t, s).Do(EndActivation{})
	i28(t, s).Do(Activate{Incarn: "Tg"}, 8)
	i28(t, s).Do(Attack{Attacker: "Tg", Target: "Ax", Strength: 3}, 6, 6, 3, 3) // Ax is stunned
	i28(t, s).Do(engines.EndScenario{})
	got := map[string]engines.Fate{}
	for _, f := range s.Scenarios()[0].Outcome.Figures {
		got[f.Name] = f
	}
	if ax, tg := got["Ax"], got["Tg"]; ax.Attacks != 1 || ax.Dealt != 0 || ax.Taken != 1 || tg.Attacks != 1 || tg.Dealt != 1 || tg.Taken != 0 {
		t.Errorf("Ax: %d attacks, %d harm dealt, %d taken (want 1, 0, 1); Tg: %d, %d, %d (want 1, 1, 0)",
			ax.Attacks, ax.Dealt, ax.Taken, tg.Attacks, tg.Dealt, tg.Taken)
	}
	if o := s.Scenarios()[0].Outcome; o.Damage != "harm" {
		t.Errorf("the damage unit is %q", o.Damage)
	}
}
