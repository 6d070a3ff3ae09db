package sqlite_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"warlog/events"
	"warlog/events/sqlite"
)

// TestCheckSchema: the schema check passes on a database warlog made and
// names each trigger, index or table that was dropped, changed or added
// by hand.
func TestCheckSchema(t *testing.T) {
	ctx := context.Background()
	s, _ := tempDB(t)
	if err := s.CheckSchema(ctx); err != nil {
		t.Fatalf("CheckSchema of a new database: %v", err)
	}
	cases := []struct {
		name, sql, want string
	}{
		{"dropped trigger", `DROP TRIGGER events_append_only_update`, "trigger events_append_only_update is missing"},
		{"dropped index", `DROP INDEX events_program_rolls`, "index events_program_rolls is missing"},
		{"weakened trigger", `DROP TRIGGER events_append_only_delete;
			CREATE TRIGGER events_append_only_delete BEFORE DELETE ON events WHEN 0 BEGIN SELECT RAISE(ABORT, 'x'); END`,
			"trigger events_append_only_delete is not as warlog made it"},
		{"added trigger", `CREATE TRIGGER sneaky AFTER INSERT ON events BEGIN SELECT 1; END`, "trigger sneaky was not made by warlog"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, path := tempDB(t)
			exec(t, s.DB(), c.sql)
			err := s.CheckSchema(ctx)
			if !errors.Is(err, events.ErrSchema) || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), path) {
				t.Errorf("CheckSchema: %v; want ErrSchema naming the file and saying %q", err, c.want)
			}
		})
	}
	// ANALYZE's statistics are SQLite's own, not a change of schema.
	s2, _ := tempDB(t)
	exec(t, s2.DB(), `ANALYZE`)
	if err := s2.CheckSchema(ctx); err != nil {
		t.Errorf("CheckSchema after ANALYZE: %v", err)
	}
}

// TestLoweredUserVersion: a user_version lowered by hand (to any earlier
// schema, or to 0) is refused on opening as an inconsistent schema, with the
// command that sets it back, instead of a migration failing in SQLite's
// words; the file is not changed, and once set back it opens.
func TestLoweredUserVersion(t *testing.T) {
	ctx := context.Background()
	for _, lowered := range []int{0, 1, 5, sqlite.SchemaVersion() - 1} {
		t.Run(fmt.Sprint(lowered), func(t *testing.T) {
			s, path := tempDB(t)
			if _, err := s.Append(ctx, "c", 0, "a", []events.Fact{{Type: "test.fact"}}); err != nil {
				t.Fatal(err)
			}
			s.Close()
			db := rawDB(t, path)
			exec(t, db, fmt.Sprintf(`PRAGMA user_version = %d`, lowered))
			db.Close()
			before := fileHash(t, path)
			for _, ro := range []bool{false, true} {
				got, err := sqlite.Open(path, sqlite.Options{ReadOnly: ro})
				if err == nil {
					got.Close()
					t.Fatalf("Open (read-only %v) of a file whose user_version was lowered to %d succeeded", ro, lowered)
				}
				want := fmt.Sprintf("the schema is inconsistent: its user_version says schema %d, but it holds the tables, indexes and triggers of schema %d (was user_version changed by hand?); nothing was changed: set it back with `sqlite3 %s 'PRAGMA user_version = %d'`",
					lowered, sqlite.SchemaVersion(), path, sqlite.SchemaVersion())
				if !errors.Is(err, events.ErrSchema) || !strings.Contains(err.Error(), want) {
					t.Errorf("Open (read-only %v): %v\nwant ErrSchema saying %q", ro, err, want)
				}
			}
			if fileHash(t, path) != before {
				t.Errorf("the refused file changed")
			}
			db = rawDB(t, path)
			exec(t, db, fmt.Sprintf(`PRAGMA user_version = %d`, sqlite.SchemaVersion()))
			db.Close()
			s = mustOpen(t, path)
			if v, err := s.Version(ctx, "c"); err != nil || v != 1 {
				t.Errorf("after setting user_version back: Version = %d, %v", v, err)
			}
		})
	}
}
