package kingsown

import (
	"fmt"
	"strings"

	"warlog/engines"
	"warlog/engines/dice"
	"warlog/internal/words"
)

// MoveKinds are the moves a figure may declare.
var MoveKinds = []string{"stay", "half", "full", "withdraw"}

// move declares one figure's move, or a Mob pair's.
//
// Ruling: a Mob figure moves with --pair while another unmoved Mob figure of
// its side remains (a swarm must not hold figures back to move last); the
// pair makes the same declaration and each rolls for rough ground in turn.
// Ruling: a failed rough-ground roll on a withdrawal stops the figure at the
// edge of the rough ground: it does not leave.
func move(a *act, c Move) error {
	s, d := a.S, a.D
	b, err := s.phase("move", PhaseMovement, d)
	if err != nil {
		return err
	}
	kind := strings.ToLower(strings.TrimSpace(c.Move))
	if !containsFold(MoveKinds, kind) {
		return engines.Refuse("Move", "%q is not a move; declare stay, half, full or withdraw", c.Move)
	}
	facing := strings.ToLower(strings.TrimSpace(c.Facing))
	if facing != "" && facing != "front" && facing != "rear" {
		return engines.Refuse("Facing", "facing %q: a figure faces front or rear, nothing else", c.Facing)
	}
	if (c.Rough || c.Leave) && kind == "stay" {
		return engines.Refuse("RoughGround", "a figure that stays goes nowhere and makes no rough-ground roll; it neither enters nor leaves rough ground")
	}
	f, err := b.find(c.Figure)
	if err != nil {
		return err
	}
	group := []*Fig{f}
	if c.Pair != "" {
		g, err := b.find(c.Pair)
		if err != nil {
			return err
		}
		if g == f {
			return engines.Refuse("Mob", "a Mob pair is two figures; %s cannot pair with itself", f.Card.Name)
		}
		if !f.Card.Mob || !g.Card.Mob {
			return engines.Refuse("Mob", "only two Mob figures share one move; %s and %s are not both Mob", f.Card.Name, g.Card.Name)
		}
		if !strings.EqualFold(f.Card.Side, g.Card.Side) {
			return engines.Refuse("Mob", "a Mob pair is of one side; %s and %s are not", f.Card.Name, g.Card.Name)
		}
		group = append(group, g)
	}
	for _, g := range group {
		switch {
		case g.Card.Static:
			return engines.Refuse("Static", "%s is static: it never moves", g.Card.Name)
		case g.Out():
			return engines.Refuse("Move", "%s is %s and off the table", g.Card.Name, g.Status)
		case g.Moved != "":
			return engines.Refuse("Move", "%s has already moved this turn (%s)", g.Card.Name, g.Moved)
		}
	}
	if !strings.EqualFold(b.ToMove, f.Card.Side) {
		return engines.Refuse("Alternation", "it is the %s side's move, not %s; sides alternate one figure (or Mob pair) at a time", b.ToMove, words.Possessive(f.Card.Side))
	}
	if f.Card.Mob && c.Pair == "" {
		for _, g := range b.Figures {
			if g != f && g.Card.Mob && strings.EqualFold(g.Card.Side, f.Card.Side) && !g.Out() && g.Moved == "" {
				return engines.Refuse("Mob", "%s is Mob and %s has not moved: two Mob figures share one move; add --pair %s", f.Card.Name, g.Card.Name, g.Card.Name)
			}
		}
	}
	var sentences []string
	for i, g := range group {
		mv := Moved{Ref: g.Ref(), Move: kind, Facing: g.Facing, Rough: c.Rough, Leave: c.Leave, PairNext: i < len(group)-1}
		if facing != "" {
			mv.Facing = facing
		}
		sentence, err := s.roughGround(g, &mv, d)
		if err != nil {
			return err
		}
		sentence += ", facing " + mv.Facing
		d.Emit(TypeMoved, mv)
		if kind == "withdraw" && !mv.Stopped {
			d.Emit(TypeWithdrawn, Withdrawn{Ref: g.Ref()})
			sentence += "; Withdrawn"
		}
		sentences = append(sentences, sentence)
	}
	d.Label("%s.", strings.Join(sentences, "; "))
	return nil
}

// roughGround makes a move's rough-ground rolls and says the move: one roll
// for a move that enters or leaves rough ground, two for one that enters
// and leaves it (the roll to enter first; a failure stops the figure at
// that edge, so the roll to leave is not made). A failure sets mv.Stopped.
//
// Ruling: the two rolls are the same roll against the same Skill with the
// same failure, so their order changes nothing but the words; entering
// comes first (a figure leaving one patch for another enters its dice the
// same way round).
func (s *State) roughGround(g *Fig, mv *Moved, d *engines.Decision) (string, error) {
	moved := fmt.Sprintf("%s %s", g.Card.Name, moveWords(mv.Move, g.Card.Move))
	where, crossings := "", []string{}
	switch {
	case mv.Rough && mv.Leave:
		where, crossings = " into and out of rough ground", []string{"entering", "leaving"}
	case mv.Rough:
		where, crossings = " through rough ground", []string{""}
	case mv.Leave:
		where, crossings = " out of rough ground", []string{""}
	default:
		return moved, nil
	}
	if g.Card.SureFooted {
		// seed 003 line 19: Sure-Footed — no Skill roll for rubble, water.
		return moved + where + ", Sure-Footed", nil
	}
	var rolled []string
	for _, crossing := range crossings {
		// seed 003 line 12: rubble and water need a Skill roll to enter and to leave.
		purpose := fmt.Sprintf("rough ground Skill roll for %s (needs %d or less)", g.Card.Name, g.Skill)
		if crossing != "" {
			purpose = fmt.Sprintf("rough ground Skill roll for %s, %s it (needs %d or less)", g.Card.Name, crossing, g.Skill)
		}
		v, err := s.roll(g.Card.Side, purpose, d)
		if err != nil {
			return "", err
		}
		d.Judge(v <= g.Skill, dice.AtMost(g.Skill))
		if v > g.Skill {
			mv.Stopped = true
			if crossing == "" {
				return fmt.Sprintf("%s tries %s move%s but rolls %d against Skill %d: stopped at the edge, no attack this turn", g.Card.Name, words.A(mv.Move), where, v, g.Skill), nil
			}
			entered := ""
			if len(rolled) > 0 {
				entered = fmt.Sprintf(" enters it (rolled %s) but", rolled[0])
			}
			return fmt.Sprintf("%s, moving %s%s,%s rolls %d against Skill %d %s it: stopped at the edge, no attack this turn", g.Card.Name, mv.Move, where, entered, v, g.Skill, crossing), nil
		}
		rolled = append(rolled, fmt.Sprint(v))
	}
	if len(rolled) == 2 {
		return fmt.Sprintf("%s%s (rolled %s, then %s, against Skill %d)", moved, where, rolled[0], rolled[1], g.Skill), nil
	}
	return fmt.Sprintf("%s%s (rolled %s against Skill %d)", moved, where, rolled[0], g.Skill), nil
}

func moveWords(kind string, move int) string {
	switch kind {
	case "stay":
		return "stands still"
	case "half":
		return fmt.Sprintf("moves up to half (%s)", halfMove(move))
	case "full":
		return fmt.Sprintf("moves its full %d\"", move)
	}
	return "makes for the table edge"
}

// halfMove is half a Move in inches, a half inch written ½: half of Move 3
// is 1½", not 1" (seed 003 line 7: "up to half its Move").
func halfMove(move int) string {
	switch whole := move / 2; {
	case move%2 == 0:
		return fmt.Sprintf("%d\"", whole)
	case whole == 0:
		return "½\""
	default:
		return fmt.Sprintf("%d½\"", whole)
	}
}
