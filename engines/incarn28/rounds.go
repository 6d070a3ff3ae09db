package incarn28

import (
	"fmt"
	"slices"
	"strings"

	"warlog/engines"
	"warlog/internal/words"
)

// nextRound closes the round in play and begins the next.
//
// Dice order: the end-of-round dice (Bleeding Sky: one D6 per incarn in
// play in status order, each 6 followed by its SP-A D6 and the defence
// roll), then one D6 per slain Unborn, then the roll-off (one D6 per player
// in the order the players were listed, again while tied).
//
// Ruling: the roll-off winner activates first. Each Cerebroid in play adds
// 1 to its side's roll-off die.
func (r *referee) nextRound(c NextRound) error {
	b := r.Battle
	if b.Round > 0 && !b.RoundOver {
		if b.Current != nil {
			if err := r.closeActivation(); err != nil {
				return err
			}
		}
		if left := r.unactivated(""); len(left) > 0 {
			var names []string
			for _, f := range left {
				names = append(names, f.Name)
			}
			return engines.Refuse("Rounds", "round %d is not over: %s still to activate", b.Round, strings.Join(names, ", "))
		}
	} else if b.Current != nil {
		if err := r.closeActivation(); err != nil {
			return err
		}
	}
	if b.RoundOver && r.anyToActivate(DeathbeastSide) {
		// seed line 631 Hunt: at the end of each round the Deathbeast
		// activates, when an Enigma ended it early too (seed line 245).
		return engines.RefuseTry("Rounds", []string{"i28 activate"}, "round %d is over (Enigma), but the Deathbeast still activates at the end of round %d", b.Round, b.Round)
	}
	if b.Round == 0 {
		if err := r.addObjectiveFigures(); err != nil {
			return err
		}
		r.haruspex()
	} else {
		if err := r.endOfRound(c); err != nil {
			return err
		}
	}
	// Unborn. Ruling 2026-12-01: no "when slain" Fleshtype fires for a
	// routed incarn; a routed Unborn stays gone.
	for _, f := range b.Figures {
		if f.Status == StatusSlain && f.Has("Unborn") {
			v, err := r.roll1(f.Side, 6, f.Name+" Unborn")
			if err != nil {
				return err
			}
			if v >= 5 {
				if err := r.Emit(TypeStatusChanged, StatusChanged{Figure: f.Key(), Status: StatusActive, Why: "Unborn returns"}); err != nil {
					return err
				}
				r.note("%s rises again (Unborn %d)", r.nm(f), v)
			} else {
				r.note("%s stays dead (Unborn %d)", r.nm(f), v)
			}
		}
	}
	rolls, first, err := r.rollOff("roll-off", true)
	if err != nil {
		return err
	}
	if !r.hasInPlay(first) {
		first = b.opponent(first)
	}
	round := b.Round + 1
	if err := r.Emit(TypeRoundBegun, RoundBegun{Round: round, Rolls: rolls, First: first}); err != nil {
		return err
	}
	r.D.Label("Round %d: %s; %s activates first.", round, strings.Join(r.notes, "; "), first)
	r.notes = nil
	return nil
}

// rollOff rolls one D6 per player in the order the players are listed,
// again while tied, adding 1 per Cerebroid in play when cerebroid is set;
// it notes the rolls and returns them with the winner.
func (r *referee) rollOff(what string, cerebroid bool) (map[string]int, string, error) {
	b := r.Battle
	rolls := map[string]int{}
	for tries := 0; ; tries++ {
		if tries > 50 {
			return nil, "", engines.Refuse("Rounds", "the %s kept tying; roll again", what)
		}
		var desc []string
		for _, p := range b.Sides {
			v, err := r.roll1(p, 6, p+" "+what)
			if err != nil {
				return nil, "", err
			}
			bonus := 0
			if cerebroid {
				for _, f := range b.Figures {
					if f.Side == p && f.InPlay() && f.Has("Cerebroid") {
						bonus++
					}
				}
			}
			rolls[p] = v + bonus
			if bonus > 0 {
				desc = append(desc, fmt.Sprintf("%s %d+%d Cerebroid", p, v, bonus))
			} else {
				desc = append(desc, fmt.Sprintf("%s %d", p, v))
			}
		}
		a, c := b.Sides[0], b.Sides[1]
		switch {
		case rolls[a] > rolls[c]:
			r.note("%s %s", what, strings.Join(desc, " against "))
			return rolls, a, nil
		case rolls[c] > rolls[a]:
			r.note("%s %s", what, strings.Join(desc, " against "))
			return rolls, c, nil
		}
		r.note("%s tied (%s): again", what, strings.Join(desc, ", "))
	}
}

// endOfRound applies the rules that fire as a round ends.
//
// Ruling (Bleeder, seed line 163): every Bleeder in play bursts at the end
// of round 4, in gang order; then the incarns the table names as in base
// contact with one (friend or foe) are slain in the
// order named, each by the Bleeder.
func (r *referee) endOfRound(c NextRound) error {
	b := r.Battle
	var bleeders []*Figure
	if b.Round == 4 {
		for _, f := range b.Figures {
			if f.InPlay() && r.has(f, "Bleeder") {
				bleeders = append(bleeders, f)
			}
		}
	}
	if len(c.BleederContacts) > 0 && len(bleeders) == 0 {
		return engines.Refuse("Bleeder", "--bleeder-contact is only for the end of round 4 with a Bleeder in play (this is the end of round %d)", b.Round)
	}
	var contacts []*Figure
	for _, n := range c.BleederContacts {
		x, err := r.find(n)
		if err != nil {
			return err
		}
		if !x.InPlay() || slices.Contains(bleeders, x) || slices.Contains(contacts, x) {
			return engines.Refuse("Bleeder", "%s cannot be named in base contact with a Bleeder: it is %s, a Bleeder itself or named twice", r.nm(x), x.where())
		}
		contacts = append(contacts, x)
	}
	for _, f := range bleeders {
		r.note("%s bursts at the end of round 4 (Bleeder)", r.nm(f))
		if err := r.slay(f, nil, "Bleeder", DefFacts{}); err != nil {
			return err
		}
	}
	for _, x := range contacts {
		if !x.InPlay() {
			continue
		}
		r.note("%s, in base contact, dies with it", r.nm(x))
		if err := r.slay(x, bleeders[0], "in base contact with a bursting Bleeder", DefFacts{}); err != nil {
			return err
		}
	}
	if b.Twist == 2 {
		// Ruling (seed line 645): each round's end the Mist flows afresh
		// 2D6 in from its edge (the reach does not add up); the table says
		// who it caught, each taking its SP-A D6 when it next activates.
		vs, err := r.D.Roll(2, 6, "Flensing Mist reach")
		if err != nil {
			return err
		}
		reach := vs[0] + vs[1]
		if err := r.Emit(TypeMistFlowed, MistFlowed{Round: b.Round, Reach: reach}); err != nil {
			return err
		}
		r.note("the Flensing Mist flows %d+%d = %d in from %s: incarns within %d of that edge take a SP-A D6 when they next activate", vs[0], vs[1], reach, r.mistEdge(), reach)
	}
	if b.Twist == 1 {
		for _, f := range append([]*Figure(nil), b.Figures...) {
			if !f.InPlay() {
				continue
			}
			v, err := r.roll1(f.Side, 6, f.Name+" Bleeding Sky")
			if err != nil {
				return err
			}
			if v == 6 {
				if err := r.strike(f, 6, "Bleeding Sky SP-A", "the Bleeding Sky strikes %s for %d"); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// mistEdge names the Flensing Mist's edge for a label.
func (s *State) mistEdge() string {
	b := s.Battle
	if b.MistEdge == "" || b.Deployer == "" {
		return "its edge"
	}
	return fmt.Sprintf("the edge on the %s of %s", b.MistEdge, words.Possessive(b.Deployer))
}

// haruspex reminds the table of the Haruspex's move before round 1 (seed
// line 339): the moves are made at the table.
func (r *referee) haruspex() {
	b := r.Battle
	var sides []string
	for _, p := range b.Sides {
		for _, f := range b.Figures {
			if f.Side == p && f.InPlay() && f.Has("Haruspex") {
				sides = append(sides, p)
				break
			}
		}
	}
	if len(sides) == 2 && b.Deployer == sides[1] {
		sides[0], sides[1] = sides[1], sides[0]
	}
	for _, p := range sides {
		r.note("Haruspex: %s may now move each of its incarns 5", p)
	}
}

// unactivated lists the figures in play still to activate this round, of
// side (or all when side is "").
func (s *State) unactivated(side string) []*Figure {
	var out []*Figure
	for _, f := range s.Battle.Figures {
		if f.InPlay() && !f.Activated && (side == "" || f.Side == side) {
			out = append(out, f)
		}
	}
	return out
}

// hasInPlay reports whether side has a figure in play.
func (s *State) hasInPlay(side string) bool {
	for _, f := range s.Battle.Figures {
		if f.InPlay() && f.Side == side {
			return true
		}
	}
	return false
}

func (s *State) anyToActivate(side string) bool { return len(s.unactivated(side)) > 0 }

// rift lifts an enemy incarn out of play until the next round.
//
// Ruling: it is done at the start of a round, before anyone activates;
// each player lifts at most one incarn a round, and each incarn can be
// lifted once per game.
func (r *referee) rift(c Rift) error {
	b := r.Battle
	if b.Twist != 4 {
		return engines.Refuse("Chronomatic Rift", "the twist is not the Chronomatic Rift")
	}
	if b.Round == 0 || b.Current != nil {
		return engines.Refuse("Chronomatic Rift", "the Rift acts at the start of a round, before any activation")
	}
	for _, f := range b.Figures {
		if f.Activated {
			return engines.Refuse("Chronomatic Rift", "the Rift acts at the start of a round, before any activation")
		}
	}
	side, err := b.player("Chronomatic Rift", c.Player)
	if err != nil {
		return err
	}
	for _, f := range b.Figures {
		if f.Rifted && f.Side == b.opponent(side) {
			return engines.Refuse("Chronomatic Rift", "%s has already lifted %s this round", side, r.nm(f))
		}
	}
	opp := &Figure{Side: side}
	t, err := r.findTarget(opp, c.Incarn)
	if err != nil {
		return err
	}
	if t.Side != b.opponent(side) || !t.InPlay() {
		return engines.Refuse("Chronomatic Rift", "%s can only lift an enemy incarn in play", side)
	}
	if t.RiftUsed {
		return engines.Refuse("Chronomatic Rift", "%s has been lifted once already; each incarn only once per game", r.nm(t))
	}
	on := true
	r.actor = side
	r.D.Label("The Chronomatic Rift lifts %s out of play until the next round (%s choice).", r.nm(t), words.Possessive(side))
	return r.Emit(TypeFigureChanged, FigureChanged{Figure: t.Key(), Rifted: &on, Why: "Chronomatic Rift"})
}
