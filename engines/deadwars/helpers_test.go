package deadwars

import (
	"encoding/json"
	"errors"
	"testing"

	"warlog/engines"
	"warlog/engines/dice"
	"warlog/events"
)

// game drives a State the way the campaigns service does: decide with a
// roller, check every hand-entered die was used, fold the facts through a
// JSON round trip (what the store hands Apply).
type game struct {
	t   *testing.T
	st  *State
	reg *events.Registry
}

func newGame(t *testing.T) *game {
	t.Helper()
	reg := events.NewRegistry()
	reg.Register(dice.Type, dice.Rolled{})
	Engine.Register(reg)
	return &game{t: t, st: Engine.NewState(engines.Campaign{Name: "test", Game: "deadwars", Seed: 1}).(*State), reg: reg}
}

func (g *game) snapshot() string {
	b, err := json.Marshal(g.st)
	if err != nil {
		g.t.Fatal(err)
	}
	return string(b)
}

// try decides cmd with the hand-entered dice (none: the action must roll
// none) and folds the facts when it is accepted.
func (g *game) try(cmd engines.Command, hand ...int) (string, error) {
	g.t.Helper()
	before := g.snapshot()
	if hand == nil {
		hand = []int{}
	}
	r := dice.NewRoller(1, 0, hand)
	d := engines.NewDecision(r)
	err := Engine.Decide(g.st, cmd, d)
	if err == nil {
		err = r.Finish()
	}
	if after := g.snapshot(); after != before {
		g.t.Fatalf("Decide(%s) changed the state", cmd.Verb())
	}
	if err != nil {
		return "", err
	}
	for i, f := range d.Facts() {
		data, err := json.Marshal(f.Data)
		if err != nil {
			g.t.Fatal(err)
		}
		p, err := g.reg.Decode(events.Event{Type: f.Type, Data: data, Version: int64(i + 1)})
		if err != nil {
			g.t.Fatal(err)
		}
		if err := Engine.Apply(g.st, f.Type, p); err != nil {
			g.t.Fatalf("Apply(%s): %v", f.Type, err)
		}
	}
	return d.LabelText(), nil
}

// do must succeed.
func (g *game) do(cmd engines.Command, hand ...int) string {
	g.t.Helper()
	label, err := g.try(cmd, hand...)
	if err != nil {
		g.t.Fatalf("%s %+v: %v", cmd.Verb(), cmd, err)
	}
	return label
}

// refuse must be refused by rule, with the state unchanged.
func (g *game) refuse(rule string, cmd engines.Command, hand ...int) string {
	g.t.Helper()
	before := g.snapshot()
	_, err := g.try(cmd, hand...)
	var re *engines.RuleError
	if !errors.As(err, &re) {
		g.t.Fatalf("%s %+v: got %v, want a refusal by rule %s", cmd.Verb(), cmd, err, rule)
	}
	if re.Rule != rule {
		g.t.Fatalf("%s %+v: refused by %q (%v), want rule %q", cmd.Verb(), cmd, re.Rule, err, rule)
	}
	if g.snapshot() != before {
		g.t.Fatalf("%s: a refused command changed the state", cmd.Verb())
	}
	return err.Error()
}

// forces builds Ann (Dracula: Vlad Hero Wizard Champion, Igor Guard
// Berserker, Renny Soldier Fighter) and Ben (Davy Jones: Davy Hero Fighter
// Champion, Jack Guard Shooter, Bones Soldier Skirmisher).
func (g *game) forces() {
	g.t.Helper()
	g.do(CreateForce{Player: "Ann", Clan: "dracula"})
	g.do(Recruit{Player: "Ann", Name: "Vlad", Class: "wizard", Champion: true})
	g.do(Recruit{Player: "Ann", Name: "Igor", Rank: "guard", Class: "berserker"})
	g.do(Recruit{Player: "Ann", Name: "Renny", Rank: "soldier", Class: "fighter"})
	g.do(CreateForce{Player: "Ben", Clan: "davy-jones"})
	g.do(Recruit{Player: "Ben", Name: "Davy", Class: "fighter", Champion: true})
	g.do(Recruit{Player: "Ben", Name: "Jack", Rank: "guard", Class: "shooter"})
	g.do(Recruit{Player: "Ben", Name: "Bones", Rank: "soldier", Class: "skirmisher"})
}

// start starts brief with Ann winning the roll-off (6 against 1): Ann
// deploys first and, with as many figures as Ben, takes the first turn.
// extra are the dice after the roll-off (Humans' classes).
func (g *game) start(brief string, extra ...int) {
	g.t.Helper()
	g.do(engines.StartScenario{Name: "Battle", Brief: brief}, append([]int{6, 1}, extra...)...)
	if b := g.st.Current(); b.ActivePlayer() != "Ann" {
		g.t.Fatalf("first turn %s, want Ann", b.ActivePlayer())
	}
}

func (g *game) battle() *Battle {
	g.t.Helper()
	b := g.st.Last()
	if b == nil {
		g.t.Fatal("no battle")
	}
	return b
}

func (g *game) fig(name string) *Fig {
	g.t.Helper()
	for _, f := range g.battle().Figures {
		if f.Name == name {
			return f
		}
	}
	g.t.Fatalf("no figure %s", name)
	return nil
}

// ann6 is a roll for Ann's 6 dice.
func (g *game) roll(faces ...int) {
	g.t.Helper()
	g.do(RollDice{}, faces...)
}
