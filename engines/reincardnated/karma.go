package reincardnated

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"warlog/engines"
	"warlog/internal/words"
)

// Karma card keys as the log records them. Death/Rebirth is one card
// played one of two ways; the log records the way.
const (
	Anew             = "anew"
	Attain           = "attain"
	ChangeDestiny    = "change-destiny"
	DeathRebirth     = "death-rebirth" // the card; played as KarmaDeath or KarmaRebirth
	KarmaDeath       = "death"
	KarmaRebirth     = "rebirth"
	DejaVu           = "deja-vu"
	Enlightened      = "enlightened"
	Epiphany         = "epiphany"
	LessonLearned    = "lesson-learned"
	Regress          = "regress"
	Replenish        = "replenish"
	SharedExperience = "shared-experience"
	Substitute       = "substitute"
	Sympathy         = "sympathy"
	Synchronize      = "synchronize"
	Uncertainty      = "uncertainty"
	Uproot           = "uproot"
	VoidCard         = "void"
	Volition         = "volition"
)

// Karma is one of the 18 Karma cards, summarized in our words.
type Karma struct {
	Key     string
	Name    string
	Args    string
	Summary string
}

// Karmas are the 18 Karma cards of seed 002 (lines 230-306). Death/Rebirth
// is listed once and played as `death` or `rebirth`.
var Karmas = []Karma{
	{Anew, "Anew", "N", "discard 1 or 2 other Karma, then draw as many"},
	{Attain, "Attain", "OPPONENT BEING", "an opponent takes a Being of the pool as active; no Karma, no ability"},
	{ChangeDestiny, "Change Destiny", "PLAYER TYPE=N", "lay on any player: that type scores N for them at the end (TYPE may be death); the newest card on top counts"},
	{DeathRebirth, "Death/Rebirth", "PLAYER BEING", "kill a living Being, or bring a dead one back"},
	{DejaVu, "Deja Vu", "BEING", "take a Being of the pool of your active Being's type as active; its ability triggers"},
	{Enlightened, "Enlightened", "[PLAYER]", "look at one Life Purpose, yours or another's"},
	{Epiphany, "Epiphany", "BEING", "take any Being of the pool as active, whatever its type; no Karma, ability triggers"},
	{LessonLearned, "Lesson Learned", "", "on another's turn: stop the Change Destiny, Void or Death/Rebirth just played against you"},
	{Regress, "Regress", "BEING", "make an earlier living Being of your Lifeline active (it moves rightmost)"},
	{Replenish, "Replenish", "3|8", "lay 3 or 8 new Beings from the deck on the pool"},
	{SharedExperience, "Shared Experience", "OPPONENT", "with fewer Karma than the opponent you draw 2 and they draw 1; otherwise 1 each"},
	{Substitute, "Substitute", "MINE BEING", "second action only: a Being of the pool takes the spot of one of yours, which goes to the pool; no ability"},
	{Sympathy, "Sympathy", "BEING", "on another's turn, after an opponent's Being is killed or reborn: do the same to one of yours"},
	{Synchronize, "Synchronize", "TYPE", "every player makes a living Being of that type active, if they have one"},
	{Uncertainty, "Uncertainty", "BEING", "the top Being of the deck becomes your active Being; ability triggers"},
	{Uproot, "Uproot", "", "the whole pool goes back into the deck and 8 new Beings are laid out"},
	{VoidCard, "Void", "PLAYER BEING", "a Being of any Lifeline, living or dead, goes back to the pool"},
	{Volition, "Volition", "OPPONENT BEING", "make a living Being of an opponent's Lifeline their active Being"},
}

// Usage is how the card is played, after the player who plays it.
func (k Karma) Usage() string {
	if k.Key == DeathRebirth {
		return "death|rebirth " + k.Args
	}
	return strings.TrimSpace(k.Key + " " + k.Args)
}

// KarmaKeys are the names a Karma is played by, Death/Rebirth as its two
// ways.
func KarmaKeys() []string {
	var keys []string
	for _, k := range Karmas {
		if k.Key == DeathRebirth {
			keys = append(keys, KarmaDeath, KarmaRebirth)
			continue
		}
		keys = append(keys, k.Key)
	}
	return keys
}

// karmaName is a card key for people.
func karmaName(key string) string {
	switch key {
	case KarmaDeath:
		return "Death (Death/Rebirth)"
	case KarmaRebirth:
		return "Rebirth (Death/Rebirth)"
	}
	for _, k := range Karmas {
		if k.Key == key {
			return k.Name
		}
	}
	return key
}

// karmaSpelling folds a Karma card's name to its key's spelling (built once:
// building a replacer allocates its tables).
var karmaSpelling = strings.NewReplacer(" ", "-", "_", "-", "'", "", "é", "e")

// FindKarma reads a Karma card name (any case, spaces or hyphens, a unique
// prefix) and returns its key; death-rebirth needs its way (death or rebirth).
func FindKarma(name string) (string, error) {
	n := strings.ToLower(strings.TrimSpace(name))
	n = karmaSpelling.Replace(n)
	keys := KarmaKeys()
	if n == DeathRebirth || n == "death/rebirth" {
		return "", engines.Refuse("Karma", "Death/Rebirth is played as `death PLAYER BEING` or `rebirth PLAYER BEING`")
	}
	var hits []string
	for _, k := range keys {
		if k == n {
			return k, nil
		}
		if n != "" && strings.HasPrefix(k, n) {
			hits = append(hits, k)
		}
	}
	if len(hits) == 1 {
		return hits[0], nil
	}
	sort.Strings(keys)
	if len(hits) > 1 {
		return "", engines.Refuse("Karma", "%q could be %s; give more of the card's name", name, strings.Join(hits, ", "))
	}
	return "", engines.Refuse("Karma", "no Karma card %q; the cards are %s", name, strings.Join(keys, ", "))
}

// playKarma is a Karma card from a player's hand (seed 002 lines 77-103, 230-306).
//
// Ruling: Lesson Learned and Sympathy are played by a player whose turn it
// is not and use no action. Every other card is played by the player whose
// turn it is and uses the next action; Substitute is always the second
// action (a first action left unused is skipped). An extra play is one an
// ability allows after the two actions.
func playKarma(a *act, c Play) error {
	s, d := a.S, a.D
	g, p, err := s.who(c.Player, true)
	if err != nil {
		return err
	}
	key, err := FindKarma(c.Karma)
	if err != nil {
		return err
	}
	fx, ok := effects[key]
	if !ok {
		return engines.Refuse("Karma", "no Karma card %q", key)
	}
	kp := KarmaPlayed{Player: p.Name, Card: key, Extra: c.Extra}
	if kp.Action, err = karmaAction(g, p, key, c.Extra); err != nil {
		return err
	}
	if p.Hand < 1 {
		return engines.Refuse("Karma", "%s holds no Karma card", p.Name)
	}
	if len(c.Args) < fx.min || len(c.Args) > fx.max {
		args := karmaArgs(key)
		if args == "" {
			args = "no arguments"
		}
		return engines.RefuseTry("Karma", []string{"rc play"}, "%s takes %s; %s given", karmaName(key), args, plural(len(c.Args), "argument", "arguments"))
	}
	did, err := fx.do(&karmaPlay{s: s, d: d, g: g, p: p, key: key, args: c.Args, info: c.CardInfo, choose: c.Choose, fact: &kp})
	if err != nil {
		return err
	}
	d.Emit(TypeKarmaPlayed, kp)
	action := ""
	switch {
	case kp.Extra:
		action = " (an extra play)"
	case kp.Action > 0:
		action = fmt.Sprintf(" as action %d", kp.Action)
	}
	d.Label("%s plays %s%s: %s; hand %d.", p.Name, karmaName(key), action, did, p.Hand)
	return nil
}

// karmaAction is the turn's action a Karma uses (1 or 2; 0 for none), or
// the refusal of a Karma played out of turn or with no action left.
func karmaAction(g *Game, p *Player, key string, extra bool) (int, error) {
	if key == LessonLearned || key == Sympathy {
		if g.current() == p {
			return 0, engines.Refuse("Karma", "%s is played on another player's turn, and it is %s own turn", karmaName(key), words.Possessive(p.Name))
		}
		if extra {
			return 0, engines.Refuse("Karma", "%s uses no action, so it is never an extra play", karmaName(key))
		}
		return 0, nil
	}
	if err := myTurn(g, p, "Karma other than Lesson Learned and Sympathy is played"); err != nil {
		return 0, err
	}
	switch {
	case extra && g.Actions < 2:
		return 0, engines.Refuse("Actions", "%s still has the turn's action %d; this is not an extra play", p.Name, g.Actions+1)
	case extra && key == Substitute:
		return 0, engines.Refuse("Actions", "Substitute must be the turn's second action, not an extra play")
	case extra:
		return 0, nil
	case g.Actions >= 2:
		why := "played two Karma"
		if g.Incarn {
			why = "incarnated"
		}
		return 0, engines.RefuseTry("Actions", []string{"rc end-turn"}, "%s has %s: both actions of the turn are used; only a Karma an ability allows may still be played, as an extra play", p.Name, why)
	case key == Substitute:
		return 2, nil
	}
	return g.Actions + 1, nil
}

// karmaArgs names a card's arguments (Karma.Args).
func karmaArgs(key string) string {
	if key == KarmaDeath || key == KarmaRebirth {
		key = DeathRebirth
	}
	for _, k := range Karmas {
		if k.Key == key {
			return k.Args
		}
	}
	return ""
}

// parseTypeValue reads TYPE=N (death allowed when withDeath).
func parseTypeValue(s string, withDeath bool) (string, int, error) {
	k, v, ok := strings.Cut(s, "=")
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if !ok || err != nil {
		return "", 0, engines.Refuse("Karma", "write the type and its value as TYPE=N, e.g. bird=2; %q is not that", s)
	}
	if n < -50 || n > 50 {
		return "", 0, engines.Refuse("Karma", "a value of %d is out of reach; give -50 to 50", n)
	}
	k = strings.ToLower(strings.TrimSpace(k))
	if withDeath && (k == "death" || k == "dead") {
		return "death", n, nil
	}
	ty, ok := normType(k)
	if !ok {
		return "", 0, typeRefusal("the type", k)
	}
	return ty, n, nil
}

func destinyText(d Destiny) string {
	if d.Type == "death" {
		return fmt.Sprintf("dead Beings score %d", d.Value)
	}
	return fmt.Sprintf("%ss score %d", d.Type, d.Value)
}
