package incarn28

import (
	"strings"
	"testing"

	"warlog/engines"
)

// seed line 245 Enigma: "On a 5+ the round ends"; line 631 Hunt: "At the
// end of each round it [the Deathbeast] activates". A round an Enigma ends
// early still ends with the Deathbeast's activation.
func TestEnigmaRoundEndStillBringsTheDeathbeast(t *testing.T) {
	// Court 4,5: Hunt and Loot for Ann; 2,5: Intimidate and Loot for Ben.
	s := duel(t, "court", []Incarn{in("Ax", "Regular", "Medium", fl("Enigma")), in("Bx", "Regular", "Medium", fl("Brigand"))},
		"court", []Incarn{in("Tg", "Regular", "Medium", fl("Brigand"))}, [2]int{4, 5}, [2]int{2, 5})
	l := i28(t, s).Label(Activate{Incarn: "Ax", ActFacts: ActFacts{Enigma: true}}, 5)
	contains(t, l, "Ax activates as an Enigma: D6 5, the round ends. The Deathbeast still activates at its end.")
	i28(t, s).Fails("round 1 is over (Enigma); only the Deathbeast still activates", Activate{Incarn: "Tg"}, 3)
	i28(t, s).Fails("the Deathbeast still activates at the end of round 1", NextRound{}, 6, 1)
	got := labels(s)
	if !strings.Contains(got, "Activate Deathbeast") || strings.Contains(got, "Activate Tg") || strings.Contains(got, "begin the next") {
		t.Errorf("the round is over but for the Deathbeast: %q", got)
	}
	if st := s.Status(); !strings.Contains(strings.Join(st.Notes, "; "), "the Deathbeast still activates") || len(st.Next) == 0 || st.Next[0] != "i28 activate" {
		t.Errorf("status: %v next %v", st.Notes, st.Next)
	}
	i28(t, s).Do(Activate{}, 10) // the next in line is the Deathbeast
	if c := s.Battle.Current; c == nil || c.Figure != "Deathbeast/Deathbeast" {
		t.Fatalf("activating %+v", c)
	}
	i28(t, s).Do(Attack{Target: "Tg", Strength: 1}, 3, 5)
	l = i28(t, s).Label(EndActivation{})
	contains(t, l, "Deathbeast ends its activation. The round is over.")
	i28(t, s).Fails("round 1 is over (Enigma); begin the next", Activate{Incarn: "Deathbeast"}, 10)
	i28(t, s).Do(NextRound{}, 6, 1)
	if s.Battle.Round != 2 {
		t.Errorf("round %d", s.Battle.Round)
	}
}

// seed line 647 Anarchic Spores picks the incarn at random; once an Enigma
// has ended the round only the Deathbeast is left to pick (seed line 631).
func TestEnigmaRoundEndUnderAnarchicSpores(t *testing.T) {
	s := testState()
	i28(t, s).Do(FoundGang{Player: "Ann", Faction: "court", Incarns: []Incarn{in("Ax", "Regular", "Medium", fl("Enigma")), in("Bx", "Regular", "Medium", fl("Brigand"))}})
	i28(t, s).Do(FoundGang{Player: "Ben", Faction: "court", Incarns: []Incarn{in("Tg", "Regular", "Medium", fl("Brigand"))}})
	i28(t, s).Do(engines.StartScenario{Name: "G"}, 4, 5, 2, 5, 3, 6, 1) // Hunt for Ann; the twist is Anarchic Spores
	i28(t, s).Do(NextRound{}, 6, 1)
	l := i28(t, s).Label(Activate{ActFacts: ActFacts{Enigma: true}}, 1, 5) // the pick falls on Ax; its D6 5 ends the round
	contains(t, l, "Anarchic Spores pick Ax")
	if got := labels(s); !strings.Contains(got, "Activate Deathbeast") || strings.Contains(got, "picked at random") {
		t.Errorf("menu: %q", got)
	}
	i28(t, s).Do(Activate{}, 10)
	if c := s.Battle.Current; c == nil || c.Figure != "Deathbeast/Deathbeast" {
		t.Fatalf("activating %+v", c)
	}
}
