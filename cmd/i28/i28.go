// Package i28 is the command tree of Incarn28: `warlog i28 ...`. It parses
// flags into the engine's commands and prints the catalogue; the rules live
// in engines/incarn28.
package i28

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"warlog/cmd/cmdutil"
	"warlog/engines/incarn28"
	"warlog/internal/words"
)

// game is the name of the game these commands belong to.
const game = "incarn28"

// NewCommand builds `warlog i28`.
func NewCommand(app *cmdutil.App) *cobra.Command {
	c := &cobra.Command{
		Use:   "i28",
		Short: "Incarn28: build gangs, look up Fleshtypes, play games",
		Long: `Incarn28: gangs bought in Bones from skill levels, toughnesses, Fleshtypes
and items; games of rounds where each incarn rolls its ACT-R for ACs.

Build:   warlog i28 gang, recruit, dismiss, check
Look up: warlog i28 fleshtype, item, list
Play:    warlog scenario start NAME (rolls objectives and the twist), then
         warlog i28 round, activate, move, attack, special, end-activation;
         what Fleshtypes add: summon, inseminate, transform, extinguish,
         stone, reflesh, overseer, rift; what the table settles: stun,
         unstun, slay, objective. Or answer prompts: warlog play`,
		Example: `  warlog i28 list fleshtypes stun
  warlog i28 gang Ann --faction sacrosanct
  warlog i28 recruit Ann Grub --skill regular --toughness medium --flesh Butcher,Soldier
  warlog i28 activate Grub --enemy-within-5`,
		Args: cmdutil.NoArgs,
	}
	c.AddCommand(
		newFleshtypeCommand(app), newItemCommand(app), newListCommand(app), newCheckCommand(app),
		newGangCommand(app), newRecruitCommand(app), newDismissCommand(app),
		newOverseerCommand(app), newRoundCommand(app), newActivateCommand(app), newMoveCommand(app),
		newAttackCommand(app), newSpecialCommand(app), newEndCommand(app),
		newStunCommand(app), newUnstunCommand(app), newSlayCommand(app),
		newSummonCommand(app), newInseminateCommand(app), newObjectiveCommand(app),
		newTransformCommand(app), newExtinguishCommand(app), newRiftCommand(app),
		newStoneCommand(app), newRefleshCommand(app),
	)
	return c
}

// ---- catalogue ----

func newFleshtypeCommand(app *cmdutil.App) *cobra.Command {
	return &cobra.Command{
		Use:   "fleshtype NAME",
		Short: "Show a Fleshtype: its number, what it does and how warlog applies it",
		Example: `  warlog i28 fleshtype aberrant
  warlog i28 fleshtype 17`,
		Args: cmdutil.MinArgs(1, "a Fleshtype NAME or number"),
		ValidArgsFunction: func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
			var out []string
			for _, f := range incarn28.Fleshtypes {
				out = append(out, f.Name)
			}
			return out, cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(c *cobra.Command, args []string) error {
			f, err := incarn28.FindFleshtype(strings.Join(args, " "))
			if err != nil {
				return withListHint(err)
			}
			use := fleshtypeUse[f.Name]
			if app.JSON {
				return app.PrintJSON(map[string]any{"n": f.N, "name": f.Name, "kind": f.Kind, "summary": f.Summary, "use": use})
			}
			fmt.Fprintf(app.Out, "%d) %s [%s]\n  %s\n", f.N, f.Name, f.Kind, f.Summary)
			fmt.Fprintf(app.Out, "  %s\n", kindHelp(f.Kind, use))
			return nil
		},
	}
}

func kindHelp(k incarn28.Kind, use string) string {
	switch k {
	case incarn28.KindLog:
		if use != "" {
			return "warlog applies it from the log; command: " + use
		}
		return "warlog applies it from the log by itself."
	case incarn28.KindFact:
		return "warlog applies it when you tell it what the table shows: " + use
	}
	if use != "" {
		return "resolve it at the table and record the result: " + use
	}
	return "resolve it at the table; warlog records what you enter."
}

func newItemCommand(app *cmdutil.App) *cobra.Command {
	return &cobra.Command{
		Use:     "item NAME",
		Short:   "Show an item: what it does and how warlog applies it",
		Example: `  warlog i28 item armour`,
		Args:    cmdutil.MinArgs(1, "an item NAME"),
		RunE: func(c *cobra.Command, args []string) error {
			it, err := incarn28.FindItem(strings.Join(args, " "))
			if err != nil {
				return withListHint(err)
			}
			use := itemUse[it.Name]
			if app.JSON {
				return app.PrintJSON(map[string]any{"name": it.Name, "kind": it.Kind, "summary": it.Summary, "cost": incarn28.ItemCost, "use": use})
			}
			fmt.Fprintf(app.Out, "%s [%s], %d B\n  %s\n  %s\n", it.Name, it.Kind, incarn28.ItemCost, it.Summary, kindHelp(it.Kind, use))
			return nil
		},
	}
}

func newListCommand(app *cmdutil.App) *cobra.Command {
	return &cobra.Command{
		Use:   "list fleshtypes|items|objectives|twists|skills|toughnesses|factions [FILTER]",
		Short: "List a part of the catalogue, optionally filtered by text",
		Long: `List a part of the Incarn28 catalogue. FILTER keeps the rows whose name, kind
or summary contains it (case-insensitive), e.g. "table fact", "ACT-R", "stun".`,
		Example: `  warlog i28 list fleshtypes
  warlog i28 list fleshtypes act-r
  warlog i28 list items
  warlog i28 list objectives`,
		Args:      cmdutil.RangeArgs(1, 2, "a part (fleshtypes, items, objectives, twists, skills, toughnesses, factions) and an optional FILTER"),
		ValidArgs: []string{"fleshtypes", "items", "objectives", "twists", "skills", "toughnesses", "factions"},
		RunE: func(c *cobra.Command, args []string) error {
			filter := ""
			if len(args) == 2 {
				filter = strings.ToLower(args[1])
			}
			keep := func(cells ...string) bool {
				if filter == "" {
					return true
				}
				return strings.Contains(strings.ToLower(strings.Join(cells, " ")), filter)
			}
			header, rows, js, ok := listPart(args[0], keep)
			if !ok {
				return &cmdutil.UsageError{Err: fmt.Errorf("unknown list %q; choose %s", args[0], listParts), Hint: "warlog i28 list --help"}
			}
			if app.JSON {
				if js == nil {
					js = []map[string]any{}
				}
				return app.PrintJSON(js)
			}
			if len(rows) == 0 {
				return fmt.Errorf("nothing in %s matches %q", args[0], filter)
			}
			return cmdutil.Table(app.Out, header, rows)
		},
	}
}

// listEntries is the table and the JSON of numbered catalogue entries that
// keep keeps, each summary with its use when it has one.
// listParts are the parts of the catalogue `i28 list` shows.
const listParts = "fleshtypes, items, objectives, twists, skills, toughnesses or factions"

// listPart is one part of the catalogue with the rows keep accepts: its
// header and rows for the table and its entries for JSON; ok is false for
// a part that does not exist.
func listPart(part string, keep func(...string) bool) (header []string, rows [][]string, js []map[string]any, ok bool) {
	switch strings.ToLower(part) {
	case "fleshtypes", "fleshtype", "flesh":
		header, rows, js = listEntries("fleshtype", incarn28.Fleshtypes, nil, keep)
	case "items", "item":
		header = []string{"item", "kind", "cost", "summary"}
		for _, it := range incarn28.Items {
			if keep(it.Name, string(it.Kind), it.Summary) {
				rows = append(rows, []string{it.Name, string(it.Kind), fmt.Sprintf("%d B", incarn28.ItemCost), it.Summary})
				js = append(js, map[string]any{"name": it.Name, "kind": it.Kind, "cost": incarn28.ItemCost, "summary": it.Summary})
			}
		}
	case "objectives", "objective":
		header, rows, js = listEntries("objective", incarn28.Objectives, objectiveUse, keep)
	case "twists", "twist":
		header, rows, js = listEntries("twist", incarn28.Twists, twistUse, keep)
	case "skills", "skill", "toughnesses", "toughness":
		levels, what := incarn28.Skills, "skill"
		if strings.HasPrefix(strings.ToLower(part), "tough") {
			levels, what = incarn28.Toughnesses, "toughness"
		}
		header = []string{what, "die", "cost"}
		for _, l := range levels {
			if keep(l.Name) {
				rows = append(rows, []string{l.Name, fmt.Sprintf("D%d", l.Die), fmt.Sprintf("%d B", l.Cost)})
				js = append(js, map[string]any{"name": l.Name, "die": l.Die, "cost": l.Cost})
			}
		}
	case "factions", "faction":
		header = []string{"faction", "per fleshtype", "objective dice", "summary"}
		for _, f := range incarn28.Factions {
			if keep(f.Name, f.Summary) {
				rows = append(rows, []string{f.Name, strconv.Itoa(f.PerFleshtype), fmt.Sprintf("%+d", f.ObjectiveMod), f.Summary})
				js = append(js, map[string]any{"name": f.Name, "per_fleshtype": f.PerFleshtype, "objective_mod": f.ObjectiveMod, "summary": f.Summary})
			}
		}
	default:
		return nil, nil, nil, false
	}
	return header, rows, js, true
}

// catalogues are the parts of the catalogue as `warlog rules i28` shows
// them.
func catalogues() []cmdutil.Catalogue {
	all := func(...string) bool { return true }
	out := []cmdutil.Catalogue{turn(), combat()}
	for _, p := range []struct{ topic, short string }{
		{"fleshtypes", "the Fleshtypes: what each does and how warlog applies it"},
		{"items", "the items: what each does and how warlog applies it"},
		{"objectives", "the objectives and how each is scored"},
		{"twists", "the twists of a game"},
		{"skills", "the Skill levels: die and cost"},
		{"toughnesses", "the Toughness levels: die and cost"},
		{"factions", "the factions: their numbers and what sets each apart"},
	} {
		header, rows, _, _ := listPart(p.topic, all)
		out = append(out, cmdutil.Catalogue{Topic: p.topic, Short: p.short, Header: header, Rows: rows})
	}
	return out
}

func listEntries(what string, entries []incarn28.Entry, uses map[string]string, keep func(...string) bool) ([]string, [][]string, []map[string]any) {
	var rows [][]string
	var js []map[string]any
	for _, e := range entries {
		summary := withUse(e.Summary, uses[e.Name])
		if keep(e.Name, string(e.Kind), summary) {
			rows = append(rows, []string{strconv.Itoa(e.N), e.Name, string(e.Kind), summary})
			js = append(js, map[string]any{"n": e.N, "name": e.Name, "kind": e.Kind, "summary": summary})
		}
	}
	return []string{"no", what, "kind", "summary"}, rows, js
}

// ---- gangs ----

type gangOptions struct {
	faction string
	bones   int
	from    string
}

func readGangFile(path string) ([]incarn28.Incarn, error) {
	b, err := cmdutil.ReadFileOrSample(path, incarn28.Game, "gang file")
	if err != nil {
		return nil, err
	}
	ins, err := incarn28.ParseGangFile(string(b))
	if err != nil {
		return nil, withListHint(fmt.Errorf("%s: %w", path, err))
	}
	return ins, nil
}

func newCheckCommand(app *cmdutil.App) *cobra.Command {
	o := &gangOptions{}
	c := &cobra.Command{
		Use:   "check FILE --faction court|schism|sacrosanct [--bones 50]",
		Short: "Check a gang file against every limit and show its costs, without a campaign",
		Long: `Read a gang from a text file, one incarn a line:
  NAME | SKILL | TOUGHNESS | FLESH, FLESH | ITEM, ITEM
(items optional; # starts a comment), price every incarn and name every
limit the gang breaks. Nothing is written.`,
		Example:           `  warlog i28 check sacrosanct --faction sacrosanct`,
		Args:              cmdutil.ExactArgs(1, "a gang FILE"),
		ValidArgsFunction: cmdutil.CompleteFiles,
		RunE: func(c *cobra.Command, args []string) error {
			ins, err := readGangFile(args[0])
			if err != nil {
				return err
			}
			f, err := incarn28.FindFaction(o.faction)
			if err != nil {
				return &cmdutil.UsageError{Err: err, Hint: "warlog i28 check --help"}
			}
			bones := o.bones
			if bones == 0 {
				bones = incarn28.StandardBones
			}
			var rows [][]string
			for _, in := range ins {
				rows = append(rows, []string{in.Name, in.Skill, in.Toughness, strings.Join(in.Flesh, ", "), strings.Join(in.Items, ", "), strconv.Itoa(incarn28.Cost(in))})
			}
			vs := incarn28.Validate(f, bones, ins)
			if app.JSON {
				var vj []map[string]string
				for _, v := range vs {
					vj = append(vj, map[string]string{"rule": v.Rule, "message": v.Msg})
				}
				if err := app.PrintJSON(map[string]any{"faction": f.Name, "bones": bones, "cost": incarn28.GangCost(ins), "incarns": len(ins), "legal": len(vs) == 0, "violations": vj}); err != nil {
					return err
				}
			} else {
				if err := cmdutil.Table(app.Out, []string{"incarn", "skill", "toughness", "fleshtypes", "items", "cost"}, rows); err != nil {
					return err
				}
				fmt.Fprintf(app.Out, "%s gang: %s, %d of %d B\n", f.Name, words.Count(len(ins), "incarn", "incarns"), incarn28.GangCost(ins), bones)
			}
			if len(vs) > 0 {
				var parts []string
				for _, v := range vs {
					parts = append(parts, fmt.Sprintf("%s (%s)", v.Msg, v.Rule))
				}
				return fmt.Errorf("the gang is not legal: %s", strings.Join(parts, "; "))
			}
			if !app.JSON {
				fmt.Fprintln(app.Out, "legal")
			}
			return nil
		},
	}
	c.Flags().StringVar(&o.faction, "faction", "", "court, schism or sacrosanct")
	c.Flags().IntVar(&o.bones, "bones", 0, "the Bones limit (default 50)")
	return c
}

func newGangCommand(app *cmdutil.App) *cobra.Command {
	o := &gangOptions{}
	c := &cobra.Command{
		Use:   "gang PLAYER [--faction court|schism|sacrosanct [--bones 50] [--from FILE]]",
		Short: "Found a player's gang (empty or from a gang file), or show it without --faction",
		Long: `Found PLAYER's gang of a faction with a Bones limit (50 for a standard game).
With --from, the gang's incarns are read from a text file, one a line:
  NAME | SKILL | TOUGHNESS | FLESH, FLESH | ITEM, ITEM
and every limit the gang breaks is named; nothing is written unless it is legal.`,
		Example: `  warlog i28 gang Ann --faction court
  warlog i28 gang Ann
  warlog i28 gang Ben --faction sacrosanct --bones 75
  warlog i28 gang Cas --faction schism --from schism`,
		Args: cmdutil.ExactArgs(1, "the PLAYER's name"),
		RunE: func(c *cobra.Command, args []string) error {
			if o.faction == "" {
				if o.from != "" || o.bones != 0 {
					return &cmdutil.UsageError{Err: fmt.Errorf("--faction is needed to found a gang: court, schism or sacrosanct"), Hint: "warlog i28 gang --help"}
				}
				return showGang(c, app, args[0])
			}
			cmd := incarn28.FoundGang{Player: args[0], Faction: o.faction, Bones: o.bones}
			if o.from != "" {
				ins, err := readGangFile(o.from)
				if err != nil {
					return err
				}
				cmd.Incarns = ins
			}
			return withListHint(app.Act(c, game, cmd))
		},
	}
	c.Flags().StringVar(&o.faction, "faction", "", "court, schism or sacrosanct")
	c.Flags().IntVar(&o.bones, "bones", 0, "the Bones limit (default 50)")
	c.Flags().StringVar(&o.from, "from", "", "a gang file, one incarn a line")
	return c
}

// showGang prints a gang with every incarn's cost and the limits left.
func showGang(c *cobra.Command, app *cmdutil.App, player string) error {
	st, err := app.Load(c.Context())
	if err != nil {
		return err
	}
	s, ok := st.Game.(*incarn28.State)
	if !ok {
		return fmt.Errorf("campaign %q does not play Incarn28", st.Campaign.Name)
	}
	var g *incarn28.Gang
	for _, x := range s.Gangs {
		if strings.EqualFold(x.Player, player) {
			g = x
		}
	}
	if g == nil {
		return fmt.Errorf("%s has no gang; found one with `warlog i28 gang %s --faction court|schism|sacrosanct`", player, cmdutil.Quote(player))
	}
	if app.JSON {
		return app.PrintJSON(map[string]any{"player": g.Player, "faction": g.Faction, "bones": g.Bones, "cost": incarn28.GangCost(g.Incarns), "incarns": g.Incarns, "games": g.Games, "wins": g.Wins})
	}
	var rows [][]string
	for _, in := range g.Incarns {
		rows = append(rows, []string{in.Name, in.Skill, in.Toughness, strings.Join(in.Flesh, ", "), strings.Join(in.Items, ", "), strconv.Itoa(incarn28.Cost(in))})
	}
	fmt.Fprintf(app.Out, "%s %s gang: %d of %s, %d of %d B; games played %d, won %d\n", words.Possessive(g.Player), g.Faction, len(g.Incarns), words.Count(incarn28.MaxIncarns, "incarn", "incarns"), incarn28.GangCost(g.Incarns), g.Bones, g.Games, g.Wins)
	if len(rows) == 0 {
		return nil
	}
	return cmdutil.Table(app.Out, []string{"incarn", "skill", "toughness", "fleshtypes", "items", "cost"}, rows)
}

func newRecruitCommand(app *cmdutil.App) *cobra.Command {
	var skill, tough string
	var flesh, items []string
	c := &cobra.Command{
		Use:   "recruit PLAYER NAME --skill S --toughness T --flesh A,B,... [--item X,...]",
		Short: "Add an incarn to a gang; every limit it would break is named",
		Long: `Add an incarn to PLAYER's gang. Skill levels: roach (D4, 1 B), rabble (D6, 2),
regular (D8, 3), blooded (D10, 4), chosen (D12, 5), demigod (D20, 8).
Toughnesses: weak, light, medium, hardened, heavy, immortal (same dice and
costs). The first Fleshtype is free, each further one 2 B (5 at most); items
2 B each. Names of Fleshtypes and items may be shortened to a unique prefix.`,
		Example: `  warlog i28 recruit Ann Grub --skill regular --toughness medium --flesh Butcher,Soldier --item Armour
  warlog i28 recruit Ann "Old Mother" --skill chosen --toughness heavy --flesh Ancestor,Priest,Hive,Golem,Worm`,
		Args: cmdutil.ExactArgs(2, "the PLAYER and the incarn's NAME"),
		RunE: func(c *cobra.Command, args []string) error {
			if skill == "" || tough == "" {
				return &cmdutil.UsageError{Err: fmt.Errorf("--skill and --toughness are needed"), Hint: "warlog i28 recruit --help"}
			}
			return withListHint(app.Act(c, game, incarn28.Recruit{Player: args[0], Incarn: incarn28.Incarn{Name: args[1], Skill: skill, Toughness: tough, Flesh: flesh, Items: items}}))
		},
	}
	c.Flags().StringVar(&skill, "skill", "", "roach|rabble|regular|blooded|chosen|demigod")
	c.Flags().StringVar(&tough, "toughness", "", "weak|light|medium|hardened|heavy|immortal")
	c.Flags().StringSliceVar(&flesh, "flesh", nil, "Fleshtypes, comma-separated (the first is free)")
	c.Flags().StringSliceVar(&items, "item", nil, "items, comma-separated (2 B each)")
	return c
}

func newDismissCommand(app *cmdutil.App) *cobra.Command {
	return &cobra.Command{
		Use:     "dismiss PLAYER NAME",
		Short:   "Remove an incarn from a gang between games",
		Example: `  warlog i28 dismiss Ann Grub`,
		Args:    cmdutil.ExactArgs(2, "the PLAYER and the incarn's NAME"),
		RunE: func(c *cobra.Command, args []string) error {
			return withListHint(app.Act(c, game, incarn28.Dismiss{Player: args[0], Name: args[1]}))
		},
	}
}

// ---- play ----

// completeFigures offers the names of the figures in the game.
func completeFigures(app *cmdutil.App) func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	return func(c *cobra.Command, _ []string, _ string) ([]string, cobra.ShellCompDirective) {
		st, err := app.Load(c.Context())
		if err != nil || st.Game == nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		s, ok := st.Game.(*incarn28.State)
		if !ok || s.Battle == nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		var out []string
		for _, f := range s.Battle.Figures {
			if f.InPlay() {
				out = append(out, f.Name)
			}
		}
		return out, cobra.ShellCompDirectiveNoFileComp
	}
}

func newOverseerCommand(app *cmdutil.App) *cobra.Command {
	var die int
	c := &cobra.Command{
		Use:     "overseer PLAYER --die 1|2",
		Short:   "Spend an Overseer's re-roll on one of the player's two objectives (before round 1)",
		Example: `  warlog i28 overseer Ann --die 2`,
		Args:    cmdutil.ExactArgs(1, "the PLAYER"),
		RunE: func(c *cobra.Command, args []string) error {
			return withListHint(app.Act(c, game, incarn28.Overseer{Player: args[0], Die: die}))
		},
	}
	c.Flags().IntVar(&die, "die", 0, "which objective to re-roll: 1 or 2, as status lists them")
	return c
}

func newRoundCommand(app *cmdutil.App) *cobra.Command {
	var r incarn28.NextRound
	c := &cobra.Command{
		Use:   "round",
		Short: "End the round (end-of-round rules) and begin the next with the roll-off",
		Long: `End the round in play, once every incarn has activated: Bleeder and Bleeding
Sky strike; then begin the next: slain Unborn roll to return and the players
roll off (+1 per Cerebroid); the winner activates first. The first ` + "`round`" + `
after ` + "`scenario start`" + ` puts the objective incarns and Deathbeasts in play.
At the end of round 4 every Bleeder bursts and the incarns named with
--bleeder-contact die with it; under the Flensing Mist its 2D6 reach is rolled.
Dice order: the dice of deaths (Bleeder), the Mist's 2D6, Bleeding Sky D6s
(and SP-As), Unborn D6s, roll-off D6 per player.`,
		Example: `  warlog i28 round
  warlog i28 round --dice 4,2
  warlog i28 round --bleeder-contact Grub,Vex`,
		Args: cmdutil.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error { return withListHint(app.Act(c, game, r)) },
	}
	c.Flags().StringSliceVar(&r.BleederContacts, "bleeder-contact", nil, "end of round 4: the incarns in base contact with a bursting Bleeder (slain with it)")
	return c
}

func newActivateCommand(app *cmdutil.App) *cobra.Command {
	var f incarn28.ActFacts
	c := &cobra.Command{
		Use:   "activate [INCARN]",
		Short: "Activate an incarn: its ACT-R with every modifier, shown step by step",
		Long: `Activate an incarn and roll its ACT-R. The modifiers apply in this order:
the flat ones (faction, Fleshtypes, items, twist), then Aberrant and Relictor,
then halving for Stunned; the result (never below 0) is its ACs. What only the
table knows is given with the flags below; a flag naming a Fleshtype no
incarn in play has is refused. Without INCARN the next incarn in gang order
of the side to move activates; under Anarchic Spores leave INCARN out: the
program picks at random. Dice order: the Spores pick, the Action die (two
for Ancestor), then fire and Mist SP-As with their defence rolls.`,
		Example: `  warlog i28 activate Grub
  warlog i28 activate Grub --enemy-within-5 --dice 5
  warlog i28 activate Mother --allies-within-5 2 --gaunts 1`,
		Args:              cmdutil.RangeArgs(0, 1, "the INCARN to activate"),
		ValidArgsFunction: completeFigures(app),
		RunE: func(c *cobra.Command, args []string) error {
			cmd := incarn28.Activate{ActFacts: f}
			if len(args) == 1 {
				cmd.Incarn = args[0]
			}
			return withListHint(app.Act(c, game, cmd))
		},
	}
	fl := c.Flags()
	fl.BoolVar(&f.EnemyWithin5, "enemy-within-5", false, "an enemy is within 5 (Brutal +4)")
	fl.IntVar(&f.AlliesWithin5, "allies-within-5", 0, "allies within 5 (Guard +1 each)")
	fl.IntVar(&f.EnemiesWithin10, "enemies-within-10", 0, "enemies within 10 (Masochist +1 each)")
	fl.BoolVar(&f.NearQuarry, "near-quarry", false, "within 5 of its chosen quarry (Stalker +6)")
	fl.IntVar(&f.Piles, "piles", 0, "enemy Defecator piles within 5 (-1 each)")
	fl.IntVar(&f.Fools, "fools", 0, "visible enemy Fools (-1 each)")
	fl.IntVar(&f.Gaunts, "gaunts", 0, "enemy Gaunts within 10 (-2 each)")
	fl.IntVar(&f.Effigies, "effigies", 0, "enemy Effigies within 5 (-1 each)")
	fl.BoolVar(&f.Tempted, "tempted", false, "take an enemy Tempter's +2 (slain on a natural 1)")
	fl.BoolVar(&f.Nightmare, "nightmare", false, "within 5 of a Nightmare: roll a D4")
	fl.StringVar(&f.Leech, "leech", "", "Leech: roll this ally's Action die")
	fl.BoolVar(&f.AncestorLow, "ancestor-low", false, "Ancestor keeps the lower of its two dice")
	fl.BoolVar(&f.Imp, "imp", false, "within 5 of an enemy Imp (stunned on 1 or less)")
	fl.BoolVar(&f.Parasite, "parasite", false, "within 5 of an enemy Parasite (stunned on 10 or more)")
	fl.BoolVar(&f.Icon, "icon", false, "within 10 of an allied Icon (never routs)")
	fl.IntVar(&f.Hollow, "hollow", 0, "allies within 5 of enemy Hollows (count as slain for morale)")
	fl.BoolVar(&f.Ciphered, "ciphered", false, "within 5 of an enemy Cipher: its Fleshtypes do not count")
	fl.BoolVar(&f.Enigma, "enigma", false, "Enigma: roll the D6 instead of the ACT-R")
	fl.BoolVar(&f.Mist, "mist", false, "caught by the Flensing Mist: SP-A D6 first")
	fl.StringVar(&f.Hermit, "hermit", "", "an allied Hermit within 5 gives this incarn its activation")
	return c
}

func newMoveCommand(app *cmdutil.App) *cobra.Command {
	var acs int
	var shadow bool
	c := &cobra.Command{
		Use:   "move [INCARN] [--acs N | --shadow]",
		Short: "Spend ACs moving (5 per AC, more for Butcher, Elegant, Agile Form), or a Shadow's 3-AC jump",
		Example: `  warlog i28 move Grub --acs 2
  warlog i28 move Shade --shadow`,
		Args:              cmdutil.RangeArgs(0, 1, "the moving INCARN (default: the activating one)"),
		ValidArgsFunction: completeFigures(app),
		RunE: func(c *cobra.Command, args []string) error {
			m := incarn28.Move{ACs: acs, Shadow: shadow}
			if len(args) == 1 {
				m.Incarn = args[0]
			}
			return withListHint(app.Act(c, game, m))
		},
	}
	c.Flags().IntVar(&acs, "acs", 1, "ACs to spend moving")
	c.Flags().BoolVar(&shadow, "shadow", false, "a Shadow in base contact spends 3 ACs to move into base contact with any other incarn")
	return c
}

func defFlags(c *cobra.Command, d *incarn28.DefFacts) {
	fl := c.Flags()
	fl.BoolVar(&d.Obscured, "obscured", false, "the target is partly obscured: +D6 to its DF-R")
	fl.BoolVar(&d.Sentinel, "sentinel", false, "the target is within 5 of an allied Sentinel: +D6")
	fl.BoolVar(&d.Decoy, "decoy", false, "the target spends its Decoy: +D12")
	fl.BoolVar(&d.Soothsayer, "soothsayer", false, "the target is within 5 of an allied Soothsayer: re-roll a failed DF-R")
	fl.BoolVar(&d.Illusionist, "illusionist", false, "the target is within 5 of an allied Illusionist: D6, 4+ ignores the attack")
	fl.IntVar(&d.Priests, "priests", 0, "allied Priests within 10 of the target (+1 each)")
	fl.IntVar(&d.Gaunts, "target-gaunts", 0, "enemy Gaunts within 10 of the target (-2 each)")
	fl.StringVar(&d.Exhumer, "exhumer", "", "an enemy Exhumer within 5 of the target: it may raise it")
	fl.StringVar(&d.Reclaimer, "reclaimer", "", "an allied Reclaimer within 10 of the target: it may save it")
	fl.StringVar(&d.Mindguard, "mindguard", "", "an allied Mindguard within 10 of the target: it may take a stun")
	fl.BoolVar(&d.Ciphered, "target-ciphered", false, "the target is within 5 of an enemy Cipher")
	fl.BoolVar(&d.Imp, "target-imp", false, "the target is within 5 of an enemy Imp: its items do not count")
	fl.StringVar(&d.Portshield, "portshield", "", "an ally of the target within 5 carrying a Portshield: it takes the attack instead")
}

func newAttackCommand(app *cmdutil.App) *cobra.Command {
	var a incarn28.Attack
	c := &cobra.Command{
		Use:   "attack [INCARN] TARGET --strength N",
		Short: "Attack with N ACs: N D6 A-R, the target's DF-R, stun or slay",
		Long: `The activating INCARN (default: the one activating) attacks TARGET, an enemy
named by any unique prefix (or "desecrate", the attacker's Desecrate objective,
or "terrain" for a Poltergeist, which shoves a terrain piece up to the AD),
spending N ACs: N D6 scoring on 3+ after modifiers, a natural 1 failing and a
natural 6 a critical (2 successes). The target's DF-R below the AD stuns it;
below half slays it; a natural 1 on its defence die slays it.
Dice order: a Pacifist's D6 (--pacifist), the A-R dice, the Illusionist's D6,
the defence roll (defence die, obscured D6, Sentinel D6, Decoy D12), the
Ensorcelled D4, a Soothsayer re-roll, then what the outcome asks for
(Mindguard, Pandemoniac; Lastborn, Reclaimer, Exhumer, Inseminator on a
death), a Blademaster's answer, then the further incarns (--also).`,
		Example: `  warlog i28 attack Grub Bors --strength 3
  warlog i28 attack Grub Bors --strength 2 --obscured --dice 6,4,1,3,2
  warlog i28 attack Grub desecrate --strength 4
  warlog i28 attack Bors --strength 1`,
		Args:              cmdutil.RangeArgs(1, 2, "the attacking INCARN (optional) and its TARGET"),
		ValidArgsFunction: completeFigures(app),
		RunE: func(c *cobra.Command, args []string) error {
			if len(args) == 2 {
				a.Attacker, a.Target = args[0], args[1]
			} else {
				a.Target = args[0]
			}
			return withListHint(app.Act(c, game, a))
		},
	}
	fl := c.Flags()
	fl.IntVar(&a.Strength, "strength", 0, "the ACs spent on the attack")
	fl.BoolVar(&a.BaseContact, "base-contact", false, "the target is in base contact (Adept crits on 5+)")
	fl.BoolVar(&a.Beyond10, "beyond-10", false, "the target is beyond 10 (Gunner +2)")
	fl.IntVar(&a.Subliminal, "subliminal", 0, "enemy Subliminals within 20 of the attacker (-1 each)")
	fl.IntVar(&a.Zealots, "zealots", 0, "allied Zealots within 10 (+2 AD each)")
	fl.IntVar(&a.Archivists, "archivists", 0, "allied Archivists within 5 (+3 AD each once the opponent met an objective)")
	fl.BoolVar(&a.Ciphered, "ciphered", false, "the attacker is within 5 of an enemy Cipher")
	fl.BoolVar(&a.Imp, "imp", false, "the attacker is within 5 of an enemy Imp: its items do not count")
	fl.StringSliceVar(&a.Also, "also", nil, "Grenadier/Melter: further incarns hit with half the AD, comma-separated")
	fl.BoolVar(&a.Pacifist, "pacifist", false, "the attacker is within 5 of an enemy Pacifist: D6 first, 4+ stops the attack")
	defFlags(c, &a.DefFacts)
	return c
}

func newSpecialCommand(app *cmdutil.App) *cobra.Command {
	var s incarn28.Special
	c := &cobra.Command{
		Use:   "special [INCARN] TARGET [--as FLESHTYPE]",
		Short: "A Special Attack (SP-A): roll the Fleshtype's die as the AD, then the DF-R",
		Long: `Make a SP-A granted by a Fleshtype: Alchemist, Architect, Carrion (D8),
Enforcer (D6), Gasser (D4, each enemy within 10), Iconoclast (the target's
Action die: a 1 stuns), Smasher (--acs N: the ACs spent charging), Spite (its
Action die, when slain), Toxic (once per game, D4 in round 1 up to D20).
Lastborn and Blademaster strike back by themselves.`,
		Example: `  warlog i28 special Vex Bors --as Alchemist
  warlog i28 special Rok Bors --as Smasher --acs 2`,
		Args:              cmdutil.RangeArgs(1, 2, "the INCARN (optional: the activating one) and its TARGET"),
		ValidArgsFunction: completeFigures(app),
		RunE: func(c *cobra.Command, args []string) error {
			if len(args) == 2 {
				s.Incarn, s.Target = args[0], args[1]
			} else {
				s.Target = args[0]
			}
			return withListHint(app.Act(c, game, s))
		},
	}
	c.Flags().StringVar(&s.As, "as", "", "the Fleshtype whose SP-A this is")
	c.Flags().IntVar(&s.ACs, "acs", 0, "Smasher: the ACs spent moving into contact")
	defFlags(c, &s.DefFacts)
	return c
}

func newEndCommand(app *cmdutil.App) *cobra.Command {
	return &cobra.Command{
		Use:     "end-activation",
		Short:   "End the activation in progress (the next activate also ends it)",
		Example: `  warlog i28 end-activation`,
		Args:    cmdutil.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			return withListHint(app.Act(c, game, incarn28.EndActivation{}))
		},
	}
}

func newStunCommand(app *cmdutil.App) *cobra.Command {
	var s incarn28.Stun
	c := &cobra.Command{
		Use:   "stun INCARN [--by INCARN] [--why TEXT]",
		Short: "Record a stun made at the table, or an Empath's or Grudger's stun the log opened",
		Long: `Record a stun. With --as empath or --as grudger it is the reaction the log
opened for --by: an Empath's after an ally stunned an enemy (a different enemy
within 10), a Grudger's after the opponent completed an objective and its D6
showed 4+ (an enemy within 20). The reaction lapses when the activation ends.`,
		Example: `  warlog i28 stun Bors --by Vex --as empath
  warlog i28 stun Bors --why "fell into the pit"`,
		Args:              cmdutil.ExactArgs(1, "the INCARN stunned"),
		ValidArgsFunction: completeFigures(app),
		RunE: func(c *cobra.Command, args []string) error {
			s.Incarn = args[0]
			return withListHint(app.Act(c, game, s))
		},
	}
	c.Flags().StringVar(&s.By, "by", "", "the incarn that stunned it")
	c.Flags().StringVar(&s.Why, "why", "", "what happened, for the log")
	c.Flags().StringVar(&s.As, "as", "", "empath or grudger: the reaction the log opened for --by")
	c.Flags().BoolVar(&s.Ciphered, "target-ciphered", false, "the stunned incarn is within 5 of an enemy Cipher (an Automaton is stunned then)")
	return c
}

func newUnstunCommand(app *cmdutil.App) *cobra.Command {
	var s incarn28.Unstun
	c := &cobra.Command{
		Use:   "unstun INCARN [--by PRIEST] [--why TEXT]",
		Short: "Remove a stun: an activating Priest spends 1 AC, or record it (Mindguard)",
		Example: `  warlog i28 unstun Grub --by Mother
  warlog i28 unstun Grub --why "Mindguard 5"`,
		Args:              cmdutil.ExactArgs(1, "the stunned INCARN"),
		ValidArgsFunction: completeFigures(app),
		RunE: func(c *cobra.Command, args []string) error {
			s.Incarn = args[0]
			return withListHint(app.Act(c, game, s))
		},
	}
	c.Flags().StringVar(&s.By, "by", "", "the activating Priest that un-stuns it (1 AC)")
	c.Flags().StringVar(&s.Why, "why", "", "what happened, for the log")
	return c
}

func newSlayCommand(app *cmdutil.App) *cobra.Command {
	var s incarn28.Slay
	c := &cobra.Command{
		Use:   "slay INCARN [--by INCARN] [--why TEXT]",
		Short: "Record a death at the table, a Sacrificial Dagger's (1 AC) or a Mulligan's (N ACs)",
		Example: `  warlog i28 slay Grub --by Mother --dagger
  warlog i28 slay Mull --mulligan 3
  warlog i28 slay Grub --why "fell off the bridge"`,
		Args:              cmdutil.ExactArgs(1, "the INCARN slain"),
		ValidArgsFunction: completeFigures(app),
		RunE: func(c *cobra.Command, args []string) error {
			s.Incarn = args[0]
			return withListHint(app.Act(c, game, s))
		},
	}
	c.Flags().StringVar(&s.By, "by", "", "the incarn that slew it")
	c.Flags().StringVar(&s.Why, "why", "", "what happened, for the log")
	c.Flags().StringVar(&s.Exhumer, "exhumer", "", "an enemy Exhumer within 5: it may raise it")
	c.Flags().StringVar(&s.Reclaimer, "reclaimer", "", "an allied Reclaimer within 10: it may save it")
	c.Flags().BoolVar(&s.Dagger, "dagger", false, "the activating --by incarn spends 1 AC on its Sacrificial Dagger")
	c.Flags().IntVar(&s.Mulligan, "mulligan", 0, "the activating Mulligan slays itself for N ACs (then move N incarns at the table)")
	c.Flags().BoolVar(&s.Ciphered, "target-ciphered", false, "the slain incarn is within 5 of an enemy Cipher: its \"when slain\" Fleshtypes do not count")
	return c
}

func newTransformCommand(app *cmdutil.App) *cobra.Command {
	return &cobra.Command{
		Use:               "transform [INCARN]",
		Short:             "A Lycan spends 6 ACs to become a Chosen Heavy Butcher Strigoi without items",
		Example:           `  warlog i28 transform Wolf`,
		Args:              cmdutil.RangeArgs(0, 1, "the activating Lycan"),
		ValidArgsFunction: completeFigures(app),
		RunE: func(c *cobra.Command, args []string) error {
			t := incarn28.Transform{}
			if len(args) == 1 {
				t.Incarn = args[0]
			}
			return withListHint(app.Act(c, game, t))
		},
	}
}

func newExtinguishCommand(app *cmdutil.App) *cobra.Command {
	return &cobra.Command{
		Use:               "extinguish [INCARN] TARGET",
		Short:             "Spend 3 ACs to put out a burning incarn: itself or an ally in base contact",
		Example:           `  warlog i28 extinguish Bors Wyn`,
		Args:              cmdutil.RangeArgs(1, 2, "the activating INCARN (optional) and the burning TARGET"),
		ValidArgsFunction: completeFigures(app),
		RunE: func(c *cobra.Command, args []string) error {
			e := incarn28.Extinguish{Target: args[len(args)-1]}
			if len(args) == 2 {
				e.Incarn = args[0]
			}
			return withListHint(app.Act(c, game, e))
		},
	}
}

func newRiftCommand(app *cmdutil.App) *cobra.Command {
	return &cobra.Command{
		Use:     "rift PLAYER INCARN",
		Short:   "Chronomatic Rift: at a round's start PLAYER lifts an enemy incarn out of play until the next",
		Example: `  warlog i28 rift Ann Grub`,
		Args:    cmdutil.ExactArgs(2, "the PLAYER and the enemy INCARN"),
		RunE: func(c *cobra.Command, args []string) error {
			return withListHint(app.Act(c, game, incarn28.Rift{Player: args[0], Incarn: args[1]}))
		},
	}
}

func newSummonCommand(app *cmdutil.App) *cobra.Command {
	return &cobra.Command{
		Use:               "summon INCARN",
		Short:             "A Homonculist summons a Roach without Fleshtypes (once per activation)",
		Example:           `  warlog i28 summon Mother`,
		Args:              cmdutil.ExactArgs(1, "the activating Homonculist"),
		ValidArgsFunction: completeFigures(app),
		RunE: func(c *cobra.Command, args []string) error {
			return withListHint(app.Act(c, game, incarn28.Summon{Incarn: args[0]}))
		},
	}
}

func newInseminateCommand(app *cmdutil.App) *cobra.Command {
	return &cobra.Command{
		Use:               "inseminate INCARN TARGET",
		Short:             "An Inseminator spends 1 AC to mark an enemy (once per game)",
		Example:           `  warlog i28 inseminate Mother Bors`,
		Args:              cmdutil.ExactArgs(2, "the Inseminator and its TARGET"),
		ValidArgsFunction: completeFigures(app),
		RunE: func(c *cobra.Command, args []string) error {
			return withListHint(app.Act(c, game, incarn28.Inseminate{Incarn: args[0], Target: args[1]}))
		},
	}
}

func newObjectiveCommand(app *cmdutil.App) *cobra.Command {
	return &cobra.Command{
		Use:   "objective PLAYER loot|escort|sanctify",
		Short: "Record an objective met at the table (Loot, Escort, Sanctify)",
		Long: `Mark one of PLAYER's objectives done when only the table can tell: Loot,
Escort and Sanctify. The others complete themselves from the log.`,
		Example: `  warlog i28 objective Ann loot`,
		Args:    cmdutil.ExactArgs(2, "the PLAYER and the objective"),
		ValidArgsFunction: func(c *cobra.Command, args []string, _ string) ([]string, cobra.ShellCompDirective) {
			var out []string
			if len(args) == 1 {
				// The objectives only the table can tell, as the command takes them.
				for _, o := range incarn28.Objectives {
					if o.Kind == incarn28.KindRecorded {
						out = append(out, strings.ToLower(o.Name))
					}
				}
				return out, cobra.ShellCompDirectiveNoFileComp
			}
			if st, err := app.Load(c.Context()); err == nil {
				if s, ok := st.Game.(*incarn28.State); ok {
					for _, g := range s.Gangs {
						out = append(out, g.Player)
					}
				}
			}
			return out, cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(c *cobra.Command, args []string) error {
			return withListHint(app.Act(c, game, incarn28.MarkObjective{Player: args[0], Objective: args[1]}))
		},
	}
}

func newStoneCommand(app *cmdutil.App) *cobra.Command {
	return &cobra.Command{
		Use:               "stone [INCARN]",
		Short:             "A Gargoyle spends 3 ACs to turn to stone, or back",
		Example:           `  warlog i28 stone Gorm`,
		Args:              cmdutil.RangeArgs(0, 1, "the activating Gargoyle"),
		ValidArgsFunction: completeFigures(app),
		RunE: func(c *cobra.Command, args []string) error {
			s := incarn28.Stone{}
			if len(args) == 1 {
				s.Incarn = args[0]
			}
			return withListHint(app.Act(c, game, s))
		},
	}
}

func newRefleshCommand(app *cmdutil.App) *cobra.Command {
	var by string
	c := &cobra.Command{
		Use:   "reflesh INCARN OLD NEW [--by ZENITHAL]",
		Short: "Change one of an incarn's Fleshtypes: a Zenithal's swap, or a change made at the table",
		Example: `  warlog i28 reflesh Grub Berserk Stout --by Zed
  warlog i28 reflesh Mim Mimic Golem`,
		Args:              cmdutil.ExactArgs(3, "the INCARN, its OLD Fleshtype and the NEW one"),
		ValidArgsFunction: completeFigures(app),
		RunE: func(c *cobra.Command, args []string) error {
			return withListHint(app.Act(c, game, incarn28.Reflesh{Incarn: args[0], Old: args[1], New: args[2], By: by}))
		},
	}
	c.Flags().StringVar(&by, "by", "", "the activating Zenithal making the swap (once per activation)")
	return c
}
