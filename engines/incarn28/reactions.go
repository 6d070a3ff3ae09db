package incarn28

import (
	"fmt"
	"slices"

	"warlog/engines"
	"warlog/internal/words"
)

// Reactions: the log sees the moment an Empath, Carrion, Spite or Grudger
// may answer; only the table sees who is in range. The engine opens a
// reaction at that moment and the table takes it with the command naming
// the target (a stun by the Empath or Grudger as its reaction, a SP-A of
// the Carrion or Spite), which is refused when no reaction is open.
//
// Ruling: the seed's "immediately" is the activation in progress: an open
// reaction lapses when that activation ends (one opened between
// activations lasts until the next one ends).

// reaction returns f's open reaction of the kind, or nil.
func (r *referee) reaction(f *Figure, kind string) *Reaction {
	for i, re := range r.Battle.Reactions {
		if re.Figure == f.Key() && re.Kind == kind {
			return &r.Battle.Reactions[i]
		}
	}
	return nil
}

// open opens a reaction for f (once: one already open stays as it is).
func (r *referee) open(f *Figure, kind string, not *Figure, what string) error {
	if r.reaction(f, kind) != nil {
		return nil
	}
	n := ""
	if not != nil {
		n = not.Key()
	}
	r.note("%s may %s (%s)", r.nm(f), what, kind)
	return r.Emit(TypeReactionOpened, ReactionOpened{Figure: f.Key(), Kind: kind, Not: n})
}

// onStunned opens the Empaths' reactions: seed line 233, when an ally
// stuns an enemy within 10, the Empath may stun a different enemy within
// 10. The Empath's own stuns do not open its reaction.
func (r *referee) onStunned(f, by *Figure) error {
	if by == nil || !enemies(by, f) || by.Side == DeathbeastSide {
		return nil
	}
	for _, e := range r.Battle.Figures {
		if e != by && e.InPlay() && e.Side == by.Side && r.has(e, "Empath") {
			if err := r.open(e, "Empath", f, "stun another enemy within 10 if "+f.Name+" was within 10 of it"); err != nil {
				return err
			}
		}
	}
	return nil
}

// onSlain opens the Carrions' reactions (seed line 185: an enemy slain
// within 10 lets it SP-A D8 another enemy within 10) and the slain
// incarn's Spite (line 531: each enemy within 5 takes a SP-A of its
// Action die).
func (r *referee) onSlain(f *Figure) error {
	for _, c := range r.Battle.Figures {
		if c.InPlay() && enemies(c, f) && r.has(c, "Carrion") {
			if err := r.open(c, "Carrion", f, "make a SP-A D8 at another enemy within 10 if "+f.Name+" died within 10 of it"); err != nil {
				return err
			}
		}
	}
	if r.has(f, "Spite") {
		sk, _ := FindSkill(f.Skill)
		return r.open(f, "Spite", nil, fmt.Sprintf("strike each enemy within 5 with a SP-A D%d", sk.Die))
	}
	return nil
}

// onObjective rolls the Grudgers' D6 when p completes an objective (seed
// line 323): the opponent's Grudgers in play each roll, and a 4+ opens a
// stun of an enemy within 20.
//
// Dice order: one D6 per Grudger of the opponent in play, in gang order,
// after everything else the action rolled.
func (r *referee) onObjective(p string) error {
	opp := r.Battle.opponent(p)
	for _, x := range r.Battle.Figures {
		if !x.InPlay() || x.Side != opp || !r.has(x, "Grudger") {
			continue
		}
		v, err := r.roll1(x.Side, 6, x.Name+" Grudger")
		if err != nil {
			return err
		}
		if v < 4 {
			r.note("%s grudge D6 shows %d: nothing", words.Possessive(r.nm(x)), v)
			continue
		}
		r.note("%s grudge D6 shows %d", words.Possessive(r.nm(x)), v)
		if err := r.open(x, "Grudger", nil, "stun an enemy within 20"); err != nil {
			return err
		}
	}
	return nil
}

// takeReaction checks that f's reaction of the kind is open and may strike
// t, and records it.
func (r *referee) takeReaction(f, t *Figure, kind string) error {
	re := r.reaction(f, kind)
	if re == nil {
		why := map[string]string{
			"Empath":  "one opens when an ally stuns an enemy, until that activation ends",
			"Grudger": "one opens when the opponent completes an objective and its D6 shows 4+, until that activation ends",
			"Carrion": "one opens when an enemy is slain, until that activation ends",
			"Spite":   "it strikes when the Spite is slain, until that activation ends",
		}[kind]
		return engines.Refuse(kind, "%s has no %s reaction open: %s", r.nm(f), kind, why)
	}
	if kind != "Spite" && !f.InPlay() {
		// seed line 37: slain, it is removed from play; only a Spite
		// strikes from the dead.
		return engines.Refuse(kind, "%s is %s and can do nothing more", r.nm(f), f.where())
	}
	if re.Not != "" && re.Not == t.Key() {
		return engines.Refuse(kind, "the %s must pick a different enemy than %s", kind, r.nm(t))
	}
	if slices.Contains(re.Used, t.Key()) {
		return engines.Refuse(kind, "%s Spite has already struck %s", words.Possessive(r.nm(f)), r.nm(t))
	}
	if !t.InPlay() || !enemies(f, t) {
		return engines.Refuse(kind, "%s is not an enemy in play", r.nm(t))
	}
	return r.Emit(TypeReactionUsed, ReactionUsed{Figure: f.Key(), Kind: kind, Target: t.Key()})
}
