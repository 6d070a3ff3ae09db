package incarn28

import (
	"warlog/engines"
)

// The fates of an incarn in a game (engines.Fate).
const (
	// FateSurvived: in play when the game ended, stunned or not.
	FateSurvived = "survived"
	// FateExhumed: slain and raised by an enemy Exhumer into its gang,
	// where it ended the game.
	FateExhumed = "exhumed"
)

// harm is the unit of what an incarn deals and takes: each stun and each
// slaying is one (seed 000 line 37).
const harm = "harm"

// outcome states how the game b ended, as it ends: the player who met both
// objectives (or whom the players declared) wins; a game ended without a
// winner is a draw. Each player scores the objectives met; each gang
// member that fought is slain, routed, exhumed or survived, and the
// enemies it slew, whoever was activating, are its removals (every incarn of
// the two gangs fights; the other gangs' have no part in the game). Nothing
// carries over for an incarn (the seed has no injuries); each gang records
// the game.
func (s *State) outcome(b *Battle) *engines.Outcome {
	// A replay states the outcome of every game again: each list is
	// allocated once, at its size.
	o := &engines.Outcome{Winner: b.Winner, Draw: b.Winner == "", Why: b.Why, Result: "no winner", Damage: harm,
		Sides: make([]engines.SideResult, len(b.Sides)), Campaign: make([]string, len(b.Sides), len(b.Sides)+1)}
	if b.Winner != "" {
		o.Result = b.Winner + " wins"
	}
	for i, p := range b.Sides {
		o.Sides[i] = engines.SideResult{Name: p, Player: p, Won: p == b.Winner, Score: len(b.Done[p]), Scored: "objectives met"}
		switch {
		case p == b.Winner:
			o.Campaign[i] = p + "'s gang records a win"
		case b.Winner != "":
			o.Campaign[i] = p + "'s gang records a loss"
		default:
			o.Campaign[i] = p + "'s gang records a game without a winner"
		}
	}
	o.Campaign = append(o.Campaign, "slain incarns return for the next game (the seed has no injuries)")
	n := 0
	for _, f := range b.Figures {
		if f.ID != "" {
			n++
		}
	}
	o.Figures = make([]engines.Fate, 0, n)
	for _, f := range b.Figures {
		if f.ID == "" {
			continue
		}
		name := f.Name
		if f.Side != f.Origin { // exhumed, perhaps renamed in its new gang
			name = s.memberName(f)
		}
		o.Figures = append(o.Figures, engines.Fate{ID: f.ID, Name: name, Side: f.Origin, Fate: fate(f), Removals: f.Removals, Activations: f.Activations,
			Attacks: f.Attacks, Dealt: f.HarmDealt, Taken: f.HarmTaken})
	}
	return o
}

// fate is how the gang member f ended the game.
func fate(f *Figure) string {
	switch {
	case f.Status == StatusSlain || f.Status == StatusRouted:
		return f.Status
	case f.Side != f.Origin:
		return FateExhumed
	}
	return FateSurvived
}

// memberName is the name the gang member f has in its gang.
func (s *State) memberName(f *Figure) string {
	if g := s.gang(f.Origin); g != nil {
		for i, id := range g.IDs {
			if id == f.ID {
				return g.Incarns[i].Name
			}
		}
	}
	return f.Name
}
