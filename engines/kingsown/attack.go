package kingsown

import (
	"fmt"
	"strings"

	"warlog/engines"
	"warlog/engines/dice"
	"warlog/internal/words"
)

// mayAttack checks who may attack, the per-turn count and the Skill order.
//
// Ruling: where Frenzy (a grant) and Ponderous (a denial) meet, the grant
// wins (seed line 14): a Ponderous figure with Frenzy may attack after any
// move.
func (s *State) mayAttack(b *Battle, f *Fig, what string, d *engines.Decision) error {
	switch {
	case f.Card.Static:
		return engines.Refuse("Static", "%s is static: it does not attack", f.Card.Name)
	case f.Out() && !f.Pending:
		return engines.Refuse("Removed", "%s is %s and makes no more attacks", f.Card.Name, f.Status)
	}
	if err := moveBar(f); err != nil {
		return err
	}
	switch {
	case f.Attacks >= f.Card.Attacks():
		if f.Card.Multi > 1 {
			return engines.Refuse("Multi", "%s has made all %d of its attacks this turn (Multi %d)", f.Card.Name, f.Card.Multi, f.Card.Multi)
		}
		return engines.Refuse("Multi", "%s has already attacked this turn; one attack per turn without Multi", f.Card.Name)
	case b.passedOver(f):
		return engines.Refuse("SkillOrder", "the Skill %d step has begun, so %s (Skill %d) can no longer %s this turn; attacks go highest Skill first", b.Step, f.Card.Name, f.StepSkill, what)
	}
	return nil
}

// moveBar is why f's move this turn bars it from attacking (nil: it does
// not): stopped at the edge of rough ground, a full move without Frenzy, a
// Ponderous figure that moved. Before it has moved nothing bars it yet.
func moveBar(f *Fig) error {
	switch {
	case f.NoAttack:
		return engines.Refuse("RoughGround", "%s was stopped at the edge of rough ground this turn and may not attack", f.Card.Name)
	case f.Moved == "full" && !f.Card.Frenzy:
		return engines.Refuse("Frenzy", "%s moved its full Move this turn; only a Frenzy figure may attack after a full move", f.Card.Name)
	case f.Card.Ponderous && !f.Card.Frenzy && f.Moved != "stay" && f.Moved != "":
		return engines.Refuse("Ponderous", "%s is Ponderous and moved this turn (%s); it may attack only after standing still", f.Card.Name, f.Moved)
	}
	return nil
}

// passedOver reports whether a lower Skill step has begun, so that f, of a
// higher one, can no longer attack this turn.
func (b *Battle) passedOver(f *Fig) bool { return b.Step != 0 && f.StepSkill > b.Step }

// beginStep closes the step in progress when a lower one starts.
func (s *State) beginStep(b *Battle, f *Fig, d *engines.Decision) {
	if b.Step == 0 || f.StepSkill < b.Step {
		d.Emit(TypeStepBegun, StepBegun{Skill: f.StepSkill})
	}
}

// targets resolves the figures an attack or spell names.
//
// Ruling: a figure already Down, Broken or Withdrawn cannot be targeted,
// even while it still strikes in its own Skill step.
func (s *State) targets(b *Battle, att *Fig, names []string, allowSelf bool, d *engines.Decision) ([]*Fig, error) {
	var out []*Fig
	for _, n := range names {
		t, err := b.find(n)
		if err != nil {
			return nil, err
		}
		if t == att && !allowSelf {
			return nil, engines.Refuse("Target", "%s cannot target itself", att.Card.Name)
		}
		if t.Out() {
			return nil, engines.Refuse("Target", "%s is %s and no longer on the table", t.Card.Name, t.Status)
		}
		for _, o := range out {
			if o == t {
				return nil, engines.Refuse("Target", "%s is named twice", t.Card.Name)
			}
		}
		out = append(out, t)
	}
	return out, nil
}

// attack is one attack: one target, or every target named with Sweep.
//
// Ruling: an ordinary attack targets an enemy; only Sweep strikes friends,
// because the seed's Sweep hits "friend and foe" in its arc.
// Ruling: --rear applies to every target of the attack.
func attack(a *act, c Attack) error {
	s, d := a.S, a.D
	b, err := s.phase("attack", PhaseAttack, d)
	if err != nil {
		return err
	}
	att, err := b.find(c.Attacker)
	if err != nil {
		return err
	}
	if err := s.mayAttack(b, att, "attack", d); err != nil {
		return err
	}
	if len(att.Card.Weapons) == 0 {
		return engines.RefuseTry("Weapon", []string{"ko cast"}, "%s has no weapon; it can only cast", att.Card.Name)
	}
	w := att.Card.Weapons[0]
	// Weapon names are trimmed when a card is read; so is the name asked for.
	if c.Weapon = strings.TrimSpace(c.Weapon); c.Weapon != "" {
		// An exact name first, else the first weapon the name begins.
		found := false
		for _, cw := range att.Card.Weapons {
			if strings.EqualFold(cw.Name, c.Weapon) {
				w, found = cw, true
				break
			}
		}
		for _, cw := range att.Card.Weapons {
			if !found && strings.HasPrefix(strings.ToLower(cw.Name), strings.ToLower(c.Weapon)) {
				w, found = cw, true
			}
		}
		if !found {
			var ws []string
			for _, cw := range att.Card.Weapons {
				ws = append(ws, cw.Name)
			}
			return engines.Refuse("Weapon", "%s has no weapon %q; its weapons are %s", att.Card.Name, c.Weapon, strings.Join(ws, ", "))
		}
	}
	if len(c.Targets) == 0 {
		return engines.RefuseTry("Target", []string{"ko attack"}, "%s needs a target to attack", att.Card.Name)
	}
	ts, err := s.targets(b, att, c.Targets, false, d)
	if err != nil {
		return err
	}
	if len(ts) > 1 && !w.Sweep {
		return engines.Refuse("Sweep", "%s %s strikes one target; only a Sweep weapon strikes several with one attack", words.Possessive(att.Card.Name), w.Name)
	}
	for _, t := range ts {
		if !w.Sweep && strings.EqualFold(t.Card.Side, att.Card.Side) {
			return engines.Refuse("Target", "%s is on %s own side; only Sweep strikes friends", t.Card.Name, words.Possessive(att.Card.Name))
		}
		if c.Rear && t.Card.NoRear {
			return engines.Refuse("NoRear", "%s is No Rear: it cannot be attacked from the rear; attack it from the front", t.Card.Name)
		}
	}
	s.beginStep(b, att, d)
	ev := AttackMade{Attacker: att.Ref(), Weapon: w, Rear: c.Rear}
	for _, t := range ts {
		ev.Targets = append(ev.Targets, t.Ref())
	}
	d.Emit(TypeAttackMade, ev)
	var parts []string
	for _, t := range ts {
		s, err := s.resolve(att, t, w.Might, c.Rear, true, d)
		if err != nil {
			return err
		}
		parts = append(parts, s)
	}
	how := "strikes"
	if c.Rear {
		how = "strikes from the rear"
	}
	d.Label("%s %s with %s (M%d): %s.", att.Card.Name, how, w.Name, w.Might, strings.Join(parts, "; "))
	return nil
}

// resolve runs the rulings' steps 1-6 for one target and says what
// happened. roll: make the hit roll (false when a spell's cast was the hit).
//
// Ruling: the shield meets the first front hit of the turn whatever its
// Might; an M3+ hit goes through it and still spends it, so a later front
// hit that turn is not stopped.
func (s *State) resolve(att, t *Fig, might int, rear, roll bool, d *engines.Decision) (string, error) {
	tn := t.Card.Name
	hitRoll, skill := 0, s.Battle.rollSkill(att)
	switch {
	case t.Card.Static:
		// seed 003 line 43: attacks against it hit automatically.
	case rear:
		// seed 003 line 8: an attack from the rear skips the Skill roll.
	case roll:
		// RULINGS: within a step every hit roll uses the Skill the figure
		// had when the step began.
		v, err := s.roll(att.Card.Side, fmt.Sprintf("hit roll for %s against %s (needs %d or less)", att.Card.Name, tn, skill), d)
		if err != nil {
			return "", err
		}
		hitRoll = v
		d.Judge(v <= skill, dice.AtMost(skill))
		if v > skill {
			d.Emit(TypeMissed, Missed{Target: t.Ref(), Roll: v})
			return fmt.Sprintf("%s: rolls %d against Skill %d, a miss", tn, v, skill), nil
		}
	}
	var line string
	switch {
	case t.Card.Static:
		line = tn + ": hits automatically"
	case rear:
		line = tn + ": from the rear, no hit roll"
	case roll:
		line = fmt.Sprintf("%s: rolls %d against Skill %d, a hit", tn, hitRoll, skill)
	default:
		line = tn + ": struck"
	}
	// seed 003 line 30: the first hit each turn from the front is stopped unless M3+.
	if t.Card.Shield && !rear && !t.ShieldUsed {
		d.Emit(TypeShieldUsed, ShieldUsed{Target: t.Ref(), Stopped: might < 3})
		if might < 3 {
			return line + ", stopped by its shield", nil
		}
		line += " (M3 or more goes through its shield)"
	}
	damaged := false
	if t.Card.Durable > 0 && might <= t.Card.Durable {
		// seed 003 line 20: weapons of Might n or less cannot damage it at all.
		d.Emit(TypeHitResisted, HitResisted{Target: t.Ref(), Durable: true})
		line += fmt.Sprintf(", but Durable %d shrugs off M%d", t.Card.Durable, might)
	} else {
		// seed 003 line 8: 1d6 + Might against the defender's 1d6 + Res.
		res := t.Res()
		a, err := s.roll(att.Card.Side, fmt.Sprintf("attacker's damage die for %s (d6+%d against %s d6+%d; higher takes a Hit)", att.Card.Name, might, words.Possessive(tn), res), d)
		if err != nil {
			return "", err
		}
		dv, err := s.roll(t.Card.Side, defenderNeeds(tn, a, might, res), d)
		if err != nil {
			return "", err
		}
		// Each side's die judged against the other's: the attacker's
		// needs more than the defender's total, the defender's a tie.
		d.JudgeBack(1, a+might > dv+res, dice.Beats(1, 6, res-might+1))
		d.Judge(a+might <= dv+res, dice.Beats(1, 6, might-res))
		line += fmt.Sprintf(", %d+%d against %d+%d", a, might, dv, res)
		if a+might > dv+res {
			damaged = true
			d.Emit(TypeHitLost, HitLost{Target: t.Ref(), Hits: t.Hits - 1})
			line += fmt.Sprintf(", one Hit (%d left)", t.Hits)
		} else {
			d.Emit(TypeHitResisted, HitResisted{Target: t.Ref()})
			line += ", the armour holds"
		}
	}
	by := att.Ref()
	if damaged {
		if t.Hits <= 0 {
			// seed 003 line 8: at 0 Hits the figure is Down.
			d.Emit(TypeDown, Down{Target: t.Ref(), By: &by})
			line += "; " + tn + " is Down"
		}
		return line, nil
	}
	// seed 003 line 9: Suppression, only if the Might is at least the Res.
	switch {
	case t.Card.Static:
		return line, nil
	case t.Card.Fearless:
		return line + "; Fearless, not suppressed", nil
	case t.Card.NoSuppressBy > 0 && might <= t.Card.NoSuppressBy:
		// seed 003 line 34: "Cannot be suppressed by M2 or less is a stat."
		return line + fmt.Sprintf("; it cannot be suppressed by M%d or less", t.Card.NoSuppressBy), nil
	case might < t.Res():
		return line + fmt.Sprintf("; M%d is under Res %d, no Suppression", might, t.Res()), nil
	}
	d.Emit(TypeSkillLost, SkillLost{Target: t.Ref(), Skill: t.Skill - 1})
	line += fmt.Sprintf("; suppressed to Skill %d", t.Skill)
	if t.Skill <= 0 {
		d.Emit(TypeBroken, Broken{Target: t.Ref(), By: &by})
		line += "; " + tn + " is Broken"
	}
	return line, nil
}

// defenderNeeds is the purpose of the defender's damage die: what it must
// show to hold against the attacker's die already rolled (armour wins ties).
func defenderNeeds(target string, a, might, res int) string {
	need := a + might - res
	switch {
	case need <= 1:
		return fmt.Sprintf("defender's damage die for %s (holds whatever it shows against %d+%d)", target, a, might)
	case need > 6:
		return fmt.Sprintf("defender's damage die for %s (cannot hold against %d+%d: one Hit whatever it shows)", target, a, might)
	}
	return fmt.Sprintf("defender's damage die for %s (needs %d or more to hold against %d+%d)", target, need, a, might)
}

// --- magic ---
