package sqlite_test

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"warlog/events"
	"warlog/events/sqlite"
)

// Issue 17, item 2: a snapshot is read only while it matches its stored
// content hash (events.SnapshotHash over campaign, key, version, head, data
// and parts hash) and its head is the log's hash at its version; its parts
// only while they hash to their key. Every hand edit below is a cache
// miss: the snapshot is passed over, or its parts fail to load (which the
// service answers by rebuilding them from the log).
func TestEditedSnapshotsAreNotRead(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		name string
		edit string // SQL run on the tampered file
		// partsFail: the snapshot is still passed but its parts do not load.
		partsFail bool
	}{
		{"data", `UPDATE snapshots SET data = replace(data, 'Bob', 'Mallory') WHERE version = 6`, false},
		{"key", `UPDATE snapshots SET key = 'k' WHERE version = 6`, false}, // asked for under the other key below
		{"moved to another version, head fitted", `UPDATE snapshots SET version = 5, head = (SELECT hash FROM events WHERE campaign = 'c' AND version = 5) WHERE version = 6`, false},
		{"head", `UPDATE snapshots SET head = (SELECT hash FROM events WHERE campaign = 'c' AND version = 5) WHERE version = 6`, false},
		{"stored hash", `UPDATE snapshots SET hash = '` + strings.Repeat("0", 64) + `' WHERE version = 6`, false},
		{"no hash (saved by an older warlog)", `UPDATE snapshots SET hash = '' WHERE version = 6`, false},
		{"parts hash", `UPDATE snapshots SET parts_hash = '' WHERE version = 6`, false},
		{"parts", `UPDATE snapshot_parts SET data = replace(data, 'won', 'lost')`, true},
		{"parts re-keyed", `UPDATE snapshot_parts SET data = replace(data, 'won', 'lost'), hash = 'f' || substr(hash, 2);
			UPDATE snapshots SET parts_hash = 'f' || substr(parts_hash, 2)`, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, path := tempDB(t)
			var evs []events.Event
			for i := range 6 {
				evs = append(evs, mustAppendOne(t, s, int64(i)))
			}
			for _, v := range []int{4, 6} {
				err := s.SaveSnapshot(ctx, events.Snapshot{Campaign: "c", Key: "key", Version: int64(v), Head: evs[v-1].Hash,
					Data: []byte(`{"roster":["Alice","Bob"]}`), Parts: []byte(`[{"battle":1,"Bob":"won"}]`)})
				if err != nil {
					t.Fatal(err)
				}
			}
			read := func(key string) (versions []int64, partsErr error) {
				t.Helper()
				err := s.EachSnapshot(ctx, "c", key, 6, func(sn events.Snapshot) bool {
					versions = append(versions, sn.Version)
					if _, err := sn.LoadParts(); err != nil && partsErr == nil {
						partsErr = err
					}
					return true
				})
				if err != nil {
					t.Fatal(err)
				}
				return versions, partsErr
			}
			if v, err := read("key"); len(v) != 2 || err != nil {
				t.Fatalf("before tampering: snapshots %v, parts %v", v, err)
			}
			exec(t, rawDB(t, path), c.edit)
			key := "key"
			if c.name == "key" {
				key = "k"
			}
			got, partsErr := read(key)
			switch {
			case c.partsFail:
				if partsErr == nil || !strings.Contains(partsErr.Error(), "do not match their hash") {
					t.Errorf("parts edited by hand loaded: %v", partsErr)
				}
			case len(got) != 0 && got[0] >= 5:
				t.Errorf("the tampered snapshot was read: versions %v", got)
			}
		})
	}
}

// Migration 0007: a file of schema 6 whose snapshots carry no hash opens,
// upgrades, and its old snapshots are dropped (they would never be read):
// the log is untouched and still verifies.
func TestSnapshotsWithoutHashDroppedOnUpgrade(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "six.db")
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	names, err := filepath.Glob(filepath.Join("migrations", "*.sql"))
	if err != nil || len(names) < 7 {
		t.Fatalf("migrations: %v, %v", names, err)
	}
	for _, n := range names[:6] {
		b, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		exec(t, db, string(b))
	}
	exec(t, db, `PRAGMA user_version = 6; PRAGMA application_id = 0x574c4f47`)
	e := events.Event{Campaign: "c", Version: 1, Action: "a", Type: "test.fact", Data: []byte(`{}`), Prev: events.Genesis}
	e.Hash = events.Hash(e.Prev, e)
	exec(t, db, `INSERT INTO events (campaign, version, action, type, data, at, prev, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
		e.Campaign, e.Version, e.Action, e.Type, string(e.Data), e.At.Format(events.TimeFormat), e.Prev, e.Hash)
	exec(t, db, `INSERT INTO snapshots (campaign, key, version, head, data, parts_hash) VALUES ('c', 'key', 1, ?, 'old state', 'abc')`, e.Hash)
	exec(t, db, `INSERT INTO snapshot_parts (campaign, hash, data) VALUES ('c', 'abc', 'old parts')`)
	db.Close()

	s := mustOpen(t, path)
	if v := userVersion(t, path); v != sqlite.SchemaVersion() || v < 7 {
		t.Errorf("user_version %d after the upgrade, want %d", v, sqlite.SchemaVersion())
	}
	var snaps, parts int
	if err := s.DB().QueryRow(`SELECT (SELECT count(*) FROM snapshots), (SELECT count(*) FROM snapshot_parts)`).Scan(&snaps, &parts); err != nil {
		t.Fatal(err)
	}
	if snaps != 0 || parts != 0 {
		t.Errorf("after the upgrade %d snapshots and %d parts are left, want none", snaps, parts)
	}
	if r, err := events.VerifyStream(ctx, s, "c"); err != nil || r.Events != 1 || r.Head != e.Hash {
		t.Errorf("the log after the upgrade: %+v, %v", r, err)
	}
}
