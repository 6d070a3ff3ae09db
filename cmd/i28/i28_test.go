package i28

import (
	"bytes"
	"testing"

	"warlog/cmd/cmdutil"
)

// Every command of `warlog i28` has a short help and an example.
func TestHelp(t *testing.T) {
	app := &cmdutil.App{Out: &bytes.Buffer{}, Err: &bytes.Buffer{}, Getenv: func(string) string { return "" }}
	root := NewCommand(app)
	if root.Example == "" {
		t.Error("i28 has no example")
	}
	for _, c := range root.Commands() {
		if c.Short == "" || c.Example == "" {
			t.Errorf("i28 %s: short %q, example %q", c.Name(), c.Short, c.Example)
		}
	}
	if n := len(root.Commands()); n < 20 {
		t.Errorf("%d commands", n)
	}
}
