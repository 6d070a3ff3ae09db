package brood

import (
	"strconv"

	"warlog/engines"
)

var _ engines.Boarder = (*State)(nil)

// Board implements engines.Boarder: the board of the newest game as the
// battle report draws it. Each Mother is a 3 x 3 piece from her top-left
// square, labelled with her letter and Life; spawns, Plasmid Fonts and Brood
// Proxies are one square each, labelled with their names; Influence lists
// every square inside a player's Sphere of Influence or next to one of her
// Fonts (a square in both players' reach appears once for each).
func (s *State) Board() *engines.Board {
	b := s.B
	if b == nil {
		return nil
	}
	out := &engines.Board{Width: b.Size, Height: b.Size, Owners: []string{}, Pieces: []engines.Piece{}}
	for _, m := range b.Mothers {
		out.Owners = append(out.Owners, m.Player)
		label := m.Letter + " " + strconv.Itoa(m.Life)
		if m.Destroyed {
			label = m.Letter + " x"
		}
		out.Pieces = append(out.Pieces, engines.Piece{Kind: "mother", Owner: m.Player, Label: label, X: m.X - 1, Y: m.Y - 1, W: 3, H: 3})
	}
	for _, p := range b.Living() {
		kind := "spawn"
		switch {
		case p.Proxy:
			kind = "proxy"
		case p.Font():
			kind = "font"
		}
		out.Pieces = append(out.Pieces, engines.Piece{Kind: kind, Owner: p.Owner, Label: p.Name, X: p.X, Y: p.Y, W: 1, H: 1})
	}
	for y := 1; y <= b.Size; y++ {
		for x := 1; x <= b.Size; x++ {
			for _, m := range b.Mothers {
				if b.InZone(m.Player, x, y, nil) {
					out.Influence = append(out.Influence, engines.Square{X: x, Y: y, Owner: m.Player})
				}
			}
		}
	}
	return out
}
