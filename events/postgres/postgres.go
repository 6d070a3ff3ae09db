// Package postgres is the events.Store of a club's server: the same log as
// the SQLite file (one stream per campaign, hash-chained, append at an
// expected version, idempotent action ids, names apart from keys) in a
// PostgreSQL database, through jackc/pgx. A `postgres://` address selects
// it (--db, WARLOG_DB). It is the only package that knows PostgreSQL.
//
// The connection's database user is the boundary: the tables refuse to
// change or remove an event whoever asks (triggers, as SQLite's), and a
// league's organiser gives players only the rights to read and append (the
// README's "A league on a server"). Every append notifies those who follow
// the log (LISTEN/NOTIFY), which WaitPast answers.
package postgres

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"warlog/events"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// IsAddress reports whether db names a PostgreSQL server rather than an
// SQLite file: a postgres:// or postgresql:// address.
func IsAddress(db string) bool {
	l := strings.ToLower(db)
	return strings.HasPrefix(l, "postgres://") || strings.HasPrefix(l, "postgresql://")
}

// Redact is an address without its password, for messages.
func Redact(address string) string {
	u, err := url.Parse(address)
	if err != nil || u.User == nil {
		return address
	}
	if _, ok := u.User.Password(); ok {
		u.User = url.UserPassword(u.User.Username(), "xxxxx")
	}
	return u.String()
}

// Store is an events.Store in a PostgreSQL database. It is safe for
// concurrent use by goroutines and by any number of processes and machines.
type Store struct {
	pool *pgxpool.Pool
	// held, when not nil, is the transaction this store reads through: a
	// view of the store given to Delete's last, which reads while the
	// stream's lock is held (held).
	held pgx.Tx
	now  func() time.Time
	// where names the server and database in messages: host:port/database.
	where string
	// server is host:port alone, database the database's name.
	server, database string
	user             string

	mu     sync.Mutex
	listen *listener // the connection WaitPast listens on, opened on first use
	notify string    // its channel
}

// Options tune Open; the zero value is what the program uses.
type Options struct {
	// Now stamps `at`; nil means time.Now. Rules never read it.
	Now func() time.Time
	// ConnectTimeout bounds connecting when the address sets none; 0
	// means 10s.
	ConnectTimeout time.Duration
	// MaxConns is the most connections the store opens when the address
	// sets none (pool_max_conns); 0 means 4, a command line's need. A
	// league server serves many requests at once.
	MaxConns int32
}

// Open connects to the database at address (postgres://USER@HOST:PORT/DB,
// with any of libpq's parameters; search_path chooses the schema), refuses
// a schema written by a newer warlog or tables of another program without
// changing anything, and applies the embedded migrations that are due (in
// a fresh database, or schema, that creates warlog's tables: the
// connecting user needs the right to create them there).
func Open(ctx context.Context, address string, opt Options) (*Store, error) {
	cfg, err := parseAddress(address)
	if err != nil {
		return nil, err
	}
	if opt.Now == nil {
		opt.Now = time.Now
	}
	if cfg.ConnConfig.ConnectTimeout == 0 {
		cfg.ConnConfig.ConnectTimeout = opt.ConnectTimeout
		if cfg.ConnConfig.ConnectTimeout == 0 {
			cfg.ConnConfig.ConnectTimeout = 10 * time.Second
		}
	}
	// A command line is one process doing one thing at a time; a few
	// connections serve a callback that reads while a scan is open.
	if !strings.Contains(address, "pool_max_conns") {
		cfg.MaxConns = 4
		if opt.MaxConns > 0 {
			cfg.MaxConns = opt.MaxConns
		}
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	s := &Store{now: opt.Now, where: where(cfg), user: cfg.ConnConfig.User, database: cfg.ConnConfig.Database}
	s.server, _, _ = strings.Cut(s.where, "/")
	if err != nil {
		return nil, s.mapErr(err)
	}
	s.pool = pool
	migs, err := migrations()
	if err != nil {
		pool.Close()
		return nil, err
	}
	if err := s.migrate(ctx, migs); err != nil {
		pool.Close()
		return nil, err
	}
	return s, nil
}

// parseAddress reads an address as pgx does, with a message of our own
// when it cannot be read.
func parseAddress(address string) (*pgxpool.Config, error) {
	bad := func(why string) error {
		return fmt.Errorf("the database address %s cannot be read (%s); write it as postgres://USER@HOST:PORT/DATABASE", Redact(address), why)
	}
	u, err := url.Parse(address)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			return nil, bad(ue.Err.Error())
		}
		return nil, bad("it is not a URL")
	}
	if p := u.Port(); p != "" {
		if n, err := strconv.Atoi(p); err != nil || n < 1 || n > 65535 {
			return nil, bad(fmt.Sprintf("its port %q is not a number from 1 to 65535", p))
		}
	}
	cfg, err := pgxpool.ParseConfig(address)
	if err != nil {
		return nil, bad("a parameter is not one PostgreSQL knows, or its value is wrong")
	}
	return cfg, nil
}

// where is host:port/database for messages.
func where(cfg *pgxpool.Config) string {
	c := cfg.ConnConfig
	host := c.Host
	if strings.HasPrefix(host, "/") {
		host = "the socket in " + host
	} else {
		host = fmt.Sprintf("%s:%d", host, c.Port)
	}
	return host + "/" + c.Database
}

type migration = events.Migration

// migrations are the embedded migrations in order (events.Migrations).
func migrations() ([]migration, error) { return events.Migrations(migrationFiles, "migrations/*.sql") }

// SchemaVersion is the schema this build writes.
func SchemaVersion() int {
	m, _ := migrations()
	return m[len(m)-1].Version
}

// schemaVersion reads the schema's version: 0 in a schema without
// warlog's tables; an error for tables of another program.
func (s *Store) schemaVersion(ctx context.Context, q pgx.Tx) (int, error) {
	var marked, hasEvents bool
	var schema string
	var row pgx.Row
	const probe = `SELECT to_regclass('warlog_schema') IS NOT NULL, to_regclass('events') IS NOT NULL, coalesce(current_schema(), '')`
	if q != nil {
		row = q.QueryRow(ctx, probe)
	} else {
		row = s.pool.QueryRow(ctx, probe)
	}
	if err := row.Scan(&marked, &hasEvents, &schema); err != nil {
		return 0, s.mapErr(err)
	}
	switch {
	case schema == "":
		return 0, fmt.Errorf("the database %s has no schema for warlog's tables that user %q may use (its search_path names none that exists and is open to the user): create one, set search_path in the address, or have the league's organiser grant USAGE on it", s.where, s.user)
	case !marked && hasEvents:
		return 0, fmt.Errorf("the database %s (schema %s) has a table events that is not warlog's: %w; choose another database, or another schema with ?search_path=NAME", s.where, schema, events.ErrCorrupt)
	case !marked:
		return 0, nil
	}
	var v int
	var err error
	if q != nil {
		err = q.QueryRow(ctx, `SELECT version FROM warlog_schema`).Scan(&v)
	} else {
		err = s.pool.QueryRow(ctx, `SELECT version FROM warlog_schema`).Scan(&v)
	}
	if err != nil {
		return 0, s.mapErr(err)
	}
	return v, nil
}

// migrate applies each due migration in its own transaction, under a lock
// that keeps two warlogs from applying one twice. A schema already up to
// date is only read.
func (s *Store) migrate(ctx context.Context, migs []migration) error {
	known := migs[len(migs)-1].Version
	v, err := s.schemaVersion(ctx, nil)
	if err != nil {
		return err
	}
	if v > known {
		return fmt.Errorf("the database %s: %w (schema %d; this warlog knows up to %d); nothing was changed: upgrade warlog to open it", s.where, events.ErrNewerSchema, v, known)
	}
	if v == known {
		return nil
	}
	for _, m := range migs {
		if m.Version <= v {
			continue
		}
		err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtext('warlog migrations'))`); err != nil {
				return s.mapErr(err)
			}
			cur, err := s.schemaVersion(ctx, tx)
			if err != nil || cur >= m.Version {
				return err
			}
			if _, err := tx.Exec(ctx, m.SQL); err != nil {
				return s.mapErr(err)
			}
			_, err = tx.Exec(ctx, `UPDATE warlog_schema SET version = $1`, m.Version)
			return s.mapErr(err)
		})
		if err != nil {
			if errors.Is(err, events.ErrDenied) {
				return &plainError{events.ErrDenied, fmt.Sprintf("the database %s has no warlog tables (schema %d of %d) and user %q may not create them; nothing was written: the league's organiser runs any warlog command against it first", s.where, v, known, s.user), err}
			}
			return fmt.Errorf("migration %s: %w", m.Name, err)
		}
	}
	return nil
}

// Close closes the store's connections.
func (s *Store) Close() error {
	s.mu.Lock()
	if s.listen != nil {
		s.listen.close()
		s.listen = nil
	}
	s.mu.Unlock()
	s.pool.Close()
	return nil
}

// Pool exposes the connections for tests and benchmarks of this package's
// callers that must reach below the interface (tampering, the plain scan).
func (s *Store) Pool() *pgxpool.Pool { return s.pool }

// User is the database user the store connects as.
func (s *Store) User() string { return s.user }

var (
	_ events.Store            = (*Store)(nil)
	_ events.Streamer         = (*Store)(nil)
	_ events.TypeLoader       = (*Store)(nil)
	_ events.ActionLoader     = (*Store)(nil)
	_ events.Versioner        = (*Store)(nil)
	_ events.Settings         = (*Store)(nil)
	_ events.Checker          = (*Store)(nil)
	_ events.Snapshots        = (*Store)(nil)
	_ events.EffectStore      = (*Store)(nil)
	_ events.ProgramRollStore = (*Store)(nil)
	_ events.Directory        = (*Store)(nil)
	_ events.Watcher          = (*Store)(nil)
)
