package incarn28

import (
	"fmt"

	"warlog/engines"
	"warlog/internal/words"
)

// checkObjectives records every objective the log shows met, and the
// winner once a player has both.
//
// Ruling: when one action completes both players' objectives, the player
// whose action it was wins; else the first player listed.
func (r *referee) checkObjectives() error {
	b := r.Battle
	if b == nil || b.Ended || len(b.Objectives) < 2 {
		return nil
	}
	order := append([]string(nil), b.Sides...)
	if r.actor == order[1] {
		order[0], order[1] = order[1], order[0]
	}
	for _, p := range order {
		for _, o := range b.Objectives[p] {
			if b.done(p, o) {
				continue
			}
			if how := r.met(p, o); how != "" {
				if err := r.Emit(TypeObjectiveCompleted, ObjectiveCompleted{Player: p, Objective: o, How: how}); err != nil {
					return err
				}
				r.Say("%s completes %s (%s).", p, objName(o), how)
				if err := r.onObjective(p); err != nil {
					return err
				}
				r.flushNotes()
			}
		}
	}
	for _, p := range order {
		if len(b.Done[p]) >= 2 {
			why := fmt.Sprintf("%s met both objectives, %s and %s", p, objName(b.Objectives[p][0]), objName(b.Objectives[p][1]))
			if err := r.Emit(TypeBattleEnded, BattleEnded{Winner: p, Why: why}); err != nil {
				return err
			}
			r.Say("%s wins the game: %s!", p, why)
			return nil
		}
	}
	return nil
}

func (b *Battle) done(p string, o int) bool {
	for _, x := range b.Done[p] {
		if x == o {
			return true
		}
	}
	return false
}

// met says how objective o of player p is met, or "" when it is not (or
// only the table can tell).
//
// Ruling (Intimidate): every enemy incarn that has been in play counts,
// summons included; the Assassinate and Escort incarns and Deathbeasts do
// not. Ruling (Decimate): every enemy incarn slain or routed counts at its
// cost, whoever slew it; objective incarns cost nothing.
func (r *referee) met(p string, o int) string {
	b := r.Battle
	opp := b.opponent(p)
	switch o {
	case 1:
		if b.Desecrate[p] >= 20 {
			return fmt.Sprintf("%s on the objective", words.Count(b.Desecrate[p], "hit", "hits"))
		}
	case 2:
		n := 0
		for _, f := range b.Figures {
			if f.Side != opp || f.Tag == TagAssassinate || f.Tag == TagEscort || f.Tag == TagDeathbeast {
				continue
			}
			if !f.Harmed {
				return ""
			}
			n++
		}
		if n > 0 {
			return fmt.Sprintf("all %d enemy incarns stunned or slain", n)
		}
	case 3:
		for _, f := range b.Figures {
			if f.Tag == TagAssassinate && f.For == p && (f.Status == StatusSlain) {
				return f.Name + " is slain"
			}
		}
	case 4:
		for _, f := range b.Figures {
			if f.Tag == TagDeathbeast && f.For == p && f.Status == StatusSlain {
				return f.Name + " is slain"
			}
		}
	case 7:
		if v := b.slainBones(opp); v >= 20 {
			return fmt.Sprintf("%d B of enemies slain", v)
		}
	}
	return ""
}

// slainBones is the cost of side's slain and routed incarns (Decimate).
func (b *Battle) slainBones(side string) int {
	t := 0
	for _, f := range b.Figures {
		if f.Side == side && (f.Status == StatusSlain || f.Status == StatusRouted) && (f.Tag == "" || f.Tag == TagSummoned) {
			t += Cost(f.Incarn)
		}
	}
	return t
}

func (r *referee) markObjective(c MarkObjective) error {
	b := r.Battle
	side, err := b.player("Objectives", c.Player)
	if err != nil {
		return err
	}
	o, err := FindObjective(c.Objective)
	if err != nil {
		return refuse("Objectives", err)
	}
	if o.Kind != KindRecorded {
		return engines.Refuse("Objectives", "%s is tracked from the log; it completes itself when the log shows it", o.Name)
	}
	mine := false
	for _, x := range b.Objectives[side] {
		if x == o.N {
			mine = true
		}
	}
	if !mine {
		return engines.Refuse("Objectives", "%s objectives are %s and %s, not %s", words.Possessive(side), objName(b.Objectives[side][0]), objName(b.Objectives[side][1]), o.Name)
	}
	if b.done(side, o.N) {
		return engines.Refuse("Objectives", "%s has already completed %s", side, o.Name)
	}
	r.actor = side
	r.D.Label("%s reports %s done at the table.", side, o.Name)
	if err := r.Emit(TypeObjectiveCompleted, ObjectiveCompleted{Player: side, Objective: o.N, How: "recorded at the table"}); err != nil {
		return err
	}
	if err := r.onObjective(side); err != nil {
		return err
	}
	r.flushNotes()
	return nil
}
