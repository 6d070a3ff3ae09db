package report

import (
	_ "embed"
	"fmt"
	"html/template"
	"io"
	"slices"
	"strconv"
	"strings"
	"sync"

	"warlog/internal/words"
)

//go:embed report.html.tmpl
var htmlTemplate string

// palette colours sides and players in order; readable on white, on the
// dark scheme's background and in print.
var palette = []string{"#1f6feb", "#d1242f", "#1a7f37", "#9a6700", "#8250df", "#bf3989"}

// named gives a side called after a colour that colour.
var named = map[string]string{"blue": palette[0], "red": palette[1], "green": palette[2], "yellow": palette[3], "gold": palette[3], "purple": palette[4], "pink": palette[5]}

// colourOf is the colour of the i-th of names: its own when it is named
// after one the palette has, else the first of the palette no name claims.
func colourOf(names []string, i int) string {
	if c, ok := named[strings.ToLower(names[i])]; ok {
		return c
	}
	taken := map[string]bool{}
	for _, n := range names {
		if c, ok := named[strings.ToLower(n)]; ok {
			taken[c] = true
		}
	}
	k := 0
	for j := 0; j <= i; j++ {
		if _, ok := named[strings.ToLower(names[j])]; ok {
			continue
		}
		for taken[palette[k%len(palette)]] && k < 2*len(palette) {
			k++
		}
		if j == i {
			return palette[k%len(palette)]
		}
		k++
	}
	return palette[i%len(palette)]
}

// page is parsed on first use, not at every warlog's start.
var page = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("report").Funcs(template.FuncMap{
		"inc":      func(i int) int { return i + 1 },
		"join":     strings.Join,
		"sentence": sentence,
		"standout": standoutText,
		"count":    count,
	}).Parse(htmlTemplate))
})

// CSS is the reports' stylesheet, as their pages hold it in <style>: for
// other pages that are to look like them (the league server's live page).
func CSS() string {
	_, css, _ := strings.Cut(htmlTemplate, "<style>")
	css, _, _ = strings.Cut(css, "</style>")
	return css
}

// HTML writes the report as one self-contained page: inline CSS and inline
// SVG, no script, no external resource. All user text goes through
// html/template's contextual escaping.
func HTML(w io.Writer, r *Report) error {
	return page().Execute(w, htmlView(r))
}

// The charts are drawn at most chartW wide in SVG units, which is the
// narrowest page's width (360 px less the margins): they are never scaled
// down, so their text stays at its size (at least 11 px).
const (
	chartW   = 320
	fontPx   = 12
	charW    = 7 // the width of a character of the charts' text, about
	minLabel = 11
)

type htmlPage struct {
	*Report
	Title     string
	Scenarios []htmlScenario
	BoardSVG  *boardChart
	Standings *lineChart
	Tables    []htmlTable // the chronicle's: score
	Paths     *htmlTable  // each figure scenario by scenario
	LuckNote  string
}

type htmlScenario struct {
	*ScenarioReport
	// Main is the chart of the game's own measure (the turning point's),
	// drawn right after the story; nil when it would have fewer than
	// three points or never move.
	Main     *lineChart
	Removals *barChart
	// RemovalNote says in words what a removals chart of no bar or of a
	// single bar would have drawn.
	RemovalNote string
	Counts      []*lineChart
	// Dice are the faces of the players who rolled at least minDice.
	Dice   []diceChart
	Forces []htmlSide
	Score  *htmlTable
	// Folded are the long tables (how each figure ended, the counts turn
	// by turn), shown folded after the charts.
	Folded []htmlTable
}

// A chart is drawn only when it says more than a sentence: at least
// minPoints points along a line, at least two bars, and dice histograms of
// at least minDice dice.
const (
	minPoints = 3
	minDice   = 20
)

type htmlSide struct {
	Name, Player string
	Colour       string
	Table        htmlTable
}

// htmlTable is a table whose cells carry their column's name, so that a
// narrow screen shows each row as a card of "name: value" lines.
type htmlTable struct {
	// Wide tables (more than four columns) become cards on a narrow
	// screen; the others fit as they are.
	Wide   bool
	ID     string
	Title  string
	Header []string
	Rows   [][]htmlCell
	Note   string
}

type htmlCell struct {
	Label, Text string
	Num         bool
}

func newTable(id, title string, header []string, rows [][]string) htmlTable {
	t := htmlTable{ID: id, Title: title, Header: header, Wide: len(header) > 4}
	for _, r := range rows {
		cells := make([]htmlCell, len(r))
		for i, c := range r {
			_, err := strconv.ParseFloat(strings.TrimSuffix(c, "%"), 64)
			cells[i] = htmlCell{Label: header[i], Text: c, Num: err == nil}
		}
		t.Rows = append(t.Rows, cells)
	}
	return t
}

func htmlView(r *Report) htmlPage {
	p := htmlPage{Report: r, LuckNote: LuckNote}
	if r.Kind == "campaign" {
		p.Title = r.Campaign + " — campaign chronicle"
		if len(r.Score) > 0 {
			var rows [][]string
			for _, s := range r.Score {
				rows = append(rows, []string{s.Name, strconv.Itoa(s.Wins)})
			}
			p.Tables = append(p.Tables, newTable("score", "Running score", []string{"side", "scenarios won"}, rows))
		}
		p.Standings = standingsChart(r)
		if header, rows := pathTable(r); len(rows) > 0 {
			t := newTable("paths", "", header, rows)
			p.Paths = &t
		}
	} else {
		p.Title = r.Scenarios[0].Name + " — " + r.GameTitle
	}
	for i := range r.Scenarios {
		p.Scenarios = append(p.Scenarios, scenarioView(r.Game, &r.Scenarios[i]))
	}
	if r.Board != nil {
		p.BoardSVG = drawBoard(r)
	}
	return p
}

func scenarioView(game string, sc *ScenarioReport) htmlScenario {
	hs := htmlScenario{ScenarioReport: sc, Main: mainChart(game, sc), Removals: removalChart(sc), Counts: countCharts(sc)}
	if hs.Main != nil {
		// The counts the measure is made of are drawn once, in its chart.
		hs.Counts = slices.DeleteFunc(hs.Counts, func(c *lineChart) bool { return slices.Contains(measureOf(game).counts, c.Title) })
	}
	if hs.Removals == nil {
		hs.RemovalNote = removalNote(sc)
	}
	names := sideNames(sc)
	for j, s := range sc.Sides {
		header, rows := rowCells(s.Forces, func(s string) string { return s })
		hs.Forces = append(hs.Forces, htmlSide{Name: s.Name, Player: s.Player, Colour: colourOf(names, j), Table: newTable("", "", header, rows)})
	}
	if scored(sc) {
		var rows [][]string
		for _, s := range sc.Sides {
			won := ""
			if s.Won {
				won = "won"
			}
			rows = append(rows, []string{s.Name, strconv.Itoa(*s.Score), s.Scored, won})
		}
		t := newTable("score", "Score", []string{"side", "score", "counting", "result"}, rows)
		hs.Score = &t
	}
	if len(sc.Figures) > 0 {
		header, rows := figureTable(sc)
		hs.Folded = append(hs.Folded, newTable("fates", "How each figure ended", header, rows))
	}
	if header, rows := countTable(sc); len(rows) > 0 {
		hs.Folded = append(hs.Folded, newTable("counts", "What the game counts, turn by turn", header, rows))
	}
	for _, d := range sc.Dice {
		if d.Count < minDice {
			continue
		}
		colour := palette[0]
		for j, n := range names {
			if n == d.Player {
				colour = colourOf(names, j)
			}
		}
		hs.Dice = append(hs.Dice, faceChart(d, colour))
	}
	return hs
}

// mainChart draws the game's own measure, the one the turning point is
// found by, a line per side over the turns.
func mainChart(game string, sc *ScenarioReport) *lineChart {
	m := measureOf(game)
	st := m.standing(sc)
	var names []string
	var values [][]int
	for _, s := range sc.Sides {
		if run, ok := st[s.Name]; ok {
			names, values = append(names, s.Name), append(values, run)
		}
	}
	if !drawn(values) {
		return nil
	}
	c := newLineChart(names, names, values, func(j, i int) string {
		return fmt.Sprintf("%s after turn %d: %d", names[j], i+1, values[j][i])
	})
	c.Title = strings.TrimSuffix(sentence(m.Name), ".")
	return c
}

// drawn says lines of these values are worth a chart: at least minPoints
// points, and more than two values among them (a line that only flips
// between two says no more than a sentence).
func drawn(values [][]int) bool {
	seen := map[int]bool{}
	for _, v := range values {
		if len(v) < minPoints {
			return false
		}
		for _, x := range v {
			seen[x] = true
		}
	}
	return len(values) > 0 && len(seen) > 2
}

// removalNote says what the removals chart would have shown when it is
// not drawn: no removal, or the one turn that saw any.
func removalNote(sc *ScenarioReport) string {
	turns := removalTurns(sc)
	if turns == 0 {
		return ""
	}
	var lost []string
	for _, s := range sc.Sides {
		for t, n := range s.RemovedPerTurn {
			if n > 0 {
				lost = append(lost, fmt.Sprintf("%s lost %d in turn %d", s.Name, n, t+1))
			}
		}
	}
	if len(lost) == 0 {
		return fmt.Sprintf("No figure was removed in %s.", count(turns, "turn", "turns"))
	}
	return "Figures lost: " + strings.Join(lost, "; ") + "."
}

// luckTable is the luck table of a scenario or the campaign.
func luckTable(luck []PlayerLuck) htmlTable {
	var rows [][]string
	for _, l := range luck {
		rows = append(rows, luckRow(l, func(s string) string { return s }))
	}
	t := newTable("luck", "Luck", luckHeader, rows)
	t.Note = LuckNote
	return t
}

// LuckTable is the luck table for the template.
func (h htmlScenario) LuckTable() htmlTable { return luckTable(h.Luck) }

// LuckTable is the campaign's luck table for the template, under the
// section's own heading.
func (p htmlPage) LuckTable() htmlTable {
	t := luckTable(p.Luck)
	t.Title = ""
	return t
}

// textW is about how wide text is drawn in the charts.
func textW(s string) int { return len([]rune(s))*charW + 2 }

// barChart is a grouped bar chart drawn as SVG: removals per turn per side.
type barChart struct {
	W, H   int
	Left   int
	Bars   []bar
	Labels []axisLabel
	Legend []legendItem
	Max    int
	YTicks []axisLabel
	// AxisTop and AxisBottom bound the plot vertically.
	AxisTop, AxisBottom int
}

type bar struct {
	X, Y, W, H int
	Colour     string
	Title      string
	// Value is written above the bar ("" for none), at VX, VY.
	Value  string
	VX, VY int
}

type axisLabel struct {
	X, Y int
	Text string
	// X2, Y2 end a grid line from X, Y (0: none).
	X2, Y2 int
}

type legendItem struct {
	X, Y   int
	Colour string
	Text   string
}

// legend lays out the names in rows across the chart's width; it returns
// the items and the height they take.
func legend(names []string, colour func(int) string) ([]legendItem, int) {
	var out []legendItem
	x, y := 0, 14
	for i, n := range names {
		w := 16 + textW(n) + 12
		if x > 0 && x+w > chartW {
			x, y = 0, y+18
		}
		out = append(out, legendItem{X: x, Y: y, Colour: colour(i), Text: n})
		x += w
	}
	return out, y + 10
}

// turnLabels spaces the labels of n columns w units apart so that no two
// touch: every k-th column is labelled, k as small as that allows, always
// the first and the last when there is room.
func turnLabels(n, w int, label func(int) string) []int {
	widest := 0
	for i := range n {
		widest = max(widest, textW(label(i)))
	}
	k := 1
	for k*w < widest+4 {
		k++
	}
	var out []int
	for i := 0; i < n; i += k {
		out = append(out, i)
	}
	if last := n - 1; out[len(out)-1] != last && (last-out[len(out)-1])*w >= widest+4 {
		out = append(out, last)
	}
	return out
}

// removalChart draws the removals per turn, or nothing when fewer than two
// bars would stand: such a chart says less than a sentence (removalNote).
func removalChart(sc *ScenarioReport) *barChart {
	turns := removalTurns(sc)
	if turns == 0 || len(sc.Sides) == 0 {
		return nil
	}
	c := &barChart{W: chartW}
	for _, s := range sc.Sides {
		for _, n := range s.RemovedPerTurn {
			c.Max = max(c.Max, n)
		}
	}
	bars := 0
	for _, s := range sc.Sides {
		for _, n := range s.RemovedPerTurn {
			if n > 0 {
				bars++
			}
		}
	}
	if bars < 2 {
		return nil
	}
	names := sideNames(sc)
	var top int
	c.Legend, top = legend(names, func(i int) string { return colourOf(names, i) })
	top += 12
	left, bottom, plotH := 8+textW(strconv.Itoa(c.Max)), 22, 120
	c.Left = left
	c.H = top + plotH + bottom
	c.AxisTop, c.AxisBottom = top, top+plotH
	group := (c.W - left - 4) / turns
	bw := min(max(2, (group-2)/len(sc.Sides)), 36)
	for _, t := range turnLabels(turns, group, func(i int) string { return "T" + strconv.Itoa(i+1) }) {
		c.Labels = append(c.Labels, axisLabel{X: left + t*group + group/2, Y: c.AxisBottom + 16, Text: "T" + strconv.Itoa(t+1)})
	}
	for t := 0; t < turns; t++ {
		gx := left + t*group + 1
		for i, s := range sc.Sides {
			n := s.RemovedPerTurn[t]
			h := n * plotH / c.Max
			b := bar{X: gx + i*bw, Y: top + plotH - h, W: max(bw-1, 1), H: h, Colour: colourOf(names, i),
				Title: fmt.Sprintf("%s, turn %d: %d removed", s.Name, t+1, n)}
			if n > 0 && bw >= textW(strconv.Itoa(n)) {
				b.Value, b.VX, b.VY = strconv.Itoa(n), b.X+b.W/2, b.Y-3
			}
			c.Bars = append(c.Bars, b)
		}
	}
	step := (c.Max + 4) / 5
	for v := 0; v <= c.Max; v += step {
		y := top + plotH - v*plotH/c.Max
		c.YTicks = append(c.YTicks, axisLabel{X: left - 4, Y: y + 4, Text: strconv.Itoa(v), X2: c.W, Y2: y})
	}
	return c
}

// diceChart is one player's faces against the expected count.
type diceChart struct {
	Stats     DiceStats
	W, H      int
	Bars      []bar
	Labels    []axisLabel
	YTicks    []axisLabel
	ExpectedY int
	Left      int
	Right     int
}

func faceChart(d DiceStats, colour string) diceChart {
	maxCount := int(d.Expected + 0.999)
	for _, f := range d.Faces {
		maxCount = max(maxCount, f)
	}
	maxCount = max(maxCount, 1)
	c := diceChart{Stats: d, W: chartW, H: 170, Left: 8 + textW(strconv.Itoa(maxCount)), Right: chartW - 2}
	top, bottom := 18, 22
	plotH := c.H - top - bottom
	n := len(d.Faces)
	bw := min((c.Right-c.Left)/max(n, 1), 48)
	for i, f := range d.Faces {
		h := f * plotH / maxCount
		b := bar{X: c.Left + i*bw + 1, Y: top + plotH - h, W: max(bw-2, 1), H: h, Colour: colour,
			Title: fmt.Sprintf("%d: rolled %s, %.1f expected", i+1, words.Count(f, "time", "times"), d.Expected)}
		if bw >= textW(strconv.Itoa(f)) {
			b.Value, b.VX, b.VY = strconv.Itoa(f), b.X+b.W/2, b.Y-3
		}
		c.Bars = append(c.Bars, b)
	}
	for _, i := range turnLabels(n, bw, func(i int) string { return strconv.Itoa(i + 1) }) {
		c.Labels = append(c.Labels, axisLabel{X: c.Left + i*bw + bw/2, Y: c.H - bottom + 16, Text: strconv.Itoa(i + 1)})
	}
	step := (maxCount + 3) / 4
	for v := 0; v <= maxCount; v += step {
		y := top + plotH - v*plotH/maxCount
		c.YTicks = append(c.YTicks, axisLabel{X: c.Left - 4, Y: y + 4, Text: strconv.Itoa(v), X2: c.Right, Y2: y})
	}
	c.ExpectedY = top + plotH - int(d.Expected/float64(maxCount)*float64(plotH))
	return c
}

// lineChart is the standings over time: each side's scenarios won after
// each scenario.
type lineChart struct {
	Title                   string
	W, H, Left, Top, Bottom int
	Lines                   []polyline
	Legend                  []legendItem
	Labels                  []axisLabel
	YTicks                  []axisLabel
	Scenarios               []string
}

type polyline struct {
	Colour string
	Points string
	Dots   []axisLabel
}

func standingsChart(r *Report) *lineChart {
	if len(r.Standings) < minPoints || len(r.Score) == 0 {
		return nil
	}
	names := make([]string, len(r.Score))
	values := make([][]int, len(r.Score))
	for i, s := range r.Score {
		names[i] = s.Name
		for _, st := range r.Standings {
			values[i] = append(values[i], winsOf(st.Score, s.Name))
		}
	}
	c := newLineChart(names, names, values, func(j, i int) string {
		return fmt.Sprintf("%s after %s: %d won", names[j], r.Standings[i].Label, values[j][i])
	})
	for _, st := range r.Standings {
		c.Scenarios = append(c.Scenarios, st.Label)
	}
	return c
}

// countCharts draws each number the game counts that took more than two
// values during a scenario of at least minPoints turns, a line per side
// over the turns.
func countCharts(sc *ScenarioReport) []*lineChart {
	var out []*lineChart
	var whats []string
	for _, c := range sc.Counts {
		if !slices.Contains(whats, c.What) {
			whats = append(whats, c.What)
		}
	}
	sides := sideNames(sc)
	for _, what := range whats {
		var names, colours []string
		var values [][]int
		for _, c := range sc.Counts {
			if c.What != what {
				continue
			}
			names, values = append(names, c.Side), append(values, c.PerTurn)
			colour := c.Side
			if i := slices.Index(sides, c.Side); i >= 0 {
				colour = sides[i]
			}
			colours = append(colours, colour)
		}
		if !drawn(values) {
			continue
		}
		lc := newLineChart(names, colours, values, func(j, i int) string {
			return fmt.Sprintf("%s, %s at the end of turn %d: %d", names[j], what, i+1, values[j][i])
		})
		lc.Title = what
		out = append(out, lc)
	}
	return out
}

// newLineChart draws a line per series over the same points (1, 2, ...
// along the bottom), names[j] in its side's colour (colourOf over
// colourNames), tip(j, i) the title of series j's i-th point.
func newLineChart(names, colourNames []string, values [][]int, tip func(j, i int) string) *lineChart {
	colour := func(j int) string {
		if i := slices.Index(colourNames, colourNames[j]); i >= 0 {
			return colourOf(colourNames, i)
		}
		return palette[j%len(palette)]
	}
	most, n := 1, 0
	for _, v := range values {
		most = max(most, slices.Max(append([]int{0}, v...)))
		n = max(n, len(v))
	}
	c := &lineChart{W: chartW}
	var top int
	c.Legend, top = legend(names, colour)
	c.Top = top + 12
	plotH := 120
	c.Left = 8 + textW(strconv.Itoa(most))
	c.Bottom = c.Top + plotH
	c.H = c.Bottom + 22
	dx := (c.W - c.Left - 12) / max(n-1, 1)
	for _, i := range turnLabels(n, dx, func(i int) string { return strconv.Itoa(i + 1) }) {
		c.Labels = append(c.Labels, axisLabel{X: c.Left + 6 + i*dx, Y: c.Bottom + 16, Text: strconv.Itoa(i + 1)})
	}
	for j := range names {
		pl := polyline{Colour: colour(j)}
		var pts []string
		for i, v := range values[j] {
			x, y := c.Left+6+i*dx, c.Bottom-max(v, 0)*plotH/most
			pts = append(pts, fmt.Sprintf("%d,%d", x, y))
			pl.Dots = append(pl.Dots, axisLabel{X: x, Y: y, Text: tip(j, i)})
		}
		pl.Points = strings.Join(pts, " ")
		c.Lines = append(c.Lines, pl)
	}
	step := (most + 3) / 4
	for v := 0; v <= most; v += step {
		y := c.Bottom - v*plotH/most
		c.YTicks = append(c.YTicks, axisLabel{X: c.Left - 4, Y: y + 4, Text: strconv.Itoa(v), X2: c.W, Y2: y})
	}
	return c
}

// boardChart is the final grid, with its columns and rows numbered.
type boardChart struct {
	W, H    int
	GW, GH  int // the grid's size
	Cell    int
	Margin  int
	Lines   []axisLabel // grid lines from X,Y to X2,Y2
	Coords  []axisLabel
	Squares []bar
	Pieces  []piece
	Key     []string // each piece's name and square, for the caption
}

type piece struct {
	X, Y, W, H int
	Colour     string
	Label      string
	TX, TY     int
	CX, CY, R  int
	Round      bool
}

func drawBoard(r *Report) *boardChart {
	b := r.Board
	margin := 18
	size := max(b.Width, b.Height, 1)
	cell := min(40, (chartW-margin)/size)
	c := &boardChart{W: margin + b.Width*cell + 1, H: margin + b.Height*cell + 1, Cell: cell, Margin: margin, GW: b.Width * cell, GH: b.Height * cell}
	owner := map[string]string{}
	for i, o := range b.Owners {
		owner[o] = colourOf(b.Owners, i)
	}
	for x := 0; x <= b.Width; x++ {
		c.Lines = append(c.Lines, axisLabel{X: margin + x*cell, Y: margin, X2: margin + x*cell, Y2: margin + b.Height*cell})
	}
	for y := 0; y <= b.Height; y++ {
		c.Lines = append(c.Lines, axisLabel{X: margin, Y: margin + y*cell, X2: margin + b.Width*cell, Y2: margin + y*cell})
	}
	for _, x := range turnLabels(b.Width, cell, func(i int) string { return strconv.Itoa(i + 1) }) {
		c.Coords = append(c.Coords, axisLabel{X: margin + x*cell + cell/2, Y: margin - 5, Text: strconv.Itoa(x + 1)})
	}
	for _, y := range turnLabels(b.Height, max(cell, 14), func(int) string { return "" }) {
		c.Coords = append(c.Coords, axisLabel{X: margin - 4, Y: margin + y*cell + cell/2 + 4, Text: strconv.Itoa(y + 1), X2: 1})
	}
	for _, s := range b.Influence {
		c.Squares = append(c.Squares, bar{X: margin + (s.X-1)*cell, Y: margin + (s.Y-1)*cell, W: cell, H: cell, Colour: owner[s.Owner]})
	}
	for _, p := range b.Pieces {
		w, h := max(p.W, 1), max(p.H, 1)
		x0, y0 := margin+(p.X-1)*cell, margin+(p.Y-1)*cell
		c.Pieces = append(c.Pieces, piece{X: x0, Y: y0, W: w * cell, H: h * cell, Colour: owner[p.Owner],
			Label: p.Label, TX: x0 + w*cell/2, TY: y0 + h*cell/2 + 4, Round: p.Kind != "mother",
			CX: x0 + cell/2, CY: y0 + cell/2, R: cell/2 - 1})
		where := fmt.Sprintf("%d,%d", p.X, p.Y)
		if w > 1 || h > 1 {
			where = fmt.Sprintf("%d,%d to %d,%d", p.X, p.Y, p.X+w-1, p.Y+h-1)
		}
		c.Key = append(c.Key, fmt.Sprintf("%s (%s %s) at %s", p.Label, words.Possessive(p.Owner), p.Kind, where))
	}
	return c
}

func sideNames(sc *ScenarioReport) []string {
	out := make([]string, len(sc.Sides))
	for i, s := range sc.Sides {
		out[i] = s.Name
	}
	return out
}

// Untitled is the table without its heading, for a fold whose summary
// names it.
func (t htmlTable) Untitled() htmlTable {
	t.Title = ""
	return t
}
