package reincardnated

import (
	"fmt"
	"slices"
	"strings"
)

// How each fact folds into the state: one method per fact, named after its
// payload. None of them fails on a fact the engine wrote.

// playing is the game in progress that a fact folds into. A fact of a
// player's play belongs to the round in progress (Filed ends); an end of
// turn, and what the table enters between turns (a Life Purpose, a goal,
// counts), do not begin a round. Every fact but a Karma played closes what
// Lesson Learned may answer.
func (s *State) playing(typ string) (*Game, error) {
	g := s.game()
	if g == nil {
		return nil, fmt.Errorf("%s with no game in progress", typ)
	}
	if typ != TypeKarmaPlayed {
		g.LastKarma = nil
	}
	switch typ {
	case TypeTurnEnded, TypePurposeRevealed, TypeGoalMarked, TypePoolChanged:
	default:
		g.Filed = 0
	}
	return g, nil
}

// playerOf is playing and the player a fact names.
func (s *State) playerOf(typ, name string) (*Game, *Player, error) {
	g, err := s.playing(typ)
	if err != nil {
		return nil, nil, err
	}
	if p := g.player(name); p != nil {
		return g, p, nil
	}
	return nil, nil, fmt.Errorf("%s: no player %q", typ, name)
}

// beingOf is playerOf and the index of the Being the fact names in that
// player's Lifeline.
func (s *State) beingOf(typ, player, being string) (*Game, *Player, int, error) {
	g, who, err := s.playerOf(typ, player)
	if err != nil {
		return nil, nil, -1, err
	}
	i := who.index(being)
	if i < 0 {
		return nil, nil, -1, fmt.Errorf("%s: %s has no %q", typ, player, being)
	}
	return g, who, i, nil
}

func (s *State) onGameStarted(p GameStarted) error {
	g := &Game{Name: p.Name, Round: 1, LastLeft: -1, Counts: Counts{
		Deck: BeingsCards - PoolSize, Visible: PoolSize,
		KarmaDeck: KarmaCards - StartHand*len(p.Players)}}
	for _, name := range p.Players {
		st := Card{Name: defaultStarter, Type: "plant"}
		g.Players = append(g.Players, &Player{Name: name, Starter: st, Hand: StartHand})
	}
	if s.Battle != nil {
		// What Lesson Learned and Sympathy answer lasts a turn: nothing of
		// an ended game's is answered once the next has begun.
		s.Battle.LastKarma, s.Battle.LastLife = nil, nil
		s.Past.Add(s.Battle)
	}
	s.Battle = g
	return nil
}

func (s *State) onCardNoted(p CardNoted) error {
	g := s.game()
	c := p.Card
	if p.StarterOf == "" {
		s.Beings.Set(strings.ToLower(c.Name), c)
		return nil
	}
	if c.Name != defaultStarter {
		s.Starters.Set(strings.ToLower(c.Name), c)
	}
	if g != nil {
		if who := g.player(p.StarterOf); who != nil {
			who.Starter = c
		}
	}
	return nil
}

func (s *State) onBeingEntered(p BeingEntered) error {
	g, to, err := s.playerOf(TypeBeingEntered, p.Player)
	if err != nil {
		return err
	}
	if p.FromPlayer != "" {
		from := g.player(p.FromPlayer)
		if from == nil {
			return fmt.Errorf("%s: no player %q", TypeBeingEntered, p.FromPlayer)
		}
		if i := from.index(p.Being.Name); i >= 0 {
			from.Lifeline = slices.Delete(from.Lifeline, i, i+1)
		}
	}
	to.Lifeline = append(to.Lifeline, p.Being)
	if p.How == "incarnated" {
		g.Actions, g.Incarn = 2, true
	}
	return nil
}

func (s *State) onBeingKilled(p BeingKilled) error {
	g, who, i, err := s.beingOf(TypeBeingKilled, p.Player, p.Being)
	if err != nil {
		return err
	}
	who.Lifeline[i].Dead = true
	if p.Undo {
		g.LastLife = nil
		return nil
	}
	g.LastLife = &lifeEvent{Player: who.Name, Being: p.Being}
	for len(who.Killed) < g.Round {
		who.Killed = append(who.Killed, 0)
	}
	who.Killed[g.Round-1]++
	return nil
}

func (s *State) onBeingReborn(p BeingReborn) error {
	g, who, i, err := s.beingOf(TypeBeingReborn, p.Player, p.Being)
	if err != nil {
		return err
	}
	who.Lifeline[i].Dead = false
	g.LastLife = nil
	if !p.Undo {
		g.LastLife = &lifeEvent{Player: who.Name, Being: p.Being, Reborn: true}
	}
	return nil
}

func (s *State) onBeingMoved(p BeingMoved) error {
	_, who, i, err := s.beingOf(TypeBeingMoved, p.Player, p.Being)
	if err != nil {
		return err
	}
	b := who.Lifeline[i]
	who.Lifeline = append(slices.Delete(who.Lifeline, i, i+1), b)
	return nil
}

func (s *State) onBeingVoided(p BeingVoided) error {
	_, who, err := s.playerOf(TypeBeingVoided, p.Player)
	if err != nil {
		return err
	}
	if i := who.index(p.Being); i >= 0 {
		who.Lifeline = slices.Delete(who.Lifeline, i, i+1)
	}
	return nil
}

func (s *State) onBeingReturned(p BeingReturned) error {
	_, who, err := s.playerOf(TypeBeingReturned, p.Player)
	if err != nil {
		return err
	}
	i := min(max(p.Index, 0), len(who.Lifeline))
	who.Lifeline = slices.Insert(who.Lifeline, i, p.Being)
	return nil
}

func (s *State) onBeingSwapped(p BeingSwapped) error {
	_, who, i, err := s.beingOf(TypeBeingSwapped, p.Player, p.Old)
	if err != nil {
		return err
	}
	who.Lifeline[i] = p.New
	return nil
}

func (s *State) onPoolChanged(p PoolChanged) error {
	g, err := s.playing(TypePoolChanged)
	if err != nil {
		return err
	}
	g.Deck, g.Hidden, g.Visible, g.Known = p.Deck, p.Hidden, p.Visible, slices.Clone(p.Known)
	g.Covered = slices.Clone(p.Covered)
	if p.KarmaDeck >= 0 {
		g.KarmaDeck = p.KarmaDeck
	}
	if p.Discard >= 0 {
		g.Discard = p.Discard
	}
	return nil
}

func (s *State) onKarmaDrawn(p KarmaDrawn) error {
	g, who, err := s.playerOf(TypeKarmaDrawn, p.Player)
	if err != nil {
		return err
	}
	g.KarmaDeck += p.Reshuffled
	g.Discard -= p.Reshuffled
	g.KarmaDeck -= p.Count
	who.Hand += p.Count
	return nil
}

func (s *State) onKarmaDiscarded(p KarmaDiscarded) error {
	g, who, err := s.playerOf(TypeKarmaDiscarded, p.Player)
	if err != nil {
		return err
	}
	who.Hand -= p.Count
	g.Discard += p.Count
	return nil
}

func (s *State) onKarmaPlayed(p KarmaPlayed) error {
	g, who, err := s.playerOf(TypeKarmaPlayed, p.Player)
	if err != nil {
		return err
	}
	who.Hand--
	if p.Card != ChangeDestiny {
		g.Discard++
	}
	if p.Action > 0 {
		g.Actions = p.Action
	}
	g.LastKarma = &lastPlay{Player: who.Name, Card: p.Card, Target: p.Target, Being: p.Being, Index: p.Index, Dead: p.Dead}
	return nil
}

func (s *State) onDestinyChanged(p DestinyChanged) error {
	_, who, err := s.playerOf(TypeDestinyChanged, p.Player)
	if err != nil {
		return err
	}
	who.Destiny = append(who.Destiny, p.Card)
	return nil
}

func (s *State) onDestinyRemoved(p DestinyRemoved) error {
	g, who, err := s.playerOf(TypeDestinyRemoved, p.Player)
	if err != nil {
		return err
	}
	if n := len(who.Destiny); n > 0 {
		who.Destiny = who.Destiny[:n-1]
		g.Discard++
	}
	return nil
}

// onPurposeSeen records nothing: the program keeps no hidden information.
func (s *State) onPurposeSeen(PurposeSeen) error {
	_, err := s.playing(TypePurposeSeen)
	return err
}

func (s *State) onHumanTaken(p HumanTaken) error {
	g, who, err := s.playerOf(TypeHumanTaken, p.Player)
	if err != nil {
		return err
	}
	who.Human, g.HumanBy = true, who.Name
	g.Actions, g.Incarn = 2, true
	return nil
}

// onTurnEnded passes the turn. An end of turn that opens a new round is
// filed under the round it closed until a player plays in the new one; the
// one that ends the game opens no round.
func (s *State) onTurnEnded(p TurnEnded) error {
	g, err := s.playing(TypeTurnEnded)
	if err != nil {
		return err
	}
	g.Filed = 0
	if !p.Over {
		if p.Round > g.Round {
			g.Filed = g.Round
		}
		g.Round = p.Round
	}
	g.Current, g.LastLeft, g.Over = p.Next, p.LastLeft, p.Over
	g.Actions, g.Incarn = 0, false
	g.LastLife = nil
	return nil
}

func (s *State) onPurposeRevealed(p PurposeRevealed) error {
	_, who, err := s.playerOf(TypePurposeRevealed, p.Player)
	if err != nil {
		return err
	}
	pp := p.Purpose
	who.Purpose = &pp
	return nil
}

func (s *State) onGoalMarked(p GoalMarked) error {
	_, who, err := s.playerOf(TypeGoalMarked, p.Player)
	if err != nil {
		return err
	}
	if who.Purpose == nil {
		return fmt.Errorf("%s: %s has no Life Purpose", TypeGoalMarked, p.Player)
	}
	for i := range who.Purpose.Goals {
		if strings.EqualFold(who.Purpose.Goals[i].Name, p.Goal) {
			who.Purpose.Goals[i].Met = p.Met
		}
	}
	return nil
}

// onGameEnded closes the game and states its outcome from the scores and
// the Lifelines as they stand. A round that no player has played in was
// not played: the game ended with the round before.
func (s *State) onGameEnded(p GameEnded) error {
	g := s.game()
	if g == nil {
		return fmt.Errorf("%s with no game in progress", TypeGameEnded)
	}
	if g.Filed > 0 {
		g.Round = g.Filed
	}
	if _, err := s.playing(TypeGameEnded); err != nil {
		return err
	}
	g.Ended, g.Scores, g.Winners = true, p.Scores, p.Winners
	g.Outcome = s.outcome(g)
	return nil
}
