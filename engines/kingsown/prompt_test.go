package kingsown

import (
	"slices"
	"strings"
	"testing"

	"warlog/engines"
	"warlog/engines/dice"
)

// canned are free-text answers a player might type, by question key; each
// is used only where the question's own Check accepts it.
var canned = map[string][]string{
	"name":    {"", "Newcomer"},
	"side":    {"hunters", "orcs"},
	"hits":    {"2"},
	"weapons": {"Sword M2 R1", "Club:3:1:Sweep"},
	"more":    {"", "Shield; Fearless; Firebolt; Move 5"},
	"turns":   {"", "2"},
	"field":   {""},
}

// candidates are the free-text answers tried for a question: the canned
// ones, and for several targets every figure alone and every pair.
func candidates(s *State, key string) []string {
	if key != "targets" || s.Battle == nil {
		return canned[key]
	}
	var out []string
	figs := s.Battle.Figures
	for i, f := range figs {
		out = append(out, f.Card.Name)
		for _, g := range figs[i+1:] {
			out = append(out, f.Card.Name+", "+g.Card.Name)
		}
	}
	return out
}

// builds answers a choice's questions every way the menu allows (each
// option of each list, each accepted free-text answer) and returns the
// commands it builds.
func builds(t *testing.T, s *State, ch engines.Choice) []engines.Command {
	t.Helper()
	var out []engines.Command
	var walk func(i int, a map[string]string)
	walk = func(i int, a map[string]string) {
		if i == len(ch.Questions) {
			cmd, err := ch.Build(a)
			if err != nil {
				t.Errorf("%s: Build(%v): %v", ch.Label, a, err)
				return
			}
			out = append(out, cmd)
			return
		}
		q := ch.Questions[i]
		var vals []string
		if q.Options != nil {
			for _, p := range q.Options(a) {
				vals = append(vals, p.Value)
			}
			if len(vals) == 0 {
				t.Errorf("%s: %q offers nothing to choose", ch.Label, q.Prompt)
			}
		} else {
			for _, v := range candidates(s, q.Key) {
				if (v == "" && !q.Optional) || (v != "" && q.Check != nil && q.Check(v) != nil) {
					continue
				}
				vals = append(vals, v)
			}
			if len(vals) == 0 {
				t.Errorf("%s: no answer to %q is accepted", ch.Label, q.Prompt)
			}
		}
		for _, v := range vals {
			next := map[string]string{}
			for k, x := range a {
				next[k] = x
			}
			next[q.Key] = v
			walk(i+1, next)
		}
	}
	walk(0, map[string]string{})
	return out
}

// accept decides cmd on the program's dice without folding it and fails
// the test if Decide touched the state.
func accept(t *testing.T, s *State, cmd engines.Command) error {
	t.Helper()
	before := snapshot(t, s)
	err := Engine.Decide(s, cmd, engines.NewDecision(dice.NewRoller(7, 0, nil)))
	if snapshot(t, s) != before {
		t.Fatalf("%s: Decide changed the state", cmd.Verb())
	}
	return err
}

// offered checks that every command every choice can build is accepted by
// Decide, and returns the choices and the commands.
func offered(t *testing.T, s *State) ([]engines.Choice, []engines.Command) {
	t.Helper()
	chs := s.Choices()
	if len(chs) == 0 {
		t.Fatal("no choice offered")
	}
	var all []engines.Command
	for _, ch := range chs {
		if ch.Build == nil || ch.Label == "" {
			t.Fatalf("a choice without label or Build: %+v", ch)
		}
		for _, cmd := range builds(t, s, ch) {
			if err := accept(t, s, cmd); err != nil {
				t.Errorf("offered %q builds %s %+v, which Decide refuses: %v", ch.Label, cmd.Verb(), cmd, err)
			}
			all = append(all, cmd)
		}
	}
	return chs, all
}

func labels(chs []engines.Choice) []string {
	var out []string
	for _, ch := range chs {
		out = append(out, ch.Label)
	}
	return out
}

// choice finds the offered choice whose label starts with prefix.
func choice(chs []engines.Choice, prefix string) (engines.Choice, bool) {
	for _, ch := range chs {
		if strings.HasPrefix(ch.Label, prefix) {
			return ch, true
		}
	}
	return engines.Choice{}, false
}

func mustChoice(t *testing.T, chs []engines.Choice, prefix string) engines.Choice {
	t.Helper()
	ch, ok := choice(chs, prefix)
	if !ok {
		t.Fatalf("no choice %q among %q", prefix, labels(chs))
	}
	return ch
}

func noChoice(t *testing.T, chs []engines.Choice, prefix, why string) {
	t.Helper()
	if ch, ok := choice(chs, prefix); ok {
		t.Fatalf("%s, yet %q is offered", why, ch.Label)
	}
}

// optionValues lists a question's option values given answers a.
func optionValues(t *testing.T, ch engines.Choice, key string, a map[string]string) []string {
	t.Helper()
	for _, q := range ch.Questions {
		if q.Key == key {
			var out []string
			for _, p := range q.Options(a) {
				out = append(out, p.Value)
			}
			return out
		}
	}
	t.Fatalf("%s: no question %q", ch.Label, key)
	return nil
}

// attackPairs are the attacker/target pairs of single-target attacks.
func attackPairs(cmds []engines.Command) map[string]bool {
	out := map[string]bool{}
	for _, c := range cmds {
		if a, ok := c.(Attack); ok && len(a.Targets) == 1 {
			out[a.Attacker+">"+a.Targets[0]] = true
		}
	}
	return out
}

// The band of the walk-through: a shield, a caster, Frenzy with a Sweep,
// Sure-Footed with two weapons, Ponderous with Multi 2; against a Mob pair
// and a No Rear beast.
func band() []Card {
	return []Card{
		bors(func(c *Card) { c.Shield = true }),
		caster(),
		card("Ulf", "hunters", 2, 2, 2, weapon("Greatsword", 3, true), func(c *Card) { c.Frenzy = true }),
		card("Tam", "hunters", 2, 1, 1, func(c *Card) {
			c.SureFooted = true
			c.Weapons = []Weapon{{Name: "Bow", Might: 2, Reach: 12}, {Name: "Knife", Might: 1, Reach: 1}}
		}),
		card("Brute", "hunters", 3, 3, 3, func(c *Card) { c.Ponderous = true; c.Multi = 2 }),
		grok(func(c *Card) { c.Mob = true; c.Hits = 3 }),
		card("Grak", "orcs", 2, 1, 3, func(c *Card) { c.Mob = true }),
		card("Shellback", "orcs", 1, 3, 4, func(c *Card) { c.NoRear = true }),
	}
}

// Every command any offered choice builds, answered every way the menu
// allows, is accepted by Decide, at each step of a whole fight; and in the
// attack phase every single-target attack Decide accepts is on offer.
func TestEveryOfferedChoiceIsAccepted(t *testing.T) {
	s := newState(engines.Campaign{Name: "Test", Game: "kingsown", Seed: 1})
	chs, _ := offered(t, s)
	if got := labels(chs); !slices.Equal(got, []string{"Recruit a figure"}) {
		t.Fatalf("an empty roster offers %q, want only recruiting", got)
	}
	ko(t, s).Do(Recruit{Cards: band()})
	chs, _ = offered(t, s)
	for _, want := range []string{"Start the Nest brief: the hunters", "Start the Nest brief: the orcs", "Start a fight: the hunters against the orcs", "Recruit a figure"} {
		mustChoice(t, chs, want)
	}
	ko(t, s).Do(engines.StartScenario{Name: "Skirmish", Turns: 2})
	steps := []struct {
		cmd  engines.Command
		dice []int
	}{
		{Initiative{}, []int{6, 1}},
		{ChooseFirst{Side: "hunters"}, nil},
		{Move{Figure: "Bors", Move: "half"}, nil},
		{Move{Figure: "Grok", Move: "half", Pair: "Grak"}, nil},
		{Move{Figure: "Ulf", Move: "full"}, nil},
		{Move{Figure: "Shellback", Move: "stay", Facing: "rear"}, nil},
		{Move{Figure: "Tam", Move: "full", Rough: true}, nil},
		{Move{Figure: "Brute", Move: "half"}, nil},
		{Next{}, nil},
		{Attack{Attacker: "Bors", Targets: []string{"Grok"}}, []int{1, 6, 1}},
		{Cast{Caster: "Wyn", Spell: "Firebolt", Targets: []string{"Grak"}}, []int{5}},
		{Attack{Attacker: "Ulf", Targets: []string{"Grak", "Bors"}}, []int{1, 6, 1, 6}},
		{Next{}, nil},
		{Initiative{}, []int{1, 6}},
		{ChooseFirst{Side: "hunters"}, nil},
		{Next{}, nil},
		{Attack{Attacker: "Shellback", Targets: []string{"Brute"}}, []int{1, 6, 6}},
		{Next{}, nil},
	}
	for i, st := range steps {
		_, cmds := offered(t, s)
		if s.Battle.Phase == PhaseAttack {
			got := attackPairs(cmds)
			for _, a := range s.Battle.Figures {
				for _, tg := range s.Battle.Figures {
					legal := false
					for _, w := range a.Card.Weapons {
						legal = legal || s.legal(Attack{Attacker: a.Card.Name, Targets: []string{tg.Card.Name}, Weapon: w.Name})
					}
					if legal != got[a.Card.Name+">"+tg.Card.Name] {
						t.Errorf("step %d: %s attacking %s: legal %v, offered %v", i, a.Card.Name, tg.Card.Name, legal, !legal)
					}
				}
			}
		}
		ko(t, s).Do(st.cmd, st.dice...)
	}
	if s.Battle.Phase != PhaseOver {
		t.Fatalf("phase %s after the last turn", s.Battle.Phase)
	}
	chs, _ = offered(t, s)
	if got := labels(chs); !slices.Equal(got, []string{"End the fight"}) {
		t.Fatalf("at the turn limit the menu is %q, want only the end", got)
	}
	ko(t, s).Do(engines.EndScenario{})
	offered(t, s)
}

// The Nest brief: initiative says the Nest rolls first; a spawned grunt is
// offered a move on the Nest's side; the Nest itself never moves or
// attacks, and is struck from the front only (hit automatically).
func TestNestChoices(t *testing.T) {
	s := newGame(t, bors(), caster())
	chs, _ := offered(t, s)
	start := mustChoice(t, chs, "Start the Nest brief: the hunters")
	cmd, err := start.Build(map[string]string{"turns": "3"})
	must(t, err)
	if c := cmd.(engines.StartScenario); c.Name != "The Nest" || c.Brief != "nest" || c.Turns != 3 || !slices.Equal(c.Field, []string{"Bors", "Wyn"}) {
		t.Fatalf("start builds %+v", c)
	}
	ko(t, s).Do(cmd)
	chs, _ = offered(t, s)
	ini := mustChoice(t, chs, "Roll initiative for turn 1 of 3")
	if !strings.Contains(ini.Help, "the Nest rolls first") || ini.NoDice {
		t.Fatalf("initiative: %+v", ini)
	}
	ko(t, s).Do(Initiative{First: "nest"}, 1, 6, 1) // a grunt spawns; nest sent first
	chs, _ = offered(t, s)
	mustChoice(t, chs, "Move Orc grunt 1")
	noChoice(t, chs, "Move Bors", "the nest side is to move")
	noChoice(t, chs, "Move Nest", "the Nest is static")
	ko(t, s).Do(Next{})
	chs, _ = offered(t, s)
	noChoice(t, chs, "Nest attacks", "the Nest does not attack")
	bors := mustChoice(t, chs, "Bors attacks with Sword")
	if got := optionValues(t, bors, "rear", map[string]string{"target": "Nest"}); !slices.Equal(got, []string{""}) {
		t.Fatalf("against the Nest the rear question offers %q, want the front only", got)
	}
	if got := optionValues(t, bors, "rear", map[string]string{"target": "Orc grunt 1"}); !slices.Equal(got, []string{"", "rear"}) {
		t.Fatalf("against the grunt the rear question offers %q", got)
	}
}

// seed 003 line 7: "its full Move and not"; line 18: Frenzy may move full
// and attack; line 22: Ponderous may not move and attack.
func TestNoAttackOfferedAfterAFullMove(t *testing.T) {
	s := fight(t, bors(), card("Ulf", "hunters", 2, 2, 2, func(c *Card) { c.Frenzy = true }),
		card("Brute", "hunters", 2, 3, 3, func(c *Card) { c.Ponderous = true }), grok(), card("Grak", "orcs", 2, 1, 1), card("Gark", "orcs", 2, 1, 1))
	ko(t, s).Do(Move{Figure: "Bors", Move: "full"})
	ko(t, s).Do(Move{Figure: "Grok", Move: "stay"})
	ko(t, s).Do(Move{Figure: "Ulf", Move: "full"})
	ko(t, s).Do(Move{Figure: "Grak", Move: "stay"})
	ko(t, s).Do(Move{Figure: "Brute", Move: "half"})
	ko(t, s).Do(Next{})
	chs, _ := offered(t, s)
	noChoice(t, chs, "Bors attacks", "Bors moved full without Frenzy")
	noChoice(t, chs, "Brute attacks", "Brute is Ponderous and moved")
	mustChoice(t, chs, "Ulf attacks")
	mustChoice(t, chs, "Grok attacks")
	mustChoice(t, chs, "Gark attacks") // did not move: stays
}

// RULINGS: "Once a lower Skill step has begun, a higher step cannot attack
// this turn"; seed 003 line 6: equal Skills strike together.
func TestNoHigherStepOfferedAfterALowerBegan(t *testing.T) {
	s := attackPhase(t, bors(), card("Tam", "hunters", 2, 1, 1), grok(func(c *Card) { c.Hits = 3 }))
	chs, _ := offered(t, s)
	if got := labels(chs); got[0] != "Bors attacks with Sword M2 R1" {
		t.Fatalf("the menu starts with %q, want the highest Skill first", got[0])
	}
	tam := mustChoice(t, chs, "Tam attacks")
	if !strings.Contains(tam.Help, "Bors can no longer attack") {
		t.Fatalf("starting the lower step does not warn: %q", tam.Help)
	}
	ko(t, s).Do(Attack{Attacker: "Grok", Targets: []string{"Bors"}}, 6)
	chs, _ = offered(t, s)
	noChoice(t, chs, "Bors attacks", "the Skill 2 step has begun")
	mustChoice(t, chs, "Tam attacks")
	noChoice(t, chs, "Grok attacks", "Grok has made its one attack")
	end := mustChoice(t, chs, "End turn 1")
	if !strings.Contains(end.Help, "Tam could still attack") {
		t.Fatalf("ending the turn does not say who loses an attack: %q", end.Help)
	}
}

// seed 003 line 6: sides alternate one figure at a time; line 23: Mob
// figures share one move.
func TestMoveChoices(t *testing.T) {
	mob := func(c *Card) { c.Mob = true }
	s := fight(t, bors(), card("Tam", "hunters", 2, 1, 1, func(c *Card) { c.SureFooted = true }), grok(mob), card("Grak", "orcs", 2, 1, 1, mob))
	chs, _ := offered(t, s)
	mustChoice(t, chs, "Move Bors")
	noChoice(t, chs, "Move Grok", "the hunters are to move")
	if tam := mustChoice(t, chs, "Move Tam"); !tam.NoDice {
		t.Fatal("a Sure-Footed move asks for dice it never rolls")
	}
	bors := mustChoice(t, chs, "Move Bors")
	if bors.NoDice {
		t.Fatal("Bors's move may roll for rough ground, yet asks no dice")
	}
	if got := optionValues(t, bors, "rough", map[string]string{"move": "stay"}); !slices.Equal(got, []string{""}) {
		t.Fatalf("standing still offers rough ground: %q", got)
	}
	ko(t, s).Do(Move{Figure: "Bors", Move: "half"})
	chs, _ = offered(t, s)
	noChoice(t, chs, "Move Bors", "Bors has moved")
	g := mustChoice(t, chs, "Move Grok with another Mob figure")
	if got := optionValues(t, g, "pair", nil); !slices.Equal(got, []string{"Grak"}) {
		t.Fatalf("Grok's pair options %q", got)
	}
	noChoice(t, chs, "Move Grak", "the pair Grok and Grak is on the menu once, under Grok")
	cmd, err := g.Build(map[string]string{"pair": "Grak", "move": "full", "facing": "rear", "rough": "yes"})
	must(t, err)
	if want := (Move{Figure: "Grok", Move: "full", Facing: "rear", Rough: true, Pair: "Grak"}); cmd != want {
		t.Fatalf("built %+v, want %+v", cmd, want)
	}
}

// Three Mob figures: every pair is offered once; the one left over moves
// alone once the pair has moved.
func TestMobPairsOnce(t *testing.T) {
	mob := func(c *Card) { c.Mob = true }
	s := fight(t, grok(mob), card("Grak", "orcs", 2, 1, 1, mob), card("Gark", "orcs", 2, 1, 1, mob), bors())
	chs, _ := offered(t, s)
	if got := optionValues(t, mustChoice(t, chs, "Move Grok with"), "pair", nil); !slices.Equal(got, []string{"Grak", "Gark"}) {
		t.Fatalf("Grok pairs with %q", got)
	}
	if got := optionValues(t, mustChoice(t, chs, "Move Grak with"), "pair", nil); !slices.Equal(got, []string{"Gark"}) {
		t.Fatalf("Grak pairs with %q", got)
	}
	noChoice(t, chs, "Move Gark", "Gark's pairs are offered under Grok and Grak")
	ko(t, s).Do(Move{Figure: "Grak", Move: "half", Pair: "Gark"})
	ko(t, s).Do(Move{Figure: "Bors", Move: "half"})
	chs, _ = offered(t, s)
	if ch := mustChoice(t, chs, "Move Grok (orcs"); len(ch.Questions) != 3 {
		t.Fatalf("the last Mob figure moves alone, yet is asked %d questions", len(ch.Questions))
	}
}

// seed 003 line 41: Firebolt's price, and Rally "recovers 1 lost Skill".
func TestSpellChoices(t *testing.T) {
	s := attackPhase(t, caster(), bors(), grok(func(c *Card) { c.Hits = 5; c.Skill = 3 }), card("Shellback", "orcs", 1, 3, 4, func(c *Card) { c.NoRear = true }))
	chs, _ := offered(t, s)
	noChoice(t, chs, "Wyn casts Rally", "nobody has lost Skill")
	fb := mustChoice(t, chs, "Wyn casts Firebolt")
	if got := optionValues(t, fb, "target", nil); !slices.Equal(got, []string{"Grok", "Shellback"}) {
		t.Fatalf("Firebolt targets %q, want the enemies", got)
	}
	if got := optionValues(t, fb, "rear", map[string]string{"target": "Shellback"}); !slices.Equal(got, []string{""}) {
		t.Fatalf("No Rear: the rear is offered against Shellback: %q", got)
	}
	ward := mustChoice(t, chs, "Wyn casts Ward")
	if got := optionValues(t, ward, "target", nil); !slices.Equal(got, []string{"Wyn", "Bors"}) {
		t.Fatalf("Ward targets %q, want the friends, self included", got)
	}
	ko(t, s).Do(Attack{Attacker: "Grok", Targets: []string{"Bors"}}, 1, 1, 6) // the Skill 3 step: Bors suppressed to 2
	chs, _ = offered(t, s)
	rally := mustChoice(t, chs, "Wyn casts Rally")
	if got := optionValues(t, rally, "target", nil); !slices.Equal(got, []string{"Bors"}) {
		t.Fatalf("Rally targets %q, want Bors alone", got)
	}
	ko(t, s).Do(Cast{Caster: "Wyn", Spell: "Firebolt", Targets: []string{"Grok"}}, 4) // fails: locked out next turn
	ko(t, s).Do(Next{})
	rollOff(t, s, 6, 1)
	ko(t, s).Do(Next{})
	chs, _ = offered(t, s)
	noChoice(t, chs, "Wyn casts", "Wyn is locked out by a failed Firebolt")
	mustChoice(t, chs, "Wyn attacks with Sword")
}

// Multi m: up to m attacks per turn, and the menu says how many are left.
func TestMultiChoices(t *testing.T) {
	s := attackPhase(t, bors(func(c *Card) { c.Multi = 2 }), grok(func(c *Card) { c.Hits = 5 }))
	chs, _ := offered(t, s)
	mustChoice(t, chs, "Bors attacks with Sword M2 R1 [2 attacks left]")
	ko(t, s).Do(Attack{Attacker: "Bors", Targets: []string{"Grok"}}, 6)
	chs, _ = offered(t, s)
	mustChoice(t, chs, "Bors attacks with Sword M2 R1 [1 attack left]")
	ko(t, s).Do(Attack{Attacker: "Bors", Targets: []string{"Grok"}}, 6)
	chs, _ = offered(t, s)
	noChoice(t, chs, "Bors attacks", "Bors has made both its attacks")
}

// A Sweep names its targets as text; only figures the rules accept pass.
func TestSweepTargets(t *testing.T) {
	s := attackPhase(t, card("Ulf", "hunters", 3, 2, 2, weapon("Greatsword", 3, true)), bors(), grok(), card("Grak", "orcs", 2, 1, 1))
	chs, _ := offered(t, s)
	ulf := mustChoice(t, chs, "Ulf sweeps with Greatsword")
	q := ulf.Questions[0]
	if q.Options != nil || q.Check == nil {
		t.Fatalf("the sweep's targets are not typed and checked: %+v", q)
	}
	for _, bad := range []string{"Ulf", "Grok, Grok", "Nobody"} {
		if q.Check(bad) == nil {
			t.Errorf("the sweep accepts %q", bad)
		}
	}
	must(t, q.Check("Grok, Bors, grak"))
	cmd, err := ulf.Build(map[string]string{"targets": "Grok, Bors, grak", "rear": ""})
	must(t, err)
	if a := cmd.(Attack); !slices.Equal(a.Targets, []string{"Grok", "Bors", "Grak"}) || a.Weapon != "" {
		t.Fatalf("built %+v", a)
	}
}

// Between fights the dead and those at campaign Skill 0 are not fielded.
func TestStartChoicesField(t *testing.T) {
	s := fight(t, bors(func(c *Card) { c.Hits = 1 }), card("Tam", "hunters", 1, 1, 1), card("Edda", "hunters", 3, 1, 1),
		grok(func(c *Card) { c.Multi = 2; c.Skill = 4 }))
	ko(t, s).Do(Next{})
	ko(t, s).Do(Attack{Attacker: "Grok", Targets: []string{"Bors"}}, 1, 6, 1) // Down
	ko(t, s).Do(Attack{Attacker: "Grok", Targets: []string{"Tam"}}, 1, 1, 6)  // Broken
	ko(t, s).Do(engines.EndScenario{})
	chs, _ := offered(t, s)
	st := mustChoice(t, chs, "Start the Nest brief: the hunters")
	if !strings.Contains(st.Questions[2].Prompt, "all of Edda)") {
		t.Fatalf("field prompt %q, want Edda alone", st.Questions[2].Prompt)
	}
	if st.Questions[2].Check("Bors") == nil || st.Questions[2].Check("Tam") == nil || st.Questions[2].Check("Grok") == nil {
		t.Fatal("the dead, a figure at Skill 0 or an orc may be named to take the hunters' Nest")
	}
	mustChoice(t, chs, "Start a fight: the hunters against the orcs")
}

// The dice purposes say what the die needs where the rule fixes it: this is
// what `warlog play` shows when the player enters dice by hand.
func TestDicePurposesSayWhatIsNeeded(t *testing.T) {
	needs := func(s *State, cmd engines.Command, hand ...int) []string {
		t.Helper()
		r := dice.NewRoller(1, 0, hand)
		must(t, Engine.Decide(s, cmd, engines.NewDecision(r)))
		var out []string
		for _, n := range r.Used() {
			out = append(out, n.Purpose)
		}
		return out
	}
	s := attackPhase(t, bors(), caster(), grok(func(c *Card) { c.Hits = 3 }))
	for _, tc := range []struct {
		cmd  engines.Command
		dice []int
		want []string
	}{
		{Attack{Attacker: "Bors", Targets: []string{"Grok"}}, []int{3, 4, 2}, []string{
			"hit roll for Bors against Grok (needs 3 or less)",
			"attacker's damage die for Bors (d6+2 against Grok's d6+1; higher takes a Hit)",
			"defender's damage die for Grok (needs 5 or more to hold against 4+2)"}},
		{Attack{Attacker: "Bors", Targets: []string{"Grok"}}, []int{1, 6, 2}, []string{
			"hit roll for Bors against Grok (needs 3 or less)",
			"attacker's damage die for Bors (d6+2 against Grok's d6+1; higher takes a Hit)",
			"defender's damage die for Grok (cannot hold against 6+2: one Hit whatever it shows)"}},
		{Cast{Caster: "Wyn", Spell: "Ward", Targets: []string{"Bors"}}, []int{2}, []string{"cast roll for Wyn's Ward (needs 3 or less)"}},
	} {
		if got := needs(s, tc.cmd, tc.dice...); !slices.Equal(got, tc.want) {
			t.Errorf("%+v: purposes\n%q\nwant\n%q", tc.cmd, got, tc.want)
		}
	}
	f := fight(t, bors(), grok())
	if got := needs(f, Move{Figure: "Bors", Move: "half", Rough: true}, 2); !slices.Equal(got, []string{"rough ground Skill roll for Bors (needs 3 or less)"}) {
		t.Errorf("rough ground purpose %q", got)
	}
	n := newGame(t, bors())
	ko(t, n).Do(engines.StartScenario{Name: "N", Brief: "nest"})
	if got := needs(n, Initiative{}, 3, 6, 1); got[0] != "Nest spawn roll (1 or 2 spawns an Orc grunt)" || got[1] != "initiative roll for hunters (higher wins)" {
		t.Errorf("initiative purposes %q", got)
	}
	// Armour that holds whatever the die shows says so.
	s = attackPhase(t, bors(func(c *Card) { c.Weapons = []Weapon{{Name: "Stick", Might: 0, Reach: 1}} }), grok(func(c *Card) { c.Res = 3; c.Fearless = true }))
	if got := needs(s, Attack{Attacker: "Bors", Targets: []string{"Grok"}}, 1, 2, 1); got[2] != "defender's damage die for Grok (holds whatever it shows against 2+0)" {
		t.Errorf("defender purpose %q", got[2])
	}
}

// A weapon named exactly is used even when another's name starts the same.
func TestWeaponExactName(t *testing.T) {
	s := attackPhase(t, bors(func(c *Card) {
		c.Weapons = []Weapon{{Name: "Swordbreaker", Might: 1, Reach: 1}, {Name: "Sword", Might: 2, Reach: 1}}
	}), grok())
	d := ko(t, s).Do(Attack{Attacker: "Bors", Targets: []string{"Grok"}, Weapon: "Sword"}, 1, 6, 1)
	if !strings.Contains(d.LabelText(), "with Sword (M2)") {
		t.Fatalf("label %q, want the Sword", d.LabelText())
	}
}

// RULINGS: names are unique per side; where both sides have a Bors, the
// commands the menu builds name each as SIDE/NAME.
func TestSameNameOnBothSides(t *testing.T) {
	s := newGame(t, bors(), card("Bors", "orcs", 2, 1, 1))
	chs, _ := offered(t, s)
	cmd, err := mustChoice(t, chs, "Start a fight: the hunters against the orcs").Build(map[string]string{})
	must(t, err)
	if got := cmd.(engines.StartScenario).Field; !slices.Equal(got, []string{"hunters/Bors", "orcs/Bors"}) {
		t.Fatalf("field %q", got)
	}
	ko(t, s).Do(cmd)
	rollOff(t, s, 6, 1)
	chs, _ = offered(t, s)
	mv, err := mustChoice(t, chs, "Move Bors (hunters").Build(map[string]string{"move": "half", "facing": "front"})
	must(t, err)
	if mv.(Move).Figure != "hunters/Bors" {
		t.Fatalf("move built %+v", mv)
	}
	ko(t, s).Do(Next{})
	_, cmds := offered(t, s)
	if pairs := attackPairs(cmds); !pairs["hunters/Bors>orcs/Bors"] || !pairs["orcs/Bors>hunters/Bors"] {
		t.Fatalf("attacks offered %v", pairs)
	}
}

// RULINGS (changed): within a Skill step every hit roll uses the Skill the
// figure had when the step began, and the menu says so.
func TestMenuHitRollUsesTheStepSkill(t *testing.T) {
	s := attackPhase(t, card("Tam", "hunters", 2, 1, 2), grok(func(c *Card) { c.Hits = 3 }))
	ko(t, s).Do(Attack{Attacker: "Tam", Targets: []string{"Grok"}}, 1, 1, 6) // Grok suppressed to 1
	chs, _ := offered(t, s)
	if g := mustChoice(t, chs, "Grok attacks"); !strings.Contains(g.Help, "hits on 2 or less") {
		t.Fatalf("Grok's attack: %q, want the Skill 2 its step began with", g.Help)
	}
}

// seed 003 line 12: a Skill roll to enter rough ground and another to
// leave it; the menu offers a move that does both.
func TestMenuOffersRoughGroundBothWays(t *testing.T) {
	s := fight(t, bors(), grok())
	mv := mustChoice(t, s.Choices(), "Move Bors")
	if got := optionValues(t, mv, "rough", map[string]string{"move": "half"}); !slices.Equal(got, []string{"", "yes", "both"}) {
		t.Fatalf("rough ground options %q, want no, one roll, two", got)
	}
	cmd, err := mv.Build(map[string]string{"move": "half", "rough": "both", "facing": "front"})
	must(t, err)
	if want := (Move{Figure: "Bors", Move: "half", Facing: "front", Rough: true, Leave: true}); cmd != want {
		t.Fatalf("built %+v, want %+v", cmd, want)
	}
	offered(t, s)
}

// seed 003 line 6: "high chooses who starts moving": play rolls first and
// asks the winner after the dice.
func TestMenuAsksWhoMovesFirstAfterTheDice(t *testing.T) {
	s := newGame(t, bors(), grok())
	ko(t, s).Do(engines.StartScenario{Name: "Skirmish"})
	chs, _ := offered(t, s)
	ini := mustChoice(t, chs, "Roll initiative for turn 1")
	if len(ini.Questions) != 0 || ini.NoDice {
		t.Fatalf("initiative asks %d questions before its dice", len(ini.Questions))
	}
	cmd, err := ini.Build(nil)
	must(t, err)
	ko(t, s).Do(cmd, 2, 5)
	chs, _ = offered(t, s)
	ch := mustChoice(t, chs, "The orcs won the roll-off: choose who moves first")
	if got := optionValues(t, ch, "first", nil); !slices.Equal(got, []string{"orcs", "hunters"}) || !ch.NoDice {
		t.Fatalf("the choice offers %q (no dice %v), want the winner first", got, ch.NoDice)
	}
	noChoice(t, chs, "Move", "the choice is due")
	cmd, err = ch.Build(map[string]string{"first": "hunters"})
	must(t, err)
	if cmd != (ChooseFirst{Side: "hunters"}) {
		t.Fatalf("built %+v", cmd)
	}
	ko(t, s).Do(cmd)
	mustChoice(t, s.Choices(), "Move Bors")
}

// first is the label of the menu's first choice: the one play opens on.
func first(t *testing.T, s *State) string {
	t.Helper()
	chs, _ := offered(t, s)
	return chs[0].Label
}

// The menu opens on the likeliest next action: the move of the next figure
// of the side to move that has not moved (seed 003 line 6: sides alternate
// one figure at a time), the end of movement once all have moved, then the
// attack of the highest Skill step (line 6: in Skill order, highest first),
// the end of the turn once no attack is left. A move opens on the farthest
// that keeps the attack (line 7: half and attack; line 18: Frenzy full and
// attack; line 22: Ponderous not at all).
func TestMenuOpensOnTheLikeliestAction(t *testing.T) {
	s := fight(t, bors(), caster(), card("Ulf", "hunters", 2, 2, 2, func(c *Card) { c.Frenzy = true }),
		card("Brute", "hunters", 2, 3, 3, func(c *Card) { c.Ponderous = true }), grok())
	if got := first(t, s); got != `Move Bors (hunters, Move 4")` {
		t.Fatalf("movement opens on %q, want Bors's move", got)
	}
	chs, _ := offered(t, s)
	for name, want := range map[string]string{"Move Bors": "half", "Move Ulf": "full", "Move Brute": "stay"} {
		if got := optionValues(t, mustChoice(t, chs, name), "move", map[string]string{}); got[0] != want {
			t.Errorf("%s opens on %q, want %q (of %q)", name, got[0], want, got)
		}
	}
	ko(t, s).Do(Move{Figure: "Bors", Move: "half"})
	if got := first(t, s); !strings.HasPrefix(got, "Move Grok") {
		t.Fatalf("after Bors the menu opens on %q, want the orcs' Grok", got)
	}
	ko(t, s).Do(Move{Figure: "Grok", Move: "stay"})
	if got := first(t, s); !strings.HasPrefix(got, "Move Wyn") {
		t.Fatalf("the orcs done, the menu opens on %q, want the next hunter, Wyn", got)
	}
	for _, n := range []string{"Wyn", "Ulf", "Brute"} {
		ko(t, s).Do(Move{Figure: n, Move: "stay"})
	}
	if got := first(t, s); got != "End the movement phase" {
		t.Fatalf("all moved, the menu opens on %q", got)
	}
	ko(t, s).Do(Next{})
	if got := first(t, s); got != "Bors attacks with Sword M2 R1" {
		t.Fatalf("the attacks open on %q, want the Skill 3 step's first, Bors", got)
	}
	ko(t, s).Do(Attack{Attacker: "Grok", Targets: []string{"Bors"}}, 6)
	ko(t, s).Do(Attack{Attacker: "Ulf", Targets: []string{"Grok"}}, 6)
	if got := first(t, s); got != "Brute attacks with Sword M2 R1" {
		t.Fatalf("the Skill 2 step begun, the menu opens on %q, want Brute's attack", got)
	}
	ko(t, s).Do(Attack{Attacker: "Brute", Targets: []string{"Grok"}}, 6)
	if got := first(t, s); got != "End turn 1" {
		t.Fatalf("no attack left, the menu opens on %q", got)
	}
}
