package incarn28

import "testing"

// No two names of one part of the catalogue are the same once normalized
// (case, spaces, hyphens, apostrophes): a name looked up as stored and a
// name looked up as typed find the same entry (lookup).
func TestCatalogueNamesDifferNormalized(t *testing.T) {
	parts := map[string][]string{}
	for _, f := range Fleshtypes {
		parts[KindFleshtype] = append(parts[KindFleshtype], f.Name)
	}
	for _, it := range Items {
		parts[KindItem] = append(parts[KindItem], it.Name)
	}
	for _, l := range Skills {
		parts[KindSkill] = append(parts[KindSkill], l.Name)
	}
	for _, l := range Toughnesses {
		parts[KindToughness] = append(parts[KindToughness], l.Name)
	}
	for _, f := range Factions {
		parts[KindFaction] = append(parts[KindFaction], f.Name)
	}
	for _, o := range Objectives {
		parts[KindObjective] = append(parts[KindObjective], o.Name)
	}
	for _, tw := range Twists {
		parts[KindTwist] = append(parts[KindTwist], tw.Name)
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
