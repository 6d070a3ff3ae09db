package reincardnated

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"warlog/engines"
)

// outcome states how game g ended (seed 002 line 161; RULINGS
// Reincardnated "Score"): the highest total wins; a tie at the top is
// shared, which the outcome tells as a draw whose sharers all won. Every
// player's score is counted in points. The figures are each player's
// Starter and the Beings of the Lifeline as it ends, alive or dead; nothing
// is carried into the next game.
func (s *State) outcome(g *Game) *engines.Outcome {
	o := &engines.Outcome{Result: resultText(g.Scores, g.Winners), Why: whyText(g.Winners)}
	if len(g.Winners) == 1 {
		o.Winner = g.Winners[0]
	} else {
		o.Draw = true
	}
	o.Scoring = make(map[string][]string, len(g.Scores))
	for _, sc := range g.Scores {
		o.Sides = append(o.Sides, engines.SideResult{Name: sc.Player, Player: sc.Player,
			Won: slices.Contains(g.Winners, sc.Player), Score: sc.Total, Scored: "points"})
		for _, l := range sc.Lines {
			if l.Points != 0 {
				o.Scoring[sc.Player] = append(o.Scoring[sc.Player], fmt.Sprintf("%+d %s", l.Points, l.What))
			}
		}
	}
	for _, p := range g.Players {
		o.Figures = append(o.Figures, engines.Fate{ID: s.starterID(p.Starter), Name: p.Starter.Name, Side: p.Name, Fate: "starter"})
		for _, b := range p.Lifeline {
			fate := "alive"
			if b.Dead {
				fate = "dead"
			}
			o.Figures = append(o.Figures, engines.Fate{ID: s.figureID("being:" + strings.ToLower(b.Name)), Name: b.Name, Side: p.Name, Fate: fate})
		}
	}
	return o
}

// figureID is the campaign's name for a card: given the first time the card
// stands in a Lifeline when a game ends, and kept.
func (s *State) figureID(key string) string {
	if s.IDs == nil {
		s.IDs = &engines.Table[string]{}
	}
	if id, ok := s.IDs.Get(key); ok {
		return id
	}
	id := s.newID()
	s.IDs.Set(key, id)
	return id
}

// newID is a figure's name never given before: "F1", "F2", ...
func (s *State) newID() string {
	s.Figures++
	return "F" + strconv.Itoa(s.Figures)
}

// starterID names a Starter: a named Starter is a card of the campaign; an
// unnamed one is a figure of its game only.
func (s *State) starterID(c Card) string {
	if c.Name == defaultStarter {
		return s.newID()
	}
	return s.figureID("starter:" + strings.ToLower(c.Name))
}

// resultText is a game's result in a line: who wins, and every total.
func resultText(scores []Score, winners []string) string {
	var parts []string
	for _, s := range scores {
		parts = append(parts, fmt.Sprintf("%s %d", s.Player, s.Total))
	}
	head := winners[0] + " wins"
	if len(winners) > 1 {
		head = strings.Join(winners, " and ") + " share the win"
	}
	return fmt.Sprintf("%s; %s.", head, strings.Join(parts, ", "))
}

// whyText explains the result in a sentence: who has the highest total.
// What made each score is the outcome's Scoring, line by line.
func whyText(winners []string) string {
	if len(winners) > 1 {
		return strings.Join(winners, " and ") + " share the highest total."
	}
	return winners[0] + " has the highest total."
}
