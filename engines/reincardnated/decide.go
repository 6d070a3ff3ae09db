package reincardnated

import (
	"fmt"
	"slices"
	"strings"

	"warlog/engines"
	"warlog/engines/kit"
	"warlog/internal/words"
)

// act is one command being decided: the kit's copy of the state, into
// which each fact emitted is folded at once, and the decision (kit.Act).
// Every command decides on one.
type act = kit.Act[*State]

// Lookups.

// inGame is the game in progress, or a refusal.
func (s *State) inGame() (*Game, error) {
	return s.NeedsScenario("no game in progress; start one with its players in turn order")
}

// live is the game in progress while turns are still played.
func (s *State) live() (*Game, error) {
	g, err := s.inGame()
	if err != nil {
		return nil, err
	}
	if g.Over {
		return nil, engines.RefuseTry("Ending", []string{"rc purpose", "scenario end"}, "the game is over: every last turn after the Human Form is played; enter the Life Purposes and score the game")
	}
	return g, nil
}

// who is the game in progress (with turns still played, when live is set)
// and the player named in it.
func (s *State) who(player string, live bool) (*Game, *Player, error) {
	get := s.inGame
	if live {
		get = s.live
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
		return -1, engines.Refuse("Beings", "%q could be %s in %s Lifeline; give more of the name", name, strings.Join(n, ", "), words.Possessive(p.Name))
	}
	if name != "" && hasPrefixFold(p.Starter.Name, name) {
		return -1, engines.Refuse("Starter", "%q is %s Starter Being, which nothing can target; name another Being of the Lifeline", p.Starter.Name, words.Possessive(p.Name))
	}
	return -1, engines.Refuse("Beings", "%s Lifeline holds no %q; it holds %s", words.Possessive(p.Name), name, lifelineNames(p))
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
// are matched by exact name, or by a unique prefix when no type is given.
// Information given about a known card must agree with it; new information
// is noted. A new card needs its type.
func (s *State) resolveCard(d *engines.Decision, name string, info CardInfo) (Card, error) {
	if err := checkName("Being", name); err != nil {
		return Card{}, err
	}
	in, err := cardOf(name, info)
	if err != nil {
		return Card{}, err
	}
	known, ok := s.Beings.Get(strings.ToLower(name))
	if !ok && in.Type == "" {
		var hits []Card
		s.Beings.All(func(_ string, c Card) bool {
			if hasPrefixFold(c.Name, name) {
				hits = append(hits, c)
			}
			return true
		})
		if len(hits) == 1 {
			known, ok = hits[0], true
		}
	}
	if !ok {
		if in.Type == "" {
			return Card{}, engines.Refuse("Beings", "%s is new to this campaign; give its type with --type (%s)", name, strings.Join(Types, ", "))
		}
		if err := checkOwnType(in.Type, in); err != nil {
			return Card{}, err
		}
		d.Emit(TypeCardNoted, CardNoted{Card: in})
		return in, nil
	}
	if in.Type != "" && in.Type != known.Type {
		return Card{}, engines.Refuse("Beings", "%s is %s in this campaign's cards, not %s", known.Name, words.A(known.Type), words.A(in.Type))
	}
	merged, changed, err := merge(known, in)
	if err != nil {
		return Card{}, err
	}
	if changed {
		d.Emit(TypeCardNoted, CardNoted{Card: merged})
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
	}{{&c.Type, info.Type, "the type"}, {&c.Prefers, info.Prefers, "the preferred type"}, {&c.Lower, info.Lower, "the lower type"}} {
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

// merge adds what in says to known; a contradiction is refused, and so is
// known's own type as a type it incarnates into (checkOwnType).
func merge(known, in Card) (Card, bool, error) {
	if err := checkOwnType(known.Type, in); err != nil {
		return known, false, err
	}
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
			return known, false, engines.Refuse("Beings", "%s lower incarnation is %s in this campaign's cards, not %s", words.Possessive(known.Name), known.Lower, in.Lower)
		}
		changed = changed || known.Lower == ""
		known.Lower = in.Lower
	}
	if in.Prefers != "" || in.Lower != "" {
		if err := checkDistinct(known); err != nil {
			return known, false, err
		}
	}
	if in.Human && !known.Human {
		known.Human, changed = true, true
	}
	return known, changed, nil
}

// checkOwnType refuses what in says a card of type typ incarnates into
// when it names typ: a Being of the card's own type is always a lateral
// incarnation (seed 002 line 119; RULINGS, Reincardnated, Turn), so no card,
// a Starter neither (a plant), lists it as its preferred or lower type; nor
// are in's preferred and lower types the same (checkDistinct).
func checkOwnType(typ string, in Card) error {
	for _, f := range []struct{ t, what string }{{in.Prefers, "preferred"}, {in.Lower, "lower"}} {
		if typ != "" && f.t == typ {
			return engines.Refuse("Incarnation", "%s is %s, and a Being of its own type is always a lateral incarnation (no Karma): its %s type cannot be its own type, %s",
				in.Name, words.A(typ), f.what, typ)
		}
	}
	return checkDistinct(in)
}

// checkDistinct refuses a card whose preferred and lower types are the
// same: a Being incarnates into three different types, its preferred, its
// lower and its own (seed 002 lines 111-119; RULINGS, Reincardnated,
// 2026-12-01).
func checkDistinct(c Card) error {
	if c.Prefers != "" && c.Prefers == c.Lower {
		return engines.Refuse("Incarnation", "%s cannot have %s as both its preferred and its lower type: a Being incarnates into three different types (preferred, lower and its own)",
			c.Name, c.Prefers)
	}
	return nil
}

// checkFree refuses a Being that is already in a Lifeline: each card is
// unique (seed 002 line 182).
func checkFree(g *Game, name string) error {
	if p, _ := g.owner(name); p != nil {
		return engines.RefuseTry("Beings", []string{"rc gain"}, "%s is already in %s Lifeline; only an ability that steals it can take it", name, words.Possessive(p.Name))
	}
	return nil
}

// activeCard is the card of p's active Being.
func (s *State) activeCard(p *Player) (Card, bool) {
	b, ok := p.Active()
	if !ok {
		return p.Starter, true
	}
	if c, ok := s.Beings.Get(strings.ToLower(b.Name)); ok {
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
// Being is hidden, taking one is counted as uncovering a hidden one. A
// correction of the counts (pool) sets them to what the table shows.
func takeFromPool(d *engines.Decision, g *Game, name, why string) error {
	if g.Visible == 0 {
		return engines.Refuse("Pool", "the Being pool is empty; nothing can be taken from it")
	}
	if err := checkVisible(g, name); err != nil {
		return err
	}
	pc := g.poolChange(why)
	pc.Known = withoutName(pc.Known, name)
	switch {
	case pc.Hidden > 0:
		// Which hidden Being is uncovered is not known.
		pc.Hidden--
		pc.Covered = nil
	case pc.Deck > 0:
		pc.Deck--
	default:
		pc.Visible--
	}
	d.Emit(TypePoolChanged, pc)
	return nil
}

// checkVisible refuses a Being known to lie hidden under the pool: only
// visible Beings can be taken (seed 002 line 204: "hidden under the being
// pool, sadly you can't grab it"; RULINGS, Reincardnated, 2026-12-01).
func checkVisible(g *Game, name string) error {
	if slices.ContainsFunc(g.Covered, func(n string) bool { return strings.EqualFold(n, name) }) {
		return engines.Refuse("Pool", "%s lies hidden under the Being pool, covered by a Replenish; only a visible Being can be taken", name)
	}
	return nil
}

// toPool lays a Being on the pool.
//
// Ruling: a Being sent back to the pool (Void) fills an empty spot if there
// is one, else it is laid on top of another Being, which is then hidden.
func toPool(d *engines.Decision, g *Game, name, why string) {
	pc := g.poolChange(why)
	if pc.Visible < PoolSize {
		pc.Visible++
	} else {
		pc.Hidden++
	}
	pc.Known = append(pc.Known, name)
	d.Emit(TypePoolChanged, pc)
}

// withoutName is names without name (any case).
func withoutName(names []string, name string) []string {
	return slices.DeleteFunc(names, func(n string) bool { return strings.EqualFold(n, name) })
}

// drawKarma draws up to n Karma for p. Ruling: when the Karma deck runs
// out, the discard pile is shuffled into a new deck; when both are empty,
// fewer cards are drawn.
func drawKarma(d *engines.Decision, g *Game, p *Player, n int, why string) int {
	re := 0
	if g.KarmaDeck < n {
		re = g.Discard
	}
	got := min(n, g.KarmaDeck+re)
	if got > 0 || re > 0 {
		d.Emit(TypeKarmaDrawn, KarmaDrawn{Player: p.Name, Count: got, Reshuffled: re, Why: why})
	}
	return got
}

// enterFromPool adds a Being of the pool to the rightmost spot of p's
// Lifeline.
func enterFromPool(d *engines.Decision, g *Game, p *Player, c Card, how string) error {
	if err := checkFree(g, c.Name); err != nil {
		return err
	}
	if err := takeFromPool(d, g, c.Name, fmt.Sprintf("%s %s %s", p.Name, how, c.Name)); err != nil {
		return err
	}
	d.Emit(TypeBeingEntered, BeingEntered{Player: p.Name, Being: Being{Name: c.Name, Type: c.Type}, How: how})
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

func plural(n int, one, many string) string { return words.Count(n, one, many) }
