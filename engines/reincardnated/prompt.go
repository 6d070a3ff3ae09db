package reincardnated

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"warlog/engines"
	"warlog/internal/words"
)

// Choices implements engines.Prompter: the actions the play menu offers now.
// The game rolls no dice, so no choice asks how to roll.
func (s *State) Choices() []engines.Choice {
	g := s.game()
	if g == nil {
		return []engines.Choice{{
			Label: "Start a game", Help: "2 to 6 players in turn order, each with a Starter Being and 2 Karma", NoDice: true,
			Questions: []engines.Question{
				{Key: "name", Prompt: "Name of the game?"},
				{Key: "players", Prompt: "Players in turn order, comma-separated (e.g. Ann,Ben,Cas)?"},
			},
			Build: func(a map[string]string) (engines.Command, error) {
				var players []string
				for _, p := range strings.Split(a["players"], ",") {
					players = append(players, strings.TrimSpace(p))
				}
				return engines.StartScenario{Name: a["name"], Players: players}, nil
			},
		}}
	}
	var out []engines.Choice
	if !g.Over {
		out = append(out, s.turnChoices(g)...)
	}
	out = append(out, s.purposeChoices(g)...)
	if g.Over || (g.Deck == 0 && g.Hidden == 0) {
		end := engines.Choice{
			Label: "End the game and score it", Help: "every score line by line, and the winner", NoDice: true,
			Build: func(map[string]string) (engines.Command, error) { return engines.EndScenario{}, nil },
		}
		if !g.Over {
			end.Confirm = "End the game before its last turns? No one plays again in it."
		}
		if g.Over && !slices.ContainsFunc(g.Players, func(p *Player) bool { return p.Purpose == nil }) {
			// Every Life Purpose is in: the scoring is next.
			return append([]engines.Choice{end}, out...)
		}
		out = append(out, end)
	}
	return out
}

// turnChoices are the actions of the turn in progress.
//
// The likeliest first (seed 002 lines 77-91): a Karma as the first action
// while the hand holds one, the incarnation as the second, the end of the
// turn once both are used or the incarnation is made.
func (s *State) turnChoices(g *Game) []engines.Choice {
	cur := g.current()
	var incarnate, karma, rest []engines.Choice
	if !g.Incarn && g.Actions < 2 {
		incarnate = append(incarnate, engines.Choice{
			Label: fmt.Sprintf("%s incarnates a Being from the pool", cur.Name),
			Help:  fmt.Sprintf("the second action; Karma by the kind of incarnation from %s", activeText(cur)),
			Game:  "reincardnated", NoDice: true,
			Questions: []engines.Question{
				{Key: "being", Prompt: "Which Being (its name on the card)?"},
				{Key: "type", Prompt: "Its type?", Options: s.typeOptions},
				{Key: "kind", Prompt: "Which incarnation is it?", Options: s.kindOptions(cur)},
			},
			Build: func(a map[string]string) (engines.Command, error) {
				return Incarnate{Player: cur.Name, Being: a["being"], CardInfo: CardInfo{Type: a["type"]}, Kind: a["kind"]}, nil
			},
		})
		if g.HumanBy == "" && len(cur.Lifeline) >= HumanNeeds {
			incarnate = append(incarnate, engines.Choice{
				Label: fmt.Sprintf("%s takes the Human Form", cur.Name), Help: "+5; every other player then has one last turn",
				Game: "reincardnated", NoDice: true,
				Build: func(map[string]string) (engines.Command, error) { return Human{Player: cur.Name}, nil },
			})
		}
	}
	if cur.Hand > 0 {
		extra := g.Actions >= 2
		label := fmt.Sprintf("%s plays a Karma card (action %d)", cur.Name, g.Actions+1)
		if extra {
			label = fmt.Sprintf("%s plays an extra Karma an ability allows", cur.Name)
		}
		karma = append(karma, engines.Choice{
			Label: label, Help: "any Karma but Lesson Learned and Sympathy",
			Game: "reincardnated", NoDice: true,
			Questions: []engines.Question{
				{Key: "karma", Prompt: "Which Karma?", Options: func(map[string]string) []engines.Pick { return karmaPicks(false) }},
				{Key: "args", Prompt: "Its arguments, as on the command line (quote names with spaces; empty for none)?", Optional: true},
				{Key: "type", Prompt: "The type of a Being it brings in, if new to the campaign (empty if none)?", Optional: true, Check: checkType},
			},
			Build: func(a map[string]string) (engines.Command, error) {
				return Play{Player: cur.Name, Karma: a["karma"], Args: SplitArgs(a["args"]), CardInfo: CardInfo{Type: a["type"]}, Extra: extra}, nil
			},
		})
	}
	var others []engines.Pick
	for _, p := range g.Players {
		if p != cur && p.Hand > 0 {
			others = append(others, engines.Pick{Value: p.Name, Label: fmt.Sprintf("%s (%d Karma)", p.Name, p.Hand)})
		}
	}
	if len(others) > 0 && (g.LastKarma != nil || g.LastLife != nil) {
		rest = append(rest, engines.Choice{
			Label: "Another player answers with Lesson Learned or Sympathy", Help: "played on someone else's turn; uses no action",
			Game: "reincardnated", NoDice: true,
			Questions: []engines.Question{
				{Key: "player", Prompt: "Who plays it?", Options: func(map[string]string) []engines.Pick { return others }},
				{Key: "karma", Prompt: "Which Karma?", Options: func(map[string]string) []engines.Pick { return karmaPicks(true) }},
				{Key: "args", Prompt: "Sympathy: which of your Beings (empty for Lesson Learned)?", Optional: true},
			},
			Build: func(a map[string]string) (engines.Command, error) {
				return Play{Player: a["player"], Karma: a["karma"], Args: SplitArgs(a["args"])}, nil
			},
		})
	}
	rest = append(rest, engines.Choice{
		Label: "A Being's ability", Help: "gain, kill, bring back, void, make active, draw or discard Karma",
		Game: "reincardnated", NoDice: true,
		Questions: []engines.Question{
			{Key: "effect", Prompt: "What does the ability do?", Options: func(map[string]string) []engines.Pick {
				return []engines.Pick{
					{Value: "gain", Label: "a player gains a Being (from the pool or a Lifeline)"},
					{Value: "kill", Label: "a Being is killed"},
					{Value: "rebirth", Label: "a dead Being comes back to life"},
					{Value: "void", Label: "a Being goes back to the pool"},
					{Value: "activate", Label: "a living Being becomes active"},
					{Value: "draw", Label: "a player draws Karma"},
					{Value: "discard", Label: "a player discards Karma"},
				}
			}},
			{Key: "player", Prompt: "Which player?", Options: func(map[string]string) []engines.Pick {
				// The player whose turn it is first.
				return engines.Likeliest(playerPicks(g), func(p engines.Pick) bool { return p.Value == cur.Name })
			}},
			{Key: "what", Prompt: "Which Being (or how many cards)?"},
			{Key: "type", Prompt: "Gain: its type, if new to the campaign (empty if none)?", Optional: true, Check: checkType},
		},
		Build: func(a map[string]string) (engines.Command, error) { return abilityCommand(a) },
	})
	end := engines.Choice{
		Label: fmt.Sprintf("End %s turn", words.Possessive(cur.Name)), Help: "the hand limit of 7, then the next player",
		Game: "reincardnated", NoDice: true,
		Build: func(map[string]string) (engines.Command, error) { return EndTurn{}, nil },
	}
	switch {
	case g.Incarn || g.Actions >= 2:
		return slices.Concat([]engines.Choice{end}, karma, incarnate, rest)
	case g.Actions == 0 && cur.Hand > 0:
		return slices.Concat(karma, incarnate, rest, []engines.Choice{end})
	}
	return slices.Concat(incarnate, karma, rest, []engines.Choice{end})
}

// purposeChoices enter Life Purposes and mark their goals.
func (s *State) purposeChoices(g *Game) []engines.Choice {
	out := []engines.Choice{{
		Label: "Enter a revealed Life Purpose", Help: "a score per type, the Death score, the Life Goals",
		Game: "reincardnated", NoDice: true,
		Questions: []engines.Question{
			{Key: "player", Prompt: "Whose Life Purpose?", Options: func(map[string]string) []engines.Pick {
				// Those not yet entered first.
				return engines.Likeliest(playerPicks(g), func(p engines.Pick) bool { return g.player(p.Value).Purpose == nil })
			}},
			{Key: "types", Prompt: "The score of each type, e.g. marine=3 bird=2?", Check: func(v string) error { _, err := parseTypes(v); return err }},
			{Key: "death", Prompt: "The Death score?", Check: checkInt},
			{Key: "goals", Prompt: "The Life Goals with their bonus, separated by ; e.g. control 2 or more plants=4 (empty for none)?", Optional: true, Check: func(v string) error { _, err := parseGoals(v); return err }},
		},
		Build: func(a map[string]string) (engines.Command, error) {
			types, err := parseTypes(a["types"])
			if err != nil {
				return nil, err
			}
			goals, err := parseGoals(a["goals"])
			if err != nil {
				return nil, err
			}
			death, _ := strconv.Atoi(a["death"])
			return Purpose{Player: a["player"], Types: types, Death: death, Goals: goals}, nil
		},
	}}
	var withGoals []engines.Pick
	for _, p := range g.Players {
		if p.Purpose != nil && len(p.Purpose.Goals) > 0 {
			withGoals = append(withGoals, engines.Pick{Value: p.Name, Label: p.Name})
		}
	}
	if len(withGoals) > 0 {
		out = append(out, engines.Choice{
			Label: "Mark a Life Goal met or not", Game: "reincardnated", NoDice: true,
			Questions: []engines.Question{
				{Key: "player", Prompt: "Whose goal?", Options: func(map[string]string) []engines.Pick { return withGoals }},
				{Key: "goal", Prompt: "Which goal?", Options: func(a map[string]string) []engines.Pick {
					var picks []engines.Pick
					if p := g.player(a["player"]); p != nil && p.Purpose != nil {
						for _, gl := range p.Purpose.Goals {
							picks = append(picks, engines.Pick{Value: gl.Name, Label: fmt.Sprintf("%s (+%d)", gl.Name, gl.Bonus)})
						}
					}
					return picks
				}},
				{Key: "met", Prompt: "Met?", Options: func(map[string]string) []engines.Pick {
					return []engines.Pick{{Value: "met", Label: "met"}, {Value: "unmet", Label: "not met"}}
				}},
			},
			Build: func(a map[string]string) (engines.Command, error) {
				return MarkGoal{Player: a["player"], Goal: a["goal"], Met: a["met"] == "met"}, nil
			},
		})
	}
	return out
}

// typeOptions offers the type of a Being: the campaign's, when it knows
// the card, else the six types.
func (s *State) typeOptions(a map[string]string) []engines.Pick {
	if c, ok := s.Beings.Get(strings.ToLower(a["being"])); ok {
		return []engines.Pick{{Value: "", Label: fmt.Sprintf("%s, as the campaign knows it", c.Type)}}
	}
	var picks []engines.Pick
	for _, t := range Types {
		picks = append(picks, engines.Pick{Value: t, Label: t})
	}
	return picks
}

// kindOptions offers the kind of incarnation: worked out when the active
// Being's card is known, else said by the player. A Being of the active
// Being's own type is offered as lateral only (RULINGS: same type is always
// lateral); a Being of another type is not offered as lateral, nor as a
// preferred or lower type the active Being's card already gives otherwise.
func (s *State) kindOptions(p *Player) func(map[string]string) []engines.Pick {
	return func(a map[string]string) []engines.Pick {
		act, _ := s.activeCard(p)
		typ, _ := normType(a["type"])
		if c, ok := s.Beings.Get(strings.ToLower(a["being"])); ok {
			typ = c.Type
		}
		lateral := engines.Pick{Value: "lateral", Label: fmt.Sprintf("lateral, another %s (no Karma)", act.Type)}
		if typ == act.Type {
			return []engines.Pick{lateral}
		}
		picks := []engines.Pick{}
		if act.Prefers != "" && act.Lower != "" {
			picks = append(picks, engines.Pick{Value: "", Label: fmt.Sprintf("work it out (%s prefers %s, lower %s)", act.Name, act.Prefers, act.Lower)})
		}
		if typ == "" || act.Prefers == "" || act.Prefers == typ {
			picks = append(picks, engines.Pick{Value: "preferred", Label: "preferred (2 Karma)"})
		}
		if typ == "" || act.Lower == "" || act.Lower == typ {
			picks = append(picks, engines.Pick{Value: "lower", Label: "lower (1 Karma)"})
		}
		if typ == "" {
			picks = append(picks, lateral)
		}
		return picks
	}
}

func karmaPicks(reaction bool) []engines.Pick {
	var picks []engines.Pick
	for _, k := range Karmas {
		isReaction := k.Key == LessonLearned || k.Key == Sympathy
		if isReaction != reaction {
			continue
		}
		if k.Key == DeathRebirth {
			picks = append(picks,
				engines.Pick{Value: KarmaDeath, Label: "Death (Death/Rebirth): PLAYER BEING"},
				engines.Pick{Value: KarmaRebirth, Label: "Rebirth (Death/Rebirth): PLAYER BEING"})
			continue
		}
		label := k.Name
		if k.Args != "" {
			label += ": " + k.Args
		}
		picks = append(picks, engines.Pick{Value: k.Key, Label: label})
	}
	return picks
}

func playerPicks(g *Game) []engines.Pick {
	var picks []engines.Pick
	for _, p := range g.Players {
		picks = append(picks, engines.Pick{Value: p.Name, Label: p.Name})
	}
	return picks
}

func abilityCommand(a map[string]string) (engines.Command, error) {
	p, what := a["player"], strings.TrimSpace(a["what"])
	switch a["effect"] {
	case "gain":
		return Gain{Player: p, Being: what, CardInfo: CardInfo{Type: a["type"]}}, nil
	case "kill":
		return Kill{Player: p, Being: what}, nil
	case "rebirth":
		return Rebirth{Player: p, Being: what}, nil
	case "void":
		return Void{Player: p, Being: what}, nil
	case "activate":
		return Activate{Player: p, Being: what}, nil
	}
	n, err := strconv.Atoi(what)
	if err != nil {
		return nil, fmt.Errorf("%q is not a number of cards", what)
	}
	if a["effect"] == "draw" {
		return Draw{Player: p, Count: n}, nil
	}
	return Discard{Player: p, Count: n}, nil
}

func checkType(v string) error {
	if _, ok := normType(v); !ok {
		return fmt.Errorf("%q is not a Being type; use one of %s", v, strings.Join(Types, ", "))
	}
	return nil
}

func checkInt(v string) error {
	if _, err := strconv.Atoi(v); err != nil {
		return fmt.Errorf("%q is not a whole number", v)
	}
	return nil
}

// parseTypes reads "marine=3 bird=2" (spaces or commas between).
func parseTypes(v string) (map[string]int, error) {
	out := map[string]int{}
	for _, f := range strings.FieldsFunc(v, func(r rune) bool { return r == ' ' || r == ',' }) {
		k, n, ok := strings.Cut(f, "=")
		x, err := strconv.Atoi(n)
		if !ok || err != nil {
			return nil, fmt.Errorf("%q: write TYPE=N, e.g. marine=3", f)
		}
		out[strings.ToLower(k)] = x
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("give at least one TYPE=N, e.g. marine=3")
	}
	return out, nil
}

// parseGoals reads "text=4; other text=2" (a trailing =met marks one met).
func parseGoals(v string) ([]Goal, error) {
	var out []Goal
	for _, part := range strings.Split(v, ";") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		met := false
		if s, ok := strings.CutSuffix(part, "=met"); ok {
			part, met = s, true
		}
		i := strings.LastIndex(part, "=")
		if i < 0 {
			return nil, fmt.Errorf("%q: write TEXT=BONUS, e.g. control 2 or more plants=4", part)
		}
		n, err := strconv.Atoi(strings.TrimSpace(part[i+1:]))
		if err != nil {
			return nil, fmt.Errorf("%q: write TEXT=BONUS, e.g. control 2 or more plants=4", part)
		}
		out = append(out, Goal{Name: strings.TrimSpace(part[:i]), Bonus: n, Met: met})
	}
	return out, nil
}

// SplitArgs splits a line of arguments at spaces, keeping "quoted text"
// (double or single quotes) whole.
func SplitArgs(s string) []string {
	var out []string
	var cur strings.Builder
	var quote rune
	has := false
	for _, r := range s {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote == 0 && (r == '"' || r == '\''):
			quote, has = r, true
		case quote == 0 && r == ' ':
			if has {
				out = append(out, cur.String())
			}
			cur.Reset()
			has = false
		default:
			cur.WriteRune(r)
			has = true
		}
	}
	if has {
		out = append(out, cur.String())
	}
	return slices.Clip(out)
}
