package incarn28

import (
	"fmt"
	"strings"

	"warlog/engines"
	"warlog/engines/dice"
)

// referee is the rules at work on one command: the state being decided on
// (the kit's copy, into which every fact the command emits is already
// folded, so later rules see earlier facts), the decision, and what the
// command has found out so far for its label and its later rules.
type referee struct {
	*State
	d     *engines.Decision
	notes []string
	// actor is the side whose action this is (for objective ties).
	actor string
	depth int
	// lastAD is the AD of the last hit resolved (Grenadier, Melter).
	lastAD int
	// ciphered holds the figures this command says are within 5 of an
	// enemy Cipher: every rule of this command that asks for one of their
	// Fleshtypes, the "when slain" and Automaton ones included, finds none
	// (seed line 197).
	ciphered map[string]bool
	// shielded is the incarn a Portshield bearer took the attack for.
	shielded *Figure
	// terrain: the attack is a Poltergeist's on a terrain piece.
	terrain bool
}

// inGame decides a command of the game in progress with rule: refused
// between games; once the rule is done, every objective the log now shows
// met is recorded (and the winner, once a player has both), and the Pests
// are reminded of a D8.
func inGame[C engines.Command](s *State, d *engines.Decision, c C, rule func(*referee, C) error) error {
	b := s.Battle
	if b == nil || b.Ended {
		return engines.RefuseTry("Game", []string{"scenario start"}, "no game is in progress; start one")
	}
	b.init()
	r := &referee{State: s, d: d}
	if err := rule(r, c); err != nil {
		return err
	}
	if err := r.checkObjectives(); err != nil {
		return err
	}
	r.pest()
	return nil
}

func (s *State) overseer(c Overseer, d *engines.Decision) error {
	return inGame(s, d, c, (*referee).overseer)
}

func (s *State) nextRound(c NextRound, d *engines.Decision) error {
	return inGame(s, d, c, (*referee).nextRound)
}

func (s *State) activate(c Activate, d *engines.Decision) error {
	return inGame(s, d, c, (*referee).activate)
}

func (s *State) move(c Move, d *engines.Decision) error { return inGame(s, d, c, (*referee).move) }

func (s *State) attack(c Attack, d *engines.Decision) error {
	return inGame(s, d, c, (*referee).attack)
}

func (s *State) special(c Special, d *engines.Decision) error {
	return inGame(s, d, c, (*referee).special)
}

func (s *State) endActivation(c EndActivation, d *engines.Decision) error {
	return inGame(s, d, c, (*referee).endActivation)
}

func (s *State) recordStun(c Stun, d *engines.Decision) error {
	return inGame(s, d, c, (*referee).recordStun)
}

func (s *State) recordUnstun(c Unstun, d *engines.Decision) error {
	return inGame(s, d, c, (*referee).recordUnstun)
}

func (s *State) recordSlay(c Slay, d *engines.Decision) error {
	return inGame(s, d, c, (*referee).recordSlay)
}

func (s *State) summon(c Summon, d *engines.Decision) error {
	return inGame(s, d, c, (*referee).summon)
}

func (s *State) inseminate(c Inseminate, d *engines.Decision) error {
	return inGame(s, d, c, (*referee).inseminate)
}

func (s *State) markObjective(c MarkObjective, d *engines.Decision) error {
	return inGame(s, d, c, (*referee).markObjective)
}

func (s *State) transform(c Transform, d *engines.Decision) error {
	return inGame(s, d, c, (*referee).transform)
}

func (s *State) extinguish(c Extinguish, d *engines.Decision) error {
	return inGame(s, d, c, (*referee).extinguish)
}

func (s *State) rift(c Rift, d *engines.Decision) error { return inGame(s, d, c, (*referee).rift) }

func (s *State) stone(c Stone, d *engines.Decision) error { return inGame(s, d, c, (*referee).stone) }

func (s *State) reflesh(c Reflesh, d *engines.Decision) error {
	return inGame(s, d, c, (*referee).reflesh)
}

// cipher marks f as within 5 of an enemy Cipher for this command.
func (r *referee) cipher(f *Figure, on bool) {
	if f == nil || !on {
		return
	}
	if r.ciphered == nil {
		r.ciphered = map[string]bool{}
	}
	r.ciphered[f.Key()] = true
}

// has reports whether f counts as having the Fleshtype in this command:
// it has it, and no enemy Cipher strips it (seed line 197: "Non-Cipher
// Enemies within 5 count as having no Fleshtype").
func (r *referee) has(f *Figure, name string) bool { return r.flesh(f, name, false) }

func (r *referee) note(format string, args ...any) {
	r.notes = append(r.notes, fmt.Sprintf(format, args...))
}

// ---- gangs ----

func (s *State) foundGang(c FoundGang, d *engines.Decision) error {
	if s.Battle != nil && !s.Battle.Ended {
		return engines.Refuse("Gangs", "a game is in progress; found gangs between games")
	}
	name := strings.TrimSpace(c.Player)
	if err := engines.ValidateName("player", c.Player); err != nil {
		return refuse("Gangs", err)
	}
	if name == "" || strings.ContainsAny(name, "/|") || strings.EqualFold(name, DeathbeastSide) {
		return engines.Refuse("Gangs", "player name %q cannot be used; give a plain name like Ann", c.Player)
	}
	if s.gang(name) != nil {
		return engines.RefuseTry("Gangs", []string{"i28 recruit"}, "%s already has a gang; recruit into it", name)
	}
	f, err := FindFaction(c.Faction)
	if err != nil {
		return refuse("Faction", err)
	}
	bones := c.Bones
	if bones == 0 {
		bones = StandardBones
	}
	if bones < 1 {
		return engines.Refuse("Bones", "a gang needs a positive Bones limit; a standard game is %d", StandardBones)
	}
	var incarns []Incarn
	for _, in := range c.Incarns {
		ci, err := Canonical(in)
		if err != nil {
			return refuse("Gang building", err)
		}
		incarns = append(incarns, ci)
	}
	if vs := Validate(f, bones, incarns); len(vs) > 0 {
		return refuseViolations(vs)
	}
	if err := d.Emit(TypeGangFounded, GangFounded{Player: name, Faction: f.Name, Bones: bones, Incarns: incarns}); err != nil {
		return err
	}
	if len(incarns) > 0 {
		d.Label("%s founds a %s gang of %d incarns costing %d of %d B.", name, f.Name, len(incarns), GangCost(incarns), bones)
	} else {
		d.Label("%s founds a %s gang with %d B to spend.", name, f.Name, bones)
	}
	return nil
}

func (s *State) recruit(c Recruit, d *engines.Decision) error {
	if s.Battle != nil && !s.Battle.Ended {
		return engines.Refuse("Gangs", "a game is in progress; recruit between games")
	}
	gg := s.gang(c.Player)
	if gg == nil {
		return engines.RefuseTry("Gangs", []string{"i28 gang"}, "%s has no gang; found one first", c.Player)
	}
	if err := engines.ValidateName("incarn", c.Incarn.Name); err != nil {
		return refuse("Gangs", err)
	}
	in, err := Canonical(c.Incarn)
	if err != nil {
		return refuse("Gang building", err)
	}
	f, _ := FindFaction(gg.Faction)
	all := append(append([]Incarn(nil), gg.Incarns...), in)
	if vs := Validate(f, gg.Bones, all); len(vs) > 0 {
		return refuseViolations(vs)
	}
	if err := d.Emit(TypeIncarnRecruited, IncarnRecruited{Player: gg.Player, Incarn: in, Cost: Cost(in)}); err != nil {
		return err
	}
	desc := fmt.Sprintf("%s %s", in.Skill, in.Toughness)
	if len(in.Flesh) > 0 {
		desc += " " + strings.Join(in.Flesh, ", ")
	}
	if len(in.Items) > 0 {
		desc += " with " + strings.Join(in.Items, ", ")
	}
	d.Label("%s recruits %s (%s) for %d B; the gang now costs %d of %d B.", gg.Player, in.Name, desc, Cost(in), GangCost(all), gg.Bones)
	return nil
}

func (s *State) dismiss(c Dismiss, d *engines.Decision) error {
	if s.Battle != nil && !s.Battle.Ended {
		return engines.Refuse("Gangs", "a game is in progress; dismiss incarns between games")
	}
	gg := s.gang(c.Player)
	if gg == nil {
		return engines.Refuse("Gangs", "%s has no gang", c.Player)
	}
	for _, in := range gg.Incarns {
		if strings.EqualFold(in.Name, c.Name) {
			if err := d.Emit(TypeIncarnDismissed, IncarnDismissed{Player: gg.Player, Name: in.Name}); err != nil {
				return err
			}
			d.Label("%s dismisses %s.", gg.Player, in.Name)
			return nil
		}
	}
	return engines.Refuse("Gangs", "%s's gang has no incarn %q", gg.Player, c.Name)
}

// ---- finding figures ----

// find resolves a figure by "Side/Name", exact name or unique prefix.
func (s *State) find(name string) (*Figure, error) {
	b := s.Battle
	name = strings.TrimSpace(name)
	if name == "" {
		return nil, engines.Refuse("Names", "no incarn named; give its name")
	}
	var exact, prefix []*Figure
	side, short, hasSide := strings.Cut(name, "/")
	for _, f := range b.Figures {
		if hasSide {
			if !strings.EqualFold(f.Side, side) {
				continue
			}
		} else {
			short = name
		}
		switch {
		case strings.EqualFold(f.Name, short):
			exact = append(exact, f)
		case strings.HasPrefix(strings.ToLower(f.Name), strings.ToLower(short)):
			prefix = append(prefix, f)
		}
	}
	hits := exact
	if len(hits) == 0 {
		hits = prefix
	}
	switch len(hits) {
	case 1:
		return hits[0], nil
	case 0:
		return nil, engines.RefuseTry("Names", []string{"status"}, "no incarn %q in this game; the status lists the incarns in play", name)
	}
	var c []string
	for _, f := range hits {
		c = append(c, f.Key())
	}
	return nil, engines.Refuse("Names", "%q could be %s; give more of the name or SIDE/NAME", name, strings.Join(c, " or "))
}

// ---- start and end ----

// Dice order (RULINGS: the two objective dice, then any re-rolls; the
// twist die), then, with the Flensing Mist, its edge die, then the
// deployment roll-off: one D6 per player in the order the players are
// listed, again while tied.
//
// Ruling (seed line 29): the deployment roll-off's winner chooses an edge
// and deploys first, and places the objectives' extra figures first; the
// log records it after the twist so the dice RULINGS orders come first.
// Ruling (seed line 645): the Mist's edge is one of the two edges no
// player deploys on; a D6 of 1-3 picks the one on the left of the
// deployment winner's edge (looking from it), 4-6 the one on the right.
//
// Ruling: with more than two gangs, the start fields the two players who
// play; otherwise the campaign's two gangs play.
//
// Ruling: the objective incarns the seed adds take the toughness matching
// their skill's rank: Assassinate's Chosen is Heavy, Escort's Blooded is
// Hardened. Neither counts for morale or Decimate.
func (s *State) startGame(c engines.StartScenario, d *engines.Decision) error {
	return (&referee{State: s, d: d}).start(c)
}

func (r *referee) start(c engines.StartScenario) error {
	if r.Battle != nil && !r.Battle.Ended {
		return engines.RefuseTry("Game", []string{"scenario end"}, "the game %q is still in progress; end it first", r.Battle.Name)
	}
	if err := engines.ValidateName("game", c.Name); err != nil {
		return refuse("Game", err)
	}
	var sides []*Gang
	if len(c.Field) > 0 {
		for _, p := range c.Field {
			gg := r.gang(p)
			if gg == nil {
				return engines.RefuseTry("Game", []string{"i28 gang"}, "no gang %q to field; found one first", p)
			}
			sides = append(sides, gg)
		}
	} else {
		sides = r.Gangs
	}
	switch {
	case len(c.Field) == 0 && len(sides) < 2:
		return engines.RefuseTry("Game", []string{"i28 gang"}, "a game is between two gangs; %d are named: found two", len(sides))
	case len(sides) != 2 || strings.EqualFold(sides[0].Player, sides[1].Player):
		return engines.Refuse("Game", "a game is between two gangs; %d are named: field the two players who play", len(sides))
	}
	for _, gg := range sides {
		if len(gg.Incarns) == 0 {
			return engines.RefuseTry("Game", []string{"i28 recruit"}, "%s's gang has no incarns; recruit some", gg.Player)
		}
	}
	bs := BattleStarted{Name: c.Name, Sides: []string{sides[0].Player, sides[1].Player}}
	for _, gg := range sides {
		for _, in := range gg.Incarns {
			bs.Figures = append(bs.Figures, Figure{Incarn: in, Side: gg.Player, Origin: gg.Player, Status: StatusActive, Starting: !hasFlesh(in, "Worm")})
		}
	}
	if err := r.d.Emit(TypeBattleStarted, bs); err != nil {
		return err
	}
	var parts []string
	for _, gg := range sides {
		objs, err := r.rollObjectives(gg, nil)
		if err != nil {
			return err
		}
		if err := r.d.Emit(TypeObjectivesRolled, ObjectivesRolled{Player: gg.Player, Objectives: objs}); err != nil {
			return err
		}
		parts = append(parts, fmt.Sprintf("%s (%s) must %s and %s", gg.Player, gg.Faction, objName(objs[0]), objName(objs[1])))
	}
	t, err := r.d.Roll1(6, "twist")
	if err != nil {
		return err
	}
	tr := TwistRolled{Twist: t}
	if t == 2 {
		v, err := r.d.Roll1(6, "Flensing Mist edge")
		if err != nil {
			return err
		}
		tr.MistEdge = "left"
		if v >= 4 {
			tr.MistEdge = "right"
		}
	}
	if err := r.d.Emit(TypeTwistRolled, tr); err != nil {
		return err
	}
	notes := r.notes
	r.notes = nil
	rolls, first, err := r.rollOff("deployment roll-off", false)
	if err != nil {
		return err
	}
	if err := r.d.Emit(TypeDeploymentRolled, DeploymentRolled{Rolls: rolls, First: first}); err != nil {
		return err
	}
	twist := fmt.Sprintf("the twist is %s (%d)", Twists[t-1].Name, t)
	if t == 2 {
		twist += ", its Mist rolling in from " + r.mistEdge()
	}
	deploy := fmt.Sprintf("%s: %s chooses an edge and deploys first, %s opposite", strings.Join(r.notes, "; "), first, r.Battle.opponent(first))
	r.notes = append(notes, r.deploymentNotes()...)
	r.d.Label("Game %q begins: %s; %s. %s.%s", c.Name, strings.Join(parts, "; "), twist, capitalize(deploy), r.tail())
	return nil
}

// deploymentNotes remind the table of the Fleshtypes that deploy out of
// the ordinary (seed lines 135 Assassin, 169 Brigand); where they stand is
// the table's.
func (r *referee) deploymentNotes() []string {
	var brig, ass []string
	for _, f := range r.Battle.Figures {
		if f.Has("Brigand") {
			brig = append(brig, r.nm(f))
		}
		if f.Has("Assassin") {
			ass = append(ass, r.nm(f))
		}
	}
	var out []string
	if len(brig) > 0 {
		out = append(out, fmt.Sprintf("Brigands (%s) may deploy in base contact with any terrain", strings.Join(brig, ", ")))
	}
	if len(ass) > 0 {
		out = append(out, fmt.Sprintf("Assassins (%s) are not deployed: each is placed anywhere before its first ACT-R", strings.Join(ass, ", ")))
	}
	return out
}

func objName(n int) string { return Objectives[n-1].Name }

func hasFlesh(in Incarn, f string) bool {
	for _, x := range in.Flesh {
		if x == f {
			return true
		}
	}
	return false
}

// rollObjectives rolls a player's two objective dice (faction modifier
// added), re-rolling both while they give the same objective. keep, when
// given, is a die kept from an earlier roll (Overseer re-rolls the other).
func (r *referee) rollObjectives(gg *Gang, keep []int) ([]int, error) {
	f, _ := FindFaction(gg.Faction)
	var objs []int
	if keep != nil {
		objs = keep
	}
	for tries := 0; ; tries++ {
		if tries > 50 {
			return nil, engines.Refuse("Objectives", "the objective dice kept matching; roll again")
		}
		if len(objs) < 2 {
			need := 2 - len(objs)
			vs, err := r.roll(gg.Player, need, 6, gg.Player+" objective")
			if err != nil {
				return nil, err
			}
			for _, v := range vs {
				objs = append(objs, v+f.ObjectiveMod)
			}
		}
		if objs[0] != objs[1] {
			return objs, nil
		}
		r.note("%s's objective dice both gave %s: both are rolled again", gg.Player, objName(objs[0]))
		objs = nil
	}
}

// addObjectiveFigures puts the Assassinate and Escort incarns and Hunt's
// Deathbeasts in play.
func (r *referee) addObjectiveFigures() error {
	b := r.Battle
	for _, p := range b.Sides {
		for _, o := range b.Objectives[p] {
			var f Figure
			switch o {
			case 3:
				f = Figure{Incarn: Incarn{Name: "Assassination Target", Skill: "Chosen", Toughness: "Heavy"}, Side: b.opponent(p), Tag: TagAssassinate}
			case 4:
				f = Figure{Incarn: Incarn{Name: "Deathbeast", Skill: "Demigod", Toughness: "Immortal", Flesh: []string{"Butcher", "Executioner", "Automaton"}}, Side: DeathbeastSide, Tag: TagDeathbeast}
			case 6:
				f = Figure{Incarn: Incarn{Name: "Escort", Skill: "Blooded", Toughness: "Hardened"}, Side: p, Tag: TagEscort}
			default:
				continue
			}
			f.For, f.Status = p, StatusActive
			f.Name = r.freeName(f.Side, f.Name)
			if err := r.d.Emit(TypeFigureAdded, FigureAdded{Figure: f, Why: objName(o) + " for " + p}); err != nil {
				return err
			}
			r.note("%s enters play for %s's %s", f.Name, p, objName(o))
		}
	}
	return nil
}

// freeName returns name, or name N, unused on side.
func (s *State) freeName(side, name string) string {
	used := func(n string) bool {
		for _, f := range s.Battle.Figures {
			if f.Side == side && strings.EqualFold(f.Name, n) {
				return true
			}
		}
		return false
	}
	if !used(name) {
		return name
	}
	for i := 2; ; i++ {
		if n := fmt.Sprintf("%s %d", name, i); !used(n) {
			return n
		}
	}
}

func (r *referee) tail() string {
	if len(r.notes) == 0 {
		return ""
	}
	return " " + capitalize(strings.Join(r.notes, "; ")) + "."
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func (s *State) endGame(c engines.EndScenario, d *engines.Decision) error {
	b := s.Battle
	if b == nil {
		return engines.Refuse("Game", "no game is in progress")
	}
	if b.Ended {
		return engines.Refuse("Game", "the game %q is already over: %s", b.Name, b.Why)
	}
	w := ""
	if c.Winner != "" {
		for _, side := range b.Sides {
			if strings.EqualFold(side, c.Winner) {
				w = side
			}
		}
		if w == "" {
			return engines.Refuse("Game", "--winner %q is not a player of this game; choose %s", c.Winner, strings.Join(b.Sides, " or "))
		}
	}
	why := "ended by the players before anyone met both objectives"
	if w != "" {
		why = "the players declared " + w + " the winner"
	}
	if err := d.Emit(TypeBattleEnded, BattleEnded{Winner: w, Why: why}); err != nil {
		return err
	}
	if w != "" {
		d.Label("Game %q ends in round %d: %s wins (declared).", b.Name, b.Round, w)
	} else {
		d.Label("Game %q ends in round %d without a winner.", b.Name, b.Round)
	}
	return nil
}

// overseer re-rolls one objective die of a gang with an Overseer, once,
// before the first round.
//
// Ruling: the die is re-rolled with the faction modifier; if the two dice
// then match, both are rolled again as usual.
func (r *referee) overseer(c Overseer) error {
	b := r.Battle
	if b.Round > 0 {
		return engines.Refuse("Overseer", "objectives are chosen before the first round; it is round %d", b.Round)
	}
	var side string
	for _, s := range b.Sides {
		if strings.EqualFold(s, c.Player) {
			side = s
		}
	}
	if side == "" {
		return engines.Refuse("Overseer", "%q is not a player of this game; choose %s", c.Player, strings.Join(b.Sides, " or "))
	}
	has := false
	for _, f := range b.Figures {
		if f.Side == side && f.Has("Overseer") {
			has = true
		}
	}
	if !has {
		return engines.Refuse("Overseer", "%s's gang has no Overseer; only an Overseer lets a player re-roll an objective die", side)
	}
	if b.Overseer[side] {
		return engines.Refuse("Overseer", "%s has already used the Overseer's re-roll", side)
	}
	if c.Die != 1 && c.Die != 2 {
		return engines.Refuse("Overseer", "--die must be 1 or 2 (which of the two objectives to re-roll)")
	}
	old := b.Objectives[side]
	keep := []int{old[2-c.Die]}
	objs, err := r.rollObjectives(r.gang(side), keep)
	if err != nil {
		return err
	}
	if err := r.d.Emit(TypeObjectivesRolled, ObjectivesRolled{Player: side, Objectives: objs, Overseer: true}); err != nil {
		return err
	}
	r.d.Label("%s's Overseer re-rolls %s: %s now must %s and %s.%s", side, objName(old[c.Die-1]), side, objName(objs[0]), objName(objs[1]), r.tail())
	return nil
}

// pest reminds the table that each Pest in play may move 5 when the
// action rolled a D8 (seed line 465); the move is the table's.
func (r *referee) pest() {
	d8 := false
	for _, f := range r.d.Facts() {
		if roll, ok := f.Data.(dice.Rolled); ok && roll.Sides == 8 {
			d8 = true
		}
	}
	if !d8 {
		return
	}
	var names []string
	for _, f := range r.Battle.Figures {
		if f.InPlay() && f.Has("Pest") {
			names = append(names, r.nm(f))
		}
	}
	if len(names) > 0 {
		r.appendLabel(fmt.Sprintf("A D8 was rolled: %s may move 5 (Pest).", strings.Join(names, ", ")))
	}
}

// ---- objectives ----

// checkObjectives records every objective the log shows met, and the
// winner once a player has both.
//
// Ruling: when one action completes both players' objectives, the player
// whose action it was wins; else the first player listed.
func (r *referee) checkObjectives() error {
	b := r.Battle
	if b == nil || b.Ended || len(b.Objectives) < 2 {
		return nil
	}
	order := append([]string(nil), b.Sides...)
	if r.actor == order[1] {
		order[0], order[1] = order[1], order[0]
	}
	for _, p := range order {
		for _, o := range b.Objectives[p] {
			if b.done(p, o) {
				continue
			}
			if how := r.met(p, o); how != "" {
				if err := r.d.Emit(TypeObjectiveCompleted, ObjectiveCompleted{Player: p, Objective: o, How: how}); err != nil {
					return err
				}
				r.appendLabel(fmt.Sprintf("%s completes %s (%s).", p, objName(o), how))
				if err := r.onObjective(p); err != nil {
					return err
				}
				r.flushNotes()
			}
		}
	}
	for _, p := range order {
		if len(b.Done[p]) >= 2 {
			why := fmt.Sprintf("%s met both objectives, %s and %s", p, objName(b.Objectives[p][0]), objName(b.Objectives[p][1]))
			if err := r.d.Emit(TypeBattleEnded, BattleEnded{Winner: p, Why: why}); err != nil {
				return err
			}
			r.appendLabel(fmt.Sprintf("%s wins the game: %s!", p, why))
			return nil
		}
	}
	return nil
}

func (r *referee) appendLabel(s string) {
	l := r.d.LabelText()
	if l == "" {
		r.d.Label("%s", s)
		return
	}
	r.d.Label("%s %s", l, s)
}

func (b *Battle) done(p string, o int) bool {
	for _, x := range b.Done[p] {
		if x == o {
			return true
		}
	}
	return false
}

// met says how objective o of player p is met, or "" when it is not (or
// only the table can tell).
//
// Ruling (Intimidate): every enemy incarn that has been in play counts,
// summons included; the Assassinate and Escort incarns and Deathbeasts do
// not. Ruling (Decimate): every enemy incarn slain or routed counts at its
// cost, whoever slew it; objective incarns cost nothing.
func (r *referee) met(p string, o int) string {
	b := r.Battle
	opp := b.opponent(p)
	switch o {
	case 1:
		if b.Desecrate[p] >= 20 {
			return fmt.Sprintf("%d hits on the objective", b.Desecrate[p])
		}
	case 2:
		n := 0
		for _, f := range b.Figures {
			if f.Side != opp || f.Tag == TagAssassinate || f.Tag == TagEscort || f.Tag == TagDeathbeast {
				continue
			}
			if !f.Harmed {
				return ""
			}
			n++
		}
		if n > 0 {
			return fmt.Sprintf("all %d enemy incarns stunned or slain", n)
		}
	case 3:
		for _, f := range b.Figures {
			if f.Tag == TagAssassinate && f.For == p && (f.Status == StatusSlain) {
				return f.Name + " is slain"
			}
		}
	case 4:
		for _, f := range b.Figures {
			if f.Tag == TagDeathbeast && f.For == p && f.Status == StatusSlain {
				return f.Name + " is slain"
			}
		}
	case 7:
		if v := b.slainBones(opp); v >= 20 {
			return fmt.Sprintf("%d B of enemies slain", v)
		}
	}
	return ""
}

// slainBones is the cost of side's slain and routed incarns (Decimate).
func (b *Battle) slainBones(side string) int {
	t := 0
	for _, f := range b.Figures {
		if f.Side == side && (f.Status == StatusSlain || f.Status == StatusRouted) && (f.Tag == "" || f.Tag == TagSummoned) {
			t += Cost(f.Incarn)
		}
	}
	return t
}

func (r *referee) markObjective(c MarkObjective) error {
	b := r.Battle
	var side string
	for _, s := range b.Sides {
		if strings.EqualFold(s, c.Player) {
			side = s
		}
	}
	if side == "" {
		return engines.Refuse("Objectives", "%q is not a player of this game; choose %s", c.Player, strings.Join(b.Sides, " or "))
	}
	o, err := FindObjective(c.Objective)
	if err != nil {
		return refuse("Objectives", err)
	}
	if o.Kind != KindRecorded {
		return engines.Refuse("Objectives", "%s is tracked from the log; it completes itself when the log shows it", o.Name)
	}
	mine := false
	for _, x := range b.Objectives[side] {
		if x == o.N {
			mine = true
		}
	}
	if !mine {
		return engines.Refuse("Objectives", "%s's objectives are %s and %s, not %s", side, objName(b.Objectives[side][0]), objName(b.Objectives[side][1]), o.Name)
	}
	if b.done(side, o.N) {
		return engines.Refuse("Objectives", "%s has already completed %s", side, o.Name)
	}
	r.actor = side
	r.d.Label("%s reports %s done at the table.", side, o.Name)
	if err := r.d.Emit(TypeObjectiveCompleted, ObjectiveCompleted{Player: side, Objective: o.N, How: "recorded at the table"}); err != nil {
		return err
	}
	if err := r.onObjective(side); err != nil {
		return err
	}
	r.flushNotes()
	return nil
}

// nm is how a label names a figure: its name, or "Side's Name" when
// another figure in the game has the same name.
func (s *State) nm(f *Figure) string {
	if b := s.Battle; b != nil {
		for _, o := range b.Figures {
			if o != f && strings.EqualFold(o.Name, f.Name) {
				return f.Side + "'s " + f.Name
			}
		}
	}
	return f.Name
}
