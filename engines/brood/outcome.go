package brood

import (
	"fmt"
	"strconv"
	"strings"

	"warlog/engines"
	"warlog/internal/words"
)

// noCarry closes every game's consequences: a Brood campaign keeps only
// the count of games won (RULINGS).
const noCarry = "nothing else carries over to the next game (RULINGS: a Brood campaign counts games won)"

// outcome states how the game on b ended, once, when it ends: the winner
// (the player whose Mother is left standing, or to whom the other
// conceded; none when the players stopped with no winner: Brood Mother
// has no draw), each player with the enemy spawns removed, and every
// piece's fate: each Mother destroyed or standing, with her Life and bank,
// each spawn dead or alive, with the enemy spawns each removed.
//
// IDs: a Mother is her player's ("mother:red") in every game; a spawn's
// name is its own within one game only, so its ID adds the game's number
// in the campaign ("spawn:2:R1"), which two games of one name do not
// share.
func (s *State) outcome(b *Board) *engines.Outcome {
	o := &engines.Outcome{Winner: b.Winner, Result: "no winner", Why: b.Reason + ".", Damage: "Life",
		Sides: make([]engines.SideResult, 0, len(b.Mothers)), Figures: make([]engines.Fate, 0, len(b.Mothers)+len(b.Spawns))}
	if b.Winner != "" {
		o.Result = b.Winner + " wins"
	}
	for _, m := range b.Mothers {
		enemy := b.Enemy(m.Player)
		o.Sides = append(o.Sides, engines.SideResult{Name: m.Player, Player: m.Player, Won: m.Player == b.Winner,
			Score: b.lost(enemy.Player), Scored: "enemy spawns removed"})
	}
	for _, m := range b.Mothers {
		fate := "standing"
		if m.Destroyed {
			fate = "destroyed"
		}
		o.Figures = append(o.Figures, engines.Fate{ID: "mother:" + m.Player, Name: m.Player + "'s Mother", Side: m.Player,
			Fate: fate, Carries: b.motherLine(m), Removals: m.Kills, Attacks: m.Fought, Dealt: m.Dealt, Taken: max(MaxLife-m.Life, 0)})
	}
	game := "spawn:" + strconv.Itoa(b.Number) + ":"
	for _, p := range b.Spawns {
		// RULINGS 2026-12-01 (fates): a spawn its Mother absorbed is
		// "absorbed", not "dead" (seed 004 line 53); a subverted spawn's
		// fate tells whose it was and who took it (line 82).
		fate := "alive"
		switch {
		case p.Absorbed:
			fate = "absorbed"
		case p.Dead:
			fate = "dead"
		}
		o.Figures = append(o.Figures, engines.Fate{ID: game + p.Name, Name: p.Name, Side: p.Owner, Fate: fate, Removals: p.Kills, Attacks: p.Fought,
			Dealt: p.Dealt, Taken: p.Taken, Told: story(p, fate)})
	}
	if b.Winner != "" {
		o.Campaign = append(o.Campaign, fmt.Sprintf("%s: games won in %s mode now %d", b.Winner, s.Campaign.Mode, s.Wins[b.Winner]))
	}
	o.Campaign = append(o.Campaign, noCarry)
	return o
}

// story is a subverted spawn's fate as a sentence ("B1 was blue's; red
// took it with Subversion; alive"), "" for a spawn that never changed
// hands.
func story(p *Piece, fate string) string {
	if len(p.Seized) == 0 {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s was %s", p.Name, words.Possessive(p.Creator))
	for _, by := range p.Seized {
		fmt.Fprintf(&b, "; %s took it with Subversion", by)
	}
	b.WriteString("; " + fate)
	return b.String()
}

// motherLine is what the game did to a Mother: her Life, her bank, her
// spawns left and her evolutions.
func (b *Board) motherLine(m *Mother) string {
	life := fmt.Sprintf("Life %d -> %d", MaxLife, m.Life)
	if m.Destroyed {
		life += " (destroyed)"
	}
	line := fmt.Sprintf("%s; %d Plasmid in the bank; %s left", life, m.Plasmid, words.Count(b.Allies(m.Player), "spawn", "spawns"))
	if len(m.Evolutions) > 0 {
		line += "; evolved " + strings.Join(m.Evolutions, ", ")
	}
	return line
}

// lost counts a player's spawns removed in the game.
func (b *Board) lost(player string) int {
	n := 0
	for _, v := range b.Removed[player] {
		n += v
	}
	return n
}
