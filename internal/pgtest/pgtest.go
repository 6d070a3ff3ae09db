// Package pgtest gives each test a PostgreSQL schema of its own, created
// on the machine's server and dropped when the test ends, so that runs
// never see each other. A test that needs the server fails, never skips,
// when there is none: .ci/run starts it.
package pgtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// Server is the address of the database the tests make their schemas in:
// $WARLOG_TEST_PG, else the machine's server as its superuser.
func Server() string {
	if a := os.Getenv("WARLOG_TEST_PG"); a != "" {
		return a
	}
	return "postgres://postgres@127.0.0.1:5432/test?sslmode=disable"
}

// Connect opens a connection to Server as its superuser, failing tb
// plainly when no server answers.
func Connect(tb testing.TB) *pgx.Conn {
	tb.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, Server())
	if err != nil {
		tb.Fatalf("no PostgreSQL server for the tests at %s (%v): start it with `pg_ctlcluster --skip-systemctl-redirect 15 main start`, or set WARLOG_TEST_PG", Server(), err)
	}
	return conn
}

// Schema creates a schema of a random name and drops it, with all it
// holds, when tb ends. It returns the schema's name.
func Schema(tb testing.TB) string {
	tb.Helper()
	conn := Connect(tb)
	defer conn.Close(context.Background())
	var b [6]byte
	_, _ = rand.Read(b[:])
	name := "wl_test_" + hex.EncodeToString(b[:])
	if _, err := conn.Exec(context.Background(), "CREATE SCHEMA "+name); err != nil {
		tb.Fatalf("create schema %s: %v", name, err)
	}
	tb.Cleanup(func() {
		c := Connect(tb)
		defer c.Close(context.Background())
		if _, err := c.Exec(context.Background(), "DROP SCHEMA IF EXISTS "+name+" CASCADE"); err != nil {
			tb.Errorf("drop schema %s: %v", name, err)
		}
	})
	return name
}

// Address is the address of a fresh, empty schema of the test's own on
// Server: a database for one test.
func Address(tb testing.TB) string {
	tb.Helper()
	return WithSchema(Server(), Schema(tb))
}

// WithSchema is address with search_path set to schema.
func WithSchema(address, schema string) string {
	u, err := url.Parse(address)
	if err != nil {
		return address
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

// WithUser is address connecting as user (no password: the machine's
// server trusts loopback connections).
func WithUser(address, user string) string {
	u, err := url.Parse(address)
	if err != nil {
		return address
	}
	u.User = url.User(user)
	return u.String()
}
