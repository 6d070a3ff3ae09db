package kingsown

import (
	"os"
	"testing"
)

// FuzzParseCards: no card file, however mangled, makes the parser panic, and
// every card it accepts passes the card rules.
func FuzzParseCards(f *testing.F) {
	for _, p := range []string{"../../testdata/kingsown/hunters.cards", "../../testdata/kingsown/orc.cards", "../../testdata/kingsown/nest.cards"} {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(string(b))
		}
	}
	f.Add("Bors · Skill 3 · Move 4 · Res 2 · Hits 2 · Sword M2 R1")
	f.Add("· · ·\n\n·")
	f.Fuzz(func(t *testing.T, text string) {
		cards, err := ParseCards(text, "hunters")
		if err != nil {
			return
		}
		for _, c := range cards {
			if c.Name == "" {
				t.Fatalf("a card without a name was accepted from %q", text)
			}
		}
	})
}
