package reincardnated

import (
	"fmt"
	"reflect"
	"testing"

	"warlog/engines"
)

// endByBeingsRunOut ends the game in progress: every Life Purpose scores
// birds 2, and the Beings have run out.
func (tb *table) endByBeingsRunOut() {
	tb.t.Helper()
	for _, p := range tb.g().Players {
		tb.Do(Purpose{Player: p.Name, Types: map[string]int{"bird": 2}})
	}
	zero := 0
	tb.Do(Pool{Deck: &zero, Hidden: &zero})
	tb.Do(engines.EndScenario{})
}

// seed 002 line 161: "The player with the highest score wins": the outcome
// names the winner, every player's score in points, and each player's
// Starter and Lifeline as the figures.
func TestOutcomeNamesTheWinner(t *testing.T) {
	tb := game(t, "Ann", "Ben")
	tb.Do(Starter{Player: "Ann", Name: "Fern"})
	tb.build("Ann", "Robin:bird", "Wren:bird")
	tb.build("Ben", "Ant:insect")
	tb.Do(Kill{Player: "Ann", Being: "Wren"})
	tb.endByBeingsRunOut()
	o := tb.s.Battle.Outcome
	if o == nil {
		t.Fatal("no outcome")
	}
	eq(t, "winner", o.Winner, "Ann")
	eq(t, "draw", o.Draw, false)
	eq(t, "result", o.Result, "Ann wins; Ann 2, Ben 1.")
	eq(t, "sides", len(o.Sides), 2)
	eq(t, "Ann", o.Sides[0], engines.SideResult{Name: "Ann", Player: "Ann", Won: true, Score: 2, Scored: "points"})
	eq(t, "Ben", o.Sides[1], engines.SideResult{Name: "Ben", Player: "Ben", Score: 1, Scored: "points"})
	// The score line by line, as the reports show it: each line's points
	// add up to the player's score.
	for _, sd := range o.Sides {
		sum := 0
		for _, l := range o.Scoring[sd.Name] {
			var n int
			if _, err := fmt.Sscanf(l, "%d", &n); err != nil {
				t.Errorf("%s's score line %q has no points", sd.Name, l)
			}
			sum += n
		}
		eq(t, sd.Name+"'s score lines", sum, sd.Score)
	}
	var fates []string
	for _, f := range o.Figures {
		if f.ID == "" {
			t.Errorf("%s has no ID", f.Name)
		}
		fates = append(fates, f.Side+" "+f.Name+" "+f.Fate)
	}
	want := []string{"Ann Fern starter", "Ann Robin alive", "Ann Wren dead", "Ben Starter starter", "Ben Ant alive"}
	eq(t, "figures", len(fates), len(want))
	for i := range want {
		if i < len(fates) {
			eq(t, "figure", fates[i], want[i])
		}
	}
	sc := tb.s.Scenarios()
	// The summary's outcome is the game's, with what it carries into the
	// campaign: each player's standing after it.
	got := *sc[0].Outcome
	eq(t, "standings carried", len(got.Campaign), 2)
	got.Campaign = nil
	if !reflect.DeepEqual(got, *o) {
		t.Errorf("summary outcome: got %+v, want %+v", got, *o)
	}
	eq(t, "summary winner", sc[0].Winner, "Ann")
	eq(t, "consequences kept", sc[0].Consequences[0], "Ann: campaign total 2, 1 win in 1 game")
}

// Ties are shared (RULINGS Reincardnated "Score"): the outcome is a draw
// whose sharers both won.
func TestOutcomeOfASharedWin(t *testing.T) {
	tb := game(t, "Ann", "Ben", "Cas")
	tb.build("Ann", "Robin:bird")
	tb.build("Ben", "Wren:bird")
	tb.endByBeingsRunOut()
	o := tb.s.Battle.Outcome
	eq(t, "winner", o.Winner, "")
	eq(t, "draw", o.Draw, true)
	eq(t, "chronicle", o.WinnerName(), "draw")
	eq(t, "Ann won", o.Sides[0].Won, true)
	eq(t, "Ben won", o.Sides[1].Won, true)
	eq(t, "Cas lost", o.Sides[2].Won, false)
}

// A figure's ID is the campaign's: the same card has the same ID in every
// game, whoever holds it; an unnamed Starter is a figure of its game only.
func TestOutcomeFigureIDsAreStable(t *testing.T) {
	tb := newTable(t)
	ids := func() map[string]string {
		out := map[string]string{}
		for _, f := range tb.s.Battle.Outcome.Figures {
			out[f.Side+" "+f.Name] = f.ID
		}
		return out
	}
	tb.Do(engines.StartScenario{Name: "One", Players: []string{"Ann", "Ben"}})
	tb.Do(Starter{Player: "Ann", Name: "Fern"})
	tb.build("Ann", "Robin:bird")
	tb.build("Ben", "Ant:insect")
	tb.endByBeingsRunOut()
	one := ids()
	tb.Do(engines.StartScenario{Name: "Two", Players: []string{"Ben", "Ann"}})
	tb.Do(Starter{Player: "Ben", Name: "Fern"})
	tb.build("Ben", "robin")
	tb.build("Ann", "Owl:bird")
	tb.endByBeingsRunOut()
	two := ids()
	eq(t, "Robin, now Ben's", two["Ben Robin"], one["Ann Robin"])
	eq(t, "Fern, now Ben's", two["Ben Fern"], one["Ann Fern"])
	for _, m := range []map[string]string{one, two} {
		byID := map[string]string{}
		for k, id := range m {
			if other, ok := byID[id]; ok {
				t.Errorf("%s and %s share the ID %s", k, other, id)
			}
			byID[id] = k
		}
	}
	shared := 0
	for _, id := range two {
		for _, old := range one {
			if id == old {
				shared++
			}
		}
	}
	eq(t, "IDs of game one met again (Robin, Fern)", shared, 2)
}
