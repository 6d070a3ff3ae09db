package cmd

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"warlog/cmd/cmdutil"
)

// The demo is seeded and its clock and action ids are fixed: its whole
// output, hashes included, is a golden file (the temporary directory
// aside), short by default (testdata/demo.golden) and with every command
// with --verbose (testdata/demo-verbose.golden). UPDATE_GOLDEN=1 rewrites
// them. The short one tells every game in about 60 lines.
//
// The short demo writes its reports to the one place of the user's cache
// ($XDG_CACHE_HOME/warlog/demo), which it empties first: what an earlier
// run left there is gone. With --out (the verbose run here) it replaces
// its own files and leaves the directory's others alone.
func TestDemoGolden(t *testing.T) {
	time.Local = time.UTC // the log shows local times
	for _, c := range []struct {
		golden string
		args   []string
	}{{"demo.golden", nil}, {"demo-verbose.golden", []string{"--verbose"}}} {
		cache := t.TempDir()
		out := filepath.Join(cache, "warlog", "demo")
		args := append([]string{"demo"}, c.args...)
		if c.args != nil {
			out = t.TempDir()
			args = append(args, "--out", out)
		}
		// What an earlier run left: an old report and a stray file.
		if err := os.MkdirAll(out, 0o755); err != nil {
			t.Fatal(err)
		}
		for _, f := range []string{"deadwars-demo.html", "stray.txt"} {
			if err := os.WriteFile(filepath.Join(out, f), []byte("old"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		var b, e bytes.Buffer
		env := map[string]string{"XDG_CACHE_HOME": cache}
		app := &cmdutil.App{In: strings.NewReader(""), Out: &b, Err: &e, Getenv: func(k string) string { return env[k] }, Engines: Engines()}
		if code := Run(context.Background(), app, args); code != 0 {
			t.Fatalf("demo %v exit %d: %s\n%s", c.args, code, e.String(), b.String())
		}
		if old, err := os.ReadFile(filepath.Join(out, "deadwars-demo.html")); err != nil || string(old) == "old" {
			t.Errorf("demo %v did not replace the report of an earlier run (%v)", c.args, err)
		}
		_, err := os.Stat(filepath.Join(out, "stray.txt"))
		if kept := err == nil; kept != (c.args != nil) {
			t.Errorf("demo %v: a file it did not write is kept: %v; want %v (only in a directory given with --out)", c.args, kept, c.args != nil)
		}
		got := strings.ReplaceAll(b.String(), out, "OUT")
		got = regexp.MustCompile(`/tmp/warlog-demo-[0-9]+`).ReplaceAllString(got, "TMP")
		path := filepath.Join("..", "testdata", c.golden)
		if os.Getenv("UPDATE_GOLDEN") != "" {
			if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (UPDATE_GOLDEN=1 go test ./cmd/ -run DemoGolden writes it)", err)
		}
		if got != string(want) {
			gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
			for i := range min(len(gl), len(wl)) {
				if gl[i] != wl[i] {
					t.Fatalf("the demo's output differs from testdata/%s at line %d:\n got %q\nwant %q\n(UPDATE_GOLDEN=1 regenerates it)", c.golden, i+1, gl[i], wl[i])
				}
			}
			t.Fatalf("the demo's output has %d lines, testdata/%s %d", len(gl), c.golden, len(wl))
		}
		// Every game's HTML report was written.
		files, _ := filepath.Glob(filepath.Join(out, "*.html"))
		// The King's Own plays two battles: its report is the chronicle.
		if ko, err := os.ReadFile(filepath.Join(out, "king-s-own-demo.html")); err != nil || !strings.Contains(string(ko), "campaign chronicle") {
			t.Errorf("the King's Own demo's report is not the chronicle of its battles (%v)", err)
		}
		if len(files) != len(gameDemos("1")) {
			t.Errorf("%d HTML reports for %d games", len(files), len(gameDemos("1")))
		}
		if c.args != nil {
			continue
		}
		// The short demo: about 60 lines, every game with a result, the
		// reports, four commands to try (one the summary a forum takes).
		if n := strings.Count(got, "\n"); n > 70 {
			t.Errorf("the short demo prints %d lines, want about 60", n)
		}
		for _, g := range Games() {
			if !strings.Contains(got, "\n"+g.Engine.Info().Title+" · ") {
				t.Errorf("the short demo does not tell %s", g.Engine.Info().Title)
			}
		}
		if strings.Count(got, "\n    = ") < len(Games()) || strings.Count(got, "\n  warlog ") != 4 {
			t.Errorf("the short demo lacks results or the commands to try:\n%s", got)
		}
		// Every campaign it makes is told: the dice one too.
		if !strings.Contains(got, "\nDice and undo · "+demoCore("1")[0][2]+"\n") {
			t.Errorf("the short demo does not tell its dice campaign:\n%s", got)
		}
		// The reports, one a line.
		for _, f := range files {
			if !strings.Contains(got, "\n  OUT/\n") || !strings.Contains(got, "\n    "+filepath.Base(f)+"\n") {
				t.Errorf("the short demo does not name %s on a line of its own:\n%s", filepath.Base(f), got)
			}
		}
	}
}

// Ctrl-C during the demo (its context cancelled, as Main's signal
// handler does) ends it with exit 130 and one line on stderr, not a
// refusal quoting the command it stopped in; the last whole run's
// reports stay where they were, and nothing of this run's is left.
func TestDemoInterrupted(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var b, e bytes.Buffer
	home := t.TempDir()
	last := filepath.Join(home, ".cache", "warlog", "demo", "last-run.html")
	if err := os.MkdirAll(filepath.Dir(last), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(last, []byte("<p>the last run</p>"), 0o644); err != nil {
		t.Fatal(err)
	}
	defer func() {
		if _, err := os.Stat(last); err != nil {
			t.Errorf("the last run's report is gone: %v", err)
		}
		if left, _ := filepath.Glob(filepath.Join(home, ".cache", "warlog", ".demo-*")); len(left) > 0 {
			t.Errorf("the interrupted run left %v", left)
		}
	}()
	app := &cmdutil.App{In: strings.NewReader(""), Out: &b, Err: &e, Getenv: func(k string) string { return map[string]string{"HOME": home}[k] }, Engines: Engines()}
	if code := Run(ctx, app, []string{"demo"}); code != cmdutil.ExitInterrupted {
		t.Errorf("an interrupted demo exits %d, want %d", code, cmdutil.ExitInterrupted)
	}
	if want := "warlog: the demo was interrupted before its end\n"; e.String() != want {
		t.Errorf("stderr %q, want %q", e.String(), want)
	}
}

// demo --json is one document: every battle in short, with its report.
func TestDemoJSON(t *testing.T) {
	db := filepath.Join(t.TempDir(), "d.db")
	var d DemoJSON
	if err := json.Unmarshal([]byte(must(t, db, "demo", "--json", "--out", t.TempDir())), &d); err != nil {
		t.Fatal(err)
	}
	if len(d.Battles) < len(Games()) || d.Temporary || d.Database != db {
		t.Fatalf("demo --json: %+v", d)
	}
	for _, b := range d.Battles {
		if b.Result == "" || len(b.Sides) < 2 || !strings.HasSuffix(b.Report, ".html") {
			t.Errorf("demo --json battle: %+v", b)
		}
	}
}
