package events_test

import (
	"strings"
	"testing"
	"testing/fstest"

	"warlog/events"
)

// Migrations number themselves by their names' first number, in order,
// and refuse a name that does not rise above the one before it.
func TestMigrationsAreNumberedByTheirNames(t *testing.T) {
	fsys := fstest.MapFS{
		"m/0010_b.sql": {Data: []byte("B")},
		"m/0001_a.sql": {Data: []byte("A")},
		"m/notes.txt":  {Data: []byte("not one")},
	}
	got, err := events.Migrations(fsys, "m/*.sql")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].Version != 1 || got[0].SQL != "A" || got[1].Version != 10 || got[1].Name != "m/0010_b.sql" {
		t.Errorf("migrations %+v; want 0001_a.sql as 1, then 0010_b.sql as 10", got)
	}
	for _, bad := range []string{"m/0010_again.sql", "m/x_c.sql", "m/0000_zero.sql"} {
		fs := fstest.MapFS{"m/0010_b.sql": {Data: []byte("B")}, bad: {Data: []byte("C")}}
		if _, err := events.Migrations(fs, "m/*.sql"); err == nil || !strings.Contains(err.Error(), "must begin with a number above the one before it") {
			t.Errorf("with %s: %v; want the name refused", bad, err)
		}
	}
}
