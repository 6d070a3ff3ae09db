package brood

import (
	"fmt"
	"slices"
	"strings"

	"warlog/engines"
	"warlog/engines/dice"
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
	// Per turn.
	Made      bool `json:"made,omitempty"`
	MoveUsed  int  `json:"move_used,omitempty"`
	Attacked  bool `json:"attacked,omitempty"`
	MovedThen bool `json:"moved_then_attacked,omitempty"`
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
	// Per turn.
	Spawned  bool `json:"spawned,omitempty"`
	Absorbed bool `json:"absorbed,omitempty"`
	Attacked bool `json:"attacked,omitempty"`
	Seeded   bool `json:"seeded,omitempty"`
	MoveUsed int  `json:"move_used,omitempty"`
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
}

// Record is a finished or running game as the chronicle tells it.
type Record struct {
	Board *Board
	Start []MotherPlace
}

// State is a Brood campaign: its mode, the games played and the one in
// progress.
type State struct {
	Campaign string
	Mode     string
	// Wins and Played count games per player.
	Wins   map[string]int
	Played map[string]int
	// Past are the games before the newest, which never change again;
	// Games holds the newest only (over or not).
	Past  engines.History[*Record]
	Games []*Record
	B     *Board
}

// games are every game of the campaign, oldest first.
func (s *State) games() []*Record { return append(slices.Clip(s.Past.All()), s.Games...) }

// Now implements engines.Turner: the game and the round the newest action
// belongs to.
//
// Ruling: an end-turn that opens a new round (with the income, Regenerate
// and poison of the new turn's start) is filed under the round it ended,
// until the new round's first action.
func (s *State) Now() (string, int) {
	if s.B == nil || s.B.Over {
		return "", 0
	}
	if s.B.Filed > 0 {
		return s.B.Name, s.B.Filed
	}
	return s.B.Name, s.B.Round
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

func (s *State) clone() *State {
	c := *s
	c.Past = s.Past.Copy()
	c.Wins = map[string]int{}
	for k, v := range s.Wins {
		c.Wins[k] = v
	}
	c.Played = map[string]int{}
	for k, v := range s.Played {
		c.Played[k] = v
	}
	c.Games = nil
	for _, g := range s.Games {
		r := &Record{Start: g.Start, Board: g.Board.clone()}
		c.Games = append(c.Games, r)
		if g.Board == s.B {
			c.B = r.Board
		}
	}
	if s.B != nil && c.B == nil {
		c.B = s.B.clone()
	}
	return &c
}

func (b *Board) clone() *Board {
	c := *b
	c.Mothers = nil
	for _, m := range b.Mothers {
		mm := *m
		mm.Evolutions = slices.Clone(m.Evolutions)
		c.Mothers = append(c.Mothers, &mm)
	}
	c.Spawns = nil
	for _, p := range b.Spawns {
		pp := *p
		pp.Muts = slices.Clone(p.Muts)
		c.Spawns = append(c.Spawns, &pp)
	}
	c.Removed = map[string][]int{}
	for k, v := range b.Removed {
		c.Removed[k] = slices.Clone(v)
	}
	return &c
}

// Apply implements engines.State.
func (s *State) Apply(typ string, payload any) error {
	if typ == dice.Type || !strings.HasPrefix(typ, "brood.") {
		// Dice are read where they are used; facts of the shared core
		// (free rolls, notes) change nothing on the board.
		return nil
	}
	if typ == TypeGameStarted {
		e, ok := payload.(GameStarted)
		if !ok {
			return fmt.Errorf("%s: payload is %T", typ, payload)
		}
		b := &Board{Name: e.Name, Size: e.Size, Removed: map[string][]int{}}
		for _, mp := range e.Mothers {
			b.Mothers = append(b.Mothers, &Mother{Player: mp.Player, Letter: mp.Letter, X: mp.X, Y: mp.Y, Life: MaxLife})
			s.Played[mp.Player]++
		}
		s.B = b
		for _, old := range s.Games { // at most one: the game before this
			s.Past.Add(old)
		}
		s.Games = []*Record{{Board: b, Start: e.Mothers}}
		return nil
	}
	b := s.B
	if b == nil {
		return fmt.Errorf("%s: no Brood game in progress", typ)
	}
	bad := func(what string) error { return fmt.Errorf("%s: %s", typ, what) }
	mother := func(player string) (*Mother, error) {
		if m := b.Mother(player); m != nil {
			return m, nil
		}
		return nil, bad("no player " + player)
	}
	piece := func(name string) (*Piece, error) {
		if p := b.Piece(name); p != nil {
			return p, nil
		}
		return nil, bad("no spawn " + name)
	}
	switch payload.(type) {
	case PlasmidSpent, StatRaised, SpawnMoved, CombatFought, MotherMoved, SpawnAbsorbed, SpawnMutated,
		TurnEnded, MotherAttacked, SubversionTried, SpawnCreated, FrenzyGained, FrenzyLapsed:
		// Only a player's action makes these facts (the start of a turn
		// makes none of them): the new round has begun in earnest.
		b.Filed = 0
	}
	switch e := payload.(type) {
	case TurnBegan:
		if e.Round > b.Round && b.Round > 0 {
			b.Filed = b.Round
		}
		for i, m := range b.Mothers {
			if m.Player == e.Player {
				b.Turn = i
			}
			m.Spawned, m.Absorbed, m.Attacked, m.Seeded, m.MoveUsed = false, false, false, false, 0
		}
		b.Round = e.Round
		for _, p := range b.Spawns {
			p.Made, p.MoveUsed, p.Attacked, p.MovedThen = false, 0, false, false
		}
		b.Frenzy = ""
	case TurnEnded:
	case PlasmidGained:
		m, err := mother(e.Player)
		if err != nil {
			return err
		}
		m.Plasmid += e.Kept
	case PlasmidSpent:
		m, err := mother(e.Player)
		if err != nil {
			return err
		}
		m.Plasmid -= e.Amount
	case SpawnCreated:
		p := &Piece{Name: e.Name, Owner: e.Owner, Creator: e.Owner, X: e.X, Y: e.Y, Attack: e.Attack, Defense: e.Defense, Move: e.Move, Lives: 1, Made: true}
		b.Spawns = append(b.Spawns, p)
		if e.Via != Mitosis {
			if m := b.Mother(e.Owner); m != nil {
				m.Spawned = true
			}
		}
	case StatRaised:
		p, err := piece(e.Spawn)
		if err != nil {
			return err
		}
		switch e.Stat {
		case "attack":
			p.Attack += e.By
		case "defense":
			p.Defense += e.By
		case "move":
			p.Move += e.By
		default:
			return bad("no stat " + e.Stat)
		}
		p.Points -= e.Points
	case SpawnMoved:
		p, err := piece(e.Spawn)
		if err != nil {
			return err
		}
		if len(e.Path) > 0 {
			last := e.Path[len(e.Path)-1]
			p.X, p.Y = last.X, last.Y
		}
		p.MoveUsed += e.Cost
	case CombatFought:
		if e.Counts {
			if p := b.Piece(e.Attacker); p != nil {
				p.Attacked = true
				p.MovedThen = p.MoveUsed > 0
			}
		}
		if e.Kind == KindFrenzy {
			b.Frenzy = ""
		}
	case SpawnWounded:
		p, err := piece(e.Spawn)
		if err != nil {
			return err
		}
		p.Lives--
	case SpawnSaved:
	case SpawnRemoved:
		p, err := piece(e.Spawn)
		if err != nil {
			return err
		}
		p.Dead = true
		// A spawn poisoned at the start of a round dies in the end-turn
		// that opened it, which belongs to the round before (Now).
		round := b.Round
		if b.Filed > 0 {
			round = b.Filed
		}
		r := b.Removed[p.Owner]
		for len(r) < round {
			r = append(r, 0)
		}
		if round > 0 {
			r[round-1]++
		}
		b.Removed[p.Owner] = r
		if b.Frenzy == p.Name {
			b.Frenzy = ""
		}
	case PointsAbsorbed:
		p, err := piece(e.Spawn)
		if err != nil {
			return err
		}
		p.Points += e.Points
	case SpawnPoisoned:
		p, err := piece(e.Spawn)
		if err != nil {
			return err
		}
		p.Attack, p.Defense, p.Move = p.Attack-2, p.Defense-2, p.Move-2
	case SpawnAbsorbed:
		p, err := piece(e.Spawn)
		if err != nil {
			return err
		}
		p.Dead = true
		m, err := mother(e.Player)
		if err != nil {
			return err
		}
		m.Absorbed = true
	case SpawnMutated:
		p, err := piece(e.Spawn)
		if err != nil {
			return err
		}
		p.Muts = append(p.Muts, e.Mutation)
		switch e.Mutation {
		case PlasmidFont:
			p.Attack, p.Move = 0, 0
		case Resilient:
			p.Lives++
		case Mitosis:
			p.Attack, p.Defense, p.Move = 3, 3, 3
		}
	case MotherEvolved:
		m, err := mother(e.Player)
		if err != nil {
			return err
		}
		if e.Proxy != "" {
			p, err := piece(e.Proxy)
			if err != nil {
				return err
			}
			p.Evolution = e.Evolution
		} else {
			m.Evolutions = append(m.Evolutions, e.Evolution)
		}
		if e.Evolution == Fontification && e.Font != "" {
			p, err := piece(e.Font)
			if err != nil {
				return err
			}
			p.Proxy = true
			p.Attack = ProxyAttack
		}
	case SubversionTried:
		m, err := mother(e.Player)
		if err != nil {
			return err
		}
		m.Seeded = true
	case SpawnSubverted:
		p, err := piece(e.Spawn)
		if err != nil {
			return err
		}
		p.Owner = e.Player
		p.Made, p.Attacked, p.MoveUsed = true, false, 0
	case MotherMoved:
		m, err := mother(e.Player)
		if err != nil {
			return err
		}
		m.X, m.Y = e.X, e.Y
		m.MoveUsed += e.Cost
	case MotherAttacked:
		m, err := mother(e.Player)
		if err != nil {
			return err
		}
		m.Attacked = true
	case LifeLost:
		m, err := mother(e.Player)
		if err != nil {
			return err
		}
		m.Life -= e.Amount
		if m.Life <= 0 {
			m.Life, m.Destroyed = 0, true
		}
	case LifeGained:
		m, err := mother(e.Player)
		if err != nil {
			return err
		}
		m.Life += e.Amount
	case FrenzyGained:
		b.Frenzy = e.Spawn
	case FrenzyLapsed:
		b.Frenzy = ""
	case GameEnded:
		b.Over, b.Winner, b.Loser, b.Reason = true, e.Winner, e.Loser, e.Reason
		if e.Winner != "" {
			s.Wins[e.Winner]++
		}
	default:
		return fmt.Errorf("brood cannot read a %s fact (%T)", typ, payload)
	}
	return nil
}
