package cmd

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"warlog/campaigns"
	"warlog/events/sqlite"
	"warlog/internal/storetest"
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
	section := gameDemos("3")[0]
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
	chronicle, e, code = run(t, db, "report", "--chronicle", "--format", "json")
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

// resealDB recomputes every snapshot's stored hash after an edit, as a
// careful forger would (events.SnapshotHash is no secret).
func resealDB(t *testing.T, db string) {
	t.Helper()
	conn, err := sql.Open("sqlite", db)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	storetest.ResealSnapshots(t, conn)
}

// Issue 17, item 2: "editing the snapshot's program-dice index changes
// every later program roll, and those wrong dice enter the chain." The
// index comes from the log (the newest program roll in effect), so a roll
// after the edit, even with the snapshot's hash recomputed, shows the dice
// the untouched copy shows.
func TestProgramDiceSurviveAnEditedSnapshot(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "w.db")
	for _, args := range [][]string{
		{"campaign", "new", "D", "--game", "deadwars", "--seed", "5"},
		{"roll", "2d6"}, {"roll", "d6", "--dice", "4"}, {"roll", "3d6"}, {"roll", "2d6"}, {"undo"},
	} {
		if _, e, code := run(t, db, args...); code != 0 {
			t.Fatalf("%v: %s", args, e)
		}
	}
	saveSnapshotNow(t, db, "D")
	clean := filepath.Join(dir, "clean.db")
	if err := copyFile(db, clean); err != nil {
		t.Fatal(err)
	}
	if n := tamperDB(t, db, `UPDATE snapshots SET data = replace(data, '"program_dice":5', '"program_dice":40') WHERE instr(data, '"program_dice":5')`); n != 1 {
		t.Fatalf("the snapshot holds no program_dice 5 (%d changed)", n)
	}
	resealDB(t, db)
	want, e, code := run(t, clean, "roll", "4d6")
	if code != 0 {
		t.Fatal(e)
	}
	got, e, code := run(t, db, "roll", "4d6")
	if code != 0 {
		t.Fatal(e)
	}
	if got != want {
		t.Errorf("after the index was edited: %s, want (as the untouched copy) %s", got, want)
	}
}

// reKeyParts edits the stored parts with edit and files them under the
// SHA-256 of their new bytes, pointing the snapshots at the new key, then
// reseals the snapshots: a forgery every hash agrees with.
func reKeyParts(t *testing.T, db string, edit func(string) string) {
	t.Helper()
	conn, err := sql.Open("sqlite", db)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	var key, data string
	if err := conn.QueryRow(`SELECT hash, data FROM snapshot_parts`).Scan(&key, &data); err != nil {
		t.Fatal(err)
	}
	forged := edit(data)
	if forged == data {
		t.Fatal("the edit changed nothing in the parts")
	}
	sum := sha256.Sum256([]byte(forged))
	newKey := hex.EncodeToString(sum[:])
	for _, q := range []string{`UPDATE snapshot_parts SET hash = ?2, data = ?3 WHERE hash = ?1`, `UPDATE snapshots SET parts_hash = ?2 WHERE parts_hash = ?1`} {
		if _, err := conn.Exec(q, key, newKey, forged); err != nil {
			t.Fatal(err)
		}
	}
	conn.Close()
	resealDB(t, db)
}

// Issue 17, item 2: "verify passes in every case." verify now recomputes
// each stored snapshot by replay (CLI.md: "chain, head, snapshots (by
// replay)") and names the campaign and version of one that differs, exit
// 1, with `warlog rebuild` as the way out; --quick skips the replay but
// still checks each snapshot's own hashes. The forgeries: the state (Bors
// renamed Mallory) and the program-dice index, each with its hash
// recomputed, the history re-keyed and resealed, and a plain edit that no
// longer matches its hash.
func TestVerifyRecomputesSnapshots(t *testing.T) {
	cases := []struct {
		name   string
		forge  func(t *testing.T, db string)
		reason string
		quick  bool // whether --quick catches it too
	}{
		{"state, resealed", func(t *testing.T, db string) {
			tamperDB(t, db, `UPDATE snapshots SET data = replace(data, 'Bors', 'Mallory')`)
			resealDB(t, db)
		}, "its state differs from the log replayed to that version", false},
		{"program dice, resealed", func(t *testing.T, db string) {
			tamperDB(t, db, `UPDATE snapshots SET data = replace(data, '"program_dice":', '"program_dice":1')`)
			resealDB(t, db)
		}, "its state differs from the log replayed to that version", false},
		{"history, re-keyed and resealed", func(t *testing.T, db string) {
			reKeyParts(t, db, func(s string) string { return strings.ReplaceAll(s, "Bors", "Mallory") })
		}, "its history (parts) differs from the log replayed to that version", false},
		{"state, hash left alone", func(t *testing.T, db string) {
			tamperDB(t, db, `UPDATE snapshots SET data = replace(data, 'Bors', 'Mallory')`)
		}, "its content does not match its stored hash", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			db, name, _, _ := koWithSnapshot(t)
			out, e, code := run(t, db, "verify")
			if code != 0 || !strings.Contains(out, "1 snapshot match a replay") {
				t.Fatalf("verify before the forgery: exit %d\n%s%s", code, out, e)
			}
			c.forge(t, db)
			var version int64
			if err := sqlQueryRow(t, db, `SELECT version FROM snapshots`, &version); err != nil {
				t.Fatal(err)
			}
			o, e, code := run(t, db, "verify")
			want := fmt.Sprintf("campaign %q: the snapshot at version %d is stale or forged: %s", name, version, c.reason)
			wantRefused(t, "verify", o, e, code, want, "`warlog rebuild` recreates them")
			o, e, code = run(t, db, "verify", "--quick")
			if c.quick {
				wantRefused(t, "verify --quick", o, e, code, want)
			} else if code != 0 || strings.Contains(o, "snapshot") {
				t.Errorf("verify --quick: exit %d, want 0 without a replay of the snapshot\n%s%s", code, o, e)
			}
			js, _, code := run(t, db, "verify", "--json")
			var v VerifyJSON
			if err := json.Unmarshal([]byte(js), &v); err != nil || code != 1 || v.OK || len(v.Campaigns) != 1 || len(v.Campaigns[0].SnapshotFaults) != 1 {
				t.Errorf("verify --json: exit %d, %+v (%v)", code, v, err)
			}
			if o, e, code := run(t, db, "rebuild"); code != 0 {
				t.Fatalf("rebuild: %s%s", o, e)
			}
			if o, e, code := run(t, db, "verify"); code != 0 {
				t.Errorf("verify after rebuild: exit %d\n%s%s", code, o, e)
			}
		})
	}
}

func sqlQueryRow(t *testing.T, db, q string, dest ...any) error {
	t.Helper()
	conn, err := sql.Open("sqlite", db)
	if err != nil {
		return err
	}
	defer conn.Close()
	return conn.QueryRow(q).Scan(dest...)
}
