package incarn28

import (
	"fmt"

	"warlog/engines/kit"
)

// How each fact folds into the state: one method per payload type.

// battle is the game a fact of typ belongs to, its maps made; an error
// when no game was started.
func (s *State) battle(typ string) (*Battle, error) {
	b := s.Battle
	if b == nil {
		return nil, fmt.Errorf("%s: no battle", typ)
	}
	b.init()
	return b, nil
}

// figure is the battle figure a fact of typ names by key.
func (b *Battle) figure(typ, key string) (*Figure, error) {
	f := b.fig(key)
	if f == nil {
		return nil, fmt.Errorf("%s: no figure %q", typ, key)
	}
	return f, nil
}

func (s *State) onGangFounded(p GangFounded) error {
	g := &Gang{Player: p.Player, Faction: p.Faction, Bones: p.Bones}
	for _, in := range p.Incarns {
		g.join(in)
	}
	s.Gangs = append(s.Gangs, g)
	return nil
}

func (s *State) onIncarnRecruited(p IncarnRecruited) error {
	g := s.gangToWrite(p.Player)
	if g == nil {
		return fmt.Errorf("%s: no gang %q", TypeIncarnRecruited, p.Player)
	}
	g.join(p.Incarn)
	return nil
}

func (s *State) onIncarnDismissed(p IncarnDismissed) error {
	g := s.gangToWrite(p.Player)
	if g == nil {
		return fmt.Errorf("%s: no gang %q", TypeIncarnDismissed, p.Player)
	}
	g.leave(p.Name)
	return nil
}

func (s *State) onBattleStarted(p BattleStarted) error {
	b := &Battle{Name: p.Name, Sides: p.Sides, Objectives: map[string][]int{}, Done: map[string][]int{},
		Overseer: map[string]bool{}, Desecrate: map[string]int{}, RemovedPerR: map[string][]int{}}
	// The battle's figures are the payload's own (BattleStarted.Keep), one
	// block rather than one allocation each: a replay starts a battle every
	// few dozen events.
	figs := p.Figures
	if len(figs) > 0 {
		// Room for the figures objectives and summons add.
		b.Figures = make([]*Figure, len(figs), len(figs)+2)
		for i := range figs {
			b.Figures[i] = &figs[i]
		}
	}
	for _, side := range b.Sides {
		if g := s.gang(side); g != nil {
			for _, f := range b.Figures {
				if f.Origin == side && f.Tag == "" {
					f.ID = g.idOf(f.Name)
				}
			}
		}
	}
	s.Battle = b
	return nil
}

func (s *State) onObjectivesRolled(p ObjectivesRolled) error {
	b, err := s.battle(TypeObjectivesRolled)
	if err != nil {
		return err
	}
	b.Objectives[p.Player] = p.Objectives
	if p.Overseer {
		b.Overseer[p.Player] = true
	}
	return nil
}

func (s *State) onTwistRolled(p TwistRolled) error {
	b, err := s.battle(TypeTwistRolled)
	if err != nil {
		return err
	}
	b.Twist, b.MistEdge = p.Twist, p.MistEdge
	return nil
}

func (s *State) onDeploymentRolled(p DeploymentRolled) error {
	b, err := s.battle(TypeDeploymentRolled)
	if err != nil {
		return err
	}
	b.Deployer = p.First
	return nil
}

func (s *State) onMistFlowed(p MistFlowed) error {
	b, err := s.battle(TypeMistFlowed)
	if err != nil {
		return err
	}
	b.MistReach, b.MistRound = p.Reach, p.Round
	return nil
}

func (s *State) onReactionOpened(p ReactionOpened) error {
	b, err := s.battle(TypeReactionOpened)
	if err != nil {
		return err
	}
	b.Reactions = append(b.Reactions, Reaction{Figure: p.Figure, Kind: p.Kind, Not: p.Not})
	return nil
}

func (s *State) onReactionUsed(p ReactionUsed) error {
	b, err := s.battle(TypeReactionUsed)
	if err != nil {
		return err
	}
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
	return nil
}

func (s *State) onFigureAdded(p FigureAdded) error {
	b, err := s.battle(TypeFigureAdded)
	if err != nil {
		return err
	}
	f := p.Figure
	b.Figures = append(b.Figures, &f)
	return nil
}

func (s *State) onRoundBegun(p RoundBegun) error {
	b, err := s.battle(TypeRoundBegun)
	if err != nil {
		return err
	}
	b.Round, b.First, b.Next, b.Again, b.RoundOver, b.Current = p.Round, p.First, p.First, "", false, nil
	for _, f := range b.Figures {
		f.Activated, f.Rifted = false, false
	}
	b.Last = ""
	return nil
}

func (s *State) onActivated(p Activated) error {
	b, err := s.battle(TypeActivated)
	if err != nil {
		return err
	}
	f, err := b.figure(TypeActivated, p.Figure)
	if err != nil {
		return err
	}
	b.Again = ""
	f.Activated = true
	f.Activations++
	f.Saved = 0
	b.Current = &Activation{Figure: p.Figure, ACs: p.ACs, StunnedAtStart: p.WasStunned, Fallow: p.Fallow}
	if p.Wasted {
		b.Current.ACs = 0
	}
	return nil
}

func (s *State) onACsSpent(p ACsSpent) error {
	b, err := s.battle(TypeACsSpent)
	if err != nil {
		return err
	}
	if c := b.Current; c != nil && c.Figure == p.Figure {
		c.ACs -= p.ACs
		switch p.For {
		case "attack":
			c.Attacks++
			if f := b.fig(c.Figure); f != nil {
				f.Attacks++
			}
		case "":
		case "move":
			c.Moved += p.ACs
		default:
			c.SPAs = append(c.SPAs, p.For)
		}
	}
	return nil
}

func (s *State) onStatusChanged(p StatusChanged) error {
	b, err := s.battle(TypeStatusChanged)
	if err != nil {
		return err
	}
	f, err := b.figure(TypeStatusChanged, p.Figure)
	if err != nil {
		return err
	}
	if (p.Status == StatusSlain || p.Status == StatusRouted) && f.InPlay() {
		r := max(b.Round, 1)
		rem := b.RemovedPerR[f.Side]
		if len(rem) < r { // the map's list is rem's only while it does not grow
			for len(rem) < r {
				rem = append(rem, 0)
			}
			b.RemovedPerR[f.Side] = rem
		}
		rem[r-1]++
		f.SlainBy = p.By
		if a := b.credited(p, f); a != nil {
			a.Removals++
			if c := b.Current; c != nil && c.Figure == a.Key() {
				c.Slew = true
			}
		}
	}
	if (p.Status == StatusStunned || p.Status == StatusSlain) && f.InPlay() && f.Status != p.Status {
		f.HarmTaken++
		if a := b.credited(p, f); a != nil {
			a.HarmDealt++
		}
	}
	if p.Status == StatusStunned || p.Status == StatusSlain || p.Status == StatusRouted {
		f.Harmed = true
	}
	if p.Status == StatusActive && !f.InPlay() {
		f.SlainBy = ""
	}
	f.Status = p.Status
	return nil
}

func (s *State) onFigureChanged(p FigureChanged) error {
	b, err := s.battle(TypeFigureChanged)
	if err != nil {
		return err
	}
	f, err := b.figure(TypeFigureChanged, p.Figure)
	if err != nil {
		return err
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
	if p.Mimics != "" {
		f.Mimicked = p.Mimics
	}
	if p.Waits {
		f.Activated = true
	}
	if p.MarkedBy != nil {
		f.MarkedBy = *p.MarkedBy
	}
	switch p.Used {
	case "Toxic":
		f.ToxicUsed = true
	case "Decoy":
		f.DecoyUsed = true
	case "Inseminator":
		f.InseminateUsed = true
	}
	return nil
}

func (s *State) onActivationEnded(p ActivationEnded) error {
	b, err := s.battle(TypeActivationEnded)
	if err != nil {
		return err
	}
	if f := b.fig(p.Figure); f != nil {
		f.Saved = p.Saved
		b.Last = f.Side
	}
	b.Current = nil
	// Ruling: a reaction is taken at once: it lapses when the activation
	// ends.
	b.Reactions = nil
	b.Next = p.Next
	b.Again = p.Again
	if p.RoundOver {
		b.RoundOver = true
	}
	return nil
}

func (s *State) onDesecrateHit(p DesecrateHit) error {
	b, err := s.battle(TypeDesecrateHit)
	if err != nil {
		return err
	}
	b.Desecrate[p.Player] += p.Hits
	return nil
}

func (s *State) onObjectiveCompleted(p ObjectiveCompleted) error {
	b, err := s.battle(TypeObjectiveCompleted)
	if err != nil {
		return err
	}
	done := b.Done[p.Player]
	if done == nil {
		done = make([]int, 0, 2) // a player's two objectives
	}
	b.Done[p.Player] = append(done, p.Objective)
	return nil
}

func (s *State) onBattleEnded(p BattleEnded) error {
	b, err := s.battle(TypeBattleEnded)
	if err != nil {
		return err
	}
	b.Winner, b.Why, b.Ended = p.Winner, p.Why, true
	rec := Record{Name: b.Name, Rounds: b.Round, Sides: b.Sides, Forces: make(map[string][]Incarn, len(b.Sides)),
		Removed: make(map[string][]int, len(b.RemovedPerR)), Ending: kit.Ending{Outcome: s.outcome(b)}}
	b.Outcome = rec.Outcome
	// A replay records every game again: each side's forces (its bought
	// incarns and Worms, in play order) are a part of one block, and so
	// are the removals per round.
	n := 0
	for _, f := range b.Figures {
		if f.Starting || f.Tag == "" {
			n++
		}
	}
	forces := make([]Incarn, 0, n)
	for i, f := range b.Figures {
		if !f.Starting && f.Tag != "" {
			continue
		}
		if _, ok := rec.Forces[f.Side]; ok {
			continue
		}
		from := len(forces)
		for _, g := range b.Figures[i:] {
			if g.Side == f.Side && (g.Starting || g.Tag == "") {
				forces = append(forces, g.Incarn)
			}
		}
		rec.Forces[f.Side] = forces[from:len(forces):len(forces)]
	}
	n = 0
	for _, v := range b.RemovedPerR {
		n += len(v)
	}
	removed := make([]int, 0, n)
	for k, v := range b.RemovedPerR {
		if len(v) == 0 {
			rec.Removed[k] = nil
			continue
		}
		from := len(removed)
		removed = append(removed, v...)
		rec.Removed[k] = removed[from:len(removed):len(removed)]
	}
	for _, side := range b.Sides {
		if g := s.gangToWrite(side); g != nil {
			g.Games++
			if side == p.Winner {
				g.Wins++
			}
		}
	}
	s.Past.Add(rec)
	b.Current = nil
	return nil
}

// credited is the enemy of f a stun or death p is credited to: its Killer
// (ruling 2026-12-01: a kill is credited to the incarn that made it), or,
// in a log from before Killer was recorded, the activating incarn of side
// By.
func (b *Battle) credited(p StatusChanged, f *Figure) *Figure {
	var a *Figure
	switch {
	case p.Killer != "":
		a = b.fig(p.Killer)
	case p.By != "" && b.Current != nil:
		a = b.fig(b.Current.Figure)
		if a != nil && a.Side != p.By {
			a = nil
		}
	}
	if a == nil || !enemies(a, f) {
		return nil
	}
	return a
}
