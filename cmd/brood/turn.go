package brood

import "warlog/cmd/cmdutil"

// turn is the order of a Brood Mother turn, in our own words (seed 004,
// "Actions that can be performed on a turn" and the Plasmid rules;
// RULINGS.md, Economy).
func turn() cmdutil.Catalogue {
	return cmdutil.Catalogue{
		Topic:  "turn",
		Short:  "a turn step by step: Plasmid, spending it, moving and attacking",
		Intro:  []string{"The players take whole turns in turn, from the first Mother named at the start; there is no initiative roll."},
		Header: []string{"step", "what happens", "command"},
		Rows: [][]string{
			{"initiative", "none: the turns alternate from the player named first when the scenario starts", "warlog scenario start"},
			{"Plasmid", "the player's Mother gains 10 Plasmid as the turn begins; her bank holds 50 at most", "warlog brood end-turn"},
			{"spawn", "5 Plasmid makes a 1/1/2 spawn on an empty square of her Sphere of Influence; it cannot move or attack this turn", "warlog brood spawn"},
			{"raise", "1 Plasmid adds 1 to a stat of a spawn within 1 square of its Mother or a Plasmid Font; no stat above 10", "warlog brood raise"},
			{"absorb", "the Mother takes back an adjacent spawn of hers for 5 Plasmid, but not in a turn she made spawn", "warlog brood absorb"},
			{"regenerate", "Plasmid buys back Life Points: 15, 10 or 5 each by the campaign's mode", "warlog brood regenerate"},
			{"mutate, evolve", "a spawn of 15 points (30 for a second) may mutate; 25 Plasmid evolves the Mother", "warlog brood mutate"},
			{"move", "a spawn moves up to its Move in squares, diagonals costing 1, 2, 1 in turn; leaving a square next to an enemy spawn lets that spawn strike at it", "warlog brood move"},
			{"move and attack", "a spawn may move then attack, or attack then move, but not move again after attacking (Spring Attack aside)", "warlog brood attack"},
			{"end of turn", "the other player's turn begins, with their Plasmid", "warlog brood end-turn"},
		},
	}
}

// combat is how a Brood Mother combat is decided, in our own words (seed
// 004, Attack Spawn and Attack Brood Mother; RULINGS.md, Combat).
func combat() cmdutil.Catalogue {
	return cmdutil.Catalogue{
		Topic:  "combat",
		Short:  "an attack: 2d6 against 2d6, ties, the Mother's Life and her own attack",
		Intro:  []string{"A basic spawn attacks once a turn, an adjacent enemy (Spore Slingers reach two or three squares)."},
		Header: []string{"step", "what happens", "command"},
		Rows: [][]string{
			{"the roll", "the attacker rolls 2d6 + attack, the defender 2d6 + defence", "warlog brood attack"},
			{"the loser", "the spawn with the lower total is removed; the winner gains 3 stat points to share out (absorption), none above 10", "warlog brood attack"},
			{"a tie", "the defender either lets the combat end or strikes back, a new combat with the roles swapped", "warlog brood attack"},
			{"Sphere bonus", "a spawn inside its own Mother's Sphere of Influence adds +2 attack and +2 defence, never above 10", "warlog brood attack"},
			{"Attack of Impunity", "a spawn leaving a square next to an enemy spawn is attacked by it for free; only the one moving away can die", "warlog brood move"},
			{"attacking a Mother", "a higher attacker total costs her 1 Life Point; a lower one removes the attacking spawn; a tie does nothing", "warlog brood attack"},
			{"the Mother's numbers", "attack and defence 10, +1 each for every spawn of hers on the board, with no cap", "warlog brood attack"},
			{"the Mother's attack", "one combat against each enemy spawn in her Sphere of Influence; she loses nothing when a combat goes against her", "warlog brood mother-attack"},
			{"victory", "a Mother with no Life Points left is destroyed, and her player loses", "warlog brood attack"},
		},
	}
}
