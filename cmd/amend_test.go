package cmd

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"warlog/cmd/cmdutil"
	"warlog/engines/dice"
)

// withIDs gives every line of a demo its own action id, so that the
// action a line made can be named.
func withIDs(section [][]string) [][]string {
	out := make([][]string, len(section))
	for i, l := range section {
		out[i] = append(append([]string{}, l...), "--action-id", lineID(i))
	}
	return out
}

// ambush starts the README's King's Own fight in a new campaign: Bors of
// the hunters against Gorm of the orcs, two turns.
func ambush(t *testing.T, db, campaign string) {
	t.Helper()
	must(t, db, "campaign", "new", campaign, "--game", "kingsown", "--seed", "4")
	must(t, db, "ko", "recruit", "Bors", "--side", "hunters", "--skill", "4", "--hits", "2", "--armour", "leather", "--weapon", "Sword:2:1")
	must(t, db, "ko", "recruit", "Gorm", "--side", "orcs", "--skill", "3", "--hits", "1", "--armour", "chain", "--weapon", "Cleaver:2:1")
	must(t, db, "scenario", "start", "Ambush", "--turns", "2")
}

func lineID(i int) string { return fmt.Sprintf("line-%03d", i) }

// rollsByAction reads every roll of the log (undone ones too) by action.
func rollsByAction(t *testing.T, db, campaign string) map[string][]dice.Rolled {
	t.Helper()
	var lg LogJSON
	if err := json.Unmarshal([]byte(must(t, db, "-c", campaign, "log", "--json")), &lg); err != nil {
		t.Fatal(err)
	}
	out := map[string][]dice.Rolled{}
	for _, e := range lg.Events {
		if e.Type != dice.Type {
			continue
		}
		var r dice.Rolled
		if err := json.Unmarshal(e.Data, &r); err != nil {
			t.Fatal(err)
		}
		out[e.Action] = append(out[e.Action], r)
	}
	return out
}

func faces(rs []dice.Rolled) []int {
	var out []int
	for _, r := range rs {
		out = append(out, r.Values...)
	}
	return out
}

func diceFlag(v []int) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, ",")
}

// Amend in every game. A die of an action early in the demo's battle is
// corrected: the campaign then reads exactly as a fresh campaign played with
// that die entered at the time and every other die as it fell. A correction
// the later actions cannot stand is refused with their list and writes
// nothing (--drop-refused writes it without them); undo takes an amendment
// back whole and redo puts it back; verify passes throughout.
func TestAmendEachGame(t *testing.T) {
	refusedIn := 0
	for _, section := range gameDemos("5") {
		t.Run(slug(section[0]), func(t *testing.T) {
			dir := t.TempDir()
			a := filepath.Join(dir, "a.db")
			name := section[0][2]
			lines := withIDs(section)
			start := -1
			for i, l := range section {
				must(t, a, lines[i]...)
				if start < 0 && len(l) > 1 && l[0] == "scenario" && l[1] == "start" {
					start = i
				}
			}
			rolls := rollsByAction(t, a, name)
			view := func(db string) string {
				return must(t, db, "-c", name, "status", "--json") + must(t, db, "-c", name, "roster", "--json") + story(t, db, name)
			}
			before := view(a)
			exportBefore := must(t, a, "campaign", "export", name)
			accepted, refusals, rolled := false, false, false
			for i := start + 1; i < len(lines) && !accepted; i++ {
				rs := rolls[lineID(i)]
				if len(rs) == 0 {
					continue
				}
				rolled = true
				orig := faces(rs)
				for alt := 1; alt <= rs[0].Sides && !accepted; alt++ {
					if alt == orig[0] {
						continue
					}
					corr := append([]int{}, orig...)
					corr[0] = alt
					out, e, code := run(t, a, "-c", name, "amend", lineID(i), "--dice", diceFlag(corr))
					// The corrected die may change how many dice the action
					// takes: give it as many as it asks for.
					for try := 0; try < 3 && code == 1; try++ {
						n, ok := diceNeeded(e)
						if !ok || n == len(corr) {
							break
						}
						corr = resize(corr, orig, n)
						out, e, code = run(t, a, "-c", name, "amend", lineID(i), "--dice", diceFlag(corr))
					}
					if code == 1 && strings.Contains(e, " illegal, so nothing was written") {
						if refusals {
							continue
						}
						refusals = true
						if !strings.Contains(e, "line-") || strings.Count(e, "\n") != 1 {
							t.Errorf("the refusal does not list the actions refused, on one line: %q", e)
						}
						if got := must(t, a, "campaign", "export", name); got != exportBefore {
							t.Fatal("a refused amendment wrote to the log")
						}
						out := must(t, a, "-c", name, "amend", lineID(i), "--dice", diceFlag(corr), "--drop-refused")
						if !strings.Contains(out, "dropped as now refused: line-") {
							t.Errorf("amend --drop-refused said %q", out)
						}
						must(t, a, "verify")
						must(t, a, "-c", name, "undo")
						if got := view(a); got != before {
							t.Fatalf("undo of the amendment did not give the campaign back:\n%s\nwant\n%s", got, before)
						}
						continue
					}
					if code != 0 {
						continue // this die cannot be another: the rules say so
					}
					after := view(a)
					if after == before {
						must(t, a, "-c", name, "undo")
						continue // a correction that changes nothing visible proves little
					}
					accepted = true
					t.Logf("amended %s (%v -> %v): %s", lineID(i), orig, corr, strings.TrimSpace(out))
					// The same battle, played with that die at the time.
					b := filepath.Join(dir, "b.db")
					for j, l := range lines {
						args := l
						if rs := rolls[lineID(j)]; len(rs) > 0 {
							d := faces(rs)
							if j == i {
								d = corr
							}
							args = append(append([]string{}, l...), "--dice", diceFlag(d))
						}
						must(t, b, args...)
					}
					if want := view(b); after != want {
						t.Errorf("the amended campaign differs from one played with the die at the time:\n%s\nwant\n%s", after, want)
					}
					must(t, a, "verify")
					if rep := must(t, a, "-c", name, "report", "--format", "json", "--chronicle"); !strings.Contains(rep, `"note": "corrected by amendment`) {
						t.Errorf("the report does not note the amendment")
					}
					if lg := must(t, a, "-c", name, "log"); !strings.Contains(lg, "(corrected)") || !strings.Contains(lg, "amended") {
						t.Errorf("the log does not show the amendment:\n%s", lg)
					}
					must(t, a, "-c", name, "undo")
					if got := view(a); got != before {
						t.Errorf("undo of the amendment:\n%s\nwant\n%s", got, before)
					}
					must(t, a, "-c", name, "redo")
					if got := view(a); got != after {
						t.Errorf("redo of the amendment:\n%s\nwant\n%s", got, after)
					}
					must(t, a, "verify")
				}
			}
			if !rolled && name == "Reincardnated demo" {
				return // a game of cards: TestAmendArgumentsReincardnated corrects its arguments
			}
			if !accepted {
				t.Errorf("no die of the battle could be corrected to a visible change")
			}
			if refusals {
				refusedIn++
			}
			t.Logf("%s: a refused correction found and tested: %v", name, refusals)
		})
	}
	if refusedIn == 0 {
		t.Error("no correction of any game's battle was refused by a later action: the refusal was not tested")
	}
}

// diceNeeded reads how many dice a refusal says the action needs.
func diceNeeded(msg string) (int, bool) {
	for _, p := range []string{"needs at least %d dice", "needs %d dice"} {
		for i := 0; i < len(msg); i++ {
			var n int
			if _, err := fmt.Sscanf(msg[i:], p, &n); err == nil {
				return n, true
			}
		}
	}
	return 0, false
}

// resize gives faces n dice: cut, or filled from orig and then 3s.
func resize(faces, orig []int, n int) []int {
	out := append([]int{}, faces[:min(n, len(faces))]...)
	for len(out) < n {
		if len(out) < len(orig) {
			out = append(out, orig[len(out)])
		} else {
			out = append(out, 3)
		}
	}
	return out
}

// story is the campaign's chronicle as the players read it: every
// scenario's summary and turn-by-turn text, without what only the log's
// bookkeeping tells (action ids, amendment notes, dates, the dice's
// sources, the head).
func story(t *testing.T, db, name string) string {
	t.Helper()
	var r struct {
		Scenarios []map[string]any `json:"scenarios"`
		Stories   []map[string]any `json:"stories"`
		Score     any              `json:"score"`
		Board     any              `json:"board"`
	}
	if err := json.Unmarshal([]byte(must(t, db, "-c", name, "report", "--chronicle", "--format", "json")), &r); err != nil {
		t.Fatal(err)
	}
	for _, sc := range r.Scenarios {
		// The dice and their luck count program and hand dice apart: a
		// corrected die is entered by hand where the program rolled it.
		delete(sc, "dice")
		delete(sc, "luck")
		delete(sc, "date")
		// A scenario's start is the log version of the action that began
		// it, which an amendment that decides that action again moves.
		delete(sc, "start")
		turns, _ := sc["turns"].([]any)
		for _, tu := range turns {
			tm := tu.(map[string]any)
			lines, _ := tm["lines"].([]any)
			var texts []any
			for _, l := range lines {
				texts = append(texts, l.(map[string]any)["text"])
			}
			tm["lines"] = texts
		}
	}
	for _, st := range r.Stories {
		path, _ := st["path"].([]any)
		for _, p := range path {
			delete(p.(map[string]any), "start")
		}
	}
	b, _ := json.Marshal(r)
	return string(b)
}

// Reincardnated rolls no dice: its actions are corrected by their
// arguments, typed after -- as at the table. A Being incarnated under
// another name reads as if named so at the time; a correction that leaves a
// later card without its target is refused with the list.
func TestAmendArgumentsReincardnated(t *testing.T) {
	var section [][]string
	for _, s := range gameDemos("5") {
		if s[0][2] == "Reincardnated demo" {
			section = s
		}
	}
	name := section[0][2]
	lines := withIDs(section)
	find := func(prefix string) int {
		for i, l := range section {
			if strings.HasPrefix(strings.Join(l, " "), prefix) {
				return i
			}
		}
		t.Fatalf("no demo line %q", prefix)
		return 0
	}
	dir := t.TempDir()
	a := filepath.Join(dir, "a.db")
	for _, l := range lines {
		must(t, a, l...)
	}
	view := func(db string) string {
		return must(t, db, "-c", name, "status", "--json") + must(t, db, "-c", name, "roster", "--json") + story(t, db, name)
	}
	before := view(a)

	// Ann's first Being was a Beetle, not an Ant: Ben's Death card, later,
	// names the Ant and is refused.
	ant := find("rc incarnate Ann Ant")
	death := find("rc play Ben death Ann Ant")
	msg := refused(t, a, "-c", name, "amend", lineID(ant), "--", "rc", "incarnate", "Ann", "Beetle", "--type", "insect", "--incarnates", "bird,reptile")
	if !strings.Contains(msg, " illegal, so nothing was written") || !strings.Contains(msg, lineID(death)+" “Ben plays Death") {
		t.Errorf("the refusal does not list Ben's Death card: %q", msg)
	}
	if got := view(a); got != before {
		t.Fatal("a refused amendment changed the campaign")
	}

	// Ben's first Being was a Shark: everything after reads so.
	fish := find("rc incarnate Ben Clownfish")
	corrected := []string{"rc", "incarnate", "Ben", "Shark", "--type", "marine", "--lower"}
	out := must(t, a, "-c", name, "amend", lineID(fish), "--", corrected[0], corrected[1], corrected[2], corrected[3], corrected[4], corrected[5], corrected[6])
	if !strings.Contains(out, "now “Ben incarnates Shark") {
		t.Errorf("amend said %q", out)
	}
	after := view(a)
	b := filepath.Join(dir, "b.db")
	for i, l := range lines {
		if i == fish {
			l = append(append([]string{}, corrected...), "--action-id", lineID(i))
		}
		must(t, b, l...)
	}
	if want := view(b); after != want {
		t.Errorf("the amended campaign differs from one played so:\n%s\nwant\n%s", after, want)
	}
	must(t, a, "verify")
	must(t, a, "-c", name, "undo")
	if got := view(a); got != before {
		t.Errorf("undo of the amendment:\n%s\nwant\n%s", got, before)
	}
	// A command that is no action of the game, or a mistyped one, is a
	// usage error.
	if _, e, code := run(t, a, "-c", name, "amend", lineID(fish), "--", "status"); code != 2 || !strings.Contains(e, "not an action") {
		t.Errorf("amend -- status: exit %d %q", code, e)
	}
	if _, e, code := run(t, a, "-c", name, "amend", lineID(fish)); code != 1 || !strings.Contains(e, "give the corrected dice") {
		t.Errorf("amend with nothing to correct: exit %d %q", code, e)
	}
}

// A corrected command that rolls other dice than the action did (a rear
// attack has no hit roll, seed 003 "An attack from the rear skips the Skill
// roll") is refused saying to give its dice with --dice, and writes nothing;
// with them it is written.
func TestAmendCommandWithOtherDiceAsksForThem(t *testing.T) {
	db := swing(t)
	before, _, _ := run(t, db, "log", "--json")
	_, e, code := run(t, db, "amend", "swing", "--", "ko", "attack", "Bors", "Gorm", "--rear")
	if code != cmdutil.ExitRefused || !strings.Contains(e, "the dice of the action as it was (6) do not fit the corrected command; give its dice with --dice; nothing was written") {
		t.Errorf("amend to a rear attack without dice: exit %d, stderr %q", code, e)
	}
	if after, _, _ := run(t, db, "log", "--json"); after != before {
		t.Error("the refused amendment wrote")
	}
	out, e, code := run(t, db, "amend", "swing", "--dice", "6,1", "--", "ko", "attack", "Bors", "Gorm", "--rear")
	if code != 0 || !strings.Contains(out, "from the rear, no hit roll, 6+2 against 1+2") {
		t.Errorf("amend with its dice: exit %d, %q %q", code, out, e)
	}
}

// swing plays the ambush to Bors's attack on Gorm, with the die 6, as
// action "swing", in campaign "S" of a new database, and returns it.
func swing(t *testing.T) string {
	t.Helper()
	db := filepath.Join(t.TempDir(), "w.db")
	ambush(t, db, "S")
	for _, l := range [][]string{
		{"ko", "initiative", "--first", "hunters"},
		{"ko", "move", "Bors", "half"},
		{"ko", "move", "Gorm", "half"},
		{"ko", "next"},
		{"ko", "attack", "Bors", "Gorm", "--dice", "6", "--action-id", "swing"},
	} {
		must(t, db, l...)
	}
	return db
}

// The command after amend's -- is read as a game action and nothing else:
// a command line that is no action of the game is refused as a usage error
// before anything of it runs (it used to run, then be refused: the
// campaign deleted, the roll logged, the other database created), and so
// is a flag of the whole command line inside it.
func TestAmendRunsNothingButTheCorrectedAction(t *testing.T) {
	for _, c := range []struct {
		line []string
		want string
	}{
		{[]string{"campaign", "delete", "Spare", "--yes"}, `"campaign delete Spare --yes" is not an action of the game`},
		{[]string{"campaign", "delete", "S", "--yes"}, "is not an action of the game"},
		{[]string{"roll", "d6"}, `"roll d6" is not an action of the game`},
		{[]string{"campaign", "new", "Elsewhere", "--game", "kingsown", "--db", "OTHER"}, "is not an action of the game"},
		{[]string{"--db", "OTHER", "ko", "attack", "Bors", "Gorm"}, "is not an action of the game"},
		{[]string{"use", "Spare"}, "is not an action of the game"},
		{[]string{"status"}, "is not an action of the game"},
		{[]string{"help", "ko"}, "is not an action of the game"},
		{[]string{"ko"}, `"ko" is not an action of the game`},
		{[]string{"ko", "attack", "Bors", "Gorm", "--db", "OTHER"}, "--db is a flag of the whole command line, not of the corrected command; give it before --: warlog amend swing --db OTHER -- ko attack Bors Gorm"},
		{[]string{"ko", "attack", "Bors", "Gorm", "--campaign", "Spare"}, "--campaign is a flag of the whole command line, not of the corrected command; give it before --: warlog amend swing --campaign Spare -- ko attack Bors Gorm"},
		{[]string{"ko", "attack", "-c", "Spare", "Bors", "Gorm"}, "give it before --: warlog amend swing --campaign Spare -- ko attack Bors Gorm"},
		{[]string{"ko", "attack", "Bors", "Gorm", "--json"}, "--json is a flag of the whole command line"},
		{[]string{"ko", "attack", "Bors", "Gorm", "--action-id", "x"}, "--action-id is a flag of the whole command line"},
		{[]string{"ko", "attack", "Bors", "Gorm", "--nosuch"}, "unknown flag: --nosuch"},
		{[]string{"ko", "atack", "Bors", "Gorm"}, `unknown command "atack"`},
	} {
		t.Run(strings.Join(c.line, "_"), func(t *testing.T) {
			db := swing(t)
			other := filepath.Join(filepath.Dir(db), "other.db")
			must(t, db, "campaign", "new", "Spare", "--game", "kingsown", "--seed", "1")
			must(t, db, "use", "S")
			logOf := func(campaign string) string { return must(t, db, "-c", campaign, "log", "--json", "--all") }
			before, spare := logOf("S"), logOf("Spare")
			line := append([]string{"amend", "swing", "--"}, c.line...)
			for i, a := range line {
				if a == "OTHER" {
					line[i] = other
				}
			}
			want := strings.ReplaceAll(c.want, "OTHER", other)
			_, e, code := run(t, db, line...)
			if code != cmdutil.ExitUsage || !strings.Contains(e, want) || strings.Count(e, "\n") != 1 {
				t.Errorf("exit %d, stderr %q; want exit 2 saying %q", code, e, want)
			}
			for _, name := range []string{"S", "Spare"} {
				if _, e, code := run(t, db, "-c", name, "status"); code != 0 {
					t.Fatalf("after the refused amendment, campaign %s: exit %d %s", name, code, e)
				}
			}
			if got := logOf("S"); got != before {
				t.Error("the refused amendment wrote to the campaign")
			}
			if got := logOf("Spare"); got != spare {
				t.Error("the refused amendment changed another campaign")
			}
			if _, err := os.Stat(other); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("the refused amendment created %s (%v)", other, err)
			}
		})
	}
}

// The corrected action's dice are amend's --dice, given before --; a
// --dice inside the corrected command (as the action was typed) is a usage
// error that says where it goes, never silently left out, and nothing is
// written. Before, it was ignored: the rear attack asked for the dice it
// had been given, and malformed dice (1,x) amended with the old ones.
func TestAmendDiceGoBeforeTheCorrectedCommand(t *testing.T) {
	db := swing(t)
	before := must(t, db, "log", "--json", "--all")
	for _, c := range []struct {
		line []string
		want string
	}{
		{[]string{"ko", "attack", "Bors", "Gorm", "--rear", "--dice", "6,1"},
			"give the corrected action's dice to amend, before --, not inside the corrected command: warlog amend swing --dice 6,1 -- ko attack Bors Gorm --rear"},
		{[]string{"ko", "attack", "Bors", "Gorm", "--dice", "1,x"},
			"give the corrected action's dice to amend, before --, not inside the corrected command: warlog amend swing --dice 1,x -- ko attack Bors Gorm"},
		{[]string{"ko", "attack", "--dice=5", "Bors", "Gorm"},
			"warlog amend swing --dice 5 -- ko attack Bors Gorm"},
	} {
		_, e, code := run(t, db, append([]string{"amend", "swing", "--"}, c.line...)...)
		if code != cmdutil.ExitUsage || !strings.Contains(e, c.want) {
			t.Errorf("amend swing -- %s: exit %d, stderr %q; want exit 2 saying %q", strings.Join(c.line, " "), code, e, c.want)
		}
	}
	if after := must(t, db, "log", "--json", "--all"); after != before {
		t.Error("a refused amendment wrote")
	}
	// As the message says, it is amended.
	out := must(t, db, "amend", "swing", "--dice", "6,1", "--", "ko", "attack", "Bors", "Gorm", "--rear")
	if !strings.Contains(out, "from the rear, no hit roll, 6+2 against 1+2") {
		t.Errorf("amend with its dice before --: %q", out)
	}
}

// A corrected command of another game than the campaign's is refused
// naming the campaign's game, and writes nothing.
func TestAmendCommandOfAnotherGame(t *testing.T) {
	db := swing(t)
	before := must(t, db, "log", "--json", "--all")
	msg := refused(t, db, "amend", "swing", "--", "dw", "attack", "Bors", "Gorm", "--free")
	if !strings.Contains(msg, "use `warlog ko`") {
		t.Errorf("amend to another game's command: %q", msg)
	}
	if after := must(t, db, "log", "--json", "--all"); after != before {
		t.Error("a refused amendment wrote")
	}
}
