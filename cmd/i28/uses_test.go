package i28

import (
	"bytes"
	"regexp"
	"testing"

	"github.com/spf13/pflag"

	"warlog/cmd/cmdutil"
	"warlog/engines/incarn28"
)

// Every use names an entry of the catalogue, and every flag it names is a
// flag of a command of `warlog i28`.
func TestUsesNameTheCatalogueAndFlags(t *testing.T) {
	app := &cmdutil.App{Out: &bytes.Buffer{}, Err: &bytes.Buffer{}, Getenv: func(string) string { return "" }}
	flags := map[string]bool{}
	for _, c := range NewCommand(app).Commands() {
		c.Flags().VisitAll(func(f *pflag.Flag) { flags[f.Name] = true })
	}
	names := map[string]map[string]bool{"Fleshtype": {}, "item": {}, "objective": {}, "twist": {}}
	for _, f := range incarn28.Fleshtypes {
		names["Fleshtype"][f.Name] = true
	}
	for _, it := range incarn28.Items {
		names["item"][it.Name] = true
	}
	for _, o := range incarn28.Objectives {
		names["objective"][o.Name] = true
	}
	for _, tw := range incarn28.Twists {
		names["twist"][tw.Name] = true
	}
	flag := regexp.MustCompile(`--([a-z0-9-]+)`)
	for kind, uses := range map[string]map[string]string{"Fleshtype": fleshtypeUse, "item": itemUse, "objective": objectiveUse, "twist": twistUse} {
		for name, use := range uses {
			if !names[kind][name] {
				t.Errorf("%s use for %q: the catalogue has no such %s", kind, name, kind)
			}
			for _, m := range flag.FindAllStringSubmatch(use, -1) {
				if !flags[m[1]] {
					t.Errorf("%s %s: %q names --%s, which no i28 command has", kind, name, use, m[1])
				}
			}
		}
	}
}
