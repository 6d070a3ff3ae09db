package incarn28

import (
	"fmt"
	"strings"

	"warlog/engines"
)

// Status implements engines.State: the game in progress (or the last one).
func (s *State) Status() engines.Status {
	b := s.Battle
	if b == nil {
		st := engines.Status{Phase: "between games"}
		for _, g := range s.Gangs {
			st.Notes = append(st.Notes, s.gangNote(g))
		}
		if len(s.Gangs) < 2 {
			st.Notes = append(st.Notes, "found two gangs, then start a game")
			st.Next = []string{"i28 gang", "scenario start"}
		}
		return st
	}
	st := engines.Status{Scenario: b.Name, Turn: b.Round}
	switch {
	case b.Ended:
		st.Phase = "over"
	case b.Round == 0:
		st.Phase = "setup"
	case b.Current != nil:
		st.Phase = "activation"
	default:
		st.Phase = "round"
	}
	if b.Twist > 0 {
		t := Twists[b.Twist-1]
		st.Notes = append(st.Notes, fmt.Sprintf("twist %d, %s: %s", t.N, t.Name, t.Summary))
	}
	for _, p := range b.Sides {
		var parts []string
		for _, o := range b.Objectives[p] {
			mark := ""
			if b.done(p, o) {
				mark = " (done)"
			} else {
				switch o {
				case 1:
					mark = fmt.Sprintf(" (%d/20 hits)", b.Desecrate[p])
				case 7:
					mark = fmt.Sprintf(" (%d/20 B)", b.slainBones(b.opponent(p)))
				}
			}
			parts = append(parts, objName(o)+mark)
		}
		sl, stt := b.morale(p)
		morale := ""
		if stt > 0 && 2*sl >= stt {
			morale = "; half or more slain: an ACT-R of 1 or less routs"
		}
		st.Notes = append(st.Notes, fmt.Sprintf("%s: %s; %d of %d starting incarns slain%s", p, strings.Join(parts, ", "), sl, stt, morale))
	}
	switch {
	case b.Ended && b.Winner != "":
		st.Notes = append(st.Notes, fmt.Sprintf("%s won: %s", b.Winner, b.Why))
	case b.Ended:
		st.Notes = append(st.Notes, "over without a winner: "+b.Why)
	case b.Current != nil:
		f := b.fig(b.Current.Figure)
		st.Notes = append(st.Notes, fmt.Sprintf("%s is activating with %s left", f.Name, plural(b.Current.ACs, "AC")))
	case b.RoundOver && s.anyToActivate(DeathbeastSide):
		st.Notes = append(st.Notes, "the round is over (Enigma); the Deathbeast still activates at its end")
		st.Next = []string{"i28 activate"}
	case b.RoundOver:
		st.Notes = append(st.Notes, "the round is over")
		st.Next = []string{"i28 round"}
	case b.Again != "":
		st.Notes = append(st.Notes, fmt.Sprintf("%s may activate again now", b.fig(b.Again).Name))
	case b.Round == 0:
		st.Notes = append(st.Notes, "deploy, then begin round 1")
		st.Next = []string{"i28 round"}
	case b.Next != "":
		st.Notes = append(st.Notes, b.Next+" to activate")
	}
	removed := map[string]int{}
	for _, f := range b.Figures {
		st.Figures = append(st.Figures, figureRow(f, b))
		// Slain or routed: a figure the Rift lifted comes back at the
		// start of the next round (seed line 649); it is not removed.
		if f.Status == StatusSlain || f.Status == StatusRouted {
			removed[f.Side]++
		}
	}
	sides := append([]string(nil), b.Sides...)
	for _, f := range b.Figures {
		if f.Side == DeathbeastSide {
			sides = append(sides, DeathbeastSide)
			break
		}
	}
	for _, p := range sides {
		row := engines.Row{{Key: "name", Value: p}, {Key: "removed", Value: removed[p]}}
		if g := s.gang(p); g != nil {
			row = append(row, engines.Field{Key: "faction", Value: g.Faction})
		}
		if len(b.Done[p]) > 0 || len(b.Objectives[p]) > 0 {
			row = append(row, engines.Field{Key: "objectives_done", Value: len(b.Done[p])})
		}
		st.Sides = append(st.Sides, row)
	}
	return st
}

func figureRow(f *Figure, b *Battle) engines.Row {
	sk, _ := FindSkill(f.Skill)
	to, _ := FindToughness(f.Toughness)
	acs := 0
	if b.Current != nil && b.Current.Figure == f.Key() {
		acs = b.Current.ACs
	}
	var marks []string
	if f.OnFire {
		marks = append(marks, "on fire")
	}
	switch {
	case f.Rifted:
		marks = append(marks, "lifted by the Rift")
	case f.RiftUsed:
		marks = append(marks, "lifted once by the Rift")
	}
	if f.MarkedBy != "" {
		marks = append(marks, "inseminated")
	}
	// The marks that last (seed lines 287, 535, 559, 605, 377).
	for _, m := range []struct {
		on   bool
		text string
	}{
		{f.Stone, "stone (Gargoyle)"},
		{f.Revealed, "unmasked (Spy)"},
		{f.ToxicUsed, "Toxic spent"},
		{f.DecoyUsed, "Decoy spent"},
		{f.InseminateUsed, "Inseminator mark spent"},
	} {
		if m.on {
			marks = append(marks, m.text)
		}
	}
	if f.Tag != "" {
		marks = append(marks, f.Tag)
	}
	if f.Saved > 0 {
		marks = append(marks, fmt.Sprintf("%d saved AC", f.Saved))
	}
	return engines.Row{
		{Key: "name", Value: f.Name},
		{Key: "side", Value: f.Side},
		{Key: "status", Value: f.Status},
		{Key: "act", Value: sk.Die},
		{Key: "def", Value: to.Die},
		{Key: "acs", Value: acs},
		{Key: "activated", Value: f.Activated},
		{Key: "flesh", Value: strings.Join(f.Flesh, ", ")},
		{Key: "items", Value: strings.Join(f.Items, ", ")},
		{Key: "notes", Value: strings.Join(marks, ", ")},
	}
}

func (s *State) gangNote(g *Gang) string {
	return fmt.Sprintf("%s: %s, %s, %d of %d B; %s, %s", g.Player, g.Faction, plural(len(g.Incarns), "incarn"), GangCost(g.Incarns), g.Bones, plural(g.Games, "game"), plural(g.Wins, "win"))
}

// Roster implements engines.State: every gang's incarns.
//
// Ruling: the seed has no campaign rules, so incarns slain in a game come
// back for the next; the roster keeps each gang's games and wins.
func (s *State) Roster() engines.Roster {
	r := engines.Roster{}
	for _, g := range s.Gangs {
		r.Notes = append(r.Notes, s.gangNote(g))
		for _, in := range g.Incarns {
			sk, _ := FindSkill(in.Skill)
			to, _ := FindToughness(in.Toughness)
			inGame := ""
			if s.Battle != nil && !s.Battle.Ended {
				if f := s.Battle.fig(Key(g.Player, in.Name)); f != nil {
					inGame = f.Status
				}
			}
			r.Figures = append(r.Figures, engines.Row{
				{Key: "name", Value: in.Name},
				{Key: "side", Value: g.Player},
				{Key: "status", Value: "available"},
				{Key: "in_game", Value: inGame},
				{Key: "skill", Value: in.Skill},
				{Key: "act", Value: sk.Die},
				{Key: "toughness", Value: in.Toughness},
				{Key: "def", Value: to.Die},
				{Key: "cost", Value: Cost(in)},
				{Key: "flesh", Value: strings.Join(in.Flesh, ", ")},
				{Key: "items", Value: strings.Join(in.Items, ", ")},
				{Key: "games", Value: g.Games},
			})
		}
	}
	for _, rec := range s.Past.All() {
		res := "no winner"
		if w := rec.Outcome.Winner; w != "" {
			res = w + " won"
		}
		r.Notes = append(r.Notes, fmt.Sprintf("game %q (%s): %s in round %d", rec.Name, strings.Join(rec.Sides, " v "), res, rec.Rounds))
	}
	return r
}

// Now implements engines.Turner.
func (s *State) Now() (string, int) {
	if s.Battle == nil || s.Battle.Ended {
		return "", 0
	}
	return s.Battle.Name, s.Battle.Round
}

// Scenarios implements engines.Chronicler.
func (s *State) Scenarios() []engines.ScenarioSummary {
	var out []engines.ScenarioSummary
	for _, rec := range s.Past.All() {
		sum := engines.ScenarioSummary{Name: rec.Name, Turn: rec.Rounds, Outcome: rec.Outcome}
		sum.FromOutcome()
		for _, p := range rec.Sides {
			ss := engines.SideSummary{Name: p, Player: p, RemovedPerTurn: rec.Removed[p]}
			for _, in := range rec.Forces[p] {
				ss.Forces = append(ss.Forces, incarnRow(in))
			}
			sum.Sides = append(sum.Sides, ss)
		}
		out = append(out, sum)
	}
	if b := s.Battle; b != nil && !b.Ended {
		sum := engines.ScenarioSummary{Name: b.Name, Turn: b.Round}
		for _, p := range b.Sides {
			ss := engines.SideSummary{Name: p, Player: p, RemovedPerTurn: b.RemovedPerR[p]}
			for _, f := range b.Figures {
				if f.Side == p && f.Tag == "" {
					ss.Forces = append(ss.Forces, incarnRow(f.Incarn))
				}
			}
			sum.Sides = append(sum.Sides, ss)
		}
		out = append(out, sum)
	}
	return out
}

func incarnRow(in Incarn) engines.Row {
	return engines.Row{
		{Key: "name", Value: in.Name}, {Key: "skill", Value: in.Skill}, {Key: "toughness", Value: in.Toughness},
		{Key: "flesh", Value: strings.Join(in.Flesh, ", ")}, {Key: "items", Value: strings.Join(in.Items, ", ")},
		{Key: "cost", Value: Cost(in)},
	}
}

// Interface checks.
var (
	_ engines.Engine      = Engine
	_ engines.State       = (*State)(nil)
	_ engines.Chronicler  = (*State)(nil)
	_ engines.Turner      = (*State)(nil)
	_ engines.Prompter    = (*State)(nil)
	_ engines.Snapshotter = Engine
)
