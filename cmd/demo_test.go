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
func TestDemoGolden(t *testing.T) {
	time.Local = time.UTC // the log shows local times
	for _, c := range []struct {
		golden string
		args   []string
	}{{"demo.golden", nil}, {"demo-verbose.golden", []string{"--verbose"}}} {
		out := t.TempDir()
		var b, e bytes.Buffer
		app := &cmdutil.App{In: strings.NewReader(""), Out: &b, Err: &e, Getenv: func(string) string { return "" }, Engines: Engines()}
		if code := Run(context.Background(), app, append([]string{"demo", "--out", out}, c.args...)); code != 0 {
			t.Fatalf("demo %v exit %d: %s\n%s", c.args, code, e.String(), b.String())
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
		if strings.Count(got, "\n    = ") < len(Games()) || !strings.Contains(got, "HTML reports (open them in a browser): OUT/") || strings.Count(got, "\n  warlog ") != 4 {
			t.Errorf("the short demo lacks results, reports or the commands to try:\n%s", got)
		}
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
