package deadwars

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"warlog/engines"
	"warlog/internal/words"
)

// Choices implements engines.Prompter: the actions play offers now.
// Every option is asked of the rules themselves: a candidate command is
// decided on a throwaway decision and offered only when Decide accepts it,
// so the menu never offers what the CLI would refuse.
func (s *State) Choices() []engines.Choice {
	return (&prober{State: s, memo: map[string]bool{}}).choices()
}

func (s *prober) choices() []engines.Choice {
	b := s.Current()
	if b == nil {
		return s.setupChoices()
	}
	var out []engines.Choice
	switch b.Phase {
	case PhaseHumans:
		out = append(out, s.humansChoice(b)...)
	case PhaseShrine:
		out = append(out, s.shrineChoice(b)...)
	default:
		out = append(out, s.turnChoices(b)...)
	}
	return append(out, s.endChoice(b)...)
}

// refusal decides cmd without keeping anything: nil when the rules accept
// it now.
func (s *State) refusal(cmd engines.Command) error {
	_, err := Engine.Probe(s, cmd)
	return err
}

// prober asks the rules about candidate commands for one menu,
// remembering the answers: the questions' options are asked again as the
// player answers, and each probe decides on a copy of the whole state.
type prober struct {
	*State
	memo map[string]bool
}

func (s *prober) ok(cmd engines.Command) bool {
	key := fmt.Sprintf("%T %+v", cmd, cmd)
	v, seen := s.memo[key]
	if !seen {
		v = s.refusal(cmd) == nil
		s.memo[key] = v
	}
	return v
}

var gameKey = Engine.Name

// --- between battles ---

func (s *prober) setupChoices() []engines.Choice {
	out := []engines.Choice{{
		Label: "Found a force", Help: "a new player's force of one clan; recruit its figures next",
		Game: gameKey, NoDice: true,
		Questions: []engines.Question{
			{Key: "player", Prompt: "The player's name?", Check: func(v string) error {
				return s.refusal(CreateForce{Player: v, Clan: Dracula})
			}},
			{Key: "clan", Prompt: "Which clan?", Options: func(map[string]string) []engines.Pick {
				var picks []engines.Pick
				for _, c := range Clans {
					picks = append(picks, engines.Pick{Value: c, Label: fmt.Sprintf("%s (%s)", ClanTitle(c), faceSummary(c))})
				}
				return picks
			}},
		},
		Build: func(a map[string]string) (engines.Command, error) {
			return CreateForce{Player: a["player"], Clan: a["clan"]}, nil
		},
	}}
	var recruiting []engines.Pick
	for _, f := range s.Forces {
		if len(s.rankPicks(f)) > 0 {
			l := fmt.Sprintf("%s (%s): %s, %d of %s used besides the Champion", f.Player, ClanTitle(f.Clan), plural(len(f.Figures), "figure", "figures"), f.Points(), words.Count(PointsLimit, "point", "points"))
			if f.Champion() == nil {
				l += ", no Champion yet"
			}
			recruiting = append(recruiting, engines.Pick{Value: f.Player, Label: l})
		}
	}
	if len(recruiting) > 0 {
		out = append(out, engines.Choice{
			Label: "Recruit a figure", Help: "a free Champion (a Hero) and up to 7 points more: Soldier 1, Guard 2, Hero 3",
			Game: gameKey, NoDice: true,
			Questions: []engines.Question{
				{Key: "player", Prompt: "Into whose force?", Options: func(map[string]string) []engines.Pick { return recruiting }},
				// Names are unique within a force: a name the chosen force
				// has already is refused there and asked again.
				{Key: "name", Prompt: "The figure's name?", Check: checkFigureName, CheckWith: func(a map[string]string, v string) error {
					return s.checkNewName(a["player"], v)
				}},
				{Key: "rank", Prompt: "Its rank?", Options: func(a map[string]string) []engines.Pick {
					if f := s.Force(a["player"]); f != nil {
						return s.rankPicks(f)
					}
					return nil
				}},
				{Key: "class", Prompt: "Its class?", Options: func(map[string]string) []engines.Pick { return classPicks() }},
			},
			Build: func(a map[string]string) (engines.Command, error) {
				r := Recruit{Player: a["player"], Name: a["name"], Rank: a["rank"], Class: a["class"]}
				if r.Rank == "champion" {
					r.Rank, r.Champion = "", true
				}
				return r, nil
			},
		})
	}
	fields := s.fieldPicks()
	if len(fields) > 0 {
		qs := []engines.Question{
			{Key: "name", Prompt: "Name of the battle?", Check: func(v string) error { return checkName("scenario", v) }},
			{Key: "brief", Prompt: "Which scenario?", Options: func(map[string]string) []engines.Pick { return briefPicks() }},
		}
		if len(s.Forces) > 2 {
			qs = append(qs, engines.Question{Key: "field", Prompt: "Which two forces fight?", Options: func(map[string]string) []engines.Pick { return fields }})
		}
		out = append(out, engines.Choice{
			Label: "Start a battle", Help: "a roll-off decides who places first; the side that finishes deploying first takes the first turn",
			Questions: qs,
			Build: func(a map[string]string) (engines.Command, error) {
				c := engines.StartScenario{Name: a["name"], Brief: a["brief"]}
				if a["field"] != "" {
					c.Field = strings.Split(a["field"], ",")
				}
				return c, nil
			},
		})
	}
	return out
}

// checkFigureName is what a recruit's name must be, whatever the force.
func checkFigureName(v string) error {
	if err := checkName("figure", v); err != nil {
		return err
	}
	if rest, ok := strings.CutPrefix(strings.ToLower(v), "human "); ok && strings.Trim(rest, "0123456789") == "" {
		return engines.Refuse("Name", "%q is how the Humans of Hunt the Hunters are named; choose another name", v)
	}
	return nil
}

// checkNewName asks the recruit rule about name in player's force (with a
// rank the force may still take), so a name the force has already is
// refused in the rule's words: names are unique within a force.
func (s *prober) checkNewName(player, name string) error {
	f := s.Force(player)
	if f == nil {
		return nil
	}
	picks := s.rankPicks(f)
	if len(picks) == 0 {
		return nil
	}
	r := Recruit{Player: f.Player, Name: name, Rank: picks[0].Value, Class: Fighter}
	if r.Rank == "champion" {
		r.Rank, r.Champion = "", true
	}
	return s.refusal(r)
}

// rankPicks are the ranks the force may still recruit ("champion" for its
// free Champion), each asked of the recruit rule with a name it lacks.
func (s *prober) rankPicks(f *Force) []engines.Pick {
	name := "Recruit"
	for i := 2; slices.ContainsFunc(f.Figures, func(m *Member) bool { return strings.EqualFold(m.Name, name) }); i++ {
		name = fmt.Sprintf("Recruit %d", i)
	}
	var picks []engines.Pick
	if s.ok(Recruit{Player: f.Player, Name: name, Class: Fighter, Champion: true}) {
		picks = append(picks, engines.Pick{Value: "champion", Label: "the Champion: a Hero who costs nothing and casts spells (a force has exactly one)"})
	}
	for _, r := range Ranks {
		if s.ok(Recruit{Player: f.Player, Name: name, Rank: r, Class: Fighter}) {
			v := RankValue(r)
			picks = append(picks, engines.Pick{Value: r, Label: fmt.Sprintf("%s: %s (%d of %d used so far); %s; %s and %s a turn", title(r),
				plural(v, "point", "points"), f.Points(), PointsLimit, plural(v, "wound", "wounds"), plural(v, "attack", "attacks"), plural(v, "action die", "action dice"))})
		}
	}
	return picks
}

func classPicks() []engines.Pick {
	var picks []engines.Pick
	for _, c := range Classes {
		st := Class(c)
		l := fmt.Sprintf("%s: range %d\", hits on %d+, saves on %d+", title(c), st.Range, st.Hit, st.Save)
		if c == Wizard {
			l += ", casts spells"
		}
		picks = append(picks, engines.Pick{Value: c, Label: l})
	}
	return picks
}

func briefPicks() []engines.Pick {
	help := map[string]string{
		SoulCollectors: "7 Souls drift about the centre; the most collected wins",
		HuntTheHunters: "7 Human Guards attack after each turn; the most killed wins",
		DeathShrine:    "after 6 turns each, the most figures within 3\" of the shrine wins",
		HeadCount:      "after 6 turns each, the most kill points wins",
	}
	var picks []engines.Pick
	for _, b := range Briefs {
		picks = append(picks, engines.Pick{Value: b, Label: BriefTitle(b) + ": " + help[b]})
	}
	return picks
}

// fieldPicks are the pairs of forces that may fight now; with two forces
// in the campaign the one pair is named by no field (Value "").
func (s *prober) fieldPicks() []engines.Pick {
	if len(s.Forces) == 2 {
		if s.ok(engines.StartScenario{Name: "Battle", Brief: HeadCount}) {
			return []engines.Pick{{Value: "", Label: s.Forces[0].Player + " against " + s.Forces[1].Player}}
		}
		return nil
	}
	var picks []engines.Pick
	for i, f := range s.Forces {
		for _, g := range s.Forces[i+1:] {
			if s.ok(engines.StartScenario{Name: "Battle", Brief: HeadCount, Field: []string{f.Player, g.Player}}) {
				picks = append(picks, engines.Pick{Value: f.Player + "," + g.Player, Label: f.Player + " against " + g.Player})
			}
		}
	}
	return picks
}

// --- the turn ---

func (s *prober) turnChoices(b *Battle) []engines.Choice {
	p := b.ActivePlayer()
	clan := s.clanOf(p)
	var out []engines.Choice
	roll := s.ok(RollDice{Player: p})
	if roll {
		n := 0
		for _, f := range b.Living(p) {
			n += RankValue(f.Rank)
		}
		out = append(out, engines.Choice{
			Label: fmt.Sprintf("%s rolls the action dice (%s)", p, plural(n, "die", "dice")),
			ID:    p + " rolls the action dice",
			Help:  fmt.Sprintf("1 per Soldier, 2 per Guard, 3 per Hero in play; %s: %s; 6s go to the magic pool", ClanTitle(clan), faceSummary(clan)),
			Game:  gameKey,
			Build: func(map[string]string) (engines.Command, error) { return RollDice{Player: p}, nil },
		})
	}
	// The likeliest first: the roll, a free attack owed, a Soul to collect
	// (Soul Collectors' aim), an attack, a move; the rest of the dice's
	// uses after; the end of the turn first of all once no die is left to
	// spend and no free attack is owed.
	out = append(out, s.freeChoice(b)...)
	out = append(out, s.collectChoice(b)...)
	out = append(out, s.attackChoice(b)...)
	out = append(out, s.moveChoice(b, false)...)
	out = append(out, s.moveChoice(b, true)...)
	out = append(out, s.defendChoice(b)...)
	for _, sp := range []string{Bolt, Curse, Heal, Boost} {
		out = append(out, s.castChoice(b, sp)...)
	}
	out = append(out, s.doubleChoice(b)...)
	out = append(out, s.contactChoice(b)...)
	if s.ok(EndTurn{Player: p}) {
		help := "unspent dice are lost, the magic pool stays"
		if len(b.Pool) > 0 {
			help = fmt.Sprintf("the unspent %s lost, the magic pool stays", plural(len(b.Pool), "die ("+facesText(b.Pool)+") is", "dice ("+facesText(b.Pool)+") are"))
		}
		switch {
		case b.Active == 0:
			help += "; " + b.Sides[1] + " rolls next"
		case b.Brief == HuntTheHunters && b.humansAlive() > 0:
			help += "; the Humans attack next"
		case b.Round >= Turns:
			help += "; the last turn: the battle is decided"
		default:
			help += fmt.Sprintf("; turn %d begins with %s to roll", b.Round+1, b.Sides[0])
		}
		drift := b.Brief == SoulCollectors && b.soulsLeft() > 0
		if drift {
			help += "; the Souls drift"
		}
		end := engines.Choice{
			Label: fmt.Sprintf("End %s turn %d", words.Possessive(p), b.Round), Help: help, Game: gameKey, NoDice: !drift, EndsTurn: true,
			Build: func(map[string]string) (engines.Command, error) { return EndTurn{Player: p}, nil },
		}
		if len(b.Pool) > 0 {
			end.Confirm = fmt.Sprintf("End %s turn %d? The unspent %s lost.", words.Possessive(p), b.Round, plural(len(b.Pool), "die ("+facesText(b.Pool)+") is", "dice ("+facesText(b.Pool)+") are"))
		}
		if !roll && len(b.Pool) == 0 && len(b.Free) == 0 {
			return append([]engines.Choice{end}, out...)
		}
		out = append(out, end)
	}
	return out
}

// arg is how a command names the figure: its name, or SIDE:NAME when
// another figure of the battle has the same name.
func (b *Battle) arg(f *Fig) string {
	for _, o := range b.Figures {
		if o != f && strings.EqualFold(o.Name, f.Name) {
			return f.Side + ":" + f.Name
		}
	}
	return f.Name
}

// byArg finds the figure an answer names.
func (b *Battle) byArg(v string) *Fig {
	f, err := b.resolve(v, append(slices.Clone(b.Sides), HumansSide)...)
	if err != nil {
		return nil
	}
	return f
}

// ownLabel describes a figure of the active side.
func ownLabel(f *Fig) string {
	return fmt.Sprintf("%s (%s %s; wounds %d of %d; attacks %d of %d)", f.Name, title(f.Rank), title(f.Class), f.Wounds, f.MaxWounds(), f.Attacks, RankValue(f.Rank))
}

// foeLabel describes a figure as a target.
func foeLabel(f *Fig) string {
	side := possessive(f.Side)
	if f.Human() {
		side = "a Human"
	}
	l := fmt.Sprintf("%s (%s %s %s, saves on %d+; wounds %d of %d", f.Name, side, title(f.Rank), title(f.Class), Class(f.Class).Save, f.Wounds, f.MaxWounds())
	if f.Human() {
		l = fmt.Sprintf("%s (%s, saves on %d+; wounds %d of %d", f.Name, title(f.Class), Class(f.Class).Save, f.Wounds, f.MaxWounds())
	}
	if f.Defend > 0 {
		l += "; " + plural(f.Defend, "defend counter", "defend counters")
	}
	return l + ")"
}

func dieLabel(clan string, v int) string {
	if v == 6 {
		return "6 (Magic)"
	}
	return fmt.Sprintf("%d (%s)", v, FaceAction(clan, v))
}

// faces are the distinct faces of the unspent dice that give action
// (any action for "").
func (s *prober) faces(b *Battle, action string) []int {
	clan := s.clanOf(b.ActivePlayer())
	var out []int
	for _, v := range b.Pool {
		if (action == "" || FaceAction(clan, v) == action) && !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	return out
}

// dieQuestion asks for one die among faces, or nothing when there is one.
func dieQuestion(prompt string, picks []engines.Pick) []engines.Question {
	if len(picks) < 2 {
		return nil
	}
	return []engines.Question{{Key: "die", Prompt: prompt, Options: func(map[string]string) []engines.Pick { return picks }}}
}

// answer is the answer to key, or the only value there was to give.
func answer(a map[string]string, key string, only []engines.Pick) string {
	if v, ok := a[key]; ok {
		return v
	}
	if len(only) > 0 {
		return only[0].Value
	}
	return ""
}

// doubleChoice exchanges a pair of unspent dice, or a pair of this turn's
// 6s still in the magic pool (RULINGS, Deadwars, Turn), for one die.
func (s *prober) doubleChoice(b *Battle) []engines.Choice {
	clan := s.clanOf(b.ActivePlayer())
	var pairs []engines.Pick
	for _, v := range append(s.faces(b, ""), 6) {
		if s.ok(Double{Face: v, To: v%6 + 1}) {
			l := fmt.Sprintf("the two %ss (%s)", strconv.Itoa(v), FaceAction(clan, v))
			if v == 6 {
				l = "the two 6s rolled this turn, out of the magic pool"
			}
			pairs = append(pairs, engines.Pick{Value: strconv.Itoa(v), Label: l})
		}
	}
	if len(pairs) == 0 {
		return nil
	}
	var qs []engines.Question
	if len(pairs) > 1 {
		qs = append(qs, engines.Question{Key: "face", Prompt: "Which pair?", Options: func(map[string]string) []engines.Pick { return pairs }})
	}
	qs = append(qs, engines.Question{Key: "to", Prompt: "Into one die showing?", Options: func(a map[string]string) []engines.Pick {
		face, _ := strconv.Atoi(answer(a, "face", pairs))
		var picks []engines.Pick
		for to := 1; to <= 6; to++ {
			if to != face && s.ok(Double{Face: face, To: to}) {
				l := dieLabel(clan, to)
				if to == 6 {
					l += ", to the magic pool"
				}
				picks = append(picks, engines.Pick{Value: strconv.Itoa(to), Label: l})
			}
		}
		return picks
	}})
	return []engines.Choice{{
		Label: "Change a double into one die", Help: doubleHelp(b),
		Game: gameKey, NoDice: true, Questions: qs,
		Build: func(a map[string]string) (engines.Command, error) {
			face, _ := strconv.Atoi(answer(a, "face", pairs))
			to, _ := strconv.Atoi(a["to"])
			return Double{Face: face, To: to}, nil
		},
	}}
}

func doubleHelp(b *Battle) string {
	help := "two unspent dice of one face become a single die of any face"
	if b.Sixes >= 2 {
		help += "; a pair of this turn's 6s may be taken out of the magic pool"
	}
	return help
}

// moveChoice is a 2" move on any die (a 6 from the magic pool) or a 4"
// Dash, with the base contact it makes or leaves.
func (s *prober) moveChoice(b *Battle, dash bool) []engines.Choice {
	p := b.ActivePlayer()
	clan := s.clanOf(p)
	var dieFaces []int
	if dash {
		dieFaces = s.faces(b, ActDash)
	} else {
		dieFaces = append(s.faces(b, ""), 6)
	}
	var figs []*Fig
	var dies []engines.Pick
	for _, v := range dieFaces {
		for _, f := range b.Living(p) {
			if s.ok(moveCmd(Move{Figure: b.arg(f), Die: v}, dash)) {
				l := dieLabel(clan, v)
				if v == 6 {
					l = fmt.Sprintf("6 from the magic pool (%d there)", b.Magic[p])
				}
				dies = append(dies, engines.Pick{Value: strconv.Itoa(v), Label: l})
				break
			}
		}
	}
	if len(dies) == 0 {
		return nil
	}
	first, _ := strconv.Atoi(dies[0].Value)
	var figPicks []engines.Pick
	for _, f := range b.Living(p) {
		if s.ok(moveCmd(Move{Figure: b.arg(f), Die: first}, dash)) {
			figs = append(figs, f)
			figPicks = append(figPicks, engines.Pick{Value: b.arg(f), Label: ownLabel(f)})
		}
	}
	if len(figs) == 0 {
		return nil
	}
	label, help, inches := "Move a figure 2\"", "any unspent die", 2
	if b.Magic[p] > 0 {
		help += ", or a 6 from the magic pool"
	}
	if dash {
		label, help, inches = "Dash a figure 4\"", "a Dash die; dashing out of base contact gives no free attacks", 4
	}
	qs := []engines.Question{{Key: "fig", Prompt: fmt.Sprintf("Which figure moves %d\"?", inches), Options: func(map[string]string) []engines.Pick { return figPicks }}}
	qs = append(qs, dieQuestion("Which die?", dies)...)
	qs = append(qs, engines.Question{Key: "contact", Prompt: "Base contact, as the table shows it?", Options: func(a map[string]string) []engines.Pick {
		f := b.byArg(a["fig"])
		if f == nil {
			return nil
		}
		die, _ := strconv.Atoi(answer(a, "die", dies))
		return s.contactPicks(b, f, func(into string, leave bool) engines.Command {
			return moveCmd(Move{Figure: a["fig"], Die: die, Into: into, Leave: leave}, dash)
		}, !dash)
	}})
	return []engines.Choice{{
		Label: label, Help: help, Game: gameKey, NoDice: true, Questions: qs,
		Build: func(a map[string]string) (engines.Command, error) {
			die, _ := strconv.Atoi(answer(a, "die", dies))
			m := Move{Figure: a["fig"], Die: die}
			m.Into, m.Leave = contactAnswer(a["contact"])
			return moveCmd(m, dash), nil
		},
	}}
}

// moveCmd is m as a move, or as a dash.
func moveCmd(m Move, dash bool) engines.Command {
	if dash {
		return Dash(m)
	}
	return m
}

// contactPicks are the base contact changes a move (or Boost) of f may
// make: none, into contact with an enemy (f gets a free attack), or out of
// contact; leaveFree says whether leaving gives free attacks (not a Dash).
func (s *prober) contactPicks(b *Battle, f *Fig, cmd func(into string, leave bool) engines.Command, leaveFree bool) []engines.Pick {
	var picks []engines.Pick
	if s.ok(cmd("", false)) {
		picks = append(picks, engines.Pick{Value: "", Label: "it neither enters nor leaves base contact"})
	}
	for _, side := range b.enemiesOf(f.Side) {
		for _, e := range b.Living(side) {
			if s.ok(cmd(b.arg(e), false)) {
				l := fmt.Sprintf("it ends in base contact with %s (%s gets a free attack on %s)", e.Name, f.Name, e.Name)
				picks = append(picks, engines.Pick{Value: "into:" + b.arg(e), Label: l})
			}
		}
	}
	if s.ok(cmd("", true)) {
		var names []string
		for _, r := range b.ContactsOf(f.Ref()) {
			if r.Side != f.Side {
				names = append(names, r.Name)
			}
		}
		l := "it moves out of base contact with " + strings.Join(names, " and ")
		if leaveFree {
			l += fmt.Sprintf(" (each gets a free attack on %s)", f.Name)
		}
		picks = append(picks, engines.Pick{Value: "leave", Label: l})
	}
	return picks
}

func contactAnswer(v string) (into string, leave bool) {
	if v == "leave" {
		return "", true
	}
	into, _ = strings.CutPrefix(v, "into:")
	return into, false
}

// combos are the sets of Attack dice the pool can spend on one attack:
// every sub-multiset, fewest dice first.
func combos(faces []int) [][]int {
	out := [][]int{{}}
	for _, v := range faces {
		n := len(out)
		for i := 0; i < n; i++ {
			c := append(slices.Clone(out[i]), v)
			if !slices.ContainsFunc(out, func(o []int) bool { return slices.Equal(o, c) }) {
				out = append(out, c)
			}
		}
	}
	out = out[1:]
	slices.SortStableFunc(out, func(x, y []int) int {
		if len(x) != len(y) {
			return len(x) - len(y)
		}
		return slices.Compare(x, y)
	})
	return out
}

// attackDice are the unspent Attack dice, with repeats, sorted.
func (s *prober) attackDice(b *Battle) []int {
	clan := s.clanOf(b.ActivePlayer())
	var out []int
	for _, v := range b.Pool {
		if FaceAction(clan, v) == ActAttack {
			out = append(out, v)
		}
	}
	return out
}

// comboPicks are the Attack dice f may spend, each with the roll it needs.
func comboPicks(f *Fig, all [][]int, ok func([]int) bool, soul bool) []engines.Pick {
	var picks []engines.Pick
	for _, c := range all {
		if !ok(c) {
			continue
		}
		mod := len(c) - 1
		l := fmt.Sprintf("die %d: %s %s", c[0], verbOf(soul), effectiveNeed(Class(f.Class).Hit, 0, "misses", "hits"))
		if mod > 0 {
			l = fmt.Sprintf("dice %s combined, %s to hit: %s %s", facesText(c), signed(mod), verbOf(soul), effectiveNeed(Class(f.Class).Hit, mod, "misses", "hits"))
		}
		picks = append(picks, engines.Pick{Value: joinFaces(c), Label: l})
	}
	return picks
}

func verbOf(soul bool) string {
	if soul {
		return "collects on"
	}
	return "hits on"
}

func joinFaces(c []int) string {
	parts := make([]string, len(c))
	for i, v := range c {
		parts[i] = strconv.Itoa(v)
	}
	return strings.Join(parts, ",")
}

func parseFaces(v string) []int {
	var out []int
	for _, p := range strings.Split(v, ",") {
		if n, err := strconv.Atoi(strings.TrimSpace(p)); err == nil {
			out = append(out, n)
		}
	}
	return out
}

func (s *prober) attackChoice(b *Battle) []engines.Choice {
	p := b.ActivePlayer()
	pool := s.attackDice(b)
	if len(pool) == 0 {
		return nil
	}
	one := []int{pool[0]}
	// targets lists f's targets, at most max of them (0: all).
	targets := func(f *Fig, max int) []engines.Pick {
		var picks []engines.Pick
		for _, side := range b.enemiesOf(p) {
			for _, t := range b.Living(side) {
				if s.ok(Attack{Figure: b.arg(f), Target: b.arg(t), Dice: one}) {
					picks = append(picks, engines.Pick{Value: b.arg(t), Label: foeLabel(t)})
					if len(picks) == max {
						return picks
					}
				}
			}
		}
		return picks
	}
	var figPicks []engines.Pick
	for _, f := range b.Living(p) {
		if len(targets(f, 1)) > 0 {
			figPicks = append(figPicks, engines.Pick{Value: b.arg(f), Label: fmt.Sprintf("%s, hits on %d+", ownLabel(f), Class(f.Class).Hit)})
		}
	}
	if len(figPicks) == 0 {
		return nil
	}
	all := combos(pool)
	qs := []engines.Question{
		{Key: "fig", Prompt: "Which figure attacks?", Options: func(map[string]string) []engines.Pick { return figPicks }},
		{Key: "target", Prompt: "Which enemy?", Options: func(a map[string]string) []engines.Pick {
			if f := b.byArg(a["fig"]); f != nil {
				return targets(f, 0)
			}
			return nil
		}},
	}
	if len(all) > 1 {
		qs = append(qs, engines.Question{Key: "dice", Prompt: "Which Attack dice (several make one attack, +1 to hit for each after the first)?", Options: func(a map[string]string) []engines.Pick {
			f := b.byArg(a["fig"])
			if f == nil {
				return nil
			}
			return comboPicks(f, all, func(c []int) bool { return s.ok(Attack{Figure: a["fig"], Target: a["target"], Dice: c}) }, false)
		}})
	}
	return []engines.Choice{{
		Label: "Attack", Help: fmt.Sprintf("spend Attack dice (%s); Soldiers attack once a turn, Guards twice, Heroes three times", facesText(pool)),
		Game: gameKey, Questions: qs,
		Build: func(a map[string]string) (engines.Command, error) {
			c := one
			if v, ok := a["dice"]; ok {
				c = parseFaces(v)
			}
			return Attack{Figure: a["fig"], Target: a["target"], Dice: c}, nil
		},
	}}
}

func (s *prober) freeChoice(b *Battle) []engines.Choice {
	var picks []engines.Pick
	var cmds []Attack
	for _, fa := range b.Free {
		by, t := b.Fig(fa.By), b.Fig(fa.Target)
		if by == nil || t == nil {
			continue
		}
		c := Attack{Figure: b.arg(by), Target: b.arg(t), Free: true}
		if s.ok(c) {
			picks = append(picks, engines.Pick{Value: strconv.Itoa(len(cmds)), Label: fmt.Sprintf("%s (%s) on %s, hits on %d+", by.Name, by.Side, foeLabel(t), Class(by.Class).Hit)})
			cmds = append(cmds, c)
		}
	}
	if len(cmds) == 0 {
		return nil
	}
	var qs []engines.Question
	if len(cmds) > 1 {
		qs = append(qs, engines.Question{Key: "free", Prompt: "Which free attack?", Options: func(map[string]string) []engines.Pick { return picks }})
	}
	label := "Free attack: " + picks[0].Label
	if len(cmds) > 1 {
		label = fmt.Sprintf("Free attack (%d due)", len(cmds))
	}
	return []engines.Choice{{
		Label: label, Help: "no die spent and not counted; it lapses at the end of the turn",
		Game: gameKey, Questions: qs,
		Build: func(a map[string]string) (engines.Command, error) {
			i, _ := strconv.Atoi(answer(a, "free", picks))
			return cmds[i], nil
		},
	}}
}

func (s *prober) collectChoice(b *Battle) []engines.Choice {
	if b.Brief != SoulCollectors {
		return nil
	}
	pool := s.attackDice(b)
	if len(pool) == 0 {
		return nil
	}
	one := []int{pool[0]}
	var figPicks []engines.Pick
	for _, f := range b.Living(b.ActivePlayer()) {
		if s.ok(Collect{Figure: b.arg(f), Dice: one}) {
			figPicks = append(figPicks, engines.Pick{Value: b.arg(f), Label: fmt.Sprintf("%s, collects on %d+", ownLabel(f), Class(f.Class).Hit)})
		}
	}
	if len(figPicks) == 0 {
		return nil
	}
	all := combos(pool)
	qs := []engines.Question{{Key: "fig", Prompt: "Which figure, in base contact with a Soul, strikes at it?", Options: func(map[string]string) []engines.Pick { return figPicks }}}
	if len(all) > 1 {
		qs = append(qs, engines.Question{Key: "dice", Prompt: "Which Attack dice (+1 to hit for each after the first)?", Options: func(a map[string]string) []engines.Pick {
			f := b.byArg(a["fig"])
			if f == nil {
				return nil
			}
			return comboPicks(f, all, func(c []int) bool { return s.ok(Collect{Figure: a["fig"], Dice: c}) }, true)
		}})
	}
	return []engines.Choice{{
		Label: "Collect a Soul", Help: fmt.Sprintf("an attack on a Soul in base contact: a hit collects it, no save (%d left)", b.soulsLeft()),
		Game: gameKey, Questions: qs,
		Build: func(a map[string]string) (engines.Command, error) {
			c := one
			if v, ok := a["dice"]; ok {
				c = parseFaces(v)
			}
			return Collect{Figure: a["fig"], Dice: c}, nil
		},
	}}
}

func (s *prober) defendChoice(b *Battle) []engines.Choice {
	p := b.ActivePlayer()
	clan := s.clanOf(p)
	var dies []engines.Pick
	var figPicks []engines.Pick
	for _, v := range s.faces(b, ActDefend) {
		dies = append(dies, engines.Pick{Value: strconv.Itoa(v), Label: dieLabel(clan, v)})
	}
	if len(dies) == 0 {
		return nil
	}
	first, _ := strconv.Atoi(dies[0].Value)
	for _, f := range b.Living(p) {
		if s.ok(Defend{Figure: b.arg(f), Die: first}) {
			figPicks = append(figPicks, engines.Pick{Value: b.arg(f), Label: fmt.Sprintf("%s, saves on %d+ with %s", ownLabel(f), Class(f.Class).Save, plural(f.Defend, "defend counter", "defend counters"))})
		}
	}
	if len(figPicks) == 0 {
		return nil
	}
	qs := []engines.Question{{Key: "fig", Prompt: "Which figure defends?", Options: func(map[string]string) []engines.Pick { return figPicks }}}
	qs = append(qs, dieQuestion("Which Defend die?", dies)...)
	return []engines.Choice{{
		Label: "Defend", Help: "a Defend die puts a counter on a figure: +1 to its saves until it saves",
		Game: gameKey, NoDice: true, Questions: qs,
		Build: func(a map[string]string) (engines.Command, error) {
			die, _ := strconv.Atoi(answer(a, "die", dies))
			return Defend{Figure: a["fig"], Die: die}, nil
		},
	}}
}

// castChoice offers one spell when the magic pool pays for it and a caster
// has a target for it.
func (s *prober) castChoice(b *Battle, spell string) []engines.Choice {
	p := b.ActivePlayer()
	cost := SpellCost(spell)
	if b.Magic[p] < cost {
		return nil
	}
	var sides []string
	switch spell {
	case Bolt, Curse:
		sides = b.enemiesOf(p)
	case Heal:
		sides = []string{p}
	case Boost:
		sides = append([]string{p}, b.enemiesOf(p)...)
	}
	targets := func(caster string, max int) []engines.Pick {
		var picks []engines.Pick
		for _, side := range sides {
			for _, t := range b.Living(side) {
				if s.ok(Cast{Caster: caster, Spell: spell, Target: b.arg(t)}) {
					l := foeLabel(t)
					if t.Side == p {
						l = ownLabel(t)
					}
					picks = append(picks, engines.Pick{Value: b.arg(t), Label: l})
					if len(picks) == max {
						return picks
					}
				}
			}
		}
		return picks
	}
	var casters []engines.Pick
	for _, f := range b.Living(p) {
		// Only the Champion and Wizards cast (seed 001 line 52): the others
		// are not asked about, which saves a probe per target.
		if !f.Champion && f.Class != Wizard {
			continue
		}
		if len(targets(b.arg(f), 1)) > 0 {
			what := "the Champion"
			if !f.Champion {
				what = "a Wizard"
			}
			casters = append(casters, engines.Pick{Value: b.arg(f), Label: fmt.Sprintf("%s, %s", f.Name, what)})
		}
	}
	if len(casters) == 0 {
		return nil
	}
	help := map[string]string{
		Bolt:  "an enemy within 6\" of the caster is hit on 4+ and saves only on a 6",
		Curse: "an enemy within 6\" of the caster takes a wound",
		Heal:  "a wounded friend within 6\" of the caster gets a wound back",
		Boost: "a friend or an enemy moves 3\", a move: contact it makes or leaves gives free attacks",
	}[spell]
	qs := []engines.Question{
		{Key: "caster", Prompt: "Who casts it?", Options: func(map[string]string) []engines.Pick { return casters }},
		{Key: "target", Prompt: "On whom?", Options: func(a map[string]string) []engines.Pick { return targets(a["caster"], 0) }},
	}
	if spell == Boost {
		qs = append(qs, engines.Question{Key: "contact", Prompt: "Base contact, as the table shows it?", Options: func(a map[string]string) []engines.Pick {
			t := b.byArg(a["target"])
			if t == nil {
				return nil
			}
			return s.contactPicks(b, t, func(into string, leave bool) engines.Command {
				return Cast{Caster: a["caster"], Spell: Boost, Target: a["target"], Into: into, Leave: leave}
			}, true) // a Boost is a move, not a Dash (RULINGS)
		}})
	}
	return []engines.Choice{{
		Label: fmt.Sprintf("Cast %s (%s of %d in the pool)", title(spell), plural(cost, "magic die", "magic dice"), b.Magic[p]),
		ID:    "Cast " + title(spell),
		Help:  help, Game: gameKey, NoDice: spell != Bolt, Questions: qs,
		Build: func(a map[string]string) (engines.Command, error) {
			c := Cast{Caster: a["caster"], Spell: spell, Target: a["target"]}
			c.Into, c.Leave = contactAnswer(a["contact"])
			return c, nil
		},
	}}
}

// contactChoice records base contact the moves did not.
func (s *prober) contactChoice(b *Battle) []engines.Choice {
	others := func(f *Fig, max int) []engines.Pick {
		var picks []engines.Pick
		for _, e := range b.Living(b.Other(f.Side)) {
			apart := b.InContact(f.Ref(), e.Ref())
			if !s.ok(Contact{A: b.arg(f), B: b.arg(e), Apart: apart}) {
				continue
			}
			if apart {
				picks = append(picks, engines.Pick{Value: "apart:" + b.arg(e), Label: e.Name + ": they no longer touch"})
			} else {
				picks = append(picks, engines.Pick{Value: "touch:" + b.arg(e), Label: e.Name + ": they now stand in base contact"})
			}
			if len(picks) == max {
				return picks
			}
		}
		return picks
	}
	var figs []engines.Pick
	for _, side := range b.Sides {
		for _, f := range b.Living(side) {
			if len(others(f, 1)) > 0 {
				figs = append(figs, engines.Pick{Value: b.arg(f), Label: fmt.Sprintf("%s (%s)", f.Name, f.Side)})
			}
		}
	}
	if len(figs) == 0 {
		return nil
	}
	return []engines.Choice{{
		Label: "Record base contact as the table shows it", Help: "when no move recorded it; spends nothing and gives no free attack",
		Game: gameKey, NoDice: true,
		Questions: []engines.Question{
			{Key: "fig", Prompt: "Which figure?", Options: func(map[string]string) []engines.Pick { return figs }},
			{Key: "other", Prompt: "And which enemy?", Options: func(a map[string]string) []engines.Pick {
				if f := b.byArg(a["fig"]); f != nil {
					return others(f, 0)
				}
				return nil
			}},
		},
		Build: func(a map[string]string) (engines.Command, error) {
			how, other, _ := strings.Cut(a["other"], ":")
			return Contact{A: a["fig"], B: other, Apart: how == "apart"}, nil
		},
	}}
}

// --- the scenarios' own steps ---

func (s *prober) humansChoice(b *Battle) []engines.Choice {
	humans := b.Living(HumansSide)
	var none []HumanTarget
	for _, h := range humans {
		none = append(none, HumanTarget{Human: humanNumber(h), Target: "-"})
	}
	if !s.ok(Humans{Targets: none}) {
		return nil
	}
	var targets []engines.Pick
	targets = append(targets, engines.Pick{Value: "-", Label: "no one: it reaches no figure"})
	for _, side := range b.Sides {
		for _, f := range b.Living(side) {
			targets = append(targets, engines.Pick{Value: b.arg(f), Label: foeLabel(f)})
		}
	}
	var qs []engines.Question
	for _, h := range humans {
		qs = append(qs, engines.Question{Key: "h" + humanNumber(h), Prompt: fmt.Sprintf("%s (%s, hits on %d+) moves 4\" to the nearest figure: whom does it attack?", h.Name, title(h.Class), Class(h.Class).Hit),
			Options: func(map[string]string) []engines.Pick { return targets }})
	}
	return []engines.Choice{{
		Label: "The Humans attack", Help: fmt.Sprintf("each of the %d living Humans attacks the figure it reaches, or no one", len(humans)),
		Game: gameKey, Questions: qs,
		Build: func(a map[string]string) (engines.Command, error) {
			var c Humans
			for _, h := range humans {
				c.Targets = append(c.Targets, HumanTarget{Human: humanNumber(h), Target: a["h"+humanNumber(h)]})
			}
			return c, nil
		},
	}}
}

func humanNumber(h *Fig) string { return strings.TrimPrefix(h.Name, "Human ") }

func (s *prober) shrineChoice(b *Battle) []engines.Choice {
	var zero []ShrineCount
	for _, p := range b.Sides {
		zero = append(zero, ShrineCount{Player: p})
	}
	if !s.ok(Shrine{Counts: zero}) {
		return nil
	}
	var qs []engines.Question
	for _, p := range b.Sides {
		n := len(b.Living(p))
		qs = append(qs, engines.Question{Key: p, Prompt: fmt.Sprintf("How many of %s figures stand within 3\" of the shrine?", possessive(p)), Options: func(map[string]string) []engines.Pick {
			var picks []engines.Pick
			for i := 0; i <= n; i++ {
				picks = append(picks, engines.Pick{Value: strconv.Itoa(i), Label: fmt.Sprintf("%d of %d", i, n)})
			}
			return picks
		}})
	}
	return []engines.Choice{{
		Label: "Count the figures at the shrine", Help: "after 6 turns each the most figures within 3\" of the shrine wins",
		Game: gameKey, NoDice: true, Questions: qs,
		Build: func(a map[string]string) (engines.Command, error) {
			var c Shrine
			for _, p := range b.Sides {
				n, _ := strconv.Atoi(a[p])
				c.Counts = append(c.Counts, ShrineCount{Player: p, Count: n})
			}
			return c, nil
		},
	}}
}

// endChoice ends the battle before its own end (scenario end).
func (s *prober) endChoice(b *Battle) []engines.Choice {
	var picks []engines.Pick
	if s.ok(engines.EndScenario{}) {
		sc := b.scores()
		picks = append(picks, engines.Pick{Value: "", Label: fmt.Sprintf("decide it on the counts so far (%s %d, %s %d)", b.Sides[0], sc[b.Sides[0]], b.Sides[1], sc[b.Sides[1]])})
	}
	for _, p := range b.Sides {
		if s.ok(engines.EndScenario{Winner: p}) {
			picks = append(picks, engines.Pick{Value: p, Label: p + " wins, by the players' word"})
		}
	}
	if s.ok(engines.EndScenario{Winner: "draw"}) {
		picks = append(picks, engines.Pick{Value: "draw", Label: "a draw, by the players' word"})
	}
	if len(picks) == 0 {
		return nil
	}
	return []engines.Choice{{
		Label: "End the battle now", Help: "before its own end: decided on the counts so far, or as the players declare",
		NoDice:    true,
		Confirm:   "End the battle before its own end? No one acts again in it.",
		Questions: []engines.Question{{Key: "winner", Prompt: "How does it end?", Options: func(map[string]string) []engines.Pick { return picks }}},
		Build: func(a map[string]string) (engines.Command, error) {
			return engines.EndScenario{Winner: a["winner"]}, nil
		},
	}}
}

var _ engines.Prompter = (*State)(nil)
