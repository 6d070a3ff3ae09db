package report

import (
	_ "embed"
	"fmt"
	"html/template"
	"io"
	"strings"
	"sync"
)

//go:embed report.html.tmpl
var htmlTemplate string

// palette colours sides and players in order; readable on white and in print.
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
		"inc":  func(i int) int { return i + 1 },
		"join": strings.Join,
		"cell": cell,
		"fmtf": func(f float64) string { return fmt.Sprintf("%.2f", f) },
	}).Parse(htmlTemplate))
})

// HTML writes the report as one self-contained page: inline CSS and inline
// SVG, no script, no external resource. All user text goes through
// html/template's contextual escaping.
func HTML(w io.Writer, r *Report) error {
	return page().Execute(w, htmlView(r))
}

type htmlPage struct {
	*Report
	Title     string
	Scenarios []htmlScenario
	BoardSVG  *boardChart
}

type htmlScenario struct {
	*ScenarioReport
	Removals *barChart
	Dice     []diceChart
	Tables   []htmlSide
}

type htmlSide struct {
	Name, Player string
	Colour       string
	Header       []string
	Rows         [][]string
}

func htmlView(r *Report) htmlPage {
	p := htmlPage{Report: r}
	if r.Kind == "campaign" {
		p.Title = r.Campaign + " — campaign chronicle"
	} else {
		p.Title = r.Scenarios[0].Name + " — " + r.GameTitle
	}
	for i := range r.Scenarios {
		sc := &r.Scenarios[i]
		hs := htmlScenario{ScenarioReport: sc, Removals: removalChart(sc)}
		names := sideNames(sc)
		for j, s := range sc.Sides {
			header, rows := rowCells(s.Forces, func(s string) string { return s })
			hs.Tables = append(hs.Tables, htmlSide{Name: s.Name, Player: s.Player, Colour: colourOf(names, j), Header: header, Rows: rows})
		}
		for _, d := range sc.Dice {
			colour := palette[0]
			for j, n := range names {
				if n == d.Player {
					colour = colourOf(names, j)
				}
			}
			hs.Dice = append(hs.Dice, faceChart(d, colour))
		}
		p.Scenarios = append(p.Scenarios, hs)
	}
	if r.Board != nil {
		p.BoardSVG = drawBoard(r)
	}
	return p
}

// barChart is a grouped bar chart drawn as SVG: removals per turn per side.
type barChart struct {
	W, H   int
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
}

type axisLabel struct {
	X, Y int
	Text string
}

type legendItem struct {
	X, Y   int
	Colour string
	Text   string
}

func removalChart(sc *ScenarioReport) *barChart {
	turns := removalTurns(sc)
	if turns == 0 || len(sc.Sides) == 0 {
		return nil
	}
	c := &barChart{W: 480, H: 240}
	for _, s := range sc.Sides {
		for _, n := range s.RemovedPerTurn {
			c.Max = max(c.Max, n)
		}
	}
	if c.Max == 0 {
		c.Max = 1
	}
	names := sideNames(sc)
	left, top, bottom := 40, 30, 40
	plotH := c.H - top - bottom
	c.AxisTop, c.AxisBottom = top, top+plotH
	group := (c.W - left - 10) / turns
	bw := max(4, (group-8)/len(sc.Sides))
	for t := 0; t < turns; t++ {
		gx := left + t*group + 4
		c.Labels = append(c.Labels, axisLabel{X: gx + group/2 - 4, Y: c.H - bottom + 16, Text: fmt.Sprintf("T%d", t+1)})
		for i, s := range sc.Sides {
			n := 0
			if t < len(s.RemovedPerTurn) {
				n = s.RemovedPerTurn[t]
			}
			h := n * plotH / c.Max
			c.Bars = append(c.Bars, bar{X: gx + i*bw, Y: top + plotH - h, W: bw - 2, H: h, Colour: colourOf(names, i),
				Title: fmt.Sprintf("%s, turn %d: %d removed", s.Name, t+1, n)})
		}
	}
	for v := 0; v <= c.Max; v++ {
		if c.Max > 6 && v%((c.Max+5)/6) != 0 {
			continue
		}
		c.YTicks = append(c.YTicks, axisLabel{X: left - 8, Y: top + plotH - v*plotH/c.Max + 4, Text: fmt.Sprint(v)})
	}
	for i, s := range sc.Sides {
		c.Legend = append(c.Legend, legendItem{X: left + i*110, Y: 14, Colour: colourOf(names, i), Text: s.Name})
	}
	return c
}

// diceChart is one player's faces against the expected count.
type diceChart struct {
	Stats     DiceStats
	W, H      int
	Bars      []bar
	Labels    []axisLabel
	ExpectedY int
	Left      int
	Right     int
}

func faceChart(d DiceStats, colour string) diceChart {
	c := diceChart{Stats: d, W: 320, H: 180, Left: 30, Right: 310}
	top, bottom := 10, 30
	plotH := c.H - top - bottom
	maxCount := d.Expected
	for _, f := range d.Faces {
		maxCount = max(maxCount, float64(f))
	}
	if maxCount == 0 {
		maxCount = 1
	}
	n := len(d.Faces)
	bw := (c.Right - c.Left) / max(n, 1)
	for i, f := range d.Faces {
		h := int(float64(f) / maxCount * float64(plotH))
		c.Bars = append(c.Bars, bar{X: c.Left + i*bw + 1, Y: top + plotH - h, W: max(bw-2, 1), H: h, Colour: colour,
			Title: fmt.Sprintf("%d: rolled %d times, %.1f expected", i+1, f, d.Expected)})
		if n <= 12 || (i+1)%10 == 0 {
			c.Labels = append(c.Labels, axisLabel{X: c.Left + i*bw + bw/2, Y: c.H - bottom + 14, Text: fmt.Sprint(i + 1)})
		}
	}
	c.ExpectedY = top + plotH - int(d.Expected/maxCount*float64(plotH))
	return c
}

// boardChart is the final grid.
type boardChart struct {
	W, H    int
	Cell    int
	Lines   []axisLabel // grid lines: X,Y start; Text unused
	Squares []bar
	Pieces  []piece
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
	cell := 24
	if b.Width > 24 {
		cell = 600 / b.Width
	}
	c := &boardChart{W: b.Width*cell + 1, H: b.Height*cell + 1, Cell: cell}
	owner := map[string]string{}
	for i, o := range b.Owners {
		owner[o] = colourOf(b.Owners, i)
	}
	for _, s := range b.Influence {
		c.Squares = append(c.Squares, bar{X: (s.X - 1) * cell, Y: (s.Y - 1) * cell, W: cell, H: cell, Colour: owner[s.Owner]})
	}
	for _, p := range b.Pieces {
		w, h := max(p.W, 1), max(p.H, 1)
		c.Pieces = append(c.Pieces, piece{X: (p.X - 1) * cell, Y: (p.Y - 1) * cell, W: w * cell, H: h * cell, Colour: owner[p.Owner],
			Label: p.Label, TX: (p.X-1)*cell + w*cell/2, TY: (p.Y-1)*cell + h*cell/2 + 4, Round: p.Kind != "mother",
			CX: (p.X-1)*cell + cell/2, CY: (p.Y-1)*cell + cell/2, R: cell/2 - 1})
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
