package kingsown

import (
	"fmt"
	"strings"

	"warlog/engines"
	"warlog/engines/dice"
	"warlog/internal/words"
)

// cast is one spell.
//
// Ruling: Firebolt strikes one enemy; Sparks, a Sweep, may name friends
// and foes but not the caster; Ward and Teleport a friendly figure, self
// included; Rally a friendly figure other than the caster that has lost
// Skill in this fight (nothing to recover is refused before the cast roll).
// Ward lasts until the turn ends, which is before the caster's side next
// moves. A failed cast still spends the attack.
func cast(a *act, c Cast) error {
	s, d := a.S, a.D
	b, err := s.phase("cast", PhaseAttack, d)
	if err != nil {
		return err
	}
	cs, err := b.find(c.Caster)
	if err != nil {
		return err
	}
	spell, ok := SpellName(c.Spell)
	if !ok {
		return engines.Refuse("Magic", "%q is not a spell; the spells are %s", c.Spell, strings.Join(Spells, ", "))
	}
	if !cs.Card.HasSpell(spell) {
		return engines.Refuse("Magic", "%s card has no %s", words.Possessive(cs.Card.Name), spell)
	}
	if cs.LockedTurn == b.Turn {
		if cs.LockedBy != "" {
			return engines.Refuse("PriceOfFailure", "%s failed %s last turn and its price locks it out of spells in turn %d; it may still attack with a weapon", cs.Card.Name, words.A(cs.LockedBy), b.Turn)
		}
		return engines.Refuse("Firebolt", "%s failed a Firebolt last turn and is locked out of spells in turn %d; it may still attack with a weapon", cs.Card.Name, b.Turn)
	}
	if err := s.mayAttack(b, cs, "cast", d); err != nil {
		return err
	}
	ts, err := s.targets(b, cs, c.Targets, true, d)
	if err != nil {
		return err
	}
	facing := strings.ToLower(c.Facing)
	if facing != "" && facing != "front" && facing != "rear" {
		return engines.Refuse("Facing", "facing %q: a figure faces front or rear, nothing else", c.Facing)
	}
	if ts, err = spellTargets(spell, cs, ts); err != nil {
		return err
	}
	if c.Rear && spell != "Firebolt" && spell != "Sparks" {
		return engines.Refuse(spell, "--rear is for Firebolt and Sparks")
	}
	if c.Rear {
		for _, t := range ts {
			if t.Card.NoRear {
				return engines.Refuse("NoRear", "%s is No Rear: it cannot be attacked from the rear", t.Card.Name)
			}
		}
	}
	s.beginStep(b, cs, d)
	// seed 003 line 13: roll Skill to cast; RULINGS: with the Skill the
	// caster had when its step began.
	skill := b.rollSkill(cs)
	v, err := s.roll(cs.Card.Side, fmt.Sprintf("cast roll for %s %s (needs %d or less)", words.Possessive(cs.Card.Name), spell, skill), d)
	if err != nil {
		return err
	}
	ok = v <= skill
	d.Judge(ok, dice.AtMost(skill))
	ev := SpellCast{Caster: cs.Ref(), Spell: spell, Roll: v, Success: ok}
	for _, t := range ts {
		ev.Targets = append(ev.Targets, t.Ref())
	}
	d.Emit(TypeSpellCast, ev)
	head := fmt.Sprintf("%s casts %s, rolling %d against Skill %d", cs.Card.Name, spell, v, skill)
	if !ok {
		d.Label("%s: the spell fails%s.", head, s.payPrice(b, cs, spell, d))
		return nil
	}
	switch spell {
	case "Firebolt", "Sparks":
		might := 5
		if spell == "Sparks" {
			might = 2
		}
		var parts []string
		for _, t := range ts {
			line, err := s.resolve(cs, t, might, c.Rear, false, d)
			if err != nil {
				return err
			}
			parts = append(parts, line)
		}
		d.Label("%s: it works (M%d): %s.", head, might, strings.Join(parts, "; "))
	case "Ward":
		d.Emit(TypeWarded, Warded{Target: ts[0].Ref()})
		d.Label("%s: %s counts as Res 4 for the rest of the turn.", head, ts[0].Card.Name)
	case "Teleport":
		f := facing
		if f == "" {
			f = ts[0].Facing
		}
		d.Emit(TypeTeleported, Teleported{Target: ts[0].Ref(), Facing: f})
		d.Label("%s: %s is placed up to 8\" away, facing %s.", head, ts[0].Card.Name, f)
	case "Rally":
		t := ts[0]
		d.Emit(TypeRallied, Rallied{Target: t.Ref(), Skill: t.Skill + 1})
		d.Label("%s: %s steadies, Skill %d.", head, t.Card.Name, t.Skill)
	}
	return nil
}

// payPrice records the price of failure a failed cast owes (seed 003 line
// 13: "If the card names a price of failure, pay it") and pays it where it
// is a number the engine knows: a lockout of the next turn's spells (seed
// 003 line 41, Firebolt's own), Hits or Skill lost. Any other price is the
// table's to pay: the log keeps it as owed. It says what was paid, for the
// action's line ("" : the spell has no price).
//
// Ruling: a price's lost Skill is not Suppression, so Fearless does not
// stop it, and Rally may give it back; at 0 Hits or 0 Skill the caster is
// Down or Broken by its own spell, a removal nobody scores.
func (s *State) payPrice(b *Battle, cs *Fig, spell string, d *engines.Decision) string {
	price := cs.Card.PriceOf(spell)
	if price == "" {
		return ""
	}
	kind, n := ReadPrice(price)
	d.Emit(TypePriceOwed, PriceOwed{Caster: cs.Ref(), Spell: spell, Price: price, Paid: kind})
	name := cs.Card.Name
	switch kind {
	case PaidLockout:
		lo := LockedOut{Caster: cs.Ref(), Turn: b.Turn + 1}
		if spell != "Firebolt" {
			lo.Spell = spell
		}
		d.Emit(TypeLockedOut, lo)
		return fmt.Sprintf(", and %s is locked out of spells next turn", name)
	case PaidHit:
		var line string
		for i := 0; i < n && cs.Hits > 0; i++ {
			d.Emit(TypeHitLost, HitLost{Target: cs.Ref(), Hits: cs.Hits - 1})
			line = fmt.Sprintf("%s loses %d %s (%d left)", name, i+1, plural(i+1, "Hit", "Hits"), cs.Hits)
		}
		if cs.Hits <= 0 {
			d.Emit(TypeDown, Down{Target: cs.Ref()})
			line += "; " + name + " is Down"
		}
		return fmt.Sprintf("; its price of failure, %s: %s", price, line)
	case PaidSkill:
		var line string
		for i := 0; i < n && cs.Skill > 0; i++ {
			d.Emit(TypeSkillLost, SkillLost{Target: cs.Ref(), Skill: cs.Skill - 1})
			line = fmt.Sprintf("%s loses %d Skill (Skill %d)", name, i+1, cs.Skill)
		}
		if cs.Skill <= 0 {
			d.Emit(TypeBroken, Broken{Target: cs.Ref()})
			line += "; " + name + " is Broken"
		}
		return fmt.Sprintf("; its price of failure, %s: %s", price, line)
	}
	return "; its price of failure is owed to the table: " + price
}

// spellTargets checks the targets a spell is cast on (ts as named; none
// for Ward and Teleport is the caster) and gives them.
func spellTargets(spell string, cs *Fig, ts []*Fig) ([]*Fig, error) {
	switch spell {
	case "Firebolt":
		if len(ts) != 1 {
			return nil, engines.Refuse("Firebolt", "Firebolt strikes one target; name one")
		}
		if strings.EqualFold(ts[0].Card.Side, cs.Card.Side) {
			return nil, engines.Refuse("Firebolt", "%s is on %s own side; Firebolt strikes one enemy", ts[0].Card.Name, words.Possessive(cs.Card.Name))
		}
	case "Sparks":
		if len(ts) == 0 {
			return nil, engines.Refuse("Sparks", "Sparks sweeps every figure in its arc; name each target")
		}
		for _, t := range ts {
			if t == cs {
				return nil, engines.Refuse("Sparks", "%s cannot catch itself in its own Sparks", cs.Card.Name)
			}
		}
	case "Ward", "Teleport":
		if len(ts) == 0 {
			ts = []*Fig{cs}
		}
		if len(ts) != 1 || !strings.EqualFold(ts[0].Card.Side, cs.Card.Side) {
			return nil, engines.Refuse(spell, "%s takes one friendly figure (the caster included)", spell)
		}
	case "Rally":
		if len(ts) != 1 {
			return nil, engines.Refuse("Rally", "Rally takes one friendly figure other than the caster")
		}
		t := ts[0]
		switch {
		case t == cs:
			return nil, engines.Refuse("Rally", "%s cannot Rally itself; Rally takes a friendly figure other than the caster", cs.Card.Name)
		case !strings.EqualFold(t.Card.Side, cs.Card.Side):
			return nil, engines.Refuse("Rally", "%s is not a friendly figure", t.Card.Name)
		case t.Skill < 1:
			return nil, engines.Refuse("Rally", "%s is at Skill 0; Rally needs Skill 1 or more", t.Card.Name)
		case t.Skill >= t.StartSkill:
			return nil, engines.Refuse("Rally", "%s has lost no Skill in this fight (Skill %d); nothing to rally", t.Card.Name, t.Skill)
		}
	}
	return ts, nil
}
