// Package phase times the phases of one warlog process, for the phase
// profile of docs/performance.md (BenchmarkPhases in cmd). It is off unless the
// environment variable WARLOG_PHASES holds the time the process was
// started, in Unix nanoseconds, as the benchmark sets it: then every Mark
// charges the time since the previous one (the first: since the start) to
// the phase it names, and Report writes them on stderr when the process
// ends. Off, a Mark is one test of a boolean.
package phase

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"time"
)

// Env is the variable that turns the profile on.
const Env = "WARLOG_PHASES"

var (
	on    bool
	last  time.Time
	names []string
	spent = map[string]time.Duration{}
)

func init() {
	ns, err := strconv.ParseInt(os.Getenv(Env), 10, 64)
	if err != nil || ns <= 0 {
		return
	}
	start(time.Unix(0, ns))
}

// start turns the profile on, the first phase counted from t.
func start(t time.Time) {
	on, last, names, spent = true, t, nil, map[string]time.Duration{}
}

// Mark ends the phase name: the time since the previous mark is charged
// to it (added, when a phase comes round more than once).
func Mark(name string) {
	if !on {
		return
	}
	now := time.Now()
	if _, seen := spent[name]; !seen {
		names = append(names, name)
	}
	spent[name] += now.Sub(last)
	last = now
}

// Report writes one line per phase, in the order the phases first ended:
// "phase NAME NANOSECONDS" (NAME without spaces).
func Report(w io.Writer) {
	if !on {
		return
	}
	for _, n := range names {
		fmt.Fprintf(w, "phase %s %d\n", n, spent[n].Nanoseconds())
	}
}
