package deadwars

import (
	"fmt"
	"slices"
	"strings"

	"warlog/engines"
)

// work decides one command on a clone of the state: every fact is emitted
// to the decision and folded into the clone, so that later checks (the end
// of the scenario) see its effect while the real state stays untouched.
type work struct {
	s *State
	d *engines.Decision
}

func (w *work) emit(typ string, p any) error {
	w.d.Emit(typ, p)
	return w.s.Apply(typ, p)
}

// Decide implements engines.State.
func (s *State) Decide(cmd engines.Command, d *engines.Decision) error {
	w := &work{s: s.clone(), d: d}
	switch c := cmd.(type) {
	case CreateForce:
		return w.force(c)
	case Recruit:
		return w.recruit(c)
	case engines.StartScenario:
		return w.start(c)
	case engines.EndScenario:
		return w.endScenario(c)
	case Shrine:
		return w.shrine(c)
	}
	b := w.s.Current()
	if b == nil {
		return engines.Refuse("Scenario", "no battle in progress; start one with `warlog scenario start NAME --brief %s`", strings.Join(Briefs, "|"))
	}
	var err error
	switch c := cmd.(type) {
	case Humans:
		err = w.humans(b, c)
	default:
		if err := b.turnPhase(); err != nil {
			return err
		}
		switch c := cmd.(type) {
		case RollDice:
			err = w.roll(b, c)
		case Double:
			err = w.double(b, c)
		case Move:
			err = w.move(b, c)
		case Contact:
			err = w.contact(b, c)
		case Attack:
			err = w.attack(b, c)
		case Defend:
			err = w.defend(b, c)
		case Cast:
			err = w.cast(b, c)
		case Collect:
			err = w.collect(b, c)
		case EndTurn:
			err = w.endTurn(b, c)
		default:
			return fmt.Errorf("deadwars %q: %w", cmd.Verb(), engines.ErrUnknownCommand)
		}
	}
	if err != nil {
		return err
	}
	return w.checkEnd()
}

// turnPhase refuses player actions while the Humans or the shrine count are due.
func (b *Battle) turnPhase() error {
	switch b.Phase {
	case PhaseHumans:
		return engines.Refuse("Humans", "both players have had turn %d: the Humans attack now; name their targets with `warlog dw humans`", b.Round)
	case PhaseShrine:
		return engines.Refuse("Death Shrine", "both players have had 6 turns; enter the shrine count with `warlog dw shrine PLAYER=N PLAYER=N`")
	}
	return nil
}

func (w *work) force(c CreateForce) error {
	if err := checkName("player", c.Player); err != nil {
		return err
	}
	clan, ok := ParseClan(c.Clan)
	if !ok {
		return engines.Refuse("Clan", "unknown clan %q; choose imhotep, dracula or davy-jones", c.Clan)
	}
	if f := w.s.Force(c.Player); f != nil {
		return engines.Refuse("Clan", "%s already leads a %s force and a force has one clan; recruit into it, or found the new force under another player name", f.Player, ClanTitle(f.Clan))
	}
	if strings.EqualFold(c.Player, HumansSide) || strings.EqualFold(c.Player, "draw") {
		return engines.Refuse("Name", "%q is kept for the game's own use; choose another player name", c.Player)
	}
	if err := w.emit(TypeForceCreated, ForceCreated{Player: c.Player, Clan: clan}); err != nil {
		return err
	}
	w.d.Label("%s raises a %s force.", c.Player, ClanTitle(clan))
	return nil
}

func (w *work) recruit(c Recruit) error {
	f := w.s.Force(c.Player)
	if f == nil {
		return engines.Refuse("Force", "%s has no force; found one first: warlog dw force %s --clan imhotep|dracula|davy-jones", c.Player, c.Player)
	}
	// Ruling: forces change only between battles; a force on the field
	// takes no recruits until its scenario ends.
	if b := w.s.Current(); b != nil && slices.Contains(b.Sides, f.Player) {
		return engines.Refuse("Force", "%s's force is fighting %s; recruit after the scenario ends", f.Player, b.Name)
	}
	if err := checkName("figure", c.Name); err != nil {
		return err
	}
	if rest, ok := strings.CutPrefix(strings.ToLower(c.Name), "human "); ok && strings.Trim(rest, "0123456789") == "" {
		return engines.Refuse("Name", "%q is how the Humans of Hunt the Hunters are named; choose another name", c.Name)
	}
	for _, m := range f.Figures {
		if strings.EqualFold(m.Name, c.Name) {
			return engines.Refuse("Name", "%s's force already has a figure named %s; names are unique within a force", f.Player, m.Name)
		}
	}
	rank := Hero
	if c.Rank != "" || !c.Champion {
		r, ok := ParseRank(c.Rank)
		if !ok {
			return engines.Refuse("Rank", "unknown rank %q; choose soldier, guard or hero", c.Rank)
		}
		rank = r
	}
	class, ok := ParseClass(c.Class)
	if !ok {
		return engines.Refuse("Class", "unknown class %q; choose fighter, berserker, skirmisher, shooter or wizard", c.Class)
	}
	if c.Champion {
		if rank != Hero {
			return engines.Refuse("Champion", "a Champion is always a Hero; drop --rank %s or make it hero", rank)
		}
		if ch := f.Champion(); ch != nil {
			return engines.Refuse("Champion", "%s's force already has its Champion, %s; a force has exactly one", f.Player, ch.Name)
		}
	} else if used := f.Points(); used+RankValue(rank) > PointsLimit {
		return engines.Refuse("Points", "%s's force has used %d of its %d points besides the Champion; a %s costs %d, which would make %d; the limit is %d",
			f.Player, used, PointsLimit, title(rank), RankValue(rank), used+RankValue(rank), PointsLimit)
	}
	if err := w.emit(TypeFigureRecruited, FigureRecruited{Player: f.Player, Name: c.Name, Rank: rank, Class: class, Champion: c.Champion}); err != nil {
		return err
	}
	if c.Champion {
		w.d.Label("%s takes %s, a %s Hero, as the %s Champion (free; %d of %d points used).", f.Player, c.Name, title(class), ClanTitle(f.Clan), f.Points(), PointsLimit)
	} else {
		w.d.Label("%s recruits %s, a %s %s, for %s (%d of %d points used).", f.Player, c.Name, title(class), title(rank),
			plural(RankValue(rank), "point", "points"), f.Points(), PointsLimit)
	}
	return nil
}

// start sets up a scenario. Dice order: the roll-off, one die per player in
// the order the players are named, rolled again while tied; then, in Hunt
// the Hunters, one die per Human for its class, rolled again on 5 or 6.
func (w *work) start(c engines.StartScenario) error {
	if b := w.s.Current(); b != nil {
		return engines.Refuse("Scenario", "%s is still being fought; end it first with `warlog scenario end`", b.Name)
	}
	if err := checkName("scenario", c.Name); err != nil {
		return err
	}
	brief := strings.ToLower(strings.TrimSpace(c.Brief))
	if !slices.Contains(Briefs, brief) {
		return engines.Refuse("Scenario", "Deadwars needs --brief %s; %q is none of them", strings.Join(Briefs, "|"), c.Brief)
	}
	if c.Turns != 0 && c.Turns != Turns {
		return engines.Refuse("Scenario", "a Deadwars game is %d turns each; drop --turns %d", Turns, c.Turns)
	}
	for _, o := range c.Given() {
		k := o.Name
		if k == "brief" || k == "turns" || k == "field" {
			continue
		}
		return engines.Refuse("Scenario", "Deadwars takes no --%s; name the two forces with --field PLAYER,PLAYER", k)
	}
	var sides []string
	if len(c.Field) == 0 {
		switch n := len(w.s.Forces); {
		case n < 2:
			return engines.Refuse("Scenario", "a battle is between two forces and the campaign has %s; found another with `warlog dw force PLAYER --clan CLAN`", plural(n, "force", "forces"))
		case n > 2:
			return engines.Refuse("Scenario", "the campaign has %d forces; name the two that fight with --field PLAYER,PLAYER", n)
		}
		sides = []string{w.s.Forces[0].Player, w.s.Forces[1].Player}
	} else {
		for _, p := range c.Field {
			f := w.s.Force(p)
			if f == nil {
				return engines.Refuse("Scenario", "no force led by %q; `warlog roster` lists the forces", p)
			}
			if slices.Contains(sides, f.Player) {
				return engines.Refuse("Scenario", "%s is named twice; a battle is between two different forces", f.Player)
			}
			sides = append(sides, f.Player)
		}
		if len(sides) != 2 {
			return engines.Refuse("Scenario", "a Deadwars battle is between 2 forces; %d were named", len(sides))
		}
	}
	count := map[string]int{}
	for _, p := range sides {
		f := w.s.Force(p)
		if f.Champion() == nil {
			return engines.Refuse("Champion", "%s's force has no Champion; recruit one with --champion before it fights", f.Player)
		}
		count[p] = len(f.Figures)
	}
	var rolls [][]int
	for {
		v, err := w.d.Roll(2, 6, rollOffPurpose(sides))
		if err != nil {
			return err
		}
		rolls = append(rolls, v)
		if v[0] != v[1] {
			break
		}
		if len(rolls) >= 50 {
			return engines.Refuse("Deployment", "the roll-off tied %d times; roll it again", len(rolls))
		}
	}
	last := rolls[len(rolls)-1]
	first, second := sides[0], sides[1]
	if last[1] > last[0] {
		first, second = second, first
	}
	// Deploying one figure each in turn, the first deployer places its
	// last figure first unless it has more figures than the other.
	turnOrder := []string{first, second}
	if count[first] > count[second] {
		turnOrder = []string{second, first}
	}
	var humans []HumanSet
	var humanRolls []string
	if brief == HuntTheHunters {
		for i := 1; i <= HumanCount; i++ {
			var seen []string
			for {
				v, err := w.d.Roll1(6, humanClassPurpose(i))
				if err != nil {
					return err
				}
				seen = append(seen, fmt.Sprint(v))
				if cl := humanClass(v); cl != "" {
					humans = append(humans, HumanSet{Name: fmt.Sprintf("Human %d", i), Class: cl})
					humanRolls = append(humanRolls, fmt.Sprintf("%d %s (%s)", i, title(cl), strings.Join(seen, ", ")))
					break
				}
			}
		}
	}
	if err := w.emit(TypeScenarioStarted, ScenarioStarted{Name: c.Name, Brief: brief, Sides: turnOrder, Deploy: []string{first, second}, RollOff: rolls, Humans: humans}); err != nil {
		return err
	}
	var ro []string
	for _, r := range rolls {
		ro = append(ro, fmt.Sprintf("%s %d, %s %d", sides[0], r[0], sides[1], r[1]))
	}
	label := fmt.Sprintf("%s (%s) begins. Roll-off %s: %s deploys first; with %s to %s %d, %s finishes deploying first and takes the first turn.",
		c.Name, BriefTitle(brief), strings.Join(ro, "; then "), first, plural(count[first], "figure", "figures"), possessive(second), count[second], turnOrder[0])
	switch brief {
	case SoulCollectors:
		label += " 7 Souls wait in the centre."
	case HuntTheHunters:
		label += " 7 Human Guards in the centre: " + strings.Join(humanRolls, "; ") + "."
	case DeathShrine:
		label += " The shrine stands in the centre."
	}
	w.d.Label("%s", label)
	return nil
}

// actor finds a figure of the active side that can act.
func (w *work) actor(b *Battle, name string) (*Fig, error) {
	f, err := b.resolve(name, b.ActivePlayer())
	if err != nil {
		if o, err2 := b.resolve(name, b.Other(b.ActivePlayer())); err2 == nil {
			return nil, engines.Refuse("Turn", "%s is %s's and it is %s's turn (turn %d); %s acts on its own turn", o.Name, o.Side, b.ActivePlayer(), b.Round, o.Name)
		}
		return nil, err
	}
	if f.Dead {
		return nil, engines.Refuse("Dead", "%s is dead and out of the game", f.Name)
	}
	return f, nil
}

func (w *work) checkPlayer(b *Battle, player string) error {
	if player == "" || strings.EqualFold(player, b.ActivePlayer()) {
		return nil
	}
	if w.s.Force(player) == nil || !slices.Contains(b.Sides, w.s.Force(player).Player) {
		return engines.Refuse("Turn", "%s is not fighting %s; the players are %s and %s", player, b.Name, b.Sides[0], b.Sides[1])
	}
	return engines.Refuse("Turn", "it is %s's turn (turn %d), not %s's", b.ActivePlayer(), b.Round, player)
}

func (w *work) clan(side string) string {
	if f := w.s.Force(side); f != nil {
		return f.Clan
	}
	return ""
}

// needRolled refuses an action that spends dice before the roll.
func needRolled(b *Battle) error {
	if b.Phase == PhaseRoll {
		return engines.Refuse("Turn", "%s has not rolled the action dice yet this turn; `warlog dw roll` first", b.ActivePlayer())
	}
	return nil
}

// roll rolls the action pool. Dice order: all the dice at once, 1 per
// Soldier, 2 per Guard and 3 per Hero in play.
func (w *work) roll(b *Battle, c RollDice) error {
	if err := w.checkPlayer(b, c.Player); err != nil {
		return err
	}
	if b.Phase == PhaseAct {
		return engines.Refuse("Turn", "%s has already rolled this turn; spend the dice or `warlog dw end-turn`", b.ActivePlayer())
	}
	p := b.ActivePlayer()
	n := 0
	for _, f := range b.Living(p) {
		n += RankValue(f.Rank)
	}
	faces, err := w.d.RollBy(p, n, 6, poolPurpose(p, w.clan(p)))
	if err != nil {
		return err
	}
	before := b.Magic[p]
	if err := w.emit(TypePoolRolled, PoolRolled{Player: p, Faces: faces}); err != nil {
		return err
	}
	clan := w.clan(p)
	parts := make([]string, len(faces))
	for i, v := range faces {
		parts[i] = fmt.Sprintf("%d %s", v, FaceAction(clan, v))
	}
	label := fmt.Sprintf("%s rolls %s in turn %d: %s.", p, plural(n, "action die", "action dice"), b.Round, strings.Join(parts, ", "))
	if added := b.Magic[p] - before; added > 0 {
		label += fmt.Sprintf(" %s to the magic pool (now %d).", plural(added, "Magic die goes", "Magic dice go"), b.Magic[p])
	}
	w.d.Label("%s", label)
	return nil
}

func (w *work) double(b *Battle, c Double) error {
	if err := needRolled(b); err != nil {
		return err
	}
	p := b.ActivePlayer()
	if c.Face == 6 {
		return engines.Refuse("Double", "Magic dice go to the magic pool when rolled and cannot be exchanged; double a pair of unspent dice 1 to 5")
	}
	if c.Face < 1 || c.Face > 6 || c.To < 1 || c.To > 6 {
		return engines.Refuse("Double", "a die shows 1 to 6; give FACE and --to between 1 and 6")
	}
	n := 0
	for _, v := range b.Pool {
		if v == c.Face {
			n++
		}
	}
	if n < 2 {
		return engines.Refuse("Double", "%s's unspent dice hold %d showing %d; a double needs two (unspent: %s)", p, n, c.Face, poolText(b.Pool))
	}
	if err := w.emit(TypeDoubleChanged, DoubleChanged{Player: p, Face: c.Face, To: c.To}); err != nil {
		return err
	}
	clan := w.clan(p)
	w.d.Label("%s changes a double %d into one %d (%s).", p, c.Face, c.To, FaceAction(clan, c.To))
	return nil
}

func poolText(pool []int) string {
	if len(pool) == 0 {
		return "none"
	}
	return facesText(pool)
}

// spend checks that the pool holds faces (with repeats) and each gives want.
func (w *work) spend(b *Battle, faces []int, want string) error {
	p := b.ActivePlayer()
	clan := w.clan(p)
	if len(faces) == 0 {
		return engines.Refuse("Dice", "give the die to spend with --die N (a face of %s's unspent dice: %s)", p, poolText(b.Pool))
	}
	left := slices.Clone(b.Pool)
	for _, v := range faces {
		if want != "" {
			if a := FaceAction(clan, v); a != want {
				if a == "" {
					a = "no face"
				}
				return engines.Refuse(want, "a %d is %s for %s; %s dice are %s", v, a, ClanTitle(clan), want, facesFor(clan, want))
			}
		}
		i := slices.Index(left, v)
		if i < 0 {
			return engines.Refuse("Dice", "%s's unspent dice hold no %d (unspent: %s)", p, v, poolText(b.Pool))
		}
		left = slices.Delete(left, i, i+1)
	}
	return nil
}

func facesFor(clan, action string) string {
	var out []string
	for v := 1; v <= 6; v++ {
		if FaceAction(clan, v) == action {
			out = append(out, fmt.Sprint(v))
		}
	}
	return strings.Join(out, " and ")
}

// move: any die moves a figure 2", a Dash die 4". Free attacks: the mover
// gets one on the enemy it reaches; leaving base contact by a non-Dash move
// gives each enemy left one on the mover (seed 001 lines 43-44).
//
// Ruling: a 6 is a die like any other for a 2" move; it is taken from the
// magic pool, where Magic dice go when rolled.
func (w *work) move(b *Battle, c Move) error {
	if err := needRolled(b); err != nil {
		return err
	}
	f, err := w.actor(b, c.Figure)
	if err != nil {
		return err
	}
	p := f.Side
	ev := FigureMoved{Figure: f.Ref(), Die: c.Die, Dash: c.Dash, Inches: 2}
	switch {
	case c.Dash:
		ev.Inches = 4
		if err := w.spend(b, []int{c.Die}, ActDash); err != nil {
			return err
		}
	case c.Die == 6:
		if b.Magic[p] < 1 {
			return engines.Refuse("Dice", "%s's magic pool is empty; no 6 to move with (unspent: %s)", p, poolText(b.Pool))
		}
		ev.Magic = true
	default:
		if err := w.spend(b, []int{c.Die}, ""); err != nil {
			return err
		}
	}
	if c.Leave {
		for _, r := range b.ContactsOf(f.Ref()) {
			if r.Side == f.Side {
				continue
			}
			ev.Left = append(ev.Left, r)
			if !c.Dash {
				ev.Free = append(ev.Free, FreeAttack{By: r, Target: f.Ref()})
			}
		}
		if len(ev.Left) == 0 {
			return engines.Refuse("Contact", "%s is in base contact with no enemy; drop --leave", f.Name)
		}
	}
	var into *Fig
	if c.Into != "" {
		into, err = b.resolve(c.Into, b.enemiesOf(p)...)
		if err != nil {
			return err
		}
		if into.Dead {
			return engines.Refuse("Dead", "%s is dead", into.Name)
		}
		if f.LeftContact || len(ev.Left) > 0 {
			return engines.Refuse("Contact", "%s left base contact this turn and cannot enter base contact again until next turn", f.Name)
		}
		if b.InContact(f.Ref(), into.Ref()) {
			return engines.Refuse("Contact", "%s is already in base contact with %s", f.Name, into.Name)
		}
		r := into.Ref()
		ev.Into = &r
		ev.Free = append(ev.Free, FreeAttack{By: f.Ref(), Target: r})
	}
	if err := w.emit(TypeFigureMoved, ev); err != nil {
		return err
	}
	verb := "moves"
	if c.Dash {
		verb = "dashes"
	}
	src := fmt.Sprintf("die %d", c.Die)
	if ev.Magic {
		src = "a 6 from the magic pool"
	}
	label := fmt.Sprintf("%s %s %d\" (%s)", f.Name, verb, ev.Inches, src)
	if len(ev.Left) > 0 {
		var names []string
		for _, r := range ev.Left {
			names = append(names, r.Name)
		}
		label += " out of base contact with " + strings.Join(names, " and ")
		if c.Dash {
			label += ", dashing clear of free attacks"
		} else {
			label += fmt.Sprintf(", each of whom may make a free attack on %s", f.Name)
		}
	}
	if into != nil {
		label += fmt.Sprintf(" into base contact with %s: a free attack on %s", into.Name, into.Name)
	}
	w.d.Label("%s.", label)
	return nil
}

// contact records base contact the moves did not (an enemy's Boost, a
// figure placed in contact); it spends nothing.
func (w *work) contact(b *Battle, c Contact) error {
	all := append(slices.Clone(b.Sides), HumansSide)
	a, err := b.resolve(c.A, all...)
	if err != nil {
		return err
	}
	o, err := b.resolve(c.B, b.enemiesOf(a.Side)...)
	if err != nil {
		return err
	}
	if a.Human() || o.Human() {
		return engines.Refuse("Contact", "contact with the Humans is not tracked; they move and strike by the table")
	}
	if a.Dead || o.Dead {
		return engines.Refuse("Dead", "a dead figure touches no one")
	}
	if b.InContact(a.Ref(), o.Ref()) != c.Apart {
		if c.Apart {
			return engines.Refuse("Contact", "%s and %s are not in base contact", a.Name, o.Name)
		}
		return engines.Refuse("Contact", "%s and %s are already in base contact", a.Name, o.Name)
	}
	if err := w.emit(TypeContactChanged, ContactChanged{A: a.Ref(), B: o.Ref(), Apart: c.Apart}); err != nil {
		return err
	}
	if c.Apart {
		w.d.Label("%s and %s are no longer in base contact.", a.Name, o.Name)
	} else {
		w.d.Label("%s and %s stand in base contact.", a.Name, o.Name)
	}
	return nil
}

// attack: dice order hit roll, then save roll if hit. Combined Attack dice
// give +1 to hit each after the first and count as one attack; a natural 6
// to hit gives the target -1 to save; each Defend counter +1 to save; a
// natural 1 fails and a natural 6 succeeds (seed 001 lines 47-57).
func (w *work) attack(b *Battle, c Attack) error {
	var a *Fig
	var err error
	if c.Free {
		a, err = b.resolve(c.Figure, b.Sides...)
		if err != nil {
			return err
		}
		if a.Dead {
			return engines.Refuse("Dead", "%s is dead and out of the game", a.Name)
		}
	} else if a, err = w.actor(b, c.Figure); err != nil {
		return err
	}
	t, err := b.resolve(c.Target, b.enemiesOf(a.Side)...)
	if err != nil {
		return err
	}
	if t.Dead {
		return engines.Refuse("Dead", "%s is already dead", t.Name)
	}
	ev := AttackMade{By: a.Ref(), Target: t.Ref(), Free: c.Free, HitNeed: Class(a.Class).Hit}
	if c.Free {
		if len(c.Dice) > 0 {
			return engines.Refuse("Free attack", "a free attack spends no die; drop --die")
		}
		if !slices.Contains(b.Free, FreeAttack{By: a.Ref(), Target: t.Ref()}) {
			return engines.Refuse("Free attack", "%s has no free attack on %s this turn; free attacks come from moving into base contact, or an enemy leaving it by a move", a.Name, t.Name)
		}
	} else {
		if err := needRolled(b); err != nil {
			return err
		}
		if err := w.spend(b, c.Dice, ActAttack); err != nil {
			return err
		}
		if max := RankValue(a.Rank); a.Attacks >= max {
			return engines.Refuse("Attacks", "%s has made %d attacks this turn; a %s attacks at most %s a turn (free attacks aside)", a.Name, a.Attacks, title(a.Rank), plural(max, "time", "times"))
		}
		ev.Dice = slices.Clone(c.Dice)
		ev.HitMod = len(c.Dice) - 1
		if err := w.reach(b, a, t); err != nil {
			return err
		}
	}
	if ev.HitRoll, err = w.roll1(a.Side, hitPurpose(a, t, ev.HitMod, ev.HitNeed, c.Free)); err != nil {
		return err
	}
	ev.Hit = succeeds(ev.HitRoll, ev.HitMod, ev.HitNeed)
	w.d.Judge(ev.Hit)
	if ev.Hit {
		if err := w.save(&ev, t); err != nil {
			return err
		}
	}
	label := attackLabel(ev, a, t)
	if err := w.emit(TypeAttackMade, ev); err != nil {
		return err
	}
	w.d.Label("%s", label)
	return nil
}

// reach applies the targeting rules the table's contacts decide: a figure in
// base contact attacks only the enemies it touches; Fighters and Berserkers
// (range 0") must touch their target; an enemy locked in base contact with a
// friend cannot be attacked from outside it (seed 001 line 54).
func (w *work) reach(b *Battle, a, t *Fig) error {
	touching := b.ContactsOf(a.Ref())
	if len(touching) > 0 && !b.InContact(a.Ref(), t.Ref()) {
		return engines.Refuse("Contact", "%s is in base contact with %s and must attack it", a.Name, touching[0].Name)
	}
	if t.Human() {
		return nil // the Humans' contacts are the table's
	}
	if Class(a.Class).Range == 0 && !b.InContact(a.Ref(), t.Ref()) {
		return engines.Refuse("Range", "a %s attacks at 0\": %s must be in base contact with %s (move it with --into, or `warlog dw contact`)", title(a.Class), a.Name, t.Name)
	}
	if !b.InContact(a.Ref(), t.Ref()) {
		for _, r := range b.ContactsOf(t.Ref()) {
			if r.Side == a.Side {
				return engines.Refuse("Melee", "%s is in base contact with %s; it cannot be attacked from outside that fight", t.Name, r.Name)
			}
		}
	}
	return nil
}

// save rolls the target's save and decides the wound.
func (w *work) save(ev *AttackMade, t *Fig) error {
	ev.SaveNeed = Class(t.Class).Save
	ev.SaveMod = t.Defend
	if ev.HitRoll == 6 {
		ev.SaveMod--
	}
	var err error
	if ev.SaveRoll, err = w.roll1(t.Side, savePurpose(t, ev.HitRoll == 6)); err != nil {
		return err
	}
	ev.Saved = succeeds(ev.SaveRoll, ev.SaveMod, ev.SaveNeed)
	w.d.Judge(ev.Saved)
	if !ev.Saved {
		ev.Wounded = true
		ev.Killed = t.Wounds+1 >= t.MaxWounds()
		if ev.Killed && !t.Human() {
			ev.KP = KillPoints(t.Rank, t.Champion)
		}
	}
	return nil
}

func attackLabel(ev AttackMade, a, t *Fig) string {
	var sb strings.Builder
	switch {
	case a.Human():
		fmt.Fprintf(&sb, "%s (%s) attacks %s", a.Name, title(a.Class), t.Name)
	case ev.Free:
		fmt.Fprintf(&sb, "%s makes a free attack on %s", a.Name, t.Name)
	case len(ev.Dice) > 1:
		fmt.Fprintf(&sb, "%s attacks %s with dice %s combined", a.Name, t.Name, facesText(ev.Dice))
	default:
		fmt.Fprintf(&sb, "%s attacks %s (die %d)", a.Name, t.Name, ev.Dice[0])
	}
	fmt.Fprintf(&sb, ": hit roll %d", ev.HitRoll)
	if ev.HitMod != 0 {
		fmt.Fprintf(&sb, "%s", signed(ev.HitMod))
	}
	fmt.Fprintf(&sb, " against %d+, ", ev.HitNeed)
	if !ev.Hit {
		sb.WriteString("a miss.")
		return sb.String()
	}
	sb.WriteString("a hit")
	if ev.HitRoll == 6 {
		sb.WriteString(" (a natural 6: -1 to the save)")
	}
	fmt.Fprintf(&sb, "; save %d", ev.SaveRoll)
	if ev.SaveMod != 0 {
		fmt.Fprintf(&sb, "%s", signed(ev.SaveMod))
	}
	fmt.Fprintf(&sb, " against %d+", ev.SaveNeed)
	sb.WriteString(woundText(ev.Saved, ev.Killed, t, ev.KP))
	return sb.String()
}

func woundText(saved, killed bool, t *Fig, kp int) string {
	switch {
	case saved:
		if t.Defend > 0 {
			return fmt.Sprintf(", saved; %s defend counters are removed.", possessive(t.Name))
		}
		return ", saved."
	case killed:
		s := fmt.Sprintf(", failed: %s is killed", t.Name)
		if kp > 0 {
			s += fmt.Sprintf(" (%s)", plural(kp, "kill point", "kill points"))
		}
		return s + "."
	}
	return fmt.Sprintf(", failed: %s takes a wound (%d of %d).", t.Name, t.Wounds+1, t.MaxWounds())
}

// defend puts a Defend counter on a figure (seed 001 line 57).
func (w *work) defend(b *Battle, c Defend) error {
	if err := needRolled(b); err != nil {
		return err
	}
	f, err := w.actor(b, c.Figure)
	if err != nil {
		return err
	}
	if err := w.spend(b, []int{c.Die}, ActDefend); err != nil {
		return err
	}
	if err := w.emit(TypeDefendSet, DefendSet{Figure: f.Ref(), Die: c.Die}); err != nil {
		return err
	}
	w.d.Label("%s defends (die %d): %s, +%d to its saves until it saves.", f.Name, c.Die, plural(f.Defend, "counter", "counters"), f.Defend)
	return nil
}

// cast pays a spell from the magic pool (seed 001 lines 59-63). Casters are
// the Champion and every Wizard. Dice order for Bolt: hit roll, then save
// roll if hit.
//
// Ruling: a spell is no attack: it does not count against the caster's
// attacks, ignores base contact, and may be cast before the roll from the
// pool kept since the last turn. Bolt's save is a natural 6 only: Defend
// counters do not help, but a saving 6 removes them like any save.
func (w *work) cast(b *Battle, c Cast) error {
	f, err := w.actor(b, c.Caster)
	if err != nil {
		return err
	}
	p := f.Side
	if !f.Champion && f.Class != Wizard {
		return engines.Refuse("Magic", "%s is a %s %s; only the Champion and Wizards cast spells", f.Name, title(f.Class), title(f.Rank))
	}
	spell := strings.ToLower(strings.TrimSpace(c.Spell))
	cost := SpellCost(spell)
	if cost == 0 {
		return engines.Refuse("Magic", "unknown spell %q; the spells are bolt (1), curse (2), heal (2) and boost (1)", c.Spell)
	}
	if b.Magic[p] < cost {
		return engines.Refuse("Magic", "%s costs %s; %s's magic pool holds %d", title(spell), plural(cost, "magic die", "magic dice"), p, b.Magic[p])
	}
	if c.Target == "" {
		return engines.Refuse("Magic", "%s needs a TARGET figure", title(spell))
	}
	if (c.Into != "" || c.Leave) && spell != Boost {
		return engines.Refuse("Magic", "--into and --leave are for Boost, which moves a figure")
	}
	ev := SpellCast{Caster: f.Ref(), Spell: spell, Cost: cost}
	var t *Fig
	switch spell {
	case Bolt, Curse:
		t, err = b.resolve(c.Target, b.enemiesOf(p)...)
	case Heal:
		t, err = b.resolve(c.Target, p)
	case Boost:
		t, err = b.resolve(c.Target, append([]string{p}, b.enemiesOf(p)...)...)
	}
	if err != nil {
		return err
	}
	if t.Dead {
		return engines.Refuse("Dead", "%s is dead", t.Name)
	}
	ev.Target = t.Ref()
	label := fmt.Sprintf("%s casts %s (%s) on %s", f.Name, title(spell), plural(cost, "magic die", "magic dice"), t.Name)
	switch spell {
	case Bolt:
		if ev.HitRoll, err = w.roll1(f.Side, "hit roll, Bolt hits on 4+"); err != nil {
			return err
		}
		ev.Hit = succeeds(ev.HitRoll, 0, 4)
		w.d.Judge(ev.Hit)
		label += fmt.Sprintf(": hit roll %d against 4+", ev.HitRoll)
		if !ev.Hit {
			label += ", a miss."
			break
		}
		if ev.SaveRoll, err = w.roll1(t.Side, fmt.Sprintf("save roll, %s saves against Bolt only on a 6", t.Name)); err != nil {
			return err
		}
		ev.Saved = ev.SaveRoll == 6
		w.d.Judge(ev.Saved)
		ev.Wounded = !ev.Saved
		ev.Killed = ev.Wounded && t.Wounds+1 >= t.MaxWounds()
		if ev.Killed && !t.Human() {
			ev.KP = KillPoints(t.Rank, t.Champion)
		}
		label += fmt.Sprintf(", a hit; save %d, only a 6 saves", ev.SaveRoll) + woundText(ev.Saved, ev.Killed, t, ev.KP)
	case Curse:
		ev.Wounded = true
		ev.Killed = t.Wounds+1 >= t.MaxWounds()
		if ev.Killed && !t.Human() {
			ev.KP = KillPoints(t.Rank, t.Champion)
		}
		if ev.Killed {
			label += fmt.Sprintf(": %s is killed", t.Name)
			if ev.KP > 0 {
				label += fmt.Sprintf(" (%s)", plural(ev.KP, "kill point", "kill points"))
			}
			label += "."
		} else {
			label += fmt.Sprintf(": %s takes a wound (%d of %d).", t.Name, t.Wounds+1, t.MaxWounds())
		}
	case Heal:
		if t.Wounds == 0 {
			return engines.Refuse("Magic", "%s has no wound to heal", t.Name)
		}
		ev.Healed = true
		label += fmt.Sprintf(": a wound is healed (%d of %d wounds now).", t.Wounds-1, t.MaxWounds())
	case Boost:
		if c.Leave {
			for _, r := range b.ContactsOf(t.Ref()) {
				ev.Left = append(ev.Left, r)
			}
			if len(ev.Left) == 0 {
				return engines.Refuse("Contact", "%s is in base contact with no one; drop --leave", t.Name)
			}
		}
		if c.Into != "" {
			o, err := b.resolve(c.Into, b.enemiesOf(t.Side)...)
			if err != nil {
				return err
			}
			if o.Dead {
				return engines.Refuse("Dead", "%s is dead", o.Name)
			}
			r := o.Ref()
			ev.Into = &r
		}
		label += ": it moves 3\""
		if len(ev.Left) > 0 {
			label += " out of base contact"
		}
		if ev.Into != nil {
			label += " into base contact with " + ev.Into.Name
		}
		label += "."
	}
	if err := w.emit(TypeSpellCast, ev); err != nil {
		return err
	}
	w.d.Label("%s Magic pool: %d left.", label, b.Magic[p])
	return nil
}

// collect: a Soul is collected by an attack's hit roll from base contact,
// with no save (RULINGS). Dice order: the hit roll.
//
// Ruling: collecting is an attack: it spends Attack dice (combined dice
// +1 each after the first) and counts against the figure's attacks.
func (w *work) collect(b *Battle, c Collect) error {
	if b.Brief != SoulCollectors {
		return engines.Refuse("Soul Collectors", "there are Souls only in Soul Collectors; %s is %s", b.Name, BriefTitle(b.Brief))
	}
	if err := needRolled(b); err != nil {
		return err
	}
	f, err := w.actor(b, c.Figure)
	if err != nil {
		return err
	}
	if err := w.spend(b, c.Dice, ActAttack); err != nil {
		return err
	}
	if max := RankValue(f.Rank); f.Attacks >= max {
		return engines.Refuse("Attacks", "%s has made %d attacks this turn; a %s attacks at most %s a turn", f.Name, f.Attacks, title(f.Rank), plural(max, "time", "times"))
	}
	if b.soulsLeft() == 0 {
		return engines.Refuse("Soul Collectors", "every Soul is collected")
	}
	ev := SoulTried{Figure: f.Ref(), Dice: slices.Clone(c.Dice), Mod: len(c.Dice) - 1, Need: Class(f.Class).Hit}
	if ev.Roll, err = w.roll1(f.Side, hitPurpose(f, nil, ev.Mod, ev.Need, false)); err != nil {
		return err
	}
	ev.Collected = succeeds(ev.Roll, ev.Mod, ev.Need)
	w.d.Judge(ev.Collected)
	label := fmt.Sprintf("%s strikes at a Soul (dice %s): hit roll %d", f.Name, facesText(c.Dice), ev.Roll)
	if ev.Mod != 0 {
		label += signed(ev.Mod)
	}
	label += fmt.Sprintf(" against %d+", ev.Need)
	if ev.Collected {
		label += fmt.Sprintf(", the Soul is collected (%s %d, %d left).", f.Side, b.Souls[f.Side]+1, b.soulsLeft()-1)
	} else {
		label += ", it slips away."
	}
	if err := w.emit(TypeSoulTried, ev); err != nil {
		return err
	}
	w.d.Label("%s", label)
	return nil
}

// endTurn: unspent dice are lost, Magic stays in the pool. Dice order in
// Soul Collectors: one die per Soul left for its drift in inches (RULINGS:
// drift is recorded; the table moves the Souls).
func (w *work) endTurn(b *Battle, c EndTurn) error {
	if err := w.checkPlayer(b, c.Player); err != nil {
		return err
	}
	if err := needRolled(b); err != nil {
		return err
	}
	p := b.ActivePlayer()
	ev := TurnEnded{Player: p, Lost: slices.Clone(b.Pool)}
	if b.Brief == SoulCollectors && b.soulsLeft() > 0 {
		v, err := w.d.Roll(b.soulsLeft(), 6, fmt.Sprintf("soul drift: inches each of the %d Souls left moves", b.soulsLeft()))
		if err != nil {
			return err
		}
		ev.Drift = v
	}
	round := b.Round
	if err := w.emit(TypeTurnEnded, ev); err != nil {
		return err
	}
	label := fmt.Sprintf("%s ends turn %d", p, round)
	if len(ev.Lost) > 0 {
		label += fmt.Sprintf(", losing %s (%s)", plural(len(ev.Lost), "unspent die", "unspent dice"), facesText(ev.Lost))
	}
	label += fmt.Sprintf("; magic pool %d.", b.Magic[p])
	if len(ev.Drift) > 0 {
		label += fmt.Sprintf(" The Souls drift %s inches.", facesText(ev.Drift))
	}
	switch b.Phase {
	case PhaseRoll:
		label += fmt.Sprintf(" Turn %d: %s to roll.", b.Round, b.ActivePlayer())
	case PhaseHumans:
		label += " The Humans attack."
	}
	w.d.Label("%s", label)
	return nil
}

// humans: after both players' turns each living Human attacks the figure
// the players name, or no one ("-"). Dice order: Human by Human in number
// order, hit roll then save roll if hit.
func (w *work) humans(b *Battle, c Humans) error {
	if b.Phase != PhaseHumans {
		return engines.Refuse("Humans", "the Humans attack after both players' turns in Hunt the Hunters; it is %s's turn %d", b.ActivePlayer(), b.Round)
	}
	targets := map[string]string{}
	for _, ht := range c.Targets {
		name := strings.TrimSpace(ht.Human)
		if name != "" && strings.Trim(name, "0123456789") == "" {
			name = "Human " + name
		}
		h, err := b.resolve(name, HumansSide)
		if err != nil {
			return err
		}
		if h.Dead {
			return engines.Refuse("Humans", "%s is dead", h.Name)
		}
		if _, dup := targets[h.Name]; dup {
			return engines.Refuse("Humans", "%s is named twice; each Human makes one attack", h.Name)
		}
		targets[h.Name] = strings.TrimSpace(ht.Target)
	}
	var missing []string
	for _, h := range b.Living(HumansSide) {
		if _, ok := targets[h.Name]; !ok {
			missing = append(missing, h.Name)
		}
	}
	if len(missing) > 0 {
		return engines.Refuse("Humans", "name a target for every living Human (HUMAN=FIGURE, or HUMAN=- for none); missing: %s", strings.Join(missing, ", "))
	}
	named := map[string]*Fig{}
	for _, h := range b.Living(HumansSide) {
		tn := targets[h.Name]
		if tn == "-" || strings.EqualFold(tn, "none") || tn == "" {
			continue
		}
		t, err := b.resolve(tn, b.Sides...)
		if err != nil {
			return err
		}
		if t.Dead {
			return engines.Refuse("Dead", "%s is dead; name a living figure for %s, or %s=-", t.Name, h.Name, strings.TrimPrefix(h.Name, "Human "))
		}
		named[h.Name] = t
	}
	var lines []string
	for _, h := range b.Living(HumansSide) {
		t := named[h.Name]
		switch {
		case t == nil:
			lines = append(lines, h.Name+" reaches no one")
			continue
		case t.Dead:
			// Ruling: a Human whose target fell to an earlier Human this
			// round makes no attack.
			lines = append(lines, fmt.Sprintf("%s finds %s already dead", h.Name, t.Name))
			continue
		}
		ev := AttackMade{By: h.Ref(), Target: t.Ref(), HitNeed: Class(h.Class).Hit}
		var err error
		if ev.HitRoll, err = w.roll1(h.Side, hitPurpose(h, t, 0, ev.HitNeed, false)); err != nil {
			return err
		}
		ev.Hit = succeeds(ev.HitRoll, 0, ev.HitNeed)
		w.d.Judge(ev.Hit)
		if ev.Hit {
			if err := w.save(&ev, t); err != nil {
				return err
			}
		}
		lines = append(lines, strings.TrimSuffix(attackLabel(ev, h, t), "."))
		if err := w.emit(TypeAttackMade, ev); err != nil {
			return err
		}
	}
	round := b.Round
	if err := w.emit(TypeHumansActed, HumansActed{Round: round}); err != nil {
		return err
	}
	w.d.Label("The Humans strike after turn %d: %s.", round, strings.Join(lines, "; "))
	return nil
}

// shrine enters the Death Shrine count: each player's figures within 3" of
// the shrine after 6 turns each.
func (w *work) shrine(c Shrine) error {
	b := w.s.Current()
	if b == nil || b.Brief != DeathShrine {
		return engines.Refuse("Death Shrine", "no Death Shrine battle is in progress")
	}
	if b.Phase != PhaseShrine {
		return engines.Refuse("Death Shrine", "the shrine is counted after both players have had 6 turns; it is turn %d", b.Round)
	}
	counts := map[string]int{}
	for _, sc := range c.Counts {
		f := w.s.Force(sc.Player)
		if f == nil || !slices.Contains(b.Sides, f.Player) {
			return engines.Refuse("Death Shrine", "%q is not fighting %s; the players are %s and %s", sc.Player, b.Name, b.Sides[0], b.Sides[1])
		}
		if _, dup := counts[f.Player]; dup {
			return engines.Refuse("Death Shrine", "%s is counted twice", f.Player)
		}
		if n := len(b.Living(f.Player)); sc.Count < 0 || sc.Count > n {
			return engines.Refuse("Death Shrine", "%s has %d figures in play; the count must be 0 to %d", f.Player, n, n)
		}
		counts[f.Player] = sc.Count
	}
	for _, p := range b.Sides {
		if _, ok := counts[p]; !ok {
			return engines.Refuse("Death Shrine", "give both counts: warlog dw shrine %s=N %s=N", b.Sides[0], b.Sides[1])
		}
	}
	if err := w.emit(TypeShrineCounted, ShrineCounted{Counts: counts}); err != nil {
		return err
	}
	w.d.Label("Figures within 3\" of the shrine: %s %d, %s %d.", b.Sides[0], counts[b.Sides[0]], b.Sides[1], counts[b.Sides[1]])
	return w.checkEnd()
}

// endScenario is `warlog scenario end`: it closes a battle before its own
// end. Ruling: with --winner the players' word stands (a side's name, or
// "draw"); without it the battle is decided on the counts so far, except
// Death Shrine, which needs its count.
func (w *work) endScenario(c engines.EndScenario) error {
	b := w.s.Current()
	if b == nil {
		return engines.Refuse("Scenario", "no battle in progress to end")
	}
	if c.Winner != "" {
		ev := ScenarioEnded{Declared: true, Scores: b.scores()}
		switch {
		case strings.EqualFold(c.Winner, "draw"):
			ev.Result = "Draw"
		default:
			f := w.s.Force(c.Winner)
			if f == nil || !slices.Contains(b.Sides, f.Player) {
				return engines.Refuse("Scenario", "--winner %q: name %s, %s or draw", c.Winner, b.Sides[0], b.Sides[1])
			}
			ev.Winner, ev.Result = f.Player, f.Player+" wins"
		}
		ev.Why = fmt.Sprintf("the players ended the battle in turn %d and declared the result.", b.Round)
		if err := w.emit(TypeScenarioEnded, ev); err != nil {
			return err
		}
		w.d.Label("%s ends: %s; %s", b.Name, ev.Result, ev.Why)
		return nil
	}
	if b.Brief == DeathShrine {
		return engines.Refuse("Death Shrine", "Death Shrine is won at the shrine: play the 6 turns and enter `warlog dw shrine`, or end now with --winner PLAYER|draw")
	}
	ev := b.decide(fmt.Sprintf("the players ended the battle in turn %d", b.Round))
	if err := w.emit(TypeScenarioEnded, ev); err != nil {
		return err
	}
	w.d.Label("%s ends: %s. %s", b.Name, ev.Result, ev.Why)
	return nil
}

// checkEnd ends the battle when its scenario's condition is met, in the
// same action that met it.
//
// Ruling: a force with no figure left ends the battle at once, decided on
// the counts as they stand; in Death Shrine the survivor holds the shrine.
func (w *work) checkEnd() error {
	b := w.s.Current()
	if b == nil {
		return nil
	}
	var why string
	var wiped string
	for _, p := range b.Sides {
		if len(b.Living(p)) == 0 {
			wiped = p
		}
	}
	switch {
	case b.Brief == SoulCollectors && b.soulsLeft() == 0:
		why = "all 7 Souls are collected"
	case b.Brief == HuntTheHunters && b.humansAlive() == 0:
		why = "all 7 Humans are dead"
	case wiped != "":
		why = fmt.Sprintf("%s has no figure left", wiped)
		if b.Brief == DeathShrine {
			winner := b.Other(wiped)
			ev := ScenarioEnded{Winner: winner, Result: winner + " wins", Why: title(why) + fmt.Sprintf(": %s holds the shrine unopposed.", winner)}
			return w.end(b, ev)
		}
	case b.Phase == PhaseDone:
		why = "both players have had 6 turns"
	case b.Brief == DeathShrine && b.Shrine != nil:
		why = "after 6 turns each the shrine is counted"
	default:
		return nil
	}
	return w.end(b, b.decide(why))
}

func (w *work) end(b *Battle, ev ScenarioEnded) error {
	if err := w.emit(TypeScenarioEnded, ev); err != nil {
		return err
	}
	w.d.Label("%s %s ends: %s. %s", strings.TrimSpace(w.d.LabelText()), b.Name, ev.Result, ev.Why)
	return nil
}

// scores are what the scenario counts for each player.
func (b *Battle) scores() map[string]int {
	out := map[string]int{}
	for _, p := range b.Sides {
		switch b.Brief {
		case SoulCollectors:
			out[p] = b.Souls[p]
		case HuntTheHunters:
			out[p] = b.HumansKilled[p]
		case DeathShrine:
			out[p] = b.Shrine[p]
		default:
			out[p] = b.KP[p]
		}
	}
	return out
}

// decide compares the counts: most wins, a tie is a draw.
func (b *Battle) decide(why string) ScenarioEnded {
	sc := b.scores()
	a, o := b.Sides[0], b.Sides[1]
	unit := map[string][2]string{
		SoulCollectors: {"Soul", "Souls"},
		HuntTheHunters: {"Human killed", "Humans killed"},
		DeathShrine:    {"figure at the shrine", "figures at the shrine"},
		HeadCount:      {"kill point", "kill points"},
	}[b.Brief]
	ev := ScenarioEnded{Scores: sc}
	counts := fmt.Sprintf("%s %s, %s %s", a, plural(sc[a], unit[0], unit[1]), o, plural(sc[o], unit[0], unit[1]))
	switch {
	case sc[a] > sc[o]:
		ev.Winner = a
	case sc[o] > sc[a]:
		ev.Winner = o
	}
	if ev.Winner == "" {
		ev.Result = "a draw"
		ev.Why = fmt.Sprintf("%s: %s; the counts are level.", title(why), counts)
	} else {
		ev.Result = ev.Winner + " wins"
		ev.Why = fmt.Sprintf("%s: %s.", title(why), counts)
	}
	return ev
}

// Dice purposes say what each die decides and, where the rule fixes it,
// what it needs: `warlog play` shows them when the player enters dice.

func rollOffPurpose(sides []string) string {
	return fmt.Sprintf("deployment roll-off, %s's die then %s's: the higher places first, a tie rolls again", sides[0], sides[1])
}

func humanClassPurpose(i int) string {
	return fmt.Sprintf("Human %d's class: 1 Fighter, 2 Berserker, 3 Skirmisher, 4 Shooter, 5 or 6 roll again", i)
}

func poolPurpose(player, clan string) string {
	return fmt.Sprintf("%s's action dice, %s: %s", player, ClanTitle(clan), faceSummary(clan))
}

// faceSummary is a clan's face table in a line: "1 Dash, 2-4 Attack, 5 Defend, 6 Magic".
func faceSummary(clan string) string {
	var parts []string
	for v := 1; v <= 6; {
		a := FaceAction(clan, v)
		end := v
		for end < 6 && FaceAction(clan, end+1) == a {
			end++
		}
		if end == v {
			parts = append(parts, fmt.Sprintf("%d %s", v, a))
		} else {
			parts = append(parts, fmt.Sprintf("%d-%d %s", v, end, a))
		}
		v = end + 1
	}
	return strings.Join(parts, ", ")
}

// hitPurpose: an attack's hit roll (t nil: a Soul's).
func hitPurpose(a, t *Fig, mod, need int, free bool) string {
	var s string
	switch {
	case t == nil:
		s = fmt.Sprintf("hit roll on a Soul, %s (%s) collects it on %d+", a.Name, title(a.Class), need)
	case free:
		s = fmt.Sprintf("hit roll of a free attack on %s, %s (%s) hits on %d+", t.Name, a.Name, title(a.Class), need)
	default:
		s = fmt.Sprintf("hit roll on %s, %s (%s) hits on %d+", t.Name, a.Name, title(a.Class), need)
	}
	if mod != 0 {
		s += fmt.Sprintf(", %s for %d dice combined: needs %s", signed(mod), mod+1, effectiveNeed(need, mod, "misses", "hits"))
	}
	return s
}

// savePurpose: the save roll against a hit (nat6: the hit roll was a natural 6).
func savePurpose(t *Fig, nat6 bool) string {
	need, mod := Class(t.Class).Save, t.Defend
	s := fmt.Sprintf("save roll, %s (%s) saves on %d+", t.Name, title(t.Class), need)
	var mods []string
	if t.Defend > 0 {
		what := "defend counters"
		if t.Defend == 1 {
			what = "a defend counter"
		}
		mods = append(mods, fmt.Sprintf("+%d for %s", t.Defend, what))
	}
	if nat6 {
		mod--
		mods = append(mods, "-1 for the natural 6 to hit")
	}
	if len(mods) > 0 {
		s += ", " + strings.Join(mods, " and ") + ": needs " + effectiveNeed(need, mod, "fails", "saves")
	}
	return s
}

// effectiveNeed is what a d6 must show for need+ with mod, a natural 1
// always failing and a natural 6 always succeeding.
func effectiveNeed(need, mod int, fails, succeeds string) string {
	switch eff := need - mod; {
	case eff <= 2:
		return "2+ (only a natural 1 " + fails + ")"
	case eff >= 6:
		return "a 6 (a natural 6 always " + succeeds + ")"
	default:
		return fmt.Sprintf("%d+", eff)
	}
}
