package sqlite_test

import (
	"context"
	"testing"

	"warlog/events"
)

// Snapshots with the same parts share one copy of them; a copy no snapshot
// holds any more is deleted with the snapshots pruned; a snapshot written
// before parts were shared still reads its own; one whose shared copy is
// gone says so instead of reading as empty.
func TestSnapshotsShareParts(t *testing.T) {
	ctx := context.Background()
	s, _ := tempDB(t)
	var evs []events.Event
	for i := range 12 {
		evs = append(evs, mustAppendOne(t, s, int64(i)))
	}
	save := func(v int, parts string) {
		t.Helper()
		err := s.SaveSnapshot(ctx, events.Snapshot{Campaign: "c", Key: "k", Version: int64(v), Head: evs[v-1].Hash, Data: []byte("state"), Parts: []byte(parts)})
		if err != nil {
			t.Fatal(err)
		}
	}
	copies := func() int {
		t.Helper()
		var n int
		if err := s.DB().QueryRow(`SELECT count(*) FROM snapshot_parts`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	partsAt := func(v int) (string, error) {
		t.Helper()
		var got string
		var gerr error
		found := false
		err := s.EachSnapshot(ctx, "c", "k", int64(v), func(sn events.Snapshot) bool {
			found = sn.Version == int64(v)
			b, err := sn.LoadParts()
			got, gerr = string(b), err
			return false
		})
		if err != nil || !found {
			t.Fatalf("no snapshot at %d: %v", v, err)
		}
		return got, gerr
	}

	for v := 2; v <= 6; v++ {
		save(v, "first history")
	}
	if n := copies(); n != 1 {
		t.Errorf("5 snapshots with the same parts keep %d copies, want 1", n)
	}
	save(7, "second history")
	if n := copies(); n != 2 {
		t.Errorf("%d copies, want 2", n)
	}
	for v := 8; v <= 10; v++ {
		save(v, "second history")
	}
	if n := copies(); n != 1 {
		t.Errorf("after the snapshots holding the first parts were pruned: %d copies, want 1", n)
	}
	if got, err := partsAt(10); got != "second history" || err != nil {
		t.Errorf("parts at 10 = %q, %v", got, err)
	}
	save(11, "")
	if got, err := partsAt(11); got != "" || err != nil {
		t.Errorf("a snapshot without parts reads %q, %v", got, err)
	}

	// Parts inline, as before they were shared (migration 0007 drops such
	// snapshots): the snapshot's hash covers its parts' hash, so it no
	// longer matches and is passed over.
	if _, err := s.DB().Exec(`UPDATE snapshots SET parts = 'inline history', parts_hash = '' WHERE version = 9`); err != nil {
		t.Fatal(err)
	}
	var seen []int64
	if err := s.EachSnapshot(ctx, "c", "k", 9, func(sn events.Snapshot) bool { seen = append(seen, sn.Version); return true }); err != nil || len(seen) != 1 || seen[0] != 8 {
		t.Errorf("snapshots up to 9 after 9's parts were moved inline: %v, %v; want only 8", seen, err)
	}

	if _, err := s.DB().Exec(`DELETE FROM snapshot_parts`); err != nil {
		t.Fatal(err)
	}
	if got, err := partsAt(10); err == nil {
		t.Errorf("parts at 10 after their copy was deleted = %q, no error", got)
	}

	save(12, "third history")
	if n, err := s.DropSnapshots(ctx); err != nil || n != 4 || copies() != 0 {
		t.Errorf("DropSnapshots = %d, %v, %d copies left; want 4 dropped, none left", n, err, copies())
	}
}

func mustAppendOne(t *testing.T, s events.Store, version int64) events.Event {
	t.Helper()
	evs, err := s.Append(context.Background(), "c", version, "a"+string(rune('a'+version)), []events.Fact{{Type: "test.fact"}})
	if err != nil {
		t.Fatal(err)
	}
	return evs[0]
}
