package deadwars

// The action dice: rolling, doubles, spending and the end of a turn.

import (
	"fmt"
	"slices"
	"strings"

	"warlog/engines"
	"warlog/internal/words"
)

// roll rolls the action pool. Dice order: all the dice at once, 1 per
// Soldier, 2 per Guard and 3 per Hero in play.
func roll(a *act, c RollDice) error {
	s, d := a.S, a.D
	b, err := s.turn()
	if err != nil {
		return err
	}
	if err := s.checkPlayer(b, c.Player); err != nil {
		return err
	}
	if b.Phase == PhaseAct {
		return engines.RefuseTry("Turn", []string{"dw end-turn"}, "%s has already rolled this turn; spend the dice or end the turn", b.ActivePlayer())
	}
	p := b.ActivePlayer()
	n := 0
	for _, f := range b.Living(p) {
		n += RankValue(f.Rank)
	}
	faces, err := d.RollBy(p, n, 6, poolPurpose(p, s.clanOf(p)))
	if err != nil {
		return err
	}
	before := b.Magic[p]
	d.Emit(TypePoolRolled, PoolRolled{Player: p, Faces: faces})
	if !d.Labelled() {
		return s.checkEnd(d)
	}
	clan := s.clanOf(p)
	parts := make([]string, len(faces))
	for i, v := range faces {
		parts[i] = fmt.Sprintf("%d %s", v, FaceAction(clan, v))
	}
	label := fmt.Sprintf("%s rolls %s in turn %d: %s.", p, plural(n, "action die", "action dice"), b.Round, strings.Join(parts, ", "))
	if added := b.Magic[p] - before; added > 0 {
		label += fmt.Sprintf(" %s to the magic pool (now %d).", plural(added, "Magic die goes", "Magic dice go"), b.Magic[p])
	}
	d.Label("%s", label)
	return s.checkEnd(d)
}

// double exchanges two dice of this turn's roll showing the same face for
// one die of any face (seed 001 line 40). A pair of 6s is a double too,
// taken out of the magic pool while both are still there in the turn they
// were rolled (RULINGS, Deadwars, Turn).
//
// Ruling: the magic pool is spent from the 6s kept from earlier turns
// first, so this turn's 6s stay a pair as long as the pool allows; a
// double made into a 6 is one of this turn's dice, like any die a double
// makes, and pairs with another of this turn's 6s.
func double(a *act, c Double) error {
	s, d := a.S, a.D
	b, err := s.turn()
	if err != nil {
		return err
	}
	if err := needRolled(b); err != nil {
		return err
	}
	p := b.ActivePlayer()
	if c.Face < 1 || c.Face > 6 || c.To < 1 || c.To > 6 {
		return engines.Refuse("Double", "a die shows 1 to 6: the pair's face and the face it becomes are 1 to 6")
	}
	if c.Face == 6 {
		if b.Sixes < 2 {
			return engines.Refuse("Double", "a pair of 6s is exchanged only while both are still in the magic pool in the turn they were rolled; %s magic pool holds %d, %d of them from this turn",
				words.Possessive(p), b.Magic[p], b.Sixes)
		}
	} else if n := countFace(b.Pool, c.Face); n < 2 {
		return engines.Refuse("Double", "%s unspent dice hold %d showing %d; a double needs two (unspent: %s)", words.Possessive(p), n, c.Face, poolText(b.Pool))
	}
	d.Emit(TypeDoubleChanged, DoubleChanged{Player: p, Face: c.Face, To: c.To})
	clan := s.clanOf(p)
	if c.Face == 6 {
		d.Label("%s takes a pair of 6s out of the magic pool and changes them into one %d (%s); magic pool %d.", p, c.To, FaceAction(clan, c.To), b.Magic[p])
	} else {
		d.Label("%s changes a double %d into one %d (%s).", p, c.Face, c.To, FaceAction(clan, c.To))
	}
	// RULINGS, Deadwars, 2026-12-01: a die made by exchanging a double may
	// pair again, and the line says so.
	if c.To == 6 && b.Sixes >= 2 || c.To != 6 && countFace(b.Pool, c.To) >= 2 {
		d.Label("%s It is one of this turn's dice and pairs with another %d: a double again.", d.LabelText(), c.To)
	}
	return s.checkEnd(d)
}

func poolText(pool []int) string {
	if len(pool) == 0 {
		return "none"
	}
	return facesText(pool)
}

// spend checks that the pool holds faces (with repeats) and each gives want.
func (s *State) spend(b *Battle, faces []int, want string) error {
	p := b.ActivePlayer()
	clan := s.clanOf(p)
	if len(faces) == 0 {
		return engines.Refuse("Dice", "name the die to spend (a face of %s unspent dice: %s)", words.Possessive(p), poolText(b.Pool))
	}
	left := slices.Clone(b.Pool)
	for _, v := range faces {
		if want != "" {
			if a := FaceAction(clan, v); a != want {
				if a == "" {
					a = "no face"
				}
				return engines.Refuse(want, "a %d is %s for %s; %s dice are %s", v, a, ClanTitle(clan), want, facesFor(clan, want))
			}
		}
		i := slices.Index(left, v)
		if i < 0 {
			return engines.Refuse("Dice", "%s unspent dice hold no %d (unspent: %s)", words.Possessive(p), v, poolText(b.Pool))
		}
		left = slices.Delete(left, i, i+1)
	}
	return nil
}

func facesFor(clan, action string) string {
	var out []string
	for v := 1; v <= 6; v++ {
		if FaceAction(clan, v) == action {
			out = append(out, fmt.Sprint(v))
		}
	}
	return strings.Join(out, " and ")
}

// defend puts a Defend counter on a figure (seed 001 line 57).
func defend(a *act, c Defend) error {
	s, d := a.S, a.D
	b, f, err := s.spender(c.Figure)
	if err != nil {
		return err
	}
	if err := s.spend(b, []int{c.Die}, ActDefend); err != nil {
		return err
	}
	d.Emit(TypeDefendSet, DefendSet{Figure: f.Ref(), Die: c.Die})
	d.Label("%s defends (die %d): %s, +%d to its saves until it saves.", f.Name, c.Die, plural(f.Defend, "counter", "counters"), f.Defend)
	return s.checkEnd(d)
}

// endTurn: unspent dice are lost, Magic stays in the pool. Dice order in
// Soul Collectors: one die per Soul left for its drift in inches (RULINGS:
// drift is recorded; the table moves the Souls).
func endTurn(a *act, c EndTurn) error {
	s, d := a.S, a.D
	b, err := s.turn()
	if err != nil {
		return err
	}
	if err := s.checkPlayer(b, c.Player); err != nil {
		return err
	}
	if err := needRolled(b); err != nil {
		return err
	}
	p := b.ActivePlayer()
	ev := TurnEnded{Player: p, Lost: slices.Clone(b.Pool)}
	if b.Brief == SoulCollectors && b.soulsLeft() > 0 {
		v, err := d.Roll(b.soulsLeft(), 6, fmt.Sprintf("soul drift: inches each of the %d Souls left moves", b.soulsLeft()))
		if err != nil {
			return err
		}
		ev.Drift = v
	}
	round := b.Round
	d.Emit(TypeTurnEnded, ev)
	label := fmt.Sprintf("%s ends turn %d", p, round)
	if len(ev.Lost) > 0 {
		label += fmt.Sprintf(", losing %s (%s)", plural(len(ev.Lost), "unspent die", "unspent dice"), facesText(ev.Lost))
	}
	label += fmt.Sprintf("; magic pool %d.", b.Magic[p])
	if len(ev.Drift) > 0 {
		label += fmt.Sprintf(" The Souls drift %s inches.", facesText(ev.Drift))
	}
	switch b.Phase {
	case PhaseRoll:
		label += fmt.Sprintf(" Turn %d: %s to roll.", b.Round, b.ActivePlayer())
	case PhaseHumans:
		label += " The Humans attack."
	}
	d.Label("%s", label)
	return s.checkEnd(d)
}
