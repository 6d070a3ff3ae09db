package incarn28

import (
	"slices"

	"warlog/engines"
	"warlog/internal/words"
)

// summon is the Homonculist's once-per-activation Roach.
//
// Ruling: the Roach is Weak; it first activates in the next round.
func (r *referee) summon(c Summon) error {
	f, err := r.current(c.Incarn, "summon")
	if err != nil {
		return err
	}
	if !f.Has("Homonculist") {
		return engines.Refuse("Homonculist", "%s is not a Homonculist", r.nm(f))
	}
	if slices.Contains(r.Battle.Current.SPAs, "Homonculist") {
		return engines.Refuse("Homonculist", "%s has already summoned this activation", r.nm(f))
	}
	r.actor = f.Side
	if err := r.Emit(TypeACsSpent, ACsSpent{Figure: f.Key(), For: "Homonculist", What: "summoning"}); err != nil {
		return err
	}
	hom := Figure{Incarn: Incarn{Name: r.freeName(f.Side, "Homunculus"), Skill: "Roach", Toughness: "Weak"}, Side: f.Side, Status: StatusActive, Tag: TagSummoned, Activated: r.Battle.Round > 0}
	if err := r.Emit(TypeFigureAdded, FigureAdded{Figure: hom, Why: f.Name + " summoned it"}); err != nil {
		return err
	}
	r.D.Label("%s summons %s, a Roach without Fleshtypes, within 5 (Homonculist).", r.nm(f), hom.Name)
	return nil
}

// inseminate marks an enemy for the Inseminator.
func (r *referee) inseminate(c Inseminate) error {
	f, err := r.current(c.Incarn, "inseminate")
	if err != nil {
		return err
	}
	if !f.Has("Inseminator") {
		return engines.Refuse("Inseminator", "%s is not an Inseminator", r.nm(f))
	}
	if f.InseminateUsed {
		return engines.Refuse("Inseminator", "%s has used its Inseminator mark; it is once per game", r.nm(f))
	}
	t, err := r.find(c.Target)
	if err != nil {
		return err
	}
	if !t.InPlay() || !enemies(f, t) || t.Side == DeathbeastSide {
		return engines.Refuse("Inseminator", "%s is not an enemy incarn in play", r.nm(t))
	}
	r.actor = f.Side
	if err := r.spend(f, 1, "", "inseminating"); err != nil {
		return err
	}
	side := f.Side
	if err := r.Emit(TypeFigureChanged, FigureChanged{Figure: t.Key(), MarkedBy: &side, Why: "marked by " + f.Name}); err != nil {
		return err
	}
	if err := r.Emit(TypeFigureChanged, FigureChanged{Figure: f.Key(), Used: "Inseminator", Why: "Inseminator spent"}); err != nil {
		return err
	}
	r.D.Label("%s spends 1 AC to mark %s (Inseminator): when it dies, a random ally bursts out.", r.nm(f), r.nm(t))
	return nil
}

// transform is the Lycan's change: 6 ACs make it a Chosen Heavy Butcher
// Strigoi without items for the rest of the game.
//
// Ruling: its Fleshtypes become Butcher and Strigoi (the others, Lycan
// included, are gone), and the change lasts for this game only.
func (r *referee) transform(c Transform) error {
	f, err := r.current(r.orCurrent(c.Incarn), "transform")
	if err != nil {
		return err
	}
	if !f.Has("Lycan") {
		return engines.Refuse("Lycan", "%s is not a Lycan", r.nm(f))
	}
	if err := r.spend(f, 6, "", "the Lycan's change"); err != nil {
		return err
	}
	in := Incarn{Name: f.Name, Skill: "Chosen", Toughness: "Heavy", Flesh: []string{"Butcher", "Strigoi"}}
	r.actor = f.Side
	r.D.Label("%s spends 6 ACs and becomes a Chosen Heavy Butcher Strigoi without items (Lycan).", r.nm(f))
	return r.Emit(TypeFigureChanged, FigureChanged{Figure: f.Key(), Incarn: &in, Why: "Lycan"})
}

// extinguish spends 3 ACs to put out a burning incarn: itself or an ally
// in base contact.
func (r *referee) extinguish(c Extinguish) error {
	f, err := r.current(r.orCurrent(c.Incarn), "put out a fire")
	if err != nil {
		return err
	}
	t, err := r.find(c.Target)
	if err != nil {
		return err
	}
	if t.Side != f.Side || !t.InPlay() {
		return engines.Refuse("Pyromaniac", "%s can only put out itself or an ally in base contact", r.nm(f))
	}
	if !t.OnFire {
		return engines.Refuse("Pyromaniac", "%s is not on fire", r.nm(t))
	}
	if err := r.spend(f, 3, "", "putting out the fire"); err != nil {
		return err
	}
	off := false
	r.actor = f.Side
	r.D.Label("%s spends 3 ACs putting out the flames on %s.", r.nm(f), r.nm(t))
	return r.Emit(TypeFigureChanged, FigureChanged{Figure: t.Key(), OnFire: &off, Why: "put out"})
}

// stone turns a Gargoyle to stone or back for 3 ACs.
func (r *referee) stone(c Stone) error {
	f, err := r.current(r.orCurrent(c.Incarn), "turn to stone")
	if err != nil {
		return err
	}
	if !f.Has("Gargoyle") {
		return engines.Refuse("Gargoyle", "%s is not a Gargoyle", r.nm(f))
	}
	if err := r.spend(f, 3, "", "turning to stone or back"); err != nil {
		return err
	}
	on := !f.Stone
	r.actor = f.Side
	if on {
		r.D.Label("%s spends 3 ACs and turns to stone: it can neither attack nor be attacked (Gargoyle).", r.nm(f))
	} else {
		r.D.Label("%s spends 3 ACs and turns back to flesh (Gargoyle).", r.nm(f))
	}
	return r.Emit(TypeFigureChanged, FigureChanged{Figure: f.Key(), Stone: &on, Why: "Gargoyle"})
}

// reflesh changes one of an incarn's Fleshtypes: a Zenithal's swap (the
// activating Zenithal, an ally, once per activation) or a change recorded
// at the table.
func (r *referee) reflesh(c Reflesh) error {
	f, err := r.find(c.Incarn)
	if err != nil {
		return err
	}
	old, err := FindFleshtype(c.Old)
	if err != nil {
		return refuse("Fleshtypes", err)
	}
	nw, err := FindFleshtype(c.New)
	if err != nil {
		return refuse("Fleshtypes", err)
	}
	if !f.InPlay() {
		// Ruling 2026-12-01 (seed line 37, the slain are removed from
		// play): only an incarn in play has a Fleshtype swapped.
		return engines.Refuse("Fleshtypes", "%s is %s; only an incarn in play has its Fleshtypes changed", r.nm(f), f.where())
	}
	if !f.Has(old.Name) {
		return engines.Refuse("Fleshtypes", "%s has no %s to change", r.nm(f), old.Name)
	}
	if f.Has(nw.Name) {
		return engines.Refuse("Fleshtypes", "%s already has %s; an incarn cannot have the same Fleshtype twice", r.nm(f), nw.Name)
	}
	why := "recorded at the table"
	if c.By != "" {
		z, err := r.current(c.By, "swap an ally's Fleshtype")
		if err != nil {
			return err
		}
		if !z.Has("Zenithal") {
			return engines.Refuse("Zenithal", "%s is not a Zenithal", r.nm(z))
		}
		if z.Side != f.Side {
			return engines.Refuse("Zenithal", "a Zenithal changes an ally's Fleshtype; %s is not %s ally", r.nm(f), words.Possessive(r.nm(z)))
		}
		if slices.Contains(r.Battle.Current.SPAs, "Zenithal") {
			return engines.Refuse("Zenithal", "%s has already swapped a Fleshtype this activation", r.nm(z))
		}
		if err := r.Emit(TypeACsSpent, ACsSpent{Figure: z.Key(), For: "Zenithal", What: "Zenithal swap"}); err != nil {
			return err
		}
		why = r.nm(z) + "'s Zenithal swap"
		r.actor = z.Side
	}
	if old.Name == "Mimic" && c.By == "" {
		return r.mimic(f, nw.Name)
	}
	in := f.Incarn
	in.Flesh = append([]string(nil), f.Flesh...)
	for i, x := range in.Flesh {
		if x == old.Name {
			in.Flesh[i] = nw.Name
		}
	}
	r.D.Label("%s %s becomes %s (%s).", words.Possessive(r.nm(f)), old.Name, nw.Name, why)
	return r.Emit(TypeFigureChanged, FigureChanged{Figure: f.Key(), Incarn: &in, Why: why})
}

// mimic records a Mimic using the Fleshtype nw (seed line 411). Ruling
// 2026-12-01: the Mimic keeps Mimic and, each time it uses one, names a
// Fleshtype an incarn in play has; it holds that one beside Mimic until it
// names another.
func (r *referee) mimic(f *Figure, nw string) error {
	held := false
	for _, x := range r.Battle.Figures {
		if x != f && x.InPlay() && x.Has(nw) {
			held = true
			break
		}
	}
	if !held {
		return engines.Refuse("Mimic", "no other incarn in play has %s for the Mimic to use", nw)
	}
	in := f.Incarn
	in.Flesh = nil
	for _, x := range f.Flesh {
		if x != f.Mimicked || x == "Mimic" {
			in.Flesh = append(in.Flesh, x)
		}
	}
	in.Flesh = append(in.Flesh, nw)
	why := r.nm(f) + "'s Mimic"
	if f.Mimicked != "" {
		r.D.Label("%s uses %s in place of %s and keeps Mimic (Mimic).", r.nm(f), nw, f.Mimicked)
	} else {
		r.D.Label("%s uses %s and keeps Mimic (Mimic).", r.nm(f), nw)
	}
	return r.Emit(TypeFigureChanged, FigureChanged{Figure: f.Key(), Incarn: &in, Mimics: nw, Why: why})
}
