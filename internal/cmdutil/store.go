package cmdutil

import (
	"context"
	"time"

	"warlog/events"
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
