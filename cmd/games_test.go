package cmd

import (
	"bytes"
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"warlog/cmd/cmdutil"
	"warlog/engines"
)

// The registry is the one place a game is named: every game of the build
// has a name, a title and a command of its own, every verb its engine
// declares is a command a player can type (scenario start and end are the
// shared ones), and what scenario start takes is typed options.
func TestRegistryEnumeratesEveryGame(t *testing.T) {
	games := Games()
	if len(games) == 0 || len(Engines()) != len(games) {
		t.Fatalf("%d games and %d engines in the registry, want one engine per game", len(games), len(Engines()))
	}
	root := NewRootCommand(&cmdutil.App{Engines: Engines()})
	seen := map[string]bool{}
	for _, g := range games {
		info := g.Engine.Info()
		if info.Name == "" || info.Title == "" || g.Use == "" || g.Command == nil || g.Demo == nil {
			t.Errorf("%+v: a game needs a name, a title, a command and a demo", info)
			continue
		}
		if l := g.Demo("1"); len(l) == 0 || len(l[0]) < 5 || l[0][0] != "campaign" || l[0][1] != "new" || l[0][3] != "--game" || l[0][4] != info.Name {
			t.Errorf("%s: its demo does not begin with `campaign new NAME --game %s`", info.Name, info.Name)
		}
		if scripts, _ := filepath.Glob(filepath.Join("..", "testdata", "script", g.Use+"_*.txtar")); len(scripts) == 0 {
			t.Errorf("%s: no end-to-end script testdata/script/%s_*.txtar (copy dw_game.txtar, dw_refusals.txtar and dw_play.txtar)", info.Name, g.Use)
		}
		if seen[info.Name] || seen[g.Use] {
			t.Errorf("%s: its name or command %q is taken by another game", info.Name, g.Use)
		}
		seen[info.Name], seen[g.Use] = true, true
		if !strings.HasPrefix(g.Engine.RulesVersion(), info.Name+"/") {
			t.Errorf("%s: rules version %q, want %s/N", info.Name, g.Engine.RulesVersion(), info.Name)
		}
		for _, verb := range g.Engine.Verbs() {
			if !strings.HasPrefix(verb, g.Use+" ") && verb != "scenario start" && verb != "scenario end" {
				t.Errorf("%s: verb %q is not under its command %q", info.Name, verb, g.Use)
			}
			c, rest, err := root.Find(strings.Fields(verb))
			if err != nil || len(rest) > 0 || c.CommandPath() != "warlog "+verb {
				t.Errorf("%s: verb %q has no command (found %q, %v)", info.Name, verb, c.CommandPath(), err)
			}
		}
		for _, o := range g.Engine.StartOptions() {
			if !slices.ContainsFunc(engines.StartOptions, func(d engines.Option) bool { return d.Name == o.Name && d.Kind == o.Kind }) {
				t.Errorf("%s: scenario start option %q is not one of the declared options", info.Name, o.Name)
			}
			var c engines.StartScenario
			switch o.Field(&c).(type) {
			case *string, *int, *[]string:
			default:
				t.Errorf("%s: option %q fills no typed field", info.Name, o.Name)
			}
		}
	}
}

// Every text that lists the games is written from the registry: each game
// of the build appears in warlog --help, campaign new's help, its --game
// flag and completion, warlog rules' help, and the refusals that say which
// games there are.
func TestHelpAndRefusalsListEveryGame(t *testing.T) {
	db := filepath.Join(t.TempDir(), "w.db")
	text := func(args ...string) string {
		t.Helper()
		out, errOut, _ := run(t, db, args...)
		return strings.Join(strings.Fields(out+errOut), " ")
	}
	// Shell completion's request comes first on its command line.
	completion := func(args ...string) string {
		t.Helper()
		var out, errb bytes.Buffer
		env := map[string]string{"HOME": filepath.Dir(db), "WARLOG_DB": db}
		app := &cmdutil.App{In: strings.NewReader(""), Out: &out, Err: &errb, Getenv: func(k string) string { return env[k] }, Engines: Engines()}
		Run(context.Background(), app, append([]string{cobra.ShellCompRequestCmd}, args...))
		return strings.Join(strings.Fields(out.String()+errb.String()), " ")
	}
	texts := []struct {
		what string
		text string
		want func(name, use string) []string
	}{
		{"warlog --help (rootLong, cmd/root.go)", text("--help"), func(name, use string) []string {
			return []string{name + " (warlog " + use + ")"}
		}},
		{"warlog campaign new --help (cmd/campaign.go)", text("campaign", "new", "--help"), func(name, use string) []string {
			return []string{name, use}
		}},
		{"warlog campaign new --game completion", completion("campaign", "new", "C", "--game", ""), func(name, use string) []string {
			return []string{name}
		}},
		{"warlog campaign new --game with no such game", text("campaign", "new", "C", "--game", "chess"), func(name, use string) []string {
			return []string{name}
		}},
		{"warlog rules --help (cmd/rules.go)", text("rules", "--help"), func(name, use string) []string {
			return []string{use + ","}
		}},
		{"warlog rules with no such game", text("rules", "chess", "pawn"), func(name, use string) []string {
			return []string{" " + use}
		}},
	}
	for _, tt := range texts {
		for _, g := range Games() {
			name, use := g.Engine.Info().Name, g.Use
			for _, want := range tt.want(name, use) {
				if !strings.Contains(tt.text, want) {
					t.Errorf("%s: %s is not listed (want %q in it):\n%s", tt.what, name, want, tt.text)
				}
			}
		}
	}
}

// A campaign's game may be named by the command that plays it (--game dw).
func TestCampaignNewTakesTheGameCommand(t *testing.T) {
	for _, g := range Games() {
		db := filepath.Join(t.TempDir(), "w.db")
		must(t, db, "campaign", "new", "C", "--game", g.Use)
		if out := must(t, db, "campaign", "show", "--json"); !strings.Contains(out, `"game": "`+g.Engine.Info().Name+`"`) {
			t.Errorf("--game %s: %s", g.Use, out)
		}
	}
}

// perGame orders a table of per-game test cases as the registry orders the
// games, one case per game (game names a case's --game name). A game of the
// registry that the table has no case for fails t, and so does a case for
// no game of the registry: a new game makes every such table fail, naming
// it, instead of being skipped.
func perGame[T any](t *testing.T, table string, cases []T, game func(T) string) []T {
	t.Helper()
	byName := map[string]T{}
	for _, c := range cases {
		byName[game(c)] = c
	}
	var out []T
	for _, g := range Games() {
		name := g.Engine.Info().Name
		c, ok := byName[name]
		if !ok {
			t.Errorf("%s: no case for the game %s: add one (README, \"Adding a game\")", table, name)
			continue
		}
		out = append(out, c)
		delete(byName, name)
	}
	for name := range byName {
		t.Errorf("%s: a case for %q, which is no game of the registry", table, name)
	}
	return out
}

// demoCampaigns are the campaigns the demo plays, one per game of the
// registry in its order: the name each game's demo gives `campaign new`.
func demoCampaigns() []string {
	var out []string
	for _, section := range gameDemos("1") {
		out = append(out, section[0][2])
	}
	return out
}
