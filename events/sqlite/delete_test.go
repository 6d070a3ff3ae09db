package sqlite_test

import (
	"path/filepath"
	"testing"

	"warlog/events"
	"warlog/internal/storetest"
)

// A delete with writers appending through handles of their own on the
// same file: what it reads holds every acknowledged action, and none is
// acknowledged after it.
func TestDeleteHoldsOtherWriters(t *testing.T) {
	path := filepath.Join(t.TempDir(), "warlog.db")
	d := mustOpen(t, path)
	writers := make([]events.Store, 4)
	for i := range writers {
		writers[i] = mustOpen(t, path)
	}
	storetest.DeleteHoldsWriters(t, d, func(i int) events.Store { return writers[i] })
}
