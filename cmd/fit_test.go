package cmd

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// statusLines is the most lines a status may take in an 80-column
// terminal: a whole battle on one screen and a half (issue 32, item 3);
// Brood Mother's, whose status draws the map, mapLines.
const (
	statusLines = 40
	mapLines    = 50
)

// At every step of every game's demo, `warlog status` and `warlog roster`
// in an 80-column terminal fit it: no line wider than 80 columns, and the
// status within statusLines (mapLines with Brood Mother's map). The
// widest step of each is reported (go test -v) as what was measured.
// TestStatusFitsATerminal checks the same on a real terminal.
func TestStatusFitsEightyColumns(t *testing.T) {
	t.Parallel()
	for _, g := range Games() {
		t.Run(g.Use, func(t *testing.T) {
			t.Parallel()
			db := t.TempDir() + "/fit.db"
			most := map[string]int{}
			for i, line := range g.Demo("1") {
				must(t, db, line...)
				for _, read := range []string{"status", "roster"} {
					out, e, code := runAt(t, db, 80, read)
					if code != 0 {
						t.Fatalf("after %v: %s: exit %d: %s", line, read, code, e)
					}
					lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
					most[read] = max(most[read], len(lines))
					for _, l := range lines {
						if n := utf8.RuneCountInString(l); n > 80 {
							t.Errorf("step %d (%v): %s has a line of %d columns:\n%s", i, line, read, n, l)
						}
					}
					limit := statusLines
					if strings.Contains(out, "map, X across") {
						limit = mapLines
					}
					if read == "status" && len(lines) > limit {
						t.Errorf("step %d (%v): status takes %d lines at 80 columns, want %d at most:\n%s", i, line, len(lines), limit, out)
					}
				}
			}
			t.Logf("%s at 80 columns, most lines over the demo: status %d, roster %d", g.Engine.Info().Title, most["status"], most["roster"])
		})
	}
}
