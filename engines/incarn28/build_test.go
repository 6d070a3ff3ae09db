package incarn28

import (
	"os"
	"strings"
	"testing"
)

// seed lines 63-87: skill and toughness costs; line 89: 2 B per extra
// Fleshtype; line 595: items cost 2 B; line 583: Worm costs 1 B less.
func TestCosts(t *testing.T) {
	for _, c := range []struct {
		in   Incarn
		want int
	}{
		{in("a", "Roach", "Weak", fl("Soldier")), 2},
		{in("b", "Demigod", "Immortal", fl("Soldier")), 16},
		{in("c", "Regular", "Medium", fl("Butcher", "Soldier"), "Armour"), 3 + 3 + 2 + 2},
		{in("d", "Roach", "Weak", fl("Soldier", "Elegant", "Priest", "Golem", "Zealot")), 10},
		{in("e", "Rabble", "Weak", fl("Worm", "Cerebroid")), 2 + 1 + 2 - 1},
		{in("f", "Chosen", "Heavy", fl("Aberrant"), "Icon", "Decoy", "Reacher"), 5 + 5 + 6},
	} {
		if got := Cost(c.in); got != c.want {
			t.Errorf("Cost(%s %s %v %v) = %d, want %d", c.in.Skill, c.in.Toughness, c.in.Flesh, c.in.Items, got, c.want)
		}
	}
}

func TestGangFiles(t *testing.T) {
	for _, c := range []struct {
		file, faction string
		cost, n       int
		legal         bool
		want          string
	}{
		// seed line 59: Sacrosanct may have 4 of each Fleshtype.
		{"sacrosanct.txt", "Sacrosanct", 50, 5, true, ""},
		// seed line 89: others only 3.
		{"sacrosanct.txt", "Court", 50, 5, false, "4 incarns have Soldier (Ossuary Saint, Vat Child, Bone Choir, Lung Bell); a Court gang may have at most 3 (3 per Fleshtype)"},
		{"court.txt", "Court", 24, 3, true, ""},
		{"schism.txt", "Schism", 22, 3, true, ""},
	} {
		b, err := os.ReadFile("../../samples/incarn28/" + c.file)
		if err != nil {
			t.Fatal(err)
		}
		ins, err := ParseGangFile(string(b))
		if err != nil {
			t.Fatal(err)
		}
		if got := GangCost(ins); got != c.cost || len(ins) != c.n {
			t.Errorf("%s: cost %d with %d incarns, want %d with %d", c.file, got, len(ins), c.cost, c.n)
		}
		f, _ := FindFaction(c.faction)
		s := testState()
		_, err = i28(t, s).Try(FoundGang{Player: "Ann", Faction: f.Name, Incarns: ins})
		if c.legal && err != nil {
			t.Errorf("%s as %s: refused: %v", c.file, c.faction, err)
		}
		if !c.legal && (err == nil || !strings.Contains(err.Error(), c.want)) {
			t.Errorf("%s as %s: got %v, want %q", c.file, c.faction, err, c.want)
		}
	}
}

// Every limit of seed lines 61 and 89 and 595, refused with its name.
func TestLimitsRefused(t *testing.T) {
	s := testState()
	i28(t, s).Do(FoundGang{Player: "Ann", Faction: "court"})
	i28(t, s).Do(FoundGang{Player: "Sal", Faction: "sacrosanct"})
	for _, c := range []struct {
		name string
		in   Incarn
		want string
	}{
		{"5 fleshtypes", in("Six", "Roach", "Weak", fl("Soldier", "Elegant", "Priest", "Golem", "Zealot", "Fool")), "Six has 6 Fleshtypes; at most 5 (5 Fleshtypes)"},
		{"duplicate fleshtype", in("Twice", "Roach", "Weak", fl("Soldier", "Soldier")), "Twice has Soldier twice; an incarn cannot repeat a Fleshtype (Duplicate Fleshtype)"},
		{"duplicate item", in("Twice", "Roach", "Weak", fl("Soldier"), "Armour", "Armour"), "Twice carries Armour twice; an incarn cannot have two of the same item (Duplicate item)"},
		{"no fleshtype", in("Bare", "Roach", "Weak", nil), "Bare has no Fleshtype; every incarn gets one for free, give it one with --flesh (Fleshtypes)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			i28(t, s).Fails(c.want, Recruit{Player: "Ann", Incarn: c.in})
		})
	}
	i28(t, s).Do(FoundGang{Player: "Tim", Faction: "court", Bones: 10})
	i28(t, s).Fails("the gang costs 16 B, over its 10 B limit; drop 6 B of incarns, Fleshtypes or items (Bones)", Recruit{Player: "Tim", Incarn: in("Big", "Demigod", "Immortal", fl("Soldier"))})
	// 3 per Fleshtype for Court, 4 for Sacrosanct.
	for i, n := range []string{"A", "B", "C"} {
		i28(t, s).Do(Recruit{Player: "Ann", Incarn: in(n, "Roach", "Weak", fl("Soldier"))})
		i28(t, s).Do(Recruit{Player: "Sal", Incarn: in(n, "Roach", "Weak", fl("Soldier"))})
		_ = i
	}
	i28(t, s).Fails("4 incarns have Soldier (A, B, C, D); a Court gang may have at most 3 (3 per Fleshtype)", Recruit{Player: "Ann", Incarn: in("D", "Roach", "Weak", fl("Soldier"))})
	i28(t, s).Do(Recruit{Player: "Sal", Incarn: in("D", "Roach", "Weak", fl("Soldier"))})
	i28(t, s).Fails("5 incarns have Soldier (A, B, C, D, E); a Sacrosanct gang may have at most 4 (4 per Fleshtype)", Recruit{Player: "Sal", Incarn: in("E", "Roach", "Weak", fl("Soldier"))})
	i28(t, s).Fails(`two incarns are called "a"`, Recruit{Player: "Ann", Incarn: in("a", "Roach", "Weak", fl("Fool"))})
	// 20 incarns: Roach Weak with one Fleshtype each cost 2 B.
	i28(t, s).Do(FoundGang{Player: "Wim", Faction: "schism"})
	for i := 0; i < 20; i++ {
		i28(t, s).Do(Recruit{Player: "Wim", Incarn: in("W"+string(rune('a'+i)), "Roach", "Weak", fl(Fleshtypes[i].Name))})
	}
	i28(t, s).Fails("the gang has 21 incarns; at most 20 (20 incarns)", Recruit{Player: "Wim", Incarn: in("Wz", "Roach", "Weak", fl("Zealot"))})
	// Several limits at once are all named.
	i28(t, s).Fails("3 limits broken: Bad has Fool twice; an incarn cannot repeat a Fleshtype (Duplicate Fleshtype); Bad carries Icon twice; an incarn cannot have two of the same item (Duplicate item); 4 incarns have Soldier", Recruit{Player: "Ann", Incarn: in("Bad", "Roach", "Weak", fl("Soldier", "Fool", "Fool"), "Icon", "Icon")})
}

func TestGangFileErrors(t *testing.T) {
	if _, err := ParseGangFile("Bors | Regular | Medium"); err == nil || !strings.Contains(err.Error(), "line 1") {
		t.Errorf("short line: got %v", err)
	}
	if _, err := ParseGangFile("# c\nBors | Regular | Medium | Nonesuch"); err == nil || !strings.Contains(err.Error(), `line 2: no Fleshtype "Nonesuch"`) {
		t.Errorf("unknown Fleshtype: got %v", err)
	}
}
