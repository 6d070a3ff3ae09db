package kingsown

// What the screens and reports read of the state: the battle in
// progress, the roster, every fight as the chronicle tells it.

import (
	"fmt"
	"sort"
	"strings"

	"warlog/engines"
)

func (r Record) summary(s *State) engines.ScenarioSummary {
	sum := s.summary(r.Battle)
	sum.Outcome = r.Battle.Outcome // stated by a version that stored it
	if sum.Outcome == nil {
		sum.Outcome = r.outcome()
	}
	sum.FromOutcome()
	return sum
}

// whyOf tells the removals of a fight that played the given turns (a log
// written before the turns were counted so recorded one turn too many when
// the fight ended between turns: the fight itself says how many it played).
func whyOf(p ScenarioEnded, played int) string {
	var parts []string
	sides := make([]string, 0, len(p.Removed))
	for sd := range p.Removed {
		sides = append(sides, sd)
	}
	sort.Strings(sides)
	for _, sd := range sides {
		parts = append(parts, fmt.Sprintf("%s lost %d", sd, p.Removed[sd]))
	}
	when := "Ended " + afterTurn(played)
	return fmt.Sprintf("%s; figures removed: %s.", when, strings.Join(parts, ", "))
}

func consequence(o Outcome) string {
	switch o.Fate {
	case StatusDown:
		return fmt.Sprintf("%s went Down: dead", o.Name)
	case StatusBroken:
		return fmt.Sprintf("%s was Broken: campaign Skill %d -> %d", o.Name, o.Skill, o.NewSkill)
	case "sat out":
		if o.NewSkill != o.Skill {
			return fmt.Sprintf("%s sat out and recovered: campaign Skill %d -> %d", o.Name, o.Skill, o.NewSkill)
		}
		return fmt.Sprintf("%s sat out", o.Name)
	case StatusWithdrawn:
		return fmt.Sprintf("%s withdrew: campaign Skill stays %d", o.Name, o.NewSkill)
	}
	return fmt.Sprintf("%s came through: campaign Skill stays %d", o.Name, o.NewSkill)
}

// summary tells the fight b as the chronicle does.
func (s *State) summary(b *Battle) engines.ScenarioSummary {
	played := b.played()
	sum := engines.ScenarioSummary{Name: b.Name, Brief: b.Brief, Turn: played}
	for _, side := range b.Sides {
		ss := engines.SideSummary{Name: side, RemovedPerTurn: make([]int, played), Forces: []engines.Row{}}
		for _, f := range b.Figures {
			if !strings.EqualFold(f.Card.Side, side) {
				continue
			}
			r := engines.Row{{Key: "name", Value: f.Card.Name}, {Key: "side", Value: f.Card.Side},
				{Key: "skill", Value: f.StartSkill}, {Key: "hits", Value: f.Card.Hits}}
			if f.JoinedTurn > 1 {
				r = append(r, engines.Field{Key: "joined_turn", Value: f.JoinedTurn})
			}
			ss.Forces = append(ss.Forces, r)
			if f.Out() && f.OutTurn >= 1 && f.OutTurn <= played {
				ss.RemovedPerTurn[f.OutTurn-1]++
			}
		}
		sum.Sides = append(sum.Sides, ss)
	}
	return sum
}

// Scenarios implements engines.Chronicler: every fight, the one in
// progress last.
func (s *State) Scenarios() []engines.ScenarioSummary {
	var out []engines.ScenarioSummary
	for _, r := range s.Past.All() {
		out = append(out, r.summary(s))
	}
	if s.Battle != nil {
		out = append(out, s.summary(s.Battle))
	}
	return out
}

// LatestScenario implements engines.LatestChronicler: the fight in
// progress, else the last one fought, summarised alone.
func (s *State) LatestScenario() (engines.ScenarioSummary, bool) {
	if s.Battle != nil {
		return s.summary(s.Battle), true
	}
	if r, ok := s.Past.Last(); ok {
		return r.summary(s), true
	}
	return engines.ScenarioSummary{}, false
}

// Now implements engines.Turner. Between the `next` that closes a turn and
// the initiative of the following one, nothing has happened in the new turn
// yet, so the action that closed the turn is filed under it.
func (s *State) Now() (string, int) {
	if s.Battle == nil {
		return "", 0
	}
	if s.Battle.Phase == PhaseInitiative && s.Battle.Turn > 1 {
		return s.Battle.Name, s.Battle.Turn - 1
	}
	return s.Battle.Name, s.Battle.Turn
}

// Status implements engines.State.
func (s *State) Status() engines.Status {
	b := s.Battle
	if b == nil {
		st := engines.Status{Notes: []string{"no fight in progress"}, Next: []string{"scenario start"}}
		if r, ok := s.Past.Last(); ok {
			last := r.Ended
			st.Notes = append(st.Notes, fmt.Sprintf("last fight: %s — %s", last.Name, last.Result))
		}
		return st
	}
	st := engines.Status{Scenario: b.Name, Turn: b.Turn, Phase: b.Phase}
	st.Notes = append(st.Notes, fmt.Sprintf("turn %d of %d", b.Turn, b.Turns))
	if b.Brief != "" {
		st.Notes = append(st.Notes, "brief: "+b.Brief)
	}
	switch b.Phase {
	case PhaseInitiative:
		st.Next = []string{"ko initiative"}
	case PhaseChoosing:
		st.Notes = append(st.Notes, fmt.Sprintf("the %s won the roll-off and choose who moves first", b.Winner))
		st.Next = []string{"ko first"}
	case PhaseMovement:
		if b.ToMove != "" {
			st.Notes = append(st.Notes, "to move: "+b.ToMove)
		} else {
			st.Notes = append(st.Notes, "every figure has moved")
			st.Next = []string{"ko next"}
		}
	case PhaseAttack:
		if b.Step != 0 {
			st.Notes = append(st.Notes, fmt.Sprintf("attacking: Skill %d step", b.Step))
		} else {
			st.Notes = append(st.Notes, "attacks go by Skill, highest first")
		}
	case PhaseOver:
		st.Notes = append(st.Notes, "the turn limit is reached")
		st.Next = []string{"scenario end"}
	}
	for _, f := range b.Figures {
		// Ruling (2026-12-01): a lockout earned in the fight's last turn
		// ends with the fight.
		if f.LockedTurn >= b.Turn && f.LockedTurn <= b.Turns {
			why := "Firebolt"
			if f.LockedBy != "" {
				why = "the price of a failed " + f.LockedBy
			}
			st.Notes = append(st.Notes, fmt.Sprintf("%s cannot cast in turn %d (%s)", f.Card.Name, f.LockedTurn, why))
		}
	}
	for _, f := range b.Figures {
		// Ruling: attacks left is what the rules would still allow this
		// turn: none after a move that bars attacking, none once a lower
		// Skill step has passed the figure over, none for a caster locked
		// out of Spells that has no weapon (Ruling, 2026-12-01).
		left := 0
		locked := len(f.Card.Weapons) == 0 && f.LockedTurn == b.Turn
		if !f.Card.Static && !locked && (!f.Out() || f.Pending) && moveBar(f) == nil && !b.passedOver(f) {
			left = f.Card.Attacks() - f.Attacks
		}
		r := engines.Row{
			{Key: "name", Value: f.Card.Name}, {Key: "side", Value: f.Card.Side}, {Key: "status", Value: f.Status},
			{Key: "skill", Value: f.Skill}, {Key: "start_skill", Value: f.StartSkill},
			{Key: "move", Value: f.Card.Move}, {Key: "res", Value: f.Res()}, {Key: "hits", Value: f.Hits},
			{Key: "attacks_left", Value: left}, {Key: "moved", Value: f.Moved}, {Key: "facing", Value: f.Facing},
		}
		st.Figures = append(st.Figures, r)
	}
	for _, side := range b.Sides {
		st.Sides = append(st.Sides, engines.Row{{Key: "name", Value: side}, {Key: "removed", Value: b.removed(side)}})
	}
	return st
}

// priceList is each of the card's spells that has a price of failure,
// with it ("Firebolt: no spells next turn").
func (c Card) priceList() []string {
	var out []string
	for _, sp := range c.Spells {
		if p := c.PriceOf(sp); p != "" {
			out = append(out, sp+": "+p)
		}
	}
	return out
}

// RosterStatus is a roster figure's state: available, recovering or dead.
func (m *Member) RosterStatus() string {
	switch {
	case m.Dead:
		return "dead"
	case m.Skill < m.Card.Skill:
		return "recovering"
	}
	return "available"
}

// fightsOf is how each fight ended for each roster figure, oldest first,
// by key(side, name) (names are unique per side, so a fight's outcome is
// the figure's of that name).
func (s *State) fightsOf() map[string][]string {
	out := map[string][]string{}
	for _, r := range s.Past.All() {
		for _, o := range r.Ended.Outcomes {
			k := key(o.Side, o.Name)
			out[k] = append(out[k], r.Ended.Name+": "+o.Fate)
		}
	}
	return out
}

// Roster implements engines.State.
func (s *State) Roster() engines.Roster {
	r := engines.Roster{}
	if s.Battle != nil {
		r.Notes = append(r.Notes, "fight in progress: "+s.Battle.Name)
	}
	fights := s.fightsOf()
	for _, m := range s.Members {
		row := engines.Row{
			{Key: "name", Value: m.Card.Name}, {Key: "side", Value: m.Card.Side}, {Key: "status", Value: m.RosterStatus()},
			{Key: "skill", Value: m.Skill}, {Key: "card_skill", Value: m.Card.Skill},
			{Key: "scenarios", Value: m.Fought}, {Key: "sat_out", Value: m.SatOut}, {Key: "removals", Value: m.Removals},
			{Key: "fights", Value: append([]string{}, fights[key(m.Card.Side, m.Card.Name)]...)},
		}
		if m.Card.Unique() {
			row = append(row, engines.Field{Key: "unique", Value: true})
		}
		if ps := m.Card.priceList(); len(ps) > 0 {
			row = append(row, engines.Field{Key: "prices", Value: ps})
		}
		r.Figures = append(r.Figures, row)
	}
	return r
}
