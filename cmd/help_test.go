package cmd

import (
	"bytes"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"warlog/cmd/cmdutil"
)

// Every command a user can reach, the games' included and cobra's
// completion command, has a short line and an example in its help.
func TestEveryCommandHasHelpAndExample(t *testing.T) {
	var b bytes.Buffer
	app := &cmdutil.App{In: strings.NewReader(""), Out: &b, Err: &b, Getenv: func(string) string { return "" }, Engines: Engines()}
	root := NewRootCommand(app)
	initCompletionCmd(root) // cobra's completion command, as a command line gets it
	var walk func(c *cobra.Command)
	n := 0
	walk = func(c *cobra.Command) {
		if c.Hidden || c.Name() == "help" {
			return
		}
		n++
		if strings.TrimSpace(c.Short) == "" {
			t.Errorf("%s has no short help", c.CommandPath())
		}
		if strings.TrimSpace(c.Example) == "" {
			t.Errorf("%s has no example", c.CommandPath())
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
	if n < 60 {
		t.Errorf("only %d commands walked", n)
	}
}

// The global flag names its value on every help page, and -c/--campaign
// NAME chooses the campaign on every command, report's included (whose
// chronicle switch is --chronicle).
func TestCampaignFlagMeansTheSameEverywhere(t *testing.T) {
	var b bytes.Buffer
	app := &cmdutil.App{In: strings.NewReader(""), Out: &b, Err: &b, Getenv: func(string) string { return "" }, Engines: Engines()}
	root := NewRootCommand(app)
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if c.Hidden {
			return
		}
		usage := c.UsageString()
		if !strings.Contains(usage, "-c, --campaign NAME ") {
			t.Errorf("%s --help does not show -c, --campaign NAME:\n%s", c.CommandPath(), usage)
		}
		if strings.Contains(usage, "--campaign warlog") {
			t.Errorf("%s --help names the campaign's value after a quoted command", c.CommandPath())
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)

	db := filepath.Join(t.TempDir(), "w.db")
	for _, n := range []string{"Autumn League", "Spring"} {
		if _, e, code := run(t, db, "campaign", "new", n, "--game", "kingsown", "--seed", "4"); code != 0 {
			t.Fatalf("campaign new %s: %s", n, e)
		}
	}
	must(t, db, "-c", "Autumn League", "ko", "recruit", "Bors", "--side", "hunters", "--skill", "3", "--hits", "2", "--weapon", "Sword:2:1")
	must(t, db, "-c", "Autumn League", "ko", "recruit", "Gorm", "--side", "orcs", "--skill", "3", "--hits", "2", "--weapon", "Club:2:1")
	must(t, db, "-c", "Autumn League", "scenario", "start", "Road")
	for _, args := range [][]string{
		{"report", "--campaign", "Autumn League", "--format", "json"},
		{"report", "-c", "Autumn League", "--chronicle", "--format", "json"},
	} {
		out, e, code := run(t, db, args...)
		if code != 0 || !strings.Contains(out, `"campaign": "Autumn League"`) {
			t.Errorf("%v: exit %d %s\n%s", args, code, e, out)
		}
	}
	if _, e, code := run(t, db, "report", "--chronicle", "--scenario", "Road", "-c", "Autumn League"); code != cmdutil.ExitUsage || !strings.Contains(e, "--chronicle") {
		t.Errorf("--chronicle with --scenario: exit %d %s", code, e)
	}
}

// A command's long help is wrapped as prose: within a paragraph no line
// stops short (under 45 characters) while the next one goes on, which is
// how a sentence edited in place shows ("every figure allowed to" /
// "attacks in Skill order").
func TestLongHelpParagraphsAreWrapped(t *testing.T) {
	var b bytes.Buffer
	app := &cmdutil.App{In: strings.NewReader(""), Out: &b, Err: &b, Getenv: func(string) string { return "" }, Engines: Engines()}
	root := NewRootCommand(app)
	labelled := regexp.MustCompile(`^[A-Z][a-z ]*: `) // "Play:    warlog ...", a list of labelled lines
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		lines := strings.Split(c.Long, "\n")
		for i, line := range lines {
			if n := len([]rune(line)); n > 80 {
				t.Errorf("%s: long help line %d is %d characters, more than a terminal's 80: %q", c.CommandPath(), i+1, n, line)
			}
		}
		for i := 0; i+1 < len(lines); i++ {
			line, next := lines[i], lines[i+1]
			if strings.TrimSpace(line) == "" || strings.TrimSpace(next) == "" ||
				strings.HasPrefix(line, " ") || strings.HasPrefix(next, " ") || strings.HasPrefix(next, "-") ||
				strings.HasSuffix(line, ":") || strings.HasSuffix(line, ".") || labelled.MatchString(next) {
				continue
			}
			if len([]rune(line)) < 45 {
				t.Errorf("%s: long help line %d stops short mid-paragraph: %q, then %q", c.CommandPath(), i+1, line, next)
			}
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
}
