package incarn28

// FoundGang founds a player's gang, with the incarns of a gang file if any.
type FoundGang struct {
	Player  string   `json:"player"`
	Faction string   `json:"faction"`
	Bones   int      `json:"bones,omitempty"`
	Incarns []Incarn `json:"incarns,omitempty"`
}

// Verb implements engines.Command.
func (FoundGang) Verb() string { return "i28 gang" }

// Recruit adds one incarn to a gang.
type Recruit struct {
	Player string `json:"player"`
	Incarn Incarn `json:"incarn"`
}

// Verb implements engines.Command.
func (Recruit) Verb() string { return "i28 recruit" }

// Dismiss removes an incarn from a gang between games.
type Dismiss struct {
	Player string `json:"player"`
	Name   string `json:"name"`
}

// Verb implements engines.Command.
func (Dismiss) Verb() string { return "i28 dismiss" }

// Overseer spends a gang's Overseer re-roll on objective die 1 or 2.
type Overseer struct {
	Player string `json:"player"`
	Die    int    `json:"die"`
}

// Verb implements engines.Command.
func (Overseer) Verb() string { return "i28 overseer" }

// NextRound ends the round in play (its end-of-round rules) and begins the
// next with the roll-off.
type NextRound struct {
	// BleederContacts are the incarns in base contact with a Bleeder when
	// it bursts at the end of round 4 (a table fact): they are slain too.
	BleederContacts []string `json:"bleeder_contacts,omitempty"`
}

// Verb implements engines.Command.
func (NextRound) Verb() string { return "i28 round" }

// ActFacts are the table facts an ACT-R may need.
type ActFacts struct {
	EnemyWithin5    bool   `json:"enemy_within_5,omitempty"`    // Brutal
	AlliesWithin5   int    `json:"allies_within_5,omitempty"`   // Guard
	EnemiesWithin10 int    `json:"enemies_within_10,omitempty"` // Masochist
	NearQuarry      bool   `json:"near_quarry,omitempty"`       // Stalker
	Piles           int    `json:"piles,omitempty"`             // Defecator
	Fools           int    `json:"fools,omitempty"`             // Fool
	Gaunts          int    `json:"gaunts,omitempty"`            // Gaunt
	Effigies        int    `json:"effigies,omitempty"`          // Effigy
	Tempted         bool   `json:"tempted,omitempty"`           // Tempter
	Nightmare       bool   `json:"nightmare,omitempty"`         // Nightmare
	Leech           string `json:"leech,omitempty"`             // Leech: the ally whose die is used
	AncestorLow     bool   `json:"ancestor_low,omitempty"`      // Ancestor keeps the lower die
	Imp             bool   `json:"imp,omitempty"`               // within 5 of an enemy Imp
	Parasite        bool   `json:"parasite,omitempty"`          // within 5 of an enemy Parasite
	Icon            bool   `json:"icon,omitempty"`              // within 10 of an allied Icon
	Hollow          int    `json:"hollow,omitempty"`            // allies within 5 of an enemy Hollow
	Ciphered        bool   `json:"ciphered,omitempty"`          // within 5 of an enemy Cipher
	Enigma          bool   `json:"enigma,omitempty"`            // Enigma rolls the D6 instead
	Mist            bool   `json:"mist,omitempty"`              // caught by the Flensing Mist
	Hermit          string `json:"hermit,omitempty"`            // an allied Hermit gives its activation
}

// Activate activates an incarn: its ACT-R gives its ACs. Incarn may be
// empty under Anarchic Spores (the program picks).
type Activate struct {
	Incarn string `json:"incarn,omitempty"`
	ActFacts
}

// Verb implements engines.Command.
func (Activate) Verb() string { return "i28 activate" }

// Move spends ACs on moving.
type Move struct {
	Incarn string `json:"incarn"`
	ACs    int    `json:"acs"`
	// Shadow: a Shadow in base contact spends 3 ACs to move into base
	// contact with any other incarn.
	Shadow bool `json:"shadow,omitempty"`
}

// Verb implements engines.Command.
func (Move) Verb() string { return "i28 move" }

// DefFacts are the table facts a defence may need.
type DefFacts struct {
	Obscured    bool   `json:"obscured,omitempty"`
	Sentinel    bool   `json:"sentinel,omitempty"`    // within 5 of an allied Sentinel
	Decoy       bool   `json:"decoy,omitempty"`       // spend the target's Decoy
	Soothsayer  bool   `json:"soothsayer,omitempty"`  // within 5 of an allied Soothsayer
	Illusionist bool   `json:"illusionist,omitempty"` // within 5 of an allied Illusionist
	Priests     int    `json:"priests,omitempty"`     // allied Priests within 10 of the target
	Gaunts      int    `json:"gaunts,omitempty"`      // enemy Gaunts within 10 of the target
	Exhumer     string `json:"exhumer,omitempty"`     // an enemy Exhumer within 5 of the target
	Reclaimer   string `json:"reclaimer,omitempty"`   // an allied Reclaimer within 10 of the target
	Mindguard   string `json:"mindguard,omitempty"`   // an allied Mindguard within 10 of the target
	Ciphered    bool   `json:"target_ciphered,omitempty"`
	Imp         bool   `json:"target_imp,omitempty"` // the target is within 5 of an enemy Imp: no items
	// Portshield names an ally of the target within 5 carrying a
	// Portshield: the attack hits it instead (seed line 615).
	Portshield string `json:"portshield,omitempty"`
}

// Attack is a normal attack of Strength ACs.
type Attack struct {
	Attacker    string `json:"attacker"`
	Target      string `json:"target"`
	Strength    int    `json:"strength"`
	BaseContact bool   `json:"base_contact,omitempty"` // Adept
	Beyond10    bool   `json:"beyond_10,omitempty"`    // Gunner
	Subliminal  int    `json:"subliminal,omitempty"`   // enemy Subliminals within 20
	Zealots     int    `json:"zealots,omitempty"`      // allied Zealots within 10
	Archivists  int    `json:"archivists,omitempty"`   // allied Archivists within 5
	Ciphered    bool   `json:"ciphered,omitempty"`     // the attacker is within 5 of an enemy Cipher
	Pacifist    bool   `json:"pacifist,omitempty"`     // the attacker is within 5 of an enemy Pacifist
	Imp         bool   `json:"imp,omitempty"`          // the attacker is within 5 of an enemy Imp: no items
	// Also are further incarns hit with half the AD: within 5 of the
	// target (Grenadier) or along the line (Melter).
	Also []string `json:"also,omitempty"`
	DefFacts
}

// Verb implements engines.Command.
func (Attack) Verb() string { return "i28 attack" }

// Special is a Special Attack (SP-A) granted by a Fleshtype.
type Special struct {
	Incarn string `json:"incarn"`
	Target string `json:"target"`
	As     string `json:"as,omitempty"`
	ACs    int    `json:"acs,omitempty"` // Smasher: the ACs spent moving into contact
	DefFacts
}

// Verb implements engines.Command.
func (Special) Verb() string { return "i28 special" }

// Stun records a stun resolved at the table (Empath, Grudger, Iconoclast...).
type Stun struct {
	Incarn string `json:"incarn"`
	By     string `json:"by,omitempty"`
	Why    string `json:"why,omitempty"`
	// As names the reaction the stun is: "Empath" or "Grudger"; it needs
	// the reaction the log opened for By.
	As string `json:"as,omitempty"`
	// Ciphered: the stunned incarn is within 5 of an enemy Cipher.
	Ciphered bool `json:"ciphered,omitempty"`
}

// Verb implements engines.Command.
func (Stun) Verb() string { return "i28 stun" }

// Unstun removes a stun (Priest for 1 AC, Mindguard...).
type Unstun struct {
	Incarn string `json:"incarn"`
	By     string `json:"by,omitempty"`
	Why    string `json:"why,omitempty"`
}

// Verb implements engines.Command.
func (Unstun) Verb() string { return "i28 unstun" }

// Slay records a death resolved at the table (Bleeder, Mulligan,
// Sacrificial Dagger, Grenadier...).
type Slay struct {
	Incarn string `json:"incarn"`
	By     string `json:"by,omitempty"`
	Why    string `json:"why,omitempty"`
	// Dagger: the activating By spends 1 AC on its Sacrificial Dagger.
	Dagger bool `json:"dagger,omitempty"`
	// Mulligan: the activating Mulligan slays itself for this many ACs
	// and may move as many incarns anywhere in play.
	Mulligan int `json:"mulligan,omitempty"`
	DefFacts
}

// Verb implements engines.Command.
func (Slay) Verb() string { return "i28 slay" }

// Transform is a Lycan's 6-AC change.
type Transform struct {
	Incarn string `json:"incarn,omitempty"`
}

// Verb implements engines.Command.
func (Transform) Verb() string { return "i28 transform" }

// Extinguish spends 3 ACs to put out a burning incarn (itself or an ally
// in base contact).
type Extinguish struct {
	Incarn string `json:"incarn,omitempty"`
	Target string `json:"target"`
}

// Verb implements engines.Command.
func (Extinguish) Verb() string { return "i28 extinguish" }

// Rift lifts an enemy incarn out of play for the round (Chronomatic Rift).
type Rift struct {
	Player string `json:"player"`
	Incarn string `json:"incarn"`
}

// Verb implements engines.Command.
func (Rift) Verb() string { return "i28 rift" }

// Stone turns a Gargoyle to stone or back for 3 ACs.
type Stone struct {
	Incarn string `json:"incarn,omitempty"`
}

// Verb implements engines.Command.
func (Stone) Verb() string { return "i28 stone" }

// Reflesh records a Fleshtype changed at the table: a Zenithal's swap of
// an ally's Fleshtype (once per activation), or another change the players
// agree (Mimic).
type Reflesh struct {
	Incarn string `json:"incarn"`
	Old    string `json:"old"`
	New    string `json:"new"`
	// By is the activating Zenithal, when it is one.
	By string `json:"by,omitempty"`
}

// Verb implements engines.Command.
func (Reflesh) Verb() string { return "i28 reflesh" }

// EndActivation ends the activation in progress.
type EndActivation struct{}

// Verb implements engines.Command.
func (EndActivation) Verb() string { return "i28 end-activation" }

// Summon is a Homonculist's summons.
type Summon struct {
	Incarn string `json:"incarn"`
}

// Verb implements engines.Command.
func (Summon) Verb() string { return "i28 summon" }

// Inseminate is an Inseminator's once-per-game mark.
type Inseminate struct {
	Incarn string `json:"incarn"`
	Target string `json:"target"`
}

// Verb implements engines.Command.
func (Inseminate) Verb() string { return "i28 inseminate" }

// MarkObjective records an objective met at the table (Loot, Escort,
// Sanctify).
type MarkObjective struct {
	Player    string `json:"player"`
	Objective string `json:"objective"`
}

// Verb implements engines.Command.
func (MarkObjective) Verb() string { return "i28 objective" }
