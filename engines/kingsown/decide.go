package kingsown

// The commands decide by topic, as Deadwars splits its own: recruit.go
// (the campaign's cards), scenarios.go (a fight's start and end), turn.go
// (initiative and the phases), move.go, attack.go (with the hits' resolution)
// and magic.go; what they share is here.

import (
	"strings"

	"warlog/engines"
	"warlog/engines/kit"
)

// act is one command being decided: the kit's copy of the state, into
// which each fact emitted is folded at once, and the decision (kit.Act).
// Every command decides on one.
type act = kit.Act[*State]

// roll rolls one d6 for a side.
func (s *State) roll(by, purpose string, d *engines.Decision) (int, error) {
	v, err := d.RollBy(by, 1, 6, purpose)
	if err != nil {
		return 0, err
	}
	return v[0], nil
}

func (s *State) battle(verb string, d *engines.Decision) (*Battle, error) {
	return s.NeedsScenario("no fight is in progress; `ko %s` needs one: start it", verb)
}

func (s *State) phase(verb, want string, d *engines.Decision) (*Battle, error) {
	b, err := s.battle(verb, d)
	if err != nil {
		return nil, err
	}
	if b.Phase != want {
		hint, try := phaseHint(b.Phase)
		return nil, engines.RefuseTry("Phase", try, "`ko %s` belongs to the %s phase, and turn %d is in the %s phase; %s", verb, want, b.Turn, b.Phase, hint)
	}
	return b, nil
}

// phaseHint says what a phase expects, and by which commands.
func phaseHint(phase string) (string, []string) {
	switch phase {
	case PhaseInitiative:
		return "roll initiative first", []string{"ko initiative"}
	case PhaseChoosing:
		return "the winner of the roll-off chooses who moves first", []string{"ko first"}
	case PhaseMovement:
		return "the figures are moving, then the phase closes", []string{"ko move", "ko next"}
	case PhaseAttack:
		return "the figures are attacking, then the phase closes", []string{"ko attack", "ko cast", "ko next"}
	}
	return "the turn limit is reached", []string{"scenario end"}
}

// lookup finds the items named by name: an exact name (case-insensitive)
// first, else every unique-prefix match; "side/name" picks a side. A name
// or side may itself hold "/" (Bors the a/b is reachable as "a/b" and as
// "hunters/a/b"), so the whole text is tried as a name first, then every
// "/" in it as the separator.
func lookup[T any](items []T, card func(T) Card, name string) []T {
	n := strings.TrimSpace(name)
	whole := lookupIn(items, card, "", n)
	if exactly(whole, card, n) || !strings.Contains(n, "/") {
		return whole
	}
	for i := 1; i < len(n); i++ {
		if n[i] == '/' {
			if got := lookupIn(items, card, n[:i], n[i+1:]); len(got) > 0 {
				return got
			}
		}
	}
	return whole
}

// exactly reports whether every item found is named name exactly.
func exactly[T any](found []T, card func(T) Card, name string) bool {
	for _, it := range found {
		if !strings.EqualFold(card(it).Name, name) {
			return false
		}
	}
	return len(found) > 0
}

// lookupIn finds by name among the items of side ("" for any side).
func lookupIn[T any](items []T, card func(T) Card, side, n string) []T {
	ln := strings.ToLower(n)
	var exact, pre []T
	for _, it := range items {
		c := card(it)
		if side != "" && !strings.EqualFold(side, c.Side) {
			continue
		}
		cn := strings.ToLower(c.Name)
		if cn == ln {
			exact = append(exact, it)
		} else if strings.HasPrefix(cn, ln) {
			pre = append(pre, it)
		}
	}
	if len(exact) > 0 {
		return exact
	}
	return pre
}

func ambiguous[T any](name string, pick []T, card func(T) Card) error {
	var names []string
	for _, it := range pick {
		names = append(names, card(it).Side+"/"+card(it).Name)
	}
	return engines.Refuse("Name", "%q could be %s; give more of the name (or SIDE/NAME)", name, strings.Join(names, " or "))
}

// find resolves a figure of the fight by name or unique prefix.
func (b *Battle) find(name string) (*Fig, error) {
	card := func(f *Fig) Card { return f.Card }
	pick := lookup(b.Figures, card, name)
	switch len(pick) {
	case 1:
		return pick[0], nil
	case 0:
		var names []string
		for _, f := range b.Figures {
			names = append(names, f.Card.Name)
		}
		return nil, engines.Refuse("Name", "no figure %q in this fight; the figures are %s", name, strings.Join(names, ", "))
	}
	return nil, ambiguous(name, pick, card)
}

// findMember resolves a roster figure the same way.
func (s *State) findMember(name string) (*Member, error) {
	card := func(m *Member) Card { return m.Card }
	pick := lookup(s.Members, card, name)
	switch len(pick) {
	case 1:
		return pick[0], nil
	case 0:
		return nil, engines.RefuseTry("Name", []string{"roster"}, "no figure %q in the roster; the roster lists them", name)
	}
	return nil, ambiguous(name, pick, card)
}

// --- campaign ---
