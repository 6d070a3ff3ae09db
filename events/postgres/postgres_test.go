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

// A delete with writers appending through connections of their own: what
// it reads holds every acknowledged action, and no event outlives it.
func TestDeleteHoldsOtherWriters(t *testing.T) {
	addr := pgtest.Address(t)
	open := func() *postgres.Store {
		s, err := postgres.Open(context.Background(), addr, postgres.Options{})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	}
	d := open()
	writers := []events.Store{open(), open(), open(), open()}
	storetest.DeleteHoldsWriters(t, d, func(i int) events.Store { return writers[i] })
	var orphans int
	if err := d.Pool().QueryRow(context.Background(), `SELECT count(*) FROM events WHERE campaign NOT IN (SELECT stream FROM campaigns)`).Scan(&orphans); err != nil {
		t.Fatal(err)
	}
	if orphans > 0 {
		t.Errorf("%d events belong to no campaign", orphans)
	}
	for _, table := range []string{"snapshots", "snapshot_parts"} {
		if err := d.Pool().QueryRow(context.Background(), `SELECT count(*) FROM `+table+` WHERE campaign NOT IN (SELECT stream FROM campaigns)`).Scan(&orphans); err != nil {
			t.Fatal(err)
		}
		if orphans > 0 {
			t.Errorf("%d rows of %s belong to no campaign", orphans, table)
		}
	}
}
