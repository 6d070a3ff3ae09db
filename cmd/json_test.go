package cmd

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"warlog/cmd/cmdutil"
)

// A time written any other way than RFC 3339: "2026-12-01 14:03".
var otherTime = regexp.MustCompile(`\d{4}-\d\d-\d\d \d\d:\d\d`)

// --json everywhere: every game's catalogues print one JSON document;
// every action's embedded status names its campaign and game, in all five
// games; times are RFC 3339; a seed above 2^53 is a string.
func TestJSONEverywhere(t *testing.T) {
	db := filepath.Join(t.TempDir(), "w.db")
	var docs []string // every JSON document printed, checked at the end
	js := func(args ...string) map[string]any {
		t.Helper()
		out, e, code := run(t, db, append(args, "--json")...)
		if code != 0 {
			t.Fatalf("%v --json: exit %d %s", args, code, e)
		}
		var v any
		if err := json.Unmarshal([]byte(out), &v); err != nil {
			t.Fatalf("%v --json is not one JSON document: %v\n%s", args, err, out)
		}
		docs = append(docs, out)
		m, _ := v.(map[string]any) // nil for a list (i28 list)
		return m
	}

	for _, g := range Games() {
		if g.Rules == nil {
			continue
		}
		for _, cat := range g.Rules() {
			v := js("rules", g.Use, cat.Topic)
			if v["game"] != g.Engine.Info().Name || v["topic"] != cat.Topic || len(v["entries"].([]any)) != len(cat.Rows) || len(cat.Rows) == 0 {
				t.Errorf("rules %s %s --json = %v", g.Use, cat.Topic, v)
			}
		}
	}
	if v := js("ko", "spells"); len(v["entries"].([]any)) != 5 {
		t.Errorf("ko spells --json: %v", v)
	}
	if v := js("rc", "karma"); len(v["entries"].([]any)) != 18 {
		t.Errorf("rc karma --json: %v", v)
	}

	// Each game's first action, as its demo plays it, carries the status
	// of its campaign and game.
	for _, g := range Games() {
		game := g.Engine.Info().Name
		acted := false
		for _, line := range g.Demo("3") {
			if acted {
				break
			}
			if line[0] != g.Use {
				must(t, db, line...)
				continue
			}
			v := js(line...)
			if _, ok := v["events"]; !ok {
				continue // a catalogue or a view, not an action
			}
			st, _ := v["status"].(map[string]any)
			name := g.Demo("3")[0][2]
			if st == nil || st["campaign"] != name || st["game"] != game {
				t.Errorf("%v --json: status %v; want campaign %q, game %q", line, st, name, game)
			}
			at, _ := v["events"].([]any)[0].(map[string]any)["at"].(string)
			if _, err := time.Parse(time.RFC3339, at); err != nil {
				t.Errorf("%v --json: event at %q is not RFC 3339", line, at)
			}
			acted = true
		}
		if !acted {
			t.Errorf("%s's demo has no action of its own", game)
		}
	}

	// Times: RFC 3339 in the campaign's and the log's JSON.
	show := js("campaign", "show")
	if _, err := time.Parse(time.RFC3339, show["created"].(string)); err != nil {
		t.Errorf("campaign show --json created %q: %v", show["created"], err)
	}
	for _, e := range js("log")["events"].([]any) {
		if at := e.(map[string]any)["at"].(string); !strings.HasSuffix(at, "Z") {
			t.Errorf("log --json at %q is not RFC 3339 in UTC", at)
		}
	}
	js("campaign", "list")
	js("status")
	js("roster")

	// Seeds: exact below 2^53 as a number, above as a string.
	must(t, db, "campaign", "new", "Small", "--game", "kingsown", "--seed", "9007199254740992")
	must(t, db, "campaign", "new", "Big", "--game", "kingsown", "--seed", "18446744073709551615")
	for _, c := range []struct {
		name, want string
		seed       uint64
	}{{"Small", `"seed": 9007199254740992,`, 1 << 53}, {"Big", `"seed": "18446744073709551615",`, 1<<64 - 1}} {
		out := must(t, db, "-c", c.name, "campaign", "show", "--json")
		if !strings.Contains(out, c.want) {
			t.Errorf("campaign show %s --json lacks %s:\n%s", c.name, c.want, out)
		}
		var cj CampaignJSON
		if err := json.Unmarshal([]byte(out), &cj); err != nil || uint64(cj.Seed) != c.seed {
			t.Errorf("campaign show %s --json reads back seed %d (%v), want %d", c.name, cj.Seed, err, c.seed)
		}
	}

	// The campaign's creation event shows the big seed as a string too,
	// in the log and in the action's own output; the stored event, which
	// its hash covers, keeps the number.
	if out := must(t, db, "-c", "Big", "log", "--json"); !strings.Contains(out, `"seed": "18446744073709551615"`) {
		t.Errorf("log --json of Big shows the seed as a number:\n%.600s", out)
	}
	if out := must(t, db, "campaign", "new", "Bigger", "--game", "brood", "--seed", "18446744073709551614", "--json"); !strings.Contains(out, `"seed": "18446744073709551614"`) {
		t.Errorf("campaign new --json shows the seed as a number:\n%.600s", out)
	}
	if out := must(t, db, "-c", "Small", "log", "--json"); !strings.Contains(out, `"seed": 9007199254740992`) {
		t.Errorf("log --json of Small: the seed should stay a number:\n%.600s", out)
	}
	must(t, db, "verify")

	for _, d := range docs {
		if m := otherTime.FindString(d); m != "" {
			t.Errorf("a JSON document writes a time as %q, not RFC 3339", m)
		}
	}
}

// --json with --format html (or md) asks for two formats: refused, and
// nothing is written.
func TestReportJSONFormatConflict(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "w.db")
	must(t, db, "campaign", "new", "R", "--game", "kingsown", "--seed", "2")
	must(t, db, "ko", "recruit", "--card", "hunters")
	must(t, db, "scenario", "start", "The Nest", "--brief", "nest")
	out := filepath.Join(dir, "r.html")
	_, e, code := run(t, db, "report", "--json", "--format", "html", "--out", out)
	if code != cmdutil.ExitUsage || !strings.Contains(e, "--json and --format html") {
		t.Errorf("report --json --format html: exit %d %q", code, e)
	}
	if _, err := os.Stat(out); err == nil {
		t.Errorf("the refused report wrote %s", out)
	}
	if o, e, code := run(t, db, "report", "--json", "--format", "json"); code == cmdutil.ExitUsage {
		t.Errorf("report --json --format json refused: %s %s", o, e)
	}
	// Written to a file, the report's JSON is in the file and stdout
	// says where, as JSON.
	o := must(t, db, "report", "--json", "--out", filepath.Join(dir, "r.json"))
	var w map[string]any
	if err := json.Unmarshal([]byte(o), &w); err != nil || w["file"] != filepath.Join(dir, "r.json") {
		t.Errorf("report --json --out: %q (%v)", o, err)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "r.json")); err != nil || !json.Valid(b) {
		t.Errorf("report --json --out wrote no JSON: %v", err)
	}
	o = must(t, db, "generate", "--markdown", filepath.Join(dir, "md"), "--json")
	if err := json.Unmarshal([]byte(o), &w); err != nil || w["markdown"] != filepath.Join(dir, "md") {
		t.Errorf("generate --json: %q (%v)", o, err)
	}
}
