package postgres_test

import (
	"context"
	"testing"

	"warlog/events"
	"warlog/events/postgres"
	"warlog/internal/pgtest"
	"warlog/internal/storetest"
)

// mustOpen opens a store in a schema of the test's own.
func mustOpen(t *testing.T) *postgres.Store {
	t.Helper()
	s, err := postgres.Open(context.Background(), pgtest.Address(t), postgres.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// The PostgreSQL store keeps the contract every store keeps.
func TestStoreSuite(t *testing.T) {
	storetest.Run(t, func(t *testing.T) events.Store { return mustOpen(t) },
		storetest.WithFailure(func(t *testing.T, s events.Store) string {
			// A check on the table that refuses one type, as a full disk
			// or a broken server would refuse a row mid-action.
			_, err := s.(*postgres.Store).Pool().Exec(context.Background(), `ALTER TABLE events ADD CONSTRAINT boom CHECK (type <> 'test.boom')`)
			if err != nil {
				t.Fatal(err)
			}
			return "test.boom"
		}))
}
