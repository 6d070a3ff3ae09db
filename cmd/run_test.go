package cmd

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"warlog/cmd/cmdutil"
)

// run executes one command line in-process against db and returns stdout,
// stderr and the exit status.
func run(t *testing.T, db string, args ...string) (string, string, int) {
	t.Helper()
	return runAt(t, db, 0, args...)
}

// runAt is run with stdout standing for a terminal of cols columns
// (cmdutil.Sized; 0: not a terminal).
func runAt(t *testing.T, db string, cols int, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	var stdout io.Writer = &out
	if cols > 0 {
		stdout = cmdutil.Sized(&out, cols)
	}
	env := map[string]string{"HOME": filepath.Dir(db)}
	app := &cmdutil.App{In: strings.NewReader(""), Out: stdout, Err: &errb, Getenv: func(k string) string { return env[k] }, Engines: Engines()}
	code := Run(context.Background(), app, append([]string{"--db", db}, args...))
	return out.String(), errb.String(), code
}

func TestJSONOutputsParse(t *testing.T) {
	db := filepath.Join(t.TempDir(), "w.db")
	if _, e, code := run(t, db, "campaign", "new", "J", "--game", "kingsown", "--seed", "9"); code != 0 {
		t.Fatalf("campaign new: %d %s", code, e)
	}
	for i := 0; i < 3; i++ {
		run(t, db, "roll", "2d6", "--for", "x")
	}
	out, _, code := run(t, db, "roll", "d6", "--json", "--dice", "3")
	if code != 0 {
		t.Fatalf("roll --json exit %d", code)
	}
	var act cmdutil.ActionJSON
	if err := json.Unmarshal([]byte(out), &act); err != nil {
		t.Fatalf("roll --json is not JSON: %v\n%s", err, out)
	}
	if act.Label != "rolled 1d6 for free roll: 3" || len(act.Events) != 2 || act.Events[1].Type != "dice.rolled" {
		t.Errorf("roll --json = %+v", act)
	}

	out, _, _ = run(t, db, "log", "--json")
	var lg LogJSON
	if err := json.Unmarshal([]byte(out), &lg); err != nil {
		t.Fatalf("log --json: %v", err)
	}
	if len(lg.Events) != 2+4*2 || lg.Events[0].Version != 1 || lg.Events[len(lg.Events)-1].Version != 10 {
		t.Errorf("log --json has %d events", len(lg.Events))
	}

	// The head from `campaign show` verifies; after more actions it still
	// does (the log grew); a made-up one does not.
	out, _, _ = run(t, db, "campaign", "show", "--json")
	var show CampaignJSON
	if err := json.Unmarshal([]byte(out), &show); err != nil {
		t.Fatal(err)
	}
	if show.Head != lg.Head || show.Version != 10 {
		t.Errorf("show head %s v%d, log head %s", show.Head, show.Version, lg.Head)
	}
	run(t, db, "roll", "d6")
	out, e, code := run(t, db, "verify", "--head", show.Head[:12], "--json")
	if code != 0 {
		t.Fatalf("verify --head of an older head: exit %d %s", code, e)
	}
	var v VerifyJSON
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatal(err)
	}
	if !v.OK || len(v.Campaigns) != 1 || v.Campaigns[0].HeadAt != 10 || v.Campaigns[0].Events != 12 {
		t.Errorf("verify --json = %+v", v)
	}
}

// The default database lives under XDG_DATA_HOME, else ~/.local/share.
func TestDefaultDatabasePath(t *testing.T) {
	a := &cmdutil.App{Getenv: func(k string) string { return map[string]string{"HOME": "/h"}[k] }}
	if got := a.ResolvedDB(); got != "/h/.local/share/warlog/warlog.db" {
		t.Errorf("default db = %s", got)
	}
	a.Getenv = func(k string) string { return map[string]string{"HOME": "/h", "XDG_DATA_HOME": "/x"}[k] }
	if got := a.ResolvedDB(); got != "/x/warlog/warlog.db" {
		t.Errorf("XDG db = %s", got)
	}
	a.Getenv = func(k string) string { return map[string]string{"WARLOG_DB": "/w.db", "XDG_DATA_HOME": "/x"}[k] }
	if got := a.ResolvedDB(); got != "/w.db" {
		t.Errorf("WARLOG_DB = %s", got)
	}
	a.DBPath = "/flag.db"
	if got := a.ResolvedDB(); got != "/flag.db" {
		t.Errorf("--db = %s", got)
	}
}

// The demo runs in a temporary database and leaves the user's own alone.
func TestDemoLeavesDefaultDatabaseAlone(t *testing.T) {
	home := t.TempDir()
	var out, errb bytes.Buffer
	env := map[string]string{"HOME": home}
	app := &cmdutil.App{In: strings.NewReader(""), Out: &out, Err: &errb, Getenv: func(k string) string { return env[k] }, Engines: Engines()}
	if code := Run(context.Background(), app, []string{"demo"}); code != 0 {
		t.Fatalf("demo exit %d: %s\n%s", code, errb.String(), out.String())
	}
	if _, err := os.Stat(filepath.Join(home, ".local")); !os.IsNotExist(err) {
		out, _ := exec.Command("find", home).CombinedOutput()
		t.Errorf("the demo touched the default data directory: %v\n%s", err, out)
	}
	if !strings.Contains(out.String(), "$ warlog verify\nok: ") {
		t.Errorf("the demo did not end verified:\n%s", out.String())
	}
}
