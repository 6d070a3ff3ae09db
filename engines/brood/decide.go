package brood

import (
	"fmt"
	"strconv"
	"strings"

	"warlog/engines"
)

// decider decides one command on a clone of the state: every fact it emits
// is applied to the clone at once, so later rules see what earlier facts did.
type decider struct {
	s   *State
	b   *Board
	d   *engines.Decision
	err error
	// story is the label's sentences, in order.
	story []string
}

func (x *decider) emit(typ string, v any) {
	x.d.Emit(typ, v)
	if err := x.s.Apply(typ, v); err != nil && x.err == nil {
		x.err = err
	}
}

func (x *decider) say(format string, args ...any) {
	x.story = append(x.story, fmt.Sprintf(format, args...))
}

// Decide implements engines.State.
func (s *State) Decide(cmd engines.Command, d *engines.Decision) error {
	x := &decider{s: s.clone(), d: d}
	x.b = x.s.B
	var err error
	switch c := cmd.(type) {
	case engines.StartScenario:
		err = x.start(c)
	case engines.EndScenario:
		err = x.end(c)
	default:
		if err = x.playing(); err != nil {
			return err
		}
		// Ruling: a Feeding Frenzy attack must be the very next action;
		// any other action lets it lapse.
		if f := x.b.Frenzy; f != "" {
			if a, ok := cmd.(Attack); !ok || !strings.EqualFold(x.resolveName(a.Spawn), f) {
				x.emit(TypeFrenzyLapsed, FrenzyLapsed{Spawn: f})
				x.say("%s lets its Feeding Frenzy pass.", f)
			}
		}
		switch c := cmd.(type) {
		case Spawn:
			err = x.spawn(c)
		case Raise:
			err = x.raise(c)
		case Move:
			err = x.move(c)
		case Attack:
			err = x.attack(c)
		case MotherAttack:
			err = x.motherAttack(c)
		case MotherMove:
			err = x.motherMove(c)
		case Absorb:
			err = x.absorb(c)
		case Regenerate:
			err = x.regenerate(c)
		case Mutate:
			err = x.mutate(c)
		case Evolve:
			err = x.evolve(c)
		case Subvert:
			err = x.subvert(c)
		case EndTurn:
			err = x.endTurn()
		default:
			return fmt.Errorf("%s: %w", cmd.Verb(), engines.ErrUnknownCommand)
		}
	}
	if err != nil {
		return err
	}
	if x.err != nil {
		return x.err
	}
	d.Label("%s", strings.Join(x.story, " "))
	return nil
}

func (x *decider) playing() error {
	if x.b == nil {
		return engines.Refuse("NoGame", "no Brood game in progress; start one: warlog scenario start NAME --size 16 --mother red=3,3 --mother blue=14,14")
	}
	if x.b.Over {
		return engines.Refuse("NoGame", "game %s is over; start another with warlog scenario start", x.b.Name)
	}
	return nil
}

// ---- start and end ----

// ParseSquare reads "X,Y".
func ParseSquare(s string) (int, int, error) {
	a, b, ok := strings.Cut(strings.TrimSpace(s), ",")
	x, err1 := strconv.Atoi(strings.TrimSpace(a))
	y, err2 := strconv.Atoi(strings.TrimSpace(b))
	if !ok || err1 != nil || err2 != nil {
		return 0, 0, fmt.Errorf("square %q: write it X,Y with whole numbers, e.g. 3,4", s)
	}
	return x, y, nil
}

func (x *decider) start(c engines.StartScenario) error {
	if x.b != nil && !x.b.Over {
		return engines.Refuse("OneGame", "game %s is still being played; end it first with warlog scenario end", x.b.Name)
	}
	if c.Brief != "" || c.Turns != 0 || len(c.Field) > 0 || len(c.Players) > 0 {
		return engines.Refuse("Setup", "Brood Mother takes only --size N and --mother PLAYER=X,Y (twice); --brief, --turns, --field and --players are for other games")
	}
	if err := validName("scenario", c.Name); err != nil {
		return engines.Refuse("Setup", "%v", err)
	}
	size := DefaultSize
	if n := c.Size; n != 0 {
		if n < MinSize || n > MaxSize {
			return engines.Refuse("GridSize", "--size %d: the grid is %d to %d squares a side", n, MinSize, MaxSize)
		}
		size = n
	}
	ms := c.Mothers
	if len(ms) != 2 {
		return engines.Refuse("TwoMothers", "Brood Mother is played by two players: give --mother PLAYER=X,Y twice (%d given)", len(ms))
	}
	var places []MotherPlace
	used := map[string]bool{}
	for _, spec := range ms {
		player, sq, ok := strings.Cut(spec, "=")
		if !ok || strings.TrimSpace(player) == "" {
			return engines.Refuse("Setup", "--mother %q: write PLAYER=X,Y, e.g. red=3,3", spec)
		}
		if err := validName("player", player); err != nil {
			return engines.Refuse("Setup", "%v", err)
		}
		px, py, err := ParseSquare(sq)
		if err != nil {
			return engines.Refuse("Setup", "--mother %s: %v", player, err)
		}
		if px < 2 || py < 2 || px > size-1 || py > size-1 {
			return engines.Refuse("MotherPlace", "%s's Mother at %d,%d: she fills 3 x 3 around her centre, so the centre must be 2 to %d on a %d grid", player, px, py, size-1, size)
		}
		for _, o := range places {
			if strings.EqualFold(o.Player, player) {
				return engines.Refuse("Setup", "two Mothers for %s; give each player one", player)
			}
			if abs(o.X-px) <= 2 && abs(o.Y-py) <= 2 {
				return engines.Refuse("MotherPlace", "%s's Mother at %d,%d would overlap %s's at %d,%d; centres must be 3 or more apart in a row or column", player, px, py, o.Player, o.X, o.Y)
			}
		}
		letter := ""
		for _, r := range strings.ToUpper(player) {
			l := string(r)
			if r >= 'A' && r <= 'Z' && !used[l] {
				letter = l
				break
			}
		}
		if letter == "" {
			for _, l := range []string{"A", "B"} {
				if !used[l] {
					letter = l
					break
				}
			}
		}
		used[letter] = true
		places = append(places, MotherPlace{Player: player, Letter: letter, X: px, Y: py})
	}
	x.emit(TypeGameStarted, GameStarted{Name: c.Name, Size: size, Mode: x.s.Mode, Mothers: places})
	x.b = x.s.B
	x.say("%s begins on a %d x %d grid (%s game): %s's Mother at %d,%d, %s's at %d,%d.", c.Name, size, size, x.s.Mode,
		places[0].Player, places[0].X, places[0].Y, places[1].Player, places[1].X, places[1].Y)
	x.beginTurn(x.b.Mothers[0], 1)
	return nil
}

func (x *decider) end(c engines.EndScenario) error {
	if x.b == nil || x.b.Over {
		return engines.Refuse("NoGame", "no Brood game in progress to end")
	}
	e := GameEnded{Reason: "ended by the players"}
	if c.Winner != "" {
		m := x.b.Mother(c.Winner)
		if m == nil {
			return engines.Refuse("Winner", "--winner %s: the players are %s and %s", c.Winner, x.b.Mothers[0].Player, x.b.Mothers[1].Player)
		}
		e.Winner, e.Loser = m.Player, x.b.Enemy(m.Player).Player
		e.Reason = "conceded"
	}
	x.emit(TypeGameEnded, e)
	if e.Winner != "" {
		x.say("%s ends: %s concedes, %s wins.", x.b.Name, e.Loser, e.Winner)
	} else {
		x.say("%s ends with no winner.", x.b.Name)
	}
	return nil
}

// ---- economy ----

func (x *decider) gain(m *Mother, amount int, source string) {
	kept := max(0, min(amount, PlasmidCap-m.Plasmid))
	x.emit(TypePlasmidGained, PlasmidGained{Player: m.Player, Amount: amount, Kept: kept, Source: source})
}

func (x *decider) spend(m *Mother, amount int, on string) error {
	if m.Plasmid < amount {
		return engines.Refuse("Plasmid", "%s costs %d Plasmid; %s's Mother has %d", on, amount, m.Player, m.Plasmid)
	}
	x.emit(TypePlasmidSpent, PlasmidSpent{Player: m.Player, Amount: amount, On: on})
	return nil
}

func (x *decider) gainLife(m *Mother, n int, source string) {
	up := min(n, MaxLife-m.Life)
	if up > 0 {
		x.emit(TypeLifeGained, LifeGained{Player: m.Player, Amount: up, Source: source})
	}
	if rest := n - up; rest > 0 {
		// seed 004 line 49: Life past full health becomes Plasmid 1:1.
		x.gain(m, rest, "Life past 5")
	}
}

func (x *decider) loseLife(m *Mother, cause string) {
	if x.b.Over || m.Destroyed {
		return
	}
	x.emit(TypeLifeLost, LifeLost{Player: m.Player, Amount: 1, Cause: cause})
	if m.Destroyed {
		w := x.b.Enemy(m.Player)
		x.emit(TypeGameEnded, GameEnded{Winner: w.Player, Loser: m.Player, Reason: fmt.Sprintf("%s's Mother was destroyed", m.Player)})
		x.say("%s's Mother is destroyed: %s wins %s.", m.Player, w.Player, x.b.Name)
	} else {
		x.say("%s's Mother drops to %d Life.", m.Player, m.Life)
	}
}

// beginTurn is the start of a player's turn: +10 Plasmid (cap 50), Fonts'
// and Proxies' income, the Regenerate evolution, then Poison Carriers.
//
// Ruling: the start of a turn goes in that order; each gain is capped at 50
// as it comes in.
func (x *decider) beginTurn(m *Mother, round int) {
	x.emit(TypeTurnBegan, TurnBegan{Player: m.Player, Round: round})
	before := m.Plasmid
	x.gain(m, PlasmidIncome, "turn income")
	for _, p := range x.b.Living() {
		if p.Owner != m.Player || !p.Font() {
			continue
		}
		if p.Proxy {
			x.gain(m, ProxyIncome, "Proxy "+p.Name)
		} else {
			x.gain(m, FontIncome, "Font "+p.Name)
		}
	}
	x.say("Round %d, %s's turn: %d Plasmid in the bank (was %d).", round, m.Player, m.Plasmid, before)
	if x.b.Has(m, Regeneration) {
		l := m.Life
		x.gainLife(m, 1, "Regenerate")
		if m.Life > l {
			x.say("%s's Mother regenerates to %d Life.", m.Player, m.Life)
		} else {
			x.say("%s's Mother is whole: Regenerate gives 1 Plasmid instead.", m.Player)
		}
	}
	for _, c := range x.b.Living() {
		if c.Owner != m.Player || !c.Has(PoisonCarrier) || c.Dead {
			continue
		}
		var victims []*Piece
		for _, v := range x.b.Living() {
			if v.Owner != m.Player && !v.Font() && Dist(v.X, v.Y, c.X, c.Y) == 1 {
				victims = append(victims, v)
			}
		}
		boardOrder(victims)
		for _, v := range victims {
			if v.Dead || x.b.Over {
				continue
			}
			x.emit(TypeSpawnPoisoned, SpawnPoisoned{Spawn: v.Name, By: c.Name})
			x.say("%s's poison takes %s to %d/%d/%d.", c.Name, v.Name, v.Attack, v.Defense, v.Move)
			if v.Attack < 0 || v.Defense < 0 || v.Move < 0 {
				x.kill(v, c, "poison", true)
			}
		}
	}
}

// ---- names ----

func (x *decider) resolveName(name string) string {
	if p, err := x.findPiece(name); err == nil {
		return p.Name
	}
	return name
}

// findPiece finds a living spawn by name or unique prefix.
func (x *decider) findPiece(name string) (*Piece, error) {
	var hits []*Piece
	for _, p := range x.b.Living() {
		if strings.EqualFold(p.Name, name) {
			return p, nil
		}
		if len(name) > 0 && len(p.Name) > len(name) && strings.EqualFold(p.Name[:len(name)], name) {
			hits = append(hits, p)
		}
	}
	switch len(hits) {
	case 1:
		return hits[0], nil
	case 0:
		return nil, engines.Refuse("Name", "no spawn %q on the board; brood map lists them", name)
	}
	var names []string
	for _, h := range hits {
		names = append(names, h.Name)
	}
	return nil, engines.Refuse("Name", "%q could be %s; give more of the name", name, strings.Join(names, ", "))
}

// own finds a living spawn of the current player.
func (x *decider) own(name string) (*Piece, *Mother, error) {
	p, err := x.findPiece(name)
	if err != nil {
		return nil, nil, err
	}
	m := x.b.Current()
	if p.Owner != m.Player {
		return nil, nil, engines.Refuse("Turn", "%s is %s's spawn; it is %s's turn", p.Name, p.Owner, m.Player)
	}
	return p, m, nil
}

func (x *decider) newName(m *Mother, given string) (string, error) {
	taken := func(n string) bool {
		for _, p := range x.b.Spawns {
			if strings.EqualFold(p.Name, n) {
				return true
			}
		}
		return x.b.Mother(n) != nil
	}
	if given != "" {
		if err := validName("spawn", given); err != nil {
			return "", engines.Refuse("Name", "%v", err)
		}
		if strings.ContainsAny(given, ", ") {
			return "", engines.Refuse("Name", "spawn name %q: use no commas or spaces", given)
		}
		if taken(given) {
			return "", engines.Refuse("Name", "the name %s is taken on this board; choose another", given)
		}
		return given, nil
	}
	for i := 1; ; i++ {
		n := m.Letter + strconv.Itoa(i)
		if !taken(n) {
			return n, nil
		}
	}
}

// ---- actions ----

func (x *decider) spawn(c Spawn) error {
	m := x.b.Current()
	if !x.b.In(c.X, c.Y) {
		return engines.Refuse("Board", "%d,%d is off the %d x %d grid", c.X, c.Y, x.b.Size, x.b.Size)
	}
	if !x.b.Empty(c.X, c.Y) {
		return engines.Refuse("Occupied", "%d,%d is taken; a new spawn needs an empty square", c.X, c.Y)
	}
	if m.Absorbed {
		// seed 004 line 53.
		return engines.Refuse("AbsorbOrSpawn", "%s's Mother absorbed a spawn this turn; she cannot also create one", m.Player)
	}
	via := "the Sphere of Influence"
	if !x.b.InSoI(m, c.X, c.Y) {
		f := x.b.NearFont(m.Player, c.X, c.Y, nil)
		if f == nil {
			return engines.Refuse("SphereOfInfluence", "%d,%d is outside %s's Sphere of Influence (%d square(s) from her) and not next to one of her Fonts; spawn inside it or next to a Font", c.X, c.Y, m.Player, x.b.SoI(m))
		}
		via = "Font " + f.Name
	}
	name, err := x.newName(m, c.Name)
	if err != nil {
		return err
	}
	if err := x.spend(m, SpawnCost, "a new spawn"); err != nil {
		return err
	}
	x.emit(TypeSpawnCreated, SpawnCreated{Name: name, Owner: m.Player, X: c.X, Y: c.Y, Attack: 1, Defense: 1, Move: 2, Via: "spawn"})
	x.say("%s's Mother spawns %s at %d,%d through %s for %d Plasmid (%d left); it waits until next turn to act.", m.Player, name, c.X, c.Y, via, SpawnCost, m.Plasmid)
	return nil
}

// NormStat reads a stat name: attack, defense (or defence) or move.
func NormStat(s string) (string, bool) {
	switch strings.ToLower(s) {
	case "attack", "att", "a":
		return "attack", true
	case "defense", "defence", "def", "d":
		return "defense", true
	case "move", "mov", "m":
		return "move", true
	}
	return "", false
}

func statOf(p *Piece, stat string) int {
	switch stat {
	case "attack":
		return p.Attack
	case "defense":
		return p.Defense
	}
	return p.Move
}

func (x *decider) raise(c Raise) error {
	p, m, err := x.own(c.Spawn)
	if err != nil {
		return err
	}
	stat, ok := NormStat(c.Stat)
	if !ok {
		return engines.Refuse("Stat", "%q is no stat; raise attack, defense or move", c.Stat)
	}
	n := c.N
	if n == 0 {
		n = 1
	}
	if n < 0 {
		return engines.Refuse("Stat", "raise by %d: give 1 or more", n)
	}
	if p.Font() && stat != "defense" {
		return engines.Refuse("Font", "%s is a Plasmid Font: its %s stays 0 for good; only its defense can rise", p.Name, stat)
	}
	if v := statOf(p, stat); v+n > StatCap {
		// seed 004 line 11: no stat above 10.
		return engines.Refuse("StatCap", "%s's %s is %d; +%d would pass 10, the most any stat may have", p.Name, stat, v, n)
	}
	// Ruling: absorbed points are spent first, free and anywhere; only
	// the rest costs Plasmid and needs the Mother or a Font nearby.
	free := min(p.Points, n)
	paid := n - free
	if paid > 0 {
		if MotherDist(m, p.X, p.Y) > 1 && x.b.NearFont(m.Player, p.X, p.Y, p) == nil {
			return engines.Refuse("RaiseRange", "%s at %d,%d is not within 1 square of %s's Mother or one of her Fonts; move it there to raise it with Plasmid", p.Name, p.X, p.Y, m.Player)
		}
		if err := x.spend(m, paid*RaiseCost, fmt.Sprintf("+%d %s for %s", paid, stat, p.Name)); err != nil {
			return err
		}
	}
	x.emit(TypeStatRaised, StatRaised{Spawn: p.Name, Stat: stat, By: n, Points: free})
	how := fmt.Sprintf("%d Plasmid, %d left", paid, m.Plasmid)
	if free > 0 && paid > 0 {
		how = fmt.Sprintf("%d absorbed point(s) and %d Plasmid, %d left", free, paid, m.Plasmid)
	} else if free > 0 {
		how = fmt.Sprintf("%d absorbed point(s)", free)
	}
	x.say("%s raises %s's %s by %d to %d (%s); it is now %d/%d/%d.", m.Player, p.Name, stat, n, statOf(p, stat), how, p.Attack, p.Defense, p.Move)
	return nil
}

func (x *decider) move(c Move) error {
	p, m, err := x.own(c.Spawn)
	if err != nil {
		return err
	}
	if p.Made {
		// seed 004 line 29.
		return engines.Refuse("NewSpawn", "%s came into play this turn; it may move and attack from next turn", p.Name)
	}
	if p.Font() {
		return engines.Refuse("Font", "%s is a Plasmid Font and cannot move", p.Name)
	}
	if p.Attacked && p.MovedThen && !p.Has(SpringAttack) {
		// seed 004 line 32.
		return engines.Refuse("MoveAttackMove", "%s moved and then attacked this turn; the rest of its move is lost (only Spring Attack moves again)", p.Name)
	}
	if !x.b.In(c.X, c.Y) {
		return engines.Refuse("Board", "%d,%d is off the %d x %d grid", c.X, c.Y, x.b.Size, x.b.Size)
	}
	if !x.b.Empty(c.X, c.Y) {
		return engines.Refuse("Occupied", "%d,%d is taken; a spawn ends its move on an empty square", c.X, c.Y)
	}
	left := p.Move - p.MoveUsed
	path := Path(p.X, p.Y, c.X, c.Y, x.b.Empty, func(sx, sy int) int { return len(x.b.Threats(p.Owner, sx, sy)) })
	if path == nil {
		return engines.Refuse("Path", "no free path from %d,%d to %d,%d; spawns and Mothers block squares", p.X, p.Y, c.X, c.Y)
	}
	cost := 0
	for _, s := range path {
		cost += s.Cost
	}
	if cost > left {
		return engines.Refuse("Path", "%s needs %d move from %d,%d to %d,%d (diagonals 1-2-1); it has %d left this turn", p.Name, cost, p.X, p.Y, c.X, c.Y, left)
	}
	x.say("%s moves %s from %d,%d toward %d,%d (cost %d of %d).", m.Player, p.Name, p.X, p.Y, c.X, c.Y, cost, left)
	// Walk the path; leaving a threatened square provokes each adjacent
	// enemy spawn that has not yet struck during this move.
	//
	// Ruling: the program takes the cheapest path, and of those the one
	// leaving the fewest threatened squares; each enemy spawn strikes at most
	// once per move, when the mover first leaves a square next to it.
	struck := map[string]bool{}
	var seg []Square
	segCost := 0
	cx, cy := p.X, p.Y
	for i := 0; i < len(path) && !p.Dead && !x.b.Over; i++ {
		for _, e := range x.b.Threats(p.Owner, cx, cy) {
			if struck[e.Name] || e.Dead || p.Dead || x.b.Over {
				continue
			}
			struck[e.Name] = true
			if len(seg) > 0 {
				x.emit(TypeSpawnMoved, SpawnMoved{Spawn: p.Name, Path: seg, Cost: segCost})
				seg, segCost = nil, 0
			}
			if err := x.impunity(e, p); err != nil {
				return err
			}
		}
		if p.Dead || x.b.Over {
			break
		}
		seg = append(seg, Square{path[i].X, path[i].Y})
		segCost += path[i].Cost
		cx, cy = path[i].X, path[i].Y
	}
	if len(seg) > 0 && !p.Dead {
		x.emit(TypeSpawnMoved, SpawnMoved{Spawn: p.Name, Path: seg, Cost: segCost})
	}
	if !p.Dead {
		x.say("%s stands at %d,%d with %d move left.", p.Name, p.X, p.Y, p.Move-p.MoveUsed)
	}
	return nil
}

// impunity resolves an Attack of Impunity by e on the mover p: only the
// mover can die (RULINGS).
func (x *decider) impunity(e, p *Piece) error {
	res, err := x.combat(KindImpunity, e, nil, p, nil, false)
	if err != nil {
		return err
	}
	if res == "attacker" {
		if x.kill(p, e, "an Attack of Impunity", false) {
			x.frenzy(e)
		}
	} else {
		x.say("%s slips away.", p.Name)
	}
	return nil
}

// validName checks a name the way the rest of warlog does.
func validName(kind, name string) error { return engines.ValidateName(kind, name) }
