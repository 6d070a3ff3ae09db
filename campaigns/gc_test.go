package campaigns

import (
	"runtime/debug"
	"testing"
)

// gcPercent reads the collector's setting without changing it.
func gcPercent() int {
	p := debug.SetGCPercent(100)
	debug.SetGCPercent(p)
	return p
}

// Re-decisions at once share the slower pace and the last to end restores
// the setting; a slower one set already (GOGC off, or higher) is kept.
func TestCollectLessRestores(t *testing.T) {
	was := debug.SetGCPercent(100)
	defer debug.SetGCPercent(was)
	first := collectLess()
	second := collectLess()
	if got := gcPercent(); got != rederiveGCPercent {
		t.Fatalf("while re-deciding: GOGC %d, want %d", got, rederiveGCPercent)
	}
	first()
	if got := gcPercent(); got != rederiveGCPercent {
		t.Errorf("one of two ended: GOGC %d, want %d still", got, rederiveGCPercent)
	}
	second()
	if got := gcPercent(); got != 100 {
		t.Errorf("both ended: GOGC %d, want 100 back", got)
	}
	for _, set := range []int{-1, 800} {
		debug.SetGCPercent(set)
		done := collectLess()
		if got := gcPercent(); got != set {
			t.Errorf("GOGC %d set before: %d while re-deciding", set, got)
		}
		done()
		if got := gcPercent(); got != set {
			t.Errorf("GOGC %d set before: %d after", set, got)
		}
	}
}
