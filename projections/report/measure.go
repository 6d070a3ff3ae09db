package report

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// Each game's own measure of who is ahead, and its formula for the figure
// of the battle: the report's one table of what each game counts.
//
// The turning point is the turn in which the winner took the lead in the
// game's measure for good (ahead at the end of that turn and of every turn
// after it); in a battle without a winner, the turn of the largest gain in
// the measure. A side's standing in the measure counts only what it made:
// removals of its enemies' figures (in a battle of two sides), its own
// kill points, the Life its enemy's Mother lost, its own objectives.
type measure struct {
	// Name is the measure in the report's words.
	Name string
	// standing is each side's standing after each turn played.
	standing func(sr *ScenarioReport) map[string][]int
	// Formula states how the figure of the battle is chosen; players says
	// it is chosen among the players (the game scores players, not
	// figures).
	Formula string
	players bool
	// counts are the game's counts (Count.What) the measure is made of:
	// the page draws them once, in the measure's chart.
	counts []string
}

// figureFormula is the figure of the battle's formula in every game that
// scores figures.
const figureFormula = "the most points among the figures that fought: 3 for each enemy figure it removed, 1 for each %s it dealt, " +
	"5 for the decisive blow, 1 for ending the battle still standing; a figure of the losing side that was removed counts only when no other figure scored; " +
	"a tie goes to the winning side, then to the figure listed first"

// measures are the games' measures, by the game's name in the log.
var measures = map[string]measure{
	"kingsown": {Name: "removals", standing: removalStanding, Formula: fmt.Sprintf(figureFormula, "Hit")},
	"deadwars": {Name: "kill points", standing: countStanding("kp"), counts: []string{"kp"}, Formula: fmt.Sprintf(figureFormula, "wound")},
	"brood":    {Name: "the Life race between the Mothers", standing: lifeRace, counts: []string{"life"}, Formula: fmt.Sprintf(figureFormula, "Life")},
	"incarn28": {Name: "objectives met and enemies slain", standing: sum(countStanding("objectives done"), removalStanding), counts: []string{"objectives done"},
		Formula: fmt.Sprintf(figureFormula, "harm")},
	"reincardnated": {Name: "Beings held", standing: countStanding("beings"), counts: []string{"beings"}, players: true,
		Formula: "Reincardnated scores players, not figures: the player with the highest score, a tie to the winner"},
}

// measureOf is a game's measure; a game without one is measured by
// removals.
func measureOf(game string) measure {
	if m, ok := measures[game]; ok {
		return m
	}
	return measures["kingsown"]
}

// countStanding is a number the game counts for each side (Counts).
func countStanding(what string) func(sr *ScenarioReport) map[string][]int {
	return func(sr *ScenarioReport) map[string][]int {
		out := map[string][]int{}
		for _, c := range sr.Counts {
			if c.What == what {
				out[c.Side] = c.PerTurn
			}
		}
		return out
	}
}

// removalStanding credits each side with its enemies' figures removed,
// in a battle of two sides; with more, a removal names no maker, and no
// side is credited.
func removalStanding(sr *ScenarioReport) map[string][]int {
	out := map[string][]int{}
	if len(sr.Sides) != 2 {
		return out
	}
	for i, s := range sr.Sides {
		other := sr.Sides[1-i].RemovedPerTurn
		run := make([]int, sr.Turn)
		n := 0
		for t := range run {
			if t < len(other) {
				n += other[t]
			}
			run[t] = n
		}
		out[s.Name] = run
	}
	return out
}

// lifeRace credits each Mother's side with the Life the other Mothers
// lost.
func lifeRace(sr *ScenarioReport) map[string][]int {
	life := countStanding("life")(sr)
	lost := map[string][]int{}
	for side, l := range life {
		start := slices.Max(l)
		for _, v := range l {
			lost[side] = append(lost[side], start-v)
		}
	}
	out := map[string][]int{}
	for side := range life {
		run := make([]int, len(life[side]))
		for other, l := range lost {
			if other != side {
				for t := range run {
					run[t] += l[t]
				}
			}
		}
		out[side] = run
	}
	return out
}

// sum adds standings.
func sum(fs ...func(*ScenarioReport) map[string][]int) func(*ScenarioReport) map[string][]int {
	return func(sr *ScenarioReport) map[string][]int {
		out := map[string][]int{}
		for _, f := range fs {
			for side, run := range f(sr) {
				if out[side] == nil {
					out[side] = make([]int, sr.Turn)
				}
				for t := range out[side] {
					if t < len(run) {
						out[side][t] += run[t]
					} else if len(run) > 0 {
						out[side][t] += run[len(run)-1]
					}
				}
			}
		}
		return out
	}
}

// at is a standing after turn t (1-based), 0 before the first.
func at(run []int, t int) int {
	switch {
	case t <= 0 || len(run) == 0:
		return 0
	case t > len(run):
		return run[len(run)-1]
	}
	return run[t-1]
}

// turning finds the turning point by the measure: the turn the winner
// took the lead for good, or, without a winner, the turn of the largest
// gain; the side credited and its standing then against the best other's.
func turning(sr *ScenarioReport, m measure) (turn int, side string, mine, theirs int) {
	st := m.standing(sr)
	var sides []string
	for _, s := range sr.Sides {
		if _, ok := st[s.Name]; ok {
			sides = append(sides, s.Name)
		}
	}
	if len(sides) < 2 {
		return 0, "", 0, 0
	}
	best := func(t int, not string) int {
		b := 0
		first := true
		for _, o := range sides {
			if o != not && (first || at(st[o], t) > b) {
				b, first = at(st[o], t), false
			}
		}
		return b
	}
	if w := sr.Credited(); w != "" && w != "draw" {
		for _, s := range sides {
			if !strings.EqualFold(s, w) {
				continue
			}
			for t := sr.Turn; t >= 1 && at(st[s], t) > best(t, s); t-- {
				turn = t
			}
			if turn > 0 {
				return turn, s, at(st[s], turn), best(turn, s)
			}
		}
	}
	gain := 0
	for t := 1; t <= sr.Turn; t++ {
		for _, s := range sides {
			if g := at(st[s], t) - at(st[s], t-1); g > gain {
				gain, turn, side = g, t, s
			}
		}
	}
	if turn == 0 {
		return 0, "", 0, 0
	}
	return turn, side, at(st[side], turn), best(turn, side)
}

// removal finds an action that removed a figure (or a Mother), by the
// games' words for a removal.
var removal = regexp.MustCompile(`(?i)\b(is|was|goes|falls|now) (down|broken|dead|destroyed|slain|routed|killed|removed|withdrawn)\b|\bdies\b|\bSoul is collected\b`)

// decisiveBlow is the action that ended the battle or settled it: the
// last that removed a figure, else (or where the game scores players,
// whose removals settle nothing) the last of the battle; its turn.
func decisiveBlow(sr *ScenarioReport, players bool) (int, string) {
	if !sr.Ended {
		return 0, ""
	}
	turn, text := 0, ""
	for _, t := range sr.Turns {
		for _, l := range t.Lines {
			if l.Undone {
				continue
			}
			if !players && removal.MatchString(l.Text) {
				return lastRemoval(sr)
			}
			turn, text = t.Turn, l.Text
		}
	}
	return turn, text
}

func lastRemoval(sr *ScenarioReport) (int, string) {
	turn, text := 0, ""
	for _, t := range sr.Turns {
		for _, l := range t.Lines {
			if !l.Undone && removal.MatchString(l.Text) {
				turn, text = t.Turn, l.Text
			}
		}
	}
	return turn, text
}

// striker is the figure of the winning side that struck the blow: the
// figure named first in its line, when it is the winners'.
func striker(sr *ScenarioReport, blow string) *FigureReport {
	var who *FigureReport
	pos := -1
	for i := range sr.Figures {
		f := &sr.Figures[i]
		if f.Name == "" {
			continue
		}
		p := strings.Index(blow, f.Name)
		if p < 0 || pos >= 0 && p > pos {
			continue
		}
		if p < pos || pos < 0 {
			who, pos = nil, p
		}
		if sr.won(f.Side) && who == nil {
			who = f
		}
	}
	return who
}
