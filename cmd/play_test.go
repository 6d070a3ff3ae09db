package cmd

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"warlog/engines"
	"warlog/engines/kit"
	"warlog/internal/cmdutil"
)

// tally is a tiny prompted game for testing `play` itself, on the engine
// kit: a side scores a d6 per shot until one reaches 8 and the scenario ends.
func tally() engines.Engine {
	return &kit.Game[*tallyState]{
		GameInfo: engines.GameInfo{Name: "kingsown", Title: "Tally"},
		New:      func(engines.Campaign) *tallyState { return &tallyState{} },
		Facts:    []kit.Fact[*tallyState]{kit.On("tally.started", (*tallyState).onStarted), kit.On("tally.scored", (*tallyState).onScored)},
		Commands: []kit.Command[*tallyState]{kit.Do((*tallyState).start), kit.Do((*tallyState).shoot)},
	}
}

type tallyStarted struct{ Name string }
type tallyScored struct {
	Side string
	N    int
}
type tallyShot struct{ Side string }

func (tallyShot) Verb() string { return "shot" }

type tallyState struct {
	Name   string
	Score  map[string]int
	Ended  bool
	Rounds int
}

func (s *tallyState) onStarted(v tallyStarted) error {
	s.Name, s.Score, s.Ended = v.Name, map[string]int{}, false
	return nil
}

func (s *tallyState) onScored(v tallyScored) error {
	s.Score[v.Side] += v.N
	s.Rounds++
	if s.Score[v.Side] >= 8 {
		s.Ended = true
	}
	return nil
}

func (s *tallyState) start(c engines.StartScenario, d *engines.Decision) error {
	d.Emit("tally.started", tallyStarted{Name: c.Name})
	d.Label("%s begins.", c.Name)
	return nil
}

func (s *tallyState) shoot(c tallyShot, d *engines.Decision) error {
	if s.Score == nil || s.Ended {
		return engines.Refuse("Tally", "no tally in progress")
	}
	v, err := d.Roll1(6, "score for "+c.Side)
	if err != nil {
		return err
	}
	d.Emit("tally.scored", tallyScored{Side: c.Side, N: v})
	d.Label("%s scores %d.", c.Side, v)
	return nil
}

func (s *tallyState) Status() engines.Status {
	return engines.Status{Scenario: s.Name, Turn: s.Rounds, Sides: []engines.Row{
		{{Key: "name", Value: "red"}, {Key: "score", Value: s.Score["red"]}},
		{{Key: "name", Value: "blue"}, {Key: "score", Value: s.Score["blue"]}},
	}}
}
func (s *tallyState) Roster() engines.Roster { return engines.Roster{} }
func (s *tallyState) Now() (string, int) {
	if s.Score == nil || s.Ended {
		return "", 0
	}
	return s.Name, s.Rounds
}
func (s *tallyState) Scenarios() []engines.ScenarioSummary {
	if s.Name == "" {
		return nil
	}
	return []engines.ScenarioSummary{{Name: s.Name, Turn: s.Rounds, Ended: s.Ended,
		Sides: []engines.SideSummary{{Name: "red"}, {Name: "blue"}}}}
}

func (s *tallyState) Choices() []engines.Choice {
	if s.Score == nil || s.Ended {
		return []engines.Choice{{Label: "Start a tally", NoDice: true,
			Questions: []engines.Question{{Key: "name", Prompt: "Name of the tally?"}},
			Build:     func(a map[string]string) (engines.Command, error) { return engines.StartScenario{Name: a["name"]}, nil }}}
	}
	return []engines.Choice{{Label: "Shoot", Help: "roll a d6 and add it to a side's score",
		Questions: []engines.Question{{Key: "side", Prompt: "Which side shoots?", Options: func(map[string]string) []engines.Pick {
			return []engines.Pick{{Value: "red", Label: "red"}, {Value: "blue", Label: "blue"}}
		}}},
		Build: func(a map[string]string) (engines.Command, error) { return tallyShot{Side: a["side"]}, nil }}}
}

func playSession(t *testing.T, db, input string) (string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	app := &cmdutil.App{In: strings.NewReader(input), Out: &out, Err: &errb, Getenv: func(string) string { return "" }, Engines: []engines.Engine{tally()}}
	code := Run(context.Background(), app, []string{"--db", db, "play"})
	if errb.Len() > 0 {
		t.Logf("stderr: %s", errb.String())
	}
	return out.String(), code
}

// An accessible session from piped stdin: start, an illegal menu number
// asked again, a hand-entered die asked again when out of range, an undo, a
// program roll, and a clean exit at the end of the input.
func TestPlayAccessibleSession(t *testing.T) {
	db := filepath.Join(t.TempDir(), "p.db")
	var out, errb bytes.Buffer
	app := &cmdutil.App{In: strings.NewReader(""), Out: &out, Err: &errb, Getenv: func(string) string { return "" }, Engines: []engines.Engine{tally()}}
	if code := Run(context.Background(), app, []string{"--db", db, "campaign", "new", "T", "--game", "kingsown", "--seed", "4"}); code != 0 {
		t.Fatal(errb.String())
	}
	input := strings.Join([]string{
		"1", "Showdown", // start a tally
		"9", "1", "2", // 9 is no option: asked again; shoot; blue
		"2",      // enter my dice
		"7", "5", // 7 is no face of a d6: asked again; 5
		"2",           // undo the shot
		"1", "1", "1", // shoot, red, roll for me
	}, "\n") + "\n"
	got, code := playSession(t, db, input)
	if code != 0 {
		t.Fatalf("play exit %d:\n%s", code, got)
	}
	for _, want := range []string{
		"Showdown begins.",
		"Invalid: must be a number between 1 and 3",
		"Die 1: score for blue, d6 (1-6):",
		`"7" is not a face of a d6: give 1 to 6; try again.`,
		"blue scores 5.",
		"Undo: blue scores 5.",
		"undo: blue scores 5.",
		"red scores ",
		"Left the game; everything so far is saved.",
		// The status as name: value pairs, a line a side.
		"\nname: red; score: 0\nname: blue; score: 0\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the session lacks %q:\n%s", want, got)
		}
	}
	// A screen reader reads every character: no box drawing.
	if i := strings.IndexFunc(got, func(r rune) bool { return r >= 0x2500 && r <= 0x257f }); i >= 0 {
		t.Errorf("box drawing in accessible mode at %q", got[max(0, i-80):min(len(got), i+80)])
	}
	// The log holds the start, the undone hand-entered shot, the undo and
	// the program shot: nothing half-written by the exit.
	lg, _, _ := run(t, db, "log", "--json")
	var l LogJSON
	if err := json.Unmarshal([]byte(lg), &l); err != nil {
		t.Fatal(err)
	}
	begun := 0
	for _, e := range l.Events {
		if e.Type == "action.begun" {
			begun++
		}
	}
	if begun != 5 {
		t.Errorf("%d actions logged, want 5 (create, start, shot, undo, shot)", begun)
	}
	if !strings.Contains(strings.Join(strings.Fields(lg), ""), `"dice":[5]`) {
		t.Errorf("the hand-entered die is not recorded with the action:\n%s", lg)
	}
}

// Playing to the end offers the report.
func TestPlayEndsWithReport(t *testing.T) {
	db := filepath.Join(t.TempDir(), "p.db")
	var out, errb bytes.Buffer
	app := &cmdutil.App{In: strings.NewReader(""), Out: &out, Err: &errb, Getenv: func(string) string { return "" }, Engines: []engines.Engine{tally()}}
	Run(context.Background(), app, []string{"--db", db, "campaign", "new", "T", "--game", "kingsown"})
	lines := []string{"1", "Final"}
	for i := 0; i < 8; i++ { // eight shots of at least 1 each: someone reaches 8
		lines = append(lines, "1", "1", "2", "6")
	}
	lines = append(lines, "1") // yes, the report
	got, code := playSession(t, db, strings.Join(lines, "\n")+"\n")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	if !strings.Contains(got, "The battle is over.") || !strings.Contains(got, "# Final — Tally") {
		t.Errorf("no report at the end:\n%s", got[max(0, len(got)-1500):])
	}
	if strings.Count(got, "\nred scores 6.\n") != 2 {
		t.Errorf("want exactly two shots of 6 before red reached 8:\n%s", got)
	}
}

// Piped input that ends on an answer that is no option leaves cleanly.
func TestPlayInputEndsOnAnInvalidAnswer(t *testing.T) {
	db := filepath.Join(t.TempDir(), "p.db")
	var out, errb bytes.Buffer
	app := &cmdutil.App{In: strings.NewReader(""), Out: &out, Err: &errb, Getenv: func(string) string { return "" }, Engines: []engines.Engine{tally()}}
	Run(context.Background(), app, []string{"--db", db, "campaign", "new", "T", "--game", "kingsown"})
	got, code := playSession(t, db, "1\nX\n42\n")
	if code != 0 || !strings.Contains(got, "Left the game") {
		t.Errorf("exit %d:\n%s", code, got)
	}
}

// The menu offers to correct an earlier roll once one was made: the roll is
// chosen from the recent ones, its die entered anew, and the action amended.
func TestPlayCorrectsAnEarlierRoll(t *testing.T) {
	db := filepath.Join(t.TempDir(), "p.db")
	var out, errb bytes.Buffer
	app := &cmdutil.App{In: strings.NewReader(""), Out: &out, Err: &errb, Getenv: func(string) string { return "" }, Engines: []engines.Engine{tally()}}
	Run(context.Background(), app, []string{"--db", db, "campaign", "new", "T", "--game", "kingsown", "--seed", "4"})
	input := strings.Join([]string{
		"1", "Showdown", // start a tally
		"1", "2", "2", "5", // shoot: blue, enter my dice, 5
		"1", "1", "2", "3", // shoot: red, enter my dice, 3
		"3",      // correct an earlier roll
		"2",      // the older one: blue's 5
		"9", "2", // 9 is no face: asked again; 2
	}, "\n") + "\n"
	got, code := playSession(t, db, input)
	if code != 0 {
		t.Fatalf("play exit %d:\n%s", code, got)
	}
	for _, want := range []string{
		"Correct an earlier roll",
		"blue scores 5. (dice 5)",
		"Die 1: score for blue, d6 (was 5; Enter keeps it):",
		`"9" is not a face of a d6: give 1 to 6; try again.`,
		"dice 5 → 2; 1 later action(s) decided again",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the session lacks %q:\n%s", want, got)
		}
	}
	if lg, _, _ := run(t, db, "log"); !strings.Contains(lg, "↳ blue scores 2. (corrected)") || !strings.Contains(lg, "↳ red scores 3.") {
		t.Errorf("the log after the correction:\n%s", lg)
	}
}
