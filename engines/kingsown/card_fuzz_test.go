package kingsown

import (
	"os"
	"reflect"
	"testing"
)

// FuzzParseCards: no card file, however mangled, makes the parser panic;
// every card it accepts passes the card rules; and each renders back (Text)
// to a card file that parses to the same card, so a card shown is a card
// that can be typed in again.
func FuzzParseCards(f *testing.F) {
	for _, p := range []string{"../../samples/kingsown/hunters.cards", "../../samples/kingsown/orc.cards", "../../samples/kingsown/nest.cards"} {
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
			again, err := ParseCards(c.Text(), "hunters")
			if err != nil {
				t.Fatalf("the card %+v parsed from %q renders as %q, which does not parse: %v", c, text, c.Text(), err)
			}
			if len(again) != 1 || !reflect.DeepEqual(again[0], c) {
				t.Fatalf("the card parsed from %q renders as %q, which parses to %+v, not %+v", text, c.Text(), again, c)
			}
		}
	})
}
