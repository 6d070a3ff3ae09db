package deadwars

import (
	"slices"
	"testing"

	"warlog/engines"
)

// The outcome of a battle as the chronicle reads it: the winner by the
// scenario's count (seed 001 line 69: kill points; RULINGS "Head Count"),
// each player's score, and every figure's fate: killed figures are dead,
// the rest survive, and a force that did not fight sat it out.
func TestOutcome(t *testing.T) {
	g := newGame(t)
	g.forces()
	g.Do(CreateForce{Player: "Cat", Clan: "imhotep"})
	g.Do(Recruit{Player: "Cat", Name: "Khufu", Class: "fighter", Champion: true})
	g.Do(engines.StartScenario{Name: "Battle", Brief: HeadCount, Field: []string{"Ann", "Ben"}}, 6, 1)
	g.roll(6, 6, 6, 6, 6, 6)
	g.Do(Cast{Caster: "Vlad", Spell: "curse", Target: "Bones"})
	g.Do(Cast{Caster: "Vlad", Spell: "curse", Target: "Jack"})
	g.Do(engines.EndScenario{})

	o := g.battle().Outcome
	if o == nil {
		t.Fatal("a finished battle has no outcome")
	}
	if o.Winner != "Ann" || o.Draw || o.Result != "Ann wins" || o.Why != g.battle().Why {
		t.Errorf("winner %q draw %v result %q why %q, want Ann's win", o.Winner, o.Draw, o.Result, o.Why)
	}
	wantSides := []engines.SideResult{
		{Name: "Ann", Player: "Ann", Won: true, Score: 1, Scored: "kill points"},
		{Name: "Ben", Player: "Ben", Score: 0, Scored: "kill points"},
	}
	if !slices.Equal(o.Sides, wantSides) {
		t.Errorf("sides %+v, want %+v", o.Sides, wantSides)
	}
	// Vlad's two curses each wound (seed 001 line 61: a Curse does 1 damage): two
	// attacks, two wounds dealt, one taken by Jack and one by Bones.
	wantFates := []engines.Fate{
		{ID: "1.1", Name: "Vlad", Side: "Ann", Fate: FateSurvived, Carries: "its record gains 1 kill, 1 kill point", Removals: 1, Attacks: 2, Dealt: 2},
		{ID: "1.2", Name: "Igor", Side: "Ann", Fate: FateSurvived},
		{ID: "1.3", Name: "Renny", Side: "Ann", Fate: FateSurvived},
		{ID: "2.1", Name: "Davy", Side: "Ben", Fate: FateSurvived},
		{ID: "2.2", Name: "Jack", Side: "Ben", Fate: FateSurvived, Taken: 1},
		{ID: "2.3", Name: "Bones", Side: "Ben", Fate: FateDead, Carries: "its record gains a death", Taken: 1},
		{ID: "3.1", Name: "Khufu", Side: "Cat", Fate: FateSatOut},
	}
	if !slices.Equal(o.Figures, wantFates) {
		t.Errorf("fates\n got %+v\nwant %+v", o.Figures, wantFates)
	}

	// The chronicle credits the winner; the lines in the game's words stay.
	sum := g.st.Scenarios()[0]
	if sum.Outcome != o {
		t.Fatal("the summary does not carry the battle's outcome")
	}
	// The forces say who died: Bones, cursed to death, is dead, not active.
	for _, side := range sum.Sides {
		for _, r := range side.Forces {
			want := FateSurvived
			if r.String("name") == "Bones" {
				want = FateDead
			}
			if r.String("status") != want {
				t.Errorf("the forces show %s as %q, want %q", r.String("name"), r.String("status"), want)
			}
		}
	}
	lines := slices.Clone(sum.Consequences)
	sum.FromOutcome()
	if sum.Winner != "Ann" || sum.Result != "Ann wins" || !slices.Equal(sum.Consequences, lines) {
		t.Errorf("summary winner %q result %q consequences %q", sum.Winner, sum.Result, sum.Consequences)
	}

	// A figure keeps its ID from battle to battle; a draw credits no one.
	g.Do(engines.StartScenario{Name: "Second", Brief: HeadCount, Field: []string{"Cat", "Ben"}}, 6, 1)
	g.Do(engines.EndScenario{Winner: "draw"})
	o = g.battle().Outcome
	if o.Winner != "" || !o.Draw || o.Sides[0].Won || o.Sides[1].Won {
		t.Errorf("a declared draw: winner %q draw %v sides %+v", o.Winner, o.Draw, o.Sides)
	}
	if f := o.Figures[0]; f.ID != "1.1" || f.Name != "Vlad" || f.Fate != FateSatOut {
		t.Errorf("Vlad in the second battle: %+v", f)
	}
	if f := o.Figures[6]; f.ID != "3.1" || f.Name != "Khufu" || f.Fate != FateSurvived {
		t.Errorf("Khufu in the second battle: %+v", f)
	}
	sum = g.st.Scenarios()[1]
	sum.FromOutcome()
	if sum.Winner != "draw" {
		t.Errorf("a draw in the chronicle: winner %q", sum.Winner)
	}
}

// Hunt the Hunters counts Humans killed; the Humans belong to no force and
// have no fate in the campaign.
func TestOutcomeHuntTheHunters(t *testing.T) {
	g := newGame(t)
	g.forces()
	g.start(HuntTheHunters, 1, 2, 3, 4, 1, 2, 3)
	g.roll(2, 2, 3, 3, 5, 5)
	g.Do(Attack{Figure: "Vlad", Target: "Human 1", Dice: []int{2, 2, 3}}, 6, 1)
	g.Do(Attack{Figure: "Vlad", Target: "Human 1", Dice: []int{3}}, 6, 1)
	g.Do(engines.EndScenario{})
	o := g.battle().Outcome
	if o.Winner != "Ann" || o.Sides[0].Score != 1 || o.Sides[0].Scored != "Humans killed" {
		t.Errorf("outcome %+v", o)
	}
	for _, f := range o.Figures {
		if f.Side == HumansSide {
			t.Errorf("a Human has a campaign fate: %+v", f)
		}
	}
	if f := o.Figures[0]; f.Name != "Vlad" || f.Removals != 1 || f.Carries != "its record gains 1 kill, 1 Human killed" {
		t.Errorf("Vlad: %+v", f)
	}
}
