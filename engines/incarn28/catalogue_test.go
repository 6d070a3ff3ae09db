package incarn28

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"warlog/internal/seedfiles"
)

// seedFile is the seed the catalogue is checked against (../shared/seeds).
const seedFile = "000_7eeabad3aaea10d4.txt"

// TestCatalogueCounts: seed line 23 "grown ... to 100"; items lines 597-619,
// skills 63-73, toughnesses 77-87, objectives 625-639, twists 643-651.
func TestCatalogueCounts(t *testing.T) {
	for _, c := range []struct {
		what      string
		got, want int
	}{
		{"Fleshtypes", len(Fleshtypes), 100}, {"items", len(Items), 12}, {"skills", len(Skills), 6},
		{"toughnesses", len(Toughnesses), 6}, {"factions", len(Factions), 3}, {"objectives", len(Objectives), 8},
		{"twists", len(Twists), 6},
	} {
		if c.got != c.want {
			t.Errorf("%s: got %d, want %d", c.what, c.got, c.want)
		}
	}
	for i, f := range Fleshtypes {
		if f.N != i+1 {
			t.Errorf("Fleshtype %s numbered %d at position %d", f.Name, f.N, i+1)
		}
		if f.Summary == "" || (f.Kind != KindLog && f.Kind != KindFact && f.Kind != KindRecorded) {
			t.Errorf("Fleshtype %s: summary %q kind %q", f.Name, f.Summary, f.Kind)
		}
	}
}

// TestCatalogueMatchesSeed checks every Fleshtype's number and name against
// the seed's "N) Name" headings, and that no summary copies the seed's text.
func TestCatalogueMatchesSeed(t *testing.T) {
	p, why := seedfiles.Path(seedFile)
	if p == "" {
		t.Fatalf("the seed is needed to check the catalogue against: %s", why)
	}
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	seed := string(b)
	re := regexp.MustCompile(`(?m)^(\d+)\) ([A-Za-z]+)`)
	found := map[string]string{}
	for _, m := range re.FindAllStringSubmatch(seed, -1) {
		found[m[1]] = m[2]
	}
	for _, f := range Fleshtypes {
		if got := found[strconv.Itoa(f.N)]; got != f.Name {
			t.Errorf("seed has %d) %q, catalogue %q", f.N, got, f.Name)
		}
	}
	// No summary may paste a run of 8 words from the seed.
	norm := strings.ToLower(strings.Join(strings.Fields(seed), " "))
	check := func(name, s string) {
		w := strings.Fields(strings.ToLower(s))
		for i := 0; i+8 <= len(w); i++ {
			if run := strings.Join(w[i:i+8], " "); strings.Contains(norm, run) {
				t.Errorf("%s summary copies the seed: %q", name, run)
			}
		}
	}
	for _, f := range Fleshtypes {
		check(f.Name, f.Summary)
	}
	for _, it := range Items {
		check(it.Name, it.Summary)
	}
	for _, o := range Objectives {
		check(o.Name, o.Summary)
	}
	for _, tw := range Twists {
		check(tw.Name, tw.Summary)
	}
}

func TestFind(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"aberrant", "Aberrant"}, {"17", "Cerebroid"}, {"gunsl", "Gunslinger"}, {"worm", "Worm"},
	} {
		f, err := FindFleshtype(c.in)
		if err != nil || f.Name != c.want {
			t.Errorf("FindFleshtype(%q) = %v, %v; want %s", c.in, f.Name, err, c.want)
		}
	}
	if _, err := FindFleshtype("gun"); err == nil || !strings.Contains(err.Error(), "ambiguous") {
		t.Errorf("FindFleshtype(gun): got %v, want ambiguous", err)
	}
	if _, err := FindFleshtype("101"); err == nil {
		t.Errorf("FindFleshtype(101): want an error")
	}
	if it, err := FindItem("sacrificial"); err != nil || it.Name != "Sacrificial Dagger" {
		t.Errorf("FindItem: %v %v", it, err)
	}
}
