package incarn28

import (
	"fmt"

	"warlog/engines"
	"warlog/internal/words"
)

// recorded are the incarns a stun or a death the table records names: the
// one it befalls, which must be in play (else gone refuses it under rule,
// with its name and status), and the one that did it, if named, whose side
// is then the one acting.
func (r *referee) recorded(name, byName, rule, gone string) (f, by *Figure, err error) {
	if f, err = r.find(name); err != nil {
		return nil, nil, err
	}
	if !f.InPlay() {
		return nil, nil, engines.Refuse(rule, gone, r.nm(f), f.Status)
	}
	if byName == "" {
		return f, nil, nil
	}
	if by, err = r.find(byName); err != nil {
		return nil, nil, err
	}
	r.actor = by.Side
	return f, by, nil
}

func (r *referee) recordStun(c Stun) error {
	f, by, err := r.recorded(c.Incarn, c.By, "Stun", "%s is %s")
	if err != nil {
		return err
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
	r.D.Label("%s is stunned (%s).", r.nm(f), why)
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
	r.D.Label("%s is no longer stunned (%s).", r.nm(f), why)
	return r.Emit(TypeStatusChanged, StatusChanged{Figure: f.Key(), Status: StatusActive, Why: why})
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
	r.D.Label("%s spends %s and slays itself (Mulligan): move %s anywhere in play.", r.nm(f), plural(c.Mulligan, "AC"), plural(c.Mulligan, "incarn"))
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
	f, by, err := r.recorded(c.Incarn, c.By, "Slay", "%s is already %s")
	if err != nil {
		return err
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
			return engines.Refuse("Sacrificial Dagger", "the dagger slays an ally within 5; %s is not %s ally", r.nm(f), words.Possessive(r.nm(by)))
		}
		if err := r.spend(by, 1, "", "the Sacrificial Dagger"); err != nil {
			return err
		}
		why = r.nm(by) + "'s Sacrificial Dagger"
	}
	if why == "" {
		why = "recorded at the table"
	}
	r.D.Label("%s is slain (%s).", r.nm(f), why)
	if err := r.slay(f, by, why, c.DefFacts); err != nil {
		return err
	}
	r.flushNotes()
	return nil
}
