package cmd

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// A mistyped flag or rules topic is answered, as a mistyped command is,
// with what was most likely meant (issue 32, item 7): one line, exit 2 for
// a flag, 1 for a topic.
func TestSuggestionsForFlagsAndTopics(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "w.db")
	must(t, db, "campaign", "new", "S", "--game", "kingsown")
	cases := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"status", "--jsno"}, 2, "warlog: unknown flag: --jsno; did you mean --json? (try: warlog status --help)\n"},
		{[]string{"campaign", "list", "--al"}, 2, "warlog: unknown flag: --al; did you mean --all? (try: warlog campaign list --help)\n"},
		{[]string{"log", "--sinse", "3"}, 2, "warlog: unknown flag: --sinse; did you mean --since? (try: warlog log --help)\n"},
		{[]string{"status", "--frobnicate"}, 2, "warlog: unknown flag: --frobnicate (try: warlog status --help)\n"},
		{[]string{"rules", "ko", "spels"}, 1, "warlog: nothing in The King's Own's catalogues mentions \"spels\"; did you mean `warlog rules ko spells`?\n"},
		{[]string{"rules", "spels"}, 1, "warlog: nothing in any game's catalogues mentions \"spels\"; did you mean `warlog rules ko spells` or `warlog rules dw spells`?\n"},
		{[]string{"rules", "brod"}, 1, "warlog: nothing in any game's catalogues mentions \"brod\"; did you mean `warlog rules brood`?\n"},
		{[]string{"rules", "kk", "spells"}, 2, "warlog: no game \"kk\"; give ko, dw, brood, i28 or rc, then a TOPIC or TEXT; did you mean `warlog rules ko spells`? (try: warlog rules --help)\n"},
		{[]string{"rules", "ko", "xyzzy"}, 1, "warlog: nothing in The King's Own's catalogues mentions \"xyzzy\"; `warlog rules` lists the catalogues\n"},
	}
	for _, c := range cases {
		out, e, code := run(t, db, c.args...)
		if code != c.code || e != c.want || out != "" {
			t.Errorf("warlog %s: exit %d, stdout %q, stderr\n got %q\nwant %q (exit %d)", strings.Join(c.args, " "), code, out, e, c.want, c.code)
		}
	}
}

// A command a message suggests works when pasted into a shell: a name
// with a space is quoted (`warlog use 'Autumn League'`, not `warlog use
// Autumn League`).
func TestSuggestedCommandPastes(t *testing.T) {
	t.Parallel()
	bin, err := exec.LookPath("warlog")
	if err != nil {
		t.Fatalf("warlog is not on PATH (testscript.Main installs it): %v", err)
	}
	dir := t.TempDir()
	db := filepath.Join(dir, "w.db")
	must(t, db, "campaign", "new", "Autumn League", "--game", "kingsown")
	must(t, db, "campaign", "new", "Other", "--game", "kingsown")
	e := refused(t, db, "campaign", "new", "Autumn League", "--game", "kingsown")
	_, rest, _ := strings.Cut(e, "`warlog use ")
	suggested, _, ok := strings.Cut(rest, "`")
	if !ok {
		t.Fatalf("no `warlog use NAME` suggested: %q", e)
	}
	sh := exec.Command("sh", "-c", bin+" use "+suggested)
	sh.Env = append(os.Environ(), "WARLOG_DB="+db, "HOME="+dir)
	if out, err := sh.CombinedOutput(); err != nil {
		t.Fatalf("the suggested `warlog use %s`, pasted: %v\n%s", suggested, err, out)
	}
	if status := must(t, db, "status"); !strings.HasPrefix(status, "Autumn League · ") {
		t.Errorf("after the pasted `warlog use %s` the current campaign is not Autumn League:\n%s", suggested, status)
	}
}

// `undo N` and `redo N` print a line per action they take back or put
// back, newest undone first, each as the log labels it.
func TestUndoPrintsALinePerAction(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "w.db")
	must(t, db, "campaign", "new", "U", "--game", "kingsown", "--seed", "2")
	var rolls []string
	for _, n := range []string{"1", "2", "3"} {
		rolls = append(rolls, strings.TrimSpace(must(t, db, "roll", "d6", "--for", "roll "+n+"; with a semicolon")))
	}
	want := "undo: " + rolls[2] + "\nundo: " + rolls[1] + "\nundo: " + rolls[0] + "\n"
	if got := must(t, db, "undo", "3"); got != want {
		t.Errorf("undo 3 printed\n%s\nwant\n%s", got, want)
	}
	want = "redo: " + rolls[0] + "\nredo: " + rolls[1] + "\n"
	if got := must(t, db, "redo", "2"); got != want {
		t.Errorf("redo 2 printed\n%s\nwant\n%s", got, want)
	}
	if got := must(t, db, "undo"); got != "undo: "+rolls[1]+"\n" {
		t.Errorf("undo printed %q", got)
	}
}
