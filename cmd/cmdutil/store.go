package cmdutil

import (
	"context"
	"errors"
	"fmt"
	"time"

	"warlog/events"
	"warlog/events/memory"
	"warlog/events/postgres"
	"warlog/events/sqlite"
)

// OpenStore opens the store an address names: a postgres:// (or
// postgresql://) address the PostgreSQL store on that server, anything else
// the SQLite file at that path.
func OpenStore(ctx context.Context, address string, now func() time.Time) (events.Store, error) {
	if postgres.IsAddress(address) {
		return postgres.Open(ctx, address, postgres.Options{Now: now})
	}
	return sqlite.Open(address, sqlite.Options{Now: now})
}

// openStore opens the database in force for this command: a server by its
// address, else the SQLite file, read-only when a.ReadOnly, where a file
// that does not exist yet reads as an empty database (and is not created).
func (a *App) openStore() (events.Store, error) {
	addr := a.ResolvedDB()
	if postgres.IsAddress(addr) {
		return postgres.Open(context.Background(), addr, postgres.Options{Now: a.Clock})
	}
	warn := func(msg string) { fmt.Fprintf(a.Err, "warlog: warning: %s\n", msg) }
	st, err := sqlite.Open(addr, sqlite.Options{Now: a.Clock, ReadOnly: a.ReadOnly, Warn: warn})
	if a.ReadOnly && errors.Is(err, events.ErrNoDatabase) {
		return memory.New(a.Clock), nil
	}
	return st, err
}

// OnServer reports whether the database in force is a PostgreSQL server
// rather than an SQLite file (files beside the database, such as a deleted
// campaign's export, then go to the working directory).
func (a *App) OnServer() bool { return postgres.IsAddress(a.ResolvedDB()) }

// ShownDB is the database in force as messages show it: a server's
// address without its password.
func (a *App) ShownDB() string {
	if a.OnServer() {
		return postgres.Redact(a.ResolvedDB())
	}
	return a.ResolvedDB()
}
