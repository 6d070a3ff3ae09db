package cmd

import (
	"context"
	"database/sql"
	"path/filepath"
	"strings"
	"testing"

	"warlog/campaigns"
	"warlog/events/sqlite"
)

// saveSnapshotNow saves the campaign's state as a snapshot at its head, as
// a command does every 256 events (a test's campaign is shorter).
func saveSnapshotNow(t *testing.T, db, name string) {
	t.Helper()
	store, err := sqlite.Open(db, sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	svc := campaigns.New(store, Engines()...)
	st, err := svc.Load(context.Background(), name)
	if err != nil {
		t.Fatal(err)
	}
	if err := svc.SaveSnapshot(context.Background(), st); err != nil {
		t.Fatal(err)
	}
}

// tamperDB runs SQL on the file with a plain connection of the modernc
// driver, as someone with the sqlite3 shell would, and says how many rows
// the last statement changed.
func tamperDB(t *testing.T, db, q string, args ...any) int64 {
	t.Helper()
	conn, err := sql.Open("sqlite", db)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	res, err := conn.Exec(q, args...)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	n, _ := res.RowsAffected()
	return n
}

// koWithSnapshot plays the King's Own demo (two fights: a history to keep
// in the snapshot's part) into a fresh database, saves a snapshot at its
// head, and returns the database, the campaign and what the roster and
// the chronicle say.
func koWithSnapshot(t *testing.T) (db, name, roster, chronicle string) {
	t.Helper()
	db = filepath.Join(t.TempDir(), "w.db")
	section := koDemo("3")
	for _, args := range section {
		if _, e, code := run(t, db, args...); code != 0 {
			t.Fatalf("%v: %s", args, e)
		}
	}
	name = section[0][2]
	saveSnapshotNow(t, db, name)
	roster, chronicle = truths(t, db)
	if !strings.Contains(roster, `"Bors"`) || !strings.Contains(chronicle, "Bors") {
		t.Fatalf("the demo has no Bors:\n%s\n%s", roster, chronicle)
	}
	return db, name, roster, chronicle
}

func truths(t *testing.T, db string) (roster, chronicle string) {
	t.Helper()
	roster, e, code := run(t, db, "roster", "--json")
	if code != 0 {
		t.Fatalf("roster: %s", e)
	}
	chronicle, e, code = run(t, db, "report", "--campaign", "--format", "json")
	if code != 0 {
		t.Fatalf("report --campaign: %s", e)
	}
	return roster, chronicle
}

// Issue 17, item 2: "Editing snapshots.data shows a forged roster (Bob
// renamed Mallory) and the forged state is acted on; editing a part
// (snapshot_parts) forges the battle history." Both edits are cache misses
// now: roster and chronicle show the log's truth, and a command naming the
// forged figure is refused (nothing written).
func TestEditedSnapshotShowsTheLog(t *testing.T) {
	for _, c := range []struct{ name, edit string }{
		{"data", `UPDATE snapshots SET data = replace(data, 'Bors', 'Mallory')`},
		{"part", `UPDATE snapshot_parts SET data = replace(data, 'Bors', 'Mallory')`},
	} {
		t.Run(c.name, func(t *testing.T) {
			db, _, roster, chronicle := koWithSnapshot(t)
			if n := tamperDB(t, db, c.edit); n == 0 {
				t.Fatalf("%s changed nothing", c.edit)
			}
			gotRoster, gotChronicle := truths(t, db)
			if gotRoster != roster {
				t.Errorf("roster after the edit:\n%s\nwant the log's:\n%s", gotRoster, roster)
			}
			if gotChronicle != chronicle {
				t.Errorf("chronicle after the edit differs from the log's (Mallory in it: %v)", strings.Contains(gotChronicle, "Mallory"))
			}
			before, _, _ := run(t, db, "log", "--json")
			if _, _, code := run(t, db, "scenario", "start", "Forged", "--brief", "nest", "--field", "Mallory"); code != 1 {
				t.Errorf("scenario start --field Mallory: exit %d, want 1 (no such figure in the log)", code)
			}
			if after, _, _ := run(t, db, "log", "--json"); after != before {
				t.Error("the log grew on the forged state")
			}
		})
	}
}
