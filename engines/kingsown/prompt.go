package kingsown

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"warlog/engines"
	"warlog/internal/words"
)

// Choices implements engines.Prompter: the actions play offers now.
// Every action, figure and target on offer is first put to Decide (on the
// program's dice, the result thrown away), so the menu is the rules' own
// answer, never a list kept beside them: a figure that moved its full Move
// without Frenzy is not offered an attack, and once a lower Skill step has
// begun the higher figures are not offered theirs.
func (s *State) Choices() []engines.Choice {
	b := s.Battle
	if b == nil {
		return s.campaignChoices()
	}
	var out []engines.Choice
	switch b.Phase {
	case PhaseInitiative:
		out = append(out, s.initiativeChoice(b))
	case PhaseChoosing:
		out = append(out, s.firstChoice(b))
	case PhaseMovement:
		out = append(out, s.moveChoices(b)...)
	case PhaseAttack:
		out = append(out, s.attackChoices(b)...)
	}
	return append(out, s.endChoice(b))
}

// legal asks the rules whether cmd would be accepted now.
func (s *State) legal(cmd engines.Command) bool {
	_, err := Engine.Probe(s, cmd)
	return err == nil
}

// refName is the name a command gives f: its own name, or SIDE/NAME when
// the name alone would not find it.
func (b *Battle) refName(f *Fig) string {
	if g, err := b.find(f.Card.Name); err == nil && g == f {
		return f.Card.Name
	}
	return f.Card.Side + "/" + f.Card.Name
}

// memberRef is the name a command gives a roster figure, as refName.
func (s *State) memberRef(m *Member) string {
	if g, err := s.findMember(m.Card.Name); err == nil && g == m {
		return m.Card.Name
	}
	return m.Card.Side + "/" + m.Card.Name
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// --- between fights ---

func (s *State) campaignChoices() []engines.Choice {
	var sides []string
	avail := map[string][]string{}
	for _, m := range s.Members {
		if m.Dead || m.Skill < 1 {
			continue
		}
		k := strings.ToLower(m.Card.Side)
		if _, ok := avail[k]; !ok {
			sides = append(sides, m.Card.Side)
		}
		avail[k] = append(avail[k], s.memberRef(m))
	}
	var out []engines.Choice
	for _, side := range sides {
		names := avail[strings.ToLower(side)]
		if s.legal(engines.StartScenario{Name: "The Nest", Brief: "nest", Field: names}) {
			out = append(out, s.startChoice("nest", []string{side}, names))
		}
	}
	for i, a := range sides {
		for _, b := range sides[i+1:] {
			names := append(slices.Clone(avail[strings.ToLower(a)]), avail[strings.ToLower(b)]...)
			if s.legal(engines.StartScenario{Name: "Skirmish", Field: names}) {
				out = append(out, s.startChoice("", []string{a, b}, names))
			}
		}
	}
	return append(out, s.recruitChoice())
}

// startChoice starts the Nest brief for one side, or a fight of two sides.
func (s *State) startChoice(brief string, sides, names []string) engines.Choice {
	ch := engines.Choice{NoDice: true}
	defName := "The Nest"
	if brief == "nest" {
		ch.Label = fmt.Sprintf("Start the Nest brief: the %s against the Nest", sides[0])
		n, g := s.nestCard(), s.gruntCard()
		ch.Help = fmt.Sprintf("the Nest (Res %d, Hits %d, Durable %d) spawns an %s on 1-2 at the start of each turn; the %s want it Down",
			n.Res, n.Hits, n.Durable, g.Name, sides[0])
	} else {
		defName = sides[0] + " against " + sides[1]
		ch.Label = fmt.Sprintf("Start a fight: the %s against the %s", sides[0], sides[1])
		ch.Help = "two sides of the roster; the fewer figures removed wins"
	}
	avail := map[*Member]bool{}
	for _, n := range names {
		if m, err := s.findMember(n); err == nil {
			avail[m] = true
		}
	}
	ch.Questions = []engines.Question{
		{Key: "name", Prompt: fmt.Sprintf("Name of the fight (empty: %s)?", defName), Optional: true,
			Check: func(v string) error { return ValidateName("scenario", v) }},
		{Key: "turns", Prompt: fmt.Sprintf("Turn limit (empty: %d)?", DefaultTurns), Optional: true, Check: checkTurns},
		{Key: "field", Prompt: fmt.Sprintf("Who takes the field? Names separated by commas (empty: all of %s)", strings.Join(names, ", ")),
			Optional: true, Check: func(v string) error {
				for _, n := range splitNames(v) {
					m, err := s.findMember(n)
					if err != nil {
						return err
					}
					if !avail[m] {
						return fmt.Errorf("%s cannot take this field; choose among %s", m.Card.Name, strings.Join(names, ", "))
					}
				}
				return nil
			}},
	}
	ch.Build = func(a map[string]string) (engines.Command, error) {
		c := engines.StartScenario{Name: a["name"], Brief: brief, Field: splitNames(a["field"])}
		if c.Name == "" {
			c.Name = defName
		}
		if len(c.Field) == 0 {
			c.Field = slices.Clone(names)
		}
		if a["turns"] != "" {
			c.Turns, _ = strconv.Atoi(a["turns"])
		}
		return c, nil
	}
	return ch
}

func checkTurns(v string) error {
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 {
		return fmt.Errorf("%q is not a turn limit; give a whole number of 1 or more", v)
	}
	return nil
}

// splitNames reads "Bors, Wyn" (commas between names; names may hold spaces).
func splitNames(v string) []string {
	var out []string
	for _, n := range strings.Split(v, ",") {
		if n = strings.TrimSpace(n); n != "" {
			out = append(out, n)
		}
	}
	return out
}

// splitItems reads card items separated by ";" or "·".
func splitItems(v string) []string {
	var out []string
	for _, it := range strings.FieldsFunc(v, func(r rune) bool { return r == ';' || r == '·' }) {
		if it = strings.TrimSpace(it); it != "" {
			out = append(out, it)
		}
	}
	return out
}

// recruitChoice asks for a card item by item, as `ko recruit` takes flags.
func (s *State) recruitChoice() engines.Choice {
	var sides []string
	for _, m := range s.Members {
		if !containsFold(sides, m.Card.Side) {
			sides = append(sides, m.Card.Side)
		}
	}
	sidePrompt := "Its side (e.g. hunters)?"
	if len(sides) > 0 {
		sidePrompt = fmt.Sprintf("Its side (the roster has %s)?", strings.Join(sides, ", "))
	}
	var skills []engines.Pick
	for k := 1; k <= 5; k++ {
		l := strconv.Itoa(k)
		if k == 5 {
			l += " (kept for unique characters)"
		}
		skills = append(skills, engines.Pick{Value: strconv.Itoa(k), Label: l})
	}
	var armours []engines.Pick
	for _, a := range []string{"none", "leather", "chain", "plate"} {
		armours = append(armours, engines.Pick{Value: a, Label: fmt.Sprintf("%s (Res %d, Move %d)", a, Armours[a][0], Armours[a][1])})
	}
	return engines.Choice{
		Label: "Recruit a figure", Help: "its card item by item: name, side, Skill, Hits, armour, weapons, keywords and spells",
		Game: "kingsown", NoDice: true,
		Questions: []engines.Question{
			{Key: "name", Prompt: "The figure's name?", Check: func(v string) error { return ValidateName("figure", v) }},
			{Key: "side", Prompt: sidePrompt, Check: func(v string) error {
				if strings.EqualFold(v, NestSide) {
					return fmt.Errorf("the side %q belongs to the Nest brief; choose another", NestSide)
				}
				return ValidateName("side", v)
			}},
			{Key: "skill", Prompt: "Skill?", Options: func(map[string]string) []engines.Pick { return skills }},
			{Key: "hits", Prompt: "Hits (1 or more)?", Check: func(v string) error {
				if n, err := strconv.Atoi(v); err != nil || n < 1 {
					return fmt.Errorf("%q: a figure has 1 Hit or more", v)
				}
				return nil
			}},
			{Key: "armour", Prompt: "Armour (it sets Res and Move)?", Options: func(map[string]string) []engines.Pick { return armours }},
			{Key: "weapons", Prompt: "Weapons, separated by ; (e.g. Sword M2 R1; Greatsword M3 R1 Sweep; empty for a caster without one)?",
				Optional: true, Check: func(v string) error {
					for _, w := range splitItems(v) {
						if _, err := ParseWeapon(w); err != nil {
							return err
						}
					}
					return nil
				}},
			{Key: "more", Prompt: "Keywords, Shield, spells (each spell followed by its price of failure, if the card names one) or a changed Move/Res, separated by ; (e.g. Shield; Fearless; Sparks; price of failure: lose 1 Hit; Move 5; empty for none)?",
				Optional: true, Check: func(v string) error {
					d := &CardDraft{}
					for _, it := range splitItems(v) {
						if err := readItem(d, it, false); err != nil {
							return err
						}
					}
					return nil
				}},
		},
		Build: func(a map[string]string) (engines.Command, error) {
			d := &CardDraft{}
			d.Name, d.Side = a["name"], a["side"]
			sk, _ := strconv.Atoi(a["skill"])
			h, _ := strconv.Atoi(a["hits"])
			d.SetStat("skill", sk)
			d.SetStat("hits", h)
			if err := d.AddKeyword(a["armour"]); err != nil {
				return nil, err
			}
			for _, it := range splitItems(a["weapons"]) {
				w, err := ParseWeapon(it)
				if err != nil {
					return nil, err
				}
				d.AddWeapon(w)
			}
			for _, it := range splitItems(a["more"]) {
				if err := readItem(d, it, false); err != nil {
					return nil, err
				}
			}
			c, err := d.FinishTyped()
			if err != nil {
				return nil, err
			}
			return Recruit{Cards: []Card{c}}, nil
		},
	}
}

// --- the turn ---

// initiativeChoice rolls the turn's start; the winner chooses who moves
// first once the dice are seen (firstChoice).
func (s *State) initiativeChoice(b *Battle) engines.Choice {
	help := "each side rolls a d6 (a tie rolls again); the higher chooses who moves first, after the roll"
	if n := b.nest(); b.Brief == "nest" && n != nil && n.Status != StatusDown {
		help = "the Nest rolls first: 1 or 2 spawns an Orc grunt; then " + help
	}
	return engines.Choice{
		Label: fmt.Sprintf("Roll initiative for turn %d of %d", b.Turn, b.Turns), Help: help, Game: "kingsown",
		Build: func(map[string]string) (engines.Command, error) { return Initiative{}, nil },
	}
}

// firstChoice is the roll-off winner's choice of who moves first, the
// winner offered first (seed 003 line 6: "high chooses who starts moving").
func (s *State) firstChoice(b *Battle) engines.Choice {
	picks := []engines.Pick{{Value: b.Winner, Label: fmt.Sprintf("the %s, %s, %s first", b.Winner, words.Verb(b.Winner, "the winner", "the winners"), words.Verb(b.Winner, "moves", "move"))}}
	for _, sd := range b.Sides {
		if sd != b.Winner {
			picks = append(picks, engines.Pick{Value: sd, Label: fmt.Sprintf("the %s sent first", words.Does(sd, "is", "are"))})
		}
	}
	return engines.Choice{
		Label: fmt.Sprintf("The %s won the roll-off: choose who moves first", b.Winner),
		Help:  "sides then alternate one figure (or Mob pair) at a time", Game: "kingsown", NoDice: true,
		Questions: []engines.Question{{Key: "first", Prompt: "Who moves first?", Options: func(map[string]string) []engines.Pick { return picks }}},
		Build:     func(a map[string]string) (engines.Command, error) { return ChooseFirst{Side: a["first"]}, nil },
	}
}

// moveChoices offers each figure of the side to move that may still move,
// then closing the phase.
func (s *State) moveChoices(b *Battle) []engines.Choice {
	var out []engines.Choice
	var unmoved []string
	for _, f := range b.Figures {
		if f.Out() || f.Card.Static || f.Moved != "" {
			continue
		}
		unmoved = append(unmoved, f.Card.Name)
		if !strings.EqualFold(f.Card.Side, b.ToMove) {
			continue
		}
		if ch, ok := s.moveChoice(b, f); ok {
			out = append(out, ch)
		}
	}
	help := "every figure has moved; the attacks begin, highest Skill first"
	if len(unmoved) > 0 {
		help = fmt.Sprintf("%s %s not moved and %s where %s; the attacks begin, highest Skill first",
			strings.Join(unmoved, ", "), plural(len(unmoved), "has", "have"), plural(len(unmoved), "stays", "stay"), plural(len(unmoved), "it is", "they are"))
	}
	return append(out, engines.Choice{Label: "End the movement phase", Help: help, Game: "kingsown", NoDice: true,
		Build: func(map[string]string) (engines.Command, error) { return Next{}, nil }})
}

func (s *State) moveChoice(b *Battle, f *Fig) (engines.Choice, bool) {
	name := b.refName(f)
	// A Mob figure pairs with a later one in the table's order, so each
	// pair is on the menu once.
	var partners []*Fig
	if f.Card.Mob {
		after := b.Figures[slices.Index(b.Figures, f)+1:]
		for _, g := range after {
			if g.Card.Mob && strings.EqualFold(g.Card.Side, f.Card.Side) && !g.Out() && g.Moved == "" &&
				s.legal(Move{Figure: name, Move: "stay", Pair: b.refName(g)}) {
				partners = append(partners, g)
			}
		}
	}
	pair := ""
	if len(partners) > 0 {
		pair = b.refName(partners[0])
	}
	var kinds []engines.Pick
	for _, k := range MoveKinds {
		if s.legal(Move{Figure: name, Move: k, Pair: pair}) {
			kinds = append(kinds, engines.Pick{Value: k, Label: moveOption(f, k)})
		}
	}
	if len(kinds) == 0 {
		return engines.Choice{}, false
	}
	// The farthest move that keeps the figure's attack is the likeliest
	// (seed 003 lines 7, 18, 22: half and attack, full and not; Frenzy
	// moves full and attacks; Ponderous attacks only standing still).
	likely := likelyMove(f.Card)
	kinds = engines.Likeliest(kinds, func(p engines.Pick) bool { return p.Value == likely })
	noDice := f.Card.SureFooted
	var qs []engines.Question
	label := fmt.Sprintf("Move %s (%s, Move %d\")", f.Card.Name, f.Card.Side, f.Card.Move)
	if len(partners) > 0 {
		label = fmt.Sprintf("Move %s with another Mob figure (%s, Move %d\")", f.Card.Name, f.Card.Side, f.Card.Move)
		var picks []engines.Pick
		for _, g := range partners {
			picks = append(picks, engines.Pick{Value: b.refName(g), Label: fmt.Sprintf("%s (Skill %d, Move %d\")", g.Card.Name, g.Skill, g.Card.Move)})
			noDice = noDice && g.Card.SureFooted
		}
		qs = append(qs, engines.Question{Key: "pair", Prompt: fmt.Sprintf("Mob: which figure shares %s move?", words.Possessive(f.Card.Name)),
			Options: func(map[string]string) []engines.Pick { return picks }})
	}
	qs = append(qs,
		engines.Question{Key: "move", Prompt: fmt.Sprintf("How does %s move?", f.Card.Name), Options: func(map[string]string) []engines.Pick { return kinds }},
		engines.Question{Key: "rough", Prompt: "Does the move enter or leave rough ground (rubble, water)?", Options: func(a map[string]string) []engines.Pick {
			if a["move"] == "stay" {
				return []engines.Pick{{Value: "", Label: "no: it stands still"}}
			}
			// seed 003 line 12: a Skill roll to enter and another to leave.
			yes := fmt.Sprintf("yes: a Skill roll, needs %d or less; failing stops it at the edge and it may not attack", f.Skill)
			both := fmt.Sprintf("both, enters and leaves it: two Skill rolls, to enter then to leave, each needs %d or less", f.Skill)
			switch {
			case f.Card.SureFooted && a["pair"] == "":
				yes, both = "yes (Sure-Footed: no roll)", "both, enters and leaves it (Sure-Footed: no roll)"
			case a["pair"] != "":
				yes = "yes: a Skill roll for each (unless Sure-Footed); failing stops a figure at the edge and it may not attack"
				both = "both, enters and leaves it: two Skill rolls for each (unless Sure-Footed), to enter then to leave"
			}
			return []engines.Pick{{Value: "", Label: "no"}, {Value: "yes", Label: yes}, {Value: "both", Label: both}}
		}},
		engines.Question{Key: "facing", Prompt: "Facing at the end of the move?", Options: func(map[string]string) []engines.Pick {
			other := "rear"
			if f.Facing == "rear" {
				other = "front"
			}
			return []engines.Pick{{Value: f.Facing, Label: f.Facing + " (as now)"}, {Value: other, Label: other}}
		}},
	)
	help := fmt.Sprintf("the %s side's move; Skill %d", f.Card.Side, f.Skill)
	if kw := moveKeywords(f.Card); kw != "" {
		help += "; " + kw
	}
	return engines.Choice{
		Label: label, Help: help, Game: "kingsown", NoDice: noDice, Questions: qs,
		Build: func(a map[string]string) (engines.Command, error) {
			rough, both := a["rough"] == "yes", a["rough"] == "both"
			return Move{Figure: name, Move: a["move"], Facing: a["facing"], Rough: rough || both, Leave: both, Pair: a["pair"]}, nil
		},
	}, true
}

// likelyMove is the farthest move that keeps c's attack this turn.
func likelyMove(c Card) string {
	switch {
	case c.Frenzy:
		return "full"
	case c.Ponderous:
		return "stay"
	}
	return "half"
}

// moveKeywords are the keywords that bear on moving and attacking after it.
func moveKeywords(c Card) string {
	var kw []string
	for _, k := range []struct {
		on   bool
		name string
	}{{c.Frenzy, "Frenzy"}, {c.Ponderous, "Ponderous"}, {c.SureFooted, "Sure-Footed"}, {c.Mob, "Mob"}} {
		if k.on {
			kw = append(kw, k.name)
		}
	}
	return strings.Join(kw, ", ")
}

// moveOption says what a move costs the figure's attack this turn.
func moveOption(f *Fig, kind string) string {
	c := f.Card
	attack := func(moved bool) string {
		switch {
		case moved && c.Ponderous && !c.Frenzy:
			return "no attack this turn (Ponderous)"
		case kind == "full" && !c.Frenzy:
			return "no attack this turn"
		case kind == "full":
			return "may still attack (Frenzy)"
		}
		return "may attack"
	}
	switch kind {
	case "stay":
		return "stay: no distance, may turn; " + attack(false)
	case "half":
		return fmt.Sprintf("half: up to %s; %s", halfMove(c.Move), attack(true))
	case "full":
		return fmt.Sprintf("full: up to %d\"; %s", c.Move, attack(true))
	}
	return "withdraw: it reaches a table edge and leaves the fight (Withdrawn: removed, alive)"
}

// --- attacks and spells ---

// actor is one figure's attack-phase choices.
type actor struct {
	f       *Fig
	choices []engines.Choice
}

func (s *State) attackChoices(b *Battle) []engines.Choice {
	var actors []actor
	for _, f := range b.Figures {
		if f.Card.Static || (f.Out() && !f.Pending) {
			continue
		}
		a := actor{f: f}
		for _, w := range f.Card.Weapons {
			if ch, ok := s.weaponChoice(b, f, w); ok {
				a.choices = append(a.choices, ch)
			}
		}
		for _, sp := range f.Card.Spells {
			if ch, ok := s.spellChoice(b, f, sp); ok {
				a.choices = append(a.choices, ch)
			}
		}
		if len(a.choices) > 0 {
			actors = append(actors, a)
		}
	}
	// Highest Skill first, as the attacks go; the card order within a step.
	slices.SortStableFunc(actors, func(x, y actor) int { return y.f.StepSkill - x.f.StepSkill })
	var out []engines.Choice
	var waiting []string
	for _, a := range actors {
		step := fmt.Sprintf("Skill %d step", a.f.StepSkill)
		var higher []string
		for _, o := range actors {
			if o.f.StepSkill > a.f.StepSkill {
				higher = append(higher, o.f.Card.Name)
			}
		}
		if len(higher) > 0 {
			step += fmt.Sprintf(", which ends the higher steps: %s can no longer attack", strings.Join(higher, ", "))
		}
		for _, ch := range a.choices {
			ch.Help = step + "; " + ch.Help
			if len(higher) > 0 {
				ch.Confirm = fmt.Sprintf("%s attacks in the Skill %d step: %s can no longer attack this turn. Go on?", a.f.Card.Name, a.f.StepSkill, strings.Join(higher, ", "))
			}
			out = append(out, ch)
		}
		waiting = append(waiting, a.f.Card.Name)
	}
	label := fmt.Sprintf("End turn %d", b.Turn)
	if b.Turn >= b.Turns {
		label = fmt.Sprintf("End turn %d, the last: then end the fight", b.Turn)
	}
	help := "every figure allowed to attack has done so"
	confirm := ""
	if len(waiting) > 0 {
		help = fmt.Sprintf("%s could still attack and %s the chance", strings.Join(waiting, ", "), plural(len(waiting), "loses", "lose"))
		confirm = fmt.Sprintf("End turn %d? %s could still attack and %s the chance.", b.Turn, strings.Join(waiting, ", "), plural(len(waiting), "loses", "lose"))
	}
	return append(out, engines.Choice{Label: label, Help: help, Game: "kingsown", NoDice: true, EndsTurn: true, Confirm: confirm,
		Build: func(map[string]string) (engines.Command, error) { return Next{}, nil }})
}

// left says how many attacks f has left when it has more than one, or that
// it strikes although taken out in its own step.
func left(f *Fig) string {
	var parts []string
	if n := f.Card.Attacks() - f.Attacks; f.Card.Attacks() > 1 {
		parts = append(parts, fmt.Sprintf("%d %s left", n, plural(n, "attack", "attacks")))
	}
	if f.Pending {
		parts = append(parts, fmt.Sprintf("%s, it still strikes in its own step", f.Status))
	}
	if len(parts) == 0 {
		return ""
	}
	return " [" + strings.Join(parts, "; ") + "]"
}

// targetLabel describes a figure as a target.
func targetLabel(t *Fig) string {
	if t.Card.Static {
		return fmt.Sprintf("%s (%s: hit automatically; Res %d, Hits %d", t.Card.Name, t.Card.Side, t.Res(), t.Hits) + durable(t) + ")"
	}
	s := fmt.Sprintf("%s (%s: Skill %d, Res %d, Hits %d", t.Card.Name, t.Card.Side, t.Skill, t.Res(), t.Hits)
	if t.Card.Shield && !t.ShieldUsed {
		s += ", shield"
	}
	if t.Card.NoRear {
		s += ", No Rear"
	}
	if t.Card.Fearless {
		s += ", Fearless"
	} else if n := t.Card.NoSuppressBy; n > 0 {
		s += fmt.Sprintf(", cannot be suppressed by M%d or less", n)
	}
	return s + durable(t) + ")"
}

func durable(t *Fig) string {
	if t.Card.Durable > 0 {
		return fmt.Sprintf(", Durable %d", t.Card.Durable)
	}
	return ""
}

// eligible are the figures cmd(target) would accept, in table order.
func (s *State) eligible(b *Battle, try func(target string) engines.Command) []*Fig {
	var out []*Fig
	for _, t := range b.Figures {
		if !t.Out() && s.legal(try(b.refName(t))) {
			out = append(out, t)
		}
	}
	return out
}

func picksOf(b *Battle, figs []*Fig, label func(*Fig) string) []engines.Pick {
	var out []engines.Pick
	for _, t := range figs {
		out = append(out, engines.Pick{Value: b.refName(t), Label: label(t)})
	}
	return out
}

func namesOf(figs []*Fig) string {
	var n []string
	for _, f := range figs {
		n = append(n, f.Card.Name)
	}
	return strings.Join(n, ", ")
}

// several asks for the targets of a Sweep (weapon or Sparks): free text,
// each name checked against the figures the rules accept.
func several(b *Battle, key, prompt string, ok []*Fig) engines.Question {
	return engines.Question{Key: key, Prompt: fmt.Sprintf("%s Names in order, separated by commas (any of: %s)", prompt, namesOf(ok)),
		Check: func(v string) error {
			_, err := resolveAmong(b, v, ok)
			return err
		}}
}

// resolveAmong reads names separated by commas into figures of ok.
func resolveAmong(b *Battle, v string, ok []*Fig) ([]*Fig, error) {
	var out []*Fig
	names := splitNames(v)
	if len(names) == 0 {
		return nil, fmt.Errorf("name at least one target")
	}
	for _, n := range names {
		t, err := b.find(n)
		if err != nil {
			return nil, err
		}
		if !slices.Contains(ok, t) {
			return nil, fmt.Errorf("%s cannot be struck here; choose among %s", t.Card.Name, namesOf(ok))
		}
		if slices.Contains(out, t) {
			return nil, fmt.Errorf("%s is named twice", t.Card.Name)
		}
		out = append(out, t)
	}
	return out, nil
}

// targetsOf is the targets answered: "target", one picked from a list, or
// "targets", several names typed with commas between.
func targetsOf(b *Battle, a map[string]string) []string {
	if t := a["target"]; t != "" {
		return []string{t}
	}
	var out []string
	for _, n := range splitNames(a["targets"]) {
		if t, err := b.find(n); err == nil {
			out = append(out, b.refName(t))
		} else {
			out = append(out, n)
		}
	}
	return out
}

// rearQuestion asks front or rear, offering the rear only where the rules
// accept it for every target named.
func (s *State) rearQuestion(b *Battle, front string, try func(targets []string, rear bool) engines.Command) engines.Question {
	return engines.Question{Key: "rear", Prompt: "From the front or from the rear?", Options: func(a map[string]string) []engines.Pick {
		ts := targetsOf(b, a)
		static := len(ts) > 0
		for _, n := range ts {
			if t, err := b.find(n); err != nil || !t.Card.Static {
				static = false
			}
		}
		if static {
			return []engines.Pick{{Value: "", Label: "the Nest is hit automatically, front or rear alike"}}
		}
		picks := []engines.Pick{{Value: "", Label: front}}
		if s.legal(try(ts, true)) {
			picks = append(picks, engines.Pick{Value: "rear", Label: "from the rear: no hit roll, and no shield stops it"})
		}
		return picks
	}}
}

func (s *State) weaponChoice(b *Battle, f *Fig, w Weapon) (engines.Choice, bool) {
	name := b.refName(f)
	weapon := ""
	if len(f.Card.Weapons) > 1 {
		weapon = w.Name
	}
	try := func(targets []string, rear bool) engines.Command {
		return Attack{Attacker: name, Targets: targets, Weapon: weapon, Rear: rear}
	}
	ok := s.eligible(b, func(t string) engines.Command { return try([]string{t}, false) })
	if len(ok) == 0 {
		return engines.Choice{}, false
	}
	ch := engines.Choice{Game: "kingsown",
		Help: fmt.Sprintf("hits on %d or less, then d6+%d against d6+Res", b.rollSkill(f), w.Might)}
	var target engines.Question
	if w.Sweep {
		ch.Label, ch.ID = fmt.Sprintf("%s sweeps with %s%s", f.Card.Name, w, left(f)), f.Card.Name+" sweeps with "+w.String()
		ch.Help = "one attack strikes every figure named in its front arc, friend and foe; each " + ch.Help
		target = several(b, "targets", fmt.Sprintf("Which figures does %s %s strike (within %d\", in the front arc)?", words.Possessive(f.Card.Name), w.Name, w.Reach), ok)
	} else {
		ch.Label, ch.ID = fmt.Sprintf("%s attacks with %s%s", f.Card.Name, w, left(f)), f.Card.Name+" attacks with "+w.String()
		picks := picksOf(b, ok, targetLabel)
		target = engines.Question{Key: "target", Prompt: fmt.Sprintf("Whom does %s strike (within %d\", in its arc, in sight)?", f.Card.Name, w.Reach),
			Options: func(map[string]string) []engines.Pick { return picks }}
	}
	ch.Questions = []engines.Question{target, s.rearQuestion(b, fmt.Sprintf("from the front: hit roll, needs %d or less", b.rollSkill(f)), try)}
	ch.Build = func(a map[string]string) (engines.Command, error) {
		return try(targetsOf(b, a), a["rear"] == "rear"), nil
	}
	return ch, true
}

// spellHelp is each spell in a line, in our words.
var spellHelp = map[string]string{
	"Firebolt": "M5 R8: the cast is the hit, then damage with Might 5",
	"Sparks":   "M2 R6 Sweep: one cast, each figure named takes a hit of Might 2, friend or foe",
	"Ward":     "R4: a friend (or the caster) counts as Res 4 until the turn ends",
	"Teleport": "R6: a friend (or the caster) is set down up to 8\" away and sets its facing",
	"Rally":    "R2: a friend other than the caster gets back 1 Skill lost in this fight",
}

// priceHelp says what a failed cast costs (seed 003 line 13).
func priceHelp(c Card, spell string) string {
	p := c.PriceOf(spell)
	switch kind, _ := ReadPrice(p); {
	case p == "":
		return ""
	case kind == "":
		return "; a failed cast owes its price of failure, for the table: " + p
	}
	return "; a failed cast pays its price of failure: " + p
}

func (s *State) spellChoice(b *Battle, f *Fig, spell string) (engines.Choice, bool) {
	name := b.refName(f)
	try := func(targets []string, rear bool) engines.Command {
		return Cast{Caster: name, Spell: spell, Targets: targets, Rear: rear}
	}
	ok := s.eligible(b, func(t string) engines.Command { return try([]string{t}, false) })
	if len(ok) == 0 {
		return engines.Choice{}, false
	}
	ch := engines.Choice{Game: "kingsown",
		Label: fmt.Sprintf("%s casts %s%s", f.Card.Name, spell, left(f)), ID: f.Card.Name + " casts " + spell,
		Help: fmt.Sprintf("%s; the cast roll needs %d or less and is %s attack%s", spellHelp[spell], b.rollSkill(f), words.Possessive(f.Card.Name), priceHelp(f.Card, spell))}
	one := func(prompt string, label func(*Fig) string) engines.Question {
		picks := picksOf(b, ok, label)
		return engines.Question{Key: "target", Prompt: prompt, Options: func(map[string]string) []engines.Pick { return picks }}
	}
	switch spell {
	case "Firebolt":
		ch.Questions = []engines.Question{one("Which enemy does the Firebolt strike (within 8\", in sight)?", targetLabel),
			s.rearQuestion(b, "from the front", try)}
	case "Sparks":
		ch.Questions = []engines.Question{several(b, "targets", "Which figures do the Sparks strike (within 6\", in the front arc)?", ok),
			s.rearQuestion(b, "from the front", try)}
	case "Ward":
		ch.Questions = []engines.Question{one("Whom does the Ward cover (within 4\")?", func(t *Fig) string {
			return fmt.Sprintf("%s (Res %d, counts as 4)", t.Card.Name, t.Res())
		})}
	case "Teleport":
		ch.Questions = []engines.Question{one("Whom does the Teleport move (within 6\")?", func(t *Fig) string {
			return fmt.Sprintf("%s (facing %s)", t.Card.Name, t.Facing)
		}), {Key: "facing", Prompt: "Facing where it is set down?", Options: func(a map[string]string) []engines.Pick {
			return []engines.Pick{{Value: "front", Label: "front"}, {Value: "rear", Label: "rear"}}
		}}}
	case "Rally":
		ch.Questions = []engines.Question{one("Whom does the Rally steady (within 2\")?", func(t *Fig) string {
			return fmt.Sprintf("%s (Skill %d of %d)", t.Card.Name, t.Skill, t.StartSkill)
		})}
	}
	ch.Build = func(a map[string]string) (engines.Command, error) {
		c := try(targetsOf(b, a), a["rear"] == "rear").(Cast)
		c.Facing = a["facing"]
		return c, nil
	}
	return ch, true
}

// --- the end ---

// endChoice ends the fight, the result as the rules count it or a winner
// the table declares.
func (s *State) endChoice(b *Battle) engines.Choice {
	result := ""
	if d, err := Engine.Probe(s, engines.EndScenario{}); err == nil {
		for _, f := range d.Facts() {
			if e, ok := f.Data.(ScenarioEnded); ok {
				result = e.Result
			}
		}
	}
	picks := []engines.Pick{{Value: "", Label: "as the rules count it: " + result}}
	for _, sd := range b.Sides {
		picks = append(picks, engines.Pick{Value: sd, Label: fmt.Sprintf("the table declares the %s the winner", sd)})
	}
	help := "counts Down, Broken and Withdrawn per side; then Down is dead, Broken loses 1 campaign Skill, those who sat out recover 1"
	if b.Phase == PhaseOver {
		help = "the turn limit is reached; " + help
	}
	return engines.Choice{
		Label: "End the fight", Help: help, NoDice: true,
		Confirm:   "End the fight now? No figure attacks or moves again in it.",
		Questions: []engines.Question{{Key: "winner", Prompt: "Who won?", Options: func(map[string]string) []engines.Pick { return picks }}},
		Build: func(a map[string]string) (engines.Command, error) {
			return engines.EndScenario{Winner: a["winner"]}, nil
		},
	}
}
