package kingsown

import (
	"strings"
	"testing"

	"warlog/engines"
)

// RULINGS (King's Own, rulings added 2026-12-01): "An M3+ first front hit
// goes through the shield and still uses the shield up for that turn";
// seed 003 line 30: "the first hit against you each turn from the front is
// stopped ... unless the attacker's weapon is M3 or greater".
func TestM3HitUsesTheShieldUp(t *testing.T) {
	shield := func(c *Card) { c.Shield, c.Hits = true, 3 }
	edda := card("Edda", "hunters", 3, 2, 2)
	s := attackPhase(t, bors(weapon("Halberd", 3, false)), edda, grok(shield))
	d := ko(t, s).Do(Attack{Attacker: "Bors", Targets: []string{"Grok"}}, 2, 6, 1)
	if !has(d, TypeShieldUsed) || !has(d, TypeHitLost) {
		t.Fatalf("an M3 first front hit: %v, want the shield used and a Hit lost", types(d))
	}
	// Edda's M2 hit is the second front hit of the turn: no shield left.
	d = ko(t, s).Do(Attack{Attacker: "Edda", Targets: []string{"Grok"}}, 2, 6, 1)
	if has(d, TypeShieldUsed) || !has(d, TypeHitLost) {
		t.Fatalf("the M2 hit after an M3 one: %v, want no shield and a Hit lost", types(d))
	}
}

// RULINGS (King's Own, rulings added 2026-12-01): "A price named on the
// card replaces Firebolt's lockout"; seed 003 line 13: "If the card names a
// price of failure, pay it".
func TestCardPriceReplacesFireboltLockout(t *testing.T) {
	s := attackPhase(t, caster(func(c *Card) { c.Hits = 2; c.Prices = []SpellPrice{{Spell: "Firebolt", Price: "lose 1 Hit"}} }), grok())
	d := ko(t, s).Do(Cast{Caster: "Wyn", Spell: "Firebolt", Targets: []string{"Grok"}}, 4)
	if has(d, TypeLockedOut) {
		t.Errorf("a Firebolt priced a Hit still locked Wyn out: %v", types(d))
	}
	if w := fig(t, s, "Wyn"); w.Hits != 1 {
		t.Errorf("Wyn has %d Hits after a failed Firebolt priced a Hit, want 1", w.Hits)
	}
	ko(t, s).Do(Next{})
	ko(t, s).Do(Initiative{First: "hunters"}, 6, 1)
	ko(t, s).Do(Next{})
	ko(t, s).Do(Cast{Caster: "Wyn", Spell: "Ward"}, 1)
}

// RULINGS (King's Own, rulings added 2026-12-01): "A lockout earned in a
// fight's last turn ends with the fight"; seed 003 line 41: Firebolt locks
// the caster "out of Spells for the next turn on a failed cast".
func TestLastTurnLockoutEndsWithTheFight(t *testing.T) {
	s := newGame(t, caster(), grok())
	ko(t, s).Do(engines.StartScenario{Name: "Short", Turns: 1})
	rollOff(t, s, 6, 1)
	ko(t, s).Do(Next{})
	ko(t, s).Do(Cast{Caster: "Wyn", Spell: "Firebolt", Targets: []string{"Grok"}}, 4)
	ko(t, s).Do(Next{})
	if s.Battle.Phase != PhaseOver {
		t.Fatalf("phase %s after the last turn, want over", s.Battle.Phase)
	}
	for _, n := range s.Status().Notes {
		if strings.Contains(n, "cannot cast") {
			t.Errorf("the ended fight still shows a lockout: %q", n)
		}
	}
	ko(t, s).Do(engines.EndScenario{})
	ko(t, s).Do(engines.StartScenario{Name: "Next", Turns: 1})
	rollOff(t, s, 6, 1)
	ko(t, s).Do(Next{})
	ko(t, s).Do(Cast{Caster: "Wyn", Spell: "Firebolt", Targets: []string{"Grok"}}, 1, 6, 1)
}
