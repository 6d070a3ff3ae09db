package reincardnated

import (
	"fmt"
	"strings"

	"warlog/engines"
	"warlog/internal/words"
)

// purpose enters a revealed Life Purpose.
//
// Ruling: a Life Purpose may be entered at any time during the game and
// entering it again replaces it (a correction); the score of a player
// whose purpose is not entered shows as "?" until it is.
func purpose(a *act, c Purpose) error {
	s, d := a.S, a.D
	_, p, err := s.who(c.Player, false)
	if err != nil {
		return err
	}
	lp := LifePurpose{Types: map[string]int{}, Death: c.Death}
	if c.Death < -50 || c.Death > 50 {
		return engines.Refuse("Purpose", "a Death score of %d is out of reach; give -50 to 50", c.Death)
	}
	for k, v := range c.Types {
		ty, ok := normType(k)
		if !ok {
			return typeRefusal("the type", k)
		}
		if _, dup := lp.Types[ty]; dup {
			return engines.Refuse("Purpose", "%s is given twice; give each type once", ty)
		}
		if v < -50 || v > 50 {
			return engines.Refuse("Purpose", "a score of %d for %s is out of reach; give -50 to 50", v, ty)
		}
		lp.Types[ty] = v
	}
	if len(lp.Types) == 0 {
		return engines.Refuse("Purpose", "a Life Purpose scores at least one Being type, e.g. marine=3")
	}
	for i, gl := range c.Goals {
		if err := checkName("goal", gl.Name); err != nil {
			return err
		}
		if gl.Bonus < -50 || gl.Bonus > 100 {
			return engines.Refuse("Purpose", "a goal bonus of %d is out of reach; give -50 to 100", gl.Bonus)
		}
		for _, o := range c.Goals[:i] {
			if strings.EqualFold(o.Name, gl.Name) {
				return engines.Refuse("Purpose", "goal %q is given twice", gl.Name)
			}
		}
		lp.Goals = append(lp.Goals, Goal{Name: gl.Name, Bonus: gl.Bonus, Met: gl.Met})
	}
	d.Emit(TypePurposeRevealed, PurposeRevealed{Player: p.Name, Purpose: lp})
	d.Label("%s Life Purpose: %s.", words.Possessive(p.Name), purposeText(lp))
	return nil
}

func purposeText(lp LifePurpose) string {
	var parts []string
	for _, ty := range Types {
		if v, ok := lp.Types[ty]; ok {
			parts = append(parts, fmt.Sprintf("%s %d", ty, v))
		}
	}
	parts = append(parts, fmt.Sprintf("dead %d", lp.Death))
	s := strings.Join(parts, ", ")
	if len(lp.Goals) > 0 {
		var gs []string
		for _, g := range lp.Goals {
			gs = append(gs, fmt.Sprintf("%s (+%d)", g.Name, g.Bonus))
		}
		s += "; goals: " + strings.Join(gs, ", ")
	}
	return s
}

// markGoal marks a Life Goal met or not.
func markGoal(a *act, c MarkGoal) error {
	s, d := a.S, a.D
	_, p, err := s.who(c.Player, false)
	if err != nil {
		return err
	}
	if p.Purpose == nil {
		return engines.RefuseTry("Purpose", []string{"rc purpose"}, "%s Life Purpose is not entered yet; enter it first", words.Possessive(p.Name))
	}
	var hit *Goal
	for i := range p.Purpose.Goals {
		gl := &p.Purpose.Goals[i]
		if strings.EqualFold(gl.Name, c.Goal) {
			hit = gl
			break
		}
		if c.Goal != "" && hasPrefixFold(gl.Name, c.Goal) {
			if hit != nil {
				return engines.Refuse("Purpose", "%q could be more than one of %s goals; give more of it", c.Goal, words.Possessive(p.Name))
			}
			hit = gl
		}
	}
	if hit == nil && c.Goal != "" {
		for i := range p.Purpose.Goals {
			gl := &p.Purpose.Goals[i]
			if strings.Contains(strings.ToLower(gl.Name), strings.ToLower(c.Goal)) {
				if hit != nil {
					return engines.Refuse("Purpose", "%q could be more than one of %s goals; give more of it", c.Goal, words.Possessive(p.Name))
				}
				hit = gl
			}
		}
	}
	if hit == nil {
		var names []string
		for _, gl := range p.Purpose.Goals {
			names = append(names, gl.Name)
		}
		if len(names) == 0 {
			return engines.Refuse("Purpose", "%s Life Purpose has no goals", words.Possessive(p.Name))
		}
		return engines.Refuse("Purpose", "%s has no goal %q; the goals are: %s", p.Name, c.Goal, strings.Join(names, "; "))
	}
	d.Emit(TypeGoalMarked, GoalMarked{Player: p.Name, Goal: hit.Name, Met: c.Met})
	if c.Met {
		d.Label("%s met the goal %q: +%d.", p.Name, hit.Name, hit.Bonus)
	} else {
		d.Label("%s did not meet the goal %q.", p.Name, hit.Name)
	}
	return nil
}

// endGame ends the game: every score with its breakdown and the winner.
//
// Ruling: a game ends after the last turns that follow the Human Form, or
// when the Beings have run out (the Beings deck and the hidden Beings of
// the pool are empty: the table then judges no valid incarnation is left).
// Every Life Purpose must be entered first. The winner is never declared:
// it is the highest score, ties shared.
func endGame(a *act, c engines.EndScenario) error {
	s, d := a.S, a.D
	g, err := s.inGame()
	if err != nil {
		return err
	}
	if c.Winner != "" {
		return engines.Refuse("Scoring", "Reincardnated names the winner from the scores; drop --winner")
	}
	why := "every last turn after the Human Form was played"
	if !g.Over {
		if g.Deck > 0 || g.Hidden > 0 {
			return engines.Refuse("Ending", "the game is still on (%s turn): it ends after the last turns following the Human Form, or when the Beings run out (%d in the deck, %d hidden in the pool)",
				words.Possessive(g.current().Name), g.Deck, g.Hidden)
		}
		why = "the Beings ran out"
	}
	var missing []string
	for _, p := range g.Players {
		if p.Purpose == nil {
			missing = append(missing, p.Name)
		}
	}
	if len(missing) > 0 {
		return engines.RefuseTry("Scoring", []string{"rc purpose"}, "enter the Life Purpose of %s first", strings.Join(missing, ", "))
	}
	scores, winners := Scores(g)
	d.Emit(TypeGameEnded, GameEnded{Scores: scores, Winners: winners, Why: why})
	d.Label("Game %s ends (%s): %s", g.Name, why, resultText(scores, winners))
	return nil
}
