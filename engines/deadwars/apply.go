package deadwars

import (
	"fmt"
	"slices"
	"strings"
)

// How each fact folds into the state. Every die is recorded before use as
// a dice roll, which changes nothing here: the facts carry the faces they
// used.

func (s *State) onForceCreated(p ForceCreated) error {
	s.Forces = append(s.Forces, &Force{Player: p.Player, Clan: p.Clan})
	return nil
}

func (s *State) onFigureRecruited(p FigureRecruited) error {
	for i, f := range s.Forces {
		if strings.EqualFold(f.Player, p.Player) {
			f.Figures = append(f.Figures, &Member{ID: figureID(i, len(f.Figures)), Name: p.Name, Rank: p.Rank, Class: p.Class, Champion: p.Champion})
			return nil
		}
	}
	return fmt.Errorf("deadwars: recruit into unknown force %q", p.Player)
}

func (s *State) onScenarioStarted(p ScenarioStarted) error {
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
	if s.Battle != nil {
		s.Past.Add(s.Battle)
	}
	s.Battle = b
	return nil
}

// fighting is the battle a fact of the fight folds into, which files the
// fact under its turn.
func (s *State) fighting(typ string) (*Battle, error) {
	b := s.Current()
	if b == nil {
		return nil, fmt.Errorf("deadwars: %s with no battle in progress", typ)
	}
	b.Filed = b.Round
	return b, nil
}

func (s *State) onPoolRolled(p PoolRolled) error {
	b, err := s.fighting(TypePoolRolled)
	if err != nil {
		return err
	}
	// The pool keeps its array from turn to turn (a replay rolls some
	// thousand times); Magic faces go to the magic pool.
	b.Pool = slices.Grow(b.Pool[:0], len(p.Faces)-countFace(p.Faces, 6))
	b.Sixes = 0
	for _, v := range p.Faces {
		b.addDie(p.Player, v)
	}
	b.Phase = PhaseAct
	return nil
}

func (s *State) onDoubleChanged(p DoubleChanged) error {
	b, err := s.fighting(TypeDoubleChanged)
	if err != nil {
		return err
	}
	if p.Face == 6 {
		// A pair of this turn's 6s, out of the magic pool.
		b.Magic[p.Player] -= 2
		b.Sixes -= 2
	} else {
		b.takeDie(p.Face)
		b.takeDie(p.Face)
	}
	b.addDie(p.Player, p.To)
	return nil
}

func (s *State) onFigureMoved(p FigureMoved) error {
	b, err := s.fighting(TypeFigureMoved)
	if err != nil {
		return err
	}
	if p.Magic {
		b.spendMagic(p.Figure.Side, 1)
	} else {
		b.takeDie(p.Die)
	}
	b.moved(p.Figure, p.Left, p.Into, p.Free)
	return nil
}

// moved folds what a move did to base contact: the free attacks the
// figure's earlier moves earned lapse (RULINGS, Deadwars, 2026-12-01: a
// free attack is made before the figure that earned it moves again), then
// the contacts left and made, the mark of having left contact, the free
// attacks this move gave.
func (b *Battle) moved(fig Ref, left []Ref, into *Ref, free []FreeAttack) {
	b.Free = slices.DeleteFunc(b.Free, func(f FreeAttack) bool { return b.earner(f) == fig })
	for _, r := range left {
		b.leave(fig, r)
	}
	if len(left) > 0 {
		if f := b.Fig(fig); f != nil {
			f.LeftContact = true
		}
	}
	if into != nil && !isHuman(*into) {
		b.setContact(fig, *into, true)
	}
	b.Free = append(b.Free, free...)
}

func (s *State) onContactChanged(p ContactChanged) error {
	b, err := s.fighting(TypeContactChanged)
	if err != nil {
		return err
	}
	if p.Apart {
		b.leave(p.A, p.B)
		return nil
	}
	b.setContact(p.A, p.B, true)
	return nil
}

func (s *State) onAttackMade(p AttackMade) error {
	b, err := s.fighting(TypeAttackMade)
	if err != nil {
		return err
	}
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
	return nil
}

func (s *State) onDefendSet(p DefendSet) error {
	b, err := s.fighting(TypeDefendSet)
	if err != nil {
		return err
	}
	b.takeDie(p.Die)
	if f := b.Fig(p.Figure); f != nil {
		f.Defend++
	}
	return nil
}

func (s *State) onSpellCast(p SpellCast) error {
	b, err := s.fighting(TypeSpellCast)
	if err != nil {
		return err
	}
	b.spendMagic(p.Caster.Side, p.Cost)
	switch p.Spell {
	case Heal:
		if t := b.Fig(p.Target); t != nil && p.Healed && t.Wounds > 0 {
			t.Wounds--
		}
	case Boost:
		// A Boost that changed no contact is a move all the same.
		if len(p.Free) > 0 || len(p.Left) == 0 && p.Into == nil {
			b.moved(p.Target, p.Left, p.Into, p.Free)
			break
		}
		// A Boost that changed no contact, or one recorded before Boost
		// was a move (every contact a Boost changes now gives a free
		// attack): the contacts only, as then.
		for _, r := range p.Left {
			b.setContact(p.Target, r, false)
		}
		if p.Into != nil && !isHuman(*p.Into) {
			b.setContact(p.Target, *p.Into, true)
		}
	default:
		b.strike(p.Caster, p.Target, p.Hit || p.Spell == Curse, p.Saved, p.Wounded, p.Killed, p.KP)
	}
	return nil
}

func (s *State) onSoulTried(p SoulTried) error {
	b, err := s.fighting(TypeSoulTried)
	if err != nil {
		return err
	}
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
	return nil
}

func (s *State) onTurnEnded(p TurnEnded) error {
	b, err := s.fighting(TypeTurnEnded)
	if err != nil {
		return err
	}
	b.Pool = b.Pool[:0]
	b.Sixes = 0
	b.Free = nil
	b.LeftPairs = nil
	for _, f := range b.Figures {
		f.Attacks = 0
		f.LeftContact = false
	}
	switch {
	case b.Active == 0:
		b.Active = 1
		b.Phase = PhaseRoll
	case b.Brief == HuntTheHunters && b.humansAlive() > 0:
		b.Phase = PhaseHumans
	default:
		b.nextRound()
	}
	return nil
}

func (s *State) onHumansActed(HumansActed) error {
	b, err := s.fighting(TypeHumansActed)
	if err != nil {
		return err
	}
	b.nextRound()
	return nil
}

func (s *State) onShrineCounted(p ShrineCounted) error {
	b, err := s.fighting(TypeShrineCounted)
	if err != nil {
		return err
	}
	b.Shrine = map[string]int{}
	for k, v := range p.Counts {
		b.Shrine[k] = v
	}
	return nil
}

// onScenarioEnded closes the battle, adds it to the forces' and figures'
// records and states its outcome (outcome.go), derived from the battle, so
// that a log written before outcomes were kept reads alike.
func (s *State) onScenarioEnded(p ScenarioEnded) error {
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
	b.Outcome = s.outcome(b)
	return nil
}

// isHuman reports whether r is one of the Humans of Hunt the Hunters.
func isHuman(r Ref) bool { return r.Side == HumansSide }

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
	a := b.Fig(by)
	if a != nil {
		a.Made++
	}
	if t == nil || !hit {
		return
	}
	if saved {
		t.Defend = 0
	}
	if wounded {
		t.Wounds++
		if a != nil {
			a.Dealt++
		}
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
