package sqlite

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"

	"warlog/events"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// applicationID marks a file as a warlog database ("WLOG").
const applicationID = 0x574c4f47

type migration = events.Migration

// migrations are the embedded migrations in order (events.Migrations).
func migrations() ([]migration, error) { return events.Migrations(migrationFiles, "migrations/*.sql") }

// latest is the schema version the migrations lead to.
func latest(migs []migration) int {
	if len(migs) == 0 {
		return 0
	}
	return migs[len(migs)-1].Version
}

// schemaObject is one row of sqlite_master: a table, index, trigger or
// view, with the SQL that made it (whitespace folded).
type schemaObject struct{ typ, name, sql string }

func (o schemaObject) String() string { return o.typ + " " + o.name }

var (
	schemaMu    sync.Mutex
	schemaCache = map[int]map[string]schemaObject{}
)

// expectedSchema is what the first n migrations make, by name, as a new
// database in memory lists them (computed once per n).
func expectedSchema(migs []migration, n int) (map[string]schemaObject, error) {
	schemaMu.Lock()
	defer schemaMu.Unlock()
	if m, ok := schemaCache[n]; ok {
		return m, nil
	}
	db, err := openDB(memoryConn())
	if err != nil {
		return nil, err
	}
	defer db.Close()
	db.SetMaxOpenConns(1) // one connection, one database in memory
	for _, m := range migs[:n] {
		if _, err := db.Exec(m.SQL); err != nil {
			return nil, fmt.Errorf("migration %s: %w", m.Name, err)
		}
	}
	m, err := readSchema(context.Background(), db)
	if err != nil {
		return nil, err
	}
	schemaCache[n] = m
	return m, nil
}

type queryRower interface {
	QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error)
}

// readSchema lists a database's objects by name, leaving out the tables
// SQLite keeps statistics in (ANALYZE makes them, harmlessly).
func readSchema(ctx context.Context, q queryRower) (map[string]schemaObject, error) {
	rows, err := q.QueryContext(quiet(ctx), `SELECT type, name, coalesce(sql, '') FROM sqlite_master WHERE name NOT LIKE 'sqlite\_stat%' ESCAPE '\'`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]schemaObject{}
	for rows.Next() {
		var o schemaObject
		if err := rows.Scan(&o.typ, &o.name, &o.sql); err != nil {
			return nil, err
		}
		o.sql = strings.Join(strings.Fields(o.sql), " ")
		out[o.name] = o
	}
	return out, rows.Err()
}

// schemaDiff says how got differs from want, one phrase per object, in
// name order; none when they match.
func schemaDiff(want, got map[string]schemaObject) []string {
	var out []string
	for _, name := range slices.Sorted(maps.Keys(want)) {
		w := want[name]
		g, ok := got[name]
		switch {
		case !ok:
			out = append(out, w.String()+" is missing")
		case g.typ != w.typ || g.sql != w.sql:
			out = append(out, w.String()+" is not as warlog made it")
		}
	}
	for _, name := range slices.Sorted(maps.Keys(got)) {
		if _, ok := want[name]; !ok {
			out = append(out, got[name].String()+" was not made by warlog")
		}
	}
	return out
}

// CheckSchema implements events.SchemaChecker: the file's tables, indexes
// and triggers must be those the migrations up to its user_version make,
// read in one transaction (one consistent view while another warlog may be
// upgrading the file). When they are those of a later version, the
// user_version was lowered by hand, and the error says how to set it back.
func (s *Store) CheckSchema(ctx context.Context) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return mapErr(err)
	}
	defer tx.Rollback()
	var version int
	var appID int64
	if err := tx.QueryRowContext(quiet(ctx), `SELECT (SELECT user_version FROM pragma_user_version), (SELECT application_id FROM pragma_application_id)`).Scan(&version, &appID); err != nil {
		return mapErr(err)
	}
	if version > 0 && appID != applicationID {
		// Every migration sets it: a warlog file never lacks it.
		return fmt.Errorf("%s: %w: its application_id is %d, not warlog's %d (\"WLOG\"): another program's file, or one changed by hand; nothing was changed: restore a copy of the file, or, if it is warlog's, set it back with `sqlite3 %s 'PRAGMA application_id = %d'`",
			s.path, events.ErrSchema, appID, applicationID, s.path, applicationID)
	}
	got, err := readSchema(ctx, tx)
	if err != nil {
		return mapErr(err)
	}
	if version < 0 || version > len(s.migs) {
		return fmt.Errorf("%s: %w (schema %d; this warlog knows up to %d)", s.path, events.ErrNewerSchema, version, len(s.migs))
	}
	want, err := expectedSchema(s.migs, version)
	if err != nil {
		return err
	}
	diff := schemaDiff(want, got)
	if len(diff) == 0 {
		return nil
	}
	// Objects of a later schema than the version says: the version was
	// lowered by hand (objects dropped are named below instead).
	for k := len(s.migs); k > version; k-- {
		other, err := expectedSchema(s.migs, k)
		if err != nil {
			return err
		}
		if len(schemaDiff(other, got)) == 0 {
			return fmt.Errorf("%s: %w: the schema is inconsistent: its user_version says schema %d, but it holds the tables, indexes and triggers of schema %d (was user_version changed by hand?); nothing was changed: set it back with `sqlite3 %s 'PRAGMA user_version = %d'`, or restore a copy of the file",
				s.path, events.ErrSchema, version, k, s.path, k)
		}
	}
	return fmt.Errorf("%s: %w: %s; the log's protection or its indexes were changed by hand: restore a copy of the file made before the change",
		s.path, events.ErrSchema, strings.Join(diff, "; "))
}

// SchemaVersion is the schema this build writes.
func SchemaVersion() int {
	m, _ := migrations()
	return latest(m)
}

// migrate applies each due migration in its own transaction, re-reading the
// version under the write lock so two processes never apply one twice.
func (s *Store) migrate(migs []migration) error {
	for _, m := range migs {
		if err := s.applyMigration(m); err != nil {
			return fmt.Errorf("migration %s: %w", m.Name, err)
		}
	}
	return nil
}

func (s *Store) applyMigration(m migration) error {
	tx, err := s.db.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var v int
	if err := tx.QueryRow("PRAGMA user_version").Scan(&v); err != nil {
		return err
	}
	if v >= m.Version {
		return nil
	}
	if _, err := tx.Exec(m.SQL); err != nil {
		return err
	}
	if _, err := tx.Exec(fmt.Sprintf("PRAGMA user_version = %d; PRAGMA application_id = %d", m.Version, applicationID)); err != nil {
		return err
	}
	return tx.Commit()
}
