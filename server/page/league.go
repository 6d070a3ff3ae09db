package page

import (
	"context"
	"errors"
	"sort"
	"strings"
	"sync"

	"warlog/campaigns"
	"warlog/events"
	"warlog/projections/report"
)

// The standings are the chronicles' running scores added up across the
// league, game by game: each campaign's score is its chronicle's
// (report.Report.Score, from the outcomes its engine stated), so the
// league counts a win exactly where the chronicle does.

// counted is one campaign's part in the standings.
type counted struct {
	Game string
	// Score is each player's (or, where the game names no players, each
	// side's) scenarios won in the campaign, every one that fought
	// listed.
	Score []report.Score
}

// scoreCache keeps each campaign's score by its stream and the version it
// was counted at: a chronicle replays the whole log, and the league's page
// is asked for far more often than a campaign grows.
type scoreCache struct {
	mu   sync.Mutex
	byID map[string]scoreAt
}

type scoreAt struct {
	version int64
	name    string
	c       counted
}

func newScoreCache() *scoreCache { return &scoreCache{byID: map[string]scoreAt{}} }

// get is the score of campaign e, whose state st was just loaded.
func (sc *scoreCache) get(ctx context.Context, r Reader, e events.Entry, st *campaigns.State) (counted, error) {
	sc.mu.Lock()
	hit, ok := sc.byID[e.Stream]
	sc.mu.Unlock()
	if ok && hit.version == st.Version && hit.name == e.Name {
		return hit.c, nil
	}
	c := counted{Game: title(st)}
	rep, err := r.Report(ctx, e.Name, report.Options{Campaign: true})
	switch {
	case errors.Is(err, report.ErrNoScenario):
		// Nothing fought yet: nobody to count.
	case err != nil:
		return c, err
	default:
		c.Score = byPlayer(rep)
		if rep.Version != st.Version {
			return c, nil // grown while counted: count it again next time
		}
	}
	sc.mu.Lock()
	sc.byID[e.Stream] = scoreAt{version: st.Version, name: e.Name, c: c}
	sc.mu.Unlock()
	return c, nil
}

// byPlayer is the chronicle's score under the names of the players who
// commanded the sides, where the game names them: a player's wins follow
// the player from campaign to campaign, whatever the sides are called.
func byPlayer(rep *report.Report) []report.Score {
	player := map[string]string{}
	for _, s := range rep.Scenarios {
		for _, sd := range s.Sides {
			if sd.Player != "" {
				player[strings.ToLower(sd.Name)] = sd.Player
			}
		}
	}
	out := make([]report.Score, 0, len(rep.Score))
	for _, s := range rep.Score {
		if p, ok := player[strings.ToLower(s.Name)]; ok {
			s.Name = p
		}
		out = merge(out, s)
	}
	return out
}

// standing is one player's or side's line in a game's standings.
type standing struct {
	Name string
	Wins int
	// Campaigns counts the campaigns it fought in.
	Campaigns int
}

// gameStandings are a game's standings, most wins first.
type gameStandings struct {
	Game string
	Rows []standing
	// Campaigns counts the game's campaigns.
	Campaigns int
}

// standings adds the campaigns' scores up game by game, in the order the
// games first appear; names that differ only in case are one.
func standings(cs []counted) []gameStandings {
	var out []gameStandings
	at := map[string]int{}
	for _, c := range cs {
		i, ok := at[c.Game]
		if !ok {
			i = len(out)
			at[c.Game] = i
			out = append(out, gameStandings{Game: c.Game})
		}
		g := &out[i]
		g.Campaigns++
		for _, s := range c.Score {
			found := false
			for j := range g.Rows {
				if strings.EqualFold(g.Rows[j].Name, s.Name) {
					g.Rows[j].Wins += s.Wins
					g.Rows[j].Campaigns++
					found = true
					break
				}
			}
			if !found {
				g.Rows = append(g.Rows, standing{Name: s.Name, Wins: s.Wins, Campaigns: 1})
			}
		}
	}
	for i := range out {
		rows := out[i].Rows
		sort.SliceStable(rows, func(a, b int) bool { return rows[a].Wins > rows[b].Wins })
	}
	return out
}

// merge adds s to scores, into the entry of the same name (any case)
// when there is one.
func merge(scores []report.Score, s report.Score) []report.Score {
	for i := range scores {
		if strings.EqualFold(scores[i].Name, s.Name) {
			scores[i].Wins += s.Wins
			return scores
		}
	}
	return append(scores, s)
}
