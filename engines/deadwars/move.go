package deadwars

// Moves, dashes and base contact.

import (
	"fmt"
	"slices"
	"strings"

	"warlog/engines"
	"warlog/internal/words"
)

// move moves a figure 2" on any die.
func move(a *act, c Move) error { return a.S.moveBy(c, false, a.D) }

// dash moves a figure 4" on a Dash die.
func dash(a *act, c Dash) error { return a.S.moveBy(Move(c), true, a.D) }

// moveBy: any die moves a figure 2", a Dash die 4", with what the move
// does to base contact (contactMove).
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
			return engines.Refuse("Dice", "%s magic pool is empty; no 6 to move with (unspent: %s)", words.Possessive(p), poolText(b.Pool))
		}
		ev.Magic = true
	default:
		if err := s.spend(b, []int{c.Die}, ""); err != nil {
			return err
		}
	}
	m, err := b.contactMove(f, c.Into, c.Leave, dash)
	if err != nil {
		return err
	}
	ev.Left, ev.Into, ev.Free = m.Left, m.into(), m.Free
	d.Emit(TypeFigureMoved, ev)
	verb := "moves"
	if dash {
		verb = "dashes"
	}
	src := fmt.Sprintf("die %d", c.Die)
	if ev.Magic {
		src = "a 6 from the magic pool"
	}
	d.Label("%s %s %d\" (%s)%s.", f.Name, verb, ev.Inches, src, m.text(f, dash))
	return s.checkEnd(d)
}

// contactMoved is what a move does to base contact: the enemies the figure
// leaves, the one it reaches, and the free attacks they give.
type contactMoved struct {
	Left []Ref
	Into *Fig
	Free []FreeAttack
}

// contactMove is what moving f (by a die, a Dash or a Boost) does to base
// contact, as the table shows it: into contact with the enemy into names,
// or out of contact with every enemy it touches. Free attacks: f gets one
// on the enemy it reaches; leaving contact by anything but a Dash gives
// each enemy left one on f. After leaving contact f cannot enter contact
// again this turn (seed 001 lines 43-44; RULINGS, Deadwars, Turn).
func (b *Battle) contactMove(f *Fig, into string, leave, dash bool) (contactMoved, error) {
	var m contactMoved
	if leave {
		for _, r := range b.ContactsOf(f.Ref()) {
			if r.Side == f.Side {
				continue
			}
			m.Left = append(m.Left, r)
			if !dash {
				m.Free = append(m.Free, FreeAttack{By: r, Target: f.Ref()})
			}
		}
		if len(m.Left) == 0 {
			return m, engines.Refuse("Contact", "%s is in base contact with no enemy, so it cannot leave base contact", f.Name)
		}
	}
	if into == "" {
		return m, nil
	}
	o, err := b.resolve(into, b.enemiesOf(f.Side)...)
	if err != nil {
		return m, err
	}
	if o.Dead {
		return m, engines.Refuse("Dead", "%s is dead", o.Name)
	}
	if f.LeftContact || len(m.Left) > 0 {
		return m, engines.Refuse("Contact", "%s left base contact this turn and cannot enter base contact again until next turn", f.Name)
	}
	if b.InContact(f.Ref(), o.Ref()) {
		return m, engines.Refuse("Contact", "%s is already in base contact with %s", f.Name, o.Name)
	}
	m.Into = o
	m.Free = append(m.Free, FreeAttack{By: f.Ref(), Target: o.Ref()})
	return m, nil
}

// into is the enemy reached, as a fact records it.
func (m contactMoved) into() *Ref {
	if m.Into == nil {
		return nil
	}
	r := m.Into.Ref()
	return &r
}

// text says what the move of f did to base contact, for its label.
func (m contactMoved) text(f *Fig, dash bool) string {
	var out string
	if len(m.Left) > 0 {
		var names []string
		for _, r := range m.Left {
			names = append(names, r.Name)
		}
		out += " out of base contact with " + strings.Join(names, " and ")
		if dash {
			out += ", dashing clear of free attacks"
		} else if len(names) == 1 {
			out += fmt.Sprintf(", who may make a free attack on %s", f.Name)
		} else {
			out += fmt.Sprintf(", each of whom may make a free attack on %s", f.Name)
		}
	}
	if m.Into != nil {
		out += fmt.Sprintf(" into base contact with %s: a free attack on %s", m.Into.Name, m.Into.Name)
	}
	return out
}

// contact records base contact the moves did not (a figure placed in
// contact, a move the table made otherwise); it spends nothing.
func contact(at *act, c Contact) error {
	s, d := at.S, at.D
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
	if !c.Apart && b.leftThisTurn(a.Ref(), o.Ref()) {
		return engines.Refuse("Contact", "%s and %s left base contact this turn and cannot be in base contact again until next turn", a.Name, o.Name)
	}
	d.Emit(TypeContactChanged, ContactChanged{A: a.Ref(), B: o.Ref(), Apart: c.Apart})
	if c.Apart {
		d.Label("%s and %s are no longer in base contact.", a.Name, o.Name)
	} else {
		d.Label("%s and %s stand in base contact.", a.Name, o.Name)
	}
	return s.checkEnd(d)
}
