package phase

import (
	"strconv"
	"strings"
	"testing"
	"time"
)

// Each mark charges the time since the one before to its phase, a phase
// that comes round again adds up, and the report lists the phases in the
// order they first ended, in nanoseconds.
func TestMarksAndReport(t *testing.T) {
	defer func() { on = false }()
	start(time.Now().Add(-5 * time.Millisecond)) // started 5 ms ago
	Mark("start")
	time.Sleep(2 * time.Millisecond)
	Mark("open")
	Mark("fold")
	time.Sleep(time.Millisecond)
	Mark("open")
	var b strings.Builder
	Report(&b)
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	if len(lines) != 3 {
		t.Fatalf("report:\n%s\nwant three phases", b.String())
	}
	got := map[string]time.Duration{}
	for i, want := range []string{"start", "open", "fold"} {
		f := strings.Fields(lines[i])
		if len(f) != 3 || f[0] != "phase" || f[1] != want {
			t.Fatalf("line %d is %q, want phase %s NANOSECONDS", i+1, lines[i], want)
		}
		ns, err := strconv.ParseInt(f[2], 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		got[want] = time.Duration(ns)
	}
	if got["start"] < 5*time.Millisecond {
		t.Errorf("start took %v, want at least the 5 ms since the process was started", got["start"])
	}
	if got["open"] < 3*time.Millisecond {
		t.Errorf("open took %v, want its two turns added (at least 3 ms)", got["open"])
	}
	if got["fold"] >= got["open"] {
		t.Errorf("fold took %v, open %v: want fold, the moment between two marks, the shorter", got["fold"], got["open"])
	}
}

// Off (no WARLOG_PHASES), marks record nothing and the report is empty.
func TestOff(t *testing.T) {
	on = false
	Mark("start")
	var b strings.Builder
	Report(&b)
	if b.Len() != 0 {
		t.Errorf("report with the profile off: %q", b.String())
	}
}
