package cmdutil

import (
	"bytes"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/olekukonko/tablewriter"
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
