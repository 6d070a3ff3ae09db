package reincardnated

import "testing"

// seed 002 line 278: Shared Experience: fewer cards than the opponent, you
// draw 2 and they 1. RULINGS (Reincardnated, rulings added 2026-12-01):
// "Shared Experience compares the hands after the played card has left the
// hand": 5 against 5 before playing is 4 against 5 after.
func TestSharedExperienceComparesAfterPlaying(t *testing.T) {
	tb := game(t, "Ann", "Ben")
	tb.give("Ann", 5)
	tb.give("Ben", 5)
	tb.Do(play("Ann", SharedExperience, "Ben"))
	eq(t, "Ann", tb.hand("Ann"), 6)
	eq(t, "Ben", tb.hand("Ben"), 6)
}

// seed 002 lines 143-145: the Human Form. RULINGS (Reincardnated, rulings
// added 2026-12-01): "The Human Form draws no Karma."
func TestHumanFormDrawsNoKarma(t *testing.T) {
	tb := game(t, "Ann", "Ben")
	tb.build("Ann", "A1:insect", "A2:insect", "A3:insect", "A4:insect", "A5:insect", "Lion:mammal")
	tb.give("Ann", 3)
	deck := tb.g().KarmaDeck
	tb.Do(Human{Player: "Ann"})
	eq(t, "human", tb.p("Ann").Human, true)
	eq(t, "hand", tb.hand("Ann"), 3)
	eq(t, "deck", tb.g().KarmaDeck, deck)
}
