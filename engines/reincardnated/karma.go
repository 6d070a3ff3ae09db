package reincardnated

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"warlog/engines"
)

// Karma card keys as the log records them. Death/Rebirth is one card
// played one of two ways; the log records the way.
const (
	Anew             = "anew"
	Attain           = "attain"
	ChangeDestiny    = "change-destiny"
	DeathRebirth     = "death-rebirth" // the card; played as KarmaDeath or KarmaRebirth
	KarmaDeath       = "death"
	KarmaRebirth     = "rebirth"
	DejaVu           = "deja-vu"
	Enlightened      = "enlightened"
	Epiphany         = "epiphany"
	LessonLearned    = "lesson-learned"
	Regress          = "regress"
	Replenish        = "replenish"
	SharedExperience = "shared-experience"
	Substitute       = "substitute"
	Sympathy         = "sympathy"
	Synchronize      = "synchronize"
	Uncertainty      = "uncertainty"
	Uproot           = "uproot"
	VoidCard         = "void"
	Volition         = "volition"
)

// Karma is one of the 18 Karma cards, summarized in our words.
type Karma struct {
	Key     string
	Name    string
	Args    string
	Summary string
}

// Karmas are the 18 Karma cards of seed 002 (lines 230-306). Death/Rebirth
// is listed once and played as `death` or `rebirth`.
var Karmas = []Karma{
	{Anew, "Anew", "N", "discard 1 or 2 other Karma, then draw as many"},
	{Attain, "Attain", "OPPONENT BEING", "an opponent takes a Being of the pool as active; no Karma, no ability"},
	{ChangeDestiny, "Change Destiny", "PLAYER TYPE=N", "lay on any player: that type scores N for them at the end (TYPE may be death); the newest card on top counts"},
	{DeathRebirth, "Death/Rebirth", "PLAYER BEING", "kill a living Being, or bring a dead one back"},
	{DejaVu, "Deja Vu", "BEING", "take a Being of the pool of your active Being's type as active; its ability triggers"},
	{Enlightened, "Enlightened", "[PLAYER]", "look at one Life Purpose, yours or another's"},
	{Epiphany, "Epiphany", "BEING", "take any Being of the pool as active, whatever its type; no Karma, ability triggers"},
	{LessonLearned, "Lesson Learned", "", "on another's turn: stop the Change Destiny, Void or Death/Rebirth just played against you"},
	{Regress, "Regress", "BEING", "make an earlier living Being of your Lifeline active (it moves rightmost)"},
	{Replenish, "Replenish", "3|8", "lay 3 or 8 new Beings from the deck on the pool"},
	{SharedExperience, "Shared Experience", "OPPONENT", "with fewer Karma than the opponent you draw 2 and they draw 1; otherwise 1 each"},
	{Substitute, "Substitute", "MINE BEING", "second action only: a Being of the pool takes the spot of one of yours, which goes to the pool; no ability"},
	{Sympathy, "Sympathy", "BEING", "on another's turn, after an opponent's Being is killed or reborn: do the same to one of yours"},
	{Synchronize, "Synchronize", "TYPE", "every player makes a living Being of that type active, if they have one"},
	{Uncertainty, "Uncertainty", "BEING", "the top Being of the deck becomes your active Being; ability triggers"},
	{Uproot, "Uproot", "", "the whole pool goes back into the deck and 8 new Beings are laid out"},
	{VoidCard, "Void", "PLAYER BEING", "a Being of any Lifeline, living or dead, goes back to the pool"},
	{Volition, "Volition", "OPPONENT BEING", "make a living Being of an opponent's Lifeline their active Being"},
}

// Usage is how the card is played: `rc play PLAYER` then this.
func (k Karma) Usage() string {
	if k.Key == DeathRebirth {
		return "death|rebirth " + k.Args
	}
	return strings.TrimSpace(k.Key + " " + k.Args)
}

// KarmaKeys are the names `rc play` takes, Death/Rebirth as its two ways.
func KarmaKeys() []string {
	var keys []string
	for _, k := range Karmas {
		if k.Key == DeathRebirth {
			keys = append(keys, KarmaDeath, KarmaRebirth)
			continue
		}
		keys = append(keys, k.Key)
	}
	return keys
}

// karmaName is a card key for people.
func karmaName(key string) string {
	switch key {
	case KarmaDeath:
		return "Death (Death/Rebirth)"
	case KarmaRebirth:
		return "Rebirth (Death/Rebirth)"
	}
	for _, k := range Karmas {
		if k.Key == key {
			return k.Name
		}
	}
	return key
}

// FindKarma reads a Karma card name (any case, spaces or hyphens, a unique
// prefix) and returns its key; death-rebirth needs its way (death or rebirth).
func FindKarma(name string) (string, error) {
	n := strings.ToLower(strings.TrimSpace(name))
	n = strings.NewReplacer(" ", "-", "_", "-", "'", "", "é", "e").Replace(n)
	keys := KarmaKeys()
	if n == DeathRebirth || n == "death/rebirth" {
		return "", engines.Refuse("Karma", "Death/Rebirth is played as `death PLAYER BEING` or `rebirth PLAYER BEING`")
	}
	var hits []string
	for _, k := range keys {
		if k == n {
			return k, nil
		}
		if n != "" && strings.HasPrefix(k, n) {
			hits = append(hits, k)
		}
	}
	if len(hits) == 1 {
		return hits[0], nil
	}
	sort.Strings(keys)
	if len(hits) > 1 {
		return "", engines.Refuse("Karma", "%q could be %s; give more of the card's name", name, strings.Join(hits, ", "))
	}
	return "", engines.Refuse("Karma", "no Karma card %q; the cards are %s", name, strings.Join(keys, ", "))
}

// karmaArgs checks the count of a card's arguments.
func karmaArgs(key string, args []string, min, max int, usage string) error {
	if len(args) < min || len(args) > max {
		return engines.Refuse("Karma", "%s is played as `play PLAYER %s %s`; %d argument(s) given", karmaName(key), key, usage, len(args))
	}
	return nil
}

// play is a Karma card from a player's hand (seed 002 lines 77-103, 230-306).
//
// Ruling: Lesson Learned and Sympathy are played by a player whose turn it
// is not and use no action. Every other card is played by the player whose
// turn it is and uses the next action; Substitute is always the second
// action (a first action left unused is skipped). --extra is a play an
// ability allows after the two actions.
func (t *tx) play(c Play) error {
	g, p, err := t.who(c.Player, true)
	if err != nil {
		return err
	}
	key, err := FindKarma(c.Karma)
	if err != nil {
		return err
	}
	kp := KarmaPlayed{Player: p.Name, Card: key, Extra: c.Extra}
	reaction := key == LessonLearned || key == Sympathy
	switch {
	case reaction:
		if g.current() == p {
			return engines.Refuse("Karma", "%s is played on another player's turn, and it is %s's own turn", karmaName(key), p.Name)
		}
		if c.Extra {
			return engines.Refuse("Karma", "%s uses no action; drop --extra", karmaName(key))
		}
	default:
		if err := myTurn(g, p, "Karma other than Lesson Learned and Sympathy is played"); err != nil {
			return err
		}
		switch {
		case c.Extra && g.Actions < 2:
			return engines.Refuse("Actions", "%s still has the turn's action %d; play it without --extra", p.Name, g.Actions+1)
		case c.Extra && key == Substitute:
			return engines.Refuse("Actions", "Substitute must be the turn's second action, not an extra play")
		case c.Extra:
		case g.Actions >= 2:
			why := "played two Karma"
			if g.Incarn {
				why = "incarnated"
			}
			return engines.Refuse("Actions", "%s has %s: both actions of the turn are used; a Karma an ability allows takes --extra, else `warlog rc end-turn`", p.Name, why)
		case key == Substitute:
			kp.Action = 2
		default:
			kp.Action = g.Actions + 1
		}
	}
	if p.Hand < 1 {
		return engines.Refuse("Karma", "%s holds no Karma card", p.Name)
	}
	fx, err := t.karmaEffect(g, p, key, c, &kp)
	if err != nil {
		return err
	}
	t.emit(TypeKarmaPlayed, kp)
	action := ""
	switch {
	case kp.Extra:
		action = " (an extra play)"
	case kp.Action > 0:
		action = fmt.Sprintf(" as action %d", kp.Action)
	}
	t.d.Label("%s plays %s%s: %s; hand %d.", p.Name, karmaName(key), action, fx, p.Hand)
	return nil
}

// karmaEffect emits what the card does and returns it as words.
//
// Ruling, card by card where the seed is silent:
//   - Anew: the card itself does not count among the 1 or 2 discarded.
//   - Change Destiny: may be laid on the player who plays it; TYPE may also
//     be "death" (the Death score); it stays in the player's area (not
//     discarded) unless Lesson Learned stops it.
//   - Deja Vu, Epiphany, Uncertainty: the Being becomes active and draws no
//     Karma (gaining by Karma is not incarnating, line 93). Uncertainty's
//     Being is named by the player once drawn; an empty deck is remade from
//     the hidden Beings first.
//   - Lesson Learned: answers the most recent Karma of the turn, before
//     anything else is done, when it was a Change Destiny, Void or
//     Death/Rebirth played by the player whose turn it is against the one
//     who answers; its effect is taken back and both cards are discarded.
//   - Regress, Volition: the Being chosen must be living and not already
//     active.
//   - Replenish: new Beings fill empty spots first; Replenish 8 covers every
//     spot, so no Being is known face up any more.
//   - Shared Experience: hands are compared after the card has left the
//     player's hand.
//   - Substitute: the new Being takes the spot alive; the old one, dead or
//     alive, lies face up in the pool.
//   - Sympathy: answers the latest kill or rebirth of another player's Being
//     in the current turn (by Karma or ability); each player may answer it.
//   - Enlightened: recorded; the program keeps no hidden information.
func (t *tx) karmaEffect(g *Game, p *Player, key string, c Play, kp *KarmaPlayed) (string, error) {
	args := c.Args
	opponent := func(name string) (*Player, error) {
		o, err := findPlayer(g, name)
		if err != nil {
			return nil, err
		}
		if o == p {
			return nil, engines.Refuse("Karma", "%s targets an opponent, not %s", karmaName(key), p.Name)
		}
		return o, nil
	}
	switch key {
	case Anew:
		if err := karmaArgs(key, args, 1, 1, "1|2"); err != nil {
			return "", err
		}
		n, err := strconv.Atoi(args[0])
		if err != nil || n < 1 || n > 2 {
			return "", engines.Refuse("Karma", "Anew discards 1 or 2 Karma, not %q", args[0])
		}
		if p.Hand-1 < n {
			return "", engines.Refuse("Karma", "%s holds %s besides Anew; Anew cannot discard %d", p.Name, plural(p.Hand-1, "other Karma", "other Karma"), n)
		}
		t.emit(TypeKarmaDiscarded, KarmaDiscarded{Player: p.Name, Count: n, Why: "Anew"})
		got := t.drawKarma(g, p, n, "Anew")
		return fmt.Sprintf("discards %d and draws %d", n, got), nil

	case Attain:
		if err := karmaArgs(key, args, 2, 2, "OPPONENT BEING"); err != nil {
			return "", err
		}
		o, err := opponent(args[0])
		if err != nil {
			return "", err
		}
		card, err := t.resolveCard(args[1], c.CardInfo)
		if err != nil {
			return "", err
		}
		kp.Target = o.Name
		if err := t.enterFromPool(g, o, card, "attained"); err != nil {
			return "", err
		}
		return fmt.Sprintf("%s must become %s from the pool (no Karma, no ability)", o.Name, describe(card)), nil

	case ChangeDestiny:
		if err := karmaArgs(key, args, 2, 2, "PLAYER TYPE=N"); err != nil {
			return "", err
		}
		o, err := findPlayer(g, args[0])
		if err != nil {
			return "", err
		}
		ty, v, err := parseTypeValue(args[1], true)
		if err != nil {
			return "", err
		}
		kp.Target = o.Name
		under := ""
		if n := len(o.Destiny); n > 0 {
			under = fmt.Sprintf(" on top of %s's card (%s)", o.Destiny[n-1].By, destinyText(o.Destiny[n-1]))
		}
		d := Destiny{By: p.Name, Type: ty, Value: v}
		t.emit(TypeDestinyChanged, DestinyChanged{Player: o.Name, Card: d})
		return fmt.Sprintf("laid on %s%s: %s", o.Name, under, destinyText(d)), nil

	case KarmaDeath, KarmaRebirth:
		if err := karmaArgs(key, args, 2, 2, "PLAYER BEING"); err != nil {
			return "", err
		}
		o, err := findPlayer(g, args[0])
		if err != nil {
			return "", err
		}
		i, err := findBeing(o, args[1])
		if err != nil {
			return "", err
		}
		kp.Target, kp.Being = o.Name, o.Lifeline[i].Name
		if err := t.lifeOf(g, o, i, key == KarmaRebirth, p.Name+"'s Karma", false); err != nil {
			return "", err
		}
		what := "killed"
		if key == KarmaRebirth {
			what = "brought back to life"
		}
		return fmt.Sprintf("%s's %s is %s; %s's active Being is %s", o.Name, kp.Being, what, o.Name, activeText(o)), nil

	case DejaVu, Epiphany, Uncertainty:
		if err := karmaArgs(key, args, 1, 1, "BEING"); err != nil {
			return "", err
		}
		card, err := t.resolveCard(args[0], c.CardInfo)
		if err != nil {
			return "", err
		}
		if key == DejaVu {
			if act, _ := p.Active(); card.Type != act.Type {
				return "", engines.Refuse("Karma", "Deja Vu takes a Being of the active Being's type: %s's %s is a %s, %s is a %s",
					p.Name, act.Name, act.Type, card.Name, card.Type)
			}
		}
		if key == Uncertainty {
			if err := checkFree(g, card.Name); err != nil {
				return "", err
			}
			deck, hidden := g.Deck, g.Hidden
			if deck == 0 {
				deck, hidden = hidden, 0
			}
			if deck == 0 {
				return "", engines.Refuse("Karma", "the Beings deck is empty; Uncertainty has nothing to draw")
			}
			t.emit(TypePoolChanged, PoolChanged{Why: "Uncertainty", Deck: deck - 1, Hidden: hidden, Visible: g.Visible, Known: slices.Clone(g.Known), KarmaDeck: -1, Discard: -1})
			t.emit(TypeBeingEntered, BeingEntered{Player: p.Name, Being: Being{Name: card.Name, Type: card.Type}, How: key})
			return fmt.Sprintf("%s comes from the top of the Beings deck and is now active; its ability triggers", describe(card)), nil
		}
		if err := t.enterFromPool(g, p, card, key); err != nil {
			return "", err
		}
		return fmt.Sprintf("%s from the pool is now active, no Karma drawn; its ability triggers", describe(card)), nil

	case Enlightened:
		if err := karmaArgs(key, args, 0, 1, "[PLAYER]"); err != nil {
			return "", err
		}
		o := p
		if len(args) == 1 {
			var err error
			if o, err = findPlayer(g, args[0]); err != nil {
				return "", err
			}
		}
		kp.Target = o.Name
		t.emit(TypePurposeSeen, PurposeSeen{Player: p.Name, Target: o.Name})
		if o == p {
			return "looks at their own Life Purpose", nil
		}
		return fmt.Sprintf("looks at %s's Life Purpose", o.Name), nil

	case LessonLearned:
		if err := karmaArgs(key, args, 0, 0, ""); err != nil {
			return "", err
		}
		lk := g.lastKarma
		if lk == nil || lk.Player != g.current().Name || !slices.Contains([]string{ChangeDestiny, VoidCard, KarmaDeath, KarmaRebirth}, lk.Card) {
			return "", engines.Refuse("Karma", "Lesson Learned answers a Change Destiny, Void or Death/Rebirth just played by %s, before anything else happens; there is none to stop", g.current().Name)
		}
		if !strings.EqualFold(lk.Target, p.Name) {
			return "", engines.Refuse("Karma", "%s's %s was played against %s, not against %s", lk.Player, karmaName(lk.Card), lk.Target, p.Name)
		}
		kp.Target = lk.Player
		switch lk.Card {
		case ChangeDestiny:
			t.emit(TypeDestinyRemoved, DestinyRemoved{Player: p.Name})
		case KarmaDeath, KarmaRebirth:
			i := p.index(lk.Being)
			if i < 0 {
				return "", engines.Refuse("Karma", "%s is no longer in %s's Lifeline", lk.Being, p.Name)
			}
			typ := TypeBeingReborn
			if lk.Card == KarmaRebirth {
				typ = TypeBeingKilled
			}
			t.emit(typ, BeingLife{Player: p.Name, Being: p.Lifeline[i].Name, By: "Lesson Learned", Undo: true})
		case VoidCard:
			card, _ := t.s.cards[strings.ToLower(lk.Being)]
			known := slices.DeleteFunc(slices.Clone(g.Known), func(k string) bool { return strings.EqualFold(k, lk.Being) })
			hidden, visible := g.Hidden, g.Visible
			if hidden > 0 {
				hidden--
			} else {
				visible--
			}
			t.emit(TypePoolChanged, PoolChanged{Why: "Lesson Learned", Deck: g.Deck, Hidden: hidden, Visible: visible, Known: known, KarmaDeck: -1, Discard: -1})
			t.emit(TypeBeingReturned, BeingReturned{Player: p.Name, Being: Being{Name: lk.Being, Type: card.Type, Dead: lk.Dead}, Index: lk.Index})
		}
		return fmt.Sprintf("stops %s's %s: it has no effect", lk.Player, karmaName(lk.Card)), nil

	case Regress:
		if err := karmaArgs(key, args, 1, 1, "BEING"); err != nil {
			return "", err
		}
		if err := t.makeActive(p, args[0], "Regress"); err != nil {
			return "", err
		}
		a, _ := p.Active()
		kp.Being = a.Name
		return fmt.Sprintf("%s is now the active Being (moved rightmost, no ability)", activeText(p)), nil

	case Replenish:
		if err := karmaArgs(key, args, 1, 1, "3|8"); err != nil {
			return "", err
		}
		n, err := strconv.Atoi(args[0])
		if err != nil || (n != 3 && n != 8) {
			return "", engines.Refuse("Karma", "Replenish lays 3 or 8 new Beings, not %q", args[0])
		}
		deck, hidden, visible := g.Deck, g.Hidden, g.Visible
		laid, reshuffled := 0, false
		for i := 0; i < n; i++ {
			if deck == 0 {
				if hidden == 0 {
					break
				}
				deck, hidden, reshuffled = hidden, 0, true
			}
			deck--
			laid++
			if visible < PoolSize {
				visible++
			} else {
				hidden++
			}
		}
		if laid == 0 {
			return "", engines.Refuse("Karma", "the Beings deck and the hidden Beings are all gone; Replenish has nothing to lay")
		}
		known := slices.Clone(g.Known)
		if n == PoolSize {
			known = nil
		}
		t.emit(TypePoolChanged, PoolChanged{Why: "Replenish", Deck: deck, Hidden: hidden, Visible: visible, Known: known, KarmaDeck: -1, Discard: -1})
		s := fmt.Sprintf("lays %d new Beings on the pool (deck %d, %d hidden)", laid, deck, hidden)
		if reshuffled {
			s += "; the deck ran out and the hidden Beings were shuffled into it"
		}
		return s, nil

	case SharedExperience:
		if err := karmaArgs(key, args, 1, 1, "OPPONENT"); err != nil {
			return "", err
		}
		o, err := opponent(args[0])
		if err != nil {
			return "", err
		}
		kp.Target = o.Name
		mine, theirs := p.Hand-1, o.Hand
		me, them := 1, 1
		if mine < theirs {
			me = 2
		}
		got := t.drawKarma(g, p, me, "Shared Experience")
		got2 := t.drawKarma(g, o, them, "Shared Experience")
		return fmt.Sprintf("%s held %d against %s's %d: %s draws %d, %s draws %d", p.Name, mine, o.Name, theirs, p.Name, got, o.Name, got2), nil

	case Substitute:
		if err := karmaArgs(key, args, 2, 2, "MINE BEING"); err != nil {
			return "", err
		}
		i, err := findBeing(p, args[0])
		if err != nil {
			return "", err
		}
		old := p.Lifeline[i]
		card, err := t.resolveCard(args[1], c.CardInfo)
		if err != nil {
			return "", err
		}
		if err := checkFree(g, card.Name); err != nil {
			return "", err
		}
		known := slices.DeleteFunc(slices.Clone(g.Known), func(k string) bool { return strings.EqualFold(k, card.Name) })
		known = append(known, old.Name)
		t.emit(TypePoolChanged, PoolChanged{Why: "Substitute", Deck: g.Deck, Hidden: g.Hidden, Visible: g.Visible, Known: known, KarmaDeck: -1, Discard: -1})
		t.emit(TypeBeingSwapped, BeingSwapped{Player: p.Name, Old: old.Name, New: Being{Name: card.Name, Type: card.Type}})
		kp.Being = old.Name
		return fmt.Sprintf("%s takes the spot of %s (%s), which goes to the pool; no ability", describe(card), old.Name, old.Type), nil

	case Sympathy:
		if err := karmaArgs(key, args, 1, 1, "BEING"); err != nil {
			return "", err
		}
		ll := g.lastLife
		if ll == nil || strings.EqualFold(ll.Player, p.Name) {
			return "", engines.Refuse("Karma", "Sympathy answers an opponent's Being killed or brought back this turn; none was")
		}
		i, err := findBeing(p, args[0])
		if err != nil {
			return "", err
		}
		kp.Target, kp.Being = ll.Player, p.Lifeline[i].Name
		if err := t.lifeOf(g, p, i, ll.Reborn, "Sympathy", false); err != nil {
			return "", err
		}
		what := "kills"
		if ll.Reborn {
			what = "brings back"
		}
		return fmt.Sprintf("after %s's %s, %s %s their own %s", ll.Player, ll.Being, p.Name, what, kp.Being), nil

	case Synchronize:
		if err := karmaArgs(key, args, 1, 1, "TYPE"); err != nil {
			return "", err
		}
		ty, ok := normType(args[0])
		if !ok {
			return "", typeRefusal("Synchronize's type", args[0])
		}
		return t.synchronize(g, ty, c.Choose)

	case Uproot:
		if err := karmaArgs(key, args, 0, 0, ""); err != nil {
			return "", err
		}
		deck := g.Deck + g.Visible + g.Hidden
		visible := min(PoolSize, deck)
		t.emit(TypePoolChanged, PoolChanged{Why: "Uproot", Deck: deck - visible, Hidden: 0, Visible: visible, KarmaDeck: -1, Discard: -1})
		return fmt.Sprintf("the pool goes back into the deck and %d new Beings are laid out (deck %d)", visible, deck-visible), nil

	case VoidCard:
		if err := karmaArgs(key, args, 2, 2, "PLAYER BEING"); err != nil {
			return "", err
		}
		o, err := findPlayer(g, args[0])
		if err != nil {
			return "", err
		}
		i, err := findBeing(o, args[1])
		if err != nil {
			return "", err
		}
		b := o.Lifeline[i]
		kp.Target, kp.Being, kp.Index, kp.Dead = o.Name, b.Name, i, b.Dead
		t.emit(TypeBeingVoided, BeingVoided{Player: o.Name, Being: b.Name, By: p.Name + "'s Void"})
		t.toPool(g, b.Name, "Void")
		return fmt.Sprintf("%s's %s (%s) goes back to the pool; %s's active Being is %s", o.Name, b.Name, b.Type, o.Name, activeText(o)), nil

	case Volition:
		if err := karmaArgs(key, args, 2, 2, "OPPONENT BEING"); err != nil {
			return "", err
		}
		o, err := opponent(args[0])
		if err != nil {
			return "", err
		}
		kp.Target = o.Name
		if err := t.makeActive(o, args[1], p.Name+"'s Volition"); err != nil {
			return "", err
		}
		a, _ := o.Active()
		kp.Being = a.Name
		return fmt.Sprintf("%s's active Being is now %s", o.Name, activeText(o)), nil
	}
	return "", engines.Refuse("Karma", "no Karma card %q", key)
}

// synchronize makes every player's living Being of type ty active,
// the player who plays it included.
//
// Ruling: a player whose active Being already is of the type keeps it; a
// player with several living Beings of the type makes the rightmost one
// active unless --choose names another; the Starter never moves.
func (t *tx) synchronize(g *Game, ty string, choose map[string]string) (string, error) {
	picks := map[*Player]string{}
	for name, being := range choose {
		o, err := findPlayer(g, name)
		if err != nil {
			return "", err
		}
		i, err := findBeing(o, being)
		if err != nil {
			return "", err
		}
		b := o.Lifeline[i]
		if b.Dead || b.Type != ty {
			return "", engines.Refuse("Karma", "Synchronize to %s: %s's %s is not a living %s", ty, o.Name, b.Name, ty)
		}
		picks[o] = b.Name
	}
	var moved []string
	for _, o := range g.Players {
		act, _ := o.Active()
		pick, chosen := picks[o]
		if !chosen {
			if act.Type == ty {
				continue
			}
			for i := len(o.Lifeline) - 1; i >= 0; i-- {
				if b := o.Lifeline[i]; !b.Dead && b.Type == ty {
					pick = b.Name
					break
				}
			}
		}
		if pick == "" || strings.EqualFold(pick, act.Name) {
			continue
		}
		t.emit(TypeBeingMoved, BeingMoved{Player: o.Name, Being: pick, By: "Synchronize"})
		moved = append(moved, fmt.Sprintf("%s makes %s active", o.Name, pick))
	}
	if len(moved) == 0 {
		return fmt.Sprintf("everyone is called to %s; nobody's active Being changes", ty), nil
	}
	return fmt.Sprintf("everyone is called to %s: %s", ty, strings.Join(moved, ", ")), nil
}

// parseTypeValue reads TYPE=N (death allowed when withDeath).
func parseTypeValue(s string, withDeath bool) (string, int, error) {
	k, v, ok := strings.Cut(s, "=")
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if !ok || err != nil {
		return "", 0, engines.Refuse("Karma", "write the type and its value as TYPE=N, e.g. bird=2; %q is not that", s)
	}
	if n < -50 || n > 50 {
		return "", 0, engines.Refuse("Karma", "a value of %d is out of reach; give -50 to 50", n)
	}
	k = strings.ToLower(strings.TrimSpace(k))
	if withDeath && (k == "death" || k == "dead") {
		return "death", n, nil
	}
	ty, ok := normType(k)
	if !ok {
		return "", 0, typeRefusal("the type", k)
	}
	return ty, n, nil
}

func destinyText(d Destiny) string {
	if d.Type == "death" {
		return fmt.Sprintf("dead Beings score %d", d.Value)
	}
	return fmt.Sprintf("%ss score %d", d.Type, d.Value)
}
