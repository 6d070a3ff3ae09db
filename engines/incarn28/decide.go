package incarn28

import (
	"fmt"
	"strings"

	"warlog/engines"
	"warlog/engines/dice"
	"warlog/engines/kit"
)

// referee is the rules at work on one command (kit.Act: the kit's copy of
// the state, into which every fact the command emits is already folded, so
// later rules see earlier facts, the decision and the label's sentences),
// with the state's own rules at hand and what the command has found out so
// far for its label and its later rules.
type referee struct {
	*kit.Act[*State]
	*State
	notes []string
	// actor is the side whose action this is (for objective ties).
	actor string
	// depth is how deep the hits and deaths the command resolves nest (a
	// Blademaster answering a Lastborn striking back...): it stops a loop.
	depth int
	// lastAD is the AD of the last hit resolved (Grenadier, Melter).
	lastAD int
	// ciphered holds the figures this command says are within 5 of an
	// enemy Cipher: every rule of this command that asks for one of their
	// Fleshtypes, the "when slain" and Automaton ones included, finds none
	// (seed line 197).
	ciphered map[string]bool
	// shielded is the incarn a Portshield bearer took the attack for.
	shielded *Figure
	// terrain: the attack is a Poltergeist's on a terrain piece.
	terrain bool
}

// decide declares a command decided by rule on a referee.
func decide[C engines.Command](rule func(*referee, C) error) kit.Command[*State] {
	return kit.Do(func(k *kit.Act[*State], c C) error {
		return rule(&referee{Act: k, State: k.S}, c)
	})
}

// inGame declares a command of the game in progress, decided by rule on a
// referee: refused between games; once the rule is done, an activating
// incarn the command took out of play stops there (endRemoved), every
// objective the log now shows met is recorded (and the winner, once a
// player has both), and the Pests are reminded of a D8.
func inGame[C engines.Command](rule func(*referee, C) error) kit.Command[*State] {
	return kit.Do(func(k *kit.Act[*State], c C) error {
		b, err := k.S.NeedsScenario("no game is in progress; start one")
		if err != nil {
			return err
		}
		b.init()
		r := &referee{Act: k, State: k.S}
		if err := rule(r, c); err != nil {
			return err
		}
		if err := r.endRemoved(); err != nil {
			return err
		}
		if err := r.checkObjectives(); err != nil {
			return err
		}
		r.pest()
		return nil
	})
}

// cipher marks f as within 5 of an enemy Cipher for this command.
func (r *referee) cipher(f *Figure, on bool) {
	if f == nil || !on {
		return
	}
	if r.ciphered == nil {
		r.ciphered = map[string]bool{}
	}
	r.ciphered[f.Key()] = true
}

// has reports whether f counts as having the Fleshtype in this command:
// it has it, and no enemy Cipher strips it (seed line 197: "Non-Cipher
// Enemies within 5 count as having no Fleshtype").
func (r *referee) has(f *Figure, name string) bool { return r.flesh(f, name, false) }

// flesh reports whether f counts as having the Fleshtype, unless a Cipher
// strips it.
func (r *referee) flesh(f *Figure, name string, ciphered bool) bool {
	if r.stripped(f, ciphered) && !f.Has("Cipher") {
		return false
	}
	return f.Has(name)
}

// stripped reports whether f is within 5 of an enemy Cipher in this
// command: the command says so (claimed), or an earlier rule of it did.
func (r *referee) stripped(f *Figure, claimed bool) bool { return claimed || r.ciphered[f.Key()] }

func (r *referee) note(format string, args ...any) {
	r.notes = append(r.notes, fmt.Sprintf(format, args...))
}

func (r *referee) flushNotes() {
	if len(r.notes) > 0 {
		r.Say("%s.", capitalize(strings.Join(r.notes, "; ")))
		r.notes = nil
	}
}

func (r *referee) tail() string {
	if len(r.notes) == 0 {
		return ""
	}
	return " " + capitalize(strings.Join(r.notes, "; ")) + "."
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// plural writes a count with its noun: 1 AC, 2 ACs, 1 success, 3 successes.
func plural(n int, noun string) string {
	if n == 1 {
		return fmt.Sprintf("1 %s", noun)
	}
	if strings.HasSuffix(noun, "s") {
		return fmt.Sprintf("%d %ses", n, noun)
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// pest reminds the table that each Pest in play may move 5 when the
// action rolled a D8 (seed line 465); the move is the table's.
func (r *referee) pest() {
	d8 := false
	for _, f := range r.D.Facts() {
		if roll, ok := f.Data.(dice.Rolled); ok && roll.Sides == 8 {
			d8 = true
		}
	}
	if !d8 {
		return
	}
	var names []string
	for _, f := range r.Battle.Figures {
		if f.InPlay() && f.Has("Pest") {
			names = append(names, r.nm(f))
		}
	}
	if len(names) > 0 {
		r.Say("A D8 was rolled: %s may move 5 (Pest).", strings.Join(names, ", "))
	}
}

// find resolves a figure by "Side/Name", exact name or unique prefix.
func (s *State) find(name string) (*Figure, error) {
	b := s.Battle
	name = strings.TrimSpace(name)
	if name == "" {
		return nil, engines.Refuse("Names", "no incarn named; give its name")
	}
	var exact, prefix []*Figure
	side, short, hasSide := strings.Cut(name, "/")
	for _, f := range b.Figures {
		if hasSide {
			if !strings.EqualFold(f.Side, side) {
				continue
			}
		} else {
			short = name
		}
		switch {
		case strings.EqualFold(f.Name, short):
			exact = append(exact, f)
		case strings.HasPrefix(strings.ToLower(f.Name), strings.ToLower(short)):
			prefix = append(prefix, f)
		}
	}
	hits := exact
	if len(hits) == 0 {
		hits = prefix
	}
	switch len(hits) {
	case 1:
		return hits[0], nil
	case 0:
		return nil, engines.RefuseTry("Names", []string{"status"}, "no incarn %q in this game; the status lists the incarns in play", name)
	}
	var c []string
	for _, f := range hits {
		c = append(c, f.Key())
	}
	return nil, engines.Refuse("Names", "%q could be %s; give more of the name or SIDE/NAME", name, strings.Join(c, " or "))
}

// nm is how a label names a figure: its name, or "Side's Name" when
// another figure in the game has the same name.
func (s *State) nm(f *Figure) string {
	if b := s.Battle; b != nil {
		for _, o := range b.Figures {
			if o != f && strings.EqualFold(o.Name, f.Name) {
				return f.Side + "'s " + f.Name
			}
		}
	}
	return f.Name
}

// freeName returns name, or name N, unused on side.
func (s *State) freeName(side, name string) string {
	used := func(n string) bool {
		for _, f := range s.Battle.Figures {
			if f.Side == side && strings.EqualFold(f.Name, n) {
				return true
			}
		}
		return false
	}
	if !used(name) {
		return name
	}
	for i := 2; ; i++ {
		if n := fmt.Sprintf("%s %d", name, i); !used(n) {
			return n
		}
	}
}

// findTarget resolves a target named for attacker: among its enemies
// first, then among every figure (so a wrong target is refused by name).
func (s *State) findTarget(attacker *Figure, name string) (*Figure, error) {
	foes := &State{Play: kit.Play[*Battle, Record]{Battle: &Battle{}}}
	for _, f := range s.Battle.Figures {
		if enemies(attacker, f) && f.InPlay() {
			foes.Battle.Figures = append(foes.Battle.Figures, f)
		}
	}
	if t, err := foes.find(name); err == nil {
		return t, nil
	}
	return s.find(name)
}

// current returns the activating figure, checking it is name.
func (r *referee) current(name, what string) (*Figure, error) {
	b := r.Battle
	f, err := r.find(name)
	if err != nil {
		return nil, err
	}
	if b.Current == nil || b.Current.Figure != f.Key() {
		return nil, engines.RefuseTry("Activation", []string{"i28 activate"}, "%s is not activating; only the activating incarn can %s; activate it first", r.nm(f), what)
	}
	return f, nil
}

// orCurrent is name, or the activating figure's key when name is empty.
func (r *referee) orCurrent(name string) string {
	if name == "" && r.Battle.Current != nil {
		return r.Battle.Current.Figure
	}
	return name
}

func (r *referee) spend(f *Figure, n int, forWhat, what string) error {
	c := r.Battle.Current
	if n > c.ACs {
		return engines.Refuse("ACs", "%s has %s left; %s needs %d", r.nm(f), plural(c.ACs, "AC"), what, n)
	}
	return r.Emit(TypeACsSpent, ACsSpent{Figure: f.Key(), ACs: n, For: forWhat, What: what})
}

func objName(n int) string { return Objectives[n-1].Name }
