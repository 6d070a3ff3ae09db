package dice

import (
	"math"
	"testing"
)

// Chances a player can count on their fingers: the target's chance is the
// share of the faces (or pairs of faces) that meet it.
func TestTargetChance(t *testing.T) {
	for _, c := range []struct {
		name              string
		t                 Target
		count, sides, mod int
		want              float64
	}{
		{"3+ on a d6", AtLeast(3), 1, 6, 0, 4.0 / 6},
		{"4 or less on a d6 (lower is better)", AtMost(4), 1, 6, 0, 4.0 / 6},
		{"1 or 2 on a d6", AtMost(2), 1, 6, 0, 2.0 / 6},
		{"7+ on 2d6", AtLeast(7), 2, 6, 0, 21.0 / 36},
		{"a need above the top face", AtLeast(7), 1, 6, 0, 0},
		{"a need of 0 or less always met", AtLeast(0), 1, 6, 0, 1},
		{"d6 beats d6 outright", Beats(1, 6, 1), 1, 6, 0, 15.0 / 36},
		{"d6 holds a d6 (a tie holds)", Beats(1, 6, 0), 1, 6, 0, 21.0 / 36},
		{"d6+2 beats d6+3", Beats(1, 6, 3+1-2), 1, 6, 0, 10.0 / 36},
		{"2d6 beats 2d6 outright", Beats(2, 6, 1), 2, 6, 0, (1 - 146.0/1296) / 2},
	} {
		if got := c.t.Chance(c.count, c.sides, c.mod); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("%s: chance %v, want %v", c.name, got, c.want)
		}
	}
}

func TestTargetMet(t *testing.T) {
	if !AtMost(3).Met(3) || AtMost(3).Met(4) || !AtLeast(5).Met(6) || AtLeast(5).Met(4) {
		t.Fatal("Met disagrees with the target's direction")
	}
}
