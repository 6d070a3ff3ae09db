package rc_test

import (
	"encoding/json"
	"strings"
	"testing"

	"warlog/cmd/cmdtest"
	rcg "warlog/engines/reincardnated"
)

func n(v int) *int { return &v }

// Each Reincardnated action's flags and arguments become the command handed
// to the campaign: no terminal, no database.
func TestActionsHandOnTheirCommand(t *testing.T) {
	cmdtest.Check(t, "reincardnated", []cmdtest.Case{
		{Args: []string{"rc", "starter", "Ann", "Fern"}, Want: rcg.Starter{Player: "Ann", Name: "Fern"}},
		{Args: []string{"rc", "starter", "Ann", "Fern", "--incarnates", "insect, reptile"},
			Want: rcg.Starter{Player: "Ann", Name: "Fern", CardInfo: rcg.CardInfo{Prefers: "insect", Lower: "reptile"}}},
		{Args: []string{"rc", "incarnate", "Ann", "Clownfish", "--type", "marine", "--preferred"},
			Want: rcg.Incarnate{Player: "Ann", Being: "Clownfish", CardInfo: rcg.CardInfo{Type: "marine"}, Kind: "preferred"}},
		{Args: []string{"rc", "incarnate", "Ben", "Praying Mantis", "--type", "insect", "--incarnates", "bird,reptile", "--lower"},
			Want: rcg.Incarnate{Player: "Ben", Being: "Praying Mantis", CardInfo: rcg.CardInfo{Type: "insect", Prefers: "bird", Lower: "reptile"}, Kind: "lower"}},
		{Args: []string{"rc", "incarnate", "Cas", "Ant", "--lateral"}, Want: rcg.Incarnate{Player: "Cas", Being: "Ant", Kind: "lateral"}},
		{Args: []string{"rc", "incarnate", "Cas", "Lion", "--type", "mammal", "--human"},
			Want: rcg.Incarnate{Player: "Cas", Being: "Lion", CardInfo: rcg.CardInfo{Type: "mammal", Human: true}}},
		{Args: []string{"rc", "gain", "Ann", "Penguin", "--type", "bird"}, Want: rcg.Gain{Player: "Ann", Being: "Penguin", CardInfo: rcg.CardInfo{Type: "bird"}}},
		{Args: []string{"rc", "gain", "Ben", "Clownfish"}, Want: rcg.Gain{Player: "Ben", Being: "Clownfish"}},
		{Args: []string{"rc", "kill", "Ann", "Caterpillar"}, Want: rcg.Kill{Player: "Ann", Being: "Caterpillar"}},
		{Args: []string{"rc", "rebirth", "Ann", "Caterpillar"}, Want: rcg.Rebirth{Player: "Ann", Being: "Caterpillar"}},
		{Args: []string{"rc", "void", "Ann", "Caterpillar"}, Want: rcg.Void{Player: "Ann", Being: "Caterpillar"}},
		{Args: []string{"rc", "activate", "Ann", "Caterpillar"}, Want: rcg.Activate{Player: "Ann", Being: "Caterpillar"}},
		{Args: []string{"rc", "human", "Ann"}, Want: rcg.Human{Player: "Ann"}},
		{Args: []string{"rc", "human", "Ben", "--allows"}, Want: rcg.Human{Player: "Ben", Allows: true}},
		{Args: []string{"rc", "play", "Ann", "anew", "2"}, Want: rcg.Play{Player: "Ann", Karma: "anew", Args: []string{"2"}}},
		{Args: []string{"rc", "play", "Ann", "lesson-learned"}, Want: rcg.Play{Player: "Ann", Karma: "lesson-learned", Args: []string{}}},
		{Args: []string{"rc", "play", "Cas", "death", "Ann", "Clownfish"}, Want: rcg.Play{Player: "Cas", Karma: "death", Args: []string{"Ann", "Clownfish"}}},
		{Args: []string{"rc", "play", "Dee", "epiphany", "Whale Shark", "--type", "marine"},
			Want: rcg.Play{Player: "Dee", Karma: "epiphany", Args: []string{"Whale Shark"}, CardInfo: rcg.CardInfo{Type: "marine"}}},
		{Args: []string{"rc", "play", "Ann", "synchronize", "mammal", "--choose", "Ben=Lion", "--choose", " Cas = Tiger "},
			Want: rcg.Play{Player: "Ann", Karma: "synchronize", Args: []string{"mammal"}, Choose: map[string]string{"Ben": "Lion", "Cas": "Tiger"}}},
		{Args: []string{"rc", "play", "Ann", "enlightened", "Ben", "--extra"}, Want: rcg.Play{Player: "Ann", Karma: "enlightened", Args: []string{"Ben"}, Extra: true}},
		{Args: []string{"rc", "draw", "Ann", "1"}, Want: rcg.Draw{Player: "Ann", Count: 1}},
		{Args: []string{"rc", "discard", "Ann", "2"}, Want: rcg.Discard{Player: "Ann", Count: 2}},
		{Args: []string{"rc", "pool"}, Want: rcg.Pool{}},
		{Args: []string{"rc", "pool", "--deck", "40", "--hidden", "0"}, Want: rcg.Pool{Deck: n(40), Hidden: n(0)}},
		{Args: []string{"rc", "pool", "--visible", "8", "--karma-deck", "30", "--discard", "12"}, Want: rcg.Pool{Visible: n(8), KarmaDeck: n(30), Discard: n(12)}},
		{Args: []string{"rc", "end-turn"}, Want: rcg.EndTurn{}},
		{Args: []string{"rc", "end-turn", "Ann"}, Want: rcg.EndTurn{Player: "Ann"}},
		{Args: []string{"rc", "purpose", "Ann"}, Want: rcg.Purpose{Player: "Ann", Types: map[string]int{}}},
		{Args: []string{"rc", "purpose", "Ann", "--type", "marine=3", "--type", " Bird = 2", "--death", "1", "--goal", "control 2 or more plants=4", "--goal", "a=b=2=met"},
			Want: rcg.Purpose{Player: "Ann", Types: map[string]int{"marine": 3, "bird": 2}, Death: 1,
				Goals: []rcg.Goal{{Name: "control 2 or more plants", Bonus: 4}, {Name: "a=b", Bonus: 2, Met: true}}}},
		{Args: []string{"rc", "goal", "Ann", "control 2", "met"}, Want: rcg.MarkGoal{Player: "Ann", Goal: "control 2", Met: true}},
		{Args: []string{"rc", "goal", "Ann", "control 2", "YES"}, Want: rcg.MarkGoal{Player: "Ann", Goal: "control 2", Met: true}},
		{Args: []string{"rc", "goal", "Ann", "control 2", "unmet"}, Want: rcg.MarkGoal{Player: "Ann", Goal: "control 2"}},
		{Args: []string{"rc", "goal", "Ann", "control 2", "not-met"}, Want: rcg.MarkGoal{Player: "Ann", Goal: "control 2"}},
	})
}

// A Reincardnated command line the command package cannot make sense of is
// refused with one line, exit 2, and nothing is handed on. Names, types
// and Karma cards are the engine's business.
func TestActionsRefuseBadLines(t *testing.T) {
	cmdtest.Check(t, "reincardnated", []cmdtest.Case{
		{Args: []string{"rc", "starter", "Ann"}, Err: "warlog rc starter needs PLAYER and the Starter's NAME; 1 argument given (try: warlog rc starter --help)"},
		{Args: []string{"rc", "starter", "Ann", "Fern", "--incarnates", "insect"}, Err: `--incarnates "insect": give PREFERRED,LOWER, e.g. --incarnates bird,marine`},
		{Args: []string{"rc", "starter", "Ann", "Fern", "--incarnates", "insect, "}, Err: `--incarnates "insect, ": give PREFERRED,LOWER, e.g. --incarnates bird,marine`},
		{Args: []string{"rc", "incarnate", "Ann", "Ant", "--preferred", "--lateral"}, Err: "give at most one of --preferred, --lower, --lateral (try: warlog rc incarnate --help)"},
		{Args: []string{"rc", "incarnate", "Ann", "Ant", "--lower", "--lateral", "--preferred"}, Err: "give at most one of --preferred, --lower, --lateral (try: warlog rc incarnate --help)"},
		{Args: []string{"rc", "incarnate", "Ann", "Ant", "--incarnates", ",bird"}, Err: `--incarnates ",bird": give PREFERRED,LOWER, e.g. --incarnates bird,marine`},
		{Args: []string{"rc", "incarnate", "Ann"}, Err: "warlog rc incarnate needs PLAYER and BEING; 1 argument given (try: warlog rc incarnate --help)"},
		{Args: []string{"rc", "gain", "Ann", "Penguin", "--incarnates", "bird"}, Err: `--incarnates "bird": give PREFERRED,LOWER, e.g. --incarnates bird,marine`},
		{Args: []string{"rc", "kill", "Ann"}, Err: "warlog rc kill needs PLAYER and BEING; 1 argument given (try: warlog rc kill --help)"},
		{Args: []string{"rc", "rebirth", "Ann", "A", "B"}, Err: "warlog rc rebirth needs PLAYER and BEING; 3 arguments given (try: warlog rc rebirth --help)"},
		{Args: []string{"rc", "void"}, Err: "warlog rc void needs PLAYER and BEING; 0 arguments given (try: warlog rc void --help)"},
		{Args: []string{"rc", "activate", "Ann"}, Err: "warlog rc activate needs PLAYER and BEING; 1 argument given (try: warlog rc activate --help)"},
		{Args: []string{"rc", "human"}, Err: "warlog rc human needs PLAYER; 0 arguments given (try: warlog rc human --help)"},
		{Args: []string{"rc", "human", "Ann", "--allows=perhaps"}, Err: `--allows "perhaps": give true or false (try: warlog rc human --help)`},
		{Args: []string{"rc", "play", "Ann"}, Err: "warlog rc play needs PLAYER and KARMA; 1 argument given (try: warlog rc play --help)"},
		{Args: []string{"rc", "play", "Ann", "synchronize", "mammal", "--choose", "Ben"}, Err: `--choose "Ben": give PLAYER=BEING`},
		{Args: []string{"rc", "play", "Ann", "epiphany", "Orca", "--incarnates", "marine"}, Err: `--incarnates "marine": give PREFERRED,LOWER, e.g. --incarnates bird,marine`},
		{Args: []string{"rc", "draw", "Ann", "one"}, Err: `"one" is not a whole number of cards`},
		{Args: []string{"rc", "discard", "Ann"}, Err: "warlog rc discard needs PLAYER and a count N; 1 argument given (try: warlog rc discard --help)"},
		{Args: []string{"rc", "pool", "--deck", "many"}, Err: `--deck "many": give a whole number (try: warlog rc pool --help)`},
		{Args: []string{"rc", "pool", "40"}, Err: `warlog rc pool takes no arguments; "40" given (try: warlog rc pool --help)`},
		{Args: []string{"rc", "end-turn", "Ann", "Ben"}, Err: "warlog rc end-turn takes at most the PLAYER whose turn ends; 2 arguments given (try: warlog rc end-turn --help)"},
		{Args: []string{"rc", "purpose", "Ann", "--type", "marine"}, Err: `--type "marine": give TYPE=N, e.g. --type marine=3`},
		{Args: []string{"rc", "purpose", "Ann", "--type", "marine=x"}, Err: `--type "marine=x": give TYPE=N, e.g. --type marine=3`},
		{Args: []string{"rc", "purpose", "Ann", "--type", "marine=3", "--type", "Marine=2"}, Err: "--type marine is given twice"},
		{Args: []string{"rc", "purpose", "Ann", "--goal", "control 2 plants"}, Err: `--goal "control 2 plants": give TEXT=BONUS, e.g. --goal "control 2 or more plants=4"`},
		{Args: []string{"rc", "purpose", "Ann", "--goal", "4"}, Err: `--goal "4": give TEXT=BONUS, e.g. --goal "control 2 or more plants=4"`},
		{Args: []string{"rc", "purpose", "Ann", "--death", "1.5"}, Err: `--death "1.5": give a whole number (try: warlog rc purpose --help)`},
		{Args: []string{"rc", "purpose"}, Err: "warlog rc purpose needs PLAYER; 0 arguments given (try: warlog rc purpose --help)"},
		{Args: []string{"rc", "goal", "Ann", "control 2", "done"}, Err: `"done": say met or unmet (try: warlog rc goal --help)`},
		{Args: []string{"rc", "goal", "Ann", "met"}, Err: "warlog rc goal needs PLAYER, GOAL and met or unmet; 2 arguments given (try: warlog rc goal --help)"},
		{Args: []string{"rc", "reincarnate", "Ann"}, Err: `unknown command "reincarnate" for "warlog rc"; did you mean incarnate? (try: warlog rc --help)`},
	})
}

// The verbs that only show something hand nothing on: karma prints the
// catalogue; score and beings read the campaign, and with no database they
// say there is no campaign, creating none.
func TestShowingVerbsHandNothingOn(t *testing.T) {
	r := cmdtest.Run(t, "rc", "karma")
	if r.Code != 0 || r.Command != nil || r.Err != "" || !strings.Contains(r.Out, "Lesson Learned") {
		t.Errorf("rc karma: exit %d, command %#v, stdout %q, stderr %q", r.Code, r.Command, r.Out, r.Err)
	}
	r = cmdtest.Run(t, "rc", "karma", "--json")
	var cat map[string]any
	if err := json.Unmarshal([]byte(r.Out), &cat); err != nil || r.Code != 0 || r.Command != nil {
		t.Errorf("rc karma --json: exit %d, command %#v, stdout %q (%v)", r.Code, r.Command, r.Out, err)
	}
	cmdtest.CheckRefused(t, cmdtest.Run(t, "rc", "karma", "death"), 0, `warlog rc karma takes no arguments; "death" given (try: warlog rc karma --help)`)
	for _, verb := range []string{"score", "beings"} {
		cmdtest.CheckRefused(t, cmdtest.Run(t, "rc", verb), 1,
			"no campaign yet; create one: warlog campaign new NAME --game kingsown|deadwars|brood|incarn28|reincardnated")
		cmdtest.CheckRefused(t, cmdtest.Run(t, "rc", verb, "Ann"), 0,
			`warlog rc `+verb+` takes no arguments; "Ann" given (try: warlog rc `+verb+` --help)`)
	}
}

// Every verb of `warlog rc` is tested above; a new one must be added here.
func TestEveryVerbIsTested(t *testing.T) {
	cmdtest.CheckVerbs(t, "rc", "starter", "incarnate", "gain", "kill", "rebirth", "void", "activate", "human", "play", "draw", "discard",
		"pool", "end-turn", "purpose", "goal", "score", "karma", "beings")
}
