package brood

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"warlog/cmd/cmdutil"
	eng "warlog/engines/brood"
	"warlog/internal/termsafe"
	"warlog/internal/words"
)

func newMapCommand(app *cmdutil.App) *cobra.Command {
	return &cobra.Command{
		Use:   "map",
		Short: "Draw the grid: Mothers, spawns by owner, Spheres of Influence",
		Long: `Draw the board. A Mother fills 3 x 3 squares, her centre in brackets ([R]);
spawns show their names; an empty square inside a player's Sphere of
Influence (or next to their Font) shows that player's letter in lower case,
"+" where two meet, "." elsewhere. On a colour terminal the Spheres are
shaded; NO_COLOR or a pipe gives plain letters. Below the grid: the Mothers
and the spawns with their numbers where they stand. --json gives the same as
data, with the plain rows.`,
		Example: `  warlog brood map
  NO_COLOR=1 warlog brood map
  warlog brood map --json`,
		Args: cmdutil.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			s, err := state(c.Context(), app)
			if err != nil {
				return err
			}
			mp, ok := s.Map()
			if !ok {
				return fmt.Errorf("no Brood game yet; start one: warlog scenario start NAME --size 16 --mother red=3,3 --mother blue=14,14")
			}
			if app.JSON {
				return app.PrintJSON(mp)
			}
			if colour(app) {
				return printMap(app.Screen(), mp, true)
			}
			return printMap(app.Out, mp, false)
		},
	}
}

// ANSI colours per player, in turn order: foreground for pieces, a dark
// background for the Sphere of Influence.
var (
	fg = []string{"\x1b[1;31m", "\x1b[1;34m"}
	bg = []string{"\x1b[48;5;52m", "\x1b[48;5;17m"}
)

const (
	reset   = "\x1b[0m"
	bgBoth  = "\x1b[48;5;53m"
	dimText = "\x1b[2m"
)

func printMap(w io.Writer, mp eng.Map, color bool) error {
	head := fmt.Sprintf("%s · round %d", mp.Game, mp.Round)
	if mp.Over {
		if mp.Winner != "" {
			head += " · over: " + mp.Winner + " wins"
		} else {
			head += " · over"
		}
	} else {
		head += " · " + mp.Turn + "'s turn"
	}
	if mp.Frenzy != "" {
		head += " · Feeding Frenzy: " + mp.Frenzy + " may attack at once"
	}
	// A colour map goes to the terminal itself; its names are made safe here.
	fmt.Fprintln(w, termsafe.String(head))
	idx := map[string]int{}
	for i, m := range mp.Mothers {
		idx[m.Player] = i
	}
	if !color {
		for _, r := range mp.Rows {
			fmt.Fprintln(w, r)
		}
	} else {
		fmt.Fprintln(w, mp.Rows[0])
		for y, row := range mp.Cells {
			var b strings.Builder
			fmt.Fprintf(&b, "%3d", y+1)
			for _, c := range row {
				txt := " ."
				switch {
				case c.Piece == "Mother":
					m := mp.Mothers[idx[c.Owner]]
					txt = " " + m.Letter
					if c.X == m.X && c.Y == m.Y {
						txt = "[" + m.Letter + "]"
					}
				case c.Piece != "":
					txt = c.Piece
					if len(txt) > 3 {
						txt = txt[:3]
					}
				}
				cell := fmt.Sprintf("%3s", termsafe.String(txt))
				if c.Piece != "" {
					cell = fg[idx[c.Owner]%2] + cell + reset
				} else {
					cell = dimText + cell + reset
				}
				switch len(c.SoI) {
				case 1:
					cell = bg[idx[c.SoI[0]]%2] + cell + reset
				case 2:
					cell = bgBoth + cell + reset
				}
				b.WriteString(" " + cell)
			}
			fmt.Fprintln(w, b.String())
		}
	}
	fmt.Fprintln(w)
	mrows := make([][]string, len(mp.Mothers))
	for i, m := range mp.Mothers {
		state := strconv.Itoa(m.Life) + " Life"
		if m.Destroyed {
			state = "destroyed"
		}
		mrows[i] = []string{m.Letter, m.Player, fmt.Sprintf("%d,%d", m.X, m.Y), state, strconv.Itoa(m.Plasmid),
			fmt.Sprintf("%d/%d", m.Attack, m.Defense), strconv.Itoa(m.SoI), strings.Join(m.Evolutions, ", ")}
	}
	if err := cmdutil.Table(w, []string{"", "Mother", "centre", "life", "plasmid", "att/def", "SoI", "evolutions"}, mrows); err != nil {
		return err
	}
	if len(mp.Spawns) == 0 {
		fmt.Fprintln(w, "no spawns on the board")
		return nil
	}
	srows := make([][]string, len(mp.Spawns))
	for i, p := range mp.Spawns {
		var notes []string
		if p.Made {
			notes = append(notes, "new")
		}
		if p.Moved > 0 {
			notes = append(notes, fmt.Sprintf("moved %d", p.Moved))
		}
		if p.Attacked {
			notes = append(notes, "attacked")
		}
		if p.Points > 0 {
			notes = append(notes, fmt.Sprintf("%s to raise", words.Count(p.Points, "point", "points")))
		}
		if p.Lives > 1 {
			notes = append(notes, fmt.Sprintf("%s", words.Count(p.Lives, "life", "lives")))
		}
		muts := strings.Join(p.Mutations, ", ")
		if p.Proxy {
			muts = strings.TrimPrefix(muts+", proxy", ", ")
		}
		srows[i] = []string{p.Name, p.Owner, fmt.Sprintf("%d,%d", p.X, p.Y), fmt.Sprintf("%d/%d/%d", p.Attack, p.Defense, p.Move),
			fmt.Sprintf("%d/%d/%d", p.Base[0], p.Base[1], p.Base[2]), muts, strings.Join(notes, ", ")}
	}
	return cmdutil.Table(w, []string{"spawn", "owner", "at", "now", "base", "mutations", "this turn"}, srows)
}
