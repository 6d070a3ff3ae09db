package incarn28

import (
	"slices"
	"strconv"
	"strings"

	"warlog/engines"
	"warlog/engines/kit"
)

// Incarn is one incarn as a gang lists it. Its lists are never written
// into (a change makes a new list): the decoders share one slice for the
// same list (factgen:"shared"), as a game's figures share their gang's.
type Incarn struct {
	Name      string   `json:"name"`
	Skill     string   `json:"skill"`
	Toughness string   `json:"toughness"`
	Flesh     []string `json:"flesh,omitempty" factgen:"shared"`
	Items     []string `json:"items,omitempty" factgen:"shared"`
}

// Gang is one player's gang, kept between games.
type Gang struct {
	Player  string   `json:"player"`
	Faction string   `json:"faction"`
	Bones   int      `json:"bones"`
	Incarns []Incarn `json:"incarns"`
	// IDs name the incarns for as long as the campaign lasts, IDs[i] the
	// one Incarns[i] is (memberID); Joined counts every incarn that ever
	// joined the gang, the dismissed included.
	IDs    []string `json:"ids"`
	Joined int      `json:"joined"`
	Games  int      `json:"games"`
	Wins   int      `json:"wins"`
	// shared: a copy of the state shares this gang (GangList); the state
	// writes into a copy of its own (State.gangToWrite).
	shared bool
}

// GangList is the campaign's gangs. A copy of the state (engines.Clone)
// shares the gangs themselves: a re-decision copies the state before every
// action an undo names, a long campaign has many gangs, and a gang changes
// only when an incarn joins or leaves it or a game it fought ends. Those
// write into a gang only through State.gangToWrite.
type GangList []*Gang

// Shared implements engines.Sharer: a list of the same gangs, each marked
// shared from now on (for the original as for the copy). Marking writes
// into the original's gangs: a state is copied by the one goroutine that
// holds it (every command loads its own).
func (l GangList) Shared() any {
	for _, g := range l {
		g.shared = true
	}
	return slices.Clone(l)
}

// join adds an incarn to the gang with the next ID.
func (g *Gang) join(in Incarn) {
	g.Joined++
	g.Incarns = append(g.Incarns, in)
	g.IDs = append(g.IDs, memberID(g.Player, g.Joined))
}

// memberID names the n-th incarn to join a player's gang: "Ann#3" (the
// number after the last '#' keeps two players' IDs apart, whatever their
// names hold).
func memberID(player string, n int) string { return player + "#" + strconv.Itoa(n) }

// leave removes the incarn called name, and its ID, from the gang.
func (g *Gang) leave(name string) {
	for i, in := range g.Incarns {
		if in.Name == name {
			g.Incarns = append(g.Incarns[:i], g.Incarns[i+1:]...)
			g.IDs = append(g.IDs[:i], g.IDs[i+1:]...)
			return
		}
	}
}

// idOf is the ID of the gang's incarn called name ("" for none).
func (g *Gang) idOf(name string) string {
	for i, in := range g.Incarns {
		if in.Name == name {
			return g.IDs[i]
		}
	}
	return ""
}

// Figure statuses (CLI.md).
const (
	StatusActive  = "active"
	StatusStunned = "stunned"
	StatusSlain   = "slain"
	StatusRouted  = "routed"
)

// Tags of figures that are not bought incarns.
const (
	TagSummoned    = "summoned"
	TagAssassinate = "assassinate"
	TagEscort      = "escort"
	TagDeathbeast  = "deathbeast"
)

// DeathbeastSide is the side of Hunt's Deathbeasts.
const DeathbeastSide = "Deathbeast"

// Figure is an incarn in a battle.
type Figure struct {
	Incarn
	Side string `json:"side"`
	// Origin is the side the figure started the game on.
	Origin string `json:"origin,omitempty"`
	// ID is the gang member the figure is (Gang.IDs), "" for a figure no
	// gang bought (a summons, an objective incarn, a Deathbeast).
	ID     string `json:"id,omitempty"`
	Status string `json:"status"`
	// Tag marks figures that were not bought (summons, objective incarns).
	Tag string `json:"tag,omitempty"`
	// For is the player whose objective put the figure in play.
	For string `json:"for,omitempty"`
	// Starting figures count for morale (bought, not Worms).
	Starting  bool `json:"starting,omitempty"`
	Activated bool `json:"activated,omitempty"`
	// Harmed: stunned or slain at least once (Intimidate).
	Harmed bool `json:"harmed,omitempty"`
	// Saved are an Occultist's unspent ACs.
	Saved          int    `json:"saved,omitempty"`
	OnFire         bool   `json:"on_fire,omitempty"`
	MarkedBy       string `json:"marked_by,omitempty"`
	ToxicUsed      bool   `json:"toxic_used,omitempty"`
	DecoyUsed      bool   `json:"decoy_used,omitempty"`
	InseminateUsed bool   `json:"inseminate_used,omitempty"`
	// Rifted: lifted out of play by the Chronomatic Rift until the next
	// round; RiftUsed: it has been (once per game).
	Rifted bool `json:"rifted,omitempty"`
	// Stone: a Gargoyle turned to stone.
	Stone    bool `json:"stone,omitempty"`
	RiftUsed bool `json:"rift_used,omitempty"`
	// Revealed: a Spy that has attacked; its enemies may attack it.
	Revealed bool `json:"revealed,omitempty"`
	// Mimicked: the Fleshtype a Mimic uses now, beside Mimic.
	Mimicked string `json:"mimicked,omitempty"`
	// SlainBy is the side whose action slew it ("" for none).
	SlainBy string `json:"slain_by,omitempty"`
	// Removals counts the enemies it slew (ruling 2026-12-01: a kill is
	// credited to the incarn that made it).
	Removals int `json:"removals,omitempty"`
	// Activations counts its activations in the game.
	Activations int `json:"activations,omitempty"`
	// Attacks counts the attacks it made (seed 000 line 35: one per
	// activation, paid for in ACs); HarmDealt counts each stun or slaying
	// of an enemy in its own activations, HarmTaken each time it was
	// stunned or slain (line 37).
	Attacks   int `json:"attacks,omitempty"`
	HarmDealt int `json:"harm_dealt,omitempty"`
	HarmTaken int `json:"harm_taken,omitempty"`
}

// InPlay reports whether the figure is on the board.
func (f *Figure) InPlay() bool {
	return !f.Rifted && (f.Status == StatusActive || f.Status == StatusStunned)
}

// where says why a figure is or is not in play: its status, or that the
// Rift holds it.
func (f *Figure) where() string {
	if f.Rifted {
		return "lifted out of play by the Rift"
	}
	return f.Status
}

// Has reports whether the figure has the Fleshtype.
func (f *Figure) Has(flesh string) bool { return slices.Contains(f.Flesh, flesh) }

// HasItem reports whether the figure carries the item.
func (f *Figure) HasItem(item string) bool { return slices.Contains(f.Items, item) }

// Activation is the activation in progress.
type Activation struct {
	Figure string `json:"figure"` // figure key
	ACs    int    `json:"acs"`
	// Attacks made; SPAs lists the once-per-activation specials used.
	Attacks        int      `json:"attacks,omitempty"`
	SPAs           []string `json:"spas,omitempty"`
	StunnedAtStart bool     `json:"stunned_at_start,omitempty"`
	// Fallow is set when an odd Fallow ACT-R doubles the attack dice.
	Fallow bool `json:"fallow,omitempty"`
	// Slew: the figure slew an enemy this activation (Strigoi).
	Slew bool `json:"slew,omitempty"`
	// Moved counts the ACs spent moving the incarn this activation
	// (Smasher's AD is at most this).
	Moved int `json:"moved,omitempty"`
}

// Battle is the game in progress.
type Battle struct {
	// Ending is how the game ended, stated when it did (the record's).
	kit.Ending
	Name       string           `json:"name"`
	Round      int              `json:"round"`
	Sides      []string         `json:"sides"`
	Objectives map[string][]int `json:"objectives"`
	Done       map[string][]int `json:"done"`
	Twist      int              `json:"twist"`
	Overseer   map[string]bool  `json:"overseer"`
	Figures    []*Figure        `json:"figures"`
	// First won this round's roll-off; Next is whose turn it is.
	First string `json:"first,omitempty"`
	Next  string `json:"next,omitempty"`
	// Again is a figure allowed an extra activation right now.
	Again string `json:"again,omitempty"`
	// Last is the side of the last activation that ended (Geminid).
	Last        string           `json:"last,omitempty"`
	RoundOver   bool             `json:"round_over,omitempty"`
	Current     *Activation      `json:"current,omitempty"`
	Desecrate   map[string]int   `json:"desecrate"`
	Winner      string           `json:"winner,omitempty"`
	Why         string           `json:"why,omitempty"`
	Ended       bool             `json:"ended,omitempty"`
	RemovedPerR map[string][]int `json:"removed_per_round"`
	// Deployer won the deployment roll-off: it chose its edge and
	// deployed first.
	Deployer string `json:"deployer,omitempty"`
	// MistEdge is the Flensing Mist's edge ("left" or "right" of the
	// Deployer's edge); MistReach how far it flowed at the end of round
	// MistRound.
	MistEdge  string `json:"mist_edge,omitempty"`
	MistReach int    `json:"mist_reach,omitempty"`
	MistRound int    `json:"mist_round,omitempty"`
	// Reactions are the Fleshtype reactions the log has opened and the
	// table may still take (Empath, Grudger, Carrion, Spite).
	Reactions []Reaction `json:"reactions,omitempty"`
}

// Reaction is a Fleshtype's answer that the log triggered and the table
// resolves: Figure may stun (Empath, Grudger) or make a SP-A (Carrion,
// Spite) against an enemy it names. Not is the incarn it may not pick
// (the one whose stun or death opened it); Used are the targets already
// struck (Spite strikes each enemy within 5 once).
type Reaction struct {
	Figure string   `json:"figure"`
	Kind   string   `json:"kind"`
	Not    string   `json:"not,omitempty"`
	Used   []string `json:"used,omitempty"`
}

// Record is one finished game, kept for the chronicle.
type Record struct {
	Name    string              `json:"name"`
	Rounds  int                 `json:"rounds"`
	Sides   []string            `json:"sides"`
	Forces  map[string][]Incarn `json:"forces"`
	Removed map[string][]int    `json:"removed"`
	// Ending is how the game ended, stated when it did.
	kit.Ending
}

// State is an Incarn28 campaign folded from its log.
type State struct {
	// Play is the campaign, the newest game (in progress, or the last one
	// ended; nil before the first) and the finished games, as records.
	kit.Play[*Battle, Record]
	Gangs GangList `json:"gangs"`
}

// gangToWrite returns the player's gang to write into, nil if none: the
// state's own, copied first if a copy of the state shares it.
func (s *State) gangToWrite(player string) *Gang {
	for i, g := range s.Gangs {
		if !strings.EqualFold(g.Player, player) {
			continue
		}
		if g.shared {
			c := *g
			c.Incarns, c.IDs, c.shared = slices.Clone(g.Incarns), slices.Clone(g.IDs), false
			s.Gangs[i] = &c
			g = &c
		}
		return g
	}
	return nil
}

// Key names a figure uniquely: side and name.
func Key(side, name string) string { return side + "/" + name }

// Key is the figure's key.
func (f *Figure) Key() string { return Key(f.Side, f.Name) }

// gang returns the player's gang or nil.
func (s *State) gang(player string) *Gang {
	for _, g := range s.Gangs {
		if strings.EqualFold(g.Player, player) {
			return g
		}
	}
	return nil
}

// fig returns the battle figure with key k.
func (b *Battle) fig(k string) *Figure {
	for _, f := range b.Figures {
		if f.hasKey(k) {
			return f
		}
	}
	return nil
}

// hasKey reports whether k is the figure's Key, without building it: the
// fold looks figures up for nearly every fact.
func (f *Figure) hasKey(k string) bool {
	n := len(f.Side)
	return len(k) == n+1+len(f.Name) && k[n] == '/' && k[:n] == f.Side && k[n+1:] == f.Name
}

// opponent of a player side; "" for the Deathbeast.
func (b *Battle) opponent(side string) string {
	if len(b.Sides) != 2 {
		return ""
	}
	switch side {
	case b.Sides[0]:
		return b.Sides[1]
	case b.Sides[1]:
		return b.Sides[0]
	}
	return ""
}

// player is the player of the game called name (in any case), refused
// under rule when no player of the game is.
func (b *Battle) player(rule, name string) (string, error) {
	for _, s := range b.Sides {
		if strings.EqualFold(s, name) {
			return s, nil
		}
	}
	return "", engines.Refuse(rule, "%q is not a player of this game; choose %s", name, strings.Join(b.Sides, " or "))
}

// enemies reports whether a and b fight each other.
func enemies(a, b *Figure) bool {
	if a.Side == DeathbeastSide && b.Side == DeathbeastSide {
		return false
	}
	return a.Side != b.Side
}

// init makes sure the battle's maps exist.
func (b *Battle) init() {
	if b.Objectives == nil {
		b.Objectives = map[string][]int{}
	}
	if b.Done == nil {
		b.Done = map[string][]int{}
	}
	if b.Overseer == nil {
		b.Overseer = map[string]bool{}
	}
	if b.Desecrate == nil {
		b.Desecrate = map[string]int{}
	}
	if b.RemovedPerR == nil {
		b.RemovedPerR = map[string][]int{}
	}
}

// morale is (slain, starting) for a side: starting incarns (Worms left
// out) and those of them slain or routed.
func (b *Battle) morale(side string) (slain, start int) {
	for _, f := range b.Figures {
		if !f.Starting || f.Origin != side {
			continue
		}
		start++
		if f.Status == StatusSlain || f.Status == StatusRouted {
			slain++
		}
	}
	return slain, start
}

// slainCount counts slain and routed figures of side.
func (b *Battle) slainCount(side string) int {
	n := 0
	for _, f := range b.Figures {
		if f.Side == side && (f.Status == StatusSlain || f.Status == StatusRouted) {
			n++
		}
	}
	return n
}

// The battle's tables by player: Clone copies them in compiled code
// (engines.MapsOf).
func init() {
	engines.MapsOf[string, []int]()
	engines.MapsOf[string, []Incarn]()
}
