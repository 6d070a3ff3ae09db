package cmd

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Importing one file twice under --as, or pushing a campaign to its own
// file through a symbolic link, makes no twin: two campaigns with one
// head. The second is refused, naming the campaign that holds the log.
func TestNoTwinCampaigns(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.db"), filepath.Join(dir, "b.db")
	must(t, a, "campaign", "new", "Autumn", "--game", "kingsown", "--seed", "3")
	must(t, a, "roll", "d6")
	file := filepath.Join(dir, "autumn.jsonl")
	must(t, a, "campaign", "export", "Autumn", "--out", file)

	must(t, b, "campaign", "import", file, "--as", "Autumn (Ben)")
	if e := refused(t, b, "campaign", "import", file, "--as", "Autumn (again)"); !strings.Contains(e, `campaign "Autumn (Ben)" already holds this log`) {
		t.Errorf("a second import --as: %q, want it to name Autumn (Ben)", e)
	}
	// Beside the campaign it came from, too.
	if e := refused(t, a, "campaign", "import", file, "--as", "Autumn copy"); !strings.Contains(e, `campaign "Autumn" already holds this log`) {
		t.Errorf("import --as beside the campaign itself: %q", e)
	}
	// A copy that went another way is what --as is for.
	must(t, b, "-c", "Autumn (Ben)", "roll", "d6")
	must(t, a, "campaign", "pull", "Autumn (Ben)", "--from", b, "--as", "Autumn (Ben)")

	link := filepath.Join(dir, "link.db")
	if err := os.Symlink(a, link); err != nil {
		t.Skip(err)
	}
	for _, args := range [][]string{
		{"campaign", "push", "Autumn", "--to", link, "--as", "Autumn twin"},
		{"campaign", "pull", "Autumn", "--from", link, "--as", "Autumn twin"},
	} {
		if e := refused(t, a, args...); !strings.Contains(e, "is this database") {
			t.Errorf("%s through a symbolic link: %q, want a refusal saying it is this database", args[1], e)
		}
	}
	for db, want := range map[string]string{a: "Autumn, Autumn (Ben)", b: "Autumn (Ben)"} {
		out := must(t, db, "campaign", "list", "--json")
		for _, twin := range []string{"Autumn (again)", "Autumn copy", "Autumn twin"} {
			if strings.Contains(out, twin) {
				t.Errorf("%s holds %q beside %s:\n%s", filepath.Base(db), twin, want, out)
			}
		}
	}
}
