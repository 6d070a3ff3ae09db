// Package brood is the rules engine of Brood Mother (seed 004): two Brood
// Mothers on a square grid, a Plasmid economy, spawns that fight with 2d6,
// mutations, evolutions and regeneration priced by the campaign's mode.
//
// The engine is pure: it folds facts (Apply) and turns a command into facts
// (Decide) with the dice it is handed, in the order RULINGS.md lists.
package brood

import (
	"encoding/json"
	"fmt"

	"warlog/engines"
	"warlog/events"
)

// Engine is Brood Mother's rules engine.
type Engine struct{}

// New returns the engine.
func New() Engine { return Engine{} }

// Game implements engines.Engine.
func (Engine) Game() string { return "brood" }

// Title implements engines.Engine.
func (Engine) Title() string { return "Brood Mother" }

// Modes are the regeneration modes a campaign plays by, the default first.
func (Engine) Modes() []string { return []string{"standard", "fast", "campaign"} }

// RulesVersion implements engines.Engine.
func (Engine) RulesVersion() string { return "brood/1" }

// Register implements engines.Engine.
func (Engine) Register(r *events.Registry) {
	for typ, proto := range payloads {
		r.Register(typ, proto)
	}
	registerHot(r)
}

// NewState implements engines.Engine.
func (Engine) NewState(c engines.Campaign) engines.State {
	mode := c.Mode
	if mode == "" {
		mode = ModeStandard
	}
	return &State{Campaign: c.Name, Mode: mode, Wins: map[string]int{}, Played: map[string]int{}}
}

// DecodeCommand implements engines.Engine.
func (Engine) DecodeCommand(verb string, args json.RawMessage) (engines.Command, error) {
	if c, ok, err := engines.DecodeCommon(verb, args); ok {
		return c, err
	}
	switch verb {
	case Spawn{}.Verb():
		return decode[Spawn](args)
	case Raise{}.Verb():
		return decode[Raise](args)
	case Move{}.Verb():
		return decode[Move](args)
	case Attack{}.Verb():
		return decode[Attack](args)
	case MotherAttack{}.Verb():
		return decode[MotherAttack](args)
	case MotherMove{}.Verb():
		return decode[MotherMove](args)
	case Absorb{}.Verb():
		return decode[Absorb](args)
	case Regenerate{}.Verb():
		return decode[Regenerate](args)
	case Mutate{}.Verb():
		return decode[Mutate](args)
	case Evolve{}.Verb():
		return decode[Evolve](args)
	case Subvert{}.Verb():
		return decode[Subvert](args)
	case EndTurn{}.Verb():
		return decode[EndTurn](args)
	}
	return nil, fmt.Errorf("brood %q: %w", verb, engines.ErrUnknownCommand)
}

// decode reads a recorded command as the value Decide takes.
func decode[T engines.Command](args json.RawMessage) (engines.Command, error) {
	var c T
	if len(args) > 0 {
		if err := json.Unmarshal(args, &c); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// Modes of a Brood campaign: they fix the price of a Life Point.
const (
	ModeFast     = "fast"
	ModeStandard = "standard"
	ModeCampaign = "campaign"
)

// RegenCost is the Plasmid price of one Life Point in mode.
// seed 004 lines 55-57: fast 15, standard 10, campaign 5.
func RegenCost(mode string) int {
	switch mode {
	case ModeFast:
		return 15
	case ModeCampaign:
		return 5
	}
	return 10
}

// Numbers of the seed.
const (
	PlasmidIncome = 10 // seed line 12
	PlasmidCap    = 50 // seed line 21
	SpawnCost     = 5  // seed line 23
	RaiseCost     = 1  // seed line 24
	StatCap       = 10 // seed line 11
	MaxLife       = 5  // seed lines 46, 48
	AbsorbGain    = 5  // seed line 53
	AbsorbPoints  = 3  // seed line 38
	EvolveCost    = 25 // seed line 76
	MaxEvolutions = 2  // seed line 76
	SubvertCost   = 10 // seed line 82
	SubvertRange  = 3  // seed line 82
	MotherBase    = 10 // seed line 45
	FortifyBonus  = 3  // seed line 81
	FontIncome    = 2  // seed line 66
	ProxyIncome   = 3  // seed line 83
	ProxyAttack   = 5  // seed line 83
	FirstMutation = 15 // seed line 59
	NextMutation  = 30 // seed line 59
	DefaultSize   = 16
	MinSize       = 8
	MaxSize       = 64
	LevitateMove  = 2 // seed line 80
	ArmorMod      = 3 // seed lines 67, 68
)

// Commands. Each is what a player says at the table; the cmd package builds
// them from the command line.

// Spawn creates a new spawn on a square: `brood spawn X,Y`.
type Spawn struct {
	X    int    `json:"x"`
	Y    int    `json:"y"`
	Name string `json:"name,omitempty"`
}

// Raise raises one stat of a spawn by N: `brood raise SPAWN attack 2`.
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
