package incarn28

import (
	"testing"
)

// seed line 415 Mulligan: "slay themselves for N ACs"; the ACs are spent
// and the activation ends.
func TestMulligan(t *testing.T) {
	s := fight(t, in("Ax", "Regular", "Medium", fl("Mulligan")), in("Tg", "Regular", "Medium", fl("Brigand")))
	refused(t, s, Slay{Incarn: "Ax", Mulligan: 9}, "Ax has 8 ACs left; slaying itself (Mulligan 9) needs 9 (ACs)")
	refused(t, s, Slay{Incarn: "Ax", Mulligan: -1}, "--mulligan gives the ACs the Mulligan spends, 1 or more (Mulligan)")
	refused(t, s, Slay{Incarn: "Ax", Mulligan: 2, Dagger: true}, "a Mulligan slays itself; leave out --by and --dagger")
	refused(t, s, Slay{Incarn: "Tg", Mulligan: 2}, "Tg is not activating")
	l := do(t, s, Slay{Incarn: "Ax", Mulligan: 3})
	contains(t, l, "Ax spends 3 ACs and slays itself (Mulligan): move 3 incarns anywhere in play.")
	if f := fig(t, s, "Ann/Ax"); f.Status != StatusSlain {
		t.Errorf("Ax is %s, want slain", f.Status)
	}
	if s.Battle.Current != nil || s.Battle.Next != "Ben" {
		t.Errorf("the activation goes on: %+v, next %q", s.Battle.Current, s.Battle.Next)
	}
	s = fight(t, in("Ax", "Regular", "Medium", fl("Brigand")), in("Tg", "Regular", "Medium", fl("Brigand")))
	refused(t, s, Slay{Incarn: "Ax", Mulligan: 2}, "Ax is not a Mulligan")
}

// seed line 197 Cipher: "count as having no Fleshtype" also strips
// Automaton (line 141) and the "when slain" Fleshtypes: Lastborn (line
// 381), Hive (line 347).
func TestCipherStripsEveryFleshtype(t *testing.T) {
	// Automaton near an enemy Cipher is stunned like anyone.
	s := fight(t, in("Ax", "Regular", "Medium", fl("Cipher")), in("Tg", "Regular", "Medium", fl("Automaton")))
	l := do(t, s, Attack{Target: "Tg", Strength: 3, DefFacts: DefFacts{Ciphered: true}}, 3, 2, 6, 2)
	if got := fig(t, s, "Ben/Tg").Status; got != StatusStunned {
		t.Errorf("ciphered Automaton is %s, want stunned: %s", got, l)
	}
	s = fight(t, in("Ax", "Regular", "Medium", fl("Cipher")), in("Tg", "Regular", "Medium", fl("Automaton")))
	l = do(t, s, Attack{Target: "Tg", Strength: 3}, 3, 2, 6, 2)
	if got := fig(t, s, "Ben/Tg").Status; got != StatusActive {
		t.Errorf("Automaton away from the Cipher is %s, want active: %s", got, l)
	}
	contains(t, l, "Tg ignores the stun (Automaton)")
	// Lastborn near a Cipher dies without its D6 (no die asked for).
	s = fight(t, in("Ax", "Regular", "Medium", fl("Cipher")), in("Tg", "Regular", "Medium", fl("Lastborn")))
	do(t, s, Attack{Target: "Tg", Strength: 3, DefFacts: DefFacts{Ciphered: true}}, 6, 6, 6, 2)
	if got := fig(t, s, "Ben/Tg").Status; got != StatusSlain {
		t.Errorf("ciphered Lastborn is %s, want slain", got)
	}
	// Hive near a Cipher leaves no worms.
	s = fight(t, in("Ax", "Regular", "Medium", fl("Cipher")), in("Tg", "Regular", "Medium", fl("Hive")))
	do(t, s, Attack{Target: "Tg", Strength: 3, DefFacts: DefFacts{Ciphered: true}}, 6, 6, 6, 2)
	if len(s.Battle.Figures) != 2 {
		t.Errorf("%d figures: a ciphered Hive still spawned worms", len(s.Battle.Figures))
	}
	// A table-recorded stun of a ciphered Automaton, and a refusal when no
	// enemy Cipher is in play.
	s = fight(t, in("Ax", "Regular", "Medium", fl("Cipher")), in("Tg", "Regular", "Medium", fl("Automaton")))
	do(t, s, Stun{Incarn: "Tg", Ciphered: true})
	if got := fig(t, s, "Ben/Tg").Status; got != StatusStunned {
		t.Errorf("recorded stun of a ciphered Automaton: %s", got)
	}
	refused(t, s, Stun{Incarn: "Ax", Ciphered: true}, "--target-ciphered was given, but there are no Ciphers hostile to the target in play")
}
