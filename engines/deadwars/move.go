package deadwars

// Moves, dashes and base contact.

import (
	"fmt"
	"slices"
	"strings"

	"warlog/engines"
)

// move moves a figure 2" on any die.
func (s *State) move(c Move, d *engines.Decision) error { return s.moveBy(c, false, d) }

// dash moves a figure 4" on a Dash die.
func (s *State) dash(c Dash, d *engines.Decision) error { return s.moveBy(Move(c), true, d) }

// moveBy: any die moves a figure 2", a Dash die 4". Free attacks: the mover
// gets one on the enemy it reaches; leaving base contact by a non-Dash move
// gives each enemy left one on the mover (seed 001 lines 43-44).
//
// Ruling: a 6 is a die like any other for a 2" move; it is taken from the
// magic pool, where Magic dice go when rolled.
func (s *State) moveBy(c Move, dash bool, d *engines.Decision) error {
	b, f, err := s.spender(c.Figure)
	if err != nil {
		return err
	}
	p := f.Side
	ev := FigureMoved{Figure: f.Ref(), Die: c.Die, Dash: dash, Inches: 2}
	switch {
	case dash:
		ev.Inches = 4
		if err := s.spend(b, []int{c.Die}, ActDash); err != nil {
			return err
		}
	case c.Die == 6:
		if b.Magic[p] < 1 {
			return engines.Refuse("Dice", "%s's magic pool is empty; no 6 to move with (unspent: %s)", p, poolText(b.Pool))
		}
		ev.Magic = true
	default:
		if err := s.spend(b, []int{c.Die}, ""); err != nil {
			return err
		}
	}
	if c.Leave {
		for _, r := range b.ContactsOf(f.Ref()) {
			if r.Side == f.Side {
				continue
			}
			ev.Left = append(ev.Left, r)
			if !dash {
				ev.Free = append(ev.Free, FreeAttack{By: r, Target: f.Ref()})
			}
		}
		if len(ev.Left) == 0 {
			return engines.Refuse("Contact", "%s is in base contact with no enemy, so it cannot leave base contact", f.Name)
		}
	}
	var into *Fig
	if c.Into != "" {
		into, err = b.resolve(c.Into, b.enemiesOf(p)...)
		if err != nil {
			return err
		}
		if into.Dead {
			return engines.Refuse("Dead", "%s is dead", into.Name)
		}
		if f.LeftContact || len(ev.Left) > 0 {
			return engines.Refuse("Contact", "%s left base contact this turn and cannot enter base contact again until next turn", f.Name)
		}
		if b.InContact(f.Ref(), into.Ref()) {
			return engines.Refuse("Contact", "%s is already in base contact with %s", f.Name, into.Name)
		}
		r := into.Ref()
		ev.Into = &r
		ev.Free = append(ev.Free, FreeAttack{By: f.Ref(), Target: r})
	}
	d.Emit(TypeFigureMoved, ev)
	verb := "moves"
	if dash {
		verb = "dashes"
	}
	src := fmt.Sprintf("die %d", c.Die)
	if ev.Magic {
		src = "a 6 from the magic pool"
	}
	label := fmt.Sprintf("%s %s %d\" (%s)", f.Name, verb, ev.Inches, src)
	if len(ev.Left) > 0 {
		var names []string
		for _, r := range ev.Left {
			names = append(names, r.Name)
		}
		label += " out of base contact with " + strings.Join(names, " and ")
		if dash {
			label += ", dashing clear of free attacks"
		} else {
			label += fmt.Sprintf(", each of whom may make a free attack on %s", f.Name)
		}
	}
	if into != nil {
		label += fmt.Sprintf(" into base contact with %s: a free attack on %s", into.Name, into.Name)
	}
	d.Label("%s.", label)
	return s.checkEnd(d)
}

// contact records base contact the moves did not (an enemy's Boost, a
// figure placed in contact); it spends nothing.
func (s *State) contact(c Contact, d *engines.Decision) error {
	b, err := s.turn()
	if err != nil {
		return err
	}
	all := append(slices.Clone(b.Sides), HumansSide)
	a, err := b.resolve(c.A, all...)
	if err != nil {
		return err
	}
	o, err := b.resolve(c.B, b.enemiesOf(a.Side)...)
	if err != nil {
		return err
	}
	if a.Human() || o.Human() {
		return engines.Refuse("Contact", "contact with the Humans is not tracked; they move and strike by the table")
	}
	if a.Dead || o.Dead {
		return engines.Refuse("Dead", "a dead figure touches no one")
	}
	if b.InContact(a.Ref(), o.Ref()) != c.Apart {
		if c.Apart {
			return engines.Refuse("Contact", "%s and %s are not in base contact", a.Name, o.Name)
		}
		return engines.Refuse("Contact", "%s and %s are already in base contact", a.Name, o.Name)
	}
	d.Emit(TypeContactChanged, ContactChanged{A: a.Ref(), B: o.Ref(), Apart: c.Apart})
	if c.Apart {
		d.Label("%s and %s are no longer in base contact.", a.Name, o.Name)
	} else {
		d.Label("%s and %s stand in base contact.", a.Name, o.Name)
	}
	return s.checkEnd(d)
}
