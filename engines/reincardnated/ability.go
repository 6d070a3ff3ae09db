package reincardnated

import (
	"strings"

	"warlog/engines"
	"warlog/internal/words"
)

// gain is a Being gained by an ability: no Karma is drawn (seed 002 line
// 93); from another Lifeline it is stolen as it lies, dead or alive (line 204).
//
// Ruling: a dead Being gained stays dead, so it is not active (line 210:
// dead Beings cannot be active) and its ability does not trigger (line 188).
// A Being the program does not know to lie in a Lifeline comes from the pool.
func gain(a *act, c Gain) error {
	s, d := a.S, a.D
	g, p, err := s.who(c.Player, true)
	if err != nil {
		return err
	}
	card, err := s.resolveCard(d, c.Being, c.CardInfo)
	if err != nil {
		return err
	}
	if from, i := g.owner(card.Name); from != nil {
		if from == p {
			return engines.Refuse("Beings", "%s already holds %s", p.Name, card.Name)
		}
		b := from.Lifeline[i]
		d.Emit(TypeBeingEntered, BeingEntered{Player: p.Name, Being: b, How: "gained", FromPlayer: from.Name})
		state := "its ability triggers"
		if b.Dead {
			state = "it is dead: no ability, not active"
		}
		d.Label("%s gains control of %s from %s Lifeline: %s; %s active Being is %s.", p.Name, describe(card), words.Possessive(from.Name), state, words.Possessive(p.Name), activeText(p))
		return nil
	}
	if err := enterFromPool(d, g, p, card, "gained"); err != nil {
		return err
	}
	d.Label("%s gains %s from the pool (no Karma drawn); it is now active.", p.Name, describe(card))
	return nil
}

// kill turns a living Being dead by an ability.
func kill(a *act, c Kill) error {
	s, d := a.S, a.D
	return s.life(d, c.Player, c.Being, false)
}

// rebirth brings a dead Being back to life by an ability.
func rebirth(a *act, c Rebirth) error {
	s, d := a.S, a.D
	return s.life(d, c.Player, c.Being, true)
}

// life kills (reborn false) or revives a Being by an ability.
func (s *State) life(d *engines.Decision, player, being string, reborn bool) error {
	_, p, err := s.who(player, true)
	if err != nil {
		return err
	}
	i, err := findBeing(p, being)
	if err != nil {
		return err
	}
	return lifeOf(d, p, i, reborn, "an ability", false)
}

// lifeOf kills (reborn false) or revives the Being at i of p's Lifeline, by
// an ability or a Karma; undo marks Lesson Learned taking a Karma back.
func lifeOf(d *engines.Decision, p *Player, i int, reborn bool, by string, undo bool) error {
	b := p.Lifeline[i]
	if reborn && !b.Dead {
		return engines.Refuse("Rebirth", "%s %s is alive; only a dead Being can be brought back", words.Possessive(p.Name), b.Name)
	}
	if !reborn && b.Dead {
		return engines.Refuse("Death", "%s %s is already dead", words.Possessive(p.Name), b.Name)
	}
	fact := BeingKilled{Player: p.Name, Being: b.Name, By: by, Undo: undo}
	what := "killed"
	if reborn {
		d.Emit(TypeBeingReborn, BeingReborn(fact))
		what = "brought back to life"
	} else {
		d.Emit(TypeBeingKilled, fact)
	}
	d.Label("%s %s (%s) is %s by %s; %s active Being is %s.", words.Possessive(p.Name), b.Name, b.Type, what, by, words.Possessive(p.Name), activeText(p))
	return nil
}

// void takes a Being out of a Lifeline into the pool (by an ability).
func void(a *act, c Void) error {
	s, d := a.S, a.D
	g, p, err := s.who(c.Player, true)
	if err != nil {
		return err
	}
	i, err := findBeing(p, c.Being)
	if err != nil {
		return err
	}
	b := p.Lifeline[i]
	d.Emit(TypeBeingVoided, BeingVoided{Player: p.Name, Being: b.Name, By: "an ability"})
	toPool(d, g, b.Name, "voided "+b.Name)
	d.Label("%s %s (%s) goes back to the Being pool by an ability; %s active Being is %s.", words.Possessive(p.Name), b.Name, b.Type, words.Possessive(p.Name), activeText(p))
	return nil
}

// activate makes a living Being active by moving it to the rightmost spot
// (seed 002 line 210).
func activate(a *act, c Activate) error {
	s, d := a.S, a.D
	_, p, err := s.who(c.Player, true)
	if err != nil {
		return err
	}
	return makeActive(d, p, c.Being, "an ability")
}

// makeActive moves a living Being of p's Lifeline to the rightmost spot,
// which makes it active.
func makeActive(d *engines.Decision, p *Player, being, by string) error {
	i, err := findBeing(p, being)
	if err != nil {
		return err
	}
	b := p.Lifeline[i]
	if b.Dead {
		return engines.Refuse("Active", "%s %s is dead and a dead Being cannot be active; bring it back first", words.Possessive(p.Name), b.Name)
	}
	if a, ok := p.Active(); ok && strings.EqualFold(a.Name, b.Name) {
		return engines.Refuse("Active", "%s is already %s active Being", b.Name, words.Possessive(p.Name))
	}
	d.Emit(TypeBeingMoved, BeingMoved{Player: p.Name, Being: b.Name, By: by})
	d.Label("%s %s (%s) moves to the rightmost spot by %s and is now active.", words.Possessive(p.Name), b.Name, b.Type, by)
	return nil
}

// draw is Karma drawn by an ability.
func draw(a *act, c Draw) error {
	s, d := a.S, a.D
	g, p, err := s.who(c.Player, true)
	if err != nil {
		return err
	}
	if c.Count < 1 || c.Count > 10 {
		return engines.Refuse("Karma", "draw 1 to 10 Karma, not %d", c.Count)
	}
	got := drawKarma(d, g, p, c.Count, "an ability")
	if got == 0 {
		return engines.Refuse("Karma", "the Karma deck and discard pile are empty; nothing to draw")
	}
	d.Label("%s draws %s by an ability; hand %d.", p.Name, plural(got, "Karma", "Karma"), p.Hand)
	return nil
}

// discard is Karma discarded by an ability.
func discard(a *act, c Discard) error {
	s, d := a.S, a.D
	_, p, err := s.who(c.Player, true)
	if err != nil {
		return err
	}
	if c.Count < 1 || c.Count > p.Hand {
		return engines.Refuse("Karma", "%s holds %s; discard 1 to %d", p.Name, plural(p.Hand, "Karma card", "Karma cards"), p.Hand)
	}
	d.Emit(TypeKarmaDiscarded, KarmaDiscarded{Player: p.Name, Count: c.Count, Why: "an ability"})
	d.Label("%s discards %s by an ability; hand %d.", p.Name, plural(c.Count, "Karma", "Karma"), p.Hand)
	return nil
}

// pool corrects the counts to what the table shows.
func pool(a *act, c Pool) error {
	s, d := a.S, a.D
	g, err := s.inGame()
	if err != nil {
		return err
	}
	pc := g.poolChange("counted at the table")
	set := func(dst *int, v *int, what string, most int) error {
		if v == nil {
			return nil
		}
		if *v < 0 || *v > most {
			return engines.Refuse("Pool", "%s is 0 to %d, not %d", what, most, *v)
		}
		*dst = *v
		return nil
	}
	for _, f := range []struct {
		dst  *int
		v    *int
		what string
		most int
	}{
		{&pc.Deck, c.Deck, "the Beings deck", BeingsCards},
		{&pc.Hidden, c.Hidden, "the hidden Beings of the pool", BeingsCards},
		{&pc.Visible, c.Visible, "the face-up Beings of the pool", PoolSize},
		{&pc.KarmaDeck, c.KarmaDeck, "the Karma deck", KarmaCards},
		{&pc.Discard, c.Discard, "the Karma discard pile", KarmaCards},
	} {
		if err := set(f.dst, f.v, f.what, f.most); err != nil {
			return err
		}
	}
	if c.Deck == nil && c.Hidden == nil && c.Visible == nil && c.KarmaDeck == nil && c.Discard == nil {
		return engines.Refuse("Pool", "give at least one count: the Beings deck, the hidden or the face-up Beings of the pool, the Karma deck or the discard pile")
	}
	if pc.Visible == 0 {
		pc.Known = nil
	}
	if pc.Hidden == 0 {
		pc.Covered = nil
	}
	d.Emit(TypePoolChanged, pc)
	g = s.game()
	d.Label("Counts corrected at the table: Being pool %d face up (+%d hidden), Beings deck %d, Karma deck %d, discard %d.",
		g.Visible, g.Hidden, g.Deck, g.KarmaDeck, g.Discard)
	return nil
}
