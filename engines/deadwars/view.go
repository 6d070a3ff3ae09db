package deadwars

import (
	"fmt"
	"slices"
	"strings"

	"warlog/engines"
	"warlog/internal/words"
)

// Status implements engines.State: the battle in progress, or the last one
// fought, with the unspent dice by face and action and the magic pools.
func (s *State) Status() engines.Status {
	b := s.Last()
	if b == nil {
		st := engines.Status{Phase: "between battles"}
		if len(s.Forces) == 0 {
			st.Notes = []string{"No force yet"}
			st.Next = []string{"dw force"}
		}
		for _, f := range s.Forces {
			st.Notes = append(st.Notes, s.forceNote(f))
		}
		return st
	}
	st := engines.Status{Scenario: b.Name, Turn: b.Round, Phase: b.Phase}
	if b.Over {
		// An ended battle is numbered by the turns played, not the turn
		// begun that no one played.
		st.Turn = b.played()
	}
	head := fmt.Sprintf("%s: turn %d of %d", BriefTitle(b.Brief), b.Round, Turns)
	switch b.Phase {
	case PhaseRoll:
		head += fmt.Sprintf("; %s turn (%s), to roll the action dice", words.Possessive(b.ActivePlayer()), ClanTitle(s.clanOf(b.ActivePlayer())))
	case PhaseAct:
		head += fmt.Sprintf("; %s turn (%s), spending dice", words.Possessive(b.ActivePlayer()), ClanTitle(s.clanOf(b.ActivePlayer())))
	case PhaseHumans:
		head += "; the Humans attack"
		st.Next = []string{"dw humans"}
	case PhaseShrine:
		head += "; count the figures by the shrine"
		st.Next = []string{"dw shrine"}
	case PhaseOver:
		head = fmt.Sprintf("%s: over after turn %d", BriefTitle(b.Brief), b.played())
		if b.played() == 0 {
			head = BriefTitle(b.Brief) + ": over before its first turn was played"
		}
	}
	st.Notes = append(st.Notes, head)
	if b.Phase == PhaseAct {
		st.Notes = append(st.Notes, "Unspent dice: "+s.poolByFace(b))
	}
	var mp []string
	for _, p := range b.Sides {
		mp = append(mp, fmt.Sprintf("%s %d", p, b.Magic[p]))
	}
	st.Notes = append(st.Notes, "Magic pool: "+strings.Join(mp, ", "))
	sc := b.scores()
	switch b.Brief {
	case SoulCollectors:
		st.Notes = append(st.Notes, fmt.Sprintf("Souls collected: %s %d, %s %d; %d left", b.Sides[0], sc[b.Sides[0]], b.Sides[1], sc[b.Sides[1]], b.soulsLeft()))
	case HuntTheHunters:
		st.Notes = append(st.Notes, fmt.Sprintf("Humans killed: %s %d, %s %d; %d alive", b.Sides[0], sc[b.Sides[0]], b.Sides[1], sc[b.Sides[1]], b.humansAlive()))
	case DeathShrine:
		if b.Shrine != nil {
			st.Notes = append(st.Notes, fmt.Sprintf("At the shrine: %s %d, %s %d", b.Sides[0], sc[b.Sides[0]], b.Sides[1], sc[b.Sides[1]]))
		}
	}
	st.Notes = append(st.Notes, fmt.Sprintf("Kill points: %s %d, %s %d", b.Sides[0], b.KP[b.Sides[0]], b.Sides[1], b.KP[b.Sides[1]]))
	if len(b.Free) > 0 {
		var fa []string
		for _, f := range b.Free {
			fa = append(fa, f.By.Name+" on "+f.Target.Name)
		}
		st.Notes = append(st.Notes, "Free attacks due: "+strings.Join(fa, "; "))
	}
	if len(b.Contacts) > 0 {
		var cs []string
		for _, c := range b.Contacts {
			cs = append(cs, c[0].Name+" and "+c[1].Name)
		}
		st.Notes = append(st.Notes, "In base contact: "+strings.Join(cs, "; "))
	}
	if b.Over {
		st.Notes = append(st.Notes, fmt.Sprintf("Result: %s. %s", b.Result, b.Why))
	}
	for _, f := range b.Figures {
		st.Figures = append(st.Figures, figRow(f))
	}
	for _, p := range b.Sides {
		row := engines.Row{{Key: "name", Value: p}, {Key: "removed", Value: removed(b, p)},
			{Key: "clan", Value: s.clanOf(p)}, {Key: "active", Value: !b.Over && b.ActivePlayer() == p && (b.Phase == PhaseRoll || b.Phase == PhaseAct)},
			{Key: "magic", Value: b.Magic[p]}}
		dice := ""
		if !b.Over && b.ActivePlayer() == p && b.Phase == PhaseAct {
			dice = facesText(b.Pool)
		}
		row = append(row, engines.Field{Key: "dice", Value: dice}, engines.Field{Key: "kp", Value: b.KP[p]})
		switch b.Brief {
		case SoulCollectors:
			row = append(row, engines.Field{Key: "souls", Value: b.Souls[p]})
		case HuntTheHunters:
			row = append(row, engines.Field{Key: "humans", Value: b.HumansKilled[p]})
		case DeathShrine:
			row = append(row, engines.Field{Key: "shrine", Value: b.Shrine[p]})
		}
		st.Sides = append(st.Sides, row)
	}
	if b.Brief == HuntTheHunters {
		st.Sides = append(st.Sides, engines.Row{{Key: "name", Value: HumansSide}, {Key: "removed", Value: removed(b, HumansSide)}})
	}
	return st
}

func removed(b *Battle, side string) int {
	n := 0
	for _, f := range b.Figures {
		if f.Side == side && f.Dead {
			n++
		}
	}
	return n
}

func figRow(f *Fig) engines.Row {
	status := "active"
	if f.Dead {
		status = "dead"
	}
	return engines.Row{
		{Key: "name", Value: f.Name}, {Key: "side", Value: f.Side}, {Key: "status", Value: status},
		{Key: "rank", Value: f.Rank}, {Key: "class", Value: f.Class}, {Key: "champion", Value: f.Champion},
		{Key: "wounds", Value: f.Wounds}, {Key: "max_wounds", Value: f.MaxWounds()},
		{Key: "attacks", Value: f.Attacks}, {Key: "max_attacks", Value: RankValue(f.Rank)},
		{Key: "defend", Value: f.Defend}, {Key: "kills", Value: f.Kills}, {Key: "kp", Value: f.KP},
	}
}

// poolByFace writes the unspent dice grouped by face with their action:
// "1 Dash ×1, 3 Attack ×2".
func (s *State) poolByFace(b *Battle) string {
	if len(b.Pool) == 0 {
		return "none"
	}
	clan := s.clanOf(b.ActivePlayer())
	var parts []string
	for v := 1; v <= 6; v++ {
		n := 0
		for _, x := range b.Pool {
			if x == v {
				n++
			}
		}
		if n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s x%d", v, FaceAction(clan, v), n))
		}
	}
	return strings.Join(parts, ", ")
}

func (s *State) clanOf(player string) string {
	if f := s.Force(player); f != nil {
		return f.Clan
	}
	return ""
}

func (s *State) forceNote(f *Force) string {
	n := fmt.Sprintf("%s: %s force, %s, %d of %s besides the Champion", f.Player, ClanTitle(f.Clan), words.Count(len(f.Figures), "figure", "figures"), f.Points(), words.Count(PointsLimit, "point", "points"))
	if f.Champion() == nil {
		n += ", no Champion yet"
	}
	if f.Played > 0 {
		n += fmt.Sprintf("; played %d (won %d, lost %d, drawn %d), %s", f.Played, f.Won, f.Lost, f.Drawn, plural(f.KP, "kill point", "kill points"))
	}
	return n
}

// resultsOf is each force's result in every battle it has ended, oldest
// first. A battle's sides are all forces (scenario start refuses others),
// so this is what the force's record counts.
func (s *State) resultsOf() map[*Force][]string {
	out := map[*Force][]string{}
	for _, b := range s.battles() {
		if !b.Over {
			continue
		}
		for _, side := range b.Sides {
			f := s.Force(side)
			if f == nil {
				continue
			}
			outcome := "drew"
			switch b.Winner {
			case "":
			case side:
				outcome = "won"
			default:
				outcome = "lost"
			}
			out[f] = append(out[f], fmt.Sprintf("%s (%s): %s, %s", b.Name, BriefTitle(b.Brief), outcome, plural(b.KP[side], "kill point", "kill points")))
		}
	}
	return out
}

// Roster implements engines.State: every force's figures and their records.
func (s *State) Roster() engines.Roster {
	var r engines.Roster
	results := s.resultsOf()
	for _, f := range s.Forces {
		r.Notes = append(r.Notes, s.forceNote(f))
		for _, res := range results[f] {
			r.Notes = append(r.Notes, "  "+res)
		}
		for _, m := range f.Figures {
			r.Figures = append(r.Figures, engines.Row{
				{Key: "name", Value: m.Name}, {Key: "side", Value: f.Player}, {Key: "status", Value: "available"},
				{Key: "clan", Value: f.Clan}, {Key: "rank", Value: m.Rank}, {Key: "class", Value: m.Class},
				{Key: "champion", Value: m.Champion}, {Key: "points", Value: m.Points()},
				{Key: "scenarios", Value: m.Scenarios}, {Key: "kills", Value: m.Kills}, {Key: "kp", Value: m.KP},
				{Key: "souls", Value: m.Souls}, {Key: "humans", Value: m.Humans}, {Key: "deaths", Value: m.Deaths},
			})
		}
	}
	return r
}

// Scenarios implements engines.Chronicler: each battle as the reports tell
// it, with the outcome stated when it ended (the winner the chronicle
// credits) and its consequences in the game's words.
func (s *State) Scenarios() []engines.ScenarioSummary {
	var out []engines.ScenarioSummary
	for _, b := range s.battles() {
		sum := engines.ScenarioSummary{Name: b.Name, Brief: b.Brief, Turn: b.played(), Ended: b.Over, Result: b.Result, Why: b.Why, Outcome: b.Outcome}
		sides := slices.Clone(b.Sides)
		if b.Brief == HuntTheHunters {
			sides = append(sides, HumansSide)
		}
		for _, p := range sides {
			ss := engines.SideSummary{Name: p, RemovedPerTurn: slices.Clone(b.Removed[p])}
			if p != HumansSide {
				ss.Player = p
			}
			for _, f := range b.Figures {
				if f.Side == p {
					status := "fighting"
					switch {
					case f.Dead:
						status = FateDead
					case b.Over:
						status = FateSurvived
					}
					ss.Forces = append(ss.Forces, engines.Row{{Key: "name", Value: f.Name}, {Key: "side", Value: p},
						{Key: "status", Value: status}, {Key: "rank", Value: f.Rank}, {Key: "class", Value: f.Class}, {Key: "champion", Value: f.Champion}})
				}
			}
			if ss.RemovedPerTurn == nil {
				ss.RemovedPerTurn = []int{}
			}
			sum.Sides = append(sum.Sides, ss)
		}
		if b.Over {
			for _, f := range b.Figures {
				if f.Human() {
					continue
				}
				if f.Kills > 0 {
					sum.Consequences = append(sum.Consequences, fmt.Sprintf("%s (%s) killed %d, scoring %s", f.Name, f.Side, f.Kills, plural(f.KP, "kill point", "kill points")))
				}
				if f.Dead {
					sum.Consequences = append(sum.Consequences, fmt.Sprintf("%s (%s) fell, killed by %s; back for the next battle", f.Name, f.Side, f.KilledBy))
				}
			}
		}
		out = append(out, sum)
	}
	return out
}

// Now implements engines.Turner: the battle in progress and the turn its
// newest action belongs to (an end of turn is filed under the turn it ends).
func (s *State) Now() (string, int) {
	if b := s.Current(); b != nil {
		if b.Filed > 0 {
			return b.Name, b.Filed
		}
		return b.Name, b.Round
	}
	return "", 0
}

var (
	_ engines.State      = (*State)(nil)
	_ engines.Chronicler = (*State)(nil)
	_ engines.Turner     = (*State)(nil)
	_ engines.Prompter   = (*State)(nil)
)
