package cmd

import (
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"warlog/events/sqlite"
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
	if code != 0 || !strings.HasPrefix(out, "ok: integrity ok, 6 campaigns verified") {
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

// A user_version lowered by hand breaks no command with SQLite's words:
// each says the schema is inconsistent and how to set it back, and writes
// nothing.
func TestLoweredUserVersionSaysHowToRecover(t *testing.T) {
	db := filepath.Join(t.TempDir(), "w.db")
	if _, e, code := run(t, db, "campaign", "new", "L", "--game", "kingsown", "--seed", "2"); code != 0 {
		t.Fatal(e)
	}
	raw, err := sql.Open("sqlite", db)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := raw.Exec(`PRAGMA user_version = 6`); err != nil {
		t.Fatal(err)
	}
	raw.Close()
	before, _ := os.ReadFile(db)
	want := fmt.Sprintf("the schema is inconsistent: its user_version says schema 6, but it holds the tables, indexes and triggers of schema %d (was user_version changed by hand?); nothing was changed: set it back with `sqlite3 %s 'PRAGMA user_version = %d'`", sqlite.SchemaVersion(), db, sqlite.SchemaVersion())
	for _, args := range [][]string{{"status"}, {"roll", "d6"}, {"verify"}, {"campaign", "list"}} {
		_, e, code := run(t, db, args...)
		if code != 1 || !strings.Contains(e, want) || strings.Contains(e, "already exists") {
			t.Errorf("%v: exit %d, stderr %q\nwant exit 1 saying %q", args, code, e, want)
		}
	}
	if after, _ := os.ReadFile(db); string(after) != string(before) {
		t.Error("a command changed the file")
	}
}

// verify flags a file whose SQLite application_id is not warlog's (set to
// 0 or another program's by hand, the tables left as warlog made them),
// and says how to set it back (issue 30).
func TestVerifyFlagsForeignApplicationID(t *testing.T) {
	db := filepath.Join(t.TempDir(), "w.db")
	if _, e, code := run(t, db, "campaign", "new", "A", "--game", "kingsown", "--seed", "2"); code != 0 {
		t.Fatal(e)
	}
	raw, err := sql.Open("sqlite", db)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	for _, tt := range []struct {
		id   int
		want string
	}{
		{0, "its application_id is 0, not warlog's 1464618823"},
		{0x4c4f4757, "it is an SQLite file of another program"}, // refused on opening
	} {
		if _, err := raw.Exec(fmt.Sprintf(`PRAGMA application_id = %d`, tt.id)); err != nil {
			t.Fatal(err)
		}
		_, e, code := run(t, db, "verify")
		if code != 1 || !strings.Contains(e, tt.want) || strings.Count(strings.TrimSpace(e), "\n") != 0 {
			t.Errorf("verify with application_id %d: exit %d, stderr %q; want exit 1 saying %q", tt.id, code, e, tt.want)
		}
	}
}
