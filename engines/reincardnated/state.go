package reincardnated

import (
	"fmt"
	"slices"
	"strings"

	"warlog/engines"
	"warlog/engines/dice"
)

// Numbers of the game (seed 002, lines 36-39, 61-69, 137, 145).
const (
	MinPlayers  = 2
	MaxPlayers  = 6
	BeingsCards = 69
	KarmaCards  = 70
	PoolSize    = 8
	StartHand   = 2
	HandLimit   = 7
	HumanNeeds  = 6
	HumanBonus  = 5
)

// Types are the six Being types (seed 002 line 346); reptiles include
// amphibians.
var Types = []string{"plant", "insect", "bird", "reptile", "marine", "mammal"}

// Event types.
const (
	TypeGameStarted     = "reincardnated.game_started"
	TypeCardNoted       = "reincardnated.card_noted"
	TypeBeingEntered    = "reincardnated.being_entered"
	TypeBeingKilled     = "reincardnated.being_killed"
	TypeBeingReborn     = "reincardnated.being_reborn"
	TypeBeingMoved      = "reincardnated.being_moved"
	TypeBeingVoided     = "reincardnated.being_voided"
	TypeBeingReturned   = "reincardnated.being_returned"
	TypeBeingSwapped    = "reincardnated.being_swapped"
	TypePoolChanged     = "reincardnated.pool_changed"
	TypeKarmaDrawn      = "reincardnated.karma_drawn"
	TypeKarmaDiscarded  = "reincardnated.karma_discarded"
	TypeKarmaPlayed     = "reincardnated.karma_played"
	TypeDestinyChanged  = "reincardnated.destiny_changed"
	TypeDestinyRemoved  = "reincardnated.destiny_removed"
	TypePurposeSeen     = "reincardnated.purpose_seen"
	TypeHumanTaken      = "reincardnated.human_taken"
	TypeTurnEnded       = "reincardnated.turn_ended"
	TypePurposeRevealed = "reincardnated.purpose_revealed"
	TypeGoalMarked      = "reincardnated.goal_marked"
	TypeGameEnded       = "reincardnated.game_ended"
	defaultStarter      = "Starter"
)

// Card is a Being card as the campaign knows it.
type Card struct {
	Name    string `json:"name"`
	Type    string `json:"type"`
	Prefers string `json:"prefers,omitempty"`
	Lower   string `json:"lower,omitempty"`
	Human   bool   `json:"human,omitempty"`
}

// CanHuman reports whether the card lets its holder take the Human Form:
// every mammal, and those marked (seed 002 line 135).
func (c Card) CanHuman() bool { return c.Human || c.Type == "mammal" }

// Being is one card in a Lifeline.
type Being struct {
	Name string `json:"name"`
	Type string `json:"type"`
	Dead bool   `json:"dead,omitempty"`
}

// Goal is a Life Goal with its bonus.
type Goal struct {
	Name  string `json:"name"`
	Bonus int    `json:"bonus"`
	Met   bool   `json:"met,omitempty"`
}

// LifePurpose is a revealed Life Purpose.
type LifePurpose struct {
	Types map[string]int `json:"types,omitempty"`
	Death int            `json:"death"`
	Goals []Goal         `json:"goals,omitempty"`
}

// Destiny is one Change Destiny card lying in a player's area.
type Destiny struct {
	By    string `json:"by"`
	Type  string `json:"type"`
	Value int    `json:"value"`
}

// Player is one player of a game.
type Player struct {
	Name     string
	Starter  Card
	Lifeline []Being
	Hand     int
	Purpose  *LifePurpose
	Destiny  []Destiny // newest last
	Human    bool
	Killed   []int // beings of this player killed per round (index round-1)
}

// Active is the active Being: the rightmost living one, else the Starter.
func (p *Player) Active() (Being, bool) {
	for i := len(p.Lifeline) - 1; i >= 0; i-- {
		if !p.Lifeline[i].Dead {
			return p.Lifeline[i], true
		}
	}
	return Being{Name: p.Starter.Name, Type: "plant"}, false
}

func (p *Player) index(name string) int {
	return slices.IndexFunc(p.Lifeline, func(b Being) bool { return strings.EqualFold(b.Name, name) })
}

// lastPlay is the most recent Karma of the turn, for Lesson Learned.
type lastPlay struct {
	Player, Card, Target, Being string
	Index                       int
	Dead                        bool
}

// lifeEvent is the most recent kill or rebirth of the turn, for Sympathy.
type lifeEvent struct {
	Player, Being string
	Reborn        bool
}

// Game is one game (a scenario) of the campaign.
type Game struct {
	Name    string
	Players []*Player
	Current int // index of the player whose turn it is
	Round   int
	Actions int // actions used this turn: 0, 1 or 2
	Incarn  bool
	// The Being pool and decks by count; Known are the names known to lie
	// face up in the pool.
	Deck, Hidden, Visible int
	Known                 []string
	KarmaDeck, Discard    int
	HumanBy               string
	LastLeft              int // last turns still to play after the Human Form; -1 before
	Over                  bool
	lastKarma             *lastPlay
	lastLife              *lifeEvent
	Ended                 bool
	Scores                []Score
	Winners               []string
}

// Score is one player's final score, line by line.
type Score struct {
	Player string `json:"player"`
	Lines  []Line `json:"lines"`
	Total  int    `json:"total"`
}

// Line is one line of a score's breakdown.
type Line struct {
	What   string `json:"what"`
	Points int    `json:"points"`
}

// State is a Reincardnated campaign: the cards it has seen and its games.
type State struct {
	campaign engines.Campaign
	cards    map[string]Card // Beings by lower-case name
	starters map[string]Card // Starter Beings by lower-case name
	// past are the games before the last, oldest first: ended, never
	// changed again, and in a long campaign most of the state, so a
	// snapshot keeps them apart (engines.History).
	past engines.History[*Game]
	last *Game // the game in progress, or the last one ended; nil before the first
}

// games are every game of the campaign, oldest first (reading the past).
func (s *State) games() []*Game {
	all := slices.Clip(s.past.All())
	if s.last != nil {
		all = append(all, s.last)
	}
	return all
}

func newState(c engines.Campaign) *State {
	return &State{campaign: c, cards: map[string]Card{}, starters: map[string]Card{}}
}

// game is the game in progress, nil between games.
func (s *State) game() *Game {
	if s.last != nil && !s.last.Ended {
		return s.last
	}
	return nil
}

// Cards lists the Being cards the campaign knows, by name.
func (s *State) Cards() []Card {
	out := make([]Card, 0, len(s.cards))
	for _, c := range s.cards {
		out = append(out, c)
	}
	slices.SortFunc(out, func(a, b Card) int { return strings.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name)) })
	return out
}

// Card returns the campaign's card for a Being name.
func (s *State) Card(name string) (Card, bool) {
	c, ok := s.cards[strings.ToLower(name)]
	return c, ok
}

// Players lists the players of the game in progress (or the last game), in
// turn order, for completion.
func (s *State) Players() []string {
	if s.last == nil {
		return nil
	}
	var out []string
	for _, p := range s.last.Players {
		out = append(out, p.Name)
	}
	return out
}

// Lifeline lists a player's Beings in the game in progress, for completion.
func (s *State) Lifeline(player string) []string {
	g := s.game()
	if g == nil {
		return nil
	}
	for _, p := range g.Players {
		if strings.EqualFold(p.Name, player) {
			var out []string
			for _, b := range p.Lifeline {
				out = append(out, b.Name)
			}
			return out
		}
	}
	return nil
}

func (s *State) clone() *State {
	c := &State{campaign: s.campaign, cards: map[string]Card{}, starters: map[string]Card{}}
	for k, v := range s.cards {
		c.cards[k] = v
	}
	for k, v := range s.starters {
		c.starters[k] = v
	}
	c.past = s.past.Copy()
	if s.last != nil {
		c.last = s.last.clone()
	}
	return c
}

func (g *Game) clone() *Game {
	c := *g
	c.Players = make([]*Player, len(g.Players))
	for i, p := range g.Players {
		q := *p
		q.Lifeline = slices.Clone(p.Lifeline)
		q.Destiny = slices.Clone(p.Destiny)
		q.Killed = slices.Clone(p.Killed)
		if p.Purpose != nil {
			pp := *p.Purpose
			pp.Types = map[string]int{}
			for k, v := range p.Purpose.Types {
				pp.Types[k] = v
			}
			pp.Goals = slices.Clone(p.Purpose.Goals)
			q.Purpose = &pp
		}
		c.Players[i] = &q
	}
	c.Known = slices.Clone(g.Known)
	if g.lastKarma != nil {
		k := *g.lastKarma
		c.lastKarma = &k
	}
	if g.lastLife != nil {
		l := *g.lastLife
		c.lastLife = &l
	}
	c.Scores = slices.Clone(g.Scores)
	c.Winners = slices.Clone(g.Winners)
	return &c
}

func (g *Game) player(name string) *Player {
	for _, p := range g.Players {
		if strings.EqualFold(p.Name, name) {
			return p
		}
	}
	return nil
}

// current is the player whose turn it is.
func (g *Game) current() *Player { return g.Players[g.Current] }

// owner finds the player whose Lifeline holds a Being.
func (g *Game) owner(being string) (*Player, int) {
	for _, p := range g.Players {
		if i := p.index(being); i >= 0 {
			return p, i
		}
	}
	return nil, -1
}

// Facts.

// GameStarted begins a game: every player gets a Starter and 2 Karma, the
// pool shows 8 Beings.
type GameStarted struct {
	Name    string   `json:"name"`
	Players []string `json:"players"`
}

// CardNoted records what the campaign learned about a Being (or, with
// StarterOf set, about a player's Starter).
type CardNoted struct {
	Card      Card   `json:"card"`
	StarterOf string `json:"starter_of,omitempty"`
}

// BeingEntered is a Being added to the rightmost spot of a Lifeline.
type BeingEntered struct {
	Player string `json:"player"`
	Being  Being  `json:"being"`
	// How: incarnated (the turn's second action), gained, attained,
	// deja-vu, epiphany, uncertainty.
	How string `json:"how"`
	// FromPlayer is set when the Being was taken from another Lifeline.
	FromPlayer string `json:"from_player,omitempty"`
}

// BeingLife is a Being killed or brought back to life.
type BeingLife struct {
	Player string `json:"player"`
	Being  string `json:"being"`
	By     string `json:"by"`
	// Undo: Lesson Learned taking back a Karma; Sympathy cannot answer it.
	Undo bool `json:"undo,omitempty"`
}

// BeingMoved is a living Being moved to the rightmost spot: now active.
type BeingMoved struct {
	Player string `json:"player"`
	Being  string `json:"being"`
	By     string `json:"by"`
}

// BeingVoided is a Being taken out of a Lifeline into the pool.
type BeingVoided struct {
	Player string `json:"player"`
	Being  string `json:"being"`
	By     string `json:"by"`
}

// BeingReturned puts a voided Being back at its spot (Lesson Learned).
type BeingReturned struct {
	Player string `json:"player"`
	Being  Being  `json:"being"`
	Index  int    `json:"index"`
}

// BeingSwapped is Substitute: New takes Old's spot, Old goes to the pool.
type BeingSwapped struct {
	Player string `json:"player"`
	Old    string `json:"old"`
	New    Being  `json:"new"`
}

// PoolChanged sets the counts of the Being pool and deck after a change.
type PoolChanged struct {
	Why     string   `json:"why"`
	Deck    int      `json:"deck"`
	Hidden  int      `json:"hidden"`
	Visible int      `json:"visible"`
	Known   []string `json:"known,omitempty"`
	// KarmaDeck and Discard, set by corrections only (-1: unchanged).
	KarmaDeck int `json:"karma_deck"`
	Discard   int `json:"discard"`
}

// KarmaDrawn is Karma drawn into a hand; Reshuffled cards of the discard
// pile were shuffled into the empty deck first.
type KarmaDrawn struct {
	Player     string `json:"player"`
	Count      int    `json:"count"`
	Reshuffled int    `json:"reshuffled,omitempty"`
	Why        string `json:"why"`
}

// KarmaDiscarded is Karma discarded from a hand.
type KarmaDiscarded struct {
	Player string `json:"player"`
	Count  int    `json:"count"`
	Why    string `json:"why"`
}

// KarmaPlayed is a Karma card leaving a hand. Action is the turn's action
// it used (1 or 2), 0 when it used none (played on another's turn, or an
// extra play an ability allowed).
type KarmaPlayed struct {
	Player string `json:"player"`
	Card   string `json:"card"`
	Target string `json:"target,omitempty"`
	Being  string `json:"being,omitempty"`
	Index  int    `json:"index,omitempty"`
	// Dead: the state of the Being a Void took, for Lesson Learned.
	Dead   bool `json:"dead,omitempty"`
	Action int  `json:"action,omitempty"`
	Extra  bool `json:"extra,omitempty"`
}

// DestinyChanged lays a Change Destiny card on a player's area.
type DestinyChanged struct {
	Player string  `json:"player"`
	Card   Destiny `json:"card"`
}

// DestinyRemoved takes the newest Change Destiny off a player (Lesson
// Learned); the card goes to the discard pile.
type DestinyRemoved struct {
	Player string `json:"player"`
}

// PurposeSeen records who looked at whose Life Purpose.
type PurposeSeen struct {
	Player string `json:"player"`
	Target string `json:"target"`
}

// HumanTaken is the Human Form incarnated.
type HumanTaken struct {
	Player string `json:"player"`
}

// TurnEnded ends a turn; the fields are the new turn's position.
type TurnEnded struct {
	Player   string `json:"player"`
	Next     int    `json:"next"`
	Round    int    `json:"round"`
	LastLeft int    `json:"last_left"`
	Over     bool   `json:"over,omitempty"`
}

// PurposeRevealed enters a player's Life Purpose.
type PurposeRevealed struct {
	Player  string      `json:"player"`
	Purpose LifePurpose `json:"purpose"`
}

// GoalMarked marks a Life Goal met or not.
type GoalMarked struct {
	Player string `json:"player"`
	Goal   string `json:"goal"`
	Met    bool   `json:"met"`
}

// GameEnded closes a game with every score and the winners.
type GameEnded struct {
	Scores  []Score  `json:"scores"`
	Winners []string `json:"winners"`
	Why     string   `json:"why"`
}

// Apply implements engines.State.
func (s *State) Apply(typ string, payload any) error {
	if typ == dice.Type {
		return nil
	}
	if p, ok := payload.(GameStarted); ok {
		s.start(p)
		return nil
	}
	if p, ok := payload.(CardNoted); ok {
		return s.note(p)
	}
	g := s.game()
	if g == nil {
		return fmt.Errorf("%s with no game in progress", typ)
	}
	pl := func(name string) (*Player, error) {
		if p := g.player(name); p != nil {
			return p, nil
		}
		return nil, fmt.Errorf("%s: no player %q", typ, name)
	}
	if typ != TypeKarmaPlayed {
		g.lastKarma = nil
	}
	switch p := payload.(type) {
	case BeingEntered:
		to, err := pl(p.Player)
		if err != nil {
			return err
		}
		if p.FromPlayer != "" {
			from, err := pl(p.FromPlayer)
			if err != nil {
				return err
			}
			if i := from.index(p.Being.Name); i >= 0 {
				from.Lifeline = slices.Delete(from.Lifeline, i, i+1)
			}
		}
		to.Lifeline = append(to.Lifeline, p.Being)
		if p.How == "incarnated" {
			g.Actions, g.Incarn = 2, true
		}
	case BeingLife:
		who, err := pl(p.Player)
		if err != nil {
			return err
		}
		i := who.index(p.Being)
		if i < 0 {
			return fmt.Errorf("%s: %s has no %q", typ, p.Player, p.Being)
		}
		who.Lifeline[i].Dead = typ == TypeBeingKilled
		if p.Undo {
			g.lastLife = nil
		} else {
			g.lastLife = &lifeEvent{Player: who.Name, Being: p.Being, Reborn: typ == TypeBeingReborn}
			if typ == TypeBeingKilled {
				for len(who.Killed) < g.Round {
					who.Killed = append(who.Killed, 0)
				}
				who.Killed[g.Round-1]++
			}
		}
	case BeingMoved:
		who, err := pl(p.Player)
		if err != nil {
			return err
		}
		i := who.index(p.Being)
		if i < 0 {
			return fmt.Errorf("%s: %s has no %q", typ, p.Player, p.Being)
		}
		b := who.Lifeline[i]
		who.Lifeline = append(slices.Delete(who.Lifeline, i, i+1), b)
	case BeingVoided:
		who, err := pl(p.Player)
		if err != nil {
			return err
		}
		if i := who.index(p.Being); i >= 0 {
			who.Lifeline = slices.Delete(who.Lifeline, i, i+1)
		}
	case BeingReturned:
		who, err := pl(p.Player)
		if err != nil {
			return err
		}
		i := min(max(p.Index, 0), len(who.Lifeline))
		who.Lifeline = slices.Insert(who.Lifeline, i, p.Being)
	case BeingSwapped:
		who, err := pl(p.Player)
		if err != nil {
			return err
		}
		i := who.index(p.Old)
		if i < 0 {
			return fmt.Errorf("%s: %s has no %q", typ, p.Player, p.Old)
		}
		who.Lifeline[i] = p.New
	case PoolChanged:
		g.Deck, g.Hidden, g.Visible, g.Known = p.Deck, p.Hidden, p.Visible, slices.Clone(p.Known)
		if p.KarmaDeck >= 0 {
			g.KarmaDeck = p.KarmaDeck
		}
		if p.Discard >= 0 {
			g.Discard = p.Discard
		}
	case KarmaDrawn:
		who, err := pl(p.Player)
		if err != nil {
			return err
		}
		g.KarmaDeck += p.Reshuffled
		g.Discard -= p.Reshuffled
		g.KarmaDeck -= p.Count
		who.Hand += p.Count
	case KarmaDiscarded:
		who, err := pl(p.Player)
		if err != nil {
			return err
		}
		who.Hand -= p.Count
		g.Discard += p.Count
	case KarmaPlayed:
		who, err := pl(p.Player)
		if err != nil {
			return err
		}
		who.Hand--
		if p.Card != ChangeDestiny {
			g.Discard++
		}
		if p.Action > 0 {
			g.Actions = p.Action
		}
		g.lastKarma = &lastPlay{Player: who.Name, Card: p.Card, Target: p.Target, Being: p.Being, Index: p.Index, Dead: p.Dead}
	case DestinyChanged:
		who, err := pl(p.Player)
		if err != nil {
			return err
		}
		who.Destiny = append(who.Destiny, p.Card)
	case DestinyRemoved:
		who, err := pl(p.Player)
		if err != nil {
			return err
		}
		if n := len(who.Destiny); n > 0 {
			who.Destiny = who.Destiny[:n-1]
			g.Discard++
		}
	case PurposeSeen:
	case HumanTaken:
		who, err := pl(p.Player)
		if err != nil {
			return err
		}
		who.Human, g.HumanBy = true, who.Name
		g.Actions, g.Incarn = 2, true
	case TurnEnded:
		g.Current, g.Round, g.LastLeft, g.Over = p.Next, p.Round, p.LastLeft, p.Over
		g.Actions, g.Incarn = 0, false
		g.lastLife = nil
	case PurposeRevealed:
		who, err := pl(p.Player)
		if err != nil {
			return err
		}
		pp := p.Purpose
		who.Purpose = &pp
	case GoalMarked:
		who, err := pl(p.Player)
		if err != nil {
			return err
		}
		if who.Purpose == nil {
			return fmt.Errorf("%s: %s has no Life Purpose", typ, p.Player)
		}
		for i := range who.Purpose.Goals {
			if strings.EqualFold(who.Purpose.Goals[i].Name, p.Goal) {
				who.Purpose.Goals[i].Met = p.Met
			}
		}
	case GameEnded:
		g.Ended, g.Scores, g.Winners = true, p.Scores, p.Winners
	default:
		return fmt.Errorf("reincardnated cannot apply %s (%T)", typ, payload)
	}
	return nil
}

func (s *State) start(p GameStarted) {
	g := &Game{Name: p.Name, Round: 1, LastLeft: -1,
		Deck: BeingsCards - PoolSize, Visible: PoolSize,
		KarmaDeck: KarmaCards - StartHand*len(p.Players)}
	for _, name := range p.Players {
		st := Card{Name: defaultStarter, Type: "plant"}
		g.Players = append(g.Players, &Player{Name: name, Starter: st, Hand: StartHand})
	}
	if s.last != nil {
		// What Lesson Learned and Sympathy answer lasts a turn: nothing of
		// an ended game's is answered once the next has begun.
		s.last.lastKarma, s.last.lastLife = nil, nil
		s.past.Add(s.last)
	}
	s.last = g
}

func (s *State) note(p CardNoted) error {
	c := p.Card
	if p.StarterOf == "" {
		s.cards[strings.ToLower(c.Name)] = c
		return nil
	}
	if c.Name != defaultStarter {
		s.starters[strings.ToLower(c.Name)] = c
	}
	if g := s.game(); g != nil {
		if who := g.player(p.StarterOf); who != nil {
			who.Starter = c
		}
	}
	return nil
}
