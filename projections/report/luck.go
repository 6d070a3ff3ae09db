package report

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
)

// Luck is a set of dice's total against fair dice: the total rolled, the
// total fair dice give on average, and the chance that the same dice,
// rolled fairly, total at least as much (exact, by convolution).
type Luck struct {
	Total         int     `json:"total"`
	Expected      float64 `json:"expected"`
	ChanceAtLeast float64 `json:"chance_at_least"`
}

// Outcome is luck by outcome: the rolls the rules judged (a hit, a save,
// an opposed roll, a spawn), how many succeeded, how many fair dice would
// make succeed on average (the sum of each roll's chance from the target
// the rules set it), and the exact chance that fair dice do at least as
// well, and at most as well: the distribution of a sum of successes of
// unequal chances (Poisson binomial), computed, not simulated.
type Outcome struct {
	Rolls         int     `json:"rolls"`
	Successes     int     `json:"successes"`
	Expected      float64 `json:"expected"`
	ChanceAtLeast float64 `json:"chance_at_least"`
	ChanceAtMost  float64 `json:"chance_at_most"`
	// Verdict: "lucky" when fair dice do at least as well at most 10% of
	// the time, "unlucky" when they do at most as well at most 10% of the
	// time, "even" otherwise; "" without judged rolls.
	Verdict string `json:"verdict"`
	// chances are each judged roll's chance, for sums over scenarios.
	chances []float64
}

// PlayerLuck is every die one player rolled in what is reported, each
// size counted, program and hand dice apart: the judged rolls by outcome,
// the dice of the rolls the rules do not judge by their faces (Luck).
type PlayerLuck struct {
	Player string `json:"player"`
	// Dice names the dice ("12d6, 2d10"); Count counts them.
	Dice    string  `json:"dice"`
	Count   int     `json:"count"`
	Program int     `json:"program"`
	Hand    int     `json:"hand"`
	Outcome Outcome `json:"outcome"`
	// Unjudged counts the dice of rolls the rules judge no success for;
	// Luck is their faces' total against fair dice's.
	Unjudged int  `json:"unjudged"`
	Luck     Luck `json:"luck"`
}

// lucky is the chance at or under which a result is called lucky (or, at
// the other end, unlucky).
const lucky = 0.1

// outcomeOf sums judged rolls: their chances, and how many succeeded.
func outcomeOf(chances []float64, successes int) Outcome {
	o := Outcome{Rolls: len(chances), Successes: successes, chances: chances}
	if o.Rolls == 0 {
		return o
	}
	for _, p := range chances {
		o.Expected += p
	}
	o.Expected = math.Round(o.Expected*100) / 100
	dist := successDist(chances)
	for k := successes; k < len(dist); k++ {
		o.ChanceAtLeast += dist[k]
	}
	for k := 0; k <= successes && k < len(dist); k++ {
		o.ChanceAtMost += dist[k]
	}
	o.ChanceAtLeast = math.Round(min(o.ChanceAtLeast, 1)*1e6) / 1e6
	o.ChanceAtMost = math.Round(min(o.ChanceAtMost, 1)*1e6) / 1e6
	switch {
	case o.ChanceAtLeast <= lucky:
		o.Verdict = "lucky"
	case o.ChanceAtMost <= lucky:
		o.Verdict = "unlucky"
	default:
		o.Verdict = "even"
	}
	return o
}

// successDist is the distribution of the number of successes of
// independent rolls of the given chances (Poisson binomial), by dynamic
// programming: dist[k] is the chance of exactly k successes, the rolls
// added one at a time.
func successDist(chances []float64) []float64 {
	dist := make([]float64, 1, len(chances)+1)
	dist[0] = 1
	for _, p := range chances {
		dist = append(dist, 0)
		for k := len(dist) - 1; k >= 0; k-- {
			q := dist[k] * (1 - p)
			if k > 0 {
				q += dist[k-1] * p
			}
			dist[k] = q
		}
	}
	return dist
}

// Sentence tells a player's luck in a line: by outcome where the rules
// judged rolls, else by the faces.
func (l PlayerLuck) Sentence() string {
	o := l.Outcome
	if o.Rolls == 0 {
		if l.Unjudged == 0 {
			return l.Player + " rolled no dice."
		}
		return fmt.Sprintf("%s rolled %s the rules judge no success for, totalling %d against %.1f for fair dice.",
			l.Player, count(l.Unjudged, "die", "dice"), l.Luck.Total, l.Luck.Expected)
	}
	var verdict string
	switch o.Verdict {
	case "lucky":
		verdict = fmt.Sprintf("lucky: fair dice do that well only %s of the time", percent(o.ChanceAtLeast))
	case "unlucky":
		verdict = fmt.Sprintf("unlucky: fair dice do that badly or worse only %s of the time", percent(o.ChanceAtMost))
	default:
		verdict = fmt.Sprintf("about as fair dice: they do at least that well %s of the time", percent(o.ChanceAtLeast))
	}
	return fmt.Sprintf("%s: %d of %s succeeded, %.1f expected; %s.", l.Player, o.Successes, count(o.Rolls, "judged roll", "judged rolls"), o.Expected, verdict)
}

// luckOf is the luck of dice: faces[s] holds the counts of each face of
// the s-sided dice rolled (faces[s][i] counts face i+1).
func luckOf(faces map[int][]int) Luck {
	var l Luck
	var sides []int
	for s, fs := range faces {
		for i, n := range fs {
			l.Total += (i + 1) * n
			l.Expected += float64(n) * float64(s+1) / 2
			for range n {
				sides = append(sides, s)
			}
		}
	}
	sort.Ints(sides)
	l.ChanceAtLeast = math.Round(chanceAtLeast(sides, l.Total)*1e6) / 1e6
	return l
}

// negligible is the chance below which a total at the far ends of the
// distribution is dropped while convolving: what is dropped, however many
// dice, is far below the millionths a report shows, and a large set of
// dice then costs its spread, not its whole range.
const negligible = 1e-40

// chanceAtLeast is the probability that fair dice of the given sizes
// total at least total: the distribution of their sum, one die convolved
// in at a time, summed from the top.
func chanceAtLeast(sides []int, total int) float64 {
	// dist[k] is the chance that the dice so far total low+k.
	dist, next := []float64{1}, []float64{}
	low := 0
	for _, s := range sides {
		next = slices.Grow(next[:0], len(dist)+s-1)[:len(dist)+s-1]
		window := 0.0
		for k := range next {
			if k < len(dist) {
				window += dist[k]
			}
			if k-s >= 0 {
				window -= dist[k-s]
			}
			next[k] = window / float64(s)
		}
		low++ // every die adds at least 1
		// Drop the negligible ends, keeping the offset of what stays.
		first, last := 0, len(next)-1
		for first < last && next[first] < negligible {
			first++
		}
		for last > first && next[last] < negligible {
			last--
		}
		low += first
		dist, next = next[first:last+1], dist[:cap(dist)]
	}
	t := total - low
	if t <= 0 {
		return 1
	}
	p := 0.0
	for k := len(dist) - 1; k >= t; k-- {
		p += dist[k]
	}
	return min(max(p, 0), 1)
}

// playerLuck gathers the dice statistics by player, in the order given.
func playerLuck(stats []DiceStats) []PlayerLuck {
	out := []PlayerLuck{}
	idx := map[string]int{}
	faces := map[string]map[int][]int{}
	chances := map[string][]float64{}
	successes := map[string]int{}
	sizeCount := map[string]map[int]int{}
	for _, d := range stats {
		i, ok := idx[d.Player]
		if !ok {
			i = len(out)
			idx[d.Player] = i
			out = append(out, PlayerLuck{Player: d.Player})
			faces[d.Player] = map[int][]int{}
		}
		p := &out[i]
		p.Count += d.Count
		p.Program += d.Program
		p.Hand += d.Hand
		p.Unjudged += d.Unjudged
		if sizeCount[d.Player] == nil {
			sizeCount[d.Player] = map[int]int{}
		}
		sizeCount[d.Player][d.Sides] += d.Count
		chances[d.Player] = append(chances[d.Player], d.Outcome.chances...)
		successes[d.Player] += d.Outcome.Successes
		fs := faces[d.Player][d.Sides]
		if fs == nil {
			fs = make([]int, d.Sides)
		}
		for j, n := range d.unjudged {
			fs[j] += n
		}
		faces[d.Player][d.Sides] = fs
	}
	sizeNames := map[string][]string{}
	for pl, sc := range sizeCount {
		var sizes []int
		for s := range sc {
			sizes = append(sizes, s)
		}
		sort.Ints(sizes)
		for _, s := range sizes {
			sizeNames[pl] = append(sizeNames[pl], fmt.Sprintf("%dd%d", sc[s], s))
		}
	}
	for i := range out {
		p := &out[i]
		fs := faces[p.Player]
		p.Dice = strings.Join(sizeNames[p.Player], ", ")
		p.Luck = luckOf(fs)
		p.Outcome = outcomeOf(chances[p.Player], successes[p.Player])
	}
	return out
}
