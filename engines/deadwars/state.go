package deadwars

import (
	"fmt"
	"slices"
	"strings"

	"warlog/engines"
	"warlog/engines/dice"
)

// State is a Deadwars campaign: the forces with their records, and the
// battles fought (the last may be in progress). Every field is exported so
// that a state can be cloned through JSON.
type State struct {
	Camp   engines.Campaign `json:"camp"`
	Forces []*Force         `json:"forces"`
	// Past are the battles before the newest, which never change again;
	// Battles holds the newest only (over or not), the one rules touch.
	Past    engines.History[*Battle] `json:"past"`
	Battles []*Battle                `json:"battles"`
}

// Force is one player's force and its campaign record.
type Force struct {
	Player  string    `json:"player"`
	Clan    string    `json:"clan"`
	Figures []*Member `json:"figures"`
	Played  int       `json:"played"`
	Won     int       `json:"won"`
	Lost    int       `json:"lost"`
	Drawn   int       `json:"drawn"`
	KP      int       `json:"kp"`
	// Each battle's result for the force is not kept here: it grows with
	// the campaign and only the roster reads it, from the battles
	// (resultsOf).
}

// Member is a figure of a force and its campaign record.
type Member struct {
	Name      string `json:"name"`
	Rank      string `json:"rank"`
	Class     string `json:"class"`
	Champion  bool   `json:"champion"`
	Scenarios int    `json:"scenarios"`
	Kills     int    `json:"kills"`
	KP        int    `json:"kp"`
	Souls     int    `json:"souls"`
	Humans    int    `json:"humans"`
	Deaths    int    `json:"deaths"`
}

// Points is what the figure costs (the Champion is free).
func (m *Member) Points() int {
	if m.Champion {
		return 0
	}
	return RankValue(m.Rank)
}

// Points is what the force has spent besides its Champion.
func (f *Force) Points() int {
	n := 0
	for _, m := range f.Figures {
		n += m.Points()
	}
	return n
}

// Champion is the force's Champion, or nil.
func (f *Force) Champion() *Member {
	for _, m := range f.Figures {
		if m.Champion {
			return m
		}
	}
	return nil
}

// Phases of a battle.
const (
	PhaseRoll   = "roll"   // the active player has not rolled yet
	PhaseAct    = "act"    // dice rolled, being spent
	PhaseHumans = "humans" // Hunt the Hunters: the Humans attack
	PhaseShrine = "shrine" // Death Shrine: waiting for the count
	PhaseDone   = "done"   // 6 turns each played, the end is being decided
	PhaseOver   = "over"
)

// Battle is one scenario.
type Battle struct {
	Name    string   `json:"name"`
	Brief   string   `json:"brief"`
	Sides   []string `json:"sides"`
	Deploy  []string `json:"deploy"`
	RollOff [][]int  `json:"roll_off"`
	Figures []*Fig   `json:"figures"`
	Round   int      `json:"round"`
	Active  int      `json:"active"`
	Phase   string   `json:"phase"`
	// Pool is the active player's unspent non-Magic dice, by face.
	Pool         []int            `json:"pool"`
	Magic        map[string]int   `json:"magic"`
	Contacts     [][2]Ref         `json:"contacts"`
	Free         []FreeAttack     `json:"free"`
	KP           map[string]int   `json:"kp"`
	Souls        map[string]int   `json:"souls"`
	HumansKilled map[string]int   `json:"humans_killed"`
	Shrine       map[string]int   `json:"shrine"`
	Removed      map[string][]int `json:"removed"`
	Over         bool             `json:"over"`
	// Filed is the turn the newest action belongs to: an end of turn
	// that starts the next turn still belongs to the turn it ended.
	Filed  int    `json:"filed"`
	Winner string `json:"winner"`
	Result string `json:"result"`
	Why    string `json:"why"`
}

// Fig is a figure on the battlefield.
type Fig struct {
	Side        string `json:"side"`
	Name        string `json:"name"`
	Rank        string `json:"rank"`
	Class       string `json:"class"`
	Champion    bool   `json:"champion"`
	Wounds      int    `json:"wounds"`
	Defend      int    `json:"defend"`
	Attacks     int    `json:"attacks"`
	Dead        bool   `json:"dead"`
	LeftContact bool   `json:"left_contact"`
	Kills       int    `json:"kills"`
	KP          int    `json:"kp"`
	Souls       int    `json:"souls"`
	Humans      int    `json:"humans"`
	KilledBy    string `json:"killed_by,omitempty"`
}

// Ref is the figure's reference.
func (f *Fig) Ref() Ref { return Ref{Side: f.Side, Name: f.Name} }

// MaxWounds is what kills the figure: its rank's wounds.
func (f *Fig) MaxWounds() int { return RankValue(f.Rank) }

// Human reports whether the figure is one of Hunt the Hunters' Humans.
func (f *Fig) Human() bool { return f.Side == HumansSide }

func newState(c engines.Campaign) *State { return &State{Camp: c} }

// clone deep-copies the state through JSON.
//
// Only the newest battle ever changes; the copy shares Past (a History,
// whose additions on the copy never reach the original): a decision costs
// the size of one battle, not of the campaign's history.
func (s *State) clone() *State {
	tmp := *s
	tmp.Past = engines.History[*Battle]{}
	b, err := engines.MarshalState(&tmp)
	if err != nil {
		panic(err)
	}
	var c State
	if err := engines.UnmarshalState(b, &c); err != nil {
		panic(err)
	}
	c.Past = s.Past.Copy()
	return &c
}

// Current is the battle in progress, or nil.
func (s *State) Current() *Battle {
	if n := len(s.Battles); n > 0 && !s.Battles[n-1].Over {
		return s.Battles[n-1]
	}
	return nil
}

// Last is the newest battle, over or not, or nil.
func (s *State) Last() *Battle {
	if n := len(s.Battles); n > 0 {
		return s.Battles[n-1]
	}
	return nil
}

// Force returns the player's force (case-insensitive), or nil.
func (s *State) Force(player string) *Force {
	for _, f := range s.Forces {
		if strings.EqualFold(f.Player, player) {
			return f
		}
	}
	return nil
}

// ActivePlayer is the player whose turn it is.
func (b *Battle) ActivePlayer() string { return b.Sides[b.Active] }

// Other is the side that is not player.
func (b *Battle) Other(player string) string {
	if b.Sides[0] == player {
		return b.Sides[1]
	}
	return b.Sides[0]
}

// Fig returns the figure r names, or nil.
func (b *Battle) Fig(r Ref) *Fig {
	for _, f := range b.Figures {
		if f.Side == r.Side && f.Name == r.Name {
			return f
		}
	}
	return nil
}

// Living lists a side's figures still in play.
func (b *Battle) Living(side string) []*Fig {
	var out []*Fig
	for _, f := range b.Figures {
		if f.Side == side && !f.Dead {
			out = append(out, f)
		}
	}
	return out
}

// InContact reports whether a and b are in base contact.
func (b *Battle) InContact(x, y Ref) bool {
	for _, c := range b.Contacts {
		if (c[0] == x && c[1] == y) || (c[0] == y && c[1] == x) {
			return true
		}
	}
	return false
}

// ContactsOf lists the figures in base contact with r.
func (b *Battle) ContactsOf(r Ref) []Ref {
	var out []Ref
	for _, c := range b.Contacts {
		switch r {
		case c[0]:
			out = append(out, c[1])
		case c[1]:
			out = append(out, c[0])
		}
	}
	return out
}

func (b *Battle) setContact(x, y Ref, on bool) {
	b.Contacts = slices.DeleteFunc(b.Contacts, func(c [2]Ref) bool {
		return (c[0] == x && c[1] == y) || (c[0] == y && c[1] == x)
	})
	if on {
		b.Contacts = append(b.Contacts, [2]Ref{x, y})
	}
}

// takeDie removes one die showing face from the pool.
func (b *Battle) takeDie(face int) bool {
	i := slices.Index(b.Pool, face)
	if i < 0 {
		return false
	}
	b.Pool = slices.Delete(b.Pool, i, i+1)
	return true
}

// countFace counts the faces showing face.
func countFace(faces []int, face int) int {
	n := 0
	for _, v := range faces {
		if v == face {
			n++
		}
	}
	return n
}

// addDie puts a die in the pool, or in the player's magic pool if it shows Magic.
func (b *Battle) addDie(player string, face int) {
	if face == 6 {
		b.Magic[player]++
		return
	}
	b.Pool = append(b.Pool, face)
	slices.Sort(b.Pool)
}

// humansAlive counts the living Humans.
func (b *Battle) humansAlive() int { return len(b.Living(HumansSide)) }

// soulsLeft counts the Souls still uncollected.
func (b *Battle) soulsLeft() int {
	n := SoulCount
	for _, v := range b.Souls {
		n -= v
	}
	return n
}

// Apply implements engines.State.
func (s *State) Apply(typ string, payload any) error {
	switch p := payload.(type) {
	case dice.Rolled:
		// Every die is recorded before use; the engine's own facts carry
		// the faces it used, so the roll itself changes nothing here.
		return nil
	case ForceCreated:
		s.Forces = append(s.Forces, &Force{Player: p.Player, Clan: p.Clan})
		return nil
	case FigureRecruited:
		f := s.Force(p.Player)
		if f == nil {
			return fmt.Errorf("deadwars: recruit into unknown force %q", p.Player)
		}
		f.Figures = append(f.Figures, &Member{Name: p.Name, Rank: p.Rank, Class: p.Class, Champion: p.Champion})
		return nil
	case ScenarioStarted:
		return s.applyStart(p)
	case ScenarioEnded:
		return s.applyEnd(p)
	}
	b := s.Current()
	if b == nil {
		return fmt.Errorf("deadwars: %s with no battle in progress", typ)
	}
	b.Filed = b.Round
	switch p := payload.(type) {
	case PoolRolled:
		b.Pool = nil
		if n := len(p.Faces) - countFace(p.Faces, 6); n > 0 { // Magic faces go to the magic pool
			b.Pool = make([]int, 0, n)
		}
		for _, v := range p.Faces {
			b.addDie(p.Player, v)
		}
		b.Phase = PhaseAct
	case DoubleChanged:
		b.takeDie(p.Face)
		b.takeDie(p.Face)
		b.addDie(p.Player, p.To)
	case FigureMoved:
		if p.Magic {
			b.Magic[p.Figure.Side]--
		} else {
			b.takeDie(p.Die)
		}
		for _, r := range p.Left {
			b.setContact(p.Figure, r, false)
		}
		if len(p.Left) > 0 {
			if f := b.Fig(p.Figure); f != nil {
				f.LeftContact = true
			}
		}
		if p.Into != nil && !b.isHuman(*p.Into) {
			b.setContact(p.Figure, *p.Into, true)
		}
		b.Free = append(b.Free, p.Free...)
	case ContactChanged:
		b.setContact(p.A, p.B, !p.Apart)
	case AttackMade:
		for _, v := range p.Dice {
			b.takeDie(v)
		}
		if a := b.Fig(p.By); a != nil && !p.Free && !a.Human() {
			a.Attacks++
		}
		if p.Free {
			b.useFree(p.By, p.Target)
		}
		b.strike(p.By, p.Target, p.Hit, p.Saved, p.Wounded, p.Killed, p.KP)
	case DefendSet:
		b.takeDie(p.Die)
		if f := b.Fig(p.Figure); f != nil {
			f.Defend++
		}
	case SpellCast:
		b.Magic[p.Caster.Side] -= p.Cost
		switch p.Spell {
		case Heal:
			if t := b.Fig(p.Target); t != nil && p.Healed && t.Wounds > 0 {
				t.Wounds--
			}
		case Boost:
			for _, r := range p.Left {
				b.setContact(p.Target, r, false)
			}
			if p.Into != nil && !b.isHuman(*p.Into) {
				b.setContact(p.Target, *p.Into, true)
			}
		default:
			b.strike(p.Caster, p.Target, p.Hit || p.Spell == Curse, p.Saved, p.Wounded, p.Killed, p.KP)
		}
	case SoulTried:
		for _, v := range p.Dice {
			b.takeDie(v)
		}
		if f := b.Fig(p.Figure); f != nil {
			f.Attacks++
			if p.Collected {
				f.Souls++
				b.Souls[f.Side]++
			}
		}
	case TurnEnded:
		b.Pool = nil
		b.Free = nil
		for _, f := range b.Figures {
			f.Attacks = 0
			f.LeftContact = false
		}
		if b.Active == 0 {
			b.Active = 1
			b.Phase = PhaseRoll
		} else if b.Brief == HuntTheHunters && b.humansAlive() > 0 {
			b.Phase = PhaseHumans
		} else {
			b.nextRound()
		}
	case HumansActed:
		b.nextRound()
	case ShrineCounted:
		b.Shrine = map[string]int{}
		for k, v := range p.Counts {
			b.Shrine[k] = v
		}
	default:
		return fmt.Errorf("deadwars: unknown fact %s", typ)
	}
	return nil
}

func (b *Battle) isHuman(r Ref) bool { return r.Side == HumansSide }

func (b *Battle) nextRound() {
	b.Active = 0
	if b.Round >= Turns {
		if b.Brief == DeathShrine {
			b.Phase = PhaseShrine
		} else {
			b.Phase = PhaseDone
		}
		return
	}
	b.Round++
	b.Phase = PhaseRoll
}

func (b *Battle) useFree(by, target Ref) {
	for i, f := range b.Free {
		if f.By == by && f.Target == target {
			b.Free = slices.Delete(b.Free, i, i+1)
			return
		}
	}
}

// strike applies an attack's or spell's outcome to its target.
func (b *Battle) strike(by, target Ref, hit, saved, wounded, killed bool, kp int) {
	t := b.Fig(target)
	if t == nil || !hit {
		return
	}
	if saved {
		t.Defend = 0
	}
	if wounded {
		t.Wounds++
	}
	if !killed {
		return
	}
	t.Dead = true
	t.KilledBy = by.Name
	b.Contacts = slices.DeleteFunc(b.Contacts, func(c [2]Ref) bool { return c[0] == target || c[1] == target })
	b.Free = slices.DeleteFunc(b.Free, func(f FreeAttack) bool { return f.By == target || f.Target == target })
	if r := b.Removed[t.Side]; len(r) >= b.Round && b.Round > 0 {
		r[b.Round-1]++
	}
	a := b.Fig(by)
	if a == nil {
		return
	}
	a.Kills++
	if t.Human() {
		a.Humans++
		b.HumansKilled[a.Side]++
		return
	}
	if !a.Human() {
		a.KP += kp
		b.KP[a.Side] += kp
	}
}

func (s *State) applyStart(p ScenarioStarted) error {
	b := &Battle{Name: p.Name, Brief: p.Brief, Sides: p.Sides, Deploy: p.Deploy, RollOff: p.RollOff,
		Round: 1, Phase: PhaseRoll, Magic: map[string]int{}, KP: map[string]int{}, Souls: map[string]int{},
		HumansKilled: map[string]int{}, Removed: map[string][]int{}}
	// The figures share one array, allocated once: a replay starts a
	// battle every hundred events or so.
	n := len(p.Humans)
	for _, side := range p.Sides {
		if f := s.Force(side); f != nil {
			n += len(f.Figures)
		}
	}
	figs := make([]Fig, 0, n)
	add := func(f Fig) {
		figs = append(figs, f)
		b.Figures = append(b.Figures, &figs[len(figs)-1])
	}
	if n > 0 {
		b.Figures = make([]*Fig, 0, n)
	}
	for _, side := range p.Sides {
		f := s.Force(side)
		if f == nil {
			return fmt.Errorf("deadwars: scenario with unknown force %q", side)
		}
		for _, m := range f.Figures {
			add(Fig{Side: f.Player, Name: m.Name, Rank: m.Rank, Class: m.Class, Champion: m.Champion})
		}
		b.Removed[side] = make([]int, Turns)
		b.Magic[side] = 0
		b.KP[side] = 0
	}
	if len(p.Humans) > 0 {
		b.Removed[HumansSide] = make([]int, Turns)
	}
	for _, h := range p.Humans {
		add(Fig{Side: HumansSide, Name: h.Name, Rank: Guard, Class: h.Class})
	}
	for _, old := range s.Battles { // at most one: the battle before this
		s.Past.Add(old)
	}
	s.Battles = []*Battle{b}
	return nil
}

func (s *State) applyEnd(p ScenarioEnded) error {
	b := s.Current()
	if b == nil {
		return fmt.Errorf("deadwars: scenario end with no battle in progress")
	}
	b.Over, b.Phase, b.Winner, b.Result, b.Why = true, PhaseOver, p.Winner, p.Result, p.Why
	for _, side := range b.Sides {
		f := s.Force(side)
		if f == nil {
			continue
		}
		f.Played++
		switch p.Winner {
		case "":
			f.Drawn++
		case side:
			f.Won++
		default:
			f.Lost++
		}
		f.KP += b.KP[side]
		for _, fig := range b.Figures {
			if fig.Side != side {
				continue
			}
			for _, m := range f.Figures {
				if m.Name == fig.Name {
					m.Scenarios++
					m.Kills += fig.Kills
					m.KP += fig.KP
					m.Souls += fig.Souls
					m.Humans += fig.Humans
					if fig.Dead {
						m.Deaths++
					}
				}
			}
		}
	}
	return nil
}
