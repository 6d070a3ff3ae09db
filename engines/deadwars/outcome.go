package deadwars

import (
	"slices"
	"strconv"

	"warlog/engines"
)

// Fates of a figure in a battle.
const (
	FateSurvived = "survived"
	FateDead     = "dead"
	FateSatOut   = "sat out"
)

// outcome states how the battle b, just ended, came out: the winner or a
// draw, each player's count in the scenario's terms (kill points, Souls,
// Humans killed, figures at the shrine), and the fate of every figure of
// the campaign's forces, fielded or not. The Humans of Hunt the Hunters
// belong to no force and have none. It is derived from the battle alone,
// so a log written before outcomes were kept gives the same one.
func (s *State) outcome(b *Battle) *engines.Outcome {
	o := &engines.Outcome{Winner: b.Winner, Draw: b.Winner == "", Result: b.Result, Why: b.Why, Damage: "wounds"}
	sc := b.scores()
	_, unit := scoreUnit(b.Brief)
	o.Sides = make([]engines.SideResult, 0, len(b.Sides))
	for _, side := range b.Sides {
		o.Sides = append(o.Sides, engines.SideResult{Name: side, Player: side, Won: side == b.Winner, Score: sc[side], Scored: unit})
	}
	n := 0
	for _, f := range s.Forces {
		n += len(f.Figures)
	}
	o.Figures = make([]engines.Fate, 0, n)
	for _, f := range s.Forces {
		fielded := slices.Contains(b.Sides, f.Player)
		for _, m := range f.Figures {
			fate := engines.Fate{ID: m.ID, Name: m.Name, Side: f.Player, Fate: FateSatOut}
			if fig := b.Fig(Ref{Side: f.Player, Name: m.Name}); fielded && fig != nil {
				fate.Fate, fate.Removals, fate.Carries = FateSurvived, fig.Kills, carried(fig)
				fate.Attacks, fate.Dealt, fate.Taken = fig.Made, fig.Dealt, fig.Wounds
				if fig.Dead {
					fate.Fate = FateDead
				}
			}
			o.Figures = append(o.Figures, fate)
		}
	}
	return o
}

// figureID names a campaign's figure by its force's place among the forces
// and its own in the force ("2.3": the second force's third figure), given
// when it is recruited. Forces and figures are only ever added, so it never
// changes.
func figureID(force, figure int) string {
	return strconv.Itoa(force+1) + "." + strconv.Itoa(figure+1)
}

// carried is what a battle adds to a figure's campaign record. A figure
// comes back at full wounds whatever happened to it (the seed has no lasting
// injuries): only its record changes.
func carried(f *Fig) string {
	var buf [96]byte
	b := buf[:0]
	add := func(n int, one, many string) {
		if n == 0 {
			return
		}
		b = append(b, ", "...)
		b = strconv.AppendInt(b, int64(n), 10)
		b = append(b, ' ')
		if n == 1 {
			b = append(b, one...)
		} else {
			b = append(b, many...)
		}
	}
	add(f.Kills, "kill", "kills")
	add(f.KP, "kill point", "kill points")
	add(f.Souls, "Soul", "Souls")
	add(f.Humans, "Human killed", "Humans killed")
	if f.Dead {
		b = append(b, ", a death"...)
	}
	if len(b) == 0 {
		return ""
	}
	return "its record gains " + string(b[2:])
}
