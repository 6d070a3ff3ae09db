package reincardnated

import (
	"fmt"
	"strings"
	"warlog/internal/words"
)

// ScoreOf is one player's score, line by line (seed 002 lines 149-161,
// 218-222; RULINGS Reincardnated "Score"):
//   - the Starter scores nothing;
//   - a dead Being scores the Death score, whatever its type;
//   - a living Being scores its type's value on the Life Purpose, or 1
//     when its type is not on it;
//   - the newest Change Destiny on the player overrides one type's value
//     (or, with "death", the Death score);
//   - each met Life Goal adds its bonus, the Human Form adds 5.
//
// A player without a revealed Life Purpose is scored as if it were blank.
func ScoreOf(p *Player) Score {
	sc := Score{Player: p.Name}
	add := func(points int, format string, args ...any) {
		sc.Lines = append(sc.Lines, Line{What: fmt.Sprintf(format, args...), Points: points})
		sc.Total += points
	}
	lp := LifePurpose{}
	if p.Purpose != nil {
		lp = *p.Purpose
	}
	var top *Destiny
	if n := len(p.Destiny); n > 0 {
		top = &p.Destiny[n-1]
	}
	if p.Starter.Name == defaultStarter {
		add(0, "the Starter: Starters score nothing")
	} else {
		add(0, "Starter %s: Starters score nothing", p.Starter.Name)
	}
	if top != nil {
		covered := ""
		if n := len(p.Destiny) - 1; n > 0 {
			covered = fmt.Sprintf(" (covering %d older)", n)
		}
		add(0, "Change Destiny on top, by %s: %s%s", top.By, destinyText(*top), covered)
	}
	for _, b := range p.Lifeline {
		switch {
		case b.Dead && top != nil && top.Type == "death":
			add(top.Value, "%s (%s, dead): dead Beings score %d by %s Change Destiny", b.Name, b.Type, top.Value, words.Possessive(top.By))
		case b.Dead:
			add(lp.Death, "%s (%s, dead): the Death score", b.Name, b.Type)
		case top != nil && top.Type == b.Type:
			add(top.Value, "%s (%s): %ss score %d by %s Change Destiny", b.Name, b.Type, b.Type, top.Value, words.Possessive(top.By))
		default:
			if v, ok := lp.Types[b.Type]; ok {
				add(v, "%s (%s): %s on the Life Purpose", b.Name, b.Type, b.Type)
			} else {
				add(1, "%s (%s): not on the Life Purpose", b.Name, b.Type)
			}
		}
	}
	for _, g := range lp.Goals {
		if g.Met {
			add(g.Bonus, "goal %q met", g.Name)
		} else {
			add(0, "goal %q not met", g.Name)
		}
	}
	if p.Human {
		add(HumanBonus, "the Human Form, taken first")
	}
	return sc
}

// Scores scores every player of g and names the winners: the highest
// total, ties shared.
func Scores(g *Game) ([]Score, []string) {
	var out []Score
	best := 0
	for i, p := range g.Players {
		s := ScoreOf(p)
		out = append(out, s)
		if i == 0 || s.Total > best {
			best = s.Total
		}
	}
	var winners []string
	for _, s := range out {
		if s.Total == best {
			winners = append(winners, s.Player)
		}
	}
	return out, winners
}

// Breakdown writes a score as lines for people.
func Breakdown(s Score) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %d\n", s.Player, s.Total)
	for _, l := range s.Lines {
		fmt.Fprintf(&b, "  %+3d  %s\n", l.Points, l.What)
	}
	return b.String()
}
