package sqlite_test

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"warlog/events"
)

// tamperStream writes a 10-event stream (actions of 1, 3, 4 and 2 events)
// plus a second stream that tampering must not disturb, and returns the
// stream's events.
func tamperStream(t *testing.T, s events.Store) []events.Event {
	t.Helper()
	ctx := context.Background()
	var all []events.Event
	n := 0
	for i, size := range []int{1, 3, 4, 2} {
		fs := make([]events.Fact, size)
		for j := range fs {
			n++
			fs[j] = events.Fact{Type: "test.fact", Data: map[string]any{"name": fmt.Sprintf("event %02d", n), "values": []int{n, n * 7}}}
		}
		got, err := s.Append(ctx, "c", int64(len(all)), fmt.Sprintf("action-%d", i), fs)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, got...)
	}
	if _, err := s.Append(ctx, "bystander", 0, "x", []events.Fact{{Type: "test.fact"}, {Type: "test.fact"}}); err != nil {
		t.Fatal(err)
	}
	return all
}

// tamperer opens the file with a plain connection and drops the
// append-only triggers, as someone editing the file by hand would.
func tamperer(t *testing.T, path string) *sql.DB {
	t.Helper()
	db := rawDB(t, path)
	exec(t, db, `DROP TRIGGER events_append_only_update`)
	exec(t, db, `DROP TRIGGER events_append_only_delete`)
	return db
}

// shiftUp moves versions >= from up by one (two steps, so UNIQUE holds).
func shiftUp(t *testing.T, db *sql.DB, from int64) {
	t.Helper()
	exec(t, db, `UPDATE events SET version = version + 1000000 WHERE campaign = 'c' AND version >= ?`, from)
	exec(t, db, `UPDATE events SET version = version - 1000000 + 1 WHERE campaign = 'c' AND version >= 1000000`)
}

func wantBreak(t *testing.T, s events.Store, version int64) {
	t.Helper()
	_, err := events.VerifyStream(context.Background(), s, "c")
	var be *events.BreakError
	switch {
	case err == nil:
		t.Fatalf("VerifyStream passed a tampered stream; want a break at version %d", version)
	case !errors.As(err, &be):
		t.Fatalf("VerifyStream: %v, want a *events.BreakError", err)
	case be.Campaign != "c" || be.Version != version:
		t.Errorf("VerifyStream broke at %q version %d (%s); want \"c\" version %d", be.Campaign, be.Version, be.Reason, version)
	}
	if !strings.Contains(err.Error(), fmt.Sprint(version)) {
		t.Errorf("the message %q does not name version %d", err, version)
	}
	if r, err := events.VerifyStream(context.Background(), s, "bystander"); err != nil || r.Events != 2 {
		t.Errorf("the untouched stream: %+v, %v", r, err)
	}
}

// TestTamperingBreaksTheChain: each kind of hand edit of the log makes
// VerifyStream fail with a BreakError naming the first version that no
// longer fits.
func TestTamperingBreaksTheChain(t *testing.T) {
	cases := []struct {
		name   string
		edit   func(t *testing.T, db *sql.DB, evs []events.Event)
		breaks int64
	}{
		{"one byte of data", func(t *testing.T, db *sql.DB, evs []events.Event) {
			b := []byte(evs[4].Data)
			i := bytes.Index(b, []byte("05"))
			b[i+1] = '6' // "event 05" -> "event 06"
			exec(t, db, `UPDATE events SET data = ? WHERE campaign = 'c' AND version = 5`, string(b))
		}, 5},
		{"a die value in the first event", func(t *testing.T, db *sql.DB, evs []events.Event) {
			exec(t, db, `UPDATE events SET data = replace(data, '[1,7]', '[1,8]') WHERE campaign = 'c' AND version = 1`)
		}, 1},
		{"the last event's type", func(t *testing.T, db *sql.DB, evs []events.Event) {
			exec(t, db, `UPDATE events SET type = 'test.faked' WHERE campaign = 'c' AND version = 10`)
		}, 10},
		{"action id", func(t *testing.T, db *sql.DB, evs []events.Event) {
			exec(t, db, `UPDATE events SET action = 'action-9' WHERE campaign = 'c' AND version = 7`)
		}, 7},
		{"time", func(t *testing.T, db *sql.DB, evs []events.Event) {
			exec(t, db, `UPDATE events SET at = ? WHERE campaign = 'c' AND version = 3`, evs[2].At.Add(-1e9).Format(events.TimeFormat))
		}, 3},
		{"stored hash", func(t *testing.T, db *sql.DB, evs []events.Event) {
			exec(t, db, `UPDATE events SET hash = ? WHERE campaign = 'c' AND version = 6`, strings.Repeat("a", 64))
		}, 6},
		{"stored prev", func(t *testing.T, db *sql.DB, evs []events.Event) {
			exec(t, db, `UPDATE events SET prev = ? WHERE campaign = 'c' AND version = 6`, evs[3].Hash)
		}, 6},
		{"stored prev re-pointed, own hash recomputed", func(t *testing.T, db *sql.DB, evs []events.Event) {
			e := evs[5]
			e.Prev = evs[3].Hash // as if version 5 were not there
			exec(t, db, `UPDATE events SET prev = ?, hash = ? WHERE campaign = 'c' AND version = 6`, e.Prev, events.Hash(e.Prev, e))
		}, 6}, // its own hash fits; its link to version 5 does not
		{"deleted middle row", func(t *testing.T, db *sql.DB, evs []events.Event) {
			exec(t, db, `DELETE FROM events WHERE campaign = 'c' AND version = 5`)
		}, 5},
		{"deleted first row", func(t *testing.T, db *sql.DB, evs []events.Event) {
			exec(t, db, `DELETE FROM events WHERE campaign = 'c' AND version = 1`)
		}, 1},
		{"deleted row, later versions renumbered", func(t *testing.T, db *sql.DB, evs []events.Event) {
			exec(t, db, `DELETE FROM events WHERE campaign = 'c' AND version = 5`)
			exec(t, db, `UPDATE events SET version = version + 1000000 - 1 WHERE campaign = 'c' AND version > 5`)
			exec(t, db, `UPDATE events SET version = version - 1000000 WHERE campaign = 'c' AND version >= 1000000`)
		}, 5},
		{"moved to another stream", func(t *testing.T, db *sql.DB, evs []events.Event) {
			exec(t, db, `UPDATE events SET campaign = 'elsewhere' WHERE campaign = 'c' AND version = 8`)
		}, 8},
		{"swapped pair (versions)", func(t *testing.T, db *sql.DB, evs []events.Event) {
			exec(t, db, `UPDATE events SET version = 1000 WHERE campaign = 'c' AND version = 4`)
			exec(t, db, `UPDATE events SET version = 4 WHERE campaign = 'c' AND version = 5`)
			exec(t, db, `UPDATE events SET version = 5 WHERE campaign = 'c' AND version = 1000`)
		}, 4},
		{"swapped pair (contents)", func(t *testing.T, db *sql.DB, evs []events.Event) {
			a, b := evs[3], evs[4]
			q := `UPDATE events SET action = ?, type = ?, data = ?, at = ? WHERE campaign = 'c' AND version = ?`
			exec(t, db, q, b.Action, b.Type, string(b.Data), b.At.Format(events.TimeFormat), 4)
			exec(t, db, q, a.Action, a.Type, string(a.Data), a.At.Format(events.TimeFormat), 5)
		}, 4},
		{"swapped pair (whole rows, hashes kept)", func(t *testing.T, db *sql.DB, evs []events.Event) {
			a, b := evs[7], evs[8]
			q := `UPDATE events SET action = ?, type = ?, data = ?, at = ?, prev = ?, hash = ? WHERE campaign = 'c' AND version = ?`
			exec(t, db, q, b.Action, b.Type, string(b.Data), b.At.Format(events.TimeFormat), b.Prev, b.Hash, 8)
			exec(t, db, q, a.Action, a.Type, string(a.Data), a.At.Format(events.TimeFormat), a.Prev, a.Hash, 9)
		}, 8},
		{"forged insert, careless", func(t *testing.T, db *sql.DB, evs []events.Event) {
			shiftUp(t, db, 5)
			exec(t, db, `INSERT INTO events (campaign, version, action, type, data, at, prev, hash) VALUES ('c', 5, 'forged', 'test.fact', '{"name":"forged"}', ?, ?, ?)`,
				evs[3].At.Format(events.TimeFormat), evs[3].Hash, strings.Repeat("f", 64))
		}, 5},
		{"forged insert, own hash computed", func(t *testing.T, db *sql.DB, evs []events.Event) {
			shiftUp(t, db, 5)
			f := events.Event{Campaign: "c", Version: 5, Action: "forged", Type: "test.fact", Data: []byte(`{"name":"forged"}`), At: evs[3].At, Prev: evs[3].Hash}
			f.Hash = events.Hash(f.Prev, f)
			exec(t, db, `INSERT INTO events (campaign, version, action, type, data, at, prev, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
				f.Campaign, f.Version, f.Action, f.Type, string(f.Data), f.At.Format(events.TimeFormat), f.Prev, f.Hash)
		}, 6}, // the forgery itself is consistent; the original it displaced no longer is
		{"forged insert at the start", func(t *testing.T, db *sql.DB, evs []events.Event) {
			shiftUp(t, db, 1)
			f := events.Event{Campaign: "c", Version: 1, Action: "forged", Type: "test.fact", Data: []byte(`{}`), At: evs[0].At, Prev: events.Genesis}
			f.Hash = events.Hash(f.Prev, f)
			exec(t, db, `INSERT INTO events (campaign, version, action, type, data, at, prev, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
				f.Campaign, f.Version, f.Action, f.Type, string(f.Data), f.At.Format(events.TimeFormat), f.Prev, f.Hash)
		}, 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, path := tempDB(t)
			evs := tamperStream(t, s)
			if r, err := events.VerifyStream(context.Background(), s, "c"); err != nil || r.Events != 10 || r.Head != evs[9].Hash {
				t.Fatalf("before tampering VerifyStream = %+v, %v", r, err)
			}
			c.edit(t, tamperer(t, path), evs)
			wantBreak(t, s, c.breaks)
			if err := s.Check(context.Background()); err != nil {
				t.Errorf("integrity_check after a row edit: %v (the file itself is sound)", err)
			}
		})
	}
}

// TestTruncatedTail: cutting the newest events leaves a chain that verifies,
// so only the head published before catches it.
func TestTruncatedTail(t *testing.T) {
	s, path := tempDB(t)
	ctx := context.Background()
	evs := tamperStream(t, s)
	oldHead := evs[9].Hash
	if v, err := events.CheckHead(ctx, s, "c", oldHead); err != nil || v != 10 {
		t.Fatalf("CheckHead of the head before cutting = %d, %v; want 10", v, err)
	}
	exec(t, tamperer(t, path), `DELETE FROM events WHERE campaign = 'c' AND version > 7`)

	r, err := events.VerifyStream(ctx, s, "c")
	if err != nil || r.Events != 7 || r.Head != evs[6].Hash {
		t.Errorf("VerifyStream of the cut stream = %+v, %v; want a healthy 7-event chain", r, err)
	}
	for _, head := range []string{oldHead, oldHead[:8], strings.ToUpper(oldHead[:12]), " " + oldHead + "\n"} {
		if v, err := events.CheckHead(ctx, s, "c", head); !errors.Is(err, events.ErrHeadNotFound) {
			t.Errorf("CheckHead(%q) = %d, %v; want ErrHeadNotFound", head, v, err)
		}
	}
	// Heads that are still in the chain are found at their version.
	for i, want := range map[int]int64{6: 7, 2: 3, 0: 1} {
		if v, err := events.CheckHead(ctx, s, "c", evs[i].Hash[:10]); err != nil || v != want {
			t.Errorf("CheckHead(head of version %d) = %d, %v", want, v, err)
		}
	}
	if _, err := events.CheckHead(ctx, s, "c", oldHead[:7]); err == nil || errors.Is(err, events.ErrHeadNotFound) {
		t.Errorf("CheckHead with 7 hex digits: %v, want a too-short refusal", err)
	}
	// The bystander's head is not this stream's.
	var other events.Event
	_ = s.Load(ctx, "bystander", 1, func(e events.Event) error { other = e; return nil })
	if _, err := events.CheckHead(ctx, s, "c", other.Hash); !errors.Is(err, events.ErrHeadNotFound) {
		t.Errorf("CheckHead of another stream's head: %v, want ErrHeadNotFound", err)
	}
}

// TestHandEditedFile: one byte changed in the database file itself (as with
// a hex editor, no SQL at all) is caught by the chain at its version.
func TestHandEditedFile(t *testing.T) {
	s, path := tempDB(t)
	tamperStream(t, s)
	if err := s.Close(); err != nil { // checkpoints the WAL into the file
		t.Fatal(err)
	}
	noSidecars(t, path)
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	needle := []byte(`"event 06"`)
	if bytes.Count(b, needle) != 1 {
		t.Fatalf("found %q %d times in the file, want once", needle, bytes.Count(b, needle))
	}
	i := bytes.Index(b, needle)
	b[i+8] = '9' // "event 06" -> "event 09", same length
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
	s2 := mustOpen(t, path)
	wantBreak(t, s2, 6)
	if err := s2.Check(context.Background()); err != nil {
		t.Errorf("integrity_check after an in-place byte edit of a text value: %v", err)
	}
}
