package kingsown

import (
	"fmt"
	"strings"

	"warlog/engines"
)

// outcome is how the fight ended, as the chronicle and the reports read
// it: the winner (or a draw), each side's removals of the enemy, and what
// the fight did to each figure of the campaign roster (the Nest and its
// grunts are not the campaign's, so they have no fate here).
func (r Record) outcome() *engines.Outcome {
	e := r.Ended
	o := &engines.Outcome{Winner: e.Winner, Result: e.Result, Why: whyOf(e, r.Battle.played()), Damage: "Hits"}
	if e.Winner == "draw" {
		o.Winner, o.Draw = "", true
	}
	for _, sd := range r.Battle.Sides {
		o.Sides = append(o.Sides, engines.SideResult{Name: sd, Won: !o.Draw && strings.EqualFold(sd, o.Winner),
			Score: e.Removed[r.Battle.other(sd)], Scored: "removals"})
	}
	for _, oc := range e.Outcomes {
		f := engines.Fate{ID: key(oc.Side, oc.Name), Name: oc.Name, Side: oc.Side, Fate: oc.Fate, Removals: oc.Removals, Told: consequence(oc)}
		f.Track = fmt.Sprintf("campaign Skill %d", oc.NewSkill)
		if oc.NewSkill != oc.Skill {
			f.Carries = fmt.Sprintf("campaign Skill %d -> %d", oc.Skill, oc.NewSkill)
		}
		if fig := r.Battle.fig(Ref{oc.Side, oc.Name}); fig != nil && fig.Member {
			f.Attacks, f.Dealt, f.Taken = fig.Made, fig.Dealt, max(fig.Card.Hits-fig.Hits, 0)
		}
		if oc.Fate == StatusDown {
			f.Carries, f.Track = "dead", ""
		}
		o.Figures = append(o.Figures, f)
	}
	return o
}
