package report

import (
	"bytes"
	"context"
	"encoding/xml"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"warlog/campaigns"
	"warlog/engines"
	"warlog/engines/dice"
	"warlog/engines/kit"
	"warlog/events/memory"
)

var update = flag.Bool("update", os.Getenv("UPDATE_GOLDEN") != "", "rewrite the golden files")

// duel is a small game for testing reports without depending on any real
// engine, on the engine kit: two sides, a shot per action (d6, 4+ removes
// the target), turns, and an outcome stated when it ends.
func duel() engines.Engine {
	return &kit.Game[*duelState]{
		GameInfo: engines.GameInfo{Name: "kingsown", Title: "Duel"},
		Rules:    1,
		New:      func(engines.Campaign) *duelState { return &duelState{} },
		Facts: func() []kit.Fact[*duelState] {
			return []kit.Fact[*duelState]{
				kit.On("kingsown.duel_started", (*duelState).onStarted),
				kit.On("kingsown.duel_shot", (*duelState).onShot),
				kit.On("kingsown.duel_turned", (*duelState).onTurned),
				kit.On("kingsown.duel_ended", (*duelState).onEnded),
			}
		},
		Commands: func() []kit.Command[*duelState] {
			return []kit.Command[*duelState]{kit.Do(doStart), kit.Do(doFire), kit.Do(doNext), kit.Do(doEnd)}
		},
	}
}

type started struct {
	Name  string              `json:"name"`
	Sides map[string][]string `json:"sides"`
}
type ended started
type turned struct{}
type shot struct {
	By, Target string
	Hit        bool
}
type fire struct{ By, Target string }

func (fire) Verb() string { return "fire" }

type turn struct{}

func (turn) Verb() string { return "next" }

type duelState struct {
	scenarios []engines.ScenarioSummary
	live      bool
	turn      int
	gone      map[string]bool
}

func (s *duelState) cur() *engines.ScenarioSummary { return &s.scenarios[len(s.scenarios)-1] }

func (s *duelState) onStarted(v started) error {
	sum := engines.ScenarioSummary{Name: v.Name}
	for _, side := range []string{"red", "blue"} {
		ss := engines.SideSummary{Name: side}
		for _, f := range v.Sides[side] {
			ss.Forces = append(ss.Forces, engines.Row{{Key: "name", Value: f}, {Key: "side", Value: side}})
		}
		sum.Sides = append(sum.Sides, ss)
	}
	s.scenarios = append(s.scenarios, sum)
	s.live, s.turn, s.gone = true, 1, map[string]bool{}
	s.cur().Turn = 1
	return nil
}

func (s *duelState) onEnded(ended) error {
	s.live = false
	s.cur().Outcome = &engines.Outcome{Winner: "red", Result: "red wins", Why: "blue lost more.",
		Sides:    []engines.SideResult{{Name: "red", Won: true}, {Name: "blue"}},
		Campaign: []string{"Bob <b> fell for good"}}
	return nil
}

func (s *duelState) onShot(v shot) error {
	if !v.Hit {
		return nil
	}
	s.gone[v.Target] = true
	for i := range s.cur().Sides {
		sd := &s.cur().Sides[i]
		for _, f := range sd.Forces {
			if f.String("name") == v.Target {
				for len(sd.RemovedPerTurn) < s.turn {
					sd.RemovedPerTurn = append(sd.RemovedPerTurn, 0)
				}
				sd.RemovedPerTurn[s.turn-1]++
			}
		}
	}
	return nil
}

func (s *duelState) onTurned(turned) error {
	s.turn++
	s.cur().Turn = s.turn
	return nil
}

func doStart(a *kit.Act[*duelState], c engines.StartScenario) error {
	d := a.D
	d.Emit("kingsown.duel_started", started{Name: c.Name, Sides: map[string][]string{"red": {"Ann", "<script>alert(1)</script>"}, "blue": {"Bob <b>", `"><img src=x onerror=alert(1)>`}}})
	d.Label("%s begins", c.Name)
	return nil
}

func doFire(a *kit.Act[*duelState], c fire) error {
	d := a.D
	v, err := d.RollBy(c.By, 1, 6, "shot")
	if err != nil {
		return err
	}
	d.Judge(v[0] >= 4, dice.AtLeast(4))
	d.Emit("kingsown.duel_shot", shot{By: c.By, Target: c.Target, Hit: v[0] >= 4})
	if v[0] >= 4 {
		d.Label("%s shoots %s: %d, a hit; %s is out.", c.By, c.Target, v[0], c.Target)
	} else {
		d.Label("%s shoots %s: %d, a miss.", c.By, c.Target, v[0])
	}
	return nil
}

func doNext(a *kit.Act[*duelState], _ turn) error {
	s, d := a.S, a.D
	d.Label("Turn %d begins.", s.turn+1)
	d.Emit("kingsown.duel_turned", turned{})
	return nil
}

func doEnd(a *kit.Act[*duelState], _ engines.EndScenario) error {
	d := a.D
	d.Emit("kingsown.duel_ended", ended{})
	d.Label("The duel ends.")
	return nil
}

func (s *duelState) Status() engines.Status { return engines.Status{} }
func (s *duelState) Roster() engines.Roster { return engines.Roster{} }
func (s *duelState) Scenarios() []engines.ScenarioSummary {
	return append([]engines.ScenarioSummary(nil), s.scenarios...)
}
func (s *duelState) Now() (string, int) {
	if !s.live {
		return "", 0
	}
	return s.cur().Name, s.turn
}

// play runs a fixed duel with hand-entered dice and one undone shot.
func play(t *testing.T) (*campaigns.Service, string) {
	t.Helper()
	clock := time.Date(2026, 11, 29, 18, 0, 0, 0, time.UTC)
	st := memory.New(func() time.Time { return clock })
	t.Cleanup(func() { st.Close() })
	svc := campaigns.New(st, duel())
	ctx := context.Background()
	seed := uint64(3)
	name := "<i>Club</i> [x](javascript:alert(1))"
	if _, err := svc.Create(ctx, name, campaigns.CreateOptions{Game: "kingsown", Seed: &seed, ActionID: "a0"}); err != nil {
		t.Fatal(err)
	}
	n := 0
	do := func(c engines.Command, dice ...int) {
		t.Helper()
		n++
		o := campaigns.Options{ActionID: fmt.Sprintf("a%d", n)}
		if len(dice) > 0 {
			o.Dice = dice
		}
		if _, err := svc.Do(ctx, name, "", c, o); err != nil {
			t.Fatal(err)
		}
	}
	do(engines.StartScenario{Name: "High Noon"})
	do(fire{"red", "Bob <b>"}, 2)
	do(fire{"blue", "Ann"}, 1)
	do(turn{})
	do(fire{"red", "Bob <b>"}, 6)
	do(fire{"blue", "Ann"}, 5)
	if _, err := svc.Undo(ctx, name, 1, "", campaigns.Options{ActionID: "undo1"}); err != nil {
		t.Fatal(err)
	}
	do(fire{"blue", "Ann"}, 3)
	do(engines.EndScenario{})
	return svc, name
}

func render(t *testing.T, r *Report, f func(*bytes.Buffer, *Report) error) string {
	t.Helper()
	var b bytes.Buffer
	if err := f(&b, r); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (UPDATE_GOLDEN=1 go test ./projections/report/ writes it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from the golden file; UPDATE_GOLDEN=1 regenerates it.\n--- got ---\n%s", name, got)
	}
}

// hostileCheck writes a check "command" holding the campaign's name as it
// is, hostile characters and all: the renderers must show whatever the
// command line writes there as text.
func hostileCheck(head, campaign string) string {
	return "check " + head[:8] + " -c " + campaign + " `x` <b>"
}

func TestGoldenReports(t *testing.T) {
	svc, name := play(t)
	r, err := Build(context.Background(), svc, name, Options{Check: hostileCheck})
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "duel.md", render(t, r, func(b *bytes.Buffer, r *Report) error { return Markdown(b, r) }))
	golden(t, "duel.html", render(t, r, func(b *bytes.Buffer, r *Report) error { return HTML(b, r) }))
	golden(t, "duel.json", render(t, r, func(b *bytes.Buffer, r *Report) error { return JSON(b, r) }))
	c, err := Build(context.Background(), svc, name, Options{Campaign: true, ShowUndone: true, Check: hostileCheck})
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "duel-chronicle.md", render(t, c, func(b *bytes.Buffer, r *Report) error { return Markdown(b, r) }))
}

func TestReportFacts(t *testing.T) {
	svc, name := play(t)
	r, err := Build(context.Background(), svc, name, Options{})
	if err != nil {
		t.Fatal(err)
	}
	sc := r.Scenarios[0]
	if sc.Name != "High Noon" || !sc.Ended || sc.Credited() != "red" {
		t.Fatalf("scenario = %+v", sc)
	}
	if len(sc.Turns) != 2 || sc.Turns[0].Turn != 1 || len(sc.Turns[1].Lines) != 4 {
		t.Fatalf("turns = %+v", sc.Turns)
	}
	// The undone shot (a 5) is neither told nor counted.
	for _, tr := range sc.Turns {
		for _, l := range tr.Lines {
			if strings.Contains(l.Text, ": 5") || l.Undone {
				t.Errorf("an undone action is in the report: %+v", l)
			}
		}
	}
	var blue DiceStats
	for _, d := range sc.Dice {
		if d.Player == "blue" {
			blue = d
		}
	}
	if blue.Count != 2 || blue.Faces[0] != 1 || blue.Faces[2] != 1 || blue.Faces[4] != 0 || blue.Hand != 2 || blue.Average != 2 {
		t.Errorf("blue's dice = %+v", blue)
	}
	if blue.LongestFailStreak != 2 {
		t.Errorf("blue failed twice in a row, streak = %d", blue.LongestFailStreak)
	}
	if want := "Turn 2: red took the lead for good in removals, 1 to 0."; sc.Story.TurningPoint != want {
		t.Errorf("turning point = %q, want %q", sc.Story.TurningPoint, want)
	}
	st, _ := svc.Load(context.Background(), name)
	if r.Head != st.Head || r.Version != st.Version {
		t.Errorf("head %s v%d, log at %s v%d", r.Head, r.Version, st.Head, st.Version)
	}
	shown, _ := Build(context.Background(), svc, name, Options{ShowUndone: true})
	md := render(t, shown, func(b *bytes.Buffer, r *Report) error { return Markdown(b, r) })
	if !strings.Contains(md, "- ~~blue shoots Ann: 5, a hit; Ann is out.~~ (undone)") {
		t.Errorf("--show-undone does not strike the undone shot:\n%s", md)
	}
	if _, err := Build(context.Background(), svc, name, Options{Scenario: "Nope"}); err == nil || !strings.Contains(err.Error(), "it has: High Noon") {
		t.Errorf("unknown scenario: %v", err)
	}
}

// Hostile names are text in every format: no tag, handler or link survives.
func TestHostileNamesEscaped(t *testing.T) {
	svc, name := play(t)
	r, err := Build(context.Background(), svc, name, Options{Campaign: true})
	if err != nil {
		t.Fatal(err)
	}
	html := render(t, r, func(b *bytes.Buffer, r *Report) error { return HTML(b, r) })
	md := render(t, r, func(b *bytes.Buffer, r *Report) error { return Markdown(b, r) })
	for _, bad := range []string{"<script", "<img", "<i>", "<b>", "onerror=alert(1)>", "href="} {
		if strings.Contains(html, bad) {
			t.Errorf("HTML holds %q unescaped", bad)
		}
	}
	if i := strings.Index(md, "<"); i >= 0 {
		t.Errorf("Markdown holds an unescaped '<': %q", md[max(0, i-20):min(len(md), i+20)])
	}
	if strings.Contains(md, "](") && !strings.Contains(md, "\\](") {
		t.Errorf("Markdown holds a link")
	}
	if !strings.Contains(html, "&lt;script&gt;alert(1)&lt;/script&gt;") {
		t.Errorf("HTML lost the name instead of escaping it")
	}
	if !strings.Contains(md, "&lt;script>alert(1)&lt;/script>") {
		t.Errorf("Markdown lost the name instead of escaping it")
	}
	// Self-contained: no URL but the SVG namespace, no script.
	urls := regexp.MustCompile(`(?i)(https?:|//[a-z])[^"' )]*`).FindAllString(html, -1)
	for _, u := range urls {
		if u != "http://www.w3.org/2000/svg" {
			t.Errorf("the HTML refers to %q", u)
		}
	}
	if strings.Contains(strings.ToLower(html), "<script") || strings.Contains(html, "<link") {
		t.Error("the HTML has a script or a link element")
	}
	// Every SVG parses as XML: the duel's (it has too few turns and dice
	// for a chart) and every game's demo report's.
	svgs := regexp.MustCompile(`(?s)<svg .*?</svg>`).FindAllString(html, -1)
	for _, page := range gameReports(t, "") {
		svgs = append(svgs, regexp.MustCompile(`(?s)<svg .*?</svg>`).FindAllString(page, -1)...)
	}
	if len(svgs) < 10 {
		t.Fatalf("found %d SVG charts, want at least two a game", len(svgs))
	}
	for _, s := range svgs {
		d := xml.NewDecoder(strings.NewReader(s))
		for {
			_, err := d.Token()
			if err != nil {
				if err.Error() != "EOF" {
					t.Errorf("an SVG does not parse: %v\n%s", err, s)
				}
				break
			}
		}
	}
}
