package cmdutil

import (
	"context"
	"fmt"
	"time"

	"warlog/events"
	"warlog/events/stores"
)

// OpenStore opens the store an address names: a postgres:// (or
// postgresql://) address the PostgreSQL store on that server, anything else
// the SQLite file at that path (stores.Open, the one place a backend is
// chosen).
func OpenStore(ctx context.Context, address string, now func() time.Time) (events.Store, error) {
	return stores.Open(ctx, address, stores.Options{Now: now})
}

// openStore opens the database in force for this command: a server by its
// address, else the SQLite file, read-only when a.ReadOnly, where a file
// that does not exist yet reads as an empty database (and is not created).
func (a *App) openStore() (events.Store, error) {
	warn := func(msg string) { fmt.Fprintf(a.Err, "warlog: warning: %s\n", msg) }
	return stores.Open(context.Background(), a.ResolvedDB(), stores.Options{Now: a.Clock, ReadOnly: a.ReadOnly, Warn: warn})
}

// OnServer reports whether the database in force is a PostgreSQL server
// rather than an SQLite file (files beside the database, such as a deleted
// campaign's export, then go to the working directory).
func (a *App) OnServer() bool { return stores.OnServer(a.ResolvedDB()) }

// OnServerAddress reports whether address names a database server rather
// than an SQLite file.
func OnServerAddress(address string) bool { return stores.OnServer(address) }

// ShownDB is the database in force as messages show it: a server's
// address without its password.
func (a *App) ShownDB() string { return Shown(a.ResolvedDB()) }

// Shown is a database address as messages show it: a server's address
// without its password.
func Shown(db string) string { return stores.Shown(db) }
