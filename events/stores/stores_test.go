package stores_test

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"warlog/events"
	"warlog/events/postgres"
	"warlog/events/sqlite"
	"warlog/events/stores"
	"warlog/internal/pgtest"
)

// An address chooses the store: a postgres:// one the server's, anything
// else the SQLite file at that path; and a file that is not there yet,
// opened read-only, is an empty log that creates nothing.
func TestOpenChoosesByAddress(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "sub", "w.db")

	ro, err := stores.Open(ctx, path, stores.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	if names, err := ro.Campaigns(ctx); err != nil || len(names) != 0 {
		t.Errorf("a missing file read-only: campaigns %v, %v; want none", names, err)
	}
	ro.Close()
	if _, err := os.Stat(path); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("a read-only open of a missing file made %s (%v)", path, err)
	}

	st, err := stores.Open(ctx, path, stores.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := st.(*sqlite.Store); !ok {
		t.Errorf("%s opened a %T, want the SQLite store", path, st)
	}
	if _, err := st.Append(ctx, "c", 0, "a1", []events.Fact{{Type: "test.noted", Data: map[string]int{"n": 1}}}); err != nil {
		t.Fatal(err)
	}
	st.Close()

	ro, err = stores.Open(ctx, path, stores.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	if v, err := events.Version(ctx, ro, "c"); err != nil || v != 1 {
		t.Errorf("the file read-only: version %d, %v; want 1", v, err)
	}
	if _, err := ro.Append(ctx, "c", 1, "a2", []events.Fact{{Type: "test.noted", Data: map[string]int{"n": 2}}}); !errors.Is(err, events.ErrAccess) {
		t.Errorf("an append to a read-only file: %v, want events.ErrAccess", err)
	}

	addr := pgtest.Address(t)
	pg, err := stores.Open(ctx, addr, stores.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer pg.Close()
	if _, ok := pg.(*postgres.Store); !ok {
		t.Errorf("%s opened a %T, want the PostgreSQL store", stores.Shown(addr), pg)
	}
}

func TestAddresses(t *testing.T) {
	tests := []struct {
		address, shown string
		server         bool
	}{
		{"w.db", "w.db", false},
		{"/home/k/.local/share/warlog/warlog.db", "/home/k/.local/share/warlog/warlog.db", false},
		{"postgres://league@db.example:5432/warlog", "postgres://league@db.example:5432/warlog", true},
		{"PostgreSQL://league:secret@db.example/warlog", "postgresql://league:xxxxx@db.example/warlog", true},
	}
	for _, tt := range tests {
		if got := stores.OnServer(tt.address); got != tt.server {
			t.Errorf("OnServer(%q) = %v, want %v", tt.address, got, tt.server)
		}
		if got := stores.Shown(tt.address); got != tt.shown {
			t.Errorf("Shown(%q) = %q, want %q", tt.address, got, tt.shown)
		}
	}
}
