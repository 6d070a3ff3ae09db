package incarn28

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"warlog/engines"
	"warlog/engines/dice"
	"warlog/events"
)

// TestRandomGames plays many games by picking at random among the play
// menu's choices with the program's dice. No command may panic, and the
// state folded action by action must equal the state replayed from every
// fact from the start (what `warlog` does on each load).
func TestRandomGames(t *testing.T) {
	reg := events.NewRegistry()
	reg.Register(dice.Type, dice.Rolled{})
	Engine.Register(reg)
	games := 40
	if testing.Short() {
		games = 5
	}
	for seed := uint64(1); seed <= uint64(games); seed++ {
		rng := rand.New(rand.NewPCG(seed, 7))
		s := testState()
		var log []events.Fact
		apply := func(st *State, f events.Fact) {
			data, err := json.Marshal(f.Data)
			if err != nil {
				t.Fatal(err)
			}
			p, err := reg.Decode(events.Event{Type: f.Type, Data: data})
			if err != nil {
				t.Fatal(err)
			}
			if err := Engine.Apply(st, f.Type, p); err != nil {
				t.Fatalf("seed %d: apply %s: %v", seed, f.Type, err)
			}
		}
		run := func(cmd engines.Command) bool {
			d := engines.NewDecision(dice.NewRoller(seed, len(log)*7, nil))
			if err := Engine.Decide(s, cmd, d); err != nil {
				return false
			}
			for _, f := range d.Facts() {
				apply(s, f)
				log = append(log, f)
			}
			return true
		}
		mustRun := func(cmd engines.Command) {
			if !run(cmd) {
				t.Fatalf("seed %d: %s refused", seed, cmd.Verb())
			}
		}
		factions := []string{"court", "schism", "sacrosanct"}
		for _, p := range []string{"Ann", "Ben"} {
			mustRun(FoundGang{Player: p, Faction: factions[rng.IntN(3)]})
			for i := 0; i < 2+rng.IntN(4); i++ {
				var flesh []string
				for j := 0; j < 1+rng.IntN(3); j++ {
					flesh = append(flesh, Fleshtypes[rng.IntN(100)].Name)
				}
				var items []string
				if rng.IntN(3) == 0 {
					items = append(items, Items[rng.IntN(12)].Name)
				}
				run(Recruit{Player: p, Incarn: Incarn{Name: string(rune('A'+i)) + p, Skill: Skills[rng.IntN(6)].Name, Toughness: Toughnesses[rng.IntN(6)].Name, Flesh: flesh, Items: items}})
			}
		}
		if !run(engines.StartScenario{Name: "R"}) {
			continue
		}
		for step := 0; step < 400 && !s.Battle.Ended; step++ {
			choices := s.Choices()
			var usable []engines.Choice
			for _, c := range choices {
				free := false
				for _, q := range c.Questions {
					if q.Options == nil && !q.Optional {
						free = true
					}
				}
				if !free && c.Label != "End the game now" && c.Label != "Record a death at the table" && !strings.Contains(c.Label, "reports") {
					usable = append(usable, c)
				}
			}
			if len(usable) == 0 {
				break
			}
			c := usable[rng.IntN(len(usable))]
			answers := map[string]string{}
			ok := true
			for _, q := range c.Questions {
				if q.Options == nil {
					continue
				}
				opts := q.Options(answers)
				if len(opts) == 0 {
					ok = false
					break
				}
				answers[q.Key] = opts[rng.IntN(len(opts))].Value
			}
			if !ok {
				continue
			}
			cmd, err := c.Build(answers)
			if err != nil {
				continue
			}
			run(cmd)
		}
		if s.Battle != nil {
			t.Logf("seed %d: round %d, ended %v, winner %q, %d facts", seed, s.Battle.Round, s.Battle.Ended, s.Battle.Winner, len(log))
		}
		replayed := testState()
		for _, f := range log {
			apply(replayed, f)
		}
		a, _ := json.Marshal(s)
		b, _ := json.Marshal(replayed)
		if string(a) != string(b) {
			t.Fatalf("seed %d: folded and replayed states differ", seed)
		}
	}
}
