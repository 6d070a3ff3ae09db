// Package startheap lets a short warlog process run without a garbage
// collection. Go starts collecting once the heap reaches 4 MB; the
// libraries' package initialisation alone allocates about 1.8 MB, and a
// `status` on a long campaign allocates another 2-4 MB, so most commands
// would pay for one collection (about 2 ms of CPU on two cores, a sixth of
// a status) just before they exit. Go's own compiler does the same at its
// start (cmd/compile's AdjustStartingHeap).
//
// Until the heap first reaches Size, no collection runs; the first one
// puts the usual pacing (GOGC=100, no memory limit) back, so a long
// command (a rebuild, a replay of a million events) keeps its usual peak.
package startheap

import (
	"math"
	"os"
	"runtime"
	"runtime/debug"
)

// Size is the heap a process may reach before its first collection.
const Size = 16 << 20

// Start defers the first collection until the heap reaches Size. It does
// nothing when the user set GOGC or GOMEMLIMIT: their choice stands.
func Start() {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	debug.SetGCPercent(-1)
	debug.SetMemoryLimit(Size)
	// The sentinel is found unreachable by the first collection, whose
	// finalizer then restores the usual pacing.
	sentinel := new(sentinel)
	runtime.SetFinalizer(sentinel, restore)
}

// sentinel is big enough to get an allocation of its own (the runtime
// batches tiny objects, and a finalizer on one of those may never run).
type sentinel [32]byte

func restore(*sentinel) {
	debug.SetGCPercent(100)
	debug.SetMemoryLimit(math.MaxInt64)
}
