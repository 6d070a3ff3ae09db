// Package incarn28 is the rules engine of Incarn28: gangs bought in Bones
// from skill levels, toughnesses, up to five of 100 Fleshtypes and items;
// games of rounds with alternating activations, ACT-R, attacks and defence,
// morale, objectives and twists. It is pure: no I/O, no clock, dice only
// through the Decision.
package incarn28

import (
	"warlog/engines"
	"warlog/engines/kit"
)

// Game is the game's name in the log, the one a campaign is created for.
const Game = "incarn28"

// Engine is Incarn28's rules engine.
var Engine = &kit.Game[*State]{
	GameInfo: engines.GameInfo{Name: Game, Title: "Incarn28"},
	// Rules 2: twist 6 is the seed's Enraging Squall (each ACT-R adds the
	// round's number), no longer a 6 that changes nothing.
	// Rules 3: the rulings of 2026-12-01: a stone Gargoyle neither makes
	// nor takes a SP-A, and a blast passes it by; a slain incarn has no
	// Fleshtype swapped; a kill is credited to its maker (StatusChanged's
	// Killer), and a Strigoi goes again only after a kill of its own; a
	// Hive slain by its own Reclaimer roll lets its Worms out; a Smasher's
	// AD is at most the ACs spent moving (ACsSpent For "move"); --piles
	// beyond the enemy Defecators' activations and --hollow beyond the
	// gang in play are refused; a routed Unborn stays gone; an attack
	// that would stun an Elemental stuns its attacker instead; an
	// Executioner's stun slays past a Mindguard or an Automaton; an
	// exhumed incarn waits for the next round (FigureChanged's Waits); a
	// Mimic keeps Mimic and uses a Fleshtype an incarn in play has.
	Rules: 3,
	New:   newState,
	Facts: func() []kit.Fact[*State] {
		return []kit.Fact[*State]{
			kit.On(TypeGangFounded, (*State).onGangFounded),
			kit.On(TypeIncarnRecruited, (*State).onIncarnRecruited),
			kit.On(TypeIncarnDismissed, (*State).onIncarnDismissed),
			kit.On(TypeBattleStarted, (*State).onBattleStarted),
			kit.On(TypeObjectivesRolled, (*State).onObjectivesRolled),
			kit.On(TypeTwistRolled, (*State).onTwistRolled),
			kit.On(TypeDeploymentRolled, (*State).onDeploymentRolled),
			kit.On(TypeFigureAdded, (*State).onFigureAdded),
			kit.On(TypeRoundBegun, (*State).onRoundBegun),
			kit.On(TypeActivated, (*State).onActivated),
			kit.On(TypeACsSpent, (*State).onACsSpent),
			kit.On(TypeStatusChanged, (*State).onStatusChanged),
			kit.On(TypeFigureChanged, (*State).onFigureChanged),
			kit.On(TypeActivationEnded, (*State).onActivationEnded),
			kit.On(TypeDesecrateHit, (*State).onDesecrateHit),
			kit.On(TypeObjectiveCompleted, (*State).onObjectiveCompleted),
			kit.On(TypeBattleEnded, (*State).onBattleEnded),
			kit.On(TypeReactionOpened, (*State).onReactionOpened),
			kit.On(TypeReactionUsed, (*State).onReactionUsed),
			kit.On(TypeMistFlowed, (*State).onMistFlowed),
		}
	},
	// Every command is decided on a referee (decide); those of a game in
	// progress through inGame, which checks one is.
	Commands: func() []kit.Command[*State] {
		return []kit.Command[*State]{
			decide((*referee).foundGang),
			decide((*referee).recruit),
			decide((*referee).dismiss),
			decide((*referee).start),
			decide((*referee).end),
			inGame((*referee).overseer),
			inGame((*referee).nextRound),
			inGame((*referee).activate),
			inGame((*referee).move),
			inGame((*referee).attack),
			inGame((*referee).special),
			inGame((*referee).endActivation),
			inGame((*referee).recordStun),
			inGame((*referee).recordUnstun),
			inGame((*referee).recordSlay),
			inGame((*referee).summon),
			inGame((*referee).inseminate),
			inGame((*referee).markObjective),
			inGame((*referee).transform),
			inGame((*referee).extinguish),
			inGame((*referee).rift),
			inGame((*referee).stone),
			inGame((*referee).reflesh),
		}
	},
	// Objectives and the twist are rolled, never given: a game takes only
	// the two players whose gangs play.
	Options: []engines.Option{engines.OptField},
}

// newState is the state of a new campaign: no gangs yet.
func newState(c engines.Campaign) *State { return &State{Play: kit.Play[*Battle, Record]{Campaign: c}} }
