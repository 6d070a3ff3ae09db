package brood

import (
	"encoding/json"
	"sort"
	"strings"
	"testing"

	"warlog/engines"
	"warlog/engines/dice"
)

// startAnswers are free-text answers for the start menu's questions.
var startAnswers = map[string][]string{
	"name":   {"G2"},
	"size":   {"", "10"},
	"first":  {"red=2,2"},
	"second": {"blue=7,7"},
}

// offered is one complete answer to a Choice and the command it builds.
type offered struct {
	choice string
	cmd    engines.Command
}

// allOffers answers every question of every Choice in every way offered
// and builds each command.
func allOffers(t *testing.T, s *State) []offered {
	t.Helper()
	var out []offered
	for _, ch := range s.Choices() {
		if ch.Build == nil || ch.Label == "" {
			t.Fatalf("choice %+v lacks a label or a Build", ch)
		}
		var walk func(i int, a map[string]string)
		walk = func(i int, a map[string]string) {
			if i == len(ch.Questions) {
				cmd, err := ch.Build(a)
				if err != nil {
					t.Fatalf("%s %v: Build: %v", ch.Label, a, err)
				}
				out = append(out, offered{ch.Label, cmd})
				return
			}
			q := ch.Questions[i]
			var vals []string
			if q.Options != nil {
				picks := q.Options(a)
				if len(picks) == 0 {
					t.Fatalf("%s: question %q offers nothing after %v", ch.Label, q.Prompt, a)
				}
				for _, p := range picks {
					if p.Label == "" {
						t.Fatalf("%s: question %q has an unlabelled pick %q", ch.Label, q.Prompt, p.Value)
					}
					vals = append(vals, p.Value)
				}
			} else {
				vals = startAnswers[q.Key]
				if len(vals) == 0 {
					t.Fatalf("%s: no test answer for free-text question %q", ch.Label, q.Key)
				}
				for _, v := range vals {
					if q.Check != nil && v != "" {
						if err := q.Check(v); err != nil {
							t.Fatalf("%s: Check refuses the good answer %q: %v", ch.Label, v, err)
						}
					}
				}
			}
			for _, v := range vals {
				b := map[string]string{}
				for k, x := range a {
					b[k] = x
				}
				b[q.Key] = v
				walk(i+1, b)
			}
		}
		walk(0, map[string]string{})
	}
	return out
}

// key names a command for comparison; attack ignores the tie choice and the
// Mother's attack the order (the rules accept any).
func key(c engines.Command) string {
	switch v := c.(type) {
	case Attack:
		v.OnTie = ""
		c = v
	case MotherAttack:
		v.Order = nil
		c = v
	}
	j, _ := json.Marshal(c)
	return c.Verb() + " " + string(j)
}

// universe is every command worth trying in the position.
func universe(s *State) []engines.Command {
	b := s.Battle
	var out []engines.Command
	var names []string
	for _, p := range b.Living() {
		names = append(names, p.Name)
	}
	out = append(out, EndTurn{}, MotherAttack{})
	for n := 1; n <= MaxLife; n++ {
		out = append(out, Regenerate{N: n})
	}
	for y := 1; y <= b.Size; y++ {
		for x := 1; x <= b.Size; x++ {
			out = append(out, Spawn{X: x, Y: y}, MotherMove{X: x, Y: y})
			for _, n := range names {
				out = append(out, Move{Spawn: n, X: x, Y: y})
			}
		}
	}
	for _, n := range names {
		p := b.Piece(n)
		out = append(out, Absorb{Spawn: n}, Subvert{Spawn: n})
		for _, st := range []string{"attack", "defense", "move"} {
			for k := 1; k <= StatCap; k++ {
				out = append(out, Raise{Spawn: n, Stat: st, N: k})
			}
		}
		for _, t := range append(append([]string{}, names...), b.Mothers[0].Player, b.Mothers[1].Player) {
			out = append(out, Attack{Spawn: n, Target: t, OnTie: "end"})
		}
		for _, e := range Mutations {
			if e.Name != Mitosis {
				out = append(out, Mutate{Spawn: n, Mutation: e.Name})
				continue
			}
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					if dx != 0 || dy != 0 {
						out = append(out, Mutate{Spawn: n, Mutation: Mitosis, AtX: p.X + dx, AtY: p.Y + dy})
					}
				}
			}
		}
	}
	for _, e := range Evolutions {
		for _, proxy := range append([]string{""}, names...) {
			for _, font := range append([]string{""}, names...) {
				out = append(out, Evolve{Evolution: e.Name, Proxy: proxy, Font: font})
			}
		}
	}
	return out
}

// checkOffers checks a position: every command offered is accepted by
// Decide, every command the rules accept is offered, and asking changes
// nothing. It returns the offers by choice label.
func checkOffers(t *testing.T, g *game) map[string][]string {
	t.Helper()
	before := g.snapshot()
	offers := allOffers(t, g.s)
	if g.snapshot() != before {
		t.Fatal("asking for the choices changed the state")
	}
	got := map[string]bool{}
	byChoice := map[string][]string{}
	for _, o := range offers {
		// Program dice: whatever they show, an offered command stands.
		if err := Engine.Decide(g.s, o.cmd, engines.NewDecision(dice.NewRoller(uint64(len(got)), 0, nil))); err != nil {
			t.Errorf("%s offers %s, which Decide refuses: %v", o.choice, key(o.cmd), err)
		}
		got[key(o.cmd)] = true
		byChoice[o.choice] = append(byChoice[o.choice], key(o.cmd))
	}
	if g.s.Battle == nil || g.s.Battle.Over {
		return byChoice
	}
	for _, c := range universe(g.s) {
		if g.s.legal(c) != got[key(c)] {
			t.Errorf("%s: the rules accept it = %v, offered = %v", key(c), g.s.legal(c), got[key(c)])
		}
	}
	return byChoice
}

func labels(s *State) []string {
	var out []string
	for _, c := range s.Choices() {
		out = append(out, c.Label)
	}
	return out
}

func TestChoicesBeforeAndAfterAGame(t *testing.T) {
	g := newGame(t, "")
	by := checkOffers(t, g)
	if l := labels(g.s); len(l) != 1 || l[0] != "Start a game" {
		t.Fatalf("with no game the menu is %v", l)
	}
	starts := by["Start a game"]
	sort.Strings(starts)
	if len(starts) != 2 || !strings.HasSuffix(starts[0], `"name":"G2","mothers":["red=2,2","blue=7,7"]}`) || !strings.HasSuffix(starts[1], `"size":10,"mothers":["red=2,2","blue=7,7"]}`) {
		t.Fatalf("start commands %v", starts)
	}
	// Free-text answers are checked before anything is recorded.
	for _, q := range g.s.Choices()[0].Questions {
		if q.Check == nil {
			continue
		}
		for _, bad := range []string{"7", "x", "red", "red=3"} {
			if q.Check(bad) == nil && (q.Key == "size" || bad != "7") {
				t.Errorf("question %s accepts %q", q.Key, bad)
			}
		}
	}

	g = started(t, "")
	g.mother("red").Plasmid = 0
	g.Do(engines.EndScenario{Winner: "blue"})
	checkOffers(t, g)
	if l := labels(g.s); len(l) != 1 || l[0] != "Start a game" {
		t.Fatalf("after the game the menu is %v", l)
	}
}

// Round 1: the Mother may only spawn, on the empty squares of her Sphere
// (seed 004 line 23: "within her SoI"), or end the turn or the game.
func TestChoicesFirstTurn(t *testing.T) {
	g := started(t, "")
	by := checkOffers(t, g)
	if l := labels(g.s); strings.Join(l, "|") != "Spawn|End red's turn|End the game" {
		t.Fatalf("menu %v", l)
	}
	squares := by["Spawn"]
	if len(squares) != 7 || !strings.Contains(strings.Join(squares, " "), `{"x":4,"y":4}`) {
		t.Fatalf("spawn squares %v", squares)
	}
	ch := g.s.Choices()[0]
	if c, _ := ch.Build(map[string]string{"square": "4,4"}); c != (Spawn{X: 4, Y: 4}) {
		t.Fatalf("Build gives %#v, want what `brood spawn 4,4` gives", c)
	}
	if !ch.NoDice || !g.s.Choices()[1].NoDice {
		t.Fatal("spawning and a quiet end of turn roll no dice")
	}
	// Spent out: no spawn on the menu.
	g.Do(Spawn{X: 4, Y: 4})
	g.Do(Spawn{X: 4, Y: 3})
	checkOffers(t, g)
	if l := labels(g.s); strings.Contains(strings.Join(l, "|"), "Spawn") {
		t.Fatalf("a spawn offered with %d Plasmid: %v", g.mother("red").Plasmid, l)
	}
}

// RULINGS, Brood Mother, Board and pieces: "The count runs over the piece's
// whole turn": after a diagonal step the menu offers a move-2 spawn no
// second diagonal, and a levitating Mother none either.
func TestChoicesCountDiagonalsOverTheTurn(t *testing.T) {
	g := started(t, "")
	g.put("R1", "red", 4, 1, 1, 1, 2)
	g.mother("red").Plasmid = 25
	g.Do(Evolve{Evolution: Levitation})
	g.Do(Move{Spawn: "R1", X: 5, Y: 2})
	g.Do(MotherMove{X: 3, Y: 3})
	by := checkOffers(t, g)
	moves := strings.Join(by["Move a spawn"], " ")
	if !strings.Contains(moves, `"x":6,"y":2`) || strings.Contains(moves, `"x":6,"y":3`) || strings.Contains(moves, `"x":4,"y":3`) {
		t.Errorf("R1 after a diagonal is offered %s; want 6,2 and no diagonal", moves)
	}
	lev := strings.Join(by["The Mother levitates"], " ")
	if !strings.Contains(lev, `"x":3,"y":4`) {
		t.Errorf("the Mother after a diagonal is offered %s; want 3,4", lev)
	}
	for _, diag := range []string{`"x":2,"y":2`, `"x":4,"y":4`, `"x":2,"y":4`, `"x":4,"y":2`} {
		if strings.Contains(lev, diag) {
			t.Errorf("the Mother after a diagonal is offered another: %s", lev)
		}
	}
}

// A busy position: fights at hand (a tie a spawn can counter), spores at
// range, Fonts and a Proxy, points to raise, a spawn big enough to mutate,
// a Mother with Levitation and Subversion and Life to buy.
func TestChoicesBusyPosition(t *testing.T) {
	g := started(t, "")
	g.Do(Spawn{X: 4, Y: 4})
	g.endTurn()
	g.endTurn()
	red := g.mother("red")
	red.Plasmid, red.Life, red.Evolutions = 50, 3, []string{Levitation, Subversion}
	g.put("R2", "red", 4, 3, 6, 6, 4, SporeSlinger).Points = 2
	g.put("RF", "red", 3, 6, 0, 2, 0, PlasmidFont)
	px := g.put("RP", "red", 1, 8, 5, 2, 0, PlasmidFont)
	px.Proxy = true
	g.put("B1", "blue", 5, 5, 1, 1, 2)
	g.put("BF", "blue", 8, 3, 0, 1, 0, PlasmidFont)
	g.put("B2", "blue", 5, 7, 2, 2, 2)
	g.put("B3", "blue", 4, 1, 2, 2, 2)
	g.put("B4", "blue", 1, 4, 2, 2, 2)
	g.put("R3", "red", 2, 5, 5, 5, 5) // next to the Font RF: in her reach
	by := checkOffers(t, g)
	menu := strings.Join(labels(g.s), "|")
	for _, want := range []string{"Attack", "Spawn", "Raise a spawn", "Move a spawn", "The Mother attacks",
		"Absorb a spawn", "Regenerate", "Mutate a spawn", "Evolve", "Subvert an enemy spawn", "End red's turn", "End the game"} {
		if !strings.Contains(menu, want) {
			t.Errorf("menu lacks %q: %s", want, menu)
		}
	}
	all := strings.Join(by["Evolve"], "\n")
	if !strings.Contains(all, `"proxy":"RP"`) || !strings.Contains(all, `"font":"RF"`) || strings.Contains(all, `"evolution":"levitation"}`) {
		t.Errorf("evolutions offered:\n%s", all)
	}
	if m := strings.Join(by["Mutate a spawn"], "\n"); !strings.Contains(m, `"mutation":"mitosis","at_x"`) {
		t.Errorf("mutations offered:\n%s", m)
	}

	// The tie question: R1 next to B1, which can counter-attack.
	var attack engines.Choice
	for _, c := range g.s.Choices() {
		if c.Label == "Attack" {
			attack = c
		}
	}
	tie := attack.Questions[2].Options(map[string]string{"spawn": "R1", "target": "B1"})
	if len(tie) != 2 || tie[0].Value != "counter" || tie[1].Value != "end" {
		t.Fatalf("tie picks %v", tie)
	}
	if c, _ := attack.Build(map[string]string{"spawn": "R1", "target": "B1", "tie": "counter"}); c != (Attack{Spawn: "R1", Target: "B1", OnTie: "counter"}) {
		t.Fatalf("attack Build %#v", c)
	}
	// seed 004 line 63: spores at range are never countered.
	if tie := attack.Questions[2].Options(map[string]string{"spawn": "R2", "target": "B1"}); len(tie) != 1 || tie[0].Value != "" {
		t.Fatalf("a ranged attack asks for a tie choice: %v", tie)
	}

	// Part of a move spent, then a move and an attack: the rest is lost
	// (seed 004 line 32).
	g.Do(Move{Spawn: "R3", X: 2, Y: 6}, 1, 1, 6, 6) // B4 strikes with impunity and misses
	checkOffers(t, g)
	g.Do(Attack{Spawn: "R1", Target: "B1", OnTie: "end"}, 1, 1, 6, 6)
	checkOffers(t, g)

	// Blue's turn in the same position: her side of the menu.
	g.endTurn()
	checkOffers(t, g)

	// Levitation (seed 004 line 80) on an open board: the centres she can reach.
	g = started(t, "")
	g.mother("red").Evolutions = []string{Levitation}
	by = checkOffers(t, g)
	if n := len(by["The Mother levitates"]); n == 0 {
		t.Fatalf("no levitation offered: %v", labels(g.s))
	}
}

// A pending Feeding Frenzy (seed 004 line 61) is offered, even though the
// spawn has attacked; any other action lets it lapse, and is offered too.
func TestChoicesFeedingFrenzy(t *testing.T) {
	g := started(t, "")
	g.put("R1", "red", 4, 6, 5, 1, 2, FeedingFrenzy)
	g.put("B1", "blue", 4, 7, 1, 1, 2)
	g.put("B2", "blue", 5, 7, 1, 1, 2)
	g.Do(Attack{Spawn: "R1", Target: "B1"}, 6, 6, 1, 1)
	by := checkOffers(t, g)
	found := false
	for label, cmds := range by {
		if strings.HasPrefix(label, "Attack (Feeding Frenzy: R1") {
			found = len(cmds) > 0 && strings.Contains(cmds[0], `"target":"B2"`)
		}
	}
	if !found {
		t.Fatalf("no frenzy attack on the menu: %v", by)
	}
	g.Do(Attack{Spawn: "R1", Target: "B2"}, 1, 1, 6, 6)
	checkOffers(t, g)
}

// A poisoned spawn's Retributive Strike rolls at the start of the next
// turn (seed 004 line 64), so ending the turn then asks how to roll.
func TestEndTurnAsksForDiceOnlyWhenItRolls(t *testing.T) {
	g := started(t, "")
	endTurn := func() engines.Choice {
		cs := g.s.Choices()
		for _, c := range cs {
			if strings.HasPrefix(c.Label, "End ") && strings.HasSuffix(c.Label, "turn") {
				return c
			}
		}
		t.Fatal("no end of turn on the menu")
		return engines.Choice{}
	}
	if !endTurn().NoDice {
		t.Fatal("a quiet end of turn asks for dice")
	}
	g.put("BP", "blue", 5, 5, 3, 3, 3, PoisonCarrier)
	g.put("R9", "red", 4, 5, 1, 1, 1, RetributiveStrike)
	g.put("R8", "red", 4, 6, 1, 1, 1)
	if c := endTurn(); c.NoDice {
		t.Fatalf("an end of turn with a Retributive Strike to roll skips the dice: %+v", c)
	}
	checkOffers(t, g)
}

// The status play shows each step carries the plain map in its notes, so
// squares can be chosen from it; a grid too wide for a terminal line is left
// to brood map.
func TestStatusNotesCarryTheMap(t *testing.T) {
	g := started(t, "")
	g.Do(Spawn{X: 4, Y: 4})
	notes := strings.Join(g.s.Status().Notes, "\n")
	for _, want := range []string{"map, X across and Y down (R red, B blue;", "\n  4   r   r   r  R1   .   .   .   .\n", "\n  7   .   .   .   .   b   B [B]   B\n"} {
		if !strings.Contains(notes, want) {
			t.Errorf("status notes lack %q:\n%s", want, notes)
		}
	}
	big := newGame(t, "")
	big.Do(engines.StartScenario{Name: "Big", Size: 32, Mothers: []string{"red=3,3", "blue=30,30"}})
	if notes := strings.Join(big.s.Status().Notes, "\n"); strings.Contains(notes, "map,") {
		t.Errorf("a 32-square grid's map in the notes:\n%s", notes)
	}
}

// The menu opens on the likeliest next action: an attack when a spawn has
// an enemy in reach (seed 004 line 33), a new spawn while the Plasmid lasts
// (line 21), a move while a spawn has not moved (a new one may not, line
// 29), and the end of the turn once nothing of these is left.
func TestChoicesOpenOnTheLikeliest(t *testing.T) {
	g := started(t, "")
	if l := labels(g.s); l[0] != "Spawn" {
		t.Fatalf("round 1 opens on %q", l[0])
	}
	g.Do(Spawn{X: 4, Y: 4})
	g.Do(Spawn{X: 4, Y: 3})
	if l := labels(g.s); l[0] != "End red's turn" {
		t.Fatalf("spent out, with new spawns only, the menu opens on %q: %v", l[0], l)
	}
	g.endTurn()
	g.endTurn()
	g.mother("red").Plasmid = 0
	if l := labels(g.s); l[0] != "Move a spawn" {
		t.Fatalf("with no Plasmid and no enemy in reach the menu opens on %q: %v", l[0], l)
	}
	g.Do(Move{Spawn: "R1", X: 5, Y: 4})
	if l := labels(g.s); l[0] != "Move a spawn" {
		t.Fatalf("R2 not yet moved, the menu opens on %q: %v", l[0], l)
	}
	g.Do(Move{Spawn: "R2", X: 5, Y: 3})
	if l := labels(g.s); l[0] != "End red's turn" {
		t.Fatalf("every spawn moved, the menu opens on %q: %v", l[0], l)
	}
	g.put("B1", "blue", 6, 4, 1, 1, 2)
	if l := labels(g.s); l[0] != "Attack" {
		t.Fatalf("an enemy in reach, the menu opens on %q: %v", l[0], l)
	}
	g.put("B2", "blue", 6, 3, 1, 1, 2)
	g.put("B3", "blue", 6, 1, 1, 1, 2)
	g.put("R9", "red", 5, 2, 5, 1, 2, FeedingFrenzy)
	g.Do(Attack{Spawn: "R9", Target: "B2"}, 6, 6, 1, 1)
	ch := g.s.Choices()[0]
	if !strings.HasPrefix(ch.Label, "Attack (Feeding Frenzy") || ch.Questions[0].Options(nil)[0].Value != "R9" {
		t.Fatalf("a Feeding Frenzy pending, the menu opens on %q, its spawns on %v", ch.Label, ch.Questions[0].Options(nil))
	}
}
