package incarn28

import (
	"fmt"
	"slices"
	"strings"

	"warlog/engines"
	"warlog/internal/words"
)

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

// special makes a SP-A: the incarn's Fleshtype names the die, which is the
// AD; the target defends as against an attack.
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
	as, err := r.spaOf(f, c.As)
	if err != nil {
		return err
	}
	if f.Stone {
		// Ruling (Gargoyle, seed line 287): stone makes no attack, SP-As
		// included.
		return engines.RefuseTry("Gargoyle", []string{"i28 stone"}, "%s is stone and cannot attack, SP-As included; 3 ACs turn it back", r.nm(f))
	}
	if t, err = r.spaTarget(f, t, as, c.DefFacts); err != nil {
		return err
	}
	r.actor = f.Side
	if err := r.spendSPA(f, t, as); err != nil {
		return err
	}
	if err := r.unmask(f); err != nil {
		return err
	}
	if as == "Iconoclast" {
		return r.iconoclast(f, t, c.DefFacts)
	}
	ad := 0
	if as == "Smasher" {
		if c.ACs < 1 {
			return engines.Refuse("Smasher", "give the ACs spent moving into contact with --acs N; they are the AD")
		}
		if moved := b.Current.Moved; c.ACs > moved {
			// Ruling 2026-12-01 (seed line 519): the AD is at most the
			// ACs spent moving this incarn in this activation.
			return engines.Refuse("Smasher", "%s has spent %s moving this activation; the Smasher's AD is at most that", r.nm(f), plural(moved, "AC"))
		}
		ad = c.ACs
		r.D.Label("%s smashes into %s%s: SP-A with AD %d (Smasher).", r.nm(f), r.nm(t), r.shieldText(), ad)
	} else {
		die := spaDie(as, f, b.Round)
		v, err := r.roll1(f.Side, die, fmt.Sprintf("%s %s SP-A", f.Name, as))
		if err != nil {
			return err
		}
		ad = v
		r.D.Label("%s makes a SP-A D%d at %s%s (%s): %d.", r.nm(f), die, r.nm(t), r.shieldText(), as, v)
	}
	if err := r.resolve(hit{att: f, ad: ad}, t, c.DefFacts); err != nil {
		return err
	}
	r.flushNotes()
	return nil
}

// spaOf is the Fleshtype whose SP-A f makes: the one named, or the only
// one it has.
func (r *referee) spaOf(f *Figure, name string) (string, error) {
	if name != "" {
		ft, err := FindFleshtype(name)
		if err != nil {
			return "", refuse("Special attack", err)
		}
		if !f.Has(ft.Name) {
			return "", engines.Refuse("Special attack", "%s is not %s", r.nm(f), words.A(ft.Name))
		}
		if !slices.Contains(spaFlesh, ft.Name) {
			return "", engines.Refuse("Special attack", "%s gives no SP-A the program rolls; the SP-A Fleshtypes are %s", ft.Name, strings.Join(spaFlesh, ", "))
		}
		return ft.Name, nil
	}
	var have []string
	for _, x := range spaFlesh {
		if f.Has(x) {
			have = append(have, x)
		}
	}
	switch len(have) {
	case 0:
		return "", engines.Refuse("Special attack", "%s has no Fleshtype with a SP-A (%s)", r.nm(f), strings.Join(spaFlesh, ", "))
	case 1:
		return have[0], nil
	}
	return "", engines.Refuse("Special attack", "%s has several SP-As (%s); say which with --as", r.nm(f), strings.Join(have, ", "))
}

// spaTarget checks that f may strike t with the SP-A as now, and gives the
// incarn struck: Spite strikes from the dead, Carrion and Enforcer from
// play; the target is an enemy in play (with a Fleshtype to use, for an
// Enforcer), and a Spite's or Carrion's the reaction the log opened; a
// Portshield bearer takes it for an ally.
func (r *referee) spaTarget(f, t *Figure, as string, o DefFacts) (*Figure, error) {
	switch as {
	case "Spite":
		if f.Status != StatusSlain {
			return nil, engines.Refuse("Spite", "Spite strikes when its incarn is slain; %s is %s", r.nm(f), f.Status)
		}
	case "Carrion", "Enforcer":
		if !f.InPlay() {
			return nil, engines.Refuse(as, "%s is %s", r.nm(f), f.where())
		}
	}
	if !t.InPlay() || !enemies(f, t) {
		return nil, engines.Refuse("Special attack", "%s is not an enemy in play", r.nm(t))
	}
	if t.Stone {
		return nil, engines.Refuse("Gargoyle", "%s is stone and cannot be attacked, SP-As included", r.nm(t))
	}
	if as == "Enforcer" && len(t.Flesh) == 0 {
		return nil, engines.Refuse("Enforcer", "%s has no Fleshtype to use; the Enforcer answers an enemy within 5 using one", r.nm(t))
	}
	if as == "Spite" || as == "Carrion" {
		if err := r.takeReaction(f, t, as); err != nil {
			return nil, err
		}
	}
	if err := r.spyCheck(f, t, r.stripped(t, o.Ciphered)); err != nil {
		return nil, err
	}
	t, err := r.portshield(f, t, o)
	if err != nil {
		return nil, err
	}
	if err := r.checkDefFacts(t, o); err != nil {
		return nil, err
	}
	return t, nil
}

// spendSPA records a SP-A of the activating incarn as used: once per
// activation (a Gasser's once per target), a Toxic's once per game. The
// reactions (Spite, Carrion, Enforcer) are not the activation's.
func (r *referee) spendSPA(f, t *Figure, as string) error {
	switch as {
	case "Spite", "Carrion", "Enforcer":
		return nil
	}
	if _, err := r.current(f.Key(), "make that SP-A"); err != nil {
		return err
	}
	key := as
	if as == "Gasser" {
		key = "Gasser:" + t.Key()
	}
	if as == "Toxic" && f.ToxicUsed {
		return engines.Refuse("Toxic", "%s has used its Toxic SP-A; it is once per game", r.nm(f))
	}
	if slices.Contains(r.Battle.Current.SPAs, key) {
		return engines.Refuse(as, "%s has already used its %s SP-A this activation", r.nm(f), as)
	}
	if err := r.Emit(TypeACsSpent, ACsSpent{Figure: f.Key(), For: key, What: as + " SP-A"}); err != nil {
		return err
	}
	if as == "Toxic" {
		return r.Emit(TypeFigureChanged, FigureChanged{Figure: f.Key(), Used: "Toxic", Why: "Toxic spent"})
	}
	return nil
}

// iconoclast rolls the target's Action die: a natural 1 stuns it.
func (r *referee) iconoclast(f, t *Figure, o DefFacts) error {
	sk, _ := FindSkill(t.Skill)
	v, err := r.roll1(t.Side, sk.Die, t.Name+" Action die (Iconoclast)")
	if err != nil {
		return err
	}
	if v == 1 {
		r.D.Label("%s rolls %s Action die: a natural 1, %s is stunned (Iconoclast).", r.nm(f), words.Possessive(r.nm(t)), r.nm(t))
		if err := r.stunBy(t, f, "Iconoclast", o); err != nil {
			return err
		}
	} else {
		r.D.Label("%s rolls %s Action die: %d, no effect (Iconoclast).", r.nm(f), words.Possessive(r.nm(t)), v)
	}
	r.flushNotes()
	return nil
}
