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

// PlayerLuck is every die one player rolled in what is reported, each
// size counted, program and hand dice apart.
type PlayerLuck struct {
	Player string `json:"player"`
	// Dice names the dice ("12d6, 2d10"); Count counts them.
	Dice    string `json:"dice"`
	Count   int    `json:"count"`
	Program int    `json:"program"`
	Hand    int    `json:"hand"`
	Luck    Luck   `json:"luck"`
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
		fs := faces[d.Player][d.Sides]
		if fs == nil {
			fs = make([]int, d.Sides)
		}
		for j, n := range d.Faces {
			fs[j] += n
		}
		faces[d.Player][d.Sides] = fs
	}
	for i := range out {
		p := &out[i]
		fs := faces[p.Player]
		sizes := make([]int, 0, len(fs))
		for s := range fs {
			sizes = append(sizes, s)
		}
		sort.Ints(sizes)
		var names []string
		for _, s := range sizes {
			n := 0
			for _, c := range fs[s] {
				n += c
			}
			names = append(names, fmt.Sprintf("%dd%d", n, s))
		}
		p.Dice = strings.Join(names, ", ")
		p.Luck = luckOf(fs)
	}
	return out
}
