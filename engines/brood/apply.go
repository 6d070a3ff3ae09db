package brood

import (
	"errors"
	"fmt"
)

// How each fact folds into the state. A fact of a game needs the game
// (GameStarted begins one); a fact that names a Mother or a spawn needs it
// on the board.

// errNoGame: a fact of a game came before any game began.
var errNoGame = errors.New("no Brood game in progress")

// mother is a player's Mother in the game in progress.
func (s *State) mother(player string) (*Mother, error) {
	if s.Battle == nil {
		return nil, errNoGame
	}
	if m := s.Battle.Mother(player); m != nil {
		return m, nil
	}
	return nil, fmt.Errorf("no player %s", player)
}

// piece is a spawn of the game in progress, living or dead.
func (s *State) piece(name string) (*Piece, error) {
	if s.Battle == nil {
		return nil, errNoGame
	}
	if p := s.Battle.Piece(name); p != nil {
		return p, nil
	}
	return nil, fmt.Errorf("no spawn %s", name)
}

// acted marks the round in progress as begun in earnest: only a player's
// action makes the facts that call it (the start of a turn makes none of
// them), so the end-turn that opened the round is no longer the newest
// action (Board.Filed).
func (s *State) acted() (*Board, error) {
	if s.Battle == nil {
		return nil, errNoGame
	}
	s.Battle.Filed = 0
	return s.Battle, nil
}

func (s *State) onGameStarted(e GameStarted) error {
	s.Games++
	b := &Board{Name: e.Name, Size: e.Size, Removed: map[string][]int{}, Number: s.Games, Start: e.Mothers}
	for _, mp := range e.Mothers {
		b.Mothers = append(b.Mothers, &Mother{Player: mp.Player, Letter: mp.Letter, X: mp.X, Y: mp.Y, Life: MaxLife})
		s.Played[mp.Player]++
	}
	if s.Battle != nil {
		s.Past.Add(s.Battle)
	}
	s.Battle = b
	return nil
}

func (s *State) onTurnBegan(e TurnBegan) error {
	b := s.Battle
	if b == nil {
		return errNoGame
	}
	if e.Round > b.Round && b.Round > 0 {
		b.Filed = b.Round
	}
	for i, m := range b.Mothers {
		if m.Player == e.Player {
			b.Turn = i
		}
		m.Spawned, m.Absorbed, m.Attacked, m.Seeded, m.MoveUsed, m.OddDiagonal = false, false, false, false, 0, false
	}
	b.Round = e.Round
	for _, p := range b.Spawns {
		p.Made, p.MoveUsed, p.Attacked, p.MovedThen, p.OddDiagonal = false, 0, false, false, false
	}
	b.Frenzy, b.Struck = "", ""
	return nil
}

func (s *State) onTurnEnded(TurnEnded) error {
	_, err := s.acted()
	return err
}

func (s *State) onPlasmidGained(e PlasmidGained) error {
	m, err := s.mother(e.Player)
	if err != nil {
		return err
	}
	m.Plasmid += e.Kept
	return nil
}

func (s *State) onPlasmidSpent(e PlasmidSpent) error {
	if _, err := s.acted(); err != nil {
		return err
	}
	m, err := s.mother(e.Player)
	if err != nil {
		return err
	}
	m.Plasmid -= e.Amount
	return nil
}

func (s *State) onSpawnCreated(e SpawnCreated) error {
	b, err := s.acted()
	if err != nil {
		return err
	}
	p := &Piece{Name: e.Name, Owner: e.Owner, Creator: e.Owner, X: e.X, Y: e.Y, Attack: e.Attack, Defense: e.Defense, Move: e.Move, Lives: 1, Made: true}
	b.Spawns = append(b.Spawns, p)
	if e.Via != Mitosis {
		if m := b.Mother(e.Owner); m != nil {
			m.Spawned = true
		}
	}
	return nil
}

func (s *State) onStatRaised(e StatRaised) error {
	if _, err := s.acted(); err != nil {
		return err
	}
	p, err := s.piece(e.Spawn)
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
		return fmt.Errorf("no stat %s", e.Stat)
	}
	p.Points -= e.Points
	return nil
}

func (s *State) onSpawnMoved(e SpawnMoved) error {
	if _, err := s.acted(); err != nil {
		return err
	}
	p, err := s.piece(e.Spawn)
	if err != nil {
		return err
	}
	// The 1-2-1 count runs over the turn: every diagonal of the path
	// turns the next one's cost between 1 and 2.
	p.OddDiagonal = p.OddDiagonal != (diagonals(p.X, p.Y, e.Path)%2 == 1)
	if len(e.Path) > 0 {
		last := e.Path[len(e.Path)-1]
		p.X, p.Y = last.X, last.Y
	}
	p.MoveUsed += e.Cost
	return nil
}

func (s *State) onCombatFought(e CombatFought) error {
	b, err := s.acted()
	if err != nil {
		return err
	}
	if e.Counts {
		if p := b.Piece(e.Attacker); p != nil {
			p.Attacked = true
			p.MovedThen = p.MoveUsed > 0
		}
	}
	if e.Kind == KindMother {
		for _, m := range b.Mothers {
			if m.Player == e.Attacker {
				m.Fought++
			}
		}
	} else if p := b.Piece(e.Attacker); p != nil {
		p.Fought++
	}
	if e.Kind == KindFrenzy {
		b.Frenzy = ""
	}
	b.Beat = nil
	if e.Result == "attacker" || e.Result == "defender" {
		won := e
		b.Beat = &won
	}
	// A spawn that loses to a Mother, attacked by her or attacking her
	// (beaten back: a ranged loss removes nobody), is removed next.
	switch {
	case e.Kind == KindMother && e.Result == "attacker":
		b.Struck = e.Defender
	case e.Kind == KindOnMother && e.Result == "defender":
		b.Struck = e.Attacker
	default:
		b.Struck = ""
	}
	return nil
}

func (s *State) onSpawnWounded(e SpawnWounded) error {
	p, err := s.piece(e.Spawn)
	if err != nil {
		return err
	}
	p.Lives--
	p.Taken++
	s.Battle.credit(p.Name, false, 1)
	return nil
}

func (s *State) onSpawnSaved(SpawnSaved) error {
	if s.Battle == nil {
		return errNoGame
	}
	s.Battle.Beat = nil
	return nil
}

// credit counts the lives or Life Points the loser of the last combat
// (a spawn's name, or a Mother's player when mother) lost to its winner.
func (b *Board) credit(loser string, mother bool, n int) {
	c := b.Beat
	if c == nil {
		return
	}
	winner, lost := c.Attacker, c.Defender
	winnerMother, lostMother := c.Kind == KindMother, c.Kind == KindOnMother
	if c.Result == "defender" {
		winner, lost, winnerMother, lostMother = lost, winner, lostMother, winnerMother
	}
	if lost != loser || lostMother != mother {
		return
	}
	b.Beat = nil
	if winnerMother {
		for _, m := range b.Mothers {
			if m.Player == winner {
				m.Dealt += n
			}
		}
	} else if p := b.Piece(winner); p != nil {
		p.Dealt += n
	}
}

func (s *State) onSpawnRemoved(e SpawnRemoved) error {
	p, err := s.piece(e.Spawn)
	if err != nil {
		return err
	}
	b := s.Battle
	p.Dead = true
	p.Taken++
	b.credit(p.Name, false, 1)
	switch {
	case e.By != "":
		if k := b.Piece(e.By); k != nil {
			k.Kills++
		}
	case b.Struck == p.Name:
		if m := b.Enemy(p.Owner); m != nil {
			m.Kills++
		}
	}
	b.Struck = ""
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
	return nil
}

func (s *State) onPointsAbsorbed(e PointsAbsorbed) error {
	p, err := s.piece(e.Spawn)
	if err != nil {
		return err
	}
	p.Points += e.Points
	return nil
}

func (s *State) onSpawnPoisoned(e SpawnPoisoned) error {
	p, err := s.piece(e.Spawn)
	if err != nil {
		return err
	}
	p.Attack, p.Defense, p.Move = p.Attack-2, p.Defense-2, p.Move-2
	return nil
}

func (s *State) onSpawnAbsorbed(e SpawnAbsorbed) error {
	if _, err := s.acted(); err != nil {
		return err
	}
	p, err := s.piece(e.Spawn)
	if err != nil {
		return err
	}
	p.Dead, p.Absorbed = true, true
	m, err := s.mother(e.Player)
	if err != nil {
		return err
	}
	m.Absorbed = true
	return nil
}

func (s *State) onSpawnMutated(e SpawnMutated) error {
	if _, err := s.acted(); err != nil {
		return err
	}
	p, err := s.piece(e.Spawn)
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
	return nil
}

func (s *State) onMotherEvolved(e MotherEvolved) error {
	m, err := s.mother(e.Player)
	if err != nil {
		return err
	}
	if e.Proxy != "" {
		p, err := s.piece(e.Proxy)
		if err != nil {
			return err
		}
		p.Evolution = e.Evolution
	} else {
		m.Evolutions = append(m.Evolutions, e.Evolution)
	}
	if e.Evolution == Fontification && e.Font != "" {
		p, err := s.piece(e.Font)
		if err != nil {
			return err
		}
		p.Proxy = true
		p.Attack = ProxyAttack
	}
	return nil
}

func (s *State) onSubversionTried(e SubversionTried) error {
	if _, err := s.acted(); err != nil {
		return err
	}
	m, err := s.mother(e.Player)
	if err != nil {
		return err
	}
	m.Seeded = true
	return nil
}

func (s *State) onSpawnSubverted(e SpawnSubverted) error {
	p, err := s.piece(e.Spawn)
	if err != nil {
		return err
	}
	p.Owner = e.Player
	p.Seized = append(p.Seized, e.Player)
	p.Made, p.Attacked, p.MoveUsed, p.OddDiagonal = true, false, 0, false
	return nil
}

func (s *State) onMotherMoved(e MotherMoved) error {
	if _, err := s.acted(); err != nil {
		return err
	}
	m, err := s.mother(e.Player)
	if err != nil {
		return err
	}
	m.X, m.Y = e.X, e.Y
	m.MoveUsed += e.Cost
	m.OddDiagonal = m.OddDiagonal != (e.Diagonals%2 == 1)
	return nil
}

func (s *State) onMotherAttacked(e MotherAttacked) error {
	if _, err := s.acted(); err != nil {
		return err
	}
	m, err := s.mother(e.Player)
	if err != nil {
		return err
	}
	m.Attacked = true
	return nil
}

func (s *State) onLifeLost(e LifeLost) error {
	m, err := s.mother(e.Player)
	if err != nil {
		return err
	}
	m.Life -= e.Amount
	if s.Battle != nil {
		s.Battle.credit(m.Player, true, e.Amount)
	}
	if m.Life <= 0 {
		m.Life, m.Destroyed = 0, true
	}
	return nil
}

func (s *State) onLifeGained(e LifeGained) error {
	m, err := s.mother(e.Player)
	if err != nil {
		return err
	}
	m.Life += e.Amount
	return nil
}

func (s *State) onFrenzyGained(e FrenzyGained) error {
	b, err := s.acted()
	if err != nil {
		return err
	}
	b.Frenzy = e.Spawn
	return nil
}

func (s *State) onFrenzyLapsed(FrenzyLapsed) error {
	b, err := s.acted()
	if err != nil {
		return err
	}
	b.Frenzy = ""
	return nil
}

// onGameEnded closes the game and states its outcome, from the board as
// the game left it (so an old log, whose fact holds no outcome, gives the
// same one).
func (s *State) onGameEnded(e GameEnded) error {
	b := s.Battle
	if b == nil {
		return errNoGame
	}
	b.Over, b.Winner, b.Loser, b.Reason = true, e.Winner, e.Loser, e.Reason
	if e.Winner != "" {
		s.Wins[e.Winner]++
	}
	b.Outcome = s.outcome(b)
	return nil
}
