package brood

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"warlog/engines"
)

// seed 004 line 21: "store a maximum of 50 Plasmid"; line 12: "gains 10
// Plasmid per turn".
func TestPlasmidIncomeAndCap(t *testing.T) {
	g := started(t, "")
	if got := g.mother("red").Plasmid; got != 10 {
		t.Fatalf("red starts turn 1 with %d Plasmid, want 10", got)
	}
	g.endTurn()
	if got := g.mother("blue").Plasmid; got != 10 {
		t.Fatalf("blue has %d, want 10", got)
	}
	g.mother("red").Plasmid = 45
	d := g.Do(EndTurn{})
	if got := g.mother("red").Plasmid; got != 50 {
		t.Fatalf("45 + 10 gave %d, want the cap of 50", got)
	}
	labelHas(t, d, "50 Plasmid in the bank (was 45)")
	g.endTurn()
	g.endTurn()
	if got := g.mother("red").Plasmid; got != 50 {
		t.Fatalf("a full bank gained to %d, want 50", got)
	}
}

// seed 004 lines 55-57: "Fast Game - Spending 15", "Standard ... 10",
// "Campaign - Spending 5".
func TestRegenerationCostByMode(t *testing.T) {
	for _, tc := range []struct {
		mode string
		cost int
	}{{"fast", 15}, {"standard", 10}, {"", 10}, {"campaign", 5}} {
		t.Run(fmt.Sprintf("mode %q", tc.mode), func(t *testing.T) {
			g := started(t, tc.mode)
			red := g.mother("red")
			red.Life, red.Plasmid = 2, 40
			g.Do(Regenerate{N: 2})
			if red := g.mother("red"); red.Life != 4 || red.Plasmid != 40-2*tc.cost {
				t.Fatalf("after regenerating 2: Life %d, Plasmid %d; want 4 and %d", red.Life, red.Plasmid, 40-2*tc.cost)
			}
		})
	}
}

// seed 004 line 48: "never have more than 5 Life Points"; Ruling: buying
// past 5 is refused. Overspending Plasmid is refused too.
func TestRegenerateRefusals(t *testing.T) {
	g := started(t, "fast")
	red := g.mother("red")
	red.Life, red.Plasmid = 4, 40
	g.Refuse("MaxLife", Regenerate{N: 2})
	red.Plasmid = 14
	g.Refuse("Plasmid", Regenerate{N: 1})
}

// seed 004 line 49: "converted into Plasmid at a 1:1 ratio" — the
// Regenerate evolution at full health gives 1 Plasmid.
func TestLifeOverFiveBecomesPlasmid(t *testing.T) {
	g := started(t, "")
	red := g.mother("red")
	red.Evolutions = []string{Regeneration}
	red.Life, red.Plasmid = 4, 0
	g.endTurn()
	g.endTurn()
	if red := g.mother("red"); red.Life != 5 || red.Plasmid != 10 {
		t.Fatalf("Regenerate at 4 Life: Life %d, Plasmid %d; want 5 and 10", red.Life, red.Plasmid)
	}
	g.endTurn()
	d := g.Do(EndTurn{})
	if red := g.mother("red"); red.Life != 5 || red.Plasmid != 21 {
		t.Fatalf("Regenerate at full Life: Life %d, Plasmid %d; want 5 and 10+10+1", red.Life, red.Plasmid)
	}
	labelHas(t, d, "Regenerate gives 1 Plasmid instead")
}

// seed 004 line 23: "5 Plasmid to create a new spawn ... within the Brood
// Mother's Sphere of Influence"; a spawn needs an empty square.
func TestSpawnRules(t *testing.T) {
	g := started(t, "")
	g.Do(Spawn{X: 4, Y: 4})
	p := g.piece("R1")
	if p == nil || p.Attack != 1 || p.Defense != 1 || p.Move != 2 || !p.Made {
		t.Fatalf("new spawn %+v, want R1 1/1/2 made this turn", p)
	}
	if got := g.mother("red").Plasmid; got != 5 {
		t.Fatalf("Plasmid after a spawn %d, want 5", got)
	}
	g.Refuse("SphereOfInfluence", Spawn{X: 5, Y: 4})
	g.Refuse("Occupied", Spawn{X: 4, Y: 4})
	g.Refuse("Occupied", Spawn{X: 3, Y: 3}) // on the Mother
	g.Refuse("Board", Spawn{X: 9, Y: 1})
	g.Do(Spawn{X: 4, Y: 1, Name: "Grub"})
	g.Refuse("Plasmid", Spawn{X: 4, Y: 2})
	g.Refuse("Name", Spawn{X: 4, Y: 2, Name: "grub"})
}

// seed 004 line 53: "can not absorb and create spawn in the same turn";
// absorbing gives 5 Plasmid.
func TestAbsorb(t *testing.T) {
	g := started(t, "")
	g.put("R1", "red", 4, 3, 1, 1, 2)
	g.put("R2", "red", 4, 4, 1, 1, 2)
	g.put("R3", "red", 6, 3, 1, 1, 2)
	g.Do(Absorb{Spawn: "R1"})
	if got := g.mother("red").Plasmid; got != 15 {
		t.Fatalf("Plasmid after absorbing %d, want 10+5", got)
	}
	g.Refuse("AbsorbOrSpawn", Spawn{X: 4, Y: 1})
	g.Refuse("Absorb", Absorb{Spawn: "R3"}) // not adjacent
	g.endTurn()
	g.endTurn()
	g.Do(Spawn{X: 4, Y: 1})
	g.Refuse("AbsorbOrSpawn", Absorb{Spawn: "R2"})
}

// seed 004 line 24: "1 Plasmid to increase any single stat ... within 1
// square of the Brood Mother or a Plasmid Font"; line 11: no stat above 10.
func TestRaise(t *testing.T) {
	g := started(t, "")
	g.put("R1", "red", 4, 4, 8, 1, 2)
	g.put("R2", "red", 6, 2, 1, 1, 2)
	g.Do(Raise{Spawn: "R1", Stat: "attack", N: 2})
	if p := g.piece("R1"); p.Attack != 10 || g.mother("red").Plasmid != 8 {
		t.Fatalf("raise: attack %d, Plasmid %d; want 10 and 8", p.Attack, g.mother("red").Plasmid)
	}
	g.Refuse("StatCap", Raise{Spawn: "R1", Stat: "attack", N: 1})
	g.Refuse("RaiseRange", Raise{Spawn: "R2", Stat: "defense", N: 1})
	g.Refuse("Plasmid", Raise{Spawn: "R1", Stat: "defense", N: 9})
	g.put("B9", "blue", 5, 5, 1, 1, 2)
	g.Refuse("Turn", Raise{Spawn: "B9", Stat: "defense", N: 1})
	// A Font next to R2 lets it be raised away from the Mother.
	g.put("R3", "red", 7, 2, 0, 1, 0, PlasmidFont)
	g.Do(Raise{Spawn: "R2", Stat: "defense", N: 1})
	g.Refuse("Font", Raise{Spawn: "R3", Stat: "attack", N: 1})
}

// seed 004 line 38: the winner "gains +3 points to distribute"; they are
// spent by raise, free and anywhere.
func TestAbsorptionPoints(t *testing.T) {
	g := started(t, "")
	g.put("R1", "red", 5, 2, 3, 1, 2)
	g.put("B1", "blue", 6, 2, 1, 1, 2)
	g.mother("red").Plasmid = 0
	g.Do(Attack{Spawn: "R1", Target: "B1"}, 4, 4, 1, 1) // 8+3 against 2+1
	if p := g.piece("R1"); p.Points != 3 || !g.piece("B1").Dead {
		t.Fatalf("after a kill: points %d, B1 dead %v; want 3 and true", p.Points, g.piece("B1").Dead)
	}
	g.Do(Raise{Spawn: "R1", Stat: "defense", N: 2})
	g.Do(Raise{Spawn: "R1", Stat: "move", N: 1})
	if p := g.piece("R1"); p.Defense != 3 || p.Move != 3 || p.Points != 0 {
		t.Fatalf("after spending points: %d/%d/%d with %d points", p.Attack, p.Defense, p.Move, p.Points)
	}
	// No points left and away from Mother and Fonts: Plasmid is needed there.
	g.Refuse("RaiseRange", Raise{Spawn: "R1", Stat: "move", N: 1})
}

// seed 004 lines 76: "25 Plasmid Cost, 2 per queen, must choose a
// different upgrade each time".
func TestEvolutionLimits(t *testing.T) {
	g := started(t, "")
	red := g.mother("red")
	red.Plasmid = 50
	g.Do(Evolve{Evolution: "fortify"})
	if red := g.mother("red"); red.Plasmid != 25 || !g.s.Battle.Has(red, Fortify) {
		t.Fatalf("after evolving: Plasmid %d, evolutions %v", red.Plasmid, red.Evolutions)
	}
	g.Refuse("SameEvolution", Evolve{Evolution: "fortify"})
	g.Do(Evolve{Evolution: "expand-influence"})
	g.mother("red").Plasmid = 50
	g.Refuse("ThirdEvolution", Evolve{Evolution: "levitation"})
	g2 := started(t, "")
	g2.mother("red").Plasmid = 24
	g2.Refuse("Plasmid", Evolve{Evolution: "fortify"})
	g2.Refuse("Evolution", Evolve{Evolution: "wings"})
}

// A game ends when a Mother reaches 0 Life; the roster counts the win.
func TestGameEndAndRoster(t *testing.T) {
	g := started(t, "campaign")
	g.put("R1", "red", 5, 5, 10, 1, 2)
	g.mother("blue").Life = 1
	d := g.Do(Attack{Spawn: "R1", Target: "blue"}, 6, 6, 1, 1)
	if !g.s.Battle.Over || g.s.Battle.Winner != "red" || !hasFact(d, TypeGameEnded) {
		t.Fatalf("the game did not end with red winning: %+v", g.s.Battle)
	}
	g.Refuse("Scenario", EndTurn{})
	r := g.s.Roster()
	if len(r.Figures) != 2 || r.Figures[0].Get("won") != 1 || r.Figures[1].Get("won") != 0 || r.Figures[0].Get("mode") != "campaign" {
		t.Fatalf("roster %v", r.Figures)
	}
	st := g.s.Status()
	if st.Figures[1].Get("status") != "destroyed" || st.Figures[1].Get("life") != 0 {
		t.Fatalf("blue's Mother in status: %v", st.Figures[1])
	}
	sc := g.s.Scenarios()
	if len(sc) != 1 || sc[0].Result != "red wins" || !sc[0].Ended || len(sc[0].Sides) != 2 {
		t.Fatalf("chronicle %+v", sc)
	}
	cons := strings.Join(sc[0].Consequences, "\n")
	for _, want := range []string{"blue's Mother: Life 5 -> 0 (destroyed); 0 Plasmid", "red's Mother: Life 5 -> 5; 10 Plasmid", "red: games won in campaign mode now 1"} {
		if !strings.Contains(cons, want) {
			t.Fatalf("consequences lack %q:\n%s", want, cons)
		}
	}
	// A new game may start; the wins stay.
	g.Do(engines.StartScenario{Name: "G2", Mothers: []string{"blue=3,3", "red=10,10"}})
	if g.s.Battle.Size != 16 || g.s.Battle.Current().Player != "blue" || g.s.Wins["red"] != 1 {
		t.Fatalf("second game: size %d, first %s, red wins %d", g.s.Battle.Size, g.s.Battle.Current().Player, g.s.Wins["red"])
	}
}

// Setup refusals: two Mothers, 3 x 3 on the grid, not overlapping.
func TestStartRefusals(t *testing.T) {
	g := newGame(t, "")
	start := func(size string, mothers ...string) engines.StartScenario {
		c := engines.StartScenario{Name: "G", Mothers: mothers}
		if size != "" {
			c.Size, _ = strconv.Atoi(size)
		}
		return c
	}
	g.Refuse("TwoMothers", start("", "red=3,3"))
	g.Refuse("MotherPlace", start("8", "red=1,3", "blue=6,6"))
	g.Refuse("MotherPlace", start("8", "red=3,3", "blue=8,6"))
	g.Refuse("MotherPlace", start("", "red=3,3", "blue=5,5"))
	g.Refuse("GridSize", start("7", "red=2,2", "blue=5,5"))
	g.Refuse("Setup", start("", "red=3,3", "RED=9,9"))
	// An option the game does not take is refused by the kit, as an option.
	var oe *engines.OptionError
	if err := g.Fails("", engines.StartScenario{Name: "G", Turns: 6, Mothers: []string{"a=3,3", "b=9,9"}}); !errors.As(err, &oe) {
		t.Fatalf("a start with a turn limit: got %v, want an option refused", err)
	}
	g.Do(start("", "red=3,3", "blue=6,3"))
	g.Refuse("OneGame", start("", "red=3,3", "blue=9,9"))
}
