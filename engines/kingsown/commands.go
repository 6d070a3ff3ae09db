package kingsown

// Recruit adds figures to the campaign roster.
type Recruit struct {
	Cards []Card `json:"cards"`
}

// Verb implements engines.Command.
func (Recruit) Verb() string { return "ko recruit" }

// SetBriefCard replaces the Nest's or the Orc grunt's card for this campaign.
type SetBriefCard struct {
	Role string `json:"role"`
	Card Card   `json:"card"`
}

// Verb implements engines.Command.
func (SetBriefCard) Verb() string { return "ko brief-card" }

// Initiative rolls the Nest's spawn (while it stands) and the roll-off.
// First is the side the winner sends first, chosen up front; "" : the
// winner chooses after the roll (ChooseFirst).
type Initiative struct {
	First string `json:"first,omitempty"`
}

// Verb implements engines.Command.
func (Initiative) Verb() string { return "ko initiative" }

// ChooseFirst is the roll-off winner's choice, made after the roll, of the
// side that moves first.
type ChooseFirst struct {
	Side string `json:"side"`
}

// Verb implements engines.Command.
func (ChooseFirst) Verb() string { return "ko first" }

// Move declares a figure's move. Pair names the second figure of a Mob pair.
// Rough: the move enters rough ground (alone: enters or leaves it, one
// roll); Leave: it leaves rough ground (with Rough: both, two rolls).
type Move struct {
	Figure string `json:"figure"`
	Move   string `json:"move"`
	Facing string `json:"facing,omitempty"`
	Rough  bool   `json:"rough,omitempty"`
	Leave  bool   `json:"leave,omitempty"`
	Pair   string `json:"pair,omitempty"`
}

// Verb implements engines.Command.
func (Move) Verb() string { return "ko move" }

// Next closes the phase: movement to attack, attack to the next turn.
type Next struct{}

// Verb implements engines.Command.
func (Next) Verb() string { return "ko next" }

// Attack is one attack with a weapon against one target, or several with
// Sweep.
type Attack struct {
	Attacker string   `json:"attacker"`
	Targets  []string `json:"targets"`
	Weapon   string   `json:"weapon,omitempty"`
	Rear     bool     `json:"rear,omitempty"`
}

// Verb implements engines.Command.
func (Attack) Verb() string { return "ko attack" }

// Cast is one spell, counted as the caster's attack.
type Cast struct {
	Caster  string   `json:"caster"`
	Spell   string   `json:"spell"`
	Targets []string `json:"targets,omitempty"`
	Facing  string   `json:"facing,omitempty"` // Teleport
	Rear    bool     `json:"rear,omitempty"`   // Firebolt, Sparks
}

// Verb implements engines.Command.
func (Cast) Verb() string { return "ko cast" }
