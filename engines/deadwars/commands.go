package deadwars

import "encoding/json"

// CreateForce founds a player's force of one clan.
type CreateForce struct {
	Player string `json:"player"`
	Clan   string `json:"clan"`
}

// Verb implements engines.Command.
func (CreateForce) Verb() string { return "dw force" }

// Recruit adds a figure to a force.
type Recruit struct {
	Player   string `json:"player"`
	Name     string `json:"name"`
	Rank     string `json:"rank"`
	Class    string `json:"class"`
	Champion bool   `json:"champion,omitempty"`
}

// Verb implements engines.Command.
func (Recruit) Verb() string { return "dw recruit" }

// RollDice rolls the active player's action dice. Player, when given, must
// be the active player.
type RollDice struct {
	Player string `json:"player,omitempty"`
}

// Verb implements engines.Command.
func (RollDice) Verb() string { return "dw roll" }

// Double exchanges two unspent dice showing Face for one die showing To.
type Double struct {
	Face int `json:"face"`
	To   int `json:"to"`
}

// Verb implements engines.Command.
func (Double) Verb() string { return "dw double" }

// Move moves a figure 2" on any die. Into names the enemy it ends in base
// contact with; Leave says it moves out of base contact with every enemy it
// touches.
type Move struct {
	Figure string `json:"figure"`
	Die    int    `json:"die"`
	Into   string `json:"into,omitempty"`
	Leave  bool   `json:"leave,omitempty"`
}

// Verb implements engines.Command.
func (Move) Verb() string { return "dw move" }

// Dash moves a figure 4" on a Dash die; Into and Leave as for Move.
type Dash Move

// Verb implements engines.Command.
func (Dash) Verb() string { return "dw dash" }

// MarshalJSON records a dash as it always has been: a move with "dash": true.
func (c Dash) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Figure string `json:"figure"`
		Die    int    `json:"die"`
		Dash   bool   `json:"dash"`
		Into   string `json:"into,omitempty"`
		Leave  bool   `json:"leave,omitempty"`
	}{c.Figure, c.Die, true, c.Into, c.Leave})
}

// Contact sets base contact between two figures as the table shows it
// (Apart: they are not in contact), for contact the moves did not record.
type Contact struct {
	A     string `json:"a"`
	B     string `json:"b"`
	Apart bool   `json:"apart,omitempty"`
}

// Verb implements engines.Command.
func (Contact) Verb() string { return "dw contact" }

// Attack is one attack with one or more Attack dice, or a free attack.
type Attack struct {
	Figure string `json:"figure"`
	Target string `json:"target"`
	Dice   []int  `json:"dice,omitempty"`
	Free   bool   `json:"free,omitempty"`
}

// Verb implements engines.Command.
func (Attack) Verb() string { return "dw attack" }

// Defend spends a Defend die to put a counter on a figure.
type Defend struct {
	Figure string `json:"figure"`
	Die    int    `json:"die"`
}

// Verb implements engines.Command.
func (Defend) Verb() string { return "dw defend" }

// Cast casts a spell from the magic pool. Into and Leave are Boost's
// contact changes for the figure it moves.
type Cast struct {
	Caster string `json:"caster"`
	Spell  string `json:"spell"`
	Target string `json:"target,omitempty"`
	Into   string `json:"into,omitempty"`
	Leave  bool   `json:"leave,omitempty"`
}

// Verb implements engines.Command.
func (Cast) Verb() string { return "dw cast" }

// Collect is an attack on a Soul in base contact (Soul Collectors).
type Collect struct {
	Figure string `json:"figure"`
	Dice   []int  `json:"dice"`
}

// Verb implements engines.Command.
func (Collect) Verb() string { return "dw collect" }

// EndTurn ends the active player's turn. Player, when given, must be the
// active player.
type EndTurn struct {
	Player string `json:"player,omitempty"`
}

// Verb implements engines.Command.
func (EndTurn) Verb() string { return "dw end-turn" }

// HumanTarget is whom one Human attacks; Target "-" is no attack.
type HumanTarget struct {
	Human  string `json:"human"`
	Target string `json:"target"`
}

// Humans resolves the Humans' attacks after both players' turns.
type Humans struct {
	Targets []HumanTarget `json:"targets"`
}

// Verb implements engines.Command.
func (Humans) Verb() string { return "dw humans" }

// ShrineCount is one player's figures within 3" of the shrine.
type ShrineCount struct {
	Player string `json:"player"`
	Count  int    `json:"count"`
}

// Shrine enters the Death Shrine count after 6 turns each.
type Shrine struct {
	Counts []ShrineCount `json:"counts"`
}

// Verb implements engines.Command.
func (Shrine) Verb() string { return "dw shrine" }
