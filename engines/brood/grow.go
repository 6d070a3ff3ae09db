package brood

import (
	"strings"

	"warlog/engines"
	"warlog/engines/dice"
	"warlog/internal/words"
)

// nameDashes turns the spaces and underscores of a name into dashes (built
// once: building a replacer allocates its tables).
var nameDashes = strings.NewReplacer(" ", "-", "_", "-")

// NormName reads a mutation or evolution name: case and spaces or
// underscores do not matter ("Feeding Frenzy", feeding_frenzy).
func NormName(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	s = nameDashes.Replace(s)
	switch s {
	case "armoured", "armored-spawn", "armoured-spawn":
		return Armored
	case "resilient-spawn":
		return Resilient
	case "life-giving-spawn":
		return LifeGiving
	case "leader-spawn":
		return Leader
	case "spore-clinger", "spore-slingers":
		return SporeSlinger
	case "font":
		return PlasmidFont
	case "regeneration":
		return Regeneration
	}
	return s
}

func names(list []Entry) string {
	var out []string
	for _, e := range list {
		out = append(out, e.Name)
	}
	return strings.Join(out, ", ")
}

func (a *act) mutate(c Mutate) error {
	p, m, err := a.own(c.Spawn)
	if err != nil {
		return err
	}
	mut := NormName(c.Mutation)
	if !known(Mutations, mut) {
		return engines.Refuse("Mutation", "no mutation %q; the mutations are %s", c.Mutation, names(Mutations))
	}
	if p.Has(mut) {
		// RULINGS: never the same mutation twice.
		return engines.Refuse("SameMutation", "%s already has %s; choose another mutation", p.Name, mut)
	}
	// seed 004 line 59: first at 15 points, second at 30, no third.
	switch len(p.Muts) {
	case 0:
		if p.Total() < FirstMutation {
			return engines.Refuse("MutationPoints", "%s has %s (%d/%d/%d); a first mutation needs 15", p.Name, words.Count(p.Total(), "point", "points"), p.Attack, p.Defense, p.Move)
		}
	case 1:
		if p.Total() < NextMutation {
			return engines.Refuse("MutationPoints", "%s has %s (%d/%d/%d); a second mutation needs 30", p.Name, words.Count(p.Total(), "point", "points"), p.Attack, p.Defense, p.Move)
		}
	default:
		return engines.Refuse("ThirdMutation", "%s has two mutations (%s); a spawn takes at most two", p.Name, strings.Join(p.Muts, ", "))
	}
	if !a.b.InZone(m.Player, p.X, p.Y, p) {
		return engines.Refuse("MutateWhere", "%s at %d,%d is neither in %s Sphere of Influence nor next to her Font; it mutates only there", p.Name, p.X, p.Y, words.Possessive(m.Player))
	}
	var twin *Square
	if mut == Mitosis {
		if c.AtX != 0 || c.AtY != 0 {
			if Dist(p.X, p.Y, c.AtX, c.AtY) != 1 || !a.b.Empty(c.AtX, c.AtY) {
				return engines.Refuse("Mitosis", "the twin of %s needs an empty square next to it; %d,%d is not one", p.Name, c.AtX, c.AtY)
			}
			twin = &Square{c.AtX, c.AtY}
		} else {
		find:
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					if (dx != 0 || dy != 0) && a.b.Empty(p.X+dx, p.Y+dy) {
						twin = &Square{p.X + dx, p.Y + dy}
						break find
					}
				}
			}
			if twin == nil {
				return engines.Refuse("Mitosis", "%s has no empty square next to it for its twin", p.Name)
			}
		}
	}
	// Ruling: a mutation costs no Plasmid (the seed prices none).
	points := p.Total()
	a.D.Emit(TypeMutated, SpawnMutated{Spawn: p.Name, Mutation: mut})
	a.Say("%s %s (%s) mutates: %s.", words.Possessive(m.Player), p.Name, words.Count(points, "point", "points"), mut)
	switch mut {
	case Mitosis:
		// seed 004 line 65. Ruling: the twin is a new spawn (it acts from
		// next turn, no mutations); the original keeps its mutations.
		name, err := a.newName(m, "")
		if err != nil {
			return err
		}
		a.D.Emit(TypeSpawnCreated, SpawnCreated{Name: name, Owner: m.Player, X: twin.X, Y: twin.Y, Attack: 3, Defense: 3, Move: 3, Via: Mitosis})
		a.Say("It splits: %s and its twin %s at %d,%d are both 3/3/3.", p.Name, name, twin.X, twin.Y)
	case PlasmidFont:
		a.Say("%s roots as a Plasmid Font: %d/%d/%d, +2 Plasmid a turn.", p.Name, p.Attack, p.Defense, p.Move)
	case Resilient:
		a.Say("%s must now be killed twice.", p.Name)
	}
	return a.done()
}

func (a *act) evolve(c Evolve) error {
	m := a.b.Current()
	evo := NormName(c.Evolution)
	if !known(Evolutions, evo) {
		return engines.Refuse("Evolution", "no evolution %q; the evolutions are %s", c.Evolution, names(Evolutions))
	}
	// Ruling: a Proxy's one evolution works for the whole brood, does not
	// count against the Mother's two and may not repeat one the brood has.
	var proxy *Piece
	if c.Proxy != "" {
		p, _, err := a.own(c.Proxy)
		if err != nil {
			return err
		}
		if !p.Proxy {
			return engines.Refuse("Proxy", "%s is not a Brood Proxy; Fontification makes one", p.Name)
		}
		if p.Evolution != "" {
			return engines.Refuse("ProxyEvolution", "Proxy %s already took %s; a Proxy takes one evolution", p.Name, p.Evolution)
		}
		proxy = p
	} else if len(m.Evolutions) >= MaxEvolutions {
		// seed 004 line 76: 2 per queen.
		return engines.Refuse("ThirdEvolution", "%s Mother has evolved twice (%s); two is the most", words.Possessive(m.Player), strings.Join(m.Evolutions, ", "))
	}
	if a.b.Has(m, evo) {
		// seed 004 line 76: a different upgrade each time.
		return engines.Refuse("SameEvolution", "%s brood already has %s; choose a different evolution", words.Possessive(m.Player), evo)
	}
	var font *Piece
	if evo == Fontification {
		if c.Font == "" {
			return engines.Refuse("Fontification", "name the Plasmid Font to turn into a Proxy")
		}
		f, _, err := a.own(c.Font)
		if err != nil {
			return err
		}
		if !f.Font() || f.Proxy {
			return engines.Refuse("Fontification", "%s is not a Plasmid Font (or is a Proxy already)", f.Name)
		}
		font = f
	} else if c.Font != "" {
		return engines.Refuse("Fontification", "a Font is named for fontification only")
	}
	if err := a.spend(m, EvolveCost, "the evolution "+evo); err != nil {
		return err
	}
	e := MotherEvolved{Player: m.Player, Evolution: evo}
	if proxy != nil {
		e.Proxy = proxy.Name
	}
	if font != nil {
		e.Font = font.Name
	}
	a.D.Emit(TypeEvolved, e)
	who := m.Player + "'s Mother"
	if proxy != nil {
		who = m.Player + "'s Proxy " + proxy.Name
	}
	a.Say("%s evolves %s for %d Plasmid (%d left).", who, evo, EvolveCost, m.Plasmid)
	if font != nil {
		a.Say("Font %s becomes a Brood Proxy: attack %d, +3 Plasmid a turn.", font.Name, font.Attack)
	}
	return a.done()
}

func (a *act) subvert(c Subvert) error {
	m := a.b.Current()
	if !a.b.Has(m, Subversion) {
		return engines.Refuse("Subversion", "%s Mother has not evolved Subversion", words.Possessive(m.Player))
	}
	if m.Seeded {
		// Ruling: she holds one seed; it grows back by her next turn, so
		// she subverts at most once a turn.
		return engines.Refuse("OneSeed", "%s Mother has shot her seed this turn; she holds one at a time", words.Possessive(m.Player))
	}
	p, err := a.findPiece(c.Spawn)
	if err != nil {
		return err
	}
	if p.Owner == m.Player {
		return engines.Refuse("Subversion", "%s is already %s", p.Name, words.Possessive(m.Player))
	}
	if p.Proxy {
		// Ruling: a Brood Proxy cannot be subverted.
		return engines.Refuse("Subversion", "%s is a Brood Proxy; the seed takes only spawns and Fonts", p.Name)
	}
	if d := MotherDist(m, p.X, p.Y); d > SubvertRange {
		return engines.Refuse("Subversion", "%s is %s from %s Mother; the seed reaches 3", p.Name, words.Count(d, "square", "squares"), words.Possessive(m.Player))
	}
	if err := a.spend(m, SubvertCost, "a Seed of Subversion"); err != nil {
		return err
	}
	mv, err := a.D.RollBy(m.Player, 2, 6, "subversion: "+m.Player+"'s Mother")
	if err != nil {
		return err
	}
	sv, err := a.D.RollBy(p.Owner, 2, 6, "subversion: "+p.Name)
	if err != nil {
		return err
	}
	a.D.Emit(TypeSubvertTried, SubversionTried{Player: m.Player, Spawn: p.Name, MotherDice: mv, SpawnDice: sv})
	mt, st := mv[0]+mv[1], sv[0]+sv[1]
	// The Mother's dice must beat the spawn's; the spawn's hold on a tie.
	a.D.JudgeBack(1, mt > st, dice.Beats(2, 6, 1))
	a.D.Judge(st >= mt, dice.Beats(2, 6, 0))
	if mt > st {
		from := p.Owner
		a.D.Emit(TypeSubverted, SpawnSubverted{Spawn: p.Name, Player: m.Player})
		a.Say("%s Mother shoots a Seed of Subversion at %s: %d+%d = %d against %d+%d = %d; %s turns from %s to %s (it acts from next turn).", words.Possessive(m.Player), p.Name, mv[0], mv[1], mt, sv[0], sv[1], st, p.Name, from, m.Player)
	} else {
		a.Say("%s Mother shoots a Seed of Subversion at %s: %d+%d = %d against %d+%d = %d; it resists.", words.Possessive(m.Player), p.Name, mv[0], mv[1], mt, sv[0], sv[1], st)
	}
	return a.done()
}

func (a *act) endTurn(c EndTurn) error {
	m := a.b.Current()
	a.D.Emit(TypeTurnEnded, TurnEnded{Player: m.Player})
	a.Say("%s ends the turn.", m.Player)
	next := (a.b.Turn + 1) % len(a.b.Mothers)
	round := a.b.Round
	if next == 0 {
		round++
	}
	a.beginTurn(a.b.Mothers[next], round)
	return a.done()
}
