package brood

import (
	"testing"

	"warlog/engines"
)

// The report's board: Mothers as 3 x 3 pieces from their top-left square,
// spawns, Fonts and Proxies one square each, and the squares each player's
// influence covers (seed 004 line 51: the SoI is "1 square" around her;
// RULINGS: next to an ally Font counts as inside it).
func TestBoardForTheReport(t *testing.T) {
	g := started(t, "")
	if _, ok := any(g.s).(engines.Boarder); !ok {
		t.Fatal("State does not implement engines.Boarder")
	}
	if newGame(t, "").s.Board() != nil {
		t.Fatal("a board before any game")
	}
	g.Do(Spawn{X: 4, Y: 4})
	g.put("RF", "red", 4, 8, 0, 2, 0, PlasmidFont)
	px := g.put("RP", "red", 1, 8, 5, 2, 0, PlasmidFont)
	px.Proxy = true
	g.put("B9", "blue", 5, 5, 1, 1, 2)
	g.Do(Raise{Spawn: "R1", Stat: "attack", N: 1})

	b := g.s.Board()
	if b.Width != 8 || b.Height != 8 || len(b.Owners) != 2 || b.Owners[0] != "red" || b.Owners[1] != "blue" {
		t.Fatalf("board %dx%d owners %v", b.Width, b.Height, b.Owners)
	}
	pieces := map[string]engines.Piece{}
	for _, p := range b.Pieces {
		pieces[p.Label] = p
	}
	want := []engines.Piece{
		{Kind: "mother", Owner: "red", Label: "R 5", X: 1, Y: 1, W: 3, H: 3},
		{Kind: "mother", Owner: "blue", Label: "B 5", X: 6, Y: 6, W: 3, H: 3},
		{Kind: "spawn", Owner: "red", Label: "R1", X: 4, Y: 4, W: 1, H: 1},
		{Kind: "font", Owner: "red", Label: "RF", X: 4, Y: 8, W: 1, H: 1},
		{Kind: "proxy", Owner: "red", Label: "RP", X: 1, Y: 8, W: 1, H: 1},
		{Kind: "spawn", Owner: "blue", Label: "B9", X: 5, Y: 5, W: 1, H: 1},
	}
	if len(b.Pieces) != len(want) {
		t.Fatalf("%d pieces, want %d: %+v", len(b.Pieces), len(want), b.Pieces)
	}
	for _, w := range want {
		if got := pieces[w.Label]; got != w {
			t.Errorf("piece %s = %+v, want %+v", w.Label, got, w)
		}
	}
	in := map[[2]int][]string{}
	for _, s := range b.Influence {
		in[[2]int{s.X, s.Y}] = append(in[[2]int{s.X, s.Y}], s.Owner)
	}
	check := func(x, y int, want ...string) {
		t.Helper()
		got := in[[2]int{x, y}]
		if len(got) != len(want) {
			t.Errorf("influence at %d,%d = %v, want %v", x, y, got, want)
			return
		}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("influence at %d,%d = %v, want %v", x, y, got, want)
			}
		}
	}
	check(4, 1, "red")  // one square right of her top row
	check(4, 4, "red")  // diagonal from her corner
	check(2, 2)         // her own square is no part of her sphere
	check(5, 4)         // two away
	check(5, 5, "blue") // next to blue's corner at 6,6
	check(3, 7, "red")  // next to the Font RF at 4,8
	check(2, 7, "red")  // next to the Proxy RP at 1,8
	check(6, 5, "blue")

	// A destroyed Mother is still drawn, marked.
	g.mother("blue").Life, g.mother("blue").Destroyed = 0, true
	for _, p := range g.s.Board().Pieces {
		if p.Kind == "mother" && p.Owner == "blue" && p.Label != "B x" {
			t.Errorf("destroyed Mother labelled %q", p.Label)
		}
	}
}

// The report files each action under the round Now() gives after it: the
// end-turn that opens round 2 (with its income, seed 004 line 12: "10
// plasmid every turn") stays under round 1 until round 2's first action.
func TestNowFilesTheOpeningEndTurnUnderTheRoundEnded(t *testing.T) {
	g := started(t, "")
	now := func(want int) {
		t.Helper()
		if sc, turn := g.s.Now(); sc != "G1" || turn != want {
			t.Fatalf("Now() = %q, %d; want G1, %d", sc, turn, want)
		}
	}
	now(1)
	g.Do(Spawn{X: 4, Y: 4})
	now(1)
	g.endTurn() // red -> blue, still round 1
	now(1)
	g.put("BF", "blue", 8, 4, 0, 1, 0, PlasmidFont) // income at the turn's start too
	g.endTurn()                                     // blue -> red: round 2 opens
	if g.s.Battle.Round != 2 || g.s.Status().Turn != 2 {
		t.Fatalf("round %d after blue's end-turn, want 2", g.s.Battle.Round)
	}
	now(1)
	// Replayed from the facts, the filing is the same.
	fresh := newGame(t, "")
	for _, f := range g.Log {
		fresh.Fold(f)
	}
	if _, turn := fresh.s.Now(); turn != 1 {
		t.Fatalf("replayed Now() turn %d, want 1", turn)
	}
	g.Do(Raise{Spawn: "R1", Stat: "move", N: 1}) // round 2's first action
	now(2)
	g.endTurn() // red -> blue within round 2
	now(2)
	g.endTurn() // round 3 opens with no other action in between
	now(2)
	g.endTurn() // an end-turn as round 3's first action belongs to round 3
	now(3)

	// Every kind of first action moves the filing on.
	for _, c := range []engines.Command{
		Spawn{X: 4, Y: 1}, Regenerate{N: 1}, Absorb{Spawn: "R1"}, Move{Spawn: "R1", X: 5, Y: 4},
	} {
		h := started(t, "")
		h.Do(Spawn{X: 4, Y: 4})
		h.endTurn()
		h.endTurn()
		h.mother("red").Life = 3
		if _, turn := h.s.Now(); turn != 1 {
			t.Fatalf("before %s: turn %d", c.Verb(), turn)
		}
		h.Do(c)
		if _, turn := h.s.Now(); turn != 2 {
			t.Errorf("after %s as round 2's first action: Now() turn %d, want 2", c.Verb(), turn)
		}
	}
}

// A spawn that dies of poison as a round opens (seed 004 line 70: a stat
// "below 0" kills) dies in the end-turn filed under the round before, and
// the removals per round say so too.
func TestPoisonAtTheRoundsOpeningCountsForTheRoundEnded(t *testing.T) {
	g := started(t, "")
	g.put("RP", "red", 5, 5, 1, 1, 1, PoisonCarrier)
	g.put("B1", "blue", 5, 6, 1, 1, 1)
	g.endTurn() // red -> blue, round 1
	g.endTurn() // blue -> red: round 2 opens, RP's poison kills B1
	if !g.piece("B1").Dead {
		t.Fatal("B1 survived the poison")
	}
	if _, turn := g.s.Now(); turn != 1 {
		t.Fatalf("Now() turn %d, want 1", turn)
	}
	sc := g.s.Scenarios()[0]
	var blue engines.SideSummary
	for _, sd := range sc.Sides {
		if sd.Name == "blue" {
			blue = sd
		}
	}
	if len(blue.RemovedPerTurn) != 2 || blue.RemovedPerTurn[0] != 1 || blue.RemovedPerTurn[1] != 0 {
		t.Fatalf("blue's removals per round %v, want [1 0]", blue.RemovedPerTurn)
	}
}
