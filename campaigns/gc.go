package campaigns

import (
	"runtime/debug"
	"sync"
)

// A re-decision of a whole log allocates briskly (each action's command,
// facts and their encoding) and keeps little: the state, the newest
// events and a few checkpoints. With the collector's default pace it
// spends a quarter of its time collecting; letting the heap grow to five
// times what is live before each collection (GOGC=400) saves most of
// that, for more memory at the peak (10-100 MB more for `warlog verify` of
// a 100,000-event campaign: docs/performance.md). A reader of a file bounded in memory (Import)
// does not do this.
const rederiveGCPercent = 400

var (
	gcMu    sync.Mutex
	gcUsers int
	gcWas   int
)

// collectLess sets the collector's pace to rederiveGCPercent until the
// function it returns is called, unless it is set slower already (GOGC
// in the environment, or off). Re-decisions running at once share the
// setting; the last to end restores it.
func collectLess() (restore func()) {
	gcMu.Lock()
	defer gcMu.Unlock()
	if gcUsers == 0 {
		gcWas = debug.SetGCPercent(rederiveGCPercent)
		if gcWas < 0 || gcWas > rederiveGCPercent {
			debug.SetGCPercent(gcWas)
		}
	}
	gcUsers++
	return func() {
		gcMu.Lock()
		defer gcMu.Unlock()
		if gcUsers--; gcUsers == 0 {
			debug.SetGCPercent(gcWas)
		}
	}
}
