package sqlite

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// The connection strings are the ones warlog has always opened its files
// with, parameter for parameter: what a connection sets is what the
// database it writes is (WAL, full sync, immediate write locks).
func TestConnectionStrings(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "w%1.db")
	tests := []struct {
		name string
		got  connSpec
		want string
	}{
		{"writer", writerConn(p, 10*time.Second),
			p + "?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=foreign_keys(1)&_pragma=synchronous(FULL)&_pragma=mmap_size(1073741824)&_txlock=immediate"},
		{"probe", probeConn(p, false), "file:" + dir + "/w%251.db?mode=ro&_pragma=busy_timeout(10000)"},
		{"probe immutable", probeConn(p, true), "file:" + dir + "/w%251.db?mode=ro&immutable=1&_pragma=busy_timeout(10000)"},
		{"roll back", rollBackConn(p), p + "?_pragma=busy_timeout(10000)"},
		{"memory", memoryConn(), ":memory:"},
	}
	for _, tt := range tests {
		if got := tt.got.String(); got != tt.want {
			t.Errorf("%s: got %s, want %s", tt.name, got, tt.want)
		}
	}
	if got, want := DSN(p, time.Second), writerConn(p, time.Second).String(); got != want {
		t.Errorf("DSN = %s, want the writer's %s", got, want)
	}

	readers := []string{
		p + "?_pragma=busy_timeout(5000)&_pragma=query_only(1)&_pragma=mmap_size(1073741824)",
		"file:" + dir + "/w%251.db?mode=ro&_pragma=busy_timeout(5000)&_pragma=query_only(1)&_pragma=mmap_size(1073741824)",
		"file:" + dir + "/w%251.db?mode=ro&immutable=1&_pragma=query_only(1)&_pragma=mmap_size(1073741824)",
	}
	check := func(what string, got []connSpec, want []string) {
		t.Helper()
		if len(got) != len(want) {
			t.Fatalf("%s: %d ways to read, want %d", what, len(got), len(want))
		}
		for i := range got {
			if got[i].String() != want[i] {
				t.Errorf("%s, way %d: got %s, want %s", what, i+1, got[i], want[i])
			}
		}
	}
	check("no -wal", readConns(p, 5*time.Second), readers)
	if err := os.WriteFile(p+"-wal", nil, 0o600); err != nil {
		t.Fatal(err)
	}
	check("a -wal", readConns(p, 5*time.Second), readers[:2])

	raw := map[string]connSpec{
		"file:" + dir + "/w%251.db?mode=ro":             writerConn(p, time.Second),
		"file:" + dir + "/w%251.db?mode=ro&immutable=1": readConns(p+"x", time.Second)[2],
	}
	for want, c := range raw {
		c.path = p
		if got := rawURI(c); got != want {
			t.Errorf("raw URI of %s: got %s, want %s", c, got, want)
		}
	}
}
