package incarn28

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"warlog/engines"
)

// Kind says how much of a rule the program can know (RULINGS, Incarn28,
// "Fleshtypes and what the program can know").
type Kind string

// The three kinds of rule.
const (
	// KindLog: decided from the log alone, applied automatically.
	KindLog Kind = "log"
	// KindFact: decided from the log plus a fact only the table knows,
	// given as a flag on the command and recorded with it.
	KindFact Kind = "table fact"
	// KindRecorded: resolved at the table; the log keeps what the player
	// says happened.
	KindRecorded Kind = "recorded"
)

// Entry is a numbered rule of the catalogue: its number in the seed (as
// the die rolls it, for an objective or a twist), its name, how the
// program handles it and a one-line summary in our own words.
type Entry struct {
	N       int
	Name    string
	Kind    Kind
	Summary string
}

// Fleshtype is one of the 100 Fleshtypes.
type Fleshtype = Entry

// Fleshtypes are the 100 Fleshtypes in the seed's order.
var Fleshtypes = []Fleshtype{
	{1, "Aberrant", KindLog, "After every other modifier, an even ACT-R is halved and an odd one doubled."},
	{2, "Adept", KindFact, "Also crits on a 5 when the target is in base contact."},
	{3, "Alchemist", KindFact, "Range 10; one SP-A D8 per activation at an enemy within 10."},
	{4, "Ancestor", KindLog, "Rolls two Action dice for the ACT-R and keeps one (the higher unless told)."},
	{5, "Architect", KindFact, "One SP-A D8 per activation at an enemy within 10 of a terrain piece within 20."},
	{6, "Archivist", KindLog, "Once the opponent has finished an objective, it and allies within 5 add 3 to AD."},
	{7, "Assassin", KindLog, "Crits on a 5 as well as a 6; deployed anywhere before its first ACT-R in round 1."},
	{8, "Automaton", KindLog, "Cannot be stunned."},
	{9, "Avenger", KindLog, "Adds 1 to its AD for every slain ally."},
	{10, "Berserk", KindLog, "Takes -2 on each A-R die but its AD is doubled."},
	{11, "Blademaster", KindLog, "After an enemy's attack on it is resolved, answers with a SP-A D8 at that enemy."},
	{12, "Bleeder", KindFact, "Dies at the end of round 4, taking everything in base contact with it."},
	{13, "Brigand", KindRecorded, "Range 15; may deploy in base contact with any terrain piece."},
	{14, "Brutal", KindFact, "+4 to its ACT-R when an enemy is within 5."},
	{15, "Butcher", KindLog, "+2 on each A-R die and 2 more move per AC."},
	{16, "Carrion", KindFact, "When an enemy dies within 10, may at once SP-A D8 another enemy within 10."},
	{17, "Cerebroid", KindLog, "Adds 1 to its side's roll-off for first activation each round."},
	{18, "Cipher", KindFact, "Enemies within 5 that are not Ciphers lose all their Fleshtypes."},
	{19, "Defecator", KindFact, "Drops a pile within 5 each activation; enemies get -1 ACT-R per pile within 5."},
	{20, "Eclipse", KindRecorded, "Counts as the nearest visible enemy for every enemy that can see it."},
	{21, "Elegant", KindLog, "+1 ACT-R, 2 more move per AC, and enemies take -1 on A-R dice against it."},
	{22, "Elemental", KindLog, "An attack that stuns it slays it; an attack that leaves it standing stuns the attacker."},
	{23, "Empath", KindFact, "When an ally stuns an enemy within 10, may stun a second enemy within 10."},
	{24, "Enforcer", KindFact, "SP-A D6 at an enemy within 5 that uses one of its Fleshtypes."},
	{25, "Enigma", KindLog, "May roll a D6 instead of the ACT-R: 1-4 wastes the activation, 5+ ends the round."},
	{26, "Ethereal", KindLog, "Each critical hit against it is worth one success less."},
	{27, "Executioner", KindLog, "Any enemy it would stun is slain instead."},
	{28, "Exhumer", KindFact, "When an enemy within 5 dies, a D6 of 5+ raises it into this gang instead."},
	{29, "Fallow", KindLog, "Odd ACT-R: two A-R dice per point of strength; even ACT-R: the activation is lost."},
	{30, "Flagellant", KindLog, "+4 to its ACT-R, but a natural 1 stuns it."},
	{31, "Fool", KindFact, "Enemies that can see it take -1 on their ACT-R."},
	{32, "Gargoyle", KindLog, "3 ACs turn it to stone or back; as stone it neither attacks nor can be attacked."},
	{33, "Gasser", KindFact, "On activating, every enemy within 10 takes a SP-A D4."},
	{34, "Gaunt", KindFact, "Enemies within 10 take -2 on ACT-R and DF-R."},
	{35, "Golem", KindLog, "Slain only when its DF-R is below a third of the AD (a natural 1 still slays)."},
	{36, "Gravedigger", KindRecorded, "When something dies within 5, pull any incarn to within 5 of it."},
	{37, "Grenadier", KindFact, "Range 15; incarns within 5 of its target take a half-AD attack too."},
	{38, "Grudger", KindLog, "When the opponent finishes an objective, a D6 of 4+ stuns an enemy within 20."},
	{39, "Guard", KindFact, "+1 ACT-R for every ally within 5."},
	{40, "Gunner", KindFact, "Range 30, may target any visible incarn in range, +2 on A-R dice beyond 10."},
	{41, "Gunslinger", KindLog, "Range 15; not limited to one attack per activation."},
	{42, "Haruspex", KindRecorded, "Before round 1 its whole gang may move 5 (the higher roller first if both have it)."},
	{43, "Hermit", KindFact, "Gives up its own activation so that an ally within 5 activates, even one that already has."},
	{44, "Hive", KindLog, "When it dies, three Roach Worm allies appear within 5."},
	{45, "Hollow", KindFact, "Enemies within 5 of it count as slain for morale."},
	{46, "Homonculist", KindLog, "Once per activation summons a new allied Roach without Fleshtypes within 5."},
	{47, "Hunter", KindLog, "Range 20; crits on any A-R die of 6 or more after modifiers."},
	{48, "Iconoclast", KindRecorded, "Once per activation rolls an enemy's Action die within 10; a 1 stuns that enemy."},
	{49, "Illusionist", KindFact, "When it or an ally within 5 is attacked, a D6 of 4+ makes the attack miss."},
	{50, "Imp", KindFact, "Enemies within 5 lose their items and are stunned by an ACT-R of 1 or less."},
	{51, "Inseminator", KindLog, "Once per game, 1 AC marks an enemy within 20; when it dies a random ally appears."},
	{52, "Lastborn", KindLog, "When slain, D6: 1-3 dies, 4-5 dies and SP-A D8s the attacker, 6 lives and SP-A D8s."},
	{53, "Leech", KindFact, "May roll an ally's Action die within 5 for its ACT-R."},
	{54, "Lycan", KindLog, "6 ACs turn it into a Chosen Heavy Butcher Strigoi without items for good."},
	{55, "Masochist", KindFact, "+1 ACT-R for every enemy within 10."},
	{56, "Melter", KindFact, "Attacks along a 15 line: the first incarn takes full AD, each further one half."},
	{57, "Mindguard", KindFact, "When an ally within 10 is stunned, D6: 4+ cancels it, 1-3 stuns the Mindguard instead."},
	{58, "Mimic", KindRecorded, "May use the Fleshtype of any incarn within 10."},
	{59, "Mulligan", KindLog, "Can slay itself for N ACs to move N incarns anywhere (the moves are made at the table)."},
	{60, "Narcissist", KindLog, "After activating, a D6 of 5+ lets it activate again at once."},
	{61, "Nightmare", KindFact, "Every incarn within 5 rolls a D4 for its ACT-R."},
	{62, "Node", KindRecorded, "It and allies within 10 get 10 more range."},
	{63, "Occultist", KindLog, "Keeps unspent ACs for later activations."},
	{64, "Oculophage", KindLog, "Range 20; sees everything in range and ignores cover when attacking."},
	{65, "Overseer", KindLog, "Its player may re-roll one objective die."},
	{66, "Pacifist", KindFact, "An enemy within 5 trying to attack rolls D6; on 4+ it may not attack this activation."},
	{67, "Pandemoniac", KindLog, "An enemy it stuns swaps a random Fleshtype for another random one."},
	{68, "Paragon", KindLog, "+1 AD for each Fleshtype it has."},
	{69, "Parasite", KindFact, "An enemy within 5 whose ACT-R reaches 10 or more is stunned."},
	{70, "Pest", KindRecorded, "May move 5 whenever anyone rolls a D8."},
	{71, "Poltergeist", KindLog, "May attack terrain to shove it as far as the AD."},
	{72, "Priest", KindFact, "1 AC un-stuns a visible ally; it and allies within 10 add 1 to DF-R."},
	{73, "Proximate", KindRecorded, "Allies within 5 move along with it, keeping formation."},
	{74, "Puppeteer", KindRecorded, "Once per activation moves itself or an incarn within 10 up to 10."},
	{75, "Pyromaniac", KindLog, "Sets what it attacks on fire: SP-A D4 at each activation until 3 ACs put it out."},
	{76, "Reclaimer", KindFact, "When an ally within 10 dies, D6: 5+ saves it, 2-4 nothing, 1 kills the Reclaimer too."},
	{77, "Relictor", KindLog, "Doubles its ACT-R once half or more of its gang's starting incarns are slain."},
	{78, "Sadist", KindLog, "+1 ACT-R for every slain enemy, whoever slew it."},
	{79, "Screamer", KindRecorded, "May push its target 1 per point of AD."},
	{80, "Sentinel", KindFact, "It and allies within 5 add a D6 to their DF-R."},
	{81, "Shadow", KindLog, "In base contact, 3 ACs jump it into contact with any other incarn."},
	{82, "Sharpshooter", KindRecorded, "Range 40; may target any visible incarn in range."},
	{83, "Smasher", KindFact, "Charging into contact hits the enemy with a SP-A whose AD is the ACs spent moving."},
	{84, "Soldier", KindLog, "Range 20 and +2 ACT-R."},
	{85, "Soothsayer", KindFact, "It and allies within 5 may re-roll a DF-R once; the new roll stands."},
	{86, "Spite", KindFact, "On death, every enemy within 5 takes a SP-A of its Action die."},
	{87, "Spy", KindLog, "Enemies treat it as a friend until it attacks or only spies remain."},
	{88, "Stalker", KindFact, "Picks a quarry before the game; +6 ACT-R when it activates within 5 of it."},
	{89, "Stout", KindLog, "Enemies take -2 on A-R dice against it."},
	{90, "Strigoi", KindLog, "After slaying an enemy it may activate again once this activation ends."},
	{91, "Subliminal", KindFact, "Enemies within 20 take -1 on their A-R dice."},
	{92, "Tempter", KindFact, "Enemies within 10 may take +2 ACT-R, but then die on a natural 1."},
	{93, "Toxic", KindLog, "Once per game a SP-A within 10 whose die grows with the round: D4 in round 1 up to D20 from round 6."},
	{94, "Unborn", KindLog, "While slain, a D6 of 5+ at each round's start brings it back."},
	{95, "Venomous", KindLog, "+1 on A-R dice and its crits are worth 3 successes."},
	{96, "Vivisect", KindLog, "+1 AD for each Fleshtype of its target."},
	{97, "Wanderer", KindRecorded, "Can leave by one edge and re-enter at the opposite one (corners diagonally)."},
	{98, "Worm", KindLog, "1 B cheaper, and left out when counting the gang for morale."},
	{99, "Zealot", KindFact, "It and allies within 10 add 2 to AD."},
	{100, "Zenithal", KindRecorded, "Once per activation swaps an ally's Fleshtype within 5 for another it lacks."},
}

// Item is one of the 12 items; every item costs 2 Bones.
type Item struct {
	Name    string
	Kind    Kind
	Summary string
}

// ItemCost is the price of any item in Bones.
const ItemCost = 2

// Items are the 12 items in the seed's order.
var Items = []Item{
	{"Agile Form", KindRecorded, "2 more move per AC."},
	{"Armour", KindLog, "+2 to DF-R."},
	{"Artisanal Weapon", KindLog, "+1 on each A-R die."},
	{"Bloodshot", KindLog, "Treats every incarn, friend or foe, as an enemy."},
	{"Decoy", KindFact, "Once per game adds a D12 to one DF-R."},
	{"Effigy", KindFact, "Enemies within 5 take -1 ACT-R."},
	{"Ensorcelled Weapon", KindLog, "Adds a D4 to its AD."},
	{"Geminid", KindLog, "May activate straight after an ally, before the opponent's next activation."},
	{"Icon", KindFact, "It and allies within 10 never rout."},
	{"Portshield", KindFact, "Attacks on allies within 5 strike it instead."},
	{"Reacher", KindRecorded, "15 more range."},
	{"Sacrificial Dagger", KindRecorded, "1 AC slays an ally within 5."},
}

// Level is a skill level (Action die) or a toughness (defence die).
type Level struct {
	Name string
	Die  int
	Cost int
}

// Skills are the six skill levels: the Action die and its cost.
var Skills = []Level{
	{"Roach", 4, 1}, {"Rabble", 6, 2}, {"Regular", 8, 3},
	{"Blooded", 10, 4}, {"Chosen", 12, 5}, {"Demigod", 20, 8},
}

// Toughnesses are the six toughnesses: the defence die and its cost.
var Toughnesses = []Level{
	{"Weak", 4, 1}, {"Light", 6, 2}, {"Medium", 8, 3},
	{"Hardened", 10, 4}, {"Heavy", 12, 5}, {"Immortal", 20, 8},
}

// Faction is one of the three factions.
type Faction struct {
	Name    string
	Summary string
	// PerFleshtype is how many incarns of the gang may share a Fleshtype.
	PerFleshtype int
	// ObjectiveMod is added to each objective die.
	ObjectiveMod int
	// ActMod and DefMod are added to every ACT-R and DF-R.
	ActMod, DefMod int
}

// Factions are the three factions.
var Factions = []Faction{
	{"Court", "Order and law: every incarn adds 1 to its DF-R; objective dice +0.", 3, 0, 0, 1},
	{"Schism", "Rebels: every incarn adds 1 to its ACT-R; objective dice +1.", 3, 1, 1, 0},
	{"Sacrosanct", "Flesh-scholars: up to 4 incarns may share a Fleshtype; objective dice +2.", 4, 2, 0, 0},
}

// Objective is one of the 8 objectives.
type Objective = Entry

// Objectives are the 8 objectives.
var Objectives = []Objective{
	{1, "Desecrate", KindLog, "The opponent sets out a non-incarn target that takes 20 hits; each attack on it deals its AD in hits. Destroy it."},
	{2, "Intimidate", KindLog, "Stun or slay every enemy incarn at least once (objective incarns excepted)."},
	{3, "Assassinate", KindLog, "The opponent gains one Chosen incarn with no Fleshtypes or items that cannot attack; slay it."},
	{4, "Hunt", KindLog, "A Deathbeast (Demigod, Immortal, Butcher, Executioner, Automaton) starts in the centre and acts at each round's end; see it slain."},
	{5, "Loot", KindRecorded, "Touch every terrain piece with one of your incarns."},
	{6, "Escort", KindRecorded, "Gain one Blooded incarn with no Fleshtypes or items that cannot attack; get it off the opponent's edge; slain, it starts again at your edge."},
	{7, "Decimate", KindLog, "Slay enemy incarns worth 20 Bones in all."},
	{8, "Sanctify", KindRecorded, "Build a shrine in every board corner; each takes 3 ACs within 5 of the corner."},
}

// Twist is one of the twists, numbered as the D6 rolls them.
type Twist = Entry

// Twists are the 6 twists, as the seed's TWISTS list numbers them.
var Twists = []Twist{
	{1, "Bleeding Sky", KindLog, "At each round's end every incarn in play rolls a D6; a 6 means it takes a SP-A D6."},
	{2, "Flensing Mist", KindFact, "A neutral edge is rolled at the start; at each round's end the Mist flows 2D6 in from it; incarns caught take a SP-A D6 when they next activate."},
	{3, "Anarchic Spores", KindLog, "Instead of choosing, each activation picks one of your unactivated incarns at random."},
	{4, "Chronomatic Rift", KindRecorded, "At each round's start each player lifts an enemy incarn out of play until the next round; never the same one twice."},
	{5, "Cerebral Void", KindLog, "An incarn whose Action die shows a natural 1 does nothing that activation."},
	{6, "Enraging Squall", KindLog, "Every incarn adds the number of the current round to its ACT-R."},
}

// norm folds a name for comparison: case, spaces, dashes and underscores.
func norm(s string) string {
	return normer.Replace(strings.ToLower(strings.TrimSpace(s)))
}

// normer is norm's replacer, built once: building one allocates its
// tables, and a status compares every figure's levels by name.
var normer = strings.NewReplacer(" ", "", "-", "", "_", "", "'", "")

// FindFleshtype finds a Fleshtype by name, unique prefix or number.
func FindFleshtype(name string) (Fleshtype, error) {
	var n int
	if _, err := fmt.Sscanf(name, "%d", &n); err == nil && fmt.Sprint(n) == strings.TrimSpace(name) {
		if n >= 1 && n <= len(Fleshtypes) {
			return Fleshtypes[n-1], nil
		}
		return Fleshtype{}, fmt.Errorf("there is no Fleshtype %d; they are numbered 1 to 100", n)
	}
	return lookup(KindFleshtype, Fleshtypes, func(f Fleshtype) string { return f.Name }, name, "")
}

// FindItem finds an item by name or unique prefix.
func FindItem(name string) (Item, error) {
	return lookup(KindItem, Items, func(it Item) string { return it.Name }, name, "")
}

// FindSkill finds a skill level by name.
func FindSkill(name string) (Level, error) { return findLevel(KindSkill, Skills, name) }

// FindToughness finds a toughness by name.
func FindToughness(name string) (Level, error) { return findLevel(KindToughness, Toughnesses, name) }

func findLevel(kind string, levels []Level, name string) (Level, error) {
	for _, l := range levels { // as stored: no list for an error built
		if l.Name == name {
			return l, nil
		}
	}
	names := make([]string, len(levels))
	for i, l := range levels {
		names[i] = strings.ToLower(l.Name)
	}
	return lookup(kind, levels, func(l Level) string { return l.Name }, name, "choose one of "+strings.Join(names, ", "))
}

// FindFaction finds a faction by name.
func FindFaction(name string) (Faction, error) {
	return lookup(KindFaction, Factions, func(f Faction) string { return f.Name }, name, "choose court, schism or sacrosanct")
}

// FindObjective finds an objective by name or number.
func FindObjective(name string) (Objective, error) {
	if i, ok := number(name, len(Objectives)); ok {
		return Objectives[i], nil
	}
	return lookup(KindObjective, Objectives, func(o Objective) string { return o.Name }, name, "")
}

// FindTwist finds a twist by name or number.
func FindTwist(name string) (Twist, error) {
	if i, ok := number(name, len(Twists)); ok {
		return Twists[i], nil
	}
	return lookup(KindTwist, Twists, func(t Twist) string { return t.Name }, name, "")
}

// number reads name as the number of one of n entries numbered from 1 in
// order (as the die rolls them), giving its index.
func number(name string, n int) (int, bool) {
	name = strings.TrimSpace(name)
	for i := range n {
		if name == strconv.Itoa(i+1) {
			return i, true
		}
	}
	return 0, false
}

// lookup finds the entry of a part of the catalogue that name names
// (findName).
//
// A name as the catalogue spells it (as every stored fact has it) is
// found first, without normalizing: the rules look names up on nearly
// every action. Catalogue names differ once normalized
// (TestCatalogueNamesDifferNormalized), so it is the same entry.
func lookup[T any](kind string, entries []T, nameOf func(T) string, name, choose string) (T, error) {
	for _, e := range entries {
		if nameOf(e) == name {
			return e, nil
		}
	}
	names := make([]string, len(entries))
	for i, e := range entries {
		names[i] = nameOf(e)
	}
	i, err := findName(kind, names, name, choose)
	if err != nil {
		var none T
		return none, err
	}
	return entries[i], nil
}

// The parts of the catalogue, as a NameError names them.
const (
	KindFleshtype = "Fleshtype"
	KindItem      = "item"
	KindObjective = "objective"
	KindTwist     = "twist"
	KindSkill     = "skill level"
	KindToughness = "toughness"
	KindFaction   = "faction"
)

// NameError is a name the catalogue does not hold, or that could be more
// than one of its entries.
type NameError struct {
	// Kind is the part of the catalogue looked in (KindFleshtype, ...).
	Kind string
	Name string
	// Could are the entries an ambiguous name could be, sorted; none when
	// no entry matches.
	Could []string
	// Choose says which entries there are, for a part short enough to
	// name them all ("choose court, schism or sacrosanct").
	Choose string
}

func (e *NameError) Error() string {
	if len(e.Could) > 0 {
		return fmt.Sprintf("%s %q is ambiguous: %s; give more of the name", e.Kind, e.Name, strings.Join(e.Could, ", "))
	}
	msg := fmt.Sprintf("no %s %q", e.Kind, e.Name)
	if norm(e.Name) == "" {
		msg = "no " + e.Kind + " named"
	}
	if e.Choose != "" {
		msg += "; " + e.Choose
	}
	return msg
}

// findName matches name exactly (folded) or as a unique prefix.
func findName(kind string, names []string, name, choose string) (int, error) {
	want := norm(name)
	if want == "" {
		return -1, &NameError{Kind: kind, Name: name, Choose: choose}
	}
	var hits []int
	for i, n := range names {
		if norm(n) == want {
			return i, nil
		}
		if strings.HasPrefix(norm(n), want) {
			hits = append(hits, i)
		}
	}
	switch len(hits) {
	case 1:
		return hits[0], nil
	case 0:
		return -1, &NameError{Kind: kind, Name: name, Choose: choose}
	}
	var cands []string
	for _, i := range hits {
		cands = append(cands, names[i])
	}
	sort.Strings(cands)
	return -1, &NameError{Kind: kind, Name: name, Could: cands}
}

// refuse is a refusal under rule of what err says. A name the catalogue
// does not hold stays a *NameError under it, so that the command line can
// say where the catalogue lists the names of its kind.
func refuse(rule string, err error) error {
	re := &engines.RuleError{Rule: rule, Msg: err.Error()}
	var ne *NameError
	if errors.As(err, &ne) {
		return nameRefusal{re, ne}
	}
	return re
}

// nameRefusal is a refusal over a name the catalogue does not hold.
type nameRefusal struct {
	*engines.RuleError
	name *NameError
}

func (e nameRefusal) Unwrap() []error { return []error{e.RuleError, e.name} }
