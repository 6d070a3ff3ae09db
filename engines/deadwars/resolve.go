package deadwars

import (
	"fmt"
	"strings"

	"warlog/engines"
)

// checkName: the names every game accepts (engines.ValidateName), without
// the ':', '=' and ',' that separate names on Deadwars' command lines.
func checkName(kind, name string) error {
	if err := engines.ValidateName("the "+kind, name); err != nil {
		return engines.Refuse("Name", "%v", err)
	}
	if strings.ContainsAny(name, ":=,") {
		return engines.Refuse("Name", "the %s name %q holds ':', '=' or ','; those separate names on the command line", kind, name)
	}
	return nil
}

// matchFigs finds the figures of the given sides that name names: an exact
// (case-insensitive) name first, else a unique prefix. "SIDE:NAME" restricts
// the search to one side.
func (b *Battle) matchFigs(name string, sides ...string) []*Fig {
	if side, rest, ok := strings.Cut(name, ":"); ok {
		for _, s := range sides {
			if strings.EqualFold(s, strings.TrimSpace(side)) {
				return b.matchFigs(strings.TrimSpace(rest), s)
			}
		}
		return nil
	}
	in := func(f *Fig) bool {
		for _, s := range sides {
			if f.Side == s {
				return true
			}
		}
		return false
	}
	var exact, prefix []*Fig
	for _, f := range b.Figures {
		if !in(f) {
			continue
		}
		switch {
		case strings.EqualFold(f.Name, name):
			exact = append(exact, f)
		case len(name) > 0 && len(f.Name) >= len(name) && strings.EqualFold(f.Name[:len(name)], name):
			prefix = append(prefix, f)
		}
	}
	if len(exact) > 0 {
		return exact
	}
	return prefix
}

// resolve finds exactly one figure of the given sides.
func (b *Battle) resolve(name string, sides ...string) (*Fig, error) {
	hits := b.matchFigs(name, sides...)
	switch len(hits) {
	case 1:
		return hits[0], nil
	case 0:
		var names []string
		for _, s := range sides {
			for _, f := range b.Figures {
				if f.Side == s && !f.Dead {
					names = append(names, f.Name)
				}
			}
		}
		return nil, engines.Refuse("Name", "no figure %q among %s; the figures in play are %s", name, sideList(sides), strings.Join(names, ", "))
	}
	var names []string
	for _, f := range hits {
		names = append(names, f.Side+":"+f.Name)
	}
	return nil, engines.Refuse("Name", "%q could be %s; give more of the name, or SIDE:NAME", name, strings.Join(names, " or "))
}

func sideList(sides []string) string {
	out := make([]string, len(sides))
	for i, s := range sides {
		if s == HumansSide {
			out[i] = "the Humans"
		} else {
			out[i] = s + "'s figures"
		}
	}
	return strings.Join(out, " and ")
}

// enemiesOf are the sides a figure of side may attack.
func (b *Battle) enemiesOf(side string) []string {
	var out []string
	for _, s := range b.Sides {
		if s != side {
			out = append(out, s)
		}
	}
	if b.Brief == HuntTheHunters && side != HumansSide {
		out = append(out, HumansSide)
	}
	return out
}

func facesText(faces []int) string {
	parts := make([]string, len(faces))
	for i, v := range faces {
		parts[i] = fmt.Sprint(v)
	}
	return strings.Join(parts, ", ")
}
