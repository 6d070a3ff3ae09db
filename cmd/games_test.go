package cmd

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"warlog/cmd/cmdutil"
	"warlog/engines"
)

// The registry is the one place a game is named: every game of the build
// has a name, a title and a command of its own, every verb its engine
// declares is a command a player can type (scenario start and end are the
// shared ones), and what scenario start takes is typed options.
func TestRegistryEnumeratesEveryGame(t *testing.T) {
	games := Games()
	if len(games) != 5 {
		t.Fatalf("%d games in the registry, want the five", len(games))
	}
	root := NewRootCommand(&cmdutil.App{Engines: Engines()})
	seen := map[string]bool{}
	for _, g := range games {
		info := g.Engine.Info()
		if info.Name == "" || info.Title == "" || g.Use == "" || g.Command == nil || g.Demo == nil {
			t.Errorf("%+v: a game needs a name, a title, a command and a demo", info)
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
