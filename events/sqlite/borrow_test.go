package sqlite

import (
	"testing"

	"modernc.org/libc"
)

// borrowRaw reads the driver's connection only when it is what it
// expects: anything else (a driver that renamed or retyped its fields, or
// keeps no handle yet) is no handle, and never a panic.
func TestBorrowRawGuards(t *testing.T) {
	tls := libc.NewTLS()
	defer tls.Close()
	type good struct {
		db  uintptr
		tls *libc.TLS
	}
	tests := []struct {
		name string
		dc   any
		ok   bool
	}{
		{"the driver's shape", &good{db: 1, tls: tls}, true},
		{"no handle yet", &good{tls: tls}, false},
		{"no thread state", &good{db: 1}, false},
		{"not a pointer", good{db: 1, tls: tls}, false},
		{"nil", nil, false},
		{"a pointer to no struct", new(int), false},
		{"no db field", &struct{ tls *libc.TLS }{tls}, false},
		{"no tls field", &struct{ db uintptr }{1}, false},
		{"db of another type", &struct {
			db  int64
			tls *libc.TLS
		}{1, tls}, false},
		{"tls of another type", &struct {
			db  uintptr
			tls *int
		}{1, new(int)}, false},
	}
	for _, tt := range tests {
		c, ok := borrowRaw(tt.dc)
		if ok != tt.ok || (ok && (c.db != 1 || c.tls != tls)) {
			t.Errorf("%s: got %v, %v; want ok %v", tt.name, c, ok, tt.ok)
		}
	}
}
