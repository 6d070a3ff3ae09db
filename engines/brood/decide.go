package brood

import (
	"fmt"
	"strconv"
	"strings"

	"warlog/engines"
	"warlog/engines/kit"
	"warlog/internal/words"
)

// act is one command being decided (kit.Act: the kit's copy of the state,
// the decision and the label's sentences), with the board the command is
// played on.
type act struct {
	*kit.Act[*State]
	b *Board
	// err is the first roll that failed where the rules carried on (a
	// Life-Giving save, a Retributive Strike).
	err error
}

func (a *act) fail(err error) {
	if a.err == nil {
		a.err = err
	}
}

// done closes a command the rules accepted: what its label says is what
// was said (Say).
func (a *act) done() error { return a.err }

// decide declares a command decided by rule on an act.
func decide[C engines.Command](rule func(*act, C) error) kit.Command[*State] {
	return kit.Do(func(k *kit.Act[*State], c C) error {
		return rule(&act{Act: k, b: k.S.Battle}, c)
	})
}

// inGame declares a command of the game in progress (any but starting or
// ending one), decided by rule on an act: it is refused when no game is
// being played.
//
// Ruling: a Feeding Frenzy attack must be the very next action; any other
// action lets it lapse.
func inGame[C engines.Command](rule func(*act, C) error) kit.Command[*State] {
	return kit.Do(func(k *kit.Act[*State], c C) error {
		s := k.S
		b, err := s.NeedsScenario("no Brood game in progress; start one")
		if err != nil {
			if s.Battle != nil {
				return kit.NoScenario("game %s is over; start another", s.Battle.Name)
			}
			return err
		}
		a := &act{Act: k, b: b}
		if f := a.b.Frenzy; f != "" {
			if at, ok := any(c).(Attack); !ok || !strings.EqualFold(a.resolveName(at.Spawn), f) {
				a.Emit(TypeFrenzyLapsed, FrenzyLapsed{Spawn: f})
				a.Say("%s lets its Feeding Frenzy pass.", f)
			}
		}
		return rule(a, c)
	})
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

func (a *act) start(c engines.StartScenario) error {
	s := a.S
	if s.Battle != nil && !s.Battle.Over {
		return engines.RefuseTry("OneGame", []string{"scenario end"}, "game %s is still being played; end it first", s.Battle.Name)
	}
	if err := validName("scenario", c.Name); err != nil {
		return engines.Refuse("Setup", "%v", err)
	}
	size := DefaultSize
	if n := c.Size; n != 0 {
		if n < MinSize || n > MaxSize {
			return engines.Refuse("GridSize", "the grid is %d to %s a side, not %d", MinSize, words.Count(MaxSize, "square", "squares"), n)
		}
		size = n
	}
	places, err := placeMothers(c.Mothers, size)
	if err != nil {
		return err
	}
	a.Emit(TypeGameStarted, GameStarted{Name: c.Name, Size: size, Mode: s.Campaign.Mode, Mothers: places})
	a.b = s.Battle
	a.Say("%s begins on a %d x %d grid (%s game): %s Mother at %d,%d, %s at %d,%d.", c.Name, size, size, s.Campaign.Mode,
		words.Possessive(places[0].Player), places[0].X, places[0].Y, words.Possessive(places[1].Player), places[1].X, places[1].Y)
	a.beginTurn(a.b.Mothers[0], 1)
	return a.done()
}

// placeMothers reads the two players' Mothers, each a centre square
// PLAYER=X,Y, on a grid of size, and gives each player a letter.
func placeMothers(specs []string, size int) ([]MotherPlace, error) {
	if len(specs) != 2 {
		return nil, engines.Refuse("TwoMothers", "Brood Mother is played by two players: give a Mother's centre square PLAYER=X,Y for each (%d given)", len(specs))
	}
	var places []MotherPlace
	used := map[string]bool{}
	for _, spec := range specs {
		player, sq, ok := strings.Cut(spec, "=")
		if !ok || strings.TrimSpace(player) == "" {
			return nil, engines.Refuse("Setup", "a Mother's centre square %q: write PLAYER=X,Y, e.g. red=3,3", spec)
		}
		if err := validName("player", player); err != nil {
			return nil, engines.Refuse("Setup", "%v", err)
		}
		px, py, err := ParseSquare(sq)
		if err != nil {
			return nil, engines.Refuse("Setup", "%s Mother: %v", words.Possessive(player), err)
		}
		if px < 2 || py < 2 || px > size-1 || py > size-1 {
			return nil, engines.Refuse("MotherPlace", "%s Mother at %d,%d: she fills 3 x 3 around her centre, so the centre must be 2 to %d on a %d grid", words.Possessive(player), px, py, size-1, size)
		}
		for _, o := range places {
			if strings.EqualFold(o.Player, player) {
				return nil, engines.Refuse("Setup", "two Mothers for %s; give each player one", player)
			}
			if abs(o.X-px) <= 2 && abs(o.Y-py) <= 2 {
				return nil, engines.Refuse("MotherPlace", "%s Mother at %d,%d would overlap %s at %d,%d; centres must be 3 or more apart in a row or column", words.Possessive(player), px, py, words.Possessive(o.Player), o.X, o.Y)
			}
		}
		letter := letterFor(player, used)
		used[letter] = true
		places = append(places, MotherPlace{Player: player, Letter: letter, X: px, Y: py})
	}
	return places, nil
}

// letterFor is a player's letter: the first letter of the name not yet
// used, else A or B.
func letterFor(player string, used map[string]bool) string {
	for _, r := range strings.ToUpper(player) {
		l := string(r)
		if r >= 'A' && r <= 'Z' && !used[l] {
			return l
		}
	}
	for _, l := range []string{"A", "B"} {
		if !used[l] {
			return l
		}
	}
	return ""
}

func (a *act) end(c engines.EndScenario) error {
	b := a.S.Battle
	if b == nil || b.Over {
		return engines.Refuse(kit.RuleScenario, "no Brood game in progress to end")
	}
	e := GameEnded{Reason: "ended by the players"}
	if c.Winner != "" {
		m := b.Mother(c.Winner)
		if m == nil {
			return engines.Refuse("Winner", "the winner %s is not a player of %s: the players are %s and %s", c.Winner, b.Name, b.Mothers[0].Player, b.Mothers[1].Player)
		}
		e.Winner, e.Loser = m.Player, b.Enemy(m.Player).Player
		e.Reason = "conceded"
	}
	a.Emit(TypeGameEnded, e)
	if e.Winner != "" {
		a.Say("%s ends: %s concedes, %s wins.", b.Name, e.Loser, e.Winner)
	} else {
		a.Say("%s ends with no winner.", b.Name)
	}
	return a.done()
}

// ---- economy ----

func (a *act) gain(m *Mother, amount int, source string) {
	kept := max(0, min(amount, PlasmidCap-m.Plasmid))
	a.D.Emit(TypePlasmidGained, PlasmidGained{Player: m.Player, Amount: amount, Kept: kept, Source: source})
}

func (a *act) spend(m *Mother, amount int, on string) error {
	if m.Plasmid < amount {
		return engines.Refuse("Plasmid", "%s costs %d Plasmid; %s Mother has %d", on, amount, words.Possessive(m.Player), m.Plasmid)
	}
	a.D.Emit(TypePlasmidSpent, PlasmidSpent{Player: m.Player, Amount: amount, On: on})
	return nil
}

func (a *act) gainLife(m *Mother, n int, source string) {
	up := min(n, MaxLife-m.Life)
	if up > 0 {
		a.D.Emit(TypeLifeGained, LifeGained{Player: m.Player, Amount: up, Source: source})
	}
	if rest := n - up; rest > 0 {
		// seed 004 line 49: Life past full health becomes Plasmid 1:1.
		a.gain(m, rest, "Life past 5")
	}
}

func (a *act) loseLife(m *Mother, cause string) {
	if a.b.Over || m.Destroyed {
		return
	}
	a.D.Emit(TypeLifeLost, LifeLost{Player: m.Player, Amount: 1, Cause: cause})
	if m.Destroyed {
		w := a.b.Enemy(m.Player)
		a.D.Emit(TypeGameEnded, GameEnded{Winner: w.Player, Loser: m.Player, Reason: fmt.Sprintf("%s Mother was destroyed", words.Possessive(m.Player))})
		a.Say("%s Mother is destroyed: %s wins %s.", words.Possessive(m.Player), w.Player, a.b.Name)
	} else {
		a.Say("%s Mother drops to %d Life.", words.Possessive(m.Player), m.Life)
	}
}

// beginTurn is the start of a player's turn: +10 Plasmid (cap 50), Fonts'
// and Proxies' income, the Regenerate evolution, then Poison Carriers.
//
// Ruling: the start of a turn goes in that order; each gain is capped at 50
// as it comes in.
func (a *act) beginTurn(m *Mother, round int) {
	a.D.Emit(TypeTurnBegan, TurnBegan{Player: m.Player, Round: round})
	before := m.Plasmid
	a.gain(m, PlasmidIncome, "turn income")
	for _, p := range a.b.Living() {
		if p.Owner != m.Player || !p.Font() {
			continue
		}
		if p.Proxy {
			a.gain(m, ProxyIncome, "Proxy "+p.Name)
		} else {
			a.gain(m, FontIncome, "Font "+p.Name)
		}
	}
	a.Say("Round %d, %s turn: %d Plasmid in the bank (was %d).", round, words.Possessive(m.Player), m.Plasmid, before)
	if a.b.Has(m, Regeneration) {
		l := m.Life
		a.gainLife(m, 1, "Regenerate")
		if m.Life > l {
			a.Say("%s Mother regenerates to %d Life.", words.Possessive(m.Player), m.Life)
		} else {
			a.Say("%s Mother is whole: Regenerate gives 1 Plasmid instead.", words.Possessive(m.Player))
		}
	}
	for _, c := range a.b.Living() {
		if c.Owner != m.Player || !c.Has(PoisonCarrier) || c.Dead {
			continue
		}
		var victims []*Piece
		for _, v := range a.b.Living() {
			if v.Owner != m.Player && !v.Font() && Dist(v.X, v.Y, c.X, c.Y) == 1 {
				victims = append(victims, v)
			}
		}
		boardOrder(victims)
		for _, v := range victims {
			if v.Dead || a.b.Over {
				continue
			}
			a.D.Emit(TypeSpawnPoisoned, SpawnPoisoned{Spawn: v.Name, By: c.Name})
			a.Say("%s poison takes %s to %d/%d/%d.", words.Possessive(c.Name), v.Name, v.Attack, v.Defense, v.Move)
			if v.Attack < 0 || v.Defense < 0 || v.Move < 0 {
				a.kill(v, c, "poison", true)
			}
		}
	}
}

// ---- names ----

func (a *act) resolveName(name string) string {
	if p, err := a.findPiece(name); err == nil {
		return p.Name
	}
	return name
}

// findPiece finds a living spawn by name or unique prefix.
func (a *act) findPiece(name string) (*Piece, error) {
	var hits []*Piece
	for _, p := range a.b.Living() {
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
		return nil, engines.RefuseTry("Name", []string{"brood map"}, "no spawn %q on the board; the map lists them", name)
	}
	var names []string
	for _, h := range hits {
		names = append(names, h.Name)
	}
	return nil, engines.Refuse("Name", "%q could be %s; give more of the name", name, strings.Join(names, ", "))
}

// own finds a living spawn of the current player.
func (a *act) own(name string) (*Piece, *Mother, error) {
	p, err := a.findPiece(name)
	if err != nil {
		return nil, nil, err
	}
	m := a.b.Current()
	if p.Owner != m.Player {
		return nil, nil, engines.Refuse("Turn", "%s is %s spawn; it is %s turn", p.Name, words.Possessive(p.Owner), words.Possessive(m.Player))
	}
	return p, m, nil
}

func (a *act) newName(m *Mother, given string) (string, error) {
	taken := func(n string) bool {
		for _, p := range a.b.Spawns {
			if strings.EqualFold(p.Name, n) {
				return true
			}
		}
		return a.b.Mother(n) != nil
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

func (a *act) spawn(c Spawn) error {
	m := a.b.Current()
	if !a.b.In(c.X, c.Y) {
		return engines.Refuse("Board", "%d,%d is off the %d x %d grid", c.X, c.Y, a.b.Size, a.b.Size)
	}
	if !a.b.Empty(c.X, c.Y) {
		return engines.Refuse("Occupied", "%d,%d is taken; a new spawn needs an empty square", c.X, c.Y)
	}
	if m.Absorbed {
		// seed 004 line 53.
		return engines.Refuse("AbsorbOrSpawn", "%s Mother absorbed a spawn this turn; she cannot also create one", words.Possessive(m.Player))
	}
	via := "the Sphere of Influence"
	if !a.b.InSoI(m, c.X, c.Y) {
		f := a.b.NearFont(m.Player, c.X, c.Y, nil)
		if f == nil {
			return engines.Refuse("SphereOfInfluence", "%d,%d is outside %s Sphere of Influence (%s from her) and not next to one of her Fonts; spawn inside it or next to a Font", c.X, c.Y, words.Possessive(m.Player), words.Count(a.b.SoI(m), "square", "squares"))
		}
		via = "Font " + f.Name
	}
	name, err := a.newName(m, c.Name)
	if err != nil {
		return err
	}
	if err := a.spend(m, SpawnCost, "a new spawn"); err != nil {
		return err
	}
	a.D.Emit(TypeSpawnCreated, SpawnCreated{Name: name, Owner: m.Player, X: c.X, Y: c.Y, Attack: 1, Defense: 1, Move: 2, Via: "spawn"})
	a.Say("%s Mother spawns %s at %d,%d through %s for %d Plasmid (%d left); it waits until next turn to act.", words.Possessive(m.Player), name, c.X, c.Y, via, SpawnCost, m.Plasmid)
	return a.done()
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

func (a *act) raise(c Raise) error {
	p, m, err := a.own(c.Spawn)
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
		return engines.Refuse("StatCap", "%s %s is %d; +%d would pass 10, the most any stat may have", words.Possessive(p.Name), stat, v, n)
	}
	// Ruling: absorbed points are spent first, free and anywhere; only
	// the rest costs Plasmid and needs the Mother or a Font nearby.
	free := min(p.Points, n)
	paid := n - free
	if paid > 0 {
		if MotherDist(m, p.X, p.Y) > 1 && a.b.NearFont(m.Player, p.X, p.Y, p) == nil {
			return engines.Refuse("RaiseRange", "%s at %d,%d is not within 1 square of %s Mother or one of her Fonts; move it there to raise it with Plasmid", p.Name, p.X, p.Y, words.Possessive(m.Player))
		}
		if err := a.spend(m, paid*RaiseCost, fmt.Sprintf("+%d %s for %s", paid, stat, p.Name)); err != nil {
			return err
		}
	}
	a.D.Emit(TypeStatRaised, StatRaised{Spawn: p.Name, Stat: stat, By: n, Points: free})
	how := fmt.Sprintf("%d Plasmid, %d left", paid, m.Plasmid)
	if free > 0 && paid > 0 {
		how = fmt.Sprintf("%s and %d Plasmid, %d left", words.Count(free, "absorbed point", "absorbed points"), paid, m.Plasmid)
	} else if free > 0 {
		how = fmt.Sprintf("%s", words.Count(free, "absorbed point", "absorbed points"))
	}
	a.Say("%s raises %s %s by %d to %d (%s); it is now %d/%d/%d.", m.Player, words.Possessive(p.Name), stat, n, statOf(p, stat), how, p.Attack, p.Defense, p.Move)
	return a.done()
}

func (a *act) move(c Move) error {
	p, m, err := a.own(c.Spawn)
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
	if !a.b.In(c.X, c.Y) {
		return engines.Refuse("Board", "%d,%d is off the %d x %d grid", c.X, c.Y, a.b.Size, a.b.Size)
	}
	if !a.b.Empty(c.X, c.Y) {
		return engines.Refuse("Occupied", "%d,%d is taken; a spawn ends its move on an empty square", c.X, c.Y)
	}
	left := p.Move - p.MoveUsed
	path := Path(a.b.Size, p.X, p.Y, p.OddDiagonal, c.X, c.Y, a.b.Empty, func(sx, sy int) int { return len(a.b.Threats(p.Owner, sx, sy)) })
	if path == nil {
		return engines.Refuse("Path", "no free path from %d,%d to %d,%d; spawns and Mothers block squares", p.X, p.Y, c.X, c.Y)
	}
	cost := 0
	for _, st := range path {
		cost += st.Cost
	}
	if cost > left {
		return engines.Refuse("Path", "%s needs %d move from %d,%d to %d,%d (diagonals 1-2-1, counted over its whole turn); it has %d left this turn", p.Name, cost, p.X, p.Y, c.X, c.Y, left)
	}
	a.Say("%s moves %s from %d,%d toward %d,%d (cost %d of %d).", m.Player, p.Name, p.X, p.Y, c.X, c.Y, cost, left)
	// Walk the path; leaving a threatened square provokes each adjacent
	// enemy spawn that has not yet struck during this move.
	//
	// Ruling: the program takes the cheapest path, and of those the one
	// leaving the fewest threatened squares, and of those the one after
	// which the spawn's next diagonal costs 1 (the count runs over its whole
	// turn); each enemy spawn strikes at most once per move, when the mover
	// first leaves a square next to it.
	struck := map[string]bool{}
	var seg []Square
	segCost := 0
	cx, cy := p.X, p.Y
	for i := 0; i < len(path) && !p.Dead && !a.b.Over; i++ {
		for _, e := range a.b.Threats(p.Owner, cx, cy) {
			if struck[e.Name] || e.Dead || p.Dead || a.b.Over {
				continue
			}
			struck[e.Name] = true
			if len(seg) > 0 {
				a.D.Emit(TypeSpawnMoved, SpawnMoved{Spawn: p.Name, Path: seg, Cost: segCost})
				seg, segCost = nil, 0
			}
			if err := a.impunity(e, p); err != nil {
				return err
			}
		}
		if p.Dead || a.b.Over {
			break
		}
		seg = append(seg, Square{path[i].X, path[i].Y})
		segCost += path[i].Cost
		cx, cy = path[i].X, path[i].Y
	}
	if len(seg) > 0 && !p.Dead {
		a.D.Emit(TypeSpawnMoved, SpawnMoved{Spawn: p.Name, Path: seg, Cost: segCost})
	}
	if !p.Dead {
		a.Say("%s stands at %d,%d with %d move left.", p.Name, p.X, p.Y, p.Move-p.MoveUsed)
	}
	return a.done()
}

// impunity resolves an Attack of Impunity by e on the mover p: only the
// mover can die (RULINGS).
func (a *act) impunity(e, p *Piece) error {
	res, err := a.combat(KindImpunity, e, nil, p, nil, false)
	if err != nil {
		return err
	}
	if res == "attacker" {
		if a.kill(p, e, "an Attack of Impunity", false) {
			a.frenzy(e)
		}
	} else {
		a.Say("%s slips away.", p.Name)
	}
	return nil
}

// validName checks a name as every name a player types is checked.
func validName(kind, name string) error { return engines.ValidateName(kind, name) }
