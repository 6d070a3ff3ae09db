package brood

import (
	"slices"
)

// Dist is the number of moves between two squares with diagonals counted
// 1-2-1 (seed 004 line 28): every second diagonal step costs 2.
func Dist(x1, y1, x2, y2 int) int {
	dx, dy := abs(x1-x2), abs(y1-y2)
	diag := min(dx, dy)
	return max(dx, dy) - diag + diag + diag/2
}

func abs(a int) int {
	if a < 0 {
		return -a
	}
	return a
}

// MotherDist is the distance from a square to the nearest square the Mother
// fills (RULINGS: "to the nearest square she fills"); 0 on her.
func MotherDist(m *Mother, x, y int) int {
	best := -1
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			d := Dist(m.X+dx, m.Y+dy, x, y)
			if best < 0 || d < best {
				best = d
			}
		}
	}
	return best
}

// OnMother reports whether a square is one of the Mother's nine.
func OnMother(m *Mother, x, y int) bool { return abs(m.X-x) <= 1 && abs(m.Y-y) <= 1 }

// In reports whether a square is on the board.
func (b *Board) In(x, y int) bool { return x >= 1 && y >= 1 && x <= b.Size && y <= b.Size }

// At is what fills a square: a living spawn, a Mother, or neither.
func (b *Board) At(x, y int) (*Piece, *Mother) {
	for _, p := range b.Spawns {
		if !p.Dead && p.X == x && p.Y == y {
			return p, nil
		}
	}
	for _, m := range b.Mothers {
		if OnMother(m, x, y) {
			return nil, m
		}
	}
	return nil, nil
}

// Empty reports whether a square is on the board and holds nothing.
func (b *Board) Empty(x, y int) bool {
	if !b.In(x, y) {
		return false
	}
	p, m := b.At(x, y)
	return p == nil && m == nil
}

// SoI is the reach of a Mother's Sphere of Influence: 1, or 3 with Expand
// Influence (seed 004 lines 51, 78).
func (b *Board) SoI(m *Mother) int {
	if b.Has(m, ExpandInfluence) {
		return 3
	}
	return 1
}

// InSoI reports whether a square lies in the Mother's own Sphere of
// Influence (not counting Fonts).
func (b *Board) InSoI(m *Mother, x, y int) bool {
	return !OnMother(m, x, y) && MotherDist(m, x, y) <= b.SoI(m)
}

// NearFont returns an ally Plasmid Font (or Proxy) of player adjacent to the
// square, other than skip.
func (b *Board) NearFont(player string, x, y int, skip *Piece) *Piece {
	for _, p := range b.Spawns {
		if !p.Dead && p != skip && p.Owner == player && p.Font() && Dist(p.X, p.Y, x, y) == 1 {
			return p
		}
	}
	return nil
}

// InZone reports whether a square counts as inside player's SoI: her own
// Sphere or next to an ally Font (RULINGS, SoI).
func (b *Board) InZone(player string, x, y int, skip *Piece) bool {
	m := b.Mother(player)
	return (m != nil && b.InSoI(m, x, y)) || b.NearFont(player, x, y, skip) != nil
}

// capped adds a bonus that may not raise a stat above 10 (seed line 52).
func capped(base, bonus int) int {
	if base+bonus > StatCap && bonus > 0 {
		return max(base, StatCap)
	}
	return base + bonus
}

// Bonus is what a spawn adds to attack and defence where it stands: its
// Mother's SoI bonus (+2, +4 with Spawn Boost) and +2 from an adjacent
// allied Leader.
//
// Ruling: Leader bonuses do not stack (one Leader or several give +2), and
// they add to the SoI bonus under the same cap of 10.
func (b *Board) Bonus(p *Piece) int {
	bonus := 0
	if b.InZone(p.Owner, p.X, p.Y, p) {
		bonus += 2
		if m := b.Mother(p.Owner); m != nil && b.Has(m, SpawnBoost) {
			bonus += 2
		}
	}
	for _, q := range b.Spawns {
		if !q.Dead && q != p && q.Owner == p.Owner && q.Has(Leader) && Dist(q.X, q.Y, p.X, p.Y) == 1 {
			bonus += 2
			break
		}
	}
	return bonus
}

// AttackOf is a spawn's attack where it stands, with its bonuses.
//
// Ruling: a Plasmid Font's attack is 0 for good, Sphere and Leader bonuses
// included (seed 004 line 66); a Proxy attacks with its own.
func (b *Board) AttackOf(p *Piece) int {
	if p.Font() && !p.Proxy {
		return 0
	}
	return capped(p.Attack, b.Bonus(p))
}

// DefenseOf is a spawn's defence where it stands, with its bonuses.
func (b *Board) DefenseOf(p *Piece) int { return capped(p.Defense, b.Bonus(p)) }

// MotherAttack is a Mother's attack: 10, +3 with Fortify, +1 per allied
// spawn on the board, uncapped (seed line 45).
func (b *Board) MotherAttack(m *Mother) int {
	v := MotherBase + b.Allies(m.Player)
	if b.Has(m, Fortify) {
		v += FortifyBonus
	}
	return v
}

// MotherDefense is the same as her attack (seed line 45: 10/10/0).
func (b *Board) MotherDefense(m *Mother) int { return b.MotherAttack(m) }

// CanStrike reports whether a spawn can attack at all (Fonts cannot; a
// Proxy can).
func CanStrike(p *Piece) bool { return !p.Font() || p.Proxy }

// Threats are the living enemy spawns adjacent to a square that could strike
// a spawn of player leaving it.
func (b *Board) Threats(player string, x, y int) []*Piece {
	var out []*Piece
	for _, q := range b.Spawns {
		if !q.Dead && q.Owner != player && CanStrike(q) && Dist(q.X, q.Y, x, y) == 1 {
			out = append(out, q)
		}
	}
	return out
}

// step is one square of a path and what entering it cost.
type step struct {
	X, Y, Cost int
}

type node struct {
	x, y, odd int // odd: an odd number of diagonals taken so far
	cost, thr int
}

// before orders nodes cheapest first, then fewest threatened squares.
func (n *node) before(o *node) bool {
	if n.cost != o.cost {
		return n.cost < o.cost
	}
	return n.thr < o.thr
}

// spot is a square of a search and whether an odd number of diagonals led
// there (the next diagonal then costs 2).
type spot struct{ x, y, odd int }

// explore searches outward from (fx,fy) through the squares free says are
// free, diagonals 1-2-1, cheapest first and, of the cheapest, leaving the
// fewest threatened squares (thr) first; budget > 0 bounds the cost. odd
// says the piece has already taken an odd number of diagonals this turn,
// so that its next diagonal costs 2 (RULINGS: the count runs over the
// piece's whole turn). Each spot is handed to visit once, when its best
// way is known; the search ends when visit returns true. It returns the
// search: the best way found to each spot and the spot each came from.
//
// size is the board's: no square off it is free, so the search keeps its
// spots in a table of the board's squares rather than in maps (a move's
// path is searched for every move a re-decision checks).
func explore(size, fx, fy int, odd bool, budget int, free func(x, y int) bool, thr func(x, y int) int, visit func(*node) bool) *search {
	s := newSearch(size)
	k0, _ := s.index(spot{fx, fy, parity(odd)})
	s.push(k0, node{x: fx, y: fy, odd: parity(odd)})
	for len(s.heap) > 0 {
		id := s.pop()
		n := &s.nodes[id]
		ki, _ := s.index(spot{n.x, n.y, n.odd})
		if s.done[ki] {
			continue
		}
		s.done[ki] = true
		if visit(n) {
			break
		}
		leave := thr(n.x, n.y)
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				if dx == 0 && dy == 0 {
					continue
				}
				n := &s.nodes[id] // the table may have grown
				nx, ny := n.x+dx, n.y+dy
				c, odd := 1, n.odd
				if dx != 0 && dy != 0 {
					if odd == 1 {
						c = 2
					}
					odd = 1 - odd
				}
				ni, on := s.index(spot{nx, ny, odd})
				if !on || !free(nx, ny) {
					continue
				}
				if s.done[ni] || budget > 0 && n.cost+c > budget {
					continue
				}
				cand := node{x: nx, y: ny, odd: odd, cost: n.cost + c, thr: n.thr + leave}
				if old := s.best[ni]; old != 0 && !cand.before(&s.nodes[old-1]) {
					continue
				}
				s.prev[ni] = int32(ki) + 1
				s.push(ni, cand)
			}
		}
	}
	return s
}

// search holds explore's spots by the board's squares, from 0 to size+1
// on each side (the start may stand on the edge): for each, the best node
// found (its place in nodes, plus 1: 0 is none), the spot it came from
// (its index, plus 1) and whether its best way is known; heap holds the
// places of the nodes still to visit, cheapest first.
type search struct {
	side  int
	nodes []node
	best  []int32
	prev  []int32
	done  []bool
	heap  []int32
}

func newSearch(size int) *search {
	side := size + 2
	n := side * side * 2
	return &search{side: side, best: make([]int32, n), prev: make([]int32, n), done: make([]bool, n), nodes: make([]node, 0, 64)}
}

// index is k's place in the table; false for a spot off it.
func (s *search) index(k spot) (int, bool) {
	if k.x < 0 || k.y < 0 || k.x >= s.side || k.y >= s.side {
		return 0, false
	}
	return (k.y*s.side+k.x)*2 + k.odd, true
}

// spotAt is the spot of a table index.
func (s *search) spotAt(i int) spot {
	return spot{x: (i / 2) % s.side, y: (i / 2) / s.side, odd: i % 2}
}

// push makes n the best node of spot index i and queues it.
func (s *search) push(i int, n node) {
	s.nodes = append(s.nodes, n)
	id := int32(len(s.nodes) - 1)
	s.best[i] = id + 1
	s.heap = append(s.heap, id)
	for j := len(s.heap) - 1; j > 0; {
		p := (j - 1) / 2
		if !s.nodes[s.heap[j]].before(&s.nodes[s.heap[p]]) {
			break
		}
		s.heap[j], s.heap[p] = s.heap[p], s.heap[j]
		j = p
	}
}

// pop takes the cheapest queued node.
func (s *search) pop() int32 {
	h := s.heap
	top := h[0]
	last := len(h) - 1
	h[0] = h[last]
	h = h[:last]
	for j := 0; ; {
		l, r, m := 2*j+1, 2*j+2, j
		if l < len(h) && s.nodes[h[l]].before(&s.nodes[h[m]]) {
			m = l
		}
		if r < len(h) && s.nodes[h[r]].before(&s.nodes[h[m]]) {
			m = r
		}
		if m == j {
			break
		}
		h[j], h[m] = h[m], h[j]
		j = m
	}
	s.heap = h
	return top
}

// Path finds the cheapest way from (fx,fy) to (tx,ty) on a board of that
// size through squares free says are free, diagonals 1-2-1 counted on
// from odd (explore), preferring among the cheapest the path that leaves
// the fewest threatened squares (thr) and, of those, the one after which
// the next diagonal costs 1. It returns the steps after the start, or nil
// when the target cannot be reached.
func Path(size, fx, fy int, odd bool, tx, ty int, free func(x, y int) bool, thr func(x, y int) int) []step {
	var goal *node
	s := explore(size, fx, fy, odd, 0, free, thr, func(n *node) bool {
		if goal != nil && (n.cost > goal.cost || n.thr > goal.thr) {
			return true // no way to the target as good is left
		}
		if n.x == tx && n.y == ty && (goal == nil || n.odd == 0) {
			g := *n
			goal = &g
		}
		return goal != nil && goal.odd == 0
	})
	if goal == nil {
		return nil
	}
	var out []step
	start, _ := s.index(spot{fx, fy, parity(odd)})
	k, _ := s.index(spot{goal.x, goal.y, goal.odd})
	for k != start {
		p := int(s.prev[k]) - 1
		at := s.spotAt(k)
		out = append(out, step{X: at.x, Y: at.y, Cost: s.nodes[s.best[k]-1].cost - s.nodes[s.best[p]-1].cost})
		k = p
	}
	slices.Reverse(out)
	return out
}

// parity is odd as a spot counts it.
func parity(odd bool) int {
	if odd {
		return 1
	}
	return 0
}

// diagonals counts the diagonal steps of a path from (fx,fy) through the
// squares of path.
func diagonals(fx, fy int, path []Square) int {
	n := 0
	for _, q := range path {
		if q.X != fx && q.Y != fy {
			n++
		}
		fx, fy = q.X, q.Y
	}
	return n
}

// boardOrder sorts pieces top row first, then left to right.
func boardOrder(ps []*Piece) {
	slices.SortStableFunc(ps, func(a, b *Piece) int {
		if a.Y != b.Y {
			return a.Y - b.Y
		}
		return a.X - b.X
	})
}
