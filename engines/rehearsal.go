package engines

import "warlog/engines/dice"

// Rehearsal plays commands on a state in memory with a campaign's seeded
// program dice, exactly as the campaign will roll them: a demo plans its
// battle with one, so every line it prints is one the rules accept,
// whatever the seed.
type Rehearsal struct {
	Engine Engine
	State  State
	Seed   uint64
	next   int
}

// Try decides cmd and, when the rules accept it, folds its facts and
// reports true; a refusal changes nothing.
func (r *Rehearsal) Try(cmd Command) bool {
	roller := dice.NewRoller(r.Seed, r.next, nil)
	d := NewDecision(roller)
	if err := r.Engine.Decide(r.State, cmd, d); err != nil {
		return false
	}
	for _, f := range d.Facts() {
		if err := r.Engine.Apply(r.State, f.Type, f.Data); err != nil {
			return false
		}
	}
	r.next = roller.Next()
	return true
}
