package report

import (
	"math"
	"testing"

	"warlog/engines/dice"
)

// bruteChance counts, over every way fair dice of the given sizes can fall,
// the share that total at least total.
func bruteChance(sides []int, total int) float64 {
	var at, all int
	var walk func(i, sum int)
	walk = func(i, sum int) {
		if i == len(sides) {
			all++
			if sum >= total {
				at++
			}
			return
		}
		for v := 1; v <= sides[i]; v++ {
			walk(i+1, sum+v)
		}
	}
	walk(0, 0)
	return float64(at) / float64(all)
}

// The chance of rolling at least a total is exact: the convolution agrees
// with enumerating every outcome of small dice sets, mixed sizes included,
// at every total from below the least to above the most.
func TestChanceAtLeastMatchesEnumeration(t *testing.T) {
	sets := [][]int{{}, {6}, {6, 6}, {6, 6, 6}, {4, 6, 8}, {20}, {10, 10, 6, 3}, {6, 6, 6, 6, 6}, {2, 2, 2, 2, 2, 2, 2}, {12, 20, 4}}
	for _, set := range sets {
		most := 0
		for _, s := range set {
			most += s
		}
		for total := -1; total <= most+2; total++ {
			got, want := chanceAtLeast(set, total), bruteChance(set, total)
			if math.Abs(got-want) > 1e-12 {
				t.Errorf("%v at least %d: %v, enumeration says %v", set, total, got, want)
			}
		}
	}
}

// A player's luck joins every die they rolled: the totals of each size,
// the fair average, and the chance for the whole set.
func TestPlayerLuck(t *testing.T) {
	stats := []DiceStats{
		{Player: "Ann", Sides: 6, Count: 3, Faces: []int{0, 0, 1, 0, 0, 2}, unjudged: []int{0, 0, 1, 0, 0, 2}, Program: 2, Hand: 1},
		{Player: "Ann", Sides: 4, Count: 1, Faces: []int{0, 1, 0, 0}, unjudged: []int{0, 1, 0, 0}, Program: 1},
		{Player: "Ben", Sides: 6, Count: 1, Faces: []int{1, 0, 0, 0, 0, 0}, unjudged: []int{1, 0, 0, 0, 0, 0}, Hand: 1},
	}
	got := playerLuck(stats)
	if len(got) != 2 || got[0].Player != "Ann" || got[0].Dice != "1d4, 3d6" || got[0].Count != 4 || got[0].Program != 3 || got[0].Hand != 1 {
		t.Fatalf("playerLuck = %+v", got)
	}
	ann := got[0].Luck
	if ann.Total != 3+12+2 || ann.Expected != 3*3.5+2.5 {
		t.Errorf("Ann's luck = %+v, want total 17 against 13", ann)
	}
	if want := bruteChance([]int{4, 6, 6, 6}, 17); math.Abs(ann.ChanceAtLeast-want) > 1e-6 {
		t.Errorf("Ann's chance = %v, enumeration says %v", ann.ChanceAtLeast, want)
	}
	if ben := got[1].Luck; ben.Total != 1 || ben.ChanceAtLeast != 1 {
		t.Errorf("a 1 on a d6 is at least matched every time: %+v", ben)
	}
}

// fullDist is the distribution of the dice's total, every total kept
// however unlikely: fullDist(sides)[k] is the chance of len(sides)+k.
func fullDist(sides []int) []float64 {
	dist := []float64{1}
	for _, s := range sides {
		next := make([]float64, len(dist)+s-1)
		for k := range dist {
			for v := range s {
				next[k+v] += dist[k] / float64(s)
			}
		}
		dist = next
	}
	return dist
}

// A large set of dice drops only totals too unlikely to show: the chance
// agrees with the whole distribution's at every total, far tails too.
func TestChanceAtLeastLargeSets(t *testing.T) {
	var set []int
	for i := range 1500 {
		set = append(set, []int{6, 6, 10, 20, 4}[i%5])
	}
	dist := fullDist(set)
	for total := len(set) - 1; total <= len(set)+len(dist); total += 113 {
		want := 0.0
		for k := len(dist) - 1; k >= 0 && k+len(set) >= total; k-- {
			want += dist[k]
		}
		if got := chanceAtLeast(set, total); math.Abs(got-want) > 1e-9 {
			t.Errorf("%d dice at least %d: %v, the whole distribution says %v", len(set), total, got, want)
		}
	}
}

// bruteSuccesses enumerates every way judged rolls of the given chances
// can succeed or fail: the chance of at least k successes.
func bruteSuccesses(chances []float64, k int) float64 {
	p := 0.0
	for mask := 0; mask < 1<<len(chances); mask++ {
		q, n := 1.0, 0
		for i, c := range chances {
			if mask&(1<<i) != 0 {
				q *= c
				n++
			} else {
				q *= 1 - c
			}
		}
		if n >= k {
			p += q
		}
	}
	return p
}

// Luck by outcome: the chance of at least as many successes is exact
// (the dynamic programme agrees with enumerating every pattern of
// successes of unequal chances), and the verdict follows it.
func TestOutcomeMatchesEnumeration(t *testing.T) {
	chances := []float64{4.0 / 6, 2.0 / 6, 15.0 / 36, 1.0 / 6, 5.0 / 6, 0.5, 21.0 / 36, 1, 0}
	for k := 0; k <= len(chances); k++ {
		o := outcomeOf(chances, k)
		if want := bruteSuccesses(chances, k); math.Abs(o.ChanceAtLeast-want) > 1e-6 {
			t.Errorf("at least %d successes: %v, enumeration says %v", k, o.ChanceAtLeast, want)
		}
		if want := 1 - bruteSuccesses(chances, k+1); math.Abs(o.ChanceAtMost-want) > 1e-6 {
			t.Errorf("at most %d successes: %v, enumeration says %v", k, o.ChanceAtMost, want)
		}
	}
	// Three 1-in-6 shots all hitting is lucky (1 in 216); none of three
	// 5-in-6 saves holding is unlucky; one of two coin tosses is even.
	for _, c := range []struct {
		chances []float64
		k       int
		want    string
	}{
		{[]float64{1.0 / 6, 1.0 / 6, 1.0 / 6}, 3, "lucky"},
		{[]float64{5.0 / 6, 5.0 / 6, 5.0 / 6}, 0, "unlucky"},
		{[]float64{0.5, 0.5}, 1, "even"},
		{nil, 0, ""},
	} {
		if got := outcomeOf(c.chances, c.k).Verdict; got != c.want {
			t.Errorf("%v with %d successes: verdict %q, want %q", c.chances, c.k, got, c.want)
		}
	}
}

// A roll where lower is better counts as such: a King's Own hit on
// Skill 2 or less (a 1 or a 2 on a d6) is a 1-in-3 success, so two such
// hits of two are lucky-ish, and a Nest's spawn on 1-2 is its success.
func TestLowerIsBetterOutcome(t *testing.T) {
	rolls := []rollAt{
		{r: judged(1, dice.AtMost(2), true)},
		{r: judged(2, dice.AtMost(2), true)},
		{r: judged(6, dice.AtMost(2), false)},
	}
	st := diceStats(rolls, Options{Unattributed: "table"})
	o := st[0].Outcome
	if o.Rolls != 3 || o.Successes != 2 || math.Abs(o.Expected-1) > 0.01 {
		t.Fatalf("outcome %+v, want 2 of 3 against 1 expected", o)
	}
	if want := bruteSuccesses([]float64{1.0 / 3, 1.0 / 3, 1.0 / 3}, 2); math.Abs(o.ChanceAtLeast-want) > 1e-6 {
		t.Errorf("chance %v, want %v", o.ChanceAtLeast, want)
	}
	if st[0].Unjudged != 0 || st[0].Luck.Total != 0 {
		t.Errorf("judged rolls counted in the faces' luck: %+v", st[0])
	}
}

func judged(v int, tg dice.Target, ok bool) dice.Rolled {
	return dice.Rolled{Sides: 6, Values: []int{v}, By: "Ann", Target: &tg, Success: &ok}
}
