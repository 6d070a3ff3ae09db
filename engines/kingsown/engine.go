// Package kingsown is the rules engine of The King's Own (seed 003): cards,
// the alternating move, Skill-ordered attacks with Suppression, the Hunters'
// five spells, the Nest and its Orc grunts, and what a fight costs the
// campaign afterwards. It is pure: state in, facts out, dice only through
// the Decision it is handed.
package kingsown

import (
	"warlog/engines"
	"warlog/engines/kit"
)

// Engine is The King's Own, declared: its facts and how each folds into
// the state, its commands and how each decides.
var Engine = &kit.Game[*State]{
	GameInfo: engines.GameInfo{Name: "kingsown", Title: "The King's Own"},
	// Rules 2: the roll-off's winner chooses after the roll, prices of
	// failure paid, rough ground entered and left, a Skill step's rolls at
	// the Skill it began with (issue 18).
	// Rules 3: every judged roll records its target, and a result names
	// each side's losses as such (issue 33).
	Rules:   3,
	New:     newState,
	Options: []engines.Option{engines.OptBrief, engines.OptTurns, engines.OptField},
	// The Nest is the seed's one brief; any other name is a fight of two
	// sides (Ruling).
	ScenarioBriefs: []string{"nest"},
	Facts: func() []kit.Fact[*State] {
		return []kit.Fact[*State]{
			kit.On(TypeRecruited, (*State).onRecruited),
			kit.On(TypeBriefCardSet, (*State).onBriefCardSet),
			kit.On(TypeScenarioStarted, (*State).onScenarioStarted),
			kit.On(TypeGruntSpawned, (*State).onGruntSpawned),
			kit.On(TypeInitiativeWon, (*State).onInitiativeWon),
			kit.On(TypeFirstChosen, (*State).onFirstChosen),
			kit.On(TypeMoved, (*State).onMoved),
			kit.On(TypeWithdrawn, (*State).onWithdrawn),
			kit.On(TypeAttackPhaseBegun, (*State).onAttackPhaseBegun),
			kit.On(TypeStepBegun, (*State).onStepBegun),
			kit.On(TypeAttackMade, (*State).onAttackMade),
			kit.On(TypeSpellCast, (*State).onSpellCast),
			kit.Record[*State, Missed](TypeMissed),
			kit.On(TypeShieldUsed, (*State).onShieldUsed),
			kit.On(TypeHitLost, (*State).onHitLost),
			kit.Record[*State, HitResisted](TypeHitResisted),
			kit.On(TypeSkillLost, (*State).onSkillLost),
			kit.On(TypeDown, (*State).onDown),
			kit.On(TypeBroken, (*State).onBroken),
			kit.On(TypeWarded, (*State).onWarded),
			kit.On(TypeTeleported, (*State).onTeleported),
			kit.On(TypeRallied, (*State).onRallied),
			kit.On(TypeLockedOut, (*State).onLockedOut),
			kit.Record[*State, PriceOwed](TypePriceOwed),
			kit.On(TypeTurnEnded, (*State).onTurnEnded),
			kit.On(TypeScenarioEnded, (*State).onScenarioEnded),
		}
	},
	Commands: func() []kit.Command[*State] {
		return []kit.Command[*State]{
			kit.Do(recruit),
			kit.Do(briefCard),
			kit.Do(start),
			kit.Do(end),
			kit.Do(initiative),
			kit.Do(chooseFirst),
			kit.Do(move),
			kit.Do(next),
			kit.Do(attack),
			kit.Do(cast),
		}
	},
}
