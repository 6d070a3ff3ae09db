package deadwars

import (
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
