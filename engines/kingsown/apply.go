package kingsown

import (
	"fmt"
	"strings"
)

// How each fact folds into the state: one method per fact, which the
// declaration in engine.go names.

// fight is the fight in progress, for a fact that needs one.
func (s *State) fight(typ string) (*Battle, error) {
	if s.Battle == nil {
		return nil, fmt.Errorf("%s outside a fight", typ)
	}
	return s.Battle, nil
}

// figure is a figure of the fight in progress, for a fact about it.
func (s *State) figure(typ string, r Ref) (*Fig, error) {
	b, err := s.fight(typ)
	if err != nil {
		return nil, err
	}
	f := b.fig(r)
	if f == nil {
		return nil, fmt.Errorf("%s: no figure %s of %s in the fight", typ, r.Name, r.Side)
	}
	return f, nil
}

// change folds a fact that changes one figure of the fight.
func (s *State) change(typ string, r Ref, fn func(*Fig)) error {
	f, err := s.figure(typ, r)
	if err != nil {
		return err
	}
	fn(f)
	return nil
}

func (s *State) onDown(p Down) error     { return s.takenOut(TypeDown, TakenOut(p)) }
func (s *State) onBroken(p Broken) error { return s.takenOut(TypeBroken, TakenOut(p)) }

func (s *State) onRecruited(p Recruited) error {
	s.Members = append(s.Members, &Member{Card: p.Card, Skill: p.Card.Skill})
	return nil
}

func (s *State) onBriefCardSet(p BriefCardSet) error {
	c := p.Card
	if p.Role == "nest" {
		s.Nest = &c
	} else {
		s.Grunt = &c
	}
	return nil
}

func (s *State) onScenarioStarted(p ScenarioStarted) error {
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
	return nil
}

func (s *State) onGruntSpawned(p GruntSpawned) error {
	b, err := s.fight(TypeGruntSpawned)
	if err != nil {
		return err
	}
	b.Spawned++
	b.Figures = append(b.Figures, &Fig{Card: p.Card, Skill: p.Card.Skill, StartSkill: p.Card.Skill,
		Hits: p.Card.Hits, Status: StatusActive, Facing: "front", JoinedTurn: b.Turn})
	return nil
}

func (s *State) onInitiativeWon(p InitiativeWon) error {
	b, err := s.fight(TypeInitiativeWon)
	if err != nil {
		return err
	}
	if p.First == "" {
		// The winner chooses who moves first after the roll (an older log
		// always recorded the first side with the roll).
		b.Phase, b.Winner = PhaseChoosing, p.Winner
		return nil
	}
	b.beginMovement(p.First)
	return nil
}

func (s *State) onFirstChosen(p FirstChosen) error {
	b, err := s.fight(TypeFirstChosen)
	if err != nil {
		return err
	}
	b.beginMovement(p.First)
	return nil
}

func (s *State) onMoved(p Moved) error {
	b := s.Battle
	f, err := s.figure(TypeMoved, p.Ref)
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
	return nil
}

func (s *State) onWithdrawn(p Withdrawn) error {
	b := s.Battle
	f, err := s.figure(TypeWithdrawn, p.Ref)
	if err != nil {
		return err
	}
	f.Status, f.OutTurn = StatusWithdrawn, b.Turn
	b.ToMove = b.nextMover(f.Card.Side)
	return nil
}

func (s *State) onAttackPhaseBegun(p AttackPhaseBegun) error {
	b, err := s.fight(TypeAttackPhaseBegun)
	if err != nil {
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
	return nil
}

func (s *State) onStepBegun(p StepBegun) error {
	b, err := s.fight(TypeStepBegun)
	if err != nil {
		return err
	}
	b.Step = p.Skill
	for _, f := range b.Figures {
		if f.Pending && f.StepSkill != p.Skill {
			f.Pending = false
		}
		f.RollSkill = f.Skill
	}
	return nil
}

func (s *State) onAttackMade(p AttackMade) error {
	return s.change(TypeAttackMade, p.Attacker, func(f *Fig) { f.Attacks++; f.Made++; s.strike(p.Attacker) })
}

// strike notes the figure whose attack or spell is being made.
func (s *State) strike(r Ref) { s.Battle.Striker = &r }

func (s *State) onSpellCast(p SpellCast) error {
	return s.change(TypeSpellCast, p.Caster, func(f *Fig) { f.Attacks++; f.Made++; s.strike(p.Caster) })
}

func (s *State) onShieldUsed(p ShieldUsed) error {
	return s.change(TypeShieldUsed, p.Target, func(f *Fig) { f.ShieldUsed = true })
}

func (s *State) onHitLost(p HitLost) error {
	return s.change(TypeHitLost, p.Target, func(f *Fig) {
		if by := s.Battle.Striker; by != nil && !strings.EqualFold(by.Side, f.Card.Side) && f.Hits > p.Hits {
			if a := s.Battle.fig(*by); a != nil {
				a.Dealt += f.Hits - p.Hits
			}
		}
		f.Hits = p.Hits
	})
}

func (s *State) onSkillLost(p SkillLost) error {
	return s.change(TypeSkillLost, p.Target, func(f *Fig) { f.Skill = p.Skill })
}

func (s *State) takenOut(typ string, p TakenOut) error {
	b := s.Battle
	f, err := s.figure(typ, p.Target)
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
	return nil
}

func (s *State) onWarded(p Warded) error {
	return s.change(TypeWarded, p.Target, func(f *Fig) { f.Warded = true })
}

func (s *State) onTeleported(p Teleported) error {
	return s.change(TypeTeleported, p.Target, func(f *Fig) { f.Facing = p.Facing })
}

func (s *State) onRallied(p Rallied) error {
	return s.change(TypeRallied, p.Target, func(f *Fig) { f.Skill = p.Skill })
}

func (s *State) onLockedOut(p LockedOut) error {
	return s.change(TypeLockedOut, p.Caster, func(f *Fig) { f.LockedTurn, f.LockedBy = p.Turn, p.Spell })
}

func (s *State) onTurnEnded(p TurnEnded) error {
	b, err := s.fight(TypeTurnEnded)
	if err != nil {
		return err
	}
	for _, f := range b.Figures {
		f.Moved, f.NoAttack, f.Attacks, f.Pending, f.ShieldUsed, f.Warded, f.RollSkill = "", false, 0, false, false, false, 0
	}
	b.Step, b.ToMove, b.First, b.Winner = 0, "", "", ""
	if p.Last {
		b.Phase = PhaseOver
	} else {
		b.Turn, b.Phase = p.Turn+1, PhaseInitiative
	}
	return nil
}

func (s *State) onScenarioEnded(p ScenarioEnded) error {
	b, err := s.fight(TypeScenarioEnded)
	if err != nil {
		return err
	}
	next := 0
	for _, o := range p.Outcomes {
		var m *Member
		m, next = s.memberFrom(next, Ref{Side: o.Side, Name: o.Name})
		if m == nil {
			return fmt.Errorf("%s: no roster figure %s of %s", TypeScenarioEnded, o.Name, o.Side)
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
	// The outcome is not stated here: a replay ends thousands of fights
	// and reads none of their outcomes; the record's summary derives it
	// (outcome.go).
	s.Past.Add(Record{Battle: b, Ended: p})
	s.Battle = nil
	return nil
}
