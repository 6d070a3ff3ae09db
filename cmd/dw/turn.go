package dw

import "warlog/cmd/cmdutil"

// turn is the order of a Deadwars turn, in our own words (seed 001,
// PLAYING THE GAME, DASH, DEFEND, MAGIC and SCENARIOS).
func turn() cmdutil.Catalogue {
	return cmdutil.Catalogue{
		Topic:  "turn",
		Short:  "a turn step by step: deployment, the action dice and how they are spent",
		Intro:  []string{"The players take whole turns in turn; the player who finished deploying first plays the first one."},
		Header: []string{"step", "what happens", "command"},
		Rows: [][]string{
			{"deployment", "the players roll off for who places a figure first, then place one each in turn until all are down", "warlog scenario start"},
			{"initiative", "there is no roll each turn: the player who finished deploying first takes the first turn, then the turns alternate", "warlog dw end-turn"},
			{"action dice", "the player rolls one die per Soldier in play, two per Guard, three per Hero", "warlog dw roll"},
			{"faces", "each face is an action the clan's table names: Dash, Attack, Defend or Magic (warlog rules dw clans)", "warlog dw roll"},
			{"any die", "whatever its face, a die can move a figure 2\"", "warlog dw move"},
			{"doubles", "two dice showing the same face can be traded for one die of any face", "warlog dw double"},
			{"Dash", "moves a figure 4\"; a figure may move as often as there are dice to spend", "warlog dw dash"},
			{"contact", "a figure that moves into base contact gets a free attack; one that leaves contact may not make contact again this turn, and the enemies it leaves strike at it unless it used a Dash", "warlog dw contact"},
			{"Attack", "spends a die on an attack; Soldiers attack once a turn, Guards twice, Heroes three times", "warlog dw attack"},
			{"Defend", "puts a defence counter on a figure: +1 to its next saves until one succeeds", "warlog dw defend"},
			{"Magic", "Magic faces go to a pool, the only dice kept from one turn to the next", "warlog dw cast"},
			{"end of turn", "unspent dice are lost; the scenario's own events follow (Souls drift, Humans attack)", "warlog dw end-turn"},
		},
	}
}

// combat is how a Deadwars attack is decided, in our own words (seed 001,
// ATTACK and the class table).
func combat() cmdutil.Catalogue {
	return cmdutil.Catalogue{
		Topic:  "combat",
		Short:  "an attack: range, the roll to hit, the save, combined dice and free attacks",
		Intro:  []string{"Range, the roll to hit and the save are the attacker's and the target's classes' (warlog rules dw classes)."},
		Header: []string{"step", "what happens", "command"},
		Rows: [][]string{
			{"target", "an enemy within the class's range; an enemy in base contact with a friend cannot be shot unless in contact too, and a figure in contact must attack the enemy it touches", "warlog dw attack"},
			{"to hit", "one die against the attacker's class number; a 6 to hit also takes 1 off the target's save", "warlog dw attack"},
			{"combined dice", "several Attack dice may make one attack: one die is rolled, +1 to hit for each die after the first", "warlog dw attack"},
			{"save", "the target rolls against its class's save; each defence counter adds 1", "warlog dw attack"},
			{"1 and 6", "whatever the modifiers, a 1 always fails and a 6 always succeeds, to hit and to save", "warlog dw attack"},
			{"wound", "a failed save costs a wound; Soldiers have one, Guards two, Heroes three, and a figure with none left is killed", "warlog dw attack"},
			{"free attack", "moving into base contact, or an enemy leaving it without a Dash, gives a free attack that spends no die and does not count against the figure's attacks", "warlog dw attack"},
			{"spells", "Bolt, Curse, Heal and Boost are paid from the magic pool (warlog rules dw spells)", "warlog dw cast"},
			{"kill points", "a Soldier killed is worth 1, a Guard 2, a Hero 3, a Champion 4 (Head Count)", "warlog scenario end"},
		},
	}
}
