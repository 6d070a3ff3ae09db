package dw

import (
	"fmt"
	"strconv"

	"warlog/engines"
	"warlog/engines/deadwars"
)

// Demo returns the command lines (without `warlog`) of one Head Count game
// played to its end with the program's dice for seed. It plays the game in
// memory first, through the same engine and the same seeded dice the
// campaign will use, so every line it returns is one the rules accept.
func Demo(seed string) [][]string {
	n, err := strconv.ParseUint(seed, 10, 64)
	if err != nil {
		return nil
	}
	p := &player{st: deadwars.Engine.NewState(engines.Campaign{Name: "Deadwars demo", Game: game, Seed: n}).(*deadwars.State), seed: n}
	p.lines = append(p.lines, []string{"campaign", "new", "Deadwars demo", "--game", "deadwars", "--seed", seed})
	setup := []struct {
		args []string
		cmd  engines.Command
	}{
		{[]string{"dw", "force", "Ann", "--clan", "dracula"}, deadwars.CreateForce{Player: "Ann", Clan: "dracula"}},
		{[]string{"dw", "recruit", "Ann", "Vlad", "--class", "wizard", "--champion"}, deadwars.Recruit{Player: "Ann", Name: "Vlad", Class: "wizard", Champion: true}},
		{[]string{"dw", "recruit", "Ann", "Igor", "--rank", "guard", "--class", "berserker"}, deadwars.Recruit{Player: "Ann", Name: "Igor", Rank: "guard", Class: "berserker"}},
		{[]string{"dw", "recruit", "Ann", "Mina", "--rank", "soldier", "--class", "shooter"}, deadwars.Recruit{Player: "Ann", Name: "Mina", Rank: "soldier", Class: "shooter"}},
		{[]string{"dw", "force", "Ben", "--clan", "davy-jones"}, deadwars.CreateForce{Player: "Ben", Clan: "davy-jones"}},
		{[]string{"dw", "recruit", "Ben", "Davy", "--class", "fighter", "--champion"}, deadwars.Recruit{Player: "Ben", Name: "Davy", Class: "fighter", Champion: true}},
		{[]string{"dw", "recruit", "Ben", "Jack", "--rank", "guard", "--class", "skirmisher"}, deadwars.Recruit{Player: "Ben", Name: "Jack", Rank: "guard", Class: "skirmisher"}},
		{[]string{"dw", "recruit", "Ben", "Bones", "--rank", "soldier", "--class", "fighter"}, deadwars.Recruit{Player: "Ben", Name: "Bones", Rank: "soldier", Class: "fighter"}},
		{[]string{"scenario", "start", "Skull Hill", "--brief", "head-count"}, engines.StartScenario{Name: "Skull Hill", Brief: "head-count"}},
	}
	for _, s := range setup {
		if !p.try(s.args, s.cmd) {
			return nil
		}
	}
	for guard := 0; guard < 40; guard++ {
		b := p.st.Current()
		if b == nil {
			break
		}
		p.turn(b)
	}
	return p.lines
}

type player struct {
	st    *deadwars.State
	seed  uint64
	r     *engines.Rehearsal
	lines [][]string
	shown bool
}

// try rehearses cmd on the in-memory state; when the rules accept it the
// line joins the script.
func (p *player) try(args []string, cmd engines.Command) bool {
	if p.r == nil {
		p.r = &engines.Rehearsal{Engine: deadwars.Engine, State: p.st, Seed: p.seed}
	}
	if !p.r.Try(cmd) {
		return false
	}
	p.lines = append(p.lines, args)
	return true
}

// turn plays one player's turn greedily: roll, a Bolt when the pool
// allows, melee figures close in, everyone attacks with what is left, a
// Defend die on the Champion, end the turn.
func (p *player) turn(b *deadwars.Battle) {
	me := b.ActivePlayer()
	if !p.try([]string{"dw", "roll"}, deadwars.RollDice{}) {
		return
	}
	if !p.shown {
		// Once: the pool by face and action, as a player sees it.
		p.lines = append(p.lines, []string{"status"})
		p.shown = true
	}
	enemies := func() []*deadwars.Fig { return p.st.Current().Living(p.st.Current().Other(me)) }
	for _, f := range b.Living(me) {
		if (f.Champion || f.Class == deadwars.Wizard) && len(enemies()) > 0 {
			t := enemies()[0].Name
			p.try([]string{"dw", "cast", f.Name, "bolt", t}, deadwars.Cast{Caster: f.Name, Spell: "bolt", Target: t})
		}
	}
	for _, f := range b.Living(me) {
		cur := p.st.Current()
		if cur == nil || f.Dead {
			return
		}
		es := enemies()
		if len(es) == 0 {
			return
		}
		t := es[0].Name
		if deadwars.Class(f.Class).Range == 0 && len(cur.ContactsOf(f.Ref())) == 0 && cur.Round == 1 {
			// The forces deploy 12" apart: the first turn only closes in.
			for _, die := range []int{1, 2} {
				if p.try([]string{"dw", "dash", f.Name, "--die", fmt.Sprint(die)}, deadwars.Dash{Figure: f.Name, Die: die}) {
					break
				}
			}
			continue
		}
		if deadwars.Class(f.Class).Range == 0 && len(cur.ContactsOf(f.Ref())) == 0 {
			for _, die := range []int{1, 2, 3, 4, 5} {
				if p.try([]string{"dw", "dash", f.Name, "--die", fmt.Sprint(die), "--into", t}, deadwars.Dash{Figure: f.Name, Die: die, Into: t}) ||
					p.try([]string{"dw", "move", f.Name, "--die", fmt.Sprint(die), "--into", t}, deadwars.Move{Figure: f.Name, Die: die, Into: t}) {
					p.try([]string{"dw", "attack", f.Name, t, "--free"}, deadwars.Attack{Figure: f.Name, Target: t, Free: true})
					break
				}
			}
		}
		if c := p.st.Current(); c != nil {
			if cs := c.ContactsOf(f.Ref()); len(cs) > 0 {
				t = cs[0].Name
			}
		}
		for _, die := range []int{2, 3, 4, 3, 4, 2, 4} {
			if p.st.Current() == nil {
				return
			}
			p.try([]string{"dw", "attack", f.Name, t, "--die", fmt.Sprint(die)}, deadwars.Attack{Figure: f.Name, Target: t, Dice: []int{die}})
		}
	}
	if p.st.Current() == nil {
		return
	}
	for _, f := range b.Living(me) {
		if f.Champion {
			p.try([]string{"dw", "defend", f.Name, "--die", "5"}, deadwars.Defend{Figure: f.Name, Die: 5})
		}
	}
	p.try([]string{"dw", "end-turn"}, deadwars.EndTurn{})
}
