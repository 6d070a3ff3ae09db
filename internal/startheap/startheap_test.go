package startheap

import (
	"math"
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

var sink [][]byte

// A heap below Size is never collected; once it passes Size, one
// collection runs and the usual pacing (GOGC=100, no limit) is back.
func TestNoCollectionBelowSizeThenUsualPacing(t *testing.T) {
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(math.MaxInt64))
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)

	Start()
	for range (Size / 2) / 4096 { // half of Size in 4 KB pieces, on top of what the test holds
		sink = append(sink, make([]byte, 4096))
	}
	var mid runtime.MemStats
	runtime.ReadMemStats(&mid)
	if mid.NumGC != before.NumGC {
		t.Fatalf("%d collections before the heap reached %d bytes (heap %d)", mid.NumGC-before.NumGC, Size, mid.HeapAlloc)
	}
	for range Size / 4096 {
		sink = append(sink, make([]byte, 4096))
	}
	sink = nil
	// The finalizer runs on its own goroutine after the first collection.
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		if limit := debug.SetMemoryLimit(-1); limit == math.MaxInt64 {
			if pct := debug.SetGCPercent(100); pct != 100 {
				t.Fatalf("after the first collection GOGC is %d, want 100", pct)
			}
			return
		}
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatal("the usual pacing was not restored after the heap passed Size")
}

// A GOGC the user set is left alone.
func TestUserSettingStands(t *testing.T) {
	t.Setenv("GOGC", "50")
	defer debug.SetGCPercent(debug.SetGCPercent(50))
	Start()
	if pct := debug.SetGCPercent(50); pct != 50 {
		t.Fatalf("GOGC is %d after Start with GOGC=50 set, want 50", pct)
	}
}
