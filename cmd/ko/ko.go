// Package ko is `warlog ko`, the command tree of The King's Own: recruiting
// from flags or card files, the turn (initiative, move, next), attacks and
// spells. Scenarios, status and roster are the shared commands.
package ko

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"warlog/cmd/cmdutil"
	"warlog/engines/kingsown"
)

const game = "kingsown"

// NewCommand builds `warlog ko` and its sub-commands.
func NewCommand(app *cmdutil.App) *cobra.Command {
	c := &cobra.Command{
		Use:   "ko",
		Short: "The King's Own: recruit, move, attack and cast",
		Long: `The King's Own: Hunters clear a Nest by royal decree.

A turn: the Nest rolls to spawn and both sides roll off (initiative); the
winner chooses who moves first (first); sides take turns moving one figure
each (move), then every figure allowed to attack does so in Skill order,
highest first (attack, cast); next closes a phase.
Fights start and end with warlog scenario start|end; warlog status shows the
table and warlog roster the campaign. Every action takes --dice with the
faces rolled at the table, in the order each command's help lists.`,
		Example: `  warlog ko recruit --card hunters
  warlog scenario start "The Nest" --brief nest --turns 3
  warlog ko initiative --dice 5,4,2
  warlog ko first hunters
  warlog ko move Bors half --facing front
  warlog ko next
  warlog ko attack Bors Nest --dice 5,2`,
		Args: cmdutil.NoArgs,
	}
	c.AddCommand(newRecruitCommand(app), newBriefCardCommand(app), newCardCommand(app), newSpellsCommand(app),
		newInitiativeCommand(app), newFirstCommand(app), newMoveCommand(app), newNextCommand(app), newAttackCommand(app), newCastCommand(app))
	return c
}

// completeFigures offers the names of the figures in the fight.
func completeFigures(app *cmdutil.App) func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	return func(c *cobra.Command, args []string, _ string) ([]string, cobra.ShellCompDirective) {
		st, err := app.Load(c.Context())
		if err != nil || st.Game == nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		var out []string
		for _, r := range st.Game.Status().Figures {
			if r.String("status") == "active" {
				out = append(out, r.String("name"))
			}
		}
		return out, cobra.ShellCompDirectiveNoFileComp
	}
}

// completeFigureThen offers a figure, then the words second lists (a
// move's kind, a spell), then figures again (a spell's targets).
func completeFigureThen(app *cmdutil.App, second []string) func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	figures := completeFigures(app)
	return func(c *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
		if len(args) == 1 {
			return second, cobra.ShellCompDirectiveNoFileComp
		}
		return figures(c, args, toComplete)
	}
}

// completeSides offers the sides of the fight in progress.
func completeSides(app *cmdutil.App) func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	return func(c *cobra.Command, args []string, _ string) ([]string, cobra.ShellCompDirective) {
		st, err := app.Load(c.Context())
		if err != nil || st.Game == nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		var out []string
		for _, r := range st.Game.Status().Sides {
			out = append(out, r.String("name"))
		}
		return out, cobra.ShellCompDirectiveNoFileComp
	}
}

type recruitOptions struct {
	side, armour              string
	skill, move, res, hits    int
	weapons, keywords, spells []string
	shield                    bool
	card                      string
}

func newRecruitCommand(app *cmdutil.App) *cobra.Command {
	o := &recruitOptions{}
	c := &cobra.Command{
		Use:   "recruit [NAME] --side SIDE --skill N --hits N --weapon NAME:MIGHT:REACH ... | recruit --card FILE",
		Short: "Add figures to the campaign roster, from flags or a card file",
		Long: `Add a figure to the roster from flags, or every card of a card file.

A figure has Skill 1 to 5 (5 only for unique characters), Move in inches,
Res 0 or more and Hits 1 or more. --armour none|leather|chain|plate sets Res
and Move from the armour table (none 0/4, leather 1/4, chain 2/3, plate 3/2);
--res and --move override it. Weapons are NAME:MIGHT:REACH (add :Sweep).
Keywords: Fearless, "Cannot be suppressed by MN or less", No Rear, Frenzy,
Sure-Footed, Durable N, Multi N, Ponderous, Mob. Spells: Firebolt, Sparks,
Ward, Teleport, Rally.

A spell may carry the price of failure its card names ("Sparks · price of
failure: lose 1 Hit"); a failed cast pays it: a lockout of the next turn's
spells, Hits or Skill lost, or anything else, which the log records as owed
to the table. Firebolt's own price is the lockout.

A card file holds several cards separated by blank lines. Each starts with
the name (optionally "· Side SIDE"), then the numbers, one line per weapon,
the keywords, then one line per spell with its price of failure:

  Bors · Side hunters
  Skill 3 · Move 4 · Res 1 · Hits 2
  Sword M2 R1
  Leather · Shield · Fearless

  Mirela · Side hunters
  Skill 3 · Hits 1
  Staff M1 R1
  Sparks M2 R6 Sweep · price of failure: lose 1 Hit

Names are unique per side; a card's numbers are at most ` + strconv.Itoa(kingsown.MaxStat) + `. Recruiting is done
between fights.`,
		Example: `  warlog ko recruit Bors --side hunters --skill 3 --hits 2 --armour leather --shield --weapon Sword:2:1
  warlog ko recruit Wyn --side hunters --skill 3 --hits 1 --weapon Staff:1:1 --spell Firebolt --spell Rally
  warlog ko recruit Mirela --side hunters --skill 3 --hits 1 --weapon Staff:1:1 --spell "Sparks · price of failure: lose 1 Hit"
  warlog ko recruit Gorm --side orcs --skill 2 --hits 3 --weapon "Club:3:1:Sweep" --keyword "Durable 1" --keyword Ponderous
  warlog ko recruit --card hunters`,
		Args: cmdutil.RangeArgs(0, 1, "a figure's NAME (or none with --card)"),
		RunE: func(c *cobra.Command, args []string) error {
			cards, err := o.cards(c, args)
			if err != nil {
				return err
			}
			return app.Act(c, game, kingsown.Recruit{Cards: cards})
		},
	}
	f := c.Flags()
	f.StringVar(&o.card, "card", "", "a card file: recruit every card in it")
	f.StringVar(&o.side, "side", "", "the figure's side (with --card: the side of cards that name none)")
	f.IntVar(&o.skill, "skill", 0, "Skill, 1 to 5")
	f.IntVar(&o.move, "move", 0, "Move in inches (default: from the armour)")
	f.IntVar(&o.res, "res", 0, "Res (default: from the armour)")
	f.IntVar(&o.hits, "hits", 0, "Hits, 1 or more")
	f.StringVar(&o.armour, "armour", "", "none|leather|chain|plate")
	f.BoolVar(&o.shield, "shield", false, "the figure carries a shield")
	f.StringArrayVar(&o.weapons, "weapon", nil, "a weapon NAME:MIGHT:REACH[:Sweep] (repeat for more)")
	f.StringArrayVar(&o.keywords, "keyword", nil, "a keyword, e.g. Fearless or \"Durable 1\" (repeat for more)")
	f.StringArrayVar(&o.spells, "spell", nil, "a spell: Firebolt|Sparks|Ward|Teleport|Rally, optionally \"· price of failure: ...\" (repeat for more)")
	_ = c.RegisterFlagCompletionFunc("armour", cobra.FixedCompletions([]string{"none", "leather", "chain", "plate"}, cobra.ShellCompDirectiveNoFileComp))
	_ = c.RegisterFlagCompletionFunc("spell", cobra.FixedCompletions(kingsown.Spells, cobra.ShellCompDirectiveNoFileComp))
	_ = c.RegisterFlagCompletionFunc("keyword", cobra.FixedCompletions([]string{"Fearless", "Cannot be suppressed by M2 or less", "No Rear", "Frenzy", "Sure-Footed", "Durable 1", "Multi 2", "Ponderous", "Mob"}, cobra.ShellCompDirectiveNoFileComp))
	return c
}

func (o *recruitOptions) cards(c *cobra.Command, args []string) ([]kingsown.Card, error) {
	if o.card != "" {
		for _, fl := range []string{"skill", "move", "res", "hits", "armour", "shield", "weapon", "keyword", "spell"} {
			if c.Flags().Changed(fl) {
				return nil, &cmdutil.UsageError{Err: fmt.Errorf("--%s does not go with --card: the card file gives the numbers", fl), Hint: "warlog ko recruit --help"}
			}
		}
		if len(args) > 0 {
			return nil, &cmdutil.UsageError{Err: fmt.Errorf("--card recruits every card of the file; drop the NAME %q", args[0]), Hint: "warlog ko recruit --help"}
		}
		return readCards(o.card, o.side)
	}
	if len(args) == 0 {
		return nil, &cmdutil.UsageError{Err: fmt.Errorf("give a figure's NAME with --side and its numbers, or --card FILE"), Hint: "warlog ko recruit --help"}
	}
	if o.side == "" {
		return nil, &cmdutil.UsageError{Err: fmt.Errorf("give the figure's --side, e.g. --side hunters"), Hint: "warlog ko recruit --help"}
	}
	d := &kingsown.CardDraft{}
	d.Name, d.Side, d.Shield = args[0], o.side, o.shield
	fl := c.Flags()
	for _, k := range []struct {
		name string
		v    int
	}{{"skill", o.skill}, {"move", o.move}, {"res", o.res}, {"hits", o.hits}} {
		if fl.Changed(k.name) {
			d.SetStat(k.name, k.v)
		}
	}
	if o.armour != "" {
		if err := d.AddKeyword(o.armour); err != nil {
			return nil, fmt.Errorf("--armour %q: choose none, leather, chain or plate", o.armour)
		}
	}
	for _, w := range o.weapons {
		wp, err := kingsown.ParseWeapon(w)
		if err != nil {
			return nil, err
		}
		d.AddWeapon(wp)
	}
	for _, k := range o.keywords {
		if err := d.AddKeyword(k); err != nil {
			return nil, fmt.Errorf("--keyword: %w", err)
		}
	}
	for _, s := range o.spells {
		if err := d.AddSpellLine(s); err != nil {
			return nil, fmt.Errorf("--spell: %w", err)
		}
	}
	card, err := d.FinishTyped()
	if err != nil {
		return nil, err
	}
	return []kingsown.Card{card}, nil
}

func readCards(path, side string) ([]kingsown.Card, error) {
	b, err := cmdutil.ReadFileOrSample(path, game, "card file")
	if err != nil {
		return nil, err
	}
	cards, err := kingsown.ParseCards(string(b), side)
	if err != nil {
		return nil, fmt.Errorf("card file %s: %w", path, err)
	}
	return cards, nil
}

func newBriefCardCommand(app *cmdutil.App) *cobra.Command {
	var card string
	c := &cobra.Command{
		Use:   "brief-card nest|grunt --card FILE",
		Short: "Set this campaign's card for the Nest or its Orc grunt",
		Long: `The Nest brief fields the Nest (Static, Res 1, Hits 3, Durable 1) and
spawns Orc grunts (Skill 2, Move 4, Res 1, Hits 1, Cleaver M2 R1). This
campaign can use other cards from the next fight on: the file's first card
is taken. The Nest's card must be Static.`,
		Example: `  warlog ko brief-card grunt --card orc
  warlog ko brief-card nest --card nest`,
		Args:      cmdutil.ExactArgs(1, "nest or grunt"),
		ValidArgs: []string{"nest", "grunt"},
		RunE: func(c *cobra.Command, args []string) error {
			role := strings.ToLower(args[0])
			if role != "nest" && role != "grunt" {
				return &cmdutil.UsageError{Err: fmt.Errorf("%q: give nest or grunt", args[0]), Hint: "warlog ko brief-card --help"}
			}
			if card == "" {
				return &cmdutil.UsageError{Err: fmt.Errorf("give the card file with --card FILE"), Hint: "warlog ko brief-card --help"}
			}
			cards, err := readCards(card, kingsown.NestSide)
			if err != nil {
				return err
			}
			return app.Act(c, game, kingsown.SetBriefCard{Role: role, Card: cards[0]})
		},
	}
	c.Flags().StringVar(&card, "card", "", "the card file")
	return c
}

func newCardCommand(app *cmdutil.App) *cobra.Command {
	var side string
	return &cobra.Command{
		Use:   "card FILE",
		Short: "Check a card file and print its cards, without recruiting",
		Example: `  warlog ko card hunters
  warlog ko card orc --json`,
		Args:              cmdutil.ExactArgs(1, "a card FILE"),
		ValidArgsFunction: cmdutil.CompleteFiles,
		RunE: func(c *cobra.Command, args []string) error {
			cards, err := readCards(args[0], side)
			if err != nil {
				return err
			}
			if app.JSON {
				return app.PrintJSON(map[string]any{"cards": cards})
			}
			for i, cd := range cards {
				if i > 0 {
					fmt.Fprintln(app.Out)
				}
				fmt.Fprint(app.Out, cd.Text())
			}
			return nil
		},
	}
}

func newSpellsCommand(app *cmdutil.App) *cobra.Command {
	return &cobra.Command{
		Use:   "spells",
		Short: "List the Hunters' five spells",
		Example: `  warlog ko spells
  warlog ko spells --json`,
		Args: cmdutil.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			return app.PrintCatalogue(game, spells())
		},
	}
}

// spells is the catalogue of the Hunters' spells.
func spells() cmdutil.Catalogue {
	return cmdutil.Catalogue{
		Topic: "spells",
		Short: "the Hunters' five spells: numbers, target and effect",
		Intro: []string{
			"A cast is a Skill roll (1d6 at or under Skill) and counts as the caster's attack.",
			"A failed cast pays the price of failure its card names, else the spell's own (Firebolt's lockout).",
		},
		Header: []string{"spell", "numbers", "target", "effect"},
		Rows: [][]string{
			{"Firebolt", "M5 R8", "one enemy", "a success is the hit; damage with Might 5. A failed cast locks the caster out of spells next turn"},
			{"Sparks", "M2 R6 Sweep", "each figure named", "one cast; each target named takes a hit of Might 2, friend or foe"},
			{"Ward", "R4", "a friend or self", "the target counts as Res 4 until the caster's side moves again"},
			{"Teleport", "R6", "a friend or self", "the target is set down up to 8\" away with the facing given"},
			{"Rally", "R2", "a friend, not self", "the target gets back 1 Skill lost in this fight (it needs Skill 1+)"},
		},
	}
}

func newInitiativeCommand(app *cmdutil.App) *cobra.Command {
	var first string
	c := &cobra.Command{
		Use:   "initiative [--first SIDE]",
		Short: "Start the turn: the Nest's spawn roll, then the roll-off",
		Long: `Start the turn. While the Nest stands it rolls 1d6 first: 1 or 2 spawns an
Orc grunt that moves and attacks this turn. Then each side rolls 1d6 (ties
roll again); the winner chooses who moves first, having seen the roll:
warlog ko first SIDE records the choice, and the movement phase waits for
it. A winner who has chosen before the roll may say so with --first SIDE
(whichever side wins).

Dice order: the Nest's spawn die (while it stands), the first side's die,
the second side's die, then any re-rolls in the same order.`,
		Example: `  warlog ko initiative
  warlog ko first hunters
  warlog ko initiative --dice 5,4,2 --first hunters`,
		Args: cmdutil.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			return app.Act(c, game, kingsown.Initiative{First: first})
		},
	}
	c.Flags().StringVar(&first, "first", "", "the side the winner sends first, chosen before the roll (default: the winner chooses after it, with ko first)")
	_ = c.RegisterFlagCompletionFunc("first", completeSides(app))
	return c
}

func newFirstCommand(app *cmdutil.App) *cobra.Command {
	return &cobra.Command{
		Use:   "first SIDE",
		Short: "Record who moves first: the roll-off winner's choice",
		Long: `The side that won the roll-off chooses, having seen the dice, which side
moves first: itself or the other. The movement phase begins with it. No dice.`,
		Example: `  warlog ko initiative --dice 2,5
  warlog ko first hunters`,
		Args:              cmdutil.ExactArgs(1, "the SIDE that moves first"),
		ValidArgsFunction: completeSides(app),
		RunE: func(c *cobra.Command, args []string) error {
			return app.Act(c, game, kingsown.ChooseFirst{Side: args[0]})
		},
	}
}

func newMoveCommand(app *cmdutil.App) *cobra.Command {
	o := kingsown.Move{}
	c := &cobra.Command{
		Use:   "move FIGURE stay|half|full|withdraw [--facing front|rear] [--rough] [--leave-rough] [--pair FIGURE]",
		Short: "Declare one figure's move (sides alternate)",
		Long: `Declare a figure's move: stay (no distance; facing may change), half (up to
half its Move: it may still attack), full (its whole Move: only Frenzy
attacks after it) or withdraw (it reaches a table edge and leaves, Withdrawn).
Ponderous figures attack only after stay. Rubble and water need a Skill
roll to enter and another to leave, unless the figure is Sure-Footed:
--rough, the move enters rough ground (or only leaves it): one roll;
--leave-rough, it leaves rough ground; both flags, it enters and leaves
(crossing a patch, or going from one into another): two rolls. A failed roll
stops the figure at that edge, spends the move and forbids its attack.
--pair: two Mob figures share one move.

Dice order: the roll to enter rough ground, then the roll to leave it (made
only if the first passed); for a Mob pair, the first figure's rolls, then its
pair's.`,
		Example: `  warlog ko move Bors half --facing front
  warlog ko move Wyn full --rough --dice 2
  warlog ko move Wyn half --rough --leave-rough --dice 2,3
  warlog ko move "Orc grunt 1" stay --facing rear`,
		Args:              cmdutil.ExactArgs(2, "a FIGURE and its move (stay, half, full or withdraw)"),
		ValidArgsFunction: completeFigureThen(app, kingsown.MoveKinds),
		RunE: func(c *cobra.Command, args []string) error {
			m := o
			m.Figure, m.Move = args[0], args[1]
			return app.Act(c, game, m)
		},
	}
	c.Flags().StringVar(&o.Facing, "facing", "", "front or rear, set at the end of the move (default: unchanged)")
	c.Flags().BoolVar(&o.Rough, "rough", false, "the move enters rough ground (rubble, water), or only leaves it: one roll")
	c.Flags().BoolVar(&o.Leave, "leave-rough", false, "the move leaves rough ground; with --rough it enters and leaves: two rolls")
	c.Flags().StringVar(&o.Pair, "pair", "", "the second figure of a Mob pair")
	_ = c.RegisterFlagCompletionFunc("facing", cobra.FixedCompletions([]string{"front", "rear"}, cobra.ShellCompDirectiveNoFileComp))
	_ = c.RegisterFlagCompletionFunc("pair", completeFigures(app))
	return c
}

func newNextCommand(app *cmdutil.App) *cobra.Command {
	return &cobra.Command{
		Use:   "next",
		Short: "Close the phase: movement to attacks, attacks to the next turn",
		Long: `Close the phase in progress. From movement: every figure that has not moved
stays where it is, and the attacks begin. From attacks: the turn ends (at the
turn limit the fight waits for warlog scenario end).`,
		Example: `  warlog ko next`,
		Args:    cmdutil.NoArgs,
		RunE:    func(c *cobra.Command, _ []string) error { return app.Act(c, game, kingsown.Next{}) },
	}
}

func newAttackCommand(app *cmdutil.App) *cobra.Command {
	o := kingsown.Attack{}
	c := &cobra.Command{
		Use:   "attack ATTACKER TARGET... [--weapon NAME] [--rear]",
		Short: "One attack: a hit roll, then damage and Suppression",
		Long: `One attack with a weapon (default: the card's first). Attacks go in Skill
order, highest first; equal Skills strike together. Hit: 1d6 at or under
Skill (none from the rear, none against the Nest). A shield stops the first
front hit each turn unless Might 3+. Damage: 1d6 + Might against 1d6 + Res,
higher takes one Hit; Durable n ignores Might n or less. A hit that does no
damage costs a Skill if Might is at least Res (not Fearless); Skill 0 is
Broken, 0 Hits is Down. A Sweep weapon names several targets.

Dice order, per target in the order named: hit roll, attacker's damage die,
defender's damage die (each only when the rule needs it).`,
		Example: `  warlog ko attack Bors "Orc grunt 1" --dice 3,5,2
  warlog ko attack Bors Nest --dice 5,2
  warlog ko attack Gorm Bors Wyn --weapon Club --dice 2,4,4,1,6,3`,
		Args:              cmdutil.MinArgs(2, "an ATTACKER and a TARGET"),
		ValidArgsFunction: completeFigures(app),
		RunE: func(c *cobra.Command, args []string) error {
			a := o
			a.Attacker, a.Targets = args[0], args[1:]
			return app.Act(c, game, a)
		},
	}
	c.Flags().StringVar(&o.Weapon, "weapon", "", "the weapon to use (default: the first on the card)")
	c.Flags().BoolVar(&o.Rear, "rear", false, "the attack comes from the rear: no hit roll, no shield")
	return c
}

func newCastCommand(app *cmdutil.App) *cobra.Command {
	o := kingsown.Cast{}
	c := &cobra.Command{
		Use:   "cast CASTER SPELL [TARGET...]",
		Short: "Cast a spell as the caster's attack",
		Long: `Cast one of the card's spells (see warlog ko spells). The cast roll is 1d6 at
or under Skill and counts as the caster's attack for its Skill step. A
failed Firebolt locks the caster out of spells for the next turn.

Dice order: the cast roll, then for Firebolt and Sparks each target's
attacker's and defender's damage dice (when the rule needs them).`,
		Example: `  warlog ko cast Wyn Firebolt "Orc grunt 1" --dice 2,4,3
  warlog ko cast Wyn Sparks "Orc grunt 1" "Orc grunt 2" --dice 3,5,1,2,2
  warlog ko cast Wyn Ward Bors --dice 1
  warlog ko cast Wyn Teleport Wyn --facing rear --dice 2
  warlog ko cast Wyn Rally Bors --dice 3`,
		Args:              cmdutil.MinArgs(2, "a CASTER and a SPELL"),
		ValidArgsFunction: completeFigureThen(app, kingsown.Spells),
		RunE: func(c *cobra.Command, args []string) error {
			x := o
			x.Caster, x.Spell, x.Targets = args[0], args[1], args[2:]
			return app.Act(c, game, x)
		},
	}
	c.Flags().StringVar(&o.Facing, "facing", "", "Teleport: the facing the target sets")
	c.Flags().BoolVar(&o.Rear, "rear", false, "Firebolt or Sparks from the rear")
	return c
}
