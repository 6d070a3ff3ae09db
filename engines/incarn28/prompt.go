package incarn28

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"warlog/engines"
	"warlog/internal/words"
)

// Choices implements engines.Prompter: the actions the play menu offers
// now. An activation or attack asks only the table facts the incarn's
// Fleshtypes need ("Is an enemy within 5?" for Brutal).
func (s *State) Choices() []engines.Choice {
	b := s.Battle
	if b == nil || b.Ended {
		return s.buildChoices()
	}
	var out []engines.Choice
	switch {
	case b.Current != nil:
		out = append(out, s.activationChoices()...)
	case b.Round == 0:
		out = append(out, engines.Choice{Label: "Begin round 1", Help: "objective incarns enter play; the players roll off", Game: Game,
			Build: func(map[string]string) (engines.Command, error) { return NextRound{}, nil }})
		for _, p := range b.Sides {
			p := p
			has := false
			for _, f := range b.Figures {
				if f.Side == p && f.Has("Overseer") {
					has = true
				}
			}
			if has && !b.Overseer[p] {
				out = append(out, engines.Choice{Label: p + " re-rolls an objective (Overseer)", Game: Game,
					Questions: []engines.Question{{Key: "die", Prompt: "Which objective?", Options: func(map[string]string) []engines.Pick {
						return []engines.Pick{{Value: "1", Label: objName(b.Objectives[p][0])}, {Value: "2", Label: objName(b.Objectives[p][1])}}
					}}},
					Build: func(a map[string]string) (engines.Command, error) {
						d, _ := strconv.Atoi(a["die"])
						return Overseer{Player: p, Die: d}, nil
					}})
			}
		}
	}
	// seed line 631: the Deathbeast activates at the end of a round an
	// Enigma ended early too; the next round waits for it.
	beast := s.anyToActivate(DeathbeastSide)
	if b.Round > 0 && b.Current == nil && (!b.RoundOver || beast) {
		out = append(out, s.activateChoices()...)
	}
	if b.Round > 0 && b.Current == nil && ((b.RoundOver && !beast) || len(s.unactivated("")) == 0) {
		var qs []engines.Question
		if b.Round == 4 {
			for _, f := range b.Figures {
				if f.InPlay() && f.Has("Bleeder") {
					qs = append(qs, engines.Question{Key: "contacts", Optional: true,
						Prompt: "The Bleeders burst: which incarns are in base contact with one (comma-separated, empty for none)?",
						Check:  checkNames(func(n string) error { _, err := s.find(n); return err })})
					break
				}
			}
		}
		out = append(out, engines.Choice{Label: "End the round and begin the next", Help: "end-of-round rules, Unborn, the roll-off", Game: Game, Questions: qs, EndsTurn: true,
			Build: func(a map[string]string) (engines.Command, error) {
				return NextRound{BleederContacts: splitList(a["contacts"])}, nil
			}})
	}
	out = append(out, s.reactionChoices()...)
	for _, p := range b.Sides {
		for _, o := range b.Objectives[p] {
			if Objectives[o-1].Kind == KindRecorded && !b.done(p, o) {
				p, o := p, o
				out = append(out, engines.Choice{Label: fmt.Sprintf("%s reports %s done", p, objName(o)), Help: Objectives[o-1].Summary, Game: Game, NoDice: !s.enemyHas(p, "Grudger"),
					Build: func(map[string]string) (engines.Command, error) {
						return MarkObjective{Player: p, Objective: objName(o)}, nil
					}})
			}
		}
	}
	out = append(out,
		engines.Choice{Label: "Record a stun made at the table", Help: "Empath, Grudger, Mindguard...", Game: Game,
			Questions: []engines.Question{{Key: "incarn", Prompt: "Who is stunned?", Options: s.figurePicks(nil)}, {Key: "why", Prompt: "What stunned it?", Optional: true}},
			Build: func(a map[string]string) (engines.Command, error) {
				return Stun{Incarn: a["incarn"], Why: a["why"]}, nil
			}},
		engines.Choice{Label: "Record a death at the table", Help: "Bleeder, Mulligan, Grenadier...", Game: Game,
			Questions: []engines.Question{{Key: "incarn", Prompt: "Who is slain?", Options: s.figurePicks(nil)}, {Key: "why", Prompt: "What slew it?", Optional: true}},
			Build: func(a map[string]string) (engines.Command, error) {
				return Slay{Incarn: a["incarn"], Why: a["why"]}, nil
			}},
		engines.Choice{Label: "End the game now", Help: "with a winner the players agree, or none", NoDice: true,
			Confirm: "End the game now? No Incarn acts again in it.",
			Questions: []engines.Question{{Key: "winner", Prompt: "Winner?", Options: func(map[string]string) []engines.Pick {
				picks := []engines.Pick{{Value: "-", Label: "No winner"}}
				for _, p := range b.Sides {
					picks = append(picks, engines.Pick{Value: p, Label: p})
				}
				return picks
			}}},
			Build: func(a map[string]string) (engines.Command, error) {
				w := a["winner"]
				if w == "-" {
					w = ""
				}
				return engines.EndScenario{Winner: w}, nil
			}},
	)
	return out
}

func (s *State) buildChoices() []engines.Choice {
	var out []engines.Choice
	if len(s.Gangs) >= 2 {
		out = append(out, engines.Choice{Label: "Start a game", Help: "objectives and the twist are rolled", Questions: []engines.Question{
			{Key: "name", Prompt: "Name of the game?"},
			{Key: "field", Prompt: "The two players, comma-separated (empty: the only two gangs)?", Optional: true},
		}, Build: func(a map[string]string) (engines.Command, error) {
			c := engines.StartScenario{Name: a["name"]}
			for _, p := range strings.Split(a["field"], ",") {
				if p = strings.TrimSpace(p); p != "" {
					c.Field = append(c.Field, p)
				}
			}
			return c, nil
		}})
	}
	out = append(out, engines.Choice{Label: "Found a gang", Game: Game, NoDice: true, Questions: []engines.Question{
		{Key: "player", Prompt: "Player's name?"},
		{Key: "faction", Prompt: "Faction?", Options: func(map[string]string) []engines.Pick {
			var p []engines.Pick
			for _, f := range Factions {
				p = append(p, engines.Pick{Value: f.Name, Label: f.Name + ": " + f.Summary})
			}
			return p
		}},
	}, Build: func(a map[string]string) (engines.Command, error) {
		return FoundGang{Player: a["player"], Faction: a["faction"]}, nil
	}})
	if len(s.Gangs) > 0 {
		levels := func(ls []Level) func(map[string]string) []engines.Pick {
			return func(map[string]string) []engines.Pick {
				var p []engines.Pick
				for _, l := range ls {
					p = append(p, engines.Pick{Value: l.Name, Label: fmt.Sprintf("%s (D%d, %d B)", l.Name, l.Die, l.Cost)})
				}
				return p
			}
		}
		out = append(out, engines.Choice{Label: "Recruit an incarn", Help: "every limit it would break is named", Game: Game, NoDice: true, Questions: []engines.Question{
			{Key: "player", Prompt: "Into whose gang?", Options: func(map[string]string) []engines.Pick {
				var p []engines.Pick
				for _, g := range s.Gangs {
					p = append(p, engines.Pick{Value: g.Player, Label: s.gangNote(g)})
				}
				return p
			}},
			{Key: "name", Prompt: "The incarn's name?"},
			{Key: "skill", Prompt: "Skill level?", Options: levels(Skills)},
			{Key: "toughness", Prompt: "Toughness?", Options: levels(Toughnesses)},
			{Key: "flesh", Prompt: "Fleshtypes, comma-separated (the first is free, 2 B each after)?", Check: checkNames(func(n string) error { _, err := FindFleshtype(n); return err })},
			{Key: "items", Prompt: "Items, comma-separated (2 B each; empty for none)?", Optional: true, Check: checkNames(func(n string) error { _, err := FindItem(n); return err })},
		}, Build: func(a map[string]string) (engines.Command, error) {
			return Recruit{Player: a["player"], Incarn: Incarn{Name: a["name"], Skill: a["skill"], Toughness: a["toughness"], Flesh: splitList(a["flesh"]), Items: splitList(a["items"])}}, nil
		}})
	}
	return out
}

func checkNames(find func(string) error) func(string) error {
	return func(s string) error {
		for _, n := range splitList(s) {
			if err := find(n); err != nil {
				return err
			}
		}
		return nil
	}
}

// figurePicks lists figures in play (filtered by keep, when given).
func (s *State) figurePicks(keep func(*Figure) bool) func(map[string]string) []engines.Pick {
	return func(map[string]string) []engines.Pick {
		var p []engines.Pick
		for _, f := range s.Battle.Figures {
			if f.InPlay() && (keep == nil || keep(f)) {
				p = append(p, engines.Pick{Value: f.Key(), Label: fmt.Sprintf("%s (%s, %s)", f.Name, f.Side, f.Status)})
			}
		}
		return p
	}
}

func yesNo(map[string]string) []engines.Pick {
	return []engines.Pick{{Value: "no", Label: "No"}, {Value: "yes", Label: "Yes"}}
}

func counts(n int) func(map[string]string) []engines.Pick {
	return func(map[string]string) []engines.Pick {
		var p []engines.Pick
		for i := 0; i <= n; i++ {
			p = append(p, engines.Pick{Value: strconv.Itoa(i), Label: strconv.Itoa(i)})
		}
		return p
	}
}

// activateChoices offers each incarn that may activate now, asking the
// table facts its Fleshtypes need, and each Hermit's gift of its
// activation to an ally that has already activated.
func (s *State) activateChoices() []engines.Choice {
	b := s.Battle
	if b.Twist == 3 && b.Again == "" && !b.RoundOver {
		return []engines.Choice{{Label: "Activate an incarn picked at random (Anarchic Spores)", Game: Game,
			Build: func(map[string]string) (engines.Command, error) { return Activate{}, nil }}}
	}
	var out, hermits []engines.Choice
	for _, f := range b.Figures {
		if !f.InPlay() {
			continue
		}
		if f.Key() != b.Again {
			if f.Activated || (b.RoundOver && f.Side != DeathbeastSide) {
				continue
			}
			if f.Side == DeathbeastSide && !b.RoundOver && (s.anyToActivate(b.Sides[0]) || s.anyToActivate(b.Sides[1])) {
				continue
			}
			if f.Side != DeathbeastSide && b.Next != "" && f.Side != b.Next && s.anyToActivate(b.Next) && !(f.HasItem("Geminid") && b.Last == f.Side) {
				continue
			}
		}
		f := f
		label := "Activate " + s.nm(f)
		if f.Key() == b.Again {
			label += " again"
		}
		out = append(out, engines.Choice{Label: label, Help: strings.Join(f.Flesh, ", "), Game: Game, Questions: s.actQuestions(f),
			Build: func(a map[string]string) (engines.Command, error) {
				return Activate{Incarn: f.Key(), ActFacts: actFactsFrom(a)}, nil
			}})
		// Hermit (seed line 343): its activation activates an ally within
		// 5, even one that has activated; offered for those only, as an
		// unactivated ally can activate by itself.
		if f.Has("Hermit") && f.Key() != b.Again && !f.Activated {
			for _, x := range b.Figures {
				if x == f || !x.InPlay() || x.Side != f.Side || !x.Activated {
					continue
				}
				x := x
				hermits = append(hermits, engines.Choice{Label: fmt.Sprintf("%s gives its activation to %s (Hermit)", s.nm(f), s.nm(x)),
					Help: "if " + x.Name + " is within 5 of the Hermit; the Hermit counts as activated", Game: Game, Questions: s.actQuestions(x),
					Build: func(a map[string]string) (engines.Command, error) {
						af := actFactsFrom(a)
						af.Hermit = f.Key()
						return Activate{Incarn: x.Key(), ActFacts: af}, nil
					}})
			}
		}
	}
	return append(out, hermits...)
}

// actQuestions are the table facts f's ACT-R needs, asked only when an
// incarn in play has the Fleshtype or item that makes them count.
func (s *State) actQuestions(f *Figure) []engines.Question {
	b := s.Battle
	var qs []engines.Question
	ask := func(key, prompt string, opts func(map[string]string) []engines.Pick) {
		qs = append(qs, engines.Question{Key: key, Prompt: prompt, Options: opts})
	}
	if f.Has("Brutal") {
		ask("enemy5", "Is an enemy within 5 (Brutal)?", yesNo)
	}
	if f.Has("Guard") {
		ask("allies5", "How many allies within 5 (Guard)?", counts(10))
	}
	if f.Has("Masochist") {
		ask("enemies10", "How many enemies within 10 (Masochist)?", counts(10))
	}
	if f.Has("Stalker") {
		ask("quarry", "Is its quarry within 5 (Stalker)?", yesNo)
	}
	if f.Has("Enigma") {
		ask("enigma", "Roll the Enigma's D6 instead of the ACT-R?", yesNo)
	}
	if f.Has("Ancestor") {
		ask("low", "Keep the lower of the Ancestor's two dice?", yesNo)
	}
	if b.Twist == 2 && b.MistReach > 0 {
		ask("mist", fmt.Sprintf("Was it within %d of the Mist's edge when round %d ended (Flensing Mist)?", b.MistReach, b.MistRound), yesNo)
	}
	if s.enemyHas(f.Side, "Gaunt") {
		ask("gaunts", "Enemy Gaunts within 10?", counts(4))
	}
	if s.enemyHas(f.Side, "Fool") {
		ask("fools", "Enemy Fools it can see?", counts(4))
	}
	if s.enemyHas(f.Side, "Tempter") {
		ask("tempted", "Take an enemy Tempter's +2 (a natural 1 slays)?", yesNo)
	}
	if s.enemyHas(f.Side, "Cipher") && !f.Has("Cipher") {
		ask("ciphered", "Is it within 5 of an enemy Cipher?", yesNo)
	}
	if n := s.piles(f); n > 0 {
		ask("piles", "Enemy Defecator piles within 5?", counts(n))
	}
	if n := s.count(f, true, item("Effigy")); n > 0 {
		ask("effigies", "Enemy Effigies within 5?", counts(n))
	}
	if s.count(f, true, flesh("Imp")) > 0 {
		ask("imp", "Is it within 5 of an enemy Imp?", yesNo)
	}
	if s.count(f, true, flesh("Parasite")) > 0 {
		ask("parasite", "Is it within 5 of an enemy Parasite?", yesNo)
	}
	if s.count(f, true, flesh("Nightmare"))+s.count(f, false, flesh("Nightmare"))+b2i(f.Has("Nightmare")) > 0 {
		ask("nightmare", "Is it within 5 of a Nightmare (a D4 for its ACT-R)?", yesNo)
	}
	if s.count(f, false, item("Icon")) > 0 {
		ask("icon", "Is it within 10 of an allied Icon?", yesNo)
	}
	if s.count(f, true, flesh("Hollow")) > 0 {
		ask("hollow", "How many of its allies are within 5 of an enemy Hollow?", counts(s.count(f, false, nil)+1))
	}
	if f.Has("Leech") {
		ask("leech", "Borrow an ally's Action die (Leech)?", func(map[string]string) []engines.Pick {
			picks := []engines.Pick{{Value: "", Label: "No, its own"}}
			for _, x := range s.Battle.Figures {
				if x != f && x.InPlay() && x.Side == f.Side {
					picks = append(picks, engines.Pick{Value: x.Key(), Label: fmt.Sprintf("%s (%s)", x.Name, x.Skill)})
				}
			}
			return picks
		})
	}
	return qs
}

// actFactsFrom turns the answers of actQuestions into table facts.
func actFactsFrom(a map[string]string) ActFacts {
	n := func(k string) int { v, _ := strconv.Atoi(a[k]); return v }
	return ActFacts{
		EnemyWithin5: a["enemy5"] == "yes", AlliesWithin5: n("allies5"), EnemiesWithin10: n("enemies10"),
		NearQuarry: a["quarry"] == "yes", Enigma: a["enigma"] == "yes", AncestorLow: a["low"] == "yes",
		Mist: a["mist"] == "yes", Gaunts: n("gaunts"), Fools: n("fools"), Tempted: a["tempted"] == "yes",
		Ciphered: a["ciphered"] == "yes", Piles: n("piles"), Effigies: n("effigies"), Imp: a["imp"] == "yes",
		Parasite: a["parasite"] == "yes", Nightmare: a["nightmare"] == "yes", Icon: a["icon"] == "yes", Hollow: n("hollow"),
		Leech: a["leech"],
	}
}

// defQuestions are the table facts of a defence against att's attack or
// SP-A: each is asked only when an incarn in play makes it count (a
// Sentinel among the possible targets' allies, an Exhumer among att's).
// Its options follow the target picked under "target": when the fact
// cannot apply to that target, the only option is "no".
func (s *State) defQuestions(att *Figure) []engines.Question {
	b := s.Battle
	var cands []*Figure
	for _, t := range b.Figures {
		if t.InPlay() && enemies(att, t) {
			cands = append(cands, t)
		}
	}
	target := func(a map[string]string) *Figure { return b.fig(a["target"]) }
	var qs []engines.Question
	// yes/no fact: asked when some candidate target makes it count.
	yn := func(key, prompt string, applies func(t *Figure) bool) {
		for _, c := range cands {
			if applies(c) {
				qs = append(qs, engines.Question{Key: key, Prompt: prompt, Options: func(a map[string]string) []engines.Pick {
					if t := target(a); t == nil || !applies(t) {
						return []engines.Pick{{Value: "no", Label: "No (it does not apply to this target)"}}
					}
					return yesNo(a)
				}})
				return
			}
		}
	}
	// named fact: which of the listed incarns (or none).
	named := func(key, prompt string, list func(t *Figure) []*Figure) {
		for _, c := range cands {
			if len(list(c)) > 0 {
				qs = append(qs, engines.Question{Key: key, Prompt: prompt, Options: func(a map[string]string) []engines.Pick {
					picks := []engines.Pick{{Value: "", Label: "None"}}
					if t := target(a); t != nil {
						for _, x := range list(t) {
							picks = append(picks, engines.Pick{Value: x.Key(), Label: x.Name})
						}
					}
					return picks
				}})
				return
			}
		}
	}
	allies := func(name string, isItem bool) func(t *Figure) []*Figure {
		return func(t *Figure) []*Figure {
			var out []*Figure
			for _, x := range b.Figures {
				if x != t && x.InPlay() && x.Side == t.Side && ((!isItem && x.Has(name)) || (isItem && x.HasItem(name))) {
					out = append(out, x)
				}
			}
			return out
		}
	}
	hostile := func(name string) func(t *Figure) []*Figure {
		return func(t *Figure) []*Figure {
			var out []*Figure
			for _, x := range b.Figures {
				if x.InPlay() && enemies(x, t) && x.Has(name) {
					out = append(out, x)
				}
			}
			return out
		}
	}
	named("portshield", "Does an ally of the target with a Portshield within 5 take the attack instead?", allies("Portshield", true))
	qs = append(qs, engines.Question{Key: "obscured", Prompt: "Is the target partly obscured (+D6 to its DF-R)?", Options: yesNo})
	yn("sentinel", "Is the target within 5 of an allied Sentinel (+D6 to its DF-R)?", func(t *Figure) bool { return len(allies("Sentinel", false)(t)) > 0 })
	yn("illusionist", "Is the target within 5 of an allied Illusionist (D6, 4+ ignores the attack)?", func(t *Figure) bool { return len(allies("Illusionist", false)(t)) > 0 })
	yn("soothsayer", "Is the target within 5 of an allied Soothsayer (re-roll a failed DF-R)?", func(t *Figure) bool { return len(allies("Soothsayer", false)(t)) > 0 })
	for _, c := range cands {
		if len(allies("Priest", false)(c)) > 0 {
			qs = append(qs, engines.Question{Key: "priests", Prompt: "Allied Priests within 10 of the target (+1 DF-R each)?", Options: func(a map[string]string) []engines.Pick {
				if t := target(a); t != nil {
					return counts(len(allies("Priest", false)(t)))(a)
				}
				return counts(0)(a)
			}})
			break
		}
	}
	for _, c := range cands {
		if len(hostile("Gaunt")(c)) > 0 {
			qs = append(qs, engines.Question{Key: "tgaunts", Prompt: "Gaunts hostile to the target within 10 of it (-2 DF-R each)?", Options: func(a map[string]string) []engines.Pick {
				if t := target(a); t != nil {
					return counts(len(hostile("Gaunt")(t)))(a)
				}
				return counts(0)(a)
			}})
			break
		}
	}
	yn("tciphered", "Is the target within 5 of an enemy Cipher (its Fleshtypes do not count)?", func(t *Figure) bool { return !t.Has("Cipher") && len(hostile("Cipher")(t)) > 0 })
	yn("timp", "Is the target within 5 of an enemy Imp (its items do not count)?", func(t *Figure) bool { return len(t.Items) > 0 && len(hostile("Imp")(t)) > 0 })
	yn("decoy", "Spend the target's Decoy (+D12, once per game)?", func(t *Figure) bool { return t.HasItem("Decoy") && !t.DecoyUsed })
	named("mindguard", "An allied Mindguard within 10 of the target, should it be stunned?", allies("Mindguard", false))
	named("reclaimer", "An allied Reclaimer within 10 of the target, should it be slain?", allies("Reclaimer", false))
	named("exhumer", "An enemy Exhumer within 5 of the target, should it be slain?", hostile("Exhumer"))
	return qs
}

// defFactsFrom turns the answers of defQuestions into table facts.
func defFactsFrom(a map[string]string) DefFacts {
	n := func(k string) int { v, _ := strconv.Atoi(a[k]); return v }
	return DefFacts{Obscured: a["obscured"] == "yes", Sentinel: a["sentinel"] == "yes", Illusionist: a["illusionist"] == "yes",
		Soothsayer: a["soothsayer"] == "yes", Priests: n("priests"), Gaunts: n("tgaunts"), Ciphered: a["tciphered"] == "yes",
		Imp: a["timp"] == "yes", Decoy: a["decoy"] == "yes", Mindguard: a["mindguard"], Reclaimer: a["reclaimer"],
		Exhumer: a["exhumer"], Portshield: a["portshield"]}
}

// reactionChoices offer the open reactions (Empath, Grudger, Carrion,
// Spite) and, while an enemy with Fleshtypes activates, each Enforcer's
// answer.
func (s *State) reactionChoices() []engines.Choice {
	b := s.Battle
	var out []engines.Choice
	for _, re := range b.Reactions {
		f := b.fig(re.Figure)
		if f == nil || (re.Kind != "Spite" && !f.InPlay()) {
			continue
		}
		re := re
		picks := func(map[string]string) []engines.Pick {
			var p []engines.Pick
			for _, t := range s.targetPicks(f) {
				if t.Value != re.Not && !slices.Contains(re.Used, t.Value) {
					p = append(p, t)
				}
			}
			return p
		}
		switch re.Kind {
		case "Empath", "Grudger":
			within := map[string]string{"Empath": "10", "Grudger": "20"}[re.Kind]
			out = append(out, engines.Choice{Label: fmt.Sprintf("%s stuns an enemy (%s)", s.nm(f), re.Kind), Help: "an enemy within " + within + " of it; the chance lapses when the activation ends", Game: Game, NoDice: true,
				Questions: []engines.Question{{Key: "target", Prompt: "Which enemy within " + within + "?", Options: picks}},
				Build: func(a map[string]string) (engines.Command, error) {
					return Stun{Incarn: a["target"], By: f.Key(), As: re.Kind}, nil
				}})
		case "Carrion", "Spite":
			help := "a SP-A D8 at another enemy within 10"
			label := fmt.Sprintf("%s makes its SP-A (Carrion)", s.nm(f))
			if re.Kind == "Spite" {
				help = "a SP-A of its Action die at each enemy within 5, one at a time"
				label = fmt.Sprintf("%s Spite strikes an enemy within 5", words.Possessive(s.nm(f)))
			}
			qs := append([]engines.Question{{Key: "target", Prompt: "At whom?", Options: picks}}, s.defQuestions(f)...)
			out = append(out, engines.Choice{Label: label, Help: help, Game: Game, Questions: qs,
				Build: func(a map[string]string) (engines.Command, error) {
					return Special{Incarn: f.Key(), Target: a["target"], As: re.Kind, DefFacts: defFactsFrom(a)}, nil
				}})
		}
	}
	if c := b.Current; c != nil {
		x := b.fig(c.Figure)
		if x != nil && x.InPlay() && len(x.Flesh) > 0 {
			for _, e := range b.Figures {
				if e.InPlay() && enemies(e, x) && e.Has("Enforcer") {
					e := e
					qs := append([]engines.Question{{Key: "target", Prompt: "At whom?", Options: func(map[string]string) []engines.Pick {
						return []engines.Pick{{Value: x.Key(), Label: x.Name}}
					}}}, s.defQuestions(e)...)
					out = append(out, engines.Choice{Label: fmt.Sprintf("%s answers %s Fleshtype (Enforcer SP-A D6)", s.nm(e), words.Possessive(s.nm(x))),
						Help: "when " + x.Name + " uses a Fleshtype within 5 of the Enforcer", Game: Game, Questions: qs,
						Build: func(a map[string]string) (engines.Command, error) {
							return Special{Incarn: e.Key(), Target: x.Key(), As: "Enforcer", DefFacts: defFactsFrom(a)}, nil
						}})
				}
			}
		}
	}
	return out
}

// targetPicks lists the incarns att may attack, an Eclipse marked (seed
// line 219: it counts as the closest visible enemy).
func (s *State) targetPicks(att *Figure) []engines.Pick {
	var p []engines.Pick
	for _, t := range s.Battle.Figures {
		if !t.InPlay() || !enemies(att, t) || t.Stone || s.spyCheck(att, t, false) != nil {
			continue
		}
		label := fmt.Sprintf("%s (%s, %s)", t.Name, t.Side, t.Status)
		if t.Has("Eclipse") {
			label += ", an Eclipse: the closest visible enemy"
		}
		p = append(p, engines.Pick{Value: t.Key(), Label: label})
	}
	return p
}

// enemyHas reports whether an enemy of side in play has the Fleshtype.
func (s *State) enemyHas(side, flesh string) bool {
	for _, f := range s.Battle.Figures {
		if f.InPlay() && f.Side != side && f.Has(flesh) {
			return true
		}
	}
	return false
}

// attackChoice is the activating incarn f's attack, with the table facts
// its target's defence and its own Fleshtypes need.
func (s *State) attackChoice(f *Figure, c *Activation) engines.Choice {
	b := s.Battle
	name := s.nm(f)
	prompt := "Attack whom?"
	if f.Side == DeathbeastSide {
		// seed line 631: it attacks the closest incarn, which only the
		// table can see.
		prompt = "Which incarn is closest to the Deathbeast (it attacks that one)?"
	}
	qs := []engines.Question{
		{Key: "target", Prompt: prompt, Options: func(a map[string]string) []engines.Pick {
			p := s.targetPicks(f)
			if f.Has("Poltergeist") {
				p = append(p, engines.Pick{Value: "terrain", Label: "a terrain piece (Poltergeist: shove it up to the AD)"})
			}
			if slices.Contains(b.Objectives[f.Side], 1) && !b.done(f.Side, 1) {
				p = append(p, engines.Pick{Value: "desecrate", Label: fmt.Sprintf("the Desecrate objective (%d/20 hits)", b.Desecrate[f.Side])})
			}
			return p
		}},
		{Key: "strength", Prompt: "Strength (ACs spent)?", Options: func(map[string]string) []engines.Pick {
			var p []engines.Pick
			for i := c.ACs; i >= 1; i-- {
				p = append(p, engines.Pick{Value: strconv.Itoa(i), Label: strconv.Itoa(i)})
			}
			return p
		}},
	}
	qs = append(qs, s.defQuestions(f)...)
	if f.Has("Adept") {
		qs = append(qs, engines.Question{Key: "contact", Prompt: "Is the target in base contact (Adept)?", Options: yesNo})
	}
	if f.Has("Gunner") {
		qs = append(qs, engines.Question{Key: "far", Prompt: "Is the target beyond 10 (Gunner)?", Options: yesNo})
	}
	askN := func(key, prompt string, n int) {
		if n > 0 {
			qs = append(qs, engines.Question{Key: key, Prompt: prompt, Options: counts(n)})
		}
	}
	askN("zealots", "Allied Zealots within 10 (+2 AD each)?", s.count(f, false, flesh("Zealot")))
	askN("archivists", "Allied Archivists within 5 (+3 AD each once the opponent met an objective)?", s.count(f, false, flesh("Archivist")))
	askN("subliminal", "Enemy Subliminals within 20 (-1 each)?", s.count(f, true, flesh("Subliminal")))
	if s.count(f, true, flesh("Pacifist")) > 0 {
		qs = append(qs, engines.Question{Key: "pacifist", Prompt: "Is it within 5 of an enemy Pacifist?", Options: yesNo})
	}
	if s.count(f, true, flesh("Cipher")) > 0 && !f.Has("Cipher") {
		qs = append(qs, engines.Question{Key: "ciphered", Prompt: "Is the attacker within 5 of an enemy Cipher (its Fleshtypes do not count)?", Options: yesNo})
	}
	if s.count(f, true, flesh("Imp")) > 0 && len(f.Items) > 0 {
		qs = append(qs, engines.Question{Key: "imp", Prompt: "Is the attacker within 5 of an enemy Imp (its items do not count)?", Options: yesNo})
	}
	return engines.Choice{Label: name + " attacks", Help: plural(c.ACs, "AC") + " left; one attack per activation", Game: Game, Questions: qs,
		Build: func(a map[string]string) (engines.Command, error) {
			st, _ := strconv.Atoi(a["strength"])
			n := func(k string) int { v, _ := strconv.Atoi(a[k]); return v }
			return Attack{Attacker: f.Key(), Target: a["target"], Strength: st, BaseContact: a["contact"] == "yes", Beyond10: a["far"] == "yes",
				Zealots: n("zealots"), Archivists: n("archivists"), Subliminal: n("subliminal"), Pacifist: a["pacifist"] == "yes",
				Ciphered: a["ciphered"] == "yes", Imp: a["imp"] == "yes", DefFacts: defFactsFrom(a)}, nil
		}}
}

// spaChoices offer the activating incarn f's SP-As still unused this
// activation.
func (s *State) spaChoices(f *Figure, c *Activation) []engines.Choice {
	name := s.nm(f)
	var spas []string
	for _, x := range spaFlesh {
		// Spite, Carrion and Enforcer answer what happens; they are
		// offered as reactions, not as the activating incarn's SP-A.
		if f.Has(x) && x != "Spite" && x != "Carrion" && x != "Enforcer" && !slices.Contains(c.SPAs, x) {
			spas = append(spas, x)
		}
	}
	if len(spas) == 0 {
		return nil
	}
	qs := []engines.Question{
		{Key: "as", Prompt: "Which Fleshtype's SP-A?", Options: func(map[string]string) []engines.Pick {
			var p []engines.Pick
			for _, x := range spas {
				p = append(p, engines.Pick{Value: x, Label: x})
			}
			return p
		}},
		{Key: "target", Prompt: "At whom?", Options: func(map[string]string) []engines.Pick { return s.targetPicks(f) }},
	}
	if slices.Contains(spas, "Smasher") {
		qs = append(qs, engines.Question{Key: "acs", Prompt: "ACs spent moving into base contact (the Smasher's AD)?", Options: func(a map[string]string) []engines.Pick {
			if a["as"] != "Smasher" {
				return []engines.Pick{{Value: "0", Label: "None (not a Smasher's SP-A)"}}
			}
			var p []engines.Pick
			for i := 1; i <= 20; i++ {
				p = append(p, engines.Pick{Value: strconv.Itoa(i), Label: strconv.Itoa(i)})
			}
			return p
		}})
	}
	qs = append(qs, s.defQuestions(f)...)
	return []engines.Choice{{Label: name + " makes a SP-A", Help: strings.Join(spas, ", "), Game: Game, Questions: qs,
		Build: func(a map[string]string) (engines.Command, error) {
			n, _ := strconv.Atoi(a["acs"])
			return Special{Incarn: f.Key(), Target: a["target"], As: a["as"], ACs: n, DefFacts: defFactsFrom(a)}, nil
		}}}
}

// activationChoices are what the activating incarn can do.
func (s *State) activationChoices() []engines.Choice {
	b := s.Battle
	c := b.Current
	f := b.fig(c.Figure)
	name := s.nm(f)
	var out []engines.Choice
	if c.ACs > 0 && (c.Attacks == 0 || f.Has("Gunslinger")) && f.Tag != TagAssassinate && f.Tag != TagEscort {
		out = append(out, s.attackChoice(f, c))
	}
	out = append(out, s.spaChoices(f, c)...)
	if f.Has("Shadow") && c.ACs >= 3 {
		out = append(out, engines.Choice{Label: name + " jumps to another incarn (Shadow, 3 ACs)", Help: "from base contact into base contact with any other incarn", Game: Game, NoDice: true,
			Build: func(map[string]string) (engines.Command, error) { return Move{Incarn: f.Key(), Shadow: true}, nil }})
	}
	if f.Has("Mulligan") && c.ACs > 0 {
		out = append(out, engines.Choice{Label: name + " slays itself to move incarns (Mulligan)", Help: "N ACs: it is slain and N incarns are moved anywhere at the table", Game: Game,
			Questions: []engines.Question{{Key: "acs", Prompt: "How many ACs (incarns to move)?", Options: func(map[string]string) []engines.Pick {
				var p []engines.Pick
				for i := 1; i <= c.ACs; i++ {
					p = append(p, engines.Pick{Value: strconv.Itoa(i), Label: strconv.Itoa(i)})
				}
				return p
			}}},
			Build: func(a map[string]string) (engines.Command, error) {
				n, _ := strconv.Atoi(a["acs"])
				return Slay{Incarn: f.Key(), Mulligan: n}, nil
			}})
	}
	if c.ACs > 0 {
		out = append(out, engines.Choice{Label: name + " moves", Game: Game, NoDice: true, Questions: []engines.Question{
			{Key: "acs", Prompt: "How many ACs on moving?", Options: func(map[string]string) []engines.Pick {
				var p []engines.Pick
				for i := 1; i <= c.ACs; i++ {
					p = append(p, engines.Pick{Value: strconv.Itoa(i), Label: strconv.Itoa(i)})
				}
				return p
			}},
		}, Build: func(a map[string]string) (engines.Command, error) {
			n, _ := strconv.Atoi(a["acs"])
			return Move{Incarn: f.Key(), ACs: n}, nil
		}})
	}
	if f.Has("Homonculist") && !slices.Contains(c.SPAs, "Homonculist") {
		out = append(out, engines.Choice{Label: name + " summons a Roach (Homonculist)", Game: Game, NoDice: true,
			Build: func(map[string]string) (engines.Command, error) { return Summon{Incarn: f.Key()}, nil }})
	}
	out = append(out, engines.Choice{Label: "End " + name + "'s activation", Game: Game, NoDice: !f.Has("Narcissist"),
		Build: func(map[string]string) (engines.Command, error) { return EndActivation{}, nil }})
	return out
}
