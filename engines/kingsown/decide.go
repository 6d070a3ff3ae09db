package kingsown

import (
	"fmt"
	"strings"

	"warlog/engines"
	"warlog/internal/words"
)

// roll rolls one d6 for a side.
func (s *State) roll(by, purpose string, d *engines.Decision) (int, error) {
	v, err := d.RollBy(by, 1, 6, purpose)
	if err != nil {
		return 0, err
	}
	return v[0], nil
}

func (s *State) battle(verb string, d *engines.Decision) (*Battle, error) {
	if s.Battle == nil {
		return nil, engines.RefuseTry("Phase", []string{"scenario start"}, "no fight is in progress; `ko %s` needs one: start it", verb)
	}
	return s.Battle, nil
}

func (s *State) phase(verb, want string, d *engines.Decision) (*Battle, error) {
	b, err := s.battle(verb, d)
	if err != nil {
		return nil, err
	}
	if b.Phase != want {
		hint, try := phaseHint(b.Phase)
		return nil, engines.RefuseTry("Phase", try, "`ko %s` belongs to the %s phase, and turn %d is in the %s phase; %s", verb, want, b.Turn, b.Phase, hint)
	}
	return b, nil
}

// phaseHint says what a phase expects, and by which commands.
func phaseHint(phase string) (string, []string) {
	switch phase {
	case PhaseInitiative:
		return "roll initiative first", []string{"ko initiative"}
	case PhaseChoosing:
		return "the winner of the roll-off chooses who moves first", []string{"ko first"}
	case PhaseMovement:
		return "the figures are moving, then the phase closes", []string{"ko move", "ko next"}
	case PhaseAttack:
		return "the figures are attacking, then the phase closes", []string{"ko attack", "ko cast", "ko next"}
	}
	return "the turn limit is reached", []string{"scenario end"}
}

// lookup finds the items named by name: an exact name (case-insensitive)
// first, else every unique-prefix match; "side/name" picks a side. A name
// or side may itself hold "/" (Bors the a/b is reachable as "a/b" and as
// "hunters/a/b"), so the whole text is tried as a name first, then every
// "/" in it as the separator.
func lookup[T any](items []T, card func(T) Card, name string) []T {
	n := strings.TrimSpace(name)
	whole := lookupIn(items, card, "", n)
	if exactly(whole, card, n) || !strings.Contains(n, "/") {
		return whole
	}
	for i := 1; i < len(n); i++ {
		if n[i] == '/' {
			if got := lookupIn(items, card, n[:i], n[i+1:]); len(got) > 0 {
				return got
			}
		}
	}
	return whole
}

// exactly reports whether every item found is named name exactly.
func exactly[T any](found []T, card func(T) Card, name string) bool {
	for _, it := range found {
		if !strings.EqualFold(card(it).Name, name) {
			return false
		}
	}
	return len(found) > 0
}

// lookupIn finds by name among the items of side ("" for any side).
func lookupIn[T any](items []T, card func(T) Card, side, n string) []T {
	ln := strings.ToLower(n)
	var exact, pre []T
	for _, it := range items {
		c := card(it)
		if side != "" && !strings.EqualFold(side, c.Side) {
			continue
		}
		cn := strings.ToLower(c.Name)
		if cn == ln {
			exact = append(exact, it)
		} else if strings.HasPrefix(cn, ln) {
			pre = append(pre, it)
		}
	}
	if len(exact) > 0 {
		return exact
	}
	return pre
}

func ambiguous[T any](name string, pick []T, card func(T) Card) error {
	var names []string
	for _, it := range pick {
		names = append(names, card(it).Side+"/"+card(it).Name)
	}
	return engines.Refuse("Name", "%q could be %s; give more of the name (or SIDE/NAME)", name, strings.Join(names, " or "))
}

// find resolves a figure of the fight by name or unique prefix.
func (b *Battle) find(name string) (*Fig, error) {
	card := func(f *Fig) Card { return f.Card }
	pick := lookup(b.Figures, card, name)
	switch len(pick) {
	case 1:
		return pick[0], nil
	case 0:
		var names []string
		for _, f := range b.Figures {
			names = append(names, f.Card.Name)
		}
		return nil, engines.Refuse("Name", "no figure %q in this fight; the figures are %s", name, strings.Join(names, ", "))
	}
	return nil, ambiguous(name, pick, card)
}

// findMember resolves a roster figure the same way.
func (s *State) findMember(name string) (*Member, error) {
	card := func(m *Member) Card { return m.Card }
	pick := lookup(s.Members, card, name)
	switch len(pick) {
	case 1:
		return pick[0], nil
	case 0:
		return nil, engines.RefuseTry("Name", []string{"roster"}, "no figure %q in the roster; the roster lists them", name)
	}
	return nil, ambiguous(name, pick, card)
}

// --- campaign ---

func (s *State) recruit(c Recruit, d *engines.Decision) error {
	if s.Battle != nil {
		return engines.RefuseTry("Recruit", []string{"scenario end"}, "a fight is in progress; recruit between fights, once it ends")
	}
	if len(c.Cards) == 0 {
		return engines.Refuse("Recruit", "no card given; give a figure's name, side and numbers, or a card file")
	}
	var names []string
	for _, card := range c.Cards {
		if err := validCard(card); err != nil {
			return err
		}
		if strings.EqualFold(card.Side, NestSide) {
			return engines.RefuseTry("Recruit", []string{"ko brief-card"}, "the side %q belongs to the Nest brief; recruit %s on another side (the Nest's own card is set apart)", NestSide, card.Name)
		}
		if m := s.member(Ref{card.Side, card.Name}); m != nil {
			return engines.Refuse("Names", "the side %s already has a figure named %s; names are unique per side", m.Card.Side, m.Card.Name)
		}
		d.Emit(TypeRecruited, Recruited{Card: card})
		n := card.Name
		if card.Unique() {
			n += " (Skill 5: a unique character)"
		}
		names = append(names, n)
	}
	if len(names) == 1 {
		cd := c.Cards[0]
		d.Label("%s joins the %s: Skill %d, Move %d, Res %d, Hits %d.", names[0], cd.Side, cd.Skill, cd.Move, cd.Res, cd.Hits)
	} else {
		d.Label("%s join the roster: %s.", words.Count(len(names), "figure", "figures"), strings.Join(names, ", "))
	}
	return nil
}

// validCard re-checks a card as the engine receives it (cards also come from
// recorded commands and the JSON of other tools).
func validCard(c Card) error {
	d := CardDraft{Card: c, hasSkill: !c.Static, hasMove: true, hasRes: true, hasHits: true}
	if _, err := d.Finish(); err != nil {
		return engines.Refuse("Card", "%v", err)
	}
	if err := ValidateName("side", c.Side); err != nil {
		return engines.Refuse("Card", "card %s: %v", c.Name, err)
	}
	return nil
}

// briefCard sets the campaign's card for the Nest or its grunt.
//
// Ruling: the rulings make the Orc grunt "editable per campaign"; the edit
// is an action of its own (`ko brief-card`), read when a fight starts, so a
// fight in progress keeps the cards it started with.
func (s *State) briefCard(c SetBriefCard, d *engines.Decision) error {
	card := c.Card
	switch c.Role {
	case "nest":
		if !card.Static {
			return engines.Refuse("Nest", "the Nest's card must be Static (no Skill, no weapons); add the keyword Static")
		}
	case "grunt":
		if card.Static {
			return engines.Refuse("Nest", "the Orc grunt moves and attacks; it cannot be Static")
		}
	default:
		return engines.Refuse("Nest", "the Nest brief has two cards, nest and grunt; %q is neither", c.Role)
	}
	card.Side = NestSide
	if err := validCard(card); err != nil {
		return err
	}
	d.Emit(TypeBriefCardSet, BriefCardSet{Role: c.Role, Card: card})
	d.Label("From now on the Nest brief uses this card for its %s: %s.", c.Role, strings.ReplaceAll(strings.TrimSpace(card.Text()), "\n", " · "))
	return nil
}

func (s *State) nestCard() Card {
	if s.Nest != nil {
		return *s.Nest
	}
	return DefaultNest
}

func (s *State) gruntCard() Card {
	if s.Grunt != nil {
		return *s.Grunt
	}
	return DefaultGrunt
}

// start fields the figures.
//
// Ruling: a fight has exactly two sides. With the Nest brief the Nest's
// side ("nest") is one of them, so the roster figures fielded must all be
// of one side. Recruiting during a fight is refused: recruits join at the
// next fight.
func (s *State) start(c engines.StartScenario, d *engines.Decision) error {
	if s.Battle != nil {
		return engines.RefuseTry("Scenario", []string{"scenario end"}, "the fight %s is in progress; end it first", s.Battle.Name)
	}
	if err := ValidateName("scenario", c.Name); err != nil {
		return engines.Refuse("Scenario", "%v", err)
	}
	brief := strings.ToLower(strings.TrimSpace(c.Brief))
	if brief != "" && brief != "nest" {
		return engines.Refuse("Brief", "no brief %q; The King's Own knows the brief nest (or none: two sides of the roster)", c.Brief)
	}
	turns := c.Turns
	if turns < 0 {
		return engines.Refuse("TurnLimit", "a turn limit of %d: give 1 or more (0: the default %d)", turns, DefaultTurns)
	}
	if turns == 0 {
		turns = DefaultTurns
	}
	var chosen []*Member
	if len(c.Field) > 0 {
		seen := map[*Member]bool{}
		for _, n := range c.Field {
			m, err := s.findMember(n)
			if err != nil {
				return err
			}
			if m.Dead {
				return engines.Refuse("FieldingTheDead", "%s went Down in an earlier fight and is dead; the dead are never fielded again", m.Card.Name)
			}
			if m.Skill < 1 {
				return engines.Refuse("Recovery", "%s is at campaign Skill 0 after being Broken; it must sit out a fight to recover before it can be fielded", m.Card.Name)
			}
			if seen[m] {
				return engines.Refuse("Field", "%s is named twice in --field", m.Card.Name)
			}
			seen[m] = true
			chosen = append(chosen, m)
		}
	} else {
		for _, m := range s.Members {
			if !m.Dead && m.Skill >= 1 {
				chosen = append(chosen, m)
			}
		}
	}
	if len(chosen) == 0 {
		return engines.RefuseTry("Field", []string{"ko recruit"}, "nobody can be fielded; recruit figures first")
	}
	var sides []string
	for _, m := range chosen {
		if !containsFold(sides, m.Card.Side) {
			sides = append(sides, m.Card.Side)
		}
	}
	started := ScenarioStarted{Name: c.Name, Brief: brief, Turns: turns}
	for _, m := range chosen {
		started.Figures = append(started.Figures, Fielded{Card: m.Card, Skill: m.Skill, Member: true})
	}
	if brief == "nest" {
		if len(sides) != 1 {
			return engines.Refuse("Sides", "the Nest brief is one side against the Nest; the figures fielded are of %s: field one side with --field", strings.Join(sides, ", "))
		}
		nest := s.nestCard()
		nest.Side = NestSide
		started.Figures = append(started.Figures, Fielded{Card: nest})
		g := s.gruntCard()
		g.Side = NestSide
		started.Grunt = &g
		sides = append(sides, NestSide)
	} else if len(sides) != 2 {
		return engines.Refuse("Sides", "a fight has two sides; the figures fielded are of %s: recruit or field two sides, or use --brief nest", strings.Join(sides, ", "))
	}
	started.Sides = sides
	d.Emit(TypeScenarioStarted, started)
	var names []string
	for _, f := range started.Figures {
		names = append(names, f.Card.Name)
	}
	plural := "s"
	if turns == 1 {
		plural = ""
	}
	label := fmt.Sprintf("%s begins: %s against %s, %d turn%s; fielded %s.", c.Name, sides[0], sides[1], turns, plural, strings.Join(names, ", "))
	d.Label("%s", label)
	return nil
}

func containsFold(list []string, s string) bool {
	for _, v := range list {
		if strings.EqualFold(v, s) {
			return true
		}
	}
	return false
}

// end closes the fight and applies AFTER THE FIGHT to the roster.
//
// Ruling: the winner is the side --winner declares; else, with the Nest
// brief, the Hunters' side if the Nest is Down and the Nest's if it stands;
// else the side with fewer figures removed (equal: "draw").
// Ruling: "Removals scored" counts the enemies a figure took Down or Broke
// with its own attacks and spells; Withdrawn figures score for nobody.
func (s *State) end(c engines.EndScenario, d *engines.Decision) error {
	b, err := s.battle("scenario end", d)
	if err != nil {
		return err
	}
	ev := ScenarioEnded{Name: b.Name, Turn: b.played(), Removed: map[string]int{}}
	for _, sd := range b.Sides {
		ev.Removed[sd] = b.removed(sd)
	}
	if c.Winner != "" {
		w := ""
		for _, sd := range b.Sides {
			if strings.EqualFold(sd, c.Winner) {
				w = sd
			}
		}
		if w == "" {
			return engines.Refuse("Victory", "no side %q in this fight; the sides are %s", c.Winner, strings.Join(b.Sides, ", "))
		}
		ev.Winner, ev.Declared = w, true
	}
	var result string
	if b.Brief == "nest" {
		down := false
		if n := b.nest(); n != nil {
			down = n.Status == StatusDown
		}
		ev.NestDown = &down
		if down {
			result = words.Does(b.Sides[0], "wins", "win") + ": the Nest is Down"
			if ev.Winner == "" {
				ev.Winner = b.Sides[0]
			}
		} else {
			result = fmt.Sprintf("the Nest still stands: the %s did not clear it", b.Sides[0])
			if ev.Winner == "" {
				ev.Winner = NestSide
			}
		}
		if ev.Declared {
			result += fmt.Sprintf("; declared winner %s", ev.Winner)
		}
	} else {
		ra, rb := ev.Removed[b.Sides[0]], ev.Removed[b.Sides[1]]
		switch {
		case ev.Declared:
			result = words.Does(ev.Winner, "wins", "win") + " (declared)"
		case ra < rb:
			ev.Winner, result = b.Sides[0], words.Does(b.Sides[0], "wins", "win")+" on removals"
		case rb < ra:
			ev.Winner, result = b.Sides[1], words.Does(b.Sides[1], "wins", "win")+" on removals"
		default:
			ev.Winner, result = "draw", "a draw on removals"
		}
	}
	result += fmt.Sprintf(" (removed: %s %d, %s %d)", b.Sides[0], ev.Removed[b.Sides[0]], b.Sides[1], ev.Removed[b.Sides[1]])
	ev.Result = result
	for _, m := range s.Members {
		if m.Dead {
			continue
		}
		o := Outcome{Side: m.Card.Side, Name: m.Card.Name, Skill: m.Skill, NewSkill: m.Skill}
		f := b.fig(Ref{m.Card.Side, m.Card.Name})
		switch {
		case f == nil || !f.Member:
			// seed 003 line 45: recovers 1 Skill for each scenario it sits out.
			o.Fate = "sat out"
			if o.NewSkill < m.Card.Skill {
				o.NewSkill++
			}
		case f.Status == StatusDown:
			o.Fate = StatusDown
		case f.Status == StatusBroken:
			o.Fate = StatusBroken
			o.NewSkill = f.StartSkill - 1
			if o.NewSkill < 0 {
				o.NewSkill = 0
			}
		case f.Status == StatusWithdrawn:
			o.Fate = StatusWithdrawn
			o.NewSkill = f.StartSkill
		default:
			o.Fate = "survived"
			o.NewSkill = f.StartSkill
		}
		if f != nil && f.Member {
			o.Removals = f.Removals
		}
		ev.Outcomes = append(ev.Outcomes, o)
	}
	d.Emit(TypeScenarioEnded, ev)
	var cons []string
	for _, o := range ev.Outcomes {
		if o.Fate != "survived" && !(o.Fate == "sat out" && o.NewSkill == o.Skill) {
			cons = append(cons, consequence(o))
		}
	}
	label := fmt.Sprintf("%s ends %s: %s.", b.Name, afterTurn(ev.Turn), result)
	if len(cons) > 0 {
		label += " " + strings.Join(cons, "; ") + "."
	}
	d.Label("%s", label)
	return nil
}

// afterTurn says when a fight ended: after the last turn it played.
func afterTurn(played int) string {
	if played == 0 {
		return "before its first turn"
	}
	return fmt.Sprintf("after turn %d", played)
}

// --- the turn ---

// side is the fight's side named side (any case), or "".
func (b *Battle) side(name string) string {
	for _, sd := range b.Sides {
		if strings.EqualFold(sd, name) {
			return sd
		}
	}
	return ""
}

// initiative: the Nest's spawn roll while it stands, then the roll-off.
//
// Ruling: the winner chooses who moves first having seen the roll (seed 003
// line 6: "high chooses who starts moving"): without a side given, the
// choice is left to `ko first` and the movement phase waits for it. A side
// given with the roll is the winner's choice said up front, whichever side
// wins.
func (s *State) initiative(c Initiative, d *engines.Decision) error {
	b, err := s.phase("initiative", PhaseInitiative, d)
	if err != nil {
		return err
	}
	first := ""
	if c.First != "" {
		if first = b.side(c.First); first == "" {
			return engines.Refuse("Initiative", "no side %q in this fight; the sides are %s", c.First, strings.Join(b.Sides, " and "))
		}
	}
	var parts []string
	if b.Brief == "nest" {
		if n := b.nest(); n != nil && n.Status != StatusDown {
			// seed 003 line 43: at the start of every turn it is intact, roll 1d6.
			v, err := s.roll(NestSide, "Nest spawn roll (1 or 2 spawns an Orc grunt)", d)
			if err != nil {
				return err
			}
			if v <= 2 {
				g := s.gruntCard()
				if b.Grunt != nil {
					g = *b.Grunt
				}
				g.Side = NestSide
				base := g.Name
				for i := b.Spawned + 1; ; i++ {
					g.Name = fmt.Sprintf("%s %d", base, i)
					if b.fig(Ref{NestSide, g.Name}) == nil {
						break
					}
				}
				d.Emit(TypeGruntSpawned, GruntSpawned{Card: g, Roll: v})
				parts = append(parts, fmt.Sprintf("the Nest rolls %d: %s spawns beside it", v, g.Name))
			} else {
				parts = append(parts, fmt.Sprintf("the Nest rolls %d: nothing spawns", v))
			}
		}
	}
	ev := InitiativeWon{}
	a, bb := b.Sides[0], b.Sides[1]
	for round := 0; ; round++ {
		va, err := s.roll(a, "initiative roll for "+a+" (higher wins)", d)
		if err != nil {
			return err
		}
		vb, err := s.roll(bb, "initiative roll for "+bb+" (higher wins)", d)
		if err != nil {
			return err
		}
		ev.Rolls = append(ev.Rolls, []int{va, vb})
		if va != vb {
			ev.Winner = a
			if vb > va {
				ev.Winner = bb
			}
			break
		}
		if round > 50 {
			return engines.Refuse("Initiative", "the roll-off kept tying; roll again")
		}
	}
	ev.First = first
	d.Emit(TypeInitiativeWon, ev)
	var rolls []string
	for _, r := range ev.Rolls {
		rolls = append(rolls, fmt.Sprintf("%s %d, %s %d", a, r[0], bb, r[1]))
	}
	line := fmt.Sprintf("Turn %d: ", b.Turn)
	if len(parts) > 0 {
		line += strings.Join(parts, "; ") + "; "
	}
	line += "initiative " + strings.Join(rolls, ", then ")
	switch ev.First {
	case "":
		line += fmt.Sprintf(": %s and %s who moves first.", words.Does(ev.Winner, "wins", "win"), words.Verb(ev.Winner, "chooses", "choose"))
	case ev.Winner:
		line += fmt.Sprintf(": %s and %s first.", words.Does(ev.Winner, "wins", "win"), words.Verb(ev.Winner, "moves", "move"))
	default:
		line += fmt.Sprintf(": %s and %s %s first.", words.Does(ev.Winner, "wins", "win"), words.Verb(ev.Winner, "sends", "send"), ev.First)
	}
	d.Label("%s", line)
	return nil
}

// chooseFirst records the roll-off winner's choice, made after the roll, of
// the side that moves first; the movement phase begins.
func (s *State) chooseFirst(c ChooseFirst, d *engines.Decision) error {
	b, err := s.phase("first", PhaseChoosing, d)
	if err != nil {
		return err
	}
	first := b.side(c.Side)
	if first == "" {
		return engines.Refuse("Initiative", "no side %q in this fight; the %s %s", c.Side, words.Does(b.Winner, "chooses", "choose"), strings.Join(b.Sides, " or "))
	}
	winner := b.Winner
	d.Emit(TypeFirstChosen, FirstChosen{First: first})
	if first == winner {
		d.Label("Turn %d: %s, winners of the roll-off, move first.", b.Turn, first)
	} else {
		d.Label("Turn %d: %s, winners of the roll-off, send %s first.", b.Turn, winner, first)
	}
	return nil
}

// MoveKinds are the moves a figure may declare.
var MoveKinds = []string{"stay", "half", "full", "withdraw"}

// move declares one figure's move, or a Mob pair's.
//
// Ruling: a Mob figure moves with --pair while another unmoved Mob figure of
// its side remains (a swarm must not hold figures back to move last); the
// pair makes the same declaration and each rolls for rough ground in turn.
// Ruling: a failed rough-ground roll on a withdrawal stops the figure at the
// edge of the rough ground: it does not leave.
func (s *State) move(c Move, d *engines.Decision) error {
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
		d.Judge(v <= g.Skill)
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

// next closes the phase in progress.
//
// Ruling: at the turn limit the fight stops (phase "over") and waits for
// `scenario end`, which applies the campaign's consequences, so that ending
// stays one action that undo can take back.
func (s *State) next(_ Next, d *engines.Decision) error {
	b, err := s.battle("next", d)
	if err != nil {
		return err
	}
	switch b.Phase {
	case PhaseInitiative:
		return engines.RefuseTry("Phase", []string{"ko initiative"}, "turn %d has not begun: roll initiative first", b.Turn)
	case PhaseChoosing:
		return engines.RefuseTry("Initiative", []string{"ko first"}, "the %s won the roll-off and have not chosen who moves first; the movement phase begins once they do", b.Winner)
	case PhaseOver:
		return engines.RefuseTry("TurnLimit", []string{"scenario end"}, "the turn limit (%d) is reached: end the fight", b.Turns)
	case PhaseMovement:
		ev := AttackPhaseBegun{}
		var names []string
		for _, f := range b.Figures {
			if !f.Out() && !f.Card.Static && f.Moved == "" {
				ev.Stayed = append(ev.Stayed, f.Ref())
				names = append(names, f.Card.Name)
			}
		}
		d.Emit(TypeAttackPhaseBegun, ev)
		line := fmt.Sprintf("Turn %d: movement is over", b.Turn)
		switch len(names) {
		case 0:
		case 1:
			line += "; " + names[0] + " stays where it is"
		default:
			line += "; " + strings.Join(names, ", ") + " stay where they are"
		}
		d.Label("%s; attacks by Skill, highest first.", line)
	case PhaseAttack:
		turn, last := b.Turn, b.Turn >= b.Turns
		d.Emit(TypeTurnEnded, TurnEnded{Turn: turn, Last: last})
		if last {
			d.Label("Turn %d ends: the turn limit is reached; the fight can end now.", turn)
		} else {
			d.Label("Turn %d ends.", turn)
		}
	}
	return nil
}

// --- attacks ---

// mayAttack checks who may attack, the per-turn count and the Skill order.
//
// Ruling: where Frenzy (a grant) and Ponderous (a denial) meet, the grant
// wins (seed line 14): a Ponderous figure with Frenzy may attack after any
// move.
func (s *State) mayAttack(b *Battle, f *Fig, what string, d *engines.Decision) error {
	switch {
	case f.Card.Static:
		return engines.Refuse("Static", "%s is static: it does not attack", f.Card.Name)
	case f.Out() && !f.Pending:
		return engines.Refuse("Removed", "%s is %s and makes no more attacks", f.Card.Name, f.Status)
	}
	if err := moveBar(f); err != nil {
		return err
	}
	switch {
	case f.Attacks >= f.Card.Attacks():
		if f.Card.Multi > 1 {
			return engines.Refuse("Multi", "%s has made all %d of its attacks this turn (Multi %d)", f.Card.Name, f.Card.Multi, f.Card.Multi)
		}
		return engines.Refuse("Multi", "%s has already attacked this turn; one attack per turn without Multi", f.Card.Name)
	case b.passedOver(f):
		return engines.Refuse("SkillOrder", "the Skill %d step has begun, so %s (Skill %d) can no longer %s this turn; attacks go highest Skill first", b.Step, f.Card.Name, f.StepSkill, what)
	}
	return nil
}

// moveBar is why f's move this turn bars it from attacking (nil: it does
// not): stopped at the edge of rough ground, a full move without Frenzy, a
// Ponderous figure that moved. Before it has moved nothing bars it yet.
func moveBar(f *Fig) error {
	switch {
	case f.NoAttack:
		return engines.Refuse("RoughGround", "%s was stopped at the edge of rough ground this turn and may not attack", f.Card.Name)
	case f.Moved == "full" && !f.Card.Frenzy:
		return engines.Refuse("Frenzy", "%s moved its full Move this turn; only a Frenzy figure may attack after a full move", f.Card.Name)
	case f.Card.Ponderous && !f.Card.Frenzy && f.Moved != "stay" && f.Moved != "":
		return engines.Refuse("Ponderous", "%s is Ponderous and moved this turn (%s); it may attack only after standing still", f.Card.Name, f.Moved)
	}
	return nil
}

// passedOver reports whether a lower Skill step has begun, so that f, of a
// higher one, can no longer attack this turn.
func (b *Battle) passedOver(f *Fig) bool { return b.Step != 0 && f.StepSkill > b.Step }

// beginStep closes the step in progress when a lower one starts.
func (s *State) beginStep(b *Battle, f *Fig, d *engines.Decision) {
	if b.Step == 0 || f.StepSkill < b.Step {
		d.Emit(TypeStepBegun, StepBegun{Skill: f.StepSkill})
	}
}

// targets resolves the figures an attack or spell names.
//
// Ruling: a figure already Down, Broken or Withdrawn cannot be targeted,
// even while it still strikes in its own Skill step.
func (s *State) targets(b *Battle, att *Fig, names []string, allowSelf bool, d *engines.Decision) ([]*Fig, error) {
	var out []*Fig
	for _, n := range names {
		t, err := b.find(n)
		if err != nil {
			return nil, err
		}
		if t == att && !allowSelf {
			return nil, engines.Refuse("Target", "%s cannot target itself", att.Card.Name)
		}
		if t.Out() {
			return nil, engines.Refuse("Target", "%s is %s and no longer on the table", t.Card.Name, t.Status)
		}
		for _, o := range out {
			if o == t {
				return nil, engines.Refuse("Target", "%s is named twice", t.Card.Name)
			}
		}
		out = append(out, t)
	}
	return out, nil
}

// attack is one attack: one target, or every target named with Sweep.
//
// Ruling: an ordinary attack targets an enemy; only Sweep strikes friends,
// because the seed's Sweep hits "friend and foe" in its arc.
// Ruling: --rear applies to every target of the attack.
func (s *State) attack(c Attack, d *engines.Decision) error {
	b, err := s.phase("attack", PhaseAttack, d)
	if err != nil {
		return err
	}
	att, err := b.find(c.Attacker)
	if err != nil {
		return err
	}
	if err := s.mayAttack(b, att, "attack", d); err != nil {
		return err
	}
	if len(att.Card.Weapons) == 0 {
		return engines.RefuseTry("Weapon", []string{"ko cast"}, "%s has no weapon; it can only cast", att.Card.Name)
	}
	w := att.Card.Weapons[0]
	// Weapon names are trimmed when a card is read; so is the name asked for.
	if c.Weapon = strings.TrimSpace(c.Weapon); c.Weapon != "" {
		// An exact name first, else the first weapon the name begins.
		found := false
		for _, cw := range att.Card.Weapons {
			if strings.EqualFold(cw.Name, c.Weapon) {
				w, found = cw, true
				break
			}
		}
		for _, cw := range att.Card.Weapons {
			if !found && strings.HasPrefix(strings.ToLower(cw.Name), strings.ToLower(c.Weapon)) {
				w, found = cw, true
			}
		}
		if !found {
			var ws []string
			for _, cw := range att.Card.Weapons {
				ws = append(ws, cw.Name)
			}
			return engines.Refuse("Weapon", "%s has no weapon %q; its weapons are %s", att.Card.Name, c.Weapon, strings.Join(ws, ", "))
		}
	}
	if len(c.Targets) == 0 {
		return engines.RefuseTry("Target", []string{"ko attack"}, "%s needs a target to attack", att.Card.Name)
	}
	ts, err := s.targets(b, att, c.Targets, false, d)
	if err != nil {
		return err
	}
	if len(ts) > 1 && !w.Sweep {
		return engines.Refuse("Sweep", "%s %s strikes one target; only a Sweep weapon strikes several with one attack", words.Possessive(att.Card.Name), w.Name)
	}
	for _, t := range ts {
		if !w.Sweep && strings.EqualFold(t.Card.Side, att.Card.Side) {
			return engines.Refuse("Target", "%s is on %s own side; only Sweep strikes friends", t.Card.Name, words.Possessive(att.Card.Name))
		}
		if c.Rear && t.Card.NoRear {
			return engines.Refuse("NoRear", "%s is No Rear: it cannot be attacked from the rear; attack it from the front", t.Card.Name)
		}
	}
	s.beginStep(b, att, d)
	ev := AttackMade{Attacker: att.Ref(), Weapon: w, Rear: c.Rear}
	for _, t := range ts {
		ev.Targets = append(ev.Targets, t.Ref())
	}
	d.Emit(TypeAttackMade, ev)
	var parts []string
	for _, t := range ts {
		s, err := s.resolve(att, t, w.Might, c.Rear, true, d)
		if err != nil {
			return err
		}
		parts = append(parts, s)
	}
	how := "strikes"
	if c.Rear {
		how = "strikes from the rear"
	}
	d.Label("%s %s with %s (M%d): %s.", att.Card.Name, how, w.Name, w.Might, strings.Join(parts, "; "))
	return nil
}

// resolve runs the rulings' steps 1-6 for one target and says what
// happened. roll: make the hit roll (false when a spell's cast was the hit).
//
// Ruling: the shield meets the first front hit of the turn whatever its
// Might; an M3+ hit goes through it and still spends it, so a later front
// hit that turn is not stopped.
func (s *State) resolve(att, t *Fig, might int, rear, roll bool, d *engines.Decision) (string, error) {
	tn := t.Card.Name
	hitRoll, skill := 0, s.Battle.rollSkill(att)
	switch {
	case t.Card.Static:
		// seed 003 line 43: attacks against it hit automatically.
	case rear:
		// seed 003 line 8: an attack from the rear skips the Skill roll.
	case roll:
		// RULINGS: within a step every hit roll uses the Skill the figure
		// had when the step began.
		v, err := s.roll(att.Card.Side, fmt.Sprintf("hit roll for %s against %s (needs %d or less)", att.Card.Name, tn, skill), d)
		if err != nil {
			return "", err
		}
		hitRoll = v
		d.Judge(v <= skill)
		if v > skill {
			d.Emit(TypeMissed, Missed{Target: t.Ref(), Roll: v})
			return fmt.Sprintf("%s: rolls %d against Skill %d, a miss", tn, v, skill), nil
		}
	}
	var line string
	switch {
	case t.Card.Static:
		line = tn + ": hits automatically"
	case rear:
		line = tn + ": from the rear, no hit roll"
	case roll:
		line = fmt.Sprintf("%s: rolls %d against Skill %d, a hit", tn, hitRoll, skill)
	default:
		line = tn + ": struck"
	}
	// seed 003 line 30: the first hit each turn from the front is stopped unless M3+.
	if t.Card.Shield && !rear && !t.ShieldUsed {
		d.Emit(TypeShieldUsed, ShieldUsed{Target: t.Ref(), Stopped: might < 3})
		if might < 3 {
			return line + ", stopped by its shield", nil
		}
		line += " (M3 or more goes through its shield)"
	}
	damaged := false
	if t.Card.Durable > 0 && might <= t.Card.Durable {
		// seed 003 line 20: weapons of Might n or less cannot damage it at all.
		d.Emit(TypeHitResisted, HitResisted{Target: t.Ref(), Durable: true})
		line += fmt.Sprintf(", but Durable %d shrugs off M%d", t.Card.Durable, might)
	} else {
		// seed 003 line 8: 1d6 + Might against the defender's 1d6 + Res.
		res := t.Res()
		a, err := s.roll(att.Card.Side, fmt.Sprintf("attacker's damage die for %s (d6+%d against %s d6+%d; higher takes a Hit)", att.Card.Name, might, words.Possessive(tn), res), d)
		if err != nil {
			return "", err
		}
		dv, err := s.roll(t.Card.Side, defenderNeeds(tn, a, might, res), d)
		if err != nil {
			return "", err
		}
		line += fmt.Sprintf(", %d+%d against %d+%d", a, might, dv, res)
		if a+might > dv+res {
			damaged = true
			d.Emit(TypeHitLost, HitLost{Target: t.Ref(), Hits: t.Hits - 1})
			line += fmt.Sprintf(", one Hit (%d left)", t.Hits)
		} else {
			d.Emit(TypeHitResisted, HitResisted{Target: t.Ref()})
			line += ", the armour holds"
		}
	}
	by := att.Ref()
	if damaged {
		if t.Hits <= 0 {
			// seed 003 line 8: at 0 Hits the figure is Down.
			d.Emit(TypeDown, Down{Target: t.Ref(), By: &by})
			line += "; " + tn + " is Down"
		}
		return line, nil
	}
	// seed 003 line 9: Suppression, only if the Might is at least the Res.
	switch {
	case t.Card.Static:
		return line, nil
	case t.Card.Fearless:
		return line + "; Fearless, not suppressed", nil
	case t.Card.NoSuppressBy > 0 && might <= t.Card.NoSuppressBy:
		// seed 003 line 34: "Cannot be suppressed by M2 or less is a stat."
		return line + fmt.Sprintf("; it cannot be suppressed by M%d or less", t.Card.NoSuppressBy), nil
	case might < t.Res():
		return line + fmt.Sprintf("; M%d is under Res %d, no Suppression", might, t.Res()), nil
	}
	d.Emit(TypeSkillLost, SkillLost{Target: t.Ref(), Skill: t.Skill - 1})
	line += fmt.Sprintf("; suppressed to Skill %d", t.Skill)
	if t.Skill <= 0 {
		d.Emit(TypeBroken, Broken{Target: t.Ref(), By: &by})
		line += "; " + tn + " is Broken"
	}
	return line, nil
}

// defenderNeeds is the purpose of the defender's damage die: what it must
// show to hold against the attacker's die already rolled (armour wins ties).
func defenderNeeds(target string, a, might, res int) string {
	need := a + might - res
	switch {
	case need <= 1:
		return fmt.Sprintf("defender's damage die for %s (holds whatever it shows against %d+%d)", target, a, might)
	case need > 6:
		return fmt.Sprintf("defender's damage die for %s (cannot hold against %d+%d: one Hit whatever it shows)", target, a, might)
	}
	return fmt.Sprintf("defender's damage die for %s (needs %d or more to hold against %d+%d)", target, need, a, might)
}

// --- magic ---

// cast is one spell.
//
// Ruling: Firebolt strikes one enemy; Sparks, a Sweep, may name friends
// and foes but not the caster; Ward and Teleport a friendly figure, self
// included; Rally a friendly figure other than the caster that has lost
// Skill in this fight (nothing to recover is refused before the cast roll).
// Ward lasts until the turn ends, which is before the caster's side next
// moves. A failed cast still spends the attack.
func (s *State) cast(c Cast, d *engines.Decision) error {
	b, err := s.phase("cast", PhaseAttack, d)
	if err != nil {
		return err
	}
	cs, err := b.find(c.Caster)
	if err != nil {
		return err
	}
	spell, ok := SpellName(c.Spell)
	if !ok {
		return engines.Refuse("Magic", "%q is not a spell; the spells are %s", c.Spell, strings.Join(Spells, ", "))
	}
	if !cs.Card.HasSpell(spell) {
		return engines.Refuse("Magic", "%s card has no %s", words.Possessive(cs.Card.Name), spell)
	}
	if cs.LockedTurn == b.Turn {
		if cs.LockedBy != "" {
			return engines.Refuse("PriceOfFailure", "%s failed %s last turn and its price locks it out of spells in turn %d; it may still attack with a weapon", cs.Card.Name, words.A(cs.LockedBy), b.Turn)
		}
		return engines.Refuse("Firebolt", "%s failed a Firebolt last turn and is locked out of spells in turn %d; it may still attack with a weapon", cs.Card.Name, b.Turn)
	}
	if err := s.mayAttack(b, cs, "cast", d); err != nil {
		return err
	}
	ts, err := s.targets(b, cs, c.Targets, true, d)
	if err != nil {
		return err
	}
	facing := strings.ToLower(c.Facing)
	if facing != "" && facing != "front" && facing != "rear" {
		return engines.Refuse("Facing", "facing %q: a figure faces front or rear, nothing else", c.Facing)
	}
	if ts, err = spellTargets(spell, cs, ts); err != nil {
		return err
	}
	if c.Rear && spell != "Firebolt" && spell != "Sparks" {
		return engines.Refuse(spell, "--rear is for Firebolt and Sparks")
	}
	if c.Rear {
		for _, t := range ts {
			if t.Card.NoRear {
				return engines.Refuse("NoRear", "%s is No Rear: it cannot be attacked from the rear", t.Card.Name)
			}
		}
	}
	s.beginStep(b, cs, d)
	// seed 003 line 13: roll Skill to cast; RULINGS: with the Skill the
	// caster had when its step began.
	skill := b.rollSkill(cs)
	v, err := s.roll(cs.Card.Side, fmt.Sprintf("cast roll for %s %s (needs %d or less)", words.Possessive(cs.Card.Name), spell, skill), d)
	if err != nil {
		return err
	}
	ok = v <= skill
	d.Judge(ok)
	ev := SpellCast{Caster: cs.Ref(), Spell: spell, Roll: v, Success: ok}
	for _, t := range ts {
		ev.Targets = append(ev.Targets, t.Ref())
	}
	d.Emit(TypeSpellCast, ev)
	head := fmt.Sprintf("%s casts %s, rolling %d against Skill %d", cs.Card.Name, spell, v, skill)
	if !ok {
		d.Label("%s: the spell fails%s.", head, s.payPrice(b, cs, spell, d))
		return nil
	}
	switch spell {
	case "Firebolt", "Sparks":
		might := 5
		if spell == "Sparks" {
			might = 2
		}
		var parts []string
		for _, t := range ts {
			line, err := s.resolve(cs, t, might, c.Rear, false, d)
			if err != nil {
				return err
			}
			parts = append(parts, line)
		}
		d.Label("%s: it works (M%d): %s.", head, might, strings.Join(parts, "; "))
	case "Ward":
		d.Emit(TypeWarded, Warded{Target: ts[0].Ref()})
		d.Label("%s: %s counts as Res 4 for the rest of the turn.", head, ts[0].Card.Name)
	case "Teleport":
		f := facing
		if f == "" {
			f = ts[0].Facing
		}
		d.Emit(TypeTeleported, Teleported{Target: ts[0].Ref(), Facing: f})
		d.Label("%s: %s is placed up to 8\" away, facing %s.", head, ts[0].Card.Name, f)
	case "Rally":
		t := ts[0]
		d.Emit(TypeRallied, Rallied{Target: t.Ref(), Skill: t.Skill + 1})
		d.Label("%s: %s steadies, Skill %d.", head, t.Card.Name, t.Skill)
	}
	return nil
}

// payPrice records the price of failure a failed cast owes (seed 003 line
// 13: "If the card names a price of failure, pay it") and pays it where it
// is a number the engine knows: a lockout of the next turn's spells (seed
// 003 line 41, Firebolt's own), Hits or Skill lost. Any other price is the
// table's to pay: the log keeps it as owed. It says what was paid, for the
// action's line ("" : the spell has no price).
//
// Ruling: a price's lost Skill is not Suppression, so Fearless does not
// stop it, and Rally may give it back; at 0 Hits or 0 Skill the caster is
// Down or Broken by its own spell, a removal nobody scores.
func (s *State) payPrice(b *Battle, cs *Fig, spell string, d *engines.Decision) string {
	price := cs.Card.PriceOf(spell)
	if price == "" {
		return ""
	}
	kind, n := ReadPrice(price)
	d.Emit(TypePriceOwed, PriceOwed{Caster: cs.Ref(), Spell: spell, Price: price, Paid: kind})
	name := cs.Card.Name
	switch kind {
	case PaidLockout:
		lo := LockedOut{Caster: cs.Ref(), Turn: b.Turn + 1}
		if spell != "Firebolt" {
			lo.Spell = spell
		}
		d.Emit(TypeLockedOut, lo)
		return fmt.Sprintf(", and %s is locked out of spells next turn", name)
	case PaidHit:
		var line string
		for i := 0; i < n && cs.Hits > 0; i++ {
			d.Emit(TypeHitLost, HitLost{Target: cs.Ref(), Hits: cs.Hits - 1})
			line = fmt.Sprintf("%s loses %d %s (%d left)", name, i+1, plural(i+1, "Hit", "Hits"), cs.Hits)
		}
		if cs.Hits <= 0 {
			d.Emit(TypeDown, Down{Target: cs.Ref()})
			line += "; " + name + " is Down"
		}
		return fmt.Sprintf("; its price of failure, %s: %s", price, line)
	case PaidSkill:
		var line string
		for i := 0; i < n && cs.Skill > 0; i++ {
			d.Emit(TypeSkillLost, SkillLost{Target: cs.Ref(), Skill: cs.Skill - 1})
			line = fmt.Sprintf("%s loses %d Skill (Skill %d)", name, i+1, cs.Skill)
		}
		if cs.Skill <= 0 {
			d.Emit(TypeBroken, Broken{Target: cs.Ref()})
			line += "; " + name + " is Broken"
		}
		return fmt.Sprintf("; its price of failure, %s: %s", price, line)
	}
	return "; its price of failure is owed to the table: " + price
}

// spellTargets checks the targets a spell is cast on (ts as named; none
// for Ward and Teleport is the caster) and gives them.
func spellTargets(spell string, cs *Fig, ts []*Fig) ([]*Fig, error) {
	switch spell {
	case "Firebolt":
		if len(ts) != 1 {
			return nil, engines.Refuse("Firebolt", "Firebolt strikes one target; name one")
		}
		if strings.EqualFold(ts[0].Card.Side, cs.Card.Side) {
			return nil, engines.Refuse("Firebolt", "%s is on %s own side; Firebolt strikes one enemy", ts[0].Card.Name, words.Possessive(cs.Card.Name))
		}
	case "Sparks":
		if len(ts) == 0 {
			return nil, engines.Refuse("Sparks", "Sparks sweeps every figure in its arc; name each target")
		}
		for _, t := range ts {
			if t == cs {
				return nil, engines.Refuse("Sparks", "%s cannot catch itself in its own Sparks", cs.Card.Name)
			}
		}
	case "Ward", "Teleport":
		if len(ts) == 0 {
			ts = []*Fig{cs}
		}
		if len(ts) != 1 || !strings.EqualFold(ts[0].Card.Side, cs.Card.Side) {
			return nil, engines.Refuse(spell, "%s takes one friendly figure (the caster included)", spell)
		}
	case "Rally":
		if len(ts) != 1 {
			return nil, engines.Refuse("Rally", "Rally takes one friendly figure other than the caster")
		}
		t := ts[0]
		switch {
		case t == cs:
			return nil, engines.Refuse("Rally", "%s cannot Rally itself; Rally takes a friendly figure other than the caster", cs.Card.Name)
		case !strings.EqualFold(t.Card.Side, cs.Card.Side):
			return nil, engines.Refuse("Rally", "%s is not a friendly figure", t.Card.Name)
		case t.Skill < 1:
			return nil, engines.Refuse("Rally", "%s is at Skill 0; Rally needs Skill 1 or more", t.Card.Name)
		case t.Skill >= t.StartSkill:
			return nil, engines.Refuse("Rally", "%s has lost no Skill in this fight (Skill %d); nothing to rally", t.Card.Name, t.Skill)
		}
	}
	return ts, nil
}
