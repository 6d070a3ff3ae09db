package reincardnated

import (
	"strings"
	"testing"

	"warlog/engines"
)

// seed 002 line 157: "marine BEINGS—are worth 3 points, and a dead BEING is
// worth 1 point, then a dead marine BEING is only worth 1 point."
func TestScoreSeedWorkedExampleDeadMarine(t *testing.T) {
	tb := game(t, "Ann", "Ben")
	tb.build("Ann", "Orca:marine")
	tb.Do(Purpose{Player: "Ann", Types: map[string]int{"marine": 3}, Death: 1})
	eq(t, "living marine", ScoreOf(tb.p("Ann")).Total, 3)
	tb.Do(Kill{Player: "Ann", Being: "Orca"})
	sc := ScoreOf(tb.p("Ann"))
	eq(t, "dead marine", sc.Total, 1)
	eq(t, "line", sc.Lines[1].What, "Orca (marine, dead): the Death score")
}

// seed 002 line 220: with marine 4 and Death 0, "a dead marine BEING would
// count as 0 points, not 4".
func TestScoreSeedCardExample(t *testing.T) {
	tb := game(t, "Ann", "Ben")
	tb.build("Ann", "Orca:marine")
	tb.Do(Kill{Player: "Ann", Being: "Orca"})
	tb.Do(Purpose{Player: "Ann", Types: map[string]int{"marine": 4}, Death: 0})
	eq(t, "dead marine", ScoreOf(tb.p("Ann")).Total, 0)
}

// seed 002 line 153: a type not on the Life Purpose "is worth 1 point,
// unless it's dead"; line 155: "STARTER BEINGS do not count".
func TestScoreOffPurposeAndStarter(t *testing.T) {
	tb := game(t, "Ann", "Ben")
	tb.Do(Purpose{Player: "Ann", Types: map[string]int{"bird": 4}, Death: 2})
	sc := ScoreOf(tb.p("Ann"))
	eq(t, "Starter only", sc.Total, 0)
	eq(t, "starter line", sc.Lines[0].What, "the Starter: Starters score nothing")
	tb.build("Ann", "Ant:insect", "Bee:insect", "Robin:bird")
	eq(t, "two off the purpose and a bird", ScoreOf(tb.p("Ann")).Total, 1+1+4)
	tb.Do(Kill{Player: "Ann", Being: "Bee"})
	eq(t, "a dead insect scores Death", ScoreOf(tb.p("Ann")).Total, 1+2+4)
	// A plant Being is scored; only the Starter is not.
	tb.build("Ann", "Rose:plant")
	eq(t, "plant", ScoreOf(tb.p("Ann")).Total, 1+2+4+1)
}

// seed 002 line 242: stacked Change Destiny, "the upper most card will be
// the one that counts"; it overrides the Life Purpose (line 240), also for
// a type not on it; a "death" card overrides the Death score (ruling).
func TestScoreChangeDestinyNewestWins(t *testing.T) {
	tb := game(t, "Ann", "Ben", "Cas")
	tb.build("Ben", "Robin:bird", "Wren:bird", "Ant:insect", "Cod:marine")
	tb.Do(Kill{Player: "Ben", Being: "Cod"})
	tb.Do(Purpose{Player: "Ben", Types: map[string]int{"bird": 5}, Death: 1})
	eq(t, "before", ScoreOf(tb.p("Ben")).Total, 5+5+1+1)
	tb.Do(play("Ann", ChangeDestiny, "Ben", "bird=2"))
	eq(t, "Ann's card", ScoreOf(tb.p("Ben")).Total, 2+2+1+1)
	tb.Do(play("Ann", ChangeDestiny, "Ben", "insect=6"))
	eq(t, "newest on top: insects 6, birds back to 5", ScoreOf(tb.p("Ben")).Total, 5+5+6+1)
	tb.endTurn()
	tb.endTurn()
	tb.Do(play("Cas", ChangeDestiny, "Ben", "death=4"))
	sc := ScoreOf(tb.p("Ben"))
	eq(t, "death card", sc.Total, 5+5+1+4)
	eq(t, "top card line", sc.Lines[1].What, "Change Destiny on top, by Cas: dead Beings score 4 (covering 2 older)")
	if !strings.Contains(sc.Lines[5].What, "by Cas's Change Destiny") {
		t.Errorf("line %q", sc.Lines[5].What)
	}
}

// seed 002 line 222: Life Goals "add a bonus score"; line 145: the first
// to take the Human Form adds 5; line 159: a dead Being still counts for a
// goal (the players mark it).
func TestScoreGoalsAndHumanForm(t *testing.T) {
	tb := game(t, "Ann", "Ben")
	tb.Do(Purpose{Player: "Ann", Types: map[string]int{"marine": 3}, Death: 1,
		Goals: []Goal{{Name: "control 2 or more plants", Bonus: 4}, {Name: "an opponent with 3 dead", Bonus: 6}}})
	eq(t, "unmet", ScoreOf(tb.p("Ann")).Total, 0)
	tb.Do(MarkGoal{Player: "Ann", Goal: "control", Met: true})
	eq(t, "met", ScoreOf(tb.p("Ann")).Total, 4)
	tb.Do(MarkGoal{Player: "Ann", Goal: "CONTROL 2 OR MORE PLANTS", Met: false})
	eq(t, "unmarked", ScoreOf(tb.p("Ann")).Total, 0)
	tb.RefuseSaying("Purpose", "has no goal \"fly\"", MarkGoal{Player: "Ann", Goal: "fly", Met: true})
	tb.RefuseSaying("Purpose", "not entered yet", MarkGoal{Player: "Ben", Goal: "x", Met: true})
	tb.build("Ann", "A1:marine", "A2:marine", "A3:marine", "A4:marine", "A5:marine", "Seal:mammal")
	tb.Do(Human{Player: "Ann"})
	eq(t, "human", ScoreOf(tb.p("Ann")).Total, 5*3+1+HumanBonus)
}

func TestPurposeRefusals(t *testing.T) {
	tb := game(t, "Ann", "Ben")
	tb.RefuseSaying("Types", "not a Being type", Purpose{Player: "Ann", Types: map[string]int{"fish": 3}})
	tb.RefuseSaying("Purpose", "at least one Being type", Purpose{Player: "Ann"})
	tb.RefuseSaying("Purpose", "given twice", Purpose{Player: "Ann", Types: map[string]int{"bird": 1, "birds": 2}})
	tb.RefuseSaying("Players", "no player \"Zed\"", Purpose{Player: "Zed", Types: map[string]int{"bird": 1}})
}

// seed 002 line 161: "The player with the highest score wins"; ties are
// shared (RULINGS).
func TestEndScoresAndTiesAreShared(t *testing.T) {
	tb := game(t, "Ann", "Ben", "Cas")
	tb.build("Ann", "Robin:bird")
	tb.build("Ben", "Wren:bird")
	tb.build("Cas", "Ant:insect")
	for _, p := range []string{"Ann", "Ben", "Cas"} {
		tb.Do(Purpose{Player: p, Types: map[string]int{"bird": 3}})
	}
	zero := 0
	tb.Do(Pool{Deck: &zero, Hidden: &zero})
	label := tb.Label(engines.EndScenario{})
	eq(t, "label", label, "Game Game ends (the Beings ran out): Ann and Ben share the win; Ann 3, Ben 3, Cas 1.")
	r := tb.s.Roster()
	eq(t, "roster rows", len(r.Players), 3)
	eq(t, "Ann wins", r.Players[0].String("wins"), "1")
	eq(t, "Cas wins", r.Players[2].String("wins"), "0")
}

// The players of a first game are on the roster while it is played (seed
// 002: each player is dealt a Starter and a Life Purpose at the setup),
// with no game finished yet, not missing until it ends.
func TestRosterDuringTheFirstGame(t *testing.T) {
	tb := newTable(t)
	tb.Do(engines.StartScenario{Name: "One", Players: []string{"Ann", "Ben"}})
	r := tb.s.Roster()
	eq(t, "roster rows", len(r.Players), 2)
	eq(t, "Ann", r.Players[0].String("name")+" "+r.Players[0].String("games")+"/"+r.Players[0].String("wins")+"/"+r.Players[0].String("total"), "Ann 0/0/0")
	eq(t, "Ben", r.Players[1].String("name"), "Ben")
	eq(t, "Ben's best", r.Players[1].String("best"), "")
}

// The campaign is a series of games: each player's totals and wins.
func TestRosterAcrossGames(t *testing.T) {
	tb := newTable(t)
	zero := 0
	playGame := func(name string, players []string, birds map[string]int) {
		tb.Do(engines.StartScenario{Name: name, Players: players})
		for p, n := range birds {
			for i := 0; i < n; i++ {
				tb.build(p, name+p+string(rune('a'+i))+":bird")
			}
		}
		for _, p := range players {
			tb.Do(Purpose{Player: p, Types: map[string]int{"bird": 2}})
		}
		tb.Do(Pool{Deck: &zero, Hidden: &zero})
		tb.Do(engines.EndScenario{})
	}
	playGame("One", []string{"Ann", "Ben"}, map[string]int{"Ann": 2, "Ben": 1})
	playGame("Two", []string{"ben", "Ann", "Cas"}, map[string]int{"Ann": 1, "ben": 3, "Cas": 0})
	r := tb.s.Roster()
	got := map[string]string{}
	for _, row := range r.Players {
		got[row.String("name")] = row.String("games") + "/" + row.String("wins") + "/" + row.String("total")
	}
	eq(t, "Ann", got["Ann"], "2/1/6")
	eq(t, "ben (same player, any case)", got["ben"], "2/1/8")
	eq(t, "Cas", got["Cas"], "1/0/0")
	sc := tb.s.Scenarios()
	eq(t, "scenarios", len(sc), 2)
	eq(t, "result", sc[1].Result, "ben wins; ben 6, Ann 2, Cas 0.")
	eq(t, "sides", len(sc[1].Sides), 3)
	if name, turn := tb.s.Now(); name != "" || turn != 0 {
		t.Errorf("Now between games: %q %d", name, turn)
	}
}

// Turner: the game in progress and its round; Chronicler: kills per round.
func TestTurnerAndChronicle(t *testing.T) {
	tb := game(t, "Ann", "Ben")
	tb.build("Ben", "Cod:marine")
	tb.endTurn()
	tb.endTurn()
	// RULINGS Reincardnated "Rounds": the end of turn that closes a round
	// belongs to that round; what follows, to the next.
	name, round := tb.s.Now()
	eq(t, "name", name, "Game")
	eq(t, "round of the end of turn that closed round 1", round, 1)
	eq(t, "round in play", tb.g().Round, 2)
	tb.Do(Kill{Player: "Ben", Being: "Cod"})
	_, round = tb.s.Now()
	eq(t, "round after the next fact", round, 2)
	sc := tb.s.Scenarios()
	eq(t, "Ben killed in round 2", sc[0].Sides[1].RemovedPerTurn[1], 1)
	eq(t, "not ended", sc[0].Ended, false)
}

// The status lists players with the keys CLI.md names first.
func TestStatusPlayers(t *testing.T) {
	tb := game(t, "Ann", "Ben")
	tb.build("Ann", "Cod:marine")
	st := tb.s.Status()
	eq(t, "rows", len(st.Players), 2)
	keys := []string{"name", "lifeline", "active", "karma", "score"}
	for i, k := range keys {
		eq(t, "key", st.Players[0][i].Key, k)
	}
	eq(t, "lifeline", st.Players[0].String("lifeline"), "[Starter], Cod (marine)")
	eq(t, "score hidden", st.Players[0].String("score"), "?")
	eq(t, "phase", st.Phase, "action 1")
}

// RULINGS Reincardnated "Rounds": the end of turn that closes a round
// belongs to that round in every count, and so does what the table enters
// before anyone plays again; the end of the last turn opens no round.
func TestRoundsKeepTheirClosingEndOfTurn(t *testing.T) {
	tb := game(t, "Ann", "Ben")
	tb.endTurn()
	tb.endTurn()
	tb.Do(Purpose{Player: "Ann", Types: map[string]int{"bird": 2}})
	_, round := tb.s.Now()
	eq(t, "a Life Purpose entered after round 1", round, 1)
	tb.endByBeingsRunOut()
	eq(t, "rounds played", tb.s.Scenarios()[0].Turn, 1)
	eq(t, "status round", tb.s.Status().Turn, 1)

	tb = game(t, "Ann", "Ben")
	tb.build("Ann", "A1:mammal", "A2:mammal", "A3:mammal", "A4:mammal", "A5:mammal", "A6:mammal")
	tb.Do(Human{Player: "Ann"})
	tb.endTurn()
	tb.endTurn() // Ben's last turn
	eq(t, "over", tb.g().Over, true)
	eq(t, "round of the last turn", tb.g().Round, 1)
	_, round = tb.s.Now()
	eq(t, "filed under", round, 1)
}
