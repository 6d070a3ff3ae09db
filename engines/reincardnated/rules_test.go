package reincardnated

import (
	"errors"
	"strings"
	"testing"

	"warlog/engines"
)

// seed 002 line 30: "you need 2-6 players"; line 63-67: each player gets a
// Starter and 2 Karma; line 69: "reveal 8 BEINGS".
func TestStartDealsStartersKarmaAndPool(t *testing.T) {
	tb := game(t, "Ann", "Ben", "Cas")
	g := tb.g()
	eq(t, "players", len(g.Players), 3)
	for _, p := range g.Players {
		eq(t, p.Name+" hand", p.Hand, StartHand)
		eq(t, p.Name+" active", tb.active(p.Name), "Starter")
	}
	eq(t, "karma deck", g.KarmaDeck, KarmaCards-6)
	eq(t, "pool", g.Visible, PoolSize)
	eq(t, "beings deck", g.Deck, BeingsCards-PoolSize)
	eq(t, "first player", g.current().Name, "Ann")
}

func TestStartRefusals(t *testing.T) {
	tb := newTable(t)
	start := func(players ...string) engines.StartScenario {
		return engines.StartScenario{Name: "G", Players: players}
	}
	// seed 002 line 30: "2-6 players".
	tb.RefuseSaying("Players", "2 to 6 players; 1 given", start("Ann"))
	tb.RefuseSaying("Players", "7 given", start("A", "B", "C", "D", "E", "F", "G"))
	tb.RefuseSaying("Players", "named twice", start("Ann", "ann"))
	// The game takes only its players; the kit refuses other options.
	var oe *engines.OptionError
	if _, err := tb.decide(engines.StartScenario{Name: "G", Turns: 6, Players: []string{"A", "B"}}); !errors.As(err, &oe) || len(oe.Given) != 1 || oe.Given[0].Name != "turns" {
		t.Errorf("a start with a turn limit: got %v, want the refusal of turns", err)
	}
	tb.Do(start("Ann", "Ben"))
	tb.RefuseSaying("Game", "still in progress", start("Cas", "Dee"))
}

// seed 002 lines 115-119: preferred "draw 2 KARMA", lower "draw 1", lateral
// (same type) "no KARMA CARDS".
func TestKarmaDrawnPerIncarnationKind(t *testing.T) {
	for _, tc := range []struct {
		kind, typ string
		draws     int
	}{
		{"preferred", "insect", 2},
		{"lower", "marine", 1},
		{"lateral", "plant", 0},
	} {
		t.Run(tc.kind, func(t *testing.T) {
			tb := game(t, "Ann", "Ben")
			tb.Do(Starter{Player: "Ann", Name: "Fern", CardInfo: CardInfo{Prefers: "insect", Lower: "marine"}})
			deck := tb.g().KarmaDeck
			label := tb.incarnate("Ann", "Being", tc.typ, "")
			eq(t, "hand", tb.hand("Ann"), StartHand+tc.draws)
			eq(t, "karma deck", tb.g().KarmaDeck, deck-tc.draws)
			eq(t, "active", tb.active("Ann"), "Being")
			if !strings.Contains(label, tc.kind+" incarnation") {
				t.Errorf("label %q does not name the %s incarnation", label, tc.kind)
			}
		})
	}
}

// seed 002 line 111: the active Being shows the types "a player can
// INCARNATE"; the issue: refused when the type is not one it can take.
func TestIncarnationTypeRefused(t *testing.T) {
	tb := game(t, "Ann", "Ben")
	tb.Do(Starter{Player: "Ann", Name: "Fern", CardInfo: CardInfo{Prefers: "insect", Lower: "marine"}})
	tb.RefuseSaying("Incarnation", "insect (preferred), marine (lower) or plant (lateral), not bird", Incarnate{Player: "Ann", Being: "Robin", CardInfo: CardInfo{Type: "bird"}})
	tb.RefuseSaying("Incarnation", "has insect as its preferred incarnation, not bird", Incarnate{Player: "Ann", Being: "Robin", CardInfo: CardInfo{Type: "bird"}, Kind: "preferred"})
	tb.RefuseSaying("Incarnation", "keeps the type", Incarnate{Player: "Ann", Being: "Robin", CardInfo: CardInfo{Type: "bird"}, Kind: "lateral"})
	// A Being new to the campaign needs its type.
	tb.RefuseSaying("Beings", "give its type with --type", Incarnate{Player: "Ann", Being: "Robin"})
}

// seed 002 line 111: each Being shows the types it incarnates into; the
// program learns them from the kind the player declares (ruling) and holds
// the player to them afterwards.
func TestIncarnationTypesAreLearned(t *testing.T) {
	tb := game(t, "Ann", "Ben")
	tb.RefuseSaying("Incarnation", "not known yet; say which", Incarnate{Player: "Ann", Being: "Ant", CardInfo: CardInfo{Type: "insect"}})
	tb.incarnate("Ann", "Ant", "insect", "preferred")
	eq(t, "starter prefers", tb.p("Ann").Starter.Prefers, "insect")
	// Naming the Starter later keeps what was learned.
	tb.Do(Starter{Player: "Ann", Name: "Fern", CardInfo: CardInfo{Lower: "marine"}})
	eq(t, "named", tb.p("Ann").Starter, Card{Name: "Fern", Type: "plant", Prefers: "insect", Lower: "marine"})
	tb.RefuseSaying("Beings", "Fern's lower incarnation is marine", Starter{Player: "Ann", Name: "Fern", CardInfo: CardInfo{Lower: "bird"}})
	tb.endTurn()
	// Ben's Starter is another card: still unknown. Declared lower: 1 Karma.
	tb.Do(Incarnate{Player: "Ben", Being: "Bee", CardInfo: CardInfo{Type: "insect", Prefers: "bird", Lower: "reptile"}, Kind: "lower"})
	eq(t, "Ben hand", tb.hand("Ben"), 3)
	tb.endTurn()
	// Bee's types were given: the campaign knows them.
	card, _ := tb.s.Card("bee")
	eq(t, "Bee prefers", card.Prefers, "bird")
	// Ann's Ant has no known types yet: a declared lower one is learned.
	tb.incarnate("Ann", "Cod", "marine", "lower")
	card, _ = tb.s.Card("ant")
	eq(t, "Ant lower", card.Lower, "marine")
	tb.Do(Kill{Player: "Ann", Being: "Cod"})
	tb.endTurn()
	tb.endTurn()
	tb.RefuseSaying("Incarnation", "has marine as its lower incarnation, not bird", Incarnate{Player: "Ann", Being: "Robin", CardInfo: CardInfo{Type: "bird"}, Kind: "lower"})
	tb.incarnate("Ann", "Eel", "marine", "")
	eq(t, "worked out: lower", tb.hand("Ann"), 6)
}

// seed 002 line 119: "A BEING can always incarnate a BEING of the same
// type ... no KARMA CARDS"; line 178: Starters are plants and "can do a
// LATERAL INCARNATION to a plant type"; RULINGS, Reincardnated, Turn: "Same
// type is always lateral, whatever a player declares: an incarnation into
// the active Being's own type draws 0, and a card (Starters included, which
// are plants) cannot list its own type as its preferred or lower type."
func TestSameTypeIsAlwaysLateral(t *testing.T) {
	tb := game(t, "Ann", "Ben")
	// Declared preferred, a plant from the Starter (a plant) is lateral:
	// no Karma, and nothing is learned of the Starter.
	label := tb.incarnate("Ann", "Moss", "plant", "preferred")
	eq(t, "hand after --preferred", tb.hand("Ann"), StartHand)
	eq(t, "starter prefers", tb.p("Ann").Starter.Prefers, "")
	if !strings.Contains(label, "lateral incarnation") || !strings.Contains(label, "draws no Karma") {
		t.Errorf("label %q, want a lateral incarnation with no Karma", label)
	}
	tb.endTurn()
	tb.incarnate("Ben", "Ivy", "plant", "lower")
	eq(t, "hand after --lower", tb.hand("Ben"), StartHand)
	eq(t, "starter lower", tb.p("Ben").Starter.Lower, "")
	tb.endTurn()
	// From a Being of known types too: Moss (a plant) into another plant.
	tb.incarnate("Ann", "Rose", "plant", "lower")
	eq(t, "hand, plant to plant", tb.hand("Ann"), StartHand)
	// No card lists its own type as its preferred or lower type.
	tb.RefuseSaying("Incarnation", "own type", Starter{Player: "Ann", Name: "Fern", CardInfo: CardInfo{Prefers: "plant"}})
	tb.RefuseSaying("Incarnation", "own type", Starter{Player: "Ben", Name: "Sedge", CardInfo: CardInfo{Lower: "plant"}})
	tb.endTurn()
	tb.RefuseSaying("Incarnation", "own type", Incarnate{Player: "Ben", Being: "Bee", CardInfo: CardInfo{Type: "insect", Prefers: "insect"}, Kind: "lateral"})
	tb.RefuseSaying("Incarnation", "own type", Gain{Player: "Ben", Being: "Moss", CardInfo: CardInfo{Lower: "plant"}})
	// A card a log noted with its own type as preferred (before the
	// ruling) still incarnates its own type laterally, for no Karma.
	if err := Engine.Apply(tb.s, TypeCardNoted, CardNoted{Card: Card{Name: "Ivy", Type: "plant", Prefers: "plant", Lower: "insect"}}); err != nil {
		t.Fatal(err)
	}
	label = tb.incarnate("Ben", "Thistle", "plant", "")
	eq(t, "hand, old card", tb.hand("Ben"), StartHand)
	if !strings.Contains(label, "lateral incarnation") {
		t.Errorf("label %q, want a lateral incarnation", label)
	}
}

// seed 002 lines 111-117: "THREE different types of BEINGS a player can
// INCARNATE": preferred, lower and lateral; RULINGS, Reincardnated,
// 2026-12-01: "A Being incarnates into three different types: a preferred
// and a lower type that are the same, or equal to the Being's own type, are
// refused."
func TestPreferredAndLowerTypesDiffer(t *testing.T) {
	tb := game(t, "Ann", "Ben")
	tb.RefuseSaying("Incarnation", "three different types", Starter{Player: "Ann", Name: "Fern", CardInfo: CardInfo{Prefers: "insect", Lower: "insect"}})
	tb.RefuseSaying("Incarnation", "three different types", Incarnate{Player: "Ann", Being: "Ant", CardInfo: CardInfo{Type: "insect", Prefers: "bird", Lower: "birds"}, Kind: "preferred"})
	// Given apart, the second one is held to the first.
	tb.Do(Starter{Player: "Ann", Name: "Fern", CardInfo: CardInfo{Prefers: "insect"}})
	tb.RefuseSaying("Incarnation", "three different types", Starter{Player: "Ann", Name: "Fern", CardInfo: CardInfo{Lower: "insect"}})
	tb.incarnate("Ann", "Ant", "insect", "preferred")
	tb.endTurn()
	tb.Do(Gain{Player: "Ben", Being: "Ant", CardInfo: CardInfo{Prefers: "bird"}})
	tb.endTurn()
	tb.RefuseSaying("Incarnation", "three different types", Incarnate{Player: "Ann", Being: "Robin", CardInfo: CardInfo{Type: "bird", Prefers: "mammal", Lower: "mammals"}, Kind: "lateral"})
	tb.RefuseSaying("Incarnation", "three different types", Gain{Player: "Ann", Being: "Ant", CardInfo: CardInfo{Lower: "bird"}})
	// Different types are learned as before.
	tb.Do(Starter{Player: "Ann", Name: "Fern", CardInfo: CardInfo{Lower: "marine"}})
	eq(t, "Fern", tb.p("Ann").Starter, Card{Name: "Fern", Type: "plant", Prefers: "insect", Lower: "marine"})
}

// seed 002 line 182: 69 "unique" Beings; a Being in a Lifeline is not in
// the pool.
func TestBeingInALifelineCannotBeIncarnated(t *testing.T) {
	tb := game(t, "Ann", "Ben")
	tb.build("Ben", "Ant:insect")
	tb.RefuseSaying("Beings", "already in Ben's Lifeline", Incarnate{Player: "Ann", Being: "Ant", Kind: "lateral"})
}

// seed 002 lines 77-91: two actions; the first may only play Karma; the
// second plays Karma or incarnates; incarnating ends the actions.
func TestTwoActionStructure(t *testing.T) {
	t.Run("two Karma, then no incarnation", func(t *testing.T) {
		tb := game(t, "Ann", "Ben")
		tb.give("Ann", 4)
		tb.Do(play("Ann", Enlightened))
		eq(t, "actions", tb.g().Actions, 1)
		tb.Do(play("Ann", Enlightened, "Ben"))
		eq(t, "actions", tb.g().Actions, 2)
		tb.RefuseSaying("Actions", "both actions of the turn are used", play("Ann", Enlightened))
		tb.RefuseSaying("Actions", "used the turn's second action", Incarnate{Player: "Ann", Being: "Fern", CardInfo: CardInfo{Type: "plant"}, Kind: "lateral"})
	})
	t.Run("incarnating ends the actions", func(t *testing.T) {
		tb := game(t, "Ann", "Ben")
		// seed 002 line 91: the first action may be skipped.
		tb.incarnate("Ann", "Fern", "plant", "lateral")
		tb.RefuseSaying("Actions", "Ann has incarnated", play("Ann", Enlightened))
		// seed 002 line 208: an ability may allow extra Karma after it.
		tb.Do(Play{Player: "Ann", Karma: Enlightened, Extra: true})
		eq(t, "hand", tb.hand("Ann"), 1)
	})
	t.Run("extra only after the two actions", func(t *testing.T) {
		tb := game(t, "Ann", "Ben")
		tb.RefuseSaying("Actions", "still has the turn's action 1", Play{Player: "Ann", Karma: Enlightened, Extra: true})
	})
	t.Run("one Karma, then incarnate", func(t *testing.T) {
		tb := game(t, "Ann", "Ben")
		tb.Do(play("Ann", Enlightened))
		tb.incarnate("Ann", "Fern", "plant", "lateral")
		eq(t, "incarnated", tb.g().Incarn, true)
	})
	t.Run("only on your turn", func(t *testing.T) {
		tb := game(t, "Ann", "Ben")
		tb.RefuseSaying("Turns", "it is Ann's turn, not Ben's", play("Ben", Enlightened))
		tb.RefuseSaying("Turns", "it is Ann's turn", Incarnate{Player: "Ben", Being: "Fern", CardInfo: CardInfo{Type: "plant"}, Kind: "lateral"})
		tb.RefuseSaying("Turns", "it is Ann's turn, not Ben's", EndTurn{Player: "Ben"})
	})
	t.Run("a new turn has two actions again", func(t *testing.T) {
		tb := game(t, "Ann", "Ben")
		tb.incarnate("Ann", "Fern", "plant", "lateral")
		tb.endTurn()
		eq(t, "actions", tb.g().Actions, 0)
		eq(t, "current", tb.g().current().Name, "Ben")
		tb.endTurn()
		eq(t, "round", tb.g().Round, 2)
	})
	t.Run("no Karma in hand", func(t *testing.T) {
		tb := game(t, "Ann", "Ben")
		tb.give("Ann", 0)
		tb.RefuseSaying("Karma", "holds no Karma", play("Ann", Enlightened))
	})
}

// seed 002 line 67: "If ever over 7 at the end of your turn, discard down
// to 7" (and line 121).
func TestHandLimitAtTheEndOfTheTurn(t *testing.T) {
	tb := game(t, "Ann", "Ben")
	tb.give("Ann", 9)
	tb.give("Ben", 9)
	discard := tb.g().Discard
	label := tb.endTurn()
	eq(t, "Ann hand", tb.hand("Ann"), HandLimit)
	eq(t, "discard", tb.g().Discard, discard+2)
	eq(t, "Ben hand (not his turn's end)", tb.hand("Ben"), 9)
	if !strings.Contains(label, "discards 2 Karma down to the hand limit of 7") {
		t.Errorf("label %q", label)
	}
	// A hand of 7 or fewer keeps its cards.
	tb.give("Ann", 5)
	tb.endTurn() // Ben to 7
	eq(t, "Ben hand", tb.hand("Ben"), HandLimit)
	tb.endTurn()
	eq(t, "Ann hand", tb.hand("Ann"), 5)
}

// seed 002 line 111 and 328: the active Being is "the rightmost LIVING
// being"; line 246: when it is killed, "the next rightmost living being"
// is active; line 192: the dead Being keeps its spot.
func TestActiveIsRightmostLiving(t *testing.T) {
	tb := game(t, "Ann", "Ben")
	tb.build("Ann", "Ant:insect", "Bee:insect", "Cod:marine")
	eq(t, "active", tb.active("Ann"), "Cod")
	tb.Do(Kill{Player: "Ann", Being: "Cod"})
	eq(t, "active after kill", tb.active("Ann"), "Bee")
	eq(t, "lifeline", tb.lifeline("Ann"), "Ant, Bee, +Cod")
	tb.Do(Kill{Player: "Ann", Being: "Bee"})
	tb.Do(Kill{Player: "Ann", Being: "Ant"})
	eq(t, "all dead: the Starter", tb.active("Ann"), "Starter")
	tb.Do(Rebirth{Player: "Ann", Being: "Bee"})
	eq(t, "reborn", tb.active("Ann"), "Bee")
	// seed 002 line 210: a Being made active moves to the rightmost spot;
	// a dead one cannot be active.
	tb.RefuseSaying("Active", "dead Being cannot be active", Activate{Player: "Ann", Being: "Cod"})
	tb.Do(Rebirth{Player: "Ann", Being: "Ant"})
	tb.Do(Activate{Player: "Ann", Being: "Ant"})
	eq(t, "moved", tb.lifeline("Ann"), "Bee, +Cod, Ant")
	tb.RefuseSaying("Active", "already Ann's active Being", Activate{Player: "Ann", Being: "Ant"})
	tb.RefuseSaying("Death", "already dead", Kill{Player: "Ann", Being: "Cod"})
	tb.RefuseSaying("Rebirth", "is alive", Rebirth{Player: "Ann", Being: "Bee"})
}

// seed 002 line 169: "A STARTER BEING cannot be killed"; line 316:
// Starters "can not be targeted by ANYTHING".
func TestStarterCannotBeTargeted(t *testing.T) {
	tb := game(t, "Ann", "Ben")
	tb.Do(Starter{Player: "Ben", Name: "Fern"})
	tb.build("Ben", "Ant:insect")
	for _, cmd := range []engines.Command{
		Kill{Player: "Ben", Being: "Fern"},
		Void{Player: "Ben", Being: "Fern"},
		Activate{Player: "Ben", Being: "Fern"},
		play("Ann", KarmaDeath, "Ben", "Fern"),
		play("Ann", VoidCard, "Ben", "Fern"),
		play("Ann", Volition, "Ben", "Fern"),
	} {
		tb.RefuseSaying("Starter", "Starter Being, which nothing can target", cmd)
	}
}

// seed 002 line 93: gaining by Karma or ability "does not count as
// INCARNATING" and no Karma is gained; line 204: gaining control takes a
// visible Being, even from another player's Lifeline; line 188: a dead
// Being gained does not trigger (nor become active).
func TestGain(t *testing.T) {
	tb := game(t, "Ann", "Ben")
	tb.build("Ben", "Cod:marine", "Eel:marine")
	tb.Do(Kill{Player: "Ben", Being: "Cod"})
	hand := tb.hand("Ann")
	label := tb.Label(Gain{Player: "Ann", Being: "Eel"})
	eq(t, "Ann lifeline", tb.lifeline("Ann"), "Eel")
	eq(t, "Ben lifeline", tb.lifeline("Ben"), "+Cod")
	eq(t, "no Karma", tb.hand("Ann"), hand)
	eq(t, "no action", tb.g().Actions, 0)
	if !strings.Contains(label, "from Ben's Lifeline") {
		t.Errorf("label %q", label)
	}
	tb.Do(Gain{Player: "Ann", Being: "Cod"})
	eq(t, "dead stays dead", tb.lifeline("Ann"), "Eel, +Cod")
	eq(t, "active", tb.active("Ann"), "Eel")
	tb.RefuseSaying("Beings", "Ann already holds Eel", Gain{Player: "Ann", Being: "Eel"})
	// From the pool: the spot is refilled from the deck (seed 002 line 129).
	deck := tb.g().Deck
	tb.build("Ann", "Fox:mammal")
	eq(t, "deck", tb.g().Deck, deck-1)
	eq(t, "pool", tb.g().Visible, PoolSize)
}

// seed 002 line 137: "at least 6 BEINGS ... not including their STARTER";
// line 135: all mammals can take the Human Form; line 143-145: one card,
// +5 to the first; line 139: every other player gets one last turn.
func TestHumanForm(t *testing.T) {
	tb := game(t, "Ann", "Ben", "Cas")
	tb.build("Ann", "A1:insect", "A2:insect", "A3:insect", "A4:insect", "A5:insect")
	tb.RefuseSaying("HumanForm", "5 Beings besides the Starter; the Human Form needs at least 6", Human{Player: "Ann"})
	tb.build("Ann", "Robin:bird")
	tb.RefuseSaying("HumanForm", "does not allow the Human Form", Human{Player: "Ann"})
	tb.build("Ann", "Lion:mammal")
	tb.RefuseSaying("Turns", "it is Ann's turn", Human{Player: "Ben"})
	tb.Do(Play{Player: "Ann", Karma: Enlightened})
	tb.Do(Play{Player: "Ann", Karma: Enlightened})
	tb.RefuseSaying("Actions", "second action", Human{Player: "Ann"})
	tb.endTurn()
	tb.endTurn()
	tb.endTurn()
	label := tb.Label(Human{Player: "Ann"})
	if !strings.Contains(label, "one last turn for Ben, Cas") {
		t.Errorf("label %q", label)
	}
	eq(t, "human", tb.p("Ann").Human, true)
	eq(t, "active unchanged", tb.active("Ann"), "Lion")
	tb.RefuseSaying("Actions", "Ann has incarnated", play("Ann", Enlightened))
	tb.endTurn()
	tb.build("Ben", "B1:mammal", "B2:mammal", "B3:mammal", "B4:mammal", "B5:mammal", "B6:mammal")
	tb.RefuseSaying("HumanForm", "one Human Form card and Ann took it", Human{Player: "Ben"})
	eq(t, "last turns", tb.g().LastLeft, 2)
	tb.endTurn() // Ben's last turn
	eq(t, "not over", tb.g().Over, false)
	eq(t, "Cas plays", tb.g().current().Name, "Cas")
	tb.RefuseSaying("Ending", "still on", engines.EndScenario{})
	tb.endTurn() // Cas's last turn
	eq(t, "over", tb.g().Over, true)
	tb.RefuseSaying("Ending", "the game is over", play("Ann", Enlightened))
	tb.RefuseSaying("Ending", "the game is over", EndTurn{})
	// Ann's score: 7 Beings off a blank purpose, 1 each, +5.
	tb.Do(Purpose{Player: "Ann", Types: map[string]int{"marine": 3}})
	sc := ScoreOf(tb.p("Ann"))
	eq(t, "Ann score", sc.Total, 7+HumanBonus)
}

// seed 002 line 135: besides mammals, "some other BEINGS" allow the Human
// Form: marked when entered (--human) or when taking it (--allows).
func TestHumanFormMarkedCard(t *testing.T) {
	tb := game(t, "Ann", "Ben")
	tb.build("Ann", "A1:insect", "A2:insect", "A3:insect", "A4:insect", "A5:insect", "Owl:bird")
	tb.Do(Human{Player: "Ann", Allows: true})
	c, _ := tb.s.Card("Owl")
	eq(t, "remembered", c.CanHuman(), true)
	tb2 := game(t, "Ann", "Ben")
	tb2.build("Ann", "A1:insect", "A2:insect", "A3:insect", "A4:insect", "A5:insect")
	tb2.Do(Gain{Player: "Ann", Being: "Ape", CardInfo: CardInfo{Type: "bird", Human: true}})
	tb2.Do(Human{Player: "Ann"})
}

// seed 002 line 354: "Gameplay ends when there are not enough beings".
func TestEndWhenBeingsRunOut(t *testing.T) {
	tb := game(t, "Ann", "Ben")
	tb.Do(Purpose{Player: "Ann", Types: map[string]int{"bird": 2}})
	tb.Do(Purpose{Player: "Ben", Types: map[string]int{"bird": 2}})
	tb.RefuseSaying("Ending", "61 in the deck", engines.EndScenario{})
	zero := 0
	tb.Do(Pool{Deck: &zero, Hidden: &zero})
	tb.RefuseSaying("Scoring", "drop --winner", engines.EndScenario{Winner: "Ann"})
	tb.Do(engines.EndScenario{})
	eq(t, "ended", tb.s.game() == nil, true)
}

// seed 002 line 149: each player "reveals their LIFE PURPOSE" to score.
func TestEndNeedsEveryPurpose(t *testing.T) {
	tb := game(t, "Ann", "Ben")
	zero := 0
	tb.Do(Pool{Deck: &zero, Hidden: &zero})
	tb.Do(Purpose{Player: "Ann", Types: map[string]int{"bird": 2}})
	tb.RefuseSaying("Scoring", "Life Purpose of Ben first", engines.EndScenario{})
}

// Karma cards, one by one (seed 002 lines 230-306).

// seed 002 line 230: Anew: "discard ... one or two" and "draw that many".
func TestKarmaAnew(t *testing.T) {
	tb := game(t, "Ann", "Ben")
	tb.give("Ann", 3)
	deck, disc := tb.g().KarmaDeck, tb.g().Discard
	tb.Do(play("Ann", Anew, "2"))
	eq(t, "hand", tb.hand("Ann"), 2) // 3 - Anew - 2 + 2
	eq(t, "discard", tb.g().Discard, disc+3)
	eq(t, "deck", tb.g().KarmaDeck, deck-2)
	tb.RefuseSaying("Karma", "holds 1 other Karma besides Anew", play("Ann", Anew, "2"))
	tb.RefuseSaying("Karma", "discards 1 or 2", play("Ann", Anew, "3"))
}

// seed 002 line 234: Attain: an opponent becomes a pool Being, "No Karma
// is gained".
func TestKarmaAttain(t *testing.T) {
	tb := game(t, "Ann", "Ben")
	hand := tb.hand("Ben")
	tb.Do(Play{Player: "Ann", Karma: Attain, Args: []string{"Ben", "Daisy"}, CardInfo: CardInfo{Type: "plant"}})
	eq(t, "Ben lifeline", tb.lifeline("Ben"), "Daisy")
	eq(t, "Ben active", tb.active("Ben"), "Daisy")
	eq(t, "Ben hand", tb.hand("Ben"), hand)
	tb.RefuseSaying("Karma", "targets an opponent", Play{Player: "Ann", Karma: Attain, Args: []string{"Ann", "Rose"}, CardInfo: CardInfo{Type: "plant"}})
}

// seed 002 lines 238-242: Change Destiny overrides a type's value; stacked,
// "the upper most card will be the one that counts".
func TestKarmaChangeDestinyStacks(t *testing.T) {
	tb := game(t, "Ann", "Ben")
	tb.build("Ann", "Robin:bird", "Wren:bird")
	tb.Do(Purpose{Player: "Ann", Types: map[string]int{"bird": 5}})
	eq(t, "purpose", ScoreOf(tb.p("Ann")).Total, 10)
	disc := tb.g().Discard
	tb.Do(play("Ann", ChangeDestiny, "Ann", "bird=1"))
	eq(t, "not discarded", tb.g().Discard, disc)
	eq(t, "own destiny", ScoreOf(tb.p("Ann")).Total, 2)
	tb.endTurn()
	tb.Do(play("Ben", ChangeDestiny, "Ann", "bird=4"))
	eq(t, "newest on top", ScoreOf(tb.p("Ann")).Total, 8)
	eq(t, "stack", len(tb.p("Ann").Destiny), 2)
	tb.RefuseSaying("Types", "not a Being type", play("Ben", ChangeDestiny, "Ann", "fish=4"))
	tb.RefuseSaying("Karma", "TYPE=N", play("Ben", ChangeDestiny, "Ann", "bird"))
}

// seed 002 line 244: Death kills a Being, Rebirth brings one back.
func TestKarmaDeathRebirth(t *testing.T) {
	tb := game(t, "Ann", "Ben")
	tb.build("Ben", "Cod:marine")
	tb.Do(play("Ann", KarmaDeath, "Ben", "Cod"))
	eq(t, "dead", tb.lifeline("Ben"), "+Cod")
	eq(t, "active", tb.active("Ben"), "Starter")
	tb.Do(play("Ann", KarmaRebirth, "Ben", "Cod"))
	eq(t, "alive", tb.lifeline("Ben"), "Cod")
	tb.RefuseSaying("Karma", "played as `death", play("Ann", "death-rebirth", "Ben", "Cod"))
}

// seed 002 line 250: Deja Vu takes a pool Being "that matches your current
// type".
func TestKarmaDejaVu(t *testing.T) {
	tb := game(t, "Ann", "Ben")
	tb.build("Ann", "Cod:marine")
	hand := tb.hand("Ann")
	tb.RefuseSaying("Karma", "Cod is a marine, Ant is an insect", Play{Player: "Ann", Karma: DejaVu, Args: []string{"Ant"}, CardInfo: CardInfo{Type: "insect"}})
	tb.Do(Play{Player: "Ann", Karma: DejaVu, Args: []string{"Eel"}, CardInfo: CardInfo{Type: "marine"}})
	eq(t, "active", tb.active("Ann"), "Eel")
	eq(t, "hand: no Karma drawn", tb.hand("Ann"), hand-1)
}

// seed 002 line 254: Enlightened looks at a Life Purpose.
func TestKarmaEnlightened(t *testing.T) {
	tb := game(t, "Ann", "Ben")
	label := tb.Label(play("Ann", Enlightened, "Ben"))
	eq(t, "hand", tb.hand("Ann"), 1)
	if !strings.Contains(label, "looks at Ben's Life Purpose") {
		t.Errorf("label %q", label)
	}
}

// seed 002 line 258: Epiphany takes any pool Being "regardless of your
// current incarnation types"; "No Karma is gained".
func TestKarmaEpiphany(t *testing.T) {
	tb := game(t, "Ann", "Ben")
	tb.Do(Starter{Player: "Ann", Name: "Fern", CardInfo: CardInfo{Prefers: "insect", Lower: "bird"}})
	deck := tb.g().Deck
	tb.Do(Play{Player: "Ann", Karma: Epiphany, Args: []string{"Whale Shark"}, CardInfo: CardInfo{Type: "marine"}})
	eq(t, "active", tb.active("Ann"), "Whale Shark")
	eq(t, "hand", tb.hand("Ann"), 1)
	eq(t, "refilled", tb.g().Deck, deck-1)
	eq(t, "one action", tb.g().Actions, 1)
}

// seed 002 line 262: Lesson Learned, "played on an opponent's turn", stops
// a Change Destiny, Void or Death/Rebirth against its player.
func TestKarmaLessonLearned(t *testing.T) {
	t.Run("stops a Death", func(t *testing.T) {
		tb := game(t, "Ann", "Ben")
		tb.build("Ben", "Cod:marine")
		tb.Do(play("Ann", KarmaDeath, "Ben", "Cod"))
		tb.RefuseSaying("Karma", "played on another player's turn", play("Ann", LessonLearned))
		tb.Do(play("Ben", LessonLearned))
		eq(t, "alive again", tb.lifeline("Ben"), "Cod")
		eq(t, "Ben hand", tb.hand("Ben"), 1)
		eq(t, "Ann's action is spent", tb.g().Actions, 1)
		tb.RefuseSaying("Karma", "there is none to stop", play("Ben", LessonLearned))
	})
	t.Run("stops a Void", func(t *testing.T) {
		tb := game(t, "Ann", "Ben")
		tb.build("Ben", "Ant:insect", "Cod:marine", "Eel:marine")
		tb.Do(Kill{Player: "Ben", Being: "Cod"})
		pool := tb.g().Visible + tb.g().Hidden
		tb.Do(play("Ann", VoidCard, "Ben", "Cod"))
		eq(t, "voided", tb.lifeline("Ben"), "Ant, Eel")
		eq(t, "in the pool", tb.g().Visible+tb.g().Hidden, pool+1)
		tb.Do(play("Ben", LessonLearned))
		eq(t, "back in its spot, dead", tb.lifeline("Ben"), "Ant, +Cod, Eel")
		eq(t, "pool", tb.g().Visible+tb.g().Hidden, pool)
	})
	t.Run("stops a Change Destiny", func(t *testing.T) {
		tb := game(t, "Ann", "Ben")
		disc := tb.g().Discard
		tb.Do(play("Ann", ChangeDestiny, "Ben", "bird=0"))
		tb.Do(play("Ben", LessonLearned))
		eq(t, "stack", len(tb.p("Ben").Destiny), 0)
		eq(t, "both cards discarded", tb.g().Discard, disc+2)
	})
	t.Run("only against you, only right after", func(t *testing.T) {
		tb := game(t, "Ann", "Ben", "Cas")
		tb.build("Ben", "Cod:marine")
		tb.Do(play("Ann", KarmaDeath, "Ben", "Cod"))
		tb.RefuseSaying("Karma", "against Ben, not against Cas", play("Cas", LessonLearned))
		tb.Do(play("Ann", Enlightened))
		tb.RefuseSaying("Karma", "there is none to stop", play("Ben", LessonLearned))
	})
}

// seed 002 line 266: Regress makes a previous Being active; it moves to
// the rightmost spot.
func TestKarmaRegress(t *testing.T) {
	tb := game(t, "Ann", "Ben")
	tb.build("Ann", "Ant:insect", "Cod:marine")
	tb.Do(play("Ann", Regress, "Ant"))
	eq(t, "lifeline", tb.lifeline("Ann"), "Cod, Ant")
	eq(t, "active", tb.active("Ann"), "Ant")
	tb.RefuseSaying("Active", "already Ann's active Being", play("Ann", Regress, "Ant"))
}

// seed 002 lines 270-274: Replenish lays 3 or 8 Beings on top of the pool;
// line 131: an empty deck is remade from the hidden Beings.
func TestKarmaReplenish(t *testing.T) {
	tb := game(t, "Ann", "Ben")
	tb.give("Ann", 3)
	deck := tb.g().Deck
	tb.Do(play("Ann", Replenish, "3"))
	eq(t, "deck", tb.g().Deck, deck-3)
	eq(t, "hidden", tb.g().Hidden, 3)
	eq(t, "visible", tb.g().Visible, PoolSize)
	tb.Do(play("Ann", Replenish, "8"))
	eq(t, "hidden", tb.g().Hidden, 11)
	tb.RefuseSaying("Actions", "both actions", play("Ann", Replenish, "4"))
	// The next player on a nearly empty deck.
	tb.endTurn()
	two := 2
	tb.Do(Pool{Deck: &two})
	tb.Do(play("Ben", Replenish, "8"))
	eq(t, "deck remade from the hidden and drawn", tb.g().Deck+tb.g().Hidden, 2+11)
	// seed 002 line 129: taking a Being uncovers a hidden one first.
	h := tb.g().Hidden
	tb.incarnate("Ben", "Fern", "plant", "lateral")
	eq(t, "uncovered", tb.g().Hidden, h-1)
}

// seed 002 line 278: Shared Experience: fewer cards than the opponent, you
// draw 2 and they 1; otherwise 1 each.
func TestKarmaSharedExperience(t *testing.T) {
	tb := game(t, "Ann", "Ben")
	tb.give("Ann", 2)
	tb.give("Ben", 4)
	tb.Do(play("Ann", SharedExperience, "Ben")) // Ann 1 after playing < 4
	eq(t, "Ann", tb.hand("Ann"), 3)
	eq(t, "Ben", tb.hand("Ben"), 5)
	tb.give("Ann", 7)
	tb.Do(play("Ann", SharedExperience, "Ben")) // 6 >= 5
	eq(t, "Ann", tb.hand("Ann"), 7)
	eq(t, "Ben", tb.hand("Ben"), 6)
	// Equal hands: "If they have equal to or more, you both draw 1".
	tb.endTurn()
	tb.give("Ann", 4)
	tb.give("Ben", 5)
	tb.Do(play("Ben", SharedExperience, "Ann")) // 4 against 4
	eq(t, "Ben", tb.hand("Ben"), 5)
	eq(t, "Ann", tb.hand("Ann"), 5)
}

// seed 002 line 282: Substitute "MUST be played as your second action";
// the new Being takes the same spot; "No ability is triggered".
func TestKarmaSubstitute(t *testing.T) {
	tb := game(t, "Ann", "Ben")
	tb.build("Ann", "Ant:insect", "Cod:marine")
	tb.give("Ann", 3)
	tb.Do(Play{Player: "Ann", Karma: Substitute, Args: []string{"Ant", "Finch"}, CardInfo: CardInfo{Type: "bird"}})
	eq(t, "lifeline", tb.lifeline("Ann"), "Finch, Cod")
	eq(t, "second action", tb.g().Actions, 2)
	eq(t, "known in the pool", strings.Join(tb.g().Known, ","), "Ant")
	tb.RefuseSaying("Actions", "both actions", play("Ann", Enlightened))
	tb.RefuseSaying("Actions", "second action, not an extra play", Play{Player: "Ann", Karma: Substitute, Args: []string{"Cod", "Ant"}, Extra: true})
	// Ant is back in the pool: it can be incarnated again.
	tb.endTurn()
	tb.Do(Gain{Player: "Ben", Being: "Ant"})
	eq(t, "known", len(tb.g().Known), 0)
}

// seed 002 line 286: Sympathy, on another's turn: after an opponent's
// Being is killed, kill one of yours; after a rebirth, rebirth one.
func TestKarmaSympathy(t *testing.T) {
	tb := game(t, "Ann", "Ben", "Cas")
	tb.build("Ann", "Ant:insect")
	tb.build("Cas", "Cod:marine", "Eel:marine")
	tb.RefuseSaying("Karma", "none was", play("Cas", Sympathy, "Cod"))
	tb.Do(play("Ann", KarmaDeath, "Ann", "Ant"))
	tb.Do(play("Cas", Sympathy, "Cod"))
	eq(t, "Cas", tb.lifeline("Cas"), "+Cod, Eel")
	tb.Do(play("Ann", KarmaRebirth, "Ann", "Ant"))
	tb.RefuseSaying("Rebirth", "is alive", play("Cas", Sympathy, "Eel"))
	tb.Do(play("Cas", Sympathy, "Cod"))
	eq(t, "Cas", tb.lifeline("Cas"), "Cod, Eel")
	tb.RefuseSaying("Karma", "another player's turn", play("Ann", Sympathy, "Ant"))
}

// seed 002 line 290: Synchronize: every player must make a living Being of
// the type active, if able.
func TestKarmaSynchronize(t *testing.T) {
	tb := game(t, "Ann", "Ben", "Cas")
	tb.build("Ann", "Robin:bird", "Cod:marine")
	tb.build("Ben", "Wren:bird", "Owl:bird", "Ant:insect")
	tb.build("Cas", "Eel:marine")
	tb.Do(Kill{Player: "Ben", Being: "Owl"})
	tb.Do(play("Ann", Synchronize, "bird"))
	eq(t, "Ann", tb.active("Ann"), "Robin")
	eq(t, "Ben: the living bird", tb.active("Ben"), "Wren")
	eq(t, "Cas: none, unchanged", tb.active("Cas"), "Eel")
	tb.build("Cas", "Jay:bird", "Kite:bird", "Fox:mammal")
	tb.Do(Play{Player: "Ann", Karma: Synchronize, Args: []string{"bird"}, Choose: map[string]string{"Cas": "Jay"}})
	eq(t, "Cas chose", tb.active("Cas"), "Jay")
}

// seed 002 line 294: Uncertainty: a random Being from the deck becomes
// active.
func TestKarmaUncertainty(t *testing.T) {
	tb := game(t, "Ann", "Ben")
	deck, vis := tb.g().Deck, tb.g().Visible
	tb.Do(Play{Player: "Ann", Karma: Uncertainty, Args: []string{"Yeti Crab"}, CardInfo: CardInfo{Type: "marine"}})
	eq(t, "active", tb.active("Ann"), "Yeti Crab")
	eq(t, "deck", tb.g().Deck, deck-1)
	eq(t, "pool untouched", tb.g().Visible, vis)
}

// seed 002 line 298: Uproot: the pool back into the deck, 8 new Beings.
func TestKarmaUproot(t *testing.T) {
	tb := game(t, "Ann", "Ben")
	tb.give("Ann", 3)
	tb.Do(play("Ann", Replenish, "3"))
	total := tb.g().Deck + tb.g().Visible + tb.g().Hidden
	tb.Do(play("Ann", Uproot))
	eq(t, "hidden", tb.g().Hidden, 0)
	eq(t, "visible", tb.g().Visible, PoolSize)
	eq(t, "total", tb.g().Deck+tb.g().Visible, total)
}

// seed 002 line 302: Void removes a Being "Living or dead" to the pool.
func TestKarmaVoid(t *testing.T) {
	tb := game(t, "Ann", "Ben")
	tb.build("Ben", "Cod:marine", "Eel:marine")
	tb.Do(play("Ann", VoidCard, "Ben", "Eel"))
	eq(t, "Ben", tb.lifeline("Ben"), "Cod")
	eq(t, "active", tb.active("Ben"), "Cod")
	eq(t, "pool", tb.g().Hidden, 1)
	eq(t, "known", strings.Join(tb.g().Known, ","), "Eel")
}

// seed 002 line 306: Volition: an opponent's living Being becomes their
// active one.
func TestKarmaVolition(t *testing.T) {
	tb := game(t, "Ann", "Ben")
	tb.build("Ben", "Cod:marine", "Fox:mammal", "Eel:marine")
	tb.Do(Kill{Player: "Ben", Being: "Fox"})
	tb.RefuseSaying("Active", "dead", play("Ann", Volition, "Ben", "Fox"))
	tb.RefuseSaying("Karma", "targets an opponent", play("Ann", Volition, "Ann", "Cod"))
	tb.Do(play("Ann", Volition, "Ben", "Cod"))
	eq(t, "Ben", tb.lifeline("Ben"), "+Fox, Eel, Cod")
}

// seed 002 line 226: "all of the KARMA cards found in Reincardnated": 18,
// each known by name or a unique prefix.
func TestEighteenKarmaCards(t *testing.T) {
	eq(t, "cards", len(Karmas), 18)
	for _, k := range Karmas {
		if k.Key == DeathRebirth {
			continue
		}
		if got, err := FindKarma(k.Name); err != nil || got != k.Key {
			t.Errorf("FindKarma(%q) = %q, %v", k.Name, got, err)
		}
	}
	if got, _ := FindKarma("Shared"); got != SharedExperience {
		t.Errorf("prefix: got %q", got)
	}
	if _, err := FindKarma("de"); err == nil {
		t.Error("de is ambiguous (death, deja-vu)")
	}
}

// seed 002 line 67 deals from the Karma deck; the seed never empties it.
// Ruling: the discard pile is shuffled into a new deck.
func TestKarmaDeckReshuffles(t *testing.T) {
	tb := game(t, "Ann", "Ben")
	one, five := 1, 5
	tb.Do(Pool{KarmaDeck: &one, Discard: &five})
	tb.Do(Draw{Player: "Ann", Count: 3})
	eq(t, "hand", tb.hand("Ann"), 5)
	eq(t, "deck", tb.g().KarmaDeck, 3)
	eq(t, "discard", tb.g().Discard, 0)
}

// seed 002 line 204: a Being "hidden under the being pool, sadly you can't
// grab it"; line 274: Replenish 8 lays "a new being ... on top of each
// existing being"; RULINGS, Reincardnated, 2026-12-01: "Only visible Beings
// can be taken (the top of each pool stack, and Lifelines)".
func TestHiddenBeingCannotBeTaken(t *testing.T) {
	tb := game(t, "Ann", "Ben")
	tb.build("Ben", "Cod:marine", "Eel:marine")
	tb.give("Ann", 2)
	tb.Do(play("Ann", VoidCard, "Ben", "Eel"))
	eq(t, "known", strings.Join(tb.g().Known, ","), "Eel")
	tb.Do(play("Ann", Replenish, "8"))
	eq(t, "covered", strings.Join(tb.g().Covered, ","), "Eel")
	tb.RefuseSaying("Pool", "hidden under the Being pool", Gain{Player: "Ann", Being: "Eel"})
	tb.endTurn()
	tb.RefuseSaying("Pool", "hidden under the Being pool", Incarnate{Player: "Ben", Being: "Eel", Kind: "lateral"})
	// Taking a Being uncovers one, which may be Eel: it may be taken again.
	tb.incarnate("Ben", "Ray", "marine", "lateral")
	eq(t, "covered", len(tb.g().Covered), 0)
	tb.Do(Gain{Player: "Ben", Being: "Eel"})
	eq(t, "Ben", tb.lifeline("Ben"), "Cod, Ray, Eel")
}
