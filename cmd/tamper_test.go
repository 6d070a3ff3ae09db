package cmd

import (
	"database/sql"
	"fmt"
	"strconv"

	"github.com/rogpeppe/go-internal/testscript"

	"warlog/events"
)

// tamperCmd is the testscript command `tamper DB KIND CAMPAIGN VERSION`: it
// changes the log the way a careful person with the sqlite3 shell could,
// dropping the append-only triggers first and putting them back after, as
// warlog made them (so that only the chain can tell). KIND is edit (one
// byte of data), delete, swap (the data of VERSION and VERSION+1), forge (a
// well-chained event inserted at VERSION, the rest moved up), truncate
// (VERSION and after) or untrigger (the triggers dropped and left out; the
// log unchanged).
func tamperCmd(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 4 {
		ts.Fatalf("usage: tamper DB edit|delete|swap|forge|truncate CAMPAIGN VERSION")
	}
	v, err := strconv.Atoi(args[3])
	if err != nil {
		ts.Fatalf("version: %v", err)
	}
	db, err := sql.Open("sqlite", ts.MkAbs(args[0]))
	ts.Check(err)
	defer db.Close()
	exec := func(q string, a ...any) {
		_, err := db.Exec(q, a...)
		ts.Check(err)
	}
	exec(`DROP TRIGGER IF EXISTS events_append_only_update`)
	exec(`DROP TRIGGER IF EXISTS events_append_only_delete`)
	c := args[2]
	switch args[1] {
	case "edit":
		exec(`UPDATE events SET data = replace(data, '"', '''') WHERE campaign = ? AND version = ?`, c, v)
	case "delete":
		exec(`DELETE FROM events WHERE campaign = ? AND version = ?`, c, v)
	case "swap":
		exec(`UPDATE events SET data = CASE version WHEN ?2 THEN (SELECT data FROM events WHERE campaign = ?1 AND version = ?2 + 1)
			ELSE (SELECT data FROM events WHERE campaign = ?1 AND version = ?2) END
			WHERE campaign = ?1 AND version IN (?2, ?2 + 1)`, c, v)
	case "forge":
		var prev string
		ts.Check(db.QueryRow(`SELECT hash FROM events WHERE campaign = ? AND version = ?`, c, v-1).Scan(&prev))
		exec(`UPDATE events SET version = version + 1000000 WHERE campaign = ? AND version >= ?`, c, v)
		exec(`UPDATE events SET version = version - 999999 WHERE campaign = ? AND version > 1000000`, c)
		e := events.Event{Campaign: c, Version: int64(v), Action: "forged", Type: "dice.rolled",
			Data: []byte(`{"notation":"1d6","sides":6,"values":[6],"source":"hand","purpose":"forged"}`), Prev: prev}
		e.At, _ = timeParse("2026-01-01T00:00:00Z")
		e.Hash = events.Hash(prev, e)
		exec(`INSERT INTO events (campaign, version, action, type, data, at, prev, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
			c, v, e.Action, e.Type, string(e.Data), "2026-01-01T00:00:00Z", prev, e.Hash)
	case "truncate":
		exec(`DELETE FROM events WHERE campaign = ? AND version >= ?`, c, v)
	case "untrigger":
	default:
		ts.Fatalf("unknown tamper kind %q", args[1])
	}
	if args[1] != "untrigger" {
		exec(`CREATE TRIGGER events_append_only_update BEFORE UPDATE ON events
BEGIN SELECT RAISE(ABORT, 'events are append-only'); END`)
		exec(`CREATE TRIGGER events_append_only_delete BEFORE DELETE ON events
BEGIN SELECT RAISE(ABORT, 'events are append-only'); END`)
	}
	fmt.Fprintf(ts.Stdout(), "tampered: %s %s version %d\n", args[1], c, v)
}
