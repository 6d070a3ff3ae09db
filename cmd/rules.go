package cmd

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"warlog/cmd/cmdutil"
)

// RulesJSON is the --json shape of `warlog rules` when it lists topics or
// searches: the catalogues, each with the rows that match.
type RulesJSON struct {
	Query      string                  `json:"query,omitempty"`
	Catalogues []cmdutil.CatalogueJSON `json:"catalogues"`
}

func newRulesCommand(app *cmdutil.App) *cobra.Command {
	c := &cobra.Command{
		Use:   "rules [GAME] [TOPIC|TEXT]",
		Short: "Look up the games' rules catalogues: spells, cards, evolutions, clans, ...",
		Long: cmdutil.WrapTo(76, "One place to look the rules up, in our own words. Without arguments it lists "+
			"every game's catalogues; with a GAME ("+strings.Join(gameUses(), ", ")+", or the --game name) "+
			"that game's; with a TOPIC of it the whole catalogue. Anything else is searched for, "+
			"case-insensitive, in every row: of the game's catalogues after a GAME, of every game's otherwise.", "") + `

The games' own listing commands (warlog ko spells, warlog rc karma, warlog
brood evolutions, warlog i28 list ...) print the same catalogues.`,
		Example: `  warlog rules
  warlog rules dw
  warlog rules dw clans
  warlog rules ko spells --json
  warlog rules brood regenerate
  warlog rules stun`,
		Args: cmdutil.RangeArgs(0, 2, "an optional GAME and an optional TOPIC or TEXT"),
		RunE: func(c *cobra.Command, args []string) error {
			return app.Paged(func() error { return lookUp(app, args) })
		},
		ValidArgsFunction: completeRules,
	}
	return cmdutil.ReadsOnly(c)
}

// completeRules offers the games' commands first, then the topics of the
// game named.
func completeRules(_ *cobra.Command, args []string, _ string) ([]string, cobra.ShellCompDirective) {
	if len(args) == 0 {
		return gameUses(), cobra.ShellCompDirectiveNoFileComp
	}
	g, ok := gameNamed(args[0])
	if !ok || len(args) > 1 || g.Rules == nil {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	var topics []string
	for _, cat := range g.Rules() {
		topics = append(topics, cat.Topic+"\t"+cat.Short)
	}
	return topics, cobra.ShellCompDirectiveNoFileComp
}

// found is a catalogue of a game.
type found struct {
	game cmdutil.Game
	cat  cmdutil.Catalogue
}

// lookUp prints what `warlog rules ARGS` finds.
func lookUp(app *cmdutil.App, args []string) error {
	var games []cmdutil.Game
	query := ""
	if len(args) > 0 {
		if g, ok := gameNamed(args[0]); ok {
			games, args = []cmdutil.Game{g}, args[1:]
		}
	}
	if games == nil {
		games = Games()
	}
	if len(args) > 1 {
		near := cmdutil.DidYouMean(args[0], gameUses(), func(use string) string { return "`warlog rules " + use + " " + cmdutil.Quote(args[1]) + "`" })
		return &cmdutil.UsageError{Err: fmt.Errorf("no game %q; give %s, then a TOPIC or TEXT%s", args[0], orList(gameUses()), near), Hint: "warlog rules --help"}
	}
	if len(args) == 1 {
		query = args[0]
	}
	var all []found
	for _, g := range games {
		if g.Rules == nil {
			continue
		}
		for _, cat := range g.Rules() {
			all = append(all, found{g, cat})
		}
	}
	name := func(f found) string { return f.game.Engine.Info().Name }
	// A topic of the one game named: the whole catalogue.
	if query != "" && len(games) == 1 {
		for _, f := range all {
			if topicIs(f.cat.Topic, query) {
				return app.PrintCatalogue(name(f), f.cat)
			}
		}
	}
	if query == "" {
		if app.JSON {
			out := RulesJSON{Catalogues: []cmdutil.CatalogueJSON{}}
			for _, f := range all {
				j := f.cat.JSON(name(f))
				j.Intro, j.Entries = nil, nil
				out.Catalogues = append(out.Catalogues, j)
			}
			return app.PrintJSON(out)
		}
		rows := make([][]string, len(all))
		for i, f := range all {
			rows[i] = []string{"warlog rules " + f.game.Use + " " + f.cat.Topic, f.cat.Short}
		}
		return cmdutil.Table(app.Out, []string{"look up", "what it lists"}, rows)
	}
	out := RulesJSON{Query: query, Catalogues: []cmdutil.CatalogueJSON{}}
	var hits []found
	for _, f := range all {
		if m := f.cat.Matching(query); len(m.Rows) > 0 {
			hits = append(hits, found{f.game, m})
			out.Catalogues = append(out.Catalogues, m.JSON(name(f)))
		}
	}
	if len(hits) == 0 {
		where := "any game's catalogues"
		if len(games) == 1 {
			where = gameTitle(games[0].Engine.Info().Name) + "'s catalogues"
		}
		if near := nearTopics(query, games, all); near != "" {
			return fmt.Errorf("nothing in %s mentions %q%s", where, query, near)
		}
		return fmt.Errorf("nothing in %s mentions %q; `warlog rules` lists the catalogues", where, query)
	}
	if app.JSON {
		return app.PrintJSON(out)
	}
	for i, h := range hits {
		if i > 0 {
			fmt.Fprintln(app.Out)
		}
		fmt.Fprintf(app.Out, "%s · %s\n", gameTitle(name(h)), h.cat.Topic)
		if err := cmdutil.Table(app.Out, h.cat.Header, h.cat.Rows); err != nil {
			return err
		}
	}
	return nil
}

// nearTopics is "; did you mean `warlog rules ko spells`?" for a query
// that is most likely a mistyped topic of the catalogues (or, when no
// game was named, a mistyped game): "" when none is near.
func nearTopics(query string, games []cmdutil.Game, cats []found) string {
	var words []string
	commands := map[string][]string{}
	add := func(word, command string) {
		if _, ok := commands[word]; !ok {
			words = append(words, word)
		}
		commands[word] = append(commands[word], "`"+command+"`")
	}
	for _, f := range cats {
		add(f.cat.Topic, "warlog rules "+f.game.Use+" "+f.cat.Topic)
	}
	if len(games) > 1 {
		for _, g := range games {
			add(g.Use, "warlog rules "+g.Use)
		}
	}
	var near []string
	for _, w := range cmdutil.Nearest(query, words) {
		near = append(near, commands[w]...)
	}
	if len(near) == 0 {
		return ""
	}
	return "; did you mean " + strings.Join(near, " or ") + "?"
}

// topicIs says whether word names topic: the topic itself or its singular,
// in any case ("spell" for spells, "Clans").
func topicIs(topic, word string) bool {
	word = strings.ToLower(word)
	return word == topic || word+"s" == topic || word+"es" == topic
}
