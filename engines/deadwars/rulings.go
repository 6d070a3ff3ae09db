package deadwars

// The cases the seed and rules/RULINGS.md leave open, as this engine
// decides them. Each is also stated where the code applies it.
//
// Ruling: positions are the table's. Base contact between two figures is
// recorded when the players say so (a move, dash or Boost into or out of
// contact, or contact recorded as the table shows it) and dropped when a
// figure dies; the engine uses it for free attacks, "must attack the enemy
// in contact", the 0" reach of Fighters and Berserkers, and "no attacks
// into a melee".
// Ranges above 0" (6", 12") are the players' to check.
//
// Ruling: contact with the Humans of Hunt the Hunters and with Souls is
// not tracked: the Humans move every turn by the table. An attack on a
// Human is checked for its dice and the attacks per turn, and a figure in
// base contact with an enemy figure must still attack that figure.
//
// Ruling: a player rolls the action dice once per turn and must roll before
// spending dice or ending the turn; a spell may be cast before the roll
// from the magic pool kept since the last turn.
//
// Ruling: a 6 is a die like any other for a 2" move; it is taken from the
// magic pool, where every 6 goes when rolled. A pair of 6s is a double
// while both are still in the magic pool in the turn they were rolled
// (RULINGS); the pool is spent from the 6s kept from earlier turns first,
// so this turn's pair lasts as long as it can. A double changed into a 6
// goes to the magic pool as one of this turn's 6s.
//
// Ruling: free attacks are made as free attacks (Attack.Free), by either
// side, before the figure whose move earned them (the one that entered or
// left contact) moves again, and before the turn ends; the ones not made
// lapse, and so does one whose contact is left (RULINGS 2026-12-01). Leaving
// contact by a move offers every enemy left a free attack on the mover. A
// Boost is a move, whoever's figure it moves (RULINGS): the boosted figure
// gets the free attack on entering contact, the enemies it leaves get
// theirs, and it cannot enter contact again that turn.
//
// Ruling: deployment order follows from the figure counts. The roll-off
// winner places first; placing one each in turn, the first deployer
// finishes first unless it has more figures than the other player.
//
// Ruling: spells are not attacks: they do not count against the caster's
// attacks and ignore base contact. Bolt's save is a natural 6 only, so
// Defend counters do not help, but a saving 6 removes them like any save.
// Heal is refused on an unwounded figure.
//
// Ruling: a Soul attacked from base contact is collected on the attacker's
// hit roll (combined dice +1 each); it is an attack, counted as one.
//
// Ruling: killing a Human counts towards Humans killed, not kill points; a
// Human's kill scores nothing, and the Humans' action line says that no one
// scores the kill points of the figure they killed (RULINGS). Each living Human must be given a target or
// "-"; a Human whose target fell to an earlier Human this round does not
// attack.
//
// Ruling: a force with no figure left ends the battle at once, decided on
// the counts as they stand; in Death Shrine the survivor holds the shrine.
//
// Ruling: the scenario's end closes a battle early: the winner (or draw)
// the players name stands, or without one the counts so far decide (Death
// Shrine needs the players' word, or its count after 6 turns each).
//
// Ruling: forces change only between battles (no recruits for a force on
// the field). Every figure comes back at full wounds for the next battle:
// the seed has no lasting injuries. The campaign keeps each force's
// results and kill points and each figure's battles, kills, kill points,
// Souls, Humans and deaths.
//
// Ruling: a Deadwars battle is always 6 turns each; a start that asks for
// other turns is refused, and one that gives another game's options
// (a board size, Mothers, players) too.
