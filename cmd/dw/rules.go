package dw

import (
	"fmt"
	"strings"

	"warlog/cmd/cmdutil"
	"warlog/engines/deadwars"
	"warlog/internal/words"
)

// catalogues are Deadwars' rules as `warlog rules dw` shows them: the
// numbers come from the engine's tables, the summaries are ours (seed 001).
func catalogues() []cmdutil.Catalogue {
	return []cmdutil.Catalogue{turn(), combat(), clans(), ranks(), classes(), spells(), scenarios()}
}

// clanTemper says in a few words what a clan's faces favour.
var clanTemper = map[string]string{
	deadwars.Imhotep:   "two Defend faces: the steadiest line",
	deadwars.Dracula:   "three Attack faces: the hardest hitters",
	deadwars.DavyJones: "two Dash faces: the quickest to close in",
}

func clans() cmdutil.Catalogue {
	header := []string{"clan"}
	for f := 1; f <= 6; f++ {
		header = append(header, fmt.Sprint(f))
	}
	header = append(header, "in short")
	var rows [][]string
	for _, c := range deadwars.Clans {
		row := []string{deadwars.ClanTitle(c)}
		for f := 1; f <= 6; f++ {
			row = append(row, deadwars.FaceAction(c, f))
		}
		rows = append(rows, append(row, clanTemper[c]))
	}
	return cmdutil.Catalogue{Topic: "clans", Short: "the three clans and the action each die face gives them",
		Intro: []string{
			"A force is one clan. Each turn its player rolls one action die per Soldier, two per Guard, three per Hero, and spends them.",
			"Whatever its face, a die can move a figure 2\"; two dice showing the same face can be traded for one die of any face. Magic dice wait in a pool between turns.",
		},
		Header: header, Keys: []string{"clan", "face_1", "face_2", "face_3", "face_4", "face_5", "face_6", "summary"}, Rows: rows}
}

func ranks() cmdutil.Catalogue {
	var rows [][]string
	for _, r := range deadwars.Ranks {
		v := deadwars.RankValue(r)
		rows = append(rows, []string{title(r), words.Count(v, "point", "points"), fmt.Sprint(v), fmt.Sprint(v), words.Count(v, "die", "dice"), fmt.Sprint(deadwars.KillPoints(r, false))})
	}
	hero := deadwars.RankValue(deadwars.Hero)
	rows = append(rows, []string{"Champion", "free", fmt.Sprint(hero), fmt.Sprint(hero), words.Count(hero, "die", "dice"), fmt.Sprint(deadwars.KillPoints(deadwars.Hero, true))})
	return cmdutil.Catalogue{Topic: "ranks", Short: "Soldier, Guard, Hero and the Champion: cost, wounds, attacks, dice",
		Intro:  []string{fmt.Sprintf("Every force has a Champion, a Hero of any class, for nothing, and %s for the rest.", words.Count(deadwars.PointsLimit, "point", "points"))},
		Header: []string{"rank", "cost", "wounds", "attacks a turn", "action dice", "kill points"}, Rows: rows}
}

// classNote is what sets a class apart, in our words.
var classNote = map[string]string{
	deadwars.Fighter:    "fights in contact and shrugs off hits best",
	deadwars.Berserker:  "in contact, hits almost every time, guards itself less",
	deadwars.Skirmisher: "strikes from a short way off",
	deadwars.Shooter:    "shoots from far, but hits and saves poorly",
	deadwars.Wizard:     "casts spells from the magic pool; its own attacks rarely land",
}

func classes() cmdutil.Catalogue {
	var rows [][]string
	for _, c := range deadwars.Classes {
		s := deadwars.Class(c)
		rows = append(rows, []string{title(c), fmt.Sprintf("%d\"", s.Range), fmt.Sprintf("%d+", s.Hit), fmt.Sprintf("%d+", s.Save), classNote[c]})
	}
	return cmdutil.Catalogue{Topic: "classes", Short: "the five classes: range, the roll to hit, the save",
		Intro: []string{
			"A roll of 6 to hit costs the target 1 on its save; a 1 always fails and a 6 always succeeds, whatever the modifiers.",
			"Several attack dice may make one attack: one die is rolled, +1 to hit for each die added. An enemy in contact must take all of a figure's attacks.",
		},
		Header: []string{"class", "range", "hit", "save", "in short"}, Rows: rows}
}

// spellNote is what a spell does, in our words.
var spellNote = map[string]string{
	deadwars.Bolt:  "an enemy within 6\" is hit on 4 or more and saves only on a 6, whatever its class",
	deadwars.Curse: "an enemy within 6\" loses 1 wound, no roll",
	deadwars.Heal:  "a friend within 6\" gets 1 lost wound back",
	deadwars.Boost: "move any figure, friend or enemy, 3\"",
}

func spells() cmdutil.Catalogue {
	var rows [][]string
	for _, s := range []string{deadwars.Bolt, deadwars.Curse, deadwars.Heal, deadwars.Boost} {
		rows = append(rows, []string{title(s), words.Count(deadwars.SpellCost(s), "magic die", "magic dice"), spellNote[s]})
	}
	return cmdutil.Catalogue{Topic: "spells", Short: "the four spells the Champion and Wizards cast, and their cost",
		Intro:  []string{"A 6 rolled for actions goes to the magic pool, the one thing kept from turn to turn; a spell is paid from it and takes effect at once."},
		Header: []string{"spell", "cost", "effect"}, Rows: rows}
}

// scenarioNote is each brief's set-up and aim, in our words.
var scenarioNote = map[string][2]string{
	deadwars.SoulCollectors: {"within 3\" of an edge, 12\" from the enemy", fmt.Sprintf("%d Souls drift about the centre (D6\" after every turn); a hit in base contact collects one. The most Souls, once all are taken, win", deadwars.SoulCount)},
	deadwars.HuntTheHunters: {"within 3\" of an edge, 12\" from the enemy", fmt.Sprintf("%d Human Guards (no Wizards) start in the centre; after both players' turns each moves 4\" at the nearest figure and attacks once. The most Humans killed, once all are dead, win", deadwars.HumanCount)},
	deadwars.DeathShrine:    {"within 6\" of an edge, 12\" from the enemy", fmt.Sprintf("a shrine stands in the centre; after %s each, the most figures within 3\" of it win", words.Count(deadwars.Turns, "turn", "turns"))},
	deadwars.HeadCount:      {"within 6\" of an edge, 12\" from the enemy", fmt.Sprintf("after %s each, the most kill points win: a Soldier 1, a Guard 2, a Hero 3, a Champion 4", words.Count(deadwars.Turns, "turn", "turns"))},
}

func scenarios() cmdutil.Catalogue {
	var rows [][]string
	for _, b := range deadwars.Briefs {
		n := scenarioNote[b]
		rows = append(rows, []string{deadwars.BriefTitle(b), b, n[0], n[1]})
	}
	return cmdutil.Catalogue{Topic: "scenarios", Short: "the four scenarios: set-up and how each is won",
		Intro:  []string{"On a 2'x2' board, the players roll off and deploy a figure each in turn; who finishes deploying first plays first."},
		Header: []string{"scenario", "--brief", "deploy", "how it is won"}, Keys: []string{"scenario", "brief", "deploy", "aim"}, Rows: rows}
}

// title capitalizes a key for people: "skirmisher" -> "Skirmisher".
func title(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
