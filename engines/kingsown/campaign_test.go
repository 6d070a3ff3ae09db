package kingsown_test

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"

	"warlog/campaigns"
	"warlog/engines"
	"warlog/engines/dice"
	"warlog/engines/kingsown"
	"warlog/events"
	"warlog/events/memory"
)

// svc is a campaigns service over a log in memory.
type svc struct {
	t    *testing.T
	s    *campaigns.Service
	name string
}

func open(t *testing.T) *svc {
	t.Helper()
	st := memory.New(nil)
	t.Cleanup(func() { st.Close() })
	x := &svc{t: t, s: campaigns.New(st, kingsown.Engine), name: "Hunt"}
	seed := uint64(7)
	if _, err := x.s.Create(context.Background(), x.name, campaigns.CreateOptions{Game: "kingsown", Seed: &seed}); err != nil {
		t.Fatal(err)
	}
	return x
}

func (x *svc) do(cmd engines.Command, hand ...int) *campaigns.Result {
	x.t.Helper()
	game := gameOf(cmd)
	res, err := x.s.Do(context.Background(), x.name, game, cmd, campaigns.Options{Dice: hand})
	if err != nil {
		x.t.Fatalf("%s: %v", cmd.Verb(), err)
	}
	return res
}

// gameOf is the game a command belongs to: "" for the shared scenario
// commands, which every game takes.
func gameOf(cmd engines.Command) string {
	if strings.HasPrefix(cmd.Verb(), "scenario ") {
		return ""
	}
	return "kingsown"
}

func (x *svc) version() int64 {
	x.t.Helper()
	v, err := events.Version(context.Background(), x.s.Store(), x.name)
	if err != nil {
		x.t.Fatal(err)
	}
	return v
}

// refused checks that cmd fails and the store did not grow.
func (x *svc) refused(cmd engines.Command, rule string, hand ...int) {
	x.t.Helper()
	before := x.version()
	game := gameOf(cmd)
	_, err := x.s.Do(context.Background(), x.name, game, cmd, campaigns.Options{Dice: hand})
	var re *engines.RuleError
	switch {
	case err == nil:
		x.t.Fatalf("%s was not refused", cmd.Verb())
	case rule == "dice" && !errors.Is(err, dice.ErrTooFew) && !errors.Is(err, dice.ErrTooMany):
		x.t.Fatalf("%s: %v, want wrong dice", cmd.Verb(), err)
	case rule != "dice" && (!errors.As(err, &re) || re.Rule != rule):
		x.t.Fatalf("%s: %v, want a refusal under %s", cmd.Verb(), err, rule)
	}
	if after := x.version(); after != before {
		x.t.Fatalf("%s was refused but the log grew from %d to %d events", cmd.Verb(), before, after)
	}
}

func (x *svc) state() engines.State {
	x.t.Helper()
	st, err := x.s.Load(context.Background(), x.name)
	if err != nil {
		x.t.Fatal(err)
	}
	return st.Game
}

func (x *svc) rosterJSON() string {
	x.t.Helper()
	b, err := json.Marshal(x.state().Roster())
	if err != nil {
		x.t.Fatal(err)
	}
	return string(b)
}

// member returns a roster row by name.
func (x *svc) member(name string) engines.Row {
	x.t.Helper()
	for _, r := range x.state().Roster().Figures {
		if r.String("name") == name {
			return r
		}
	}
	x.t.Fatalf("no %s in the roster", name)
	return nil
}

func (x *svc) figure(name string) engines.Row {
	x.t.Helper()
	for _, r := range x.state().Status().Figures {
		if r.String("name") == name {
			return r
		}
	}
	return nil
}

func recruitHunters(t *testing.T, x *svc) {
	t.Helper()
	b, err := os.ReadFile("../../samples/kingsown/hunters.cards")
	if err != nil {
		t.Fatal(err)
	}
	cards, err := kingsown.ParseCards(string(b), "")
	if err != nil {
		t.Fatal(err)
	}
	ogre, err := kingsown.ParseCards("Ogre · Side ogres · Skill 3 · Move 4 · Res 2 · Hits 9 · Club M3 R1 · Multi 4", "")
	if err != nil {
		t.Fatal(err)
	}
	x.do(kingsown.Recruit{Cards: append(cards, ogre...)})
}

// TestThreeScenarioCampaign is the campaign: a Broken Hunter returns
// at -1, sits a scenario out and is back at card Skill; a Down Hunter is
// never fielded again; a Withdrawn Hunter is unchanged; undoing
// `scenario end` restores the roster exactly.
func TestThreeScenarioCampaign(t *testing.T) {
	x := open(t)
	recruitHunters(t, x)

	// Scenario 1: Bors, Edda and Tam against the Ogre.
	x.do(engines.StartScenario{Name: "Ambush", Field: []string{"Bors", "Edda", "Tam", "Ogre"}})
	x.do(kingsown.Initiative{}, 6, 1)
	x.do(kingsown.ChooseFirst{Side: "hunters"})
	x.do(kingsown.Next{})
	x.do(kingsown.Attack{Attacker: "Ogre", Targets: []string{"Edda"}}, 1, 6, 1) // 9 against 3: one Hit
	x.do(kingsown.Attack{Attacker: "Ogre", Targets: []string{"Edda"}}, 1, 6, 1) // Edda Down
	x.do(kingsown.Attack{Attacker: "Ogre", Targets: []string{"Tam"}}, 1, 1, 6)  // Tam Skill 2 -> 1
	x.do(kingsown.Attack{Attacker: "Ogre", Targets: []string{"Bors"}}, 1, 1, 6) // M3 through the shield; Bors 3 -> 2
	if got := x.figure("Bors").Get("skill"); got != 2 {
		t.Fatalf("set-up: Bors Skill %v, want 2", got)
	}
	x.do(kingsown.Next{})
	x.do(kingsown.Initiative{}, 6, 1)
	x.do(kingsown.ChooseFirst{Side: "hunters"})
	x.do(kingsown.Move{Figure: "Bors", Move: "withdraw"})
	x.do(kingsown.Next{})
	x.do(kingsown.Attack{Attacker: "Ogre", Targets: []string{"Tam"}}, 1, 1, 6) // Tam Broken
	if got := x.figure("Tam").String("status"); got != "broken" {
		t.Fatalf("set-up: Tam %s, want broken", got)
	}
	x.do(engines.EndScenario{})
	want := map[string][2]any{"Edda": {"dead", 3}, "Tam": {"recovering", 1}, "Bors": {"available", 3}, "Wyn": {"available", 3}}
	for n, w := range want {
		r := x.member(n)
		if r.Get("status") != w[0] || r.Get("skill") != w[1] {
			t.Errorf("after Ambush: %s %v Skill %v, want %v %v", n, r.Get("status"), r.Get("skill"), w[0], w[1])
		}
	}

	// Scenario 2: the dead cannot be fielded; Tam returns at Skill 1.
	x.refused(engines.StartScenario{Name: "Return", Field: []string{"Edda", "Ogre"}}, "FieldingTheDead")
	x.do(engines.StartScenario{Name: "Return", Field: []string{"Tam", "Wyn", "Ogre"}})
	if r := x.figure("Tam"); r.Get("skill") != 1 || r.Get("start_skill") != 1 {
		t.Fatalf("Tam returns at Skill %v (start %v), want 1", r.Get("skill"), r.Get("start_skill"))
	}
	x.do(engines.EndScenario{})
	if r := x.member("Tam"); r.Get("skill") != 1 || r.Get("scenarios") != 2 {
		t.Fatalf("Tam after fighting again: Skill %v, scenarios %v; want 1, 2", r.Get("skill"), r.Get("scenarios"))
	}

	// Scenario 3: Tam sits out and is back at card Skill; Edda stays dead.
	x.refused(engines.StartScenario{Name: "Clearing", Field: []string{"Edda", "Ogre"}}, "FieldingTheDead")
	x.do(engines.StartScenario{Name: "Clearing", Field: []string{"Bors", "Wyn", "Ogre"}})
	before := x.rosterJSON()
	x.do(engines.EndScenario{})
	if r := x.member("Tam"); r.Get("skill") != 2 || r.Get("status") != "available" || r.Get("sat_out") != 1 {
		t.Fatalf("Tam after sitting out: %v", r)
	}
	if r := x.member("Bors"); r.Get("skill") != 3 || r.Get("scenarios") != 2 {
		t.Fatalf("Withdrawn Bors: %v", r)
	}
	if r := x.member("Edda"); r.Get("status") != "dead" {
		t.Fatalf("Edda: %v", r)
	}

	// Undo `scenario end`: the fight re-opens and the roster is as before.
	if _, err := x.s.Undo(context.Background(), x.name, 1, "", campaigns.Options{}); err != nil {
		t.Fatal(err)
	}
	if after := x.rosterJSON(); after != before {
		t.Fatalf("undo of scenario end:\n got %s\nwant %s", after, before)
	}
	if s := x.state().Status(); s.Scenario != "Clearing" {
		t.Fatalf("undo did not re-open the fight: %q", s.Scenario)
	}
	// And redo applies the recovery again.
	if _, err := x.s.Redo(context.Background(), x.name, 1, campaigns.Options{}); err != nil {
		t.Fatal(err)
	}
	if r := x.member("Tam"); r.Get("skill") != 2 {
		t.Fatalf("redo: Tam %v", r)
	}
}

// TestRefusalsWriteNothing: every refusal of the list, through the
// service, leaves the log as it was.
func TestRefusalsWriteNothing(t *testing.T) {
	x := open(t)
	recruitHunters(t, x)
	noRear, _ := kingsown.ParseCards("Shellback · Side ogres · Skill 1 · Res 3 · Hits 3 · Claw M1 R1 · No Rear", "")
	x.do(kingsown.Recruit{Cards: noRear})
	x.do(engines.StartScenario{Name: "Drill", Field: []string{"Bors", "Wyn", "Edda", "Tam", "Ogre", "Shellback"}})
	x.refused(kingsown.Move{Figure: "Bors", Move: "half"}, "Phase") // wrong phase: initiative first
	x.refused(kingsown.Initiative{}, "dice", 6)                     // wrong dice: two needed
	x.do(kingsown.Initiative{}, 6, 1)
	x.do(kingsown.ChooseFirst{Side: "hunters"})
	x.do(kingsown.Move{Figure: "Tam", Move: "full"})
	x.do(kingsown.Next{})
	x.refused(kingsown.Attack{Attacker: "Tam", Targets: []string{"Ogre"}}, "Frenzy", 1, 1, 1)
	x.refused(kingsown.Cast{Caster: "Wyn", Spell: "Rally", Targets: []string{"Wyn"}}, "Rally", 1)
	x.do(kingsown.Cast{Caster: "Wyn", Spell: "Firebolt", Targets: []string{"Ogre"}}, 6) // fails: locked out next turn
	x.refused(kingsown.Attack{Attacker: "Bors", Targets: []string{"Shellback"}, Rear: true}, "NoRear", 6, 1)
	x.do(kingsown.Attack{Attacker: "Bors", Targets: []string{"Ogre"}}, 6)
	x.refused(kingsown.Attack{Attacker: "Bors", Targets: []string{"Ogre"}}, "Multi", 6)
	x.refused(kingsown.Attack{Attacker: "Edda", Targets: []string{"Ogre"}}, "dice", 1, 6)
	x.do(kingsown.Attack{Attacker: "Shellback", Targets: []string{"Bors"}}, 6) // the Skill 1 step begins
	x.refused(kingsown.Attack{Attacker: "Edda", Targets: []string{"Ogre"}}, "SkillOrder", 6)
	x.do(kingsown.Next{})
	x.do(kingsown.Initiative{}, 6, 1)
	x.do(kingsown.ChooseFirst{Side: "hunters"})
	x.do(kingsown.Next{})
	x.refused(kingsown.Cast{Caster: "Wyn", Spell: "Ward", Targets: []string{"Bors"}}, "Firebolt", 1)
}
