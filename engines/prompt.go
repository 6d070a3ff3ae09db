package engines

// Prompter is implemented by game states that play (the prompted turns) can drive: the
// engine, not the screen, says which actions are legal now and which figures
// and targets each may take, so the prompts never offer an illegal move.
type Prompter interface {
	// Choices are the actions legal now, the likeliest next first (the
	// menu opens on it): a game orders them by what its rules make most
	// likely in the state at hand (the next figure to move, the attack of
	// the highest step, the end of a turn once nothing else is left).
	Choices() []Choice
}

// Likeliest puts the items for which first is true before the others,
// keeping the order within each group: how a game declares which of its
// choices, or a question's options, the table most likely takes next.
func Likeliest[T any](items []T, first func(T) bool) []T {
	out := make([]T, 0, len(items))
	for _, it := range items {
		if first(it) {
			out = append(out, it)
		}
	}
	for _, it := range items {
		if !first(it) {
			out = append(out, it)
		}
	}
	return out
}

// Choice is one action on the menu and how to complete it.
type Choice struct {
	// Label names the action on the menu ("Attack", "End the movement phase").
	Label string
	// Help says in one line what it does, in our own words.
	Help string
	// Game is the game whose command Build makes; "" for the shared
	// commands (scenario start and end).
	Game string
	// Questions are asked in order; a question's options may depend on the
	// answers so far.
	Questions []Question
	// Build turns the answers, by question key, into the command.
	Build func(answers map[string]string) (Command, error)
	// Confirm, when set, is asked before anything else, as a yes-or-no
	// question: the action loses something the player may not mean to
	// lose (the higher Skill steps' attacks, the rest of the fight).
	Confirm string
	// ID names the action on the menu while its label may change (a count
	// of attacks or dice left in it): play keeps the action's key while
	// its ID stays on the menu. "" means the label.
	ID string
	// EndsTurn marks the action that ends the turn (or round) at hand:
	// play gives it the same key in every turn. An engine sets Confirm on
	// it when it forfeits what the rules still allow.
	EndsTurn bool
	// NoDice is true when the action never rolls. Play asks "roll for me or
	// enter my dice" only when the rules ask for a first die, so this is a
	// hint for other front ends.
	NoDice bool
}

// Question asks for one argument of a command.
type Question struct {
	Key    string
	Prompt string
	// Options, when set, makes the question a choice among them, the
	// likeliest answer first (play opens on it); an empty result means
	// there is nothing to choose and the choice is not offered.
	Options func(answers map[string]string) []Pick
	// Check validates a free-text answer; nil accepts anything non-empty.
	Check func(string) error
	// CheckWith validates a free-text answer against the answers so far.
	CheckWith func(answers map[string]string, v string) error
	// Optional lets a free-text answer be empty.
	Optional bool
}

// Pick is one option of a question: the value the command gets and the
// label the player reads.
type Pick struct {
	Value string
	Label string
}

// Squares is implemented by a game state whose questions may ask for a
// square of the grid its status notes draw: play marks the squares a
// question offers on that map, so the square is picked on it.
type Squares interface {
	// Square says where the square a pick's value names is drawn: the
	// index of its line among the status notes, and the first column and
	// the width of its cell in that line; ok is false when the value
	// names no square drawn there.
	Square(value string) (note, col, width int, ok bool)
	// MapNotes are the indexes of the first and last status notes that
	// draw the map (its column numbers, then its rows).
	MapNotes() (first, last int, ok bool)
}
