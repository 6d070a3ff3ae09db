package incarn28

import (
	"fmt"
	"strings"

	"warlog/engines"
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

// defend resolves a SP-A of ad against t.
func (r *referee) defend(att *Figure, t *Figure, ad int, o DefFacts, normal bool) error {
	return r.resolve(hit{att: att, ad: ad, normal: normal}, t, o)
}

// resolve makes the target's defence roll against a hit and applies the
// outcome.
//
// Ruling: the Soothsayer's re-roll is taken only when the first DF-R would
// stun or slay; the whole defence roll is rolled again and stands.
// Ruling (Elemental): an attack that would stun it slays it; an attack
// that leaves it unharmed stuns the attacker instead.
func (r *referee) resolve(h hit, t *Figure, o DefFacts) error {
	r.depth++
	defer func() { r.depth-- }()
	if r.depth > 8 {
		return nil
	}
	tci := o.Ciphered
	r.cipher(t, tci)
	to, _ := FindToughness(t.Toughness)
	roll := func() (nat, total int, desc string, err error) {
		nat, err = r.roll1(t.Side, to.Die, t.Name+" DF-R")
		if err != nil {
			return
		}
		total = nat
		parts := []string{fmt.Sprintf("d%d %d", to.Die, nat)}
		if o.Obscured {
			if h.att != nil && r.has(h.att, "Oculophage") {
				parts = append(parts, "no cover against an Oculophage")
			} else {
				v, e := r.roll1(t.Side, 6, t.Name+" DF-R obscured")
				if e != nil {
					err = e
					return
				}
				total += v
				parts = append(parts, fmt.Sprintf("+%d obscured", v))
			}
		}
		if r.flesh(t, "Sentinel", tci) || o.Sentinel {
			v, e := r.roll1(t.Side, 6, t.Name+" DF-R Sentinel")
			if e != nil {
				err = e
				return
			}
			total += v
			parts = append(parts, fmt.Sprintf("+%d Sentinel", v))
		}
		if o.Decoy {
			v, e := r.roll1(t.Side, 12, t.Name+" DF-R Decoy")
			if e != nil {
				err = e
				return
			}
			total += v
			parts = append(parts, fmt.Sprintf("+%d Decoy", v))
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
		if r.flesh(t, "Priest", tci) {
			pr++
		}
		mod(pr, "Priest")
		mod(-2*o.Gaunts, "Gaunt")
		desc = strings.Join(parts, " ") + fmt.Sprintf(" = %d", total)
		return
	}
	if o.Decoy {
		if !t.HasItem("Decoy") || t.DecoyUsed || o.Imp {
			return engines.Refuse("Decoy", "%s has no unused Decoy", r.nm(t))
		}
	}
	// Ruling: the Illusionist's D6 comes before the defence roll, as its
	// text says (seed line 369: "before making a DF-R"); RULINGS puts an
	// attack's extra dice after the defence roll, but an ignored attack
	// has no defence roll to come after. On 4+ no DF-R is rolled.
	if r.flesh(t, "Illusionist", tci) || o.Illusionist {
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
	nat, total, desc, err := roll()
	if err != nil {
		return err
	}
	ad, steps, err := r.finalAD(h)
	if err != nil {
		return err
	}
	r.lastAD = ad
	if o.Decoy {
		if err := r.d.Emit(TypeFigureChanged, FigureChanged{Figure: t.Key(), Used: "Decoy", Why: "Decoy spent"}); err != nil {
			return err
		}
	}
	if (r.flesh(t, "Soothsayer", tci) || o.Soothsayer) && (nat == 1 || total < ad) {
		r.note("%s re-rolls a DF-R of %s (Soothsayer)", r.nm(t), desc)
		o.Decoy = false
		nat, total, desc, err = roll()
		if err != nil {
			return err
		}
	}
	adText := fmt.Sprintf("AD %d", ad)
	if len(steps) > 0 {
		adText = fmt.Sprintf("AD %d (%s)", ad, strings.Join(steps, ", "))
	}
	golem := r.flesh(t, "Golem", tci)
	outcome := "none"
	switch {
	case nat == 1:
		outcome = "slain"
	case golem && total*3 < ad:
		outcome = "slain"
	case !golem && total*2 < ad:
		outcome = "slain"
	case total < ad:
		outcome = "stunned"
	}
	who := "the hit"
	if h.att != nil {
		who = r.nm(h.att)
	}
	switch outcome {
	case "slain":
		why := fmt.Sprintf("%s slays it", who)
		if nat == 1 {
			r.note("%s against %s's DF-R %s: a natural 1 on the defence die, %s is slain", adText, r.nm(t), desc, r.nm(t))
			why = "a natural 1 on the defence die"
		} else {
			r.note("%s against %s's DF-R %s: below a %s, %s is slain", adText, r.nm(t), desc, map[bool]string{true: "third (Golem)", false: "half"}[golem], r.nm(t))
		}
		return r.afterHit(h, t, r.slay(t, h.att, why, o))
	case "stunned":
		r.note("%s against %s's DF-R %s: %s is stunned", adText, r.nm(t), desc, r.nm(t))
		if r.flesh(t, "Elemental", tci) && h.att != nil {
			r.note("an Elemental stunned by an attack is slain")
			return r.afterHit(h, t, r.slay(t, h.att, "Elemental stunned by an attack", o))
		}
		return r.afterHit(h, t, r.stunBy(t, h.att, "stunned by "+who, o))
	}
	r.note("%s against %s's DF-R %s: no effect", adText, r.nm(t), desc)
	if r.flesh(t, "Elemental", tci) && h.att != nil && h.att.InPlay() {
		r.note("the Elemental turns the blow: %s is stunned", r.nm(h.att))
		return r.afterHit(h, t, r.stunBy(h.att, t, "turned by an Elemental", DefFacts{}))
	}
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
		if err := r.d.Emit(TypeFigureChanged, FigureChanged{Figure: t.Key(), OnFire: &on, Why: "set alight by a Pyromaniac"}); err != nil {
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
			r.note("%s's Mindguard %d keeps %s from the stun", r.nm(m), v, r.nm(f))
			return nil
		}
		r.note("%s's Mindguard %d takes the stun instead", r.nm(m), v)
		return r.stunBy(m, nil, "took an ally's stun (Mindguard)", DefFacts{})
	}
	if by != nil && r.has(by, "Executioner") && enemies(by, f) {
		r.note("%s's stun slays (Executioner)", r.nm(by))
		return r.slay(f, by, "stunned by an Executioner", o)
	}
	if f.Status == StatusStunned {
		r.note("%s was already stunned and is slain", r.nm(f))
		return r.slay(f, by, "stunned while stunned", o)
	}
	side := ""
	if by != nil {
		side = by.Side
	}
	if err := r.d.Emit(TypeStatusChanged, StatusChanged{Figure: f.Key(), Status: StatusStunned, Why: why, By: side}); err != nil {
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
		r.note("Pandemoniac turns %s's %s into %s", r.nm(f), old, nf)
		return r.d.Emit(TypeFigureChanged, FigureChanged{Figure: f.Key(), Incarn: &in, Why: "Pandemoniac"})
	}
	return nil
}

func (r *referee) stun(f *Figure, by *Figure, why string) error {
	return r.stunBy(f, by, why, DefFacts{})
}

// slay kills f, giving the "when slain" Fleshtypes their chance.
//
// Dice order: Lastborn's D6 (and its SP-A D8 with the attacker's defence
// roll), the Reclaimer's D6, the Exhumer's D6, then for a death that
// stands: an Inseminator's marked victim rolls a D6 for the new ally's
// skill and a D100 for its Fleshtype.
//
// Ruling: Hive worms are Roach Weak Worms; the Inseminator's spawn and the
// Homonculist's Roach are Weak. A figure that enters play during a round
// first activates in the next one. "When slain" Fleshtypes do not fire for a
// rout: the incarn fled.
func (r *referee) slay(f *Figure, by *Figure, why string, o DefFacts) error {
	if !f.InPlay() {
		return nil
	}
	r.depth++
	defer func() { r.depth-- }()
	if f.Tag == TagEscort {
		// line 635: a slain Escort is put back near its own edge.
		r.note("%s is put back within 2 of %s's edge (Escort)", r.nm(f), f.Side)
		if f.Status == StatusActive {
			return nil
		}
		return r.d.Emit(TypeStatusChanged, StatusChanged{Figure: f.Key(), Status: StatusActive, Why: "Escort put back at its edge"})
	}
	r.cipher(f, o.Ciphered)
	if r.has(f, "Lastborn") {
		v, err := r.roll1(f.Side, 6, f.Name+" Lastborn")
		if err != nil {
			return err
		}
		lives := v == 6
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
				return err
			}
			if err := r.resolve(hit{att: f, ad: ad}, by, DefFacts{}); err != nil {
				return err
			}
		}
		if lives {
			return nil
		}
	}
	if o.Reclaimer != "" {
		rc, err := r.find(o.Reclaimer)
		if err != nil {
			return err
		}
		if !rc.Has("Reclaimer") || rc.Side != f.Side || !rc.InPlay() || rc == f {
			return engines.Refuse("Reclaimer", "%s is not an ally Reclaimer in play near %s", r.nm(rc), r.nm(f))
		}
		v, err := r.roll1(rc.Side, 6, rc.Name+" Reclaimer")
		if err != nil {
			return err
		}
		switch {
		case v >= 5:
			r.note("%s reclaims %s (Reclaimer %d)", r.nm(rc), r.nm(f), v)
			return nil
		case v == 1:
			r.note("the Reclaimer's 1 takes %s too", r.nm(rc))
			if err := r.d.Emit(TypeStatusChanged, StatusChanged{Figure: rc.Key(), Status: StatusSlain, Why: "Reclaimer rolled 1", By: sideOf(by)}); err != nil {
				return err
			}
			if err := r.onSlain(rc); err != nil {
				return err
			}
		default:
			r.note("the Reclaimer rolls %d: no help", v)
		}
	}
	if o.Exhumer != "" {
		x, err := r.find(o.Exhumer)
		if err != nil {
			return err
		}
		if !x.Has("Exhumer") || !enemies(x, f) || !x.InPlay() {
			return engines.Refuse("Exhumer", "%s is not an enemy Exhumer in play near %s", r.nm(x), r.nm(f))
		}
		v, err := r.roll1(x.Side, 6, x.Name+" Exhumer")
		if err != nil {
			return err
		}
		if v >= 5 {
			name := r.freeName(x.Side, f.Name)
			if err := r.d.Emit(TypeStatusChanged, StatusChanged{Figure: f.Key(), Status: StatusActive, Why: "exhumed"}); err != nil {
				return err
			}
			if err := r.d.Emit(TypeFigureChanged, FigureChanged{Figure: f.Key(), Side: x.Side, Name: name, Why: "exhumed into " + x.Side + "'s gang"}); err != nil {
				return err
			}
			r.note("%s exhumes %s into %s's gang (Exhumer %d)", r.nm(x), r.nm(f), x.Side, v)
			return nil
		}
		r.note("the Exhumer rolls %d: %s stays dead", v, r.nm(f))
	}
	if err := r.d.Emit(TypeStatusChanged, StatusChanged{Figure: f.Key(), Status: StatusSlain, Why: why, By: sideOf(by)}); err != nil {
		return err
	}
	if err := r.onSlain(f); err != nil {
		return err
	}
	for _, x := range r.Battle.Figures {
		if x.InPlay() && r.has(x, "Gravedigger") {
			r.note("if %s died within 5 of %s, it may pull any incarn to within 5 of itself (Gravedigger)", r.nm(f), r.nm(x))
		}
	}
	if r.has(f, "Hive") {
		for i := 0; i < 3; i++ {
			w := Figure{Incarn: Incarn{Name: r.freeName(f.Side, "Worm"), Skill: "Roach", Toughness: "Weak", Flesh: []string{"Worm"}},
				Side: f.Side, Status: StatusActive, Tag: TagSummoned, Activated: r.Battle.Round > 0}
			if err := r.d.Emit(TypeFigureAdded, FigureAdded{Figure: w, Why: f.Name + " was a Hive"}); err != nil {
				return err
			}
		}
		r.note("three Roach Worms crawl from %s (Hive)", r.nm(f))
	}
	if f.MarkedBy != "" && f.MarkedBy != f.Side {
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
		if err := r.d.Emit(TypeFigureAdded, FigureAdded{Figure: sp, Why: "Inseminator"}); err != nil {
			return err
		}
		r.note("%s bursts from %s: a %s %s (Inseminator)", sp.Name, r.nm(f), sp.Skill, sp.Flesh[0])
	}
	return nil
}

func sideOf(f *Figure) string {
	if f == nil {
		return ""
	}
	return f.Side
}

// ---- who may be attacked ----

// spyCheck refuses an attack on a Spy its enemies still take for a friend.
//
// Ruling (seed line 535): a Spy may not be the target of an enemy's attack
// or SP-A until it has made an attack or SP-A itself, or until every
// incarn of its gang in play is a Spy. A Bloodshot attacker, which counts
// every incarn as an enemy, may attack it; so may anyone when an enemy
// Cipher strips its Fleshtypes (--target-ciphered).
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
	return r.d.Emit(TypeFigureChanged, FigureChanged{Figure: f.Key(), Revealed: &on, Why: "the Spy attacked"})
}

// portshield: an attack on an incarn within 5 of an ally carrying a
// Portshield hits the bearer instead (seed line 615). Whether it is within
// 5 is the table's fact (--portshield BEARER); the other defence facts of
// the command then describe the bearer.
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

// ---- specials ----

// spaDie is the die a Fleshtype's SP-A rolls (0: none, the AD is given).
func spaDie(flesh string, f *Figure, round int) int {
	switch flesh {
	case "Alchemist", "Architect", "Carrion":
		return 8
	case "Enforcer":
		return 6
	case "Gasser":
		return 4
	case "Spite":
		sk, _ := FindSkill(f.Skill)
		return sk.Die
	case "Toxic":
		return []int{4, 6, 8, 10, 12, 20}[min(max(round, 1), 6)-1]
	case "Iconoclast":
		return -1
	}
	return 0
}

var spaFlesh = []string{"Alchemist", "Architect", "Carrion", "Enforcer", "Gasser", "Iconoclast", "Smasher", "Spite", "Toxic"}

// special makes a SP-A.
//
// Dice order: the SP-A die (Iconoclast: the target's Action die), then the
// target's defence roll as for an attack.
//
// Ruling: the once-per-activation SP-As (Alchemist, Architect, Gasser per
// target, Iconoclast, Smasher) and Toxic need the incarn to be activating;
// the reactions (Carrion, Enforcer) need it in play; Spite needs it slain.
// AD bonuses of attacks (Zealot, Paragon...) do not apply to a SP-A: the
// die is the AD.
func (r *referee) special(c Special) error {
	b := r.Battle
	if c.Incarn == "" {
		if b.Current == nil {
			return engines.Refuse("Activation", "no incarn is activating; name the incarn making the SP-A")
		}
		c.Incarn = b.Current.Figure
	}
	f, err := r.find(c.Incarn)
	if err != nil {
		return err
	}
	t, err := r.findTarget(f, c.Target)
	if err != nil {
		return err
	}
	var have []string
	for _, x := range spaFlesh {
		if f.Has(x) {
			have = append(have, x)
		}
	}
	as := ""
	if c.As != "" {
		ft, err := FindFleshtype(c.As)
		if err != nil {
			return refuse("Special attack", err)
		}
		if !f.Has(ft.Name) {
			return engines.Refuse("Special attack", "%s is not a %s", r.nm(f), ft.Name)
		}
		if !containsStr(spaFlesh, ft.Name) {
			return engines.Refuse("Special attack", "%s gives no SP-A the program rolls; the SP-A Fleshtypes are %s", ft.Name, strings.Join(spaFlesh, ", "))
		}
		as = ft.Name
	} else {
		switch len(have) {
		case 0:
			return engines.Refuse("Special attack", "%s has no Fleshtype with a SP-A (%s)", r.nm(f), strings.Join(spaFlesh, ", "))
		case 1:
			as = have[0]
		default:
			return engines.Refuse("Special attack", "%s has several SP-As (%s); say which with --as", r.nm(f), strings.Join(have, ", "))
		}
	}
	switch as {
	case "Spite":
		if f.Status != StatusSlain {
			return engines.Refuse("Spite", "Spite strikes when its incarn is slain; %s is %s", r.nm(f), f.Status)
		}
	case "Carrion", "Enforcer":
		if !f.InPlay() {
			return engines.Refuse(as, "%s is %s", r.nm(f), f.where())
		}
	}
	if !t.InPlay() || !enemies(f, t) {
		return engines.Refuse("Special attack", "%s is not an enemy in play", r.nm(t))
	}
	if as == "Enforcer" && len(t.Flesh) == 0 {
		return engines.Refuse("Enforcer", "%s has no Fleshtype to use; the Enforcer answers an enemy within 5 using one", r.nm(t))
	}
	if as == "Spite" || as == "Carrion" {
		if err := r.takeReaction(f, t, as); err != nil {
			return err
		}
	}
	if err := r.spyCheck(f, t, r.stripped(t, c.DefFacts.Ciphered)); err != nil {
		return err
	}
	if t, err = r.portshield(f, t, c.DefFacts); err != nil {
		return err
	}
	if err := r.checkDefFacts(t, c.DefFacts); err != nil {
		return err
	}
	r.actor = f.Side
	key := as
	switch as {
	case "Spite", "Carrion", "Enforcer":
	default:
		if _, err := r.current(f.Key(), "make that SP-A"); err != nil {
			return err
		}
		if as == "Gasser" {
			key = "Gasser:" + t.Key()
		}
		if as == "Toxic" && f.ToxicUsed {
			return engines.Refuse("Toxic", "%s has used its Toxic SP-A; it is once per game", r.nm(f))
		}
		if containsStr(b.Current.SPAs, key) {
			return engines.Refuse(as, "%s has already used its %s SP-A this activation", r.nm(f), as)
		}
		if err := r.d.Emit(TypeACsSpent, ACsSpent{Figure: f.Key(), For: key, What: as + " SP-A"}); err != nil {
			return err
		}
		if as == "Toxic" {
			if err := r.d.Emit(TypeFigureChanged, FigureChanged{Figure: f.Key(), Used: "Toxic", Why: "Toxic spent"}); err != nil {
				return err
			}
		}
	}
	if err := r.unmask(f); err != nil {
		return err
	}
	if as == "Iconoclast" {
		sk, _ := FindSkill(t.Skill)
		v, err := r.roll1(t.Side, sk.Die, t.Name+" Action die (Iconoclast)")
		if err != nil {
			return err
		}
		if v == 1 {
			r.d.Label("%s rolls %s's Action die: a natural 1, %s is stunned (Iconoclast).", r.nm(f), r.nm(t), r.nm(t))
			if err := r.stunBy(t, f, "Iconoclast", c.DefFacts); err != nil {
				return err
			}
		} else {
			r.d.Label("%s rolls %s's Action die: %d, no effect (Iconoclast).", r.nm(f), r.nm(t), v)
		}
		r.flushNotes()
		return nil
	}
	ad := 0
	if as == "Smasher" {
		if c.ACs < 1 {
			return engines.Refuse("Smasher", "give the ACs spent moving into contact with --acs N; they are the AD")
		}
		ad = c.ACs
		r.d.Label("%s smashes into %s%s: SP-A with AD %d (Smasher).", r.nm(f), r.nm(t), r.shieldText(), ad)
	} else {
		die := spaDie(as, f, b.Round)
		v, err := r.roll1(f.Side, die, fmt.Sprintf("%s %s SP-A", f.Name, as))
		if err != nil {
			return err
		}
		ad = v
		r.d.Label("%s makes a SP-A D%d at %s%s (%s): %d.", r.nm(f), die, r.nm(t), r.shieldText(), as, v)
	}
	if err := r.resolve(hit{att: f, ad: ad}, t, c.DefFacts); err != nil {
		return err
	}
	r.flushNotes()
	return nil
}

func containsStr(xs []string, v string) bool {
	for _, x := range xs {
		if x == v {
			return true
		}
	}
	return false
}

// ---- table-recorded effects ----

func (r *referee) recordStun(c Stun) error {
	f, err := r.find(c.Incarn)
	if err != nil {
		return err
	}
	if !f.InPlay() {
		return engines.Refuse("Stun", "%s is %s", r.nm(f), f.Status)
	}
	var by *Figure
	if c.By != "" {
		if by, err = r.find(c.By); err != nil {
			return err
		}
		r.actor = by.Side
	}
	why := c.Why
	if c.As != "" {
		kind := ""
		switch norm(c.As) {
		case "empath":
			kind = "Empath"
		case "grudger":
			kind = "Grudger"
		default:
			return engines.Refuse("Stun", "--as is empath or grudger, the reactions that stun")
		}
		if by == nil {
			return engines.Refuse(kind, "name the %s with --by", kind)
		}
		if err := r.takeReaction(by, f, kind); err != nil {
			return err
		}
		if why == "" {
			why = kind
		}
	}
	if why == "" {
		why = "recorded at the table"
	}
	if err := r.checkDefFacts(f, DefFacts{Ciphered: c.Ciphered}); err != nil {
		return err
	}
	r.d.Label("%s is stunned (%s).", r.nm(f), why)
	if err := r.stunBy(f, by, why, DefFacts{Ciphered: c.Ciphered}); err != nil {
		return err
	}
	r.flushNotes()
	return nil
}

func (r *referee) recordUnstun(c Unstun) error {
	f, err := r.find(c.Incarn)
	if err != nil {
		return err
	}
	if f.Status != StatusStunned {
		return engines.Refuse("Stun", "%s is %s, not stunned", r.nm(f), f.Status)
	}
	why := c.Why
	if c.By != "" {
		p, err := r.current(c.By, "un-stun an ally")
		if err != nil {
			return err
		}
		if !p.Has("Priest") {
			return engines.Refuse("Priest", "%s is not a Priest; only a Priest un-stuns for 1 AC", r.nm(p))
		}
		if p.Side != f.Side || p == f {
			return engines.Refuse("Priest", "a Priest un-stuns a visible ally, and %s is not one", r.nm(f))
		}
		if err := r.spend(p, 1, "", "un-stunning "+f.Name); err != nil {
			return err
		}
		why = p.Name + " un-stuns it for 1 AC (Priest)"
	}
	if why == "" {
		why = "recorded at the table"
	}
	r.d.Label("%s is no longer stunned (%s).", r.nm(f), why)
	return r.d.Emit(TypeStatusChanged, StatusChanged{Figure: f.Key(), Status: StatusActive, Why: why})
}

// mulligan: the activating Mulligan slays itself for N ACs (seed line
// 415); the N incarns it may move are moved at the table.
//
// Ruling: N is at least 1 and no more than the ACs it has left; the death
// is its own (no enemy slew it), so "when slain" Fleshtypes fire as for any
// death, and its activation ends.
func (r *referee) mulligan(f, by *Figure, c Slay) error {
	if c.Mulligan < 1 {
		return engines.Refuse("Mulligan", "--mulligan gives the ACs the Mulligan spends, 1 or more")
	}
	if c.Dagger || (by != nil && by != f) {
		return engines.Refuse("Mulligan", "a Mulligan slays itself; leave out --by and --dagger")
	}
	if _, err := r.current(f.Key(), "slay itself (Mulligan)"); err != nil {
		return err
	}
	r.cipher(f, c.Ciphered)
	if !r.has(f, "Mulligan") {
		return engines.Refuse("Mulligan", "%s is not a Mulligan (or an enemy Cipher strips it)", r.nm(f))
	}
	r.actor = f.Side
	if err := r.spend(f, c.Mulligan, "", fmt.Sprintf("slaying itself (Mulligan %d)", c.Mulligan)); err != nil {
		return err
	}
	r.d.Label("%s spends %s and slays itself (Mulligan): move %s anywhere in play.", r.nm(f), plural(c.Mulligan, "AC"), plural(c.Mulligan, "incarn"))
	if err := r.slay(f, nil, fmt.Sprintf("slew itself for %s (Mulligan)", plural(c.Mulligan, "AC")), c.DefFacts); err != nil {
		return err
	}
	if err := r.closeActivation(); err != nil {
		return err
	}
	r.flushNotes()
	return nil
}

func (r *referee) recordSlay(c Slay) error {
	f, err := r.find(c.Incarn)
	if err != nil {
		return err
	}
	if !f.InPlay() {
		return engines.Refuse("Slay", "%s is already %s", r.nm(f), f.Status)
	}
	var by *Figure
	if c.By != "" {
		if by, err = r.find(c.By); err != nil {
			return err
		}
		r.actor = by.Side
	}
	why := c.Why
	if err := r.checkDefFacts(f, DefFacts{Ciphered: c.Ciphered}); err != nil {
		return err
	}
	if c.Mulligan != 0 {
		return r.mulligan(f, by, c)
	}
	if c.Dagger {
		if by == nil {
			return engines.Refuse("Sacrificial Dagger", "say whose dagger with --by")
		}
		if _, err := r.current(by.Key(), "use its Sacrificial Dagger"); err != nil {
			return err
		}
		if !by.HasItem("Sacrificial Dagger") {
			return engines.Refuse("Sacrificial Dagger", "%s carries no Sacrificial Dagger", r.nm(by))
		}
		if by.Side != f.Side || by == f {
			return engines.Refuse("Sacrificial Dagger", "the dagger slays an ally within 5; %s is not %s's ally", r.nm(f), r.nm(by))
		}
		if err := r.spend(by, 1, "", "the Sacrificial Dagger"); err != nil {
			return err
		}
		why = r.nm(by) + "'s Sacrificial Dagger"
	}
	if why == "" {
		why = "recorded at the table"
	}
	r.d.Label("%s is slain (%s).", r.nm(f), why)
	if err := r.slay(f, by, why, c.DefFacts); err != nil {
		return err
	}
	r.flushNotes()
	return nil
}

// summon is the Homonculist's once-per-activation Roach.
func (r *referee) summon(c Summon) error {
	f, err := r.current(c.Incarn, "summon")
	if err != nil {
		return err
	}
	if !f.Has("Homonculist") {
		return engines.Refuse("Homonculist", "%s is not a Homonculist", r.nm(f))
	}
	if containsStr(r.Battle.Current.SPAs, "Homonculist") {
		return engines.Refuse("Homonculist", "%s has already summoned this activation", r.nm(f))
	}
	r.actor = f.Side
	if err := r.d.Emit(TypeACsSpent, ACsSpent{Figure: f.Key(), For: "Homonculist", What: "summoning"}); err != nil {
		return err
	}
	hom := Figure{Incarn: Incarn{Name: r.freeName(f.Side, "Homunculus"), Skill: "Roach", Toughness: "Weak"}, Side: f.Side, Status: StatusActive, Tag: TagSummoned, Activated: r.Battle.Round > 0}
	if err := r.d.Emit(TypeFigureAdded, FigureAdded{Figure: hom, Why: f.Name + " summoned it"}); err != nil {
		return err
	}
	r.d.Label("%s summons %s, a Roach without Fleshtypes, within 5 (Homonculist).", r.nm(f), hom.Name)
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
	if err := r.d.Emit(TypeFigureChanged, FigureChanged{Figure: t.Key(), MarkedBy: &side, Why: "marked by " + f.Name}); err != nil {
		return err
	}
	if err := r.d.Emit(TypeFigureChanged, FigureChanged{Figure: f.Key(), Used: "Inseminator", Why: "Inseminator spent"}); err != nil {
		return err
	}
	r.d.Label("%s spends 1 AC to mark %s (Inseminator): when it dies, a random ally bursts out.", r.nm(f), r.nm(t))
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
	r.d.Label("%s spends 6 ACs and becomes a Chosen Heavy Butcher Strigoi without items (Lycan).", r.nm(f))
	return r.d.Emit(TypeFigureChanged, FigureChanged{Figure: f.Key(), Incarn: &in, Why: "Lycan"})
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
	r.d.Label("%s spends 3 ACs putting out the flames on %s.", r.nm(f), r.nm(t))
	return r.d.Emit(TypeFigureChanged, FigureChanged{Figure: t.Key(), OnFire: &off, Why: "put out"})
}

// rift lifts an enemy incarn out of play until the next round.
//
// Ruling: it is done at the start of a round, before anyone activates;
// each player lifts at most one incarn a round, and each incarn can be
// lifted once per game.
func (r *referee) rift(c Rift) error {
	b := r.Battle
	if b.Twist != 4 {
		return engines.Refuse("Chronomatic Rift", "the twist is not the Chronomatic Rift")
	}
	if b.Round == 0 || b.Current != nil {
		return engines.Refuse("Chronomatic Rift", "the Rift acts at the start of a round, before any activation")
	}
	for _, f := range b.Figures {
		if f.Activated {
			return engines.Refuse("Chronomatic Rift", "the Rift acts at the start of a round, before any activation")
		}
	}
	var side string
	for _, s := range b.Sides {
		if strings.EqualFold(s, c.Player) {
			side = s
		}
	}
	if side == "" {
		return engines.Refuse("Chronomatic Rift", "%q is not a player of this game; choose %s", c.Player, strings.Join(b.Sides, " or "))
	}
	for _, f := range b.Figures {
		if f.Rifted && f.Side == b.opponent(side) {
			return engines.Refuse("Chronomatic Rift", "%s has already lifted %s this round", side, r.nm(f))
		}
	}
	opp := &Figure{Side: side}
	t, err := r.findTarget(opp, c.Incarn)
	if err != nil {
		return err
	}
	if t.Side != b.opponent(side) || !t.InPlay() {
		return engines.Refuse("Chronomatic Rift", "%s can only lift an enemy incarn in play", side)
	}
	if t.RiftUsed {
		return engines.Refuse("Chronomatic Rift", "%s has been lifted once already; each incarn only once per game", r.nm(t))
	}
	on := true
	r.actor = side
	r.d.Label("The Chronomatic Rift lifts %s out of play until the next round (%s's choice).", r.nm(t), side)
	return r.d.Emit(TypeFigureChanged, FigureChanged{Figure: t.Key(), Rifted: &on, Why: "Chronomatic Rift"})
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
		r.d.Label("%s spends 3 ACs and turns to stone: it can neither attack nor be attacked (Gargoyle).", r.nm(f))
	} else {
		r.d.Label("%s spends 3 ACs and turns back to flesh (Gargoyle).", r.nm(f))
	}
	return r.d.Emit(TypeFigureChanged, FigureChanged{Figure: f.Key(), Stone: &on, Why: "Gargoyle"})
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
			return engines.Refuse("Zenithal", "a Zenithal changes an ally's Fleshtype; %s is not %s's ally", r.nm(f), r.nm(z))
		}
		if containsStr(r.Battle.Current.SPAs, "Zenithal") {
			return engines.Refuse("Zenithal", "%s has already swapped a Fleshtype this activation", r.nm(z))
		}
		if err := r.d.Emit(TypeACsSpent, ACsSpent{Figure: z.Key(), For: "Zenithal", What: "Zenithal swap"}); err != nil {
			return err
		}
		why = r.nm(z) + "'s Zenithal swap"
		r.actor = z.Side
	}
	in := f.Incarn
	in.Flesh = append([]string(nil), f.Flesh...)
	for i, x := range in.Flesh {
		if x == old.Name {
			in.Flesh[i] = nw.Name
		}
	}
	r.d.Label("%s's %s becomes %s (%s).", r.nm(f), old.Name, nw.Name, why)
	return r.d.Emit(TypeFigureChanged, FigureChanged{Figure: f.Key(), Incarn: &in, Why: why})
}
