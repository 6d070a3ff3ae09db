// Package brood is the rules engine of Brood Mother (seed 004): two Brood
// Mothers on a square grid, a Plasmid economy, spawns that fight with 2d6,
// mutations, evolutions and regeneration priced by the campaign's mode.
//
// The engine is pure: it folds facts and turns a command into facts with
// the dice it is handed, in the order RULINGS.md lists.
package brood

import (
	"warlog/engines"
	"warlog/engines/kit"
)

// Engine is Brood Mother's rules engine, declared with the engine kit.
var Engine = &kit.Game[*State]{
	GameInfo: engines.GameInfo{Name: "brood", Title: "Brood Mother"},
	// Rules 4: every judged roll records its target (issue 33).
	Rules: 4,
	New:   newState,
	Facts: func() []kit.Fact[*State] {
		return []kit.Fact[*State]{
			kit.On(TypeGameStarted, (*State).onGameStarted),
			kit.On(TypeTurnBegan, (*State).onTurnBegan),
			kit.On(TypeTurnEnded, (*State).onTurnEnded),
			kit.On(TypePlasmidGained, (*State).onPlasmidGained),
			kit.On(TypePlasmidSpent, (*State).onPlasmidSpent),
			kit.On(TypeSpawnCreated, (*State).onSpawnCreated),
			kit.On(TypeStatRaised, (*State).onStatRaised),
			kit.On(TypeSpawnMoved, (*State).onSpawnMoved),
			kit.On(TypeCombatFought, (*State).onCombatFought),
			kit.On(TypeSpawnWounded, (*State).onSpawnWounded),
			kit.On(TypeSpawnSaved, (*State).onSpawnSaved),
			kit.On(TypeSpawnRemoved, (*State).onSpawnRemoved),
			kit.On(TypePointsAbsorbed, (*State).onPointsAbsorbed),
			kit.On(TypeSpawnPoisoned, (*State).onSpawnPoisoned),
			kit.On(TypeSpawnAbsorbed, (*State).onSpawnAbsorbed),
			kit.On(TypeMutated, (*State).onSpawnMutated),
			kit.On(TypeEvolved, (*State).onMotherEvolved),
			kit.On(TypeSubvertTried, (*State).onSubversionTried),
			kit.On(TypeSubverted, (*State).onSpawnSubverted),
			kit.On(TypeMotherMoved, (*State).onMotherMoved),
			kit.On(TypeMotherAttacked, (*State).onMotherAttacked),
			kit.On(TypeLifeLost, (*State).onLifeLost),
			kit.On(TypeLifeGained, (*State).onLifeGained),
			kit.On(TypeFrenzyGained, (*State).onFrenzyGained),
			kit.On(TypeFrenzyLapsed, (*State).onFrenzyLapsed),
			kit.On(TypeGameEnded, (*State).onGameEnded),
		}
	},
	Commands: func() []kit.Command[*State] {
		return []kit.Command[*State]{
			decide((*act).start),
			decide((*act).end),
			inGame((*act).spawn),
			inGame((*act).raise),
			inGame((*act).move),
			inGame((*act).attack),
			inGame((*act).motherAttack),
			inGame((*act).motherMove),
			inGame((*act).absorb),
			inGame((*act).regenerate),
			inGame((*act).mutate),
			inGame((*act).evolve),
			inGame((*act).subvert),
			inGame((*act).endTurn),
		}
	},
	Options:       []engines.Option{engines.OptSize, engines.OptMother},
	CampaignModes: []string{ModeStandard, ModeFast, ModeCampaign},
}

// newState is the state of a new campaign, in the campaign's mode
// (standard when none is given).
func newState(c engines.Campaign) *State {
	mode := c.Mode
	if mode == "" {
		mode = ModeStandard
	}
	c.Mode = mode
	return &State{Play: kit.Play[*Board, *Board]{Campaign: c}, Wins: map[string]int{}, Played: map[string]int{}}
}
