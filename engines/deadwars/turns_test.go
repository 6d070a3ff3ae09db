package deadwars

import (
	"slices"
	"strings"
	"testing"

	"warlog/engines"
)

// playedTurn checks that every count of the ended battle names turn as
// the last turn played: the status's turn and its head, and the
// chronicle's turn.
func (g *game) playedTurn(turn int, head string) {
	g.t.Helper()
	st := g.st.Status()
	if st.Turn != turn {
		g.t.Errorf("status turn %d, want %d", st.Turn, turn)
	}
	if len(st.Notes) == 0 || st.Notes[0] != head {
		g.t.Errorf("status head %q, want %q", st.Notes, head)
	}
	sc := g.st.Scenarios()
	if n := len(sc); n == 0 {
		g.t.Error("the chronicle has no scenario")
	} else if sc[n-1].Turn != turn {
		g.t.Errorf("chronicle's last scenario at turn %d, want %d", sc[n-1].Turn, turn)
	}
}

// RULINGS, Deadwars, rulings added 2026-12-01: "A turn counts once a
// player has taken an action in it; a turn both players ended without an
// action is not counted." Both players end turn 1; the battle ended before
// anyone acts in turn 2 was played for 1 turn.
func TestTurnNoOnePlayedIsNotCounted(t *testing.T) {
	g := newGame(t)
	g.forces()
	g.start(HeadCount)
	g.roll(1, 1, 1, 1, 1, 1)
	g.Do(EndTurn{})
	g.roll(1, 1, 1, 1, 1, 1)
	g.Do(EndTurn{})
	label := g.Label(engines.EndScenario{})
	if !strings.Contains(label, "ended the battle after turn 1") {
		t.Errorf("end label %q, want it ended after turn 1", label)
	}
	g.playedTurn(1, "Head Count: over after turn 1")

	// A turn in which a player has rolled counts.
	g.Do(engines.StartScenario{Name: "Second", Brief: HeadCount}, 6, 1)
	g.roll(1, 1, 1, 1, 1, 1)
	g.Do(EndTurn{})
	g.roll(1, 1, 1, 1, 1, 1)
	g.Do(EndTurn{})
	g.roll(1, 1, 1, 1, 1, 1)
	label = g.Label(engines.EndScenario{Winner: "draw"})
	if !strings.Contains(label, "ended the battle in turn 2") {
		t.Errorf("end label %q, want it ended in turn 2", label)
	}
	g.playedTurn(2, "Head Count: over after turn 2")

	// A battle ended before anyone acted was played for no turn.
	g.Do(engines.StartScenario{Name: "Third", Brief: HeadCount}, 6, 1)
	label = g.Label(engines.EndScenario{})
	if !strings.Contains(label, "ended the battle before its first turn") {
		t.Errorf("end label %q, want it ended before its first turn", label)
	}
	g.playedTurn(0, "Head Count: over before its first turn was played")
}

// RULINGS, Deadwars, rulings added 2026-12-01: "The Humans' strike after a
// turn belongs to that turn in every count and report." The Humans wipe
// Ben's force after turn 1: the battle is over after turn 1, its removals
// are turn 1's, and so is the turn the chronicle gives.
func TestHumansStrikeBelongsToItsTurn(t *testing.T) {
	g := newGame(t)
	g.forces()
	g.start(HuntTheHunters, 1, 1, 1, 1, 1, 1, 1) // seven Fighters, hit 3+
	g.roll(1, 1, 1, 1, 1, 1)
	g.Do(EndTurn{})
	g.roll(1, 1, 1, 1, 1, 1)
	g.Do(EndTurn{})
	// Davy takes 3 wounds, Jack 2, Bones 1: each a natural 6 to hit and a
	// natural 1 to save.
	all := []HumanTarget{{"1", "Davy"}, {"2", "Davy"}, {"3", "Davy"}, {"4", "Jack"}, {"5", "Jack"}, {"6", "Bones"}, {"7", "-"}}
	label := g.Label(Humans{Targets: all}, 6, 1, 6, 1, 6, 1, 6, 1, 6, 1, 6, 1)
	if !strings.Contains(label, "The Humans strike after turn 1") || !strings.Contains(label, "Ben has no figure left") {
		t.Fatalf("label %q, want the strike after turn 1 to end the battle", label)
	}
	g.playedTurn(1, "Hunt the Hunters: over after turn 1")
	for _, s := range g.st.Scenarios()[0].Sides {
		want := 0
		if s.Name == "Ben" {
			want = 3
		}
		if len(s.RemovedPerTurn) == 0 || s.RemovedPerTurn[0] != want {
			t.Errorf("%s removed per turn %v, want %d in turn 1", s.Name, s.RemovedPerTurn, want)
		}
	}
}

// RULINGS, Deadwars, rulings added 2026-12-01: "The free attack earned by
// an enemy entering or leaving contact is made before the figure that
// earned it moves again", and "A move by a figure in contact that is not
// declared as leaving keeps contact and gives no free attacks."
func TestFreeAttackBeforeTheMoverMovesAgain(t *testing.T) {
	g := newGame(t)
	g.forces()
	g.start(HeadCount)
	g.roll(1, 5, 5, 5, 5, 6)
	renny, igor, davy, jack := Ref{"Ann", "Renny"}, Ref{"Ann", "Igor"}, Ref{"Ben", "Davy"}, Ref{"Ben", "Jack"}
	// Renny moves into contact with Davy, then on, still in contact: its
	// free attack on Davy is gone, the contact kept, no new free attack.
	g.Do(Move{Figure: "Renny", Die: 5, Into: "Davy"})
	g.Do(Move{Figure: "Renny", Die: 5})
	if b := g.battle(); len(b.Free) != 0 || !b.InContact(renny, davy) {
		t.Fatalf("after moving on in contact: free %v, contacts %v; want none and Renny on Davy", b.Free, b.Contacts)
	}
	g.Refuse("Free attack", Attack{Figure: "Renny", Target: "Davy", Free: true}, 6, 1)
	// Igor leaves Jack: Jack's free attack on Igor is due until Igor moves
	// again, by a die or a Boost.
	g.Do(Contact{A: "Igor", B: "Jack"})
	g.Do(Move{Figure: "Igor", Die: 5, Leave: true})
	if got := g.battle().Free; !slices.Equal(got, []FreeAttack{{By: jack, Target: igor}}) {
		t.Fatalf("free attacks %v, want Jack on Igor", got)
	}
	g.Do(Cast{Caster: "Vlad", Spell: "boost", Target: "Igor"})
	g.Refuse("Free attack", Attack{Figure: "Jack", Target: "Igor", Free: true}, 6, 1)
	// A free attack another figure earned stays while Igor moves.
	g.Do(Dash{Figure: "Vlad", Die: 1, Into: "Jack"})
	g.Do(Move{Figure: "Igor", Die: 5})
	g.Do(Attack{Figure: "Vlad", Target: "Jack", Free: true}, 1)
}

// RULINGS, Deadwars, rulings added 2026-12-01: "Dice made by exchanging a
// double may pair again; say so in the roll's line."
func TestDoubleMadeDiePairsAgain(t *testing.T) {
	g := newGame(t)
	g.forces()
	g.start(HeadCount)
	g.roll(2, 2, 3, 5, 5, 1)
	label := g.Label(Double{Face: 5, To: 2})
	if !strings.Contains(label, "pairs with another 2: a double again") {
		t.Errorf("label %q does not say the new 2 pairs again", label)
	}
	label = g.Label(Double{Face: 2, To: 4})
	if strings.Contains(label, "a double again") {
		t.Errorf("label %q says a lone 4 pairs", label)
	}
	if b := g.battle(); !slices.Equal(b.Pool, []int{1, 2, 3, 4}) {
		t.Fatalf("pool %v, want 1, 2, 3, 4", b.Pool)
	}
}

// RULINGS, Deadwars, rulings added 2026-12-01: "Spells are not attacks
// (they need no contact and are not limited by it)."
func TestSpellsAreNotAttacks(t *testing.T) {
	g := newGame(t)
	g.forces()
	g.start(HeadCount)
	g.roll(6, 6, 6, 2, 3, 4)
	// Vlad, in base contact with Davy, bolts Jack, who is locked in combat
	// with Renny: neither contact limits a spell.
	g.Do(Contact{A: "Vlad", B: "Davy"})
	g.Do(Contact{A: "Renny", B: "Jack"})
	g.Refuse("Contact", Attack{Figure: "Vlad", Target: "Jack", Dice: []int{2}}, 6, 1)
	g.Do(Cast{Caster: "Vlad", Spell: "bolt", Target: "Jack"}, 4, 1)
	if f := g.fig("Jack"); f.Wounds != 1 {
		t.Fatalf("Jack wounds %d, want 1", f.Wounds)
	}
	// Spells do not count against the caster's attacks.
	if f := g.fig("Vlad"); f.Attacks != 0 {
		t.Fatalf("Vlad has %d attacks after a spell, want 0", f.Attacks)
	}
	g.Do(Attack{Figure: "Vlad", Target: "Davy", Dice: []int{2}}, 1)
	g.Do(Attack{Figure: "Vlad", Target: "Davy", Dice: []int{3}}, 1)
	g.Do(Attack{Figure: "Vlad", Target: "Davy", Dice: []int{4}}, 1)
	g.Do(Cast{Caster: "Vlad", Spell: "curse", Target: "Bones"}) // its three attacks made
	if f := g.fig("Bones"); !f.Dead {
		t.Fatal("the Curse after Vlad's three attacks did not kill Bones")
	}
}
