package cmd

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// testdata/schema/v1.db was written by the first released schema (the demo's
// campaigns of every game). It must open, upgrade if its schema is older,
// verify, and replay through today's engines: a league's old file keeps
// working.
func TestFirstSchemaFixtureOpensAndVerifies(t *testing.T) {
	src := filepath.Join("..", "testdata", "schema", "v1.db")
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(t.TempDir(), "old.db")
	if err := os.WriteFile(db, data, 0o600); err != nil {
		t.Fatal(err)
	}
	out, e, code := run(t, db, "verify")
	if code != 0 || !strings.HasPrefix(out, "ok: integrity ok, 6 campaign(s) verified") {
		t.Fatalf("verify of the old file: exit %d\n%s%s", code, out, e)
	}
	if out, e, code := run(t, db, "rebuild"); code != 0 {
		t.Fatalf("rebuild of the old file: %s%s", out, e)
	}
	list, _, _ := run(t, db, "campaign", "list", "--json")
	for _, name := range []string{"Dice demo", "King's Own demo", "Deadwars demo", "Brood demo", "Incarn28 demo", "Reincardnated demo"} {
		if !strings.Contains(list, name) {
			t.Errorf("the old file lost campaign %q", name)
			continue
		}
		if name == "Dice demo" {
			continue
		}
		for _, args := range [][]string{{"status", "--json"}, {"roster", "--json"}, {"report", "--format", "json"}} {
			if out, e, code := run(t, db, append([]string{"-c", name}, args...)...); code != 0 {
				t.Errorf("%s %v on the old file: %s%s", name, args, out, e)
			}
		}
	}
	// The original is never written by the test.
	after, _ := os.ReadFile(src)
	if string(after) != string(data) {
		t.Error("the fixture changed")
	}
}
