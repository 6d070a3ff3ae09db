package deadwars

import (
	"fmt"
	"slices"
	"strings"

	"warlog/engines"
	"warlog/engines/kit"
)

// State is a Deadwars campaign: the forces with their records, and the
// battles fought (the last may be in progress).
type State struct {
	// Play is the campaign, the newest battle (over or not, the one rules
	// touch) and the battles before it, which never change again.
	kit.Play[*Battle, *Battle]
	Forces []*Force `json:"forces"`
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
	// ID names the figure for the whole campaign (figureID), whatever its
	// name: the outcomes of its battles know it by it.
	ID        string `json:"id"`
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
	Pool  []int          `json:"pool"`
	Magic map[string]int `json:"magic"`
	// Sixes are the active player's 6s of this turn still in the magic
	// pool (rolled, or a double made into a 6): a pair of them may still be
	// exchanged as a double. The pool is spent from the 6s kept from
	// earlier turns first.
	Sixes    int          `json:"sixes"`
	Contacts [][2]Ref     `json:"contacts"`
	Free     []FreeAttack `json:"free"`
	// LeftPairs are the base contacts left this turn: neither figure may
	// record contact with the other again until the turn ends (Ruling).
	LeftPairs    [][2]Ref         `json:"left_pairs,omitempty"`
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
	// Ending is how the battle ended, stated when it ended (outcome.go);
	// nil while it is fought.
	kit.Ending
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
	// Made counts the attacks and spells it made in the battle, Dealt the
	// wounds they did.
	Made  int `json:"made,omitempty"`
	Dealt int `json:"dealt,omitempty"`
}

// Ref is the figure's reference.
func (f *Fig) Ref() Ref { return Ref{Side: f.Side, Name: f.Name} }

// MaxWounds is what kills the figure: its rank's wounds.
func (f *Fig) MaxWounds() int { return RankValue(f.Rank) }

// Human reports whether the figure is one of Hunt the Hunters' Humans.
func (f *Fig) Human() bool { return f.Side == HumansSide }

func newState(c engines.Campaign) *State {
	return &State{Play: kit.Play[*Battle, *Battle]{Campaign: c}}
}

// Current is the battle in progress, or nil.
func (s *State) Current() *Battle {
	if s.InProgress() {
		return s.Battle
	}
	return nil
}

// Last is the newest battle, over or not, or nil.
func (s *State) Last() *Battle { return s.Battle }

// Force returns the player's force (case-insensitive), or nil.
func (s *State) Force(player string) *Force {
	for _, f := range s.Forces {
		if strings.EqualFold(f.Player, player) {
			return f
		}
	}
	return nil
}

// played is the number of turns played: the last turn in which a player
// took an action (Filed). A turn counts once a player has acted in it, and
// the Humans' strike after a turn belongs to that turn (RULINGS, Deadwars,
// rulings added 2026-12-01): a battle ended when the next turn began, with
// no one yet acting in it, was played for the turns before it.
func (b *Battle) played() int { return b.Filed }

// endedWhen says when in its turns a battle ended now: "in turn 2" while
// a turn is being played, "after turn 1" when no one has acted in the turn
// begun, "before its first turn" when no one has acted at all.
func (b *Battle) endedWhen() string {
	switch n := b.played(); {
	case n == 0:
		return "before its first turn"
	case n < b.Round:
		return fmt.Sprintf("after turn %d", n)
	default:
		return fmt.Sprintf("in turn %d", n)
	}
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

// earner is the figure whose move earned the free attack f: the figure
// that moved into base contact (f.By, still in contact with its target:
// leaving would have lapsed it) or the one that moved out of it (f.Target,
// no longer in contact, and never again this turn).
func (b *Battle) earner(f FreeAttack) Ref {
	if b.InContact(f.By, f.Target) {
		return f.By
	}
	return f.Target
}

// leftThisTurn reports whether x and y left base contact this turn.
func (b *Battle) leftThisTurn(x, y Ref) bool {
	for _, c := range b.LeftPairs {
		if (c[0] == x && c[1] == y) || (c[0] == y && c[1] == x) {
			return true
		}
	}
	return false
}

// leave ends the base contact of x and y: the free attacks either earned
// on the other lapse with it (Ruling: "it lapses when that contact is
// left"), and neither may record contact with the other again this turn.
func (b *Battle) leave(x, y Ref) {
	b.setContact(x, y, false)
	b.Free = slices.DeleteFunc(b.Free, func(f FreeAttack) bool {
		return (f.By == x && f.Target == y) || (f.By == y && f.Target == x)
	})
	if !b.leftThisTurn(x, y) {
		b.LeftPairs = append(b.LeftPairs, [2]Ref{x, y})
	}
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

// addDie puts a die of this turn in the pool, or in the player's magic
// pool if it shows Magic.
func (b *Battle) addDie(player string, face int) {
	if face == 6 {
		b.Magic[player]++
		b.Sixes++
		return
	}
	b.Pool = append(b.Pool, face)
	slices.Sort(b.Pool)
}

// spendMagic pays n dice from the player's magic pool, the 6s kept from
// earlier turns first: this turn's 6s are spent only when no other is left.
func (b *Battle) spendMagic(player string, n int) {
	b.Magic[player] -= n
	b.Sixes = min(b.Sixes, max(b.Magic[player], 0))
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

// battles are the campaign's battles, oldest first, the newest over or not.
func (s *State) battles() []*Battle {
	if s.Battle == nil {
		return s.Past.All()
	}
	return append(slices.Clip(s.Past.All()), s.Battle)
}
