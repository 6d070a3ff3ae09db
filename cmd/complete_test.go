package cmd

import (
	"bytes"
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"warlog/cmd/cmdutil"
)

// Shell completion follows the positions of a command's arguments: a
// figure, then what the second place takes (a King's Own move's kind, a
// spell, a Brood Mother stat or mutation, an Incarn28 objective the table
// reports), and nothing once the command
// has every argument it takes (the count asked of the command's own
// validator).
func TestCompletionFollowsArgumentPositions(t *testing.T) {
	db := filepath.Join(t.TempDir(), "w.db")
	ambush(t, db, "C")
	var directive string
	complete := func(args ...string) []string {
		var out, errb bytes.Buffer
		env := map[string]string{"HOME": filepath.Dir(db), "WARLOG_DB": db}
		app := &cmdutil.App{In: strings.NewReader(""), Out: &out, Err: &errb, Getenv: func(k string) string { return env[k] }, Engines: Engines()}
		if code := Run(context.Background(), app, append([]string{"__complete"}, args...)); code != 0 {
			t.Fatalf("__complete %v: exit %d: %s", args, code, errb.String())
		}
		var got []string
		for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
			if strings.HasPrefix(line, ":") {
				directive = line
			} else {
				got = append(got, line)
			}
		}
		return got
	}
	for _, l := range [][]string{
		{"campaign", "new", "B", "--game", "brood", "--seed", "1"},
		{"-c", "B", "scenario", "start", "Hive", "--size", "16", "--mother", "red=3,3", "--mother", "blue=14,14"},
		{"-c", "B", "brood", "spawn", "5,5"},
		{"campaign", "new", "I", "--game", "incarn28", "--seed", "1"},
		{"-c", "I", "i28", "gang", "Ann", "--faction", "court"},
		{"-c", "I", "i28", "gang", "Ben", "--faction", "schism"},
		{"use", "C"},
	} {
		must(t, db, l...)
	}
	cases := []struct {
		args []string
		want []string
	}{
		{[]string{"-c", "B", "brood", "raise", "R1", ""}, []string{"attack", "defense", "move"}},
		{[]string{"-c", "B", "brood", "raise", "R1", "attack", ""}, nil},
		{[]string{"-c", "B", "brood", "mutate", "R1", ""}, []string{"feeding-frenzy", "spring-attack", "spore-slinger", "retributive-strike", "mitosis", "plasmid-font", "armor-piercer", "armored", "resilient", "poison-carrier", "life-giving", "leader"}},
		{[]string{"-c", "I", "i28", "objective", ""}, []string{"Ann", "Ben"}},
		{[]string{"-c", "I", "i28", "objective", "Ann", ""}, []string{"loot", "escort", "sanctify"}},
		{[]string{"-c", "B", "brood", "evolve", ""}, []string{"regenerate", "expand-influence", "spawn-boost", "levitation", "fortify", "subversion", "fontification"}},
		{[]string{"ko", "move", ""}, []string{"Bors", "Gorm"}},
		{[]string{"ko", "move", "Bors", ""}, []string{"stay", "half", "full", "withdraw"}},
		{[]string{"ko", "move", "Bors", "half", ""}, nil},
		{[]string{"ko", "cast", "Bors", ""}, []string{"Firebolt", "Sparks", "Ward", "Teleport", "Rally"}},
		{[]string{"ko", "cast", "Bors", "Sparks", ""}, []string{"Bors", "Gorm"}},
		{[]string{"ko", "attack", "Bors", "Gorm", ""}, []string{"Bors", "Gorm"}}, // a Sweep names several targets
		{[]string{"ko", "first", "hunters", ""}, nil},
		{[]string{"use", ""}, []string{"C", "B", "I"}}, // the current campaign first
		{[]string{"use", "C", ""}, nil},
		{[]string{"campaign", "dice", ""}, []string{"table", "program"}},
		{[]string{"campaign", "dice", "table", ""}, nil},
		// The rules: a game, then its topics; a scenario of the campaign.
		{[]string{"rules", ""}, gameUses()},
		{[]string{"rules", "ko", ""}, topicsOf("ko")},
		{[]string{"rules", "brood", ""}, topicsOf("brood")},
		{[]string{"rules", "ko", "spells", ""}, nil},
		{[]string{"report", "--scenario", ""}, []string{"Ambush"}},
		{[]string{"-c", "B", "report", "--scenario", ""}, []string{"Hive"}},
	}
	for _, c := range cases {
		if got := complete(c.args...); !slices.Equal(got, c.want) {
			t.Errorf("warlog __complete %s: %q, want %q", strings.Join(c.args, " "), got, c.want)
		}
	}
	// The shell's file names only where a command takes a file; elsewhere
	// nothing (":4", no file completion), not the directory's files (":0").
	for args, want := range map[string]string{
		"status":          ":4",
		"roll":            ":4",
		"dw force":        ":4",
		"scenario start":  ":4",
		"ko card":         ":0",
		"i28 check":       ":0",
		"campaign import": ":0",
	} {
		if complete(append(strings.Fields(args), "")...); directive != want {
			t.Errorf("warlog __complete %s '': directive %s, want %s", args, directive, want)
		}
	}
}

// topicsOf are the topics of the game use names, as completion offers
// them: each with what it lists.
func topicsOf(use string) []string {
	g, _ := gameNamed(use)
	var out []string
	for _, c := range g.Rules() {
		out = append(out, c.Topic+"\t"+c.Short)
	}
	return out
}
