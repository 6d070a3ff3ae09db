package kingsown

import (
	"fmt"
	"strings"

	"warlog/engines"
	"warlog/engines/dice"
	"warlog/internal/words"
)

// initiative: the Nest's spawn roll while it stands, then the roll-off.
//
// Ruling: the winner chooses who moves first having seen the roll (seed 003
// line 6: "high chooses who starts moving"): without a side given, the
// choice is left to `ko first` and the movement phase waits for it. A side
// given with the roll is the winner's choice said up front, whichever side
// wins.
func initiative(a *act, c Initiative) error {
	s, d := a.S, a.D
	b, err := s.phase("initiative", PhaseInitiative, d)
	if err != nil {
		return err
	}
	first := ""
	if c.First != "" {
		if first = b.side(c.First); first == "" {
			return engines.Refuse("Initiative", "no side %q in this fight; the sides are %s", c.First, strings.Join(b.Sides, " and "))
		}
	}
	var parts []string
	if b.Brief == "nest" {
		if n := b.nest(); n != nil && n.Status != StatusDown {
			// seed 003 line 43: at the start of every turn it is intact, roll 1d6.
			v, err := s.roll(NestSide, "Nest spawn roll (1 or 2 spawns an Orc grunt)", d)
			if err != nil {
				return err
			}
			d.Judge(v <= 2, dice.AtMost(2)) // the Nest's success is a spawn
			if v <= 2 {
				g := s.gruntCard()
				if b.Grunt != nil {
					g = *b.Grunt
				}
				g.Side = NestSide
				base := g.Name
				for i := b.Spawned + 1; ; i++ {
					g.Name = fmt.Sprintf("%s %d", base, i)
					if b.fig(Ref{NestSide, g.Name}) == nil {
						break
					}
				}
				d.Emit(TypeGruntSpawned, GruntSpawned{Card: g, Roll: v})
				parts = append(parts, fmt.Sprintf("the Nest rolls %d: %s spawns beside it", v, g.Name))
			} else {
				parts = append(parts, fmt.Sprintf("the Nest rolls %d: nothing spawns", v))
			}
		}
	}
	ev := InitiativeWon{}
	sa, sb := b.Sides[0], b.Sides[1]
	for round := 0; ; round++ {
		va, err := s.roll(sa, "initiative roll for "+sa+" (higher wins)", d)
		if err != nil {
			return err
		}
		vb, err := s.roll(sb, "initiative roll for "+sb+" (higher wins)", d)
		if err != nil {
			return err
		}
		// Each die judged against the other's: the higher wins, a tie
		// rolls again.
		d.JudgeBack(1, va > vb, dice.Beats(1, 6, 1))
		d.Judge(vb > va, dice.Beats(1, 6, 1))
		ev.Rolls = append(ev.Rolls, []int{va, vb})
		if va != vb {
			ev.Winner = sa
			if vb > va {
				ev.Winner = sb
			}
			break
		}
		if round > 50 {
			return engines.Refuse("Initiative", "the roll-off kept tying; roll again")
		}
	}
	ev.First = first
	d.Emit(TypeInitiativeWon, ev)
	var rolls []string
	for _, r := range ev.Rolls {
		rolls = append(rolls, fmt.Sprintf("%s %d, %s %d", sa, r[0], sb, r[1]))
	}
	line := fmt.Sprintf("Turn %d: ", b.Turn)
	if len(parts) > 0 {
		line += strings.Join(parts, "; ") + "; "
	}
	line += "initiative " + strings.Join(rolls, ", then ")
	switch ev.First {
	case "":
		line += fmt.Sprintf(": %s and %s who moves first.", words.Does(ev.Winner, "wins", "win"), words.Verb(ev.Winner, "chooses", "choose"))
	case ev.Winner:
		line += fmt.Sprintf(": %s and %s first.", words.Does(ev.Winner, "wins", "win"), words.Verb(ev.Winner, "moves", "move"))
	default:
		line += fmt.Sprintf(": %s and %s %s first.", words.Does(ev.Winner, "wins", "win"), words.Verb(ev.Winner, "sends", "send"), ev.First)
	}
	d.Label("%s", line)
	return nil
}

// chooseFirst records the roll-off winner's choice, made after the roll, of
// the side that moves first; the movement phase begins.
func chooseFirst(a *act, c ChooseFirst) error {
	s, d := a.S, a.D
	b, err := s.phase("first", PhaseChoosing, d)
	if err != nil {
		return err
	}
	first := b.side(c.Side)
	if first == "" {
		return engines.Refuse("Initiative", "no side %q in this fight; the %s %s", c.Side, words.Does(b.Winner, "chooses", "choose"), strings.Join(b.Sides, " or "))
	}
	winner := b.Winner
	d.Emit(TypeFirstChosen, FirstChosen{First: first})
	if first == winner {
		d.Label("Turn %d: %s, winners of the roll-off, move first.", b.Turn, first)
	} else {
		d.Label("Turn %d: %s, winners of the roll-off, send %s first.", b.Turn, winner, first)
	}
	return nil
}

// next closes the phase in progress.
//
// Ruling: at the turn limit the fight stops (phase "over") and waits for
// `scenario end`, which applies the campaign's consequences, so that ending
// stays one action that undo can take back.
func next(a *act, _ Next) error {
	s, d := a.S, a.D
	b, err := s.battle("next", d)
	if err != nil {
		return err
	}
	switch b.Phase {
	case PhaseInitiative:
		return engines.RefuseTry("Phase", []string{"ko initiative"}, "turn %d has not begun: roll initiative first", b.Turn)
	case PhaseChoosing:
		return engines.RefuseTry("Initiative", []string{"ko first"}, "the %s won the roll-off and have not chosen who moves first; the movement phase begins once they do", b.Winner)
	case PhaseOver:
		return engines.RefuseTry("TurnLimit", []string{"scenario end"}, "the turn limit (%d) is reached: end the fight", b.Turns)
	case PhaseMovement:
		ev := AttackPhaseBegun{}
		var names []string
		for _, f := range b.Figures {
			if !f.Out() && !f.Card.Static && f.Moved == "" {
				ev.Stayed = append(ev.Stayed, f.Ref())
				names = append(names, f.Card.Name)
			}
		}
		d.Emit(TypeAttackPhaseBegun, ev)
		line := fmt.Sprintf("Turn %d: movement is over", b.Turn)
		switch len(names) {
		case 0:
		case 1:
			line += "; " + names[0] + " stays where it is"
		default:
			line += "; " + strings.Join(names, ", ") + " stay where they are"
		}
		d.Label("%s; attacks by Skill, highest first.", line)
	case PhaseAttack:
		turn, last := b.Turn, b.Turn >= b.Turns
		d.Emit(TypeTurnEnded, TurnEnded{Turn: turn, Last: last})
		if last {
			d.Label("Turn %d ends: the turn limit is reached; the fight can end now.", turn)
		} else {
			d.Label("Turn %d ends.", turn)
		}
	}
	return nil
}

// --- attacks ---
