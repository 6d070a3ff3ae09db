package cmdutil

import (
	"strings"
)

// Catalogue is one list of a game's rules as the command line shows it
// (The King's Own's spells, Reincardnated's Karma cards, ...), in our own
// words. A game declares its catalogues once (Game.Rules); its own listing
// command and `warlog rules` both print them.
type Catalogue struct {
	// Topic names it for `warlog rules GAME TOPIC`: "spells".
	Topic string
	// Short says what it lists, in one line.
	Short string
	// Intro is lines shown before the table.
	Intro []string
	// Header heads the columns; the first column names the entry. In
	// JSON each row is an object keyed by the header (spaces as _).
	Header []string
	// Keys, when given, are the JSON keys instead of the header's words.
	Keys []string
	Rows [][]string
}

// CatalogueJSON is the --json shape of a catalogue.
type CatalogueJSON struct {
	Game    string              `json:"game"`
	Topic   string              `json:"topic"`
	Short   string              `json:"short"`
	Intro   []string            `json:"intro,omitempty"`
	Entries []map[string]string `json:"entries"`
}

// JSON is the catalogue as --json prints it, for game (its --game name).
func (c Catalogue) JSON(game string) CatalogueJSON {
	out := CatalogueJSON{Game: game, Topic: c.Topic, Short: c.Short, Intro: c.Intro, Entries: []map[string]string{}}
	for _, r := range c.Rows {
		e := make(map[string]string, len(r))
		for i, cell := range r {
			switch {
			case i < len(c.Keys):
				e[c.Keys[i]] = cell
			case i < len(c.Header):
				e[strings.ReplaceAll(c.Header[i], " ", "_")] = cell
			}
		}
		out.Entries = append(out.Entries, e)
	}
	return out
}

// Matching is the catalogue with only the rows that contain text
// (case-insensitive) in any cell.
func (c Catalogue) Matching(text string) Catalogue {
	text = strings.ToLower(text)
	out := c
	out.Rows = nil
	for _, r := range c.Rows {
		if strings.Contains(strings.ToLower(strings.Join(r, " ")), text) {
			out.Rows = append(out.Rows, r)
		}
	}
	return out
}

// PrintCatalogue prints a catalogue of game: its intro and a table, or
// one JSON document with --json.
func (a *App) PrintCatalogue(game string, c Catalogue) error {
	if a.JSON {
		return a.PrintJSON(c.JSON(game))
	}
	for _, l := range c.Intro {
		if err := Say(a.Out, l, ""); err != nil {
			return err
		}
	}
	return Table(a.Out, c.Header, c.Rows)
}
