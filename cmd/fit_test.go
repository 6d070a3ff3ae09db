package cmd

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"warlog/cmd/cmdutil"
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

// On a real terminal of 80 columns (a tmux pane; capture-pane -J joins
// what the terminal wrapped) no line of the demo, nor of `status`,
// `roster` and `log` of every campaign it makes, is wider than the
// terminal, and each status is within statusLines (mapLines with Brood
// Mother's map). The lines each took are logged (go test -v).
func TestDemoAndReadsFitATerminal(t *testing.T) {
	bin := terminalWarlog(t)
	dir := t.TempDir()
	db := filepath.Join(dir, "d.db")
	names := append([]string{demoCore("1")[0][2]}, demoCampaigns()...)
	reads := []string{"status", "roster", "log"}
	var script strings.Builder
	script.WriteString("export WARLOG_PAGER=; read go; ")
	fmt.Fprintf(&script, "echo '==demo=='; '%s' --db '%s' demo --out '%s'; ", bin, db, filepath.Join(dir, "reports"))
	for i, name := range names {
		for _, read := range reads {
			fmt.Fprintf(&script, "echo '==%d %s=='; '%s' --db '%s' -c %s %s; ", i, read, bin, db, cmdutil.Quote(name), read)
		}
	}
	script.WriteString("echo '==end=='")
	all := scriptInTmux(t, dir, "reads", script.String())
	part := func(mark string) []string {
		_, after, _ := strings.Cut(all, "=="+mark+"==\n")
		before, _, _ := strings.Cut(after, "\n==")
		return strings.Split(strings.TrimRight(before, "\n "), "\n")
	}
	check := func(what string, lines []string) {
		if len(lines) < 2 {
			t.Errorf("%s printed %q", what, lines)
		}
		for _, l := range lines {
			if n := utf8.RuneCountInString(strings.TrimRight(l, " ")); n > 80 {
				t.Errorf("%s: a line of %d columns in an 80-column terminal:\n%s", what, n, l)
			}
		}
	}
	demo := part("demo")
	check("warlog demo", demo)
	t.Logf("at 80 columns: demo %d lines", len(demo))
	for i, name := range names {
		var counts []string
		for _, read := range reads {
			lines := part(fmt.Sprintf("%d %s", i, read))
			check(fmt.Sprintf("warlog -c %q %s", name, read), lines)
			counts = append(counts, fmt.Sprintf("%s %d", read, len(lines)))
			if read != "status" {
				continue
			}
			limit := statusLines
			if strings.Contains(strings.Join(lines, "\n"), "map, X across") {
				limit = mapLines
			}
			if len(lines) > limit {
				t.Errorf("warlog -c %q status takes %d lines at 80 columns, want %d at most:\n%s", name, len(lines), limit, strings.Join(lines, "\n"))
			}
		}
		t.Logf("at 80 columns, %s: %s lines", name, strings.Join(counts, ", "))
	}
}
