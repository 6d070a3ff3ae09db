// Command barerow is the floor the append benchmark measures warlog
// against: a process that opens an SQLite file with the same driver and the
// same settings as warlog (WAL, synchronous=FULL, immediate transactions),
// reads the newest row's number, inserts one bare row after it and commits
// (the "open, read version, insert, commit"). Whatever warlog
// spends beyond this on one action (loading the campaign, deciding,
// hashing) is its own.
//
//	go build -o barerow ./testdata/barerow && ./barerow rows.db
package main

import (
	"database/sql"
	"fmt"
	"os"
	"time"

	_ "modernc.org/sqlite"

	"warlog/events/sqlite"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: barerow FILE")
		os.Exit(2)
	}
	if err := run(os.Args[1]); err != nil {
		fmt.Fprintln(os.Stderr, "barerow:", err)
		os.Exit(1)
	}
}

func run(path string) error {
	db, err := sql.Open("sqlite", sqlite.DSN(path, 10*time.Second))
	if err != nil {
		return err
	}
	defer db.Close()
	if _, err := db.Exec(`CREATE TABLE IF NOT EXISTS rows (id INTEGER PRIMARY KEY, data TEXT NOT NULL)`); err != nil {
		return err
	}
	tx, err := db.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var version int64
	if err := tx.QueryRow(`SELECT coalesce(max(id), 0) FROM rows`).Scan(&version); err != nil {
		return err
	}
	if _, err := tx.Exec(`INSERT INTO rows (id, data) VALUES (?, ?)`, version+1, `{"notation":"1d6","sides":6,"values":[4],"source":"program","purpose":"free roll"}`); err != nil {
		return err
	}
	return tx.Commit()
}
