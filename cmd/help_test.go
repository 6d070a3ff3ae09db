package cmd

import (
	"bytes"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"warlog/internal/cmdutil"
)

// Every command a user can reach, the games' included, has a short line
// and an example in its help.
func TestEveryCommandHasHelpAndExample(t *testing.T) {
	var b bytes.Buffer
	app := &cmdutil.App{In: strings.NewReader(""), Out: &b, Err: &b, Getenv: func(string) string { return "" }, Engines: Engines()}
	root := NewRootCommand(app)
	var walk func(c *cobra.Command)
	n := 0
	walk = func(c *cobra.Command) {
		if c.Hidden || c.Name() == "help" || c.Name() == "completion" || (c.HasParent() && c.Parent().Name() == "completion") {
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
