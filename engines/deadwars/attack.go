package deadwars

// Attacks and saves.

import (
	"fmt"
	"slices"
	"strings"

	"warlog/engines"
	"warlog/internal/words"
)

// attack: dice order hit roll, then save roll if hit. Combined Attack dice
// give +1 to hit each after the first and count as one attack; a natural 6
// to hit gives the target -1 to save; each Defend counter +1 to save; a
// natural 1 fails and a natural 6 succeeds (seed 001 lines 47-57).
func attack(at *act, c Attack) error {
	s, d := at.S, at.D
	b, err := s.turn()
	if err != nil {
		return err
	}
	var a *Fig
	if c.Free {
		a, err = b.resolve(c.Figure, b.Sides...)
		if err != nil {
			return err
		}
		if a.Dead {
			return engines.Refuse("Dead", "%s is dead and out of the game", a.Name)
		}
	} else if a, err = b.actor(c.Figure); err != nil {
		return err
	}
	t, err := b.resolve(c.Target, b.enemiesOf(a.Side)...)
	if err != nil {
		return err
	}
	if t.Dead {
		return engines.Refuse("Dead", "%s is already dead", t.Name)
	}
	ev := AttackMade{By: a.Ref(), Target: t.Ref(), Free: c.Free, HitNeed: Class(a.Class).Hit}
	if c.Free {
		if len(c.Dice) > 0 {
			return engines.Refuse("Free attack", "a free attack spends no die")
		}
		if !slices.Contains(b.Free, FreeAttack{By: a.Ref(), Target: t.Ref()}) {
			return engines.Refuse("Free attack", "%s has no free attack on %s this turn; free attacks come from moving into base contact, or an enemy leaving it by a move", a.Name, t.Name)
		}
	} else {
		if err := needRolled(b); err != nil {
			return err
		}
		if err := s.spend(b, c.Dice, ActAttack); err != nil {
			return err
		}
		if max := RankValue(a.Rank); a.Attacks >= max {
			return engines.Refuse("Attacks", "%s has made %s this turn; %s attacks at most %s a turn (free attacks aside)", a.Name, words.Count(a.Attacks, "attack", "attacks"), words.A(title(a.Rank)), words.Times(max))
		}
		ev.Dice = slices.Clone(c.Dice)
		ev.HitMod = len(c.Dice) - 1
		if err := b.reach(a, t); err != nil {
			return err
		}
	}
	if ev.HitRoll, err = roll1(d, a.Side, hitPurpose(a, t, ev.HitMod, ev.HitNeed, c.Free)); err != nil {
		return err
	}
	ev.Hit = succeeds(ev.HitRoll, ev.HitMod, ev.HitNeed)
	d.Judge(ev.Hit, target(ev.HitMod, ev.HitNeed))
	if ev.Hit {
		if err := save(d, &ev, t); err != nil {
			return err
		}
	}
	label := attackLabel(ev, a, t)
	d.Emit(TypeAttackMade, ev)
	d.Label("%s", label)
	return s.checkEnd(d)
}

// reach applies the targeting rules the table's contacts decide: a figure in
// base contact attacks only the enemies it touches; Fighters and Berserkers
// (range 0") must touch their target; an enemy locked in base contact with a
// friend cannot be attacked from outside it (seed 001 line 54).
func (b *Battle) reach(a, t *Fig) error {
	touching := b.ContactsOf(a.Ref())
	if len(touching) > 0 && !b.InContact(a.Ref(), t.Ref()) {
		return engines.Refuse("Contact", "%s is in base contact with %s and must attack it", a.Name, touching[0].Name)
	}
	if t.Human() {
		return nil // the Humans' contacts are the table's
	}
	if Class(a.Class).Range == 0 && !b.InContact(a.Ref(), t.Ref()) {
		return engines.RefuseTry("Range", []string{"dw move", "dw contact"}, "%s attacks at 0\": %s must be in base contact with %s; move it into contact, or record the contact the table shows", words.A(title(a.Class)), a.Name, t.Name)
	}
	if !b.InContact(a.Ref(), t.Ref()) {
		for _, r := range b.ContactsOf(t.Ref()) {
			if r.Side == a.Side {
				return engines.Refuse("Melee", "%s is in base contact with %s; it cannot be attacked from outside that fight", t.Name, r.Name)
			}
		}
	}
	return nil
}

// save rolls the target's save and decides the wound.
func save(d *engines.Decision, ev *AttackMade, t *Fig) error {
	ev.SaveNeed = Class(t.Class).Save
	ev.SaveMod = t.Defend
	if ev.HitRoll == 6 {
		ev.SaveMod--
	}
	var err error
	if ev.SaveRoll, err = roll1(d, t.Side, savePurpose(t, ev.HitRoll == 6)); err != nil {
		return err
	}
	ev.Saved = succeeds(ev.SaveRoll, ev.SaveMod, ev.SaveNeed)
	d.Judge(ev.Saved, target(ev.SaveMod, ev.SaveNeed))
	if !ev.Saved {
		ev.Wounded = true
		ev.Killed, ev.KP = wound(t)
	}
	return nil
}

// wound is what one more wound does to t: whether it kills, and the kill
// points that scores (a Human's death scores none).
func wound(t *Fig) (killed bool, kp int) {
	killed = t.Wounds+1 >= t.MaxWounds()
	if killed && !t.Human() {
		kp = KillPoints(t.Rank, t.Champion)
	}
	return killed, kp
}

func attackLabel(ev AttackMade, a, t *Fig) string {
	var sb strings.Builder
	switch {
	case a.Human():
		fmt.Fprintf(&sb, "%s (%s) attacks %s", a.Name, title(a.Class), t.Name)
	case ev.Free:
		fmt.Fprintf(&sb, "%s makes a free attack on %s", a.Name, t.Name)
	case len(ev.Dice) > 1:
		fmt.Fprintf(&sb, "%s attacks %s with dice %s combined", a.Name, t.Name, facesText(ev.Dice))
	default:
		fmt.Fprintf(&sb, "%s attacks %s (die %d)", a.Name, t.Name, ev.Dice[0])
	}
	fmt.Fprintf(&sb, ": hit roll %d", ev.HitRoll)
	if ev.HitMod != 0 {
		fmt.Fprintf(&sb, "%s", signed(ev.HitMod))
	}
	fmt.Fprintf(&sb, " against %d+, ", ev.HitNeed)
	if !ev.Hit {
		sb.WriteString("a miss.")
		return sb.String()
	}
	sb.WriteString("a hit")
	if ev.HitRoll == 6 {
		sb.WriteString(" (a natural 6: -1 to the save)")
	}
	fmt.Fprintf(&sb, "; save %d", ev.SaveRoll)
	if ev.SaveMod != 0 {
		fmt.Fprintf(&sb, "%s", signed(ev.SaveMod))
	}
	fmt.Fprintf(&sb, " against %d+", ev.SaveNeed)
	sb.WriteString(woundText(ev.Saved, ev.Killed, t, ev.KP, a.Human()))
	return sb.String()
}

// woundText says what a failed or made save did to t; a kill's points are
// said, and when a Human killed (byHuman) that no one scores them (RULINGS,
// Deadwars, Attacks).
func woundText(saved, killed bool, t *Fig, kp int, byHuman bool) string {
	switch {
	case saved:
		if t.Defend > 0 {
			return fmt.Sprintf(", saved; %s defend counters are removed.", possessive(t.Name))
		}
		return ", saved."
	case killed:
		s := fmt.Sprintf(", failed: %s is killed", t.Name)
		switch {
		case kp > 0 && byHuman:
			s += fmt.Sprintf(" (%s, which no one scores)", plural(kp, "kill point", "kill points"))
		case kp > 0:
			s += fmt.Sprintf(" (%s)", plural(kp, "kill point", "kill points"))
		}
		return s + "."
	}
	return fmt.Sprintf(", failed: %s takes a wound (%d of %d).", t.Name, t.Wounds+1, t.MaxWounds())
}
