package deadwars

import (
	"testing"

	"warlog/engines"
	"warlog/engines/kit/kittest"
)

// game is a Deadwars campaign under test (kittest.Table): st is its
// state, the table's S.
type game struct {
	*kittest.Table[*State]
	t  *testing.T
	st *State
}

func newGame(t *testing.T) *game {
	t.Helper()
	st := Engine.NewState(engines.Campaign{Name: "test", Game: "deadwars", Seed: 1}).(*State)
	return &game{Table: kittest.New(t, Engine, st), t: t, st: st}
}

// forces builds Ann (Dracula: Vlad Hero Wizard Champion, Igor Guard
// Berserker, Renny Soldier Fighter) and Ben (Davy Jones: Davy Hero Fighter
// Champion, Jack Guard Shooter, Bones Soldier Skirmisher).
func (g *game) forces() {
	g.t.Helper()
	g.Do(CreateForce{Player: "Ann", Clan: "dracula"})
	g.Do(Recruit{Player: "Ann", Name: "Vlad", Class: "wizard", Champion: true})
	g.Do(Recruit{Player: "Ann", Name: "Igor", Rank: "guard", Class: "berserker"})
	g.Do(Recruit{Player: "Ann", Name: "Renny", Rank: "soldier", Class: "fighter"})
	g.Do(CreateForce{Player: "Ben", Clan: "davy-jones"})
	g.Do(Recruit{Player: "Ben", Name: "Davy", Class: "fighter", Champion: true})
	g.Do(Recruit{Player: "Ben", Name: "Jack", Rank: "guard", Class: "shooter"})
	g.Do(Recruit{Player: "Ben", Name: "Bones", Rank: "soldier", Class: "skirmisher"})
}

// start starts brief with Ann winning the roll-off (6 against 1): Ann
// deploys first and, with as many figures as Ben, takes the first turn.
// extra are the dice after the roll-off (Humans' classes).
func (g *game) start(brief string, extra ...int) {
	g.t.Helper()
	g.Do(engines.StartScenario{Name: "Battle", Brief: brief}, append([]int{6, 1}, extra...)...)
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
	g.Do(RollDice{}, faces...)
}
