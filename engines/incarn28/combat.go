package incarn28

import (
	"fmt"
	"strings"

	"warlog/engines"
	"warlog/internal/words"
)

// hit is an attack or SP-A about to be defended.
type hit struct {
	att         *Figure // nil for twists and fire
	ad          int     // AD before the extra AD dice
	steps       []string
	berserk     bool
	ensorcelled bool
	// normal: an attack made with the A-R (Blademaster answers it,
	// Pyromaniac sets its target alight).
	normal bool
}

// finalAD rolls the Ensorcelled Weapon's D4 and applies Berserk.
func (r *referee) finalAD(h hit) (int, []string, error) {
	ad, steps := h.ad, append([]string(nil), h.steps...)
	if h.ensorcelled {
		v, err := r.roll1(h.att.Side, 4, h.att.Name+" Ensorcelled Weapon")
		if err != nil {
			return 0, nil, err
		}
		ad += v
		steps = append(steps, fmt.Sprintf("+%d Ensorcelled Weapon", v))
	}
	if h.berserk {
		ad *= 2
		steps = append(steps, "x2 Berserk")
	}
	return ad, steps, nil
}

// resolve makes the target's defence roll against a hit and applies the
// outcome.
//
// Ruling: the Soothsayer's re-roll is taken only when the first DF-R would
// stun or slay; the whole defence roll is rolled again and stands.
func (r *referee) resolve(h hit, t *Figure, o DefFacts) error {
	r.depth++
	defer func() { r.depth-- }()
	if r.depth > 8 {
		return nil
	}
	if t.Stone {
		// Ruling (Gargoyle, seed line 287): no attack hits a stone
		// incarn: blasts, twists, fire and answers pass it by.
		r.note("%s is stone and is not hit (Gargoyle)", r.nm(t))
		return nil
	}
	r.cipher(t, o.Ciphered)
	if o.Decoy {
		if !t.HasItem("Decoy") || t.DecoyUsed || o.Imp {
			return engines.Refuse("Decoy", "%s has no unused Decoy", r.nm(t))
		}
	}
	// Ruling: the Illusionist's D6 comes before the defence roll, as its
	// text says (seed line 369: "before making a DF-R"); RULINGS puts an
	// attack's extra dice after the defence roll, but an ignored attack
	// has no defence roll to come after. On 4+ no DF-R is rolled.
	if r.has(t, "Illusionist") || o.Illusionist {
		v, err := r.roll1(t.Side, 6, t.Name+" Illusionist")
		if err != nil {
			return err
		}
		if v >= 4 {
			r.note("the Illusionist's %d makes the attack on %s miss", v, r.nm(t))
			return nil
		}
		r.note("the Illusionist rolls %d: no help", v)
	}
	df, err := r.defenceRoll(h, t, o)
	if err != nil {
		return err
	}
	ad, steps, err := r.finalAD(h)
	if err != nil {
		return err
	}
	r.lastAD = ad
	if o.Decoy {
		if err := r.Emit(TypeFigureChanged, FigureChanged{Figure: t.Key(), Used: "Decoy", Why: "Decoy spent"}); err != nil {
			return err
		}
	}
	if (r.has(t, "Soothsayer") || o.Soothsayer) && (df.nat == 1 || df.total < ad) {
		r.note("%s re-rolls a DF-R of %s (Soothsayer)", r.nm(t), df.desc)
		o.Decoy = false
		if df, err = r.defenceRoll(h, t, o); err != nil {
			return err
		}
	}
	adText := fmt.Sprintf("AD %d", ad)
	if len(steps) > 0 {
		adText = fmt.Sprintf("AD %d (%s)", ad, strings.Join(steps, ", "))
	}
	return r.land(h, t, o, ad, adText, df)
}

// dfr is a defence roll made: the defence die as it fell, the total and
// the label's account of it.
type dfr struct {
	nat, total int
	desc       string
}

// defenceRoll is t's DF-R against h: its defence die, a D6 for cover (none
// against an Oculophage), a Sentinel's D6, a Decoy's D12, then the
// faction, Armour, Priests and Gaunts.
func (r *referee) defenceRoll(h hit, t *Figure, o DefFacts) (dfr, error) {
	to, _ := FindToughness(t.Toughness)
	nat, err := r.roll1(t.Side, to.Die, t.Name+" DF-R")
	if err != nil {
		return dfr{}, err
	}
	total := nat
	parts := []string{fmt.Sprintf("d%d %d", to.Die, nat)}
	die := func(sides int, why string) error {
		v, err := r.roll1(t.Side, sides, t.Name+" DF-R "+why)
		if err != nil {
			return err
		}
		total += v
		parts = append(parts, fmt.Sprintf("+%d %s", v, why))
		return nil
	}
	if o.Obscured {
		if h.att != nil && r.has(h.att, "Oculophage") {
			parts = append(parts, "no cover against an Oculophage")
		} else if err := die(6, "obscured"); err != nil {
			return dfr{}, err
		}
	}
	if r.has(t, "Sentinel") || o.Sentinel {
		if err := die(6, "Sentinel"); err != nil {
			return dfr{}, err
		}
	}
	if o.Decoy {
		if err := die(12, "Decoy"); err != nil {
			return dfr{}, err
		}
	}
	mod := func(v int, why string) {
		if v != 0 {
			total += v
			parts = append(parts, fmt.Sprintf("%+d %s", v, why))
		}
	}
	if gg := r.gang(t.Side); gg != nil && t.Side != DeathbeastSide {
		f, _ := FindFaction(gg.Faction)
		mod(f.DefMod, f.Name)
	}
	if t.HasItem("Armour") && !o.Imp {
		mod(2, "Armour")
	}
	pr := o.Priests
	if r.has(t, "Priest") {
		pr++
	}
	mod(pr, "Priest")
	mod(-2*o.Gaunts, "Gaunt")
	return dfr{nat: nat, total: total, desc: strings.Join(parts, " ") + fmt.Sprintf(" = %d", total)}, nil
}

// land applies what a hit of ad does against the defence roll df: a DF-R
// below the AD stuns, below half of it (a third for a Golem) slays, and a
// natural 1 on the defence die slays whatever the total.
//
// Ruling 2026-12-01 (Elemental, seed line 229): an attack that would stun
// it, SP-As included, stuns the attacker instead; one that slays it slays
// it; one that does neither does nothing.
func (r *referee) land(h hit, t *Figure, o DefFacts, ad int, adText string, df dfr) error {
	golem := r.has(t, "Golem")
	who := "the hit"
	if h.att != nil {
		who = r.nm(h.att)
	}
	switch {
	case df.nat == 1:
		r.note("%s against %s DF-R %s: a natural 1 on the defence die, %s is slain", adText, words.Possessive(r.nm(t)), df.desc, r.nm(t))
		return r.afterHit(h, t, r.slay(t, h.att, "a natural 1 on the defence die", o))
	case golem && df.total*3 < ad, !golem && df.total*2 < ad:
		r.note("%s against %s DF-R %s: below %s, %s is slain", adText, words.Possessive(r.nm(t)), df.desc, words.A(map[bool]string{true: "third (Golem)", false: "half"}[golem]), r.nm(t))
		return r.afterHit(h, t, r.slay(t, h.att, who+" slays it", o))
	case df.total < ad:
		if r.has(t, "Elemental") && h.att != nil {
			r.note("%s against %s DF-R %s: it would stun %s, but the Elemental turns the stun on %s", adText, words.Possessive(r.nm(t)), df.desc, r.nm(t), r.nm(h.att))
			if !h.att.InPlay() {
				r.note("%s is %s", r.nm(h.att), h.att.where())
				return r.afterHit(h, t, nil)
			}
			return r.afterHit(h, t, r.stunBy(h.att, t, "turned by an Elemental", DefFacts{}))
		}
		r.note("%s against %s DF-R %s: %s is stunned", adText, words.Possessive(r.nm(t)), df.desc, r.nm(t))
		return r.afterHit(h, t, r.stunBy(t, h.att, "stunned by "+who, o))
	}
	r.note("%s against %s DF-R %s: no effect", adText, words.Possessive(r.nm(t)), df.desc)
	return r.afterHit(h, t, nil)
}

// afterHit applies what follows a resolved normal attack: Pyromaniac's fire
// and the Blademaster's answer.
func (r *referee) afterHit(h hit, t *Figure, err error) error {
	if err != nil || !h.normal || h.att == nil {
		return err
	}
	if t.InPlay() && r.has(h.att, "Pyromaniac") && !t.OnFire {
		on := true
		if err := r.Emit(TypeFigureChanged, FigureChanged{Figure: t.Key(), OnFire: &on, Why: "set alight by a Pyromaniac"}); err != nil {
			return err
		}
		r.note("%s is set on fire (Pyromaniac)", r.nm(t))
	}
	if t.InPlay() && r.has(t, "Blademaster") && h.att.InPlay() {
		v, err := r.roll1(t.Side, 8, t.Name+" Blademaster SP-A")
		if err != nil {
			return err
		}
		r.note("%s answers with a SP-A D8 of %d (Blademaster)", r.nm(t), v)
		return r.resolve(hit{att: t, ad: v}, h.att, DefFacts{})
	}
	return nil
}

// stunBy stuns f (by may be nil): an Automaton ignores it, an Executioner's
// stun slays, and a stunned incarn stunned again is slain.
func (r *referee) stunBy(f *Figure, by *Figure, why string, o DefFacts) error {
	r.cipher(f, o.Ciphered)
	if by != nil && r.has(by, "Executioner") && enemies(by, f) {
		// Ruling 2026-12-01: an Executioner's stun is a slay from the
		// start: no Mindguard takes it, no Automaton ignores it.
		r.note("%s stun slays (Executioner)", words.Possessive(r.nm(by)))
		return r.slay(f, by, "stunned by an Executioner", o)
	}
	if r.has(f, "Automaton") {
		r.note("%s ignores the stun (Automaton)", r.nm(f))
		return nil
	}
	if o.Mindguard != "" {
		m, err := r.find(o.Mindguard)
		if err != nil {
			return err
		}
		if !m.Has("Mindguard") || !m.InPlay() || m.Side != f.Side || m == f {
			return engines.Refuse("Mindguard", "%s is not an allied Mindguard in play near %s", r.nm(m), r.nm(f))
		}
		v, err := r.roll1(m.Side, 6, m.Name+" Mindguard")
		if err != nil {
			return err
		}
		if v >= 4 {
			r.note("%s Mindguard %d keeps %s from the stun", words.Possessive(r.nm(m)), v, r.nm(f))
			return nil
		}
		r.note("%s Mindguard %d takes the stun instead", words.Possessive(r.nm(m)), v)
		return r.stunBy(m, nil, "took an ally's stun (Mindguard)", DefFacts{})
	}
	if f.Status == StatusStunned {
		r.note("%s was already stunned and is slain", r.nm(f))
		return r.slay(f, by, "stunned while stunned", o)
	}
	side := ""
	if by != nil {
		side = by.Side
	}
	if err := r.Emit(TypeStatusChanged, StatusChanged{Figure: f.Key(), Status: StatusStunned, Why: why, By: side, Killer: keyOf(by)}); err != nil {
		return err
	}
	if err := r.onStunned(f, by); err != nil {
		return err
	}
	if by != nil && r.has(by, "Pandemoniac") && enemies(by, f) && len(f.Flesh) > 0 {
		return r.pandemonium(f)
	}
	return nil
}

// pandemonium swaps a random Fleshtype of f for a random one.
//
// Dice order: one die with as many faces as f has Fleshtypes (none with
// one), then a D100 for the new Fleshtype, again while it gives one f has.
func (r *referee) pandemonium(f *Figure) error {
	i := 0
	if len(f.Flesh) > 1 {
		v, err := r.roll1(f.Side, len(f.Flesh), f.Name+" Pandemoniac: which Fleshtype")
		if err != nil {
			return err
		}
		i = v - 1
	}
	for tries := 0; tries < 20; tries++ {
		v, err := r.roll1(f.Side, 100, f.Name+" Pandemoniac: new Fleshtype")
		if err != nil {
			return err
		}
		nf := Fleshtypes[v-1].Name
		if f.Has(nf) {
			continue
		}
		in := f.Incarn
		in.Flesh = append([]string(nil), f.Flesh...)
		old := in.Flesh[i]
		in.Flesh[i] = nf
		r.note("Pandemoniac turns %s %s into %s", words.Possessive(r.nm(f)), old, nf)
		return r.Emit(TypeFigureChanged, FigureChanged{Figure: f.Key(), Incarn: &in, Why: "Pandemoniac"})
	}
	return nil
}

func (r *referee) stun(f *Figure, by *Figure, why string) error {
	return r.stunBy(f, by, why, DefFacts{})
}

// slay kills f, giving the "when slain" Fleshtypes their chance: a
// Lastborn may live, an allied Reclaimer save it, an enemy Exhumer raise
// it; a death that stands lets a Hive's Worms and an Inseminator's spawn
// out.
//
// Dice order: Lastborn's D6 (and its SP-A D8 with the attacker's defence
// roll), the Reclaimer's D6, the Exhumer's D6, then for a death that
// stands: an Inseminator's marked victim rolls a D6 for the new ally's
// skill and a D100 for its Fleshtype.
//
// Ruling: "When slain" Fleshtypes do not fire for a rout: the incarn fled.
func (r *referee) slay(f *Figure, by *Figure, why string, o DefFacts) error {
	if !f.InPlay() {
		return nil
	}
	r.depth++
	defer func() { r.depth-- }()
	if f.Tag == TagEscort {
		// line 635: a slain Escort is put back near its own edge.
		r.note("%s is put back within 2 of %s edge (Escort)", r.nm(f), words.Possessive(f.Side))
		if f.Status == StatusActive {
			return nil
		}
		return r.Emit(TypeStatusChanged, StatusChanged{Figure: f.Key(), Status: StatusActive, Why: "Escort put back at its edge"})
	}
	r.cipher(f, o.Ciphered)
	if lives, err := r.lastborn(f, by); lives || err != nil {
		return err
	}
	if saved, err := r.reclaim(f, by, o.Reclaimer); saved || err != nil {
		return err
	}
	if raised, err := r.exhume(f, o.Exhumer); raised || err != nil {
		return err
	}
	if err := r.Emit(TypeStatusChanged, StatusChanged{Figure: f.Key(), Status: StatusSlain, Why: why, By: sideOf(by), Killer: keyOf(by)}); err != nil {
		return err
	}
	if err := r.onSlain(f); err != nil {
		return err
	}
	return r.afterDeath(f)
}

// lastborn: a slain Lastborn rolls a D6: 1-3 it dies, 4-5 it dies striking
// back at its killer with a SP-A D8, 6 it lives and strikes back.
func (r *referee) lastborn(f, by *Figure) (lives bool, err error) {
	if !r.has(f, "Lastborn") {
		return false, nil
	}
	v, err := r.roll1(f.Side, 6, f.Name+" Lastborn")
	if err != nil {
		return false, err
	}
	switch {
	case v <= 3:
		r.note("Lastborn rolls %d: %s dies", v, r.nm(f))
	case v <= 5:
		r.note("Lastborn rolls %d: %s dies striking back", v, r.nm(f))
	default:
		r.note("Lastborn rolls 6: %s shrugs off death and strikes back", r.nm(f))
	}
	if v >= 4 && by != nil && by.InPlay() && r.depth < 6 {
		ad, err := r.roll1(f.Side, 8, f.Name+" Lastborn SP-A")
		if err != nil {
			return false, err
		}
		if err := r.resolve(hit{att: f, ad: ad}, by, DefFacts{}); err != nil {
			return false, err
		}
	}
	return v == 6, nil
}

// reclaim: the allied Reclaimer the table names rolls a D6 for f: 5+
// saves it, a 1 takes the Reclaimer too.
func (r *referee) reclaim(f, by *Figure, name string) (saved bool, err error) {
	if name == "" {
		return false, nil
	}
	rc, err := r.find(name)
	if err != nil {
		return false, err
	}
	if !rc.Has("Reclaimer") || rc.Side != f.Side || !rc.InPlay() || rc == f {
		return false, engines.Refuse("Reclaimer", "%s is not an ally Reclaimer in play near %s", r.nm(rc), r.nm(f))
	}
	v, err := r.roll1(rc.Side, 6, rc.Name+" Reclaimer")
	if err != nil {
		return false, err
	}
	switch {
	case v >= 5:
		r.note("%s reclaims %s (Reclaimer %d)", r.nm(rc), r.nm(f), v)
		return true, nil
	case v == 1:
		r.note("the Reclaimer's 1 takes %s too", r.nm(rc))
		if err := r.Emit(TypeStatusChanged, StatusChanged{Figure: rc.Key(), Status: StatusSlain, Why: "Reclaimer rolled 1", By: sideOf(by), Killer: keyOf(by)}); err != nil {
			return false, err
		}
		if err := r.onSlain(rc); err != nil {
			return false, err
		}
		// Ruling 2026-12-01: a Hive slain by its own Reclaimer roll lets
		// its Worms out like any death that stands.
		return false, r.afterDeath(rc)
	}
	r.note("the Reclaimer rolls %d: no help", v)
	return false, nil
}

// exhume: the enemy Exhumer the table names rolls a D6: 5+ raises f into
// its gang.
func (r *referee) exhume(f *Figure, name string) (raised bool, err error) {
	if name == "" {
		return false, nil
	}
	x, err := r.find(name)
	if err != nil {
		return false, err
	}
	if !x.Has("Exhumer") || !enemies(x, f) || !x.InPlay() {
		return false, engines.Refuse("Exhumer", "%s is not an enemy Exhumer in play near %s", r.nm(x), r.nm(f))
	}
	v, err := r.roll1(x.Side, 6, x.Name+" Exhumer")
	if err != nil {
		return false, err
	}
	if v < 5 {
		r.note("the Exhumer rolls %d: %s stays dead", v, r.nm(f))
		return false, nil
	}
	ends := r.Battle.Current != nil && r.Battle.Current.Figure == f.Key()
	if ends {
		// Ruling: an activating incarn an Exhumer raises was slain: its
		// activation ends before it changes sides, and its new gang does
		// not take it over.
		if err := r.closeActivationWith(false, true); err != nil {
			return false, err
		}
	}
	name = r.freeName(x.Side, f.Name)
	if err := r.Emit(TypeStatusChanged, StatusChanged{Figure: f.Key(), Status: StatusActive, Why: "exhumed"}); err != nil {
		return false, err
	}
	// Ruling 2026-12-01: an exhumed incarn activates for its new gang
	// from the next round.
	waits := r.Battle.Round > 0 && !f.Activated
	if err := r.Emit(TypeFigureChanged, FigureChanged{Figure: f.Key(), Side: x.Side, Name: name, Waits: waits, Why: "exhumed into " + x.Side + "'s gang"}); err != nil {
		return false, err
	}
	r.note("%s exhumes %s into %s gang (Exhumer %d)", r.nm(x), r.nm(f), words.Possessive(x.Side), v)
	if ends {
		r.note("%s activation ends", words.Possessive(r.nm(f)))
	}
	return true, nil
}

// afterDeath is what a death that stands lets out: a Gravedigger's pull
// (the table's), a Hive's three Worms, an Inseminator's spawn.
//
// Ruling: Hive worms are Roach Weak Worms; the Inseminator's spawn is
// Weak. A figure that enters play during a round first activates in the
// next one.
func (r *referee) afterDeath(f *Figure) error {
	for _, x := range r.Battle.Figures {
		if x.InPlay() && r.has(x, "Gravedigger") {
			r.note("if %s died within 5 of %s, it may pull any incarn to within 5 of itself (Gravedigger)", r.nm(f), r.nm(x))
		}
	}
	if r.has(f, "Hive") {
		for i := 0; i < 3; i++ {
			w := Figure{Incarn: Incarn{Name: r.freeName(f.Side, "Worm"), Skill: "Roach", Toughness: "Weak", Flesh: []string{"Worm"}},
				Side: f.Side, Status: StatusActive, Tag: TagSummoned, Activated: r.Battle.Round > 0}
			if err := r.Emit(TypeFigureAdded, FigureAdded{Figure: w, Why: f.Name + " was a Hive"}); err != nil {
				return err
			}
		}
		r.note("three Roach Worms crawl from %s (Hive)", r.nm(f))
	}
	if f.MarkedBy == "" || f.MarkedBy == f.Side {
		return nil
	}
	sk, err := r.roll1(f.MarkedBy, 6, "Inseminator spawn skill")
	if err != nil {
		return err
	}
	fl, err := r.roll1(f.MarkedBy, 100, "Inseminator spawn Fleshtype")
	if err != nil {
		return err
	}
	sp := Figure{Incarn: Incarn{Name: r.freeName(f.MarkedBy, "Spawn"), Skill: Skills[sk-1].Name, Toughness: "Weak", Flesh: []string{Fleshtypes[fl-1].Name}},
		Side: f.MarkedBy, Status: StatusActive, Tag: TagSummoned, Activated: r.Battle.Round > 0}
	if err := r.Emit(TypeFigureAdded, FigureAdded{Figure: sp, Why: "Inseminator"}); err != nil {
		return err
	}
	r.note("%s bursts from %s: %s %s (Inseminator)", sp.Name, r.nm(f), words.A(sp.Skill), sp.Flesh[0])
	return nil
}

func sideOf(f *Figure) string {
	if f == nil {
		return ""
	}
	return f.Side
}

// keyOf is f's key, "" for none.
func keyOf(f *Figure) string {
	if f == nil {
		return ""
	}
	return f.Key()
}
