package reincardnated

import (
	"slices"
	"strings"

	"warlog/engines"
	"warlog/engines/kit"
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

const defaultStarter = "Starter"

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
	Name     string       `json:"name"`
	Starter  Card         `json:"starter"`
	Lifeline []Being      `json:"lifeline"`
	Hand     int          `json:"hand"`
	Purpose  *LifePurpose `json:"purpose,omitempty"`
	Destiny  []Destiny    `json:"destiny,omitempty"` // newest last
	Human    bool         `json:"human,omitempty"`
	Killed   []int        `json:"killed,omitempty"` // beings of this player killed per round (index round-1)
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

// Counts are the Being pool and the decks by count; Known are the names
// known to lie face up in the pool.
type Counts struct {
	Deck    int      `json:"deck"`
	Hidden  int      `json:"hidden"`
	Visible int      `json:"visible"`
	Known   []string `json:"known,omitempty"`
	// Covered are the names known to lie hidden under the pool: known
	// face up when a Replenish of the whole pool covered them.
	Covered   []string `json:"covered,omitempty"`
	KarmaDeck int      `json:"karma_deck"`
	Discard   int      `json:"discard"`
}

// poolChange is a change of the pool from its counts now, for why; the
// Karma deck and discard stay as they are.
func (g *Game) poolChange(why string) PoolChanged {
	c := g.Counts
	c.Known = slices.Clone(c.Known)
	c.Covered = slices.Clone(c.Covered)
	c.KarmaDeck, c.Discard = -1, -1
	return PoolChanged{Why: why, Counts: c}
}

// Game is one game (a scenario) of the campaign.
type Game struct {
	Name    string    `json:"name"`
	Players []*Player `json:"players"`
	Current int       `json:"current"` // index of the player whose turn it is
	Round   int       `json:"round"`
	// Filed is the round an end of turn closed while no player has played
	// in the next one (0 otherwise): that end of turn, and what the table
	// enters before anyone plays again, belong to the round it closed (Now).
	Filed   int  `json:"filed,omitempty"`
	Actions int  `json:"actions"` // actions used this turn: 0, 1 or 2
	Incarn  bool `json:"incarn,omitempty"`
	Counts
	HumanBy  string `json:"human_by,omitempty"`
	LastLeft int    `json:"last_left"` // last turns still to play after the Human Form; -1 before
	Over     bool   `json:"over,omitempty"`
	// LastKarma and LastLife are what Lesson Learned and Sympathy answer:
	// the turn's most recent Karma, and its most recent kill or rebirth.
	LastKarma *lastPlay  `json:"last_karma,omitempty"`
	LastLife  *lifeEvent `json:"last_life,omitempty"`
	Ended     bool       `json:"ended,omitempty"`
	Scores    []Score    `json:"scores,omitempty"`
	Winners   []string   `json:"winners,omitempty"`
	// Ending is how the game ended, stated when it ended; nil before.
	kit.Ending
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
	// Play is the campaign, its newest game (in progress, or the last one
	// ended; nil before the first) and the games before it.
	kit.Play[*Game, *Game]
	// Beings are the Being cards the campaign knows, by lower-case name;
	// Starters the Starter Beings named so far.
	Beings   engines.Table[Card] `json:"beings"`
	Starters engines.Table[Card] `json:"starters"`
	// IDs name the outcomes' figures for as long as the campaign lasts:
	// each card ("being:ant", "starter:fern") that stood in a Lifeline
	// when a game ended, "F1", "F2", ... in that order; Figures counts the
	// names given (an unnamed Starter gets one of its own).
	IDs     *engines.Table[string] `json:"ids,omitempty"`
	Figures int                    `json:"figures,omitempty"`
}

// games are every game of the campaign, oldest first (reading the past).
func (s *State) games() []*Game {
	all := slices.Clip(s.Past.All())
	if s.Battle != nil {
		all = append(all, s.Battle)
	}
	return all
}

func newState(c engines.Campaign) *State {
	return &State{Play: kit.Play[*Game, *Game]{Campaign: c}}
}

// game is the game in progress, nil between games.
func (s *State) game() *Game {
	if s.Battle != nil && !s.Battle.Ended {
		return s.Battle
	}
	return nil
}

// Cards lists the Being cards the campaign knows, by name.
func (s *State) Cards() []Card {
	out := make([]Card, 0, s.Beings.Len())
	s.Beings.All(func(_ string, c Card) bool { out = append(out, c); return true })
	slices.SortFunc(out, func(a, b Card) int { return strings.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name)) })
	return out
}

// Card returns the campaign's card for a Being name.
func (s *State) Card(name string) (Card, bool) {
	return s.Beings.Get(strings.ToLower(name))
}

// Players lists the players of the game in progress (or the last game), in
// turn order, for completion.
func (s *State) Players() []string {
	if s.Battle == nil {
		return nil
	}
	var out []string
	for _, p := range s.Battle.Players {
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
