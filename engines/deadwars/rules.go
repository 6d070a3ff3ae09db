package deadwars

import (
	"fmt"
	"strings"

	"warlog/engines/dice"

	"warlog/internal/words"
)

// Clans.
const (
	Imhotep   = "imhotep"
	Dracula   = "dracula"
	DavyJones = "davy-jones"
)

// Clans lists the clans in the seed's order.
var Clans = []string{Imhotep, Dracula, DavyJones}

// Actions a die face can give.
const (
	ActDash   = "Dash"
	ActAttack = "Attack"
	ActDefend = "Defend"
	ActMagic  = "Magic"
)

// faceTable is each clan's action per die face 1..6 (seed 001 lines 18-38).
var faceTable = map[string][7]string{
	Imhotep:   {"", ActDash, ActAttack, ActAttack, ActDefend, ActDefend, ActMagic},
	Dracula:   {"", ActDash, ActAttack, ActAttack, ActAttack, ActDefend, ActMagic},
	DavyJones: {"", ActDash, ActDash, ActAttack, ActAttack, ActDefend, ActMagic},
}

// FaceAction is the action a face gives a clan ("" for an unknown clan or face).
func FaceAction(clan string, face int) string {
	t, ok := faceTable[clan]
	if !ok || face < 1 || face > 6 {
		return ""
	}
	return t[face]
}

// ClanTitle is the clan's name for people.
func ClanTitle(clan string) string {
	switch clan {
	case Imhotep:
		return "Imhotep"
	case Dracula:
		return "Dracula"
	case DavyJones:
		return "Davy Jones"
	}
	return clan
}

// ParseClan accepts a clan's key or title in any case ("Davy Jones", "davy-jones").
func ParseClan(s string) (string, bool) {
	k := strings.ToLower(strings.ReplaceAll(strings.TrimSpace(s), " ", "-"))
	k = strings.ReplaceAll(k, "_", "-")
	if k == "davyjones" {
		k = DavyJones
	}
	_, ok := faceTable[k]
	return k, ok
}

// Ranks.
const (
	Soldier = "soldier"
	Guard   = "guard"
	Hero    = "hero"
)

// Ranks lists the ranks, cheapest first.
var Ranks = []string{Soldier, Guard, Hero}

// rankStats: points, wounds, attacks per turn and action dice are all 1, 2,
// 3 for Soldier, Guard, Hero (seed 001 lines 14-15, 17).
var rankStats = map[string]int{Soldier: 1, Guard: 2, Hero: 3}

// RankValue is a rank's points, wounds, attacks per turn and dice (they are equal).
func RankValue(rank string) int { return rankStats[rank] }

// Classes.
const (
	Fighter    = "fighter"
	Berserker  = "berserker"
	Skirmisher = "skirmisher"
	Shooter    = "shooter"
	Wizard     = "wizard"
)

// Classes lists the classes in the seed's order.
var Classes = []string{Fighter, Berserker, Skirmisher, Shooter, Wizard}

// ClassStats is one line of the class table (seed 001 lines 48-52).
type ClassStats struct {
	Range, Hit, Save int
}

var classTable = map[string]ClassStats{
	Fighter:    {0, 3, 3},
	Berserker:  {0, 2, 4},
	Skirmisher: {6, 4, 4},
	Shooter:    {12, 5, 5},
	Wizard:     {12, 6, 6},
}

// Class returns a class's range, hit and save.
func Class(c string) ClassStats { return classTable[c] }

// ParseClass accepts a class in any case; "magic-user" is the Wizard.
func ParseClass(s string) (string, bool) {
	k := strings.ToLower(strings.TrimSpace(s))
	switch k {
	case "magic-user", "magic user", "magicuser", "magic-users", "wizards":
		k = Wizard
	}
	k = strings.TrimSuffix(k, "s")
	if k == "berserker" || k == "skirmisher" || k == "shooter" || k == "fighter" || k == "wizard" {
		return k, true
	}
	return k, false
}

// ParseRank accepts a rank in any case.
func ParseRank(s string) (string, bool) {
	k := strings.TrimSuffix(strings.ToLower(strings.TrimSpace(s)), "s")
	_, ok := rankStats[k]
	return k, ok
}

// PointsLimit is what a force may spend besides its free Champion (seed 001 line 15).
const PointsLimit = 7

// KillPoints is what killing a figure scores (seed 001 line 69): its rank,
// and 4 for a Champion.
func KillPoints(rank string, champion bool) int {
	if champion {
		return 4
	}
	return rankStats[rank]
}

// Spells and their costs (seed 001 lines 60-63).
const (
	Bolt  = "bolt"
	Curse = "curse"
	Heal  = "heal"
	Boost = "boost"
)

// SpellCost is a spell's cost in magic dice (0 for an unknown spell).
func SpellCost(spell string) int {
	switch spell {
	case Bolt, Boost:
		return 1
	case Curse, Heal:
		return 2
	}
	return 0
}

// Scenario briefs.
const (
	SoulCollectors = "soul-collectors"
	HuntTheHunters = "hunt-the-hunters"
	DeathShrine    = "death-shrine"
	HeadCount      = "head-count"
)

// Briefs lists the scenarios in the seed's order.
var Briefs = []string{SoulCollectors, HuntTheHunters, DeathShrine, HeadCount}

// BriefTitle is a scenario's name for people.
func BriefTitle(b string) string {
	switch b {
	case SoulCollectors:
		return "Soul Collectors"
	case HuntTheHunters:
		return "Hunt the Hunters"
	case DeathShrine:
		return "Death Shrine"
	case HeadCount:
		return "Head Count"
	}
	return b
}

// briefList names the scenarios for a sentence: "a, b, c or d".
func briefList() string {
	return strings.Join(Briefs[:len(Briefs)-1], ", ") + " or " + Briefs[len(Briefs)-1]
}

// scoreUnit is what a scenario counts for each player, one and many.
func scoreUnit(brief string) (one, many string) {
	switch brief {
	case SoulCollectors:
		return "Soul", "Souls"
	case HuntTheHunters:
		return "Human killed", "Humans killed"
	case DeathShrine:
		return "figure at the shrine", "figures at the shrine"
	case HeadCount:
		return "kill point", "kill points"
	}
	return "", ""
}

// Turns is how many turns each player has (RULINGS: 6 each unless the
// scenario ends it earlier).
const Turns = 6

// Souls and Humans set up in the centre (seed 001 lines 66-67).
const (
	SoulCount  = 7
	HumanCount = 7
)

// HumansSide is the side name of the Humans of Hunt the Hunters.
const HumansSide = "humans"

// humanClass maps a d6 to a Human's class (RULINGS: 1 Fighter, 2
// Berserker, 3 Skirmisher, 4 Shooter, 5-6 roll again).
func humanClass(face int) string {
	switch face {
	case 1:
		return Fighter
	case 2:
		return Berserker
	case 3:
		return Skirmisher
	case 4:
		return Shooter
	}
	return ""
}

// Roll outcomes: a natural 1 always fails and a natural 6 always succeeds
// (seed 001 line 55).
func succeeds(natural, mod, need int) bool {
	switch natural {
	case 1:
		return false
	case 6:
		return true
	}
	return natural+mod >= need
}

// target is what succeeds asks of a d6, for the report's luck: need-mod
// or more, a natural 1 always failing and a natural 6 always succeeding.
func target(mod, need int) dice.Target {
	return dice.AtLeast(min(max(need-mod, 2), 6))
}

func plural(n int, one, many string) string { return words.Count(n, one, many) }

func signed(n int) string {
	if n >= 0 {
		return fmt.Sprintf("+%d", n)
	}
	return fmt.Sprintf("%d", n)
}

func title(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// possessive writes "Ann's", "the hunters'" (words.Possessive).
func possessive(name string) string { return words.Possessive(name) }
