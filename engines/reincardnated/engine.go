// Package reincardnated is the rules engine of Reincardnated, a card game for
// 2 to 6 players (seed 002). The program ships no card list: a Being is
// entered by name and type the first time it is played and remembered in the
// campaign; a Life Purpose is entered when it is revealed. What it tracks is
// what players lose track of at the table: each Lifeline and its active
// Being, the number of Karma cards in each hand, the Being pool and the
// decks by count, whose turn and action it is, the Human Form and its last
// round, Change Destiny stacks, and the score.
//
// The game rolls no dice: shuffles happen at the table.
package reincardnated

import (
	"warlog/engines"
	"warlog/engines/kit"
)

// Engine is Reincardnated's rules engine.
var Engine = &kit.Game[*State]{
	GameInfo: engines.GameInfo{Name: "reincardnated", Title: "Reincardnated"},
	Rules:    3,
	New:      newState,
	Facts: func() []kit.Fact[*State] {
		return []kit.Fact[*State]{
			kit.On(TypeGameStarted, (*State).onGameStarted),
			kit.On(TypeCardNoted, (*State).onCardNoted),
			kit.On(TypeBeingEntered, (*State).onBeingEntered),
			kit.On(TypeBeingKilled, (*State).onBeingKilled),
			kit.On(TypeBeingReborn, (*State).onBeingReborn),
			kit.On(TypeBeingMoved, (*State).onBeingMoved),
			kit.On(TypeBeingVoided, (*State).onBeingVoided),
			kit.On(TypeBeingReturned, (*State).onBeingReturned),
			kit.On(TypeBeingSwapped, (*State).onBeingSwapped),
			kit.On(TypePoolChanged, (*State).onPoolChanged),
			kit.On(TypeKarmaDrawn, (*State).onKarmaDrawn),
			kit.On(TypeKarmaDiscarded, (*State).onKarmaDiscarded),
			kit.On(TypeKarmaPlayed, (*State).onKarmaPlayed),
			kit.On(TypeDestinyChanged, (*State).onDestinyChanged),
			kit.On(TypeDestinyRemoved, (*State).onDestinyRemoved),
			kit.On(TypePurposeSeen, (*State).onPurposeSeen),
			kit.On(TypeHumanTaken, (*State).onHumanTaken),
			kit.On(TypeTurnEnded, (*State).onTurnEnded),
			kit.On(TypePurposeRevealed, (*State).onPurposeRevealed),
			kit.On(TypeGoalMarked, (*State).onGoalMarked),
			kit.On(TypeGameEnded, (*State).onGameEnded),
		}
	},
	Commands: func() []kit.Command[*State] {
		return []kit.Command[*State]{
			kit.Do(startGame),
			kit.Do(endGame),
			kit.Do(starter),
			kit.Do(incarnate),
			kit.Do(gain),
			kit.Do(kill),
			kit.Do(rebirth),
			kit.Do(void),
			kit.Do(activate),
			kit.Do(human),
			kit.Do(playKarma),
			kit.Do(draw),
			kit.Do(discard),
			kit.Do(pool),
			kit.Do(endTurn),
			kit.Do(purpose),
			kit.Do(markGoal),
		}
	},
	Options: []engines.Option{engines.OptPlayers},
}
