package i28

import (
	"errors"
	"strings"

	"warlog/cmd/cmdutil"
	"warlog/engines/incarn28"
)

// How to make warlog apply each rule of the catalogue that needs a flag or a
// command, by the name the catalogue gives it: the command line's knowledge,
// kept beside the commands it names.

// fleshtypeUse says, per Fleshtype, which flag or command applies it.
var fleshtypeUse = map[string]string{
	"Adept":        "attack --base-contact",
	"Alchemist":    "special --as Alchemist",
	"Ancestor":     "activate --ancestor-low",
	"Architect":    "special --as Architect",
	"Archivist":    "attack --archivists N for allies",
	"Assassin":     "crits by themselves; its placement is the table's (the start and round-1 labels remind you)",
	"Bleeder":      "round --bleeder-contact A,B (who touches it)",
	"Brigand":      "range and deployment are the table's (the start label reminds you)",
	"Brutal":       "activate --enemy-within-5",
	"Carrion":      "the log opens it when an enemy dies; special CARRION TARGET --as Carrion",
	"Cipher":       "activate/attack --ciphered; attack/special/stun/slay --target-ciphered (also strips Automaton and the \"when slain\" Fleshtypes)",
	"Defecator":    "activate --piles N",
	"Eclipse":      "targets are the table's; play marks Eclipses among the targets",
	"Empath":       "the log opens it on an ally's stun; stun TARGET --by EMPATH --as empath",
	"Enforcer":     "special ENFORCER ENEMY --as Enforcer (play offers it while an enemy with Fleshtypes activates)",
	"Enigma":       "activate --enigma",
	"Exhumer":      "--exhumer EXHUMER on the killing command (attack, special, slay)",
	"Fool":         "activate --fools N",
	"Gargoyle":     "stone",
	"Gasser":       "special --as Gasser",
	"Gaunt":        "activate --gaunts N, attack --target-gaunts N",
	"Gravedigger":  "the move is the table's; every death's label reminds you",
	"Grenadier":    "attack --also A,B",
	"Grudger":      "the D6 is rolled by itself; on 4+: stun TARGET --by GRUDGER --as grudger",
	"Guard":        "activate --allies-within-5 N",
	"Gunner":       "attack --beyond-10",
	"Haruspex":     "the moves are the table's; round 1's label names who moves, deployment winner first",
	"Hermit":       "activate ALLY --hermit HERMIT",
	"Hollow":       "activate --hollow N",
	"Homonculist":  "summon",
	"Iconoclast":   "stun --by",
	"Illusionist":  "attack --illusionist",
	"Imp":          "activate/attack --imp, attack --target-imp",
	"Inseminator":  "inseminate",
	"Leech":        "activate --leech ALLY",
	"Lycan":        "transform",
	"Masochist":    "activate --enemies-within-10 N",
	"Melter":       "attack --also A,B (in line order)",
	"Mindguard":    "attack/special --mindguard NAME",
	"Mimic":        "reflesh INCARN OLD NEW",
	"Mulligan":     "slay INCARN --mulligan N",
	"Nightmare":    "activate --nightmare",
	"Node":         "range is measured at the table",
	"Overseer":     "overseer",
	"Pacifist":     "attack --pacifist",
	"Parasite":     "activate --parasite",
	"Pest":         "the move is the table's; a label with a D8 names the Pests",
	"Poltergeist":  "attack INCARN terrain --strength N (the shove is the table's)",
	"Priest":       "unstun, attack --priests N",
	"Proximate":    "the moves are the table's; its move label reminds you",
	"Puppeteer":    "the move is the table's; its activation label reminds you",
	"Pyromaniac":   "extinguish",
	"Reclaimer":    "--reclaimer RECLAIMER on the killing command (attack, special, slay)",
	"Screamer":     "the push is the table's; its attack label gives the distance",
	"Sentinel":     "attack --sentinel",
	"Shadow":       "move INCARN --shadow (3 ACs; where it lands is the table's)",
	"Sharpshooter": "range and targets are the table's",
	"Smasher":      "special --as Smasher --acs N",
	"Soothsayer":   "attack --soothsayer",
	"Spite":        "the log opens it on its death; special SPITE TARGET --as Spite, once per enemy",
	"Spy":          "its enemies' attacks on it are refused until it attacks",
	"Stalker":      "activate --near-quarry",
	"Subliminal":   "attack --subliminal N",
	"Tempter":      "activate --tempted",
	"Toxic":        "special --as Toxic",
	"Wanderer":     "the move is the table's; its move label reminds you",
	"Zealot":       "attack --zealots N for allies",
	"Zenithal":     "reflesh ALLY OLD NEW --by ZENITHAL",
}

// itemUse says, per item, which flag or command applies it.
var itemUse = map[string]string{
	"Agile Form":         "distance is the table's; the move label counts it",
	"Bloodshot":          "attack any incarn",
	"Decoy":              "attack --decoy",
	"Effigy":             "activate --effigies N",
	"Icon":               "activate --icon for allies",
	"Portshield":         "attack/special --portshield BEARER",
	"Reacher":            "range is measured at the table",
	"Sacrificial Dagger": "slay ALLY --by INCARN --dagger",
}

// objectiveUse says, per objective, how to attack it or report it met.
var objectiveUse = map[string]string{
	"Desecrate": "attack INCARN desecrate",
	"Hunt":      "activate Deathbeast, then attack Deathbeast CLOSEST (the table says which incarn is closest)",
	"Loot":      "objective PLAYER loot",
	"Escort":    "objective PLAYER escort",
	"Sanctify":  "objective PLAYER sanctify",
}

// twistUse says, per twist, which flag or command plays it.
var twistUse = map[string]string{
	"Flensing Mist":    "activate --mist",
	"Chronomatic Rift": "i28 rift",
}

// withUse is a summary with its use in brackets before the full stop.
func withUse(summary, use string) string {
	if use == "" {
		return summary
	}
	return strings.TrimSuffix(summary, ".") + " (" + use + ")."
}

// catalogueLists are the lists of `warlog i28 list` by the part of the
// catalogue a name was looked up in; the short parts name their entries
// in the engine's own words.
var catalogueLists = map[string]string{
	incarn28.KindFleshtype: "fleshtypes",
	incarn28.KindItem:      "items",
	incarn28.KindObjective: "objectives",
	incarn28.KindTwist:     "twists",
}

// withListHint says where the catalogue lists the names of a kind when err
// is about a name it does not hold: right after the engine's words, before
// the rule a refusal names.
func withListHint(err error) error {
	var ne *incarn28.NameError
	if !errors.As(err, &ne) || len(ne.Could) > 0 {
		return err
	}
	list, ok := catalogueLists[ne.Kind]
	if !ok {
		return err
	}
	return &hinted{err: err, msg: cmdutil.FollowWith(err.Error(), ne.Error(), "`warlog i28 list "+list+"` lists them")}
}

// hinted is an error with a hint written into its message.
type hinted struct {
	err error
	msg string
}

func (h *hinted) Error() string { return h.msg }

func (h *hinted) Unwrap() error { return h.err }
