package rc

import "warlog/cmd/cmdutil"

// turn is the order of a Reincardnated turn, in our own words (seed 002,
// Players' Turns, Incarnate a Being and Ending the Game).
func turn() cmdutil.Catalogue {
	return cmdutil.Catalogue{
		Topic:  "turn",
		Short:  "a turn step by step: two actions, incarnating, the hand limit, the end",
		Intro:  []string{"Play goes clockwise from the youngest player; there is no initiative roll. A turn is two actions."},
		Header: []string{"step", "what happens", "command"},
		Rows: [][]string{
			{"initiative", "none: the youngest player starts and the turns go round clockwise", "warlog scenario start"},
			{"first action", "play a Karma card from the hand, or pass", "warlog rc play"},
			{"second action", "play another Karma card, or incarnate a Being from the pool; incarnating ends the turn", "warlog rc incarnate"},
			{"incarnating", "the new Being joins the Lifeline as the active Being and its ability fires at once, after the empty pool spot is refilled", "warlog rc incarnate"},
			{"Karma drawn", "2 cards for the active Being's preferred type, 1 for its lower type, none for the same type", "warlog rc incarnate"},
			{"gaining", "a Being a card brings in is not incarnated: its ability fires but no Karma is drawn", "warlog rc gain"},
			{"hand limit", "a player ending the turn with more than 7 Karma discards down to 7", "warlog rc end-turn"},
			{"Human Form", "with 6 Beings besides the Starter, a player able to may incarnate the Human Form: +5, and every other player has one last turn", "warlog rc human"},
			{"the end", "after the last turns each player reveals the Life Purpose and counts the score", "warlog rc score"},
		},
	}
}

// combat is how one player's cards strike at another's Lifeline, in our
// own words (seed 002, the Death Icon and the Karma cards that kill, bring
// back and take Beings).
func combat() cmdutil.Catalogue {
	return cmdutil.Catalogue{
		Topic:  "combat",
		Short:  "the cards that attack a Lifeline: kill, rebirth, void, and how to answer them",
		Intro:  []string{"No dice: a Lifeline is attacked with Karma cards and Being abilities, and defended with cards played out of turn."},
		Header: []string{"step", "what happens", "command"},
		Rows: [][]string{
			{"kill", "Death attacks a living Being other than a Starter: it is killed, turned upside down, and stays in its spot", "warlog rc kill"},
			{"rebirth", "Rebirth brings a dead Being of a Lifeline back to life", "warlog rc rebirth"},
			{"void", "Void sends a Being of any Lifeline, living or dead, back to the pool", "warlog rc void"},
			{"active Being", "Volition and Synchronize change which living Being is active, and so what its owner can incarnate next", "warlog rc activate"},
			{"answer: Lesson Learned", "played on another player's turn, it stops a Change Destiny, Void or Death/Rebirth aimed at you", "warlog rc play"},
			{"answer: Sympathy", "played on another player's turn, after an opponent's Being is killed or reborn, does the same to one of yours", "warlog rc play"},
			{"after a kill", "the active Being is always the rightmost living one: killing it makes the living Being before it active", "warlog rc kill"},
			{"what it counts", "dead Beings stay in the Lifeline and count for a Life Purpose that scores deaths", "warlog rc score"},
		},
	}
}
