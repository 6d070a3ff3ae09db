package cmd

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// fixtureViews are the read commands whose output a database written by an
// earlier warlog must keep giving: the battle, the roster, the log and the
// reports.
var fixtureViews = []struct {
	name string
	args []string
}{
	{"status.json", []string{"status", "--json"}},
	{"roster.txt", []string{"roster"}},
	{"roster.json", []string{"roster", "--json"}},
	{"log.txt", []string{"log"}},
	{"log.json", []string{"log", "--json"}},
	{"report.md", []string{"report"}},
	{"report.json", []string{"report", "--format", "json"}},
	{"chronicle.md", []string{"report", "--chronicle"}},
}

// testdata/fixtures/demo.db holds each game's demo campaign as warlog
// 0.1.0 wrote it (before the engines moved onto the engine kit), and every
// game of the registry must have one there (a game added since, as the
// version that added it wrote it). Opening it must give the views recorded
// beside it, so a rewrite of an engine cannot change what an old campaign
// shows without a golden file saying so. UPDATE_GOLDEN=1 rewrites them.
func TestFixtureDatabaseReplaysUnchanged(t *testing.T) {
	time.Local = time.UTC
	src := filepath.Join("..", "testdata", "fixtures", "demo.db")
	for _, name := range demoCampaigns() {
		t.Run(fixtureDir(name), func(t *testing.T) {
			db := filepath.Join(t.TempDir(), "fixture.db")
			if err := copyFile(src, db); err != nil {
				t.Fatal(err)
			}
			if _, _, code := run(t, db, "campaign", "show", name); code != 0 {
				t.Fatalf("testdata/fixtures/demo.db has no campaign %q, the demo of a game of the registry: play the game's demo lines (warlog demo --verbose prints them) with --db on it, then UPDATE_GOLDEN=1 go test ./cmd/ -run FixtureDatabase", name)
			}
			for _, v := range fixtureViews {
				out, errOut, code := run(t, db, append([]string{"-c", name}, v.args...)...)
				if code != 0 {
					t.Fatalf("%v: exit %d: %s", v.args, code, errOut)
				}
				path := filepath.Join("..", "testdata", "fixtures", fixtureDir(name), v.name)
				if os.Getenv("UPDATE_GOLDEN") != "" {
					if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
						t.Fatal(err)
					}
				}
				want, err := os.ReadFile(path)
				if err != nil {
					t.Fatalf("%v (UPDATE_GOLDEN=1 go test ./cmd/ -run FixtureDatabase writes it)", err)
				}
				if out != string(want) {
					t.Errorf("%s differs from %s (UPDATE_GOLDEN=1 regenerates it):\n%s", strings.Join(v.args, " "), path, firstDiff(out, string(want)))
				}
			}
		})
	}
}

// firstDiff shows the first line where got and want part.
func firstDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := 0; i < len(g) || i < len(w); i++ {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			return "line " + strconv.Itoa(i+1) + ":\n got: " + gl + "\nwant: " + wl
		}
	}
	return ""
}

// fixtureDir is the folder of a fixture campaign's views.
func fixtureDir(campaign string) string {
	return strings.ToLower(strings.NewReplacer(" ", "-", "'", "").Replace(campaign))
}
