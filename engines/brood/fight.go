package brood

import (
	"fmt"
	"strings"

	"warlog/engines"
	"warlog/engines/dice"
	"warlog/internal/words"
)

// side is one party to a combat: a spawn or a Mother.
type side struct {
	p *Piece
	m *Mother
}

func (s side) name() string {
	if s.p != nil {
		return s.p.Name
	}
	return s.m.Player + "'s Mother"
}

// owner is the player whose die it is, for the report's dice statistics.
func (s side) owner() string {
	if s.p != nil {
		return s.p.Owner
	}
	return s.m.Player
}

func (s side) id() string {
	if s.p != nil {
		return s.p.Name
	}
	return s.m.Player
}

// adjacent reports whether two parties are in melee reach of each other.
func adjacent(a, b side) bool {
	switch {
	case a.p != nil && b.p != nil:
		return Dist(a.p.X, a.p.Y, b.p.X, b.p.Y) == 1
	case a.p != nil:
		return MotherDist(b.m, a.p.X, a.p.Y) == 1
	case b.p != nil:
		return MotherDist(a.m, b.p.X, b.p.Y) == 1
	}
	return false
}

// engaged reports whether a living enemy spawn stands next to p: p is then
// in melee, whatever it attacks or whoever attacks it (RULINGS 2026-12-01,
// Spore Slinger; seed 004 line 63).
func (b *Board) engaged(p *Piece) bool {
	for _, q := range b.Spawns {
		if !q.Dead && q.Owner != p.Owner && Dist(q.X, q.Y, p.X, p.Y) == 1 {
			return true
		}
	}
	return false
}

// combat rolls the attacker's 2d6, then the defender's 2d6 (RULINGS dice
// order), adds each side's number and records the result: "attacker",
// "defender" or "tie" for the higher total.
//
// Ruling: a Spore Slinger engaged in melee (its foe adjacent, or any enemy
// spawn adjacent to it, whatever its target: RULINGS 2026-12-01) adds
// nothing to its roll: no stat and no bonus (seed 004 line 63, "no bonus").
func (a *act) combat(kind string, ap *Piece, am *Mother, dp *Piece, dm *Mother, counts bool) (string, error) {
	att, def := side{ap, am}, side{dp, dm}
	melee := adjacent(att, def)
	aMod, dMod := 0, 0
	var notes []string
	if ap != nil {
		if ap.Has(SporeSlinger) && (melee || a.b.engaged(ap)) {
			notes = append(notes, ap.Name+" slings nothing in melee")
		} else {
			aMod = a.b.AttackOf(ap)
		}
	} else {
		aMod = a.b.MotherAttack(am)
	}
	if dp != nil {
		if dp.Has(SporeSlinger) && (melee || a.b.engaged(dp)) {
			notes = append(notes, dp.Name+" slings nothing in melee")
		} else {
			dMod = a.b.DefenseOf(dp)
		}
	} else {
		dMod = a.b.MotherDefense(dm)
	}
	if ap != nil && ap.Has(ArmorPiercer) {
		// seed 004 line 67.
		dMod -= ArmorMod
		notes = append(notes, "Armor Piercer: -3 to "+def.name())
	}
	if dp != nil && dp.Has(Armored) {
		// seed 004 line 68.
		aMod -= ArmorMod
		notes = append(notes, "Armored: -3 to "+att.name())
	}
	av, err := a.D.RollBy(att.owner(), 2, 6, "attack: "+att.name())
	if err != nil {
		return "", err
	}
	dv, err := a.D.RollBy(def.owner(), 2, 6, "defence: "+def.name())
	if err != nil {
		return "", err
	}
	at, dt := av[0]+av[1]+aMod, dv[0]+dv[1]+dMod
	// Each side's dice judged against the other's: the higher total wins,
	// a tie wins for neither.
	a.D.JudgeBack(1, at > dt, dice.Beats(2, 6, dMod-aMod+1))
	a.D.Judge(dt > at, dice.Beats(2, 6, aMod-dMod+1))
	res := "tie"
	if at > dt {
		res = "attacker"
	} else if dt > at {
		res = "defender"
	}
	a.D.Emit(TypeCombatFought, CombatFought{Kind: kind, Attacker: att.id(), Defender: def.id(), AttackDice: av, AttackMod: aMod,
		DefendDice: dv, DefendMod: dMod, Result: res, Counts: counts})
	verb := map[string]string{
		KindMelee: "attacks", KindRanged: "slings spores at", KindImpunity: "strikes with impunity at",
		KindCounter: "counter-attacks", KindFrenzy: "in a feeding frenzy attacks", KindOnMother: "attacks",
		KindMother: "lashes out at",
	}[kind]
	if kind == KindOnMother && ap != nil && !melee {
		verb = "slings spores at"
	}
	extra := ""
	if len(notes) > 0 {
		extra = " (" + strings.Join(notes, "; ") + ")"
	}
	a.Say("%s %s %s%s: %d+%d %+d = %d against %d+%d %+d = %d.", att.name(), verb, def.name(), extra, av[0], av[1], aMod, at, dv[0], dv[1], dMod, dt)
	return res, nil
}

// kill defeats a spawn. A Resilient spawn loses its extra life; an ally
// Life-Giving spawn next to it rolls a d6 and saves it on 5-6; otherwise it
// is removed, its killer absorbs 3 points, and a Retributive Strike goes
// off. It reports whether the spawn died.
//
// Ruling: a poison death is final (no extra life, no Life-Giving save:
// seed line 71); a Resilient spawn wounded or a spawn saved gives its
// attacker no points; only the first adjacent Life-Giving ally rolls.
func (a *act) kill(v, killer *Piece, cause string, poison bool) bool {
	if v.Dead || a.b.Over {
		return false
	}
	if v.Lives > 1 && !poison {
		// seed 004 line 69.
		a.D.Emit(TypeSpawnWounded, SpawnWounded{Spawn: v.Name})
		a.Say("%s is Resilient: it loses its extra life and lives on.", v.Name)
		return false
	}
	if !poison && !v.Font() {
		for _, g := range a.b.Living() {
			if g != v && g.Owner == v.Owner && g.Has(LifeGiving) && Dist(g.X, g.Y, v.X, v.Y) == 1 {
				// seed 004 line 71.
				rv, err := a.D.RollBy(v.Owner, 1, 6, "life-giving save: "+v.Name)
				r := 0
				if err == nil {
					r = rv[0]
				}
				if err != nil {
					a.fail(err)
					return false
				}
				a.D.Judge(r >= 5, dice.AtLeast(5))
				if r >= 5 {
					a.D.Emit(TypeSpawnSaved, SpawnSaved{Spawn: v.Name, By: g.Name, Roll: r})
					a.Say("%s Life-Giving touch saves %s (d6 %d).", words.Possessive(g.Name), v.Name, r)
					return false
				}
				a.Say("%s Life-Giving touch fails %s (d6 %d).", words.Possessive(g.Name), v.Name, r)
				break
			}
		}
	}
	by := ""
	if killer != nil {
		by = killer.Name
	}
	a.D.Emit(TypeSpawnRemoved, SpawnRemoved{Spawn: v.Name, Cause: cause, By: by})
	a.Say("%s is removed (%s).", v.Name, cause)
	if killer != nil && !killer.Dead {
		// seed 004 line 38: absorption.
		a.D.Emit(TypePointsAbsorbed, PointsAbsorbed{Spawn: killer.Name, Points: AbsorbPoints, From: v.Name})
		a.Say("%s absorbs 3 points to raise.", killer.Name)
	}
	if v.Has(RetributiveStrike) {
		a.blast(v)
	}
	return true
}

// blast is a Retributive Strike going off where v died: every spawn within
// 1 square rolls a d6 and dies on 1-2; every Mother within 1 square loses 1
// Life, no save (seed 004 line 64).
//
// Ruling: the spawns roll in board order (top row first, left to right),
// each death resolving at once (a Retributive Strike it sets off goes before
// the next roll); then the Mothers lose their Life. Deaths in a blast give
// nobody points and no Feeding Frenzy.
func (a *act) blast(v *Piece) {
	a.Say("%s explodes in a Retributive Strike!", v.Name)
	var near []*Piece
	for _, p := range a.b.Living() {
		if Dist(p.X, p.Y, v.X, v.Y) == 1 {
			near = append(near, p)
		}
	}
	boardOrder(near)
	for _, p := range near {
		if p.Dead || a.b.Over {
			continue
		}
		rv, err := a.D.RollBy(p.Owner, 1, 6, "retributive strike of "+v.Name+": "+p.Name)
		r := 0
		if err == nil {
			r = rv[0]
		}
		if err != nil {
			a.fail(err)
			return
		}
		a.D.Judge(r > 2, dice.AtLeast(3)) // the piece's success is to survive
		if r <= 2 {
			a.Say("%s rolls %d and is caught.", p.Name, r)
			a.kill(p, nil, "the Retributive Strike of "+v.Name, false)
		} else {
			a.Say("%s rolls %d and survives the blast.", p.Name, r)
		}
	}
	// Ruling: if a blast would bring both Mothers to 0, the first in turn
	// order to reach 0 loses.
	for _, m := range a.b.Mothers {
		if MotherDist(m, v.X, v.Y) <= 1 {
			a.loseLife(m, "the Retributive Strike of "+v.Name)
		}
	}
}

// frenzy gives a Feeding Frenzy spawn that just killed one more attack, if
// it lives and has someone adjacent to attack (seed 004 line 61).
func (a *act) frenzy(k *Piece) {
	if k == nil || k.Dead || a.b.Over || !k.Has(FeedingFrenzy) || !CanStrike(k) {
		return
	}
	if len(a.frenzyTargets(k)) == 0 {
		return
	}
	a.D.Emit(TypeFrenzyGained, FrenzyGained{Spawn: k.Name})
	a.Say("Feeding Frenzy: %s may attack an adjacent spawn or Mother again, as its very next action.", k.Name)
}

func (a *act) frenzyTargets(k *Piece) []string {
	var out []string
	for _, p := range a.b.Living() {
		if p.Owner != k.Owner && Dist(p.X, p.Y, k.X, k.Y) == 1 {
			out = append(out, p.Name)
		}
	}
	for _, m := range a.b.Mothers {
		if m.Player != k.Owner && MotherDist(m, k.X, k.Y) == 1 {
			out = append(out, m.Player)
		}
	}
	return out
}

func (a *act) attack(c Attack) error {
	p, frenzy, err := a.attacker(c.Spawn)
	if err != nil {
		return err
	}
	switch c.OnTie {
	case "", "counter", "end":
	default:
		return engines.Refuse("Tie", "on a tie the defender chooses to counter-attack or to end the combat, not %q", c.OnTie)
	}
	tp, tm, ranged, err := a.aim(p, frenzy, c.Target)
	if err != nil {
		return err
	}
	if tp != nil && !CanStrike(tp) && c.OnTie == "counter" {
		// Ruling: a Font cannot counter-attack (seed 004 line 66: it can
		// no longer attack), so the choice is refused, not ignored.
		return engines.Refuse("Font", "%s is a Plasmid Font and can no longer attack, so it cannot counter-attack on a tie; give the attack without that choice", tp.Name)
	}
	kind := KindMelee
	switch {
	case frenzy:
		kind = KindFrenzy
	case tm != nil:
		kind = KindOnMother
	case ranged:
		kind = KindRanged
	}
	if tm != nil {
		err = a.strikeMother(p, tm, kind, ranged, !frenzy)
	} else {
		err = a.fight(p, tp, kind, ranged, !frenzy, c.OnTie)
	}
	if err != nil {
		return err
	}
	return a.done()
}

// attacker finds the spawn that attacks and checks it may: the current
// player's, not new, able to strike and not yet attacked this turn, or
// the spawn whose Feeding Frenzy attack is pending (frenzy).
func (a *act) attacker(name string) (p *Piece, frenzy bool, err error) {
	p, err = a.findPiece(name)
	if err != nil {
		return nil, false, err
	}
	if a.b.Frenzy == p.Name {
		return p, true, nil
	}
	cur := a.b.Current()
	switch {
	case p.Owner != cur.Player:
		return nil, false, engines.Refuse("Turn", "%s is %s spawn; it is %s turn", p.Name, words.Possessive(p.Owner), words.Possessive(cur.Player))
	case p.Made:
		// seed 004 line 29.
		return nil, false, engines.Refuse("NewSpawn", "%s came into play this turn; it may move and attack from next turn", p.Name)
	case !CanStrike(p):
		return nil, false, engines.Refuse("Font", "%s is a Plasmid Font and can no longer attack", p.Name)
	case p.Attacked:
		// seed 004 line 33: once per round.
		return nil, false, engines.Refuse("OneAttack", "%s has already attacked this turn; a spawn attacks once a turn", p.Name)
	}
	return p, false, nil
}

// aim finds what p attacks, an enemy spawn (tp) or an enemy player's
// Mother (tm), and checks it is in reach; ranged is a Spore Slinger's shot.
//
// Ruling: a Spore Slinger shoots at 2 or 3 squares (1-2-1), at a Mother
// too; a Feeding Frenzy attack is melee.
func (a *act) aim(p *Piece, frenzy bool, target string) (tp *Piece, tm *Mother, ranged bool, err error) {
	tp, tm, err = a.findTarget(target)
	if err != nil {
		return nil, nil, false, err
	}
	if (tp != nil && tp.Owner == p.Owner) || (tm != nil && tm.Player == p.Owner) {
		return nil, nil, false, engines.Refuse("Target", "%s belongs to %s; attack an enemy spawn or Mother", target, p.Owner)
	}
	dist := 0
	if tp != nil {
		dist = Dist(p.X, p.Y, tp.X, tp.Y)
	} else {
		dist = MotherDist(tm, p.X, p.Y)
	}
	switch {
	case dist == 1:
	case (dist == 2 || dist == 3) && p.Has(SporeSlinger) && !frenzy:
		ranged = true
	default:
		what := "1 square (melee)"
		if p.Has(SporeSlinger) {
			what = "1 square, or 2 to 3 with its spores"
		}
		if frenzy {
			what = "1 square (a Feeding Frenzy attack is at an adjacent target)"
		}
		return nil, nil, false, engines.Refuse("Range", "%s is %d away from %s; it reaches %s", target, dist, p.Name, what)
	}
	return tp, tm, ranged, nil
}

// strikeMother is p's attack on a Mother: a win takes 1 Life; a loss in
// melee removes p.
func (a *act) strikeMother(p *Piece, tm *Mother, kind string, ranged, counts bool) error {
	res, err := a.combat(kind, p, nil, nil, tm, counts)
	if err != nil {
		return err
	}
	switch {
	case res == "attacker":
		a.loseLife(tm, p.Name+"'s attack")
	case res == "defender" && !ranged:
		a.kill(p, nil, "beaten back by "+tm.Player+"'s Mother", false)
	case res == "defender":
		a.Say("The spores fail; %s is unharmed at range.", p.Name)
	default:
		a.Say("A tie: nothing happens.")
	}
	return nil
}

// fight is p's attack on the spawn tp: the loser is removed, and a tie in
// melee ends or brings the counter-attack, as the defender's player chose
// (onTie).
func (a *act) fight(p, tp *Piece, kind string, ranged, counts bool, onTie string) error {
	res, err := a.combat(kind, p, nil, tp, nil, counts)
	if err != nil {
		return err
	}
	switch {
	case res == "attacker":
		if a.kill(tp, p, "beaten by "+p.Name, false) {
			a.frenzy(p)
		}
	case res == "defender" && ranged:
		// seed 004 line 63: no defeat for a loss at range.
		a.Say("The spores fail; %s is unharmed at range.", p.Name)
	case res == "defender":
		// seed 004 line 61: Feeding Frenzy is for an attacker's kill; a
		// defender that wins gets its points only.
		a.kill(p, tp, "beaten by "+tp.Name, false)
	case ranged:
		a.Say("A tie at range: no counter-attack.")
	case !CanStrike(tp):
		a.Say("A tie: %s is a Font and cannot counter-attack; the combat ends.", tp.Name)
	case onTie == "":
		return engines.Refuse("Tie", "%s and %s tie; %s player chooses: attack again with the choice to counter-attack (2d6 each more) or to end the combat", p.Name, tp.Name, words.Possessive(tp.Name))
	case onTie == "end":
		a.Say("A tie: %s lets the combat end.", tp.Name)
	default:
		return a.counter(p, tp)
	}
	return nil
}

// counter is the defender's counter-attack after a tie (seed 004 lines
// 39-40).
//
// Ruling: a counter-attack that ties again ends the combat.
func (a *act) counter(p, tp *Piece) error {
	res, err := a.combat(KindCounter, tp, nil, p, nil, false)
	if err != nil {
		return err
	}
	switch res {
	case "attacker":
		if a.kill(p, tp, "beaten by "+tp.Name+"'s counter-attack", false) {
			a.frenzy(tp)
		}
	case "defender":
		a.kill(tp, p, "beaten by "+p.Name, false)
	default:
		a.Say("The counter-attack ties too; the combat ends.")
	}
	return nil
}

func (a *act) motherAttack(c MotherAttack) error {
	m := a.b.Current()
	if m.Attacked {
		// Ruling: a Mother attacks once a turn, like a spawn.
		return engines.Refuse("MotherAttack", "%s Mother has already attacked this turn", words.Possessive(m.Player))
	}
	// Ruling: her attack reaches her own Sphere only, not the squares by
	// her Fonts; a tie changes nothing.
	var targets []*Piece
	for _, p := range a.b.Living() {
		if p.Owner != m.Player && a.b.InSoI(m, p.X, p.Y) {
			targets = append(targets, p)
		}
	}
	if len(targets) == 0 {
		return engines.Refuse("MotherAttack", "no enemy spawn in %s Sphere of Influence (%s); her attack reaches only there", words.Possessive(m.Player), words.Count(a.b.SoI(m), "square", "squares"))
	}
	boardOrder(targets)
	var order []*Piece
	seen := map[*Piece]bool{}
	for _, n := range c.Order {
		p, err := a.findPiece(n)
		if err != nil {
			return err
		}
		if p.Owner == m.Player || !a.b.InSoI(m, p.X, p.Y) {
			return engines.Refuse("MotherAttack", "%s is not an enemy spawn in %s Sphere of Influence", p.Name, words.Possessive(m.Player))
		}
		if !seen[p] {
			seen[p] = true
			order = append(order, p)
		}
	}
	for _, p := range targets {
		if !seen[p] {
			order = append(order, p)
		}
	}
	a.D.Emit(TypeMotherAttacked, MotherAttacked{Player: m.Player})
	a.Say("%s Mother attacks every enemy spawn in her Sphere of Influence.", words.Possessive(m.Player))
	for _, p := range order {
		if p.Dead || a.b.Over {
			continue
		}
		res, err := a.combat(KindMother, nil, m, p, nil, false)
		if err != nil {
			return err
		}
		if res == "attacker" {
			a.kill(p, nil, "crushed by "+m.Player+"'s Mother", false)
		} else {
			a.Say("%s holds.", p.Name)
		}
	}
	return a.done()
}

func (a *act) motherMove(c MotherMove) error {
	m := a.b.Current()
	if !a.b.Has(m, Levitation) {
		return engines.Refuse("Levitation", "a Brood Mother is stationary; only Levitation lets her move")
	}
	// Ruling: her centre moves up to 2 a turn along a 1-2-1 path, the count
	// running over her whole turn as a spawn's (RULINGS); her 3 x 3
	// must stay on the grid and clear; she provokes no Attacks of Impunity.
	free := func(cx, cy int) bool {
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				sx, sy := cx+dx, cy+dy
				if !a.b.In(sx, sy) {
					return false
				}
				p, o := a.b.At(sx, sy)
				if p != nil || (o != nil && o != m) {
					return false
				}
			}
		}
		return true
	}
	if !free(c.X, c.Y) {
		return engines.Refuse("Occupied", "%s Mother cannot stand centred on %d,%d: her 3 x 3 must be on the grid and clear", words.Possessive(m.Player), c.X, c.Y)
	}
	path := Path(a.b.Size, m.X, m.Y, m.OddDiagonal, c.X, c.Y, free, func(int, int) int { return 0 })
	left := LevitateMove - m.MoveUsed
	cost := 0
	for _, s := range path {
		cost += s.Cost
	}
	if path == nil || cost > left {
		return engines.Refuse("Levitation", "%s Mother may move %d more this turn; %d,%d is out of reach", words.Possessive(m.Player), left, c.X, c.Y)
	}
	fx, fy := m.X, m.Y
	var squares []Square
	for _, s := range path {
		squares = append(squares, Square{s.X, s.Y})
	}
	a.D.Emit(TypeMotherMoved, MotherMoved{Player: m.Player, X: c.X, Y: c.Y, Cost: cost, Diagonals: diagonals(fx, fy, squares)})
	a.Say("%s Mother levitates from %d,%d to %d,%d (cost %d).", words.Possessive(m.Player), fx, fy, c.X, c.Y, cost)
	return a.done()
}

func (a *act) absorb(c Absorb) error {
	p, m, err := a.own(c.Spawn)
	if err != nil {
		return err
	}
	if m.Spawned {
		// seed 004 line 53.
		return engines.Refuse("AbsorbOrSpawn", "%s Mother created a spawn this turn; she cannot also absorb one", words.Possessive(m.Player))
	}
	if p.Creator != m.Player {
		return engines.Refuse("Absorb", "%s was created by %s Mother; a Mother absorbs only spawns she created", p.Name, words.Possessive(p.Creator))
	}
	if MotherDist(m, p.X, p.Y) != 1 {
		return engines.Refuse("Absorb", "%s at %d,%d is not next to %s Mother", p.Name, p.X, p.Y, words.Possessive(m.Player))
	}
	a.D.Emit(TypeSpawnAbsorbed, SpawnAbsorbed{Spawn: p.Name, Player: m.Player})
	before := m.Plasmid
	a.gain(m, AbsorbGain, "absorbed "+p.Name)
	a.Say("%s Mother absorbs %s: +%d Plasmid (%d -> %d).", words.Possessive(m.Player), p.Name, AbsorbGain, before, m.Plasmid)
	return a.done()
}

func (a *act) regenerate(c Regenerate) error {
	m := a.b.Current()
	n := c.N
	if n == 0 {
		n = 1
	}
	if n < 0 {
		return engines.Refuse("Regenerate", "regenerate %d: give 1 or more Life Points", n)
	}
	if m.Life+n > MaxLife {
		// Ruling: buying Life past 5 is refused; it would only turn Plasmid
		// into less Plasmid (seed line 49).
		return engines.Refuse("MaxLife", "%s Mother has %d Life of 5; she can regain at most %d", words.Possessive(m.Player), m.Life, MaxLife-m.Life)
	}
	cost := n * RegenCost(a.S.Campaign.Mode)
	if err := a.spend(m, cost, fmt.Sprintf("%s in %s game", words.Count(n, "Life Point", "Life Points"), words.A(a.S.Campaign.Mode))); err != nil {
		return err
	}
	a.gainLife(m, n, "regenerate")
	a.Say("%s Mother spends %d Plasmid (%d a Life Point in %s game) and regains %d Life: %d Life, %d Plasmid left.", words.Possessive(m.Player), cost, RegenCost(a.S.Campaign.Mode), words.A(a.S.Campaign.Mode), n, m.Life, m.Plasmid)
	return a.done()
}

// findTarget finds a living spawn or a Mother (by her player's name): an
// exact name first, else a unique prefix.
func (a *act) findTarget(name string) (*Piece, *Mother, error) {
	if m := a.b.Mother(name); m != nil {
		return nil, m, nil
	}
	p, err := a.findPiece(name)
	if err == nil {
		return p, nil, nil
	}
	var hit *Mother
	for _, m := range a.b.Mothers {
		if len(m.Player) > len(name) && strings.EqualFold(m.Player[:len(name)], name) {
			hit = m
		}
	}
	if hit == nil {
		return nil, nil, engines.RefuseTry("Name", []string{"brood map"}, "no spawn or Mother %q on the board; the map lists them", name)
	}
	for _, q := range a.b.Living() {
		if len(q.Name) > len(name) && strings.EqualFold(q.Name[:len(name)], name) {
			return nil, nil, engines.Refuse("Name", "%q could be %s or %s Mother; give more of the name", name, q.Name, words.Possessive(hit.Player))
		}
	}
	return nil, hit, nil
}
