package report

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"warlog/engines"
	"warlog/internal/words"
)

// FateSatOut is the fate of a campaign figure that did not fight.
const FateSatOut = "sat out"

// standing are the fates of a figure still in the fight when it ended:
// an Incarn28 incarn an Exhumer raised ("exhumed") fought on in the
// Exhumer's gang, so what it dealt counts as a standing figure's.
var standing = map[string]bool{"survived": true, "standing": true, "alive": true, "starter": true, "withdrawn": true, "exhumed": true}

// points scores a figure by the formula the games that score figures
// share (figureFormula); decisive says it struck the decisive blow.
func points(f FigureReport, decisive bool) int {
	if !f.Fought {
		return 0
	}
	p := 3*f.Removals + f.Dealt
	if decisive {
		p += 5
	}
	if standing[f.Fate.Fate] {
		p++
	}
	return p
}

// account tells the battle in a few lines, by the game's own measure: the
// headline, the turning point, the decisive blow and the figure of the
// battle.
func account(sr *ScenarioReport, game string) Account {
	m := measureOf(game)
	a := Account{Formula: m.Formula, Measure: m.Name}
	blowTurn, blow := decisiveBlow(sr, m.players)
	if blow != "" {
		a.DecisiveBlow = fmt.Sprintf("Turn %d: %s", blowTurn, blow)
		if blowTurn == 0 {
			a.DecisiveBlow = "Before the battle: " + blow
		}
	}
	var by *FigureReport
	if !m.players {
		by = striker(sr, blow)
	}
	for i := range sr.Figures {
		f := &sr.Figures[i]
		f.Points = points(*f, f == by)
	}
	if m.players {
		a.Standout = bestPlayer(sr)
	} else {
		a.Standout = bestFigure(sr)
	}
	turn, side, mine, theirs := turning(sr, m)
	if turn > 0 {
		how := "took the lead for good in"
		if !sr.won(side) {
			how = "made the largest gain in"
		}
		a.TurningPoint = fmt.Sprintf("Turn %d: %s %s %s, %d to %d.", turn, side, how, m.Name, mine, theirs)
		var fell []string
		for _, f := range sr.Fallen {
			// Only the enemies' losses are the side's doing.
			if f.Turn == turn && !strings.EqualFold(f.Side, side) {
				fell = append(fell, fmt.Sprintf("%s (%s, %s)", f.Name, f.Side, f.Status))
			}
		}
		if len(fell) > 0 && m.Name != "Beings held" {
			a.TurningPoint = strings.TrimSuffix(a.TurningPoint, ".") + "; fallen: " + strings.Join(fell, ", ") + "."
		}
	}
	a.Headline = headline(sr, by)
	return a
}

// headline is the battle in a sentence that begins with a capital letter
// and keeps the players' names as they wrote them: the scenario's name
// first ("First brood: blue won in turn 19; B6 struck the decisive blow.").
func headline(sr *ScenarioReport, by *FigureReport) string {
	name := sr.Name
	if r, _ := utf8.DecodeRuneInString(name); !unicode.IsUpper(r) && !unicode.IsDigit(r) {
		name = "Battle " + name
	}
	after := ""
	if sr.Turn > 0 {
		after = " in turn " + strconv.Itoa(sr.Turn)
	}
	switch w := sr.Credited(); {
	case w == "draw":
		return fmt.Sprintf("%s: a draw%s.", name, after)
	case w != "" && by != nil:
		return fmt.Sprintf("%s: %s won%s; %s struck the decisive blow.", name, w, after, by.Name)
	case w != "":
		return fmt.Sprintf("%s: %s won%s.", name, w, after)
	case sr.Ended:
		return fmt.Sprintf("%s: no winner%s.", name, after)
	}
	return fmt.Sprintf("%s: being played, now%s.", name, after)
}

// standoutText tells the figure of the battle: "B6 (blue), 11 points: 1
// removal, 2 Life dealt, alive", or a player's score.
func standoutText(f *FigureReport) string {
	if f.Side == f.Name {
		return fmt.Sprintf("%s, %s (%s)", f.Name, count(f.Points, "point", "points"), f.Fate.Fate)
	}
	return fmt.Sprintf("%s (%s), %s: %s, %s", f.Name, f.Side, count(f.Points, "point", "points"), count(f.Removals, "removal", "removals"), f.Fate.Fate)
}

// bestFigure is the figure of the battle by the formula: the most points,
// a removed figure of a losing side only when nothing else scored.
func bestFigure(sr *ScenarioReport) *FigureReport {
	var best, fallback *FigureReport
	better := func(f, than *FigureReport) bool {
		return than == nil || f.Points > than.Points || f.Points == than.Points && sr.won(f.Side) && !sr.won(than.Side)
	}
	for i := range sr.Figures {
		f := &sr.Figures[i]
		if !f.Fought || f.Points == 0 {
			continue
		}
		lost := !sr.won(f.Side) && sr.Credited() != "draw" && sr.Credited() != ""
		if lost && !standing[f.Fate.Fate] {
			if better(f, fallback) {
				fallback = f
			}
			continue
		}
		if better(f, best) {
			best = f
		}
	}
	if best == nil {
		best = fallback
	}
	if best == nil {
		return nil
	}
	b := *best
	return &b
}

// bestPlayer is the figure of the battle where the game scores players:
// the one with the highest score.
func bestPlayer(sr *ScenarioReport) *FigureReport {
	var best *SideReport
	for i := range sr.Sides {
		s := &sr.Sides[i]
		if s.Score == nil {
			continue
		}
		if best == nil || *s.Score > *best.Score || *s.Score == *best.Score && s.Won && !best.Won {
			best = s
		}
	}
	if best == nil {
		return nil
	}
	fate := "lost"
	if best.Won {
		fate = "won"
	}
	return &FigureReport{Fate: engines.Fate{Name: best.Name, Side: best.Name, Fate: fate}, Fought: true, Points: *best.Score}
}

// won says whether side won the scenario.
func (sr *ScenarioReport) won(side string) bool {
	for _, s := range sr.Sides {
		if strings.EqualFold(s.Name, side) {
			return s.Won
		}
	}
	return sr.Winner != nil && strings.EqualFold(*sr.Winner, side)
}

// notable picks the moments worth a line beyond the story: the longest
// streak of failed rolls, and dice far from what fair dice give.
func notable(sr *ScenarioReport) []string {
	out := []string{}
	worst := DiceStats{}
	for _, d := range sr.Dice {
		if d.LongestFailStreak > worst.LongestFailStreak {
			worst = d
		}
	}
	if worst.LongestFailStreak > 1 {
		out = append(out, fmt.Sprintf("The longest streak of failed rolls: %s, %d in a row.", worst.Player, worst.LongestFailStreak))
	}
	for _, l := range sr.Luck {
		switch {
		case l.Count >= 5 && l.Luck.ChanceAtLeast <= 0.1:
			out = append(out, fmt.Sprintf("%s rolled high: fair dice total at least %d on those %s only %s of the time.", l.Player, l.Luck.Total, words.Count(l.Count, "die", "dice"), percent(l.Luck.ChanceAtLeast)))
		case l.Count >= 5 && l.Luck.ChanceAtLeast >= 0.9:
			out = append(out, fmt.Sprintf("%s rolled low: fair dice total at least %d on those %s %s of the time.", l.Player, l.Luck.Total, words.Count(l.Count, "die", "dice"), percent(l.Luck.ChanceAtLeast)))
		}
	}
	return out
}

// percent writes a probability as a percentage a reader takes in.
func percent(p float64) string {
	switch {
	case p > 0 && p < 0.001:
		return "under 0.1%"
	case p < 1 && p > 0.999:
		return "over 99.9%"
	}
	return strconv.FormatFloat(p*100, 'f', 1, 64) + "%"
}

// stories follows each figure the outcomes name through the scenarios,
// matched by its ID: where it fought, sat out, and what each fight did to
// it. Figures an outcome does not name (a scenario's foes that are no
// campaign's) have no story.
func stories(scs []ScenarioReport) []Story {
	out := []Story{}
	idx := map[string]int{}
	for _, sc := range scs {
		for _, f := range sc.Figures {
			if f.ID == "" {
				continue
			}
			i, ok := idx[f.ID]
			if !ok {
				i = len(out)
				idx[f.ID] = i
				out = append(out, Story{ID: f.ID, Side: f.Side, Path: []StoryStep{}, Lines: []string{}})
			}
			s := &out[i]
			s.Name = f.Name // the newest name: a figure may be renamed
			s.Path = append(s.Path, StoryStep{Scenario: sc.Name, Start: sc.Start, Fate: f.Fate.Fate, Carries: f.Carries, Track: f.Track, Removals: f.Removals})
			s.Lines = append(s.Lines, storyLine(f, sc.Name, !ok))
		}
	}
	return out
}

// storyLine tells one step of a figure's campaign.
func storyLine(f FigureReport, scenario string, first bool) string {
	var b strings.Builder
	if first && f.Fought {
		b.WriteString("first ")
	}
	if f.Fought {
		b.WriteString("fought in " + scenario + ": " + f.Fate.Fate)
		if f.Removals > 0 {
			fmt.Fprintf(&b, ", %d %s", f.Removals, plural(f.Removals, "removal", "removals"))
		}
	} else {
		b.WriteString("sat out " + scenario)
		if f.Carries != "" {
			b.WriteString(" and recovered")
		}
	}
	if c := carried(f.Carries, f.Track); c != "" && c != f.Fate.Fate {
		b.WriteString("; " + c)
	}
	return b.String()
}

// score counts each side's scenarios won, and the count after each one. A
// shared win is a win for each side that shares it.
func score(scs []ScenarioReport) ([]Score, []Standing) {
	wins := map[string]int{}
	var order []string
	add := func(n string) {
		for _, o := range order {
			if strings.EqualFold(o, n) {
				return
			}
		}
		order = append(order, n)
	}
	standings := []Standing{}
	now := func() []Score {
		out := make([]Score, len(order))
		for i, n := range order {
			out[i] = Score{Name: n, Wins: wins[strings.ToLower(n)]}
		}
		return out
	}
	for _, sc := range scs {
		for _, s := range sc.Sides {
			add(s.Name)
		}
		for _, w := range winners(sc) {
			add(w)
			wins[strings.ToLower(w)]++
		}
		if sc.Ended {
			standings = append(standings, Standing{Scenario: sc.Name, Label: sc.Label, Score: now()})
		}
	}
	return now(), standings
}

// winners are the sides that won sc: every side the outcome marks as won
// (a shared win, told as a draw, counts for each of them), else the
// winner, when there is one.
func winners(sc ScenarioReport) []string {
	var out []string
	for _, s := range sc.Sides {
		if s.Won {
			out = append(out, s.Name)
		}
	}
	if len(out) == 0 && sc.Winner != nil {
		out = append(out, *sc.Winner)
	}
	return out
}

// sentence writes a result or its reason as a sentence: a capital first
// letter and a full stop.
func sentence(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return s
	}
	r, n := utf8.DecodeRuneInString(s)
	s = string(unicode.ToUpper(r)) + s[n:]
	if !strings.ContainsAny(s[len(s)-1:], ".!?") {
		s += "."
	}
	return s
}

// count writes a number with its noun, singular or plural ("1 turn", "3
// turns").
func count(n int, one, many string) string {
	return strconv.Itoa(n) + " " + plural(n, one, many)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// pathTable is the chronicle's table of the figures that took part in more
// than one scenario: a row each, a column per scenario, each cell its fate
// there and what that carried ("broken; campaign Skill 3 -> 2") or, when
// nothing changed, where it stands on its track ("survived; campaign Skill
// 3"), "" where it had no part. It is the campaign Skill track in The
// King's Own.
func pathTable(r *Report) (header []string, rows [][]string) {
	var names []string
	var starts []int64
	for _, sc := range r.Scenarios {
		if sc.Ended {
			names = append(names, sc.Label)
			starts = append(starts, sc.Start)
		}
	}
	for _, st := range r.Stories {
		if len(st.Path) < 2 {
			continue
		}
		row := make([]string, 1+len(names))
		row[0] = st.Name + " (" + st.Side + ")"
		for _, p := range st.Path {
			for i, start := range starts {
				if start == p.Start {
					row[i+1] = p.Fate
					if c := carried(p.Carries, p.Track); c != "" && c != p.Fate {
						row[i+1] += "; " + c
					}
				}
			}
		}
		rows = append(rows, row)
	}
	if len(rows) == 0 {
		return nil, nil
	}
	return append([]string{"figure"}, names...), rows
}

// numbered tells apart names that repeat by their order: the second
// "Skirmish" is "Skirmish (2)".
func numbered(names []string) []string {
	out := make([]string, len(names))
	seen := map[string]int{}
	for i, n := range names {
		k := strings.ToLower(n)
		seen[k]++
		out[i] = n
		if seen[k] > 1 {
			out[i] = fmt.Sprintf("%s (%d)", n, seen[k])
		}
	}
	return out
}

// figureTable is the table of how each figure ended: its fate, what it
// did (the columns the game counts) and what it carries forward (no such
// column when no figure carries anything).
func figureTable(sc *ScenarioReport) (header []string, rows [][]string) {
	var acts, attacks, dealt, taken, carries bool
	for _, f := range sc.Figures {
		acts, attacks, dealt, taken = acts || f.Activations > 0, attacks || f.Attacks > 0, dealt || f.Dealt > 0, taken || f.Taken > 0
		carries = carries || carried(f.Carries, f.Track) != ""
	}
	unit := sc.Damage
	if unit == "" {
		unit = "damage"
	}
	header = []string{"figure", "side", "fate", "removals"}
	if acts {
		header = append(header, "activations")
	}
	if attacks {
		header = append(header, "attacks")
	}
	if dealt {
		header = append(header, unit+" dealt")
	}
	if taken {
		header = append(header, unit+" taken")
	}
	header = append(header, "points")
	if carries {
		header = append(header, "carries forward")
	}
	for _, f := range sc.Figures {
		row := []string{f.Name, f.Side, f.Fate.Fate, strconv.Itoa(f.Removals)}
		if acts {
			row = append(row, strconv.Itoa(f.Activations))
		}
		if attacks {
			row = append(row, strconv.Itoa(f.Attacks))
		}
		if dealt {
			row = append(row, strconv.Itoa(f.Dealt))
		}
		if taken {
			row = append(row, strconv.Itoa(f.Taken))
		}
		row = append(row, strconv.Itoa(f.Points))
		if carries {
			row = append(row, carried(f.Carries, f.Track))
		}
		rows = append(rows, row)
	}
	return header, rows
}

// countTable lays out a scenario's Counts a row per turn, a column per
// side's number ("Ben kp").
func countTable(sc *ScenarioReport) (header []string, rows [][]string) {
	if len(sc.Counts) == 0 {
		return nil, nil
	}
	header = []string{"turn"}
	for _, c := range sc.Counts {
		header = append(header, c.Side+" "+c.What)
	}
	for t := range sc.Counts[0].PerTurn {
		row := []string{strconv.Itoa(t + 1)}
		for _, c := range sc.Counts {
			row = append(row, strconv.Itoa(c.PerTurn[t]))
		}
		rows = append(rows, row)
	}
	return header, rows
}

// carried is what a figure takes from a scenario as a table shows it: the
// change it carries, or else where it stands on its track.
func carried(carries, track string) string {
	if carries != "" {
		return carries
	}
	return track
}
