// Package pgtest gives each test a PostgreSQL schema of its own, created
// on the machine's server and dropped when the test ends, so that runs
// never see each other. Without a server a test that needs one skips,
// saying how to run it, so `go test ./...` passes on a fresh machine;
// where $WARLOG_REQUIRE_PG is set (.ci/run sets it after starting the
// server) it fails instead, so CI never passes by skipping the league.
package pgtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"strings"
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

// Required reports whether a missing server fails the tests rather than
// skipping them: $WARLOG_REQUIRE_PG is set to anything but "" or "0".
func Required() bool {
	v := os.Getenv("WARLOG_REQUIRE_PG")
	return v != "" && v != "0"
}

// Connect opens a connection to Server as its superuser. When no server
// answers it skips tb, naming how to run the test, or fails it plainly
// where a server is Required.
func Connect(tb testing.TB) *pgx.Conn {
	tb.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, Server())
	if err != nil {
		why := strings.Join(strings.Fields(err.Error()), " ") // pgx tells each address tried on a line of its own
		how := "start it with `pg_ctlcluster --skip-systemctl-redirect 15 main start` (trust authentication on 127.0.0.1:5432), or set WARLOG_TEST_PG to another; `bash .ci/run` starts it and requires it"
		if Required() {
			tb.Fatalf("no PostgreSQL server for the tests at %s (%s): %s", Server(), why, how)
		}
		tb.Skipf("skipped: no PostgreSQL server for the league store's tests at %s (%s): %s", Server(), why, how)
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

// Need skips or fails tb, as Connect does, unless a server answers.
func Need(tb testing.TB) {
	tb.Helper()
	Connect(tb).Close(context.Background())
}
