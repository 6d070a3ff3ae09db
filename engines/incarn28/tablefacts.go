package incarn28

import (
	"warlog/engines"
)

// count counts the figures in play other than f that are its allies
// (enemy false) or enemies (enemy true) and have the Fleshtype or item.
func (s *State) count(f *Figure, enemy bool, has func(*Figure) bool) int {
	n := 0
	for _, x := range s.Battle.Figures {
		if x == f || !x.InPlay() || enemies(f, x) != enemy {
			continue
		}
		if has == nil || has(x) {
			n++
		}
	}
	return n
}

func flesh(name string) func(*Figure) bool { return func(x *Figure) bool { return x.Has(name) } }
func item(name string) func(*Figure) bool  { return func(x *Figure) bool { return x.HasItem(name) } }

// factCheck is one table fact a command claims: how many it claims, how
// many the log allows, and how to say it.
//
// have counts only when a claim is made: most commands claim nothing, and
// counting looks at every figure in play.
type factCheck struct {
	flag  string
	claim int
	have  func() int
	what  string
}

func checkFacts(rule string, checks []factCheck) error {
	for _, c := range checks {
		if c.claim < 0 {
			return engines.Refuse(rule, "%s cannot be negative", c.flag)
		}
		if c.claim == 0 {
			continue
		}
		if have := c.have(); c.claim > have {
			if have == 0 {
				return engines.Refuse(rule, "%s was given, but there are no %s in play", c.flag, c.what)
			}
			return engines.Refuse(rule, "%s %d, but there are only %d %s in play", c.flag, c.claim, have, c.what)
		}
	}
	return nil
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// checkActFacts refuses table facts the log shows cannot be so: a flag
// naming a Fleshtype no figure in play has, or more of them than there
// are.
func (s *State) checkActFacts(f *Figure, c ActFacts) error {
	all := func(name string) int {
		n := 0
		for _, x := range s.Battle.Figures {
			if x.InPlay() && x.Has(name) {
				n++
			}
		}
		return n
	}
	return checkFacts("Table facts", []factCheck{
		{"--allies-within-5", c.AlliesWithin5, func() int { return s.count(f, false, nil) }, "allies"},
		{"--enemies-within-10", c.EnemiesWithin10, func() int { return s.count(f, true, nil) }, "enemies"},
		{"--enemy-within-5", b2i(c.EnemyWithin5), func() int { return s.count(f, true, nil) }, "enemies"},
		{"--piles", c.Piles, func() int { return s.piles(f) }, "Defecator piles (an enemy Defecator places one per activation)"},
		{"--fools", c.Fools, func() int { return s.count(f, true, flesh("Fool")) }, "enemy Fools"},
		{"--gaunts", c.Gaunts, func() int { return s.count(f, true, flesh("Gaunt")) }, "enemy Gaunts"},
		{"--effigies", c.Effigies, func() int { return s.count(f, true, item("Effigy")) }, "enemy Effigies"},
		{"--tempted", b2i(c.Tempted), func() int { return s.count(f, true, flesh("Tempter")) }, "enemy Tempters"},
		{"--imp", b2i(c.Imp), func() int { return s.count(f, true, flesh("Imp")) }, "enemy Imps"},
		{"--parasite", b2i(c.Parasite), func() int { return s.count(f, true, flesh("Parasite")) }, "enemy Parasites"},
		s.hollowed(f, c.Hollow),
		{"--ciphered", b2i(c.Ciphered), func() int { return s.count(f, true, flesh("Cipher")) }, "enemy Ciphers"},
		{"--icon", b2i(c.Icon), func() int { return s.count(f, false, item("Icon")) }, "allied Icons"},
		{"--nightmare", b2i(c.Nightmare), func() int { return all("Nightmare") }, "Nightmares"},
		{"--mist", b2i(c.Mist), func() int { return b2i(s.Battle.Twist == 2) }, "Flensing Mists (the twist)"},
	})
}

// piles is the most Defecator piles f's enemies can have placed: one per
// activation of an enemy Defecator so far, in play or not (seed line 213;
// ruling 2026-12-01: a table fact the log contradicts is refused).
func (s *State) piles(f *Figure) int {
	n := 0
	for _, x := range s.Battle.Figures {
		if x != f && enemies(f, x) && x.Has("Defecator") {
			n += x.Activations
		}
	}
	return n
}

// hollowed is the most incarns of f's gang an enemy Hollow can make count
// as slain: those in play, f with them, when an enemy Hollow is in play
// (seed line 351; ruling 2026-12-01: Hollow counts only incarns in play).
func (s *State) hollowed(f *Figure, claim int) factCheck {
	if claim == 0 {
		return factCheck{flag: "--hollow"} // nothing claimed, nothing counted
	}
	if s.count(f, true, flesh("Hollow")) == 0 {
		return factCheck{"--hollow", claim, func() int { return 0 }, "enemy Hollows"}
	}
	return factCheck{"--hollow", claim, func() int { return s.count(f, false, nil) + 1 }, "incarns of its gang"}
}

// checkAttackFacts does the same for an attack's or SP-A's facts.
func (s *State) checkAttackFacts(a, t *Figure, c Attack) error {
	checks := []factCheck{
		{"--subliminal", c.Subliminal, func() int { return s.count(a, true, flesh("Subliminal")) }, "enemy Subliminals"},
		{"--zealots", c.Zealots, func() int { return s.count(a, false, flesh("Zealot")) }, "allied Zealots"},
		{"--archivists", c.Archivists, func() int { return s.count(a, false, flesh("Archivist")) }, "allied Archivists"},
		{"--ciphered", b2i(c.Ciphered), func() int { return s.count(a, true, flesh("Cipher")) }, "enemy Ciphers"},
		{"--pacifist", b2i(c.Pacifist), func() int { return s.count(a, true, flesh("Pacifist")) }, "enemy Pacifists"},
		{"--imp", b2i(c.Imp), func() int { return s.count(a, true, flesh("Imp")) }, "enemy Imps"},
	}
	if err := checkFacts("Table facts", checks); err != nil {
		return err
	}
	if t == nil {
		return nil
	}
	return s.checkDefFacts(t, c.DefFacts)
}

func (s *State) checkDefFacts(t *Figure, d DefFacts) error {
	return checkFacts("Table facts", []factCheck{
		{"--sentinel", b2i(d.Sentinel), func() int { return s.count(t, false, flesh("Sentinel")) }, "allied Sentinels"},
		{"--soothsayer", b2i(d.Soothsayer), func() int { return s.count(t, false, flesh("Soothsayer")) }, "allied Soothsayers"},
		{"--illusionist", b2i(d.Illusionist), func() int { return s.count(t, false, flesh("Illusionist")) }, "allied Illusionists"},
		{"--priests", d.Priests, func() int { return s.count(t, false, flesh("Priest")) }, "allied Priests"},
		{"--target-gaunts", d.Gaunts, func() int { return s.count(t, true, flesh("Gaunt")) }, "Gaunts hostile to the target"},
		{"--target-ciphered", b2i(d.Ciphered), func() int { return s.count(t, true, flesh("Cipher")) }, "Ciphers hostile to the target"},
		{"--target-imp", b2i(d.Imp), func() int { return s.count(t, true, flesh("Imp")) }, "Imps hostile to the target"},
	})
}
