package cmd

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"warlog/cmd/cmdutil"
)

// TestSubcommandNames: the table a command line is matched against names
// every top-level command of the whole tree, by the name it builds with.
func TestSubcommandNames(t *testing.T) {
	app := &cmdutil.App{Engines: Engines()}
	var want []string
	for _, c := range NewRootCommand(app).Commands() {
		want = append(want, c.Name())
	}
	var got []string
	for _, sc := range allSubcommands() {
		c := sc.build(&cmdutil.App{Engines: Engines()})
		if c.Name() != sc.name || len(c.Aliases) > 0 {
			t.Errorf("subcommands lists %q, which builds %q (aliases %v)", sc.name, c.Name(), c.Aliases)
		}
		got = append(got, sc.name)
	}
	slices.Sort(want)
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("subcommands = %v, the tree has %v", got, want)
	}
}

func TestNamedSubcommand(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"roll", "d6"}, "roll"},
		{[]string{"--db", "x.db", "-c", "Autumn", "status"}, "status"},
		{[]string{"--db=x.db", "-cAutumn", "--json", "dw", "move"}, "dw"},
		{[]string{"--campaign", "roll", "log"}, "log"}, // a campaign called roll
		{[]string{"--no-pager", "log", "-n", "3"}, "log"},
		{[]string{"--dice", "4,2", "--action-id", "a1", "ko", "fight"}, "ko"},
		{[]string{"--json=true", "undo"}, "undo"},
		{[]string{"help", "roll"}, ""},
		{[]string{"completion", "bash"}, ""},
		{[]string{"__complete", "ro"}, ""},
		{[]string{"--version"}, ""},
		{[]string{"-h"}, ""},
		{[]string{"rol"}, ""}, // a suggestion needs every name
		{[]string{"--", "roll"}, ""},
		{[]string{"--db"}, ""},
		{nil, ""},
	} {
		if got := namedSubcommand(c.args); got != c.want {
			t.Errorf("namedSubcommand(%q) = %q, want %q", c.args, got, c.want)
		}
	}
}

// TestLazyRootHelpSame: a branch built alone shows the same help as in the
// whole tree, for every command and subcommand.
func TestLazyRootHelpSame(t *testing.T) {
	help := func(root *cobra.Command, path []string) string {
		var out bytes.Buffer
		root.SetOut(&out)
		root.SetErr(&out)
		root.SetArgs(append(slices.Clone(path), "--help"))
		if err := root.Execute(); err != nil {
			t.Fatalf("%v --help: %v", path, err)
		}
		return out.String()
	}
	n := 0
	var walk func(c *cobra.Command, path []string)
	walk = func(c *cobra.Command, path []string) {
		for _, sub := range c.Commands() {
			if sub.Hidden || sub.Name() == "help" || sub.Name() == "completion" {
				continue
			}
			p := append(slices.Clone(path), sub.Name())
			whole := help(NewRootCommand(&cmdutil.App{Engines: Engines()}), p)
			alone := help(newRoot(&cmdutil.App{Engines: Engines()}, p[0]), p)
			if whole != alone {
				t.Errorf("warlog %s --help differs when built alone:\n%s\n---\n%s", strings.Join(p, " "), whole, alone)
			}
			n++
			walk(sub, p)
		}
	}
	walk(NewRootCommand(&cmdutil.App{Engines: Engines()}), nil)
	if n < 60 {
		t.Errorf("walked %d commands; the tree has more", n)
	}
}
