package cmd

import (
	"encoding/json"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"warlog/cmd/cmdutil"
)

// In an 80-column terminal every table fits: no line is wider than the
// terminal (capture-pane -J joins what the terminal wrapped). Piped, the
// same command prints every row on one line, as before. Long output goes
// through $PAGER on a terminal, unless --no-pager or WARLOG_PAGER= says
// not to; WARLOG_PAGER chooses another pager.
func TestTablesFitAndPagerOnATerminal(t *testing.T) {
	bin := terminalWarlog(t)
	dir := t.TempDir()
	db := filepath.Join(dir, "t.db")
	for _, g := range Games()[:1] {
		for _, line := range g.Demo("5") {
			must(t, db, line...)
		}
	}
	tables := [][]string{{"rules", "rc", "karma"}, {"rules", "ko", "spells"}, {"log"}, {"log", "--all", "-n", "5"}, {"rules"}, {"status"}, {"roster"}, {"campaign", "list"}}
	var script strings.Builder
	script.WriteString("read go; ")
	for i, args := range tables {
		fmt.Fprintf(&script, "echo '==%d=='; '%s' --db '%s' --no-pager %s; ", i, bin, db, strings.Join(args, " "))
	}
	fmt.Fprintf(&script, "echo '==piped=='; '%s' --db '%s' rules rc karma | cat; ", bin, db)
	fmt.Fprintf(&script, "echo '==pager=='; PAGER='sed s/^/PAGED:/' '%s' --db '%s' log -n 2; ", bin, db)
	fmt.Fprintf(&script, "echo '==warlog-pager=='; PAGER='sed s/^/PAGED:/' WARLOG_PAGER='sed s/^/WPAGED:/' '%s' --db '%s' log -n 2; ", bin, db)
	fmt.Fprintf(&script, "echo '==off=='; PAGER='sed s/^/PAGED:/' WARLOG_PAGER= '%s' --db '%s' log -n 2; ", bin, db)
	fmt.Fprintf(&script, "echo '==no-pager=='; PAGER='sed s/^/PAGED:/' '%s' --db '%s' --no-pager log -n 2; ", bin, db)
	fmt.Fprintf(&script, "echo '==missing=='; PAGER='no-such-pager -R' '%s' --db '%s' log -n 2; echo \"exit $?\"; echo '==end=='", bin, db)

	all := scriptInTmux(t, dir, "fit", script.String())
	part := func(from, to string) string {
		_, after, _ := strings.Cut(all, from+"\n")
		before, _, _ := strings.Cut(after, to)
		return before
	}
	for i, args := range tables {
		out := part(fmt.Sprintf("==%d==", i), "==")
		// A table, boxed or (status, roster) compact under a header of
		// names, or, where even narrowed columns cannot fit, one record
		// per row ("  status: available").
		if !strings.Contains(out, "│") && !strings.Contains(out, "\n  ") && !strings.Contains(out, "\nname  ") {
			t.Errorf("warlog %s printed no table and no records:\n%s", strings.Join(args, " "), out)
		}
		for _, l := range strings.Split(out, "\n") {
			if n := utf8.RuneCountInString(strings.TrimRight(l, " ")); n > 80 {
				t.Errorf("warlog %s: a line of %d columns in an 80-column terminal:\n%s", strings.Join(args, " "), n, l)
			}
		}
	}
	// Piped: the rows as they are printed to a file, one line each.
	want, _, _ := run(t, db, "rules", "rc", "karma")
	if got := part("==piped==", "==pager=="); strings.TrimSpace(got) != strings.TrimSpace(want) {
		t.Errorf("piped output differs from a file's:\n%s\nwant:\n%s", got, want)
	}
	if !strings.Contains(want, "│ Change Destiny    │ change-destiny PLAYER TYPE=N │ lay on any player: that type scores N for them at the end") {
		t.Errorf("a file's table wraps its rows:\n%s", want)
	}
	// A pager that does not exist: one line says so, and the output is
	// printed without it (as git does), exit 0.
	missing := strings.TrimSpace(part("==missing==", "==end=="))
	if first, rest, _ := strings.Cut(missing, "\n"); first != `warlog: warning: cannot run the pager "no-such-pager -R" (no such program); printing without one` ||
		!strings.HasPrefix(rest, "┌") || strings.Count(rest, "│") < 4 || !strings.HasSuffix(rest, "exit 0") || strings.Contains(rest, "warlog:") {
		t.Errorf("with a pager that does not exist, log printed:\n%s", missing)
	}
	for _, c := range []struct{ name, prefix string }{{"pager", "PAGED:"}, {"warlog-pager", "WPAGED:"}, {"off", ""}, {"no-pager", ""}} {
		out := strings.TrimSpace(part("=="+c.name+"==", "=="))
		lines := strings.Split(out, "\n")
		if len(lines) < 4 {
			t.Errorf("%s: %q", c.name, out)
			continue
		}
		for _, l := range lines {
			if c.prefix != "" && !strings.HasPrefix(l, c.prefix+"┌") && !strings.HasPrefix(l, c.prefix+"│") && !strings.HasPrefix(l, c.prefix+"├") && !strings.HasPrefix(l, c.prefix+"└") {
				t.Errorf("%s: a line not through the pager: %q", c.name, l)
			}
			if c.prefix == "" && strings.Contains(l, "PAGED:") {
				t.Errorf("%s: paged although turned off: %q", c.name, l)
			}
		}
	}
}

// log -n N shows the newest N actions (with --all, events) and --since
// VERSION what came after that version, in tables and JSON alike.
func TestLogLimitAndSince(t *testing.T) {
	db := filepath.Join(t.TempDir(), "w.db")
	must(t, db, "campaign", "new", "L", "--game", "kingsown", "--seed", "3")
	for i := 1; i <= 6; i++ {
		must(t, db, "roll", "d6", "--for", fmt.Sprintf("roll %d", i))
	}
	var lg LogJSON
	if err := json.Unmarshal([]byte(must(t, db, "log", "--json")), &lg); err != nil {
		t.Fatal(err)
	}
	last := lg.Events[len(lg.Events)-1].Version
	rows := func(out string) []string {
		var r []string
		for _, l := range strings.Split(out, "\n") {
			if strings.Contains(l, "for roll") || strings.Contains(l, "created") {
				r = append(r, l)
			}
		}
		return r
	}
	if r := rows(must(t, db, "log", "-n", "2")); len(r) != 2 || !strings.Contains(r[0], "roll 5") || !strings.Contains(r[1], "roll 6") {
		t.Errorf("log -n 2 = %q", r)
	}
	if r := rows(must(t, db, "log", "--limit", "100")); len(r) != 7 {
		t.Errorf("log --limit 100 shows %d actions, want all 7", len(r))
	}
	// Each roll is two events: --since the version before the last roll's.
	if r := rows(must(t, db, "log", "--since", fmt.Sprint(last-2))); len(r) != 1 || !strings.Contains(r[0], "roll 6") {
		t.Errorf("log --since %d = %q", last-2, r)
	}
	if out := must(t, db, "log", "--all", "-n", "3"); strings.Count(out, "dice.rolled")+strings.Count(out, "action.begun") != 3 {
		t.Errorf("log --all -n 3:\n%s", out)
	}
	var part LogJSON
	if err := json.Unmarshal([]byte(must(t, db, "log", "--json", "-n", "1")), &part); err != nil || len(part.Events) != 2 || part.Events[1].Version != last {
		t.Errorf("log --json -n 1: the last action's 2 events, got %+v (%v)", part.Events, err)
	}
	if err := json.Unmarshal([]byte(must(t, db, "log", "--json", "--since", fmt.Sprint(last-1))), &part); err != nil || len(part.Events) != 1 || part.Events[0].Version != last {
		t.Errorf("log --json --since %d: 1 event, got %+v (%v)", last-1, part.Events, err)
	}
	// Nothing after the head is nothing new; a version beyond it is refused.
	if err := json.Unmarshal([]byte(must(t, db, "log", "--json", "--since", fmt.Sprint(last))), &part); err != nil || len(part.Events) != 0 {
		t.Errorf("log --json --since %d (the head): no event, got %+v (%v)", last, part.Events, err)
	}
	if _, e, code := run(t, db, "log", "--since", fmt.Sprint(last+1)); code != cmdutil.ExitRefused || !strings.Contains(e, fmt.Sprintf("the log of L ends at version %d; --since %d is beyond it", last, last+1)) {
		t.Errorf("log --since %d (beyond the head): exit %d %q", last+1, code, e)
	}
	if _, e, code := run(t, db, "log", "-n", "-1"); code != cmdutil.ExitUsage {
		t.Errorf("log -n -1: exit %d %s", code, e)
	}
	if _, e, code := run(t, db, "log", "-n", "2", "--follow"); code != cmdutil.ExitUsage {
		t.Errorf("log -n 2 --follow: exit %d %s", code, e)
	}
}

// scriptInTmux runs a shell script, which ends by echoing ==end==, in a
// fresh 80x50 tmux pane (HOME dir, TZ UTC) and gives everything the pane
// showed, long lines joined.
func scriptInTmux(t *testing.T, dir, name, script string) string {
	t.Helper()
	p := &tmuxPlay{t: t, socket: filepath.Join(dir, "tmux.sock"), target: name}
	p.tmux("-f", "/dev/null", "new-session", "-d", "-s", name, "-x", "80", "-y", "50",
		"-e", "HOME="+dir, "-e", "TZ=UTC", script+"; sleep 600")
	p.tmux("set-option", "-t", name, "history-limit", "50000")
	t.Cleanup(func() { _ = exec.Command("tmux", "-S", p.socket, "kill-server").Run() })
	p.keys("Enter")
	p.waitFor("the commands to finish", func(string) bool {
		return strings.Contains(p.tmux("capture-pane", "-p", "-J", "-S", "-", "-t", name), "==end==")
	})
	return p.tmux("capture-pane", "-p", "-J", "-S", "-", "-t", name)
}
