package cmdutil

import (
	"bytes"
	"fmt"
	"io"
	"reflect"
	"strings"
	"sync"

	"github.com/charmbracelet/x/ansi"
	"github.com/olekukonko/tablewriter"
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
	shared.Lock()
	defer shared.Unlock()
	if shared.t == nil {
		shared.t = tablewriter.NewTable(&shared.buf,
			tablewriter.WithHeaderAutoFormat(tw.Off),
			tablewriter.WithRowAutoWrap(tw.WrapNone),
			tablewriter.WithHeaderAlignment(tw.AlignLeft),
			tablewriter.WithStringerCacheCustom(noStringerCache{}))
	} else {
		shared.t.Reset()
	}
	shared.buf.Reset()
	t := shared.t
	if strings.Join(header, "") != "" {
		t.Header(header) // a table of names and values has none, not an empty box
	}
	if err := t.Bulk(rows); err != nil {
		return err
	}
	if err := t.Render(); err != nil {
		return err
	}
	_, err := w.Write(shared.buf.Bytes())
	return err
}

// shared is the one tablewriter table of the process, reset for each
// table drawn, and the buffer it draws into. Making a table allocates a
// stringer cache of 10,240 entries (about 0.4 MB, a fifth of what a
// status allocates) that rows of strings never use, and a table written
// straight to stdout costs a write per line; reused, with no such cache
// (noStringerCache) and written in one piece, a second table costs
// neither.
var shared struct {
	sync.Mutex
	t   *tablewriter.Table
	buf bytes.Buffer
}

// noStringerCache keeps nothing: Table hands tablewriter strings only,
// which need no stringer, so its cache would never be read.
type noStringerCache struct{}

func (noStringerCache) Add(reflect.Type, reflect.Value) bool        { return false }
func (noStringerCache) Get(reflect.Type) (v reflect.Value, ok bool) { return v, false }
func (noStringerCache) Purge()                                      {}

// RowsTable renders engine rows: the columns are the union of the rows' keys
// in first-seen order, each headed by its key.
func RowsTable(w io.Writer, rows []engines.Row) error {
	keys := engines.Keys(rows)
	cells := make([][]string, len(rows))
	for i, r := range rows {
		cells[i] = make([]string, len(keys))
		for j, k := range keys {
			cells[i][j] = Cell(r.Get(k))
		}
	}
	header := make([]string, len(keys))
	for i, k := range keys {
		header[i] = strings.ReplaceAll(k, "_", " ")
	}
	return Table(w, header, cells)
}

// Cell writes a value for a table: nothing for nil, yes/no for bools.
func Cell(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case bool:
		if x {
			return "yes"
		}
		return "no"
	case []string:
		return strings.Join(x, ", ")
	}
	return fmt.Sprint(v)
}

// fit wraps the cells of the widest columns so that the table, borders
// and padding included, is at most width columns wide: a cap is found such
// that the columns no wider than it keep their width and the others are cut
// down to it, but never below their longest word (the room left over goes
// to the cut columns too); their cells, the header's too, wrap at spaces.
// ok is false when the table cannot fit even so.
func fit(header []string, rows [][]string, width int) (h []string, out [][]string, ok bool) {
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
	budget := width - 3*n - 1 // "│ " before each cell, " " after, a last "│"
	capAt := func(i, limit int) int { return min(natural[i], max(limit, word[i])) }
	used := func(limit int) int {
		sum := 0
		for i := range natural {
			sum += capAt(i, limit)
		}
		return sum
	}
	if used(width) <= budget {
		return header, rows, true
	}
	if used(0) > budget {
		return header, rows, false
	}
	limit := 0
	for limit < width && used(limit+1) <= budget {
		limit++
	}
	caps := make([]int, n)
	spare := budget - used(limit)
	for i := range natural {
		caps[i] = capAt(i, limit)
		if extra := min(spare, natural[i]-caps[i]); extra > 0 {
			caps[i] += extra
			spare -= extra
		}
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
	rest = ansi.Wrap(strings.TrimLeft(rest, " "), max(width-ansi.StringWidth(indent), 10), "")
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
