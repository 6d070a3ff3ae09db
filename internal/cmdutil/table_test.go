package cmdutil

import (
	"bytes"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/tw"
)

// fit narrows a table to a width by wrapping its widest columns at spaces:
// every rendered line fits, no word is cut, no word is lost; a table that
// cannot fit says so (and is printed as records).
func TestFit(t *testing.T) {
	header := []string{"card", "how to play", "what it does"}
	rows := [][]string{
		{"Change Destiny", "change-destiny PLAYER TYPE=N", "lay on any player: that type scores N for them at the end"},
		{"Anew", "anew N", "discard 1 or 2 other Karma, then draw as many"},
	}
	for _, width := range []int{120, 80, 60, 50} {
		h, r, ok := fit(header, rows, width)
		if !ok {
			t.Fatalf("width %d: does not fit", width)
		}
		var b bytes.Buffer
		tb := tablewriter.NewTable(&b)
		tb.Header(h)
		_ = tb.Bulk(r)
		_ = tb.Render()
		for _, l := range strings.Split(strings.TrimSpace(b.String()), "\n") {
			if ansi.StringWidth(l) > width {
				t.Errorf("width %d: a line of %d: %q", width, ansi.StringWidth(l), l)
			}
		}
		for i, row := range rows {
			for j, cell := range row {
				if got := strings.Join(strings.Fields(r[i][j]), " "); got != cell {
					t.Errorf("width %d: cell %q became %q", width, cell, r[i][j])
				}
			}
		}
	}
	if _, _, ok := fit(header, rows, 30); ok {
		t.Errorf("a table whose longest words need more than 30 columns fits in 30")
	}
	var file bytes.Buffer // not a terminal: rows stay whole
	if err := Table(&file, header, rows); err != nil || !strings.Contains(file.String(), "lay on any player: that type scores N for them at the end") {
		t.Errorf("a table to a file wraps: %v\n%s", err, file.String())
	}
}

// Table reuses one tablewriter table for the whole process: a table drawn
// after others (of more columns, of fewer, of wider cells) comes out as a
// table of its own would, drawn by a new tablewriter table.
func TestTableReusedDrawsAsNew(t *testing.T) {
	type table struct {
		header []string
		rows   [][]string
	}
	tables := []table{
		{[]string{"name", "side", "status"}, [][]string{{"Brute", "Ann", "active"}, {"Runt", "Ben", "slain"}}},
		{[]string{"a", "b"}, [][]string{{"a much longer cell than before", ""}, {"", "x"}}},
		{[]string{"name", "removed", "faction", "objectives done"}, [][]string{{"Ann", "1", "Sacrosanct", "0"}}},
		{[]string{"one"}, nil},
		{[]string{"name", "side", "status"}, [][]string{{"Brute", "Ann", "active"}, {"Runt", "Ben", "slain"}}},
	}
	for i, tb := range tables {
		var want bytes.Buffer
		fresh := tablewriter.NewTable(&want,
			tablewriter.WithHeaderAutoFormat(tw.Off),
			tablewriter.WithRowAutoWrap(tw.WrapNone),
			tablewriter.WithHeaderAlignment(tw.AlignLeft))
		fresh.Header(tb.header)
		if err := fresh.Bulk(tb.rows); err != nil {
			t.Fatal(err)
		}
		if err := fresh.Render(); err != nil {
			t.Fatal(err)
		}
		var got bytes.Buffer
		if err := Table(&got, tb.header, tb.rows); err != nil {
			t.Fatal(err)
		}
		if got.String() != want.String() {
			t.Errorf("table %d drawn after %d others:\n%s\nwant, as a new table draws it:\n%s", i, i, got.String(), want.String())
		}
	}
}
