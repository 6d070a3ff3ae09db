package brood

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"warlog/engines"
	"warlog/engines/dice"
	"warlog/internal/words"
)

var _ engines.Prompter = (*State)(nil)

// Choices implements engines.Prompter: the actions play offers now, the
// likeliest first: an attack when a spawn has one in reach (a pending
// Feeding Frenzy's first of all), the Mother's attack, a new spawn, a move
// while a spawn has not yet moved this turn, then the end of the turn; the
// spending that is a matter of plan (raise, absorb, regenerate, mutate,
// evolve, subvert, levitate) after it.
// Every option it lists is asked of the rules themselves: the command it
// would build is decided on a trial (Decide never changes the state) and
// offered only if the engine accepts it.
func (s *State) Choices() []engines.Choice {
	b := s.Battle
	if b == nil || b.Over {
		return []engines.Choice{s.startChoice()}
	}
	move := s.moveChoice()
	var fresh, later *engines.Choice
	if s.unmoved() {
		fresh = move
	} else {
		later = move
	}
	end := s.endTurnChoice()
	var out []engines.Choice
	for _, c := range []*engines.Choice{
		s.attackChoice(), // a pending Feeding Frenzy comes first
		s.motherAttackChoice(),
		s.spawnChoice(),
		fresh,
		&end,
		later,
		s.raiseChoice(),
		s.absorbChoice(),
		s.regenerateChoice(),
		s.mutateChoice(),
		s.evolveChoice(),
		s.subvertChoice(),
		s.motherMoveChoice(),
	} {
		if c != nil {
			out = append(out, *c)
		}
	}
	return append(out, s.endGameChoice())
}

// unmoved says whether a spawn of the player to act has not moved at all
// this turn and may (one made this turn, or a Font, does not move).
func (s *State) unmoved() bool {
	m := s.Battle.Current()
	for _, p := range s.Battle.Living() {
		if p.Owner == m.Player && !p.Made && !p.Font() && p.MoveUsed == 0 && p.Move > 0 {
			return true
		}
	}
	return false
}

// trial decides cmd on program dice and reports whether the rules accept it
// now, and whether it rolled any dice.
func (s *State) trial(cmd engines.Command) (ok, rolled bool) {
	d, err := Engine.Probe(s, cmd)
	if err != nil {
		return false, false
	}
	for _, f := range d.Facts() {
		if f.Type == dice.Type {
			rolled = true
		}
	}
	return true, rolled
}

func (s *State) legal(cmd engines.Command) bool {
	ok, _ := s.trial(cmd)
	return ok
}

func fixed(picks []engines.Pick) func(map[string]string) []engines.Pick {
	return func(map[string]string) []engines.Pick { return picks }
}

func sq(x, y int) string { return fmt.Sprintf("%d,%d", x, y) }

// pieceLabel describes a spawn for a menu: name, stats where it stands,
// square and what it may still do.
func (b *Board) pieceLabel(p *Piece) string {
	var extra []string
	if p.Font() {
		extra = append(extra, "Font")
		if p.Proxy {
			extra[0] = "Proxy"
		}
	}
	for _, mu := range p.Muts {
		if mu != PlasmidFont {
			extra = append(extra, mu)
		}
	}
	if p.Points > 0 {
		extra = append(extra, fmt.Sprintf("%s to raise", words.Count(p.Points, "point", "points")))
	}
	l := fmt.Sprintf("%s %d/%d/%d at %s", p.Name, b.AttackOf(p), b.DefenseOf(p), p.Move, sq(p.X, p.Y))
	if len(extra) > 0 {
		l += " (" + strings.Join(extra, ", ") + ")"
	}
	return l
}

// ---- start and end ----

func (s *State) startChoice() engines.Choice {
	checkMother := func(v string) error {
		player, square, ok := strings.Cut(v, "=")
		if !ok || strings.TrimSpace(player) == "" {
			return fmt.Errorf("%q: write PLAYER=X,Y, e.g. red=3,3", v)
		}
		_, _, err := ParseSquare(square)
		return err
	}
	return engines.Choice{
		Label: "Start a game", NoDice: true,
		Help: fmt.Sprintf("two Mothers, each 3 x 3 around her centre square, on a square grid (%s game)", s.Campaign.Mode),
		Questions: []engines.Question{
			{Key: "name", Prompt: "Name of the game?"},
			{Key: "size", Prompt: fmt.Sprintf("Squares a side, %d to %d (empty for %d)?", MinSize, MaxSize, DefaultSize), Optional: true,
				Check: func(v string) error {
					if n, err := strconv.Atoi(v); err != nil || n < MinSize || n > MaxSize {
						return fmt.Errorf("%q: give a whole number from %d to %d", v, MinSize, MaxSize)
					}
					return nil
				}},
			{Key: "first", Prompt: "The first player and her Mother's centre, PLAYER=X,Y (e.g. red=3,3)?", Check: checkMother},
			{Key: "second", Prompt: "The second player and her Mother's centre, PLAYER=X,Y (e.g. blue=14,14)?", Check: checkMother},
		},
		Build: func(a map[string]string) (engines.Command, error) {
			c := engines.StartScenario{Name: a["name"], Mothers: []string{a["first"], a["second"]}}
			if a["size"] != "" {
				n, err := strconv.Atoi(a["size"])
				if err != nil {
					return nil, fmt.Errorf("size %q: give a whole number", a["size"])
				}
				c.Size = n
			}
			return c, nil
		},
	}
}

func (s *State) endGameChoice() engines.Choice {
	picks := []engines.Pick{{Value: "", Label: "No winner"}}
	for _, m := range s.Battle.Mothers {
		picks = append(picks, engines.Pick{Value: m.Player, Label: fmt.Sprintf("%s wins: %s concedes", m.Player, s.Battle.Enemy(m.Player).Player)})
	}
	return engines.Choice{
		Label: "End the game", Help: "stop here, with no winner or a concession", NoDice: true,
		Confirm:   "End the game now? Neither Mother acts again in it.",
		Questions: []engines.Question{{Key: "winner", Prompt: "How does it end?", Options: fixed(picks)}},
		Build: func(a map[string]string) (engines.Command, error) {
			return engines.EndScenario{Winner: a["winner"]}, nil
		},
	}
}

func (s *State) endTurnChoice() engines.Choice {
	b := s.Battle
	m := b.Current()
	next := b.Mothers[(b.Turn+1)%len(b.Mothers)]
	_, rolled := s.trial(EndTurn{})
	help := fmt.Sprintf("%s gains %d Plasmid (at most %d banked) and her Fonts' income", next.Player, PlasmidIncome, PlasmidCap)
	if rolled {
		help += "; a poisoned spawn's Retributive Strike rolls dice"
	}
	return engines.Choice{
		Label: fmt.Sprintf("End %s turn", words.Possessive(m.Player)), Help: help, Game: "brood", NoDice: !rolled, EndsTurn: true,
		Build: func(map[string]string) (engines.Command, error) { return EndTurn{}, nil },
	}
}

// ---- the Mother's actions ----

func (s *State) spawnChoice() *engines.Choice {
	b := s.Battle
	m := b.Current()
	var picks []engines.Pick
	for y := 1; y <= b.Size; y++ {
		for x := 1; x <= b.Size; x++ {
			if !b.Empty(x, y) || !b.InZone(m.Player, x, y, nil) || !s.legal(Spawn{X: x, Y: y}) {
				continue
			}
			l := sq(x, y)
			if !b.InSoI(m, x, y) {
				l += " (next to Font " + b.NearFont(m.Player, x, y, nil).Name + ")"
			}
			picks = append(picks, engines.Pick{Value: sq(x, y), Label: l})
		}
	}
	if len(picks) == 0 {
		return nil
	}
	return &engines.Choice{
		Label: "Spawn", Help: fmt.Sprintf("a new 1/1/2 spawn for %d Plasmid (%s has %d); it acts from next turn", SpawnCost, m.Player, m.Plasmid),
		Game: "brood", NoDice: true,
		Questions: []engines.Question{{Key: "square", Prompt: "On which square?", Options: fixed(picks)}},
		Build: func(a map[string]string) (engines.Command, error) {
			x, y, err := ParseSquare(a["square"])
			if err != nil {
				return nil, err
			}
			return Spawn{X: x, Y: y}, nil
		},
	}
}

func (s *State) motherAttackChoice() *engines.Choice {
	b := s.Battle
	m := b.Current()
	if !s.legal(MotherAttack{}) {
		return nil
	}
	var targets []*Piece
	for _, p := range b.Living() {
		if p.Owner != m.Player && b.InSoI(m, p.X, p.Y) {
			targets = append(targets, p)
		}
	}
	boardOrder(targets)
	c := &engines.Choice{
		Label: "The Mother attacks", Game: "brood",
		Help: fmt.Sprintf("%s Mother (%d) fights every enemy spawn in her Sphere of Influence, 2d6 each", words.Possessive(m.Player), b.MotherAttack(m)),
		Build: func(a map[string]string) (engines.Command, error) {
			if a["first"] == "" {
				return MotherAttack{}, nil
			}
			return MotherAttack{Order: []string{a["first"]}}, nil
		},
	}
	if len(targets) > 1 {
		picks := []engines.Pick{{Value: "", Label: "in board order (top row first, left to right)"}}
		for _, p := range targets {
			picks = append(picks, engines.Pick{Value: p.Name, Label: b.pieceLabel(p) + " first"})
		}
		c.Questions = []engines.Question{{Key: "first", Prompt: "Which enemy spawn does she fight first?", Options: fixed(picks)}}
	}
	return c
}

func (s *State) motherMoveChoice() *engines.Choice {
	b := s.Battle
	m := b.Current()
	if !b.Has(m, Levitation) {
		return nil
	}
	var picks []engines.Pick
	for dy := -LevitateMove; dy <= LevitateMove; dy++ {
		for dx := -LevitateMove; dx <= LevitateMove; dx++ {
			x, y := m.X+dx, m.Y+dy
			if (dx != 0 || dy != 0) && s.legal(MotherMove{X: x, Y: y}) {
				picks = append(picks, engines.Pick{Value: sq(x, y), Label: "centred on " + sq(x, y)})
			}
		}
	}
	if len(picks) == 0 {
		return nil
	}
	return &engines.Choice{
		Label: "The Mother levitates", Help: fmt.Sprintf("Levitation: she moves %d a turn, her 3 x 3 on clear squares", LevitateMove),
		Game: "brood", NoDice: true,
		Questions: []engines.Question{{Key: "square", Prompt: "Where does her centre go?", Options: fixed(picks)}},
		Build: func(a map[string]string) (engines.Command, error) {
			x, y, err := ParseSquare(a["square"])
			if err != nil {
				return nil, err
			}
			return MotherMove{X: x, Y: y}, nil
		},
	}
}

func (s *State) absorbChoice() *engines.Choice {
	b := s.Battle
	var picks []engines.Pick
	for _, p := range b.Living() {
		if s.legal(Absorb{Spawn: p.Name}) {
			picks = append(picks, engines.Pick{Value: p.Name, Label: b.pieceLabel(p)})
		}
	}
	if len(picks) == 0 {
		return nil
	}
	return &engines.Choice{
		Label: "Absorb a spawn", Help: fmt.Sprintf("take a spawn next to her back for %d Plasmid; no new spawn this turn then", AbsorbGain),
		Game: "brood", NoDice: true,
		Questions: []engines.Question{{Key: "spawn", Prompt: "Which spawn does she absorb?", Options: fixed(picks)}},
		Build:     func(a map[string]string) (engines.Command, error) { return Absorb{Spawn: a["spawn"]}, nil },
	}
}

func (s *State) regenerateChoice() *engines.Choice {
	b := s.Battle
	m := b.Current()
	cost := RegenCost(s.Campaign.Mode)
	var picks []engines.Pick
	for n := 1; n <= MaxLife; n++ {
		if s.legal(Regenerate{N: n}) {
			picks = append(picks, engines.Pick{Value: strconv.Itoa(n), Label: fmt.Sprintf("%d for %d Plasmid: Life %d -> %d", n, n*cost, m.Life, m.Life+n)})
		}
	}
	if len(picks) == 0 {
		return nil
	}
	return &engines.Choice{
		Label: "Regenerate", Help: fmt.Sprintf("buy Life Points at %d Plasmid each (%s game)", cost, s.Campaign.Mode), Game: "brood", NoDice: true,
		Questions: []engines.Question{{Key: "n", Prompt: "How many Life Points?", Options: fixed(picks)}},
		Build: func(a map[string]string) (engines.Command, error) {
			n, err := strconv.Atoi(a["n"])
			if err != nil {
				return nil, fmt.Errorf("%q is not a number of Life Points", a["n"])
			}
			return Regenerate{N: n}, nil
		},
	}
}

// evolveOptions lists the evolutions the brood may take now (the Mother's
// own, and each Proxy's one), with the command each builds.
func (s *State) evolveOptions() ([]engines.Pick, map[string]Evolve) {
	b := s.Battle
	m := b.Current()
	var proxies, fonts []*Piece
	for _, p := range b.Living() {
		if p.Owner == m.Player && p.Proxy && p.Evolution == "" {
			proxies = append(proxies, p)
		}
		if p.Owner == m.Player && p.Font() && !p.Proxy {
			fonts = append(fonts, p)
		}
	}
	var picks []engines.Pick
	cmds := map[string]Evolve{}
	add := func(c Evolve, label string) {
		if !s.legal(c) {
			return
		}
		v := strconv.Itoa(len(cmds))
		cmds[v] = c
		picks = append(picks, engines.Pick{Value: v, Label: label})
	}
	for _, who := range append([]*Piece{nil}, proxies...) {
		for _, e := range Evolutions {
			by := ""
			if who != nil {
				by = "Proxy " + who.Name + " takes "
			}
			if e.Name != Fontification {
				c := Evolve{Evolution: e.Name}
				if who != nil {
					c.Proxy = who.Name
				}
				add(c, by+e.Name+": "+e.Text)
				continue
			}
			for _, f := range fonts {
				c := Evolve{Evolution: e.Name, Font: f.Name}
				if who != nil {
					c.Proxy = who.Name
				}
				add(c, fmt.Sprintf("%s%s: Font %s becomes a Brood Proxy (+%d Plasmid a turn, attack %d, an evolution of its own)", by, e.Name, f.Name, ProxyIncome, ProxyAttack))
			}
		}
	}
	return picks, cmds
}

func (s *State) evolveChoice() *engines.Choice {
	picks, cmds := s.evolveOptions()
	if len(picks) == 0 {
		return nil
	}
	m := s.Battle.Current()
	return &engines.Choice{
		Label: "Evolve", Help: fmt.Sprintf("%d Plasmid (%s has %d); two per Mother, never the same twice", EvolveCost, m.Player, m.Plasmid),
		Game: "brood", NoDice: true,
		Questions: []engines.Question{{Key: "evolution", Prompt: "Which evolution?", Options: fixed(picks)}},
		Build: func(a map[string]string) (engines.Command, error) {
			c, ok := cmds[a["evolution"]]
			if !ok {
				return nil, fmt.Errorf("no such evolution on the menu: %q", a["evolution"])
			}
			return c, nil
		},
	}
}

func (s *State) subvertChoice() *engines.Choice {
	b := s.Battle
	m := b.Current()
	if !b.Has(m, Subversion) {
		return nil
	}
	var picks []engines.Pick
	for _, p := range b.Living() {
		if p.Owner != m.Player && s.legal(Subvert{Spawn: p.Name}) {
			picks = append(picks, engines.Pick{Value: p.Name, Label: b.pieceLabel(p)})
		}
	}
	if len(picks) == 0 {
		return nil
	}
	return &engines.Choice{
		Label: "Subvert an enemy spawn", Help: fmt.Sprintf("a Seed of Subversion for %d Plasmid at a spawn within %d: 2d6 each, hers higher takes it", SubvertCost, SubvertRange),
		Game:      "brood",
		Questions: []engines.Question{{Key: "spawn", Prompt: "At which enemy spawn?", Options: fixed(picks)}},
		Build:     func(a map[string]string) (engines.Command, error) { return Subvert{Spawn: a["spawn"]}, nil },
	}
}

// ---- the spawns' actions ----

// Stats are a spawn's three stats, as a raise names them.
var Stats = []string{"attack", "defense", "move"}

func (s *State) raiseChoice() *engines.Choice {
	b := s.Battle
	m := b.Current()
	stats := Stats
	var spawns []engines.Pick
	for _, p := range b.Living() {
		if p.Owner != m.Player {
			continue
		}
		for _, st := range stats {
			if s.legal(Raise{Spawn: p.Name, Stat: st, N: 1}) {
				spawns = append(spawns, engines.Pick{Value: p.Name, Label: b.pieceLabel(p)})
				break
			}
		}
	}
	if len(spawns) == 0 {
		return nil
	}
	return &engines.Choice{
		Label: "Raise a spawn", Help: fmt.Sprintf("absorbed points first, then %d Plasmid a point next to the Mother or a Font (%s has %d); no stat above %d", RaiseCost, m.Player, m.Plasmid, StatCap),
		Game: "brood", NoDice: true,
		Questions: []engines.Question{
			{Key: "spawn", Prompt: "Which spawn?", Options: fixed(spawns)},
			{Key: "stat", Prompt: "Which stat?", Options: func(a map[string]string) []engines.Pick {
				p := b.Piece(a["spawn"])
				if p == nil {
					return nil
				}
				var picks []engines.Pick
				for _, st := range stats {
					if s.legal(Raise{Spawn: p.Name, Stat: st, N: 1}) {
						picks = append(picks, engines.Pick{Value: st, Label: fmt.Sprintf("%s (now %d)", st, statOf(p, st))})
					}
				}
				return picks
			}},
			{Key: "n", Prompt: "By how much?", Options: func(a map[string]string) []engines.Pick {
				p := b.Piece(a["spawn"])
				if p == nil {
					return nil
				}
				var picks []engines.Pick
				for n := 1; n <= StatCap; n++ {
					if !s.legal(Raise{Spawn: p.Name, Stat: a["stat"], N: n}) {
						continue
					}
					free := min(p.Points, n)
					how := fmt.Sprintf("%d Plasmid", (n-free)*RaiseCost)
					if free > 0 {
						how = fmt.Sprintf("%s and %d Plasmid", words.Count(free, "absorbed point", "absorbed points"), (n-free)*RaiseCost)
					}
					picks = append(picks, engines.Pick{Value: strconv.Itoa(n), Label: fmt.Sprintf("+%d to %d (%s)", n, statOf(p, a["stat"])+n, how)})
				}
				return picks
			}},
		},
		Build: func(a map[string]string) (engines.Command, error) {
			n, err := strconv.Atoi(a["n"])
			if err != nil {
				return nil, fmt.Errorf("%q is not a number of points", a["n"])
			}
			return Raise{Spawn: a["spawn"], Stat: a["stat"], N: n}, nil
		},
	}
}

// moveTarget is one square a spawn may reach now.
type moveTarget struct {
	pick   engines.Pick
	rolled bool
}

// reached is the cheapest way found to a square: its cost and the number of
// threatened squares left on the way (Path's tie-break).
type reached struct{ cost, thr int }

// reach is Path from one square to every square at once: the cheapest cost
// (diagonals 1-2-1 through free squares) of each square within budget, and
// of the cheapest paths the fewest threatened squares left. A trial move per
// square would run Path once per square, too slow to list a whole board.
func reach(size, fx, fy int, odd bool, budget int, free func(x, y int) bool, thr func(x, y int) int) map[Square]reached {
	out := map[Square]reached{}
	explore(size, fx, fy, odd, budget, free, thr, func(n *node) bool {
		at := Square{n.x, n.y}
		if r, ok := out[at]; !ok || n.cost < r.cost || n.cost == r.cost && n.thr < r.thr {
			out[at] = reached{n.cost, n.thr}
		}
		return false
	})
	delete(out, Square{fx, fy})
	return out
}

// moveTargets lists the squares p may move to now. Whether the spawn may
// move at all is asked of the rules with a trial move; the squares are
// those reach finds within its move left.
func (s *State) moveTargets(p *Piece) []moveTarget {
	b := s.Battle
	left := p.Move - p.MoveUsed
	if left <= 0 {
		return nil
	}
	threat := func(x, y int) int { return len(b.Threats(p.Owner, x, y)) }
	r := reach(b.Size, p.X, p.Y, p.OddDiagonal, left, b.Empty, threat)
	var squares []Square
	for at := range r {
		squares = append(squares, at)
	}
	if len(squares) == 0 {
		return nil
	}
	slices.SortFunc(squares, func(a, c Square) int {
		if a.Y != c.Y {
			return a.Y - c.Y
		}
		return a.X - c.X
	})
	if !s.legal(Move{Spawn: p.Name, X: squares[0].X, Y: squares[0].Y}) {
		return nil
	}
	var out []moveTarget
	for _, q := range squares {
		c := r[q]
		l := fmt.Sprintf("%s (cost %d, %d left)", sq(q.X, q.Y), c.cost, left-c.cost)
		if c.thr > 0 {
			l += ": an enemy next to its path strikes with impunity"
		}
		out = append(out, moveTarget{pick: engines.Pick{Value: sq(q.X, q.Y), Label: l}, rolled: c.thr > 0})
	}
	return out
}

func (s *State) moveChoice() *engines.Choice {
	b := s.Battle
	m := b.Current()
	var spawns []engines.Pick
	targets := map[string][]engines.Pick{}
	rolls := false
	for _, p := range b.Living() {
		if p.Owner != m.Player || p.Made || p.Font() {
			continue
		}
		ts := s.moveTargets(p)
		if len(ts) == 0 {
			continue
		}
		spawns = append(spawns, engines.Pick{Value: p.Name, Label: fmt.Sprintf("%s, %d move left", b.pieceLabel(p), p.Move-p.MoveUsed)})
		for _, t := range ts {
			targets[p.Name] = append(targets[p.Name], t.pick)
			rolls = rolls || t.rolled
		}
	}
	if len(spawns) == 0 {
		return nil
	}
	return &engines.Choice{
		Label: "Move a spawn", Help: "diagonals cost 1, 2, 1, ... over the spawn's whole turn; leaving a square next to an enemy spawn lets it strike with impunity",
		Game: "brood", NoDice: !rolls,
		Questions: []engines.Question{
			{Key: "spawn", Prompt: "Which spawn moves?", Options: fixed(spawns)},
			{Key: "square", Prompt: "To which square?", Options: func(a map[string]string) []engines.Pick { return targets[a["spawn"]] }},
		},
		Build: func(a map[string]string) (engines.Command, error) {
			x, y, err := ParseSquare(a["square"])
			if err != nil {
				return nil, err
			}
			return Move{Spawn: a["spawn"], X: x, Y: y}, nil
		},
	}
}

// attackTargets lists what p may attack now: enemy spawns by name and
// enemy Mothers by their player's name.
func (s *State) attackTargets(p *Piece) []engines.Pick {
	b := s.Battle
	var out []engines.Pick
	for _, m := range b.Mothers {
		if m.Player != p.Owner && MotherDist(m, p.X, p.Y) <= 3 && s.legal(Attack{Spawn: p.Name, Target: m.Player, OnTie: "end"}) {
			out = append(out, engines.Pick{Value: m.Player, Label: fmt.Sprintf("%s Mother (%d, Life %d)", words.Possessive(m.Player), b.MotherDefense(m), m.Life)})
		}
	}
	for _, q := range b.Living() {
		if q.Owner != p.Owner && Dist(p.X, p.Y, q.X, q.Y) <= 3 && s.legal(Attack{Spawn: p.Name, Target: q.Name, OnTie: "end"}) {
			l := b.pieceLabel(q)
			if Dist(p.X, p.Y, q.X, q.Y) > 1 {
				l += ", at range"
			}
			out = append(out, engines.Pick{Value: q.Name, Label: l})
		}
	}
	return out
}

func (s *State) attackChoice() *engines.Choice {
	b := s.Battle
	var attackers []engines.Pick
	targets := map[string][]engines.Pick{}
	for _, p := range b.Living() {
		ts := s.attackTargets(p)
		if len(ts) == 0 {
			continue
		}
		l := b.pieceLabel(p)
		if b.Frenzy == p.Name {
			l += ": its Feeding Frenzy attack, now or never"
		}
		attackers = append(attackers, engines.Pick{Value: p.Name, Label: l})
		targets[p.Name] = ts
	}
	if len(attackers) == 0 {
		return nil
	}
	attackers = engines.Likeliest(attackers, func(p engines.Pick) bool { return p.Value == b.Frenzy })
	label := "Attack"
	if b.Frenzy != "" {
		label = "Attack (Feeding Frenzy: " + b.Frenzy + " may strike again)"
	}
	return &engines.Choice{
		Label: label, Help: "2d6 plus attack against 2d6 plus defence; the loser is removed, the winner absorbs 3 points",
		Game: "brood",
		Questions: []engines.Question{
			{Key: "spawn", Prompt: "Which spawn attacks?", Options: fixed(attackers)},
			{Key: "target", Prompt: "Which target?", Options: func(a map[string]string) []engines.Pick { return targets[a["spawn"]] }},
			{Key: "tie", Prompt: "If the combat ties, what does the defender's player choose?", Options: func(a map[string]string) []engines.Pick {
				p, t := b.Piece(a["spawn"]), b.Piece(a["target"])
				if p == nil || t == nil || Dist(p.X, p.Y, t.X, t.Y) != 1 || !CanStrike(t) {
					return []engines.Pick{{Value: "", Label: "nothing to choose: a tie here changes nothing"}}
				}
				return []engines.Pick{
					{Value: "counter", Label: fmt.Sprintf("%s counter-attacks (2d6 each again)", t.Name)},
					{Value: "end", Label: fmt.Sprintf("%s lets the combat end", t.Name)},
				}
			}},
		},
		Build: func(a map[string]string) (engines.Command, error) {
			return Attack{Spawn: a["spawn"], Target: a["target"], OnTie: a["tie"]}, nil
		},
	}
}

func (s *State) mutateChoice() *engines.Choice {
	b := s.Battle
	m := b.Current()
	var spawns []engines.Pick
	options := map[string][]engines.Pick{}
	for _, p := range b.Living() {
		if p.Owner != m.Player {
			continue
		}
		var picks []engines.Pick
		for _, e := range Mutations {
			if e.Name != Mitosis {
				if s.legal(Mutate{Spawn: p.Name, Mutation: e.Name}) {
					picks = append(picks, engines.Pick{Value: e.Name, Label: e.Name + ": " + e.Text})
				}
				continue
			}
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					x, y := p.X+dx, p.Y+dy
					if (dx != 0 || dy != 0) && b.Empty(x, y) && s.legal(Mutate{Spawn: p.Name, Mutation: Mitosis, AtX: x, AtY: y}) {
						picks = append(picks, engines.Pick{Value: Mitosis + "@" + sq(x, y), Label: fmt.Sprintf("%s, the twin at %s: both become 3/3/3", Mitosis, sq(x, y))})
					}
				}
			}
		}
		if len(picks) > 0 {
			spawns = append(spawns, engines.Pick{Value: p.Name, Label: fmt.Sprintf("%s, %s", b.pieceLabel(p), words.Count(p.Total(), "point", "points"))})
			options[p.Name] = picks
		}
	}
	if len(spawns) == 0 {
		return nil
	}
	return &engines.Choice{
		Label: "Mutate a spawn", Help: fmt.Sprintf("a first mutation at %s, a second at %d, in the Sphere of Influence or next to a Font", words.Count(FirstMutation, "point", "points"), NextMutation),
		Game: "brood", NoDice: true,
		Questions: []engines.Question{
			{Key: "spawn", Prompt: "Which spawn mutates?", Options: fixed(spawns)},
			{Key: "mutation", Prompt: "Which mutation?", Options: func(a map[string]string) []engines.Pick { return options[a["spawn"]] }},
		},
		Build: func(a map[string]string) (engines.Command, error) {
			c := Mutate{Spawn: a["spawn"], Mutation: NormName(a["mutation"])}
			if name, at, ok := strings.Cut(a["mutation"], "@"); ok {
				x, y, err := ParseSquare(at)
				if err != nil {
					return nil, err
				}
				c.Mutation, c.AtX, c.AtY = NormName(name), x, y
			}
			return c, nil
		},
	}
}
