package cmd

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"warlog/cmd/cmdutil"
)

// The sample card and gang files ship inside the binary: in a directory
// with no such files (as after `go install`), a bare sample name finds the
// built-in sample; a file of that name, where there is one, comes first; a
// name that is neither says which samples there are.
func TestBuiltInSamples(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	db := filepath.Join(dir, "w.db")
	must(t, db, "campaign", "new", "S", "--game", "kingsown", "--seed", "1")
	if out := must(t, db, "ko", "recruit", "--card", "hunters"); !strings.Contains(out, "5 figures join the roster: Bors, Wyn, Edda, Tam, Ulf.") {
		t.Errorf("recruit --card hunters: %s", out)
	}
	if out := must(t, db, "ko", "card", "orc.cards"); !strings.HasPrefix(out, "Orc grunt · Side nest") {
		t.Errorf("ko card orc.cards: %s", out)
	}
	must(t, db, "ko", "brief-card", "nest", "--card", "nest")
	if out := must(t, db, "i28", "check", "schism", "--faction", "schism"); !strings.Contains(out, "legal") {
		t.Errorf("i28 check schism: %s", out)
	}
	// A file in the directory is read before a sample of the same name.
	if err := os.WriteFile("hunters", []byte("Mira · Side hunters\nSkill 3 · Hits 1\nStaff M1 R1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if out := must(t, db, "ko", "card", "hunters"); !strings.HasPrefix(out, "Mira") {
		t.Errorf("a file called hunters is not read first: %s", out)
	}
	_, e, code := run(t, db, "ko", "card", "hunterz")
	if code != cmdutil.ExitRefused || !strings.Contains(e, "card file hunterz: no such file, nor a built-in sample of that name; the samples are hunters, nest, orc") {
		t.Errorf("ko card hunterz: exit %d %q", code, e)
	}
	// A path is a path: no sample stands in for a missing file in a folder.
	if _, e, code := run(t, db, "ko", "card", filepath.Join("cards", "orc")); code != cmdutil.ExitRefused || !strings.Contains(e, "no such file") {
		t.Errorf("ko card cards/orc: exit %d %q", code, e)
	}
}
