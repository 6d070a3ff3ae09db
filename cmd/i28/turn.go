package i28

import "warlog/cmd/cmdutil"

// turn is the order of an Incarn28 round, in our own words (seed 000,
// CORE RULES, the rounds and MORALE paragraphs; RULINGS.md, Activation).
func turn() cmdutil.Catalogue {
	return cmdutil.Catalogue{
		Topic:  "turn",
		Short:  "a round step by step: the roll-off, activations, Actions and morale",
		Intro:  []string{"A game is played in rounds until a player has met both objectives."},
		Header: []string{"step", "what happens", "command"},
		Rows: [][]string{
			{"initiative", "each round opens with a roll-off: the higher roller activates first", "warlog i28 round"},
			{"alternating", "the players take turns activating one incarn each; every incarn activates once a round, and when one player has none left the other activates the rest", "warlog i28 activate"},
			{"activation roll", "the incarn's Action die, with its modifiers, is its ACT-R: that many Actions (ACs) for this activation", "warlog i28 activate"},
			{"stunned", "a stunned incarn halves its ACT-R (rounding down) and is no longer stunned when the activation ends", "warlog i28 activate"},
			{"morale", "once half or more of a gang's starting incarns are slain, an ACT-R of 1 or less routs the incarn: it is removed and counts as slain", "warlog i28 activate"},
			{"moving", "1 AC moves the incarn 5, never less than 2 whatever the modifiers, and never through an enemy", "warlog i28 move"},
			{"attacking", "N ACs make one attack of strength N on the closest visible enemy in range; one attack per activation", "warlog i28 attack"},
			{"unspent ACs", "lost when the activation ends (an Occultist keeps them)", "warlog i28 end-activation"},
			{"end of round", "once every incarn has activated the round ends; its end-of-round rules apply and the next round begins", "warlog i28 round"},
		},
	}
}

// combat is how an Incarn28 attack is decided, in our own words (seed
// 000, CORE RULES, the attack and defence paragraphs; RULINGS.md, Attack).
func combat() cmdutil.Catalogue {
	return cmdutil.Catalogue{
		Topic:  "combat",
		Short:  "an attack: the A-R, the damage, the DF-R, stun and slay",
		Header: []string{"step", "what happens", "command"},
		Rows: [][]string{
			{"attack roll", "one D6 per point of strength; each 3 or more is a success", "warlog i28 attack"},
			{"1 and 6", "a natural 1 always fails; a natural 6 is a critical, worth two successes", "warlog i28 attack"},
			{"damage", "the number of successes is the attack's damage, the AD", "warlog i28 attack"},
			{"defence roll", "the target rolls its defence die, one D6 more when it is partly hidden from the attacker: its DF-R", "warlog i28 attack"},
			{"stun", "a DF-R below the AD stuns the target; a stunned incarn stunned again is slain", "warlog i28 attack"},
			{"slay", "a DF-R below half the AD slays the target, and so does a natural 1 on its defence die", "warlog i28 attack"},
			{"special attacks", "some Fleshtypes give a special attack: the die it names is the AD, then the target makes its DF-R as usual", "warlog i28 special"},
		},
	}
}
