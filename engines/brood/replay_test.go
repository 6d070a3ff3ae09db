package brood

import (
	"encoding/json"
	"testing"

	"warlog/engines"
)

// A game folded again from its facts draws the same map, and deciding a
// command (even one that succeeds) leaves the state it was decided on alone.
func TestReplayAndPureDecide(t *testing.T) {
	g := started(t, "")
	g.Do(Spawn{X: 4, Y: 4})
	g.Do(Raise{Spawn: "R1", Stat: "attack", N: 5})
	g.endTurn()
	g.Do(Spawn{X: 5, Y: 5})
	g.endTurn()
	g.Do(Attack{Spawn: "R1", Target: "B1", OnTie: "counter"}, 1, 1, 3, 4, 1, 1, 6, 6) // 10 against 10; counter 5 against 15
	g.Do(Move{Spawn: "R1", X: 5, Y: 4})
	g.endTurn()

	before := g.snapshot()
	d := engines.NewDecision(nil)
	if err := Engine.Decide(g.s, Spawn{X: 5, Y: 6}, d); err != nil {
		t.Fatal(err)
	}
	if g.snapshot() != before {
		t.Fatal("Decide changed the state it decided on")
	}

	fresh := newGame(t, "")
	for _, f := range g.Log {
		fresh.Fold(f)
	}
	a, _ := g.s.Map()
	b, _ := fresh.s.Map()
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	if string(ja) != string(jb) {
		t.Fatalf("replayed map differs:\n%s\n%s", ja, jb)
	}
	if scen, turn := fresh.s.Now(); scen != "G1" || turn != 2 {
		t.Fatalf("Now() = %q, %d; want G1, 2", scen, turn)
	}
}

// The status rows start with name, side, status and carry CLI.md's keys.
func TestStatusKeys(t *testing.T) {
	g := started(t, "")
	g.Do(Spawn{X: 4, Y: 4})
	st := g.s.Status()
	if st.Scenario != "G1" || st.Turn != 1 || st.Phase != "red's turn" {
		t.Fatalf("status head %q %d %q", st.Scenario, st.Turn, st.Phase)
	}
	for _, r := range st.Figures {
		if r[0].Key != "name" || r[1].Key != "side" || r[2].Key != "status" {
			t.Fatalf("row starts %v", r[:3])
		}
		for _, k := range []string{"attack", "defense", "move", "x", "y"} {
			if r.Get(k) == nil {
				t.Fatalf("row %v lacks %s", r, k)
			}
		}
	}
	if st.Figures[0].Get("life") != 5 || st.Figures[0].Get("plasmid") != 5 {
		t.Fatalf("red's Mother row %v", st.Figures[0])
	}
	if st.Figures[2].Get("name") != "R1" || st.Figures[2].Get("attack") != 3 {
		t.Fatalf("R1 row %v", st.Figures[2])
	}
}

// Every recorded command decodes back to the value that was decided.
func TestDecodeCommand(t *testing.T) {
	for _, c := range []engines.Command{
		Spawn{X: 4, Y: 4, Name: "Grub"}, Raise{Spawn: "R1", Stat: "attack", N: 2}, Move{Spawn: "R1", X: 5, Y: 5},
		Attack{Spawn: "R1", Target: "blue", OnTie: "counter"}, MotherAttack{Order: []string{"B1"}}, MotherMove{X: 3, Y: 4},
		Absorb{Spawn: "R2"}, Regenerate{N: 2}, Mutate{Spawn: "R1", Mutation: Mitosis, AtX: 5, AtY: 4},
		Evolve{Evolution: Fontification, Font: "R3"}, Subvert{Spawn: "B1"}, EndTurn{},
		engines.StartScenario{Name: "G", Size: 8}, engines.EndScenario{Winner: "red"},
	} {
		raw, err := json.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		got, err := Engine.DecodeCommand(c.Verb(), raw)
		if err != nil {
			t.Fatalf("%s: %v", c.Verb(), err)
		}
		g1, _ := json.Marshal(got)
		if string(g1) != string(raw) || got.Verb() != c.Verb() {
			t.Fatalf("%s decoded to %s (%T), want %s", c.Verb(), g1, got, raw)
		}
	}
	if _, err := Engine.DecodeCommand("brood fly", nil); err == nil {
		t.Fatal("an unknown verb decoded")
	}
}
