package engines

// The readers of the types every game's facts and states share (Campaign,
// Outcome) are written once, here, for every game's generated decoders.
//go:generate go run warlog/internal/factgen

// Outcome is how a scenario ended, stated once by the engine when it ends,
// as data: who won (or that it was a draw), how each side or player
// finished, and each figure's fate and what it carries into the campaign.
// The roster, the reports, the chronicle and --json all read it; none of
// them works a result out for itself.
type Outcome struct {
	// Winner is the winning side's or player's name; "" for a draw.
	Winner string `json:"winner"`
	Draw   bool   `json:"draw"`
	// Result names the outcome ("Hunters win: the Nest is Down") and Why
	// explains it in a sentence or two.
	Result string `json:"result"`
	Why    string `json:"why"`
	// Sides are every side or player, in play order.
	Sides []SideResult `json:"sides"`
	// Figures are the fates of the figures that fought (and of the campaign's
	// figures that sat the scenario out).
	Figures []Fate `json:"figures"`
	// Scoring is what made each side's score, a line each ("+3 Seal
	// (mammal): mammal on the Life Purpose"), by the side's name, where the
	// game keeps it; nil elsewhere.
	Scoring map[string][]string `json:"scoring"`
	// Damage names the unit of the figures' Dealt and Taken ("wounds",
	// "Hits", "Life", "harm"); "" where the game counts no damage.
	Damage string `json:"damage"`
	// Campaign is what the scenario carries into the campaign apart from
	// its figures, a line each ("Ann's gang records a win").
	Campaign []string `json:"campaign"`
}

// SideResult is how one side or player finished a scenario.
type SideResult struct {
	Name   string `json:"name"`
	Player string `json:"player"`
	Won    bool   `json:"won"`
	// Score is what the game counts for the side (kill points, points
	// scored; 0 where the game counts nothing), Scored says what it counts.
	Score  int    `json:"score"`
	Scored string `json:"scored"`
}

// Fate is what a scenario did to one figure.
type Fate struct {
	// ID names the figure for as long as the campaign lasts, whatever its
	// name: figures are matched by it, never by their names' text.
	ID   string `json:"id"`
	Name string `json:"name"`
	Side string `json:"side"`
	// Fate is how it ended: one of the status words of its game
	// ("survived", "down", "broken", "withdrawn", "dead", "destroyed",
	// "slain", "sat out", ...).
	Fate string `json:"fate"`
	// Carries is what it takes into the campaign, in a few words
	// ("campaign Skill 3 -> 2"); "" when nothing changes.
	Carries string `json:"carries"`
	// Track is where the figure stands in what the game tracks across the
	// campaign, after the scenario, changed or not ("campaign Skill 3"):
	// read scenario by scenario it is the figure's track. "" where the
	// game tracks nothing for it.
	Track string `json:"track"`
	// Told is the fate as a sentence ("Bors was Broken: campaign Skill
	// 3 -> 2"); "" to say it as its name and what it carries.
	Told string `json:"told"`
	// Removals counts the enemy figures it removed.
	Removals int `json:"removals"`
	// Attacks counts the attacks (and spells) it made, Dealt the damage it
	// did and Taken the damage it suffered, in the Outcome's Damage unit;
	// 0 where the game does not count them.
	Attacks int `json:"attacks"`
	Dealt   int `json:"dealt"`
	Taken   int `json:"taken"`
	// Activations counts its activations, in games that take turns by
	// figure; 0 in the others.
	Activations int `json:"activations"`
}

// Consequences are the outcome's lines about the campaign: one per figure
// whose fate is told or carries something forward ("Bors: campaign Skill
// 3 -> 2"), then the lines beyond the figures (Campaign).
func (o *Outcome) Consequences() []string {
	if o == nil {
		return nil
	}
	var out []string
	for _, f := range o.Figures {
		switch {
		case f.Told != "":
			out = append(out, f.Told)
		case f.Carries != "":
			out = append(out, f.Name+": "+f.Carries)
		}
	}
	return append(out, o.Campaign...)
}

// WinnerName is the winner as the chronicle keeps it: the winning side or
// player, "draw", or "" while the scenario is undecided.
func (o *Outcome) WinnerName() string {
	switch {
	case o == nil:
		return ""
	case o.Draw:
		return "draw"
	}
	return o.Winner
}
