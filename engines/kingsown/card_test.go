package kingsown

import (
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
)

func TestHuntersCardFile(t *testing.T) {
	// seed 003 line 32: "Skill · Move · Res · Hits, then one line per weapon ... Then keywords. Then ... one line per spell"
	b, err := os.ReadFile("../../samples/kingsown/hunters.cards")
	if err != nil {
		t.Fatal(err)
	}
	cards, err := ParseCards(string(b), "")
	if err != nil {
		t.Fatal(err)
	}
	if len(cards) < 4 {
		t.Fatalf("%d hunters, want a band", len(cards))
	}
	casters := 0
	for _, c := range cards {
		if c.Side != "hunters" {
			t.Errorf("%s is on side %q", c.Name, c.Side)
		}
		if reflect.DeepEqual(c.Spells, Spells) {
			casters++
		}
	}
	if casters != 1 {
		t.Fatalf("%d casters with the five spells, want 1", casters)
	}
	// seed 003 line 28: "Chain — Res 2, Move 3" fills what the card leaves out.
	for _, c := range cards {
		if c.Armour == "chain" && (c.Res != 2 || c.Move != 3) {
			t.Errorf("%s in chain: Res %d Move %d", c.Name, c.Res, c.Move)
		}
	}
	// Written back, a card reads the same.
	for _, c := range cards {
		again, err := ParseCards(c.Text(), "")
		if err != nil || !reflect.DeepEqual(again[0], c) {
			t.Errorf("%s does not survive Text(): %v\n%s", c.Name, err, c.Text())
		}
	}
}

// TestScriptCardsAreTheTestdataCards: the CLI transcripts carry their own
// copies of the card files (testscript runs in a fresh directory); it must be
// the shipped file.
func TestScriptCardsAreTheTestdataCards(t *testing.T) {
	for script, files := range map[string][]string{
		"ko_nest.txtar": {"hunters.cards"}, "ko_refusals.txtar": {"hunters.cards"}, "ko_cards.txtar": {"orc.cards", "nest.cards"},
	} {
		a, err := txtar.ParseFile("../../testdata/script/" + script)
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range files {
			want, err := os.ReadFile("../../samples/kingsown/" + name)
			if err != nil {
				t.Fatal(err)
			}
			found := false
			for _, f := range a.Files {
				if f.Name == name {
					found = true
					if string(f.Data) != string(want) {
						t.Errorf("%s: its %s differs from samples/kingsown/%s", script, name, name)
					}
				}
			}
			if !found {
				t.Errorf("%s holds no %s", script, name)
			}
		}
	}
}

func TestBriefCardFiles(t *testing.T) {
	for file, want := range map[string]Card{"orc.cards": DefaultGrunt, "nest.cards": DefaultNest} {
		b, err := os.ReadFile("../../samples/kingsown/" + file)
		if err != nil {
			t.Fatal(err)
		}
		cards, err := ParseCards(string(b), "")
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(cards[0], want) {
			t.Errorf("%s: %+v, want %+v", file, cards[0], want)
		}
	}
}

func TestCardFormats(t *testing.T) {
	cards, err := ParseCards(`Gorm
3 · 2 · 3 · 4
Club M3 R1 Sweep
Ponderous · Durable 1 · Multi 2 · No Rear · Mob

Ward staff bearer · Skill 2 · Hits 1 · Ward staff M1 R2 · Ward R4`, "ogres")
	if err != nil {
		t.Fatal(err)
	}
	g := cards[0]
	if g.Skill != 3 || g.Move != 2 || g.Res != 3 || g.Hits != 4 || !g.Weapons[0].Sweep || !g.Ponderous || g.Durable != 1 || g.Multi != 2 || !g.NoRear || !g.Mob {
		t.Fatalf("Gorm: %+v", g)
	}
	w := cards[1]
	if len(w.Weapons) != 1 || w.Weapons[0].Name != "Ward staff" || len(w.Spells) != 1 || w.Side != "ogres" {
		t.Fatalf("one-line card: %+v", w)
	}
	if c, err := ParseCards("Tsar · Skill 5 · Hits 3 · Sword M2 R1", "x"); err != nil || !c[0].Unique() {
		t.Fatalf("Skill 5 is allowed and unique: %v", err)
	}
}

func TestCardValidation(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"A · Skill 0 · Hits 1 · Sword M2 R1", "Skill 0 is out of range"},
		{"A · Skill 6 · Hits 1 · Sword M2 R1", "Skill 6 is out of range"},
		{"A · Skill 3 · Res -1 · Hits 1 · Sword M2 R1", "Res -1 is negative"},
		{"A · Skill 3 · Hits 0 · Sword M2 R1", "Hits 0"},
		{"A · Skill 3 · Hits 1 · Sword M-1 R1", "Might -1"},
		{"A · Skill 3 · Hits 1 · Sword M2 R-1", "Reach -1"},
		{"A · Skill 3 · Hits 1 · Sword M2 R1\n\na · Skill 2 · Hits 1 · Axe M2 R1", "names are unique per side"},
		{"A · Skill 3 · Hits 1 · Sword M2 R1 · Brave", "not a keyword"},
		{"A · Skill 3 · Hits 1 · Sword M2 R1 · Sweep", "Sweep belongs to a weapon"},
		{"A · Hits 1 · Sword M2 R1", "no Skill"},
		{"A · Skill 3 · Sword M2 R1", "no Hits"},
		{"A · Skill 3 · Hits 1", "no weapon"},
		{"A · Skill 3 · Hits 1 · Staff M1 R1 · Fireball", "not a keyword"},
		{"", "no card found"},
	} {
		_, err := ParseCards(tc.text, "s")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: got %v, want %q", tc.text, err, tc.want)
		}
	}
	if _, err := ParseCards("A · Skill 3 · Hits 1 · Sword M2 R1", ""); err == nil || !strings.Contains(err.Error(), "no side") {
		t.Errorf("a card without side: %v", err)
	}
}

func TestParseWeapon(t *testing.T) {
	for in, want := range map[string]Weapon{
		"Sword:2:1":            {Name: "Sword", Might: 2, Reach: 1},
		"Greatsword:3:1:Sweep": {Name: "Greatsword", Might: 3, Reach: 1, Sweep: true},
		"Long bow M2 R12":      {Name: "Long bow", Might: 2, Reach: 12},
		"Club M3 R1 Sweep":     {Name: "Club", Might: 3, Reach: 1, Sweep: true},
	} {
		got, err := ParseWeapon(in)
		if err != nil || got != want {
			t.Errorf("%q: %+v %v, want %+v", in, got, err, want)
		}
	}
	if _, err := ParseWeapon("Sword:two:1"); err == nil {
		t.Error("Sword:two:1 accepted")
	}
}

// sameKey agrees with comparing keys, ASCII or not.
func TestSameKey(t *testing.T) {
	words := []string{"", "a", "A", "Orc", "orc", "ORC", "orcs", "Élan", "élan", "ÉLAN", "elan", "K", "\u212a", "k", "straße", "STRASSE", "Σ", "σ", "ς"}
	for _, s1 := range words {
		for _, n1 := range words {
			for _, s2 := range words {
				for _, n2 := range []string{n1, "orc", "Élan"} {
					if got, want := sameKey(s1, n1, s2, n2), key(s1, n1) == key(s2, n2); got != want {
						t.Errorf("sameKey(%q, %q, %q, %q) = %v, keys say %v", s1, n1, s2, n2, got, want)
					}
				}
			}
		}
	}
}

func TestCannotBeSuppressedByMnOrLess(t *testing.T) {
	// seed 003 line 34: "Cannot be suppressed by M2 or less is a stat."
	cards, err := ParseCards("Sergeant · Skill 3 · Hits 2 · Halberd M3 R2\nChain · Cannot be suppressed by M2 or less", "hunters")
	if err != nil {
		t.Fatal(err)
	}
	c := cards[0]
	if c.NoSuppressBy != 2 || c.Fearless {
		t.Fatalf("read %+v, want not suppressed by M2 or less (and not Fearless)", c)
	}
	if !strings.Contains(c.Text(), "Cannot be suppressed by M2 or less") {
		t.Fatalf("the card writes %q", c.Text())
	}
	if again, err := ParseCards(c.Text(), ""); err != nil || !reflect.DeepEqual(again[0], c) {
		t.Fatalf("written back: %+v, %v", again, err)
	}
	d := &CardDraft{}
	for in, want := range map[string]int{"cannot be suppressed by M1 or less": 1, "Cannot be suppressed by m4 or less": 4} {
		if err := d.AddKeyword(in); err != nil || d.NoSuppressBy != want {
			t.Errorf("%q: %d, %v; want %d", in, d.NoSuppressBy, err, want)
		}
	}
	if err := d.AddKeyword("Cannot be suppressed by M0 or less"); err == nil {
		t.Error("M0 or less accepted: it would say nothing")
	}
}

func TestCardKeepsItsPricesOfFailure(t *testing.T) {
	// seed 003 line 32: "for a spellcaster, one line per spell with its
	// price of failure"; line 13: "If the card names a price of failure, pay it."
	cards, err := ParseCards(`Mirela · Side hunters
Skill 3 · Hits 2
Staff M1 R1
Sparks M2 R6 Sweep · price of failure: lose 1 Hit
Ward R4 · price of failure: her familiar flees the table
Rally R2
Firebolt M5 R8 · price of failure: no Spells for the next turn`, "")
	if err != nil {
		t.Fatal(err)
	}
	c := cards[0]
	want := []SpellPrice{{Spell: "Sparks", Price: "lose 1 Hit"}, {Spell: "Ward", Price: "her familiar flees the table"}}
	if !reflect.DeepEqual(c.Prices, want) {
		t.Fatalf("prices %+v, want %+v (Firebolt's own price, the seed's lockout, is not kept twice)", c.Prices, want)
	}
	for spell, price := range map[string]string{"Sparks": "lose 1 Hit", "Ward": "her familiar flees the table", "Rally": "",
		"Firebolt": "no spells next turn"} {
		if got := c.PriceOf(spell); got != price {
			t.Errorf("%s costs %q, want %q", spell, got, price)
		}
	}
	text := c.Text()
	for _, line := range []string{"Sparks M2 R6 Sweep · price of failure: lose 1 Hit\n", "Ward R4 · price of failure: her familiar flees the table\n",
		"Rally R2\n", "Firebolt M5 R8 · price of failure: no spells next turn\n"} {
		if !strings.Contains(text, line) {
			t.Errorf("the card writes\n%s\nwithout %q", text, line)
		}
	}
	if again, err := ParseCards(text, ""); err != nil || !reflect.DeepEqual(again[0], c) {
		t.Fatalf("written back: %+v, %v", again, err)
	}
	// A card may name another price for Firebolt: the card's is paid.
	fb, err := ParseCards("Hedge witch · Skill 2 · Hits 1 · Firebolt M5 R8 · price of failure: 1 Skill", "x")
	if err != nil || fb[0].PriceOf("Firebolt") != "1 Skill" {
		t.Fatalf("Firebolt priced by the card: %+v, %v", fb, err)
	}
	// The recruit prompt's items and --spell take the same words.
	d := &CardDraft{}
	for _, it := range []string{"Sparks", "price of failure: 1 Hit"} {
		must(t, readItem(d, it, false))
	}
	must(t, d.AddSpellLine("Ward R4 · price of failure: lose 1 Skill"))
	if got := []SpellPrice{{"Sparks", "1 Hit"}, {"Ward", "lose 1 Skill"}}; !reflect.DeepEqual(d.Prices, got) {
		t.Fatalf("prices %+v, want %+v", d.Prices, got)
	}
	for _, tc := range []struct{ text, want string }{
		{"A · Skill 3 · Hits 1 · Sword M2 R1 · price of failure: 1 Hit", "belongs to a spell"},
		{"A · Skill 3 · Hits 1 · Sparks · price of failure: 1 Hit · price of failure: 1 Skill", "named twice"},
		{"A · Skill 3 · Hits 1 · Sparks · price of failure:", "no price"},
	} {
		if _, err := ParseCards(tc.text, "s"); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: got %v, want %q", tc.text, err, tc.want)
		}
	}
}

// The shipped Hunters keep their JSON: Wyn's Firebolt line names the
// seed's own price.
func TestHuntersFireboltPriceIsTheSeeds(t *testing.T) {
	b, err := os.ReadFile("../../samples/kingsown/hunters.cards")
	must(t, err)
	cards, err := ParseCards(string(b), "")
	must(t, err)
	for _, c := range cards {
		if c.Prices != nil {
			t.Errorf("%s keeps prices %+v", c.Name, c.Prices)
		}
	}
}

func TestPriceAfterADashIsKeptAndPaid(t *testing.T) {
	// seed 003 line 41: "Firebolt M5 R8 — locked out of Spells for the next
	// turn on a failed cast" writes a price after an em dash; RULINGS (King's
	// Own, 2026-12-01): "the text after "—" ... is the price. A price is kept
	// and paid ... it is never dropped. The same holds for `--spell`".
	cards, err := ParseCards(`Wyn · Side hunters
Skill 3 · Hits 2
Sword M2 R1
Ward R4 — price of failure: lose 1 Hit
Sparks M2 R6 Sweep — the familiar flees
Firebolt M5 R8 — locked out of Spells for the next turn on a failed cast
Rally R2 — one friendly figure other than the caster, Skill 1 or more, recovers 1 lost Skill`, "")
	must(t, err)
	c := cards[0]
	for spell, want := range map[string]string{"Ward": "lose 1 Hit", "Sparks": "the familiar flees",
		"Firebolt": "no spells next turn", "Rally": ""} {
		if got := c.PriceOf(spell); got != want {
			t.Errorf("%s costs %q, want %q", spell, got, want)
		}
	}
	d := &CardDraft{}
	must(t, d.AddSpellLine("Ward R4 — price of failure: lose 1 Hit"))
	if want := []SpellPrice{{"Ward", "lose 1 Hit"}}; !reflect.DeepEqual(d.Prices, want) {
		t.Fatalf("--spell kept %+v, want %+v", d.Prices, want)
	}
	// The failed cast pays it.
	s := attackPhase(t, c, grok())
	ko(t, s).Do(Cast{Caster: "Wyn", Spell: "Ward"}, 5)
	if w := fig(t, s, "Wyn"); w.Hits != 1 {
		t.Errorf("Wyn has %d Hits after a failed Ward priced a Hit, want 1", w.Hits)
	}
}

// A number on a typed card beyond MaxStat is a slip of the keyboard and is
// refused with its line, the number as typed, and what would do (once a
// card file's 99999999999999999999 was stored as the largest int and the
// campaign could not be read again); a recorded card is held to the rules
// only, which set no upper bound.
func TestTypedCardNumbersAreBounded(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"Bors\nSkill 3 · Move 4 · Res 1 · Hits 99999999999999999999\nSword M2 R1\n", "line 2 (card Bors): Hits 99999999999999999999 is more than any card holds; give 99 at most"},
		{"Bors\n3 · 4 · 1 · 99999999999999999999\nSword M2 R1\n", "Hits 99999999999999999999 is more than any card holds"},
		{"Bors\nSkill 3 · Move 4 · Res 1 · Hits 150\nSword M2 R1\n", "Hits 150 is more than any card holds; give 99 at most"},
		{"Bors\nSkill 3 · Move 4 · Res 1 · Hits 2\nSword M200 R1\n", "weapon Sword has Might 200, Reach 1; give 99 at most for each"},
	} {
		_, err := ParseCards(c.text, "hunters")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v; want %q", c.text, err, c.want)
		}
	}
	cards, err := ParseCards("Bors\nSkill 3 · Move 4 · Res 1 · Hits 99\nSword M99 R99\n", "hunters")
	if err != nil || cards[0].Hits != 99 {
		t.Fatalf("a card at the bound: %v, %v", cards, err)
	}
	big := cards[0]
	big.Hits = 150
	if err := validCard(big); err != nil {
		t.Errorf("a recorded card of Hits 150 is refused by the rules: %v", err)
	}
}
