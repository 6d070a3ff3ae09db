// Package stores opens the store a database address names. It is the one
// place that chooses a backend: a postgres:// (or postgresql://) address
// is the PostgreSQL store on that server, anything else the SQLite file at
// that path. Nothing above events imports a backend; the command line
// opens its stores here, and the stores' errors are events errors.
package stores

import (
	"context"
	"errors"
	"net/url"
	"time"

	"warlog/events"
	"warlog/events/memory"
	"warlog/events/postgres"
	"warlog/events/remote"
	"warlog/events/sqlite"
)

// Options tune Open; the zero value opens for reading and writing.
type Options struct {
	// Now stamps `at`; nil means time.Now. Rules never read it.
	Now func() time.Time
	// ReadOnly opens an SQLite file for reading only: no file is created,
	// and one that does not exist yet reads as an empty log (in memory).
	// A server is opened as it always is: its database user's rights say
	// what it may do.
	ReadOnly bool
	// Warn receives what the user should be told that does not stop the
	// open (an SQLite file others may read); nil drops it.
	Warn func(msg string)
	// Token is the secret a league server's client sends (WARLOG_TOKEN).
	Token string
	// MaxConns is the most connections a PostgreSQL store opens (0: a
	// command line's few); a league server serves many requests at once.
	MaxConns int32
}

// Open opens the store address names.
func Open(ctx context.Context, address string, opt Options) (events.Store, error) {
	if remote.IsAddress(address) {
		return remote.Open(address, remote.Options{Token: opt.Token})
	}
	if postgres.IsAddress(address) {
		st, err := postgres.Open(ctx, address, postgres.Options{Now: opt.Now, MaxConns: opt.MaxConns})
		if err != nil {
			return nil, err
		}
		return st, nil
	}
	st, err := sqlite.Open(address, sqlite.Options{Now: opt.Now, ReadOnly: opt.ReadOnly, Warn: opt.Warn})
	if opt.ReadOnly && errors.Is(err, events.ErrNoDatabase) {
		return memory.New(opt.Now), nil
	}
	if err != nil {
		return nil, err
	}
	return st, nil
}

// OnServer reports whether address names a database server or a league
// server rather than an SQLite file (files beside the database, such as a
// deleted campaign's export, then go elsewhere).
func OnServer(address string) bool { return postgres.IsAddress(address) || remote.IsAddress(address) }

// OnLeagueServer reports whether address names a league server
// (`warlog serve`) rather than a database.
func OnLeagueServer(address string) bool { return remote.IsAddress(address) }

// Shown is address as messages show it: a server's address without its
// password, a file's path as it is.
func Shown(address string) string {
	if postgres.IsAddress(address) {
		return postgres.Redact(address)
	}
	if remote.IsAddress(address) {
		if u, err := url.Parse(address); err == nil {
			return u.Redacted()
		}
	}
	return address
}
