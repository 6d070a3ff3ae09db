package cmdutil

import (
	"io"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"warlog/engines"
)

// compactGap is the room between two columns of a compact table.
const compactGap = 2

// CompactTable renders rows as Table does, except on a terminal, where
// the table is drawn without a box, as play draws its status: columns two
// spaces apart under a header of their names, the columns no row fills
// left out. It fits the terminal's width: the widest columns wrap at
// spaces (the header too); when the columns cannot stand side by side
// even so, they are split into blocks, one under the other, each led by
// the first column (the name), so that nothing is cut. Only when a
// block of the name and one column cannot fit is each row printed as a
// record. Anywhere else (a file, a pipe) the table is Table's: every row
// on one line, however long, as scripts read it.
func CompactTable(w io.Writer, header []string, rows [][]string) error {
	width := Width(w)
	if width <= 0 {
		return Table(w, header, rows)
	}
	lines, ok := compact(header, rows, width)
	if !ok {
		return records(w, header, rows, width)
	}
	_, err := io.WriteString(w, strings.Join(lines, "\n")+"\n")
	return err
}

// CompactRows is CompactTable for engine rows, headed by their keys (as
// RowsTable).
func CompactRows(w io.Writer, rows []engines.Row) error {
	header, cells := engines.Cells(rows)
	return CompactTable(w, header, cells)
}

// compact lays a table out without a box in width columns (see
// CompactTable); ok is false when even a block of the first column and
// one other cannot fit.
func compact(header []string, rows [][]string, width int) (lines []string, ok bool) {
	cols, natural := filledColumns(header, rows), naturalWidths(header, rows)
	// Blocks of columns that stand side by side at their natural width,
	// each led by the first column; a column too wide for any block gets
	// one of its own and wraps.
	var blocks [][]int
	block, used := []int{cols[0]}, natural[cols[0]]
	for _, j := range cols[1:] {
		if used+compactGap+natural[j] > width && len(block) > 1 {
			blocks = append(blocks, block)
			block, used = []int{cols[0]}, natural[cols[0]]
		}
		block = append(block, j)
		used += compactGap + natural[j]
	}
	blocks = append(blocks, block)
	for b, block := range blocks {
		h := pick(header, block)
		body := make([][]string, len(rows))
		for i, r := range rows {
			body[i] = pick(r, block)
		}
		caps, ok := capWidths(h, body, width-compactGap*(len(block)-1))
		if !ok {
			return nil, false
		}
		if b > 0 {
			lines = append(lines, "")
		}
		lines = append(lines, plainLines(h, caps)...)
		for _, r := range body {
			lines = append(lines, plainLines(r, caps)...)
		}
	}
	return lines, true
}

// filledColumns are the columns some row fills (the first always).
func filledColumns(header []string, rows [][]string) []int {
	var cols []int
	for j := range header {
		filled := j == 0
		for _, r := range rows {
			if j < len(r) && strings.TrimSpace(r[j]) != "" {
				filled = true
				break
			}
		}
		if filled {
			cols = append(cols, j)
		}
	}
	return cols
}

// naturalWidths are the columns' widths unwrapped: their widest cell,
// header included.
func naturalWidths(header []string, rows [][]string) []int {
	natural := make([]int, len(header))
	for j, h := range header {
		natural[j] = ansi.StringWidth(h)
		for _, r := range rows {
			if j < len(r) {
				natural[j] = max(natural[j], ansi.StringWidth(r[j]))
			}
		}
	}
	return natural
}

// CompactRowLines is the compact table of engine rows in width columns,
// a row a line, for a screen that keeps or leaves out rows one by one
// (play's status): the header, then a line for each row. The columns
// some row fills are taken from the left at their natural width while
// they fit, compactGap apart; a column that would not fit is left out and
// the next one tried, the first (the name) always kept. A line still
// wider than width (the name alone) is cut, marked with "…".
func CompactRowLines(rows []engines.Row, width int) []string {
	header, cells := engines.Cells(rows)
	cols, natural := filledColumns(header, cells), naturalWidths(header, cells)
	kept, used := []int{cols[0]}, natural[cols[0]]
	for _, j := range cols[1:] {
		if used+compactGap+natural[j] <= width {
			kept = append(kept, j)
			used += compactGap + natural[j]
		}
	}
	caps := make([]int, len(kept))
	for i, j := range kept {
		caps[i] = natural[j]
	}
	out := make([]string, 0, len(cells)+1)
	for _, r := range append([][]string{header}, cells...) {
		out = append(out, Clip(plainLines(pick(r, kept), caps)[0], width))
	}
	return out
}

// pick is the cells of row at the columns cols ("" where the row is
// short).
func pick(row []string, cols []int) []string {
	out := make([]string, len(cols))
	for i, j := range cols {
		if j < len(row) {
			out[i] = strings.TrimSpace(row[j])
		}
	}
	return out
}

// plainLines writes one row in columns of the widths caps, compactGap
// apart: a cell wider than its column wraps at spaces onto the row's
// further lines; no line has trailing spaces.
func plainLines(row []string, caps []int) []string {
	cells := make([][]string, len(row))
	height := 1
	for i, c := range row {
		if ansi.StringWidth(c) > caps[i] {
			c = ansi.Wrap(c, caps[i], "")
		}
		cells[i] = strings.Split(c, "\n")
		height = max(height, len(cells[i]))
	}
	out := make([]string, height)
	for l := range out {
		var b strings.Builder
		for i := range row {
			c := ""
			if l < len(cells[i]) {
				c = strings.TrimRight(cells[i][l], " ")
			}
			if i > 0 {
				b.WriteString(strings.Repeat(" ", compactGap))
			}
			b.WriteString(c)
			if i < len(row)-1 {
				b.WriteString(strings.Repeat(" ", max(0, caps[i]-ansi.StringWidth(c))))
			}
		}
		out[l] = strings.TrimRight(b.String(), " ")
	}
	return out
}
