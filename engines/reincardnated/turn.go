package reincardnated

import (
	"fmt"
	"slices"
	"strings"

	"warlog/engines"
	"warlog/internal/words"
)

// startGame begins a game with its players in turn order (seed 002 line
// 33: 2 to 6 players).
func startGame(a *act, c engines.StartScenario) error {
	s, d := a.S, a.D
	if g := s.game(); g != nil {
		return engines.RefuseTry("Game", []string{"scenario end"}, "game %q is still in progress; end it first", g.Name)
	}
	if err := checkName("game", c.Name); err != nil {
		return err
	}
	players := c.Players
	if len(players) < MinPlayers || len(players) > MaxPlayers {
		return engines.Refuse("Players", "Reincardnated is for 2 to 6 players; %d given, named in turn order", len(players))
	}
	for i, p := range players {
		if err := checkName("player", p); err != nil {
			return err
		}
		if strings.Contains(p, ",") {
			return engines.Refuse("Names", "player name %q holds a comma, which separates players in a list; use another character", p)
		}
		for _, q := range players[:i] {
			if strings.EqualFold(p, q) {
				return engines.Refuse("Players", "player %q is named twice; give each player once", p)
			}
		}
	}
	d.Emit(TypeGameStarted, GameStarted{Name: c.Name, Players: slices.Clone(players)})
	d.Label("Game %s begins: %s in turn order, each with a Starter Being and 2 Karma; 8 Beings in the pool; %s starts.",
		c.Name, strings.Join(players, ", "), players[0])
	return nil
}

// starter names a player's Starter Being and what is known of its card.
func starter(a *act, c Starter) error {
	s, d := a.S, a.D
	g, p, err := s.who(c.Player, false)
	if err != nil {
		return err
	}
	if err := checkName("Starter", c.Name); err != nil {
		return err
	}
	in, err := cardOf(c.Name, c.CardInfo)
	if err != nil {
		return err
	}
	if in.Type != "" && in.Type != "plant" {
		return engines.Refuse("Starter", "Starter Beings are plants, not %s", c.Type)
	}
	in.Type = "plant"
	if err := checkOwnType(in.Type, in); err != nil {
		return err
	}
	for _, q := range g.Players {
		if q != p && strings.EqualFold(q.Starter.Name, c.Name) && c.Name != defaultStarter {
			return engines.Refuse("Starter", "%s is %s Starter; each Starter card is unique", c.Name, words.Possessive(q.Name))
		}
	}
	card := in
	if known, ok := s.Starters.Get(strings.ToLower(c.Name)); ok {
		m, _, err := merge(known, in)
		if err != nil {
			return err
		}
		card = m
	} else if strings.EqualFold(p.Starter.Name, c.Name) || p.Starter.Name == defaultStarter {
		// What was learned about the unnamed Starter carries over.
		was := p.Starter
		was.Name = c.Name
		m, _, err := merge(was, in)
		if err != nil {
			return err
		}
		card = m
	}
	d.Emit(TypeCardNoted, CardNoted{Card: card, StarterOf: p.Name})
	what := "its incarnation types are not known yet"
	if card.Prefers != "" || card.Lower != "" {
		what = fmt.Sprintf("prefers %s, lower %s", orUnknown(card.Prefers), orUnknown(card.Lower))
	}
	d.Label("%s Starter Being is %s (plant): %s.", words.Possessive(p.Name), card.Name, what)
	return nil
}

func orUnknown(s string) string {
	if s == "" {
		return "not known yet"
	}
	return s
}

// myTurn refuses a player acting out of turn.
func myTurn(g *Game, p *Player, what string) error {
	if g.current() != p {
		return engines.Refuse("Turns", "it is %s turn, not %s; %s only on your own turn", words.Possessive(g.current().Name), words.Possessive(p.Name), what)
	}
	return nil
}

// incarnate is the turn's second action (seed 002 lines 83-91, 105-123).
//
// Ruling: the program ships no card list, so an active Being's preferred
// and lower types may be unknown. When they are known the kind of
// incarnation is worked out and a type the Being cannot take is refused;
// when not, the player says which it is (preferred or lower) and the card
// remembers it, so a later contradicting claim is refused. A Being of the
// active Being's own type is always a lateral incarnation (0 Karma),
// whatever the player declares (RULINGS, Reincardnated, Turn): declared
// preferred or lower, it is taken as lateral, said so, and nothing is
// learned of the card; a card a log noted with its own type as preferred
// or lower (before that ruling) incarnates its own type laterally too.
func incarnate(a *act, c Incarnate) error {
	s, d := a.S, a.D
	g, p, err := s.who(c.Player, true)
	if err != nil {
		return err
	}
	if err := myTurn(g, p, "a Being is incarnated"); err != nil {
		return err
	}
	if g.Incarn || g.Actions >= 2 {
		return engines.RefuseTry("Actions", []string{"rc end-turn"}, "%s has used the turn's second action; incarnating is the second action and ends the turn's actions", p.Name)
	}
	card, err := s.resolveCard(d, c.Being, c.CardInfo)
	if err != nil {
		return err
	}
	if err := checkFree(g, card.Name); err != nil {
		return err
	}
	act, isStarter := s.activeCard(p)
	declared := strings.ToLower(c.Kind)
	kind := declared
	if card.Type == act.Type && (kind == "" || kind == "preferred" || kind == "lower") {
		kind = "lateral"
	}
	switch kind {
	case "":
		switch {
		case act.Prefers != "" && card.Type == act.Prefers:
			kind = "preferred"
		case act.Lower != "" && card.Type == act.Lower:
			kind = "lower"
		case act.Prefers != "" && act.Lower != "":
			return engines.Refuse("Incarnation", "%s active Being %s incarnates into %s (preferred), %s (lower) or %s (lateral), not %s",
				words.Possessive(p.Name), act.Name, act.Prefers, act.Lower, act.Type, card.Type)
		default:
			return engines.Refuse("Incarnation", "the incarnation types of %s active Being %s are not known yet; say which this is: its preferred or its lower incarnation", words.Possessive(p.Name), act.Name)
		}
	case "preferred", "lower":
		have := act.Prefers
		if kind == "lower" {
			have = act.Lower
		}
		if have != "" && have != card.Type {
			return engines.Refuse("Incarnation", "%s active Being %s has %s as its %s incarnation, not %s", words.Possessive(p.Name), act.Name, have, kind, card.Type)
		}
		if have == "" {
			learned := act
			if kind == "preferred" {
				learned.Prefers = card.Type
			} else {
				learned.Lower = card.Type
			}
			if learned.Prefers != "" && learned.Prefers == learned.Lower {
				return engines.Refuse("Incarnation", "%s active Being %s already has %s as its other incarnation type", words.Possessive(p.Name), act.Name, card.Type)
			}
			note := CardNoted{Card: learned}
			if isStarter {
				note.StarterOf = p.Name
			}
			d.Emit(TypeCardNoted, note)
		}
	case "lateral":
		if card.Type != act.Type {
			return engines.Refuse("Incarnation", "a lateral incarnation keeps the type: %s active Being %s is %s, %s is %s", words.Possessive(p.Name), act.Name, words.A(act.Type), card.Name, words.A(card.Type))
		}
	default:
		return engines.Refuse("Incarnation", "the kind of incarnation is preferred, lower or lateral, not %q", c.Kind)
	}
	draws := map[string]int{"preferred": 2, "lower": 1, "lateral": 0}[kind]
	before := activeText(p)
	if err := enterFromPool(d, g, p, card, "incarnated"); err != nil {
		return err
	}
	got := drawKarma(d, g, p, draws, fmt.Sprintf("%s incarnation", kind))
	draw := "draws no Karma"
	if got > 0 {
		draw = "draws " + plural(got, "Karma", "Karma")
	}
	if got < draws {
		draw += fmt.Sprintf(" (%d short: the Karma deck and discard are empty)", draws-got)
	}
	how := kind
	if declared != "" && declared != kind {
		how = fmt.Sprintf("%s incarnation (declared %s, but a Being of the active Being's own type is always lateral)", kind, declared)
	} else {
		how += " incarnation"
	}
	d.Label("%s incarnates %s from %s, %s: %s, hand %d.", p.Name, describe(card), before, words.A(how), draw, p.Hand)
	return nil
}

// human is the Human Form (seed 002 lines 135-147).
//
// Ruling: taking the Human Form is the turn's incarnation, so it is the
// second action and draws no Karma; dead Beings count among the 6 (they are
// still in the Lifeline); there is one card, so only one player ever takes
// it. The last round starts when the taker's turn ends: each other player,
// in turn order, plays one more turn, and then the game is over.
func human(a *act, c Human) error {
	s, d := a.S, a.D
	g, p, err := s.who(c.Player, true)
	if err != nil {
		return err
	}
	if g.HumanBy != "" {
		return engines.Refuse("HumanForm", "there is one Human Form card and %s took it", g.HumanBy)
	}
	if err := myTurn(g, p, "the Human Form is incarnated"); err != nil {
		return err
	}
	if g.Incarn || g.Actions >= 2 {
		return engines.Refuse("Actions", "%s has used the turn's second action; the Human Form is incarnated as the second action", p.Name)
	}
	if n := len(p.Lifeline); n < HumanNeeds {
		return engines.Refuse("HumanForm", "%s has %s besides the Starter; the Human Form needs at least %d", p.Name, plural(n, "Being", "Beings"), HumanNeeds)
	}
	act, isStarter := s.activeCard(p)
	if !act.CanHuman() {
		if !c.Allows {
			return engines.Refuse("HumanForm", "%s active Being %s (%s) does not allow the Human Form; every mammal does, and a card that says so can be marked as allowing it", words.Possessive(p.Name), act.Name, act.Type)
		}
		act.Human = true
		note := CardNoted{Card: act}
		if isStarter {
			note.StarterOf = p.Name
		}
		d.Emit(TypeCardNoted, note)
	}
	d.Emit(TypeHumanTaken, HumanTaken{Player: p.Name})
	var others []string
	for k := 1; k < len(g.Players); k++ {
		others = append(others, g.Players[(g.Current+k)%len(g.Players)].Name)
	}
	d.Label("%s incarnates the Human Form from %s with %d Beings besides the Starter: +%d at the end; one last turn for %s.",
		p.Name, describe(act), len(p.Lifeline), HumanBonus, strings.Join(others, ", "))
	return nil
}

// endTurn ends the turn: the hand limit (seed 002 line 67), the next
// player, and the last round after the Human Form (line 139).
//
// Ruling: the hand limit is checked for the player whose turn ends only
// (the seed's "at the end of your turn"); a hand grown past 7 on another's
// turn is cut at the end of its owner's next turn. A turn may end with no
// action taken. The end of the turn that closes a round belongs to that
// round (RULINGS Reincardnated "Rounds"); the one that ends the game opens
// no new round.
func endTurn(a *act, c EndTurn) error {
	s, d := a.S, a.D
	g, err := s.live()
	if err != nil {
		return err
	}
	p := g.current()
	if c.Player != "" {
		q, err := findPlayer(g, c.Player)
		if err != nil {
			return err
		}
		if q != p {
			return engines.Refuse("Turns", "it is %s turn, not %s", words.Possessive(p.Name), words.Possessive(q.Name))
		}
	}
	var parts []string
	if p.Hand > HandLimit {
		n := p.Hand - HandLimit
		d.Emit(TypeKarmaDiscarded, KarmaDiscarded{Player: p.Name, Count: n, Why: "hand limit"})
		parts = append(parts, fmt.Sprintf("discards %s down to the hand limit of %d", plural(n, "Karma", "Karma"), HandLimit))
	}
	last, over := g.LastLeft, false
	if g.HumanBy != "" {
		if last < 0 {
			last = len(g.Players) - 1
		} else {
			last--
		}
		over = last == 0
	}
	next, round := (g.Current+1)%len(g.Players), g.Round
	if next == 0 && !over {
		round++
	}
	d.Emit(TypeTurnEnded, TurnEnded{Player: p.Name, Next: next, Round: round, LastLeft: last, Over: over})
	head := p.Name + "'s turn ends"
	if len(parts) > 0 {
		head += " (" + strings.Join(parts, "; ") + ")"
	}
	n := g.Players[next].Name
	switch {
	case over:
		d.Label("%s: that was the last turn; the game is over. Reveal the Life Purposes and score the game.", head)
	case last == 1:
		d.Label("%s; %s last turn (round %d), the final turn of the game.", head, words.Possessive(n), round)
	case last > 1:
		d.Label("%s; %s last turn (round %d), then %s more.", head, words.Possessive(n), round, plural(last-1, "last turn", "last turns"))
	default:
		d.Label("%s; %s turn, round %d.", head, words.Possessive(n), round)
	}
	return nil
}
