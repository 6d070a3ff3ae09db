package incarn28

import (
	"testing"

	"warlog/engines"
)

// A copy of the state shares its gangs until one of the two writes into
// one: the one that writes gets a gang of its own, and neither sees the
// other's recruit, dismissal or game (the checkpoints of a re-decision
// rely on it).
func TestCopiesShareGangsUntilOneWrites(t *testing.T) {
	s := &State{}
	if err := s.onGangFounded(GangFounded{Player: "Ann", Faction: "Court", Bones: 50,
		Incarns: []Incarn{{Name: "Bo", Skill: "Average", Toughness: "Average"}}}); err != nil {
		t.Fatal(err)
	}
	if err := s.onGangFounded(GangFounded{Player: "Cy", Faction: "Schism", Bones: 50}); err != nil {
		t.Fatal(err)
	}
	c := engines.Clone(s)
	if c.Gangs[0] != s.Gangs[0] {
		t.Fatal("the copy does not share the gangs")
	}
	if err := c.onIncarnRecruited(IncarnRecruited{Player: "Ann", Incarn: Incarn{Name: "Di", Skill: "Average", Toughness: "Average"}}); err != nil {
		t.Fatal(err)
	}
	if err := s.onIncarnDismissed(IncarnDismissed{Player: "Ann", Name: "Bo"}); err != nil {
		t.Fatal(err)
	}
	if got := len(s.gang("Ann").Incarns); got != 0 {
		t.Errorf("the original's Ann has %d incarns after dismissing her only one", got)
	}
	if got := c.gang("Ann"); len(got.Incarns) != 2 || got.Incarns[0].Name != "Bo" || got.Incarns[1].Name != "Di" || got.IDs[1] != "Ann#2" {
		t.Errorf("the copy's Ann: %+v", got)
	}
	if c.Gangs[1] != s.Gangs[1] {
		t.Error("a gang neither wrote into is no longer shared")
	}
	again := engines.Clone(c)
	if g := again.gangToWrite("Ann"); g == c.gang("Ann") {
		t.Error("a copy of a copy writes into the gang it shares")
	}
}
