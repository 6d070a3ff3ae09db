package kingsown

import (
	"strings"

	"warlog/engines"
	"warlog/engines/kit"
)

// Phases of a turn. Over: the turn limit is reached and only
// `scenario end` remains.
const (
	PhaseInitiative = "initiative"
	// PhaseChoosing: the roll-off is rolled; its winner has yet to choose
	// who moves first.
	PhaseChoosing = "choosing"
	PhaseMovement = "movement"
	PhaseAttack   = "attack"
	PhaseOver     = "over"
)

// Figure statuses in a fight (CLI.md).
const (
	StatusActive    = "active"
	StatusDown      = "down"
	StatusBroken    = "broken"
	StatusWithdrawn = "withdrawn"
)

// DefaultTurns is the turn limit when the scenario gives none.
//
// Ruling: the seed asks for a turn limit without naming one; six turns,
// as the shared `scenario start` example, unless --turns says otherwise.
const DefaultTurns = 6

// Member is a figure of the campaign roster.
type Member struct {
	Card     Card `json:"card"`
	Skill    int  `json:"skill"` // campaign Skill
	Dead     bool `json:"dead,omitempty"`
	Fought   int  `json:"fought,omitempty"`
	SatOut   int  `json:"sat_out,omitempty"`
	Removals int  `json:"removals,omitempty"`
	// How each fight ended for it is not kept here: it grows with the
	// campaign and is read only by the roster, which takes it from Past
	// (fightsOf).
}

// Fig is a figure in the fight in progress.
type Fig struct {
	Card       Card   `json:"card"`
	Member     bool   `json:"member,omitempty"`
	Skill      int    `json:"skill"`
	StartSkill int    `json:"start_skill"`
	Hits       int    `json:"hits"`
	Status     string `json:"status"`
	Facing     string `json:"facing"`
	Moved      string `json:"moved,omitempty"` // this turn's move; "" not yet
	NoAttack   bool   `json:"no_attack,omitempty"`
	Attacks    int    `json:"attacks,omitempty"` // used this turn
	StepSkill  int    `json:"step_skill,omitempty"`
	// RollSkill is the Skill it had when the Skill step in progress began:
	// the Skill of every hit roll and cast in that step (RULINGS).
	RollSkill int `json:"roll_skill,omitempty"`
	// Pending: taken out during its own Skill step, which has not closed:
	// it still makes its attacks in that step.
	Pending    bool `json:"pending,omitempty"`
	ShieldUsed bool `json:"shield_used,omitempty"`
	Warded     bool `json:"warded,omitempty"`
	LockedTurn int  `json:"locked_turn,omitempty"`
	// LockedBy is the spell whose failure locked it out ("" : Firebolt).
	LockedBy   string `json:"locked_by,omitempty"`
	Removals   int    `json:"removals,omitempty"`
	OutTurn    int    `json:"out_turn,omitempty"`
	JoinedTurn int    `json:"joined_turn,omitempty"`
	// Made counts the attacks and spells it made in the fight, Dealt the
	// Hits its enemies lost to them.
	Made  int `json:"made,omitempty"`
	Dealt int `json:"dealt,omitempty"`
}

// Ref is the figure's reference.
func (f *Fig) Ref() Ref { return Ref{Side: f.Card.Side, Name: f.Card.Name} }

// Out reports whether the figure has been removed (Down, Broken, Withdrawn).
func (f *Fig) Out() bool { return f.Status != StatusActive }

// Res is the Res the figure counts as now (Ward: 4).
//
// Ruling: Ward makes the figure count as Res 4; a figure whose own Res is
// higher keeps it — a protective spell never weakens.
func (f *Fig) Res() int {
	if f.Warded && f.Card.Res < 4 {
		return 4
	}
	return f.Card.Res
}

// Battle is the fight in progress.
type Battle struct {
	// Ending is how the fight ended: left nil when the fight ends (the
	// record derives it when read, Record.outcome), as a fight in
	// progress is never the ended one (it moves to Past when it ends).
	kit.Ending
	// Striker is the figure whose attack or spell was made last: a Hit an
	// enemy of it loses after is its doing (its Dealt).
	Striker *Ref     `json:"striker,omitempty"`
	Name    string   `json:"name"`
	Brief   string   `json:"brief,omitempty"`
	Turns   int      `json:"turns"`
	Turn    int      `json:"turn"`
	Phase   string   `json:"phase"`
	Sides   []string `json:"sides"`
	Figures []*Fig   `json:"figures"`
	Grunt   *Card    `json:"grunt,omitempty"`
	Spawned int      `json:"spawned,omitempty"`
	ToMove  string   `json:"to_move,omitempty"`
	First   string   `json:"first,omitempty"`
	// Winner is the side that won the roll-off while it chooses who moves
	// first (PhaseChoosing).
	Winner string `json:"winner,omitempty"`
	Step   int    `json:"step,omitempty"` // the Skill step in progress; 0 none
}

// Record is a finished fight, for the chronicle: the fight as it closed
// and how it ended.
type Record struct {
	Battle *Battle       `json:"battle"`
	Ended  ScenarioEnded `json:"ended"`
}

// State is The King's Own's folded state of one campaign.
type State struct {
	// Play is the campaign, the fight in progress (nil between fights)
	// and the fights before it.
	kit.Play[*Battle, Record]
	Members []*Member `json:"members"`
	Nest    *Card     `json:"nest,omitempty"`
	Grunt   *Card     `json:"grunt,omitempty"`
}

func newState(c engines.Campaign) *State {
	return &State{Play: kit.Play[*Battle, Record]{Campaign: c}}
}

func (s *State) member(r Ref) *Member {
	for _, m := range s.Members {
		if sameKey(m.Card.Side, m.Card.Name, r.Side, r.Name) {
			return m
		}
	}
	return nil
}

// memberFrom is member(r) looking from index i on first (then before i),
// with the index found plus one: a fight's outcomes list the roster in its
// order, so each outcome's member is at or just after the last one's, and
// a fight's end costs the roster's length rather than its square. Names
// are unique per side (Recruit refuses a second), so the match found is
// the one member finds.
func (s *State) memberFrom(i int, r Ref) (*Member, int) {
	for j := i; j < len(s.Members); j++ {
		if m := s.Members[j]; sameKey(m.Card.Side, m.Card.Name, r.Side, r.Name) {
			return m, j + 1
		}
	}
	for j := 0; j < i && j < len(s.Members); j++ {
		if m := s.Members[j]; sameKey(m.Card.Side, m.Card.Name, r.Side, r.Name) {
			return m, j + 1
		}
	}
	return nil, i
}

func (b *Battle) fig(r Ref) *Fig {
	for _, f := range b.Figures {
		if sameKey(f.Card.Side, f.Card.Name, r.Side, r.Name) {
			return f
		}
	}
	return nil
}

func (b *Battle) nest() *Fig {
	for _, f := range b.Figures {
		if f.Card.Static && strings.EqualFold(f.Card.Side, NestSide) {
			return f
		}
	}
	return nil
}

// movers is the count of figures of side that can still move this turn.
func (b *Battle) movers(side string) int {
	n := 0
	for _, f := range b.Figures {
		if strings.EqualFold(f.Card.Side, side) && !f.Out() && !f.Card.Static && f.Moved == "" {
			n++
		}
	}
	return n
}

func (b *Battle) other(side string) string {
	for _, s := range b.Sides {
		if !strings.EqualFold(s, side) {
			return s
		}
	}
	return ""
}

// removed counts a side's figures that are Down, Broken or Withdrawn.
func (b *Battle) removed(side string) int {
	n := 0
	for _, f := range b.Figures {
		if strings.EqualFold(f.Card.Side, side) && f.Out() {
			n++
		}
	}
	return n
}

// rollSkill is the Skill f's hit rolls and casts use: in its own Skill
// step, the Skill it had when the step began, so that figures of equal
// Skill strike as if at once; before its step begins, its Skill now.
func (b *Battle) rollSkill(f *Fig) int {
	if b.Phase == PhaseAttack && b.Step != 0 && f.StepSkill == b.Step {
		return f.RollSkill
	}
	return f.Skill
}

// played is the number of turns the fight has played.
//
// Ruling: a turn begins with its roll-off (seed 003 line 6), so a fight
// ended between the close of one turn and the next roll-off ended after
// the turn that closed; the turn counter is one ahead of it.
func (b *Battle) played() int {
	if b.Phase == PhaseInitiative {
		return b.Turn - 1
	}
	return b.Turn
}

// beginMovement opens the movement phase with first to move (or the other
// side, if first has no one left to move).
func (b *Battle) beginMovement(first string) {
	b.Phase, b.First, b.Winner = PhaseMovement, first, ""
	b.ToMove = first
	if b.movers(first) == 0 {
		b.ToMove = b.nextMover(first)
	}
}

// nextMover is whose move it is after side moved.
func (b *Battle) nextMover(side string) string {
	if o := b.other(side); b.movers(o) > 0 {
		return o
	}
	if b.movers(side) > 0 {
		return side
	}
	return ""
}
