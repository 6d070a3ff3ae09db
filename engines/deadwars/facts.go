package deadwars

//go:generate go run warlog/internal/factgen

// Event types, all prefixed with the game's name.
const (
	TypeForceCreated    = "deadwars.force_created"
	TypeFigureRecruited = "deadwars.figure_recruited"
	TypeScenarioStarted = "deadwars.scenario_started"
	TypePoolRolled      = "deadwars.pool_rolled"
	TypeDoubleChanged   = "deadwars.double_changed"
	TypeFigureMoved     = "deadwars.figure_moved"
	TypeContactChanged  = "deadwars.contact_changed"
	TypeAttackMade      = "deadwars.attack_made"
	TypeDefendSet       = "deadwars.defend_set"
	TypeSpellCast       = "deadwars.spell_cast"
	TypeSoulTried       = "deadwars.soul_tried"
	TypeTurnEnded       = "deadwars.turn_ended"
	TypeHumansActed     = "deadwars.humans_acted"
	TypeShrineCounted   = "deadwars.shrine_counted"
	TypeScenarioEnded   = "deadwars.scenario_ended"
)

// ForceCreated: a player founded a force of one clan.
type ForceCreated struct {
	Player string `json:"player"`
	Clan   string `json:"clan"`
}

// FigureRecruited: a figure joined a force.
type FigureRecruited struct {
	Player   string `json:"player"`
	Name     string `json:"name"`
	Rank     string `json:"rank"`
	Class    string `json:"class"`
	Champion bool   `json:"champion,omitempty"`
}

// HumanSet is one Human of Hunt the Hunters as set up.
type HumanSet struct {
	Name  string `json:"name"`
	Class string `json:"class"`
}

// ScenarioStarted: a battle began. Sides are the players in turn order
// (first turn first); Deploy is the deployment order.
type ScenarioStarted struct {
	Name    string     `json:"name"`
	Brief   string     `json:"brief"`
	Sides   []string   `json:"sides"`
	Deploy  []string   `json:"deploy"`
	RollOff [][]int    `json:"roll_off"`
	Humans  []HumanSet `json:"humans,omitempty"`
}

// PoolRolled: the active player rolled the action dice. Faces in roll order.
type PoolRolled struct {
	Player string `json:"player"`
	Faces  []int  `json:"faces"`
}

// DoubleChanged: two unspent dice showing Face became one die showing To.
type DoubleChanged struct {
	Player string `json:"player"`
	Face   int    `json:"face"`
	To     int    `json:"to"`
}

// Ref names a figure of a side.
type Ref struct {
	Side string `json:"side"`
	Name string `json:"name"`
}

// FreeAttack is a free attack a figure may make this turn against a target.
type FreeAttack struct {
	By     Ref `json:"by"`
	Target Ref `json:"target"`
}

// FigureMoved: a figure moved (2" on any die, 4" on a Dash die). Magic is
// true when the die came from the magic pool. Into is the enemy it reached
// base contact with; Left the enemies it left; Free the free attacks granted.
type FigureMoved struct {
	Figure Ref          `json:"figure"`
	Die    int          `json:"die"`
	Dash   bool         `json:"dash,omitempty"`
	Magic  bool         `json:"magic,omitempty"`
	Inches int          `json:"inches"`
	Into   *Ref         `json:"into,omitempty"`
	Left   []Ref        `json:"left,omitempty"`
	Free   []FreeAttack `json:"free,omitempty"`
}

// ContactChanged: the players set base contact between two figures as the
// table shows it.
type ContactChanged struct {
	A     Ref  `json:"a"`
	B     Ref  `json:"b"`
	Apart bool `json:"apart,omitempty"`
}

// AttackMade: one attack and its outcome. Dice are the Attack dice spent
// (none for a free attack or a Human's attack). SaveRoll is 0 when there was
// no save roll.
type AttackMade struct {
	By       Ref   `json:"by"`
	Target   Ref   `json:"target"`
	Dice     []int `json:"dice,omitempty"`
	Free     bool  `json:"free,omitempty"`
	HitRoll  int   `json:"hit_roll"`
	HitMod   int   `json:"hit_mod,omitempty"`
	HitNeed  int   `json:"hit_need"`
	Hit      bool  `json:"hit"`
	SaveRoll int   `json:"save_roll,omitempty"`
	SaveMod  int   `json:"save_mod,omitempty"`
	SaveNeed int   `json:"save_need,omitempty"`
	Saved    bool  `json:"saved,omitempty"`
	Wounded  bool  `json:"wounded,omitempty"`
	Killed   bool  `json:"killed,omitempty"`
	KP       int   `json:"kp,omitempty"`
}

// DefendSet: a Defend die put a counter on a figure.
type DefendSet struct {
	Figure Ref `json:"figure"`
	Die    int `json:"die"`
}

// SpellCast: a spell paid from the magic pool and its outcome. A Boost
// records the base contact its figure left (Left) and reached (Into), and
// the free attacks that gave (Free); a Boost recorded without Free changed
// contact only (before Boost was a move, deadwars/1).
type SpellCast struct {
	Caster   Ref          `json:"caster"`
	Spell    string       `json:"spell"`
	Cost     int          `json:"cost"`
	Target   Ref          `json:"target"`
	HitRoll  int          `json:"hit_roll,omitempty"`
	Hit      bool         `json:"hit,omitempty"`
	SaveRoll int          `json:"save_roll,omitempty"`
	Saved    bool         `json:"saved,omitempty"`
	Wounded  bool         `json:"wounded,omitempty"`
	Killed   bool         `json:"killed,omitempty"`
	KP       int          `json:"kp,omitempty"`
	Healed   bool         `json:"healed,omitempty"`
	Into     *Ref         `json:"into,omitempty"`
	Left     []Ref        `json:"left,omitempty"`
	Free     []FreeAttack `json:"free,omitempty"`
}

// SoulTried: a figure in base contact with a Soul attacked it.
type SoulTried struct {
	Figure    Ref   `json:"figure"`
	Dice      []int `json:"dice"`
	Roll      int   `json:"roll"`
	Mod       int   `json:"mod,omitempty"`
	Need      int   `json:"need"`
	Collected bool  `json:"collected"`
}

// TurnEnded: the active player ended the turn; Lost are the unspent dice
// lost, Drift the inches each Soul left drifts (Soul Collectors).
type TurnEnded struct {
	Player string `json:"player"`
	Lost   []int  `json:"lost,omitempty"`
	Drift  []int  `json:"drift,omitempty"`
}

// HumansActed: the Humans made their attacks (each an AttackMade before
// it); the round is over.
type HumansActed struct {
	Round int `json:"round"`
}

// ShrineCounted: the players' figures within 3" of the shrine.
type ShrineCounted struct {
	Counts map[string]int `json:"counts"`
}

// ScenarioEnded: the battle is over. Winner is a player, or "" for a draw.
type ScenarioEnded struct {
	Winner   string         `json:"winner,omitempty"`
	Result   string         `json:"result"`
	Why      string         `json:"why"`
	Scores   map[string]int `json:"scores,omitempty"`
	Declared bool           `json:"declared,omitempty"`
}
