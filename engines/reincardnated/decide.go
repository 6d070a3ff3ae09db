package reincardnated

import (
	"fmt"
	"slices"
	"strings"

	"warlog/engines"
)

// tx is one decision: a clone of the state that the decided facts are
// applied to as they are emitted, so that later checks see their effect
// while the real state stays untouched.
type tx struct {
	s   *State
	d   *engines.Decision
	err error
}

func (t *tx) emit(typ string, p any) {
	if err := t.s.Apply(typ, p); err != nil && t.err == nil {
		t.err = err
	}
	t.d.Emit(typ, p)
}

// Decide implements engines.State.
func (s *State) Decide(cmd engines.Command, d *engines.Decision) error {
	t := &tx{s: s.clone(), d: d}
	var err error
	switch c := cmd.(type) {
	case engines.StartScenario:
		err = t.startGame(c)
	case engines.EndScenario:
		err = t.endGame(c)
	case Starter:
		err = t.starter(c)
	case Incarnate:
		err = t.incarnate(c)
	case Gain:
		err = t.gain(c)
	case Kill:
		err = t.life(c.Player, c.Being, false, "an ability")
	case Rebirth:
		err = t.life(c.Player, c.Being, true, "an ability")
	case Void:
		err = t.void(c)
	case Activate:
		err = t.activate(c)
	case Human:
		err = t.human(c)
	case Play:
		err = t.play(c)
	case Draw:
		err = t.draw(c)
	case Discard:
		err = t.discard(c)
	case Pool:
		err = t.pool(c)
	case EndTurn:
		err = t.endTurn(c)
	case Purpose:
		err = t.purpose(c)
	case MarkGoal:
		err = t.markGoal(c)
	default:
		return fmt.Errorf("%w: %q", engines.ErrUnknownCommand, cmd.Verb())
	}
	if err != nil {
		return err
	}
	return t.err
}

// Lookups.

// inGame is the game in progress, or a refusal.
func (t *tx) inGame() (*Game, error) {
	g := t.s.game()
	if g == nil {
		return nil, engines.Refuse("Game", "no game in progress; start one with `warlog scenario start NAME --players A,B,C`")
	}
	return g, nil
}

// live is the game in progress while turns are still played.
func (t *tx) live() (*Game, error) {
	g, err := t.inGame()
	if err != nil {
		return nil, err
	}
	if g.Over {
		return nil, engines.Refuse("Ending", "the game is over: every last turn after the Human Form is played; enter the Life Purposes with `warlog rc purpose` and run `warlog scenario end`")
	}
	return g, nil
}

// who is the game in progress (with turns still played, when live is set)
// and the player named in it.
func (t *tx) who(player string, live bool) (*Game, *Player, error) {
	get := t.inGame
	if live {
		get = t.live
	}
	g, err := get()
	if err != nil {
		return nil, nil, err
	}
	p, err := findPlayer(g, player)
	return g, p, err
}

// findPlayer names a player by a unique prefix, case-insensitively.
func findPlayer(g *Game, name string) (*Player, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		return nil, engines.Refuse("Players", "no player named; give one of %s", playerNames(g))
	}
	var hits []*Player
	for _, p := range g.Players {
		if strings.EqualFold(p.Name, name) {
			return p, nil
		}
		if hasPrefixFold(p.Name, name) {
			hits = append(hits, p)
		}
	}
	switch len(hits) {
	case 1:
		return hits[0], nil
	case 0:
		return nil, engines.Refuse("Players", "no player %q in this game; the players are %s", name, playerNames(g))
	}
	return nil, engines.Refuse("Players", "%q could be %s; give more of the name", name, playerNames(&Game{Players: hits}))
}

func playerNames(g *Game) string {
	var n []string
	for _, p := range g.Players {
		n = append(n, p.Name)
	}
	return strings.Join(n, ", ")
}

func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}

// findBeing names a Being of p's Lifeline by a unique prefix. The Starter
// is never a target (seed 002 line 316).
func findBeing(p *Player, name string) (int, error) {
	name = strings.TrimSpace(name)
	var hits []int
	for i, b := range p.Lifeline {
		if strings.EqualFold(b.Name, name) {
			return i, nil
		}
		if name != "" && hasPrefixFold(b.Name, name) {
			hits = append(hits, i)
		}
	}
	if len(hits) == 1 {
		return hits[0], nil
	}
	if len(hits) > 1 {
		var n []string
		for _, i := range hits {
			n = append(n, p.Lifeline[i].Name)
		}
		return -1, engines.Refuse("Beings", "%q could be %s in %s's Lifeline; give more of the name", name, strings.Join(n, ", "), p.Name)
	}
	if name != "" && hasPrefixFold(p.Starter.Name, name) {
		return -1, engines.Refuse("Starter", "%q is %s's Starter Being, which nothing can target; name another Being of the Lifeline", p.Starter.Name, p.Name)
	}
	return -1, engines.Refuse("Beings", "%s's Lifeline holds no %q; it holds %s", p.Name, name, lifelineNames(p))
}

func lifelineNames(p *Player) string {
	if len(p.Lifeline) == 0 {
		return "only the Starter"
	}
	var n []string
	for _, b := range p.Lifeline {
		n = append(n, b.Name)
	}
	return strings.Join(n, ", ")
}

// normType reads a Being type: plant(s), insect(s), bird(s), reptile(s) or
// amphibian(s), marine, mammal(s).
func normType(s string) (string, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	switch s {
	case "amphibian", "amphibians", "reptiles/amphibians", "reptile/amphibian":
		return "reptile", true
	}
	if slices.Contains(Types, s) {
		return s, true
	}
	if t := strings.TrimSuffix(s, "s"); slices.Contains(Types, t) {
		return t, true
	}
	return "", false
}

func typeRefusal(what, given string) error {
	return engines.Refuse("Types", "%s %q is not a Being type; use one of %s", what, given, strings.Join(Types, ", "))
}

// checkName checks a name players type (engines.ValidateName).
func checkName(kind, name string) error {
	if err := engines.ValidateName("the "+kind, name); err != nil {
		return engines.Refuse("Names", "%v", err)
	}
	return nil
}

// resolveCard finds or builds the card of a Being entering play. Known cards
// are matched by exact name, or by a unique prefix when no --type is given.
// Information given about a known card must agree with it; new information
// is noted. A new card needs its type.
func (t *tx) resolveCard(name string, info CardInfo) (Card, error) {
	if err := checkName("Being", name); err != nil {
		return Card{}, err
	}
	in, err := cardOf(name, info)
	if err != nil {
		return Card{}, err
	}
	known, ok := t.s.cards[strings.ToLower(name)]
	if !ok && in.Type == "" {
		var hits []Card
		for _, c := range t.s.cards {
			if hasPrefixFold(c.Name, name) {
				hits = append(hits, c)
			}
		}
		if len(hits) == 1 {
			known, ok = hits[0], true
		}
	}
	if !ok {
		if in.Type == "" {
			return Card{}, engines.Refuse("Beings", "%s is new to this campaign; give its type with --type (%s)", name, strings.Join(Types, ", "))
		}
		t.emit(TypeCardNoted, CardNoted{Card: in})
		return in, nil
	}
	if in.Type != "" && in.Type != known.Type {
		return Card{}, engines.Refuse("Beings", "%s is a %s in this campaign's cards, not a %s", known.Name, known.Type, in.Type)
	}
	merged, changed, err := merge(known, in)
	if err != nil {
		return Card{}, err
	}
	if changed {
		t.emit(TypeCardNoted, CardNoted{Card: merged})
	}
	return merged, nil
}

// cardOf reads what a command says about a card, its types normalized.
func cardOf(name string, info CardInfo) (Card, error) {
	c := Card{Name: name, Human: info.Human}
	for _, f := range []struct {
		dst  *string
		v    string
		what string
	}{{&c.Type, info.Type, "--type"}, {&c.Prefers, info.Prefers, "the preferred type"}, {&c.Lower, info.Lower, "the lower type"}} {
		if f.v == "" {
			continue
		}
		ty, ok := normType(f.v)
		if !ok {
			return Card{}, typeRefusal(f.what, f.v)
		}
		*f.dst = ty
	}
	return c, nil
}

// merge adds what in says to known; a contradiction is refused.
func merge(known, in Card) (Card, bool, error) {
	changed := false
	if in.Prefers != "" {
		if known.Prefers != "" && known.Prefers != in.Prefers {
			return known, false, engines.Refuse("Beings", "%s prefers %s in this campaign's cards, not %s", known.Name, known.Prefers, in.Prefers)
		}
		changed = changed || known.Prefers == ""
		known.Prefers = in.Prefers
	}
	if in.Lower != "" {
		if known.Lower != "" && known.Lower != in.Lower {
			return known, false, engines.Refuse("Beings", "%s's lower incarnation is %s in this campaign's cards, not %s", known.Name, known.Lower, in.Lower)
		}
		changed = changed || known.Lower == ""
		known.Lower = in.Lower
	}
	if in.Human && !known.Human {
		known.Human, changed = true, true
	}
	return known, changed, nil
}

// checkFree refuses a Being that is already in a Lifeline: each card is
// unique (seed 002 line 182).
func checkFree(g *Game, name string) error {
	if p, _ := g.owner(name); p != nil {
		return engines.Refuse("Beings", "%s is already in %s's Lifeline; an ability that steals it is `warlog rc gain`", name, p.Name)
	}
	return nil
}

// activeCard is the card of p's active Being.
func (t *tx) activeCard(p *Player) (Card, bool) {
	b, ok := p.Active()
	if !ok {
		return p.Starter, true
	}
	if c, ok := t.s.cards[strings.ToLower(b.Name)]; ok {
		return c, false
	}
	return Card{Name: b.Name, Type: b.Type}, false
}

// Pool bookkeeping.

// takeFromPool is a Being taken from the pool. While Beings lie hidden
// under the pool it uncovers one; otherwise its spot is refilled from the
// deck (seed 002 line 129).
//
// Ruling: the program cannot see which spot a Being came from; while any
// Being is hidden, taking one is counted as uncovering a hidden one. `rc
// pool` corrects the counts to what the table shows.
func (t *tx) takeFromPool(g *Game, name, why string) error {
	deck, hidden, visible := g.Deck, g.Hidden, g.Visible
	if visible == 0 {
		return engines.Refuse("Pool", "the Being pool is empty; nothing can be taken from it")
	}
	known := slices.DeleteFunc(slices.Clone(g.Known), func(k string) bool { return strings.EqualFold(k, name) })
	switch {
	case hidden > 0:
		hidden--
	case deck > 0:
		deck--
	default:
		visible--
	}
	t.emit(TypePoolChanged, PoolChanged{Why: why, Deck: deck, Hidden: hidden, Visible: visible, Known: known, KarmaDeck: -1, Discard: -1})
	return nil
}

// toPool lays a Being on the pool.
//
// Ruling: a Being sent back to the pool (Void) fills an empty spot if there
// is one, else it is laid on top of another Being, which is then hidden.
func (t *tx) toPool(g *Game, name, why string) {
	hidden, visible := g.Hidden, g.Visible
	if visible < PoolSize {
		visible++
	} else {
		hidden++
	}
	t.emit(TypePoolChanged, PoolChanged{Why: why, Deck: g.Deck, Hidden: hidden, Visible: visible, Known: append(slices.Clone(g.Known), name), KarmaDeck: -1, Discard: -1})
}

// drawKarma draws up to n Karma for p. Ruling: when the Karma deck runs
// out, the discard pile is shuffled into a new deck; when both are empty,
// fewer cards are drawn.
func (t *tx) drawKarma(g *Game, p *Player, n int, why string) int {
	re := 0
	if g.KarmaDeck < n {
		re = g.Discard
	}
	got := min(n, g.KarmaDeck+re)
	if got > 0 || re > 0 {
		t.emit(TypeKarmaDrawn, KarmaDrawn{Player: p.Name, Count: got, Reshuffled: re, Why: why})
	}
	return got
}

// enter adds a Being to p's Lifeline from the pool.
func (t *tx) enterFromPool(g *Game, p *Player, c Card, how string) error {
	if err := checkFree(g, c.Name); err != nil {
		return err
	}
	if err := t.takeFromPool(g, c.Name, fmt.Sprintf("%s %s %s", p.Name, how, c.Name)); err != nil {
		return err
	}
	t.emit(TypeBeingEntered, BeingEntered{Player: p.Name, Being: Being{Name: c.Name, Type: c.Type}, How: how})
	return nil
}

// Descriptions for labels.

func describe(c Card) string { return fmt.Sprintf("%s (%s)", c.Name, c.Type) }

func activeText(p *Player) string {
	b, ok := p.Active()
	if !ok {
		if p.Starter.Name == defaultStarter {
			return "the Starter"
		}
		return "the Starter " + p.Starter.Name
	}
	return fmt.Sprintf("%s (%s)", b.Name, b.Type)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}

// Commands.

// startGame is `scenario start NAME --players A,B,C`.
func (t *tx) startGame(c engines.StartScenario) error {
	if g := t.s.game(); g != nil {
		return engines.Refuse("Game", "game %q is still in progress; end it with `warlog scenario end` first", g.Name)
	}
	if err := checkName("game", c.Name); err != nil {
		return err
	}
	if c.Brief != "" || c.Turns != 0 || len(c.Field) > 0 {
		return engines.Refuse("Setup", "Reincardnated takes only --players A,B,C (no --brief, --turns or --field)")
	}
	for _, o := range c.Given() {
		if k := o.Name; k != "players" {
			return engines.Refuse("Setup", "Reincardnated takes only --players A,B,C, not --%s", k)
		}
	}
	players := c.Players
	if len(players) < MinPlayers || len(players) > MaxPlayers {
		return engines.Refuse("Players", "Reincardnated is for 2 to 6 players; %d given (--players A,B,C in turn order)", len(players))
	}
	for i, p := range players {
		if err := checkName("player", p); err != nil {
			return err
		}
		for _, q := range players[:i] {
			if strings.EqualFold(p, q) {
				return engines.Refuse("Players", "player %q is named twice; give each player once", p)
			}
		}
	}
	t.emit(TypeGameStarted, GameStarted{Name: c.Name, Players: slices.Clone(players)})
	t.d.Label("Game %s begins: %s in turn order, each with a Starter Being and 2 Karma; 8 Beings in the pool; %s starts.",
		c.Name, strings.Join(players, ", "), players[0])
	return nil
}

// starter is `rc starter PLAYER NAME`.
func (t *tx) starter(c Starter) error {
	g, p, err := t.who(c.Player, false)
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
		return engines.Refuse("Starter", "Starter Beings are plants; drop --type %s", c.Type)
	}
	in.Type = "plant"
	for _, q := range g.Players {
		if q != p && strings.EqualFold(q.Starter.Name, c.Name) && c.Name != defaultStarter {
			return engines.Refuse("Starter", "%s is %s's Starter; each Starter card is unique", c.Name, q.Name)
		}
	}
	card := in
	if known, ok := t.s.starters[strings.ToLower(c.Name)]; ok {
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
	t.emit(TypeCardNoted, CardNoted{Card: card, StarterOf: p.Name})
	what := "its incarnation types are not known yet"
	if card.Prefers != "" || card.Lower != "" {
		what = fmt.Sprintf("prefers %s, lower %s", orUnknown(card.Prefers), orUnknown(card.Lower))
	}
	t.d.Label("%s's Starter Being is %s (plant): %s.", p.Name, card.Name, what)
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
		return engines.Refuse("Turns", "it is %s's turn, not %s's; %s only on your own turn", g.current().Name, p.Name, what)
	}
	return nil
}

// incarnate is the turn's second action (seed 002 lines 83-91, 105-123).
//
// Ruling: the program ships no card list, so an active Being's preferred
// and lower types may be unknown. When they are known the kind of
// incarnation is worked out and a type the Being cannot take is refused;
// when not, the player says --preferred or --lower and the card remembers
// it, so a later contradicting claim is refused. A Being of the active
// Being's own type is always a lateral incarnation (0 Karma).
func (t *tx) incarnate(c Incarnate) error {
	g, p, err := t.who(c.Player, true)
	if err != nil {
		return err
	}
	if err := myTurn(g, p, "a Being is incarnated"); err != nil {
		return err
	}
	if g.Incarn || g.Actions >= 2 {
		return engines.Refuse("Actions", "%s has used the turn's second action; incarnating is the second action and ends the turn's actions: `warlog rc end-turn`", p.Name)
	}
	card, err := t.resolveCard(c.Being, c.CardInfo)
	if err != nil {
		return err
	}
	if err := checkFree(g, card.Name); err != nil {
		return err
	}
	act, isStarter := t.activeCard(p)
	kind := strings.ToLower(c.Kind)
	switch kind {
	case "":
		switch {
		case act.Prefers != "" && card.Type == act.Prefers:
			kind = "preferred"
		case act.Lower != "" && card.Type == act.Lower:
			kind = "lower"
		case card.Type == act.Type:
			kind = "lateral"
		case act.Prefers != "" && act.Lower != "":
			return engines.Refuse("Incarnation", "%s's active Being %s incarnates into %s (preferred), %s (lower) or %s (lateral), not %s",
				p.Name, act.Name, act.Prefers, act.Lower, act.Type, card.Type)
		default:
			return engines.Refuse("Incarnation", "the incarnation types of %s's active Being %s are not known yet; say which this is: --preferred or --lower", p.Name, act.Name)
		}
	case "preferred", "lower":
		have := act.Prefers
		if kind == "lower" {
			have = act.Lower
		}
		if have != "" && have != card.Type {
			return engines.Refuse("Incarnation", "%s's active Being %s has %s as its %s incarnation, not %s", p.Name, act.Name, have, kind, card.Type)
		}
		if have == "" {
			learned := act
			if kind == "preferred" {
				learned.Prefers = card.Type
			} else {
				learned.Lower = card.Type
			}
			if learned.Prefers != "" && learned.Prefers == learned.Lower {
				return engines.Refuse("Incarnation", "%s's active Being %s already has %s as its other incarnation type", p.Name, act.Name, card.Type)
			}
			note := CardNoted{Card: learned}
			if isStarter {
				note.StarterOf = p.Name
			}
			t.emit(TypeCardNoted, note)
		}
	case "lateral":
		if card.Type != act.Type {
			return engines.Refuse("Incarnation", "a lateral incarnation keeps the type: %s's active Being %s is a %s, %s is a %s", p.Name, act.Name, act.Type, card.Name, card.Type)
		}
	default:
		return engines.Refuse("Incarnation", "the kind of incarnation is preferred, lower or lateral, not %q", c.Kind)
	}
	draws := map[string]int{"preferred": 2, "lower": 1, "lateral": 0}[kind]
	before := activeText(p)
	if err := t.enterFromPool(g, p, card, "incarnated"); err != nil {
		return err
	}
	got := t.drawKarma(g, p, draws, fmt.Sprintf("%s incarnation", kind))
	draw := "draws no Karma"
	if got > 0 {
		draw = "draws " + plural(got, "Karma", "Karma")
	}
	if got < draws {
		draw += fmt.Sprintf(" (%d short: the Karma deck and discard are empty)", draws-got)
	}
	t.d.Label("%s incarnates %s from %s, a %s incarnation: %s, hand %d.", p.Name, describe(card), before, kind, draw, p.Hand)
	return nil
}

// gain is a Being gained by an ability: no Karma is drawn (seed 002 line
// 93); from another Lifeline it is stolen as it lies, dead or alive (line 204).
//
// Ruling: a dead Being gained stays dead, so it is not active (line 210:
// dead Beings cannot be active) and its ability does not trigger (line 188).
// A Being the program does not know to lie in a Lifeline comes from the pool.
func (t *tx) gain(c Gain) error {
	g, p, err := t.who(c.Player, true)
	if err != nil {
		return err
	}
	card, err := t.resolveCard(c.Being, c.CardInfo)
	if err != nil {
		return err
	}
	if from, i := g.owner(card.Name); from != nil {
		if from == p {
			return engines.Refuse("Beings", "%s already holds %s", p.Name, card.Name)
		}
		b := from.Lifeline[i]
		t.emit(TypeBeingEntered, BeingEntered{Player: p.Name, Being: b, How: "gained", FromPlayer: from.Name})
		state := "its ability triggers"
		if b.Dead {
			state = "it is dead: no ability, not active"
		}
		t.d.Label("%s gains control of %s from %s's Lifeline: %s; %s's active Being is %s.", p.Name, describe(card), from.Name, state, p.Name, activeText(p))
		return nil
	}
	if err := t.enterFromPool(g, p, card, "gained"); err != nil {
		return err
	}
	t.d.Label("%s gains %s from the pool (no Karma drawn); it is now active.", p.Name, describe(card))
	return nil
}

// life kills (reborn false) or revives a Being.
func (t *tx) life(player, being string, reborn bool, by string) error {
	g, p, err := t.who(player, true)
	if err != nil {
		return err
	}
	i, err := findBeing(p, being)
	if err != nil {
		return err
	}
	return t.lifeOf(g, p, i, reborn, by, false)
}

func (t *tx) lifeOf(g *Game, p *Player, i int, reborn bool, by string, undo bool) error {
	b := p.Lifeline[i]
	if reborn && !b.Dead {
		return engines.Refuse("Rebirth", "%s's %s is alive; only a dead Being can be brought back", p.Name, b.Name)
	}
	if !reborn && b.Dead {
		return engines.Refuse("Death", "%s's %s is already dead", p.Name, b.Name)
	}
	typ := TypeBeingKilled
	if reborn {
		typ = TypeBeingReborn
	}
	t.emit(typ, BeingLife{Player: p.Name, Being: b.Name, By: by, Undo: undo})
	what := "killed"
	if reborn {
		what = "brought back to life"
	}
	t.d.Label("%s's %s (%s) is %s by %s; %s's active Being is %s.", p.Name, b.Name, b.Type, what, by, p.Name, activeText(p))
	return nil
}

// void takes a Being out of a Lifeline into the pool (by an ability).
func (t *tx) void(c Void) error {
	g, p, err := t.who(c.Player, true)
	if err != nil {
		return err
	}
	i, err := findBeing(p, c.Being)
	if err != nil {
		return err
	}
	b := p.Lifeline[i]
	t.emit(TypeBeingVoided, BeingVoided{Player: p.Name, Being: b.Name, By: "an ability"})
	t.toPool(g, b.Name, "voided "+b.Name)
	t.d.Label("%s's %s (%s) goes back to the Being pool by an ability; %s's active Being is %s.", p.Name, b.Name, b.Type, p.Name, activeText(p))
	return nil
}

// activate makes a living Being active by moving it to the rightmost spot
// (seed 002 line 210).
func (t *tx) activate(c Activate) error {
	_, p, err := t.who(c.Player, true)
	if err != nil {
		return err
	}
	return t.makeActive(p, c.Being, "an ability")
}

func (t *tx) makeActive(p *Player, being, by string) error {
	i, err := findBeing(p, being)
	if err != nil {
		return err
	}
	b := p.Lifeline[i]
	if b.Dead {
		return engines.Refuse("Active", "%s's %s is dead and a dead Being cannot be active; bring it back first", p.Name, b.Name)
	}
	if a, ok := p.Active(); ok && strings.EqualFold(a.Name, b.Name) {
		return engines.Refuse("Active", "%s is already %s's active Being", b.Name, p.Name)
	}
	t.emit(TypeBeingMoved, BeingMoved{Player: p.Name, Being: b.Name, By: by})
	t.d.Label("%s's %s (%s) moves to the rightmost spot by %s and is now active.", p.Name, b.Name, b.Type, by)
	return nil
}

// human is the Human Form (seed 002 lines 135-147).
//
// Ruling: taking the Human Form is the turn's incarnation, so it is the
// second action and draws no Karma; dead Beings count among the 6 (they are
// still in the Lifeline); there is one card, so only one player ever takes
// it. The last round starts when the taker's turn ends: each other player,
// in turn order, plays one more turn, and then the game is over.
func (t *tx) human(c Human) error {
	g, p, err := t.who(c.Player, true)
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
	act, isStarter := t.activeCard(p)
	if !act.CanHuman() {
		if !c.Allows {
			return engines.Refuse("HumanForm", "%s's active Being %s (%s) does not allow the Human Form; every mammal does, and a card that says so can be marked with --allows", p.Name, act.Name, act.Type)
		}
		act.Human = true
		note := CardNoted{Card: act}
		if isStarter {
			note.StarterOf = p.Name
		}
		t.emit(TypeCardNoted, note)
	}
	t.emit(TypeHumanTaken, HumanTaken{Player: p.Name})
	var others []string
	for k := 1; k < len(g.Players); k++ {
		others = append(others, g.Players[(g.Current+k)%len(g.Players)].Name)
	}
	t.d.Label("%s incarnates the Human Form from %s with %d Beings besides the Starter: +%d at the end; one last turn for %s.",
		p.Name, describe(act), len(p.Lifeline), HumanBonus, strings.Join(others, ", "))
	return nil
}

// draw is Karma drawn by an ability.
func (t *tx) draw(c Draw) error {
	g, p, err := t.who(c.Player, true)
	if err != nil {
		return err
	}
	if c.Count < 1 || c.Count > 10 {
		return engines.Refuse("Karma", "draw 1 to 10 Karma, not %d", c.Count)
	}
	got := t.drawKarma(g, p, c.Count, "an ability")
	if got == 0 {
		return engines.Refuse("Karma", "the Karma deck and discard pile are empty; nothing to draw")
	}
	t.d.Label("%s draws %s by an ability; hand %d.", p.Name, plural(got, "Karma", "Karma"), p.Hand)
	return nil
}

// discard is Karma discarded by an ability.
func (t *tx) discard(c Discard) error {
	_, p, err := t.who(c.Player, true)
	if err != nil {
		return err
	}
	if c.Count < 1 || c.Count > p.Hand {
		return engines.Refuse("Karma", "%s holds %s; discard 1 to %d", p.Name, plural(p.Hand, "Karma card", "Karma cards"), p.Hand)
	}
	t.emit(TypeKarmaDiscarded, KarmaDiscarded{Player: p.Name, Count: c.Count, Why: "an ability"})
	t.d.Label("%s discards %s by an ability; hand %d.", p.Name, plural(c.Count, "Karma", "Karma"), p.Hand)
	return nil
}

// pool corrects the counts to what the table shows.
func (t *tx) pool(c Pool) error {
	g, err := t.inGame()
	if err != nil {
		return err
	}
	pc := PoolChanged{Why: "counted at the table", Deck: g.Deck, Hidden: g.Hidden, Visible: g.Visible, Known: slices.Clone(g.Known), KarmaDeck: -1, Discard: -1}
	set := func(dst *int, v *int, what string, most int) error {
		if v == nil {
			return nil
		}
		if *v < 0 || *v > most {
			return engines.Refuse("Pool", "%s is 0 to %d, not %d", what, most, *v)
		}
		*dst = *v
		return nil
	}
	for _, f := range []struct {
		dst  *int
		v    *int
		what string
		most int
	}{
		{&pc.Deck, c.Deck, "the Beings deck", BeingsCards},
		{&pc.Hidden, c.Hidden, "the hidden Beings of the pool", BeingsCards},
		{&pc.Visible, c.Visible, "the face-up Beings of the pool", PoolSize},
		{&pc.KarmaDeck, c.KarmaDeck, "the Karma deck", KarmaCards},
		{&pc.Discard, c.Discard, "the Karma discard pile", KarmaCards},
	} {
		if err := set(f.dst, f.v, f.what, f.most); err != nil {
			return err
		}
	}
	if c.Deck == nil && c.Hidden == nil && c.Visible == nil && c.KarmaDeck == nil && c.Discard == nil {
		return engines.Refuse("Pool", "give at least one count: --deck, --hidden, --visible, --karma-deck or --discard")
	}
	if pc.Visible == 0 {
		pc.Known = nil
	}
	t.emit(TypePoolChanged, pc)
	g = t.s.game()
	t.d.Label("Counts corrected at the table: Being pool %d face up (+%d hidden), Beings deck %d, Karma deck %d, discard %d.",
		g.Visible, g.Hidden, g.Deck, g.KarmaDeck, g.Discard)
	return nil
}

// endTurn ends the turn: the hand limit (seed 002 line 67), the next
// player, and the last round after the Human Form (line 139).
//
// Ruling: the hand limit is checked for the player whose turn ends only
// (the seed's "at the end of your turn"); a hand grown past 7 on another's
// turn is cut at the end of its owner's next turn. A turn may end with no
// action taken.
func (t *tx) endTurn(c EndTurn) error {
	g, err := t.live()
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
			return engines.Refuse("Turns", "it is %s's turn, not %s's", p.Name, q.Name)
		}
	}
	var parts []string
	if p.Hand > HandLimit {
		n := p.Hand - HandLimit
		t.emit(TypeKarmaDiscarded, KarmaDiscarded{Player: p.Name, Count: n, Why: "hand limit"})
		parts = append(parts, fmt.Sprintf("discards %s down to the hand limit of %d", plural(n, "Karma", "Karma"), HandLimit))
	}
	next, round := (g.Current+1)%len(g.Players), g.Round
	if next == 0 {
		round++
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
	t.emit(TypeTurnEnded, TurnEnded{Player: p.Name, Next: next, Round: round, LastLeft: last, Over: over})
	head := p.Name + "'s turn ends"
	if len(parts) > 0 {
		head += " (" + strings.Join(parts, "; ") + ")"
	}
	n := g.Players[next].Name
	switch {
	case over:
		t.d.Label("%s: that was the last turn; the game is over. Reveal the Life Purposes (`rc purpose`) and score with `scenario end`.", head)
	case last == 1:
		t.d.Label("%s; %s's last turn (round %d), the final turn of the game.", head, n, round)
	case last > 1:
		t.d.Label("%s; %s's last turn (round %d), then %s more.", head, n, round, plural(last-1, "last turn", "last turns"))
	default:
		t.d.Label("%s; %s's turn, round %d.", head, n, round)
	}
	return nil
}

// purpose enters a revealed Life Purpose.
//
// Ruling: a Life Purpose may be entered at any time during the game and
// entering it again replaces it (a correction); the score of a player
// whose purpose is not entered shows as "?" until it is.
func (t *tx) purpose(c Purpose) error {
	_, p, err := t.who(c.Player, false)
	if err != nil {
		return err
	}
	lp := LifePurpose{Types: map[string]int{}, Death: c.Death}
	if c.Death < -50 || c.Death > 50 {
		return engines.Refuse("Purpose", "a Death score of %d is out of reach; give -50 to 50", c.Death)
	}
	for k, v := range c.Types {
		ty, ok := normType(k)
		if !ok {
			return typeRefusal("--type", k)
		}
		if _, dup := lp.Types[ty]; dup {
			return engines.Refuse("Purpose", "%s is given twice; give each type once", ty)
		}
		if v < -50 || v > 50 {
			return engines.Refuse("Purpose", "a score of %d for %s is out of reach; give -50 to 50", v, ty)
		}
		lp.Types[ty] = v
	}
	if len(lp.Types) == 0 {
		return engines.Refuse("Purpose", "a Life Purpose scores at least one Being type: --type marine=3")
	}
	for i, gl := range c.Goals {
		if err := checkName("goal", gl.Name); err != nil {
			return err
		}
		if gl.Bonus < -50 || gl.Bonus > 100 {
			return engines.Refuse("Purpose", "a goal bonus of %d is out of reach; give -50 to 100", gl.Bonus)
		}
		for _, o := range c.Goals[:i] {
			if strings.EqualFold(o.Name, gl.Name) {
				return engines.Refuse("Purpose", "goal %q is given twice", gl.Name)
			}
		}
		lp.Goals = append(lp.Goals, Goal{Name: gl.Name, Bonus: gl.Bonus, Met: gl.Met})
	}
	t.emit(TypePurposeRevealed, PurposeRevealed{Player: p.Name, Purpose: lp})
	t.d.Label("%s's Life Purpose: %s.", p.Name, purposeText(lp))
	return nil
}

func purposeText(lp LifePurpose) string {
	var parts []string
	for _, ty := range Types {
		if v, ok := lp.Types[ty]; ok {
			parts = append(parts, fmt.Sprintf("%s %d", ty, v))
		}
	}
	parts = append(parts, fmt.Sprintf("dead %d", lp.Death))
	s := strings.Join(parts, ", ")
	if len(lp.Goals) > 0 {
		var gs []string
		for _, g := range lp.Goals {
			gs = append(gs, fmt.Sprintf("%s (+%d)", g.Name, g.Bonus))
		}
		s += "; goals: " + strings.Join(gs, ", ")
	}
	return s
}

// markGoal marks a Life Goal met or not.
func (t *tx) markGoal(c MarkGoal) error {
	_, p, err := t.who(c.Player, false)
	if err != nil {
		return err
	}
	if p.Purpose == nil {
		return engines.Refuse("Purpose", "%s's Life Purpose is not entered yet; enter it with `warlog rc purpose %s ...`", p.Name, p.Name)
	}
	var hit *Goal
	for i := range p.Purpose.Goals {
		gl := &p.Purpose.Goals[i]
		if strings.EqualFold(gl.Name, c.Goal) {
			hit = gl
			break
		}
		if c.Goal != "" && hasPrefixFold(gl.Name, c.Goal) {
			if hit != nil {
				return engines.Refuse("Purpose", "%q could be more than one of %s's goals; give more of it", c.Goal, p.Name)
			}
			hit = gl
		}
	}
	if hit == nil && c.Goal != "" {
		for i := range p.Purpose.Goals {
			gl := &p.Purpose.Goals[i]
			if strings.Contains(strings.ToLower(gl.Name), strings.ToLower(c.Goal)) {
				if hit != nil {
					return engines.Refuse("Purpose", "%q could be more than one of %s's goals; give more of it", c.Goal, p.Name)
				}
				hit = gl
			}
		}
	}
	if hit == nil {
		var names []string
		for _, gl := range p.Purpose.Goals {
			names = append(names, gl.Name)
		}
		if len(names) == 0 {
			return engines.Refuse("Purpose", "%s's Life Purpose has no goals", p.Name)
		}
		return engines.Refuse("Purpose", "%s has no goal %q; the goals are: %s", p.Name, c.Goal, strings.Join(names, "; "))
	}
	t.emit(TypeGoalMarked, GoalMarked{Player: p.Name, Goal: hit.Name, Met: c.Met})
	if c.Met {
		t.d.Label("%s met the goal %q: +%d.", p.Name, hit.Name, hit.Bonus)
	} else {
		t.d.Label("%s did not meet the goal %q.", p.Name, hit.Name)
	}
	return nil
}

// endGame is `scenario end`: every score with its breakdown and the winner.
//
// Ruling: a game ends after the last turns that follow the Human Form, or
// when the Beings have run out (the Beings deck and the hidden Beings of
// the pool are empty: the table then judges no valid incarnation is left).
// Every Life Purpose must be entered first. The winner is never declared:
// it is the highest score, ties shared.
func (t *tx) endGame(c engines.EndScenario) error {
	g, err := t.inGame()
	if err != nil {
		return err
	}
	if c.Winner != "" {
		return engines.Refuse("Scoring", "Reincardnated names the winner from the scores; drop --winner")
	}
	why := "every last turn after the Human Form was played"
	if !g.Over {
		if g.Deck > 0 || g.Hidden > 0 {
			return engines.Refuse("Ending", "the game is still on (%s's turn): it ends after the last turns following the Human Form, or when the Beings run out (%d in the deck, %d hidden in the pool)",
				g.current().Name, g.Deck, g.Hidden)
		}
		why = "the Beings ran out"
	}
	var missing []string
	for _, p := range g.Players {
		if p.Purpose == nil {
			missing = append(missing, p.Name)
		}
	}
	if len(missing) > 0 {
		return engines.Refuse("Scoring", "enter the Life Purpose of %s first (`warlog rc purpose PLAYER --type TYPE=N --death N`)", strings.Join(missing, ", "))
	}
	scores, winners := Scores(g)
	t.emit(TypeGameEnded, GameEnded{Scores: scores, Winners: winners, Why: why})
	t.d.Label("Game %s ends (%s): %s", g.Name, why, resultText(scores, winners))
	return nil
}

func resultText(scores []Score, winners []string) string {
	var parts []string
	for _, s := range scores {
		parts = append(parts, fmt.Sprintf("%s %d", s.Player, s.Total))
	}
	head := winners[0] + " wins"
	if len(winners) > 1 {
		head = strings.Join(winners, " and ") + " share the win"
	}
	return fmt.Sprintf("%s; %s.", head, strings.Join(parts, ", "))
}
