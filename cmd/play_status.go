package cmd

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"warlog/cmd/cmdutil"
	"warlog/engines"
)

// The status above play's menu is plain text, no box drawing, and fits the
// terminal without wrapping a line:
//
//   - the first line (campaign, game, scenario, turn, phase) always shows;
//   - a table is drawn as status and roster draw one on a terminal
//     (cmdutil's compact table), but a row a line: it keeps its columns
//     from the left while they fit the width, leaving out those no row
//     fills; a column that would not fit is left out and the next one
//     tried (the first column, the name, always stays);
//   - when the lines do not fit the height, the rows of the figures the
//     question concerns (named in it: its title, its options, the answers
//     so far) stay, both sides alike, under their table's header; then the
//     other rows in order, then the notes; a last line says how many were
//     left out and that `warlog status` shows them all.
//
// Any line still wider than the terminal is cut, marked with "…"; the
// first line, when too wide, gives how the table rolls a line of its own
// (headLines).

// fitStatus is the full-screen status in width columns and at most height
// lines; about is the text of the question on the screen.
func fitStatus(s engines.Status, head string, width, height int, about string) []string {
	heads := headLines(head, width)
	type line struct {
		text  string
		table int  // the table a row or header belongs to; -1 for a note
		row   bool // a table's row (not its header)
		rank  int  // lower stays first
	}
	var lines []line
	for _, n := range s.Notes {
		lines = append(lines, line{text: cmdutil.Clip("  "+n, width), table: -1, rank: 3})
	}
	for t, rows := range [][]engines.Row{s.Figures, s.Players, s.Sides} {
		if len(rows) == 0 {
			continue
		}
		for i, l := range cmdutil.CompactRowLines(rows, width) {
			ln := line{text: l, table: t, row: i > 0, rank: 2}
			switch {
			case i == 0: // a header stays only with a row under it
				ln.rank = 99
			case concerns(about, rows[i-1].String("name")):
				ln.rank = 1
			}
			lines = append(lines, ln)
		}
	}
	left := height - len(heads)
	if len(lines) <= left {
		out := heads
		for _, l := range lines {
			out = append(out, l.text)
		}
		return out
	}
	// Keep lines by rank (then in order), a row with its table's header,
	// leaving a line to say what was left out.
	room := left - 1
	kept := make([]bool, len(lines))
	header := map[int]int{}
	for i, l := range lines {
		if l.table >= 0 && !l.row {
			header[l.table] = i
		}
	}
	for rank := 1; rank <= 3 && room > 0; rank++ {
		for i, l := range lines {
			if l.rank != rank || room <= 0 {
				continue
			}
			cost := 1
			h, hasHead := header[l.table]
			if l.row && hasHead && !kept[h] {
				cost++
			}
			if cost > room {
				continue
			}
			kept[i] = true
			if cost == 2 {
				kept[h] = true
			}
			room -= cost
		}
	}
	out := heads
	cut := 0
	for i, l := range lines {
		if kept[i] {
			out = append(out, l.text)
		} else if l.row || l.table < 0 {
			cut++
		}
	}
	if left >= 1 {
		out = append(out, cmdutil.Clip(fmt.Sprintf("  … %d more lines: `warlog status` shows them all", cut), width))
	}
	return out
}

// headLines is the status's first line in width columns: whole when it
// fits, else with how the table rolls on a line of its own (and each cut
// to the width, marked "…").
func headLines(head string, width int) []string {
	if ansi.StringWidth(head) <= width {
		return []string{head}
	}
	i := strings.LastIndex(head, " · dice: ")
	if i < 0 {
		return []string{cmdutil.Clip(head, width)}
	}
	return []string{cmdutil.Clip(head[:i], width), cmdutil.Clip("  "+head[i+len(" · "):], width)}
}

// concerns says whether the question's text names a figure: its name
// stands there as a whole word.
func concerns(about, name string) bool {
	if name == "" {
		return false
	}
	for i := 0; ; {
		j := strings.Index(about[i:], name)
		if j < 0 {
			return false
		}
		j += i
		end := j + len(name)
		before := j == 0 || !isWordByte(about[j-1])
		after := end == len(about) || !isWordByte(about[end])
		if before && after {
			return true
		}
		i = j + 1
	}
}

func isWordByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// accessibleStatus is the status for a screen reader: plain lines, each
// figure, player or side one line of `name: value` pairs, empty values
// left out.
func accessibleStatus(s engines.Status, head string) []string {
	out := []string{head}
	for _, n := range s.Notes {
		out = append(out, "  "+n)
	}
	for _, rows := range [][]engines.Row{s.Figures, s.Players, s.Sides} {
		keys := engines.Keys(rows)
		for _, r := range rows {
			var parts []string
			for _, k := range keys {
				if v := r.String(k); v != "" {
					parts = append(parts, engines.Heading(k)+": "+v)
				}
			}
			out = append(out, strings.Join(parts, "; "))
		}
	}
	return out
}
