package storetest

import (
	"database/sql"
	"testing"

	"warlog/events"
)

// ResealSnapshots recomputes the stored hash of every snapshot in a
// SQLite database after a test edited them, as a careful forger would
// (events.SnapshotHash is no secret): the tests of what that hash cannot
// catch start from it.
func ResealSnapshots(t testing.TB, db *sql.DB) {
	t.Helper()
	rows, err := db.Query(`SELECT campaign, key, version, head, data, parts_hash FROM snapshots`)
	if err != nil {
		t.Fatal(err)
	}
	var all []events.Snapshot
	for rows.Next() {
		var sn events.Snapshot
		if err := rows.Scan(&sn.Campaign, &sn.Key, &sn.Version, &sn.Head, &sn.Data, &sn.PartsHash); err != nil {
			t.Fatal(err)
		}
		all = append(all, sn)
	}
	rows.Close()
	for _, sn := range all {
		if _, err := db.Exec(`UPDATE snapshots SET hash = ? WHERE campaign = ? AND key = ? AND version = ?`, events.SnapshotHash(sn), sn.Campaign, sn.Key, sn.Version); err != nil {
			t.Fatal(err)
		}
	}
}
