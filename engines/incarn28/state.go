package incarn28

import (
	"fmt"
	"strings"

	"warlog/engines"
	"warlog/engines/dice"
)

// Incarn is one incarn as a gang lists it.
type Incarn struct {
	Name      string   `json:"name"`
	Skill     string   `json:"skill"`
	Toughness string   `json:"toughness"`
	Flesh     []string `json:"flesh,omitempty"`
	Items     []string `json:"items,omitempty"`
}

// Gang is one player's gang, kept between games.
type Gang struct {
	Player  string   `json:"player"`
	Faction string   `json:"faction"`
	Bones   int      `json:"bones"`
	Incarns []Incarn `json:"incarns"`
	Games   int      `json:"games"`
	Wins    int      `json:"wins"`
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
	// SlainBy is the side whose action slew it ("" for none).
	SlainBy string `json:"slain_by,omitempty"`
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
func (f *Figure) Has(flesh string) bool {
	for _, x := range f.Flesh {
		if x == flesh {
			return true
		}
	}
	return false
}

// HasItem reports whether the figure carries the item.
func (f *Figure) HasItem(item string) bool {
	for _, x := range f.Items {
		if x == item {
			return true
		}
	}
	return false
}

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
}

// Battle is the game in progress.
type Battle struct {
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
	Winner  string              `json:"winner,omitempty"`
	Why     string              `json:"why,omitempty"`
	Ended   bool                `json:"ended"`
	Forces  map[string][]Incarn `json:"forces"`
	Removed map[string][]int    `json:"removed"`
}

// State is an Incarn28 campaign folded from its log.
type State struct {
	Campaign engines.Campaign        `json:"campaign"`
	Gangs    []*Gang                 `json:"gangs"`
	Battle   *Battle                 `json:"battle,omitempty"`
	Records  engines.History[Record] `json:"records"`
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

// enemies reports whether a and b fight each other.
func enemies(a, b *Figure) bool {
	if a.Side == DeathbeastSide && b.Side == DeathbeastSide {
		return false
	}
	return a.Side != b.Side
}

// clone deep-copies the state through JSON, so Decide can apply its own
// facts to a copy. The records of finished games never change, so the copy
// shares them (a History: what the copy records never reaches the
// original), and a decision costs the size of the game in progress.
func (s *State) clone() *State {
	tmp := *s
	tmp.Records = engines.History[Record]{}
	b, err := engines.MarshalState(&tmp)
	if err != nil {
		panic(err)
	}
	var c State
	if err := engines.UnmarshalState(b, &c); err != nil {
		panic(err)
	}
	c.Records = s.Records.Copy()
	return &c
}

// Apply implements engines.State.
func (s *State) Apply(typ string, payload any) error {
	if b := s.Battle; b != nil {
		b.init()
	}
	switch p := payload.(type) {
	case dice.Rolled:
		return nil
	case GangFounded:
		s.Gangs = append(s.Gangs, &Gang{Player: p.Player, Faction: p.Faction, Bones: p.Bones})
		for _, in := range p.Incarns {
			s.Gangs[len(s.Gangs)-1].Incarns = append(s.Gangs[len(s.Gangs)-1].Incarns, in)
		}
	case IncarnRecruited:
		g := s.gang(p.Player)
		if g == nil {
			return fmt.Errorf("%s: no gang %q", typ, p.Player)
		}
		g.Incarns = append(g.Incarns, p.Incarn)
	case IncarnDismissed:
		g := s.gang(p.Player)
		if g == nil {
			return fmt.Errorf("%s: no gang %q", typ, p.Player)
		}
		for i, in := range g.Incarns {
			if in.Name == p.Name {
				g.Incarns = append(g.Incarns[:i], g.Incarns[i+1:]...)
				break
			}
		}
	case BattleStarted:
		b := &Battle{Name: p.Name, Sides: p.Sides, Objectives: map[string][]int{}, Done: map[string][]int{},
			Overseer: map[string]bool{}, Desecrate: map[string]int{}, RemovedPerR: map[string][]int{}}
		// One copy of all the figures rather than one allocation each: a
		// replay starts a battle every few dozen events.
		figs := append([]Figure(nil), p.Figures...)
		if len(figs) > 0 {
			b.Figures = make([]*Figure, len(figs))
			for i := range figs {
				b.Figures[i] = &figs[i]
			}
		}
		s.Battle = b
	case ObjectivesRolled:
		if s.Battle == nil {
			return fmt.Errorf("%s: no battle", typ)
		}
		s.Battle.Objectives[p.Player] = p.Objectives
		if p.Overseer {
			s.Battle.Overseer[p.Player] = true
		}
	case TwistRolled:
		if s.Battle == nil {
			return fmt.Errorf("%s: no battle", typ)
		}
		s.Battle.Twist = p.Twist
		s.Battle.MistEdge = p.MistEdge
	case DeploymentRolled:
		if s.Battle == nil {
			return fmt.Errorf("%s: no battle", typ)
		}
		s.Battle.Deployer = p.First
	case MistFlowed:
		s.Battle.MistReach, s.Battle.MistRound = p.Reach, p.Round
	case ReactionOpened:
		s.Battle.Reactions = append(s.Battle.Reactions, Reaction{Figure: p.Figure, Kind: p.Kind, Not: p.Not})
	case ReactionUsed:
		b := s.Battle
		for i, r := range b.Reactions {
			if r.Figure == p.Figure && r.Kind == p.Kind {
				if p.Kind == "Spite" {
					b.Reactions[i].Used = append(b.Reactions[i].Used, p.Target)
				} else {
					b.Reactions = append(b.Reactions[:i], b.Reactions[i+1:]...)
				}
				break
			}
		}
	case FigureAdded:
		if s.Battle == nil {
			return fmt.Errorf("%s: no battle", typ)
		}
		f := p.Figure
		s.Battle.Figures = append(s.Battle.Figures, &f)
	case RoundBegun:
		b := s.Battle
		if b == nil {
			return fmt.Errorf("%s: no battle", typ)
		}
		b.Round, b.First, b.Next, b.Again, b.RoundOver, b.Current = p.Round, p.First, p.First, "", false, nil
		for _, f := range b.Figures {
			f.Activated, f.Rifted = false, false
		}
		b.Last = ""
	case Activated:
		b := s.Battle
		f := b.fig(p.Figure)
		if f == nil {
			return fmt.Errorf("%s: no figure %q", typ, p.Figure)
		}
		b.Again = ""
		f.Activated = true
		f.Saved = 0
		b.Current = &Activation{Figure: p.Figure, ACs: p.ACs, StunnedAtStart: p.WasStunned, Fallow: p.Fallow}
		if p.Wasted {
			b.Current.ACs = 0
		}
	case ACsSpent:
		if c := s.Battle.Current; c != nil && c.Figure == p.Figure {
			c.ACs -= p.ACs
			switch p.For {
			case "attack":
				c.Attacks++
			case "":
			default:
				c.SPAs = append(c.SPAs, p.For)
			}
		}
	case StatusChanged:
		b := s.Battle
		f := b.fig(p.Figure)
		if f == nil {
			return fmt.Errorf("%s: no figure %q", typ, p.Figure)
		}
		if (p.Status == StatusSlain || p.Status == StatusRouted) && f.InPlay() {
			r := b.Round
			if r < 1 {
				r = 1
			}
			rem := b.RemovedPerR[f.Side]
			for len(rem) < r {
				rem = append(rem, 0)
			}
			rem[r-1]++
			b.RemovedPerR[f.Side] = rem
			f.SlainBy = p.By
			if c := b.Current; c != nil && p.By != "" {
				if a := b.fig(c.Figure); a != nil && a.Side == p.By && enemies(a, f) {
					c.Slew = true
				}
			}
		}
		if p.Status == StatusStunned || p.Status == StatusSlain || p.Status == StatusRouted {
			f.Harmed = true
		}
		if p.Status == StatusActive && !f.InPlay() {
			f.SlainBy = ""
		}
		f.Status = p.Status
	case FigureChanged:
		b := s.Battle
		f := b.fig(p.Figure)
		if f == nil {
			return fmt.Errorf("%s: no figure %q", typ, p.Figure)
		}
		if p.Side != "" {
			f.Side = p.Side
		}
		if p.Name != "" {
			f.Name = p.Name
		}
		if p.Incarn != nil {
			f.Incarn = *p.Incarn
		}
		if p.OnFire != nil {
			f.OnFire = *p.OnFire
		}
		if p.Stone != nil {
			f.Stone = *p.Stone
		}
		if p.Rifted != nil {
			f.Rifted = *p.Rifted
			if f.Rifted {
				f.RiftUsed = true
			}
		}
		if p.Revealed != nil {
			f.Revealed = *p.Revealed
		}
		if p.MarkedBy != nil {
			f.MarkedBy = *p.MarkedBy
		}
		if p.Used != "" {
			switch p.Used {
			case "Toxic":
				f.ToxicUsed = true
			case "Decoy":
				f.DecoyUsed = true
			case "Inseminator":
				f.InseminateUsed = true
			}
		}
	case ActivationEnded:
		b := s.Battle
		if f := b.fig(p.Figure); f != nil {
			f.Saved = p.Saved
		}
		if f := b.fig(p.Figure); f != nil {
			b.Last = f.Side
		}
		b.Current = nil
		// Ruling: a reaction is taken at once: it lapses when the
		// activation ends.
		b.Reactions = nil
		b.Next = p.Next
		b.Again = p.Again
		if p.RoundOver {
			b.RoundOver = true
		}
	case DesecrateHit:
		s.Battle.Desecrate[p.Player] += p.Hits
	case ObjectiveCompleted:
		b := s.Battle
		b.Done[p.Player] = append(b.Done[p.Player], p.Objective)
	case BattleEnded:
		b := s.Battle
		if b == nil {
			return fmt.Errorf("%s: no battle", typ)
		}
		b.Winner, b.Why, b.Ended = p.Winner, p.Why, true
		rec := Record{Name: b.Name, Rounds: b.Round, Sides: b.Sides, Winner: p.Winner, Why: p.Why, Ended: true,
			Forces: map[string][]Incarn{}, Removed: map[string][]int{}}
		for _, f := range b.Figures {
			if !f.Starting && f.Tag != "" {
				continue
			}
			if _, ok := rec.Forces[f.Side]; !ok { // size each side's list once
				n := 0
				for _, g := range b.Figures {
					if g.Side == f.Side && (g.Starting || g.Tag == "") {
						n++
					}
				}
				rec.Forces[f.Side] = make([]Incarn, 0, n)
			}
			rec.Forces[f.Side] = append(rec.Forces[f.Side], f.Incarn)
		}
		for k, v := range b.RemovedPerR {
			rec.Removed[k] = append([]int(nil), v...)
		}
		for _, side := range b.Sides {
			if g := s.gang(side); g != nil {
				g.Games++
				if side == p.Winner {
					g.Wins++
				}
			}
		}
		s.Records.Add(rec)
		b.Current = nil
	default:
		return fmt.Errorf("incarn28 cannot apply %s", typ)
	}
	return nil
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
