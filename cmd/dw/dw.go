// Package dw is `warlog dw`, the Deadwars commands: forces, the action dice
// and their spending, spells, and the scenarios' own steps. Each command
// builds a deadwars command value and hands it to the campaign service.
package dw

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"warlog/cmd/cmdutil"
	"warlog/engines/deadwars"
)

// game is the name of the game these commands belong to.
const game = "deadwars"

// NewCommand builds the `warlog dw` tree.
func NewCommand(app *cmdutil.App) *cobra.Command {
	c := &cobra.Command{
		Use:   "dw",
		Short: "Deadwars: build forces, roll and spend action dice, cast spells",
		Long: `Deadwars, a skirmish of the restless dead. Each player builds a force of one
clan: a free Champion (a Hero) and up to 7 points more (Soldier 1, Guard 2,
Hero 3). In a turn the player rolls 1 die per Soldier, 2 per Guard and 3 per
Hero in play and spends them: the clan's table says what each face gives.

  face       1     2       3       4       5       6
  Imhotep    Dash  Attack  Attack  Defend  Defend  Magic
  Dracula    Dash  Attack  Attack  Attack  Defend  Magic
  Davy Jones Dash  Dash    Attack  Attack  Defend  Magic

Any die moves a figure 2", a Dash die 4". Magic dice gather in a pool kept
between turns. Positions stay on the table: say base contact with --into
and --leave. Start and end battles with ` + "`warlog scenario start|end`" + `
(--brief soul-collectors|hunt-the-hunters|death-shrine|head-count).`,
		Example: `  warlog dw force Ann --clan dracula
  warlog dw recruit Ann Vlad --class wizard --champion
  warlog scenario start "game 1" --brief head-count
  warlog dw roll
  warlog dw attack Vlad Jack --die 2,3`,
		Args: cmdutil.NoArgs,
	}
	c.AddCommand(
		newForce(app), newRecruit(app), newRoll(app), newDouble(app),
		newMove(app, false), newMove(app, true), newContact(app),
		newAttack(app), newDefend(app), newCast(app), newCollect(app),
		newEndTurn(app), newHumans(app), newShrine(app),
	)
	for _, sub := range c.Commands() {
		switch sub.Name() {
		case "move", "dash", "contact", "attack", "defend", "cast", "collect":
			sub.ValidArgsFunction = completeFigures(app)
			if sub.Flags().Lookup("into") != nil {
				_ = sub.RegisterFlagCompletionFunc("into", func(c *cobra.Command, _ []string, _ string) ([]string, cobra.ShellCompDirective) {
					return figureNames(c, app), cobra.ShellCompDirectiveNoFileComp
				})
			}
		}
	}
	return c
}

// completeFigures completes figure names: the figures in play in the battle
// in progress, else every force's figures; spells for a cast's second word.
func completeFigures(app *cmdutil.App) cobra.CompletionFunc {
	return func(c *cobra.Command, args []string, _ string) ([]string, cobra.ShellCompDirective) {
		if c.Name() == "cast" && len(args) == 1 {
			return []string{"bolt", "curse", "heal", "boost"}, cobra.ShellCompDirectiveNoFileComp
		}
		return figureNames(c, app), cobra.ShellCompDirectiveNoFileComp
	}
}

func figureNames(c *cobra.Command, app *cmdutil.App) []string {
	ctx := c.Context()
	if ctx == nil {
		ctx = context.Background()
	}
	st, err := app.Load(ctx)
	if err != nil || st.Game == nil {
		return nil
	}
	s, ok := st.Game.(*deadwars.State)
	if !ok {
		return nil
	}
	var out []string
	if b := s.Current(); b != nil {
		for _, f := range b.Figures {
			if !f.Dead {
				out = append(out, f.Name)
			}
		}
		return out
	}
	for _, f := range s.Forces {
		for _, m := range f.Figures {
			out = append(out, m.Name)
		}
	}
	return out
}

func newForce(app *cmdutil.App) *cobra.Command {
	var clan string
	c := &cobra.Command{
		Use:   "force PLAYER --clan imhotep|dracula|davy-jones",
		Short: "Found a player's force of one clan",
		Long: `Found PLAYER's force. Every figure of a force is of its one clan; recruit
the figures with ` + "`warlog dw recruit`" + `.`,
		Example: `  warlog dw force Ann --clan dracula
  warlog dw force Ben --clan davy-jones`,
		Args: cmdutil.ExactArgs(1, "the PLAYER"),
		RunE: func(c *cobra.Command, args []string) error {
			if clan == "" {
				return &cmdutil.UsageError{Err: fmt.Errorf("give the force's clan with --clan imhotep|dracula|davy-jones"), Hint: "warlog dw force --help"}
			}
			return app.Act(c, game, deadwars.CreateForce{Player: args[0], Clan: clan})
		},
	}
	c.Flags().StringVar(&clan, "clan", "", "the clan: imhotep, dracula or davy-jones")
	_ = c.RegisterFlagCompletionFunc("clan", cobra.FixedCompletions(deadwars.Clans, cobra.ShellCompDirectiveNoFileComp))
	return c
}

func newRecruit(app *cmdutil.App) *cobra.Command {
	var r deadwars.Recruit
	c := &cobra.Command{
		Use:   "recruit PLAYER NAME --rank soldier|guard|hero --class CLASS [--champion]",
		Short: "Add a figure to a force",
		Long: `Add NAME to PLAYER's force. A force has exactly one Champion, a Hero of any
class who costs nothing (--champion; the rank may be left out), and up to 7
points besides: a Soldier costs 1 (1 wound, 1 attack a turn), a Guard 2
(2 and 2), a Hero 3 (3 and 3). Classes (range, hit, save):
fighter 0" 3+ 3+, berserker 0" 2+ 4+, skirmisher 6" 4+ 4+,
shooter 12" 5+ 5+, wizard 12" 6+ 6+. The Champion and Wizards cast spells.`,
		Example: `  warlog dw recruit Ann Vlad --class wizard --champion
  warlog dw recruit Ann Igor --rank guard --class berserker`,
		Args: cmdutil.ExactArgs(2, "PLAYER and NAME"),
		RunE: func(c *cobra.Command, args []string) error {
			r.Player, r.Name = args[0], args[1]
			if r.Class == "" || (r.Rank == "" && !r.Champion) {
				return &cmdutil.UsageError{Err: fmt.Errorf("give --class, and --rank unless it is the --champion"), Hint: "warlog dw recruit --help"}
			}
			return app.Act(c, game, r)
		},
	}
	c.Flags().StringVar(&r.Rank, "rank", "", "soldier, guard or hero")
	c.Flags().StringVar(&r.Class, "class", "", "fighter, berserker, skirmisher, shooter or wizard")
	c.Flags().BoolVar(&r.Champion, "champion", false, "the force's Champion (a Hero, free)")
	_ = c.RegisterFlagCompletionFunc("rank", cobra.FixedCompletions(deadwars.Ranks, cobra.ShellCompDirectiveNoFileComp))
	_ = c.RegisterFlagCompletionFunc("class", cobra.FixedCompletions(deadwars.Classes, cobra.ShellCompDirectiveNoFileComp))
	return c
}

func newRoll(app *cmdutil.App) *cobra.Command {
	return &cobra.Command{
		Use:   "roll [PLAYER]",
		Short: "Roll the active player's action dice",
		Long: `Roll the action dice of the player whose turn it is: 1 die per Soldier, 2 per
Guard and 3 per Hero in play. Magic faces go to the magic pool; the rest wait
to be spent this turn. Naming PLAYER checks that it is their turn.
Hand-entered dice: one face per die.`,
		Example: `  warlog dw roll
  warlog dw roll Ann --dice 1,2,3,3,5,6`,
		Args: cmdutil.RangeArgs(0, 1, "at most the PLAYER"),
		RunE: func(c *cobra.Command, args []string) error {
			cmd := deadwars.RollDice{}
			if len(args) == 1 {
				cmd.Player = args[0]
			}
			return app.Act(c, game, cmd)
		},
	}
}

func newDouble(app *cmdutil.App) *cobra.Command {
	var to int
	c := &cobra.Command{
		Use:   "double FACE --to N",
		Short: "Change two unspent dice of the same face into one die of any face",
		Long: `Change a double of this turn's roll, two unspent dice showing FACE, into one
die showing N. A pair of 6s is a double too while both are still in the
magic pool in the turn they were rolled (6s kept from earlier turns are
spent first). A die changed into a 6 goes to the magic pool.`,
		Example: `  warlog dw double 3 --to 1
  warlog dw double 5 --to 6
  warlog dw double 6 --to 2`,
		Args: cmdutil.ExactArgs(1, "the FACE of the pair"),
		RunE: func(c *cobra.Command, args []string) error {
			face, err := dieArg(args[0])
			if err != nil {
				return err
			}
			if to == 0 {
				return &cmdutil.UsageError{Err: fmt.Errorf("give the new face with --to N"), Hint: "warlog dw double --help"}
			}
			return app.Act(c, game, deadwars.Double{Face: face, To: to})
		},
	}
	c.Flags().IntVar(&to, "to", 0, "the face of the one die the pair becomes")
	return c
}

func dieArg(s string) (int, error) {
	v, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil {
		return 0, &cmdutil.UsageError{Err: fmt.Errorf("%q is not a die face; give a number 1 to 6", s)}
	}
	return v, nil
}

func newMove(app *cmdutil.App, dash bool) *cobra.Command {
	var m deadwars.Move
	use, short, long, ex := "move FIGURE --die N [--into ENEMY] [--leave]", "Move a figure 2\" on any unspent die",
		`Spend any unspent die (a 6 comes from the magic pool) to move FIGURE 2".`,
		`  warlog dw move Igor --die 5
  warlog dw move Igor --die 2 --into Jack`
	if dash {
		use, short, long, ex = "dash FIGURE --die N [--into ENEMY] [--leave]", "Move a figure 4\" on a Dash die",
			`Spend a Dash die to move FIGURE 4". A figure that dashes out of base contact
gives the enemies it leaves no free attacks.`,
			`  warlog dw dash Vlad --die 1
  warlog dw dash Vlad --die 1 --leave`
	}
	c := &cobra.Command{
		Use:   use,
		Short: short,
		Long: long + `
--into ENEMY: the move ends in base contact with ENEMY, and FIGURE gets a free
attack on it (warlog dw attack FIGURE ENEMY --free). --leave: FIGURE moves out
of base contact with every enemy it touches; after a move (not a dash) each of
them gets a free attack on FIGURE, and FIGURE cannot enter base contact again
this turn.`,
		Example: ex,
		Args:    cmdutil.ExactArgs(1, "the FIGURE"),
		RunE: func(c *cobra.Command, args []string) error {
			m.Figure = args[0]
			if m.Die == 0 {
				return &cmdutil.UsageError{Err: fmt.Errorf("give the die to spend with --die N"), Hint: c.CommandPath() + " --help"}
			}
			if dash {
				return app.Act(c, game, deadwars.Dash(m))
			}
			return app.Act(c, game, m)
		},
	}
	c.Flags().IntVar(&m.Die, "die", 0, "the face of the unspent die to spend")
	c.Flags().StringVar(&m.Into, "into", "", "the enemy the move ends in base contact with")
	c.Flags().BoolVar(&m.Leave, "leave", false, "the figure moves out of base contact with the enemies it touches")
	return c
}

func newContact(app *cmdutil.App) *cobra.Command {
	var apart bool
	c := &cobra.Command{
		Use:   "contact FIGURE ENEMY [--apart]",
		Short: "Set base contact as the table shows it",
		Long: `Record that FIGURE and ENEMY stand in base contact (or, with --apart, no
longer do) when no move recorded it, for instance a figure placed there. It
spends nothing and grants no free attack.`,
		Example: `  warlog dw contact Igor Jack
  warlog dw contact Igor Jack --apart`,
		Args: cmdutil.ExactArgs(2, "FIGURE and ENEMY"),
		RunE: func(c *cobra.Command, args []string) error {
			return app.Act(c, game, deadwars.Contact{A: args[0], B: args[1], Apart: apart})
		},
	}
	c.Flags().BoolVar(&apart, "apart", false, "they are no longer in base contact")
	return c
}

func newAttack(app *cmdutil.App) *cobra.Command {
	var a deadwars.Attack
	var dice string
	c := &cobra.Command{
		Use:   "attack FIGURE TARGET --die N[,N...] | --free",
		Short: "Attack an enemy with one or more Attack dice, or a free attack",
		Long: `FIGURE attacks TARGET. Several Attack dice make one attack with +1 to hit for
each die after the first. Hit on FIGURE's class number, save on TARGET's; a
natural 6 to hit gives -1 to the save, each Defend counter +1; a natural 1
always fails and a natural 6 always succeeds. A failed save is a wound.
Soldiers attack once a turn, Guards twice, Heroes three times; --free attacks
(from base contact moves) spend no die and do not count.
Hand-entered dice: the hit roll, then the save roll if it hits.`,
		Example: `  warlog dw attack Igor Jack --die 3
  warlog dw attack Vlad Jack --die 2,3,4 --dice 4,2
  warlog dw attack Igor Jack --free`,
		Args: cmdutil.ExactArgs(2, "FIGURE and TARGET"),
		RunE: func(c *cobra.Command, args []string) error {
			a.Figure, a.Target = args[0], args[1]
			if dice != "" {
				v, err := facesArg(dice)
				if err != nil {
					return err
				}
				a.Dice = v
			}
			if !a.Free && len(a.Dice) == 0 {
				return &cmdutil.UsageError{Err: fmt.Errorf("give the Attack dice with --die N[,N...], or --free"), Hint: "warlog dw attack --help"}
			}
			return app.Act(c, game, a)
		},
	}
	c.Flags().StringVar(&dice, "die", "", "the faces of the Attack dice to spend, comma-separated")
	c.Flags().BoolVar(&a.Free, "free", false, "a free attack: no die, not counted")
	return c
}

func facesArg(s string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(s, ",") {
		v, err := dieArg(f)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, nil
}

func newDefend(app *cmdutil.App) *cobra.Command {
	var d deadwars.Defend
	c := &cobra.Command{
		Use:     "defend FIGURE --die N",
		Short:   "Spend a Defend die: +1 to the figure's saves until it saves",
		Example: `  warlog dw defend Vlad --die 5`,
		Args:    cmdutil.ExactArgs(1, "the FIGURE"),
		RunE: func(c *cobra.Command, args []string) error {
			d.Figure = args[0]
			if d.Die == 0 {
				return &cmdutil.UsageError{Err: fmt.Errorf("give the Defend die with --die N"), Hint: "warlog dw defend --help"}
			}
			return app.Act(c, game, d)
		},
	}
	c.Flags().IntVar(&d.Die, "die", 0, "the face of the Defend die to spend")
	return c
}

func newCast(app *cmdutil.App) *cobra.Command {
	var cs deadwars.Cast
	c := &cobra.Command{
		Use:   "cast CASTER bolt|curse|heal|boost TARGET",
		Short: "Cast a spell from the magic pool",
		Long: `CASTER (the Champion or a Wizard) spends magic dice from the pool:
  bolt  (1) an enemy within 6" is hit on 4+ and saves only on a 6
  curse (2) an enemy within 6" takes a wound
  heal  (2) a friend within 6" gets a wound back
  boost (1) a friend or an enemy moves 3", a move, not a dash: --into and
            --leave as for move, with their free attacks
Hand-entered dice (bolt only): the hit roll, then the save roll if it hits.`,
		Example: `  warlog dw cast Vlad bolt Jack --dice 5,2
  warlog dw cast Vlad heal Igor
  warlog dw cast Vlad boost Igor --into Jack`,
		Args: cmdutil.RangeArgs(2, 3, "CASTER, the spell and its TARGET"),
		RunE: func(c *cobra.Command, args []string) error {
			cs.Caster, cs.Spell = args[0], args[1]
			if len(args) == 3 {
				cs.Target = args[2]
			}
			return app.Act(c, game, cs)
		},
	}
	c.Flags().StringVar(&cs.Into, "into", "", "boost: the figure ends in base contact with this enemy")
	c.Flags().BoolVar(&cs.Leave, "leave", false, "boost: the figure moves out of base contact")
	return c
}

func newCollect(app *cmdutil.App) *cobra.Command {
	var dice string
	c := &cobra.Command{
		Use:   "collect FIGURE --die N[,N...]",
		Short: "Soul Collectors: attack a Soul in base contact to collect it",
		Long: `FIGURE, in base contact with a Soul, spends Attack dice on it: a hit on its
class number collects the Soul (no save). It counts as one of its attacks.
Hand-entered dice: the hit roll.`,
		Example: `  warlog dw collect Igor --die 3
  warlog dw collect Vlad --die 2,4 --dice 5`,
		Args: cmdutil.ExactArgs(1, "the FIGURE"),
		RunE: func(c *cobra.Command, args []string) error {
			if dice == "" {
				return &cmdutil.UsageError{Err: fmt.Errorf("give the Attack dice with --die N[,N...]"), Hint: "warlog dw collect --help"}
			}
			v, err := facesArg(dice)
			if err != nil {
				return err
			}
			return app.Act(c, game, deadwars.Collect{Figure: args[0], Dice: v})
		},
	}
	c.Flags().StringVar(&dice, "die", "", "the faces of the Attack dice to spend")
	return c
}

func newEndTurn(app *cmdutil.App) *cobra.Command {
	return &cobra.Command{
		Use:   "end-turn [PLAYER]",
		Short: "End the active player's turn",
		Long: `End the turn: unspent dice are lost, the magic pool stays. After both
players have had a turn the next turn begins; in Hunt the Hunters the Humans
attack first (warlog dw humans). After 6 turns each the scenario ends.
Soul Collectors: hand-entered dice are one drift die per Soul left.`,
		Example: `  warlog dw end-turn
  warlog dw end-turn Ann`,
		Args: cmdutil.RangeArgs(0, 1, "at most the PLAYER"),
		RunE: func(c *cobra.Command, args []string) error {
			cmd := deadwars.EndTurn{}
			if len(args) == 1 {
				cmd.Player = args[0]
			}
			return app.Act(c, game, cmd)
		},
	}
}

func newHumans(app *cmdutil.App) *cobra.Command {
	return &cobra.Command{
		Use:   "humans HUMAN=FIGURE...",
		Short: "Hunt the Hunters: the Humans attack after both players' turns",
		Long: `After both players' turns each living Human moves 4" toward the nearest figure
and attacks it: name its target for every living Human (by number or name),
or - when it reaches no one. Hand-entered dice: for each attacking Human in
number order, the hit roll, then the save roll if it hits.`,
		Example: `  warlog dw humans 1=Vlad 2=Igor 3=- 4=Jack 5=- 6=- 7=-`,
		Args:    cmdutil.MinArgs(1, "HUMAN=FIGURE for each living Human"),
		RunE: func(c *cobra.Command, args []string) error {
			var h deadwars.Humans
			for _, a := range args {
				k, v, ok := strings.Cut(a, "=")
				if !ok {
					return &cmdutil.UsageError{Err: fmt.Errorf("%q: write HUMAN=FIGURE, e.g. 1=Vlad, or 1=- for no attack", a)}
				}
				h.Targets = append(h.Targets, deadwars.HumanTarget{Human: k, Target: v})
			}
			return app.Act(c, game, h)
		},
	}
}

func newShrine(app *cmdutil.App) *cobra.Command {
	return &cobra.Command{
		Use:   "shrine PLAYER=N PLAYER=N",
		Short: "Death Shrine: enter each player's figures within 3\" of the shrine",
		Long: `After both players have had 6 turns, count each player's figures within 3"
of the shrine; the most wins, equal counts draw.`,
		Example: `  warlog dw shrine Ann=3 Ben=2`,
		Args:    cmdutil.ExactArgs(2, "PLAYER=N for both players"),
		RunE: func(c *cobra.Command, args []string) error {
			var s deadwars.Shrine
			for _, a := range args {
				k, v, ok := strings.Cut(a, "=")
				n, err := strconv.Atoi(v)
				if !ok || err != nil {
					return &cmdutil.UsageError{Err: fmt.Errorf("%q: write PLAYER=N, e.g. Ann=3", a)}
				}
				s.Counts = append(s.Counts, deadwars.ShrineCount{Player: k, Count: n})
			}
			return app.Act(c, game, s)
		},
	}
}
