package deadwars

// Spells from the magic pool.

import (
	"fmt"
	"strings"

	"warlog/engines"
	"warlog/internal/words"
)

// cast pays a spell from the magic pool (seed 001 lines 59-63). Casters are
// the Champion and every Wizard. Dice order for Bolt: hit roll, then save
// roll if hit.
//
// Ruling: a spell is no attack: it does not count against the caster's
// attacks, ignores base contact, and may be cast before the roll from the
// pool kept since the last turn. Bolt's save is a natural 6 only: Defend
// counters do not help, but a saving 6 removes them like any save.
func cast(a *act, c Cast) error {
	s, d := a.S, a.D
	b, err := s.turn()
	if err != nil {
		return err
	}
	f, err := b.actor(c.Caster)
	if err != nil {
		return err
	}
	p := f.Side
	if !f.Champion && f.Class != Wizard {
		return engines.Refuse("Magic", "%s is %s %s; only the Champion and Wizards cast spells", f.Name, words.A(title(f.Class)), title(f.Rank))
	}
	spell := strings.ToLower(strings.TrimSpace(c.Spell))
	cost := SpellCost(spell)
	if cost == 0 {
		return engines.Refuse("Magic", "unknown spell %q; the spells are bolt (1), curse (2), heal (2) and boost (1)", c.Spell)
	}
	if b.Magic[p] < cost {
		return engines.Refuse("Magic", "%s costs %s; %s magic pool holds %d", title(spell), plural(cost, "magic die", "magic dice"), words.Possessive(p), b.Magic[p])
	}
	if c.Target == "" {
		return engines.Refuse("Magic", "%s needs a target figure", title(spell))
	}
	if (c.Into != "" || c.Leave) && spell != Boost {
		return engines.Refuse("Magic", "only Boost moves a figure into or out of base contact")
	}
	ev := SpellCast{Caster: f.Ref(), Spell: spell, Cost: cost}
	var t *Fig
	switch spell {
	case Bolt, Curse:
		t, err = b.resolve(c.Target, b.enemiesOf(p)...)
	case Heal:
		t, err = b.resolve(c.Target, p)
	case Boost:
		t, err = b.resolve(c.Target, append([]string{p}, b.enemiesOf(p)...)...)
	}
	if err != nil {
		return err
	}
	if t.Dead {
		return engines.Refuse("Dead", "%s is dead", t.Name)
	}
	ev.Target = t.Ref()
	label := fmt.Sprintf("%s casts %s (%s) on %s", f.Name, title(spell), plural(cost, "magic die", "magic dice"), t.Name)
	var said string
	switch spell {
	case Bolt:
		said, err = bolt(d, f, t, &ev)
	case Curse:
		said = curse(t, &ev)
	case Heal:
		said, err = heal(t, &ev)
	case Boost:
		said, err = boost(b, c, t, &ev)
	}
	if err != nil {
		return err
	}
	d.Emit(TypeSpellCast, ev)
	d.Label("%s%s Magic pool: %d left.", label, said, b.Magic[p])
	return s.checkEnd(d)
}

// bolt: hit on 4+, saved only on a 6. Dice order: hit roll, then save
// roll if hit.
func bolt(d *engines.Decision, caster, t *Fig, ev *SpellCast) (string, error) {
	var err error
	if ev.HitRoll, err = roll1(d, caster.Side, "hit roll, Bolt hits on 4+"); err != nil {
		return "", err
	}
	ev.Hit = succeeds(ev.HitRoll, 0, 4)
	d.Judge(ev.Hit, target(0, 4))
	said := fmt.Sprintf(": hit roll %d against 4+", ev.HitRoll)
	if !ev.Hit {
		return said + ", a miss.", nil
	}
	if ev.SaveRoll, err = roll1(d, t.Side, fmt.Sprintf("save roll, %s saves against Bolt only on a 6", t.Name)); err != nil {
		return "", err
	}
	ev.Saved = ev.SaveRoll == 6
	d.Judge(ev.Saved, target(0, 6))
	ev.Wounded = !ev.Saved
	if ev.Wounded {
		ev.Killed, ev.KP = wound(t)
	}
	return said + fmt.Sprintf(", a hit; save %d, only a 6 saves", ev.SaveRoll) + woundText(ev.Saved, ev.Killed, t, ev.KP, false), nil
}

// curse: a wound, no roll.
func curse(t *Fig, ev *SpellCast) string {
	ev.Wounded = true
	ev.Killed, ev.KP = wound(t)
	if !ev.Killed {
		return fmt.Sprintf(": %s takes a wound (%d of %d).", t.Name, t.Wounds+1, t.MaxWounds())
	}
	said := fmt.Sprintf(": %s is killed", t.Name)
	if ev.KP > 0 {
		said += fmt.Sprintf(" (%s)", plural(ev.KP, "kill point", "kill points"))
	}
	return said + "."
}

// heal: a wound back, refused on an unwounded figure.
func heal(t *Fig, ev *SpellCast) (string, error) {
	if t.Wounds == 0 {
		return "", engines.Refuse("Magic", "%s has no wound to heal", t.Name)
	}
	ev.Healed = true
	return fmt.Sprintf(": a wound is healed (%d of %s now).", t.Wounds-1, words.Count(t.MaxWounds(), "wound", "wounds")), nil
}

// boost: the figure moves 3", into or out of base contact as the table
// shows it. A Boost is a move, not a Dash: contactMove's rules apply to
// the boosted figure (RULINGS, Deadwars, Attacks).
func boost(b *Battle, c Cast, t *Fig, ev *SpellCast) (string, error) {
	m, err := b.contactMove(t, c.Into, c.Leave, false)
	if err != nil {
		return "", err
	}
	ev.Left, ev.Into, ev.Free = m.Left, m.into(), m.Free
	return ": it moves 3\"" + m.text(t, false) + ".", nil
}
