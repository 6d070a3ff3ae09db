package cmd

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"warlog/cmd/cmdutil"
	"warlog/internal/seedfiles"
)

// warlog rules lists every game's catalogues, prints one by GAME TOPIC
// (singular or plural, the game by command or --game name), and searches
// a game's or every game's rows for other words.
func TestRulesLookUp(t *testing.T) {
	db := filepath.Join(t.TempDir(), "w.db")
	list := must(t, db, "rules")
	for _, g := range Games() {
		if g.Rules == nil || len(g.Rules()) == 0 {
			t.Errorf("%s has no catalogue for warlog rules", g.Engine.Info().Name)
			continue
		}
		for _, c := range g.Rules() {
			if !strings.Contains(list, "warlog rules "+g.Use+" "+c.Topic) {
				t.Errorf("warlog rules does not list %s %s", g.Use, c.Topic)
			}
		}
	}
	// Deadwars' catalogues carry the seed's numbers: the Skirmisher has
	// range 6", hits on 4+ and saves on 4+ (seed 001 line 50); Curse costs
	// 2 (line 61); Dracula's faces 2-4 are Attack (lines 26-32).
	if out := must(t, db, "rules", "deadwars", "class"); !regexp.MustCompile(`Skirmisher +│ 6" +│ 4\+ +│ 4\+`).MatchString(out) {
		t.Errorf("rules deadwars class:\n%s", out)
	}
	if out := must(t, db, "rules", "dw", "Spells"); !regexp.MustCompile(`Curse +│ 2 magic dice`).MatchString(out) {
		t.Errorf("rules dw Spells:\n%s", out)
	}
	if out := must(t, db, "rules", "dw", "clans"); !regexp.MustCompile(`Dracula +│ Dash +│ Attack +│ Attack +│ Attack +│ Defend +│ Magic`).MatchString(out) {
		t.Errorf("rules dw clans:\n%s", out)
	}
	if out := must(t, db, "rules", "dw", "scenarios"); !strings.Contains(out, "head-count") || !strings.Contains(out, "a Champion 4") {
		t.Errorf("rules dw scenarios:\n%s", out)
	}
	// A search: in one game, then in every game.
	if out := must(t, db, "rules", "ko", "firebolt"); !strings.Contains(out, "The King's Own · spells") || strings.Contains(out, "Sparks") {
		t.Errorf("rules ko firebolt:\n%s", out)
	}
	var found RulesJSON
	if err := json.Unmarshal([]byte(must(t, db, "rules", "wound", "--json")), &found); err != nil {
		t.Fatal(err)
	}
	games := map[string]bool{}
	for _, c := range found.Catalogues {
		games[c.Game] = true
		for _, e := range c.Entries {
			row, _ := json.Marshal(e)
			if !strings.Contains(strings.ToLower(string(row)), "wound") {
				t.Errorf("rules wound: %s %s has a row without it: %s", c.Game, c.Topic, row)
			}
		}
	}
	if !games["deadwars"] || found.Query != "wound" {
		t.Errorf("rules wound --json: %+v", found)
	}
	for _, args := range [][]string{{"rules", "ko", "zzqx"}, {"rules", "zzqx"}} {
		if _, e, code := run(t, db, args...); code != cmdutil.ExitRefused || !strings.Contains(e, `mentions "zzqx"`) {
			t.Errorf("%v: exit %d %q", args, code, e)
		}
	}
	if _, e, code := run(t, db, "rules", "chess", "pawn"); code != cmdutil.ExitUsage || !strings.Contains(e, `no game "chess"`) {
		t.Errorf("rules chess pawn: exit %d %q", code, e)
	}
}

// The catalogues are in our own words: no run of eight words of any seed
// stands in any of their rows or lines.
func TestRulesInOurOwnWords(t *testing.T) {
	dir, why := seedfiles.Dir()
	seeds, _ := filepath.Glob(filepath.Join(dir, "*.txt"))
	if len(seeds) == 0 {
		t.Fatalf("no seeds found beside the project (../shared/seeds): %s", why)
	}
	word := regexp.MustCompile(`[a-z0-9]+`)
	norm := func(s string) []string {
		return word.FindAllString(strings.ToLower(strings.NewReplacer("’", "'", "”", "\"").Replace(s)), -1)
	}
	runs := map[string]string{}
	for _, p := range seeds {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		w := norm(string(b))
		for i := 0; i+8 <= len(w); i++ {
			runs[strings.Join(w[i:i+8], " ")] = filepath.Base(p)
		}
	}
	n := 0
	for _, g := range Games() {
		for _, c := range g.Rules() {
			for _, r := range append(append([][]string{}, c.Rows...), c.Intro, []string{c.Short}) {
				w := norm(strings.Join(r, " "))
				n++
				for i := 0; i+8 <= len(w); i++ {
					if seed, ok := runs[strings.Join(w[i:i+8], " ")]; ok {
						t.Errorf("%s %s repeats seed %s word for word: %q", g.Use, c.Topic, seed, strings.Join(w[i:i+8], " "))
					}
				}
			}
		}
	}
	if n < 50 {
		t.Errorf("only %d rows read", n)
	}
}

// Every game's turn and combat rules are in warlog rules (issue 32, item
// 7): `rules GAME turn` and `rules GAME combat` print them, a search for
// "attack" finds the combat rules and one for "initiative" the turn's
// (each game's says who goes first: The King's Own's roll-off, seed 003
// TURN; Deadwars' deployment, seed 001 SCENARIOS; Brood Mother's and
// Reincardnated's fixed order; Incarn28's roll-off each round, seed 000
// CORE RULES), and every command a row names is a command of warlog.
func TestTurnAndCombatRulesOfEveryGame(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "w.db")
	root := NewRootCommand(&cmdutil.App{Getenv: func(string) string { return "" }, Engines: Engines()})
	for _, g := range Games() {
		for _, topic := range []string{"turn", "combat"} {
			out := must(t, db, "rules", g.Use, topic, "--json")
			var cat cmdutil.CatalogueJSON
			if err := json.Unmarshal([]byte(out), &cat); err != nil || cat.Topic != topic || len(cat.Entries) < 5 {
				t.Errorf("warlog rules %s %s: %v\n%s", g.Use, topic, err, out)
			}
			for _, e := range cat.Entries {
				command := e["command"]
				c, rest, err := root.Find(strings.Fields(strings.TrimPrefix(command, "warlog ")))
				if !strings.HasPrefix(command, "warlog ") || err != nil || c == root || len(rest) > 0 {
					t.Errorf("warlog rules %s %s: %q names %q, no command of warlog", g.Use, topic, e["step"], command)
				}
			}
		}
		for word, topic := range map[string]string{"attack": "combat", "initiative": "turn"} {
			out := must(t, db, "rules", g.Use, word)
			if !strings.Contains(out, gameTitle(g.Engine.Info().Name)+" · "+topic+"\n") {
				t.Errorf("warlog rules %s %s does not find the %s rules:\n%s", g.Use, word, topic, out)
			}
		}
	}
}
