package brood

import (
	"fmt"
	"sort"
	"strconv"

	"warlog/engines"
	eng "warlog/engines/brood"
)

// Demo returns the command lines (without `warlog`) of one small Brood
// Mother game played to a destroyed Mother with the program's dice for seed.
// It plays the game in memory first, through the same engine and the same
// seeded dice the campaign will use, so every line is one the rules accept
// whatever the seed: each side spawns, raises its attack, marches on the
// enemy Mother and strikes her.
func Demo(seed string) [][]string {
	lines, _ := demo(seed)
	return lines
}

// demo plays the game and returns its lines and the final state.
func demo(seed string) ([][]string, *eng.State) {
	n, err := strconv.ParseUint(seed, 10, 64)
	if err != nil {
		return nil, nil
	}
	st := eng.Engine.NewState(engines.Campaign{Name: "Brood demo", Game: "brood", Seed: n, Mode: "standard"}).(*eng.State)
	p := &demoPlayer{st: st, r: &engines.Rehearsal{Engine: eng.Engine, State: st, Seed: n}}
	p.lines = [][]string{{"campaign", "new", "Brood demo", "--game", "brood", "--seed", seed}}
	start := engines.StartScenario{Name: "First brood", Size: 8, Mothers: []string{"red=2,2", "blue=7,7"}}
	if !p.try([]string{"scenario", "start", "First brood", "--size", "8", "--mother", "red=2,2", "--mother", "blue=7,7"}, start) {
		return nil, nil
	}
	shown := false
	for guard := 0; guard < 200 && p.st.Battle != nil && !p.st.Battle.Over; guard++ {
		p.turn()
		if !shown && p.st.Battle.Round >= 3 {
			p.lines = append(p.lines, []string{"brood", "map"})
			shown = true
		}
	}
	p.lines = append(p.lines, []string{"brood", "map"})
	return p.lines, p.st
}

type demoPlayer struct {
	st    *eng.State
	r     *engines.Rehearsal
	lines [][]string
}

// try rehearses cmd; when the rules accept it the line joins the script.
func (p *demoPlayer) try(args []string, cmd engines.Command) bool {
	if !p.r.Try(cmd) {
		return false
	}
	p.lines = append(p.lines, args)
	return true
}

// turn plays the side to move the way a patient player would: grow one
// champion beside the Mother to attack 10 with Armor Piercer, then march it
// on the enemy Mother and strike her every turn; the Mother's own attack
// clears whatever comes into her Sphere of Influence.
func (p *demoPlayer) turn() {
	b := p.st.Battle
	me := b.Mothers[b.Turn]
	foe := b.Mothers[1-b.Turn]
	p.try([]string{"brood", "mother-attack"}, eng.MotherAttack{})
	var champ *eng.Piece
	for _, s := range p.st.Battle.Spawns {
		if s.Owner == me.Player && !s.Dead && (champ == nil || s.Attack > champ.Attack) {
			champ = s
		}
	}
	if champ == nil {
		dx, dy := sign(foe.X-me.X), sign(foe.Y-me.Y)
		for _, d := range [][2]int{{2 * dx, 2 * dy}, {2 * dx, dy}, {dx, 2 * dy}, {2 * dx, 0}, {0, 2 * dy}} {
			x, y := me.X+d[0], me.Y+d[1]
			if p.try([]string{"brood", "spawn", sq(x, y)}, eng.Spawn{X: x, Y: y}) {
				break
			}
		}
	} else if champ.Attack < 10 || champ.Defense < 8 || !champ.Has(eng.ArmorPiercer) {
		for _, stat := range []string{"attack", "defense"} {
			have, want := champ.Attack, 10
			if stat == "defense" {
				have, want = champ.Defense, 8
			}
			if n := min(p.st.Battle.Mothers[b.Turn].Plasmid, want-have); n > 0 {
				p.try([]string{"brood", "raise", champ.Name, stat, strconv.Itoa(n)}, eng.Raise{Spawn: champ.Name, Stat: stat, N: n})
			}
		}
		if !champ.Has(eng.ArmorPiercer) {
			p.try([]string{"brood", "mutate", champ.Name, eng.ArmorPiercer}, eng.Mutate{Spawn: champ.Name, Mutation: eng.ArmorPiercer})
		}
	} else {
		p.march(champ, foe)
	}
	if !p.st.Battle.Over {
		p.try([]string{"brood", "end-turn"}, eng.EndTurn{})
	}
}

// march strikes the enemy Mother if the champion stands by her, else moves
// it as near her as it can go and strikes.
func (p *demoPlayer) march(s *eng.Piece, foe *eng.Mother) {
	if p.try([]string{"brood", "attack", s.Name, foe.Player, "--end"}, eng.Attack{Spawn: s.Name, Target: foe.Player, OnTie: "end"}) {
		return
	}
	type cand struct{ x, y, d int }
	var cs []cand
	b := p.st.Battle
	for x := 1; x <= b.Size; x++ {
		for y := 1; y <= b.Size; y++ {
			cs = append(cs, cand{x, y, max(abs(x-foe.X), abs(y-foe.Y))})
		}
	}
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].d < cs[j].d })
	here := max(abs(s.X-foe.X), abs(s.Y-foe.Y))
	for _, c := range cs {
		if c.d >= here {
			break
		}
		if p.try([]string{"brood", "move", s.Name, sq(c.x, c.y)}, eng.Move{Spawn: s.Name, X: c.x, Y: c.y}) {
			break
		}
	}
	if !s.Dead {
		p.strike(s, foe)
	}
}

// strike attacks the enemy Mother if the spawn stands by her, else an
// adjacent enemy spawn in its way.
func (p *demoPlayer) strike(s *eng.Piece, foe *eng.Mother) bool {
	if p.try([]string{"brood", "attack", s.Name, foe.Player, "--end"}, eng.Attack{Spawn: s.Name, Target: foe.Player, OnTie: "end"}) {
		return true
	}
	for _, e := range p.st.Battle.Spawns {
		if e.Owner != s.Owner && !e.Dead && !s.Dead && max(abs(e.X-s.X), abs(e.Y-s.Y)) == 1 {
			if p.try([]string{"brood", "attack", s.Name, e.Name, "--end"}, eng.Attack{Spawn: s.Name, Target: e.Name, OnTie: "end"}) {
				return true
			}
		}
	}
	return false
}

func sq(x, y int) string { return fmt.Sprintf("%d,%d", x, y) }

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}
