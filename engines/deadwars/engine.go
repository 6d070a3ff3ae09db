// Package deadwars is the rules engine of Deadwars, a fantasy skirmish in
// which each clan of the restless dead rolls a pool of action dice every turn
// and spends them on moves, dashes, attacks, defence and magic (seed
// seeds/001_01a5b1d56198b1b1.txt, read with rules/RULINGS.md "Deadwars").
//
// The engine tracks no positions: what only the table knows (a move ends in
// base contact, a figure leaves contact, a figure stands by the shrine) is
// said on the command line and recorded with the action.
package deadwars

import (
	"warlog/engines"
	"warlog/engines/kit"
)

// Engine is the Deadwars rules engine.
var Engine = &kit.Game[*State]{
	GameInfo: engines.GameInfo{Name: "deadwars", Title: "Deadwars"},
	// Rules 3: no Soul collected from base contact, no contact recorded
	// again with an enemy left this turn (rulings of 2026-12-01).
	// Rules 4: every judged roll records its target (issue 33).
	// Rules 5: a battle ended before anyone acted in the turn begun says it
	// ended after the turn before (a turn no one played is not counted); a
	// free attack lapses when the figure whose move earned it moves again;
	// a die made by a double says when it pairs again (rulings of
	// 2026-12-01).
	Rules: 5,
	New:   newState,
	Facts: func() []kit.Fact[*State] {
		return []kit.Fact[*State]{
			kit.On(TypeForceCreated, (*State).onForceCreated),
			kit.On(TypeFigureRecruited, (*State).onFigureRecruited),
			kit.On(TypeScenarioStarted, (*State).onScenarioStarted),
			kit.On(TypePoolRolled, (*State).onPoolRolled),
			kit.On(TypeDoubleChanged, (*State).onDoubleChanged),
			kit.On(TypeFigureMoved, (*State).onFigureMoved),
			kit.On(TypeContactChanged, (*State).onContactChanged),
			kit.On(TypeAttackMade, (*State).onAttackMade),
			kit.On(TypeDefendSet, (*State).onDefendSet),
			kit.On(TypeSpellCast, (*State).onSpellCast),
			kit.On(TypeSoulTried, (*State).onSoulTried),
			kit.On(TypeTurnEnded, (*State).onTurnEnded),
			kit.On(TypeHumansActed, (*State).onHumansActed),
			kit.On(TypeShrineCounted, (*State).onShrineCounted),
			kit.On(TypeScenarioEnded, (*State).onScenarioEnded),
		}
	},
	Commands: func() []kit.Command[*State] {
		return []kit.Command[*State]{
			kit.Do(force),
			kit.Do(recruit),
			kit.Do(start),
			kit.Do(roll),
			kit.Do(double),
			kit.Do(move),
			kit.Do(dash),
			kit.Do(contact),
			kit.Do(attack),
			kit.Do(defend),
			kit.Do(cast),
			kit.Do(collect),
			kit.Do(endTurn),
			kit.Do(humans),
			kit.Do(shrine),
			kit.Do(endScenario),
		}
	},
	// The shared options it reads; a battle is always 6 turns each (a
	// start that asks for other turns is refused by the rules).
	Options: []engines.Option{engines.OptBrief, engines.OptTurns, engines.OptField},
}
