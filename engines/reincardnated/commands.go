package reincardnated

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
func (Starter) Verb() string { return "rc starter" }

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
func (Incarnate) Verb() string { return "rc incarnate" }

// Gain is a Being gained by an ability ("gain control of X"): from the pool
// or from another player's Lifeline. No Karma is drawn.
type Gain struct {
	Player string `json:"player"`
	Being  string `json:"being"`
	CardInfo
}

// Verb implements engines.Command.
func (Gain) Verb() string { return "rc gain" }

// Kill turns one of a player's Beings dead (by an ability).
type Kill struct {
	Player string `json:"player"`
	Being  string `json:"being"`
}

// Verb implements engines.Command.
func (Kill) Verb() string { return "rc kill" }

// Rebirth brings one of a player's dead Beings back to life (by an ability).
type Rebirth struct {
	Player string `json:"player"`
	Being  string `json:"being"`
}

// Verb implements engines.Command.
func (Rebirth) Verb() string { return "rc rebirth" }

// Void puts one of a player's Beings back into the pool (by an ability).
type Void struct {
	Player string `json:"player"`
	Being  string `json:"being"`
}

// Verb implements engines.Command.
func (Void) Verb() string { return "rc void" }

// Activate makes a living Being of the player's Lifeline the active one
// (by an ability); it moves to the rightmost spot.
type Activate struct {
	Player string `json:"player"`
	Being  string `json:"being"`
}

// Verb implements engines.Command.
func (Activate) Verb() string { return "rc activate" }

// Human is the player incarnating the Human Form.
type Human struct {
	Player string `json:"player"`
	// Allows records that the active Being's card allows the Human Form
	// (for a Being that is not a mammal and was not marked when entered).
	Allows bool `json:"allows,omitempty"`
}

// Verb implements engines.Command.
func (Human) Verb() string { return "rc human" }

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
func (Play) Verb() string { return "rc play" }

// Draw is Karma drawn by an ability.
type Draw struct {
	Player string `json:"player"`
	Count  int    `json:"count"`
}

// Verb implements engines.Command.
func (Draw) Verb() string { return "rc draw" }

// Discard is Karma discarded by an ability.
type Discard struct {
	Player string `json:"player"`
	Count  int    `json:"count"`
}

// Verb implements engines.Command.
func (Discard) Verb() string { return "rc discard" }

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
func (Pool) Verb() string { return "rc pool" }

// EndTurn ends the current player's turn: the hand limit is applied and the
// next player's turn begins.
type EndTurn struct {
	// Player, when given, must be the player whose turn it is.
	Player string `json:"player,omitempty"`
}

// Verb implements engines.Command.
func (EndTurn) Verb() string { return "rc end-turn" }

// Purpose enters a player's Life Purpose as revealed: a score per Being
// type, the Death score and the Life Goals with their bonuses.
type Purpose struct {
	Player string         `json:"player"`
	Types  map[string]int `json:"types,omitempty"`
	Death  int            `json:"death"`
	Goals  []Goal         `json:"goals,omitempty"`
}

// Verb implements engines.Command.
func (Purpose) Verb() string { return "rc purpose" }

// MarkGoal marks a Life Goal met or not met.
type MarkGoal struct {
	Player string `json:"player"`
	Goal   string `json:"goal"`
	Met    bool   `json:"met"`
}

// Verb implements engines.Command.
func (MarkGoal) Verb() string { return "rc goal" }
