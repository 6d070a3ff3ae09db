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
//   - a table keeps its columns from the left while they fit the width; a
//     column that would not fit is left out and the next one tried (the
//     first column, the name, always stays);
//   - when the lines do not fit the height, the notes go first (from their
//     last line up), then the tables' last rows; a line says how many were
//     left out and that `warlog status` shows them all.
//
// Any line still wider than the terminal is cut, marked with "…".

// fitStatus is the full-screen status in width columns and at most height
// lines.
func fitStatus(s engines.Status, width, height int) []string {
	head := cmdutil.Clip(statusHead(s), width)
	var notes, tables []string
	for _, n := range s.Notes {
		notes = append(notes, cmdutil.Clip("  "+n, width))
	}
	for _, rows := range [][]engines.Row{s.Figures, s.Players, s.Sides} {
		if len(rows) > 0 {
			tables = append(tables, plainTable(rows, width)...)
		}
	}
	left := height - 1
	if len(notes)+len(tables) <= left {
		return append(append([]string{head}, notes...), tables...)
	}
	more := func(n int, what string) string {
		return cmdutil.Clip(fmt.Sprintf("  … %d more %s: `warlog status` shows them all", n, what), width)
	}
	// Room for the tables first, less the line that counts what is cut.
	if len(tables) > left-1 {
		keep := max(0, left-1)
		out := []string{head}
		out = append(out, tables[:keep]...)
		if left >= 1 {
			out = append(out, more(len(tables)-keep+len(notes), "lines"))
		}
		return out
	}
	keep := left - 1 - len(tables)
	out := append([]string{head}, notes[:keep]...)
	out = append(out, more(len(notes)-keep, "lines of notes"))
	return append(out, tables...)
}

// plainTable lays rows out in columns two spaces apart, under a header of
// their keys: the columns that fit width, taken from the left.
func plainTable(rows []engines.Row, width int) []string {
	keys := engines.Keys(rows)
	cells := make([][]string, len(rows)+1)
	cells[0] = make([]string, len(keys))
	for j, k := range keys {
		cells[0][j] = strings.ReplaceAll(k, "_", " ")
	}
	for i, r := range rows {
		cells[i+1] = make([]string, len(keys))
		for j, k := range keys {
			cells[i+1][j] = cmdutil.Cell(r.Get(k))
		}
	}
	widths := make([]int, len(keys))
	for _, row := range cells {
		for j, c := range row {
			widths[j] = max(widths[j], ansi.StringWidth(c))
		}
	}
	kept := []int{0}
	used := widths[0]
	for j := 1; j < len(keys); j++ {
		if used+2+widths[j] <= width {
			kept = append(kept, j)
			used += 2 + widths[j]
		}
	}
	out := make([]string, len(cells))
	for i, row := range cells {
		var b strings.Builder
		for n, j := range kept {
			c := row[j]
			if n > 0 {
				b.WriteString("  ")
			}
			b.WriteString(c)
			b.WriteString(strings.Repeat(" ", widths[j]-ansi.StringWidth(c)))
		}
		out[i] = cmdutil.Clip(strings.TrimRight(b.String(), " "), width)
	}
	return out
}

// accessibleStatus is the status for a screen reader: plain lines, each
// figure, player or side one line of `name: value` pairs, empty values
// left out.
func accessibleStatus(s engines.Status) []string {
	out := []string{statusHead(s)}
	for _, n := range s.Notes {
		out = append(out, "  "+n)
	}
	for _, rows := range [][]engines.Row{s.Figures, s.Players, s.Sides} {
		keys := engines.Keys(rows)
		for _, r := range rows {
			var parts []string
			for _, k := range keys {
				if v := cmdutil.Cell(r.Get(k)); v != "" {
					parts = append(parts, strings.ReplaceAll(k, "_", " ")+": "+v)
				}
			}
			out = append(out, strings.Join(parts, "; "))
		}
	}
	return out
}
