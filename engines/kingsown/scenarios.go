package kingsown

import (
	"fmt"
	"strings"

	"warlog/engines"
	"warlog/internal/words"
)

// start fields the figures.
//
// Ruling: a fight has exactly two sides. With the Nest brief the Nest's
// side ("nest") is one of them, so the roster figures fielded must all be
// of one side. Recruiting during a fight is refused: recruits join at the
// next fight.
func start(a *act, c engines.StartScenario) error {
	s, d := a.S, a.D
	if s.Battle != nil {
		return engines.RefuseTry("Scenario", []string{"scenario end"}, "the fight %s is in progress; end it first", s.Battle.Name)
	}
	if err := ValidateName("scenario", c.Name); err != nil {
		return engines.Refuse("Scenario", "%v", err)
	}
	brief := strings.ToLower(strings.TrimSpace(c.Brief))
	if brief != "" && brief != "nest" {
		return engines.Refuse("Brief", "no brief %q; The King's Own knows the brief nest (or none: two sides of the roster)", c.Brief)
	}
	turns := c.Turns
	if turns < 0 {
		return engines.Refuse("TurnLimit", "a turn limit of %d: give 1 or more (0: the default %d)", turns, DefaultTurns)
	}
	if turns == 0 {
		turns = DefaultTurns
	}
	var chosen []*Member
	if len(c.Field) > 0 {
		seen := map[*Member]bool{}
		for _, n := range c.Field {
			m, err := s.findMember(n)
			if err != nil {
				return err
			}
			if m.Dead {
				return engines.Refuse("FieldingTheDead", "%s went Down in an earlier fight and is dead; the dead are never fielded again", m.Card.Name)
			}
			if m.Skill < 1 {
				return engines.Refuse("Recovery", "%s is at campaign Skill 0 after being Broken; it must sit out a fight to recover before it can be fielded", m.Card.Name)
			}
			if seen[m] {
				return engines.Refuse("Field", "%s is named twice in --field", m.Card.Name)
			}
			seen[m] = true
			chosen = append(chosen, m)
		}
	} else {
		for _, m := range s.Members {
			if !m.Dead && m.Skill >= 1 {
				chosen = append(chosen, m)
			}
		}
	}
	if len(chosen) == 0 {
		return engines.RefuseTry("Field", []string{"ko recruit"}, "nobody can be fielded; recruit figures first")
	}
	var sides []string
	for _, m := range chosen {
		if !containsFold(sides, m.Card.Side) {
			sides = append(sides, m.Card.Side)
		}
	}
	started := ScenarioStarted{Name: c.Name, Brief: brief, Turns: turns}
	for _, m := range chosen {
		started.Figures = append(started.Figures, Fielded{Card: m.Card, Skill: m.Skill, Member: true})
	}
	if brief == "nest" {
		if len(sides) != 1 {
			return engines.Refuse("Sides", "the Nest brief is one side against the Nest; the figures fielded are of %s: field one side with --field", strings.Join(sides, ", "))
		}
		nest := s.nestCard()
		nest.Side = NestSide
		started.Figures = append(started.Figures, Fielded{Card: nest})
		g := s.gruntCard()
		g.Side = NestSide
		started.Grunt = &g
		sides = append(sides, NestSide)
	} else if len(sides) != 2 {
		return engines.Refuse("Sides", "a fight has two sides; the figures fielded are of %s: recruit or field two sides, or use --brief nest", strings.Join(sides, ", "))
	}
	started.Sides = sides
	d.Emit(TypeScenarioStarted, started)
	var names []string
	for _, f := range started.Figures {
		names = append(names, f.Card.Name)
	}
	plural := "s"
	if turns == 1 {
		plural = ""
	}
	label := fmt.Sprintf("%s begins: %s against %s, %d turn%s; fielded %s.", c.Name, sides[0], sides[1], turns, plural, strings.Join(names, ", "))
	d.Label("%s", label)
	return nil
}

func containsFold(list []string, s string) bool {
	for _, v := range list {
		if strings.EqualFold(v, s) {
			return true
		}
	}
	return false
}

// end closes the fight and applies AFTER THE FIGHT to the roster.
//
// Ruling: the winner is the side --winner declares; else, with the Nest
// brief, the Hunters' side if the Nest is Down and the Nest's if it stands;
// else the side with fewer figures removed (equal: "draw").
// Ruling: "Removals scored" counts the enemies a figure took Down or Broke
// with its own attacks and spells; Withdrawn figures score for nobody.
func end(a *act, c engines.EndScenario) error {
	s, d := a.S, a.D
	b, err := s.battle("scenario end", d)
	if err != nil {
		return err
	}
	ev := ScenarioEnded{Name: b.Name, Turn: b.played(), Removed: map[string]int{}}
	for _, sd := range b.Sides {
		ev.Removed[sd] = b.removed(sd)
	}
	if c.Winner != "" {
		w := ""
		for _, sd := range b.Sides {
			if strings.EqualFold(sd, c.Winner) {
				w = sd
			}
		}
		if w == "" {
			return engines.Refuse("Victory", "no side %q in this fight; the sides are %s", c.Winner, strings.Join(b.Sides, ", "))
		}
		ev.Winner, ev.Declared = w, true
	}
	var result string
	if b.Brief == "nest" {
		down := false
		if n := b.nest(); n != nil {
			down = n.Status == StatusDown
		}
		ev.NestDown = &down
		if down {
			result = words.Does(b.Sides[0], "wins", "win") + ": the Nest is Down"
			if ev.Winner == "" {
				ev.Winner = b.Sides[0]
			}
		} else {
			result = fmt.Sprintf("the Nest still stands: the %s did not clear it", b.Sides[0])
			if ev.Winner == "" {
				ev.Winner = NestSide
			}
		}
		if ev.Declared {
			result += fmt.Sprintf("; declared winner %s", ev.Winner)
		}
	} else {
		ra, rb := ev.Removed[b.Sides[0]], ev.Removed[b.Sides[1]]
		switch {
		case ev.Declared:
			result = words.Does(ev.Winner, "wins", "win") + " (declared)"
		case ra < rb:
			ev.Winner, result = b.Sides[0], words.Does(b.Sides[0], "wins", "win")+" on removals"
		case rb < ra:
			ev.Winner, result = b.Sides[1], words.Does(b.Sides[1], "wins", "win")+" on removals"
		default:
			ev.Winner, result = "draw", "a draw on removals"
		}
	}
	// Each side's losses, as they read: "hunters lost 1, orcs 0".
	result += fmt.Sprintf(" (%s lost %d, %s %d)", b.Sides[0], ev.Removed[b.Sides[0]], b.Sides[1], ev.Removed[b.Sides[1]])
	ev.Result = result
	for _, m := range s.Members {
		if m.Dead {
			continue
		}
		o := Outcome{Side: m.Card.Side, Name: m.Card.Name, Skill: m.Skill, NewSkill: m.Skill}
		f := b.fig(Ref{m.Card.Side, m.Card.Name})
		switch {
		case f == nil || !f.Member:
			// seed 003 line 45: recovers 1 Skill for each scenario it sits out.
			o.Fate = "sat out"
			if o.NewSkill < m.Card.Skill {
				o.NewSkill++
			}
		case f.Status == StatusDown:
			o.Fate = StatusDown
		case f.Status == StatusBroken:
			o.Fate = StatusBroken
			o.NewSkill = f.StartSkill - 1
			if o.NewSkill < 0 {
				o.NewSkill = 0
			}
		case f.Status == StatusWithdrawn:
			o.Fate = StatusWithdrawn
			o.NewSkill = f.StartSkill
		default:
			o.Fate = "survived"
			o.NewSkill = f.StartSkill
		}
		if f != nil && f.Member {
			o.Removals = f.Removals
		}
		ev.Outcomes = append(ev.Outcomes, o)
	}
	d.Emit(TypeScenarioEnded, ev)
	var cons []string
	for _, o := range ev.Outcomes {
		if o.Fate != "survived" && !(o.Fate == "sat out" && o.NewSkill == o.Skill) {
			cons = append(cons, consequence(o))
		}
	}
	label := fmt.Sprintf("%s ends %s: %s.", b.Name, afterTurn(ev.Turn), result)
	if len(cons) > 0 {
		label += " " + strings.Join(cons, "; ") + "."
	}
	d.Label("%s", label)
	return nil
}

// afterTurn says when a fight ended: after the last turn it played.
func afterTurn(played int) string {
	if played == 0 {
		return "before its first turn"
	}
	return fmt.Sprintf("after turn %d", played)
}

// --- the turn ---

// side is the fight's side named side (any case), or "".
func (b *Battle) side(name string) string {
	for _, sd := range b.Sides {
		if strings.EqualFold(sd, name) {
			return sd
		}
	}
	return ""
}
