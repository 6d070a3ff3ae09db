package brood

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"warlog/engines"
)

// fateOf finds a figure's fate in an outcome by its ID.
func fateOf(t *testing.T, o *engines.Outcome, id string) engines.Fate {
	t.Helper()
	for _, f := range o.Figures {
		if f.ID == id {
			return f
		}
	}
	t.Fatalf("no figure %s in the outcome %+v", id, o.Figures)
	return engines.Fate{}
}

// seed 004 line 47: "When a Brood Mother is reduced to zero life points ...
// the opposing brood wins the game". Each game states its outcome once: the
// winner, each player with the enemy spawns removed, each Mother's and
// spawn's fate with the enemy spawns it removed, and the consequences the
// chronicle shows.
func TestOutcome(t *testing.T) {
	g := started(t, "")
	g.Do(Spawn{X: 4, Y: 4}) // R1
	g.put("B9", "blue", 4, 3, 1, 1, 2)
	g.Do(MotherAttack{}, 6, 6, 1, 1) // red's Mother crushes B9
	g.endTurn()
	g.Do(Spawn{X: 5, Y: 5}) // B1
	g.endTurn()
	g.Do(Attack{Spawn: "R1", Target: "B1"}, 6, 6, 1, 1)
	if g.s.Battle.Outcome != nil {
		t.Fatal("an outcome before the game ended")
	}
	g.Do(engines.EndScenario{Winner: "red"})

	o := g.s.Battle.Outcome
	if o == nil || o.Winner != "red" || o.Draw || o.Result != "red wins" || o.Why != "conceded." {
		t.Fatalf("outcome %+v, want red winning by concession", o)
	}
	want := []engines.SideResult{
		{Name: "red", Player: "red", Won: true, Score: 2, Scored: "enemy spawns removed"},
		{Name: "blue", Player: "blue", Won: false, Score: 0, Scored: "enemy spawns removed"},
	}
	if !reflect.DeepEqual(o.Sides, want) {
		t.Fatalf("sides %+v, want %+v", o.Sides, want)
	}
	// Attacks: red's Mother lashed out once, R1 attacked once.
	for _, c := range []struct {
		id, fate          string
		removals, attacks int
	}{
		{"mother:red", "standing", 1, 1}, {"mother:blue", "standing", 0, 0},
		{"spawn:1:R1", "alive", 1, 1}, {"spawn:1:B9", "dead", 0, 0}, {"spawn:1:B1", "dead", 0, 0},
	} {
		if f := fateOf(t, o, c.id); f.Fate != c.fate || f.Removals != c.removals || f.Attacks != c.attacks {
			t.Errorf("%s: %s with %d removals and %d attacks, want %s with %d and %d", c.id, f.Fate, f.Removals, f.Attacks, c.fate, c.removals, c.attacks)
		}
	}
	lines := o.Consequences()
	if len(lines) != 4 || !strings.HasPrefix(lines[0], "red's Mother: Life 5 -> 5; ") || !strings.HasPrefix(lines[1], "blue's Mother: Life 5 -> 5; ") ||
		lines[2] != "red: games won in standard mode now 1" || lines[3] != noCarry {
		t.Fatalf("consequences %q", lines)
	}

	// The next game: spawns of the same name are other figures; a Mother
	// brought to 0 is destroyed and her enemy wins.
	g.Do(engines.StartScenario{Name: "G2", Size: 8, Mothers: []string{"red=2,2", "blue=7,7"}})
	g.mother("red").Life = 1
	g.put("B1", "blue", 4, 2, 5, 1, 2)
	g.endTurn()
	g.Do(Attack{Spawn: "B1", Target: "red"}, 6, 6, 1, 1)
	o2 := g.s.Battle.Outcome
	if o2 == nil || o2.Winner != "blue" || !o2.Sides[1].Won || o2.Sides[0].Won {
		t.Fatalf("second game's outcome %+v, want blue winning", o2)
	}
	if f := fateOf(t, o2, "mother:red"); f.Fate != "destroyed" || !strings.HasPrefix(f.Carries, "Life 5 -> 0 (destroyed); ") {
		t.Fatalf("red's Mother: %+v", f)
	}
	fateOf(t, o2, "spawn:2:B1")

	// A game stopped with no winner is no draw: nobody wins.
	g.Do(engines.StartScenario{Name: "G3", Size: 8, Mothers: []string{"red=2,2", "blue=7,7"}})
	g.Do(engines.EndScenario{})
	o3 := g.s.Battle.Outcome
	if o3 == nil || o3.Winner != "" || o3.Draw || o3.Result != "no winner" || o3.Sides[0].Won || o3.Sides[1].Won {
		t.Fatalf("third game's outcome %+v, want no winner", o3)
	}

	var winners []string
	for _, sc := range g.s.Scenarios() {
		winners = append(winners, sc.Winner)
	}
	if !reflect.DeepEqual(winners, []string{"red", "blue", ""}) {
		t.Fatalf("the chronicle's winners %q", winners)
	}
}

// The outcome is worked out when the game-ended fact folds, so a log
// written before outcomes were stated replays to the same one.
func TestOutcomeReplays(t *testing.T) {
	g := started(t, "")
	g.Do(Spawn{X: 4, Y: 4})
	g.endTurn()
	g.Do(Spawn{X: 5, Y: 5})
	g.Do(engines.EndScenario{Winner: "blue"})
	fresh := newGame(t, "")
	for _, f := range g.Log {
		fresh.Fold(f)
	}
	if fresh.s.Battle.Outcome == nil || !reflect.DeepEqual(fresh.s.Battle.Outcome, g.s.Battle.Outcome) {
		t.Fatalf("replayed outcome %+v, want %+v", fresh.s.Battle.Outcome, g.s.Battle.Outcome)
	}
}

// What each piece dealt and took, in lives and Life Points: a beaten spawn
// loses its life to the winner of the combat (seed 004 line 38), a
// Resilient one its extra life first (line 69), and a Mother a Life Point
// to each attack she loses (line 47). A spawn saved by a Life-Giving ally
// (line 71) loses nothing, and its attacker deals nothing.
func TestOutcomeDamage(t *testing.T) {
	g := started(t, "")
	g.put("R1", "red", 4, 4, 5, 1, 2)
	g.put("R2", "red", 6, 5, 5, 1, 2)
	g.put("B1", "blue", 5, 4, 1, 1, 2, Resilient)
	g.put("B2", "blue", 6, 6, 1, 1, 2)
	g.put("B3", "blue", 7, 6, 1, 1, 2, LifeGiving)
	g.Do(Attack{Spawn: "R1", Target: "B1"}, 6, 6, 1, 1)    // B1 loses its extra life
	g.Do(Attack{Spawn: "R2", Target: "B2"}, 6, 6, 1, 1, 6) // B3's d6 6 saves B2
	g.endTurn()
	g.put("B4", "blue", 4, 2, 5, 1, 2)
	g.Do(Attack{Spawn: "B4", Target: "red"}, 6, 6, 1, 1) // red's Mother loses a Life Point
	g.endTurn()
	g.Do(Attack{Spawn: "R1", Target: "B1"}, 6, 6, 1, 1) // B1 dies for good
	g.Do(engines.EndScenario{Winner: "red"})
	o := g.s.Battle.Outcome
	for _, c := range []struct {
		id           string
		dealt, taken int
	}{
		{"spawn:1:R1", 2, 0}, {"spawn:1:R2", 0, 0}, {"spawn:1:B1", 0, 2}, {"spawn:1:B2", 0, 0},
		{"spawn:1:B4", 1, 0}, {"mother:red", 0, 1}, {"mother:blue", 0, 0},
	} {
		if f := fateOf(t, o, c.id); f.Dealt != c.dealt || f.Taken != c.taken {
			t.Errorf("%s dealt %d and took %d, want %d and %d", c.id, f.Dealt, f.Taken, c.dealt, c.taken)
		}
	}
	if o.Damage != "Life" {
		t.Errorf("the damage unit is %q, want Life", o.Damage)
	}
}

// RULINGS (Rulings added 2026-12-01), fates in reports: "a spawn absorbed by
// its Mother is "absorbed", not "dead"" (seed 004 line 53: the Mother "may
// absorb any adjacent spawn that she created"); "a subverted spawn keeps its
// story (whose it was, who took it)" (line 82, Subversion).
func TestOutcomeAbsorbedAndSubverted(t *testing.T) {
	g := started(t, "")
	g.put("R1", "red", 4, 2, 1, 1, 2) // next to red's Mother
	g.put("B1", "blue", 6, 3, 4, 4, 2)
	g.mother("red").Plasmid = 45
	g.Do(Absorb{Spawn: "R1"})
	g.Do(Evolve{Evolution: Subversion})
	g.Do(Subvert{Spawn: "B1"}, 4, 3, 3, 3)
	g.Do(engines.EndScenario{Winner: "red"})
	o := g.s.Battle.Outcome
	if f := fateOf(t, o, "spawn:1:R1"); f.Fate != "absorbed" || f.Told != "" {
		t.Errorf("R1 absorbed by its Mother: fate %q (%q), want absorbed", f.Fate, f.Told)
	}
	f := fateOf(t, o, "spawn:1:B1")
	if want := "B1 was blue's; red took it with Subversion; alive"; f.Fate != "alive" || f.Side != "red" || f.Told != want {
		t.Errorf("B1 subverted: %+v, want alive on red's side, told %q", f, want)
	}
	if lines := o.Consequences(); !slices.Contains(lines, "B1 was blue's; red took it with Subversion; alive") {
		t.Errorf("the consequences %q do not tell B1's story", lines)
	}
}
