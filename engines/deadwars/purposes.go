package deadwars

// Dice purposes say what each die decides and, where the rule fixes it,
// what it needs: play shows them when the player enters dice.

import (
	"fmt"
	"strings"
	"sync"

	"warlog/engines"
	"warlog/internal/words"
)

// roll1 rolls one die for the side by (a player, or "humans"), so the
// report keeps each player's dice apart.
func roll1(d *engines.Decision, by, purpose string) (int, error) {
	v, err := d.RollBy(by, 1, 6, purpose)
	if err != nil {
		return 0, err
	}
	return v[0], nil
}

func rollOffPurpose(sides []string) string {
	return fmt.Sprintf("deployment roll-off, %s die then %s: the higher places first, a tie rolls again", words.Possessive(sides[0]), words.Possessive(sides[1]))
}

func humanClassPurpose(i int) string {
	return fmt.Sprintf("Human %d's class: 1 Fighter, 2 Berserker, 3 Skirmisher, 4 Shooter, 5 or 6 roll again", i)
}

func poolPurpose(player, clan string) string {
	return fmt.Sprintf("%s action dice, %s: %s", words.Possessive(player), ClanTitle(clan), faceSummary(clan))
}

// faceSummary is a clan's face table in a line: "1 Dash, 2-4 Attack, 5 Defend, 6 Magic"
// (worked out once per clan: every roll of the pool names it).
func faceSummary(clan string) string {
	if s, ok := faceSummaries.Load(clan); ok {
		return s.(string)
	}
	s := faceLine(clan)
	faceSummaries.Store(clan, s)
	return s
}

var faceSummaries sync.Map

func faceLine(clan string) string {
	var parts []string
	for v := 1; v <= 6; {
		a := FaceAction(clan, v)
		end := v
		for end < 6 && FaceAction(clan, end+1) == a {
			end++
		}
		if end == v {
			parts = append(parts, fmt.Sprintf("%d %s", v, a))
		} else {
			parts = append(parts, fmt.Sprintf("%d-%d %s", v, end, a))
		}
		v = end + 1
	}
	return strings.Join(parts, ", ")
}

// hitPurpose: an attack's hit roll (t nil: a Soul's).
func hitPurpose(a, t *Fig, mod, need int, free bool) string {
	var s string
	switch {
	case t == nil:
		s = fmt.Sprintf("hit roll on a Soul, %s (%s) collects it on %d+", a.Name, title(a.Class), need)
	case free:
		s = fmt.Sprintf("hit roll of a free attack on %s, %s (%s) hits on %d+", t.Name, a.Name, title(a.Class), need)
	default:
		s = fmt.Sprintf("hit roll on %s, %s (%s) hits on %d+", t.Name, a.Name, title(a.Class), need)
	}
	if mod != 0 {
		s += fmt.Sprintf(", %s for %s combined: needs %s", signed(mod), words.Count(mod+1, "die", "dice"), effectiveNeed(need, mod, "misses", "hits"))
	}
	return s
}

// savePurpose: the save roll against a hit (nat6: the hit roll was a natural 6).
func savePurpose(t *Fig, nat6 bool) string {
	need, mod := Class(t.Class).Save, t.Defend
	s := fmt.Sprintf("save roll, %s (%s) saves on %d+", t.Name, title(t.Class), need)
	var mods []string
	if t.Defend > 0 {
		what := "defend counters"
		if t.Defend == 1 {
			what = "a defend counter"
		}
		mods = append(mods, fmt.Sprintf("+%d for %s", t.Defend, what))
	}
	if nat6 {
		mod--
		mods = append(mods, "-1 for the natural 6 to hit")
	}
	if len(mods) > 0 {
		s += ", " + strings.Join(mods, " and ") + ": needs " + effectiveNeed(need, mod, "fails", "saves")
	}
	return s
}

// effectiveNeed is what a d6 must show for need+ with mod, a natural 1
// always failing and a natural 6 always succeeding.
func effectiveNeed(need, mod int, fails, succeeds string) string {
	switch eff := need - mod; {
	case eff <= 2:
		return "2+ (only a natural 1 " + fails + ")"
	case eff >= 6:
		return "a 6 (a natural 6 always " + succeeds + ")"
	default:
		return fmt.Sprintf("%d+", eff)
	}
}
