package incarn28

import (
	"encoding/json"
	"strings"
	"testing"

	"warlog/engines"
)

// notes is the notes column of the figure called name in the status.
func notes(t *testing.T, s *State, name string) string {
	t.Helper()
	for _, row := range s.Status().Figures {
		if row.Get("name") == name {
			n, _ := row.Get("notes").(string)
			return n
		}
	}
	t.Fatalf("no status row for %s", name)
	return ""
}

// Lasting marks (seed line 287 Gargoyle stone, line 605 Decoy once per
// game, line 559 Toxic once per game, line 535 Spy unmasked once it
// attacks, line 377 Inseminator once per game) are shown in the status
// notes, and so in `status --json`.
func TestStatusShowsLastingMarks(t *testing.T) {
	s := fight(t, in("Ax", "Regular", "Medium", fl("Gargoyle")), in("Tg", "Regular", "Medium", fl("Brigand")))
	i28(t, s).Do(Stone{})
	contains(t, notes(t, s, "Ax"), "stone (Gargoyle)")
	if data, _ := json.Marshal(s.Status()); !strings.Contains(string(data), "stone (Gargoyle)") {
		t.Errorf("status JSON: %s", data)
	}

	s = fight(t, in("Ax", "Regular", "Medium", fl("Toxic")), in("Tg", "Regular", "Medium", fl("Brigand"), "Decoy"))
	i28(t, s).Do(Special{Incarn: "Ax", Target: "Tg", DefFacts: DefFacts{Decoy: true}}, 4, 3, 9)
	contains(t, notes(t, s, "Ax"), "Toxic spent")
	contains(t, notes(t, s, "Tg"), "Decoy spent")

	s = duel(t, "sacrosanct", []Incarn{in("Ax", "Regular", "Medium", fl("Brigand"))}, "sacrosanct",
		[]Incarn{in("Sp", "Regular", "Medium", fl("Spy")), in("Ug", "Regular", "Medium", fl("Brigand"))}, plainObj, plainObj)
	i28(t, s).Do(Activate{Incarn: "Ax"}, 3)
	i28(t, s).Do(Activate{Incarn: "Sp"}, 4)
	if n := notes(t, s, "Sp"); n != "" {
		t.Errorf("a masked Spy's notes: %q", n)
	}
	i28(t, s).Do(Attack{Target: "Ax", Strength: 1}, 2, 5)
	contains(t, notes(t, s, "Sp"), "unmasked (Spy)")

	// line 377 Inseminator, once per game.
	s = fight(t, in("Ax", "Regular", "Medium", fl("Inseminator")), in("Tg", "Regular", "Medium", fl("Brigand")))
	i28(t, s).Do(Inseminate{Incarn: "Ax", Target: "Tg"})
	contains(t, notes(t, s, "Ax"), "Inseminator mark spent")
	contains(t, notes(t, s, "Tg"), "inseminated")

	// line 649 Chronomatic Rift: each incarn can be lifted once per game.
	s = riftGame(t)
	i28(t, s).Do(Rift{Player: "Ann", Incarn: "Tg"})
	i28(t, s).Do(Activate{Incarn: "Ax"}, 3)
	i28(t, s).Do(Activate{Incarn: "Ug"}, 3)
	i28(t, s).Do(NextRound{}, 6, 1)
	contains(t, notes(t, s, "Tg"), "lifted once by the Rift")
}

// seed line 649 Chronomatic Rift: the lifted incarn is out of play "until
// the start of the next round" and is returned: it is not one of the
// side's removed incarns.
func TestRiftedIsNotRemoved(t *testing.T) {
	s := riftGame(t)
	i28(t, s).Do(Rift{Player: "Ann", Incarn: "Tg"})
	if n := removed(t, s, "Ben"); n != 0 {
		t.Errorf("Ben has %d removed with Tg lifted, want 0", n)
	}
	contains(t, notes(t, s, "Tg"), "lifted by the Rift")
	i28(t, s).Do(Slay{Incarn: "Ug", Why: "a blow at the table"})
	if n := removed(t, s, "Ben"); n != 1 {
		t.Errorf("Ben has %d removed once Ug is slain, want 1", n)
	}
}

// riftGame is round 1 of a game under the Chronomatic Rift (twist die 4),
// Ann's Ax against Ben's Tg and Ug, Ann to activate first.
func riftGame(t *testing.T) *State {
	t.Helper()
	s := testState()
	i28(t, s).Do(FoundGang{Player: "Ann", Faction: "sacrosanct", Incarns: []Incarn{in("Ax", "Regular", "Medium", fl("Brigand"))}})
	i28(t, s).Do(FoundGang{Player: "Ben", Faction: "sacrosanct", Incarns: []Incarn{in("Tg", "Regular", "Medium", fl("Brigand")), in("Ug", "Regular", "Medium", fl("Brigand"))}})
	i28(t, s).Do(engines.StartScenario{Name: "G"}, 3, 6, 3, 6, 4, 6, 1)
	i28(t, s).Do(NextRound{}, 6, 1)
	return s
}

// removed is the removed count of side's row in the status.
func removed(t *testing.T, s *State, side string) any {
	t.Helper()
	for _, row := range s.Status().Sides {
		if row.Get("name") == side {
			return row.Get("removed")
		}
	}
	t.Fatalf("no status row for %s", side)
	return nil
}
