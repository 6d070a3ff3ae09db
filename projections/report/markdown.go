package report

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"

	"warlog/engines"
	"warlog/internal/words"
)

// md escapes user text for Markdown: every character that could open
// markup, a link or raw HTML is neutralised, so a figure called "<script>"
// or "[x](javascript:...)" prints as itself. With no "<" left and no "["
// there is no tag and no link; parentheses and ">" stay readable.
func md(s string) string {
	var b strings.Builder
	for i, r := range s {
		switch r {
		case '<':
			b.WriteString("&lt;")
		case '&':
			b.WriteString("&amp;")
		case '\\', '`', '*', '_', '[', ']', '|', '~':
			b.WriteByte('\\')
			b.WriteRune(r)
		case '#', '>', '+', '-', '=':
			if i == 0 {
				b.WriteByte('\\')
			}
			b.WriteRune(r)
		case '\n', '\r', '\t':
			b.WriteByte(' ')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// codeSpan writes s as a Markdown code span, fenced by more backticks than
// it holds in a row (padded when it begins or ends with one).
func codeSpan(s string) string {
	longest, run := 0, 0
	for _, r := range s {
		if r == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	fence := strings.Repeat("`", longest+1)
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		s = " " + s + " "
	}
	return fence + s + fence
}

// Markdown writes the report as Markdown ready to post.
func Markdown(w io.Writer, r *Report) error {
	var b bytes.Buffer
	if r.Kind == "campaign" {
		fmt.Fprintf(&b, "# %s — campaign chronicle\n\n", md(r.Campaign))
		fmt.Fprintf(&b, "*Game:* %s · *Scenarios:* %d\n\n", md(r.GameTitle), len(r.Scenarios))
		if len(r.Score) > 0 {
			b.WriteString("## Running score\n\n")
			rows := make([][]string, len(r.Score))
			for i, s := range r.Score {
				rows[i] = []string{md(s.Name), strconv.Itoa(s.Wins)}
			}
			mdTable(&b, []string{"side", "scenarios won"}, rows)
		}
		if len(r.Standings) > 1 {
			b.WriteString("## Standings after each scenario\n\n")
			header := []string{"after"}
			for _, s := range r.Score {
				header = append(header, md(s.Name))
			}
			var rows [][]string
			for _, st := range r.Standings {
				row := []string{md(st.Label)}
				for _, s := range r.Score {
					row = append(row, strconv.Itoa(winsOf(st.Score, s.Name)))
				}
				rows = append(rows, row)
			}
			mdTable(&b, header, rows)
		}
		for i := range r.Scenarios {
			scenarioMarkdown(&b, r, &r.Scenarios[i], "##")
		}
		if header, rows := pathTable(r); len(rows) > 0 {
			b.WriteString("## Each figure, scenario by scenario\n\n")
			for i := range header {
				header[i] = md(header[i])
			}
			for _, row := range rows {
				for i := range row {
					row[i] = md(row[i])
				}
			}
			mdTable(&b, header, rows)
		}
		if len(r.Stories) > 0 {
			b.WriteString("## The figures' stories\n\n")
			for _, s := range r.Stories {
				fmt.Fprintf(&b, "- **%s** (%s): %s\n", md(s.Name), md(s.Side), md(strings.Join(s.Lines, "; ")))
			}
			b.WriteString("\n")
		}
		if len(r.Luck) > 0 {
			b.WriteString("## Luck over the campaign\n\n")
			luckMarkdown(&b, r.Luck)
		}
	} else {
		sc := &r.Scenarios[0]
		fmt.Fprintf(&b, "# %s — %s\n\n", md(sc.Name), md(r.GameTitle))
		scenarioMarkdown(&b, r, sc, "")
	}
	fmt.Fprintf(&b, "---\n\nLog head `%s` at version %d of campaign %s.", r.Head, r.Version, md(r.Campaign))
	if r.Check != "" {
		fmt.Fprintf(&b, " Check it with %s.", codeSpan(r.Check))
	}
	b.WriteString("\n")
	_, err := w.Write(b.Bytes())
	return err
}

// scenarioMarkdown writes one battle; level "##" nests it in a chronicle.
func scenarioMarkdown(b *bytes.Buffer, r *Report, sc *ScenarioReport, level string) {
	h := func(title string) string {
		if level == "" {
			return "## " + title
		}
		return level + "# " + title
	}
	if level != "" {
		fmt.Fprintf(b, "%s %s\n\n", level, md(sc.Label))
	}
	meta := []string{"*Campaign:* " + md(r.Campaign), "*Date:* " + sc.Date}
	if sc.Brief != "" {
		meta = append(meta, "*Brief:* "+md(sc.Brief))
	}
	meta = append(meta, fmt.Sprintf("*Turns played:* %d", sc.Turn))
	if !sc.Ended {
		meta = append(meta, "*in progress*")
	}
	b.WriteString(strings.Join(meta, " · ") + "\n\n")
	if sc.Result != "" {
		fmt.Fprintf(b, "%s\n\n**%s**", h("Result"), md(sentence(sc.Result)))
		if sc.Why != "" {
			fmt.Fprintf(b, " %s", md(sentence(sc.Why)))
		}
		b.WriteString("\n\n")
	}
	if st := sc.Story; st.Headline != "" {
		b.WriteString(h("The story") + "\n\n")
		fmt.Fprintf(b, "**%s**\n\n", md(st.Headline))
		if st.TurningPoint != "" {
			fmt.Fprintf(b, "- *Turning point:* %s\n", md(st.TurningPoint))
		}
		if st.DecisiveBlow != "" {
			fmt.Fprintf(b, "- *Decisive blow:* %s\n", md(st.DecisiveBlow))
		}
		if f := st.Standout; f != nil {
			fmt.Fprintf(b, "- *Figure of the battle:* %s.\n", md(standoutText(f)))
			fmt.Fprintf(b, "- *How the figure of the battle is chosen:* %s.\n", md(st.Formula))
		} else if sc.Ended {
			b.WriteString("- *Figure of the battle:* none, as no figure did anything the formula counts.\n")
		}
		b.WriteString("\n")
	}
	if scored(sc) {
		b.WriteString(h("Score") + "\n\n")
		var rows [][]string
		for _, s := range sc.Sides {
			won := ""
			if s.Won {
				won = "won"
			}
			rows = append(rows, []string{md(s.Name), strconv.Itoa(*s.Score), md(s.Scored), won})
		}
		mdTable(b, []string{"side", "score", "counting", "result"}, rows)
		for _, s := range sc.Sides {
			if len(s.ScoreLines) > 0 {
				fmt.Fprintf(b, "**%s %d, line by line**\n\n", md(words.Possessive(s.Name)), *s.Score)
				for _, l := range s.ScoreLines {
					fmt.Fprintf(b, "- %s\n", md(l))
				}
				b.WriteString("\n")
			}
		}
	}
	if len(sc.Sides) > 0 {
		b.WriteString(h("The forces") + "\n\n")
		for _, s := range sc.Sides {
			title := md(s.Name)
			if s.Player != "" && s.Player != s.Name {
				title += " (" + md(s.Player) + ")"
			}
			fmt.Fprintf(b, "**%s**\n\n", title)
			if len(s.Forces) > 0 {
				header, rows := rowCells(s.Forces, md)
				mdTable(b, header, rows)
			}
		}
	}
	if len(sc.Figures) > 0 {
		b.WriteString(h("How each figure ended") + "\n\n")
		header, rows := figureTable(sc)
		for _, row := range rows {
			for i := range row {
				row[i] = md(row[i])
			}
		}
		mdTable(b, header, rows)
	}
	b.WriteString(h("Turn by turn") + "\n\n")
	if len(sc.Turns) == 0 {
		b.WriteString("Nothing has happened yet.\n\n")
	}
	for _, t := range sc.Turns {
		if t.Turn == 0 {
			b.WriteString("**Before the battle**\n\n")
		} else {
			fmt.Fprintf(b, "**Turn %d**\n\n", t.Turn)
		}
		for _, l := range t.Lines {
			note := ""
			if l.Note != "" {
				note = " *(" + md(l.Note) + ")*"
			}
			if l.Undone {
				fmt.Fprintf(b, "- ~~%s~~ (undone)%s\n", md(l.Text), note)
			} else {
				fmt.Fprintf(b, "- %s%s\n", md(l.Text), note)
			}
		}
		b.WriteString("\n")
	}
	if header, rows := countTable(sc); len(rows) > 0 {
		b.WriteString(h("What the game counts, turn by turn") + "\n\n")
		for i := range header {
			header[i] = md(header[i])
		}
		mdTable(b, header, rows)
	}
	if turns := removalTurns(sc); turns > 0 {
		b.WriteString(h("Figures lost per turn") + "\n\n")
		header := []string{"side"}
		for t := 1; t <= turns; t++ {
			header = append(header, "T"+strconv.Itoa(t))
		}
		header = append(header, "total")
		var rows [][]string
		for _, s := range sc.Sides {
			row := []string{md(s.Name)}
			total := 0
			for t := 0; t < turns; t++ {
				n := 0
				if t < len(s.RemovedPerTurn) {
					n = s.RemovedPerTurn[t]
				}
				total += n
				row = append(row, strconv.Itoa(n))
			}
			rows = append(rows, append(row, strconv.Itoa(total)))
		}
		mdTable(b, header, rows)
	}
	if len(sc.Consequences) > 0 {
		b.WriteString(h("What the fight did to the campaign") + "\n\n")
		for _, c := range sc.Consequences {
			fmt.Fprintf(b, "- %s\n", md(c))
		}
		b.WriteString("\n")
	}
	if len(sc.Dice) > 0 {
		b.WriteString(h("Dice") + "\n\n")
		var rows [][]string
		for _, d := range sc.Dice {
			faces := make([]string, len(d.Faces))
			for i, f := range d.Faces {
				faces[i] = fmt.Sprintf("%d:%d", i+1, f)
			}
			facesText := strings.Join(faces, " ")
			if d.Sides > 12 {
				facesText = "(see the HTML report)"
			}
			rows = append(rows, []string{md(d.Player), strconv.Itoa(d.Count) + "d" + strconv.Itoa(d.Sides),
				strconv.FormatFloat(d.Average, 'f', 2, 64), facesText, strconv.FormatFloat(d.Expected, 'f', 1, 64),
				strconv.Itoa(d.Program), strconv.Itoa(d.Hand)})
		}
		mdTable(b, []string{"player", "dice", "average", "faces rolled", "expected per face", "program", "by hand"}, rows)
		b.WriteString(h("Luck") + "\n\n")
		luckMarkdown(b, sc.Luck)
	}
	if len(sc.Notable) > 0 {
		b.WriteString(h("Notable moments") + "\n\n")
		for _, n := range sc.Notable {
			fmt.Fprintf(b, "- %s\n", md(n))
		}
		b.WriteString("\n")
	}
}

// luckMarkdown writes the luck table: each player's judged rolls by
// outcome, and the faces of the rest.
func luckMarkdown(b *bytes.Buffer, luck []PlayerLuck) {
	var rows [][]string
	for _, l := range luck {
		rows = append(rows, luckRow(l, md))
	}
	mdTable(b, luckHeader, rows)
	b.WriteString(LuckNote + "\n\n")
}

// luckHeader heads the luck table; luckRow is a player's row.
var luckHeader = []string{"player", "judged rolls", "succeeded", "expected", "fair dice do at least as well", "verdict", "other dice: total (fair average)"}

func luckRow(l PlayerLuck, esc func(string) string) []string {
	o := l.Outcome
	row := []string{esc(l.Player), strconv.Itoa(o.Rolls), "", "", "", "", ""}
	if o.Rolls > 0 {
		row[2], row[3], row[4], row[5] = strconv.Itoa(o.Successes), strconv.FormatFloat(o.Expected, 'f', 1, 64), percent(o.ChanceAtLeast), o.Verdict
	}
	if l.Unjudged > 0 {
		row[6] = fmt.Sprintf("%s: %d (%.1f)", count(l.Unjudged, "die", "dice"), l.Luck.Total, l.Luck.Expected)
	}
	return row
}

// LuckNote says what the luck table counts.
const LuckNote = "Luck is counted by outcome: each roll the rules judge (a hit, a save, an opposed roll, a spawn) had a chance of success from the target the rules set it, " +
	"lower-is-better rolls counted as such; expected is the sum of those chances, and the chance that fair dice do at least as well is exact " +
	"(the distribution of successes of unequal chances). Lucky or unlucky: fair dice do that well, or that badly, at most 10% of the time. " +
	"Other dice, which the rules judge no success for (action pools, deployment), are counted by their faces' total."

// scored says whether every side has a score (the scenario has ended).
func scored(sc *ScenarioReport) bool {
	for _, s := range sc.Sides {
		if s.Score == nil {
			return false
		}
	}
	return len(sc.Sides) > 0
}

// winsOf is name's wins in a standing.
func winsOf(score []Score, name string) int {
	for _, s := range score {
		if s.Name == name {
			return s.Wins
		}
	}
	return 0
}

func removalTurns(sc *ScenarioReport) int {
	n := 0
	for _, s := range sc.Sides {
		n = max(n, len(s.RemovedPerTurn))
	}
	return n
}

// rowCells are engine rows as table cells (engines.Cells), each passed
// through esc.
func rowCells(rows []engines.Row, esc func(string) string) ([]string, [][]string) {
	header, cells := engines.Cells(rows)
	for i := range header {
		header[i] = esc(header[i])
	}
	for _, r := range cells {
		for j := range r {
			r[j] = esc(r[j])
		}
	}
	return header, cells
}

// mdTable writes a Markdown table with tablewriter's Markdown renderer; the
// cells are escaped already.
func mdTable(b *bytes.Buffer, header []string, rows [][]string) {
	t := tablewriter.NewTable(b,
		tablewriter.WithRenderer(renderer.NewMarkdown()),
		tablewriter.WithHeaderAutoFormat(tw.Off),
		tablewriter.WithRowAutoWrap(tw.WrapNone),
		tablewriter.WithHeaderAutoWrap(tw.WrapNone),
		tablewriter.WithHeaderAlignment(tw.AlignLeft),
		tablewriter.WithRowAlignment(tw.AlignLeft),
	)
	t.Header(header)
	_ = t.Bulk(rows)
	_ = t.Render()
	b.WriteString("\n")
}
