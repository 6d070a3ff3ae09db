package kingsown

import (
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"warlog/engines"
	"warlog/engines/dice"
	"warlog/events"
)

// Bors (hunters, Skill 3, Res 1, Hits 2) and Grok (orcs, Skill 2, Res 1,
// Hits 1) are the usual pair; each test changes what it needs.
func bors(mods ...func(*Card)) Card { return card("Bors", "hunters", 3, 1, 2, mods...) }
func grok(mods ...func(*Card)) Card { return card("Grok", "orcs", 2, 1, 1, mods...) }

func TestHitRoll(t *testing.T) {
	// seed 003 line 8: "equal to or under Skill is a hit"
	for _, tc := range []struct {
		roll int
		hit  bool
	}{{1, true}, {3, true}, {4, false}, {6, false}} {
		s := attackPhase(t, bors(), grok())
		dice := []int{tc.roll}
		if tc.hit {
			dice = append(dice, 4, 1)
		}
		d := ko(t, s).Do(Attack{Attacker: "Bors", Targets: []string{"Grok"}}, dice...)
		if got := has(d, TypeMissed); got == tc.hit {
			t.Errorf("roll %d against Skill 3: missed=%v, want hit=%v", tc.roll, got, tc.hit)
		}
	}
}

func TestDamageAndDown(t *testing.T) {
	// seed 003 line 8: "Attacker higher: 1 Hit. Tie or lower: nothing." and "At 0 Hits the figure is Down."
	s := attackPhase(t, bors(), grok(func(c *Card) { c.Hits = 2 }))
	ko(t, s).Do(Attack{Attacker: "Bors", Targets: []string{"Grok"}}, 2, 3, 2) // 3+2 > 2+1
	if g := fig(t, s, "Grok"); g.Hits != 1 || g.Status != StatusActive {
		t.Fatalf("after one damaging hit: hits %d status %s, want 1 active", g.Hits, g.Status)
	}
	// The report's count of what Bors did: one attack, one Hit dealt.
	if b := fig(t, s, "Bors"); b.Made != 1 || b.Dealt != 1 {
		t.Errorf("Bors made %d attacks dealing %d Hits, want 1 and 1", b.Made, b.Dealt)
	}
	s2 := attackPhase(t, bors(), grok())
	d := ko(t, s2).Do(Attack{Attacker: "Bors", Targets: []string{"Grok"}}, 2, 6, 1)
	if g := fig(t, s2, "Grok"); g.Hits != 0 || g.Status != StatusDown || !has(d, TypeDown) {
		t.Fatalf("at 0 Hits: hits %d status %s, want 0 down", g.Hits, g.Status)
	}
	if s2.Battle.removed("orcs") != 1 {
		t.Fatalf("removed orcs = %d, want 1", s2.Battle.removed("orcs"))
	}
}

func TestArmourWinsTies(t *testing.T) {
	// seed 003 line 8: "Armor wins ties."
	s := attackPhase(t, bors(), grok(func(c *Card) { c.Fearless = true }))
	d := ko(t, s).Do(Attack{Attacker: "Bors", Targets: []string{"Grok"}}, 1, 2, 3) // 2+2 = 3+1
	if g := fig(t, s, "Grok"); g.Hits != 1 || has(d, TypeHitLost) {
		t.Fatalf("a tie took a Hit: hits %d", g.Hits)
	}
}

func TestSuppression(t *testing.T) {
	// seed 003 line 9: "only if the attack's Might is at least the target's Res"
	for _, tc := range []struct {
		res       int
		wantSkill int
	}{{1, 1}, {2, 1}, {3, 2}} {
		s := attackPhase(t, bors(), grok(func(c *Card) { c.Res = tc.res }))
		ko(t, s).Do(Attack{Attacker: "Bors", Targets: []string{"Grok"}}, 1, 1, 6)
		if g := fig(t, s, "Grok"); g.Skill != tc.wantSkill {
			t.Errorf("M2 against Res %d: Skill %d, want %d", tc.res, g.Skill, tc.wantSkill)
		}
	}
}

func TestBroken(t *testing.T) {
	// seed 003 line 9: "At Skill 0 the figure is Broken: removed, alive."
	s := attackPhase(t, bors(), grok(func(c *Card) { c.Skill = 1 }))
	d := ko(t, s).Do(Attack{Attacker: "Bors", Targets: []string{"Grok"}}, 3, 1, 6)
	g := fig(t, s, "Grok")
	if g.Skill != 0 || g.Status != StatusBroken || !has(d, TypeBroken) {
		t.Fatalf("Skill %d status %s, want 0 broken", g.Skill, g.Status)
	}
	if fig(t, s, "Bors").Removals != 1 {
		t.Fatalf("Bors scored %d removals, want 1", fig(t, s, "Bors").Removals)
	}
}

func TestFearless(t *testing.T) {
	// seed 003 line 15: "Fearless — cannot be suppressed."
	s := attackPhase(t, bors(), grok(func(c *Card) { c.Fearless = true }))
	d := ko(t, s).Do(Attack{Attacker: "Bors", Targets: []string{"Grok"}}, 1, 1, 6)
	if g := fig(t, s, "Grok"); g.Skill != 2 || has(d, TypeSkillLost) {
		t.Fatalf("Fearless lost Skill: %d", g.Skill)
	}
}

func TestRearAttackSkipsHitRoll(t *testing.T) {
	// seed 003 line 8: "An attack from the rear skips the Skill roll."
	s := attackPhase(t, bors(func(c *Card) { c.Skill = 1 }), grok())
	d := ko(t, s).Do(Attack{Attacker: "Bors", Targets: []string{"Grok"}, Rear: true}, 6, 1)
	if !has(d, TypeDown) {
		t.Fatalf("rear attack with damage 6+2 against 1+1 did not take Grok Down: %v", types(d))
	}
}

func TestNoRear(t *testing.T) {
	// seed 003 line 17: "No Rear — cannot be attacked from the rear."
	s := attackPhase(t, bors(), grok(func(c *Card) { c.NoRear = true }))
	ko(t, s).Refuse("NoRear", Attack{Attacker: "Bors", Targets: []string{"Grok"}, Rear: true}, 6, 1)
	ko(t, s).Do(Attack{Attacker: "Bors", Targets: []string{"Grok"}}, 1, 6, 1)
}

func TestShield(t *testing.T) {
	// seed 003 line 30: "the first hit against you each turn from the front is stopped"
	shield := func(c *Card) { c.Shield, c.Hits = true, 3 }
	edda := card("Edda", "hunters", 3, 2, 2)
	s := attackPhase(t, bors(), edda, grok(shield))
	d := ko(t, s).Do(Attack{Attacker: "Bors", Targets: []string{"Grok"}}, 2)
	if !has(d, TypeShieldUsed) || has(d, TypeHitLost) || fig(t, s, "Grok").Skill != 2 {
		t.Fatalf("first front hit not stopped (no Suppression either): %v", types(d))
	}
	d = ko(t, s).Do(Attack{Attacker: "Edda", Targets: []string{"Grok"}}, 2, 6, 1)
	if !has(d, TypeHitLost) {
		t.Fatalf("second front hit was stopped too: %v", types(d))
	}
	// "unless the attacker's weapon is M3 or greater"
	s = attackPhase(t, bors(weapon("Halberd", 3, false)), grok(shield))
	d = ko(t, s).Do(Attack{Attacker: "Bors", Targets: []string{"Grok"}}, 2, 6, 1)
	if !has(d, TypeHitLost) {
		t.Fatalf("M3 was stopped by a shield: %v", types(d))
	}
	// Rulings: rear hits never use it up.
	s = attackPhase(t, bors(), edda, grok(shield))
	ko(t, s).Do(Attack{Attacker: "Bors", Targets: []string{"Grok"}, Rear: true}, 6, 1)
	d = ko(t, s).Do(Attack{Attacker: "Edda", Targets: []string{"Grok"}}, 2)
	if !has(d, TypeShieldUsed) || has(d, TypeHitLost) {
		t.Fatalf("a rear hit used up the shield: %v", types(d))
	}
}

func TestDurable(t *testing.T) {
	// seed 003 line 20: "weapons of Might n or less cannot damage it at all"
	durable := func(c *Card) { c.Durable, c.Hits = 1, 2 }
	s := attackPhase(t, bors(weapon("Knife", 1, false)), grok(durable))
	d := ko(t, s).Do(Attack{Attacker: "Bors", Targets: []string{"Grok"}}, 2) // no damage dice
	g := fig(t, s, "Grok")
	if g.Hits != 2 || !has(d, TypeHitResisted) {
		t.Fatalf("Durable 1 against M1: hits %d, %v", g.Hits, types(d))
	}
	// Rulings step 3: it still counts as a hit that fails to damage (M1 >= Res 1).
	if g.Skill != 1 {
		t.Fatalf("Durable hit did not suppress: Skill %d, want 1", g.Skill)
	}
	s = attackPhase(t, bors(), grok(durable))
	ko(t, s).Do(Attack{Attacker: "Bors", Targets: []string{"Grok"}}, 2, 6, 1)
	if fig(t, s, "Grok").Hits != 1 {
		t.Fatalf("M2 against Durable 1 made no damage roll")
	}
}

func TestMulti(t *testing.T) {
	// seed 003 line 21: "Multi m — may make up to m attacks per turn"
	s := attackPhase(t, bors(), grok(func(c *Card) { c.Hits = 5 }))
	ko(t, s).Do(Attack{Attacker: "Bors", Targets: []string{"Grok"}}, 6)
	ko(t, s).Refuse("Multi", Attack{Attacker: "Bors", Targets: []string{"Grok"}}, 6)
	s = attackPhase(t, bors(func(c *Card) { c.Multi = 2 }), grok(func(c *Card) { c.Hits = 5 }))
	ko(t, s).Do(Attack{Attacker: "Bors", Targets: []string{"Grok"}}, 6)
	ko(t, s).Do(Attack{Attacker: "Bors", Targets: []string{"Grok"}}, 6)
	ko(t, s).Refuse("Multi", Attack{Attacker: "Bors", Targets: []string{"Grok"}}, 6)
}

func TestSweep(t *testing.T) {
	// seed 003 line 16: "Sweep — one attack strikes every figure ... Friend and foe. Roll separately for each."
	ulf := card("Ulf", "hunters", 3, 1, 2, weapon("Greatsword", 3, true))
	s := attackPhase(t, ulf, bors(), grok(), card("Grak", "orcs", 2, 1, 1))
	d := ko(t, s).Do(Attack{Attacker: "Ulf", Targets: []string{"Grok", "Bors", "Grak"}}, 1, 6, 1, 1, 6, 1, 4)
	if fig(t, s, "Grok").Status != StatusDown || fig(t, s, "Bors").Hits != 1 || fig(t, s, "Grak").Status != StatusActive {
		t.Fatalf("sweep results wrong: %v", types(d))
	}
	if fig(t, s, "Ulf").Attacks != 1 {
		t.Fatalf("a sweep counted %d attacks, want 1", fig(t, s, "Ulf").Attacks)
	}
	// Without Sweep one attack strikes one target.
	s = attackPhase(t, bors(), grok(), card("Grak", "orcs", 2, 1, 1))
	ko(t, s).Refuse("Sweep", Attack{Attacker: "Bors", Targets: []string{"Grok", "Grak"}}, 1, 6, 1, 1, 6, 1)
}

func TestFrenzy(t *testing.T) {
	// seed 003 line 7: "its full Move and not"; line 18: "Frenzy — may move its full Move and attack."
	s := fight(t, bors(), grok())
	ko(t, s).Do(Move{Figure: "Bors", Move: "full"})
	ko(t, s).Do(Next{})
	ko(t, s).Refuse("Frenzy", Attack{Attacker: "Bors", Targets: []string{"Grok"}}, 1, 6, 1)
	s = fight(t, bors(func(c *Card) { c.Frenzy = true }), grok())
	ko(t, s).Do(Move{Figure: "Bors", Move: "full"})
	ko(t, s).Do(Next{})
	ko(t, s).Do(Attack{Attacker: "Bors", Targets: []string{"Grok"}}, 1, 6, 1)
}

func TestHalfMoveMayAttack(t *testing.T) {
	// seed 003 line 7: "up to half its Move and attack"
	s := fight(t, bors(), grok())
	ko(t, s).Do(Move{Figure: "Bors", Move: "half", Facing: "rear"})
	ko(t, s).Do(Next{})
	if f := fig(t, s, "Bors"); f.Facing != "rear" || f.Moved != "half" {
		t.Fatalf("move not recorded: %+v", f)
	}
	ko(t, s).Do(Attack{Attacker: "Bors", Targets: []string{"Grok"}}, 1, 6, 1)
}

func TestPonderous(t *testing.T) {
	// seed 003 line 22: "Ponderous — may not move and attack in the same turn."
	pond := func(c *Card) { c.Ponderous = true }
	s := fight(t, bors(pond), grok())
	ko(t, s).Do(Move{Figure: "Bors", Move: "half"})
	ko(t, s).Do(Next{})
	ko(t, s).Refuse("Ponderous", Attack{Attacker: "Bors", Targets: []string{"Grok"}}, 1, 6, 1)
	s = fight(t, bors(pond), grok())
	ko(t, s).Do(Move{Figure: "Bors", Move: "stay"})
	ko(t, s).Do(Next{})
	ko(t, s).Do(Attack{Attacker: "Bors", Targets: []string{"Grok"}}, 1, 6, 1)
}

func TestRoughGround(t *testing.T) {
	// seed 003 line 12: "failure stops you at the edge, spends the move, and the figure does not attack that turn"
	s := fight(t, bors(), grok())
	d := ko(t, s).Do(Move{Figure: "Bors", Move: "half", Rough: true}, 4)
	if !fig(t, s, "Bors").NoAttack || len(types(d)) != 2 {
		t.Fatalf("a failed rough roll (4 against Skill 3) did not stop Bors: %v", types(d))
	}
	ko(t, s).Do(Next{})
	ko(t, s).Refuse("RoughGround", Attack{Attacker: "Bors", Targets: []string{"Grok"}}, 1, 6, 1)
	// A success lets it attack.
	s = fight(t, bors(), grok())
	ko(t, s).Do(Move{Figure: "Bors", Move: "half", Rough: true}, 3)
	ko(t, s).Do(Next{})
	ko(t, s).Do(Attack{Attacker: "Bors", Targets: []string{"Grok"}}, 1, 6, 1)
}

func TestSureFooted(t *testing.T) {
	// seed 003 line 19: "Sure-Footed — no Skill roll for rubble, water"
	s := fight(t, bors(func(c *Card) { c.SureFooted = true }), grok())
	d := ko(t, s).Do(Move{Figure: "Bors", Move: "half", Rough: true}) // no dice
	if slices.Contains(types(d), dice.Type) {
		t.Fatalf("Sure-Footed rolled for rough ground")
	}
	_, err := ko(t, fight(t, bors(func(c *Card) { c.SureFooted = true }), grok())).Try(Move{Figure: "Bors", Move: "half", Rough: true}, 3)
	if !errors.Is(err, dice.ErrTooMany) {
		t.Fatalf("a die given to a Sure-Footed move: %v, want too many dice", err)
	}
}

func TestWithdraw(t *testing.T) {
	// seed 003 line 10: "A figure that reaches a table edge on its own move may leave. It is Withdrawn: removed."
	s := fight(t, bors(), grok())
	ko(t, s).Do(Move{Figure: "Bors", Move: "withdraw"})
	if f := fig(t, s, "Bors"); f.Status != StatusWithdrawn || s.Battle.removed("hunters") != 1 {
		t.Fatalf("status %s removed %d", f.Status, s.Battle.removed("hunters"))
	}
}

func TestAlternation(t *testing.T) {
	// seed 003 line 6: "Alternate one figure at a time. When one side has no figures left to move, the other finishes."
	s := fight(t, bors(), card("Edda", "hunters", 3, 2, 2), card("Tam", "hunters", 2, 1, 1), grok())
	ko(t, s).Do(Move{Figure: "Bors", Move: "half"})
	ko(t, s).Refuse("Alternation", Move{Figure: "Edda", Move: "half"})
	ko(t, s).Do(Move{Figure: "Grok", Move: "stay"})
	ko(t, s).Do(Move{Figure: "Edda", Move: "half"})
	ko(t, s).Do(Move{Figure: "Tam", Move: "half"}) // orcs have no one left
	ko(t, s).Refuse("Move", Move{Figure: "Tam", Move: "full"})
	if s.Battle.ToMove != "" {
		t.Fatalf("to move %q after everyone moved", s.Battle.ToMove)
	}
}

func TestMob(t *testing.T) {
	// seed 003 line 23: "Mob — two figures share one move in the alternating sequence."
	mob := func(c *Card) { c.Mob = true }
	s := fight(t, bors(), card("Edda", "hunters", 3, 2, 2), grok(mob), card("Grak", "orcs", 2, 1, 1, mob))
	ko(t, s).Do(Move{Figure: "Bors", Move: "half"})
	ko(t, s).Refuse("Mob", Move{Figure: "Grok", Move: "half"})
	ko(t, s).Do(Move{Figure: "Grok", Move: "half", Pair: "Grak"})
	if fig(t, s, "Grak").Moved != "half" || s.Battle.ToMove != "hunters" {
		t.Fatalf("the pair did not share one move: Grak %q, to move %q", fig(t, s, "Grak").Moved, s.Battle.ToMove)
	}
	s = fight(t, bors(), card("Edda", "hunters", 3, 2, 2), grok(mob), card("Grak", "orcs", 2, 1, 1))
	ko(t, s).Do(Move{Figure: "Bors", Move: "half"})
	ko(t, s).Refuse("Mob", Move{Figure: "Grok", Move: "half", Pair: "Grak"})
}

func TestSkillOrder(t *testing.T) {
	// seed 003 line 6: "in Skill order, highest first"
	s := attackPhase(t, bors(), grok(func(c *Card) { c.Hits = 3 }))
	ko(t, s).Do(Attack{Attacker: "Grok", Targets: []string{"Bors"}}, 6)
	ko(t, s).Refuse("SkillOrder", Attack{Attacker: "Bors", Targets: []string{"Grok"}}, 1, 6, 1)
}

func TestEqualSkillStrikesTogether(t *testing.T) {
	// seed 003 line 6: "Figures of equal Skill strike together and resolve results as if they occurred simultaneously."
	s := attackPhase(t, card("Tam", "hunters", 2, 1, 1), grok())
	ko(t, s).Do(Attack{Attacker: "Tam", Targets: []string{"Grok"}}, 1, 6, 1)
	if fig(t, s, "Grok").Status != StatusDown {
		t.Fatal("Grok not Down")
	}
	d := ko(t, s).Do(Attack{Attacker: "Grok", Targets: []string{"Tam"}}, 1, 6, 1)
	if !has(d, TypeDown) {
		t.Fatalf("Grok, Down in its own step, did not strike back: %v", types(d))
	}
}

func TestRemovedBeforeItsSkill(t *testing.T) {
	// seed 003 line 6: "A figure removed before its Skill comes up does not attack."
	s := attackPhase(t, bors(), grok())
	ko(t, s).Do(Attack{Attacker: "Bors", Targets: []string{"Grok"}}, 1, 6, 1)
	ko(t, s).Refuse("Removed", Attack{Attacker: "Grok", Targets: []string{"Bors"}}, 1, 6, 1)
}

func TestInitiative(t *testing.T) {
	// Rulings: "ties are rolled again"; "the higher side chooses who moves first (record the choice)"
	s := newGame(t, bors(), grok())
	ko(t, s).Do(engines.StartScenario{Name: "Skirmish"})
	d := ko(t, s).Do(Initiative{First: "hunters"}, 4, 4, 2, 5)
	if s.Battle.First != "hunters" || s.Battle.ToMove != "hunters" {
		t.Fatalf("first %q", s.Battle.First)
	}
	ev := d.Facts()[len(d.Facts())-1].Data.(InitiativeWon)
	if ev.Winner != "orcs" || len(ev.Rolls) != 2 {
		t.Fatalf("winner %q after %v, want orcs after a re-roll", ev.Winner, ev.Rolls)
	}
	if s.Battle.Turns != DefaultTurns {
		t.Fatalf("turn limit %d, want the default %d", s.Battle.Turns, DefaultTurns)
	}
	ko(t, s).Refuse("Phase", Initiative{}, 6, 1)
}

func nestFight(t *testing.T, hunters ...Card) *State {
	t.Helper()
	s := newGame(t, hunters...)
	ko(t, s).Do(engines.StartScenario{Name: "The Nest", Brief: "nest", Turns: 3})
	return s
}

func TestNestSpawn(t *testing.T) {
	// seed 003 line 43: "1–2: an Orc grunt spawns adjacent, and moves and attacks this turn as normal; 3–6: nothing."
	for _, tc := range []struct {
		roll  int
		spawn bool
	}{{1, true}, {2, true}, {3, false}, {6, false}} {
		s := nestFight(t, bors())
		rollOff(t, s, tc.roll, 6, 1)
		g := s.Battle.fig(Ref{NestSide, "Orc grunt 1"})
		if (g != nil) != tc.spawn {
			t.Fatalf("spawn roll %d: grunt %v, want %v", tc.roll, g != nil, tc.spawn)
		}
		if g != nil && (g.Skill != 2 || g.Card.Res != 1 || g.Hits != 1 || g.Card.Weapons[0].Might != 2) {
			t.Fatalf("the grunt is not the rulings' card: %+v", g.Card)
		}
		if g != nil {
			// It moves this turn.
			ko(t, s).Do(Move{Figure: "Bors", Move: "stay"})
			ko(t, s).Do(Move{Figure: "Orc", Move: "half"})
		}
	}
}

func TestNestHitAutomaticallyAndNoSpawnWhenDown(t *testing.T) {
	// seed 003 line 43: "attacks against it hit automatically. The damage roll still happens."
	s := nestFight(t, bors(func(c *Card) { c.Multi = 3; c.Skill = 1 }))
	rollOff(t, s, 5, 6, 1)
	ko(t, s).Do(Next{})
	for i := 0; i < 3; i++ {
		ko(t, s).Do(Attack{Attacker: "Bors", Targets: []string{"Nest"}}, 6, 1) // no hit roll
	}
	n := s.Battle.nest()
	if n.Status != StatusDown {
		t.Fatalf("Nest has %d Hits, status %s", n.Hits, n.Status)
	}
	ko(t, s).Do(Next{})
	// "At the start of every turn it is intact": no spawn roll once Down.
	d := rollOff(t, s, 6, 1)
	if len(types(d)) != 3 {
		t.Fatalf("initiative with the Nest Down: %v", types(d))
	}
}

func TestNestCannotBeSuppressed(t *testing.T) {
	// seed 003 line 43: "Static: no Skill, cannot be suppressed"
	s := nestFight(t, bors(weapon("Knife", 1, false)))
	rollOff(t, s, 5, 6, 1)
	ko(t, s).Do(Next{})
	d := ko(t, s).Do(Attack{Attacker: "Bors", Targets: []string{"Nest"}}) // Durable 1: no dice
	if has(d, TypeSkillLost) || slices.Contains(types(d), dice.Type) || s.Battle.nest().Hits != 3 {
		t.Fatalf("M1 against the Nest: %v", types(d))
	}
	ko(t, s).Refuse("Phase", Move{Figure: "Nest", Move: "stay"})
}

func caster(mods ...func(*Card)) Card {
	return card("Wyn", "hunters", 3, 1, 1, append([]func(*Card){func(c *Card) { c.Spells = slices.Clone(Spells) }}, mods...)...)
}

func TestFirebolt(t *testing.T) {
	// seed 003 line 41: "Firebolt M5 R8 — locked out of Spells for the next turn on a failed cast."
	s := attackPhase(t, caster(), grok(func(c *Card) { c.Res = 3; c.Hits = 2 }))
	d := ko(t, s).Do(Cast{Caster: "Wyn", Spell: "Firebolt", Targets: []string{"Grok"}}, 3, 1, 2) // 1+5 > 2+3
	if fig(t, s, "Grok").Hits != 1 || !has(d, TypeSpellCast) {
		t.Fatalf("Firebolt M5: %v", types(d))
	}
	s = attackPhase(t, caster(), grok())
	ko(t, s).Do(Cast{Caster: "Wyn", Spell: "Firebolt", Targets: []string{"Grok"}}, 4)
	ko(t, s).Do(Next{})
	rollOff(t, s, 6, 1)
	ko(t, s).Do(Next{})
	ko(t, s).Refuse("Firebolt", Cast{Caster: "Wyn", Spell: "Sparks", Targets: []string{"Grok"}}, 1, 6, 1)
	ko(t, s).Do(Attack{Attacker: "Wyn", Targets: []string{"Grok"}}, 6) // a weapon still works
	ko(t, s).Do(Next{})
	rollOff(t, s, 6, 1)
	ko(t, s).Do(Next{})
	ko(t, s).Do(Cast{Caster: "Wyn", Spell: "Firebolt", Targets: []string{"Grok"}}, 4) // turn 3: free again
}

func TestSparks(t *testing.T) {
	// seed 003 line 41: "Sparks M2 R6 Sweep"
	s := attackPhase(t, caster(), grok(), card("Grak", "orcs", 2, 1, 1))
	d := ko(t, s).Do(Cast{Caster: "Wyn", Spell: "Sparks", Targets: []string{"Grok", "Grak"}}, 2, 6, 1, 1, 6)
	if fig(t, s, "Grok").Status != StatusDown || fig(t, s, "Grak").Skill != 1 {
		t.Fatalf("Sparks: %v", types(d))
	}
	if fig(t, s, "Wyn").Attacks != 1 {
		t.Fatalf("a cast counted %d attacks, want 1", fig(t, s, "Wyn").Attacks)
	}
}

func TestWard(t *testing.T) {
	// seed 003 line 41: "Ward R4 — one friendly figure (self included) counts as Res 4 until your next move."
	s := attackPhase(t, caster(), bors(), grok())
	ko(t, s).Do(Cast{Caster: "Wyn", Spell: "Ward", Targets: []string{"Bors"}}, 2)
	if fig(t, s, "Bors").Res() != 4 {
		t.Fatalf("warded Res %d", fig(t, s, "Bors").Res())
	}
	d := ko(t, s).Do(Attack{Attacker: "Grok", Targets: []string{"Bors"}}, 1, 6, 3) // 6+2 against 3+4
	if !has(d, TypeHitLost) {
		t.Fatalf("8 against 7: %v", types(d))
	}
	ko(t, s).Do(Next{})
	if fig(t, s, "Bors").Res() != 1 {
		t.Fatalf("Ward outlasted the turn")
	}
	s = attackPhase(t, caster(), bors(), grok())
	ko(t, s).Do(Cast{Caster: "Wyn", Spell: "Ward", Targets: []string{"Wyn"}}, 2)
	if fig(t, s, "Wyn").Res() != 4 {
		t.Fatal("Ward on self failed")
	}
}

func TestTeleport(t *testing.T) {
	// seed 003 line 41: "Teleport R6 — ... it sets facing."
	s := attackPhase(t, caster(), bors(), grok())
	ko(t, s).Do(Cast{Caster: "Wyn", Spell: "Teleport", Targets: []string{"Bors"}, Facing: "rear"}, 2)
	if fig(t, s, "Bors").Facing != "rear" {
		t.Fatal("Teleport did not set facing")
	}
	ko(t, attackPhase(t, caster(), bors(), grok())).Refuse("Teleport", Cast{Caster: "Wyn", Spell: "Teleport", Targets: []string{"Grok"}}, 2)
}

func TestRally(t *testing.T) {
	// seed 003 line 41: "Rally R2 — one friendly figure other than the caster, Skill 1 or more, recovers 1 lost Skill."
	s := attackPhase(t, caster(), bors(func(c *Card) { c.Skill = 4 }), grok(func(c *Card) { c.Skill = 4; c.Hits = 3 }))
	ko(t, s).Do(Attack{Attacker: "Grok", Targets: []string{"Bors"}}, 1, 1, 6) // Bors 4 -> 3
	if fig(t, s, "Bors").Skill != 3 {
		t.Fatal("set-up: Bors not suppressed")
	}
	ko(t, s).Refuse("Rally", Cast{Caster: "Wyn", Spell: "Rally", Targets: []string{"Wyn"}}, 2)
	ko(t, s).Do(Cast{Caster: "Wyn", Spell: "Rally", Targets: []string{"Bors"}}, 2)
	if fig(t, s, "Bors").Skill != 4 {
		t.Fatalf("Rally: Skill %d, want 4", fig(t, s, "Bors").Skill)
	}
	s = attackPhase(t, caster(func(c *Card) { c.Multi = 2 }), bors(), grok())
	ko(t, s).Refuse("Rally", Cast{Caster: "Wyn", Spell: "Rally", Targets: []string{"Bors"}}, 2) // nothing lost
}

func TestCastRoll(t *testing.T) {
	// seed 003 line 13: "Roll Skill to cast."
	s := attackPhase(t, caster(), bors(), grok())
	d := ko(t, s).Do(Cast{Caster: "Wyn", Spell: "Ward", Targets: []string{"Bors"}}, 4)
	if has(d, TypeWarded) || fig(t, s, "Wyn").Attacks != 1 {
		t.Fatalf("cast roll 4 against Skill 3 worked: %v", types(d))
	}
	ko(t, attackPhase(t, bors(), grok())).Refuse("Magic", Cast{Caster: "Bors", Spell: "Ward", Targets: []string{"Bors"}}, 2)
}

func TestPhases(t *testing.T) {
	s := newGame(t, bors(), grok())
	ko(t, s).Refuse("Scenario", Move{Figure: "Bors", Move: "half"})
	ko(t, s).Do(engines.StartScenario{Name: "Skirmish", Turns: 1})
	ko(t, s).Refuse("Phase", Move{Figure: "Bors", Move: "half"})
	ko(t, s).Refuse("Phase", Next{})
	rollOff(t, s, 6, 1)
	ko(t, s).Refuse("Phase", Attack{Attacker: "Bors", Targets: []string{"Grok"}}, 1, 6, 1)
	ko(t, s).Do(Next{})
	ko(t, s).Refuse("Phase", Move{Figure: "Bors", Move: "half"})
	ko(t, s).Do(Next{})
	if s.Battle.Phase != PhaseOver {
		t.Fatalf("after the last turn: phase %s", s.Battle.Phase)
	}
	ko(t, s).Refuse("TurnLimit", Next{})
	ko(t, s).Refuse("Phase", Initiative{}, 6, 1)
	ko(t, s).Do(engines.EndScenario{})
}

func TestWrongDice(t *testing.T) {
	// Rulings, General: too few or too many values are refused.
	s := attackPhase(t, bors(), grok())
	before := snapshot(t, s)
	if _, err := ko(t, s).Try(Attack{Attacker: "Bors", Targets: []string{"Grok"}}, 2, 6); !errors.Is(err, dice.ErrTooFew) {
		t.Fatalf("two dice for a hit: %v", err)
	}
	if _, err := ko(t, s).Try(Attack{Attacker: "Bors", Targets: []string{"Grok"}}, 2, 6, 1, 1); !errors.Is(err, dice.ErrTooMany) {
		t.Fatalf("four dice for a hit: %v", err)
	}
	if _, err := ko(t, s).Try(Attack{Attacker: "Bors", Targets: []string{"Grok"}}, 7); !errors.Is(err, dice.ErrOutRange) {
		t.Fatalf("a 7 on a d6: %v", err)
	}
	if snapshot(t, s) != before {
		t.Fatal("wrong dice changed the state")
	}
}

func TestAfterTheFight(t *testing.T) {
	// seed 003 line 45: "Down is dead. Broken returns next scenario at Skill −1, and recovers 1 Skill for each scenario it sits out. Withdrawn returns at full Skill."
	s := newGame(t, bors(), card("Edda", "hunters", 3, 1, 1), card("Tam", "hunters", 3, 1, 1), card("Vin", "hunters", 3, 1, 1),
		grok(func(c *Card) { c.Multi = 3; c.Skill = 3; c.Hits = 9 }))
	ko(t, s).Do(engines.StartScenario{Name: "One", Field: []string{"Bors", "Edda", "Tam", "Grok"}})
	rollOff(t, s, 6, 1)
	ko(t, s).Do(Move{Figure: "Tam", Move: "withdraw"})
	ko(t, s).Do(Next{})
	ko(t, s).Do(Attack{Attacker: "Grok", Targets: []string{"Edda"}}, 1, 6, 1) // Down
	ko(t, s).Do(Attack{Attacker: "Grok", Targets: []string{"Bors"}}, 1, 1, 6) // 3 -> 2
	ko(t, s).Do(Attack{Attacker: "Grok", Targets: []string{"Bors"}}, 1, 1, 6) // 2 -> 1
	ko(t, s).Do(Attack{Attacker: "Bors", Targets: []string{"Grok"}}, 1, 1, 6) // Bors strikes on
	ko(t, s).Do(engines.EndScenario{})
	want := map[string][2]any{"Bors": {3, "available"}, "Edda": {3, "dead"}, "Tam": {3, "available"}, "Vin": {3, "available"}}
	for _, m := range s.Members {
		if w, ok := want[m.Card.Name]; ok && (m.Skill != w[0] || m.RosterStatus() != w[1]) {
			t.Errorf("%s: Skill %d %s, want %v %v", m.Card.Name, m.Skill, m.RosterStatus(), w[0], w[1])
		}
	}
	if s.member(Ref{"hunters", "Vin"}).SatOut != 1 || s.member(Ref{"hunters", "Tam"}).Fought != 1 {
		t.Fatal("fights and sat-outs not counted")
	}
	ko(t, s).Refuse("FieldingTheDead", engines.StartScenario{Name: "Two", Field: []string{"Edda", "Grok"}})
}

func TestBrokenLosesCampaignSkill(t *testing.T) {
	// seed 003 line 45: "Broken returns next scenario at Skill −1, and recovers 1 Skill for each scenario it sits out."
	s := newGame(t, card("Tam", "hunters", 1, 1, 1), card("Bors", "hunters", 2, 1, 2), grok())
	ko(t, s).Do(engines.StartScenario{Name: "One"})
	rollOff(t, s, 6, 1)
	ko(t, s).Do(Next{})
	ko(t, s).Do(Attack{Attacker: "Grok", Targets: []string{"Tam"}}, 1, 1, 6)
	ko(t, s).Do(engines.EndScenario{})
	tam := s.member(Ref{"hunters", "Tam"})
	if tam.Skill != 0 || tam.RosterStatus() != "recovering" {
		t.Fatalf("Broken at Skill 1: campaign Skill %d, want 0", tam.Skill)
	}
	ko(t, s).Refuse("Recovery", engines.StartScenario{Name: "Two", Field: []string{"Tam", "Grok"}})
	ko(t, s).Do(engines.StartScenario{Name: "Two"}) // Tam sits out
	if s.Battle.fig(Ref{"hunters", "Tam"}) != nil {
		t.Fatal("Tam at Skill 0 was fielded by default")
	}
	ko(t, s).Do(engines.EndScenario{})
	if tam = s.member(Ref{"hunters", "Tam"}); tam.Skill != 1 || tam.RosterStatus() != "available" {
		t.Fatalf("after sitting out: Skill %d, want 1 (never above the card)", tam.Skill)
	}
}

func TestScenarioRefusals(t *testing.T) {
	s := newGame(t, bors(), grok())
	ko(t, s).Refuse("Brief", engines.StartScenario{Name: "X", Brief: "cave"})
	ko(t, s).Refuse("Sides", engines.StartScenario{Name: "X", Brief: "nest"})
	ko(t, s).Refuse("Sides", engines.StartScenario{Name: "X", Field: []string{"Bors"}})
	ko(t, s).Refuse("Name", engines.StartScenario{Name: "X", Field: []string{"Nobody"}})
	ko(t, s).Refuse("Scenario", engines.EndScenario{})
	ko(t, s).Do(engines.StartScenario{Name: "X"})
	ko(t, s).Refuse("Scenario", engines.StartScenario{Name: "Y"})
	ko(t, s).Refuse("Recruit", Recruit{Cards: []Card{card("Edda", "hunters", 3, 1, 1)}})
	ko(t, s).Refuse("Victory", engines.EndScenario{Winner: "elves"})
}

func TestRecruitRefusals(t *testing.T) {
	s := newGame(t, bors())
	ko(t, s).Refuse("Names", Recruit{Cards: []Card{card("BORS", "Hunters", 3, 1, 1)}})
	ko(t, s).Refuse("Card", Recruit{Cards: []Card{card("Ann", "hunters", 6, 1, 1)}})
	ko(t, s).Refuse("Recruit", Recruit{Cards: []Card{card("Ann", NestSide, 3, 1, 1)}})
	ko(t, s).Do(Recruit{Cards: []Card{card("Ann", "orcs", 3, 1, 1)}}) // same name rule is per side
}

func TestNames(t *testing.T) {
	// Rulings, General: a command may name a figure by any unique prefix.
	s := attackPhase(t, bors(), card("Borin", "hunters", 3, 1, 1), grok())
	ko(t, s).Refuse("Name", Attack{Attacker: "bor", Targets: []string{"Grok"}}, 1, 6, 1)
	ko(t, s).Do(Attack{Attacker: "bors", Targets: []string{"gr"}}, 1, 6, 1)
}

func TestChronicleAndTurner(t *testing.T) {
	s := attackPhase(t, bors(), grok())
	ko(t, s).Do(Attack{Attacker: "Bors", Targets: []string{"Grok"}}, 1, 6, 1)
	if n, turn := s.Now(); n != "Skirmish" || turn != 1 {
		t.Fatalf("Now() = %q %d", n, turn)
	}
	ko(t, s).Do(Next{})
	if _, turn := s.Now(); turn != 1 {
		t.Fatalf("the action that closed turn 1 is filed under turn %d", turn)
	}
	rollOff(t, s, 6, 1)
	if _, turn := s.Now(); turn != 2 {
		t.Fatalf("turn 2's initiative is filed under turn %d", turn)
	}
	ko(t, s).Do(engines.EndScenario{})
	sc := s.Scenarios()
	if len(sc) != 1 || !sc[0].Ended || sc[0].Sides[1].RemovedPerTurn[0] != 1 || len(sc[0].Consequences) != 2 || sc[0].Winner != "hunters" {
		t.Fatalf("chronicle: %+v", sc)
	}
	if n, _ := s.Now(); n != "" {
		t.Fatalf("Now() between fights = %q", n)
	}
}

func TestBriefCards(t *testing.T) {
	// Rulings: the Orc grunt's default card is "editable per campaign".
	s := newGame(t, bors())
	tough := card("Orc brute", "x", 3, 2, 2)
	ko(t, s).Do(SetBriefCard{Role: "grunt", Card: tough})
	ko(t, s).Refuse("Nest", SetBriefCard{Role: "nest", Card: tough})
	ko(t, s).Refuse("Nest", SetBriefCard{Role: "grunt", Card: DefaultNest})
	ko(t, s).Do(engines.StartScenario{Name: "The Nest", Brief: "nest"})
	rollOff(t, s, 1, 6, 1)
	g := fig(t, s, "Orc brute 1")
	if g.Skill != 3 || g.Card.Res != 2 || g.Card.Side != NestSide {
		t.Fatalf("spawned %+v, want the campaign's card", g.Card)
	}
}

func TestCommandsDecodeAsRecorded(t *testing.T) {
	for _, c := range []engines.Command{
		Recruit{Cards: []Card{bors()}}, SetBriefCard{Role: "grunt", Card: DefaultGrunt}, Initiative{First: "nest"}, ChooseFirst{Side: "hunters"},
		Move{Figure: "Bors", Move: "half", Facing: "rear", Rough: true, Leave: true, Pair: "X"}, Next{},
		Attack{Attacker: "Bors", Targets: []string{"A", "B"}, Weapon: "Sword", Rear: true},
		Cast{Caster: "Wyn", Spell: "Teleport", Targets: []string{"Bors"}, Facing: "rear"},
		engines.StartScenario{Name: "N", Brief: "nest", Turns: 3, Field: []string{"Bors"}}, engines.EndScenario{Winner: "hunters"},
	} {
		b, err := json.Marshal(c)
		must(t, err)
		got, err := Engine.DecodeCommand(c.Verb(), b)
		if err != nil || !reflect.DeepEqual(got, c) {
			t.Errorf("%s: decoded %+v (%v), want %+v", c.Verb(), got, err, c)
		}
	}
	if _, err := Engine.DecodeCommand("ko dance", nil); !errors.Is(err, engines.ErrUnknownCommand) {
		t.Errorf("unknown verb: %v", err)
	}
}

func TestFrenzyOverPonderous(t *testing.T) {
	// seed 003 line 14: "Where a grant and a denial meet, the grant wins"
	s := fight(t, bors(func(c *Card) { c.Ponderous, c.Frenzy = true, true }), grok())
	ko(t, s).Do(Move{Figure: "Bors", Move: "full"})
	ko(t, s).Do(Next{})
	ko(t, s).Do(Attack{Attacker: "Bors", Targets: []string{"Grok"}}, 1, 6, 1)
}

func TestWithdrawStoppedByRoughGround(t *testing.T) {
	// seed 003 line 12: failure "stops you at the edge, spends the move"
	s := fight(t, bors(), grok())
	d := ko(t, s).Do(Move{Figure: "Bors", Move: "withdraw", Rough: true}, 5)
	if has(d, TypeWithdrawn) || fig(t, s, "Bors").Status != StatusActive {
		t.Fatalf("a failed rough roll still withdrew: %v", types(d))
	}
}

func TestHalfAnOddMove(t *testing.T) {
	// seed 003 line 7: "A figure may move up to half its Move and attack": half of Move 3 is 1½", not 1".
	for move, want := range map[int]string{3: `1½"`, 4: `2"`, 1: `½"`} {
		s := fight(t, bors(func(c *Card) { c.Move = move }), grok())
		mv := mustChoice(t, s.Choices(), "Move Bors")
		var half string
		for _, q := range mv.Questions {
			if q.Key == "move" {
				for _, p := range q.Options(nil) {
					if p.Value == "half" {
						half = p.Label
					}
				}
			}
		}
		if wantOpt := "half: up to " + want + "; may attack"; half != wantOpt {
			t.Errorf("Move %d: the play menu offers %q, want %q", move, half, wantOpt)
		}
		d := ko(t, s).Do(Move{Figure: "Bors", Move: "half"})
		if got, wantLabel := d.LabelText(), "Bors moves up to half ("+want+"), facing front."; got != wantLabel {
			t.Errorf("Move %d: the action line is %q, want %q", move, got, wantLabel)
		}
	}
}

func TestEndedBetweenTurns(t *testing.T) {
	// seed 003 line 6: "TURN. Two phases. Both players roll 1d6": a turn
	// begins with its roll-off, so a fight ended after turn 2 closed and
	// before turn 3's roll-off lasted two turns.
	s := attackPhase(t, bors(), grok(func(c *Card) { c.Hits = 3 }))
	ko(t, s).Do(Attack{Attacker: "Bors", Targets: []string{"Grok"}}, 1, 6, 1)
	ko(t, s).Do(Next{})
	rollOff(t, s, 6, 1)
	ko(t, s).Do(Next{})
	ko(t, s).Do(Next{}) // turn 2 closes; turn 3 has not begun
	d := ko(t, s).Do(engines.EndScenario{})
	if got := d.LabelText(); !strings.HasPrefix(got, "Skirmish ends after turn 2: ") {
		t.Errorf("label %q, want the fight to end after turn 2", got)
	}
	ended := d.Facts()[0].Data.(ScenarioEnded)
	if ended.Turn != 2 {
		t.Errorf("recorded turn %d, want 2", ended.Turn)
	}
	sc := s.Scenarios()[0]
	if sc.Turn != 2 || len(sc.Sides[0].RemovedPerTurn) != 2 || !strings.Contains(sc.Why, "Ended after turn 2;") {
		t.Errorf("chronicle: turn %d, %d columns, %q; want 2 turns", sc.Turn, len(sc.Sides[0].RemovedPerTurn), sc.Why)
	}

	// A log written before the fix recorded turn 3: its chronicle reads
	// the turns played from the fight itself.
	old := attackPhase(t, bors(), grok())
	ko(t, old).Do(Next{})
	must(t, Engine.Apply(old, TypeScenarioEnded, ScenarioEnded{Name: "Skirmish", Turn: 2, Removed: map[string]int{"hunters": 0, "orcs": 0},
		Winner: "draw", Result: "a draw on removals (hunters lost 0, orcs 0)"}))
	if sc := old.Scenarios()[0]; sc.Turn != 1 || len(sc.Sides[0].RemovedPerTurn) != 1 || !strings.Contains(sc.Why, "Ended after turn 1;") {
		t.Errorf("an old log's chronicle: turn %d, %d columns, %q; want 1 turn", sc.Turn, len(sc.Sides[0].RemovedPerTurn), sc.Why)
	}

	// Ended before the first roll-off: no turn was played.
	none := newGame(t, bors(), grok())
	ko(t, none).Do(engines.StartScenario{Name: "Skirmish"})
	d = ko(t, none).Do(engines.EndScenario{})
	if got := d.LabelText(); !strings.HasPrefix(got, "Skirmish ends before its first turn: ") {
		t.Errorf("label %q, want the fight to end before its first turn", got)
	}
	if sc := none.Scenarios()[0]; sc.Turn != 0 || len(sc.Sides[0].RemovedPerTurn) != 0 {
		t.Errorf("chronicle: turn %d, %d columns, want none", sc.Turn, len(sc.Sides[0].RemovedPerTurn))
	}
}

// attacksLeft is the status table's attacks left for each figure.
func attacksLeft(s *State) map[string]int {
	out := map[string]int{}
	for _, r := range s.Status().Figures {
		out[r.String("name")] = r.Get("attacks_left").(int)
	}
	return out
}

func TestStatusAttacksLeftAgreesWithTheRules(t *testing.T) {
	// seed 003 line 7: "its full Move and not"; line 12: a failed rough-ground
	// roll and "the figure does not attack that turn"; line 18: Frenzy; line
	// 22: "Ponderous — may not move and attack in the same turn".
	s := fight(t, bors(), card("Ulf", "hunters", 2, 2, 2, func(c *Card) { c.Frenzy = true }),
		card("Brute", "hunters", 2, 3, 3, func(c *Card) { c.Ponderous = true }), card("Tam", "hunters", 2, 1, 1),
		grok(), card("Grak", "orcs", 1, 1, 1))
	ko(t, s).Do(Move{Figure: "Bors", Move: "full"})
	ko(t, s).Do(Move{Figure: "Grok", Move: "half"})
	ko(t, s).Do(Move{Figure: "Ulf", Move: "full"})
	ko(t, s).Do(Move{Figure: "Grak", Move: "stay"})
	ko(t, s).Do(Move{Figure: "Brute", Move: "half"})
	ko(t, s).Do(Move{Figure: "Tam", Move: "half", Rough: true}, 6) // stopped at the edge
	want := map[string]int{"Bors": 0, "Ulf": 1, "Brute": 0, "Tam": 0, "Grok": 1, "Grak": 1}
	if got := attacksLeft(s); !reflect.DeepEqual(got, want) {
		t.Errorf("after the moves: attacks left %v, want %v", got, want)
	}
	ko(t, s).Do(Next{})
	if got := attacksLeft(s); !reflect.DeepEqual(got, want) {
		t.Errorf("in the attack phase: attacks left %v, want %v", got, want)
	}
	// RULINGS, The King's Own: "Once a lower Skill step has begun, a higher
	// step cannot attack this turn."
	ko(t, s).Do(Attack{Attacker: "Grak", Targets: []string{"Bors"}}, 6)
	want = map[string]int{"Bors": 0, "Ulf": 0, "Brute": 0, "Tam": 0, "Grok": 0, "Grak": 0}
	if got := attacksLeft(s); !reflect.DeepEqual(got, want) {
		t.Errorf("once the Skill 1 step began: attacks left %v, want %v", got, want)
	}
}

func TestAttacksLeftOfALockedOutCasterWithoutWeapon(t *testing.T) {
	// seed 003 line 41: "Firebolt M5 R8 — locked out of Spells for the next
	// turn on a failed cast"; RULINGS (King's Own, 2026-12-01): "A caster
	// locked out of Spells with no weapon has 0 attacks left".
	s := attackPhase(t, caster(func(c *Card) { c.Weapons = nil }), grok())
	ko(t, s).Do(Cast{Caster: "Wyn", Spell: "Firebolt", Targets: []string{"Grok"}}, 4)
	ko(t, s).Do(Next{})
	ko(t, s).Do(Initiative{First: "hunters"}, 6, 1)
	ko(t, s).Do(Next{})
	if got := attacksLeft(s)["Wyn"]; got != 0 {
		t.Errorf("Wyn, locked out and unarmed, has %d attacks left, want 0", got)
	}
	ko(t, s).Refuse("Firebolt", Cast{Caster: "Wyn", Spell: "Sparks", Targets: []string{"Grok"}}, 1, 6, 1)
	// Armed, it may still attack.
	s = attackPhase(t, caster(), grok())
	ko(t, s).Do(Cast{Caster: "Wyn", Spell: "Firebolt", Targets: []string{"Grok"}}, 4)
	ko(t, s).Do(Next{})
	ko(t, s).Do(Initiative{First: "hunters"}, 6, 1)
	ko(t, s).Do(Next{})
	if got := attacksLeft(s)["Wyn"]; got != 1 {
		t.Errorf("Wyn, locked out with a sword, has %d attacks left, want 1", got)
	}
}

func TestNotSuppressedByLowMight(t *testing.T) {
	// seed 003 line 34: "Cannot be suppressed by M2 or less is a stat"; line
	// 9: a hit that fails to damage costs 1 Skill if the Might is at least
	// the Res.
	steady := func(c *Card) { c.NoSuppressBy = 2; c.Hits = 3 }
	s := attackPhase(t, bors(), grok(steady))
	d := ko(t, s).Do(Attack{Attacker: "Bors", Targets: []string{"Grok"}}, 1, 1, 6) // M2: the armour holds
	if g := fig(t, s, "Grok"); g.Skill != 2 || has(d, TypeSkillLost) {
		t.Fatalf("an M2 hit suppressed a figure that cannot be suppressed by M2 or less: Skill %d", g.Skill)
	}
	if !strings.Contains(d.LabelText(), "cannot be suppressed by M2 or less") {
		t.Errorf("label %q does not say why", d.LabelText())
	}
	s = attackPhase(t, bors(weapon("Halberd", 3, false)), grok(steady))
	ko(t, s).Do(Attack{Attacker: "Bors", Targets: []string{"Grok"}}, 1, 1, 6) // M3 suppresses
	if g := fig(t, s, "Grok"); g.Skill != 1 {
		t.Fatalf("an M3 hit did not suppress: Skill %d", g.Skill)
	}
	// Without the stat an M0 hit on Res 0 still suppresses.
	s = attackPhase(t, bors(weapon("Stick", 0, false)), grok(func(c *Card) { c.Res = 0 }))
	ko(t, s).Do(Attack{Attacker: "Bors", Targets: []string{"Grok"}}, 1, 1, 6)
	if g := fig(t, s, "Grok"); g.Skill != 1 {
		t.Fatalf("an M0 hit on Res 0 did not suppress: Skill %d", g.Skill)
	}
}

func TestEqualSkillRollsWithTheSkillTheStepBeganWith(t *testing.T) {
	// RULINGS, The King's Own, attack phase (changed): "within a step every
	// hit roll and cast uses the Skill the figure had when the step began";
	// seed 003 line 6: "Figures of equal Skill strike together and resolve
	// results as if they occurred simultaneously."
	s := attackPhase(t, card("Tam", "hunters", 2, 1, 2), grok(func(c *Card) { c.Hits = 3 }))
	ko(t, s).Do(Attack{Attacker: "Tam", Targets: []string{"Grok"}}, 1, 1, 6) // Grok suppressed to 1
	if fig(t, s, "Grok").Skill != 1 {
		t.Fatal("set-up: Grok not suppressed")
	}
	d := ko(t, s).Do(Attack{Attacker: "Grok", Targets: []string{"Tam"}}, 2, 6, 1)
	if has(d, TypeMissed) || !strings.Contains(d.LabelText(), "rolls 2 against Skill 2, a hit") {
		t.Fatalf("Grok rolled against the Skill it lost in its own step: %q", d.LabelText())
	}

	// Suppressed to 0 in its own step: Broken, yet it strikes with Skill 1.
	s = attackPhase(t, card("Tam", "hunters", 1, 1, 2), grok(func(c *Card) { c.Skill = 1; c.Hits = 3 }))
	ko(t, s).Do(Attack{Attacker: "Tam", Targets: []string{"Grok"}}, 1, 1, 6)
	if g := fig(t, s, "Grok"); g.Status != StatusBroken {
		t.Fatalf("set-up: Grok %s", g.Status)
	}
	d = ko(t, s).Do(Attack{Attacker: "Grok", Targets: []string{"Tam"}}, 1, 6, 1)
	if has(d, TypeMissed) {
		t.Fatalf("Grok, Broken in its own step, rolled against Skill 0: %q", d.LabelText())
	}

	// A cast in the step likewise.
	s = attackPhase(t, caster(), grok(func(c *Card) { c.Skill = 3; c.Hits = 3 }))
	ko(t, s).Do(Attack{Attacker: "Grok", Targets: []string{"Wyn"}}, 1, 1, 6) // Wyn suppressed to 2
	d = ko(t, s).Do(Cast{Caster: "Wyn", Spell: "Ward", Targets: []string{"Wyn"}}, 3)
	if !has(d, TypeWarded) {
		t.Fatalf("Wyn cast against the Skill it lost in its own step: %q", d.LabelText())
	}

	// Suppressed in a higher step, before its own began: it rolls with the
	// Skill it has when its step begins.
	s = attackPhase(t, bors(), grok(func(c *Card) { c.Hits = 3 }))
	ko(t, s).Do(Attack{Attacker: "Bors", Targets: []string{"Grok"}}, 1, 1, 6) // Skill 3 step: Grok to 1
	d = ko(t, s).Do(Attack{Attacker: "Grok", Targets: []string{"Bors"}}, 2)
	if !has(d, TypeMissed) {
		t.Fatalf("Grok rolled 2 against more than the Skill 1 its step began with: %q", d.LabelText())
	}
}

func TestRoughGroundEnteredAndLeft(t *testing.T) {
	// seed 003 line 12: "Rubble and water need a Skill roll to enter and to
	// leave": a move that does both rolls twice, entering first.
	s := fight(t, bors(), grok())
	d := ko(t, s).Do(Move{Figure: "Bors", Move: "half", Rough: true, Leave: true}, 2, 3)
	if f := fig(t, s, "Bors"); f.NoAttack {
		t.Fatalf("two rolls passed, yet Bors was stopped: %v", types(d))
	}
	if got, want := d.LabelText(), `Bors moves up to half (2") into and out of rough ground (rolled 2, then 3, against Skill 3), facing front.`; got != want {
		t.Errorf("label %q, want %q", got, want)
	}
	mv := d.Facts()[len(d.Facts())-1].Data.(Moved)
	if !mv.Rough || !mv.Leave {
		t.Errorf("recorded %+v, want both crossings", mv)
	}
	// The roll to leave fails: stopped at the edge, no attack.
	s = fight(t, bors(), grok())
	d = ko(t, s).Do(Move{Figure: "Bors", Move: "half", Rough: true, Leave: true}, 1, 4)
	if !fig(t, s, "Bors").NoAttack || !strings.Contains(d.LabelText(), "rolls 4 against Skill 3 leaving it: stopped at the edge") {
		t.Fatalf("a failed roll to leave: %q", d.LabelText())
	}
	// The roll to enter fails: stopped there, no roll to leave.
	s = fight(t, bors(), grok())
	if _, err := ko(t, s).Try(Move{Figure: "Bors", Move: "half", Rough: true, Leave: true}, 5, 1); !errors.Is(err, dice.ErrTooMany) {
		t.Fatalf("a second die after a failed roll to enter: %v, want too many dice", err)
	}
	d = ko(t, s).Do(Move{Figure: "Bors", Move: "half", Rough: true, Leave: true}, 5)
	if !fig(t, s, "Bors").NoAttack || !strings.Contains(d.LabelText(), "rolls 5 against Skill 3 entering it: stopped at the edge") {
		t.Fatalf("a failed roll to enter: %q", d.LabelText())
	}
	// Leaving alone is one roll.
	s = fight(t, bors(), grok())
	d = ko(t, s).Do(Move{Figure: "Bors", Move: "full", Leave: true}, 3)
	if got, want := d.LabelText(), `Bors moves its full 4" out of rough ground (rolled 3 against Skill 3), facing front.`; got != want {
		t.Errorf("label %q, want %q", got, want)
	}
	// Sure-Footed rolls for neither.
	s = fight(t, bors(func(c *Card) { c.SureFooted = true }), grok())
	ko(t, s).Do(Move{Figure: "Bors", Move: "half", Rough: true, Leave: true})
	ko(t, fight(t, bors(), grok())).Refuse("RoughGround", Move{Figure: "Bors", Move: "stay", Leave: true})
}

func TestPriceOfFailure(t *testing.T) {
	// seed 003 line 13: "Roll Skill to cast. ... If the card names a price of
	// failure, pay it."
	priced := func(spell, price string) func(*Card) {
		return func(c *Card) { c.Hits = 2; c.Prices = []SpellPrice{{Spell: spell, Price: price}} }
	}
	owed := func(d *engines.Decision) PriceOwed {
		t.Helper()
		for _, f := range d.Facts() {
			if p, ok := f.Data.(PriceOwed); ok {
				return p
			}
		}
		t.Fatalf("no price owed among %v", types(d))
		return PriceOwed{}
	}
	// A lost Hit.
	s := attackPhase(t, caster(priced("Sparks", "lose 1 Hit")), grok())
	d := ko(t, s).Do(Cast{Caster: "Wyn", Spell: "Sparks", Targets: []string{"Grok"}}, 4)
	if p := owed(d); p.Price != "lose 1 Hit" || p.Paid != "hit" || p.Spell != "Sparks" {
		t.Errorf("owed %+v", p)
	}
	if w := fig(t, s, "Wyn"); w.Hits != 1 {
		t.Errorf("Wyn has %d Hits after paying a Hit, want 1", w.Hits)
	}
	if got := d.LabelText(); !strings.Contains(got, "the spell fails; its price of failure, lose 1 Hit: Wyn loses 1 Hit (1 left)") {
		t.Errorf("label %q", got)
	}
	// Two Hits take a Hits 2 caster Down; nobody scores it.
	s = attackPhase(t, caster(priced("Sparks", "2 Hits")), grok())
	d = ko(t, s).Do(Cast{Caster: "Wyn", Spell: "Sparks", Targets: []string{"Grok"}}, 4)
	if w := fig(t, s, "Wyn"); w.Status != StatusDown || fig(t, s, "Grok").Removals != 0 {
		t.Errorf("Wyn %s after paying 2 Hits of 2", w.Status)
	}
	// A lost Skill.
	s = attackPhase(t, caster(priced("Ward", "1 Skill")), grok())
	d = ko(t, s).Do(Cast{Caster: "Wyn", Spell: "Ward"}, 5)
	if w := fig(t, s, "Wyn"); w.Skill != 2 || owed(d).Paid != "skill" {
		t.Errorf("Wyn at Skill %d after paying a Skill, want 2", w.Skill)
	}
	// A lockout on another spell.
	s = attackPhase(t, caster(priced("Ward", "no spells next turn")), grok())
	ko(t, s).Do(Cast{Caster: "Wyn", Spell: "Ward"}, 5)
	ko(t, s).Do(Next{})
	ko(t, s).Do(Initiative{First: "hunters"}, 6, 1)
	if notes := s.Status().Notes; !slices.Contains(notes, "Wyn cannot cast in turn 2 (the price of a failed Ward)") {
		t.Errorf("status notes %q", notes)
	}
	ko(t, s).Do(Next{})
	ko(t, s).Refuse("PriceOfFailure", Cast{Caster: "Wyn", Spell: "Sparks", Targets: []string{"Grok"}}, 1, 6, 1)
	// A price the engine cannot apply is owed to the table.
	s = attackPhase(t, caster(priced("Teleport", "the familiar flees")), grok())
	d = ko(t, s).Do(Cast{Caster: "Wyn", Spell: "Teleport"}, 6)
	if p := owed(d); p.Paid != "" || p.Price != "the familiar flees" {
		t.Errorf("owed %+v, want the table's", p)
	}
	if got := d.LabelText(); !strings.Contains(got, "the spell fails; its price of failure is owed to the table: the familiar flees") {
		t.Errorf("label %q", got)
	}
	// Firebolt's own price, the seed's lockout, is owed and paid.
	s = attackPhase(t, caster(), grok())
	d = ko(t, s).Do(Cast{Caster: "Wyn", Spell: "Firebolt", Targets: []string{"Grok"}}, 4)
	if p := owed(d); p.Paid != "lockout" || !has(d, TypeLockedOut) {
		t.Errorf("Firebolt owed %+v, %v", p, types(d))
	}
	// A spell without a price owes nothing.
	s = attackPhase(t, caster(), grok())
	if d = ko(t, s).Do(Cast{Caster: "Wyn", Spell: "Ward"}, 6); has(d, TypePriceOwed) {
		t.Errorf("a Ward without a price owed one: %v", types(d))
	}
}

func TestRosterShowsPrices(t *testing.T) {
	// seed 003 line 32: "one line per spell with its price of failure".
	s := newGame(t, caster(func(c *Card) { c.Prices = []SpellPrice{{Spell: "Sparks", Price: "lose 1 Hit"}} }), grok())
	for _, r := range s.Roster().Figures {
		got := r.Get("prices")
		switch r.String("name") {
		case "Wyn":
			if want := []string{"Firebolt: no spells next turn", "Sparks: lose 1 Hit"}; !reflect.DeepEqual(got, want) {
				t.Errorf("Wyn's prices %v, want %v", got, want)
			}
		default:
			if got != nil {
				t.Errorf("%s, no caster, has prices %v", r.String("name"), got)
			}
		}
	}
}

func TestInitiativeWinnerChoosesAfterTheRoll(t *testing.T) {
	// seed 003 line 6: "Both players roll 1d6; high chooses who starts
	// moving"; RULINGS: "the higher side chooses who moves first (record the
	// choice)". The winner chooses having seen the dice.
	s := newGame(t, bors(), grok())
	ko(t, s).Do(engines.StartScenario{Name: "Skirmish"})
	d := ko(t, s).Do(Initiative{}, 2, 5)
	if got := d.LabelText(); got != "Turn 1: initiative hunters 2, orcs 5: orcs win and choose who moves first." {
		t.Errorf("label %q", got)
	}
	if b := s.Battle; b.Phase != PhaseChoosing || b.Winner != "orcs" || b.First != "" || b.ToMove != "" {
		t.Fatalf("after the roll: phase %s, winner %q, first %q, to move %q", b.Phase, b.Winner, b.First, b.ToMove)
	}
	st := s.Status()
	if !slices.Equal(st.Next, []string{"ko first"}) || !slices.Contains(st.Notes, "the orcs won the roll-off and choose who moves first") {
		t.Errorf("status next %q, notes %q", st.Next, st.Notes)
	}
	if n, turn := s.Now(); n != "Skirmish" || turn != 1 {
		t.Errorf("Now() = %q %d while the choice is due", n, turn)
	}
	ko(t, s).Refuse("Phase", Move{Figure: "Grok", Move: "half"})
	ko(t, s).Refuse("Initiative", Next{})
	ko(t, s).Refuse("Phase", Initiative{}, 6, 1)
	ko(t, s).Refuse("Initiative", ChooseFirst{Side: "elves"})
	d = ko(t, s).Do(ChooseFirst{Side: "Hunters"})
	if got := d.LabelText(); got != "Turn 1: orcs, winners of the roll-off, send hunters first." {
		t.Errorf("label %q", got)
	}
	if b := s.Battle; b.Phase != PhaseMovement || b.First != "hunters" || b.ToMove != "hunters" || b.Winner != "" {
		t.Fatalf("after the choice: phase %s, first %q, to move %q", b.Phase, b.First, b.ToMove)
	}
	ko(t, s).Refuse("Phase", ChooseFirst{Side: "orcs"})
	ko(t, s).Do(Move{Figure: "Bors", Move: "half"})

	// Given up front, the choice is recorded with the roll, as before.
	s = newGame(t, bors(), grok())
	ko(t, s).Do(engines.StartScenario{Name: "Skirmish"})
	ko(t, s).Do(Initiative{First: "orcs"}, 6, 1)
	if b := s.Battle; b.Phase != PhaseMovement || b.ToMove != "orcs" {
		t.Fatalf("--first up front: phase %s, to move %q", b.Phase, b.ToMove)
	}
	// An older log recorded the winner as first when no choice was given:
	// it replays as it did.
	s = newGame(t, bors(), grok())
	ko(t, s).Do(engines.StartScenario{Name: "Skirmish"})
	ko(t, s).Fold(events.Fact{Type: TypeInitiativeWon, Data: InitiativeWon{Rolls: [][]int{{2, 5}}, Winner: "orcs", First: "orcs"}})
	if b := s.Battle; b.Phase != PhaseMovement || b.First != "orcs" || b.ToMove != "orcs" {
		t.Fatalf("an older log: phase %s, first %q, to move %q", b.Phase, b.First, b.ToMove)
	}
}
