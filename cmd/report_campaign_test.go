package cmd

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"warlog/cmd/cmdutil"
)

// reportSchema is the JSON Schema the README documents for report --format
// json, compiled once per test.
func reportSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	s, err := jsonschema.NewCompiler().Compile(filepath.Join("..", "projections", "report", "schema", "report.schema.json"))
	if err != nil {
		t.Fatalf("the report's schema does not compile: %v", err)
	}
	return s
}

// validReport checks a JSON report against the schema.
func validReport(t *testing.T, s *jsonschema.Schema, what string, data []byte) {
	t.Helper()
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("%s: not JSON: %v", what, err)
	}
	if err := s.Validate(v); err != nil {
		t.Errorf("%s does not follow the schema: %v", what, err)
	}
}

// dbRunner runs warlog commands on a new database of the test's and
// returns what each wrote; a command that fails fails the test.
func dbRunner(t *testing.T) func(args ...string) string {
	run, _ := dbRunners(t)
	return run
}

// dbRunners are dbRunner's run, and try, which runs a command on the same
// database and returns its output and exit code, whatever they are.
func dbRunners(t *testing.T) (run func(args ...string) string, try func(args ...string) (string, int)) {
	db := filepath.Join(t.TempDir(), "g.db")
	try = func(args ...string) (string, int) {
		var b bytes.Buffer
		app := &cmdutil.App{In: strings.NewReader(""), Out: &b, Err: &b, Getenv: func(string) string { return "" }, Engines: Engines()}
		line := append([]string{"--db", db}, args...)
		if len(args) > 0 && args[0] == "__complete" { // the shell's completion comes first
			line = append([]string{args[0], "--db", db}, args[1:]...)
		}
		code := Run(context.Background(), app, line)
		return b.String(), code
	}
	run = func(args ...string) string {
		t.Helper()
		out, code := try(args...)
		if code != 0 {
			t.Fatalf("%v: exit %d\n%s", args, code, out)
		}
		return out
	}
	return run, try
}

// twoScenario is a campaign of two scenarios of game, both won by winner,
// with two figures whose names share a prefix (Bo and Bors): the lines
// after the campaign's creation.
type twoScenario struct {
	game, winner string
	lines        [][]string
}

// twoScenarios has one campaign per game of the registry (perGame).
var twoScenarios = []twoScenario{
	{"kingsown", "hunters", [][]string{
		{"ko", "recruit", "Bo", "--side", "hunters", "--skill", "3", "--hits", "2", "--weapon", "Sword:2:1"},
		{"ko", "recruit", "Bors", "--side", "hunters", "--skill", "3", "--hits", "2", "--weapon", "Sword:2:1"},
		{"ko", "recruit", "Gorm", "--side", "orcs", "--skill", "3", "--hits", "2", "--weapon", "Cleaver:2:1"},
		{"ko", "recruit", "--side", "orcs", "--skill", "2", "--hits", "1", "--weapon", "Knife:1:1", "--", hostile[0]},
		{"scenario", "start", "First", "--turns", "1"},
		{"scenario", "end", "--winner", "hunters"},
		{"scenario", "start", "Second", "--turns", "1", "--field", "Bors,Gorm"},
		{"scenario", "end", "--winner", "hunters"},
	}},
	{"deadwars", "Ann", [][]string{
		{"dw", "force", "Ann", "--clan", "dracula"},
		{"dw", "recruit", "Ann", "Bo", "--class", "wizard", "--champion"},
		{"dw", "recruit", "Ann", "Bors", "--rank", "guard", "--class", "berserker"},
		{"dw", "force", "Ben", "--clan", "davy-jones"},
		{"dw", "recruit", "Ben", "Davy", "--class", "fighter", "--champion"},
		{"dw", "recruit", "Ben", "--rank", "soldier", "--class", "fighter", "--", hostile[0]},
		{"scenario", "start", "First", "--brief", "head-count"},
		{"scenario", "end", "--winner", "Ann"},
		{"scenario", "start", "Second", "--brief", "head-count"},
		{"scenario", "end", "--winner", "Ann"},
	}},
	{"brood", "Bo", [][]string{
		{"scenario", "start", "First", "--size", "8", "--mother", "Bo=2,2", "--mother", "Bors=7,7"},
		{"scenario", "end", "--winner", "Bo"},
		{"scenario", "start", "Second", "--size", "8", "--mother", "Bo=2,2", "--mother", "Bors=7,7"},
		{"scenario", "end", "--winner", "Bo"},
	}},
	{"incarn28", "Ann", [][]string{
		{"i28", "gang", "Ann", "--faction", "sacrosanct"},
		{"i28", "recruit", "Ann", "Bo", "--skill", "rabble", "--toughness", "light", "--flesh", "Soldier,Elegant"},
		{"i28", "recruit", "Ann", "Bors", "--skill", "rabble", "--toughness", "light", "--flesh", "Soldier,Elegant"},
		{"i28", "gang", "Ben", "--faction", "schism"},
		{"i28", "recruit", "Ben", "Runt", "--skill", "rabble", "--toughness", "light", "--flesh", "Soldier,Worm"},
		{"i28", "recruit", "Ben", "--skill", "rabble", "--toughness", "light", "--flesh", "Soldier,Worm", "--", hostile[3]},
		{"scenario", "start", "First"},
		{"scenario", "end", "--winner", "Ann"},
		{"scenario", "start", "Second"},
		{"scenario", "end", "--winner", "Ann"},
	}},
	// Reincardnated names its winner from the scores: the demo's game twice,
	// which Ann wins on points, with her Starter Bors and her Being Bo.
	{"reincardnated", "Ann", append(rcGame("First"), rcGame("Second")...)},
}

// rcGame is the Reincardnated demo's game under another name, its Starter
// called Bors and its Seal Bo.
func rcGame(name string) [][]string {
	var out [][]string
	g, _ := findGame("reincardnated")
	for _, l := range g.Demo("1")[1:] {
		if l[0] == "status" || l[0] == "rc" && l[1] == "score" {
			continue
		}
		l = append([]string(nil), l...)
		for i, a := range l {
			a = strings.ReplaceAll(a, "Evening", name)
			a = strings.ReplaceAll(a, "Fern", "Bors")
			l[i] = strings.ReplaceAll(a, "Seal", "Bo")
		}
		out = append(out, l)
	}
	return out
}

// Per game, a campaign of two scenarios with a known winner: the chronicle
// and the scenario report credit it in Markdown, HTML and JSON, the JSON
// follows the schema, and Bo and Bors each have their own story.
func TestReportCampaignPerGame(t *testing.T) {
	time.Local = time.UTC
	schema := reportSchema(t)
	for _, g := range perGame(t, "twoScenarios", twoScenarios, func(g twoScenario) string { return g.game }) {
		t.Run(g.game, func(t *testing.T) {
			run := dbRunner(t)
			run("campaign", "new", "Two of "+g.game, "--game", g.game, "--seed", "1")
			for _, l := range g.lines {
				run(l...)
			}
			var chron, last struct {
				Scenarios []struct {
					Name   string  `json:"name"`
					Winner *string `json:"winner"`
					Sides  []struct {
						Name string `json:"name"`
						Won  bool   `json:"won"`
					} `json:"sides"`
				} `json:"scenarios"`
				Score []struct {
					Name string `json:"name"`
					Wins int    `json:"wins"`
				} `json:"score"`
				Stories []struct {
					ID    string   `json:"id"`
					Name  string   `json:"name"`
					Lines []string `json:"lines"`
					Path  []struct {
						Track string `json:"track"`
					} `json:"path"`
				} `json:"stories"`
			}
			cj := run("report", "--chronicle", "--format", "json")
			for i, h := range hostile {
				if (i == 0 && g.game == "kingsown" || i == 0 && g.game == "deadwars" || i == 3 && g.game == "incarn28") && !strings.Contains(cj, mustJSON(t, h)) {
					t.Errorf("the JSON chronicle lost the name %s", h)
				}
			}
			validReport(t, schema, "the chronicle's JSON", []byte(cj))
			sj := run("report", "--format", "json")
			validReport(t, schema, "the scenario report's JSON", []byte(sj))
			if err := json.Unmarshal([]byte(cj), &chron); err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal([]byte(sj), &last); err != nil {
				t.Fatal(err)
			}
			for _, sc := range append(chron.Scenarios, last.Scenarios...) {
				if sc.Winner == nil || *sc.Winner != g.winner {
					t.Errorf("JSON: %s's winner is %v, want %s", sc.Name, sc.Winner, g.winner)
				}
				won := 0
				for _, s := range sc.Sides {
					if s.Won {
						won++
						if s.Name != g.winner {
							t.Errorf("JSON: %s credits side %s", sc.Name, s.Name)
						}
					}
				}
				if won != 1 {
					t.Errorf("JSON: %s has %d sides that won, want 1", sc.Name, won)
				}
			}
			wins := map[string]int{}
			for _, s := range chron.Score {
				wins[s.Name] = s.Wins
			}
			if wins[g.winner] != 2 || len(wins) < 2 {
				t.Errorf("JSON: the running score is %v, want %s on 2", wins, g.winner)
			}
			// Bo and Bors: a story each, by ID, and neither told the other's.
			stories := map[string][]string{}
			ids := map[string]string{}
			for _, s := range chron.Stories {
				if s.Name == "Bo" || s.Name == "Bors" || s.Name == "Bo's Mother" || s.Name == "Bors's Mother" {
					name := strings.TrimSuffix(s.Name, "'s Mother")
					if _, dup := stories[name]; dup {
						t.Errorf("%s has two stories", name)
					}
					stories[name], ids[name] = s.Lines, s.ID
				}
			}
			if len(stories) != 2 || ids["Bo"] == ids["Bors"] {
				t.Fatalf("the stories of Bo and Bors: %v (ids %v)", stories, ids)
			}
			// The King's Own keeps a campaign Skill track, whole: Bors fought
			// both scenarios and Bo sat the second out, neither changing.
			for _, s := range chron.Stories {
				if g.game != "kingsown" || s.Name != "Bo" && s.Name != "Bors" {
					continue
				}
				var track []string
				for _, p := range s.Path {
					track = append(track, p.Track)
				}
				if strings.Join(track, ", ") != "campaign Skill 3, campaign Skill 3" {
					t.Errorf("%s's campaign Skill track is %q, want Skill 3 in both scenarios", s.Name, track)
				}
			}
			if strings.Contains(strings.Join(stories["Bo"], " "), "Bors") {
				t.Errorf("Bo's story tells of Bors: %q", stories["Bo"])
			}
			if len(stories["Bo"]) != 2 || len(stories["Bors"]) != 2 {
				t.Errorf("the stories do not follow both scenarios: Bo %q, Bors %q", stories["Bo"], stories["Bors"])
			}
			md := run("report", "--chronicle", "--format", "md")
			if !regexp.MustCompile(`(?m)^\| ` + regexp.QuoteMeta(g.winner) + ` +\| 2 +\|$`).MatchString(md) {
				t.Errorf("the Markdown chronicle does not credit %s with 2 wins:\n%s", g.winner, md)
			}
			for _, n := range []string{"Bo", "Bors"} {
				if !regexp.MustCompile(`(?m)^- \*\*` + n + `('s Mother)?\*\* \(`).MatchString(md) {
					t.Errorf("the Markdown chronicle has no story for %s", n)
				}
			}
			if g.game == "kingsown" && !regexp.MustCompile(`(?m)^\| Bors \(hunters\) +\| survived; campaign Skill 3 +\| survived; campaign Skill 3 +\|$`).MatchString(md) {
				t.Errorf("the Markdown chronicle has no whole Skill track for Bors:\n%s", md)
			}
			smd := run("report", "--format", "md")
			if !strings.Contains(smd, "**Second: "+g.winner+" won") {
				t.Errorf("the Markdown report's headline does not credit %s:\n%s", g.winner, smd)
			}
			html := run("report", "--chronicle", "--format", "html")
			if want := fmt.Sprintf(`<td data-label="side">%s</td><td data-label="scenarios won" class="num">2</td>`, g.winner); !strings.Contains(html, want) {
				t.Errorf("the HTML chronicle does not credit %s: no %s", g.winner, want)
			}
			// The reliability suite's hostile names are text in every
			// format: never there as they were typed, and the JSON keeps
			// them exactly.
			for _, f := range []string{"md", "html"} {
				for _, what := range [][]string{{"--chronicle"}, nil} {
					out := run(append([]string{"report", "--format", f}, what...)...)
					for _, h := range hostile[:4] {
						if strings.Contains(out, h) {
							t.Errorf("report %v --format %s holds %s raw", what, f, h)
						}
					}
				}
			}
			shtml := run("report", "--format", "html")
			if !strings.Contains(shtml, `<p class="headline">Second: `+g.winner+` won`) {
				t.Errorf("the HTML report's headline does not credit %s", g.winner)
			}
		})
	}
}

// Every game's demo report (testdata/reports) follows the schema, and its
// keys are there when empty.
func TestReportJSONSchemaPerGame(t *testing.T) {
	schema := reportSchema(t)
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "reports", "*.json"))
	if len(files) < 5 {
		t.Fatalf("found %d JSON reports, want one per game", len(files))
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		validReport(t, schema, f, data)
	}
}

// reportCount says how what a game's report counts turn by turn ends, for
// its demo's report: "" when it ends where the outcome does. A nil check
// says the game counts nothing turn by turn.
type reportCount struct {
	game  string
	check func(side string, last map[string]int, score int, taken map[string]int) string
}

// reportCounts has one entry per game of the registry (perGame).
var reportCounts = []reportCount{
	{"kingsown", nil}, // The King's Own counts nothing turn by turn
	{"deadwars", func(side string, last map[string]int, score int, _ map[string]int) string {
		if last["kp"] != score {
			return fmt.Sprintf("kp ends at %d, the score is %d", last["kp"], score)
		}
		return ""
	}},
	{"incarn28", func(side string, last map[string]int, score int, _ map[string]int) string {
		if last["objectives done"] != score {
			return fmt.Sprintf("objectives done end at %d, the score is %d", last["objectives done"], score)
		}
		return ""
	}},
	{"brood", func(side string, last map[string]int, _ int, taken map[string]int) string {
		if last["life"] != 5-taken[side+"'s Mother"] {
			return fmt.Sprintf("Life ends at %d, the Mother took %d of 5", last["life"], taken[side+"'s Mother"])
		}
		return ""
	}},
	{"reincardnated", func(side string, last map[string]int, score int, _ map[string]int) string {
		if last["score"] != score {
			return fmt.Sprintf("score ends at %d, the outcome's is %d", last["score"], score)
		}
		return ""
	}},
}

// What a report counts turn by turn ends where the outcome does: Deadwars'
// kill points and Incarn28's objectives at each side's score, each Brood
// Mother's Life at 5 less what she took, Reincardnated's score at the
// score.
func TestReportCountsEndAtTheOutcome(t *testing.T) {
	for _, e := range perGame(t, "reportCounts", reportCounts, func(e reportCount) string { return e.game }) {
		if e.check == nil {
			continue
		}
		g, _ := findGame(e.game)
		name, check := slug(g.Demo("1")[0]), e.check
		var r struct {
			Scenarios []struct {
				Sides []struct {
					Name  string `json:"name"`
					Score int    `json:"score"`
				} `json:"sides"`
				Figures []struct {
					Name  string `json:"name"`
					Taken int    `json:"taken"`
				} `json:"figures"`
				Counts []struct {
					Side    string `json:"side"`
					What    string `json:"what"`
					PerTurn []int  `json:"per_turn"`
				} `json:"counts"`
			} `json:"scenarios"`
		}
		demoReport(t, name, &r)
		sc := r.Scenarios[0]
		taken := map[string]int{}
		for _, f := range sc.Figures {
			taken[f.Name] = f.Taken
		}
		for _, s := range sc.Sides {
			last := map[string]int{}
			for _, c := range sc.Counts {
				if c.Side == s.Name && len(c.PerTurn) > 0 {
					last[c.What] = c.PerTurn[len(c.PerTurn)-1]
				}
			}
			if len(last) == 0 {
				t.Errorf("%s: nothing counted for %s", name, s.Name)
			}
			if msg := check(s.Name, last, s.Score, taken); msg != "" {
				t.Errorf("%s, %s: %s", name, s.Name, msg)
			}
		}
	}
}

// The figures a report says fell, turn by turn, are the removals it counts
// per turn, in the games that count every removal (Deadwars, Incarn28's
// slain, The King's Own).
func TestReportFallenMatchRemovals(t *testing.T) {
	for _, name := range []string{"deadwars-demo", "incarn28-demo", "king-s-own-demo"} {
		var r struct {
			Scenarios []struct {
				Sides []struct {
					Name    string `json:"name"`
					Removed []int  `json:"removed_per_turn"`
				} `json:"sides"`
				Fallen []struct {
					Turn int    `json:"turn"`
					Side string `json:"side"`
				} `json:"fallen"`
			} `json:"scenarios"`
		}
		demoReport(t, name, &r)
		for _, sc := range r.Scenarios {
			for _, s := range sc.Sides {
				got := make([]int, len(s.Removed))
				for _, f := range sc.Fallen {
					if f.Side == s.Name && f.Turn >= 1 && f.Turn <= len(got) {
						got[f.Turn-1]++
					}
				}
				if fmt.Sprint(got) != fmt.Sprint(s.Removed) {
					t.Errorf("%s, %s: fallen per turn %v, removed per turn %v", name, s.Name, got, s.Removed)
				}
			}
		}
	}
}

// demoReport reads a game's demo report (testdata/reports/NAME.json) into v.
func demoReport(t *testing.T, name string, v any) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "testdata", "reports", name+".json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatal(err)
	}
}

// Two scenarios of one name in a campaign are two scenarios in the
// chronicle, told apart by the action that began each: their actions,
// winners and the figures' paths are not merged. report --scenario NAME
// refuses the shared name, listing both, and takes NAME#2 or NAME@V (the
// version that began it).
func TestReportScenariosShareAName(t *testing.T) {
	for _, g := range perGame(t, "twoScenarios", twoScenarios, func(g twoScenario) string { return g.game }) {
		t.Run(g.game, func(t *testing.T) {
			run, try := dbRunners(t)
			run("campaign", "new", "Twice", "--game", g.game, "--seed", "1")
			for _, l := range g.lines {
				l = append([]string(nil), l...)
				for i, a := range l {
					if a == "First" || a == "Second" {
						l[i] = "Skirmish"
					}
				}
				run(l...)
			}
			var chron struct {
				Scenarios []struct {
					Name   string  `json:"name"`
					Start  int64   `json:"start"`
					Winner *string `json:"winner"`
					Turns  []struct {
						Lines []struct {
							Action string `json:"action"`
						} `json:"lines"`
					} `json:"turns"`
				} `json:"scenarios"`
				Score []struct {
					Name string `json:"name"`
					Wins int    `json:"wins"`
				} `json:"score"`
				Stories []struct {
					Name string `json:"name"`
					Path []struct {
						Start int64 `json:"start"`
					} `json:"path"`
				} `json:"stories"`
			}
			if err := json.Unmarshal([]byte(run("report", "--chronicle", "--format", "json")), &chron); err != nil {
				t.Fatal(err)
			}
			if len(chron.Scenarios) != 2 {
				t.Fatalf("%d scenarios in the chronicle, want the two Skirmishes", len(chron.Scenarios))
			}
			a, b := chron.Scenarios[0], chron.Scenarios[1]
			if a.Name != "Skirmish" || b.Name != "Skirmish" || a.Start == 0 || a.Start >= b.Start {
				t.Errorf("the scenarios are %q from %d and %q from %d, want two Skirmishes, the second begun later", a.Name, a.Start, b.Name, b.Start)
			}
			actions := func(i int) map[string]bool {
				out := map[string]bool{}
				for _, tu := range chron.Scenarios[i].Turns {
					for _, l := range tu.Lines {
						out[l.Action] = true
					}
				}
				return out
			}
			first, second := actions(0), actions(1)
			if len(first) == 0 || len(second) == 0 {
				t.Errorf("a Skirmish has no actions: %d and %d", len(first), len(second))
			}
			for id := range first {
				if second[id] {
					t.Errorf("action %s is told in both Skirmishes", id)
				}
			}
			for _, sc := range chron.Scenarios {
				if sc.Winner == nil || *sc.Winner != g.winner {
					t.Errorf("a Skirmish's winner is %v, want %s", sc.Winner, g.winner)
				}
			}
			for _, s := range chron.Score {
				if s.Name == g.winner && s.Wins != 2 {
					t.Errorf("%s has %d wins, want 2", s.Name, s.Wins)
				}
			}
			for _, s := range chron.Stories {
				if (s.Name == "Bors" || s.Name == "Bors's Mother") && (len(s.Path) != 2 || s.Path[0].Start == s.Path[1].Start) {
					t.Errorf("%s's path does not tell the two Skirmishes apart: %+v", s.Name, s.Path)
				}
			}
			out, code := try("report", "--scenario", "skirmish")
			want := fmt.Sprintf(`campaign "Twice" has 2 scenarios named "Skirmish": Skirmish#1 (begun at version %d, `, a.Start)
			if code != 1 || !strings.Contains(out, want) || !strings.Contains(out, fmt.Sprintf("Skirmish#2 (begun at version %d, ", b.Start)) ||
				!strings.Contains(out, "--scenario 'Skirmish#2', or by the version that began it, --scenario Skirmish@"+strconv.FormatInt(b.Start, 10)) || strings.Count(out, "\n") != 1 {
				t.Errorf("report --scenario Skirmish: exit %d\n%s\nwant one line with %q and both", code, out, want)
			}
			for ask, start := range map[string]int64{"Skirmish#2": b.Start, "skirmish#1": a.Start, fmt.Sprintf("Skirmish@%d", a.Start): a.Start, fmt.Sprintf("@%d", b.Start): b.Start} {
				var one struct {
					Scenarios []struct {
						Start int64 `json:"start"`
					} `json:"scenarios"`
				}
				if err := json.Unmarshal([]byte(run("report", "--scenario", ask, "--format", "json")), &one); err != nil {
					t.Fatal(err)
				}
				if len(one.Scenarios) != 1 || one.Scenarios[0].Start != start {
					t.Errorf("report --scenario %s: %+v, want the scenario begun at version %d", ask, one.Scenarios, start)
				}
			}
			if out := run("__complete", "report", "--scenario", ""); !strings.HasPrefix(out, "Skirmish#1\nSkirmish#2\n:4\n") {
				t.Errorf("report --scenario completes to %q, want Skirmish#1 and Skirmish#2", out)
			}
			if out, code := try("report", "--scenario", "Skirmish#3"); code != 1 || !strings.Contains(out, "it has: Skirmish#1, Skirmish#2") {
				t.Errorf("report --scenario Skirmish#3: exit %d\n%s", code, out)
			}
			md := run("report", "--chronicle", "--format", "md")
			if !strings.Contains(md, "\n## Skirmish\n") || !strings.Contains(md, "\n## Skirmish (2)\n") {
				t.Errorf("the chronicle's headings do not tell the Skirmishes apart:\n%s", md)
			}
			if g.game == "kingsown" && !regexp.MustCompile(`(?m)^\| figure +\| Skirmish +\| Skirmish \(2\) +\|$`).MatchString(md) {
				t.Errorf("the Skill track's columns do not tell the Skirmishes apart:\n%s", md)
			}
		})
	}
}
