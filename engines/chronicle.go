package engines

// Chronicler is implemented by game states that can tell what their
// scenarios were, for battle reports and the campaign chronicle. The report
// takes the turn-by-turn narrative from the action labels (written as
// sentences a player would post) and the rest from here.
type Chronicler interface {
	Scenarios() []ScenarioSummary
}

// LatestChronicler is a Chronicler that tells its latest scenario (the one
// in progress, else the last ended) without summarising every earlier one:
// a replay asks for it at every scenario's end, and summarising the whole
// past each time grows with the square of the campaign's length.
type LatestChronicler interface {
	LatestScenario() (ScenarioSummary, bool)
}

// LatestScenario is g's latest scenario: through LatestChronicler where the
// game has it, else the last of its Scenarios.
func LatestScenario(g any) (ScenarioSummary, bool) {
	if l, ok := g.(LatestChronicler); ok {
		return l.LatestScenario()
	}
	if ch, ok := g.(Chronicler); ok {
		if all := ch.Scenarios(); len(all) > 0 {
			return all[len(all)-1], true
		}
	}
	return ScenarioSummary{}, false
}

// ScenarioSummary is one battle as a report tells it.
type ScenarioSummary struct {
	Name  string `json:"name"`
	Brief string `json:"brief,omitempty"`
	// Turn is the turn reached; Ended says whether `scenario end` closed it.
	Turn  int  `json:"turn"`
	Ended bool `json:"ended"`
	// Sides are the forces as they started, with what each lost per turn.
	Sides []SideSummary `json:"sides"`
	// Result names the outcome ("Hunters win: the Nest is Down") and Why
	// explains it in a sentence or two.
	Result string `json:"result,omitempty"`
	Why    string `json:"why,omitempty"`
	// Winner is the winning side's (or player's) name, "draw" for a draw,
	// "" while undecided; the chronicle keeps the running score from it.
	Winner string `json:"winner,omitempty"`
	// Consequences are what the fight did to the campaign, one line each
	// ("Bors was Broken: campaign Skill 3 -> 2").
	Consequences []string `json:"consequences,omitempty"`
	// Outcome is how the scenario ended, as the engine stated it; nil
	// while it is being played. Result, Why, Winner and Consequences
	// follow from it (FromOutcome).
	Outcome *Outcome `json:"-"`
}

// FromOutcome sets the result, the winner and the consequences from the
// outcome, when the scenario has one. Consequences the game has written in
// its own words stay.
func (s *ScenarioSummary) FromOutcome() {
	o := s.Outcome
	if o == nil {
		return
	}
	s.Ended = true
	s.Result, s.Why, s.Winner = o.Result, o.Why, o.WinnerName()
	if len(s.Consequences) == 0 {
		s.Consequences = o.Consequences()
	}
}

// SideSummary is one side (or player) of a battle.
type SideSummary struct {
	Name string `json:"name"`
	// Player is who commands the side, when the game knows.
	Player string `json:"player,omitempty"`
	// Forces are the side's figures at the start, as table rows.
	Forces []Row `json:"forces"`
	// RemovedPerTurn[i] is how many of the side's figures were removed in
	// turn i+1.
	RemovedPerTurn []int `json:"removed_per_turn"`
}

// Turner is implemented by states that number their turns, so that every
// action can be filed under the turn it happened in.
type Turner interface {
	// Now is the scenario in progress ("" between scenarios) and its turn.
	Now() (scenario string, turn int)
}

// Boarder is implemented by games played on a grid (Brood Mother), so the
// report can draw the final board.
type Boarder interface {
	Board() *Board
}

// Board is a grid as reports draw it; squares are 1-based, X from the left,
// Y from the top (CLI.md).
type Board struct {
	Width  int      `json:"width"`
	Height int      `json:"height"`
	Owners []string `json:"owners"` // players in colour order
	Pieces []Piece  `json:"pieces"`
	// Influence lists squares inside a Mother's sphere of influence.
	Influence []Square `json:"influence"`
}

// Piece is one thing on the board: a Mother fills W x H squares from X,Y.
type Piece struct {
	Kind  string `json:"kind"` // mother, spawn, font, proxy
	Owner string `json:"owner"`
	Label string `json:"label"`
	X     int    `json:"x"`
	Y     int    `json:"y"`
	W     int    `json:"w"`
	H     int    `json:"h"`
}

// Square is one grid square and whose influence covers it.
type Square struct {
	X     int    `json:"x"`
	Y     int    `json:"y"`
	Owner string `json:"owner"`
}
