package brood

//go:generate go run warlog/internal/factgen

// Event types. Every fact is past tense and prefixed with the game.
const (
	TypeGameStarted    = "brood.game_started"
	TypeTurnBegan      = "brood.turn_began"
	TypeTurnEnded      = "brood.turn_ended"
	TypePlasmidGained  = "brood.plasmid_gained"
	TypePlasmidSpent   = "brood.plasmid_spent"
	TypeSpawnCreated   = "brood.spawn_created"
	TypeStatRaised     = "brood.stat_raised"
	TypeSpawnMoved     = "brood.spawn_moved"
	TypeCombatFought   = "brood.combat_fought"
	TypeSpawnWounded   = "brood.spawn_wounded"
	TypeSpawnSaved     = "brood.spawn_saved"
	TypeSpawnRemoved   = "brood.spawn_removed"
	TypePointsAbsorbed = "brood.points_absorbed"
	TypeSpawnPoisoned  = "brood.spawn_poisoned"
	TypeSpawnAbsorbed  = "brood.spawn_absorbed"
	TypeMutated        = "brood.spawn_mutated"
	TypeEvolved        = "brood.mother_evolved"
	TypeSubverted      = "brood.spawn_subverted"
	TypeSubvertTried   = "brood.subversion_tried"
	TypeMotherMoved    = "brood.mother_moved"
	TypeMotherAttacked = "brood.mother_attacked"
	TypeLifeLost       = "brood.life_lost"
	TypeLifeGained     = "brood.life_gained"
	TypeFrenzyGained   = "brood.frenzy_gained"
	TypeFrenzyLapsed   = "brood.frenzy_lapsed"
	TypeGameEnded      = "brood.game_ended"
)

// MotherPlace is a player's Mother at the start of a game.
type MotherPlace struct {
	Player string `json:"player"`
	Letter string `json:"letter"`
	X      int    `json:"x"`
	Y      int    `json:"y"`
}

// GameStarted opens a game (a scenario) on a grid of Size.
type GameStarted struct {
	Name    string        `json:"name"`
	Size    int           `json:"size"`
	Mode    string        `json:"mode"`
	Mothers []MotherPlace `json:"mothers"`
}

// TurnBegan: Player's turn begins; Round counts the first player's turns.
type TurnBegan struct {
	Player string `json:"player"`
	Round  int    `json:"round"`
}

// TurnEnded: Player ended their turn.
type TurnEnded struct {
	Player string `json:"player"`
}

// PlasmidGained: Amount came in for Source; Kept is what the cap of 50
// let into the bank.
type PlasmidGained struct {
	Player string `json:"player"`
	Amount int    `json:"amount"`
	Kept   int    `json:"kept"`
	Source string `json:"source"`
}

// PlasmidSpent: Amount left the bank for On.
type PlasmidSpent struct {
	Player string `json:"player"`
	Amount int    `json:"amount"`
	On     string `json:"on"`
}

// SpawnCreated: a new spawn with its stats on a square; Via is how it came
// ("spawn", or "mitosis" for a twin).
type SpawnCreated struct {
	Name    string `json:"name"`
	Owner   string `json:"owner"`
	X       int    `json:"x"`
	Y       int    `json:"y"`
	Attack  int    `json:"attack"`
	Defense int    `json:"defense"`
	Move    int    `json:"move"`
	Via     string `json:"via"`
}

// StatRaised: Stat of Spawn went up By; Points of it came from absorption.
type StatRaised struct {
	Spawn  string `json:"spawn"`
	Stat   string `json:"stat"`
	By     int    `json:"by"`
	Points int    `json:"points,omitempty"`
}

// Square is an X,Y pair in facts.
type Square struct {
	X int `json:"x"`
	Y int `json:"y"`
}

// SpawnMoved: Spawn went along Path (squares after its start) for Cost.
type SpawnMoved struct {
	Spawn string   `json:"spawn"`
	Path  []Square `json:"path"`
	Cost  int      `json:"cost"`
}

// Combat kinds.
const (
	KindMelee    = "melee"
	KindRanged   = "ranged"
	KindImpunity = "impunity"
	KindCounter  = "counter"
	KindFrenzy   = "frenzy"
	KindOnMother = "on-mother"
	KindMother   = "mother"
)

// CombatFought is one 2d6 against 2d6 combat with its totals. Attacker and
// Defender are spawn names or players (for a Mother). Result is "attacker",
// "defender" or "tie": whose total was higher.
type CombatFought struct {
	Kind       string `json:"kind"`
	Attacker   string `json:"attacker"`
	Defender   string `json:"defender"`
	AttackDice []int  `json:"attack_dice"`
	AttackMod  int    `json:"attack_mod"`
	DefendDice []int  `json:"defend_dice"`
	DefendMod  int    `json:"defend_mod"`
	Result     string `json:"result"`
	// Counts is true when this combat is the attacker's attack of the turn.
	Counts bool `json:"counts,omitempty"`
}

// SpawnWounded: a Resilient spawn lost its extra life instead of dying.
type SpawnWounded struct {
	Spawn string `json:"spawn"`
}

// SpawnSaved: a Life-Giving ally's d6 kept Spawn alive.
type SpawnSaved struct {
	Spawn string `json:"spawn"`
	By    string `json:"by"`
	Roll  int    `json:"roll"`
}

// SpawnRemoved: Spawn left the board; Cause says how.
type SpawnRemoved struct {
	Spawn string `json:"spawn"`
	Cause string `json:"cause"`
	By    string `json:"by,omitempty"`
}

// PointsAbsorbed: Spawn gained Points to distribute (absorption).
type PointsAbsorbed struct {
	Spawn  string `json:"spawn"`
	Points int    `json:"points"`
	From   string `json:"from,omitempty"`
}

// SpawnPoisoned: a Poison Carrier took 2 from each stat of Spawn.
type SpawnPoisoned struct {
	Spawn string `json:"spawn"`
	By    string `json:"by"`
}

// SpawnAbsorbed: a Mother took back one of her spawns.
type SpawnAbsorbed struct {
	Spawn  string `json:"spawn"`
	Player string `json:"player"`
}

// SpawnMutated: Spawn took Mutation.
type SpawnMutated struct {
	Spawn    string `json:"spawn"`
	Mutation string `json:"mutation"`
}

// MotherEvolved: Player's Mother (or Proxy) took Evolution.
type MotherEvolved struct {
	Player    string `json:"player"`
	Evolution string `json:"evolution"`
	Font      string `json:"font,omitempty"`
	Proxy     string `json:"proxy,omitempty"`
}

// SubversionTried: the Mother's seed flew at Spawn, with both players'
// dice; SpawnSubverted follows when it changed sides.
type SubversionTried struct {
	Player     string `json:"player"`
	Spawn      string `json:"spawn"`
	MotherDice []int  `json:"mother_dice"`
	SpawnDice  []int  `json:"spawn_dice"`
}

// SpawnSubverted: Spawn now belongs to Player.
type SpawnSubverted struct {
	Spawn  string `json:"spawn"`
	Player string `json:"player"`
}

// MotherMoved: a levitating Mother moved her centre for Cost.
type MotherMoved struct {
	Player string `json:"player"`
	X      int    `json:"x"`
	Y      int    `json:"y"`
	Cost   int    `json:"cost"`
	// Diagonals are the diagonal steps her path took, which the 1-2-1
	// count carries over the turn (0 in a log written before it did).
	Diagonals int `json:"diagonals,omitempty"`
}

// MotherAttacked: Player's Mother made her attack of the turn.
type MotherAttacked struct {
	Player string `json:"player"`
}

// LifeLost: Player's Mother lost Amount Life Points.
type LifeLost struct {
	Player string `json:"player"`
	Amount int    `json:"amount"`
	Cause  string `json:"cause"`
}

// LifeGained: Player's Mother gained Amount Life Points.
type LifeGained struct {
	Player string `json:"player"`
	Amount int    `json:"amount"`
	Source string `json:"source"`
}

// FrenzyGained: Spawn may make one more attack at once (Feeding Frenzy).
type FrenzyGained struct {
	Spawn string `json:"spawn"`
}

// FrenzyLapsed: the Feeding Frenzy attack was not taken.
type FrenzyLapsed struct {
	Spawn string `json:"spawn"`
}

// GameEnded: the game is over; Winner may be empty (abandoned).
type GameEnded struct {
	Winner string `json:"winner,omitempty"`
	Loser  string `json:"loser,omitempty"`
	Reason string `json:"reason"`
}
