package report

import (
	"strconv"
	"testing"

	"warlog/engines"
)

// Turn labels never collide: for any number of turns and any column width,
// consecutive labels are at least a label's width apart, the first turn is
// always labelled, and no label is past the last turn.
func TestTurnLabelsNeverCollide(t *testing.T) {
	label := func(i int) string { return "T" + strconv.Itoa(i+1) }
	for n := 1; n <= 60; n++ {
		for w := 3; w <= 120; w += 7 {
			got := turnLabels(n, w, label)
			if len(got) == 0 || got[0] != 0 {
				t.Fatalf("%d turns, %d wide: labels %v do not start at turn 1", n, w, got)
			}
			for i := 1; i < len(got); i++ {
				if gap, need := (got[i]-got[i-1])*w, textW(label(got[i])); gap < need {
					t.Errorf("%d turns, %d wide: T%d and T%d are %d apart, need %d", n, w, got[i-1]+1, got[i]+1, gap, need)
				}
			}
			if got[len(got)-1] >= n {
				t.Errorf("%d turns: a label past the last turn: %v", n, got)
			}
		}
	}
}

// The removals chart has one group of bars per turn played, values on
// its axis, and is not drawn when nothing was removed or only one bar
// would stand: a sentence says that.
func TestRemovalChart(t *testing.T) {
	sc := &ScenarioReport{Sides: []SideReport{{Name: "Ann", RemovedPerTurn: []int{0, 0}}, {Name: "Ben", RemovedPerTurn: []int{0, 0}}}}
	if c := removalChart(sc); c != nil {
		t.Errorf("a fight with no removals has a chart: %+v", c)
	}
	if got, want := removalNote(sc), "No figure was removed in 2 turns."; got != want {
		t.Errorf("the note reads %q, want %q", got, want)
	}
	sc.Sides[1].RemovedPerTurn = []int{0, 3}
	if c := removalChart(sc); c != nil {
		t.Errorf("a chart of a single bar: %+v", c)
	}
	if got, want := removalNote(sc), "Figures lost: Ben lost 3 in turn 2."; got != want {
		t.Errorf("the note reads %q, want %q", got, want)
	}
	sc.Sides[0].RemovedPerTurn = []int{1, 0}
	c := removalChart(sc)
	if c == nil {
		t.Fatal("no chart for a fight with removals in two turns")
	}
	if len(c.Bars) != 4 {
		t.Errorf("%d bars for 2 sides over 2 turns", len(c.Bars))
	}
	var ticks []string
	for _, y := range c.YTicks {
		ticks = append(ticks, y.Text)
	}
	if len(ticks) < 2 || ticks[0] != "0" || ticks[len(ticks)-1] != "3" {
		t.Errorf("the axis reads %v, want 0 up to 3", ticks)
	}
	if last := c.Bars[3]; last.Value != "3" || last.H == 0 {
		t.Errorf("Ben's turn-2 bar = %+v, want its value 3 written", last)
	}
	for _, l := range c.Labels {
		if l.Text != "T1" && l.Text != "T2" {
			t.Errorf("a label %q for a two-turn fight", l.Text)
		}
	}
	if c.W > chartW {
		t.Errorf("the chart is %d wide, more than a phone's %d", c.W, chartW)
	}
}

// A line chart needs at least three points and more than two values: a
// count of two turns, or one that flips between 0 and 1, is not drawn;
// the game's measure is the main chart, and a count that is the measure
// is not drawn twice. Dice histograms need 20 dice.
func TestChartsWorthDrawing(t *testing.T) {
	sc := &ScenarioReport{Turn: 4, Sides: []SideReport{{Name: "Ann"}, {Name: "Ben"}},
		Counts: []Count{
			{Side: "Ann", What: "kp", PerTurn: []int{0, 1, 3, 4}}, {Side: "Ben", What: "kp", PerTurn: []int{0, 0, 1, 1}},
			{Side: "Ann", What: "spawns", PerTurn: []int{0, 1, 0, 1}}, {Side: "Ben", What: "spawns", PerTurn: []int{1, 0, 1, 0}},
			{Side: "Ann", What: "gold", PerTurn: []int{2, 5, 9, 9}}, {Side: "Ben", What: "gold", PerTurn: []int{1, 1, 1, 1}},
		},
		Dice: []DiceStats{{Player: "Ann", Sides: 6, Count: 20, Faces: []int{4, 3, 3, 4, 3, 3}}, {Player: "Ben", Sides: 6, Count: 19, Faces: []int{4, 3, 3, 3, 3, 3}}}}
	hs := scenarioView("deadwars", sc)
	if hs.Main == nil || hs.Main.Title != "Kill points" {
		t.Fatalf("the main chart is %+v, want the kill points", hs.Main)
	}
	var titles []string
	for _, c := range hs.Counts {
		titles = append(titles, c.Title)
	}
	if len(titles) != 1 || titles[0] != "gold" {
		t.Errorf("the other charts are %q, want only gold (kp is the main chart, spawns flip between two values)", titles)
	}
	if len(hs.Dice) != 1 || hs.Dice[0].Stats.Player != "Ann" {
		t.Errorf("%d dice histograms, want Ann's 20 dice and not Ben's 19", len(hs.Dice))
	}
	for i := range sc.Counts {
		sc.Counts[i].PerTurn = sc.Counts[i].PerTurn[:2]
	}
	sc.Turn = 2
	if hs := scenarioView("deadwars", sc); hs.Main != nil || len(hs.Counts) > 0 {
		t.Errorf("charts of two points: main %v, others %d", hs.Main != nil, len(hs.Counts))
	}
}

// Every dice bar carries its count, and the chart is no wider than a phone.
func TestFaceChartValues(t *testing.T) {
	c := faceChart(DiceStats{Player: "Ann", Sides: 6, Count: 9, Faces: []int{1, 0, 2, 3, 1, 2}, Expected: 1.5}, "#000")
	for i, b := range c.Bars {
		if b.Value != strconv.Itoa([]int{1, 0, 2, 3, 1, 2}[i]) {
			t.Errorf("face %d's bar reads %q", i+1, b.Value)
		}
	}
	if c.W > chartW || len(c.Labels) != 6 || len(c.YTicks) < 2 {
		t.Errorf("chart %d wide, %d face labels, %d axis values", c.W, len(c.Labels), len(c.YTicks))
	}
}

// Only the turns played are reported: an engine's room for turns to come
// is dropped (Deadwars keeps six), a removal past the turn counter kept.
func TestOnlyTurnsPlayed(t *testing.T) {
	var sr ScenarioReport
	fill(&sr, engines.ScenarioSummary{Name: "Hill", Turn: 2, Sides: []engines.SideSummary{
		{Name: "Ann", RemovedPerTurn: []int{1, 0, 0, 0, 0, 0}}, {Name: "Ben", RemovedPerTurn: []int{0, 2, 0, 0, 0, 0}}}})
	for _, s := range sr.Sides {
		if len(s.RemovedPerTurn) != 2 {
			t.Errorf("%s: %v, want the 2 turns played", s.Name, s.RemovedPerTurn)
		}
	}
	fill(&sr, engines.ScenarioSummary{Name: "Hill", Turn: 1, Sides: []engines.SideSummary{{Name: "Ann", RemovedPerTurn: []int{0, 0, 1, 0}}}})
	if got := sr.Sides[0].RemovedPerTurn; len(got) != 3 || got[2] != 1 {
		t.Errorf("a removal in turn 3 was dropped: %v", got)
	}
}
