package incarn28

import (
	"fmt"
	"strings"

	"warlog/engines"
	"warlog/internal/words"
)

func (r *referee) foundGang(c FoundGang) error {
	s := r.State
	if err := s.betweenGames("found gangs"); err != nil {
		return err
	}
	name := strings.TrimSpace(c.Player)
	if err := engines.ValidateName("player", c.Player); err != nil {
		return refuse("Gangs", err)
	}
	if name == "" || strings.ContainsAny(name, "/|") || strings.EqualFold(name, DeathbeastSide) {
		return engines.Refuse("Gangs", "player name %q cannot be used; give a plain name like Ann", c.Player)
	}
	if s.gang(name) != nil {
		return engines.RefuseTry("Gangs", []string{"i28 recruit"}, "%s already has a gang; recruit into it", name)
	}
	f, err := FindFaction(c.Faction)
	if err != nil {
		return refuse("Faction", err)
	}
	bones := c.Bones
	if bones == 0 {
		bones = StandardBones
	}
	if bones < 1 {
		return engines.Refuse("Bones", "a gang needs a positive Bones limit; a standard game is %d", StandardBones)
	}
	var incarns []Incarn
	for _, in := range c.Incarns {
		ci, err := Canonical(in)
		if err != nil {
			return refuse("Gang building", err)
		}
		incarns = append(incarns, ci)
	}
	if vs := Validate(f, bones, incarns); len(vs) > 0 {
		return refuseViolations(vs)
	}
	if err := r.Emit(TypeGangFounded, GangFounded{Player: name, Faction: f.Name, Bones: bones, Incarns: incarns}); err != nil {
		return err
	}
	if len(incarns) > 0 {
		r.D.Label("%s founds %s gang of %s costing %d of %d B.", name, words.A(f.Name), words.Count(len(incarns), "incarn", "incarns"), GangCost(incarns), bones)
	} else {
		r.D.Label("%s founds %s gang with %d B to spend.", name, words.A(f.Name), bones)
	}
	return nil
}

// betweenGames refuses to do what a gang does between games while a game
// is in progress.
func (s *State) betweenGames(what string) error {
	if s.Battle != nil && !s.Battle.Ended {
		return engines.Refuse("Gangs", "a game is in progress; %s between games", what)
	}
	return nil
}

func (r *referee) recruit(c Recruit) error {
	s := r.State
	if err := s.betweenGames("recruit"); err != nil {
		return err
	}
	gg := s.gang(c.Player)
	if gg == nil {
		return engines.RefuseTry("Gangs", []string{"i28 gang"}, "%s has no gang; found one first", c.Player)
	}
	if err := engines.ValidateName("incarn", c.Incarn.Name); err != nil {
		return refuse("Gangs", err)
	}
	in, err := Canonical(c.Incarn)
	if err != nil {
		return refuse("Gang building", err)
	}
	f, _ := FindFaction(gg.Faction)
	all := append(append([]Incarn(nil), gg.Incarns...), in)
	if vs := Validate(f, gg.Bones, all); len(vs) > 0 {
		return refuseViolations(vs)
	}
	if err := r.Emit(TypeIncarnRecruited, IncarnRecruited{Player: gg.Player, Incarn: in, Cost: Cost(in)}); err != nil {
		return err
	}
	desc := fmt.Sprintf("%s %s", in.Skill, in.Toughness)
	if len(in.Flesh) > 0 {
		desc += " " + strings.Join(in.Flesh, ", ")
	}
	if len(in.Items) > 0 {
		desc += " with " + strings.Join(in.Items, ", ")
	}
	r.D.Label("%s recruits %s (%s) for %d B; the gang now costs %d of %d B.", gg.Player, in.Name, desc, Cost(in), GangCost(all), gg.Bones)
	return nil
}

func (r *referee) dismiss(c Dismiss) error {
	s := r.State
	if err := s.betweenGames("dismiss incarns"); err != nil {
		return err
	}
	gg := s.gang(c.Player)
	if gg == nil {
		return engines.Refuse("Gangs", "%s has no gang", c.Player)
	}
	for _, in := range gg.Incarns {
		if strings.EqualFold(in.Name, c.Name) {
			if err := r.Emit(TypeIncarnDismissed, IncarnDismissed{Player: gg.Player, Name: in.Name}); err != nil {
				return err
			}
			r.D.Label("%s dismisses %s.", gg.Player, in.Name)
			return nil
		}
	}
	return engines.Refuse("Gangs", "%s gang has no incarn %q", words.Possessive(gg.Player), c.Name)
}
