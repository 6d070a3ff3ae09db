// Package report turns a campaign's log into the battle report players post:
// the story turn by turn from the action labels, the forces and removals from
// the game's scenario summaries, dice statistics from the dice facts, and the
// log's head hash so a reader can check it. It renders Markdown, a
// self-contained HTML page and JSON, and never writes to the log.
package report

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"sort"
	"strings"
	"time"

	"warlog/campaigns"
	"warlog/engines"
	"warlog/engines/dice"
)

// Report is one scenario's battle report or the campaign's chronicle. Its
// JSON keys are stable and documented in the README.
type Report struct {
	Kind      string           `json:"kind"` // "scenario" or "campaign"
	Campaign  string           `json:"campaign"`
	Game      string           `json:"game"`
	GameTitle string           `json:"game_title"`
	Scenarios []ScenarioReport `json:"scenarios"`
	// Stories is each figure's campaign story (chronicle only).
	Stories []Story `json:"stories,omitempty"`
	// Score is the running count of scenarios won (chronicle only).
	Score []Score `json:"score,omitempty"`
	// Board is the final board, for games that have one.
	Board *engines.Board `json:"board,omitempty"`
	// Head and Version identify the log this report was made from:
	// CheckCommand (`warlog verify --head HEAD -c CAMPAIGN`) checks it.
	Head        string `json:"head"`
	Version     int64  `json:"version"`
	ShowsUndone bool   `json:"shows_undone"`
}

// CheckCommand is the command line that checks the report's head against
// its campaign's log, head abbreviated to n hex digits (0: whole), the
// campaign's name quoted for a POSIX shell so that it can be pasted.
func (r *Report) CheckCommand(n int) string {
	head := r.Head
	if n > 0 && n < len(head) {
		head = head[:n]
	}
	return "warlog verify --head " + head + " -c " + shellQuote(r.Campaign)
}

// shellQuote writes s as one word of a shell command, so that nothing in a
// name runs when the command is pasted: bare when it is plain ASCII; in
// single quotes, or double quotes when it holds a single quote and nothing
// a shell expands inside double quotes; and, when it holds '<' or '>'
// (which no report shows raw), in ANSI-C quotes with those written \x3c
// and \x3e (bash, zsh, ksh and POSIX sh since 2024).
func shellQuote(s string) string {
	plain := s != "" && s[0] != '-'
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("._,:/@%+=-", r)) {
			plain = false
			break
		}
	}
	switch {
	case plain:
		return s
	case strings.ContainsAny(s, "<>"):
		return "$'" + strings.NewReplacer(`\`, `\\`, "'", `\'`, "<", `\x3c`, ">", `\x3e`).Replace(s) + "'"
	case !strings.Contains(s, "'"):
		return "'" + s + "'"
	case !strings.ContainsAny(s, "\"$`!\\"):
		return `"` + s + `"`
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// ScenarioReport is one battle.
type ScenarioReport struct {
	engines.ScenarioSummary
	Date    string       `json:"date"`
	Turns   []TurnReport `json:"turns"`
	Dice    []DiceStats  `json:"dice"`
	Notable []string     `json:"notable"`
}

// TurnReport is what happened in one turn (turn 0: before the first).
type TurnReport struct {
	Turn  int    `json:"turn"`
	Lines []Line `json:"lines"`
}

// Line is one action of the narrative.
type Line struct {
	Action string `json:"action"`
	Text   string `json:"text"`
	Undone bool   `json:"undone,omitempty"`
	// Note says that an amendment corrected the action, or decided it
	// again after correcting an earlier one.
	Note string `json:"note,omitempty"`
}

// DiceStats are one player's dice of one kind in one scenario.
type DiceStats struct {
	Player  string  `json:"player"`
	Sides   int     `json:"sides"`
	Count   int     `json:"count"`
	Average float64 `json:"average"`
	// Faces[i] counts face i+1; Expected is the count a fair die gives.
	Faces    []int   `json:"faces"`
	Expected float64 `json:"expected"`
	Ones     int     `json:"ones"`
	Highest  int     `json:"highest"` // rolls of the top face (6s on a d6)
	Program  int     `json:"program"`
	Hand     int     `json:"hand"`
	// LongestFailStreak is the most judged rolls failed in a row.
	LongestFailStreak int `json:"longest_fail_streak"`
}

// Story is one figure across the campaign.
type Story struct {
	Name  string   `json:"name"`
	Side  string   `json:"side,omitempty"`
	Lines []string `json:"lines"`
}

// Score is one side's or player's wins so far.
type Score struct {
	Name string `json:"name"`
	Wins int    `json:"wins"`
}

// Options choose what to report.
type Options struct {
	Scenario     string // "" for the latest
	Campaign     bool   // the chronicle of every scenario
	ShowUndone   bool
	Unattributed string // the name for dice no engine attributed; default "table"
}

// ErrNoScenario: the campaign has no scenario to report yet.
var ErrNoScenario = errors.New("no scenario to report yet")

type collector struct {
	opt    Options
	byName map[string]*ScenarioReport
	order  []string
	rolls  map[string][]rollAt
}

type rollAt struct {
	r      dice.Rolled
	undone bool
}

// Build replays the campaign and assembles its report.
func Build(ctx context.Context, svc *campaigns.Service, campaign string, opt Options) (*Report, error) {
	if opt.Unattributed == "" {
		opt.Unattributed = "table"
	}
	c := &collector{opt: opt, byName: map[string]*ScenarioReport{}, rolls: map[string][]rollAt{}}
	st, err := svc.Replay(ctx, campaign, func(st *campaigns.State, step campaigns.Step) error {
		c.step(svc, st, step)
		return nil
	})
	if err != nil {
		return nil, err
	}
	g, err := st.GameState()
	if err != nil {
		return nil, err
	}
	r := &Report{Kind: "scenario", Campaign: st.Name, Game: st.Campaign.Game, GameTitle: st.Engine().Info().Title,
		Head: st.Head, Version: st.Version, ShowsUndone: opt.ShowUndone}
	var sums []engines.ScenarioSummary
	if ch, ok := g.(engines.Chronicler); ok {
		sums = ch.Scenarios()
	}
	if len(sums) == 0 {
		return nil, fmt.Errorf("campaign %q: %w; start one with `warlog scenario start NAME`", campaign, ErrNoScenario)
	}
	if b, ok := g.(engines.Boarder); ok {
		r.Board = b.Board()
	}
	for _, s := range sums {
		sr := c.byName[s.Name]
		if sr == nil {
			sr = &ScenarioReport{}
		}
		s.FromOutcome()
		sr.ScenarioSummary = s
		padRemovals(&sr.ScenarioSummary)
		sr.Dice = diceStats(c.rolls[s.Name], opt)
		sr.Notable = notable(sr)
		if sr.Turns == nil {
			sr.Turns = []TurnReport{}
		}
		r.Scenarios = append(r.Scenarios, *sr)
	}
	if opt.Campaign {
		r.Kind = "campaign"
		r.Stories = stories(r.Scenarios)
		r.Score = score(r.Scenarios)
		return r, nil
	}
	pick := len(r.Scenarios) - 1
	if opt.Scenario != "" {
		pick = -1
		for i, s := range r.Scenarios {
			if strings.EqualFold(s.Name, opt.Scenario) {
				pick = i
			}
		}
		if pick < 0 {
			names := make([]string, len(r.Scenarios))
			for i, s := range r.Scenarios {
				names[i] = s.Name
			}
			return nil, fmt.Errorf("no scenario %q in campaign %q; it has: %s", opt.Scenario, campaign, strings.Join(names, ", "))
		}
	}
	r.Scenarios = r.Scenarios[pick : pick+1]
	return r, nil
}

// step files one action under its scenario and turn.
func (c *collector) step(svc *campaigns.Service, st *campaigns.State, step campaigns.Step) {
	if step.Scenario == "" || step.Action.Meta() {
		return
	}
	if step.Action.Verb == campaigns.VerbAmend {
		return // its actions follow, each noted, in the corrected history
	}
	sr := c.byName[step.Scenario]
	if sr == nil {
		sr = &ScenarioReport{}
		sr.Name = step.Scenario
		sr.Date = step.Action.At.UTC().Format(time.DateOnly)
		c.byName[step.Scenario] = sr
		c.order = append(c.order, step.Scenario)
	}
	for _, e := range step.Events {
		p, err := svc.Registry().Decode(e)
		if err != nil {
			continue
		}
		if r, ok := p.(dice.Rolled); ok {
			c.rolls[step.Scenario] = append(c.rolls[step.Scenario], rollAt{r: r, undone: step.Action.Undone})
		}
	}
	if step.Action.Undone && !c.opt.ShowUndone {
		return
	}
	if n := len(sr.Turns); n == 0 || sr.Turns[n-1].Turn != step.Turn {
		sr.Turns = append(sr.Turns, TurnReport{Turn: step.Turn})
	}
	t := &sr.Turns[len(sr.Turns)-1]
	l := Line{Action: step.Action.ID, Text: step.Action.Label, Undone: step.Action.Undone}
	switch {
	case step.Corrected:
		l.Note = "corrected by amendment " + short(step.Amendment)
	case step.Amendment != "":
		l.Note = "decided again by amendment " + short(step.Amendment)
	}
	t.Lines = append(t.Lines, l)
}

func diceStats(rolls []rollAt, opt Options) []DiceStats {
	type key struct {
		player string
		sides  int
	}
	acc := map[key]*DiceStats{}
	streak := map[key]int{}
	var keys []key
	for _, ra := range rolls {
		if ra.undone {
			continue // an undone roll did not happen
		}
		r := ra.r
		k := key{r.By, r.Sides}
		if k.player == "" {
			k.player = opt.Unattributed
		}
		s := acc[k]
		if s == nil {
			s = &DiceStats{Player: k.player, Sides: r.Sides, Faces: make([]int, r.Sides)}
			acc[k] = s
			keys = append(keys, k)
		}
		for _, v := range r.Values {
			s.Count++
			s.Average += float64(v)
			if v >= 1 && v <= r.Sides {
				s.Faces[v-1]++
			}
			if v == 1 {
				s.Ones++
			}
			if v == r.Sides {
				s.Highest++
			}
			if r.Source == dice.Hand {
				s.Hand++
			} else {
				s.Program++
			}
		}
		if r.Success != nil {
			if *r.Success {
				streak[k] = 0
			} else {
				streak[k]++
				s.LongestFailStreak = max(s.LongestFailStreak, streak[k])
			}
		}
	}
	out := make([]DiceStats, 0, len(keys))
	sort.SliceStable(keys, func(i, j int) bool {
		if keys[i].player != keys[j].player {
			return keys[i].player < keys[j].player
		}
		return keys[i].sides < keys[j].sides
	})
	for _, k := range keys {
		s := acc[k]
		if s.Count > 0 {
			s.Average = math.Round(s.Average/float64(s.Count)*100) / 100
			s.Expected = math.Round(float64(s.Count)/float64(s.Sides)*100) / 100
		}
		out = append(out, *s)
	}
	return out
}

// notable picks the moments worth a line: the turn with the largest swing in
// removals, and the longest streak of failed rolls.
func notable(sr *ScenarioReport) []string {
	out := []string{}
	best, bestTurn, detail := 0, 0, ""
	turns := 0
	for _, s := range sr.Sides {
		turns = max(turns, len(s.RemovedPerTurn))
	}
	for t := 0; t < turns; t++ {
		total := 0
		var parts []string
		for _, s := range sr.Sides {
			if t < len(s.RemovedPerTurn) && s.RemovedPerTurn[t] > 0 {
				total += s.RemovedPerTurn[t]
				parts = append(parts, fmt.Sprintf("%s %d", s.Name, s.RemovedPerTurn[t]))
			}
		}
		if total > best {
			best, bestTurn, detail = total, t+1, strings.Join(parts, ", ")
		}
	}
	if best > 0 {
		out = append(out, fmt.Sprintf("The largest swing: turn %d, when %d %s removed (%s).", bestTurn, best, plural(best, "figure was", "figures were"), detail))
	}
	worst := DiceStats{}
	for _, d := range sr.Dice {
		if d.LongestFailStreak > worst.LongestFailStreak {
			worst = d
		}
	}
	if worst.LongestFailStreak > 1 {
		out = append(out, fmt.Sprintf("The longest streak of failed rolls: %s, %d in a row.", worst.Player, worst.LongestFailStreak))
	}
	return out
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// stories follows each figure through the scenarios: where it fought and
// every consequence line that names it.
func stories(scs []ScenarioReport) []Story {
	var out []Story
	idx := map[string]int{}
	for _, sc := range scs {
		for _, side := range sc.Sides {
			for _, f := range side.Forces {
				name := f.String("name")
				if name == "" {
					continue
				}
				k := side.Name + "\x00" + name
				i, ok := idx[k]
				if !ok {
					i = len(out)
					idx[k] = i
					out = append(out, Story{Name: name, Side: side.Name})
				}
				line := "fought in " + sc.Name
				if st := f.String("status"); st != "" && st != "active" {
					line += " (" + st + ")"
				}
				for _, c := range sc.Consequences {
					if strings.Contains(c, name) {
						line += "; " + c
					}
				}
				out[i].Lines = append(out[i].Lines, line)
			}
		}
	}
	return out
}

func score(scs []ScenarioReport) []Score {
	wins := map[string]int{}
	var order []string
	for _, sc := range scs {
		for _, s := range sc.Sides {
			if _, ok := wins[s.Name]; !ok {
				wins[s.Name] = 0
				order = append(order, s.Name)
			}
		}
		if sc.Winner != "" && sc.Winner != "draw" {
			if _, ok := wins[sc.Winner]; !ok {
				order = append(order, sc.Winner)
			}
			wins[sc.Winner]++
		}
	}
	out := make([]Score, len(order))
	for i, n := range order {
		out[i] = Score{Name: n, Wins: wins[n]}
	}
	return out
}

// JSON writes the report as indented JSON.
func JSON(w io.Writer, r *Report) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

// padRemovals gives every side one removal count per turn played.
func padRemovals(s *engines.ScenarioSummary) {
	turns := s.Turn
	for _, sd := range s.Sides {
		turns = max(turns, len(sd.RemovedPerTurn))
	}
	s.Sides = append([]engines.SideSummary(nil), s.Sides...)
	for i := range s.Sides {
		r := append([]int{}, s.Sides[i].RemovedPerTurn...)
		for len(r) < turns {
			r = append(r, 0)
		}
		s.Sides[i].RemovedPerTurn = r
		if s.Sides[i].Forces == nil {
			s.Sides[i].Forces = []engines.Row{}
		}
	}
}

func short(id string) string {
	if len(id) > 8 {
		return id[:8]
	}
	return id
}
