package incarn28

import (
	"fmt"
	"strings"

	"warlog/engines"
	"warlog/internal/words"
)

// Limits of a standard game.
const (
	StandardBones = 50
	MaxIncarns    = 20
	MaxFlesh      = 5
	FleshCost     = 2
)

// Violation is one broken gang-building limit: the rule's name and what is
// wrong and right.
type Violation struct {
	Rule string
	Msg  string
}

// Canonical checks an incarn's names against the catalogue and returns it
// with every name spelled as the catalogue spells it.
func Canonical(in Incarn) (Incarn, error) {
	out := Incarn{Name: strings.TrimSpace(in.Name)}
	if out.Name == "" {
		return out, fmt.Errorf("the incarn needs a name")
	}
	if err := engines.ValidateName("incarn", out.Name); err != nil {
		return out, err
	}
	if strings.ContainsAny(out.Name, "/|") {
		return out, fmt.Errorf("incarn name %q holds / or |; use letters, digits and spaces", out.Name)
	}
	sk, err := FindSkill(in.Skill)
	if err != nil {
		return out, err
	}
	to, err := FindToughness(in.Toughness)
	if err != nil {
		return out, err
	}
	out.Skill, out.Toughness = sk.Name, to.Name
	for _, f := range in.Flesh {
		if strings.TrimSpace(f) == "" {
			continue
		}
		ft, err := FindFleshtype(f)
		if err != nil {
			return out, err
		}
		out.Flesh = append(out.Flesh, ft.Name)
	}
	for _, it := range in.Items {
		if strings.TrimSpace(it) == "" {
			continue
		}
		x, err := FindItem(it)
		if err != nil {
			return out, err
		}
		out.Items = append(out.Items, x.Name)
	}
	return out, nil
}

// Cost is an incarn's price in Bones: skill + toughness + 2 per Fleshtype
// after the first + 2 per item, 1 less with Worm.
func Cost(in Incarn) int {
	c := 0
	if sk, err := FindSkill(in.Skill); err == nil {
		c += sk.Cost
	}
	if to, err := FindToughness(in.Toughness); err == nil {
		c += to.Cost
	}
	if n := len(in.Flesh); n > 1 {
		c += FleshCost * (n - 1)
	}
	c += ItemCost * len(in.Items)
	for _, f := range in.Flesh {
		if f == "Worm" {
			c--
		}
	}
	return c
}

// GangCost is the total of the incarns' costs.
func GangCost(incarns []Incarn) int {
	t := 0
	for _, in := range incarns {
		t += Cost(in)
	}
	return t
}

// Validate lists every limit a gang of the faction breaks at the given
// Bones. The incarns must be canonical.
//
// Ruling: every bought incarn has at least one Fleshtype (the free one the
// seed gives each incarn).
func Validate(faction Faction, bones int, incarns []Incarn) []Violation {
	var out []Violation
	add := func(rule, format string, args ...any) {
		out = append(out, Violation{rule, fmt.Sprintf(format, args...)})
	}
	if c := GangCost(incarns); c > bones {
		add("Bones", "the gang costs %d B, over its %d B limit; drop %d B of incarns, Fleshtypes or items", c, bones, c-bones)
	}
	if len(incarns) > MaxIncarns {
		add("20 incarns", "the gang has %s; at most %d", words.Count(len(incarns), "incarn", "incarns"), MaxIncarns)
	}
	names := map[string]string{}
	perFlesh := map[string][]string{}
	var fleshOrder []string
	for _, in := range incarns {
		if _, ok := names[strings.ToLower(in.Name)]; ok {
			add("Names", "two incarns are called %q; names are unique in a gang", in.Name)
		}
		names[strings.ToLower(in.Name)] = in.Name
		if len(in.Flesh) == 0 {
			add("Fleshtypes", "%s has no Fleshtype; every incarn gets one for free, give it one with --flesh", in.Name)
		}
		if len(in.Flesh) > MaxFlesh {
			add("5 Fleshtypes", "%s has %d Fleshtypes; at most %d", in.Name, len(in.Flesh), MaxFlesh)
		}
		seen := map[string]bool{}
		for _, f := range in.Flesh {
			if seen[f] {
				add("Duplicate Fleshtype", "%s has %s twice; an incarn cannot repeat a Fleshtype", in.Name, f)
				continue
			}
			seen[f] = true
			if _, ok := perFlesh[f]; !ok {
				fleshOrder = append(fleshOrder, f)
			}
			perFlesh[f] = append(perFlesh[f], in.Name)
		}
		seenItem := map[string]bool{}
		for _, it := range in.Items {
			if seenItem[it] {
				add("Duplicate item", "%s carries %s twice; an incarn cannot have two of the same item", in.Name, it)
			}
			seenItem[it] = true
		}
	}
	for _, f := range fleshOrder {
		if who := perFlesh[f]; len(who) > faction.PerFleshtype {
			add(fmt.Sprintf("%d per Fleshtype", faction.PerFleshtype), "%s have %s (%s); %s gang may have at most %d",
				words.Count(len(who), "incarn", "incarns"), f, strings.Join(who, ", "), words.A(faction.Name), faction.PerFleshtype)
		}
	}
	return out
}

// refuseViolations turns violations into one refusal naming every limit.
func refuseViolations(vs []Violation) error {
	if len(vs) == 1 {
		return engines.Refuse(vs[0].Rule, "%s", vs[0].Msg)
	}
	parts := make([]string, len(vs))
	for i, v := range vs {
		parts[i] = fmt.Sprintf("%s (%s)", v.Msg, v.Rule)
	}
	return engines.Refuse("Gang building", "%s broken: %s", words.Count(len(vs), "limit", "limits"), strings.Join(parts, "; "))
}

// ParseGangFile reads a gang from text: one incarn a line as
// NAME | SKILL | TOUGHNESS | FLESH, FLESH | ITEM, ITEM
// (items optional); blank lines and lines starting with # are skipped.
func ParseGangFile(text string) ([]Incarn, error) {
	var out []Incarn
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		parts := strings.Split(line, "|")
		if len(parts) < 4 || len(parts) > 5 {
			return nil, fmt.Errorf("line %d: %q: write NAME | SKILL | TOUGHNESS | FLESH,FLESH | ITEM,ITEM (items optional)", i+1, line)
		}
		in := Incarn{Name: strings.TrimSpace(parts[0]), Skill: strings.TrimSpace(parts[1]), Toughness: strings.TrimSpace(parts[2]),
			Flesh: splitList(parts[3])}
		if len(parts) == 5 {
			in.Items = splitList(parts[4])
		}
		c, err := Canonical(in)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", i+1, err)
		}
		out = append(out, c)
	}
	return out, nil
}

func splitList(s string) []string {
	var out []string
	for _, x := range strings.Split(s, ",") {
		if x = strings.TrimSpace(x); x != "" && x != "-" {
			out = append(out, x)
		}
	}
	return out
}
