package brood

import (
	"bytes"
	"strings"
	"testing"

	"warlog/engines"
	eng "warlog/engines/brood"
	"warlog/engines/dice"
)

func sampleMap(t *testing.T) eng.Map {
	t.Helper()
	s := eng.Engine.NewState(engines.Campaign{Name: "t", Game: "brood"}).(*eng.State)
	for _, cmd := range []engines.Command{
		engines.StartScenario{Name: "G", Size: 8, Mothers: []string{"red=2,2", "blue=7,7"}},
		eng.Spawn{X: 4, Y: 4},
	} {
		d := engines.NewDecision(dice.NewRoller(1, 0, []int{}))
		if err := eng.Engine.Decide(s, cmd, d); err != nil {
			t.Fatal(err)
		}
		for _, f := range d.Facts() {
			if err := eng.Engine.Apply(s, f.Type, f.Data); err != nil {
				t.Fatal(err)
			}
		}
	}
	mp, ok := s.Map()
	if !ok {
		t.Fatal("no map")
	}
	return mp
}

// The plain map has letters only; the colour map shades the Spheres of
// Influence with ANSI backgrounds.
func TestPrintMap(t *testing.T) {
	mp := sampleMap(t)
	var plain, colour bytes.Buffer
	if err := printMap(&plain, mp, false); err != nil {
		t.Fatal(err)
	}
	if err := printMap(&colour, mp, true); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(plain.String(), "\x1b[") {
		t.Fatal("the plain map holds escape codes")
	}
	for _, want := range []string{"[R]", "[B]", " R1", "  r "} {
		if !strings.Contains(plain.String(), want) {
			t.Fatalf("the plain map lacks %q:\n%s", want, plain.String())
		}
	}
	if !strings.Contains(colour.String(), bg[0]) || !strings.Contains(colour.String(), bg[1]) {
		t.Fatalf("the colour map does not shade both Spheres:\n%q", colour.String())
	}
	if strings.Contains(colour.String(), "  r ") {
		t.Fatal("the colour map should shade, not letter, the Sphere")
	}
}
