package cmdutil

import (
	"bytes"
	"math/rand/v2"
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

// Table draws every table exactly as a tablewriter.Table with its options
// (headers left-aligned and as given, no wrapping) draws it: headers or
// none, ragged rows, empty cells and columns, cells of several lines, wide
// characters and colour codes, spaces and tabs; no table at all for
// neither header nor rows.
func TestTableDrawsAsTablewriter(t *testing.T) {
	words := []string{"", " ", "a", "Brute", "two\nlines", "x\n", "\nlead", "  pad  ", "wide 漢字", "🐙 emoji",
		"\x1b[31mred\x1b[0m", "a much longer cell than the others", "1", "Sacrosanct", "a\nb\nc", "-", "tab\there", "\tindented"}
	rng := rand.New(rand.NewPCG(22, 1))
	pick := func() string { return words[rng.IntN(len(words))] }
	for i := range 400 {
		cols := 1 + rng.IntN(5)
		var header []string
		switch rng.IntN(4) {
		case 0: // none
		case 1:
			header = make([]string, cols) // all empty: drawn as none
		default:
			header = make([]string, cols)
			for j := range header {
				header[j] = pick()
			}
		}
		rows := make([][]string, rng.IntN(5))
		for r := range rows {
			rows[r] = make([]string, 1+rng.IntN(cols))
			for j := range rows[r] {
				rows[r][j] = pick()
			}
		}
		var want bytes.Buffer
		ref := tablewriter.NewTable(&want,
			tablewriter.WithHeaderAutoFormat(tw.Off),
			tablewriter.WithRowAutoWrap(tw.WrapNone),
			tablewriter.WithHeaderAlignment(tw.AlignLeft))
		if strings.Join(header, "") != "" {
			ref.Header(header)
		}
		if err := ref.Bulk(rows); err != nil {
			t.Fatal(err)
		}
		if err := ref.Render(); err != nil {
			t.Fatal(err)
		}
		var got bytes.Buffer
		if err := Table(&got, header, rows); err != nil {
			t.Fatal(err)
		}
		if got.String() != want.String() {
			t.Fatalf("table %d (header %q, rows %q):\n%s\nwant, as tablewriter.Table draws it:\n%s", i, header, rows, got.String(), want.String())
		}
	}
}
