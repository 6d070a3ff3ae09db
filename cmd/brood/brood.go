// Package brood is the command tree `warlog brood ...`: Brood Mother's
// actions, its map and its catalogues. It parses the command line into the
// engine's commands and renders the engine's map; it holds no rules.
package brood

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"warlog/campaigns"
	"warlog/cmd/cmdutil"
	eng "warlog/engines/brood"
)

// game is the name of the game these commands belong to.
const game = "brood"

// NewCommand builds `warlog brood`.
func NewCommand(app *cmdutil.App) *cobra.Command {
	c := &cobra.Command{
		Use:   "brood",
		Short: "Brood Mother: spawn, grow, move and fight on the grid",
		Long: `Brood Mother on a square grid: two Mothers, each 3 x 3, feed on Plasmid
(+10 a turn, at most 50 banked), create spawns (1/1/2) inside their Sphere of
Influence, raise them, mutate them and fight with 2d6 until a Mother falls.

Start a game with:
  warlog campaign new Hive --game brood --mode standard
  warlog scenario start "game 1" --size 16 --mother red=3,3 --mother blue=14,14

Squares are X,Y from the top left. Spawns are named by the program (R1, R2 for
red) unless you give --name. Every action is the current player's; end it
with brood end-turn. Dice: attacker's 2d6 then defender's 2d6; give your own
with --dice.`,
		Example: `  warlog brood map
  warlog brood spawn 4,4
  warlog brood attack R1 B2 --end
  warlog brood end-turn`,
		Args: cmdutil.NoArgs,
	}
	c.AddCommand(
		newMapCommand(app),
		newSpawnCommand(app),
		newRaiseCommand(app),
		newMoveCommand(app),
		newAttackCommand(app),
		newMotherAttackCommand(app),
		newMotherMoveCommand(app),
		newAbsorbCommand(app),
		newRegenerateCommand(app),
		newMutateCommand(app),
		newEvolveCommand(app),
		newSubvertCommand(app),
		newEndTurnCommand(app),
		newCatalogueCommand(app, "mutations", "List the spawn mutations and what they do", eng.Mutations),
		newCatalogueCommand(app, "evolutions", "List the Mother's evolutions and what they do", eng.Evolutions),
		newCatalogueCommand(app, "rulings", "List how warlog decides the cases the rules leave open", eng.Rulings),
	)
	return c
}

// square parses X,Y as a usage error when malformed.
func square(s string) (int, int, error) {
	x, y, err := eng.ParseSquare(s)
	if err != nil {
		return 0, 0, &cmdutil.UsageError{Err: err}
	}
	return x, y, nil
}

// state loads the campaign's Brood state.
func state(ctx context.Context, app *cmdutil.App) (*eng.State, error) {
	st, err := app.Load(ctx)
	if err != nil {
		return nil, err
	}
	g, err := st.GameState()
	if err != nil {
		return nil, err
	}
	b, ok := g.(*eng.State)
	if !ok {
		return nil, &campaigns.WrongGameError{Campaign: st.Campaign.Name, Plays: st.Engine().Info(), Asked: eng.Engine.Info()}
	}
	return b, nil
}

// completeSpawns offers the names of the spawns on the board.
func completeSpawns(app *cmdutil.App) func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	return func(c *cobra.Command, _ []string, _ string) ([]string, cobra.ShellCompDirective) {
		s, err := state(c.Context(), app)
		if err != nil || s.Battle == nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		var out []string
		for _, p := range s.Battle.Living() {
			out = append(out, p.Name)
		}
		for _, m := range s.Battle.Mothers {
			out = append(out, m.Player)
		}
		return out, cobra.ShellCompDirectiveNoFileComp
	}
}

// completeSpawnThen offers a spawn, then the words second lists (a stat,
// a mutation), then nothing.
func completeSpawnThen(app *cmdutil.App, second []string) func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	spawns := completeSpawns(app)
	return func(c *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
		switch len(args) {
		case 0:
			return spawns(c, args, toComplete)
		case 1:
			return second, cobra.ShellCompDirectiveNoFileComp
		}
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
}

func newSpawnCommand(app *cmdutil.App) *cobra.Command {
	var name string
	c := &cobra.Command{
		Use:   "spawn X,Y",
		Short: "Create a spawn (5 Plasmid) on an empty square of the Sphere of Influence",
		Long: `Create a new 1/1/2 spawn for 5 Plasmid on an empty square inside your
Mother's Sphere of Influence, or next to one of your Plasmid Fonts. It cannot
move or attack until your next turn. A Mother who absorbed a spawn this turn
cannot create one.`,
		Example: `  warlog brood spawn 4,4
  warlog brood spawn 5,3 --name Grub`,
		Args: cmdutil.ExactArgs(1, "the square X,Y"),
		RunE: func(c *cobra.Command, args []string) error {
			x, y, err := square(args[0])
			if err != nil {
				return err
			}
			return app.Act(c, game, eng.Spawn{X: x, Y: y, Name: name})
		},
	}
	c.Flags().StringVar(&name, "name", "", "a name for the spawn (default: your letter and a number, e.g. R3)")
	return c
}

func newRaiseCommand(app *cmdutil.App) *cobra.Command {
	c := &cobra.Command{
		Use:   "raise SPAWN attack|defense|move [N]",
		Short: "Raise a spawn's stat by N (absorbed points first, then 1 Plasmid each)",
		Long: `Raise one stat of your spawn by N (default 1); no stat goes above 10.
Points the spawn absorbed by winning combats are spent first, anywhere; the
rest cost 1 Plasmid each and need the spawn within 1 square of your Mother
or of one of your Plasmid Fonts. A Font raises only its defense.`,
		Example: `  warlog brood raise R1 attack 3
  warlog brood raise R1 defense`,
		Args:              cmdutil.RangeArgs(2, 3, "SPAWN, a stat and an optional N"),
		ValidArgsFunction: completeSpawnThen(app, eng.Stats),
		RunE: func(c *cobra.Command, args []string) error {
			stat, ok := eng.NormStat(args[1])
			if !ok {
				return &cmdutil.UsageError{Err: fmt.Errorf("%q is no stat; write attack, defense or move", args[1]), Hint: "warlog brood raise --help"}
			}
			n := 1
			if len(args) == 3 {
				v, err := strconv.Atoi(args[2])
				if err != nil || v < 1 {
					return &cmdutil.UsageError{Err: fmt.Errorf("N %q: give a whole number of 1 or more", args[2])}
				}
				n = v
			}
			return app.Act(c, game, eng.Raise{Spawn: args[0], Stat: stat, N: n})
		},
	}
	return c
}

func newMoveCommand(app *cmdutil.App) *cobra.Command {
	return &cobra.Command{
		Use:   "move SPAWN X,Y",
		Short: "Move a spawn along the cheapest free path (diagonals 1-2-1)",
		Long: `Move your spawn to an empty square along the cheapest free path: straight
steps cost 1, diagonal steps 1, 2, 1, 2 ..., counted over the spawn's whole
turn (a second move goes on with the count). Spawns and Mothers block squares.
Leaving a square next to an enemy spawn provokes its Attack of Impunity (its
2d6 + attack against your 2d6 + defense; only your spawn can die). A spawn
may move then attack, or attack then move, not both around an attack unless
it has Spring Attack; a spawn made this turn may not move.`,
		Example:           `  warlog brood move R1 6,5`,
		Args:              cmdutil.ExactArgs(2, "SPAWN and a square X,Y"),
		ValidArgsFunction: completeSpawns(app),
		RunE: func(c *cobra.Command, args []string) error {
			x, y, err := square(args[1])
			if err != nil {
				return err
			}
			return app.Act(c, game, eng.Move{Spawn: args[0], X: x, Y: y})
		},
	}
}

func newAttackCommand(app *cmdutil.App) *cobra.Command {
	var counter, end bool
	c := &cobra.Command{
		Use:   "attack SPAWN TARGET",
		Short: "Attack an adjacent enemy spawn or Mother (2d6 + attack against 2d6 + defense)",
		Long: `Your spawn attacks an enemy spawn or an enemy Mother (name her by her
player) within 1 square; a Spore Slinger also shoots at 2 or 3 squares.
Dice: your 2d6, then the defender's 2d6. The lower total's spawn is removed
and the winner absorbs 3 points (spend them with brood raise). Against a
Mother, a higher total costs her 1 Life; a lower one loses your spawn.
On a tie the defender chooses: --counter (a counter-attack, 2d6 each more)
or --end. Without the choice a tie is refused and nothing is written; the
same dice come back when you repeat the command with it.`,
		Example: `  warlog brood attack R1 B2
  warlog brood attack R1 B2 --counter --dice 3,4,5,2,6,6,1,2
  warlog brood attack R1 blue --end`,
		Args:              cmdutil.ExactArgs(2, "SPAWN and a TARGET"),
		ValidArgsFunction: completeSpawns(app),
		RunE: func(c *cobra.Command, args []string) error {
			if counter && end {
				return &cmdutil.UsageError{Err: fmt.Errorf("--counter and --end are the two choices on a tie; give one")}
			}
			tie := ""
			if counter {
				tie = "counter"
			} else if end {
				tie = "end"
			}
			return app.Act(c, game, eng.Attack{Spawn: args[0], Target: args[1], OnTie: tie})
		},
	}
	c.Flags().BoolVar(&counter, "counter", false, "on a tie the defender counter-attacks")
	c.Flags().BoolVar(&end, "end", false, "on a tie the defender lets the combat end")
	return c
}

func newMotherAttackCommand(app *cmdutil.App) *cobra.Command {
	return &cobra.Command{
		Use:   "mother-attack [SPAWN...]",
		Short: "Your Mother fights every enemy spawn in her Sphere of Influence",
		Long: `Your Mother attacks once a turn: one combat against each enemy spawn in her
Sphere of Influence (her 2d6 + attack, then its 2d6 + defense), in the order
you name, the rest top row first. A spawn that loses is removed; a Mother who
loses suffers nothing. Her attack and defense are 10 (+3 with Fortify), +1 for
each of her spawns on the board.`,
		Example: `  warlog brood mother-attack
  warlog brood mother-attack B3 B1`,
		ValidArgsFunction: completeSpawns(app),
		RunE: func(c *cobra.Command, args []string) error {
			return app.Act(c, game, eng.MotherAttack{Order: args})
		},
	}
}

func newMotherMoveCommand(app *cmdutil.App) *cobra.Command {
	return &cobra.Command{
		Use:     "mother-move X,Y",
		Short:   "Move your levitating Mother's centre (Levitation: move 2)",
		Example: `  warlog brood mother-move 4,3`,
		Args:    cmdutil.ExactArgs(1, "her new centre X,Y"),
		RunE: func(c *cobra.Command, args []string) error {
			x, y, err := square(args[0])
			if err != nil {
				return err
			}
			return app.Act(c, game, eng.MotherMove{X: x, Y: y})
		},
	}
}

func newAbsorbCommand(app *cmdutil.App) *cobra.Command {
	return &cobra.Command{
		Use:   "absorb SPAWN",
		Short: "Your Mother absorbs an adjacent spawn she created: +5 Plasmid",
		Long: `Your Mother takes back a spawn she created that stands next to her, for 5
Plasmid (the bank still holds at most 50). She cannot absorb and create
spawns in the same turn.`,
		Example:           `  warlog brood absorb R2`,
		Args:              cmdutil.ExactArgs(1, "the SPAWN"),
		ValidArgsFunction: completeSpawns(app),
		RunE: func(c *cobra.Command, args []string) error {
			return app.Act(c, game, eng.Absorb{Spawn: args[0]})
		},
	}
}

func newRegenerateCommand(app *cmdutil.App) *cobra.Command {
	return &cobra.Command{
		Use:   "regenerate [N]",
		Short: "Buy N Life Points for your Mother (15, 10 or 5 Plasmid each by mode)",
		Long: `Your Mother regains N Life Points (default 1), never above 5. Each costs
15 Plasmid in a fast campaign, 10 in a standard one, 5 in a campaign one.`,
		Example: `  warlog brood regenerate
  warlog brood regenerate 2`,
		Args: cmdutil.RangeArgs(0, 1, "an optional N"),
		RunE: func(c *cobra.Command, args []string) error {
			n := 1
			if len(args) == 1 {
				v, err := strconv.Atoi(args[0])
				if err != nil || v < 1 {
					return &cmdutil.UsageError{Err: fmt.Errorf("N %q: give a whole number of 1 or more", args[0])}
				}
				n = v
			}
			return app.Act(c, game, eng.Regenerate{N: n})
		},
	}
}

func newMutateCommand(app *cmdutil.App) *cobra.Command {
	var at string
	c := &cobra.Command{
		Use:   "mutate SPAWN MUTATION",
		Short: "Give a spawn of 15 points (30 for a second) a mutation",
		Long: strings.Join(cmdutil.WordWrap(`A spawn whose attack + defense + move (without bonuses) reach 15 may take a `+
			`mutation, and a second one at 30, while it is in your Mother's Sphere of `+
			`Influence or next to your Plasmid Font, on your turn. Never the same twice. `+
			`The mutations (see brood mutations): `+catalogueNames(eng.Mutations)+`. `+
			`Mitosis puts the twin on --at X,Y (default: the first empty adjacent square).`, 78), "\n"),
		Example: `  warlog brood mutate R1 armor-piercer
  warlog brood mutate R2 mitosis --at 5,4`,
		Args:              cmdutil.ExactArgs(2, "SPAWN and a MUTATION"),
		ValidArgsFunction: completeSpawnThen(app, entryNames(eng.Mutations)),
		RunE: func(c *cobra.Command, args []string) error {
			m := eng.Mutate{Spawn: args[0], Mutation: eng.NormName(args[1])}
			if at != "" {
				x, y, err := square(at)
				if err != nil {
					return err
				}
				m.AtX, m.AtY = x, y
			}
			return app.Act(c, game, m)
		},
	}
	c.Flags().StringVar(&at, "at", "", "Mitosis: the square X,Y of the twin")
	return c
}

func newEvolveCommand(app *cmdutil.App) *cobra.Command {
	var font, proxy string
	c := &cobra.Command{
		Use:   "evolve EVOLUTION",
		Short: "Evolve your Mother for 25 Plasmid (two evolutions, each different)",
		Long: strings.Join(cmdutil.WordWrap(`Your Mother takes an evolution for 25 Plasmid; she takes at most two, never `+
			`the same one twice. The evolutions (see brood evolutions): `+catalogueNames(eng.Evolutions)+`. `+
			`Fontification needs --font NAME, the Plasmid Font it turns into a Proxy. A `+
			`Proxy may take one evolution of its own: --proxy NAME.`, 78), "\n"),
		Example: `  warlog brood evolve expand-influence
  warlog brood evolve fontification --font R4
  warlog brood evolve fortify --proxy R4`,
		Args:              cmdutil.ExactArgs(1, "the EVOLUTION"),
		ValidArgsFunction: cobra.FixedCompletions(entryNames(eng.Evolutions), cobra.ShellCompDirectiveNoFileComp),
		RunE: func(c *cobra.Command, args []string) error {
			return app.Act(c, game, eng.Evolve{Evolution: eng.NormName(args[0]), Font: font, Proxy: proxy})
		},
	}
	c.Flags().StringVar(&font, "font", "", "Fontification: the Plasmid Font to turn into a Brood Proxy")
	c.Flags().StringVar(&proxy, "proxy", "", "the Brood Proxy that takes the evolution (instead of the Mother)")
	return c
}

func newSubvertCommand(app *cmdutil.App) *cobra.Command {
	return &cobra.Command{
		Use:   "subvert SPAWN",
		Short: "Shoot a Seed of Subversion at an enemy spawn within 3 (10 Plasmid)",
		Long: `With the Subversion evolution your Mother pays 10 Plasmid and shoots her
one seed of the turn at an enemy spawn within 3 squares. Dice: her 2d6, then
the spawn's 2d6, no modifiers; if hers is higher the spawn changes sides.`,
		Example:           `  warlog brood subvert B2`,
		Args:              cmdutil.ExactArgs(1, "the enemy SPAWN"),
		ValidArgsFunction: completeSpawns(app),
		RunE: func(c *cobra.Command, args []string) error {
			return app.Act(c, game, eng.Subvert{Spawn: args[0]})
		},
	}
}

func newEndTurnCommand(app *cmdutil.App) *cobra.Command {
	return &cobra.Command{
		Use:   "end-turn",
		Short: "End your turn; the next player gains their Plasmid",
		Long: `End your turn. The next player's turn begins: +10 Plasmid (the bank holds
at most 50), +2 for each of their Plasmid Fonts and +3 for each Proxy, +1 Life
with Regenerate, then their Poison Carriers bite (which may roll dice for a
Retributive Strike).`,
		Example: `  warlog brood end-turn`,
		Args:    cmdutil.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			return app.Act(c, game, eng.EndTurn{})
		},
	}
}

func catalogueNames(list []eng.Entry) string { return strings.Join(entryNames(list), ", ") }

// entryNames are the names of a catalogue's entries, as commands take them.
func entryNames(list []eng.Entry) []string {
	var out []string
	for _, e := range list {
		out = append(out, e.Name)
	}
	return out
}

// catalogues are the mutations, evolutions and rulings as `warlog rules
// brood` shows them.
func catalogues() []cmdutil.Catalogue {
	cat := func(topic, short, what string, list []eng.Entry) cmdutil.Catalogue {
		rows := make([][]string, len(list))
		for i, e := range list {
			rows[i] = []string{e.Name, e.Text}
		}
		return cmdutil.Catalogue{Topic: topic, Short: short, Header: []string{what, "what it does"}, Keys: []string{"name", "text"}, Rows: rows}
	}
	return []cmdutil.Catalogue{
		turn(), combat(),
		cat("mutations", "the spawn mutations and what they do", "mutation", eng.Mutations),
		cat("evolutions", "the Mother's evolutions and what they do", "evolution", eng.Evolutions),
		cat("rulings", "how warlog decides the cases the rules leave open", "ruling", eng.Rulings),
	}
}

func newCatalogueCommand(app *cmdutil.App, use, short string, list []eng.Entry) *cobra.Command {
	return &cobra.Command{
		Use:     use,
		Short:   short,
		Example: "  warlog brood " + use + "\n  warlog brood " + use + " --json",
		Args:    cmdutil.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			if app.JSON {
				return app.PrintJSON(list)
			}
			for _, e := range list {
				fmt.Fprintln(app.Out, e.Name)
				for _, l := range cmdutil.WordWrap(e.Text, 74) {
					fmt.Fprintln(app.Out, "    "+l)
				}
			}
			return nil
		},
	}
}

// colour reports whether the map may use colour: a terminal, no NO_COLOR.
func colour(app *cmdutil.App) bool {
	if app.Getenv("NO_COLOR") != "" || app.Getenv("TERM") == "dumb" {
		return false
	}
	return app.OnTerminal()
}
