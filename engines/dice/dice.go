// Package dice is warlog's dice: notation (d6, 2d6, 3d4+1), the campaign's
// seeded program source and the queue of hand-entered dice. It never touches
// the store; the engine that rolls records every die as a dice.rolled fact.
package dice

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"warlog/internal/words"
)

// Sides are the dice warlog knows.
var Sides = []int{4, 6, 8, 10, 12, 20, 100}

// Notation is a parsed NdS+K.
type Notation struct {
	Count, Sides, Mod int
}

func (n Notation) String() string {
	s := fmt.Sprintf("%dd%d", n.Count, n.Sides)
	switch {
	case n.Mod > 0:
		s += fmt.Sprintf("+%d", n.Mod)
	case n.Mod < 0:
		s += fmt.Sprintf("%d", n.Mod)
	}
	return s
}

// MaxCount is the most dice one notation may roll.
const MaxCount = 100

// Parse reads NdS[+K|-K]; N defaults to 1 ("d6"). S must be one of Sides.
func Parse(s string) (Notation, error) {
	in := strings.ToLower(strings.TrimSpace(s))
	bad := func(why string) (Notation, error) {
		return Notation{}, fmt.Errorf("dice notation %q: %s; write NdS or NdS+K, e.g. d6, 2d6, 3d4+1", s, why)
	}
	d := strings.IndexByte(in, 'd')
	if d < 0 {
		return bad("no 'd'")
	}
	n := Notation{Count: 1}
	if d > 0 {
		c, err := strconv.Atoi(in[:d])
		if err != nil || c < 1 {
			return bad("the count before 'd' must be a whole number of at least 1")
		}
		if c > MaxCount {
			return bad(fmt.Sprintf("at most %s at once", words.Count(MaxCount, "die", "dice")))
		}
		n.Count = c
	}
	rest := in[d+1:]
	sidesPart, modPart := rest, ""
	if i := strings.IndexAny(rest, "+-"); i >= 0 {
		sidesPart, modPart = rest[:i], rest[i:]
	}
	sides, err := strconv.Atoi(sidesPart)
	if err != nil || !validSides(sides) {
		return bad("the die must be one of d4 d6 d8 d10 d12 d20 d100")
	}
	n.Sides = sides
	if modPart != "" {
		m, err := strconv.Atoi(modPart)
		if err != nil || m > 1000 || m < -1000 {
			return bad("the modifier must be a whole number like +1 or -2")
		}
		n.Mod = m
	}
	return n, nil
}

func validSides(s int) bool {
	for _, v := range Sides {
		if v == s {
			return true
		}
	}
	return false
}

// Source says where a die came from.
const (
	Program = "program"
	Hand    = "hand"
)

// Rolled is the payload of a dice.rolled fact: one roll of one or more dice.
type Rolled struct {
	Notation string `json:"notation"`
	Sides    int    `json:"sides"`
	Values   []int  `json:"values"`
	Mod      int    `json:"mod,omitempty"`
	Source   string `json:"source"`
	Purpose  string `json:"purpose"`
	// Index is the position of the first program die among the campaign's
	// program dice in effect; it makes a replayed log explain its values.
	Index int `json:"index,omitempty"`
	// By is the player or side the roll belongs to, when the engine says,
	// for the report's dice statistics.
	By string `json:"by,omitempty"`
	// Success is whether the roll achieved what it was rolled for, when the
	// engine judges it (a hit, a save); nil for rolls with no pass or fail.
	Success *bool `json:"success,omitempty"`
	// Target is what a judged roll needed (Success says whether it got
	// it), for the report's luck; nil where the rules judge nothing.
	Target *Target `json:"target,omitempty"`
}

// Total is the sum of the values plus the modifier.
func (r Rolled) Total() int {
	t := r.Mod
	for _, v := range r.Values {
		t += v
	}
	return t
}

// Type is the event type of a Rolled fact.
const Type = "dice.rolled"

// Die returns the k-th program die of a campaign with the given seed: the
// same seed, index and sides always give the same face, whatever the time,
// so undoing an action and doing it again rolls the same dice.
func Die(seed uint64, k int, sides int) int {
	a := mix(seed ^ mix(uint64(k)+0x9e3779b97f4a7c15))
	r := rand.New(rand.NewPCG(a, mix(a^uint64(k))))
	return 1 + r.IntN(sides)
}

// mix is splitmix64's finalizer: neighbouring inputs give unrelated outputs,
// so dice k and k+1 are independent.
func mix(z uint64) uint64 {
	z += 0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// Errors of hand-entered dice; each message says what would be right.
var (
	ErrTooFew   = errors.New("too few dice given")
	ErrTooMany  = errors.New("too many dice given")
	ErrOutRange = errors.New("a die is out of range")
)

// Need describes one die an action asked for, for messages and prompts.
type Need struct {
	Sides   int
	Purpose string
}

func (n Need) String() string { return fmt.Sprintf("%s d%d", n.Purpose, n.Sides) }

// Roller hands dice to one decision: from the hand-entered queue when one was
// given, else from the campaign's seeded source starting at index Next.
type Roller struct {
	seed uint64
	next int
	hand []int
	// handMode is true when --dice was given: every die must come from it.
	handMode bool
	used     []Need
	ask      func(Need, int) (int, error)
	entered  []int
}

// NewAskingRoller takes every die from ask, one at a time, as the rules ask
// for it: play shows the player exactly which die is needed and why.
// ask must return a face within the die's sides or an error (the player
// gave up); the faces given are hand-entered dice like --dice.
func NewAskingRoller(seed uint64, next int, ask func(n Need, index int) (int, error)) *Roller {
	return &Roller{seed: seed, next: next, handMode: true, ask: ask}
}

// ErrUseProgram, returned by an asking roller's ask for the action's first
// die, lets the program roll every die of the action instead.
var ErrUseProgram = errors.New("the program rolls")

// Entered lists the hand-entered faces used so far, in order.
func (r *Roller) Entered() []int { return r.entered }

// NewRoller starts at program die index next (the count of program dice in
// effect). hand, if non-nil, is the queue of hand-entered values.
func NewRoller(seed uint64, next int, hand []int) *Roller {
	return &Roller{seed: seed, next: next, hand: hand, handMode: hand != nil}
}

// Roll rolls count dice of the given sides for purpose.
func (r *Roller) Roll(count, sides int, purpose string) (Rolled, error) {
	out := Rolled{Notation: Notation{Count: count, Sides: sides}.String(), Sides: sides, Purpose: purpose}
	for i := 0; i < count; i++ {
		r.used = append(r.used, Need{Sides: sides, Purpose: purpose})
	}
	if r.handMode {
		out.Source = Hand
		for i := 0; i < count; i++ {
			if r.ask != nil {
				n := len(r.used) - count + i
				v, err := r.ask(r.used[n], n+1)
				if errors.Is(err, ErrUseProgram) && n == 0 {
					r.ask, r.handMode = nil, false
					r.used = r.used[:0]
					return r.Roll(count, sides, purpose)
				}
				if err != nil {
					return Rolled{}, err
				}
				if v < 1 || v > sides {
					return Rolled{}, fmt.Errorf("%w: die %d (%s) is %d; a d%d shows 1 to %d", ErrOutRange, n+1, purpose, v, sides, sides)
				}
				out.Values = append(out.Values, v)
				r.entered = append(r.entered, v)
				continue
			}
			if len(r.hand) == 0 {
				return Rolled{}, fmt.Errorf("%w: this action needs at least %s (%s); %s given",
					ErrTooFew, words.Count(len(r.used), "die", "dice"), r.describe(), words.Count(len(r.used)-count+i, "was", "were"))
			}
			v := r.hand[0]
			if v < 1 || v > sides {
				return Rolled{}, fmt.Errorf("%w: die %d (%s) is %d; a d%d shows 1 to %d",
					ErrOutRange, len(r.used)-count+i+1, purpose, v, sides, sides)
			}
			out.Values = append(out.Values, v)
			r.entered = append(r.entered, v)
			r.hand = r.hand[1:]
		}
		return out, nil
	}
	out.Source = Program
	out.Index = r.next
	for i := 0; i < count; i++ {
		out.Values = append(out.Values, Die(r.seed, r.next, sides))
		r.next++
	}
	return out, nil
}

// Finish checks that every hand-entered die was used.
func (r *Roller) Finish() error {
	if r.handMode && len(r.hand) > 0 {
		if len(r.used) == 0 {
			return fmt.Errorf("%w: this action rolls no dice; %s given", ErrTooMany, words.Count(len(r.hand), "was", "were"))
		}
		return fmt.Errorf("%w: this action needs %s (%s); %s given",
			ErrTooMany, words.Count(len(r.used), "die", "dice"), r.describe(), words.Count(len(r.used)+len(r.hand), "was", "were"))
	}
	return nil
}

// Used lists the dice asked for so far, in order.
func (r *Roller) Used() []Need { return r.used }

// Next is the program index the next program die would take.
func (r *Roller) Next() int { return r.next }

// describe lists the dice asked for so far (Describe).
func (r *Roller) describe() string { return Describe(r.used) }

// Describe lists dice asked for in order, a run of dice asked for the
// same purpose once with its count ("Ben's action dice 10d6"), so that a
// roll of many alike dice does not repeat its purpose for each die.
func Describe(needs []Need) string {
	var parts []string
	for i := 0; i < len(needs); {
		j := i + 1
		for j < len(needs) && needs[j] == needs[i] {
			j++
		}
		if j-i == 1 {
			parts = append(parts, needs[i].String())
		} else {
			parts = append(parts, fmt.Sprintf("%s %s", needs[i].Purpose, Notation{Count: j - i, Sides: needs[i].Sides}))
		}
		i = j
	}
	return strings.Join(parts, ", ")
}

// ParseHand reads "4,2" or "4 2" into values. Faces are checked when used,
// against the die the rule asks for.
func ParseHand(s string) ([]int, error) {
	fields := strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' })
	if len(fields) == 0 {
		return nil, fmt.Errorf("--dice %q: give the faces separated by commas, e.g. --dice 4,2", s)
	}
	out := make([]int, len(fields))
	for i, f := range fields {
		v, err := strconv.Atoi(f)
		if err != nil {
			return nil, fmt.Errorf("--dice %q: %q is not a whole number; give the faces separated by commas, e.g. --dice 4,2", s, f)
		}
		out[i] = v
	}
	return out, nil
}
