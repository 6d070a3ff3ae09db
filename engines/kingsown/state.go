package kingsown

import (
	"fmt"
	"sort"
	"strings"

	"warlog/engines"
	"warlog/engines/dice"
)

// Phases of a turn. Over: the turn limit is reached and only
// `scenario end` remains.
const (
	PhaseInitiative = "initiative"
	PhaseMovement   = "movement"
	PhaseAttack     = "attack"
	PhaseOver       = "over"
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
	// Pending: taken out during its own Skill step, which has not closed:
	// it still makes its attacks in that step.
	Pending    bool `json:"pending,omitempty"`
	ShieldUsed bool `json:"shield_used,omitempty"`
	Warded     bool `json:"warded,omitempty"`
	LockedTurn int  `json:"locked_turn,omitempty"`
	Removals   int  `json:"removals,omitempty"`
	OutTurn    int  `json:"out_turn,omitempty"`
	JoinedTurn int  `json:"joined_turn,omitempty"`
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
	Step    int      `json:"step,omitempty"` // the Skill step in progress; 0 none
}

// Record is a finished fight, for the chronicle: the fight as it closed
// and how it ended.
type Record struct {
	Battle *Battle       `json:"battle"`
	Ended  ScenarioEnded `json:"ended"`
}

func (r Record) summary(s *State) engines.ScenarioSummary {
	sum := s.summary(r.Battle)
	sum.Ended, sum.Result, sum.Why, sum.Winner = true, r.Ended.Result, whyOf(r.Ended), r.Ended.Winner
	for _, o := range r.Ended.Outcomes {
		sum.Consequences = append(sum.Consequences, consequence(o))
	}
	return sum
}

// State is The King's Own's folded state of one campaign.
type State struct {
	Campaign engines.Campaign        `json:"campaign"`
	Members  []*Member               `json:"members"`
	Nest     *Card                   `json:"nest,omitempty"`
	Grunt    *Card                   `json:"grunt,omitempty"`
	Battle   *Battle                 `json:"battle,omitempty"`
	Past     engines.History[Record] `json:"past"`
}

func newState(c engines.Campaign) *State { return &State{Campaign: c} }

// clone is a deep copy, so Decide can fold its own facts without touching
// the state it was given.
//
// Past fights are never changed once recorded, so the copy shares them (a
// History: what the copy records never reaches the original): a decision
// costs the size of the fight in progress, not of the campaign's history.
func (s *State) clone() *State {
	tmp := *s
	tmp.Past = engines.History[Record]{}
	b, err := engines.MarshalState(&tmp)
	if err != nil {
		panic(err)
	}
	var out State
	if err := engines.UnmarshalState(b, &out); err != nil {
		panic(err)
	}
	out.Past = s.Past.Copy()
	return &out
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

// Apply implements engines.State.
func (s *State) Apply(typ string, payload any) error {
	if typ == dice.Type {
		return nil
	}
	b := s.Battle
	needBattle := func() error {
		if b == nil {
			return fmt.Errorf("%s outside a fight", typ)
		}
		return nil
	}
	fig := func(r Ref) (*Fig, error) {
		if err := needBattle(); err != nil {
			return nil, err
		}
		f := b.fig(r)
		if f == nil {
			return nil, fmt.Errorf("%s: no figure %s of %s in the fight", typ, r.Name, r.Side)
		}
		return f, nil
	}
	switch p := payload.(type) {
	case Recruited:
		s.Members = append(s.Members, &Member{Card: p.Card, Skill: p.Card.Skill})
	case BriefCardSet:
		c := p.Card
		if p.Role == "nest" {
			s.Nest = &c
		} else {
			s.Grunt = &c
		}
	case ScenarioStarted:
		nb := &Battle{Name: p.Name, Brief: p.Brief, Turns: p.Turns, Turn: 1, Phase: PhaseInitiative, Sides: p.Sides, Grunt: p.Grunt}
		if len(p.Figures) > 0 {
			// One block for the fight's figures rather than one allocation
			// each: a replay starts a fight every few dozen facts.
			figs := make([]Fig, len(p.Figures))
			nb.Figures = make([]*Fig, len(p.Figures))
			for i, fd := range p.Figures {
				figs[i] = Fig{Card: fd.Card, Member: fd.Member, Skill: fd.Skill, StartSkill: fd.Skill,
					Hits: fd.Card.Hits, Status: StatusActive, Facing: "front", JoinedTurn: 1}
				nb.Figures[i] = &figs[i]
			}
		}
		s.Battle = nb
	case GruntSpawned:
		if err := needBattle(); err != nil {
			return err
		}
		b.Spawned++
		b.Figures = append(b.Figures, &Fig{Card: p.Card, Skill: p.Card.Skill, StartSkill: p.Card.Skill,
			Hits: p.Card.Hits, Status: StatusActive, Facing: "front", JoinedTurn: b.Turn})
	case InitiativeWon:
		if err := needBattle(); err != nil {
			return err
		}
		b.Phase, b.First = PhaseMovement, p.First
		b.ToMove = p.First
		if b.movers(p.First) == 0 {
			b.ToMove = b.nextMover(p.First)
		}
	case Moved:
		f, err := fig(p.Ref)
		if err != nil {
			return err
		}
		f.Moved, f.Facing = p.Move, p.Facing
		if p.Stopped {
			f.NoAttack = true
		}
		if !p.PairNext {
			b.ToMove = b.nextMover(f.Card.Side)
		}
	case Withdrawn:
		f, err := fig(p.Ref)
		if err != nil {
			return err
		}
		f.Status, f.OutTurn = StatusWithdrawn, b.Turn
		b.ToMove = b.nextMover(f.Card.Side)
	case AttackPhaseBegun:
		if err := needBattle(); err != nil {
			return err
		}
		for _, r := range p.Stayed {
			if f := b.fig(r); f != nil {
				f.Moved = "stay"
			}
		}
		b.Phase, b.ToMove, b.Step = PhaseAttack, "", 0
		for _, f := range b.Figures {
			f.StepSkill = f.Skill
		}
	case StepBegun:
		if err := needBattle(); err != nil {
			return err
		}
		b.Step = p.Skill
		for _, f := range b.Figures {
			if f.Pending && f.StepSkill != p.Skill {
				f.Pending = false
			}
		}
	case AttackMade:
		f, err := fig(p.Attacker)
		if err != nil {
			return err
		}
		f.Attacks++
	case SpellCast:
		f, err := fig(p.Caster)
		if err != nil {
			return err
		}
		f.Attacks++
	case Missed, HitResisted:
	case ShieldUsed:
		f, err := fig(p.Target)
		if err != nil {
			return err
		}
		f.ShieldUsed = true
	case HitLost:
		f, err := fig(p.Target)
		if err != nil {
			return err
		}
		f.Hits = p.Hits
	case SkillLost:
		f, err := fig(p.Target)
		if err != nil {
			return err
		}
		f.Skill = p.Skill
	case TakenOut:
		f, err := fig(p.Target)
		if err != nil {
			return err
		}
		if typ == TypeDown {
			f.Status = StatusDown
		} else {
			f.Status = StatusBroken
		}
		f.OutTurn = b.Turn
		f.Pending = b.Phase == PhaseAttack && b.Step != 0 && f.StepSkill == b.Step && !f.Card.Static
		if p.By != nil {
			if a := b.fig(*p.By); a != nil && !strings.EqualFold(a.Card.Side, f.Card.Side) {
				a.Removals++
			}
		}
	case Warded:
		f, err := fig(p.Target)
		if err != nil {
			return err
		}
		f.Warded = true
	case Teleported:
		f, err := fig(p.Target)
		if err != nil {
			return err
		}
		f.Facing = p.Facing
	case Rallied:
		f, err := fig(p.Target)
		if err != nil {
			return err
		}
		f.Skill = p.Skill
	case LockedOut:
		f, err := fig(p.Caster)
		if err != nil {
			return err
		}
		f.LockedTurn = p.Turn
	case TurnEnded:
		if err := needBattle(); err != nil {
			return err
		}
		for _, f := range b.Figures {
			f.Moved, f.NoAttack, f.Attacks, f.Pending, f.ShieldUsed, f.Warded = "", false, 0, false, false, false
		}
		b.Step, b.ToMove, b.First = 0, "", ""
		if p.Last {
			b.Phase = PhaseOver
		} else {
			b.Turn, b.Phase = p.Turn+1, PhaseInitiative
		}
	case ScenarioEnded:
		if err := needBattle(); err != nil {
			return err
		}
		next := 0
		for _, o := range p.Outcomes {
			var m *Member
			m, next = s.memberFrom(next, Ref{Side: o.Side, Name: o.Name})
			if m == nil {
				return fmt.Errorf("%s: no roster figure %s of %s", typ, o.Name, o.Side)
			}
			m.Skill = o.NewSkill
			m.Removals += o.Removals
			if o.Fate == "sat out" {
				m.SatOut++
			} else {
				m.Fought++
			}
			if o.Fate == StatusDown {
				m.Dead = true
			}
		}
		s.Past.Add(Record{Battle: b, Ended: p})
		s.Battle = nil
	default:
		return fmt.Errorf("The King's Own cannot read a %s fact (%T)", typ, payload)
	}
	return nil
}

func whyOf(p ScenarioEnded) string {
	var parts []string
	sides := make([]string, 0, len(p.Removed))
	for sd := range p.Removed {
		sides = append(sides, sd)
	}
	sort.Strings(sides)
	for _, sd := range sides {
		parts = append(parts, fmt.Sprintf("%s lost %d", sd, p.Removed[sd]))
	}
	return fmt.Sprintf("Ended after turn %d; figures removed: %s.", p.Turn, strings.Join(parts, ", "))
}

func consequence(o Outcome) string {
	switch o.Fate {
	case StatusDown:
		return fmt.Sprintf("%s went Down: dead", o.Name)
	case StatusBroken:
		return fmt.Sprintf("%s was Broken: campaign Skill %d -> %d", o.Name, o.Skill, o.NewSkill)
	case "sat out":
		if o.NewSkill != o.Skill {
			return fmt.Sprintf("%s sat out and recovered: campaign Skill %d -> %d", o.Name, o.Skill, o.NewSkill)
		}
		return fmt.Sprintf("%s sat out", o.Name)
	case StatusWithdrawn:
		return fmt.Sprintf("%s withdrew: campaign Skill stays %d", o.Name, o.NewSkill)
	}
	return fmt.Sprintf("%s came through: campaign Skill stays %d", o.Name, o.NewSkill)
}

// summary tells the fight b as the chronicle does.
func (s *State) summary(b *Battle) engines.ScenarioSummary {
	sum := engines.ScenarioSummary{Name: b.Name, Brief: b.Brief, Turn: b.Turn}
	for _, side := range b.Sides {
		ss := engines.SideSummary{Name: side, RemovedPerTurn: make([]int, b.Turn), Forces: []engines.Row{}}
		for _, f := range b.Figures {
			if !strings.EqualFold(f.Card.Side, side) {
				continue
			}
			r := engines.Row{{Key: "name", Value: f.Card.Name}, {Key: "side", Value: f.Card.Side},
				{Key: "skill", Value: f.StartSkill}, {Key: "hits", Value: f.Card.Hits}}
			if f.JoinedTurn > 1 {
				r = append(r, engines.Field{Key: "joined_turn", Value: f.JoinedTurn})
			}
			ss.Forces = append(ss.Forces, r)
			if f.Out() && f.OutTurn >= 1 && f.OutTurn <= b.Turn {
				ss.RemovedPerTurn[f.OutTurn-1]++
			}
		}
		sum.Sides = append(sum.Sides, ss)
	}
	return sum
}

// Scenarios implements engines.Chronicler: every fight, the one in
// progress last.
func (s *State) Scenarios() []engines.ScenarioSummary {
	var out []engines.ScenarioSummary
	for _, r := range s.Past.All() {
		out = append(out, r.summary(s))
	}
	if s.Battle != nil {
		out = append(out, s.summary(s.Battle))
	}
	return out
}

// Now implements engines.Turner. Between the `next` that closes a turn and
// the initiative of the following one, nothing has happened in the new turn
// yet, so the action that closed the turn is filed under it.
func (s *State) Now() (string, int) {
	if s.Battle == nil {
		return "", 0
	}
	if s.Battle.Phase == PhaseInitiative && s.Battle.Turn > 1 {
		return s.Battle.Name, s.Battle.Turn - 1
	}
	return s.Battle.Name, s.Battle.Turn
}

// Status implements engines.State.
func (s *State) Status() engines.Status {
	b := s.Battle
	if b == nil {
		st := engines.Status{Notes: []string{"no fight in progress; start one with: warlog scenario start NAME --brief nest"}}
		if r, ok := s.Past.Last(); ok {
			last := r.Ended
			st.Notes = append(st.Notes, fmt.Sprintf("last fight: %s — %s", last.Name, last.Result))
		}
		return st
	}
	st := engines.Status{Scenario: b.Name, Turn: b.Turn, Phase: b.Phase}
	st.Notes = append(st.Notes, fmt.Sprintf("turn %d of %d", b.Turn, b.Turns))
	if b.Brief != "" {
		st.Notes = append(st.Notes, "brief: "+b.Brief)
	}
	switch b.Phase {
	case PhaseInitiative:
		st.Notes = append(st.Notes, "next: warlog ko initiative")
	case PhaseMovement:
		if b.ToMove != "" {
			st.Notes = append(st.Notes, "to move: "+b.ToMove)
		} else {
			st.Notes = append(st.Notes, "every figure has moved; next: warlog ko next")
		}
	case PhaseAttack:
		if b.Step != 0 {
			st.Notes = append(st.Notes, fmt.Sprintf("attacking: Skill %d step", b.Step))
		} else {
			st.Notes = append(st.Notes, "attacks go by Skill, highest first")
		}
	case PhaseOver:
		st.Notes = append(st.Notes, "the turn limit is reached; next: warlog scenario end")
	}
	for _, f := range b.Figures {
		if f.LockedTurn >= b.Turn {
			st.Notes = append(st.Notes, fmt.Sprintf("%s cannot cast in turn %d (Firebolt)", f.Card.Name, f.LockedTurn))
		}
	}
	for _, f := range b.Figures {
		left := 0
		if !f.Card.Static && (!f.Out() || f.Pending) {
			left = f.Card.Attacks() - f.Attacks
		}
		r := engines.Row{
			{Key: "name", Value: f.Card.Name}, {Key: "side", Value: f.Card.Side}, {Key: "status", Value: f.Status},
			{Key: "skill", Value: f.Skill}, {Key: "start_skill", Value: f.StartSkill},
			{Key: "move", Value: f.Card.Move}, {Key: "res", Value: f.Res()}, {Key: "hits", Value: f.Hits},
			{Key: "attacks_left", Value: left}, {Key: "moved", Value: f.Moved}, {Key: "facing", Value: f.Facing},
		}
		st.Figures = append(st.Figures, r)
	}
	for _, side := range b.Sides {
		st.Sides = append(st.Sides, engines.Row{{Key: "name", Value: side}, {Key: "removed", Value: b.removed(side)}})
	}
	return st
}

// RosterStatus is a roster figure's state: available, recovering or dead.
func (m *Member) RosterStatus() string {
	switch {
	case m.Dead:
		return "dead"
	case m.Skill < m.Card.Skill:
		return "recovering"
	}
	return "available"
}

// fightsOf is how each fight ended for each roster figure, oldest first,
// by key(side, name) (names are unique per side, so a fight's outcome is
// the figure's of that name).
func (s *State) fightsOf() map[string][]string {
	out := map[string][]string{}
	for _, r := range s.Past.All() {
		for _, o := range r.Ended.Outcomes {
			k := key(o.Side, o.Name)
			out[k] = append(out[k], r.Ended.Name+": "+o.Fate)
		}
	}
	return out
}

// Roster implements engines.State.
func (s *State) Roster() engines.Roster {
	r := engines.Roster{}
	if s.Battle != nil {
		r.Notes = append(r.Notes, "fight in progress: "+s.Battle.Name)
	}
	fights := s.fightsOf()
	for _, m := range s.Members {
		row := engines.Row{
			{Key: "name", Value: m.Card.Name}, {Key: "side", Value: m.Card.Side}, {Key: "status", Value: m.RosterStatus()},
			{Key: "skill", Value: m.Skill}, {Key: "card_skill", Value: m.Card.Skill},
			{Key: "scenarios", Value: m.Fought}, {Key: "sat_out", Value: m.SatOut}, {Key: "removals", Value: m.Removals},
			{Key: "fights", Value: append([]string{}, fights[key(m.Card.Side, m.Card.Name)]...)},
		}
		if m.Card.Unique() {
			row = append(row, engines.Field{Key: "unique", Value: true})
		}
		r.Figures = append(r.Figures, row)
	}
	return r
}
