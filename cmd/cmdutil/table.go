package cmdutil

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/charmbracelet/x/ansi"
	"github.com/olekukonko/ll"
	"github.com/olekukonko/tablewriter/pkg/twwidth"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"

	"warlog/engines"
)

// Table renders rows under a header with tablewriter's v1 API.
// On a terminal the table fits its width: the widest columns wrap at
// spaces (see fit). Anywhere else (a file, a pipe) every row stays on one
// line, however long.
func Table(w io.Writer, header []string, rows [][]string) error {
	if width := Width(w); width > 0 {
		var ok bool
		if header, rows, ok = fit(header, rows, width); !ok {
			return records(w, header, rows, width)
		}
	}
	if strings.Join(header, "") == "" {
		header = nil // a table of names and values has none, not an empty box
	}
	if header == nil && len(rows) == 0 {
		return nil // as the table draws it: not even a box
	}
	var buf bytes.Buffer
	draw(&buf, header, rows)
	_, err := w.Write(buf.Bytes())
	return err
}

// draw lays a table out and has tablewriter's box renderer (the renderer
// a tablewriter.Table draws with) draw it: the lines and cells it is
// given are exactly those a tablewriter.Table with left-aligned headers
// and no wrapping would give it (TestTableDrawsAsTablewriter), without
// the table's own machinery. That machinery cost a status a third of its
// allocations (a 10,240-entry cache made with every table, a map per
// cell), and on a machine where a fresh page of memory costs more than a
// thousand instructions, each of them counts.
func draw(buf *bytes.Buffer, header []string, rows [][]string) {
	n := len(header)
	for _, r := range rows {
		n = max(n, len(r))
	}
	tab := ""
	split := func(cells []string) [][]string { // a row's lines, each n cells
		height, trimmed := 1, make([]string, len(cells))
		for j, c := range cells {
			// As the table does: spaces trimmed at either end, tabs
			// spelled as spaces, a line per "\n".
			c = strings.TrimSpace(c)
			if strings.Contains(c, "\t") {
				if tab == "" {
					tab = strings.Repeat(" ", twwidth.TabWidth())
				}
				c = strings.ReplaceAll(c, "\t", tab)
			}
			trimmed[j] = c
			height = max(height, strings.Count(c, "\n")+1)
		}
		lines := make([][]string, height)
		for i := range lines {
			lines[i] = make([]string, n)
		}
		for j, c := range trimmed {
			for i, l := range strings.Split(c, "\n") {
				lines[i][j] = l
			}
		}
		return lines
	}
	head := [][]string(nil)
	if header != nil {
		head = split(header)
	}
	body := make([][][]string, len(rows))
	for i, r := range rows {
		body[i] = split(r)
	}
	widths, parts := tw.NewMapper[int, int](), append([][][]string{head}, body...)
	for j := range n {
		widest := 0
		for _, part := range parts {
			for _, l := range part {
				widest = max(widest, twwidth.Width(l[j]))
			}
		}
		widths.Set(j, widest+2) // a space either side
	}
	pad := tw.Padding{Left: " ", Right: " "}
	cells := func(line []string) map[int]tw.CellContext {
		m := make(map[int]tw.CellContext, n)
		for j, c := range line {
			m[j] = tw.CellContext{Data: c, Align: tw.AlignLeft, Padding: pad}
		}
		return m
	}
	bp := renderer.NewBlueprint()
	// Suspended, as a table's is: the renderer formats its debug lines
	// unless its logger is.
	bp.Logger(ll.New("table").Suspend())
	_ = bp.Start(buf)
	first := tw.Row
	if head != nil {
		first = tw.Header
	}
	bp.Line(tw.Formatting{Level: tw.LevelHeader, Row: tw.RowContext{Position: first, Location: tw.LocationFirst, Widths: widths}})
	for _, l := range head {
		bp.Header(nil, tw.Formatting{Level: tw.LevelHeader, Row: tw.RowContext{Position: tw.Header, Current: cells(l), Widths: widths}})
	}
	if head != nil && len(body) > 0 {
		bp.Line(tw.Formatting{Level: tw.LevelBody, Row: tw.RowContext{Position: tw.Header, Location: tw.LocationMiddle, Widths: widths}})
	}
	for _, r := range body {
		for _, l := range r {
			bp.Row(nil, tw.Formatting{Level: tw.LevelBody, Row: tw.RowContext{Position: tw.Row, Current: cells(l), Widths: widths}})
		}
	}
	last := tw.Row
	if len(body) == 0 {
		last = tw.Header
	}
	bp.Line(tw.Formatting{Level: tw.LevelFooter, Row: tw.RowContext{Position: last, Location: tw.LocationEnd, Widths: widths}})
	_ = bp.Close()
}

// RowsTable renders engine rows: the columns are the union of the rows' keys
// in first-seen order, each headed by its key.
func RowsTable(w io.Writer, rows []engines.Row) error {
	header, cells := engines.Cells(rows)
	return Table(w, header, cells)
}

// fit wraps the cells of the widest columns so that the table, borders
// and padding included, is at most width columns wide (see capWidths);
// their cells, the header's too, wrap at spaces. ok is false when the
// table cannot fit even so.
func fit(header []string, rows [][]string, width int) (h []string, out [][]string, ok bool) {
	n := len(header)
	caps, ok := capWidths(header, rows, width-3*n-1) // "│ " before each cell, " " after, a last "│"
	if !ok {
		return header, rows, false
	}
	wrap := func(row []string) []string {
		o := make([]string, len(row))
		for i, c := range row {
			if i < n && ansi.StringWidth(c) > caps[i] {
				c = ansi.Wrap(c, caps[i], "")
			}
			o[i] = c
		}
		return o
	}
	out = make([][]string, len(rows))
	for r, row := range rows {
		out[r] = wrap(row)
	}
	return wrap(header), out, true
}

// capWidths gives each column of a table a width so that together they
// are at most budget columns: a cap is found such that the columns no
// wider than it keep their width and the others are cut down to it, but
// never below their longest word (the room left over goes to the cut
// columns too). ok is false when the longest words alone need more.
func capWidths(header []string, rows [][]string, budget int) (caps []int, ok bool) {
	n := len(header)
	natural, word := make([]int, n), make([]int, n)
	measure := func(i int, c string) {
		natural[i] = max(natural[i], ansi.StringWidth(c))
		for _, w := range strings.Fields(c) {
			word[i] = max(word[i], ansi.StringWidth(w))
		}
	}
	for i, c := range header {
		measure(i, c)
	}
	for _, r := range rows {
		for i, c := range r {
			if i < n {
				measure(i, c)
			}
		}
	}
	capAt := func(i, limit int) int { return min(natural[i], max(limit, word[i])) }
	used := func(limit int) int {
		sum := 0
		for i := range natural {
			sum += capAt(i, limit)
		}
		return sum
	}
	if sum := used(0); sum > budget {
		return nil, false
	}
	widest := 0
	for _, w := range natural {
		widest = max(widest, w)
	}
	limit := 0
	for limit < widest && used(limit+1) <= budget {
		limit++
	}
	caps = make([]int, n)
	spare := budget - used(limit)
	for i := range natural {
		caps[i] = capAt(i, limit)
		if extra := min(spare, natural[i]-caps[i]); extra > 0 {
			caps[i] += extra
			spare -= extra
		}
	}
	return caps, true
}

// records writes rows as one record each when a table cannot fit the
// terminal: the first cell as a heading, then "  header: cell" per other
// cell that is not empty, wrapped to width.
func records(w io.Writer, header []string, rows [][]string, width int) error {
	for i, r := range rows {
		if i > 0 {
			if _, err := fmt.Fprintln(w); err != nil {
				return err
			}
		}
		for j, c := range r {
			if j == 0 {
				fmt.Fprintln(w, WrapTo(width, header[0]+": "+c, "  "))
				continue
			}
			if c == "" || j >= len(header) {
				continue
			}
			if _, err := fmt.Fprintln(w, WrapTo(width, "  "+header[j]+": "+c, "    ")); err != nil {
				return err
			}
		}
	}
	return nil
}

// WrapTo wraps s at spaces to width columns (0: as it is), continuing lines
// with indent.
func WrapTo(width int, s, indent string) string {
	if width <= 0 || ansi.StringWidth(s) <= width {
		return s
	}
	first, rest, ok := strings.Cut(ansi.Wrap(s, width, ""), "\n")
	if !ok {
		return s
	}
	// The rest is wrapped again, narrower for the indent: its lines as
	// one text again first, or each line the first wrap ended would end
	// one here too, however short.
	parts := strings.Split(rest, "\n")
	for i := range parts {
		parts[i] = strings.TrimRight(parts[i], " ")
	}
	rest = ansi.Wrap(strings.TrimLeft(strings.Join(parts, " "), " "), max(width-ansi.StringWidth(indent), 10), "")
	lines := strings.Split(rest, "\n")
	for i := range lines {
		lines[i] = indent + lines[i]
	}
	return first + "\n" + strings.Join(lines, "\n")
}

// WordWrap breaks s between words into lines of at most width columns; a
// word longer than width is a line of its own, cut with an ellipsis.
func WordWrap(s string, width int) []string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(s) {
		if line != "" && ansi.StringWidth(line)+1+ansi.StringWidth(w) > width {
			lines = append(lines, Clip(line, width))
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	return append(lines, Clip(line, width))
}

// Clip cuts s to width columns, an ellipsis last.
func Clip(s string, width int) string {
	if ansi.StringWidth(s) <= width {
		return s
	}
	return ansi.Truncate(s, max(1, width), "…")
}

// OnTerminal reports whether the command's output reaches a terminal
// (directly or through the pager): where it may draw colour or clear the
// screen.
func (a *App) OnTerminal() bool { return Width(a.Out) > 0 }

// Say writes a line of prose, wrapped to the terminal's width on a
// terminal (continued with indent), as it is anywhere else.
func Say(w io.Writer, line, indent string) error {
	_, err := fmt.Fprintln(w, WrapTo(Width(w), line, indent))
	return err
}
