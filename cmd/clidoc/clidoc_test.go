package clidoc_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"warlog/cmd"
	"warlog/cmd/clidoc"
	"warlog/cmd/cmdutil"
)

// tree is a small command tree with what a reference has to handle: a
// group, a leaf with flags of its own and inherited ones, a long text with
// a backslash, a line starting with '.', a laid-out table and a character
// beyond ASCII, an example starting with '.', and commands that get no
// page (hidden, deprecated, a help topic).
func tree() *cobra.Command {
	run := func(*cobra.Command, []string) {}
	root := &cobra.Command{Use: "tool", Short: "A tool for items", Long: "tool keeps items."}
	root.PersistentFlags().StringP("db", "d", "", "the database `PATH`")
	root.PersistentFlags().Bool("json", false, "machine-readable output")

	item := &cobra.Command{Use: "item", Short: "Manage items"}
	add := &cobra.Command{
		Use:   "add NAME",
		Short: "Add an item",
		Long: `Add an item named NAME, e.g. C:\box or -x.
.hidden names are kept as they are · always.

Sizes:
  small   1
  large   2`,
		Example: `  tool item add box --count 2
./tool item add 'C:\box'`,
		Run: run,
	}
	add.Flags().Int("count", 1, "how many")
	add.Flags().String("label", "", "a `TEXT` on the box")
	old := &cobra.Command{Use: "old", Short: "Add an item the old way", Deprecated: "use add", Run: run}
	item.AddCommand(add, old)

	secret := &cobra.Command{Use: "secret", Short: "Not for users", Hidden: true, Run: run}
	topics := &cobra.Command{Use: "topics", Short: "About items", Long: "Items are things."}
	root.AddCommand(item, secret, topics)
	return root
}

func files(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

func read(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// The Markdown pages are cobra/doc's, file for file (these are what its
// GenMarkdownTree wrote for this tree with DisableAutoGenTag).
func TestMarkdownTree(t *testing.T) {
	dir := t.TempDir()
	if err := clidoc.MarkdownTree(tree(), dir); err != nil {
		t.Fatal(err)
	}
	if got, want := files(t, dir), []string{"tool.md", "tool_item.md", "tool_item_add.md"}; !slices.Equal(got, want) {
		t.Fatalf("files %v, want %v", got, want)
	}
	want := map[string]string{
		"tool.md": "## tool\n\nA tool for items\n\n### Synopsis\n\ntool keeps items.\n\n" +
			"### Options\n\n```\n  -d, --db PATH   the database PATH\n  -h, --help      help for tool\n      --json      machine-readable output\n```\n\n" +
			"### SEE ALSO\n\n* [tool item](tool_item.md)\t - Manage items\n\n",
		"tool_item.md": "## tool item\n\nManage items\n\n" +
			"### Options\n\n```\n  -h, --help   help for item\n```\n\n" +
			"### Options inherited from parent commands\n\n```\n  -d, --db PATH   the database PATH\n      --json      machine-readable output\n```\n\n" +
			"### SEE ALSO\n\n* [tool](tool.md)\t - A tool for items\n* [tool item add](tool_item_add.md)\t - Add an item\n\n",
		"tool_item_add.md": "## tool item add\n\nAdd an item\n\n### Synopsis\n\n" +
			"Add an item named NAME, e.g. C:\\box or -x.\n.hidden names are kept as they are · always.\n\nSizes:\n  small   1\n  large   2\n\n" +
			"```\ntool item add NAME [flags]\n```\n\n" +
			"### Examples\n\n```\n  tool item add box --count 2\n./tool item add 'C:\\box'\n```\n\n" +
			"### Options\n\n```\n      --count int    how many (default 1)\n  -h, --help         help for add\n      --label TEXT   a TEXT on the box\n```\n\n" +
			"### Options inherited from parent commands\n\n```\n  -d, --db PATH   the database PATH\n      --json      machine-readable output\n```\n\n" +
			"### SEE ALSO\n\n* [tool item](tool_item.md)\t - Manage items\n\n",
	}
	for name, w := range want {
		if got := read(t, filepath.Join(dir, name)); got != w {
			t.Errorf("%s:\n%s\nwant:\n%s", name, got, w)
		}
	}
}

// A man page is roff that needs no converter: the header, the sections
// in man's order, text escaped so that no line of it reads as a request,
// and cross-references to pages that exist.
func TestManTree(t *testing.T) {
	dir := t.TempDir()
	if err := clidoc.ManTree(tree(), clidoc.ManHeader{Title: "TOOL", Source: "tool 1.0", Manual: "tool manual"}, dir); err != nil {
		t.Fatal(err)
	}
	if got, want := files(t, dir), []string{"tool-item-add.1", "tool-item.1", "tool.1"}; !slices.Equal(got, want) {
		t.Fatalf("files %v, want %v", got, want)
	}
	page := read(t, filepath.Join(dir, "tool-item-add.1"))
	lines := strings.Split(page, "\n")
	if want := `.TH "TOOL" "1" "" "tool 1.0" "tool manual"`; lines[0] != want {
		t.Errorf("first line %q, want %q", lines[0], want)
	}
	var sections []string
	for _, l := range lines {
		if s, ok := strings.CutPrefix(l, ".SH "); ok {
			sections = append(sections, s)
		}
		// Every line starting with a control character is one of ours.
		if (strings.HasPrefix(l, ".") || strings.HasPrefix(l, "'")) && !regexp.MustCompile(`^\.(TH|nh|SH|PP|TP|RS|RE|nf|fi|br)( |$)`).MatchString(l) {
			t.Errorf("text read as a request: %q", l)
		}
	}
	if want := []string{"NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "OPTIONS INHERITED FROM PARENT COMMANDS", "EXAMPLE", "SEE ALSO"}; !slices.Equal(sections, want) {
		t.Errorf("sections %q, want %q", sections, want)
	}
	for _, want := range []string{
		"tool\\-item\\-add \\- Add an item\n",
		"\\fBtool item add\\fR NAME [flags]\n",
		"Add an item named NAME, e.g. C:\\ebox or \\-x.\n\\&.hidden names are kept as they are \\[u00B7] always.\n",
		".PP\n.nf\nSizes:\n  small   1\n  large   2\n.fi\n",
		".TP\n\\fB\\-\\-count\\fR \\fIint\\fR\nhow many (default 1)\n",
		".TP\n\\fB\\-d\\fR, \\fB\\-\\-db\\fR \\fIPATH\\fR\nthe database PATH\n",
		".TP\n\\fB\\-\\-json\\fR\nmachine-readable output\n",
		".SH EXAMPLE\n.RS\n.nf\n  tool item add box \\-\\-count 2\n\\&./tool item add 'C:\\ebox'\n.fi\n.RE\n",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("tool-item-add.1 misses %q:\n%s", want, page)
		}
	}
	for _, name := range files(t, dir) {
		page := read(t, filepath.Join(dir, name))
		if strings.Contains(page, "secret") || strings.Contains(page, "old") || strings.Contains(page, "topics") {
			t.Errorf("%s names a command that has no page:\n%s", name, page)
		}
		_, see, ok := strings.Cut(page, ".SH SEE ALSO\n")
		if !ok {
			t.Errorf("%s has no SEE ALSO", name)
		}
		for _, ref := range regexp.MustCompile(`\\fB(.*?)\((1)\)\\fP`).FindAllStringSubmatch(see, -1) {
			target := strings.ReplaceAll(ref[1], `\-`, "-") + "." + ref[2]
			if _, err := os.Stat(filepath.Join(dir, target)); err != nil || target == name {
				t.Errorf("%s: SEE ALSO %s: %v", name, target, err)
			}
		}
	}
	if see := read(t, filepath.Join(dir, "tool-item.1")); !strings.HasSuffix(see, ".SH SEE ALSO\n\\fBtool(1)\\fP, \\fBtool\\-item\\-add(1)\\fP\n") {
		t.Errorf("tool-item.1 SEE ALSO:\n%s", see)
	}
	checkRoff(t, dir)
}

// warlog's own pages, all of them, are roff that groff reads without a
// warning (where groff is installed).
func TestWarlogManPagesAreRoff(t *testing.T) {
	dir := t.TempDir()
	if err := cmd.GenerateMan(&cmdutil.App{Engines: cmd.Engines()}, dir); err != nil {
		t.Fatal(err)
	}
	names := files(t, dir)
	if len(names) < 100 || !slices.Contains(names, "warlog-campaign-new.1") {
		t.Fatalf("%d pages: %v", len(names), names)
	}
	checkRoff(t, dir)
}

// checkRoff runs every page in dir through groff, where groff is
// installed, and fails on any warning.
func checkRoff(t *testing.T, dir string) {
	t.Helper()
	if _, err := exec.LookPath("groff"); err != nil {
		return // the pages' content is checked above; groff is a further check
	}
	for _, name := range files(t, dir) {
		out, err := exec.Command("groff", "-man", "-Tutf8", "-ww", "-z", filepath.Join(dir, name)).CombinedOutput()
		if err != nil || len(out) > 0 {
			t.Errorf("groff %s: %v\n%s", name, err, out)
		}
	}
}
