package incarn28

import "testing"

// namesOf lists the names of a part of the catalogue.
func namesOf[T any](entries []T, name func(T) string) []string {
	out := make([]string, len(entries))
	for i, e := range entries {
		out[i] = name(e)
	}
	return out
}

// No two names of one part of the catalogue are the same once normalized
// (case, spaces, hyphens, apostrophes): a name looked up as stored and a
// name looked up as typed find the same entry (lookup).
func TestCatalogueNamesDifferNormalized(t *testing.T) {
	level := func(l Level) string { return l.Name }
	parts := map[string][]string{
		KindFleshtype: namesOf(Fleshtypes, func(f Fleshtype) string { return f.Name }),
		KindItem:      namesOf(Items, func(it Item) string { return it.Name }),
		KindSkill:     namesOf(Skills, level),
		KindToughness: namesOf(Toughnesses, level),
		KindFaction:   namesOf(Factions, func(f Faction) string { return f.Name }),
		KindObjective: namesOf(Objectives, func(o Objective) string { return o.Name }),
		KindTwist:     namesOf(Twists, func(tw Twist) string { return tw.Name }),
	}
	for kind, names := range parts {
		seen := map[string]string{}
		for _, n := range names {
			if was, ok := seen[norm(n)]; ok {
				t.Errorf("%s: %q and %q are the same name normalized", kind, was, n)
			}
			seen[norm(n)] = n
		}
		if len(names) == 0 {
			t.Errorf("%s: no names", kind)
		}
	}
	if sk, err := FindSkill(Skills[1].Name); err != nil || sk != Skills[1] {
		t.Errorf("FindSkill(%q) = %v, %v", Skills[1].Name, sk, err)
	}
}
