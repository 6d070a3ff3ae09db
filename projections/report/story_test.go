package report

import (
	"strconv"
	"strings"
	"testing"

	"warlog/engines"
)

// The story names the figure of the battle by the stated formula (3 per
// removal, 1 per damage dealt, 5 for the decisive blow, 1 for standing; a
// removed figure of the losing side only when nothing else scored), the
// turn the winner took the lead for good in removals, the decisive blow,
// and a headline that begins with a capital letter.
func TestAccount(t *testing.T) {
	ann := "Ann"
	sr := &ScenarioReport{Name: "Hill", Turn: 3, Ended: true, Winner: &ann,
		Sides: []SideReport{{Name: "Ann", Won: true, RemovedPerTurn: []int{0, 1, 0}}, {Name: "Ben", RemovedPerTurn: []int{1, 3, 0}}},
		Turns: []TurnReport{{Turn: 2, Lines: []Line{{Text: "Edda strikes Bors: Bors is dead."}, {Text: "Cato waits."}}}, {Turn: 3, Lines: []Line{{Text: "Hill ends."}}}},
		Figures: []FigureReport{
			{Fate: engines.Fate{ID: "b1", Name: "Bors", Side: "Ben", Fate: "dead", Removals: 3}, Fought: true},     // 9, removed and lost
			{Fate: engines.Fate{ID: "a1", Name: "Edda", Side: "Ann", Fate: "survived", Removals: 1}, Fought: true}, // 3+5+1
			{Fate: engines.Fate{ID: "a2", Name: "Bo", Side: "Ann", Fate: "dead", Removals: 1}, Fought: true},       // 3
			{Fate: engines.Fate{ID: "b2", Name: "Cato", Side: "Ben", Fate: "survived", Removals: 1}, Fought: true}, // 4
			{Fate: engines.Fate{ID: "a3", Name: "Idle", Side: "Ann", Fate: "sat out", Removals: 0}, Fought: false}, // 0
		}}
	a := account(sr, "kingsown")
	if a.Standout == nil || a.Standout.Name != "Edda" || a.Standout.Points != 9 {
		t.Errorf("figure of the battle = %+v, want Edda on 9 (Bors's 9 is a removed loser's)", a.Standout)
	}
	if want := "Hill: Ann won in turn 3; Edda struck the decisive blow."; a.Headline != want {
		t.Errorf("headline %q, want %q", a.Headline, want)
	}
	if want := "Turn 1: Ann took the lead for good in removals, 1 to 0."; a.TurningPoint != want {
		t.Errorf("turning point %q, want %q", a.TurningPoint, want)
	}
	if want := "Turn 2: Edda strikes Bors: Bors is dead."; a.DecisiveBlow != want {
		t.Errorf("decisive blow %q, want %q", a.DecisiveBlow, want)
	}
	if !strings.Contains(a.Formula, "3 for each enemy figure") || !strings.Contains(a.Formula, "5 for the decisive blow") {
		t.Errorf("the formula is not stated: %q", a.Formula)
	}
	// Only a losing side's removed figures scored: one of them is named,
	// never none.
	for i := range sr.Figures {
		if sr.Figures[i].Side == "Ann" {
			sr.Figures[i].Fought = false
		}
	}
	sr.Figures[3].Removals = 0
	sr.Figures[3].Fate.Fate = "dead"
	if a := account(sr, "kingsown"); a.Standout == nil || a.Standout.Name != "Bors" {
		t.Errorf("with no other figure scoring, want Bors; got %+v", a.Standout)
	}
	sr.Winner, sr.Draw = nil, true
	if a := account(sr, "kingsown"); a.Headline != "Hill: a draw in turn 3." {
		t.Errorf("a draw's headline: %q", a.Headline)
	}
	sr.Name = "hill"
	if a := account(sr, "kingsown"); a.Headline != "Battle hill: a draw in turn 3." {
		t.Errorf("a lowercase name's headline: %q", a.Headline)
	}
}

// A figure's story is matched by its ID: Bo is never told Bors's fate,
// two figures of one name are two stories, and sitting out with a
// recovery is told.
func TestStoriesByID(t *testing.T) {
	scs := []ScenarioReport{
		{Name: "One", Ended: true, Figures: []FigureReport{
			{Fate: engines.Fate{ID: "1", Name: "Bo", Side: "h", Fate: "survived"}, Fought: true},
			{Fate: engines.Fate{ID: "2", Name: "Bors", Side: "h", Fate: "broken", Carries: "campaign Skill 3 -> 2"}, Fought: true},
			{Fate: engines.Fate{ID: "3", Name: "Orc", Side: "o", Fate: "dead"}, Fought: true},
		}, Consequences: []string{"Bors was Broken: campaign Skill 3 -> 2"}},
		{Name: "Two", Ended: true, Figures: []FigureReport{
			{Fate: engines.Fate{ID: "1", Name: "Bo", Side: "h", Fate: "survived"}, Fought: true},
			{Fate: engines.Fate{ID: "2", Name: "Bors", Side: "h", Fate: "sat out", Carries: "campaign Skill 2 -> 3"}},
			{Fate: engines.Fate{ID: "4", Name: "Orc", Side: "o", Fate: "survived"}, Fought: true},
		}},
	}
	got := stories(scs)
	if len(got) != 4 {
		t.Fatalf("%d stories, want Bo, Bors and two Orcs: %+v", len(got), got)
	}
	bo, bors := strings.Join(got[0].Lines, "; "), strings.Join(got[1].Lines, "; ")
	if strings.Contains(bo, "Skill") || strings.Contains(bo, "broken") {
		t.Errorf("Bo is told Bors's fate: %q", bo)
	}
	if want := "first fought in One: broken; campaign Skill 3 -> 2; sat out Two and recovered; campaign Skill 2 -> 3"; bors != want {
		t.Errorf("Bors: %q, want %q", bors, want)
	}
	if got[2].ID == got[3].ID || len(got[2].Path) != 1 || len(got[3].Path) != 1 {
		t.Errorf("the two Orcs are one story: %+v %+v", got[2], got[3])
	}
}

// The King's Own's campaign Skill track is whole: every scenario's value,
// those that did not change too, in the stories and the chronicle's table.
func TestSkillTrackIsWhole(t *testing.T) {
	r := &Report{Scenarios: []ScenarioReport{
		{Name: "One", Start: 4, Ended: true, Figures: []FigureReport{
			{Fate: engines.Fate{ID: "2", Name: "Bors", Side: "h", Fate: "survived", Track: "campaign Skill 3"}, Fought: true},
		}},
		{Name: "Two", Start: 20, Ended: true, Figures: []FigureReport{
			{Fate: engines.Fate{ID: "2", Name: "Bors", Side: "h", Fate: "broken", Carries: "campaign Skill 3 -> 2", Track: "campaign Skill 2"}, Fought: true},
		}},
		{Name: "Three", Start: 31, Ended: true, Figures: []FigureReport{
			{Fate: engines.Fate{ID: "2", Name: "Bors", Side: "h", Fate: "sat out", Track: "campaign Skill 2"}},
		}},
	}}
	r.Stories = stories(r.Scenarios)
	header, rows := pathTable(r)
	if len(rows) != 1 {
		t.Fatalf("the track has %d rows, want Bors's: %v", len(rows), rows)
	}
	want := []string{"Bors (h)", "survived; campaign Skill 3", "broken; campaign Skill 3 -> 2", "sat out; campaign Skill 2"}
	if strings.Join(rows[0], "|") != strings.Join(want, "|") {
		t.Errorf("Bors's track %q, want %q (header %q)", rows[0], want, header)
	}
	if got := strings.Join(r.Stories[0].Lines, "; "); !strings.Contains(got, "fought in One: survived; campaign Skill 3;") || !strings.HasSuffix(got, "sat out Three; campaign Skill 2") {
		t.Errorf("Bors's story leaves out the unchanged Skill: %q", got)
	}
	_, frows := figureTable(&r.Scenarios[0])
	if last := frows[0][len(frows[0])-1]; last != "campaign Skill 3" {
		t.Errorf("the figure table's carries forward = %q, want campaign Skill 3", last)
	}
}

// RULINGS, Reincardnated, 2026-12-01: "A shared win is a win for each player
// who shares it, in the roster, the report and the chronicle." A
// three-way tie, told as a draw whose sharers all won, is a win for each of
// the three; a draw no side won counts for none.
func TestSharedWinCountsForEachSharer(t *testing.T) {
	ann := "Ann"
	scs := []ScenarioReport{
		{Name: "Game", Ended: true, Draw: true, Sides: []SideReport{{Name: "Ann", Won: true}, {Name: "Ben", Won: true}, {Name: "Cas", Won: true}, {Name: "Dee"}}},
		{Name: "Game (2)", Ended: true, Winner: &ann, Sides: []SideReport{{Name: "Ann", Won: true}, {Name: "Ben"}, {Name: "Cas"}, {Name: "Dee"}}},
		{Name: "Game (3)", Ended: true, Draw: true, Sides: []SideReport{{Name: "Ann"}, {Name: "Ben"}, {Name: "Cas"}, {Name: "Dee"}}},
	}
	total, standings := score(scs)
	var got []string
	for _, s := range total {
		got = append(got, s.Name+" "+strconv.Itoa(s.Wins))
	}
	if want := "Ann 2, Ben 1, Cas 1, Dee 0"; strings.Join(got, ", ") != want {
		t.Errorf("wins %q, want %q", strings.Join(got, ", "), want)
	}
	if len(standings) != 3 || winsOf(standings[0].Score, "Cas") != 1 {
		t.Errorf("standings after the tie: %+v, want Cas on 1", standings)
	}
}

// RULINGS, The King's Own, rulings added 2026-12-01: "Reports: a Withdrawn
// figure counts as still standing for the figure-of-the-battle score" (1
// for standing at the end, FigureFormula); a figure Down or Broken does not.
func TestWithdrawnCountsAsStanding(t *testing.T) {
	for fate, want := range map[string]int{"withdrawn": 4, "survived": 4, "down": 3, "broken": 3} {
		f := FigureReport{Fate: engines.Fate{Name: "Wyn", Side: "hunters", Fate: fate, Removals: 1}, Fought: true}
		if got := points(f, false); got != want {
			t.Errorf("a figure %s with 1 removal scores %d, want %d", fate, got, want)
		}
	}
}

// Reincardnated (seed: a Death card kills a Being; players score, not
// figures): a Being Cas's Death card killed is credited to no one, not
// to Ben, who took the lead in Beings held that turn: the turning point
// names no fallen, the decisive blow is the game's end, the figure of the
// battle is the best-scoring player.
func TestDeathCardCreditsNoOne(t *testing.T) {
	ben := "Ben"
	score := func(n int) *int { return &n }
	sr := &ScenarioReport{Name: "Evening", Turn: 3, Ended: true, Winner: &ben,
		Sides: []SideReport{{Name: "Ann", Score: score(9), RemovedPerTurn: []int{0, 1, 0}}, {Name: "Ben", Won: true, Score: score(14), RemovedPerTurn: []int{0, 0, 0}},
			{Name: "Cas", Score: score(11), RemovedPerTurn: []int{0, 0, 0}}},
		Counts: []Count{{Side: "Ann", What: "beings", PerTurn: []int{2, 1, 1}}, {Side: "Ben", What: "beings", PerTurn: []int{1, 2, 3}}, {Side: "Cas", What: "beings", PerTurn: []int{1, 1, 2}}},
		Fallen: []Fallen{{Turn: 2, Side: "Ann", Name: "Ant", Status: "dead"}},
		Turns: []TurnReport{{Turn: 2, Lines: []Line{{Text: "Cas plays Death (Death/Rebirth) as action 1: Ann's Ant is killed."}, {Text: "Ben plays Lion."}}},
			{Turn: 3, Lines: []Line{{Text: "Game Evening ends: Ben wins."}}}},
		Figures: []FigureReport{{Fate: engines.Fate{Name: "Ant", Side: "Ann", Fate: "dead"}, Fought: true}, {Fate: engines.Fate{Name: "Lion", Side: "Ben", Fate: "alive"}, Fought: true}}}
	a := account(sr, "reincardnated")
	if want := "Turn 2: Ben took the lead for good in Beings held, 2 to 1."; a.TurningPoint != want {
		t.Errorf("turning point %q, want %q (Ann's Ant was Cas's doing)", a.TurningPoint, want)
	}
	if want := "Turn 3: Game Evening ends: Ben wins."; a.DecisiveBlow != want {
		t.Errorf("decisive blow %q, want %q", a.DecisiveBlow, want)
	}
	if a.Headline != "Evening: Ben won in turn 3." || a.Standout == nil || a.Standout.Name != "Ben" {
		t.Errorf("headline %q, figure of the battle %+v: want Ben's win, no blow credited", a.Headline, a.Standout)
	}
}

// Incarn28 seed line 263 (Exhumer): a slain enemy raised by an Exhumer
// joins the Exhumer's gang and fights on. Its outcome keeps it in its own
// gang (the losing one here) with the fate "exhumed"; the harm it dealt
// after joining counts for the figure of the battle as a standing
// figure's, not as a removed loser's that counts only when no one else
// scored.
func TestExhumedIncarnCountsItsHarm(t *testing.T) {
	ann := "Ann"
	sr := &ScenarioReport{Name: "Pit", Turn: 2, Ended: true, Winner: &ann,
		Sides: []SideReport{{Name: "Ann", Won: true}, {Name: "Ben"}},
		Turns: []TurnReport{{Turn: 2, Lines: []Line{{Text: "Ann reports Loot done at the table."}}}},
		Figures: []FigureReport{
			{Fate: engines.Fate{Name: "Ax", Side: "Ann", Fate: "survived", Dealt: 1}, Fought: true},             // 1+1
			{Fate: engines.Fate{Name: "Tg", Side: "Ben", Fate: "exhumed", Removals: 1, Dealt: 2}, Fought: true}, // 3+2+1
		}}
	a := account(sr, "incarn28")
	if a.Standout == nil || a.Standout.Name != "Tg" || a.Standout.Points != 6 {
		t.Errorf("figure of the battle = %+v, want the exhumed Tg on 6", a.Standout)
	}
}
