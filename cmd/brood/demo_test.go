package brood

import (
	"strconv"
	"testing"
)

// The demo's game ends with a destroyed Mother whatever the seed, in a
// sensible number of rounds.
func TestDemoEndsForEverySeed(t *testing.T) {
	for seed := 1; seed <= 40; seed++ {
		lines, st := demo(strconv.Itoa(seed))
		if st == nil || st.Battle == nil || !st.Battle.Over || st.Battle.Winner == "" {
			t.Fatalf("seed %d: the demo game did not end with a winner", seed)
		}
		if st.Battle.Round > 60 || len(lines) > 400 {
			t.Errorf("seed %d: %d rounds, %d lines", seed, st.Battle.Round, len(lines))
		}
	}
}
