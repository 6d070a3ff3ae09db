package incarn28

import (
	"fmt"
	"strings"

	"warlog/engines"
	"warlog/internal/words"
)

// activate makes an incarn's ACT-R, step by step as the rules take it:
// the activation still in progress ends; the incarn to activate is picked
// (at random under Anarchic Spores, the next in line when none is named);
// it must be its turn (or a Hermit's gift, or a Geminid's); the Action die
// is rolled (or the Enigma's D6 instead); the modifiers give the ACT-R; a
// gang at half strength may rout; the ACT-R gives the ACs and may stun,
// waste or double; fire and the Mist strike first.
//
// Dice order: the Anarchic Spores pick (one die with as many faces as
// candidates), the Enigma D6 when chosen instead, the Action die (two for
// Ancestor), a burning incarn's SP-A D4 and defence roll, then the Mist's
// SP-A D6 and defence roll.
func (r *referee) activate(c Activate) error {
	b := r.Battle
	if b.Round == 0 {
		return engines.RefuseTry("Rounds", []string{"i28 round"}, "the game has not begun its first round; begin it")
	}
	if b.RoundOver && !r.anyToActivate(DeathbeastSide) {
		return engines.RefuseTry("Rounds", []string{"i28 round"}, "round %d is over (Enigma); begin the next", b.Round)
	}
	prefix, err := r.endPrevious()
	if err != nil {
		return err
	}
	defer func() {
		if prefix != "" {
			r.D.Label("%s%s", prefix, r.D.LabelText())
		}
	}()
	f, err := r.whoActivates(c.Incarn)
	if err != nil {
		return err
	}
	if b.RoundOver && (f.Side != DeathbeastSide || c.Hermit != "") {
		// seed line 631 Hunt: the Deathbeast activates at the end of each
		// round, one an Enigma ended early too (seed line 245).
		return engines.RefuseTry("Rounds", []string{"i28 activate"}, "round %d is over (Enigma); only the Deathbeast still activates, at its end", b.Round)
	}
	if err := r.takeTurn(f, c.Hermit); err != nil {
		return err
	}
	if err := r.checkActFacts(f, c.ActFacts); err != nil {
		return err
	}
	if c.Mist && b.MistReach == 0 {
		return engines.Refuse("Flensing Mist", "the Mist has not flowed yet: it flows in at the end of each round, so --mist is for activations after the first round")
	}
	r.actor = f.Side
	r.cipher(f, c.Ciphered)
	if c.Enigma {
		return r.enigma(f)
	}
	roll, err := r.actionDie(f, c.ActFacts)
	if err != nil {
		return err
	}
	r.modify(f, c.ActFacts, &roll)
	if routed, err := r.rout(f, c.ActFacts, roll); routed || err != nil {
		return err
	}
	return r.takeACs(f, c.ActFacts, roll)
}

// actRoll is an ACT-R being made: the Action die as it fell, the result as
// modified so far and the steps that led there.
type actRoll struct {
	natural, total int
	steps          []string
	// stunned: the incarn came into its activation stunned.
	stunned bool
}

// endPrevious ends the activation still in progress, if any; what ending
// it did opens the new activation's label.
func (r *referee) endPrevious() (prefix string, err error) {
	b := r.Battle
	if b.Current == nil {
		return "", nil
	}
	prev := b.fig(b.Current.Figure)
	if err := r.closeActivation(); err != nil {
		return "", err
	}
	if len(r.notes) > 0 {
		prefix = fmt.Sprintf("%s activation ends: %s. ", words.Possessive(r.nm(prev)), strings.Join(r.notes, "; "))
		r.notes = nil
	}
	return prefix, nil
}

// whoActivates is the incarn named, or under Anarchic Spores one picked at
// random, or without a name the next in line.
func (r *referee) whoActivates(name string) (*Figure, error) {
	b := r.Battle
	switch {
	case b.Twist == 3 && (b.Again == "" || name != ""):
		return r.sporesPick(name)
	case name == "":
		return r.nextInLine()
	}
	return r.find(name)
}

// sporesPick picks the incarn to activate under Anarchic Spores (seed line
// 647): one of the unactivated incarns of the side whose turn it is, at
// random; only an incarn allowed to go again, or a Deathbeast, is named.
func (r *referee) sporesPick(name string) (*Figure, error) {
	b := r.Battle
	side := b.Next
	if !r.anyToActivate(side) {
		side = b.opponent(side)
	}
	if name != "" {
		x, err := r.find(name)
		if err == nil && (x.Key() == b.Again || x.Side == DeathbeastSide) {
			return x, nil
		}
		return nil, engines.RefuseTry("Anarchic Spores", []string{"i28 activate"}, "the incarn is picked at random under Anarchic Spores; activate without naming one")
	}
	cands := r.unactivated(side)
	if len(cands) == 0 || b.RoundOver {
		cands = r.unactivated(DeathbeastSide)
	}
	if len(cands) == 0 {
		return nil, errRoundDone
	}
	i := 0
	if len(cands) > 1 {
		v, err := r.D.Roll1(len(cands), "Anarchic Spores pick")
		if err != nil {
			return nil, err
		}
		i = v - 1
	}
	f := cands[i]
	r.note("Anarchic Spores pick %s", r.nm(f))
	return f, nil
}

// nextInLine is the incarn that activates when none is named.
//
// Ruling: without a name, the next incarn in gang order of the side whose
// turn it is activates (the Deathbeast once both players are done, or once
// an Enigma has ended the round).
func (r *referee) nextInLine() (*Figure, error) {
	b := r.Battle
	switch {
	case b.Again != "":
		if f := b.fig(b.Again); f != nil {
			return f, nil
		}
		return nil, errRoundDone
	case b.RoundOver:
		if l := r.unactivated(DeathbeastSide); len(l) > 0 {
			return l[0], nil
		}
		return nil, errRoundDone
	case b.Next != "" && r.anyToActivate(b.Next):
		return r.unactivated(b.Next)[0], nil
	}
	for _, side := range append(append([]string(nil), b.Sides...), DeathbeastSide) {
		if l := r.unactivated(side); len(l) > 0 {
			return l[0], nil
		}
	}
	return nil, errRoundDone
}

// errRoundDone refuses an activation once every incarn has activated.
var errRoundDone = engines.RefuseTry("Rounds", []string{"i28 round"}, "every incarn has activated this round; begin the next")

// takeTurn checks that f may activate now: it is in play and has not
// activated this round (unless it may go again), it is its side's turn
// (or a Geminid follows an ally), the Deathbeast comes last. An allied
// Hermit (seed line 343) may give its own activation instead, even to an
// incarn that has activated: the Hermit's is spent then.
func (r *referee) takeTurn(f *Figure, hermit string) error {
	b := r.Battle
	if !f.InPlay() {
		return engines.Refuse("Activation", "%s is %s and cannot activate", r.nm(f), f.Status)
	}
	if hermit != "" {
		return r.hermitGives(hermit, f)
	}
	if b.Again == f.Key() {
		return nil
	}
	if f.Activated {
		return engines.Refuse("Activation", "%s has already activated this round; each incarn activates once per round", r.nm(f))
	}
	if f.Side == DeathbeastSide {
		if !b.RoundOver && (r.anyToActivate(b.Sides[0]) || r.anyToActivate(b.Sides[1])) {
			return engines.Refuse("Hunt", "the Deathbeast activates at the end of the round, after every incarn")
		}
		return nil
	}
	if b.Next != "" && f.Side != b.Next && r.anyToActivate(b.Next) {
		if !(f.HasItem("Geminid") && b.Last == f.Side) {
			return engines.Refuse("Activation", "it is %s turn to activate", words.Possessive(b.Next))
		}
		r.note("%s goes straight after its ally (Geminid)", r.nm(f))
	}
	return nil
}

// hermitGives spends the Hermit named's activation on f.
func (r *referee) hermitGives(name string, f *Figure) error {
	b := r.Battle
	h, err := r.find(name)
	if err != nil {
		return err
	}
	if !h.Has("Hermit") || !h.InPlay() || h.Activated || h.Side != f.Side || h == f {
		return engines.Refuse("Hermit", "%s must be an allied Hermit in play that has not activated this round", r.nm(h))
	}
	if b.Next != "" && h.Side != b.Next && r.anyToActivate(b.Next) {
		return engines.Refuse("Activation", "it is %s turn to activate", words.Possessive(b.Next))
	}
	if err := r.Emit(TypeActivated, Activated{Figure: h.Key(), Steps: []string{"gives its activation to " + f.Name + " (Hermit)"}, Wasted: true}); err != nil {
		return err
	}
	if err := r.Emit(TypeActivationEnded, ActivationEnded{Figure: h.Key(), Next: b.Next}); err != nil {
		return err
	}
	r.note("%s spends its activation on %s (Hermit)", r.nm(h), r.nm(f))
	return nil
}

// enigma rolls the Enigma's D6 instead of the ACT-R (seed: 1-4 wastes the
// activation, 5+ ends the round).
func (r *referee) enigma(f *Figure) error {
	if !r.has(f, "Enigma") {
		return engines.Refuse("Enigma", "%s is not an Enigma", r.nm(f))
	}
	v, err := r.roll1(f.Side, 6, f.Name+" Enigma")
	if err != nil {
		return err
	}
	act := Activated{Figure: f.Key(), Natural: v, Steps: []string{fmt.Sprintf("Enigma D6 %d", v)}, WasStunned: f.Status == StatusStunned, Wasted: true}
	if err := r.Emit(TypeActivated, act); err != nil {
		return err
	}
	if v <= 4 {
		r.D.Label("%s activates as an Enigma: D6 %d, nothing happens.", r.nm(f), v)
	} else {
		r.D.Label("%s activates as an Enigma: D6 %d, the round ends.", r.nm(f), v)
		if r.anyToActivate(DeathbeastSide) {
			r.Say("The Deathbeast still activates at its end.")
		}
	}
	r.flushNotes()
	return r.closeActivationWith(v >= 5, false)
}

// actionDie rolls f's Action die: its own, an ally's (Leech), a D4 near a
// Nightmare; two of them for an Ancestor, which keeps one.
func (r *referee) actionDie(f *Figure, c ActFacts) (actRoll, error) {
	sk, _ := FindSkill(f.Skill)
	sides := sk.Die
	dieName := fmt.Sprintf("d%d", sides)
	if c.Leech != "" {
		if !r.has(f, "Leech") {
			return actRoll{}, engines.Refuse("Leech", "%s is not a Leech", r.nm(f))
		}
		ally, err := r.find(c.Leech)
		if err != nil {
			return actRoll{}, err
		}
		if ally.Side != f.Side || ally == f || !ally.InPlay() {
			return actRoll{}, engines.Refuse("Leech", "%s can only borrow the die of another ally in play", r.nm(f))
		}
		ask, _ := FindSkill(ally.Skill)
		sides = ask.Die
		dieName = fmt.Sprintf("%s d%d (Leech)", words.Possessive(r.nm(ally)), sides)
	}
	if c.Nightmare {
		sides = 4
		dieName = "d4 (Nightmare)"
	}
	roll := actRoll{stunned: f.Status == StatusStunned}
	if !r.has(f, "Ancestor") {
		v, err := r.roll1(f.Side, sides, f.Name+" ACT-R")
		if err != nil {
			return actRoll{}, err
		}
		roll.natural = v
		roll.steps = []string{fmt.Sprintf("%s %d", dieName, v)}
		return roll, nil
	}
	vs, err := r.roll(f.Side, 2, sides, f.Name+" ACT-R (Ancestor)")
	if err != nil {
		return actRoll{}, err
	}
	roll.natural = max(vs[0], vs[1])
	which := "higher"
	if c.AncestorLow {
		roll.natural = min(vs[0], vs[1])
		which = "lower"
	}
	roll.steps = []string{fmt.Sprintf("%s %d and %d, Ancestor keeps the %s, %d", dieName, vs[0], vs[1], which, roll.natural)}
	return roll, nil
}

// modify turns the Action die into the ACT-R.
//
// Ruling (RULINGS, Activation): every flat modifier first (faction,
// Fleshtypes, items, the table's facts), then the doubling and halving
// Fleshtypes in the order the rulings list them, Aberrant, then Relictor;
// then a stunned incarn halves it (an Automaton does not); never below 0.
func (r *referee) modify(f *Figure, c ActFacts, roll *actRoll) {
	b := r.Battle
	total, steps := roll.natural, roll.steps
	add := func(n int, why string) {
		if n == 0 {
			return
		}
		total += n
		steps = append(steps, fmt.Sprintf("%+d %s", n, why))
	}
	if g := r.gang(f.Side); g != nil && f.Side != DeathbeastSide {
		faction, _ := FindFaction(g.Faction)
		add(faction.ActMod, faction.Name)
	}
	if r.has(f, "Elegant") {
		add(1, "Elegant")
	}
	if r.has(f, "Soldier") {
		add(2, "Soldier")
	}
	if r.has(f, "Flagellant") {
		add(4, "Flagellant")
	}
	if r.has(f, "Sadist") {
		n := 0
		for _, e := range b.Figures {
			if enemies(f, e) && (e.Status == StatusSlain || e.Status == StatusRouted) {
				n++
			}
		}
		add(n, fmt.Sprintf("Sadist (%d slain enemies)", n))
	}
	if c.EnemyWithin5 && r.has(f, "Brutal") {
		add(4, "Brutal")
	}
	if c.AlliesWithin5 > 0 && r.has(f, "Guard") {
		add(c.AlliesWithin5, fmt.Sprintf("Guard (%s)", words.Count(c.AlliesWithin5, "ally", "allies")))
	}
	if c.EnemiesWithin10 > 0 && r.has(f, "Masochist") {
		add(c.EnemiesWithin10, fmt.Sprintf("Masochist (%s)", words.Count(c.EnemiesWithin10, "enemy", "enemies")))
	}
	if c.NearQuarry && r.has(f, "Stalker") {
		add(6, "Stalker")
	}
	if c.Tempted {
		add(2, "Tempter")
	}
	if b.Twist == 6 {
		add(b.Round, fmt.Sprintf("Enraging Squall (round %d)", b.Round))
	}
	add(-c.Piles, fmt.Sprintf("Defecator piles (%d)", c.Piles))
	add(-c.Fools, fmt.Sprintf("Fool (%d)", c.Fools))
	add(-2*c.Gaunts, fmt.Sprintf("Gaunt (%d)", c.Gaunts))
	add(-c.Effigies, fmt.Sprintf("Effigy (%d)", c.Effigies))
	steps = []string{strings.Join(steps, " ") + fmt.Sprintf(" = %d", total)}
	if r.has(f, "Aberrant") {
		if total%2 == 0 {
			total /= 2
			steps = append(steps, fmt.Sprintf("Aberrant halves the even result to %d", total))
		} else {
			total *= 2
			steps = append(steps, fmt.Sprintf("Aberrant doubles the odd result to %d", total))
		}
	}
	if r.has(f, "Relictor") && f.Side != DeathbeastSide {
		if sl, st := b.morale(f.Side); st > 0 && 2*sl >= st {
			total *= 2
			steps = append(steps, fmt.Sprintf("Relictor doubles to %d (%d of %d slain)", total, sl, st))
		}
	}
	if roll.stunned && !r.has(f, "Automaton") {
		total /= 2
		steps = append(steps, fmt.Sprintf("Stunned halves to %d", total))
	}
	if total < 0 {
		total = 0
		steps = append(steps, "no fewer than 0")
	}
	roll.total, roll.steps = total, steps
}

// rout: once half or more of a gang's starting incarns are slain (those
// within 5 of an enemy Hollow counting as slain), an ACT-R of 1 or less is
// a rout (RULINGS, Activation): the incarn flees and counts as slain; an
// Icon keeps it. A Tempter's natural 1 slays it first (takeACs).
func (r *referee) rout(f *Figure, c ActFacts, roll actRoll) (bool, error) {
	if (c.Tempted && roll.natural == 1) || f.Side == DeathbeastSide {
		return false, nil
	}
	sl, st := r.Battle.morale(f.Side)
	sl += c.Hollow
	icon := c.Icon || f.HasItem("Icon") && !c.Imp
	if st == 0 || 2*sl < st || roll.total > 1 || icon {
		return false, nil
	}
	act := Activated{Figure: f.Key(), Natural: roll.natural, ACTR: roll.total, WasStunned: roll.stunned, Steps: roll.steps, Wasted: true}
	if err := r.Emit(TypeActivated, act); err != nil {
		return true, err
	}
	if err := r.Emit(TypeStatusChanged, StatusChanged{Figure: f.Key(), Status: StatusRouted, Why: fmt.Sprintf("routed: ACT-R %d with %d of %d starting incarns slain", roll.total, sl, st)}); err != nil {
		return true, err
	}
	r.D.Label("%s activates: %s; with %d of %d of the gang slain an ACT-R of %d is a rout: %s flees and counts as slain.%s", r.nm(f), strings.Join(roll.steps, ", "), sl, st, roll.total, r.nm(f), r.tail())
	return true, r.closeActivation()
}

// takeACs gives f the ACs of its ACT-R, and what the ACT-R does besides:
// a Tempter's natural 1 slays; a Flagellant's natural 1, an ACT-R of 1 or
// less near an Imp or of 10 or more near a Parasite stuns; the Cerebral
// Void wastes a natural 1; Fallow doubles the attack dice on an odd ACT-R
// and wastes an even one; an Occultist adds the ACs it saved. Then fire
// and the Mist strike (strikeFirst).
//
// Ruling: a stun the incarn carried into its activation wears off when it
// ends; one taken during it stays.
func (r *referee) takeACs(f *Figure, c ActFacts, roll actRoll) error {
	b := r.Battle
	act := Activated{Figure: f.Key(), Natural: roll.natural, ACTR: roll.total, WasStunned: roll.stunned, Steps: roll.steps}
	acs := roll.total
	var outcome []string
	slain := ""
	if c.Tempted && roll.natural == 1 {
		slain = "a natural 1 after taking the Tempter's +2"
	}
	stun := false
	if roll.natural == 1 && r.has(f, "Flagellant") {
		stun = true
		outcome = append(outcome, "the Flagellant's natural 1 stuns it")
	}
	if c.Imp && roll.total <= 1 {
		stun = true
		outcome = append(outcome, "an ACT-R of 1 or less near an Imp stuns it")
	}
	if c.Parasite && roll.total >= 10 {
		stun = true
		outcome = append(outcome, "an ACT-R of 10 or more near a Parasite stuns it")
	}
	if b.Twist == 5 && roll.natural == 1 {
		act.Wasted = true
		outcome = append(outcome, "Cerebral Void: a natural 1 does nothing")
	}
	if r.has(f, "Fallow") && !act.Wasted {
		if roll.total%2 == 1 {
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
	act.ACs = acs
	if err := r.Emit(TypeActivated, act); err != nil {
		return err
	}
	label := fmt.Sprintf("%s activates: %s: %s", r.nm(f), strings.Join(roll.steps, ", "), plural(acs, "AC"))
	if slain != "" {
		// seed line 555: the death is what the ACT-R does; the ACs count
		// only if it lives (Lastborn).
		label = fmt.Sprintf("%s activates: %s: a natural 1 with a Tempter's +2 taken slays it (Tempter)", r.nm(f), strings.Join(roll.steps, ", "))
		outcome = nil
	}
	if len(outcome) > 0 {
		label += "; " + strings.Join(outcome, "; ")
	}
	if !act.Wasted {
		label += r.tableReminders(f)
	}
	r.D.Label("%s.", label)
	if slain != "" {
		if err := r.slay(f, nil, slain, DefFacts{}); err != nil {
			return err
		}
		if f.InPlay() {
			r.note("it has %s", plural(acs, "AC"))
		}
	} else if stun {
		if err := r.stun(f, nil, "stunned by its own ACT-R"); err != nil {
			return err
		}
	}
	return r.strikeFirst(f, c.Mist)
}

// strike is a SP-A of no incarn's (a twist's, fire's) at f: a die of sides
// for purpose, noted as what says (f's name and the AD), and f's defence.
func (r *referee) strike(f *Figure, sides int, purpose, what string) error {
	ad, err := r.roll1(f.Side, sides, f.Name+" "+purpose)
	if err != nil {
		return err
	}
	r.note(what, r.nm(f), ad)
	return r.resolve(hit{ad: ad}, f, DefFacts{})
}

// tableReminders remind the table, in an activation's label, of what it
// does in the activation.
func (r *referee) tableReminders(f *Figure) string {
	var out string
	if r.Battle.Round == 1 && r.has(f, "Assassin") {
		out += "; Assassin: place it anywhere in play first"
	}
	if r.has(f, "Puppeteer") {
		out += "; once this activation it may move itself or an incarn within 10 anywhere within 10 (Puppeteer)"
	}
	if r.has(f, "Defecator") {
		out += "; it may drop a pile within 5 (Defecator)"
	}
	return out
}

// strikeFirst: fire (a SP-A D4) and the Flensing Mist (a SP-A D6, when the
// table says it caught the incarn) strike at the start of its activation,
// which ends if they take it out of play (endRemoved).
func (r *referee) strikeFirst(f *Figure, mist bool) error {
	if f.InPlay() && f.OnFire {
		if err := r.strike(f, 4, "fire SP-A", "the flames burn %s for %d"); err != nil {
			return err
		}
	}
	if f.InPlay() && mist {
		if err := r.strike(f, 6, "Mist SP-A", "the Flensing Mist flays %s for %d"); err != nil {
			return err
		}
	}
	r.flushNotes()
	return nil
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
		if err := r.spend(f, 3, "move", "the Shadow's jump"); err != nil {
			return err
		}
		r.actor = f.Side
		r.D.Label("%s spends 3 ACs and slips from base contact into base contact with another incarn (Shadow); %s left.", r.nm(f), plural(r.Battle.Current.ACs, "AC"))
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
	if err := r.spend(f, n, "move", "moving"); err != nil {
		return err
	}
	extra := ""
	if len(why) > 0 {
		extra = " (" + strings.Join(why, ", ") + ")"
	}
	r.actor = f.Side
	r.D.Label("%s moves up to %d cm for %s%s; %s left.", r.nm(f), per*n, plural(n, "AC"), extra, plural(r.Battle.Current.ACs, "AC"))
	// Reminders of what the table does with the move.
	if r.has(f, "Proximate") {
		r.Say("Allies within 5 move with it, keeping their places (Proximate).")
	}
	if r.has(f, "Wanderer") {
		r.Say("It may leave by an edge and come back at the opposite one, a corner at the diagonal one (Wanderer).")
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
	r.Say("%s %s", msg, r.whoseTurn())
	return nil
}

// endRemoved ends the activation in progress when the command took its
// incarn out of play: seed line 37, a slain incarn is removed from play,
// so one slain by the answer its own attack provoked (a Blademaster's, a
// Lastborn's, an Elemental's turned blow), by fire or the Mist as it
// activates, by a Tempter's natural 1 or by a death the table records can
// do nothing more, and the turn passes.
func (r *referee) endRemoved() error {
	b := r.Battle
	c := b.Current
	if c == nil || b.Ended {
		return nil
	}
	f := b.fig(c.Figure)
	if f == nil || f.InPlay() {
		return nil
	}
	if err := r.closeActivation(); err != nil {
		return err
	}
	r.Say("%s is out of play: its activation ends. %s", r.nm(f), r.whoseTurn())
	return nil
}

// whoseTurn says, once an activation has ended, who activates next: the
// incarn allowed to go again, the player whose turn it is, the Deathbeast,
// or no one: the round is over.
func (r *referee) whoseTurn() string {
	b := r.Battle
	switch {
	case b.Again != "":
		return fmt.Sprintf("%s may activate again at once.", r.nm(b.fig(b.Again)))
	case b.RoundOver && r.anyToActivate(DeathbeastSide):
		return "The round is over; the Deathbeast still activates at its end."
	case b.RoundOver:
		return "The round is over."
	case b.Next != "":
		return fmt.Sprintf("%s to activate.", b.Next)
	case r.anyToActivate(DeathbeastSide):
		return "The Deathbeast activates."
	}
	return "The round is over."
}

func (r *referee) closeActivation() error { return r.closeActivationWith(false, false) }

// closeActivationWith closes the activation: a stun carried in wears off, an
// Occultist keeps its ACs, a Strigoi that slew or a Narcissist rolling 5+
// may go again, and the turn passes. roundOver: an Enigma's roll ends the
// round with it. gone: its incarn leaves the gang it activated for (an
// Exhumer raised it), and keeps nothing of the activation.
//
// Dice order: the Narcissist's D6.
//
// Ruling: once the round is over (an Enigma's 5+) no incarn goes again,
// not even a Deathbeast that activates at its end.
func (r *referee) closeActivationWith(roundOver, gone bool) error {
	b := r.Battle
	c := b.Current
	if c == nil {
		return nil
	}
	f := b.fig(c.Figure)
	stays := f.InPlay() && !gone
	if c.StunnedAtStart && f.Status == StatusStunned && !gone {
		if err := r.Emit(TypeStatusChanged, StatusChanged{Figure: f.Key(), Status: StatusActive, Why: "the stun wears off at the end of its activation"}); err != nil {
			return err
		}
		r.note("%s is no longer stunned", r.nm(f))
	}
	saved := 0
	if r.has(f, "Occultist") && stays && c.ACs > 0 {
		saved = c.ACs
		r.note("%s saves %s (Occultist)", r.nm(f), plural(saved, "AC"))
	}
	again := ""
	if !roundOver && !b.RoundOver && stays {
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
	return r.Emit(TypeActivationEnded, ActivationEnded{Figure: f.Key(), Saved: saved, Next: next, Again: again, RoundOver: roundOver})
}
