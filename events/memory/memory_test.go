package memory_test

import (
	"testing"

	"warlog/events"
	"warlog/events/memory"
	"warlog/internal/storetest"
)

// The memory store keeps the contract every store keeps.
func TestStoreSuite(t *testing.T) {
	storetest.Run(t, func(t *testing.T) events.Store {
		s := memory.New(nil)
		t.Cleanup(func() { s.Close() })
		return s
	}, storetest.WithFailure(func(t *testing.T, s events.Store) string {
		s.(*memory.Store).FailOn("test.boom")
		return "test.boom"
	}))
}
