package incarn28

import (
	"strings"
	"testing"
)

// Objective dice used by the tests: Court 1,2 = Desecrate, Intimidate;
// Schism 4,6 = Loot, Decimate. The twist die 6 is Enraging Squall, which
// duel sets aside.
var (
	courtObj  = [2]int{1, 2}
	schismObj = [2]int{4, 6}
)

func acs(s *State) int {
	if s.Battle.Current == nil {
		return -1
	}
	return s.Battle.Current.ACs
}

func contains(t *testing.T, label, want string) {
	t.Helper()
	if !strings.Contains(label, want) {
		t.Errorf("label %q\n does not contain %q", label, want)
	}
}

// seed line 31: the ACT-R on the Action die is the number of ACs; line 53:
// Schism +1; line 225: Elegant +1; line 523: Soldier +2.
func TestACTRFlat(t *testing.T) {
	s := duel(t, "court", []Incarn{in("Bors", "Regular", "Medium", fl("Soldier", "Elegant"))},
		"schism", []Incarn{in("Grub", "Regular", "Light", fl("Elegant"))}, courtObj, schismObj)
	l := i28(t, s).Label(Activate{Incarn: "Bors"}, 4)
	if acs(s) != 4+2+1 {
		t.Errorf("Bors: %d ACs, want 7", acs(s))
	}
	contains(t, l, "d8 4 +1 Elegant +2 Soldier = 7: 7 ACs")
	l = i28(t, s).Label(Activate{Incarn: "Grub"}, 5)
	if acs(s) != 5+1+1 {
		t.Errorf("Grub: %d ACs, want 7", acs(s))
	}
	contains(t, l, "d8 5 +1 Schism +1 Elegant = 7")
}

// The modifier order (RULINGS: flat modifiers, then Aberrant/Relictor,
// then Stunned halving). seed line 97 Aberrant: "after modifiers is even,
// half it"; line 31: stunned "half their activation roll after modifiers".
func TestModifierOrder(t *testing.T) {
	s := duel(t, "court", []Incarn{in("Bors", "Regular", "Medium", fl("Soldier"))},
		"schism", []Incarn{in("Grub", "Regular", "Light", fl("Aberrant", "Elegant"))}, courtObj, schismObj)
	s.Battle.fig("Ben/Grub").Status = StatusStunned
	s.Battle.Next = "Ben"
	// 4 +1 Schism +1 Elegant = 6, even: Aberrant halves to 3, Stunned halves to 1.
	l := i28(t, s).Label(Activate{Incarn: "Grub"}, 4)
	if acs(s) != 1 {
		t.Errorf("got %d ACs, want 1 (6 -> Aberrant 3 -> Stunned 1)", acs(s))
	}
	contains(t, l, "d8 4 +1 Schism +1 Elegant = 6, Aberrant halves the even result to 3, Stunned halves to 1: 1 AC")
	// Odd: 5 +1 +1 = 7 doubles to 14 (fresh game).
	s = duel(t, "court", []Incarn{in("Bors", "Regular", "Medium", fl("Soldier"))},
		"schism", []Incarn{in("Grub", "Regular", "Light", fl("Aberrant", "Elegant"))}, courtObj, schismObj)
	s.Battle.Next = "Ben"
	i28(t, s).Do(Activate{Incarn: "Grub"}, 5)
	if acs(s) != 14 {
		t.Errorf("got %d ACs, want 14 (7 doubled)", acs(s))
	}
}

// seed line 31: "at the end of their current activation they are no longer
// stunned".
func TestStunWearsOff(t *testing.T) {
	s := duel(t, "court", []Incarn{in("Bors", "Regular", "Medium", fl("Soldier"))},
		"schism", []Incarn{in("Grub", "Regular", "Light", fl("Elegant"))}, courtObj, schismObj)
	s.Battle.fig("Ann/Bors").Status = StatusStunned
	i28(t, s).Do(Activate{Incarn: "Bors"}, 6) // 6+2 = 8, halved 4
	if acs(s) != 4 {
		t.Errorf("got %d ACs, want 4", acs(s))
	}
	l := i28(t, s).Label(EndActivation{})
	if got := fig(t, s, "Ann/Bors").Status; got != StatusActive {
		t.Errorf("Bors is %s after its activation, want active", got)
	}
	contains(t, l, "Bors is no longer stunned")
	if s.Battle.Next != "Ben" {
		t.Errorf("next is %q, want Ben", s.Battle.Next)
	}
}
