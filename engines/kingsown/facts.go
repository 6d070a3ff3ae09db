package kingsown

//go:generate go run warlog/internal/factgen

// Event types, past tense, prefixed with the game.
const (
	TypeRecruited        = "kingsown.figure_recruited"
	TypeBriefCardSet     = "kingsown.brief_card_set"
	TypeScenarioStarted  = "kingsown.scenario_started"
	TypeGruntSpawned     = "kingsown.grunt_spawned"
	TypeInitiativeWon    = "kingsown.initiative_won"
	TypeFirstChosen      = "kingsown.first_chosen"
	TypeMoved            = "kingsown.figure_moved"
	TypeWithdrawn        = "kingsown.figure_withdrawn"
	TypeAttackPhaseBegun = "kingsown.attack_phase_begun"
	TypeStepBegun        = "kingsown.skill_step_begun"
	TypeAttackMade       = "kingsown.attack_made"
	TypeSpellCast        = "kingsown.spell_cast"
	TypeMissed           = "kingsown.attack_missed"
	TypeShieldUsed       = "kingsown.shield_used"
	TypeHitLost          = "kingsown.hit_lost"
	TypeHitResisted      = "kingsown.hit_resisted"
	TypeSkillLost        = "kingsown.skill_lost"
	TypeDown             = "kingsown.figure_down"
	TypeBroken           = "kingsown.figure_broken"
	TypeWarded           = "kingsown.figure_warded"
	TypeTeleported       = "kingsown.figure_teleported"
	TypeRallied          = "kingsown.skill_rallied"
	TypeLockedOut        = "kingsown.caster_locked_out"
	TypePriceOwed        = "kingsown.price_owed"
	TypeTurnEnded        = "kingsown.turn_ended"
	TypeScenarioEnded    = "kingsown.scenario_ended"
)

// Ref names a figure of a fight: its side and name.
type Ref struct {
	Side string `json:"side"`
	Name string `json:"name"`
}

// Recruited: a figure joined the campaign's roster.
type Recruited struct {
	Card Card `json:"card"`
}

// BriefCardSet: the campaign's card for the Nest or its Orc grunt.
type BriefCardSet struct {
	Role string `json:"role"` // "nest" or "grunt"
	Card Card   `json:"card"`
}

// Fielded is one figure as a fight starts: its card and the Skill it starts at.
type Fielded struct {
	Card   Card `json:"card"`
	Skill  int  `json:"skill"`
	Member bool `json:"member,omitempty"` // from the campaign roster
}

// ScenarioStarted: a fight began.
type ScenarioStarted struct {
	Name    string    `json:"name"`
	Brief   string    `json:"brief,omitempty"`
	Turns   int       `json:"turns"`
	Sides   []string  `json:"sides"`
	Figures []Fielded `json:"figures"`
	Grunt   *Card     `json:"grunt,omitempty"`
}

// GruntSpawned: the Nest's spawn roll brought an Orc grunt.
type GruntSpawned struct {
	Card Card `json:"card"`
	Roll int  `json:"roll"`
}

// InitiativeWon: the roll-off and who moves first. First is "" when the
// winner chooses after the roll (FirstChosen follows); an older log always
// has it.
type InitiativeWon struct {
	Rolls  [][]int `json:"rolls"` // each round: side A's die, side B's die
	Winner string  `json:"winner"`
	First  string  `json:"first"`
}

// FirstChosen: the roll-off's winner chose, after the roll, the side that
// moves first.
type FirstChosen struct {
	First string `json:"first"`
}

// Moved: a figure's declared move.
type Moved struct {
	Ref
	Move   string `json:"move"` // stay, half, full, withdraw
	Facing string `json:"facing"`
	Rough  bool   `json:"rough,omitempty"`
	// Leave: the move (also) left rough ground, a roll of its own; with
	// Rough, the move entered and left it (an older log never has it).
	Leave bool `json:"leave,omitempty"`
	// Stopped: the rough-ground roll failed; the move is spent at the edge
	// and the figure does not attack this turn.
	Stopped bool `json:"stopped,omitempty"`
	// PairNext: a Mob pair's first figure; the same step goes on.
	PairNext bool `json:"pair_next,omitempty"`
}

// Withdrawn: a figure left the table by its edge.
type Withdrawn struct {
	Ref
}

// AttackPhaseBegun: movement closed; the figures that did not move stayed.
type AttackPhaseBegun struct {
	Stayed []Ref `json:"stayed,omitempty"`
}

// StepBegun: the attacks of one Skill step began; the step before it closed.
type StepBegun struct {
	Skill int `json:"skill"`
}

// AttackMade: a figure used one of its attacks with a weapon.
type AttackMade struct {
	Attacker Ref    `json:"attacker"`
	Weapon   Weapon `json:"weapon"`
	Targets  []Ref  `json:"targets"`
	Rear     bool   `json:"rear,omitempty"`
}

// SpellCast: a figure used one of its attacks to cast.
type SpellCast struct {
	Caster  Ref    `json:"caster"`
	Spell   string `json:"spell"`
	Roll    int    `json:"roll"`
	Success bool   `json:"success"`
	Targets []Ref  `json:"targets,omitempty"`
}

// Missed: the hit roll failed.
type Missed struct {
	Target Ref `json:"target"`
	Roll   int `json:"roll"`
}

// ShieldUsed: the first front hit of the turn met the target's shield;
// Stopped unless the weapon was M3 or more.
type ShieldUsed struct {
	Target  Ref  `json:"target"`
	Stopped bool `json:"stopped"`
}

// HitLost: the damage roll took one Hit.
type HitLost struct {
	Target Ref `json:"target"`
	Hits   int `json:"hits"` // left
}

// HitResisted: a hit that did no damage (armour won, or Durable).
type HitResisted struct {
	Target  Ref  `json:"target"`
	Durable bool `json:"durable,omitempty"`
}

// SkillLost: Suppression took one Skill.
type SkillLost struct {
	Target Ref `json:"target"`
	Skill  int `json:"skill"` // left
}

// TakenOut: a figure went Down or Broken; By is who did it.
type TakenOut struct {
	Target Ref  `json:"target"`
	By     *Ref `json:"by,omitempty"`
}

// Down: a figure went Down (at 0 Hits).
type Down TakenOut

// Broken: a figure was Broken (at Skill 0).
type Broken TakenOut

// Warded: the target counts as Res 4 for the rest of the turn.
type Warded struct {
	Target Ref `json:"target"`
}

// Teleported: the target was placed elsewhere and set its facing.
type Teleported struct {
	Target Ref    `json:"target"`
	Facing string `json:"facing"`
}

// Rallied: the target got back one Skill lost in this fight.
type Rallied struct {
	Target Ref `json:"target"`
	Skill  int `json:"skill"`
}

// LockedOut: a failed Firebolt; the caster cannot cast in Turn. Spell is
// the spell whose price it was when not Firebolt (a card's price).
type LockedOut struct {
	Caster Ref    `json:"caster"`
	Turn   int    `json:"turn"`
	Spell  string `json:"spell,omitempty"`
}

// PriceOwed: a failed cast owes its price of failure, the card's or the
// spell's own, in its words. Paid is how the engine pays it, by the facts
// that follow: "lockout" (LockedOut), "hit" (HitLost), "skill"
// (SkillLost); "" when the engine cannot, and the table pays it.
type PriceOwed struct {
	Caster Ref    `json:"caster"`
	Spell  string `json:"spell"`
	Price  string `json:"price"`
	Paid   string `json:"paid,omitempty"`
}

// TurnEnded: the attack phase closed. Last: the turn limit was reached.
type TurnEnded struct {
	Turn int  `json:"turn"`
	Last bool `json:"last,omitempty"`
}

// Outcome is what a fight did to one figure of the campaign roster.
type Outcome struct {
	Side string `json:"side"`
	Name string `json:"name"`
	// Fate: down, broken, withdrawn, survived or sat out.
	Fate     string `json:"fate"`
	Skill    int    `json:"skill"`     // campaign Skill going in
	NewSkill int    `json:"new_skill"` // campaign Skill after
	Removals int    `json:"removals,omitempty"`
}

// ScenarioEnded: the fight closed; the removal count per side, the brief's
// result and what it does to the campaign roster.
type ScenarioEnded struct {
	Name     string         `json:"name"`
	Turn     int            `json:"turn"`
	Removed  map[string]int `json:"removed"`
	Winner   string         `json:"winner,omitempty"`
	Declared bool           `json:"declared,omitempty"`
	NestDown *bool          `json:"nest_down,omitempty"`
	Result   string         `json:"result"`
	Outcomes []Outcome      `json:"outcomes"`
}
