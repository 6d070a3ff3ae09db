package reincardnated

import (
	"fmt"
	"strconv"
	"strings"

	"warlog/engines"
	"warlog/internal/words"
)

// Status implements engines.State: the game in progress, else the last
// game played.
func (s *State) Status() engines.Status {
	g := s.Battle
	if g == nil {
		return engines.Status{Notes: []string{"no game yet; start one with its players in turn order"}, Next: []string{"scenario start"}}
	}
	st := engines.Status{Scenario: g.Name, Turn: g.Round, Phase: phase(g)}
	cur := g.current()
	switch {
	case g.Ended:
		st.Notes = append(st.Notes, fmt.Sprintf("The game is over: %s", resultText(g.Scores, g.Winners)))
	case g.Over:
		st.Notes = append(st.Notes, "Every last turn is played: enter each Life Purpose, then score the game.")
		st.Next = []string{"rc purpose", "scenario end"}
	default:
		next := "first action: play Karma, or incarnate as the second action"
		switch {
		case g.Incarn:
			next = "incarnated: the turn's actions are done (Karma an ability allows is an extra play)"
			st.Next = []string{"rc end-turn"}
		case g.Actions == 1:
			next = "second action: play Karma or incarnate"
		case g.Actions >= 2:
			next = "both actions used"
			st.Next = []string{"rc end-turn"}
		}
		last := ""
		if g.LastLeft > 0 {
			last = " (a last turn)"
		}
		st.Notes = append(st.Notes, fmt.Sprintf("%s turn%s, round %d: %s.", words.Possessive(cur.Name), last, g.Round, next))
	}
	st.Notes = append(st.Notes, fmt.Sprintf("Being pool: %d face up (+%d hidden); Beings deck %d; Karma deck %d, discard %d.",
		g.Visible, g.Hidden, g.Deck, g.KarmaDeck, g.Discard))
	if len(g.Known) > 0 {
		st.Notes = append(st.Notes, "Known in the pool: "+strings.Join(g.Known, ", ")+".")
	}
	switch {
	case g.HumanBy == "":
		st.Notes = append(st.Notes, fmt.Sprintf("Human Form: not taken (needs %d Beings besides the Starter and an active Being that allows it).", HumanNeeds))
	case g.LastLeft > 0:
		st.Notes = append(st.Notes, fmt.Sprintf("Human Form: %s (+%d); last turns still to play: %d.", g.HumanBy, HumanBonus, g.LastLeft))
	case g.LastLeft < 0:
		st.Notes = append(st.Notes, fmt.Sprintf("Human Form: %s (+%d); every other player gets one last turn after this one.", g.HumanBy, HumanBonus))
	default:
		st.Notes = append(st.Notes, fmt.Sprintf("Human Form: %s (+%d).", g.HumanBy, HumanBonus))
	}
	for _, p := range g.Players {
		st.Players = append(st.Players, playerRow(g, p))
	}
	return st
}

func phase(g *Game) string {
	switch {
	case g.Ended:
		return "ended"
	case g.Over:
		return "over"
	case g.Incarn:
		return "incarnated"
	case g.Actions >= 2:
		return "actions used"
	case g.LastLeft > 0:
		return fmt.Sprintf("last turns, action %d", g.Actions+1)
	}
	return fmt.Sprintf("action %d", g.Actions+1)
}

// LifelineText writes a Lifeline left to right, the Starter first; dead
// Beings are marked.
func LifelineText(p *Player) string {
	parts := []string{"[" + p.Starter.Name + "]"}
	for _, b := range p.Lifeline {
		s := fmt.Sprintf("%s (%s)", b.Name, b.Type)
		if b.Dead {
			s = fmt.Sprintf("%s (%s, dead)", b.Name, b.Type)
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, ", ")
}

func playerRow(g *Game, p *Player) engines.Row {
	act, _ := p.Active()
	var score any = "?"
	if p.Purpose != nil {
		score = ScoreOf(p).Total
	}
	if g.Ended {
		for _, s := range g.Scores {
			if s.Player == p.Name {
				score = s.Total
			}
		}
	}
	dead := 0
	for _, b := range p.Lifeline {
		if b.Dead {
			dead++
		}
	}
	destiny := ""
	if n := len(p.Destiny); n > 0 {
		destiny = fmt.Sprintf("%s by %s", destinyText(p.Destiny[n-1]), p.Destiny[n-1].By)
		if n > 1 {
			destiny += fmt.Sprintf(" (%d stacked)", n)
		}
	}
	purpose := "hidden"
	if p.Purpose != nil {
		purpose = purposeText(*p.Purpose)
	}
	turn := ""
	if !g.Ended && !g.Over && g.current() == p {
		turn = "*"
	}
	return engines.Row{
		{Key: "name", Value: p.Name},
		{Key: "lifeline", Value: LifelineText(p)},
		{Key: "active", Value: act.Name},
		{Key: "karma", Value: p.Hand},
		{Key: "score", Value: score},
		{Key: "turn", Value: turn},
		{Key: "beings", Value: len(p.Lifeline)},
		{Key: "dead", Value: dead},
		{Key: "human", Value: p.Human},
		{Key: "destiny", Value: destiny},
		{Key: "purpose", Value: purpose},
	}
}

// standing is a player's record over the campaign's ended games.
type standing struct {
	name                     string
	games, wins, total, best int
	last                     int
}

func standings(games []*Game) []*standing {
	by := map[string]*standing{}
	var order []*standing
	for _, g := range games {
		if !g.Ended {
			continue
		}
		for _, sc := range g.Scores {
			k := strings.ToLower(sc.Player)
			st, ok := by[k]
			if !ok {
				st = &standing{name: sc.Player, best: sc.Total}
				by[k] = st
				order = append(order, st)
			}
			st.name = sc.Player
			st.games++
			st.total += sc.Total
			st.last = sc.Total
			st.best = max(st.best, sc.Total)
			for _, w := range g.Winners {
				if w == sc.Player {
					st.wins++
				}
			}
		}
	}
	return order
}

// Roster implements engines.State: every player's games, wins and total
// score across the campaign.
func (s *State) Roster() engines.Roster {
	r := engines.Roster{}
	ended := 0
	games := s.games()
	for _, g := range games {
		if g.Ended {
			ended++
		}
	}
	r.Notes = append(r.Notes, fmt.Sprintf("%s played; %s known to the campaign.", plural(ended, "game", "games"), plural(s.Beings.Len(), "Being card", "Being cards")))
	if g := s.game(); g != nil {
		r.Notes = append(r.Notes, fmt.Sprintf("Game %s is in progress (round %d).", g.Name, g.Round))
	}
	listed := map[string]bool{}
	for _, st := range standings(games) {
		listed[strings.ToLower(st.name)] = true
		r.Players = append(r.Players, engines.Row{
			{Key: "name", Value: st.name},
			{Key: "games", Value: st.games},
			{Key: "wins", Value: st.wins},
			{Key: "total", Value: st.total},
			{Key: "best", Value: st.best},
			{Key: "last", Value: st.last},
		})
	}
	// The players of the game in progress who have finished none yet: on
	// the roster from their first game, not only once it ends.
	if g := s.game(); g != nil {
		for _, p := range g.Players {
			if !listed[strings.ToLower(p.Name)] {
				r.Players = append(r.Players, engines.Row{
					{Key: "name", Value: p.Name},
					{Key: "games", Value: 0},
					{Key: "wins", Value: 0},
					{Key: "total", Value: 0},
					{Key: "best", Value: ""},
					{Key: "last", Value: ""},
				})
			}
		}
	}
	return r
}

// Now implements engines.Turner: the game in progress and the round its
// newest fact belongs to. The end of the turn that closes a round belongs
// to that round (RULINGS Reincardnated "Rounds"), and so does what the
// table enters before a player plays in the next one.
func (s *State) Now() (string, int) {
	if g := s.game(); g != nil {
		if g.Filed > 0 {
			return g.Name, g.Filed
		}
		return g.Name, g.Round
	}
	return "", 0
}

// Scenarios implements engines.Chronicler: each game, its players and, once
// ended, the scores.
func (s *State) Scenarios() []engines.ScenarioSummary {
	var out []engines.ScenarioSummary
	games := s.games()
	for i, g := range games {
		sum := engines.ScenarioSummary{Name: g.Name, Turn: g.Round, Ended: g.Ended}
		for _, p := range g.Players {
			killed := make([]int, g.Round)
			copy(killed, p.Killed)
			// The Lifeline as it stands, a row per card: the Starter, then
			// each Being in its place, with its type.
			forces := make([]engines.Row, 0, 1+len(p.Lifeline))
			forces = append(forces, engines.Row{{Key: "card", Value: "Starter"}, {Key: "name", Value: p.Starter.Name},
				{Key: "type", Value: p.Starter.Type}, {Key: "status", Value: "starter"}})
			for i, b := range p.Lifeline {
				status := "alive"
				if b.Dead {
					status = "dead"
				}
				forces = append(forces, engines.Row{{Key: "card", Value: "Being " + strconv.Itoa(i+1)}, {Key: "name", Value: b.Name},
					{Key: "type", Value: b.Type}, {Key: "status", Value: status}})
			}
			sum.Sides = append(sum.Sides, engines.SideSummary{Name: p.Name, Player: p.Name, Forces: forces, RemovedPerTurn: killed})
		}
		if g.Ended {
			// What a game carries into the campaign is each player's
			// standing after it, which the games before it make.
			o := *g.Outcome
			o.Campaign = nil
			for _, st := range standings(games[:i+1]) {
				o.Campaign = append(o.Campaign, fmt.Sprintf("%s: campaign total %d, %s in %s", st.name, st.total, plural(st.wins, "win", "wins"), plural(st.games, "game", "games")))
			}
			sum.Outcome = &o
			sum.FromOutcome()
		}
		out = append(out, sum)
	}
	return out
}

// CurrentScores are the scores of the game in progress as they stand, or
// the final scores of the last game once ended; name is "" before any game.
func (s *State) CurrentScores() (name string, scores []Score, winners []string, final bool) {
	g := s.Battle
	if g == nil {
		return "", nil, nil, false
	}
	if g.Ended {
		return g.Name, g.Scores, g.Winners, true
	}
	sc, w := Scores(g)
	return g.Name, sc, w, false
}
