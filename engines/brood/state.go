package brood

import (
	"slices"
	"strings"

	"warlog/engines/kit"
)

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

// Mutation names (seed 004 lines 61-72), as the commands take them.
const (
	FeedingFrenzy     = "feeding-frenzy"
	SpringAttack      = "spring-attack"
	SporeSlinger      = "spore-slinger"
	RetributiveStrike = "retributive-strike"
	Mitosis           = "mitosis"
	PlasmidFont       = "plasmid-font"
	ArmorPiercer      = "armor-piercer"
	Armored           = "armored"
	Resilient         = "resilient"
	PoisonCarrier     = "poison-carrier"
	LifeGiving        = "life-giving"
	Leader            = "leader"
)

// Evolution names (seed 004 lines 77-83).
const (
	Regeneration    = "regenerate"
	ExpandInfluence = "expand-influence"
	SpawnBoost      = "spawn-boost"
	Levitation      = "levitation"
	Fortify         = "fortify"
	Subversion      = "subversion"
	Fontification   = "fontification"
)

// Entry is one mutation or evolution with its effect in our words.
type Entry struct {
	Name string `json:"name"`
	Text string `json:"text"`
}

// Mutations is the catalogue of spawn mutations.
var Mutations = []Entry{
	{FeedingFrenzy, "after a kill (Attacks of Impunity too) the spawn may at once attack an adjacent spawn or Mother once more"},
	{SpringAttack, "the spawn may move, attack, then spend the rest of its move"},
	{SporeSlinger, "ranged attack at 2 or 3 squares: never countered, never loses the slinger; in melee it adds nothing to its rolls"},
	{RetributiveStrike, "when it dies for good, every spawn within 1 square rolls a d6 and dies on 1-2; Mothers within 1 square lose 1 Life"},
	{Mitosis, "the spawn splits in two spawns of 3/3/3 (the twin on an adjacent empty square, --at X,Y)"},
	{PlasmidFont, "attack and move drop to 0 for good and it never attacks; +2 Plasmid a turn; allies next to it count as inside the SoI; spawn and raise next to it"},
	{ArmorPiercer, "when it attacks, the target's roll is 3 lower"},
	{Armored, "when it defends, the attacker's roll is 3 lower"},
	{Resilient, "one extra life: it must be killed twice"},
	{PoisonCarrier, "at the start of its owner's turn every adjacent enemy spawn loses 2 from each stat; a stat below 0 kills"},
	{LifeGiving, "an adjacent ally that would die rolls a d6 and lives on 5-6 (not against poison)"},
	{Leader, "adjacent allied spawns get +2 attack and +2 defence"},
}

// Evolutions is the catalogue of Mother evolutions (25 Plasmid, two each).
var Evolutions = []Entry{
	{Regeneration, "the Mother regains 1 Life at the start of each of her turns"},
	{ExpandInfluence, "her Sphere of Influence reaches 3 squares"},
	{SpawnBoost, "spawns inside her SoI get +4/+4 instead of +2/+2"},
	{Levitation, "she may move 2 a turn (brood mother-move)"},
	{Fortify, "+3 to her attack and defence"},
	{Subversion, "for 10 Plasmid, once a turn, a seed at an enemy spawn within 3: 2d6 each, hers higher takes it over"},
	{Fontification, "one Plasmid Font becomes a Brood Proxy: +3 Plasmid a turn, attack 5, and one evolution of its own (--font NAME)"},
}

func known(list []Entry, name string) bool {
	return slices.ContainsFunc(list, func(e Entry) bool { return e.Name == name })
}

// Piece is a spawn on the board (Fonts and Proxies included).
type Piece struct {
	Name    string   `json:"name"`
	Owner   string   `json:"owner"`
	Creator string   `json:"creator"`
	X       int      `json:"x"`
	Y       int      `json:"y"`
	Attack  int      `json:"attack"`
	Defense int      `json:"defense"`
	Move    int      `json:"move"`
	Muts    []string `json:"mutations,omitempty"`
	Lives   int      `json:"lives"`
	Points  int      `json:"points,omitempty"`
	Proxy   bool     `json:"proxy,omitempty"`
	// Evolution is a Proxy's own evolution.
	Evolution string `json:"evolution,omitempty"`
	Dead      bool   `json:"dead,omitempty"`
	// Absorbed: its Mother took it back into her bank (it left the board
	// without dying).
	Absorbed bool `json:"absorbed,omitempty"`
	// Seized are the players who took it with Subversion, in order (its
	// Creator's before them).
	Seized []string `json:"seized,omitempty"`
	// Kills counts the enemy spawns it removed, Fought the combats it
	// fought as the attacker. Dealt counts the lives and Life Points the
	// enemy lost to it (a spawn has one life, a Resilient one two: seed
	// 004 line 69; a Mother loses a Life Point to each attack she loses:
	// line 47), Taken the lives it lost.
	Kills  int `json:"kills,omitempty"`
	Fought int `json:"fought,omitempty"`
	Dealt  int `json:"dealt,omitempty"`
	Taken  int `json:"taken,omitempty"`
	// Per turn.
	Made      bool `json:"made,omitempty"`
	MoveUsed  int  `json:"move_used,omitempty"`
	Attacked  bool `json:"attacked,omitempty"`
	MovedThen bool `json:"moved_then_attacked,omitempty"`
	// OddDiagonal: the spawn has taken an odd number of diagonal steps
	// this turn, so its next diagonal costs 2 (RULINGS: the 1-2-1 count
	// runs over the piece's whole turn).
	OddDiagonal bool `json:"odd_diagonal,omitempty"`
}

// Has reports whether the spawn holds mutation m.
func (p *Piece) Has(m string) bool { return slices.Contains(p.Muts, m) }

// Font reports whether the spawn is a Plasmid Font (a Proxy is one too).
func (p *Piece) Font() bool { return p.Has(PlasmidFont) }

// Total is attack + defence + move without bonuses (for mutations).
func (p *Piece) Total() int { return p.Attack + p.Defense + p.Move }

// Mother is one player's Brood Mother and bank.
type Mother struct {
	Player     string   `json:"player"`
	Letter     string   `json:"letter"`
	X          int      `json:"x"`
	Y          int      `json:"y"`
	Life       int      `json:"life"`
	Plasmid    int      `json:"plasmid"`
	Evolutions []string `json:"evolutions,omitempty"`
	Destroyed  bool     `json:"destroyed,omitempty"`
	// Kills counts the enemy spawns she removed, Fought the combats she
	// fought as the attacker, Dealt the enemy spawns' lives she took.
	Kills  int `json:"kills,omitempty"`
	Fought int `json:"fought,omitempty"`
	Dealt  int `json:"dealt,omitempty"`
	// Per turn.
	Spawned  bool `json:"spawned,omitempty"`
	Absorbed bool `json:"absorbed,omitempty"`
	Attacked bool `json:"attacked,omitempty"`
	Seeded   bool `json:"seeded,omitempty"`
	MoveUsed int  `json:"move_used,omitempty"`
	// OddDiagonal: as a spawn's, for a levitating Mother's moves.
	OddDiagonal bool `json:"odd_diagonal,omitempty"`
}

// Board is one game in progress (or just finished).
type Board struct {
	Name    string    `json:"name"`
	Size    int       `json:"size"`
	Round   int       `json:"round"`
	Turn    int       `json:"turn"` // index into Mothers
	Mothers []*Mother `json:"mothers"`
	Spawns  []*Piece  `json:"spawns"`
	Frenzy  string    `json:"frenzy,omitempty"`
	Over    bool      `json:"over,omitempty"`
	Winner  string    `json:"winner,omitempty"`
	Loser   string    `json:"loser,omitempty"`
	Reason  string    `json:"reason,omitempty"`
	// Removed[player][round-1] counts that player's spawns removed.
	Removed map[string][]int `json:"removed"`
	// Filed is the round just ended while the next one has seen no action
	// of a player yet (0 otherwise): the end-turn that opens a round, with
	// its income and poison, belongs to the round it closed.
	Filed int `json:"filed,omitempty"`
	// Number counts the campaign's games: this is the Number-th.
	Number int `json:"number"`
	// Start are the Mothers as the game began.
	Start []MotherPlace `json:"start"`
	// Struck is the spawn a Mother has just beaten in a combat, until the
	// next combat or turn: a removal of it with no killer is hers.
	Struck string `json:"struck,omitempty"`
	// Beat is the last combat won, until its loser loses a life or Life
	// Point to it, is saved, or the next combat: the winner is credited
	// with what the loser lost.
	Beat *CombatFought `json:"beat,omitempty"`
	// Ending is how the game ended, stated when it ended; nil before.
	kit.Ending
}

// State is a Brood campaign: its mode, the games played and the one in
// progress.
type State struct {
	// Play is the campaign (its Mode the way it is played, never ""),
	// the newest game (over or not; nil before the first) and the games
	// before it, which never change again.
	kit.Play[*Board, *Board]
	// Wins and Played count games per player; Games counts the games.
	Wins   map[string]int
	Played map[string]int
	Games  int
}

// games are every game of the campaign, oldest first.
func (s *State) games() []*Board {
	if s.Battle == nil {
		return s.Past.All()
	}
	return append(slices.Clip(s.Past.All()), s.Battle)
}

// Current is the Mother whose turn it is.
func (b *Board) Current() *Mother { return b.Mothers[b.Turn] }

// Mother returns a player's Mother (case-insensitive), or nil.
func (b *Board) Mother(player string) *Mother {
	for _, m := range b.Mothers {
		if strings.EqualFold(m.Player, player) {
			return m
		}
	}
	return nil
}

// Enemy is the other player's Mother.
func (b *Board) Enemy(player string) *Mother {
	for _, m := range b.Mothers {
		if m.Player != player {
			return m
		}
	}
	return nil
}

// Piece returns a spawn by exact name (living or dead).
func (b *Board) Piece(name string) *Piece {
	for _, p := range b.Spawns {
		if p.Name == name {
			return p
		}
	}
	return nil
}

// Living lists the spawns on the board, in creation order.
func (b *Board) Living() []*Piece {
	var out []*Piece
	for _, p := range b.Spawns {
		if !p.Dead {
			out = append(out, p)
		}
	}
	return out
}

// Allies counts a player's spawns on the board (Fonts and Proxies count).
func (b *Board) Allies(player string) int {
	n := 0
	for _, p := range b.Spawns {
		if !p.Dead && p.Owner == player {
			n++
		}
	}
	return n
}

// Has reports whether the brood of m holds evolution e (her own or one of
// her Proxies').
func (b *Board) Has(m *Mother, e string) bool {
	if slices.Contains(m.Evolutions, e) {
		return true
	}
	for _, p := range b.Spawns {
		if !p.Dead && p.Owner == m.Player && p.Proxy && p.Evolution == e {
			return true
		}
	}
	return false
}
