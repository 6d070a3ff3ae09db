package cmd

import (
	"bytes"
	"context"
	"io"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"colorquery"

	"warlog/campaigns"
	"warlog/cmd/cmdutil"
	"warlog/engines"
	"warlog/engines/kit"
)

// tally is a tiny prompted game for testing `play` itself, on the engine
// kit: a side scores a d6 per shot until one reaches 8 and the scenario ends.
func tally() engines.Engine {
	return &kit.Game[*tallyState]{
		GameInfo: engines.GameInfo{Name: "kingsown", Title: "Tally"},
		New:      func(engines.Campaign) *tallyState { return &tallyState{} },
		Facts: func() []kit.Fact[*tallyState] {
			return []kit.Fact[*tallyState]{kit.On("kingsown.tally_started", (*tallyState).onStarted), kit.On("kingsown.tally_scored", (*tallyState).onScored)}
		},
		Commands: func() []kit.Command[*tallyState] {
			return []kit.Command[*tallyState]{kit.Do(doStart), kit.Do(doShoot)}
		},
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

func doStart(a *kit.Act[*tallyState], c engines.StartScenario) error {
	d := a.D
	d.Emit("kingsown.tally_started", tallyStarted{Name: c.Name})
	d.Label("%s begins.", c.Name)
	return nil
}

func doShoot(a *kit.Act[*tallyState], c tallyShot) error {
	s, d := a.S, a.D
	if s.Score == nil || s.Ended {
		return engines.Refuse("Tally", "no tally in progress")
	}
	v, err := d.Roll1(6, "score for "+c.Side)
	if err != nil {
		return err
	}
	d.Emit("kingsown.tally_scored", tallyScored{Side: c.Side, N: v})
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
		"Die 1 of 1: score for blue, d6 (1-6):",
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
	// The log holds the start, the table's dice set, the undone
	// hand-entered shot, the undo, the program's dice set again and the
	// program shot: nothing half-written by the exit.
	if begun := actions(t, db); begun != 7 {
		t.Errorf("%d actions logged, want 7 (create, start, dice, shot, undo, dice, shot)", begun)
	}
	lg, _, _ := run(t, db, "log", "--json")
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
	if !strings.Contains(got, "The battle is over.") || !strings.Contains(got, "\nFinal — Tally\n=============\n") || strings.Contains(got, "| ") {
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
		"Die 1 of 1: score for blue, d6 (was 5; Enter keeps it):",
		`"9" is not a face of a d6: give 1 to 6; try again.`,
		"dice 5 → 2; 1 later action decided again",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the session lacks %q:\n%s", want, got)
		}
	}
	if lg, _, _ := run(t, db, "log"); !strings.Contains(lg, "↳ blue scores 2. (corrected)") || !strings.Contains(lg, "↳ red scores 3.") {
		t.Errorf("the log after the correction:\n%s", lg)
	}
}

// The status above the menu fits the terminal: columns are kept from the
// left while they fit, one too wide skipped (the name stays), then notes
// and the rows the question does not name go, with a line saying so; the
// header always shows and no line is wider than the terminal.
func TestPlayStatusFits(t *testing.T) {
	s := engines.Status{Campaign: "Hunt", Game: "kingsown", Scenario: "The Nest", Turn: 2, Phase: "attack",
		Notes: []string{"turn 2 of 3", "brief: nest", "attacks go by Skill, highest first"}}
	for _, n := range []string{"Bors", "Wyn", "Edda", "Orc grunt 1"} {
		s.Figures = append(s.Figures, engines.Row{{Key: "name", Value: n}, {Key: "side", Value: "hunters"},
			{Key: "status", Value: "active"}, {Key: "moved", Value: nil}, {Key: "start_skill", Value: 3}, {Key: "facing", Value: "front"}})
	}
	head := statusHead(s, campaigns.DiceByProgram)
	all := fitStatus(s, head, 200, 50, "")
	// (moved, which no row fills, is left out, as status leaves it out.)
	if len(all) != 1+3+5 || all[4] != "name         side     status  start skill  facing" {
		t.Fatalf("with room for everything: %q", all)
	}
	narrow := fitStatus(s, head, 40, 50, "")
	if narrow[5] != "name         side     status  facing" || narrow[6] != "Bors         hunters  active  front" {
		t.Errorf("at 40 columns start skill, which would not fit, goes; facing, which does, stays: %q", narrow[5:])
	}
	// The header too wide, how the table rolls gets a line of its own.
	if narrow[0] != "Hunt · The King's Own · The Nest · turn…" || narrow[1] != "  dice: rolled by warlog" {
		t.Errorf("the header at 40 columns: %q", narrow[:2])
	}
	for _, l := range narrow {
		if len([]rune(l)) > 40 {
			t.Errorf("%q is wider than 40 columns", l)
		}
	}
	if got := fitStatus(s, head, 5, 50, "")[6]; got != "Bors" {
		t.Errorf("the name column stays however narrow: %q", got)
	}
	if head != "Hunt · The King's Own · The Nest · turn 2 · attack · dice: rolled by warlog" {
		t.Errorf("the header %q", head)
	}
	// In 8 lines the notes go first: the table whole, one note, and a
	// line counting what was cut.
	short := fitStatus(s, head, 80, 8, "")
	if len(short) != 8 || short[0] != head || short[1] != "  turn 2 of 3" || short[2] != "name         side     status  start skill  facing" || short[7] != "  … 2 more lines: `warlog status` shows them all" {
		t.Errorf("in 8 lines: %q", short)
	}
	// In 4 lines the figures the question names stay, under the table's
	// header: Orc grunt 1 and Wyn, not Bors, the first row.
	tiny := fitStatus(s, head, 80, 5, "Whom does Wyn strike?\nOrc grunt 1 (nest: Skill 2)\nWynne")
	if len(tiny) != 5 || tiny[0] != head || !strings.HasPrefix(tiny[1], "name ") || !strings.HasPrefix(tiny[2], "Wyn ") || !strings.HasPrefix(tiny[3], "Orc grunt 1 ") || tiny[4] != "  … 5 more lines: `warlog status` shows them all" {
		t.Errorf("in 5 lines: the header, the rows the question names, what was cut: %q", tiny)
	}
	if concerns("Wynne attacks", "Wyn") || !concerns("Wyn, Edda", "Wyn") {
		t.Errorf("a name is found as a whole word only")
	}
}

// Accessible mode: b steps back from a question and from a die (nothing
// written), u undoes from a question, and the first die takes the whole
// roll, refused and asked again when it has too many dice.
func TestPlayAccessibleBackAndWholeRoll(t *testing.T) {
	db := filepath.Join(t.TempDir(), "p.db")
	var out, errb bytes.Buffer
	app := &cmdutil.App{In: strings.NewReader(""), Out: &out, Err: &errb, Getenv: func(string) string { return "" }, Engines: []engines.Engine{tally()}}
	if code := Run(context.Background(), app, []string{"--db", db, "campaign", "new", "T", "--game", "kingsown", "--seed", "4"}); code != 0 {
		t.Fatal(errb.String())
	}
	input := strings.Join([]string{
		"1", "Showdown", // start a tally
		"1", "b", // shoot; back from the side
		"1", "1", "2", "b", // shoot, red, by hand; back from the die: the dice question
		"b",      // back from it: the side
		"2", "2", // blue, by hand
		"5 6", "5", // two dice for a one-die shot: refused, asked again
		"1", "u", // shoot; u at the side: undo blue's shot
	}, "\n") + "\n"
	got, code := playSession(t, db, input)
	if code != 0 {
		t.Fatalf("play exit %d:\n%s", code, got)
	}
	for _, want := range []string{
		"b. Back",
		"Not recorded: too many dice given",
		"blue scores 5.",
		"undo: blue scores 5.",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the session lacks %q:\n%s", want, got)
		}
	}
	if n := strings.Count(got, "scores"); n != 4 { // scored, the menu's Undo line, the undo, the menu's Redo line
		t.Errorf("%d lines about a score, want 4 (one shot, its Undo line, its undo, the Redo line):\n%s", n, got)
	}
	if begun := actions(t, db); begun != 5 {
		t.Errorf("%d actions logged, want 5 (create, start, the table's dice set, shot, undo)", begun)
	}
}

// One key picks each line of a long menu: 1-9, then letters that leave b,
// c, q, u, e, r (Back, Correct, Quit, Undo, End turn, Redo) and g, j, k
// (the cursor) alone; past z the arrows reach a line.
func TestPlayMenuKeys(t *testing.T) {
	var items []item
	for i := range 40 {
		items = append(items, item{key: strconv.Itoa(i + 1), value: strconv.Itoa(i)})
	}
	items = append(items, item{key: "u", value: menuUndo})
	got := oneKeyEach(items)
	var keys []string
	for _, it := range got {
		keys = append(keys, it.key)
	}
	want := "1 2 3 4 5 6 7 8 9 a d f h i l m n o p s t v w x y z"
	if s := strings.Join(keys[:26], " "); s != want || strings.Join(keys[26:40], "") != "" || keys[40] != "u" {
		t.Errorf("keys %q, want %q, then none for the last 14, then u", keys, want)
	}
	if r := keyRange(got); r != "1-9 a-z" {
		t.Errorf("key range %q", r)
	}
}

// cancelAt is an output that cancels the run once it has written at.
type cancelAt struct {
	bytes.Buffer
	at     string
	cancel context.CancelFunc
}

func (w *cancelAt) Write(p []byte) (int, error) {
	n, err := w.Buffer.Write(p)
	if strings.Contains(w.String(), w.at) {
		w.cancel()
	}
	return n, err
}

// Leaving play with Ctrl-C (the run's context cancelled while a question
// waits, as the signal does) says what was kept and exits 130, with
// nothing on stderr: the line already said it, as a shell's Ctrl-C says
// nothing more. The end of piped input exits 0, quietly too.
func TestPlayLeavesQuietly(t *testing.T) {
	db := filepath.Join(t.TempDir(), "p.db")
	var errb bytes.Buffer
	app := &cmdutil.App{In: strings.NewReader(""), Out: &bytes.Buffer{}, Err: &errb, Getenv: func(string) string { return "" }, Engines: []engines.Engine{tally()}}
	if code := Run(context.Background(), app, []string{"--db", db, "campaign", "new", "T", "--game", "kingsown", "--seed", "4"}); code != 0 {
		t.Fatal(errb.String())
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stdin, feed := io.Pipe() // a question waits: nothing is ever typed
	defer feed.Close()
	out := &cancelAt{at: "What now?", cancel: cancel}
	errb.Reset()
	app = &cmdutil.App{In: stdin, Out: out, Err: &errb, Getenv: func(string) string { return "" }, Engines: []engines.Engine{tally()}}
	code := Run(ctx, app, []string{"--db", db, "play"})
	if code != cmdutil.ExitInterrupted || errb.Len() > 0 || !strings.Contains(out.String(), "Left the game; everything so far is saved.") {
		t.Fatalf("Ctrl-C: exit %d, stderr %q, stdout:\n%s\nwant exit 130, the line saying so and nothing on stderr", code, errb.String(), out.String())
	}
	errb.Reset()
	app = &cmdutil.App{In: strings.NewReader(""), Out: &bytes.Buffer{}, Err: &errb, Getenv: func(string) string { return "" }, Engines: []engines.Engine{tally()}}
	if code := Run(context.Background(), app, []string{"--db", db, "play"}); code != 0 || errb.Len() > 0 {
		t.Fatalf("the end of input: exit %d, stderr %q; want 0 and nothing", code, errb.String())
	}
}

// What a terminal sends back while play asks its background: the answers
// (OSC 11 ended by BEL or ST, the cursor's position) are taken out, the
// keys typed among them kept in order, and the background read.
func TestTerminalAnswersAndTypedKeys(t *testing.T) {
	for _, c := range []struct {
		in          string
		dark, known bool
		typed       string
	}{
		{"1\x1b]11;rgb:ffff/ffff/ffff\x1b\\2\x1b[12;3R3", false, true, "123"},
		{"\x1b]11;rgb:1e/1e/2e\x07\x1b[1;1R", true, true, ""},
		{"q\r", false, false, "q\r"}, // no answer at all
		{"\x1b[A\x1b[5;9R", false, false, "\x1b[A"},
	} {
		dark, known, typed := colorquery.Parse([]byte(c.in))
		if dark != c.dark || known != c.known || string(typed) != c.typed {
			t.Errorf("%q: dark %v known %v typed %q; want %v %v %q", c.in, dark, known, typed, c.dark, c.known, c.typed)
		}
	}
	var got []string
	for _, k := range typedKeys([]byte("1b\r\x1b[B\x1b\x7fé")) {
		got = append(got, k.String())
	}
	if want := "1 b enter down esc backspace é"; strings.Join(got, " ") != want {
		t.Errorf("keys %q, want %q", got, want)
	}
}

// The menu's keys stay put while it lasts: an action keeps its key when
// others leave the menu or its label's count changes (its ID stays), a
// new action takes a key never given in this menu, the end of the turn is
// always e and listed last; a new phase numbers from 1 again.
func TestPlayMenuKeysStayPut(t *testing.T) {
	ch := func(label, id string, end bool) engines.Choice {
		return engines.Choice{Label: label, ID: id, EndsTurn: end}
	}
	keys := func(items []item) string {
		var out []string
		for _, it := range items {
			out = append(out, it.key+"="+it.label)
		}
		return strings.Join(out, " ")
	}
	var mk menuKeys
	first := mk.items("attack", []engines.Choice{ch("Bors attacks", "", false), ch("Edda attacks", "", false), ch("Ulf sweeps [2 attacks left]", "Ulf sweeps", false), ch("End turn 2", "", true)})
	if got, want := keys(first), "1=Bors attacks 2=Edda attacks 3=Ulf sweeps [2 attacks left] e=End turn 2"; got != want {
		t.Fatalf("first menu %q, want %q", got, want)
	}
	// Edda has attacked; Ulf has one attack left; Tam may now attack.
	then := mk.items("attack", []engines.Choice{ch("Ulf sweeps [1 attack left]", "Ulf sweeps", false), ch("End turn 2", "", true), ch("Tam attacks", "", false), ch("Bors attacks", "", false)})
	if got, want := keys(then), "1=Bors attacks 3=Ulf sweeps [1 attack left] 4=Tam attacks e=End turn 2"; got != want {
		t.Errorf("after Edda's attack %q, want %q", got, want)
	}
	if then[0].value != "3" || then[1].value != "0" {
		t.Errorf("items' values are the engine's indexes: %v", then)
	}
	next := mk.items("movement", []engines.Choice{ch("Move Tam", "", false)})
	if got := keys(next); got != "1=Move Tam" {
		t.Errorf("a new phase: %q", got)
	}
	if menuKeyAt(9) != "a" || menuKeyAt(10) != "d" || menuKeyAt(30) != "" || keyIndex("d") != 10 {
		t.Errorf("keys after 9: %q %q %q", menuKeyAt(9), menuKeyAt(10), menuKeyAt(30))
	}
}

// Accessible mode reads the whole status once, then before each question
// only the header and the lines that changed, and the whole status again
// on request (s).
func TestPlayAccessibleSaysWhatChanged(t *testing.T) {
	db := filepath.Join(t.TempDir(), "p.db")
	var out, errb bytes.Buffer
	app := &cmdutil.App{In: strings.NewReader(""), Out: &out, Err: &errb, Getenv: func(string) string { return "" }, Engines: []engines.Engine{tally()}}
	if code := Run(context.Background(), app, []string{"--db", db, "campaign", "new", "T", "--game", "kingsown", "--seed", "4"}); code != 0 {
		t.Fatal(errb.String())
	}
	input := strings.Join([]string{
		"1", "Showdown", // start a tally: the whole status
		"1", "2", "2", "5", // blue shoots 5 by hand: one line changed
		"s", // the full status
	}, "\n") + "\n"
	got, code := playSession(t, db, input)
	if code != 0 {
		t.Fatalf("play exit %d:\n%s", code, got)
	}
	full := "T · The King's Own · dice: rolled by warlog\nname: red; score: 0\nname: blue; score: 0\n"
	changed := "T · The King's Own · Showdown · turn 1 · dice: typed at the table\nChanged (1 of 3 lines; s: the full status):\nname: blue; score: 5\nWhat now?"
	again := "T · The King's Own · Showdown · turn 1 · dice: typed at the table\nname: red; score: 0\nname: blue; score: 5\n\nT · The King's Own · Showdown · turn 1 · dice: typed at the table\nNothing else changed (s: the full status).\nWhat now?"
	for _, want := range []string{full, changed, again} {
		if !strings.Contains(got, want) {
			t.Errorf("the session lacks %q:\n%s", want, got)
		}
	}
	if n := strings.Count(got, "name: red; score: 0"); n != 2 {
		t.Errorf("red's unchanged line is read %d times, want 2 (the first status, and on request):\n%s", n, got)
	}
}

// A correction that makes later actions illegal says which and offers to
// drop them, as --drop-refused does: blue's 5 corrected to 6 makes blue's
// second shot reach 8 and end the tally, so red's shot after it is refused.
func TestPlayCorrectionOffersToDrop(t *testing.T) {
	db := filepath.Join(t.TempDir(), "p.db")
	var out, errb bytes.Buffer
	app := &cmdutil.App{In: strings.NewReader(""), Out: &out, Err: &errb, Getenv: func(string) string { return "" }, Engines: []engines.Engine{tally()}}
	if code := Run(context.Background(), app, []string{"--db", db, "campaign", "new", "T", "--game", "kingsown", "--seed", "4"}); code != 0 {
		t.Fatal(errb.String())
	}
	input := strings.Join([]string{
		"1", "Showdown",
		"1", "2", "2", "5", // blue 5
		"1", "2", "2", "2", // blue 2: 7
		"1", "1", "2", "1", // red 1
		"3", "3", "6", // correct blue's 5 to 6
		"2",           // No: nothing written
		"3", "3", "6", // again
		"1", // Yes: drop red's shot
	}, "\n") + "\n"
	got, code := playSession(t, db, input)
	if code != 0 {
		t.Fatalf("play exit %d:\n%s", code, got)
	}
	for _, want := range []string{
		`With these dice a later action is no longer legal: "red scores 1.": no tally in progress (Tally). Correct the roll and drop it?`,
		"Nothing was written.",
		"dice 5 → 6",
		"The battle is over.",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the session lacks %q:\n%s", want, got)
		}
	}
	if lg, _, _ := run(t, db, "log"); !strings.Contains(lg, "↳ blue scores 6. (corrected)") || strings.Contains(lg, "↳ red scores 1.") {
		t.Errorf("the log after the correction:\n%s", lg)
	}
}

// The table's dice chosen where the campaign's setting is the program's:
// nothing is written until the action is (a whole roll of the wrong count
// is refused and Back steps out, leaving the setting as it was); once it
// is, the setting is written before it.
func TestPlayDiceAnswerWritesTheSettingWithTheAction(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "p.db")
	var out, errb bytes.Buffer
	app := &cmdutil.App{In: strings.NewReader(""), Out: &out, Err: &errb, Getenv: func(string) string { return "" }, Engines: []engines.Engine{tally()}}
	if code := Run(context.Background(), app, []string{"--db", db, "campaign", "new", "T", "--game", "kingsown", "--seed", "4"}); code != 0 {
		t.Fatal(errb.String())
	}
	backed := strings.Join([]string{
		"1", "Showdown", // start a tally
		"1", "2", "2", // shoot, blue, by hand
		"5 6",         // two dice for a one-die shot: refused, asked again
		"b", "b", "b", // back: the dice question, the side, the menu
	}, "\n") + "\n"
	got, code := playSession(t, db, backed)
	if code != 0 || !strings.Contains(got, "Not recorded: too many dice given") {
		t.Fatalf("play exit %d:\n%s", code, got)
	}
	if n := actions(t, db); n != 2 {
		t.Errorf("%d actions logged, want 2 (create, start): backing out wrote something", n)
	}
	got, code = playSession(t, db, strings.Join([]string{"1", "2", "2", "4"}, "\n")+"\n")
	if code != 0 || !strings.Contains(got, "blue scores 4.") {
		t.Fatalf("play exit %d:\n%s", code, got)
	}
	if !strings.HasPrefix(strings.TrimSpace(got), "T · The King's Own · Showdown · dice: rolled by warlog\n") {
		t.Errorf("backing out changed the setting: the next session opens\n%s", got)
	}
	lg, _, _ := run(t, db, "log")
	if i, j := strings.Index(lg, "dice rolled at the table and typed in from now on"), strings.Index(lg, "blue scores 4."); i < 0 || j < i {
		t.Errorf("the log does not hold the setting, then the shot:\n%s", lg)
	}
}
