// Package reincardnated is the rules engine of Reincardnated, a card game for
// 2 to 6 players (seed 002). The program ships no card list: a Being is
// entered by name and type the first time it is played and remembered in the
// campaign; a Life Purpose is entered when it is revealed. What it tracks is
// what players lose track of at the table: each Lifeline and its active
// Being, the number of Karma cards in each hand, the Being pool and the
// decks by count, whose turn and action it is, the Human Form and its last
// round, Change Destiny stacks, and the score.
//
// The game rolls no dice: shuffles happen at the table.
package reincardnated

import (
	"encoding/json"

	"warlog/engines"
	"warlog/events"
)

// Engine is Reincardnated's rules engine.
type Engine struct{}

// New returns the engine.
func New() Engine { return Engine{} }

// Game implements engines.Engine.
func (Engine) Game() string { return "reincardnated" }

// Title implements engines.Engine.
func (Engine) Title() string { return "Reincardnated" }

// RulesVersion implements engines.Engine.
func (Engine) RulesVersion() string { return "reincardnated/1" }

// Register implements engines.Engine.
func (Engine) Register(r *events.Registry) {
	r.Register(TypeGameStarted, GameStarted{})
	r.Register(TypeCardNoted, CardNoted{})
	r.Register(TypeBeingEntered, BeingEntered{})
	r.Register(TypeBeingKilled, BeingLife{})
	r.Register(TypeBeingReborn, BeingLife{})
	r.Register(TypeBeingMoved, BeingMoved{})
	r.Register(TypeBeingVoided, BeingVoided{})
	r.Register(TypeBeingReturned, BeingReturned{})
	r.Register(TypeBeingSwapped, BeingSwapped{})
	r.Register(TypePoolChanged, PoolChanged{})
	r.Register(TypeKarmaDrawn, KarmaDrawn{})
	r.Register(TypeKarmaDiscarded, KarmaDiscarded{})
	r.Register(TypeKarmaPlayed, KarmaPlayed{})
	r.Register(TypeDestinyChanged, DestinyChanged{})
	r.Register(TypeDestinyRemoved, DestinyRemoved{})
	r.Register(TypePurposeSeen, PurposeSeen{})
	r.Register(TypeHumanTaken, HumanTaken{})
	r.Register(TypeTurnEnded, TurnEnded{})
	r.Register(TypePurposeRevealed, PurposeRevealed{})
	r.Register(TypeGoalMarked, GoalMarked{})
	r.Register(TypeGameEnded, GameEnded{})
	registerHot(r)
}

// NewState implements engines.Engine.
func (Engine) NewState(c engines.Campaign) engines.State { return newState(c) }

// DecodeCommand implements engines.Engine.
func (Engine) DecodeCommand(verb string, args json.RawMessage) (engines.Command, error) {
	if c, ok, err := engines.DecodeCommon(verb, args); ok {
		return c, err
	}
	var c engines.Command
	switch verb {
	case Starter{}.Verb():
		var x Starter
		return x, json.Unmarshal(args, &x)
	case Incarnate{}.Verb():
		var x Incarnate
		return x, json.Unmarshal(args, &x)
	case Gain{}.Verb():
		var x Gain
		return x, json.Unmarshal(args, &x)
	case Kill{}.Verb():
		var x Kill
		return x, json.Unmarshal(args, &x)
	case Rebirth{}.Verb():
		var x Rebirth
		return x, json.Unmarshal(args, &x)
	case Void{}.Verb():
		var x Void
		return x, json.Unmarshal(args, &x)
	case Activate{}.Verb():
		var x Activate
		return x, json.Unmarshal(args, &x)
	case Human{}.Verb():
		var x Human
		return x, json.Unmarshal(args, &x)
	case Play{}.Verb():
		var x Play
		return x, json.Unmarshal(args, &x)
	case Draw{}.Verb():
		var x Draw
		return x, json.Unmarshal(args, &x)
	case Discard{}.Verb():
		var x Discard
		return x, json.Unmarshal(args, &x)
	case Pool{}.Verb():
		var x Pool
		return x, json.Unmarshal(args, &x)
	case EndTurn{}.Verb():
		var x EndTurn
		return x, json.Unmarshal(args, &x)
	case Purpose{}.Verb():
		var x Purpose
		return x, json.Unmarshal(args, &x)
	case MarkGoal{}.Verb():
		var x MarkGoal
		return x, json.Unmarshal(args, &x)
	}
	return c, engines.ErrUnknownCommand
}

// CardInfo is what a command may say about a Being card the first time it
// is played: its type, the types its holder incarnates into (preferred,
// lower) and whether it lets its holder take the Human Form.
type CardInfo struct {
	Type    string `json:"type,omitempty"`
	Prefers string `json:"prefers,omitempty"`
	Lower   string `json:"lower,omitempty"`
	Human   bool   `json:"human,omitempty"`
}

// Starter names a player's Starter Being and, optionally, the types it
// incarnates into. Starters are plants.
type Starter struct {
	Player string `json:"player"`
	Name   string `json:"name"`
	CardInfo
}

// Verb implements engines.Command.
func (Starter) Verb() string { return "starter" }

// Incarnate is the turn's second action: a Being from the pool joins the
// player's Lifeline and Karma is drawn by the kind of incarnation.
type Incarnate struct {
	Player string `json:"player"`
	Being  string `json:"being"`
	CardInfo
	// Kind is "preferred", "lower" or "lateral"; empty lets the program
	// work it out from the active Being's card.
	Kind string `json:"kind,omitempty"`
}

// Verb implements engines.Command.
func (Incarnate) Verb() string { return "incarnate" }

// Gain is a Being gained by an ability ("gain control of X"): from the pool
// or from another player's Lifeline. No Karma is drawn.
type Gain struct {
	Player string `json:"player"`
	Being  string `json:"being"`
	CardInfo
}

// Verb implements engines.Command.
func (Gain) Verb() string { return "gain" }

// Kill turns one of a player's Beings dead (by an ability).
type Kill struct {
	Player string `json:"player"`
	Being  string `json:"being"`
}

// Verb implements engines.Command.
func (Kill) Verb() string { return "kill" }

// Rebirth brings one of a player's dead Beings back to life (by an ability).
type Rebirth struct {
	Player string `json:"player"`
	Being  string `json:"being"`
}

// Verb implements engines.Command.
func (Rebirth) Verb() string { return "rebirth" }

// Void puts one of a player's Beings back into the pool (by an ability).
type Void struct {
	Player string `json:"player"`
	Being  string `json:"being"`
}

// Verb implements engines.Command.
func (Void) Verb() string { return "void" }

// Activate makes a living Being of the player's Lifeline the active one
// (by an ability); it moves to the rightmost spot.
type Activate struct {
	Player string `json:"player"`
	Being  string `json:"being"`
}

// Verb implements engines.Command.
func (Activate) Verb() string { return "activate" }

// Human is the player incarnating the Human Form.
type Human struct {
	Player string `json:"player"`
	// Allows records that the active Being's card allows the Human Form
	// (for a Being that is not a mammal and was not marked when entered).
	Allows bool `json:"allows,omitempty"`
}

// Verb implements engines.Command.
func (Human) Verb() string { return "human" }

// Play is a Karma card played from a player's hand. Args are the card's own
// arguments (see Karmas); CardInfo describes a Being the card brings in.
type Play struct {
	Player string   `json:"player"`
	Karma  string   `json:"karma"`
	Args   []string `json:"args,omitempty"`
	CardInfo
	// Choose names, for Synchronize, which living Being each player makes
	// active (PLAYER -> BEING) where they hold more than one of the type.
	Choose map[string]string `json:"choose,omitempty"`
	// Extra: an ability lets the player play this Karma beyond the turn's
	// two actions.
	Extra bool `json:"extra,omitempty"`
}

// Verb implements engines.Command.
func (Play) Verb() string { return "play" }

// Draw is Karma drawn by an ability.
type Draw struct {
	Player string `json:"player"`
	Count  int    `json:"count"`
}

// Verb implements engines.Command.
func (Draw) Verb() string { return "draw" }

// Discard is Karma discarded by an ability.
type Discard struct {
	Player string `json:"player"`
	Count  int    `json:"count"`
}

// Verb implements engines.Command.
func (Discard) Verb() string { return "discard" }

// Pool corrects the counts of the Being pool and decks to what the table
// shows. A nil field keeps its count.
type Pool struct {
	Deck      *int `json:"deck,omitempty"`
	Hidden    *int `json:"hidden,omitempty"`
	Visible   *int `json:"visible,omitempty"`
	KarmaDeck *int `json:"karma_deck,omitempty"`
	Discard   *int `json:"discard,omitempty"`
}

// Verb implements engines.Command.
func (Pool) Verb() string { return "pool" }

// EndTurn ends the current player's turn: the hand limit is applied and the
// next player's turn begins.
type EndTurn struct {
	// Player, when given, must be the player whose turn it is.
	Player string `json:"player,omitempty"`
}

// Verb implements engines.Command.
func (EndTurn) Verb() string { return "end-turn" }

// Purpose enters a player's Life Purpose as revealed: a score per Being
// type, the Death score and the Life Goals with their bonuses.
type Purpose struct {
	Player string         `json:"player"`
	Types  map[string]int `json:"types,omitempty"`
	Death  int            `json:"death"`
	Goals  []Goal         `json:"goals,omitempty"`
}

// Verb implements engines.Command.
func (Purpose) Verb() string { return "purpose" }

// MarkGoal marks a Life Goal met or not met.
type MarkGoal struct {
	Player string `json:"player"`
	Goal   string `json:"goal"`
	Met    bool   `json:"met"`
}

// Verb implements engines.Command.
func (MarkGoal) Verb() string { return "goal" }
