package incarn28

import (
	"fmt"
	"slices"
	"strings"

	"warlog/engines"
	"warlog/internal/words"
)

// attack is a normal attack: the attacker spends the strength in ACs (a
// Pacifist may stop it), rolls the A-R, the AD additions known from the
// log are counted, and the target defends (an objective or a terrain
// piece takes the AD as it is); a Grenadier's or Melter's further incarns
// defend against half of it.
//
// Dice order (RULINGS: the A-R dice, the defence roll, then the extra
// dice): the Pacifist's D6 when the attacker is near one, the A-R dice
// (Strength D6, twice as many for an odd Fallow), the Illusionist's D6,
// the defence roll (defence die, obscured D6, Sentinel D6, Decoy D12), the
// Ensorcelled Weapon's D4, a Soothsayer's re-roll of the defence dice, then what the outcome
// asks for (a Mindguard's D6 when a stun lands, a Pandemoniac's dice;
// Lastborn, Reclaimer, Exhumer, Inseminator on a death), then the
// Blademaster's SP-A D8 and its defence roll, then the defence rolls of
// further incarns hit (Grenadier, Melter).
//
// Ruling: two extra dice come where their text puts them, before the dice
// RULINGS orders, because each decides whether those dice are rolled at
// all: the Pacifist's D6 when the enemy "attempts an attack" (seed line
// 449), so a stopped attack rolls no A-R; the Illusionist's "before making
// a DF-R" (seed line 369), so an ignored attack rolls no defence.
func (r *referee) attack(c Attack) error {
	a, err := r.attacker(c)
	if err != nil {
		return err
	}
	t, err := r.attackTarget(a, c)
	if err != nil {
		return err
	}
	if a.Stone {
		return engines.RefuseTry("Gargoyle", []string{"i28 stone"}, "%s is stone and cannot attack; 3 ACs turn it back", r.nm(a))
	}
	if err := r.checkAttackFacts(a, t, c); err != nil {
		return err
	}
	if err := r.spend(a, c.Strength, "attack", fmt.Sprintf("an attack of strength %d", c.Strength)); err != nil {
		return err
	}
	r.cipher(a, c.Ciphered)
	r.cipher(t, c.DefFacts.Ciphered)
	if stopped, err := r.pacifist(a, c); stopped || err != nil {
		return err
	}
	if err := r.unmask(a); err != nil {
		return err
	}
	succ, desc, err := r.attackRoll(a, t, c)
	if err != nil {
		return err
	}
	h := r.adAdditions(a, t, c, succ)
	if t == nil {
		return r.hitObject(h, desc)
	}
	also, err := r.further(a, t, c)
	if err != nil {
		return err
	}
	r.D.Label("%s.", desc)
	if err := r.resolve(h, t, c.DefFacts); err != nil {
		return err
	}
	if r.has(a, "Screamer") && r.lastAD > 0 && t.InPlay() {
		r.note("%s may push %s up to %d, 1 per point of AD (Screamer)", r.nm(a), r.nm(t), r.lastAD)
	}
	// Ruling: every further incarn (Grenadier's blast, Melter's line)
	// takes half the full AD, rounded down, in the order given, each
	// with its own defence roll.
	half := r.lastAD / 2
	for _, x := range also {
		if !x.InPlay() {
			continue
		}
		if x.Stone {
			r.note("%s is stone and is not hit (Gargoyle)", r.nm(x))
			continue
		}
		r.note("%s is caught too with half the AD, %d", r.nm(x), half)
		if err := r.resolve(hit{att: a, ad: half}, x, DefFacts{}); err != nil {
			return err
		}
	}
	r.flushNotes()
	return nil
}

// attacker is the activating incarn, which may attack now: not an
// objective incarn, once per activation (a Gunslinger more), with the ACs
// of the attack's strength.
func (r *referee) attacker(c Attack) (*Figure, error) {
	a, err := r.current(r.orCurrent(c.Attacker), "attack")
	if err != nil {
		return nil, err
	}
	r.actor = a.Side
	if a.Tag == TagAssassinate || a.Tag == TagEscort {
		return nil, engines.Refuse("Objectives", "%s is an objective incarn and cannot attack", r.nm(a))
	}
	cur := r.Battle.Current
	if c.Strength < 1 {
		return nil, engines.Refuse("Attack", "an attack needs a strength of at least 1 AC (--strength N)")
	}
	if cur.Attacks > 0 && !r.flesh(a, "Gunslinger", c.Ciphered) {
		return nil, engines.Refuse("Attack", "%s has already attacked this activation; only a Gunslinger attacks more than once", r.nm(a))
	}
	if c.Strength > cur.ACs {
		return nil, engines.Refuse("ACs", "%s has %s left; an attack of strength %d needs %d", r.nm(a), plural(cur.ACs, "AC"), c.Strength, c.Strength)
	}
	return a, nil
}

// attackTarget is the incarn a attacks, nil for its Desecrate objective
// or a terrain piece: an enemy in play (any incarn for a Bloodshot), not
// stone, not a Spy its enemies take for a friend; a Portshield bearer
// takes the attack for an ally.
func (r *referee) attackTarget(a *Figure, c Attack) (*Figure, error) {
	b := r.Battle
	target := strings.TrimSpace(c.Target)
	switch {
	case strings.EqualFold(target, "terrain"):
		// seed line 469 Poltergeist: it may attack terrain, shoving it as
		// far as the AD instead of harming it. Ruling: it is the
		// activation's attack (A-R, AD additions, Ensorcelled D4, Berserk)
		// without a defence roll; the shove is the table's.
		r.terrain = true
		r.cipher(a, c.Ciphered)
		if !r.has(a, "Poltergeist") {
			return nil, engines.Refuse("Poltergeist", "only a Poltergeist attacks terrain; %s is not one", r.nm(a))
		}
		return nil, nil
	case strings.EqualFold(target, "desecrate"):
		if !slices.Contains(b.Objectives[a.Side], 1) {
			return nil, engines.Refuse("Desecrate", "%s has no Desecrate objective to attack", a.Side)
		}
		if b.done(a.Side, 1) {
			return nil, engines.Refuse("Desecrate", "%s Desecrate objective is already destroyed", words.Possessive(a.Side))
		}
		return nil, nil
	}
	x, err := r.findTarget(a, c.Target)
	if err != nil {
		return nil, err
	}
	if !x.InPlay() {
		return nil, engines.Refuse("Attack", "%s is %s; only incarns in play can be attacked", r.nm(x), x.where())
	}
	if !enemies(a, x) && !(a.HasItem("Bloodshot") && !c.Imp && a != x) {
		return nil, engines.Refuse("Attack", "%s is not an enemy of %s", r.nm(x), r.nm(a))
	}
	if x.Stone {
		return nil, engines.Refuse("Gargoyle", "%s is stone and cannot be attacked", r.nm(x))
	}
	if err := r.spyCheck(a, x, r.stripped(x, c.DefFacts.Ciphered)); err != nil {
		return nil, err
	}
	return r.portshield(a, x, c.DefFacts)
}

// pacifist: an attacker within 5 of an enemy Pacifist rolls a D6 first; on
// 4+ it cannot attack this activation, and the ACs come back.
func (r *referee) pacifist(a *Figure, c Attack) (stopped bool, err error) {
	if !c.Pacifist {
		return false, nil
	}
	v, err := r.roll1(a.Side, 6, "Pacifist")
	if err != nil {
		return true, err
	}
	if v < 4 {
		r.note("the Pacifist's D6 %d does not stop it", v)
		return false, nil
	}
	r.D.Label("%s tries to attack near a Pacifist: D6 %d, it cannot attack this activation; %s left.", r.nm(a), v, plural(r.Battle.Current.ACs+c.Strength, "AC"))
	return true, r.Emit(TypeACsSpent, ACsSpent{Figure: a.Key(), ACs: -c.Strength, For: "attack", What: "stopped by a Pacifist"})
}

// attackRoll rolls the A-R: a D6 per point of strength (two for an odd
// Fallow), each a success on 3+ after modifiers and a critical on a 6.
// It gives the successes and the label's account of the roll.
//
// Ruling: a natural crit face (6, or 5 for Assassin and Adept in base
// contact, or any die reaching 6+ for Hunter) is always a success; a
// natural 1 never is.
func (r *referee) attackRoll(a, t *Figure, c Attack) (int, string, error) {
	cur := r.Battle.Current
	n := c.Strength
	if cur.Fallow {
		n *= 2
	}
	vs, err := r.roll(a.Side, n, 6, a.Name+" A-R")
	if err != nil {
		return 0, "", err
	}
	mod := 0
	var mods []string
	addMod := func(v int, why string) {
		mod += v
		mods = append(mods, fmt.Sprintf("%+d %s", v, why))
	}
	if r.has(a, "Butcher") {
		addMod(2, "Butcher")
	}
	if r.has(a, "Venomous") {
		addMod(1, "Venomous")
	}
	if a.HasItem("Artisanal Weapon") && !c.Imp {
		addMod(1, "Artisanal Weapon")
	}
	if r.has(a, "Berserk") {
		addMod(-2, "Berserk")
	}
	if c.Beyond10 && r.has(a, "Gunner") {
		addMod(2, "Gunner beyond 10")
	}
	if t != nil && r.has(t, "Elegant") {
		addMod(-1, "Elegant target")
	}
	if t != nil && r.has(t, "Stout") {
		addMod(-2, "Stout target")
	}
	if c.Subliminal > 0 {
		addMod(-c.Subliminal, fmt.Sprintf("Subliminal (%d)", c.Subliminal))
	}
	crit := 2
	if r.has(a, "Venomous") {
		crit = 3
	}
	if t != nil && r.has(t, "Ethereal") {
		crit--
	}
	succ := 0
	var faces []string
	for _, v := range vs {
		isCrit := v == 6 ||
			(v == 5 && r.has(a, "Assassin")) ||
			(v >= 5 && c.BaseContact && r.has(a, "Adept")) ||
			(v != 1 && v+mod >= 6 && r.has(a, "Hunter"))
		switch {
		case v == 1:
			faces = append(faces, "1")
		case isCrit:
			succ += crit
			faces = append(faces, fmt.Sprintf("%d!", v))
		case v+mod >= 3:
			succ++
			faces = append(faces, fmt.Sprintf("%d", v))
		default:
			faces = append(faces, fmt.Sprintf("%d", v))
		}
	}
	desc := fmt.Sprintf("%s attacks %s%s with strength %d", r.nm(a), r.targetName(t), r.shieldText(), c.Strength)
	if a.Side == DeathbeastSide && t != nil {
		// seed line 631: it attacks the closest incarn; the table names it.
		desc = fmt.Sprintf("%s attacks the closest incarn, %s%s, with strength %d", r.nm(a), r.nm(t), r.shieldText(), c.Strength)
	}
	if cur.Fallow {
		desc += " (Fallow: double dice)"
	}
	desc += fmt.Sprintf(": A-R %s", strings.Join(faces, ", "))
	if len(mods) > 0 {
		desc += " (" + strings.Join(mods, ", ") + ")"
	}
	return succ, desc + ", " + plural(succ, "success"), nil
}

// adAdditions are the AD additions the log knows, counted before the
// defence roll though their dice come after it.
//
// Ruling: AD additions (Avenger, Paragon, Vivisect, Zealot, Archivist,
// Ensorcelled Weapon) come before Berserk doubles it.
func (r *referee) adAdditions(a, t *Figure, c Attack, succ int) hit {
	b := r.Battle
	ad := succ
	var steps []string
	add := func(v int, why string) {
		if v == 0 {
			return
		}
		ad += v
		steps = append(steps, fmt.Sprintf("%+d %s", v, why))
	}
	if r.has(a, "Avenger") && a.Side != DeathbeastSide {
		add(b.slainCount(a.Side), "Avenger")
	}
	if r.has(a, "Paragon") {
		add(len(a.Flesh), "Paragon")
	}
	if t != nil && r.has(a, "Vivisect") {
		nf := len(t.Flesh)
		if c.DefFacts.Ciphered && !t.Has("Cipher") {
			nf = 0
		}
		add(nf, "Vivisect")
	}
	z := c.Zealots
	if r.has(a, "Zealot") {
		z++
	}
	add(2*z, "Zealot")
	ar := c.Archivists
	if r.has(a, "Archivist") {
		ar++
	}
	if ar > 0 && len(b.Done[b.opponent(a.Side)]) > 0 {
		add(3*ar, "Archivist")
	}
	return hit{att: a, ad: ad, steps: steps, berserk: r.has(a, "Berserk"), ensorcelled: a.HasItem("Ensorcelled Weapon") && !c.Imp, normal: true}
}

// hitObject ends an attack on the Desecrate objective, which takes the AD
// in hits, or on a terrain piece, which a Poltergeist shoves as far.
func (r *referee) hitObject(h hit, desc string) error {
	ad, steps, err := r.finalAD(h)
	if err != nil {
		return err
	}
	if len(steps) > 0 {
		desc += "; AD " + strings.Join(steps, ", ")
	}
	if r.terrain {
		r.D.Label("%s: AD %d; it may move the terrain piece up to %d (Poltergeist).", desc, ad, ad)
		return nil
	}
	side := h.att.Side
	if err := r.Emit(TypeDesecrateHit, DesecrateHit{Player: side, Hits: ad}); err != nil {
		return err
	}
	r.D.Label("%s: AD %d; the objective has taken %d of 20 hits.", desc, ad, r.Battle.Desecrate[side])
	return nil
}

// further are the incarns a Grenadier's blast or a Melter's line hits
// besides its target, as the table names them.
func (r *referee) further(a, t *Figure, c Attack) ([]*Figure, error) {
	if len(c.Also) == 0 {
		return nil, nil
	}
	if !r.has(a, "Grenadier") && !r.has(a, "Melter") {
		return nil, engines.Refuse("Attack", "only a Grenadier or a Melter hits further incarns with one attack")
	}
	var also []*Figure
	for _, n := range c.Also {
		x, err := r.find(n)
		if err != nil {
			return nil, err
		}
		if x == t || x == a || !x.InPlay() || slices.Contains(also, x) {
			return nil, engines.Refuse("Attack", "%s cannot be one of the further incarns hit", r.nm(x))
		}
		also = append(also, x)
	}
	return also, nil
}

func (r *referee) targetName(t *Figure) string {
	if t == nil && r.terrain {
		return "a terrain piece"
	}
	if t == nil {
		return "the Desecrate objective"
	}
	return r.nm(t)
}

// spyCheck refuses an attack on a Spy its enemies still take for a friend.
//
// Ruling (seed line 535): a Spy may not be the target of an enemy's attack
// or SP-A until it has made an attack or SP-A itself, or until every
// incarn of its gang in play is a Spy. A Bloodshot attacker, which counts
// every incarn as an enemy, may attack it; so may anyone when an enemy
// Cipher strips its Fleshtypes (stripped: the command says the target is
// within 5 of one).
func (s *State) spyCheck(att, t *Figure, stripped bool) error {
	if (stripped && !t.Has("Cipher")) || !t.Has("Spy") || t.Revealed || !enemies(att, t) || att.HasItem("Bloodshot") {
		return nil
	}
	for _, x := range s.Battle.Figures {
		if x.InPlay() && x.Side == t.Side && !x.Has("Spy") {
			return engines.Refuse("Spy", "%s is a Spy its enemies take for a friend until it attacks (or only spies are left in its gang); it cannot be attacked yet", s.nm(t))
		}
	}
	return nil
}

// unmask records that a Spy has attacked: from now on its enemies see it.
func (r *referee) unmask(f *Figure) error {
	if !r.has(f, "Spy") || f.Revealed {
		return nil
	}
	on := true
	r.note("%s is unmasked: a Spy that attacks is an enemy from now on", r.nm(f))
	return r.Emit(TypeFigureChanged, FigureChanged{Figure: f.Key(), Revealed: &on, Why: "the Spy attacked"})
}

// portshield: an attack on an incarn within 5 of an ally carrying a
// Portshield hits the bearer instead (seed line 615). Whether it is within
// 5 is the table's fact (the command names the bearer); the other defence
// facts of the command then describe the bearer.
func (r *referee) portshield(att, t *Figure, o DefFacts) (*Figure, error) {
	if o.Portshield == "" {
		return t, nil
	}
	p, err := r.find(o.Portshield)
	if err != nil {
		return nil, err
	}
	if !p.HasItem("Portshield") || p.Side != t.Side || p == t || !p.InPlay() || p.Stone || !enemies(att, p) {
		return nil, engines.Refuse("Portshield", "%s is not an ally of %s in play carrying a Portshield", r.nm(p), r.nm(t))
	}
	r.shielded = t
	return p, nil
}

func (r *referee) shieldText() string {
	if r.shielded == nil {
		return ""
	}
	return fmt.Sprintf(" (its Portshield takes the attack meant for %s)", r.nm(r.shielded))
}
