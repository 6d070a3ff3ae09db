package sqlite_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"warlog/events"
)

// LastProgramRolls (the index of migration 0008) gives the dice.rolled
// events the program rolled at or below a version, newest first, at most
// n; hand-entered rolls, other events and a payload that is not JSON (a
// hand edit, which the index's condition must not fail on) are left out.
func TestLastProgramRolls(t *testing.T) {
	ctx := context.Background()
	s, path := tempDB(t)
	payloads := []string{
		`{"values":[1],"source":"program"}`,
		`{"values":[2],"source":"hand"}`,
		`{"values":[3,4],"source":"program","index":1}`,
		`{"note":"not a roll","source":"program"}`, // another type
		`{"values":[5],"source":"program","index":3}`,
	}
	for i, p := range payloads {
		typ := "dice.rolled"
		if i == 3 {
			typ = "test.fact"
		}
		if _, err := s.Append(ctx, "c", int64(i), fmt.Sprint("a", i), []events.Fact{{Type: typ, Data: json.RawMessage(p)}}); err != nil {
			t.Fatal(err)
		}
	}
	// Not JSON: inserted by hand (the append-only triggers guard only
	// updates and deletes).
	exec(t, rawDB(t, path), `INSERT INTO events (campaign, version, action, type, data, at, prev, hash) VALUES ('c', 6, 'x', 'dice.rolled', '{"source":"program"', '', '', '')`)
	list := func(upTo int64, n int) string {
		t.Helper()
		rolls, err := s.LastProgramRolls(ctx, "c", upTo, n)
		if err != nil {
			t.Fatal(err)
		}
		var out []int64
		for _, e := range rolls {
			out = append(out, e.Version)
		}
		return fmt.Sprint(out)
	}
	for _, c := range []struct {
		upTo int64
		n    int
		want string
	}{{9, 16, "[5 3 1]"}, {9, 2, "[5 3]"}, {4, 16, "[3 1]"}, {2, 16, "[1]"}, {0, 16, "[]"}} {
		if got := list(c.upTo, c.n); got != c.want {
			t.Errorf("LastProgramRolls(up to %d, %d) = %s, want %s", c.upTo, c.n, got, c.want)
		}
	}
	if _, err := s.LastProgramRolls(ctx, "other", 9, 16); err != nil {
		t.Error(err)
	}
}
