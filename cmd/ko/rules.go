package ko

import "warlog/cmd/cmdutil"

// catalogues are The King's Own's rules as `warlog rules ko` shows them.
func catalogues() []cmdutil.Catalogue {
	return []cmdutil.Catalogue{turn(), combat(), spells()}
}

// turn is the order of a turn, in our own words (the seed's TURN and
// THE NEST paragraphs).
func turn() cmdutil.Catalogue {
	return cmdutil.Catalogue{
		Topic:  "turn",
		Short:  "a turn step by step: initiative, movement, attacks",
		Intro:  []string{"A turn has two phases, movement and then attacks; a scenario runs to the turn limit its brief sets."},
		Header: []string{"step", "what happens", "command"},
		Rows: [][]string{
			{"Nest spawn", "while the Nest stands, it rolls 1d6 before anyone moves: on 1 or 2 an Orc grunt appears beside it and takes a full part in this turn", "warlog ko initiative"},
			{"initiative", "each side rolls 1d6; the higher roll decides which side moves first", "warlog ko initiative"},
			{"first", "the side that won the initiative names who moves first", "warlog ko first"},
			{"movement", "the sides take turns moving one figure each; when one side has nobody left to move, the other moves the rest of its figures", "warlog ko move"},
			{"how far", "half the Move keeps the attack for later in the turn; the full Move gives it up (Frenzy may do both, Ponderous neither)", "warlog ko move"},
			{"facing", "a figure ends its move facing front or rear; staying put counts as a move and may still turn it", "warlog ko move"},
			{"rough ground", "entering or leaving rubble or water takes a Skill roll: a failure halts the figure at the edge and it cannot attack this turn (Sure-Footed skips the roll)", "warlog ko move"},
			{"leaving", "a figure whose own move carries it to the table's edge may walk off: Withdrawn, out of the fight but unhurt", "warlog ko move"},
			{"attacks", "once movement is over, every figure still allowed to attack does so in order of Skill, highest first", "warlog ko next"},
			{"same Skill", "figures of equal Skill strike at the same moment, so both blows land; one taken out before its Skill's turn comes does not strike", "warlog ko attack"},
			{"end of turn", "the turn closes and the next begins with initiative, until the turn limit", "warlog ko next"},
		},
	}
}

// combat is how an attack is decided, in our own words (the seed's
// ATTACKS, SUPPRESSION, ARMOR and KEYWORDS paragraphs).
func combat() cmdutil.Catalogue {
	return cmdutil.Catalogue{
		Topic:  "combat",
		Short:  "an attack: the hit roll, damage, Suppression, shields and keywords",
		Intro:  []string{"An attack reaches a target within the weapon's Reach, in the arc its facing allows, with a clear line to it."},
		Header: []string{"step", "what happens", "command"},
		Rows: [][]string{
			{"hit roll", "the attacker rolls 1d6: at or under its Skill, the attack hits; an attack from the rear needs no hit roll", "warlog ko attack"},
			{"damage", "the attacker rolls 1d6 + Might, the defender 1d6 + Res: only a higher attacker total takes 1 Hit off, a tie goes to the defender", "warlog ko attack"},
			{"Down", "a figure with no Hits left is Down and removed", "warlog ko attack"},
			{"Suppression", "a hit that does no damage still costs the target 1 Skill, provided the weapon's Might is not below the target's Res; brought to Skill 0, a figure is Broken, taken off alive", "warlog ko attack"},
			{"Shield", "stops the first hit from the front each turn, Suppression included, unless the weapon has Might 3 or more", "warlog ko attack"},
			{"Multi m", "the figure may attack up to m times in a turn", "warlog ko attack"},
			{"Sweep", "a single attack hits each figure, friend or foe, within Reach in the front arc and in sight, each rolled apart", "warlog ko attack"},
			{"Durable n", "no weapon whose Might is n or lower can hurt the figure", "warlog ko attack"},
			{"Fearless, No Rear", "Fearless cannot be suppressed; No Rear cannot be attacked from behind", "warlog ko attack"},
			{"spells", "a cast is a Skill roll and takes the place of the caster's attack", "warlog ko cast"},
			{"victory", "count the figures each side lost: Down, Broken and Withdrawn all count", "warlog scenario end"},
		},
	}
}
