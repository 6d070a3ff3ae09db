package incarn28

import (
	"fmt"
	"slices"
	"strings"

	"warlog/engines"
	"warlog/engines/kit"
	"warlog/internal/words"
)

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
		return engines.RefuseTry("Game", []string{"i28 gang"}, "a game is between two gangs; %s named: found two", words.Count(len(sides), "is", "are"))
	case len(sides) != 2 || strings.EqualFold(sides[0].Player, sides[1].Player):
		return engines.Refuse("Game", "a game is between two gangs; %s named: field the two players who play", words.Count(len(sides), "is", "are"))
	}
	for _, gg := range sides {
		if len(gg.Incarns) == 0 {
			return engines.RefuseTry("Game", []string{"i28 recruit"}, "%s gang has no incarns; recruit some", words.Possessive(gg.Player))
		}
	}
	bs := BattleStarted{Name: c.Name, Sides: []string{sides[0].Player, sides[1].Player}}
	for _, gg := range sides {
		for _, in := range gg.Incarns {
			bs.Figures = append(bs.Figures, Figure{Incarn: in, Side: gg.Player, Origin: gg.Player, Status: StatusActive, Starting: !slices.Contains(in.Flesh, "Worm")})
		}
	}
	if err := r.Emit(TypeBattleStarted, bs); err != nil {
		return err
	}
	var parts []string
	for _, gg := range sides {
		objs, err := r.rollObjectives(gg, nil)
		if err != nil {
			return err
		}
		if err := r.Emit(TypeObjectivesRolled, ObjectivesRolled{Player: gg.Player, Objectives: objs}); err != nil {
			return err
		}
		parts = append(parts, fmt.Sprintf("%s (%s) must %s and %s", gg.Player, gg.Faction, objName(objs[0]), objName(objs[1])))
	}
	t, err := r.D.Roll1(6, "twist")
	if err != nil {
		return err
	}
	tr := TwistRolled{Twist: t}
	if t == 2 {
		v, err := r.D.Roll1(6, "Flensing Mist edge")
		if err != nil {
			return err
		}
		tr.MistEdge = "left"
		if v >= 4 {
			tr.MistEdge = "right"
		}
	}
	if err := r.Emit(TypeTwistRolled, tr); err != nil {
		return err
	}
	notes := r.notes
	r.notes = nil
	rolls, first, err := r.rollOff("deployment roll-off", false)
	if err != nil {
		return err
	}
	if err := r.Emit(TypeDeploymentRolled, DeploymentRolled{Rolls: rolls, First: first}); err != nil {
		return err
	}
	twist := fmt.Sprintf("the twist is %s (%d)", Twists[t-1].Name, t)
	if t == 2 {
		twist += ", its Mist rolling in from " + r.mistEdge()
	}
	deploy := fmt.Sprintf("%s: %s chooses an edge and deploys first, %s opposite", strings.Join(r.notes, "; "), first, r.Battle.opponent(first))
	r.notes = append(notes, r.deploymentNotes()...)
	r.D.Label("Game %q begins: %s; %s. %s.%s", c.Name, strings.Join(parts, "; "), twist, capitalize(deploy), r.tail())
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
		r.note("%s objective dice both gave %s: both are rolled again", words.Possessive(gg.Player), objName(objs[0]))
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
			if err := r.Emit(TypeFigureAdded, FigureAdded{Figure: f, Why: objName(o) + " for " + p}); err != nil {
				return err
			}
			r.note("%s enters play for %s %s", f.Name, words.Possessive(p), objName(o))
		}
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
	side, err := b.player("Overseer", c.Player)
	if err != nil {
		return err
	}
	has := false
	for _, f := range b.Figures {
		if f.Side == side && f.Has("Overseer") {
			has = true
		}
	}
	if !has {
		return engines.Refuse("Overseer", "%s gang has no Overseer; only an Overseer lets a player re-roll an objective die", words.Possessive(side))
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
	if err := r.Emit(TypeObjectivesRolled, ObjectivesRolled{Player: side, Objectives: objs, Overseer: true}); err != nil {
		return err
	}
	r.D.Label("%s Overseer re-rolls %s: %s now must %s and %s.%s", words.Possessive(side), objName(old[c.Die-1]), side, objName(objs[0]), objName(objs[1]), r.tail())
	return nil
}

func (r *referee) end(c engines.EndScenario) error {
	b := r.Battle
	if b == nil {
		return engines.Refuse(kit.RuleScenario, "no game is in progress")
	}
	if b.Ended {
		return engines.Refuse(kit.RuleScenario, "the game %q is already over: %s", b.Name, b.Why)
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
	if err := r.Emit(TypeBattleEnded, BattleEnded{Winner: w, Why: why}); err != nil {
		return err
	}
	if w != "" {
		r.D.Label("Game %q ends in round %d: %s wins (declared).", b.Name, b.Round, w)
	} else {
		r.D.Label("Game %q ends in round %d without a winner.", b.Name, b.Round)
	}
	return nil
}
