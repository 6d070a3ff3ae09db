package incarn28

import "slices"

//go:generate go run warlog/internal/factgen

// A field tagged fold:"skip" is one the fold (apply.go) never reads: a
// replay passes over its value (factgen's FoldFact).

// Event types of Incarn28, all past tense.
const (
	TypeGangFounded        = "incarn28.gang_founded"
	TypeIncarnRecruited    = "incarn28.incarn_recruited"
	TypeIncarnDismissed    = "incarn28.incarn_dismissed"
	TypeBattleStarted      = "incarn28.battle_started"
	TypeObjectivesRolled   = "incarn28.objectives_rolled"
	TypeTwistRolled        = "incarn28.twist_rolled"
	TypeFigureAdded        = "incarn28.figure_added"
	TypeRoundBegun         = "incarn28.round_begun"
	TypeActivated          = "incarn28.activated"
	TypeACsSpent           = "incarn28.acs_spent"
	TypeStatusChanged      = "incarn28.status_changed"
	TypeFigureChanged      = "incarn28.figure_changed"
	TypeActivationEnded    = "incarn28.activation_ended"
	TypeDesecrateHit       = "incarn28.desecrate_hit"
	TypeObjectiveCompleted = "incarn28.objective_completed"
	TypeBattleEnded        = "incarn28.battle_ended"
	TypeReactionOpened     = "incarn28.reaction_opened"
	TypeReactionUsed       = "incarn28.reaction_used"
	TypeDeploymentRolled   = "incarn28.deployment_rolled"
	TypeMistFlowed         = "incarn28.mist_flowed"
)

// GangFounded: a player founded a gang (with the incarns read from a file).
type GangFounded struct {
	Player  string   `json:"player"`
	Faction string   `json:"faction"`
	Bones   int      `json:"bones"`
	Incarns []Incarn `json:"incarns,omitempty"`
}

// IncarnRecruited: an incarn joined a gang.
type IncarnRecruited struct {
	Player string `json:"player"`
	Incarn Incarn `json:"incarn"`
	Cost   int    `json:"cost" fold:"skip"`
}

// IncarnDismissed: an incarn left a gang between games.
type IncarnDismissed struct {
	Player string `json:"player"`
	Name   string `json:"name"`
}

// BattleStarted: a game began with these figures.
type BattleStarted struct {
	Name  string   `json:"name"`
	Sides []string `json:"sides"`
	// Figures are read once for the same figure as written: a figure's
	// only references are its texts and shared lists.
	Figures []Figure `json:"figures" factgen:"shared"`
}

// Keep implements kit.Keeper: the battle folds the figures in place, so
// a payload that is not the fold's own is folded as a copy of them.
func (p BattleStarted) Keep() BattleStarted {
	p.Figures = slices.Clone(p.Figures)
	return p
}

// ObjectivesRolled: a player's two objectives (after any re-rolls).
type ObjectivesRolled struct {
	Player     string `json:"player"`
	Objectives []int  `json:"objectives"`
	// Overseer is set when the Overseer's re-roll was spent.
	Overseer bool `json:"overseer,omitempty"`
}

// TwistRolled: the game's twist.
type TwistRolled struct {
	Twist int `json:"twist"`
	// MistEdge is the Flensing Mist's edge: "left" or "right" of the
	// edge of the player who won the deployment roll-off.
	MistEdge string `json:"mist_edge,omitempty"`
}

// FigureAdded: a figure entered play (objective incarn, Deathbeast, summon).
type FigureAdded struct {
	Figure Figure `json:"figure"`
	Why    string `json:"why" fold:"skip"`
}

// RoundBegun: a new round after the roll-off.
type RoundBegun struct {
	Round int            `json:"round"`
	Rolls map[string]int `json:"rolls" fold:"skip"`
	First string         `json:"first"`
}

// Activated: an incarn made its ACT-R.
type Activated struct {
	Figure     string   `json:"figure"`
	Natural    int      `json:"natural" fold:"skip"`
	Steps      []string `json:"steps" fold:"skip"`
	ACTR       int      `json:"act_r" fold:"skip"`
	ACs        int      `json:"acs"`
	WasStunned bool     `json:"was_stunned,omitempty"`
	Fallow     bool     `json:"fallow,omitempty"`
	// Wasted: the activation does nothing (Fallow even, Cerebral Void, Enigma).
	Wasted bool `json:"wasted,omitempty"`
}

// ACsSpent: the activating incarn spent ACs (or used a once-per-activation
// special, For naming it).
type ACsSpent struct {
	Figure string `json:"figure"`
	ACs    int    `json:"acs"`
	For    string `json:"for,omitempty"`
	What   string `json:"what,omitempty" fold:"skip"`
}

// StatusChanged: a figure was stunned, unstunned, slain, routed or returned.
type StatusChanged struct {
	Figure string `json:"figure"`
	Status string `json:"status"`
	Why    string `json:"why" fold:"skip"`
	// By is the side whose action caused it, when one did.
	By string `json:"by,omitempty"`
	// Killer is the figure whose attack, SP-A or act caused it, when one
	// did (rules 3 on): the stun or kill is credited to it. Without it
	// (older logs) the activating incarn of side By is credited.
	Killer string `json:"killer,omitempty"`
}

// FigureChanged: a figure changed side, name, profile or a marker.
type FigureChanged struct {
	Figure   string  `json:"figure"`
	Side     string  `json:"side,omitempty"`
	Name     string  `json:"name,omitempty"`
	Incarn   *Incarn `json:"incarn,omitempty"`
	OnFire   *bool   `json:"on_fire,omitempty"`
	MarkedBy *string `json:"marked_by,omitempty"`
	Rifted   *bool   `json:"rifted,omitempty"`
	Stone    *bool   `json:"stone,omitempty"`
	Revealed *bool   `json:"revealed,omitempty"`
	Used     string  `json:"used,omitempty"`
	// Mimics: the Fleshtype a Mimic now uses, beside Mimic.
	Mimics string `json:"mimics,omitempty"`
	// Waits: the figure does not activate again this round (an exhumed
	// incarn activates for its new gang from the next round).
	Waits bool   `json:"waits,omitempty"`
	Why   string `json:"why" fold:"skip"`
}

// ActivationEnded: the activation is over; Next is whose turn it is.
type ActivationEnded struct {
	Figure    string `json:"figure"`
	Saved     int    `json:"saved,omitempty"`
	Next      string `json:"next"`
	Again     string `json:"again,omitempty"`
	RoundOver bool   `json:"round_over,omitempty"`
}

// DesecrateHit: hits on a player's Desecrate objective.
type DesecrateHit struct {
	Player string `json:"player"`
	Hits   int    `json:"hits"`
}

// ObjectiveCompleted: a player met one of their objectives.
type ObjectiveCompleted struct {
	Player    string `json:"player"`
	Objective int    `json:"objective"`
	How       string `json:"how" fold:"skip"`
}

// BattleEnded: the game is over.
type BattleEnded struct {
	Winner string `json:"winner,omitempty"`
	Why    string `json:"why"`
}

// ReactionOpened: the log saw what lets a Fleshtype answer (an ally's
// stun for an Empath, an enemy's death for a Carrion, its own death for a
// Spite, the opponent's objective and a D6 of 4+ for a Grudger); the table
// names the target.
type ReactionOpened struct {
	Figure string `json:"figure"`
	Kind   string `json:"kind"`
	Not    string `json:"not,omitempty"`
}

// ReactionUsed: the reaction struck Target.
type ReactionUsed struct {
	Figure string `json:"figure"`
	Kind   string `json:"kind"`
	Target string `json:"target"`
}

// DeploymentRolled: the roll-off before deployment; First chose its edge
// and deployed first.
type DeploymentRolled struct {
	Rolls map[string]int `json:"rolls" fold:"skip"`
	First string         `json:"first"`
}

// MistFlowed: at the end of Round the Flensing Mist flowed Reach cm in
// from its edge.
type MistFlowed struct {
	Round int `json:"round"`
	Reach int `json:"reach"`
}
