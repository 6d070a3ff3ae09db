package reincardnated

//go:generate go run warlog/internal/factgen

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
)

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

// BeingKilled is a Being killed.
type BeingKilled struct {
	Player string `json:"player"`
	Being  string `json:"being"`
	By     string `json:"by"`
	// Undo: Lesson Learned taking back a Karma; Sympathy cannot answer it.
	Undo bool `json:"undo,omitempty"`
}

// BeingReborn is a dead Being brought back to life; its fields are
// BeingKilled's.
type BeingReborn BeingKilled

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
// The Karma deck and discard are set by corrections only (-1: unchanged).
type PoolChanged struct {
	Why string `json:"why"`
	Counts
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

// TurnEnded ends a turn; the fields are the new turn's position. The turn
// that ends the game opens no new round: Round is the round it closed (a
// log of 0.1.0 wrote the next round there, which the fold ignores).
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

// GameEnded closes a game with every score and the winners. The outcome
// follows from them and from the game as it stood (onGameEnded).
type GameEnded struct {
	Scores  []Score  `json:"scores"`
	Winners []string `json:"winners"`
	Why     string   `json:"why"`
}
