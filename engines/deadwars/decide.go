package deadwars

// The decide methods of the forces, the start and the end of a battle, and
// what every command of a battle checks first. The commands of a turn are
// in turn.go, move.go, attack.go, magic.go and scenarios.go.

import (
	"fmt"
	"slices"
	"strings"

	"warlog/engines"
	"warlog/engines/kit"
	"warlog/internal/words"
)

// act is one command being decided: the kit's copy of the state, into
// which each fact emitted is folded at once, and the decision (kit.Act).
// Every command decides on one.
type act = kit.Act[*State]

// battle is the battle in progress, which every command of a fight needs.
func (s *State) battle() (*Battle, error) {
	return s.NeedsScenario("no battle in progress; start one, with one of the briefs %s", briefList())
}

// turn is the battle in progress when it is a player's turn: not while the
// Humans attack or the shrine is being counted.
func (s *State) turn() (*Battle, error) {
	b, err := s.battle()
	if err != nil {
		return nil, err
	}
	switch b.Phase {
	case PhaseHumans:
		return nil, engines.RefuseTry("Humans", []string{"dw humans"}, "both players have had turn %d: the Humans attack now; name their targets", b.Round)
	case PhaseShrine:
		return nil, engines.RefuseTry("Death Shrine", []string{"dw shrine"}, "both players have had 6 turns; enter the shrine count")
	}
	return b, nil
}

// force founds a player's force of one clan.
func force(a *act, c CreateForce) error {
	s, d := a.S, a.D
	if err := checkName("player", c.Player); err != nil {
		return err
	}
	clan, ok := ParseClan(c.Clan)
	if !ok {
		return engines.Refuse("Clan", "unknown clan %q; choose imhotep, dracula or davy-jones", c.Clan)
	}
	if f := s.Force(c.Player); f != nil {
		return engines.Refuse("Clan", "%s already leads %s force and a force has one clan; recruit into it, or found the new force under another player name", f.Player, words.A(ClanTitle(f.Clan)))
	}
	if strings.EqualFold(c.Player, HumansSide) || strings.EqualFold(c.Player, "draw") {
		return engines.Refuse("Name", "%q is kept for the game's own use; choose another player name", c.Player)
	}
	d.Emit(TypeForceCreated, ForceCreated{Player: c.Player, Clan: clan})
	d.Label("%s raises %s force.", c.Player, words.A(ClanTitle(clan)))
	return nil
}

// recruit adds a figure to a force: one Champion, a Hero who costs
// nothing, and up to 7 points besides (seed 001 lines 14-15).
func recruit(a *act, c Recruit) error {
	s, d := a.S, a.D
	f := s.Force(c.Player)
	if f == nil {
		return engines.RefuseTry("Force", []string{"dw force"}, "%s has no force; found one first", c.Player)
	}
	// Ruling: forces change only between battles; a force on the field
	// takes no recruits until its scenario ends.
	if b := s.Current(); b != nil && slices.Contains(b.Sides, f.Player) {
		return engines.Refuse("Force", "%s force is fighting %s; recruit after the scenario ends", words.Possessive(f.Player), b.Name)
	}
	if err := checkName("figure", c.Name); err != nil {
		return err
	}
	if rest, ok := strings.CutPrefix(strings.ToLower(c.Name), "human "); ok && strings.Trim(rest, "0123456789") == "" {
		return engines.Refuse("Name", "%q is how the Humans of Hunt the Hunters are named; choose another name", c.Name)
	}
	for _, m := range f.Figures {
		if strings.EqualFold(m.Name, c.Name) {
			return engines.Refuse("Name", "%s force already has a figure named %s; names are unique within a force", words.Possessive(f.Player), m.Name)
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
			return engines.Refuse("Champion", "a Champion is always a Hero, not %s", words.A(title(rank)))
		}
		if ch := f.Champion(); ch != nil {
			return engines.Refuse("Champion", "%s force already has its Champion, %s; a force has exactly one", words.Possessive(f.Player), ch.Name)
		}
	} else if used := f.Points(); used+RankValue(rank) > PointsLimit {
		return engines.Refuse("Points", "%s force has used %d of its %s besides the Champion; %s costs %d, which would make %d; the limit is %d",
			words.Possessive(f.Player), used, words.Count(PointsLimit, "point", "points"), words.A(title(rank)), RankValue(rank), used+RankValue(rank), PointsLimit)
	}
	d.Emit(TypeFigureRecruited, FigureRecruited{Player: f.Player, Name: c.Name, Rank: rank, Class: class, Champion: c.Champion})
	if c.Champion {
		d.Label("%s takes %s, %s Hero, as the %s Champion (free; %d of %s used).", f.Player, c.Name, words.A(title(class)), ClanTitle(f.Clan), f.Points(), words.Count(PointsLimit, "point", "points"))
	} else {
		d.Label("%s recruits %s, %s %s, for %s (%d of %s used).", f.Player, c.Name, words.A(title(class)), title(rank),
			plural(RankValue(rank), "point", "points"), f.Points(), words.Count(PointsLimit, "point", "points"))
	}
	return nil
}

// start sets up a scenario. Dice order: the roll-off, one die per player in
// the order the players are named, rolled again while tied; then, in Hunt
// the Hunters, one die per Human for its class, rolled again on 5 or 6.
func start(a *act, c engines.StartScenario) error {
	s, d := a.S, a.D
	if b := s.Current(); b != nil {
		return engines.RefuseTry("Scenario", []string{"scenario end"}, "%s is still being fought; end it first", b.Name)
	}
	if err := checkName("scenario", c.Name); err != nil {
		return err
	}
	brief := strings.ToLower(strings.TrimSpace(c.Brief))
	if !slices.Contains(Briefs, brief) {
		return engines.Refuse("Scenario", "a Deadwars battle's brief is %s; %q is none of them", briefList(), c.Brief)
	}
	if c.Turns != 0 && c.Turns != Turns {
		return engines.Refuse("Scenario", "a Deadwars game is %s each, not %d", words.Count(Turns, "turn", "turns"), c.Turns)
	}
	sides, err := s.fielded(c.Field)
	if err != nil {
		return err
	}
	count := map[string]int{}
	for _, p := range sides {
		f := s.Force(p)
		if f.Champion() == nil {
			return engines.RefuseTry("Champion", []string{"dw recruit"}, "%s force has no Champion; recruit one before it fights", words.Possessive(f.Player))
		}
		count[p] = len(f.Figures)
	}
	rolls, err := rollOff(d, sides)
	if err != nil {
		return err
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
		if humans, humanRolls, err = setHumans(d); err != nil {
			return err
		}
	}
	d.Emit(TypeScenarioStarted, ScenarioStarted{Name: c.Name, Brief: brief, Sides: turnOrder, Deploy: []string{first, second}, RollOff: rolls, Humans: humans})
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
	d.Label("%s", label)
	return nil
}

// fielded are the two forces a battle is between: the ones named, or the
// campaign's only two.
func (s *State) fielded(field []string) ([]string, error) {
	if len(field) == 0 {
		switch n := len(s.Forces); {
		case n < 2:
			return nil, engines.RefuseTry("Scenario", []string{"dw force"}, "a battle is between two forces and the campaign has %s; found another", plural(n, "force", "forces"))
		case n > 2:
			return nil, engines.Refuse("Scenario", "the campaign has %s; field the two that fight, by their players' names", words.Count(n, "force", "forces"))
		}
		return []string{s.Forces[0].Player, s.Forces[1].Player}, nil
	}
	var sides []string
	for _, p := range field {
		f := s.Force(p)
		if f == nil {
			return nil, engines.RefuseTry("Scenario", []string{"roster"}, "no force led by %q; the roster lists the forces", p)
		}
		if slices.Contains(sides, f.Player) {
			return nil, engines.Refuse("Scenario", "%s is named twice; a battle is between two different forces", f.Player)
		}
		sides = append(sides, f.Player)
	}
	if len(sides) != 2 {
		return nil, engines.Refuse("Scenario", "a Deadwars battle is between 2 forces; %s named", words.Count(len(sides), "was", "were"))
	}
	return sides, nil
}

// rollOff rolls for deployment, one die per player in the order the
// players are named, again while tied.
func rollOff(d *engines.Decision, sides []string) ([][]int, error) {
	var rolls [][]int
	for {
		v, err := d.Roll(2, 6, rollOffPurpose(sides))
		if err != nil {
			return nil, err
		}
		rolls = append(rolls, v)
		if v[0] != v[1] {
			return rolls, nil
		}
		if len(rolls) >= 50 {
			return nil, engines.Refuse("Deployment", "the roll-off tied %s; roll it again", words.Count(len(rolls), "time", "times"))
		}
	}
}

// setHumans rolls the classes of Hunt the Hunters' Humans, one die each
// in number order, again on 5 or 6; with each, what its dice showed.
func setHumans(d *engines.Decision) ([]HumanSet, []string, error) {
	var humans []HumanSet
	var said []string
	for i := 1; i <= HumanCount; i++ {
		var seen []string
		for {
			v, err := d.Roll1(6, humanClassPurpose(i))
			if err != nil {
				return nil, nil, err
			}
			seen = append(seen, fmt.Sprint(v))
			if cl := humanClass(v); cl != "" {
				humans = append(humans, HumanSet{Name: fmt.Sprintf("Human %d", i), Class: cl})
				said = append(said, fmt.Sprintf("%d %s (%s)", i, title(cl), strings.Join(seen, ", ")))
				break
			}
		}
	}
	return humans, said, nil
}

// actor finds a figure of the active side that can act.
func (b *Battle) actor(name string) (*Fig, error) {
	f, err := b.resolve(name, b.ActivePlayer())
	if err != nil {
		if o, err2 := b.resolve(name, b.Other(b.ActivePlayer())); err2 == nil {
			return nil, engines.Refuse("Turn", "%s is %s and it is %s turn (turn %d); %s acts on its own turn", o.Name, words.Possessive(o.Side), words.Possessive(b.ActivePlayer()), b.Round, o.Name)
		}
		return nil, err
	}
	if f.Dead {
		return nil, engines.Refuse("Dead", "%s is dead and out of the game", f.Name)
	}
	return f, nil
}

// checkPlayer refuses a player named who is not the one whose turn it is.
func (s *State) checkPlayer(b *Battle, player string) error {
	if player == "" || strings.EqualFold(player, b.ActivePlayer()) {
		return nil
	}
	if s.Force(player) == nil || !slices.Contains(b.Sides, s.Force(player).Player) {
		return engines.Refuse("Turn", "%s is not fighting %s; the players are %s and %s", player, b.Name, b.Sides[0], b.Sides[1])
	}
	return engines.Refuse("Turn", "it is %s turn (turn %d), not %s", words.Possessive(b.ActivePlayer()), b.Round, words.Possessive(player))
}

// spender is the battle and the active player's figure named name, once
// the action dice are rolled: what a command that spends a die on a figure
// checks first.
func (s *State) spender(name string) (*Battle, *Fig, error) {
	b, err := s.turn()
	if err != nil {
		return nil, nil, err
	}
	if err := needRolled(b); err != nil {
		return nil, nil, err
	}
	f, err := b.actor(name)
	if err != nil {
		return nil, nil, err
	}
	return b, f, nil
}

// needRolled refuses an action that spends dice before the roll.
func needRolled(b *Battle) error {
	if b.Phase == PhaseRoll {
		return engines.RefuseTry("Turn", []string{"dw roll"}, "%s has not rolled the action dice yet this turn; roll them first", b.ActivePlayer())
	}
	return nil
}

// endScenario is the scenario's end: it closes a battle before its own
// end. Ruling: with a winner named the players' word stands (a side's name, or
// "draw"); without it the battle is decided on the counts so far, except
// Death Shrine, which needs its count.
func endScenario(a *act, c engines.EndScenario) error {
	s, d := a.S, a.D
	b := s.Current()
	if b == nil {
		return engines.Refuse(kit.RuleScenario, "no battle in progress to end")
	}
	if c.Winner != "" {
		ev := ScenarioEnded{Declared: true, Scores: b.scores()}
		switch {
		case strings.EqualFold(c.Winner, "draw"):
			ev.Result = "Draw"
		default:
			f := s.Force(c.Winner)
			if f == nil || !slices.Contains(b.Sides, f.Player) {
				return engines.Refuse("Scenario", "the winner %q did not fight %s; name %s, %s or a draw", c.Winner, b.Name, b.Sides[0], b.Sides[1])
			}
			ev.Winner, ev.Result = f.Player, f.Player+" wins"
		}
		ev.Why = fmt.Sprintf("the players ended the battle %s and declared the result.", b.endedWhen())
		d.Emit(TypeScenarioEnded, ev)
		d.Label("%s ends: %s; %s", b.Name, ev.Result, ev.Why)
		return nil
	}
	if b.Brief == DeathShrine {
		return engines.RefuseTry("Death Shrine", []string{"dw shrine"}, "Death Shrine is won at the shrine: play the 6 turns and enter the count, or end the battle now naming its winner or a draw")
	}
	ev := b.decide("the players ended the battle " + b.endedWhen())
	d.Emit(TypeScenarioEnded, ev)
	d.Label("%s ends: %s. %s", b.Name, ev.Result, ev.Why)
	return nil
}

// checkEnd ends the battle when its scenario's condition is met, in the
// same action that met it.
//
// Ruling: a force with no figure left ends the battle at once, decided on
// the counts as they stand; in Death Shrine the survivor holds the shrine.
func (s *State) checkEnd(d *engines.Decision) error {
	b := s.Current()
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
			return b.end(d, ev)
		}
	case b.Phase == PhaseDone:
		why = "both players have had 6 turns"
	case b.Brief == DeathShrine && b.Shrine != nil:
		why = "after 6 turns each the shrine is counted"
	default:
		return nil
	}
	return b.end(d, b.decide(why))
}

// end ends the battle in the action that met its end, whose label goes on
// with how it ended.
func (b *Battle) end(d *engines.Decision, ev ScenarioEnded) error {
	d.Emit(TypeScenarioEnded, ev)
	d.Label("%s %s ends: %s. %s", strings.TrimSpace(d.LabelText()), b.Name, ev.Result, ev.Why)
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
	one, many := scoreUnit(b.Brief)
	ev := ScenarioEnded{Scores: sc}
	counts := fmt.Sprintf("%s %s, %s %s", a, plural(sc[a], one, many), o, plural(sc[o], one, many))
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
