// Package rc is the command tree of Reincardnated: `warlog rc ...`. It
// parses flags into the engine's commands and prints what they did; the
// rules live in engines/reincardnated.
package rc

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"warlog/cmd/cmdutil"
	"warlog/engines"
	rcg "warlog/engines/reincardnated"
)

// game is the engine's name, for app.Do.
const game = "reincardnated"

// NewCommand builds `warlog rc` and its subcommands.
func NewCommand(app *cmdutil.App) *cobra.Command {
	c := &cobra.Command{
		Use:   "rc",
		Short: "Reincardnated: lifelines, Karma, Life Purposes and scores",
		Long: `Reincardnated actions for the current campaign. A game starts with
  warlog scenario start NAME --players A,B,C   (turn order)
and ends, after the last turns that follow the Human Form (or when the Beings
run out), with
  warlog scenario end                          (every score, line by line)

A turn is two actions: the first may only play Karma; the second plays Karma
or incarnates a Being from the pool. Then ` + "`warlog rc end-turn`" + ` applies the hand
limit of 7 and passes the turn. Beings are entered by name; give the type the
first time (--type), the campaign remembers it. Players and Beings may be
named by any unique prefix. Starters can never be targeted.`,
		Example: `  warlog scenario start Friday --players Ann,Ben,Cas,Dee
  warlog rc incarnate Ann Clownfish --type marine --preferred
  warlog rc play Ben death Ann Clownfish
  warlog rc end-turn
  warlog rc score`,
		Args: cmdutil.NoArgs,
	}
	c.AddCommand(
		newStarter(app), newIncarnate(app), newGain(app),
		newLife(app, "kill"), newLife(app, "rebirth"), newLife(app, "void"), newLife(app, "activate"),
		newHuman(app), newPlay(app), newCount(app, "draw"), newCount(app, "discard"),
		newPool(app), newEndTurn(app), newPurpose(app), newGoal(app),
		newScore(app), newKarma(app), newBeings(app),
	)
	return c
}

// cardFlags are the flags that describe a Being card entering play.
type cardFlags struct {
	typ, incarnates string
	human           bool
}

func (f *cardFlags) add(c *cobra.Command) {
	c.Flags().StringVar(&f.typ, "type", "", "the Being's type, the first time it is played: plant, insect, bird, reptile, marine, mammal")
	c.Flags().StringVar(&f.incarnates, "incarnates", "", "the Being card's own incarnation types PREFERRED,LOWER (e.g. bird,marine)")
	c.Flags().BoolVar(&f.human, "human", false, "the Being card allows the Human Form (mammals always do)")
	_ = c.RegisterFlagCompletionFunc("type", cobra.FixedCompletions(rcg.Types, cobra.ShellCompDirectiveNoFileComp))
}

func (f *cardFlags) info() (rcg.CardInfo, error) {
	ci := rcg.CardInfo{Type: f.typ, Human: f.human}
	if f.incarnates != "" {
		pref, lower, ok := strings.Cut(f.incarnates, ",")
		if !ok || strings.TrimSpace(pref) == "" || strings.TrimSpace(lower) == "" {
			return ci, &cmdutil.UsageError{Err: fmt.Errorf("--incarnates %q: give PREFERRED,LOWER, e.g. --incarnates bird,marine", f.incarnates)}
		}
		ci.Prefers, ci.Lower = strings.TrimSpace(pref), strings.TrimSpace(lower)
	}
	return ci, nil
}

// state loads the current campaign's Reincardnated state.
func state(ctx context.Context, app *cmdutil.App) (*rcg.State, error) {
	s, _, err := stateNamed(ctx, app)
	return s, err
}

// stateNamed is state with the campaign's name.
func stateNamed(ctx context.Context, app *cmdutil.App) (*rcg.State, string, error) {
	st, err := app.Load(ctx)
	if err != nil {
		return nil, "", err
	}
	if st.Campaign.Game != game {
		return nil, "", fmt.Errorf("campaign %q does not play Reincardnated; `warlog rc` is for Reincardnated campaigns", st.Campaign.Name)
	}
	g, err := st.GameState()
	if err != nil {
		return nil, "", err
	}
	s, ok := g.(*rcg.State)
	if !ok {
		return nil, "", fmt.Errorf("campaign %q: unexpected state %T", st.Campaign.Name, g)
	}
	return s, st.Campaign.Name, nil
}

// complete offers players for the first argument and, when beings is set,
// the Beings of the named player's Lifeline for the second.
func complete(app *cmdutil.App, beings bool) func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	return func(c *cobra.Command, args []string, _ string) ([]string, cobra.ShellCompDirective) {
		s, err := state(c.Context(), app)
		if len(args) == 1 && beings && err == nil {
			return s.Lifeline(args[0]), cobra.ShellCompDirectiveNoFileComp
		}
		return completeWith(s, err, args)
	}
}

// completeWith offers the players for the first argument.
func completeWith(s *rcg.State, err error, args []string) ([]string, cobra.ShellCompDirective) {
	if err != nil || len(args) > 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	return s.Players(), cobra.ShellCompDirectiveNoFileComp
}

func newStarter(app *cmdutil.App) *cobra.Command {
	var f cardFlags
	c := &cobra.Command{
		Use:   "starter PLAYER NAME",
		Short: "Name a player's Starter Being and the types it incarnates into",
		Long: `Name a player's Starter Being (a plant) and, with --incarnates, the types it
incarnates into: preferred (2 Karma) and lower (1 Karma), neither of them plant
(another plant is always a lateral incarnation). Without it the program learns
them from the first incarnation declared --preferred or --lower.`,
		Example: `  warlog rc starter Ann Fern --incarnates insect,reptile`,
		Args:    cmdutil.ExactArgs(2, "PLAYER and the Starter's NAME"),
		RunE: func(c *cobra.Command, args []string) error {
			ci, err := f.info()
			if err != nil {
				return err
			}
			return app.Act(c, game, rcg.Starter{Player: args[0], Name: args[1], CardInfo: ci})
		},
		ValidArgsFunction: complete(app, false),
	}
	f.add(c)
	return c
}

func newIncarnate(app *cmdutil.App) *cobra.Command {
	var f cardFlags
	var preferred, lower, lateral bool
	c := &cobra.Command{
		Use:   "incarnate PLAYER BEING",
		Short: "Incarnate a Being from the pool as the turn's second action; Karma is drawn",
		Long: `Incarnate a Being from the Being pool: it joins the player's Lifeline at the
right and becomes active, the pool spot is refilled, and Karma is drawn by the
kind of incarnation the active Being allowed: preferred type 2, lower type 1,
its own type (lateral) 0, whatever is declared. This is the turn's second
action and ends the turn's actions. The kind is worked out from the active
Being's card when the campaign knows it; otherwise say it with --preferred or
--lower, and the card is remembered. A type the active Being cannot take is
refused.`,
		Example: `  warlog rc incarnate Ann Clownfish --type marine --preferred
  warlog rc incarnate Ben "Praying Mantis" --type insect --incarnates bird,reptile --lower
  warlog rc incarnate Cas Ant --lateral`,
		Args: cmdutil.ExactArgs(2, "PLAYER and BEING"),
		RunE: func(c *cobra.Command, args []string) error {
			ci, err := f.info()
			if err != nil {
				return err
			}
			kind := ""
			n := 0
			for k, v := range map[string]bool{"preferred": preferred, "lower": lower, "lateral": lateral} {
				if v {
					kind, n = k, n+1
				}
			}
			if n > 1 {
				return &cmdutil.UsageError{Err: fmt.Errorf("give at most one of --preferred, --lower, --lateral"), Hint: "warlog rc incarnate --help"}
			}
			return app.Act(c, game, rcg.Incarnate{Player: args[0], Being: args[1], CardInfo: ci, Kind: kind})
		},
		ValidArgsFunction: complete(app, false),
	}
	f.add(c)
	c.Flags().BoolVar(&preferred, "preferred", false, "the active Being's preferred type: 2 Karma")
	c.Flags().BoolVar(&lower, "lower", false, "the active Being's lower type: 1 Karma")
	c.Flags().BoolVar(&lateral, "lateral", false, "the active Being's own type: no Karma")
	return c
}

func newGain(app *cmdutil.App) *cobra.Command {
	var f cardFlags
	c := &cobra.Command{
		Use:   "gain PLAYER BEING",
		Short: "A Being gained by an ability: from the pool or from another Lifeline; no Karma",
		Long: `A Being gained by an ability ("gain control of ..."): taken from the pool, or
from another player's Lifeline when it lies there (dead or alive, as it is).
It joins the Lifeline at the right; no Karma is drawn.`,
		Example: `  warlog rc gain Ann Penguin --type bird
  warlog rc gain Ben Clownfish`,
		Args: cmdutil.ExactArgs(2, "PLAYER and BEING"),
		RunE: func(c *cobra.Command, args []string) error {
			ci, err := f.info()
			if err != nil {
				return err
			}
			return app.Act(c, game, rcg.Gain{Player: args[0], Being: args[1], CardInfo: ci})
		},
		ValidArgsFunction: complete(app, false),
	}
	f.add(c)
	return c
}

func newLife(app *cmdutil.App, verb string) *cobra.Command {
	short := map[string]string{
		"kill":     "Kill a Being of a Lifeline by an ability (it stays in its spot, dead)",
		"rebirth":  "Bring a dead Being back to life by an ability",
		"void":     "Put a Being of a Lifeline back into the pool by an ability",
		"activate": "Make a living Being active by an ability (it moves to the rightmost spot)",
	}[verb]
	c := &cobra.Command{
		Use:   verb + " PLAYER BEING",
		Short: short,
		Long: short + `.
This is for Being abilities; the Karma cards are played with ` + "`warlog rc play`" + `.
The active Being is always the rightmost living one. Starters are never targets.`,
		Example: fmt.Sprintf("  warlog rc %s Ann Caterpillar", verb),
		Args:    cmdutil.ExactArgs(2, "PLAYER and BEING"),
		RunE: func(c *cobra.Command, args []string) error {
			var cmd engines.Command
			switch verb {
			case "kill":
				cmd = rcg.Kill{Player: args[0], Being: args[1]}
			case "rebirth":
				cmd = rcg.Rebirth{Player: args[0], Being: args[1]}
			case "void":
				cmd = rcg.Void{Player: args[0], Being: args[1]}
			default:
				cmd = rcg.Activate{Player: args[0], Being: args[1]}
			}
			return app.Act(c, game, cmd)
		},
		ValidArgsFunction: complete(app, true),
	}
	return c
}

func newHuman(app *cmdutil.App) *cobra.Command {
	var allows bool
	c := &cobra.Command{
		Use:   "human PLAYER",
		Short: "Incarnate the Human Form: +5, then one last turn for every other player",
		Long: `Incarnate the Human Form as the turn's second action. It needs at least 6
Beings in the Lifeline besides the Starter and an active Being that allows it
(every mammal; another card that says so: --allows). There is one Human Form:
the first to take it adds 5 to the score, and every other player then has one
last turn.`,
		Example: `  warlog rc human Ann
  warlog rc human Ben --allows`,
		Args: cmdutil.ExactArgs(1, "PLAYER"),
		RunE: func(c *cobra.Command, args []string) error {
			return app.Act(c, game, rcg.Human{Player: args[0], Allows: allows})
		},
		ValidArgsFunction: complete(app, false),
	}
	c.Flags().BoolVar(&allows, "allows", false, "the active Being's card allows the Human Form (remembered)")
	return c
}

func karmaList() string {
	var b strings.Builder
	for _, k := range rcg.Karmas {
		// The summary column wraps under itself within 80 columns.
		fmt.Fprintln(&b, cmdutil.WrapTo(80, fmt.Sprintf("  %-36s %s", k.Usage(), k.Summary), strings.Repeat(" ", 39)))
	}
	return b.String()
}

func newPlay(app *cmdutil.App) *cobra.Command {
	var f cardFlags
	var choose []string
	var extra bool
	c := &cobra.Command{
		Use:   "play PLAYER KARMA [ARGS...]",
		Short: "Play a Karma card from a player's hand",
		Long: `Play a Karma card. The player whose turn it is plays it as the turn's next
action (two per turn; incarnating is the second); Lesson Learned and Sympathy
are played by another player during someone else's turn. A Karma that brings
in a new Being takes --type the first time. The cards and their arguments:

` + karmaList(),
		Example: `  warlog rc play Ann anew 2
  warlog rc play Ben change-destiny Ann bird=2
  warlog rc play Cas death Ann Clownfish
  warlog rc play Ann lesson-learned
  warlog rc play Dee epiphany "Whale Shark" --type marine
  warlog rc play Ann synchronize mammal --choose Ben=Lion
  warlog rc play Ann enlightened Ben --extra`,
		Args: cmdutil.MinArgs(2, "PLAYER and KARMA"),
		RunE: func(c *cobra.Command, args []string) error {
			ci, err := f.info()
			if err != nil {
				return err
			}
			p := rcg.Play{Player: args[0], Karma: args[1], Args: args[2:], CardInfo: ci, Extra: extra}
			for _, ch := range choose {
				k, v, ok := strings.Cut(ch, "=")
				if !ok {
					return &cmdutil.UsageError{Err: fmt.Errorf("--choose %q: give PLAYER=BEING", ch)}
				}
				if p.Choose == nil {
					p.Choose = map[string]string{}
				}
				p.Choose[strings.TrimSpace(k)] = strings.TrimSpace(v)
			}
			return app.Act(c, game, p)
		},
		ValidArgsFunction: func(c *cobra.Command, args []string, s string) ([]string, cobra.ShellCompDirective) {
			if len(args) == 1 {
				return rcg.KarmaKeys(), cobra.ShellCompDirectiveNoFileComp
			}
			st, err := state(c.Context(), app)
			if err != nil || len(args) == 0 {
				return completeWith(st, err, args)
			}
			key, _ := rcg.FindKarma(args[1])
			switch {
			case len(args) == 2 && (key == rcg.Regress || key == rcg.Sympathy || key == rcg.Substitute):
				return st.Lifeline(args[0]), cobra.ShellCompDirectiveNoFileComp
			case len(args) == 2 && key != rcg.Anew && key != rcg.Replenish && key != rcg.Synchronize:
				return st.Players(), cobra.ShellCompDirectiveNoFileComp
			case len(args) == 3 && (key == rcg.KarmaDeath || key == rcg.KarmaRebirth || key == rcg.VoidCard || key == rcg.Volition):
				return st.Lifeline(args[2]), cobra.ShellCompDirectiveNoFileComp
			case len(args) == 2 && key == rcg.Synchronize:
				return rcg.Types, cobra.ShellCompDirectiveNoFileComp
			}
			return nil, cobra.ShellCompDirectiveNoFileComp
		},
	}
	f.add(c)
	c.Flags().StringArrayVar(&choose, "choose", nil, "Synchronize: PLAYER=BEING, the living Being a player makes active (default the rightmost of the type)")
	c.Flags().BoolVar(&extra, "extra", false, "an extra Karma an ability allows after the turn's two actions")
	return c
}

func newCount(app *cmdutil.App, verb string) *cobra.Command {
	short := "Draw Karma by an ability"
	if verb == "discard" {
		short = "Discard Karma by an ability"
	}
	return &cobra.Command{
		Use:     verb + " PLAYER N",
		Short:   short,
		Long:    cmdutil.WrapTo(78, short+". Hands are tracked by count; the decks and discard pile follow.", ""),
		Example: fmt.Sprintf("  warlog rc %s Ann 1", verb),
		Args:    cmdutil.ExactArgs(2, "PLAYER and a count N"),
		RunE: func(c *cobra.Command, args []string) error {
			n, err := strconv.Atoi(args[1])
			if err != nil {
				return &cmdutil.UsageError{Err: fmt.Errorf("%q is not a whole number of cards", args[1])}
			}
			if verb == "draw" {
				return app.Act(c, game, rcg.Draw{Player: args[0], Count: n})
			}
			return app.Act(c, game, rcg.Discard{Player: args[0], Count: n})
		},
		ValidArgsFunction: complete(app, false),
	}
}

func newPool(app *cmdutil.App) *cobra.Command {
	var deck, hidden, visible, karmaDeck, discard int
	c := &cobra.Command{
		Use:   "pool",
		Short: "Correct the counts of the Being pool and the decks to what the table shows",
		Long: `Correct the counts the program keeps: the Beings deck, the Beings hidden under
the pool, the face-up Beings of the pool (8 at most), the Karma deck and the
Karma discard pile. Only the counts given change.`,
		Example: `  warlog rc pool --deck 40 --hidden 2
  warlog rc pool --karma-deck 30 --discard 12`,
		Args: cmdutil.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			var p rcg.Pool
			fl := c.Flags()
			if fl.Changed("deck") {
				p.Deck = &deck
			}
			if fl.Changed("hidden") {
				p.Hidden = &hidden
			}
			if fl.Changed("visible") {
				p.Visible = &visible
			}
			if fl.Changed("karma-deck") {
				p.KarmaDeck = &karmaDeck
			}
			if fl.Changed("discard") {
				p.Discard = &discard
			}
			return app.Act(c, game, p)
		},
	}
	c.Flags().IntVar(&deck, "deck", 0, "Beings in the deck")
	c.Flags().IntVar(&hidden, "hidden", 0, "Beings hidden under the pool")
	c.Flags().IntVar(&visible, "visible", 0, "face-up Beings of the pool")
	c.Flags().IntVar(&karmaDeck, "karma-deck", 0, "cards in the Karma deck")
	c.Flags().IntVar(&discard, "discard", 0, "cards in the Karma discard pile")
	return c
}

func newEndTurn(app *cmdutil.App) *cobra.Command {
	return &cobra.Command{
		Use:   "end-turn [PLAYER]",
		Short: "End the turn: the hand limit of 7, then the next player",
		Long: `End the current player's turn: a hand over 7 Karma is discarded down to 7,
and the next player in turn order begins. After the Human Form, each other
player's turn is a last turn; after the last one the game is over. Giving
PLAYER checks that it is their turn.`,
		Example: `  warlog rc end-turn
  warlog rc end-turn Ann`,
		Args: cmdutil.RangeArgs(0, 1, "at most the PLAYER whose turn ends"),
		RunE: func(c *cobra.Command, args []string) error {
			e := rcg.EndTurn{}
			if len(args) == 1 {
				e.Player = args[0]
			}
			return app.Act(c, game, e)
		},
		ValidArgsFunction: complete(app, false),
	}
}

func newPurpose(app *cmdutil.App) *cobra.Command {
	var types, goals []string
	var death int
	c := &cobra.Command{
		Use:   "purpose PLAYER --type TYPE=N ... --death N [--goal \"TEXT=BONUS\" ...]",
		Short: "Enter a player's Life Purpose as revealed",
		Long: `Enter a player's Life Purpose when it is revealed: the score of each living
Being of a type (--type, once per type on the card), the Death score of each
dead Being, and each Life Goal with its bonus (--goal "TEXT=BONUS"; mark it
with ` + "`warlog rc goal`" + `, or add =met: --goal "TEXT=BONUS=met"). Types not on the
card score 1. Entering it again replaces it.`,
		Example: `  warlog rc purpose Ann --type marine=3 --type bird=2 --death 1 --goal "control 2 or more plants=4"`,
		Args:    cmdutil.ExactArgs(1, "PLAYER"),
		RunE: func(c *cobra.Command, args []string) error {
			p := rcg.Purpose{Player: args[0], Death: death, Types: map[string]int{}}
			for _, t := range types {
				k, v, ok := strings.Cut(t, "=")
				n, err := strconv.Atoi(strings.TrimSpace(v))
				if !ok || err != nil {
					return &cmdutil.UsageError{Err: fmt.Errorf("--type %q: give TYPE=N, e.g. --type marine=3", t)}
				}
				k = strings.ToLower(strings.TrimSpace(k))
				if _, dup := p.Types[k]; dup {
					return &cmdutil.UsageError{Err: fmt.Errorf("--type %s is given twice", k)}
				}
				p.Types[k] = n
			}
			for _, gl := range goals {
				met := false
				if s, ok := strings.CutSuffix(gl, "=met"); ok {
					gl, met = s, true
				}
				i := strings.LastIndex(gl, "=")
				n, err := strconv.Atoi(strings.TrimSpace(gl[i+1:]))
				if i < 0 || err != nil {
					return &cmdutil.UsageError{Err: fmt.Errorf("--goal %q: give TEXT=BONUS, e.g. --goal \"control 2 or more plants=4\"", gl)}
				}
				p.Goals = append(p.Goals, rcg.Goal{Name: strings.TrimSpace(gl[:i]), Bonus: n, Met: met})
			}
			return app.Act(c, game, p)
		},
		ValidArgsFunction: complete(app, false),
	}
	c.Flags().StringArrayVar(&types, "type", nil, "TYPE=N: each living Being of TYPE scores N (repeat per type)")
	c.Flags().IntVar(&death, "death", 0, "the score of each dead Being")
	c.Flags().StringArrayVar(&goals, "goal", nil, "TEXT=BONUS: a Life Goal and its bonus (repeat per goal)")
	return c
}

func newGoal(app *cmdutil.App) *cobra.Command {
	return &cobra.Command{
		Use:   "goal PLAYER GOAL met|unmet",
		Short: "Mark a Life Goal met or not met",
		Long: `Mark one of a player's Life Goals met or not met; GOAL may be any unique
beginning of its text. A met goal adds its bonus to the score.`,
		Example: `  warlog rc goal Ann "control 2" met`,
		Args:    cmdutil.ExactArgs(3, "PLAYER, GOAL and met or unmet"),
		RunE: func(c *cobra.Command, args []string) error {
			var met bool
			switch strings.ToLower(args[2]) {
			case "met", "yes":
				met = true
			case "unmet", "no", "not-met":
			default:
				return &cmdutil.UsageError{Err: fmt.Errorf("%q: say met or unmet", args[2]), Hint: "warlog rc goal --help"}
			}
			return app.Act(c, game, rcg.MarkGoal{Player: args[0], Goal: args[1], Met: met})
		},
		ValidArgsFunction: complete(app, false),
	}
}

// ScoreJSON is the --json shape of `rc score`.
type ScoreJSON struct {
	Campaign string      `json:"campaign"`
	Game     string      `json:"game"`
	Final    bool        `json:"final"`
	Scores   []rcg.Score `json:"scores"`
	Winners  []string    `json:"winners,omitempty"`
}

func newScore(app *cmdutil.App) *cobra.Command {
	return &cobra.Command{
		Use:   "score",
		Short: "Show every player's score line by line (final once the game is ended)",
		Long: `Show every player's score with its breakdown: the game in progress as it
stands (a Life Purpose not yet entered counts as blank), or the final scores
of the last game once ` + "`warlog scenario end`" + ` has scored it.`,
		Example: `  warlog rc score
  warlog rc score --json`,
		Args: cmdutil.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			s, campaign, err := stateNamed(c.Context(), app)
			if err != nil {
				return err
			}
			name, scores, winners, final := s.CurrentScores()
			if name == "" {
				return fmt.Errorf("no game yet; start one with `warlog scenario start NAME --players A,B,C`")
			}
			if app.JSON {
				return app.PrintJSON(ScoreJSON{Campaign: campaign, Game: name, Final: final, Scores: scores, Winners: winners})
			}
			head := "Scores so far"
			if final {
				head = "Final scores"
			}
			fmt.Fprintf(app.Out, "%s · %s\n", head, name)
			for _, sc := range scores {
				fmt.Fprint(app.Out, rcg.Breakdown(sc))
			}
			if final {
				if len(winners) == 1 {
					fmt.Fprintf(app.Out, "Winner: %s\n", winners[0])
				} else {
					fmt.Fprintf(app.Out, "Shared win: %s\n", strings.Join(winners, ", "))
				}
			}
			return nil
		},
	}
}

func newKarma(app *cmdutil.App) *cobra.Command {
	return &cobra.Command{
		Use:   "karma",
		Short: "List the 18 Karma cards and how each is played",
		Example: `  warlog rc karma
  warlog rc karma --json`,
		Args: cmdutil.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			return app.PrintCatalogue(game, karma())
		},
	}
}

// karma is the catalogue of Karma cards.
func karma() cmdutil.Catalogue {
	rows := make([][]string, 0, len(rcg.Karmas))
	for _, k := range rcg.Karmas {
		rows = append(rows, []string{k.Name, k.Usage(), k.Summary})
	}
	return cmdutil.Catalogue{Topic: "karma", Short: "the 18 Karma cards, how each is played and what it does",
		Header: []string{"card", "rc play PLAYER ...", "what it does"}, Keys: []string{"card", "play", "what_it_does"}, Rows: rows}
}

func newBeings(app *cmdutil.App) *cobra.Command {
	return &cobra.Command{
		Use:     "beings",
		Short:   "List the Being cards the campaign knows",
		Example: `  warlog rc beings`,
		Args:    cmdutil.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			s, err := state(c.Context(), app)
			if err != nil {
				return err
			}
			cards := s.Cards()
			if app.JSON {
				if cards == nil {
					cards = []rcg.Card{}
				}
				return app.PrintJSON(map[string]any{"beings": cards})
			}
			if len(cards) == 0 {
				fmt.Fprintln(app.Out, "no Being cards yet; they are remembered as they are played")
				return nil
			}
			rows := make([][]string, 0, len(cards))
			for _, cd := range cards {
				rows = append(rows, []string{cd.Name, cd.Type, cd.Prefers, cd.Lower, engines.Text(cd.CanHuman())})
			}
			return cmdutil.Table(app.Out, []string{"being", "type", "prefers", "lower", "human form"}, rows)
		},
	}
}
