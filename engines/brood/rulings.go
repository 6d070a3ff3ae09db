package brood

// Rulings are the cases the seed and RULINGS.md leave open, as this engine
// decides them (the command line prints them as a catalogue). Each is also
// written where the code applies it, in a comment starting "Ruling:".
//
// Ruling: every entry below.
var Rulings = []Entry{
	{"players", "a game has two players; the first --mother plays first; a round is one turn of each"},
	{"turn start", "in order: +10 Plasmid, +2 per Font and +3 per Proxy, +1 Life with Regenerate, then Poison Carriers bite; each gain is capped at 50 as it comes"},
	{"regenerate", "buying Life past 5 is refused (it would turn Plasmid into less Plasmid); Life past 5 from the Regenerate evolution becomes 1 Plasmid"},
	{"mutation cost", "a mutation costs no Plasmid: reaching 15 (then 30) points pays for it"},
	{"absorbed points", "the winner holds its 3 points until its owner spends them with brood raise, before any Plasmid, wherever it stands; a Font puts them only on defense"},
	{"paths", "every spawn and Mother blocks its squares; a move takes the cheapest path, of those the one leaving the fewest threatened squares, and of those the one after which the next diagonal costs 1; the 1-2-1 count runs over the piece's whole turn: moving twice costs what the joined path costs (a move-2 spawn cannot take two diagonals by moving twice), and it starts again with the piece's next turn"},
	{"impunity", "each enemy spawn strikes a mover at most once per move, when it first leaves a square next to it; Fonts do not strike; a mover that loses dies on the square it was leaving"},
	{"ties", "the defender's choice (--counter or --end) is given with the attack; without it a tie is refused and the same program dice come back; a counter-attack that ties ends the combat; a Font cannot counter, and --counter for a Font defender is refused"},
	{"spore slinger", "ranged at 2 or 3 squares (1-2-1), Mothers included; RULINGS: ranged attacks are never countered, by slingers neither; engaged in melee (its foe or any enemy spawn next to it, whatever its target) the slinger adds nothing (no stat, no bonus) attacking or defending"},
	{"feeding frenzy", "the extra attack is at an adjacent spawn or Mother and must be the very next action (any other action lets it lapse); only kills made attacking (an attack, a counter-attack, an Attack of Impunity, a frenzy attack) earn it, so a chain is possible"},
	{"frenzy and retributive strike", "the killer absorbs its points, then the blast resolves; a Feeding Frenzy spawn that lives through the blast then gets its extra attack; deaths in a blast give no points and no frenzy"},
	{"retributive strike", "spawns within 1 roll in board order (top row first, left to right), each death resolving at once (a blast it sets off goes first); then each Mother within 1 loses 1 Life; the first Mother to reach 0 loses"},
	{"resilient", "a wound (the extra life lost) gives the attacker no points; only the final death sets off a Retributive Strike"},
	{"poison", "a poison death is final: no extra life, no Life-Giving save; the carrier absorbs the 3 points"},
	{"life-giving", "one d6 per death however many Life-Giving allies stand next to it"},
	{"leader", "+2/+2 to adjacent allied spawns, not to itself; several Leaders do not stack; the cap of 10 holds"},
	{"mitosis", "both halves are 3/3/3; the twin is a new spawn (acts next turn, no mutations) on --at X,Y or the first empty adjacent square; the original keeps its mutations"},
	{"plasmid font", "attack and move stay 0 for good, Sphere and Leader bonuses included; defense can rise; a Font cannot move or strike, so it makes no Attacks of Impunity; its Mother may absorb it"},
	{"mother's attack", "once a turn, against enemy spawns in her own Sphere (not the squares by a Font); on a tie nothing happens"},
	{"subversion", "one seed a turn; a tie resists; Proxies cannot be subverted; the spawn keeps its name, acts from its new owner's next turn, and cannot be absorbed by a Mother who did not create it"},
	{"fontification", "the Proxy (attack 5) attacks adjacent targets like a spawn but never moves; its one evolution works for the whole brood, does not count against the Mother's two, may not repeat hers, and is lost with the Proxy; the optional Proxy-becomes-Mother rule is not used"},
	{"levitation", "her centre moves up to 2 a turn (1-2-1, counted over her whole turn as a spawn's); her 3 x 3 must stay on the grid and clear; she provokes no Attacks of Impunity"},
	{"game end", "the game ends the moment a Mother reaches 0 Life; scenario end --winner P records a concession; without a winner nobody wins"},
	{"rounds in the report", "the end-turn that opens a round (income, Regenerate, Poison Carriers' bites) belongs to the round it ended: the report files it there and its poison deaths count there; the new round starts with its next action"},
	{"fates", "in the game's outcome a spawn its Mother absorbed is absorbed, not dead; a subverted spawn's fate says whose it was and who took it"},
	{"names", "spawn names are unique on the board across both players; a name may be given by any unique prefix; a Mother is named by her player"},
}
