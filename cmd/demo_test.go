package cmd

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"warlog/internal/cmdutil"
)

// The demo is seeded and its clock and action ids are fixed: its whole
// output, hashes included, is the golden file (the temporary directory
// aside). UPDATE_GOLDEN=1 rewrites it.
func TestDemoGolden(t *testing.T) {
	time.Local = time.UTC // the log shows local times
	out := t.TempDir()
	var b, e bytes.Buffer
	app := &cmdutil.App{In: strings.NewReader(""), Out: &b, Err: &e, Getenv: func(string) string { return "" }, Engines: Engines()}
	if code := Run(context.Background(), app, []string{"demo", "--out", out}); code != 0 {
		t.Fatalf("demo exit %d: %s\n%s", code, e.String(), b.String())
	}
	got := strings.ReplaceAll(b.String(), out, "OUT")
	got = regexp.MustCompile(`/tmp/warlog-demo-[0-9]+`).ReplaceAllString(got, "TMP")
	path := filepath.Join("..", "testdata", "demo.golden")
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
				t.Fatalf("the demo's output differs from testdata/demo.golden at line %d:\n got %q\nwant %q\n(UPDATE_GOLDEN=1 regenerates it)", i+1, gl[i], wl[i])
			}
		}
		t.Fatalf("the demo's output has %d lines, the golden file %d", len(gl), len(wl))
	}
	// Every game's HTML report was written.
	files, _ := filepath.Glob(filepath.Join(out, "*.html"))
	if len(files) != len(gameDemos("1")) {
		t.Errorf("%d HTML reports for %d games", len(files), len(gameDemos("1")))
	}
}
