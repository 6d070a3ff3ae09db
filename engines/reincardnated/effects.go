package reincardnated

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"warlog/engines"
	"warlog/internal/words"
)

// The Karma cards' effects (seed 002 lines 230-306), one method each: what
// the card emits and, in words for the label, what it did. Where the seed
// is silent, each method's doc says how the program rules.

// effect is what one Karma card does: how many arguments it takes and how
// it resolves.
type effect struct {
	min, max int
	do       func(*karmaPlay) (string, error)
}

// effects are the Karma cards by key, Death/Rebirth by its two ways.
var effects = map[string]effect{
	Anew:             {1, 1, (*karmaPlay).anew},
	Attain:           {2, 2, (*karmaPlay).attain},
	ChangeDestiny:    {2, 2, (*karmaPlay).changeDestiny},
	KarmaDeath:       {2, 2, (*karmaPlay).deathRebirth},
	KarmaRebirth:     {2, 2, (*karmaPlay).deathRebirth},
	DejaVu:           {1, 1, (*karmaPlay).dejaVu},
	Enlightened:      {0, 1, (*karmaPlay).enlightened},
	Epiphany:         {1, 1, (*karmaPlay).epiphany},
	LessonLearned:    {0, 0, (*karmaPlay).lessonLearned},
	Regress:          {1, 1, (*karmaPlay).regress},
	Replenish:        {1, 1, (*karmaPlay).replenish},
	SharedExperience: {1, 1, (*karmaPlay).sharedExperience},
	Substitute:       {2, 2, (*karmaPlay).substitute},
	Sympathy:         {1, 1, (*karmaPlay).sympathy},
	Synchronize:      {1, 1, (*karmaPlay).synchronize},
	Uncertainty:      {1, 1, (*karmaPlay).uncertainty},
	Uproot:           {0, 0, (*karmaPlay).uproot},
	VoidCard:         {2, 2, (*karmaPlay).void},
	Volition:         {2, 2, (*karmaPlay).volition},
}

// karmaPlay is a Karma card being played: who plays it, its arguments (as
// many as its effect takes), and the fact that records the play, whose
// target the effect fills in.
type karmaPlay struct {
	s      *State
	d      *engines.Decision
	g      *Game
	p      *Player
	key    string
	args   []string
	info   CardInfo          // a Being the card brings in, if new
	choose map[string]string // Synchronize's picks
	fact   *KarmaPlayed
}

// opponent is a player the card targets other than the one playing it.
func (k *karmaPlay) opponent(name string) (*Player, error) {
	o, err := findPlayer(k.g, name)
	if err != nil {
		return nil, err
	}
	if o == k.p {
		return nil, engines.Refuse("Karma", "%s targets an opponent, not %s", karmaName(k.key), k.p.Name)
	}
	return o, nil
}

// anew discards 1 or 2 Karma and draws as many. Ruling: the card itself does
// not count among those discarded.
func (k *karmaPlay) anew() (string, error) {
	n, err := strconv.Atoi(k.args[0])
	if err != nil || n < 1 || n > 2 {
		return "", engines.Refuse("Karma", "Anew discards 1 or 2 Karma, not %q", k.args[0])
	}
	if k.p.Hand-1 < n {
		return "", engines.Refuse("Karma", "%s holds %s besides Anew; Anew cannot discard %d", k.p.Name, plural(k.p.Hand-1, "other Karma", "other Karma"), n)
	}
	k.d.Emit(TypeKarmaDiscarded, KarmaDiscarded{Player: k.p.Name, Count: n, Why: "Anew"})
	got := drawKarma(k.d, k.g, k.p, n, "Anew")
	return fmt.Sprintf("discards %d and draws %d", n, got), nil
}

// attain forces an opponent to become a Being of the pool: no Karma, no
// ability.
func (k *karmaPlay) attain() (string, error) {
	o, err := k.opponent(k.args[0])
	if err != nil {
		return "", err
	}
	card, err := k.s.resolveCard(k.d, k.args[1], k.info)
	if err != nil {
		return "", err
	}
	k.fact.Target = o.Name
	if err := enterFromPool(k.d, k.g, o, card, "attained"); err != nil {
		return "", err
	}
	return fmt.Sprintf("%s must become %s from the pool (no Karma, no ability)", o.Name, describe(card)), nil
}

// changeDestiny lays the card on a player: a type scores the value given.
// Ruling: it may be laid on the player who plays it; TYPE may also be
// "death" (the Death score); it stays in the player's area (not discarded)
// unless Lesson Learned stops it.
func (k *karmaPlay) changeDestiny() (string, error) {
	o, err := findPlayer(k.g, k.args[0])
	if err != nil {
		return "", err
	}
	ty, v, err := parseTypeValue(k.args[1], true)
	if err != nil {
		return "", err
	}
	k.fact.Target = o.Name
	under := ""
	if n := len(o.Destiny); n > 0 {
		under = fmt.Sprintf(" on top of %s card (%s)", words.Possessive(o.Destiny[n-1].By), destinyText(o.Destiny[n-1]))
	}
	card := Destiny{By: k.p.Name, Type: ty, Value: v}
	k.d.Emit(TypeDestinyChanged, DestinyChanged{Player: o.Name, Card: card})
	return fmt.Sprintf("laid on %s%s: %s", o.Name, under, destinyText(card)), nil
}

// target is a Being of any player's Lifeline the card names: the player
// and its index.
func (k *karmaPlay) target(player, being string) (*Player, int, error) {
	o, err := findPlayer(k.g, player)
	if err != nil {
		return nil, -1, err
	}
	i, err := findBeing(o, being)
	return o, i, err
}

// deathRebirth kills a living Being of any Lifeline (death) or brings a
// dead one back (rebirth).
func (k *karmaPlay) deathRebirth() (string, error) {
	o, i, err := k.target(k.args[0], k.args[1])
	if err != nil {
		return "", err
	}
	reborn := k.key == KarmaRebirth
	k.fact.Target, k.fact.Being = o.Name, o.Lifeline[i].Name
	if err := lifeOf(k.d, o, i, reborn, k.p.Name+"'s Karma", false); err != nil {
		return "", err
	}
	what := "killed"
	if reborn {
		what = "brought back to life"
	}
	return fmt.Sprintf("%s %s is %s; %s active Being is %s", words.Possessive(o.Name), k.fact.Being, what, words.Possessive(o.Name), activeText(o)), nil
}

// dejaVu takes a Being of the pool of the active Being's type. Ruling: it
// becomes active and draws no Karma (gaining by Karma is not incarnating,
// line 93); its ability triggers.
func (k *karmaPlay) dejaVu() (string, error) {
	card, err := k.s.resolveCard(k.d, k.args[0], k.info)
	if err != nil {
		return "", err
	}
	if act, _ := k.p.Active(); card.Type != act.Type {
		return "", engines.Refuse("Karma", "Deja Vu takes a Being of the active Being's type: %s %s is %s, %s is %s",
			words.Possessive(k.p.Name), act.Name, words.A(act.Type), card.Name, words.A(card.Type))
	}
	return k.fromPool(card)
}

// epiphany takes any Being of the pool, whatever its type; as Deja Vu.
func (k *karmaPlay) epiphany() (string, error) {
	card, err := k.s.resolveCard(k.d, k.args[0], k.info)
	if err != nil {
		return "", err
	}
	return k.fromPool(card)
}

// fromPool is a Being of the pool made active by the card.
func (k *karmaPlay) fromPool(card Card) (string, error) {
	if err := enterFromPool(k.d, k.g, k.p, card, k.key); err != nil {
		return "", err
	}
	return fmt.Sprintf("%s from the pool is now active, no Karma drawn; its ability triggers", describe(card)), nil
}

// uncertainty makes the top Being of the deck the active Being; its ability
// triggers, no Karma is drawn. Ruling: the player names the Being once it
// is drawn; an empty deck is remade from the hidden Beings first.
func (k *karmaPlay) uncertainty() (string, error) {
	card, err := k.s.resolveCard(k.d, k.args[0], k.info)
	if err != nil {
		return "", err
	}
	if err := checkFree(k.g, card.Name); err != nil {
		return "", err
	}
	pc := k.g.poolChange("Uncertainty")
	if pc.Deck == 0 {
		pc.Deck, pc.Hidden, pc.Covered = pc.Hidden, 0, nil
	}
	if pc.Deck == 0 {
		return "", engines.Refuse("Karma", "the Beings deck is empty; Uncertainty has nothing to draw")
	}
	pc.Deck--
	k.d.Emit(TypePoolChanged, pc)
	k.d.Emit(TypeBeingEntered, BeingEntered{Player: k.p.Name, Being: Being{Name: card.Name, Type: card.Type}, How: k.key})
	return fmt.Sprintf("%s comes from the top of the Beings deck and is now active; its ability triggers", describe(card)), nil
}

// enlightened looks at one Life Purpose. Ruling: recorded only; the program
// keeps no hidden information.
func (k *karmaPlay) enlightened() (string, error) {
	o := k.p
	if len(k.args) == 1 {
		var err error
		if o, err = findPlayer(k.g, k.args[0]); err != nil {
			return "", err
		}
	}
	k.fact.Target = o.Name
	k.d.Emit(TypePurposeSeen, PurposeSeen{Player: k.p.Name, Target: o.Name})
	if o == k.p {
		return "looks at their own Life Purpose", nil
	}
	return fmt.Sprintf("looks at %s Life Purpose", words.Possessive(o.Name)), nil
}

// lessonLearned stops a Karma played against the one who answers. Ruling:
// it answers the most recent Karma of the turn, before anything else is
// done, when that was a Change Destiny, Void or Death/Rebirth played by the
// player whose turn it is against the one who answers; its effect is taken
// back and both cards are discarded.
func (k *karmaPlay) lessonLearned() (string, error) {
	g, p := k.g, k.p
	lk := g.LastKarma
	if lk == nil || lk.Player != g.current().Name || !slices.Contains([]string{ChangeDestiny, VoidCard, KarmaDeath, KarmaRebirth}, lk.Card) {
		return "", engines.Refuse("Karma", "Lesson Learned answers a Change Destiny, Void or Death/Rebirth just played by %s, before anything else happens; there is none to stop", g.current().Name)
	}
	if !strings.EqualFold(lk.Target, p.Name) {
		return "", engines.Refuse("Karma", "%s %s was played against %s, not against %s", words.Possessive(lk.Player), karmaName(lk.Card), lk.Target, p.Name)
	}
	k.fact.Target = lk.Player
	switch lk.Card {
	case ChangeDestiny:
		k.d.Emit(TypeDestinyRemoved, DestinyRemoved{Player: p.Name})
	case KarmaDeath, KarmaRebirth:
		i := p.index(lk.Being)
		if i < 0 {
			return "", engines.Refuse("Karma", "%s is no longer in %s Lifeline", lk.Being, words.Possessive(p.Name))
		}
		undo := BeingKilled{Player: p.Name, Being: p.Lifeline[i].Name, By: "Lesson Learned", Undo: true}
		if lk.Card == KarmaRebirth {
			k.d.Emit(TypeBeingKilled, undo)
		} else {
			k.d.Emit(TypeBeingReborn, BeingReborn(undo))
		}
	case VoidCard:
		card, _ := k.s.Beings.Get(strings.ToLower(lk.Being))
		pc := g.poolChange("Lesson Learned")
		pc.Known = withoutName(pc.Known, lk.Being)
		if pc.Hidden > 0 {
			pc.Hidden--
			pc.Covered = nil
		} else {
			pc.Visible--
		}
		k.d.Emit(TypePoolChanged, pc)
		k.d.Emit(TypeBeingReturned, BeingReturned{Player: p.Name, Being: Being{Name: lk.Being, Type: card.Type, Dead: lk.Dead}, Index: lk.Index})
	}
	return fmt.Sprintf("stops %s %s: it has no effect", words.Possessive(lk.Player), karmaName(lk.Card)), nil
}

// regress makes an earlier Being of the player's Lifeline active. Ruling:
// it must be living and not already active.
func (k *karmaPlay) regress() (string, error) {
	if err := makeActive(k.d, k.p, k.args[0], "Regress"); err != nil {
		return "", err
	}
	a, _ := k.p.Active()
	k.fact.Being = a.Name
	return fmt.Sprintf("%s is now the active Being (moved rightmost, no ability)", activeText(k.p)), nil
}

// replenish lays 3 or 8 new Beings from the deck on the pool. Ruling: new
// Beings fill empty spots first; Replenish 8 covers every spot, so no Being
// is known face up any more.
func (k *karmaPlay) replenish() (string, error) {
	n, err := strconv.Atoi(k.args[0])
	if err != nil || (n != 3 && n != 8) {
		return "", engines.Refuse("Karma", "Replenish lays 3 or 8 new Beings, not %q", k.args[0])
	}
	pc := k.g.poolChange("Replenish")
	laid, reshuffled := 0, false
	for i := 0; i < n; i++ {
		if pc.Deck == 0 {
			if pc.Hidden == 0 {
				break
			}
			pc.Deck, pc.Hidden, pc.Covered, reshuffled = pc.Hidden, 0, nil, true
		}
		pc.Deck--
		laid++
		if pc.Visible < PoolSize {
			pc.Visible++
		} else {
			pc.Hidden++
		}
	}
	if laid == 0 {
		return "", engines.Refuse("Karma", "the Beings deck and the hidden Beings are all gone; Replenish has nothing to lay")
	}
	if n == PoolSize {
		// Every Being known face up is now covered (seed 002 line 274).
		pc.Covered = append(pc.Covered, pc.Known...)
		pc.Known = nil
	}
	k.d.Emit(TypePoolChanged, pc)
	did := fmt.Sprintf("lays %d new Beings on the pool (deck %d, %d hidden)", laid, pc.Deck, pc.Hidden)
	if reshuffled {
		did += "; the deck ran out and the hidden Beings were shuffled into it"
	}
	return did, nil
}

// sharedExperience: with fewer Karma than the opponent the player draws 2
// and the opponent 1; otherwise 1 each. Ruling: hands are compared after
// the card has left the player's hand.
func (k *karmaPlay) sharedExperience() (string, error) {
	o, err := k.opponent(k.args[0])
	if err != nil {
		return "", err
	}
	k.fact.Target = o.Name
	mine, theirs := k.p.Hand-1, o.Hand
	me := 1
	if mine < theirs {
		me = 2
	}
	got := drawKarma(k.d, k.g, k.p, me, "Shared Experience")
	got2 := drawKarma(k.d, k.g, o, 1, "Shared Experience")
	return fmt.Sprintf("%s held %d against %s %d: %s draws %d, %s draws %d", k.p.Name, mine, words.Possessive(o.Name), theirs, k.p.Name, got, o.Name, got2), nil
}

// substitute swaps a Being of the player's Lifeline for one of the pool,
// in the same spot; no ability. Ruling: the new Being takes the spot alive;
// the old one, dead or alive, lies face up in the pool.
func (k *karmaPlay) substitute() (string, error) {
	i, err := findBeing(k.p, k.args[0])
	if err != nil {
		return "", err
	}
	old := k.p.Lifeline[i]
	card, err := k.s.resolveCard(k.d, k.args[1], k.info)
	if err != nil {
		return "", err
	}
	if err := checkFree(k.g, card.Name); err != nil {
		return "", err
	}
	if err := checkVisible(k.g, card.Name); err != nil {
		return "", err
	}
	pc := k.g.poolChange("Substitute")
	pc.Known = append(withoutName(pc.Known, card.Name), old.Name)
	k.d.Emit(TypePoolChanged, pc)
	k.d.Emit(TypeBeingSwapped, BeingSwapped{Player: k.p.Name, Old: old.Name, New: Being{Name: card.Name, Type: card.Type}})
	k.fact.Being = old.Name
	return fmt.Sprintf("%s takes the spot of %s (%s), which goes to the pool; no ability", describe(card), old.Name, old.Type), nil
}

// sympathy does to one of the player's Beings what was just done to an
// opponent's. Ruling: it answers the latest kill or rebirth of another
// player's Being in the current turn (by Karma or ability); each player may
// answer it.
func (k *karmaPlay) sympathy() (string, error) {
	ll := k.g.LastLife
	if ll == nil || strings.EqualFold(ll.Player, k.p.Name) {
		return "", engines.Refuse("Karma", "Sympathy answers an opponent's Being killed or brought back this turn; none was")
	}
	i, err := findBeing(k.p, k.args[0])
	if err != nil {
		return "", err
	}
	k.fact.Target, k.fact.Being = ll.Player, k.p.Lifeline[i].Name
	if err := lifeOf(k.d, k.p, i, ll.Reborn, "Sympathy", false); err != nil {
		return "", err
	}
	what := "kills"
	if ll.Reborn {
		what = "brings back"
	}
	return fmt.Sprintf("after %s %s, %s %s their own %s", words.Possessive(ll.Player), ll.Being, k.p.Name, what, k.fact.Being), nil
}

// synchronize makes every player's living Being of a type active, the
// player who plays it included. Ruling: a player whose active Being already
// is of the type keeps it; a player with several living Beings of the type
// makes the rightmost one active unless the play chooses another; the
// Starter never moves.
func (k *karmaPlay) synchronize() (string, error) {
	ty, ok := normType(k.args[0])
	if !ok {
		return "", typeRefusal("Synchronize's type", k.args[0])
	}
	picks := map[*Player]string{}
	for name, being := range k.choose {
		o, err := findPlayer(k.g, name)
		if err != nil {
			return "", err
		}
		i, err := findBeing(o, being)
		if err != nil {
			return "", err
		}
		b := o.Lifeline[i]
		if b.Dead || b.Type != ty {
			return "", engines.Refuse("Karma", "Synchronize to %s: %s %s is not a living %s", ty, words.Possessive(o.Name), b.Name, ty)
		}
		picks[o] = b.Name
	}
	var moved []string
	for _, o := range k.g.Players {
		act, _ := o.Active()
		pick, chosen := picks[o]
		if !chosen {
			if act.Type == ty {
				continue
			}
			pick = rightmostLiving(o, ty)
		}
		if pick == "" || strings.EqualFold(pick, act.Name) {
			continue
		}
		k.d.Emit(TypeBeingMoved, BeingMoved{Player: o.Name, Being: pick, By: "Synchronize"})
		moved = append(moved, fmt.Sprintf("%s makes %s active", o.Name, pick))
	}
	if len(moved) == 0 {
		return fmt.Sprintf("everyone is called to %s; nobody's active Being changes", ty), nil
	}
	return fmt.Sprintf("everyone is called to %s: %s", ty, strings.Join(moved, ", ")), nil
}

// rightmostLiving names p's rightmost living Being of type ty; "" if none.
func rightmostLiving(p *Player, ty string) string {
	for i := len(p.Lifeline) - 1; i >= 0; i-- {
		if b := p.Lifeline[i]; !b.Dead && b.Type == ty {
			return b.Name
		}
	}
	return ""
}

// uproot shuffles the whole pool back into the deck and lays out 8 new
// Beings.
func (k *karmaPlay) uproot() (string, error) {
	pc := k.g.poolChange("Uproot")
	all := pc.Deck + pc.Visible + pc.Hidden
	pc.Visible = min(PoolSize, all)
	pc.Deck, pc.Hidden, pc.Known, pc.Covered = all-pc.Visible, 0, nil, nil
	k.d.Emit(TypePoolChanged, pc)
	return fmt.Sprintf("the pool goes back into the deck and %d new Beings are laid out (deck %d)", pc.Visible, pc.Deck), nil
}

// void puts a Being of any Lifeline, living or dead, back into the pool.
func (k *karmaPlay) void() (string, error) {
	o, i, err := k.target(k.args[0], k.args[1])
	if err != nil {
		return "", err
	}
	b := o.Lifeline[i]
	k.fact.Target, k.fact.Being, k.fact.Index, k.fact.Dead = o.Name, b.Name, i, b.Dead
	k.d.Emit(TypeBeingVoided, BeingVoided{Player: o.Name, Being: b.Name, By: k.p.Name + "'s Void"})
	toPool(k.d, k.g, b.Name, "Void")
	return fmt.Sprintf("%s %s (%s) goes back to the pool; %s active Being is %s", words.Possessive(o.Name), b.Name, b.Type, words.Possessive(o.Name), activeText(o)), nil
}

// volition makes a Being of an opponent's Lifeline their active Being.
// Ruling: it must be living and not already active.
func (k *karmaPlay) volition() (string, error) {
	o, err := k.opponent(k.args[0])
	if err != nil {
		return "", err
	}
	k.fact.Target = o.Name
	if err := makeActive(k.d, o, k.args[1], k.p.Name+"'s Volition"); err != nil {
		return "", err
	}
	a, _ := o.Active()
	k.fact.Being = a.Name
	return fmt.Sprintf("%s active Being is now %s", words.Possessive(o.Name), activeText(o)), nil
}
