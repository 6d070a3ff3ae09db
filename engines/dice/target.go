package dice

// Target is what a judged roll needed, as the rules set it, so that a
// report can tell the chance the roll had before it was rolled. The roll's
// total (its faces plus Mod) succeeds when it is at least Need, or, for a
// roll where lower is better (Low), at most Need. An opposed roll (Vs set)
// is measured against the opponent's dice (VsCount dice of VsSides): it
// succeeds when its total is at least the opponent's faces' total plus
// Need.
type Target struct {
	Need    int  `json:"need"`
	Low     bool `json:"low,omitempty"`
	VsCount int  `json:"vs_count,omitempty"`
	VsSides int  `json:"vs_sides,omitempty"`
}

// AtLeast: the roll succeeds on need or more.
func AtLeast(need int) Target { return Target{Need: need} }

// AtMost: lower is better; the roll succeeds on need or less.
func AtMost(need int) Target { return Target{Need: need, Low: true} }

// Beats: an opposed roll that succeeds when its total is at least the
// opponent's (count dice of sides) plus margin: margin 1 to beat the
// opponent outright, 0 when a tie goes to this roll.
func Beats(count, sides, margin int) Target {
	return Target{Need: margin, VsCount: count, VsSides: sides}
}

// Chance is the probability that count fair dice of the given sides, plus
// mod, meet the target: exact, from the distribution of their sum (and of
// the opponent's, for an opposed roll).
func (t Target) Chance(count, sides, mod int) float64 {
	mine := sumDist(count, sides)
	if t.VsCount == 0 {
		p := 0.0
		for k, q := range mine {
			total := count + k + mod
			if t.Low && total <= t.Need || !t.Low && total >= t.Need {
				p += q
			}
		}
		return p
	}
	theirs := sumDist(t.VsCount, t.VsSides)
	p := 0.0
	for k, q := range mine {
		for j, r := range theirs {
			if count+k+mod >= t.VsCount+j+t.Need {
				p += q * r
			}
		}
	}
	return p
}

// Met says whether a total meets a target that is not opposed.
func (t Target) Met(total int) bool {
	if t.Low {
		return total <= t.Need
	}
	return total >= t.Need
}

// sumDist is the distribution of the sum of count fair dice of sides:
// element k is the chance that they total count+k.
func sumDist(count, sides int) []float64 {
	dist := []float64{1}
	for range count {
		next := make([]float64, len(dist)+sides-1)
		for k, q := range dist {
			for f := range sides {
				next[k+f] += q / float64(sides)
			}
		}
		dist = next
	}
	return dist
}
