package incarn28

import (
	"fmt"
	"strings"

	"warlog/engines"
)

// ---- rounds ----

// nextRound closes the round in play and begins the next.
//
// Dice order: the end-of-round dice (Bleeding Sky: one D6 per incarn in
// play in status order, each 6 followed by its SP-A D6 and the defence
// roll), then one D6 per slain Unborn, then the roll-off (one D6 per player
// in the order the players were listed, again while tied).
//
// Ruling: the roll-off winner activates first. Each Cerebroid in play adds
// 1 to its side's roll-off die.
func (r *referee) nextRound(c NextRound) error {
	b := r.Battle
	if b.Round > 0 && !b.RoundOver {
		if b.Current != nil {
			if err := r.closeActivation(); err != nil {
				return err
			}
		}
		if left := r.unactivated(""); len(left) > 0 {
			var names []string
			for _, f := range left {
				names = append(names, f.Name)
			}
			return engines.Refuse("Rounds", "round %d is not over: %s still to activate", b.Round, strings.Join(names, ", "))
		}
	} else if b.Current != nil {
		if err := r.closeActivation(); err != nil {
			return err
		}
	}
	if b.Round == 0 {
		if err := r.addObjectiveFigures(); err != nil {
			return err
		}
		r.haruspex()
	} else {
		if err := r.endOfRound(c); err != nil {
			return err
		}
	}
	// Unborn.
	for _, f := range b.Figures {
		if (f.Status == StatusSlain || f.Status == StatusRouted) && f.Has("Unborn") {
			v, err := r.roll1(f.Side, 6, f.Name+" Unborn")
			if err != nil {
				return err
			}
			if v >= 5 {
				if err := r.d.Emit(TypeStatusChanged, StatusChanged{Figure: f.Key(), Status: StatusActive, Why: "Unborn returns"}); err != nil {
					return err
				}
				r.note("%s rises again (Unborn %d)", r.nm(f), v)
			} else {
				r.note("%s stays dead (Unborn %d)", r.nm(f), v)
			}
		}
	}
	rolls, first, err := r.rollOff("roll-off", true)
	if err != nil {
		return err
	}
	if !r.hasInPlay(first) {
		first = b.opponent(first)
	}
	round := b.Round + 1
	if err := r.d.Emit(TypeRoundBegun, RoundBegun{Round: round, Rolls: rolls, First: first}); err != nil {
		return err
	}
	r.d.Label("Round %d: %s; %s activates first.", round, strings.Join(r.notes, "; "), first)
	r.notes = nil
	return nil
}

// rollOff rolls one D6 per player in the order the players are listed,
// again while tied, adding 1 per Cerebroid in play when cerebroid is set;
// it notes the rolls and returns them with the winner.
func (r *referee) rollOff(what string, cerebroid bool) (map[string]int, string, error) {
	b := r.Battle
	rolls := map[string]int{}
	for tries := 0; ; tries++ {
		if tries > 50 {
			return nil, "", engines.Refuse("Rounds", "the %s kept tying; roll again", what)
		}
		var desc []string
		for _, p := range b.Sides {
			v, err := r.roll1(p, 6, p+" "+what)
			if err != nil {
				return nil, "", err
			}
			bonus := 0
			if cerebroid {
				for _, f := range b.Figures {
					if f.Side == p && f.InPlay() && f.Has("Cerebroid") {
						bonus++
					}
				}
			}
			rolls[p] = v + bonus
			if bonus > 0 {
				desc = append(desc, fmt.Sprintf("%s %d+%d Cerebroid", p, v, bonus))
			} else {
				desc = append(desc, fmt.Sprintf("%s %d", p, v))
			}
		}
		a, c := b.Sides[0], b.Sides[1]
		switch {
		case rolls[a] > rolls[c]:
			r.note("%s %s", what, strings.Join(desc, " against "))
			return rolls, a, nil
		case rolls[c] > rolls[a]:
			r.note("%s %s", what, strings.Join(desc, " against "))
			return rolls, c, nil
		}
		r.note("%s tied (%s): again", what, strings.Join(desc, ", "))
	}
}

// endOfRound applies the rules that fire as a round ends.
//
// Ruling (Bleeder, seed line 163): every Bleeder in play bursts at the end
// of round 4, in gang order; then the incarns the table names as in base
// contact with one (--bleeder-contact, friend or foe) are slain in the
// order named, each by the Bleeder.
func (r *referee) endOfRound(c NextRound) error {
	b := r.Battle
	var bleeders []*Figure
	if b.Round == 4 {
		for _, f := range b.Figures {
			if f.InPlay() && r.has(f, "Bleeder") {
				bleeders = append(bleeders, f)
			}
		}
	}
	if len(c.BleederContacts) > 0 && len(bleeders) == 0 {
		return engines.Refuse("Bleeder", "--bleeder-contact is only for the end of round 4 with a Bleeder in play (this is the end of round %d)", b.Round)
	}
	var contacts []*Figure
	for _, n := range c.BleederContacts {
		x, err := r.find(n)
		if err != nil {
			return err
		}
		if !x.InPlay() || containsFig(bleeders, x) || containsFig(contacts, x) {
			return engines.Refuse("Bleeder", "%s cannot be named in base contact with a Bleeder: it is %s, a Bleeder itself or named twice", r.nm(x), x.where())
		}
		contacts = append(contacts, x)
	}
	for _, f := range bleeders {
		r.note("%s bursts at the end of round 4 (Bleeder)", r.nm(f))
		if err := r.slay(f, nil, "Bleeder", DefFacts{}); err != nil {
			return err
		}
	}
	for _, x := range contacts {
		if !x.InPlay() {
			continue
		}
		r.note("%s, in base contact, dies with it", r.nm(x))
		if err := r.slay(x, bleeders[0], "in base contact with a bursting Bleeder", DefFacts{}); err != nil {
			return err
		}
	}
	if b.Twist == 2 {
		// Ruling (seed line 645): each round's end the Mist flows afresh
		// 2D6 in from its edge (the reach does not add up); the table says
		// who it caught, each taking its SP-A D6 when it next activates.
		vs, err := r.d.Roll(2, 6, "Flensing Mist reach")
		if err != nil {
			return err
		}
		reach := vs[0] + vs[1]
		if err := r.d.Emit(TypeMistFlowed, MistFlowed{Round: b.Round, Reach: reach}); err != nil {
			return err
		}
		r.note("the Flensing Mist flows %d+%d = %d in from %s: incarns within %d of that edge take a SP-A D6 when they next activate", vs[0], vs[1], reach, r.mistEdge(), reach)
	}
	if b.Twist == 1 {
		for _, f := range append([]*Figure(nil), b.Figures...) {
			if !f.InPlay() {
				continue
			}
			v, err := r.roll1(f.Side, 6, f.Name+" Bleeding Sky")
			if err != nil {
				return err
			}
			if v == 6 {
				ad, err := r.roll1(f.Side, 6, f.Name+" Bleeding Sky SP-A")
				if err != nil {
					return err
				}
				r.note("the Bleeding Sky strikes %s for %d", r.nm(f), ad)
				if err := r.defend(nil, f, ad, DefFacts{}, false); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// mistEdge names the Flensing Mist's edge for a label.
func (s *State) mistEdge() string {
	b := s.Battle
	if b.MistEdge == "" || b.Deployer == "" {
		return "its edge"
	}
	return fmt.Sprintf("the edge on the %s of %s's", b.MistEdge, b.Deployer)
}

// haruspex reminds the table of the Haruspex's move before round 1 (seed
// line 339): the moves are made at the table.
func (r *referee) haruspex() {
	b := r.Battle
	var sides []string
	for _, p := range b.Sides {
		for _, f := range b.Figures {
			if f.Side == p && f.InPlay() && f.Has("Haruspex") {
				sides = append(sides, p)
				break
			}
		}
	}
	if len(sides) == 2 && b.Deployer == sides[1] {
		sides[0], sides[1] = sides[1], sides[0]
	}
	for _, p := range sides {
		r.note("Haruspex: %s may now move each of its incarns 5", p)
	}
}

// unactivated lists the figures in play still to activate this round, of
// side (or all when side is "").
func (s *State) unactivated(side string) []*Figure {
	var out []*Figure
	for _, f := range s.Battle.Figures {
		if f.InPlay() && !f.Activated && (side == "" || f.Side == side) {
			out = append(out, f)
		}
	}
	return out
}

// hasInPlay reports whether side has a figure in play.
func (s *State) hasInPlay(side string) bool {
	for _, f := range s.Battle.Figures {
		if f.InPlay() && f.Side == side {
			return true
		}
	}
	return false
}

func (s *State) anyToActivate(side string) bool { return len(s.unactivated(side)) > 0 }

// flesh reports whether f counts as having the Fleshtype, unless a Cipher
// strips it.
func (r *referee) flesh(f *Figure, name string, ciphered bool) bool {
	if r.stripped(f, ciphered) && !f.Has("Cipher") {
		return false
	}
	return f.Has(name)
}

// stripped reports whether f is within 5 of an enemy Cipher in this
// command: the command says so (claimed), or an earlier rule of it did.
func (r *referee) stripped(f *Figure, claimed bool) bool { return claimed || r.ciphered[f.Key()] }

// morale is (slain, starting) for a side: starting incarns (Worms left
// out) and those of them slain or routed.
func (b *Battle) morale(side string) (slain, start int) {
	for _, f := range b.Figures {
		if !f.Starting || f.Origin != side {
			continue
		}
		start++
		if f.Status == StatusSlain || f.Status == StatusRouted {
			slain++
		}
	}
	return slain, start
}

// slainCount counts slain and routed figures of side.
func (b *Battle) slainCount(side string) int {
	n := 0
	for _, f := range b.Figures {
		if f.Side == side && (f.Status == StatusSlain || f.Status == StatusRouted) {
			n++
		}
	}
	return n
}

// ---- activation ----

// activate makes an incarn's ACT-R.
//
// Dice order: the Anarchic Spores pick (one die with as many faces as
// candidates), the Enigma D6 when chosen instead, the Action die (two for
// Ancestor), a burning incarn's SP-A D4 and defence roll, then the Mist's
// SP-A D6 and defence roll.
//
// Ruling: doubling and halving Fleshtypes apply in the order the rulings
// list them: Aberrant, then Relictor. A stun the incarn carried into its
// activation wears off when it ends; one taken during it stays.
func (r *referee) activate(c Activate) error {
	b := r.Battle
	if b.Round == 0 {
		return engines.RefuseTry("Rounds", []string{"i28 round"}, "the game has not begun its first round; begin it")
	}
	if b.RoundOver {
		return engines.RefuseTry("Rounds", []string{"i28 round"}, "round %d is over (Enigma); begin the next", b.Round)
	}
	var prefix string
	if b.Current != nil {
		prev := b.fig(b.Current.Figure)
		if err := r.closeActivation(); err != nil {
			return err
		}
		if len(r.notes) > 0 {
			prefix = fmt.Sprintf("%s's activation ends: %s. ", r.nm(prev), strings.Join(r.notes, "; "))
			r.notes = nil
		}
	}
	defer func() {
		if prefix != "" {
			r.d.Label("%s%s", prefix, r.d.LabelText())
		}
	}()
	var f *Figure
	if b.Twist == 3 && (b.Again == "" || c.Incarn != "") {
		side := b.Next
		if !r.anyToActivate(side) {
			side = b.opponent(side)
		}
		if c.Incarn != "" {
			if x, err := r.find(c.Incarn); err == nil && x.Key() == b.Again {
				f = x
			} else if err == nil && x.Side == DeathbeastSide {
				f = x
			} else {
				return engines.RefuseTry("Anarchic Spores", []string{"i28 activate"}, "the incarn is picked at random under Anarchic Spores; activate without naming one")
			}
		} else {
			cands := r.unactivated(side)
			if len(cands) == 0 {
				cands = r.unactivated(DeathbeastSide)
			}
			if len(cands) == 0 {
				return engines.RefuseTry("Rounds", []string{"i28 round"}, "every incarn has activated this round; begin the next")
			}
			i := 0
			if len(cands) > 1 {
				v, err := r.d.Roll1(len(cands), "Anarchic Spores pick")
				if err != nil {
					return err
				}
				i = v - 1
			}
			f = cands[i]
			r.note("Anarchic Spores pick %s", r.nm(f))
		}
	} else if c.Incarn == "" {
		// Ruling: without a name, the next incarn in gang order of the
		// side whose turn it is activates (the Deathbeast once both
		// players are done).
		switch {
		case b.Again != "":
			f = b.fig(b.Again)
		case b.Next != "" && r.anyToActivate(b.Next):
			f = r.unactivated(b.Next)[0]
		default:
			for _, s := range append(append([]string(nil), b.Sides...), DeathbeastSide) {
				if l := r.unactivated(s); len(l) > 0 {
					f = l[0]
					break
				}
			}
		}
		if f == nil {
			return engines.RefuseTry("Rounds", []string{"i28 round"}, "every incarn has activated this round; begin the next")
		}
	} else {
		x, err := r.find(c.Incarn)
		if err != nil {
			return err
		}
		f = x
	}
	if !f.InPlay() {
		return engines.Refuse("Activation", "%s is %s and cannot activate", r.nm(f), f.Status)
	}
	var hermit *Figure
	if c.Hermit != "" {
		h, err := r.find(c.Hermit)
		if err != nil {
			return err
		}
		if !h.Has("Hermit") || !h.InPlay() || h.Activated || h.Side != f.Side || h == f {
			return engines.Refuse("Hermit", "%s must be an allied Hermit in play that has not activated this round", r.nm(h))
		}
		if b.Next != "" && h.Side != b.Next && r.anyToActivate(b.Next) {
			return engines.Refuse("Activation", "it is %s's turn to activate", b.Next)
		}
		hermit = h
	}
	if hermit != nil {
		if err := r.d.Emit(TypeActivated, Activated{Figure: hermit.Key(), Steps: []string{"gives its activation to " + f.Name + " (Hermit)"}, Wasted: true}); err != nil {
			return err
		}
		if err := r.d.Emit(TypeActivationEnded, ActivationEnded{Figure: hermit.Key(), Next: b.Next}); err != nil {
			return err
		}
		r.note("%s spends its activation on %s (Hermit)", r.nm(hermit), r.nm(f))
	} else if b.Again != f.Key() {
		if f.Activated {
			return engines.Refuse("Activation", "%s has already activated this round; each incarn activates once per round", r.nm(f))
		}
		if f.Side == DeathbeastSide {
			if left := r.unactivated(b.Sides[0]); len(left) > 0 || r.anyToActivate(b.Sides[1]) {
				return engines.Refuse("Hunt", "the Deathbeast activates at the end of the round, after every incarn")
			}
		} else if b.Next != "" && f.Side != b.Next && r.anyToActivate(b.Next) {
			if !(f.HasItem("Geminid") && b.Last == f.Side) {
				return engines.Refuse("Activation", "it is %s's turn to activate", b.Next)
			}
			r.note("%s goes straight after its ally (Geminid)", r.nm(f))
		}
	}
	if err := r.checkActFacts(f, c.ActFacts); err != nil {
		return err
	}
	if c.Mist && b.MistReach == 0 {
		return engines.Refuse("Flensing Mist", "the Mist has not flowed yet: it flows in at the end of each round, so --mist is for activations after the first round")
	}
	r.actor = f.Side
	ci := c.Ciphered
	r.cipher(f, ci)
	gang := r.gang(f.Side)
	faction := Faction{}
	if gang != nil && f.Side != DeathbeastSide {
		faction, _ = FindFaction(gang.Faction)
	}
	wasStunned := f.Status == StatusStunned

	// Enigma replaces the ACT-R.
	if c.Enigma {
		if !r.flesh(f, "Enigma", ci) {
			return engines.Refuse("Enigma", "%s is not an Enigma", r.nm(f))
		}
		v, err := r.roll1(f.Side, 6, f.Name+" Enigma")
		if err != nil {
			return err
		}
		act := Activated{Figure: f.Key(), Natural: v, Steps: []string{fmt.Sprintf("Enigma D6 %d", v)}, WasStunned: wasStunned, Wasted: true}
		if err := r.d.Emit(TypeActivated, act); err != nil {
			return err
		}
		if v <= 4 {
			r.d.Label("%s activates as an Enigma: D6 %d, nothing happens.", r.nm(f), v)
		} else {
			r.d.Label("%s activates as an Enigma: D6 %d, the round ends.", r.nm(f), v)
		}
		r.flushNotes()
		return r.closeActivationWith(v >= 5)
	}

	// The die.
	sides := 0
	sk, _ := FindSkill(f.Skill)
	sides = sk.Die
	var steps []string
	dieName := fmt.Sprintf("d%d", sides)
	if c.Leech != "" {
		if !r.flesh(f, "Leech", ci) {
			return engines.Refuse("Leech", "%s is not a Leech", r.nm(f))
		}
		ally, err := r.find(c.Leech)
		if err != nil {
			return err
		}
		if ally.Side != f.Side || ally == f || !ally.InPlay() {
			return engines.Refuse("Leech", "%s can only borrow the die of another ally in play", r.nm(f))
		}
		ask, _ := FindSkill(ally.Skill)
		sides = ask.Die
		dieName = fmt.Sprintf("%s's d%d (Leech)", r.nm(ally), sides)
	}
	if c.Nightmare {
		sides = 4
		dieName = "d4 (Nightmare)"
	}
	var natural int
	if r.flesh(f, "Ancestor", ci) {
		vs, err := r.roll(f.Side, 2, sides, f.Name+" ACT-R (Ancestor)")
		if err != nil {
			return err
		}
		natural = max(vs[0], vs[1])
		which := "higher"
		if c.AncestorLow {
			natural = min(vs[0], vs[1])
			which = "lower"
		}
		steps = append(steps, fmt.Sprintf("%s %d and %d, Ancestor keeps the %s, %d", dieName, vs[0], vs[1], which, natural))
	} else {
		v, err := r.roll1(f.Side, sides, f.Name+" ACT-R")
		if err != nil {
			return err
		}
		natural = v
		steps = append(steps, fmt.Sprintf("%s %d", dieName, v))
	}

	total := natural
	add := func(n int, why string) {
		if n == 0 {
			return
		}
		total += n
		steps = append(steps, fmt.Sprintf("%+d %s", n, why))
	}
	add(faction.ActMod, faction.Name)
	if r.flesh(f, "Elegant", ci) {
		add(1, "Elegant")
	}
	if r.flesh(f, "Soldier", ci) {
		add(2, "Soldier")
	}
	if r.flesh(f, "Flagellant", ci) {
		add(4, "Flagellant")
	}
	if r.flesh(f, "Sadist", ci) {
		n := 0
		for _, e := range b.Figures {
			if enemies(f, e) && (e.Status == StatusSlain || e.Status == StatusRouted) {
				n++
			}
		}
		add(n, fmt.Sprintf("Sadist (%d slain enemies)", n))
	}
	if c.EnemyWithin5 && r.flesh(f, "Brutal", ci) {
		add(4, "Brutal")
	}
	if c.AlliesWithin5 > 0 && r.flesh(f, "Guard", ci) {
		add(c.AlliesWithin5, fmt.Sprintf("Guard (%d allies)", c.AlliesWithin5))
	}
	if c.EnemiesWithin10 > 0 && r.flesh(f, "Masochist", ci) {
		add(c.EnemiesWithin10, fmt.Sprintf("Masochist (%d enemies)", c.EnemiesWithin10))
	}
	if c.NearQuarry && r.flesh(f, "Stalker", ci) {
		add(6, "Stalker")
	}
	if c.Tempted {
		add(2, "Tempter")
	}
	add(-c.Piles, fmt.Sprintf("Defecator piles (%d)", c.Piles))
	add(-c.Fools, fmt.Sprintf("Fool (%d)", c.Fools))
	add(-2*c.Gaunts, fmt.Sprintf("Gaunt (%d)", c.Gaunts))
	add(-c.Effigies, fmt.Sprintf("Effigy (%d)", c.Effigies))
	steps = []string{strings.Join(steps, " ") + fmt.Sprintf(" = %d", total)}
	if r.flesh(f, "Aberrant", ci) {
		if total%2 == 0 {
			total /= 2
			steps = append(steps, fmt.Sprintf("Aberrant halves the even result to %d", total))
		} else {
			total *= 2
			steps = append(steps, fmt.Sprintf("Aberrant doubles the odd result to %d", total))
		}
	}
	if r.flesh(f, "Relictor", ci) && f.Side != DeathbeastSide {
		if sl, st := b.morale(f.Side); st > 0 && 2*sl >= st {
			total *= 2
			steps = append(steps, fmt.Sprintf("Relictor doubles to %d (%d of %d slain)", total, sl, st))
		}
	}
	if wasStunned && !r.flesh(f, "Automaton", ci) {
		total /= 2
		steps = append(steps, fmt.Sprintf("Stunned halves to %d", total))
	}
	if total < 0 {
		total = 0
		steps = append(steps, "no fewer than 0")
	}
	acs := total
	act := Activated{Figure: f.Key(), Natural: natural, ACTR: total, WasStunned: wasStunned}
	var outcome []string

	// Fates decided by the ACT-R.
	slain, stun := "", false
	switch {
	case c.Tempted && natural == 1:
		slain = "a natural 1 after taking the Tempter's +2"
	}
	if slain == "" && f.Side != DeathbeastSide {
		sl, st := b.morale(f.Side)
		sl += c.Hollow
		icon := c.Icon || f.HasItem("Icon") && !c.Imp
		if st > 0 && 2*sl >= st && total <= 1 && !icon {
			act.Wasted = true
			act.Steps = steps
			act.ACs = 0
			if err := r.d.Emit(TypeActivated, act); err != nil {
				return err
			}
			if err := r.d.Emit(TypeStatusChanged, StatusChanged{Figure: f.Key(), Status: StatusRouted, Why: fmt.Sprintf("routed: ACT-R %d with %d of %d starting incarns slain", total, sl, st)}); err != nil {
				return err
			}
			r.d.Label("%s activates: %s; with %d of %d of the gang slain an ACT-R of %d is a rout: %s flees and counts as slain.%s", r.nm(f), strings.Join(steps, ", "), sl, st, total, r.nm(f), r.tail())
			return r.closeActivation()
		}
	}
	if natural == 1 && r.flesh(f, "Flagellant", ci) {
		stun = true
		outcome = append(outcome, "the Flagellant's natural 1 stuns it")
	}
	if c.Imp && total <= 1 {
		stun = true
		outcome = append(outcome, "an ACT-R of 1 or less near an Imp stuns it")
	}
	if c.Parasite && total >= 10 {
		stun = true
		outcome = append(outcome, "an ACT-R of 10 or more near a Parasite stuns it")
	}
	if b.Twist == 5 && natural == 1 {
		act.Wasted = true
		outcome = append(outcome, "Cerebral Void: a natural 1 does nothing")
	}
	if r.flesh(f, "Fallow", ci) && !act.Wasted {
		if total%2 == 1 {
			act.Fallow = true
			outcome = append(outcome, "Fallow's odd ACT-R doubles its attack dice")
		} else {
			act.Wasted = true
			outcome = append(outcome, "Fallow's even ACT-R wastes the activation")
		}
	}
	if f.Saved > 0 && !act.Wasted {
		acs += f.Saved
		outcome = append(outcome, fmt.Sprintf("+%d saved ACs (Occultist)", f.Saved))
	}
	if act.Wasted {
		acs = 0
	}
	act.ACs, act.Steps = acs, steps
	if err := r.d.Emit(TypeActivated, act); err != nil {
		return err
	}
	label := fmt.Sprintf("%s activates: %s: %s", r.nm(f), strings.Join(steps, ", "), plural(acs, "AC"))
	if len(outcome) > 0 {
		label += "; " + strings.Join(outcome, "; ")
	}
	// Reminders of what the table does in this activation.
	if !act.Wasted {
		if b.Round == 1 && r.has(f, "Assassin") {
			label += "; Assassin: place it anywhere in play first"
		}
		if r.has(f, "Puppeteer") {
			label += "; once this activation it may move itself or an incarn within 10 anywhere within 10 (Puppeteer)"
		}
		if r.has(f, "Defecator") {
			label += "; it may drop a pile within 5 (Defecator)"
		}
	}
	r.d.Label("%s.", label)
	if slain != "" {
		if err := r.slay(f, nil, slain, DefFacts{}); err != nil {
			return err
		}
	} else if stun {
		if err := r.stun(f, nil, "stunned by its own ACT-R"); err != nil {
			return err
		}
	}
	// Burning and Mist strike at the start of the activation.
	if f.InPlay() && f.OnFire {
		ad, err := r.roll1(f.Side, 4, f.Name+" fire SP-A")
		if err != nil {
			return err
		}
		r.note("the flames burn %s for %d", r.nm(f), ad)
		if err := r.defend(nil, f, ad, DefFacts{}, false); err != nil {
			return err
		}
	}
	if f.InPlay() && c.Mist {
		ad, err := r.roll1(f.Side, 6, f.Name+" Mist SP-A")
		if err != nil {
			return err
		}
		r.note("the Flensing Mist flays %s for %d", r.nm(f), ad)
		if err := r.defend(nil, f, ad, DefFacts{}, false); err != nil {
			return err
		}
	}
	if len(r.notes) > 0 {
		r.appendLabel(capitalize(strings.Join(r.notes, "; ")) + ".")
		r.notes = nil
	}
	if !f.InPlay() {
		return r.closeActivation()
	}
	return nil
}

// orCurrent is name, or the activating figure's key when name is empty.
func (r *referee) orCurrent(name string) string {
	if name == "" && r.Battle.Current != nil {
		return r.Battle.Current.Figure
	}
	return name
}

// findTarget resolves a target named for attacker: among its enemies
// first, then among every figure (so a wrong target is refused by name).
func (s *State) findTarget(attacker *Figure, name string) (*Figure, error) {
	foes := &State{Battle: &Battle{}}
	for _, f := range s.Battle.Figures {
		if enemies(attacker, f) && f.InPlay() {
			foes.Battle.Figures = append(foes.Battle.Figures, f)
		}
	}
	if t, err := foes.find(name); err == nil {
		return t, nil
	}
	return s.find(name)
}

// current returns the activating figure, checking it is name.
func (r *referee) current(name, what string) (*Figure, error) {
	b := r.Battle
	f, err := r.find(name)
	if err != nil {
		return nil, err
	}
	if b.Current == nil || b.Current.Figure != f.Key() {
		return nil, engines.RefuseTry("Activation", []string{"i28 activate"}, "%s is not activating; only the activating incarn can %s; activate it first", r.nm(f), what)
	}
	return f, nil
}

func (r *referee) spend(f *Figure, n int, forWhat, what string) error {
	c := r.Battle.Current
	if n > c.ACs {
		return engines.Refuse("ACs", "%s has %s left; %s needs %d", r.nm(f), plural(c.ACs, "AC"), what, n)
	}
	return r.d.Emit(TypeACsSpent, ACsSpent{Figure: f.Key(), ACs: n, For: forWhat, What: what})
}

// move spends ACs moving.
func (r *referee) move(c Move) error {
	f, err := r.current(r.orCurrent(c.Incarn), "move")
	if err != nil {
		return err
	}
	if c.Shadow {
		// seed line 511 Shadow: 3 ACs from base contact to base contact
		// with any other incarn; where it lands is the table's.
		if !r.has(f, "Shadow") {
			return engines.Refuse("Shadow", "%s is not a Shadow", r.nm(f))
		}
		if err := r.spend(f, 3, "", "the Shadow's jump"); err != nil {
			return err
		}
		r.actor = f.Side
		r.d.Label("%s spends 3 ACs and slips from base contact into base contact with another incarn (Shadow); %s left.", r.nm(f), plural(r.Battle.Current.ACs, "AC"))
		return nil
	}
	n := c.ACs
	if n == 0 {
		n = 1
	}
	if n < 0 {
		return engines.Refuse("Move", "give a positive number of ACs to spend moving")
	}
	per := 5
	var why []string
	for _, x := range []string{"Butcher", "Elegant"} {
		if f.Has(x) {
			per += 2
			why = append(why, x)
		}
	}
	if f.HasItem("Agile Form") {
		per += 2
		why = append(why, "Agile Form")
	}
	per = max(per, 2)
	if err := r.spend(f, n, "", "moving"); err != nil {
		return err
	}
	extra := ""
	if len(why) > 0 {
		extra = " (" + strings.Join(why, ", ") + ")"
	}
	r.actor = f.Side
	r.d.Label("%s moves up to %d cm for %s%s; %s left.", r.nm(f), per*n, plural(n, "AC"), extra, plural(r.Battle.Current.ACs, "AC"))
	// Reminders of what the table does with the move.
	if r.has(f, "Proximate") {
		r.appendLabel("Allies within 5 move with it, keeping their places (Proximate).")
	}
	if r.has(f, "Wanderer") {
		r.appendLabel("It may leave by an edge and come back at the opposite one, a corner at the diagonal one (Wanderer).")
	}
	return nil
}

// endActivation ends the activation in progress.
func (r *referee) endActivation(EndActivation) error {
	b := r.Battle
	if b.Current == nil {
		return engines.Refuse("Activation", "no incarn is activating")
	}
	f := b.fig(b.Current.Figure)
	r.actor = f.Side
	if err := r.closeActivation(); err != nil {
		return err
	}
	msg := fmt.Sprintf("%s ends its activation.", r.nm(f))
	if len(r.notes) > 0 {
		msg += " " + capitalize(strings.Join(r.notes, "; ")) + "."
		r.notes = nil
	}
	if b.Again != "" {
		msg += fmt.Sprintf(" %s may activate again at once.", r.nm(b.fig(b.Again)))
	} else if b.RoundOver {
		msg += " The round is over."
	} else if b.Next != "" {
		msg += fmt.Sprintf(" %s to activate.", b.Next)
	} else if r.anyToActivate(DeathbeastSide) {
		msg += " The Deathbeast activates."
	} else {
		msg += " The round is over."
	}
	r.appendLabel(msg)
	return nil
}

func (r *referee) closeActivation() error { return r.closeActivationWith(false) }

// closeActivationWith closes the activation: a stun carried in wears off, an
// Occultist keeps its ACs, a Strigoi that slew or a Narcissist rolling 5+
// may go again, and the turn passes.
//
// Dice order: the Narcissist's D6.
func (r *referee) closeActivationWith(roundOver bool) error {
	b := r.Battle
	c := b.Current
	if c == nil {
		return nil
	}
	f := b.fig(c.Figure)
	if c.StunnedAtStart && f.Status == StatusStunned {
		if err := r.d.Emit(TypeStatusChanged, StatusChanged{Figure: f.Key(), Status: StatusActive, Why: "the stun wears off at the end of its activation"}); err != nil {
			return err
		}
		r.note("%s is no longer stunned", r.nm(f))
	}
	saved := 0
	if r.has(f, "Occultist") && f.InPlay() && c.ACs > 0 {
		saved = c.ACs
		r.note("%s saves %s (Occultist)", r.nm(f), plural(saved, "AC"))
	}
	again := ""
	if !roundOver && f.InPlay() {
		if c.Slew && r.has(f, "Strigoi") {
			again = f.Key()
			r.note("%s slew an enemy and may activate again (Strigoi)", r.nm(f))
		} else if r.has(f, "Narcissist") {
			v, err := r.roll1(f.Side, 6, f.Name+" Narcissist")
			if err != nil {
				return err
			}
			if v >= 5 {
				again = f.Key()
				r.note("%s rolls %d and may activate again (Narcissist)", r.nm(f), v)
			} else {
				r.note("%s rolls %d (Narcissist): no second activation", r.nm(f), v)
			}
		}
	}
	next := ""
	if f.Side != DeathbeastSide {
		opp := b.opponent(f.Side)
		// f is still marked activated; count the others.
		switch {
		case r.anyToActivate(opp):
			next = opp
		case r.anyToActivate(f.Side):
			next = f.Side
		}
	} else {
		for _, s := range b.Sides {
			if r.anyToActivate(s) {
				next = s
				break
			}
		}
	}
	// Ruling: an extra activation (Strigoi, Narcissist) is taken at once
	// or lost; the turn otherwise passes as usual.
	return r.d.Emit(TypeActivationEnded, ActivationEnded{Figure: f.Key(), Saved: saved, Next: next, Again: again, RoundOver: roundOver})
}

// ---- attacks ----

// attack is a normal attack.
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
//
// Ruling: a natural crit face (6, or 5 for Assassin and Adept in base
// contact, or any die reaching 6+ for Hunter) is always a success; a
// natural 1 never is. AD additions (Avenger, Paragon, Vivisect, Zealot,
// Archivist, Ensorcelled Weapon) come before Berserk doubles it.
func (r *referee) attack(c Attack) error {
	b := r.Battle
	a, err := r.current(r.orCurrent(c.Attacker), "attack")
	if err != nil {
		return err
	}
	r.actor = a.Side
	if a.Tag == TagAssassinate || a.Tag == TagEscort {
		return engines.Refuse("Objectives", "%s is an objective incarn and cannot attack", r.nm(a))
	}
	cur := b.Current
	if c.Strength < 1 {
		return engines.Refuse("Attack", "an attack needs a strength of at least 1 AC (--strength N)")
	}
	if cur.Attacks > 0 && !r.flesh(a, "Gunslinger", c.Ciphered) {
		return engines.Refuse("Attack", "%s has already attacked this activation; only a Gunslinger attacks more than once", r.nm(a))
	}
	if c.Strength > cur.ACs {
		return engines.Refuse("ACs", "%s has %s left; an attack of strength %d needs %d", r.nm(a), plural(cur.ACs, "AC"), c.Strength, c.Strength)
	}
	terrain := strings.EqualFold(strings.TrimSpace(c.Target), "terrain")
	r.terrain = terrain
	if terrain {
		// seed line 469 Poltergeist: it may attack terrain, shoving it as
		// far as the AD instead of harming it. Ruling: it is the
		// activation's attack (A-R, AD additions, Ensorcelled D4, Berserk)
		// without a defence roll; the shove is the table's.
		r.cipher(a, c.Ciphered)
		if !r.has(a, "Poltergeist") {
			return engines.Refuse("Poltergeist", "only a Poltergeist attacks terrain; %s is not one", r.nm(a))
		}
	}
	// Desecrate's objective.
	if strings.EqualFold(strings.TrimSpace(c.Target), "desecrate") {
		if !containsInt(b.Objectives[a.Side], 1) {
			return engines.Refuse("Desecrate", "%s has no Desecrate objective to attack", a.Side)
		}
		if b.done(a.Side, 1) {
			return engines.Refuse("Desecrate", "%s's Desecrate objective is already destroyed", a.Side)
		}
	}
	var t *Figure
	if !strings.EqualFold(strings.TrimSpace(c.Target), "desecrate") && !terrain {
		x, err := r.findTarget(a, c.Target)
		if err != nil {
			return err
		}
		if !x.InPlay() {
			return engines.Refuse("Attack", "%s is %s; only incarns in play can be attacked", r.nm(x), x.where())
		}
		if !enemies(a, x) && !(a.HasItem("Bloodshot") && !c.Imp && a != x) {
			return engines.Refuse("Attack", "%s is not an enemy of %s", r.nm(x), r.nm(a))
		}
		if x.Stone {
			return engines.Refuse("Gargoyle", "%s is stone and cannot be attacked", r.nm(x))
		}
		if err := r.spyCheck(a, x, r.stripped(x, c.DefFacts.Ciphered)); err != nil {
			return err
		}
		if t, err = r.portshield(a, x, c.DefFacts); err != nil {
			return err
		}
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
	ci, tci := c.Ciphered, c.DefFacts.Ciphered
	r.cipher(a, ci)
	r.cipher(t, tci)
	if c.Pacifist {
		v, err := r.roll1(a.Side, 6, "Pacifist")
		if err != nil {
			return err
		}
		if v >= 4 {
			r.d.Label("%s tries to attack near a Pacifist: D6 %d, it cannot attack this activation; %s left.", r.nm(a), v, plural(cur.ACs+c.Strength, "AC"))
			return r.d.Emit(TypeACsSpent, ACsSpent{Figure: a.Key(), ACs: -c.Strength, For: "attack", What: "stopped by a Pacifist"})
		}
		r.note("the Pacifist's D6 %d does not stop it", v)
	}
	if err := r.unmask(a); err != nil {
		return err
	}
	n := c.Strength
	if cur.Fallow {
		n *= 2
	}
	vs, err := r.roll(a.Side, n, 6, a.Name+" A-R")
	if err != nil {
		return err
	}
	mod := 0
	var mods []string
	addMod := func(v int, why string) {
		mod += v
		mods = append(mods, fmt.Sprintf("%+d %s", v, why))
	}
	if r.flesh(a, "Butcher", ci) {
		addMod(2, "Butcher")
	}
	if r.flesh(a, "Venomous", ci) {
		addMod(1, "Venomous")
	}
	if a.HasItem("Artisanal Weapon") && !c.Imp {
		addMod(1, "Artisanal Weapon")
	}
	if r.flesh(a, "Berserk", ci) {
		addMod(-2, "Berserk")
	}
	if c.Beyond10 && r.flesh(a, "Gunner", ci) {
		addMod(2, "Gunner beyond 10")
	}
	if t != nil && r.flesh(t, "Elegant", tci) {
		addMod(-1, "Elegant target")
	}
	if t != nil && r.flesh(t, "Stout", tci) {
		addMod(-2, "Stout target")
	}
	if c.Subliminal > 0 {
		addMod(-c.Subliminal, fmt.Sprintf("Subliminal (%d)", c.Subliminal))
	}
	crit := 2
	if r.flesh(a, "Venomous", ci) {
		crit = 3
	}
	if t != nil && r.flesh(t, "Ethereal", tci) {
		crit--
	}
	succ := 0
	var faces []string
	for _, v := range vs {
		isCrit := v == 6 ||
			(v == 5 && r.flesh(a, "Assassin", ci)) ||
			(v >= 5 && c.BaseContact && r.flesh(a, "Adept", ci)) ||
			(v != 1 && v+mod >= 6 && r.flesh(a, "Hunter", ci))
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
	desc += ", " + plural(succ, "success")

	// The defence roll comes before the extra AD dice, but the AD additions
	// known from the log are counted here.
	ad := succ
	var adSteps []string
	adAdd := func(v int, why string) {
		if v == 0 {
			return
		}
		ad += v
		adSteps = append(adSteps, fmt.Sprintf("%+d %s", v, why))
	}
	if r.flesh(a, "Avenger", ci) && a.Side != DeathbeastSide {
		adAdd(b.slainCount(a.Side), "Avenger")
	}
	if r.flesh(a, "Paragon", ci) {
		adAdd(len(a.Flesh), "Paragon")
	}
	if t != nil && r.flesh(a, "Vivisect", ci) {
		nf := len(t.Flesh)
		if tci && !t.Has("Cipher") {
			nf = 0
		}
		adAdd(nf, "Vivisect")
	}
	z := c.Zealots
	if r.flesh(a, "Zealot", ci) {
		z++
	}
	adAdd(2*z, "Zealot")
	ar := c.Archivists
	if r.flesh(a, "Archivist", ci) {
		ar++
	}
	if ar > 0 && len(b.Done[b.opponent(a.Side)]) > 0 {
		adAdd(3*ar, "Archivist")
	}
	h := hit{att: a, ad: ad, steps: adSteps, berserk: r.flesh(a, "Berserk", ci), ensorcelled: a.HasItem("Ensorcelled Weapon") && !c.Imp, normal: true}
	if t == nil {
		// Desecrate: no defence roll, the AD is the hits.
		ad, steps, err := r.finalAD(h)
		if err != nil {
			return err
		}
		if len(steps) > 0 {
			desc += "; AD " + strings.Join(steps, ", ")
		}
		if terrain {
			r.d.Label("%s: AD %d; it may move the terrain piece up to %d (Poltergeist).", desc, ad, ad)
			return nil
		}
		if err := r.d.Emit(TypeDesecrateHit, DesecrateHit{Player: a.Side, Hits: ad}); err != nil {
			return err
		}
		r.d.Label("%s: AD %d; the objective has taken %d of 20 hits.", desc, ad, b.Desecrate[a.Side])
		return nil
	}
	var also []*Figure
	if len(c.Also) > 0 {
		if !r.flesh(a, "Grenadier", ci) && !r.flesh(a, "Melter", ci) {
			return engines.Refuse("Attack", "only a Grenadier or a Melter hits further incarns with one attack")
		}
		for _, n := range c.Also {
			x, err := r.find(n)
			if err != nil {
				return err
			}
			if x == t || x == a || !x.InPlay() || containsFig(also, x) {
				return engines.Refuse("Attack", "%s cannot be one of the further incarns hit", r.nm(x))
			}
			also = append(also, x)
		}
	}
	r.d.Label("%s.", desc)
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
		r.note("%s is caught too with half the AD, %d", r.nm(x), half)
		if err := r.resolve(hit{att: a, ad: half}, x, DefFacts{}); err != nil {
			return err
		}
	}
	r.flushNotes()
	return nil
}

func containsFig(xs []*Figure, f *Figure) bool {
	for _, x := range xs {
		if x == f {
			return true
		}
	}
	return false
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

func containsInt(xs []int, v int) bool {
	for _, x := range xs {
		if x == v {
			return true
		}
	}
	return false
}

func (r *referee) flushNotes() {
	if len(r.notes) > 0 {
		r.appendLabel(capitalize(strings.Join(r.notes, "; ")) + ".")
		r.notes = nil
	}
}

// plural writes a count with its noun: 1 AC, 2 ACs, 1 success, 3 successes.
func plural(n int, noun string) string {
	if n == 1 {
		return fmt.Sprintf("1 %s", noun)
	}
	if strings.HasSuffix(noun, "s") {
		return fmt.Sprintf("%d %ses", n, noun)
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
