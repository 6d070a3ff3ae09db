package kingsown

import (
	"strings"

	"warlog/engines"
	"warlog/internal/words"
)

func recruit(a *act, c Recruit) error {
	s, d := a.S, a.D
	if s.Battle != nil {
		return engines.RefuseTry("Recruit", []string{"scenario end"}, "a fight is in progress; recruit between fights, once it ends")
	}
	if len(c.Cards) == 0 {
		return engines.Refuse("Recruit", "no card given; give a figure's name, side and numbers, or a card file")
	}
	var names []string
	for _, card := range c.Cards {
		if err := validCard(card); err != nil {
			return err
		}
		if strings.EqualFold(card.Side, NestSide) {
			return engines.RefuseTry("Recruit", []string{"ko brief-card"}, "the side %q belongs to the Nest brief; recruit %s on another side (the Nest's own card is set apart)", NestSide, card.Name)
		}
		if m := s.member(Ref{card.Side, card.Name}); m != nil {
			return engines.Refuse("Names", "the side %s already has a figure named %s; names are unique per side", m.Card.Side, m.Card.Name)
		}
		d.Emit(TypeRecruited, Recruited{Card: card})
		n := card.Name
		if card.Unique() {
			n += " (Skill 5: a unique character)"
		}
		names = append(names, n)
	}
	if len(names) == 1 {
		cd := c.Cards[0]
		d.Label("%s joins the %s: Skill %d, Move %d, Res %d, Hits %d.", names[0], cd.Side, cd.Skill, cd.Move, cd.Res, cd.Hits)
	} else {
		d.Label("%s join the roster: %s.", words.Count(len(names), "figure", "figures"), strings.Join(names, ", "))
	}
	return nil
}

// validCard re-checks a card as the engine receives it (cards also come from
// recorded commands and the JSON of other tools).
func validCard(c Card) error {
	d := CardDraft{Card: c, hasSkill: !c.Static, hasMove: true, hasRes: true, hasHits: true}
	if _, err := d.Finish(); err != nil {
		return engines.Refuse("Card", "%v", err)
	}
	if err := ValidateName("side", c.Side); err != nil {
		return engines.Refuse("Card", "card %s: %v", c.Name, err)
	}
	return nil
}

// briefCard sets the campaign's card for the Nest or its grunt.
//
// Ruling: the rulings make the Orc grunt "editable per campaign"; the edit
// is an action of its own (`ko brief-card`), read when a fight starts, so a
// fight in progress keeps the cards it started with.
func briefCard(a *act, c SetBriefCard) error {
	d := a.D
	card := c.Card
	switch c.Role {
	case "nest":
		if !card.Static {
			return engines.Refuse("Nest", "the Nest's card must be Static (no Skill, no weapons); add the keyword Static")
		}
	case "grunt":
		if card.Static {
			return engines.Refuse("Nest", "the Orc grunt moves and attacks; it cannot be Static")
		}
	default:
		return engines.Refuse("Nest", "the Nest brief has two cards, nest and grunt; %q is neither", c.Role)
	}
	card.Side = NestSide
	if err := validCard(card); err != nil {
		return err
	}
	d.Emit(TypeBriefCardSet, BriefCardSet{Role: c.Role, Card: card})
	d.Label("From now on the Nest brief uses this card for its %s: %s.", c.Role, strings.ReplaceAll(strings.TrimSpace(card.Text()), "\n", " · "))
	return nil
}

func (s *State) nestCard() Card {
	if s.Nest != nil {
		return *s.Nest
	}
	return DefaultNest
}

func (s *State) gruntCard() Card {
	if s.Grunt != nil {
		return *s.Grunt
	}
	return DefaultGrunt
}
