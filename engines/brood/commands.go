package brood

// Commands. Each is what a player says at the table; the command line
// builds them.

// Spawn creates a new spawn on a square, named Name or by the program.
type Spawn struct {
	X    int    `json:"x"`
	Y    int    `json:"y"`
	Name string `json:"name,omitempty"`
}

// Raise raises one stat of a spawn by N.
type Raise struct {
	Spawn string `json:"spawn"`
	Stat  string `json:"stat"`
	N     int    `json:"n"`
}

// Move moves a spawn to a square along the cheapest free path.
type Move struct {
	Spawn string `json:"spawn"`
	X     int    `json:"x"`
	Y     int    `json:"y"`
}

// Attack is one spawn attacking a spawn or a Mother. OnTie is the
// defender's choice if the combat ties: "counter" or "end".
type Attack struct {
	Spawn  string `json:"spawn"`
	Target string `json:"target"`
	OnTie  string `json:"on_tie,omitempty"`
}

// MotherAttack is the current player's Mother attacking every enemy spawn in
// her Sphere of Influence; Order names the ones to fight first.
type MotherAttack struct {
	Order []string `json:"order,omitempty"`
}

// MotherMove moves a Mother with Levitation to a new centre square.
type MotherMove struct {
	X int `json:"x"`
	Y int `json:"y"`
}

// Absorb takes an adjacent own spawn back into the Mother for Plasmid.
type Absorb struct {
	Spawn string `json:"spawn"`
}

// Regenerate buys N Life Points for the current player's Mother.
type Regenerate struct {
	N int `json:"n"`
}

// Mutate gives a spawn a mutation; At is where a Mitosis twin appears.
type Mutate struct {
	Spawn    string `json:"spawn"`
	Mutation string `json:"mutation"`
	AtX      int    `json:"at_x,omitempty"`
	AtY      int    `json:"at_y,omitempty"`
}

// Evolve evolves the current player's Mother (or, with Proxy, one of her
// Brood Proxies). Font names the Plasmid Font that Fontification turns.
type Evolve struct {
	Evolution string `json:"evolution"`
	Font      string `json:"font,omitempty"`
	Proxy     string `json:"proxy,omitempty"`
}

// Subvert shoots a Seed of Subversion at an enemy spawn.
type Subvert struct {
	Spawn string `json:"spawn"`
}

// EndTurn passes play to the next player, who gains their income.
type EndTurn struct{}

// Verb implements engines.Command.
func (Spawn) Verb() string { return "brood spawn" }

// Verb implements engines.Command.
func (Raise) Verb() string { return "brood raise" }

// Verb implements engines.Command.
func (Move) Verb() string { return "brood move" }

// Verb implements engines.Command.
func (Attack) Verb() string { return "brood attack" }

// Verb implements engines.Command.
func (MotherAttack) Verb() string { return "brood mother-attack" }

// Verb implements engines.Command.
func (MotherMove) Verb() string { return "brood mother-move" }

// Verb implements engines.Command.
func (Absorb) Verb() string { return "brood absorb" }

// Verb implements engines.Command.
func (Regenerate) Verb() string { return "brood regenerate" }

// Verb implements engines.Command.
func (Mutate) Verb() string { return "brood mutate" }

// Verb implements engines.Command.
func (Evolve) Verb() string { return "brood evolve" }

// Verb implements engines.Command.
func (Subvert) Verb() string { return "brood subvert" }

// Verb implements engines.Command.
func (EndTurn) Verb() string { return "brood end-turn" }
