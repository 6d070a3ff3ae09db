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
	"strconv"
	"strings"
	"time"

	"warlog/campaigns"
	"warlog/engines"
	"warlog/engines/dice"
	"warlog/internal/words"
)

// Report is one scenario's battle report or the campaign's chronicle. Its
// JSON keys are stable, always present (null or empty when nothing
// applies) and documented by schema/report.schema.json.
type Report struct {
	Kind      string           `json:"kind"` // "scenario" or "campaign"
	Campaign  string           `json:"campaign"`
	Game      string           `json:"game"`
	GameTitle string           `json:"game_title"`
	Scenarios []ScenarioReport `json:"scenarios"`
	// Stories is each figure's path across the campaign (chronicle only;
	// empty in a scenario's report).
	Stories []Story `json:"stories"`
	// Score is the count of scenarios won so far (chronicle only), and
	// Standings the same count after each scenario.
	Score     []Score    `json:"score"`
	Standings []Standing `json:"standings"`
	// Luck is each player's dice over every scenario reported.
	Luck []PlayerLuck `json:"luck"`
	// Board is the final board, for games that have one; null otherwise.
	Board *engines.Board `json:"board"`
	// Head and Version identify the log this report was made from.
	Head        string `json:"head"`
	Version     int64  `json:"version"`
	ShowsUndone bool   `json:"shows_undone"`
	// Check is the command that checks Head against the campaign's log, in
	// the command line's words (Options.Check); "" when none was given.
	Check string `json:"-"`
}

// ScenarioReport is one battle.
type ScenarioReport struct {
	Name string `json:"name"`
	// Start is the log version of the action that began the scenario: it
	// tells apart scenarios that share a name.
	Start int64 `json:"start"`
	// Label is the name as headings show it: a name another scenario of
	// the campaign had before is numbered ("Skirmish (2)").
	Label string `json:"-"`
	Brief string `json:"brief"`
	Date  string `json:"date"`
	// Turn is the turn reached; Ended says whether the scenario is over.
	Turn  int  `json:"turn"`
	Ended bool `json:"ended"`
	// Result names the outcome and Why explains it; "" while undecided.
	Result string `json:"result"`
	Why    string `json:"why"`
	// Winner is the winning side or player: null for a draw (Draw) and
	// while the scenario is being played.
	Winner *string      `json:"winner"`
	Draw   bool         `json:"draw"`
	Sides  []SideReport `json:"sides"`
	// Figures are the fates of the figures the outcome names, with what
	// each did; empty while the scenario is being played.
	Figures []FigureReport `json:"figures"`
	// Damage names the unit of the figures' dealt and taken ("wounds",
	// "Hits", "Life", "harm"); "" where the game counts no damage.
	Damage string `json:"damage"`
	// Consequences are what the fight did to the campaign, a line each.
	Consequences []string `json:"consequences"`
	Story        Account  `json:"story"`
	// Counts are what the game counts for each side or player (kill
	// points, Life, Plasmid, objectives, Karma...), as they stood at the
	// end of each turn played, from the game's status.
	Counts []Count `json:"counts"`
	// Fallen are the figures removed, in the order they fell, each with
	// the turn it fell in, as the game's status showed them.
	Fallen  []Fallen     `json:"fallen"`
	Turns   []TurnReport `json:"turns"`
	Dice    []DiceStats  `json:"dice"`
	Luck    []PlayerLuck `json:"luck"`
	Notable []string     `json:"notable"`
}

// Fallen is a figure removed from a battle.
type Fallen struct {
	Turn   int    `json:"turn"`
	Side   string `json:"side"`
	Name   string `json:"name"`
	Status string `json:"status"`
}

// out are the statuses of a figure removed from the fight.
var out = map[string]bool{"dead": true, "down": true, "broken": true, "withdrawn": true, "slain": true, "routed": true, "destroyed": true}

// Count is one number the game keeps for a side or player, turn by turn.
type Count struct {
	Side string `json:"side"`
	What string `json:"what"`
	// PerTurn[i] is the number at the end of turn i+1.
	PerTurn []int `json:"per_turn"`
}

// Credited is the winner as the chronicle keeps it: the winning side,
// "draw", or "" while undecided.
func (sc *ScenarioReport) Credited() string {
	switch {
	case sc.Winner != nil:
		return *sc.Winner
	case sc.Draw:
		return "draw"
	}
	return ""
}

// SideReport is one side (or player) of a battle.
type SideReport struct {
	Name   string `json:"name"`
	Player string `json:"player"` // "" when the game does not say
	Won    bool   `json:"won"`
	// Score is what the game counts for the side (Scored says what),
	// null while the scenario is being played.
	Score  *int   `json:"score"`
	Scored string `json:"scored"`
	// ScoreLines are what made the score, a line each, where the game
	// keeps them (Reincardnated); empty otherwise.
	ScoreLines []string `json:"score_lines"`
	// Forces are the side's figures as they started, as table rows.
	Forces []engines.Row `json:"forces"`
	// RemovedPerTurn[i] is how many of the side's figures were removed in
	// turn i+1, for every turn played.
	RemovedPerTurn []int `json:"removed_per_turn"`
}

// FigureReport is one figure's part in a battle: its fate as the outcome
// states it (what it carries into the campaign, the enemies it removed,
// what it did where the game counts it), whether it fought, and its points
// by the figure-of-the-battle formula (FigureFormula).
type FigureReport struct {
	engines.Fate
	Fought bool `json:"fought"`
	Points int  `json:"points"`
}

// Account is the story of a battle in a few lines: the headline, the turn
// that turned it, and its standout figure by the stated formula.
type Account struct {
	Headline string `json:"headline"`
	// TurningPoint is the turn the winner took the lead for good in the
	// game's own measure (Measure), credited to the side that made it.
	TurningPoint string `json:"turning_point"`
	Measure      string `json:"measure"`
	// DecisiveBlow is the action that ended the battle or settled it.
	DecisiveBlow string        `json:"decisive_blow"`
	Standout     *FigureReport `json:"figure_of_the_battle"`
	Formula      string        `json:"formula"`
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
	Undone bool   `json:"undone"`
	// Note says that an amendment corrected the action, or decided it
	// again after correcting an earlier one; "" otherwise.
	Note string `json:"note"`
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
	// Outcome is the judged rolls among these dice, by outcome.
	Outcome Outcome `json:"outcome"`
	// Unjudged counts the dice of rolls the rules judge no success for,
	// and Luck is their total against a fair set's.
	Unjudged int  `json:"unjudged"`
	Luck     Luck `json:"luck"`
	// unjudged[i] counts face i+1 among the Unjudged dice.
	unjudged []int
}

// Story is one figure across the campaign, matched by its ID: a step per
// scenario it took part in, and the same told as lines.
type Story struct {
	ID    string      `json:"id"`
	Name  string      `json:"name"`
	Side  string      `json:"side"`
	Path  []StoryStep `json:"path"`
	Lines []string    `json:"lines"`
}

// StoryStep is one scenario of a figure's campaign.
type StoryStep struct {
	Scenario string `json:"scenario"`
	// Start is the scenario's start (ScenarioReport.Start).
	Start    int64  `json:"start"`
	Fate     string `json:"fate"`
	Carries  string `json:"carries"`
	Track    string `json:"track"`
	Removals int    `json:"removals"`
}

// Score is one side's or player's wins so far.
type Score struct {
	Name string `json:"name"`
	Wins int    `json:"wins"`
}

// Standing is the score after one scenario.
type Standing struct {
	Scenario string  `json:"scenario"`
	Score    []Score `json:"score"`
	// Label is the scenario's Label.
	Label string `json:"-"`
}

// Options choose what to report.
type Options struct {
	Scenario     string // "" for the latest
	Campaign     bool   // the chronicle of every scenario
	ShowUndone   bool
	Unattributed string // the name for dice no engine attributed; default "table"
	// Check writes the command that checks a report's head against its
	// campaign's log, for the report to print: the command line's to
	// spell (cmd). Nil: the report names no command.
	Check func(head, campaign string) string
}

// ErrNoScenario: the campaign has no scenario to report yet.
var ErrNoScenario = errors.New("no scenario to report yet")

type collector struct {
	opt Options
	// runs are the scenarios in the order they began, each told apart by
	// the action that began it: two scenarios may share a name.
	runs []*run
	cur  *run
}

// run is what the replay gathers of one scenario.
type run struct {
	sr *ScenarioReport
	// open says whether the scenario was still being played after the
	// last action filed under it.
	open   bool
	rolls  []rollAt
	counts *counts
	// status and fallen follow the scenario's figures in its status: the
	// status each last had, and those that fell.
	status map[[2]string]string
	fallen []Fallen
}

// runFor is the scenario a step belongs to: the one being played when its
// name is the step's, else (for an action that is done) a new one begun by
// it; an undone action goes to the latest scenario of its name, or none.
func (c *collector) runFor(step campaigns.Step) *run {
	if c.cur != nil && strings.EqualFold(c.cur.sr.Name, step.Scenario) && (c.cur.open || step.Action.Undone) {
		return c.cur
	}
	if step.Action.Undone {
		for i := len(c.runs) - 1; i >= 0; i-- {
			if strings.EqualFold(c.runs[i].sr.Name, step.Scenario) {
				return c.runs[i]
			}
		}
		return nil
	}
	sr := &ScenarioReport{Name: step.Scenario, Start: step.Action.Version, Date: step.Action.At.UTC().Format(time.DateOnly)}
	c.cur = &run{sr: sr, open: true, status: map[[2]string]string{}}
	c.runs = append(c.runs, c.cur)
	return c.cur
}

// fall notes the figures of the status that are out of the fight and were
// not before this turn's action.
func (ru *run) fall(turn int, figures []engines.Row) {
	for _, r := range figures {
		k := [2]string{r.String("side"), r.String("name")}
		st := strings.ToLower(r.String("status"))
		if out[st] && !out[ru.status[k]] {
			ru.fallen = append(ru.fallen, Fallen{Turn: turn, Side: k[0], Name: k[1], Status: st})
		}
		ru.status[k] = st
	}
}

// counts gathers a scenario's Counts as the replay goes: each number's
// value after the last action of each turn.
type counts struct {
	order []Count
	keys  [][2]string // order's side and key in the status
	at    map[[2]string]map[int]int
}

// note records the game's numbers after an action of the given turn.
func (cs *counts) note(turn int, rows []engines.Row) {
	for _, r := range rows {
		side := r.String("name")
		for _, f := range r {
			n, ok := f.Value.(int)
			if !ok || f.Key == "name" || f.Key == "removed" || f.Key == "turn" {
				continue
			}
			k := [2]string{side, f.Key}
			if cs.at[k] == nil {
				cs.at[k] = map[int]int{}
				cs.order = append(cs.order, Count{Side: side, What: strings.ReplaceAll(f.Key, "_", " ")})
				cs.keys = append(cs.keys, k)
			}
			cs.at[k][turn] = n
		}
	}
}

// per lays the numbers out over the turns played, each turn without an
// action carrying the one before it.
func (cs *counts) per(turns int) []Count {
	out := []Count{}
	if cs == nil || turns <= 0 {
		return out
	}
	for i, c := range cs.order {
		k := cs.keys[i]
		c.PerTurn = make([]int, turns)
		last := 0
		for t := 1; t <= turns; t++ {
			if v, ok := cs.at[k][t]; ok {
				last = v
			}
			c.PerTurn[t-1] = last
		}
		out = append(out, c)
	}
	return out
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
	c := &collector{opt: opt}
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
		Head: st.Head, Version: st.Version, ShowsUndone: opt.ShowUndone,
		Stories: []Story{}, Score: []Score{}, Standings: []Standing{}}
	var sums []engines.ScenarioSummary
	if ch, ok := g.(engines.Chronicler); ok {
		sums = ch.Scenarios()
	}
	if len(sums) == 0 {
		return nil, fmt.Errorf("campaign %q: %w", campaign, ErrNoScenario)
	}
	if b, ok := g.(engines.Boarder); ok {
		r.Board = b.Board()
	}
	// The engine lists its scenarios in the order they began, as the
	// replay met them: each is matched to the next run of its name.
	next := 0
	for _, s := range sums {
		ru := &run{sr: &ScenarioReport{}}
		for i := next; i < len(c.runs); i++ {
			if strings.EqualFold(c.runs[i].sr.Name, s.Name) {
				ru, next = c.runs[i], i+1
				break
			}
		}
		sr := ru.sr
		fill(sr, s)
		sr.Dice = diceStats(ru.rolls, opt)
		sr.Luck = playerLuck(sr.Dice)
		sr.Fallen = append([]Fallen{}, ru.fallen...)
		sr.Counts = ru.counts.per(sr.Turn)
		sr.Story = account(sr, st.Campaign.Game)
		sr.Notable = notable(sr)
		if sr.Turns == nil {
			sr.Turns = []TurnReport{}
		}
		r.Scenarios = append(r.Scenarios, *sr)
	}
	names := make([]string, len(r.Scenarios))
	for i, sc := range r.Scenarios {
		names[i] = sc.Name
	}
	for i, l := range numbered(names) {
		r.Scenarios[i].Label = l
	}
	if opt.Campaign {
		r.Kind = "campaign"
		r.Stories = stories(r.Scenarios)
		r.Score, r.Standings = score(r.Scenarios)
		var all []DiceStats
		for _, sc := range r.Scenarios {
			all = append(all, sc.Dice...)
		}
		r.Luck = playerLuck(all)
		return r.checked(opt), nil
	}
	pick := len(r.Scenarios) - 1
	if opt.Scenario != "" {
		if pick, err = pickScenario(r.Scenarios, opt.Scenario, campaign); err != nil {
			return nil, err
		}
	}
	r.Scenarios = r.Scenarios[pick : pick+1]
	r.Luck = r.Scenarios[0].Luck
	return r.checked(opt), nil
}

// ScenarioRefs name each scenario so that it can be asked for: its name,
// or, when another scenario has the same name, "NAME#N", the N-th of
// that name (pickScenario reads both).
func ScenarioRefs(scs []ScenarioReport) []string {
	total := map[string]int{}
	for _, s := range scs {
		total[strings.ToLower(s.Name)]++
	}
	seen := map[string]int{}
	out := make([]string, len(scs))
	for i, s := range scs {
		k := strings.ToLower(s.Name)
		seen[k]++
		out[i] = s.Name
		if total[k] > 1 {
			out[i] = fmt.Sprintf("%s#%d", s.Name, seen[k])
		}
	}
	return out
}

// AmbiguousScenarioError: more than one scenario has the name asked for;
// Choices are they, each by its reference (ScenarioRefs) and the log
// version that began it.
type AmbiguousScenarioError struct {
	Name, Campaign string
	Choices        []ScenarioChoice
}

// ScenarioChoice is one scenario a name could mean.
type ScenarioChoice struct {
	Ref   string
	Start int64
	Date  string
}

func (e *AmbiguousScenarioError) Error() string {
	var cs []string
	for _, c := range e.Choices {
		cs = append(cs, fmt.Sprintf("%s (begun at version %d, %s)", c.Ref, c.Start, c.Date))
	}
	return fmt.Sprintf("campaign %q has %s named %q: %s", e.Campaign, words.Count(len(e.Choices), "scenario", "scenarios"), e.Name, strings.Join(cs, ", "))
}

// pickScenario finds the scenario asked for: by its name when no other
// has it, "NAME#N" for the N-th of that name, "NAME@V" (or "@V") for the
// one the action at log version V began. A name that two scenarios share
// is refused with both (AmbiguousScenarioError).
func pickScenario(scs []ScenarioReport, ask, campaign string) (int, error) {
	refs := ScenarioRefs(scs)
	var named []int
	for i, s := range scs {
		if strings.EqualFold(refs[i], ask) {
			return i, nil
		}
		if strings.EqualFold(s.Name, ask) {
			named = append(named, i)
		}
	}
	if len(named) > 1 {
		e := &AmbiguousScenarioError{Name: scs[named[0]].Name, Campaign: campaign}
		for _, i := range named {
			e.Choices = append(e.Choices, ScenarioChoice{Ref: refs[i], Start: scs[i].Start, Date: scs[i].Date})
		}
		return 0, e
	}
	if at := strings.LastIndex(ask, "@"); at >= 0 {
		if v, err := strconv.ParseInt(ask[at+1:], 10, 64); err == nil {
			for i, s := range scs {
				if s.Start == v && (at == 0 || strings.EqualFold(s.Name, ask[:at])) {
					return i, nil
				}
			}
		}
	}
	return 0, fmt.Errorf("no scenario %q in campaign %q; it has: %s", ask, campaign, strings.Join(refs, ", "))
}

// checked gives r its check command, when opt can write one.
func (r *Report) checked(opt Options) *Report {
	if opt.Check != nil {
		r.Check = opt.Check(r.Head, r.Campaign)
	}
	return r
}

// fill sets what the engine says of a scenario: its summary and, once it
// has ended, its outcome (the winner, each side's score, each figure's
// fate). Lists are empty, never nil, so that every JSON key is present.
func fill(sr *ScenarioReport, s engines.ScenarioSummary) {
	s.FromOutcome()
	sr.Name, sr.Brief, sr.Turn, sr.Ended, sr.Result, sr.Why = s.Name, s.Brief, s.Turn, s.Ended, s.Result, s.Why
	sr.Consequences = append([]string{}, s.Consequences...)
	o := s.Outcome
	switch {
	case o != nil && o.Draw, o == nil && s.Winner == "draw":
		sr.Draw = true
	case o != nil && o.Winner != "":
		w := o.Winner
		sr.Winner = &w
	case o == nil && s.Winner != "":
		w := s.Winner
		sr.Winner = &w
	}
	// Only the turns played: an engine may keep room for turns to come.
	turns := s.Turn
	for _, sd := range s.Sides {
		for t := len(sd.RemovedPerTurn); t > turns; t-- {
			if sd.RemovedPerTurn[t-1] != 0 {
				turns = t
				break
			}
		}
	}
	sr.Sides = make([]SideReport, 0, len(s.Sides))
	for _, sd := range s.Sides {
		side := SideReport{Name: sd.Name, Player: sd.Player, Forces: append([]engines.Row{}, sd.Forces...), RemovedPerTurn: make([]int, turns), ScoreLines: []string{}}
		copy(side.RemovedPerTurn, sd.RemovedPerTurn)
		if o != nil {
			for _, res := range o.Sides {
				if strings.EqualFold(res.Name, sd.Name) {
					n := res.Score
					side.Won, side.Score, side.Scored = res.Won, &n, res.Scored
					side.ScoreLines = append(side.ScoreLines, o.Scoring[res.Name]...)
					if side.Player == "" {
						side.Player = res.Player
					}
				}
			}
		}
		sr.Sides = append(sr.Sides, side)
	}
	sr.Figures = []FigureReport{}
	if o != nil {
		sr.Damage = o.Damage
		for _, f := range o.Figures {
			fr := FigureReport{Fate: f, Fought: f.Fate != FateSatOut}
			sr.Figures = append(sr.Figures, fr)
		}
	}
}

// step files one action under its scenario and turn.
func (c *collector) step(svc *campaigns.Service, st *campaigns.State, step campaigns.Step) {
	if step.Scenario == "" || step.Action.Meta() {
		return
	}
	if step.Action.Verb == campaigns.VerbAmend {
		return // its actions follow, each noted, in the corrected history
	}
	if step.Action.Verb == campaigns.VerbDice {
		return // how the table rolls: the campaign's, not the battle's
	}
	ru := c.runFor(step)
	if ru == nil {
		return
	}
	sr := ru.sr
	for _, e := range step.Events {
		p, err := svc.Registry().Decode(e)
		if err != nil {
			continue
		}
		if r, ok := p.(dice.Rolled); ok {
			ru.rolls = append(ru.rolls, rollAt{r: r, undone: step.Action.Undone})
		}
	}
	if !step.Action.Undone {
		g, err := st.GameState()
		if err == nil {
			if t, ok := g.(engines.Turner); ok {
				name, _ := t.Now()
				ru.open = strings.EqualFold(name, step.Scenario)
			}
		}
		if err == nil && step.Turn > 0 {
			if now := g.Status(); strings.EqualFold(now.Scenario, step.Scenario) {
				if ru.counts == nil {
					ru.counts = &counts{at: map[[2]string]map[int]int{}}
				}
				ru.counts.note(step.Turn, now.Sides)
				ru.counts.note(step.Turn, now.Players)
				ru.fall(step.Turn, now.Figures)
			}
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
		l.Note = "corrected by amendment " + campaigns.ShortActionID(step.Amendment)
	case step.Amendment != "":
		l.Note = "decided again by amendment " + campaigns.ShortActionID(step.Amendment)
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
	chances := map[key][]float64{}
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
			s = &DiceStats{Player: k.player, Sides: r.Sides, Faces: make([]int, r.Sides), unjudged: make([]int, r.Sides)}
			acc[k] = s
			keys = append(keys, k)
		}
		for _, v := range r.Values {
			s.Count++
			s.Average += float64(v)
			if v >= 1 && v <= r.Sides {
				s.Faces[v-1]++
				if r.Target == nil {
					s.unjudged[v-1]++
				}
			}
			if r.Target == nil {
				s.Unjudged++
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
		if r.Target != nil && r.Success != nil {
			// Luck by outcome: the chance the target gave, and whether
			// the roll met it.
			chances[k] = append(chances[k], r.Target.Chance(len(r.Values), r.Sides, r.Mod))
			if *r.Success {
				s.Outcome.Successes++
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
		s.Luck = luckOf(map[int][]int{s.Sides: s.unjudged})
		s.Outcome = outcomeOf(chances[k], s.Outcome.Successes)
		out = append(out, *s)
	}
	return out
}

// JSON writes the report as indented JSON.
func JSON(w io.Writer, r *Report) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}
