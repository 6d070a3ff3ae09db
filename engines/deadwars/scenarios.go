package deadwars

// The scenarios' own steps: Souls, the Humans, the shrine count.

import (
	"fmt"
	"slices"
	"strings"

	"warlog/engines"
	"warlog/internal/words"
)

// collect: a Soul is collected by an attack's hit roll from base contact,
// with no save (RULINGS). Dice order: the hit roll.
//
// Ruling: collecting is an attack: it spends Attack dice (combined dice
// +1 each after the first) and counts against the figure's attacks.
func collect(a *act, c Collect) error {
	s, d := a.S, a.D
	b, err := s.turn()
	if err != nil {
		return err
	}
	if b.Brief != SoulCollectors {
		return engines.Refuse("Soul Collectors", "there are Souls only in Soul Collectors; %s is %s", b.Name, BriefTitle(b.Brief))
	}
	if err := needRolled(b); err != nil {
		return err
	}
	f, err := b.actor(c.Figure)
	if err != nil {
		return err
	}
	// Ruling: collecting a Soul is an attack, and a figure in base contact
	// attacks only the enemies it touches (seed 001 line 54).
	if touching := b.ContactsOf(f.Ref()); len(touching) > 0 {
		return engines.Refuse("Contact", "%s is in base contact with %s and must attack it, not a Soul", f.Name, touching[0].Name)
	}
	if err := s.spend(b, c.Dice, ActAttack); err != nil {
		return err
	}
	if max := RankValue(f.Rank); f.Attacks >= max {
		return engines.Refuse("Attacks", "%s has made %s this turn; %s attacks at most %s a turn", f.Name, words.Count(f.Attacks, "attack", "attacks"), words.A(title(f.Rank)), words.Times(max))
	}
	if b.soulsLeft() == 0 {
		return engines.Refuse("Soul Collectors", "every Soul is collected")
	}
	ev := SoulTried{Figure: f.Ref(), Dice: slices.Clone(c.Dice), Mod: len(c.Dice) - 1, Need: Class(f.Class).Hit}
	if ev.Roll, err = roll1(d, f.Side, hitPurpose(f, nil, ev.Mod, ev.Need, false)); err != nil {
		return err
	}
	ev.Collected = succeeds(ev.Roll, ev.Mod, ev.Need)
	d.Judge(ev.Collected, target(ev.Mod, ev.Need))
	label := fmt.Sprintf("%s strikes at a Soul (dice %s): hit roll %d", f.Name, facesText(c.Dice), ev.Roll)
	if ev.Mod != 0 {
		label += signed(ev.Mod)
	}
	label += fmt.Sprintf(" against %d+", ev.Need)
	if ev.Collected {
		label += fmt.Sprintf(", the Soul is collected (%s %d, %d left).", f.Side, b.Souls[f.Side]+1, b.soulsLeft()-1)
	} else {
		label += ", it slips away."
	}
	d.Emit(TypeSoulTried, ev)
	d.Label("%s", label)
	return s.checkEnd(d)
}

// humans: after both players' turns each living Human attacks the figure
// the players name, or no one ("-"). Dice order: Human by Human in number
// order, hit roll then save roll if hit.
func humans(a *act, c Humans) error {
	s, d := a.S, a.D
	b, err := s.battle()
	if err != nil {
		return err
	}
	if b.Phase != PhaseHumans {
		return engines.Refuse("Humans", "the Humans attack after both players' turns in Hunt the Hunters; it is %s turn %d", words.Possessive(b.ActivePlayer()), b.Round)
	}
	targets := map[string]string{}
	for _, ht := range c.Targets {
		name := strings.TrimSpace(ht.Human)
		if name != "" && strings.Trim(name, "0123456789") == "" {
			name = "Human " + name
		}
		h, err := b.resolve(name, HumansSide)
		if err != nil {
			return err
		}
		if h.Dead {
			return engines.Refuse("Humans", "%s is dead", h.Name)
		}
		if _, dup := targets[h.Name]; dup {
			return engines.Refuse("Humans", "%s is named twice; each Human makes one attack", h.Name)
		}
		targets[h.Name] = strings.TrimSpace(ht.Target)
	}
	var missing []string
	for _, h := range b.Living(HumansSide) {
		if _, ok := targets[h.Name]; !ok {
			missing = append(missing, h.Name)
		}
	}
	if len(missing) > 0 {
		return engines.Refuse("Humans", "name a target for every living Human, or that it reaches no one; missing: %s", strings.Join(missing, ", "))
	}
	named := map[string]*Fig{}
	for _, h := range b.Living(HumansSide) {
		tn := targets[h.Name]
		if tn == "-" || strings.EqualFold(tn, "none") || tn == "" {
			continue
		}
		t, err := b.resolve(tn, b.Sides...)
		if err != nil {
			return err
		}
		if t.Dead {
			return engines.Refuse("Dead", "%s is dead; name a living figure for %s, or that it reaches no one", t.Name, h.Name)
		}
		named[h.Name] = t
	}
	var lines []string
	for _, h := range b.Living(HumansSide) {
		t := named[h.Name]
		switch {
		case t == nil:
			lines = append(lines, h.Name+" reaches no one")
			continue
		case t.Dead:
			// Ruling: a Human whose target fell to an earlier Human this
			// round makes no attack.
			lines = append(lines, fmt.Sprintf("%s finds %s already dead", h.Name, t.Name))
			continue
		}
		ev := AttackMade{By: h.Ref(), Target: t.Ref(), HitNeed: Class(h.Class).Hit}
		var err error
		if ev.HitRoll, err = roll1(d, h.Side, hitPurpose(h, t, 0, ev.HitNeed, false)); err != nil {
			return err
		}
		ev.Hit = succeeds(ev.HitRoll, 0, ev.HitNeed)
		d.Judge(ev.Hit, target(0, ev.HitNeed))
		if ev.Hit {
			if err := save(d, &ev, t); err != nil {
				return err
			}
		}
		lines = append(lines, strings.TrimSuffix(attackLabel(ev, h, t), "."))
		d.Emit(TypeAttackMade, ev)
	}
	round := b.Round
	d.Emit(TypeHumansActed, HumansActed{Round: round})
	d.Label("The Humans strike after turn %d: %s.", round, strings.Join(lines, "; "))
	return s.checkEnd(d)
}

// shrine enters the Death Shrine count: each player's figures within 3" of
// the shrine after 6 turns each.
func shrine(a *act, c Shrine) error {
	s, d := a.S, a.D
	b := s.Current()
	if b == nil || b.Brief != DeathShrine {
		return engines.Refuse("Death Shrine", "no Death Shrine battle is in progress")
	}
	if b.Phase != PhaseShrine {
		return engines.Refuse("Death Shrine", "the shrine is counted after both players have had 6 turns; it is turn %d", b.Round)
	}
	counts := map[string]int{}
	for _, sc := range c.Counts {
		f := s.Force(sc.Player)
		if f == nil || !slices.Contains(b.Sides, f.Player) {
			return engines.Refuse("Death Shrine", "%q is not fighting %s; the players are %s and %s", sc.Player, b.Name, b.Sides[0], b.Sides[1])
		}
		if _, dup := counts[f.Player]; dup {
			return engines.Refuse("Death Shrine", "%s is counted twice", f.Player)
		}
		if n := len(b.Living(f.Player)); sc.Count < 0 || sc.Count > n {
			return engines.Refuse("Death Shrine", "%s has %s in play; the count must be 0 to %d", f.Player, words.Count(n, "figure", "figures"), n)
		}
		counts[f.Player] = sc.Count
	}
	for _, p := range b.Sides {
		if _, ok := counts[p]; !ok {
			return engines.Refuse("Death Shrine", "give both counts, %s and %s", words.Possessive(b.Sides[0]), words.Possessive(b.Sides[1]))
		}
	}
	d.Emit(TypeShrineCounted, ShrineCounted{Counts: counts})
	d.Label("Figures within 3\" of the shrine: %s %d, %s %d.", b.Sides[0], counts[b.Sides[0]], b.Sides[1], counts[b.Sides[1]])
	return s.checkEnd(d)
}
