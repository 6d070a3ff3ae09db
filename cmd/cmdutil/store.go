package cmdutil

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"

	"warlog/events"
	"warlog/events/stores"
)

// openStore opens the database in force for this command: a server by its
// address, else the SQLite file, read-only when a.ReadOnly, where a file
// that does not exist yet reads as an empty database (and is not created).
func (a *App) openStore() (events.Store, error) {
	warn := func(msg string) { fmt.Fprintf(a.Err, "warlog: warning: %s\n", msg) }
	opt := stores.Options{Now: a.Clock, ReadOnly: a.ReadOnly, Warn: warn}
	if stores.OnLeagueServer(a.ResolvedDB()) {
		tok, err := a.Token()
		if err != nil {
			return nil, err
		}
		opt.Token = tok
	}
	return stores.Open(context.Background(), a.ResolvedDB(), opt)
}

// OpenOther opens another database than the one in force (pull's and
// push's other end), with this command's token when it is a league
// server.
func (a *App) OpenOther(ctx context.Context, address string) (events.Store, error) {
	opt := stores.Options{Now: a.Clock}
	if stores.OnLeagueServer(address) {
		tok, err := a.Token()
		if err != nil {
			return nil, err
		}
		opt.Token = tok
	}
	return stores.Open(ctx, address, opt)
}

// Token is the league server's token this command sends: the file
// --token-file names, else $WARLOG_TOKEN.
func (a *App) Token() (string, error) {
	if a.TokenFile != "" {
		b, err := os.ReadFile(a.TokenFile)
		if err != nil {
			return "", fmt.Errorf("--token-file %s cannot be read (%v); give the file the organiser's token was saved in", a.TokenFile, errors.Unwrap(err))
		}
		tok := strings.TrimSpace(string(b))
		if tok == "" || strings.ContainsAny(tok, " \t\r\n") {
			return "", fmt.Errorf("--token-file %s holds no token (one line, the secret `warlog serve token add` printed)", a.TokenFile)
		}
		return tok, nil
	}
	return strings.TrimSpace(a.Getenv("WARLOG_TOKEN")), nil
}

// OnLeagueServer reports whether the database in force is a league
// server (`warlog serve`) reached over HTTP.
func (a *App) OnLeagueServer() bool { return stores.OnLeagueServer(a.ResolvedDB()) }

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

// ServedStore opens the database in force for `warlog serve` to serve,
// with conns connections at most (a server's requests run at once), or for
// its tokens: a file or a PostgreSQL database, never a league server.
func (a *App) ServedStore(ctx context.Context, conns int32) (events.Store, error) {
	if a.OnLeagueServer() {
		return nil, fmt.Errorf("--db %s is a league server; give the database it serves: a postgres:// address or a file", a.ShownDB())
	}
	return stores.Open(ctx, a.ResolvedDB(), stores.Options{Now: a.Clock, MaxConns: conns})
}
