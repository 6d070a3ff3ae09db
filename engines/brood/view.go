package brood

import (
	"fmt"
	"strconv"
	"strings"

	"warlog/engines"
	"warlog/internal/words"
)

// Status implements engines.State: the Mothers first, then every spawn of
// the game (the dead ones too), with CLI.md's keys.
func (s *State) Status() engines.Status {
	st := engines.Status{}
	b := s.Battle
	if b == nil {
		st.Notes = []string{fmt.Sprintf("no game yet (%s mode); start one", s.Campaign.Mode)}
		st.Next = []string{"scenario start"}
		return st
	}
	st.Scenario, st.Turn = b.Name, b.Round
	if b.Over {
		st.Phase = "over"
		if b.Winner != "" {
			st.Notes = append(st.Notes, fmt.Sprintf("%s won: %s", b.Winner, b.Reason))
		} else {
			st.Notes = append(st.Notes, "ended with no winner")
		}
	} else {
		st.Phase = b.Current().Player + "'s turn"
		st.Notes = append(st.Notes, fmt.Sprintf("%d x %d grid, %s game: a Life Point costs %d Plasmid", b.Size, b.Size, s.Campaign.Mode, RegenCost(s.Campaign.Mode)))
		if b.Frenzy != "" {
			st.Notes = append(st.Notes, fmt.Sprintf("Feeding Frenzy: %s may attack once more now", b.Frenzy))
		}
	}
	st.Notes = append(st.Notes, s.mapNotes()...)
	for _, m := range b.Mothers {
		status := "active"
		if m.Destroyed {
			status = "destroyed"
		}
		move := 0
		if b.Has(m, Levitation) {
			move = LevitateMove
		}
		st.Figures = append(st.Figures, engines.Row{
			{Key: "name", Value: m.Player + "'s Mother"}, {Key: "side", Value: m.Player}, {Key: "status", Value: status},
			{Key: "attack", Value: b.MotherAttack(m)}, {Key: "defense", Value: b.MotherDefense(m)}, {Key: "move", Value: move},
			{Key: "x", Value: m.X}, {Key: "y", Value: m.Y}, {Key: "life", Value: m.Life}, {Key: "plasmid", Value: m.Plasmid},
			{Key: "soi", Value: b.SoI(m)}, {Key: "traits", Value: strings.Join(m.Evolutions, " ")},
		})
	}
	for _, p := range b.Spawns {
		status, att, def := "active", b.AttackOf(p), b.DefenseOf(p)
		if p.Dead {
			status, att, def = "dead", p.Attack, p.Defense
		}
		traits := strings.Join(p.Muts, " ")
		if p.Proxy {
			traits = strings.TrimSpace(traits + " proxy " + p.Evolution)
		}
		st.Figures = append(st.Figures, engines.Row{
			{Key: "name", Value: p.Name}, {Key: "side", Value: p.Owner}, {Key: "status", Value: status},
			{Key: "attack", Value: att}, {Key: "defense", Value: def}, {Key: "move", Value: p.Move},
			{Key: "x", Value: p.X}, {Key: "y", Value: p.Y}, {Key: "life", Value: lives(p)},
			{Key: "base", Value: fmt.Sprintf("%d/%d/%d", p.Attack, p.Defense, p.Move)},
			{Key: "points", Value: p.Points}, {Key: "traits", Value: traits},
		})
	}
	for _, m := range b.Mothers {
		st.Sides = append(st.Sides, engines.Row{{Key: "name", Value: m.Player}, {Key: "removed", Value: b.lost(m.Player)},
			{Key: "life", Value: m.Life}, {Key: "plasmid", Value: m.Plasmid}, {Key: "spawns", Value: b.Allies(m.Player)}})
	}
	return st
}

// Now implements engines.Turner: the game and the round the newest action
// belongs to.
//
// Ruling: an end-turn that opens a new round (with the income, Regenerate
// and poison of the new turn's start) is filed under the round it ended,
// until the new round's first action.
func (s *State) Now() (string, int) {
	if s.Battle == nil || s.Battle.Over {
		return "", 0
	}
	if s.Battle.Filed > 0 {
		return s.Battle.Name, s.Battle.Filed
	}
	return s.Battle.Name, s.Battle.Round
}

// Roster implements engines.State: the campaign table, games won per player
// in the campaign's mode (a Brood campaign plays one mode; RULINGS).
func (s *State) Roster() engines.Roster {
	r := engines.Roster{Notes: []string{fmt.Sprintf("%s mode: a Life Point costs %d Plasmid; %s played", s.Campaign.Mode, RegenCost(s.Campaign.Mode), words.Count(len(s.games()), "game", "games"))}}
	var players []string
	seen := map[string]bool{}
	for _, g := range s.games() {
		for _, mp := range g.Start {
			if !seen[mp.Player] {
				seen[mp.Player] = true
				players = append(players, mp.Player)
			}
		}
	}
	for _, p := range players {
		status := "available"
		if s.Battle != nil && !s.Battle.Over && s.Battle.Mother(p) != nil {
			status = "playing"
		}
		r.Figures = append(r.Figures, engines.Row{{Key: "name", Value: p}, {Key: "status", Value: status},
			{Key: "mode", Value: s.Campaign.Mode}, {Key: "games", Value: s.Played[p]}, {Key: "won", Value: s.Wins[p]}})
	}
	return r
}

// Scenarios implements engines.Chronicler: each game with its Mothers, the
// spawns each lost per round, and what it did to Life and Plasmid; a game
// that ended with the outcome it stated then.
func (s *State) Scenarios() []engines.ScenarioSummary {
	var out []engines.ScenarioSummary
	for _, b := range s.games() {
		sum := engines.ScenarioSummary{Name: b.Name, Turn: b.Round, Ended: b.Over,
			Brief: fmt.Sprintf("%d x %d grid, %s game", b.Size, b.Size, s.Campaign.Mode)}
		for _, mp := range b.Start {
			rem := make([]int, b.Round)
			copy(rem, b.Removed[mp.Player])
			// The Mother where she began, with her Life now, then every
			// spawn she made, where it stands or fell, with its numbers.
			forces := []engines.Row{}
			for _, m := range b.Mothers {
				if m.Player == mp.Player {
					status := "standing"
					if m.Destroyed {
						status = "destroyed"
					}
					forces = append(forces, engines.Row{{Key: "name", Value: mp.Player + "'s Mother"}, {Key: "x", Value: mp.X}, {Key: "y", Value: mp.Y},
						{Key: "life", Value: m.Life}, {Key: "status", Value: status}})
				}
			}
			for _, p := range b.Spawns {
				if p.Owner != mp.Player {
					continue
				}
				status := "alive"
				if p.Dead {
					status = "dead"
				}
				forces = append(forces, engines.Row{{Key: "name", Value: p.Name}, {Key: "x", Value: p.X}, {Key: "y", Value: p.Y},
					{Key: "attack", Value: p.Attack}, {Key: "defense", Value: p.Defense}, {Key: "move", Value: p.Move}, {Key: "status", Value: status}})
			}
			sum.Sides = append(sum.Sides, engines.SideSummary{Name: mp.Player, Player: mp.Player, Forces: forces, RemovedPerTurn: rem})
		}
		if b.Outcome != nil {
			sum.Outcome = b.Outcome
			sum.FromOutcome()
		} else {
			for _, m := range b.Mothers {
				sum.Consequences = append(sum.Consequences, m.Player+"'s Mother: "+b.motherLine(m))
			}
			sum.Consequences = append(sum.Consequences, noCarry)
		}
		out = append(out, sum)
	}
	return out
}

var _ engines.Boarder = (*State)(nil)

// Board implements engines.Boarder: the board of the newest game as the
// battle report draws it. Each Mother is a 3 x 3 piece from her top-left
// square, labelled with her letter and Life; spawns, Plasmid Fonts and Brood
// Proxies are one square each, labelled with their names; Influence lists
// every square inside a player's Sphere of Influence or next to one of her
// Fonts (a square in both players' reach appears once for each).
func (s *State) Board() *engines.Board {
	b := s.Battle
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

// MapCell is one square of the map as data.
type MapCell struct {
	X     int    `json:"x"`
	Y     int    `json:"y"`
	Piece string `json:"piece,omitempty"` // spawn name, or "Mother"
	Owner string `json:"owner,omitempty"`
	// SoI lists the players whose Sphere of Influence (or Font reach)
	// covers the square.
	SoI []string `json:"soi,omitempty"`
}

// MapMother is a Mother on the map.
type MapMother struct {
	Player     string   `json:"player"`
	Letter     string   `json:"letter"`
	X          int      `json:"x"`
	Y          int      `json:"y"`
	Life       int      `json:"life"`
	Plasmid    int      `json:"plasmid"`
	Attack     int      `json:"attack"`
	Defense    int      `json:"defense"`
	SoI        int      `json:"soi"`
	Evolutions []string `json:"evolutions"`
	Destroyed  bool     `json:"destroyed"`
}

// MapSpawn is a spawn on the map.
type MapSpawn struct {
	Name      string   `json:"name"`
	Owner     string   `json:"owner"`
	X         int      `json:"x"`
	Y         int      `json:"y"`
	Attack    int      `json:"attack"`
	Defense   int      `json:"defense"`
	Move      int      `json:"move"`
	Base      [3]int   `json:"base"`
	Points    int      `json:"points"`
	Lives     int      `json:"lives"`
	Mutations []string `json:"mutations"`
	Font      bool     `json:"font"`
	Proxy     bool     `json:"proxy"`
	Made      bool     `json:"made_this_turn"`
	Moved     int      `json:"moved"`
	Attacked  bool     `json:"attacked"`
}

// Map is the board as data: the map the command line draws, and gives as
// JSON.
type Map struct {
	Game   string `json:"game"`
	Size   int    `json:"size"`
	Round  int    `json:"round"`
	Turn   string `json:"turn,omitempty"`
	Over   bool   `json:"over"`
	Winner string `json:"winner,omitempty"`
	// Frenzy names a spawn whose Feeding Frenzy attack is pending.
	Frenzy  string      `json:"frenzy,omitempty"`
	Mothers []MapMother `json:"mothers"`
	Spawns  []MapSpawn  `json:"spawns"`
	// Rows are the plain map, one string per row, as the map is printed
	// without colour.
	Rows  []string    `json:"rows"`
	Cells [][]MapCell `json:"-"`
}

// Map draws the board; ok is false when no game was ever started.
func (s *State) Map() (Map, bool) {
	b := s.Battle
	if b == nil {
		return Map{}, false
	}
	mp := Map{Game: b.Name, Size: b.Size, Round: b.Round, Over: b.Over, Winner: b.Winner, Frenzy: b.Frenzy, Mothers: []MapMother{}, Spawns: []MapSpawn{}}
	if !b.Over {
		mp.Turn = b.Current().Player
	}
	for _, m := range b.Mothers {
		evos := append([]string{}, m.Evolutions...)
		for _, p := range b.Living() {
			if p.Owner == m.Player && p.Proxy && p.Evolution != "" {
				evos = append(evos, p.Evolution+" (Proxy "+p.Name+")")
			}
		}
		mp.Mothers = append(mp.Mothers, MapMother{Player: m.Player, Letter: m.Letter, X: m.X, Y: m.Y, Life: m.Life, Plasmid: m.Plasmid,
			Attack: b.MotherAttack(m), Defense: b.MotherDefense(m), SoI: b.SoI(m), Evolutions: evos, Destroyed: m.Destroyed})
	}
	for _, p := range b.Living() {
		mp.Spawns = append(mp.Spawns, MapSpawn{Name: p.Name, Owner: p.Owner, X: p.X, Y: p.Y, Attack: b.AttackOf(p), Defense: b.DefenseOf(p), Move: p.Move,
			Base: [3]int{p.Attack, p.Defense, p.Move}, Points: p.Points, Lives: p.Lives, Mutations: append([]string{}, p.Muts...),
			Font: p.Font(), Proxy: p.Proxy, Made: p.Made, Moved: p.MoveUsed, Attacked: p.Attacked})
	}
	mp.Cells = make([][]MapCell, b.Size)
	for y := 1; y <= b.Size; y++ {
		row := make([]MapCell, b.Size)
		var line strings.Builder
		fmt.Fprintf(&line, "%3d", y)
		for x := 1; x <= b.Size; x++ {
			c := MapCell{X: x, Y: y}
			p, m := b.At(x, y)
			for _, o := range b.Mothers {
				if p == nil && m == nil && b.InZone(o.Player, x, y, nil) || p != nil && p.Owner == o.Player && b.InZone(o.Player, x, y, p) {
					c.SoI = append(c.SoI, o.Player)
				}
			}
			txt := " ."
			switch {
			case p != nil:
				c.Piece, c.Owner = p.Name, p.Owner
				txt = p.Name
				if len(txt) > 3 {
					txt = txt[:3]
				}
			case m != nil:
				c.Piece, c.Owner = "Mother", m.Player
				txt = " " + m.Letter
				if x == m.X && y == m.Y {
					txt = "[" + m.Letter + "]"
				}
			case len(c.SoI) == 1:
				txt = " " + strings.ToLower(b.Mother(c.SoI[0]).Letter)
			case len(c.SoI) > 1:
				txt = " +"
			}
			row[x-1] = c
			fmt.Fprintf(&line, " %3s", txt)
		}
		mp.Cells[y-1] = row
		mp.Rows = append(mp.Rows, strings.TrimRight(line.String(), " "))
	}
	var head strings.Builder
	head.WriteString("   ")
	for x := 1; x <= b.Size; x++ {
		fmt.Fprintf(&head, " %3d", x)
	}
	mp.Rows = append([]string{head.String()}, mp.Rows...)
	return mp, true
}

// MapNoteSize is the largest grid whose map the status shows in its notes
// (wider grids would not fit a terminal line; the map itself draws them
// all).
const MapNoteSize = 20

// mapNotes is the plain map as status notes, so that a player choosing
// squares (play) sees the board: X across, Y down.
func (s *State) mapNotes() []string {
	mp, ok := s.Map()
	if !ok || mp.Size > MapNoteSize {
		return nil
	}
	var letters []string
	for _, m := range mp.Mothers {
		letters = append(letters, fmt.Sprintf("%s %s", m.Letter, m.Player))
	}
	head := fmt.Sprintf("map, X across and Y down (%s; [%s] a Mother's centre, lower case her Sphere of Influence, + both):", strings.Join(letters, ", "), mp.Mothers[0].Letter)
	return append([]string{head}, mp.Rows...)
}

// lives is a spawn's lives left: 1, 2 for a Resilient spawn not yet
// wounded, 0 once dead.
func lives(p *Piece) int {
	if p.Dead {
		return 0
	}
	return p.Lives
}

// mapAt is the index of the status note that opens the map (its legend),
// -1 when the status draws none.
func (s *State) mapAt() int {
	if len(s.mapNotes()) == 0 {
		return -1
	}
	n := len(s.Status().Notes)
	return n - len(s.mapNotes())
}

// MapNotes implements engines.Squares: the map's column numbers and rows,
// after its legend.
func (s *State) MapNotes() (int, int, bool) {
	at := s.mapAt()
	if at < 0 {
		return 0, 0, false
	}
	return at + 1, at + 1 + s.Battle.Size, true
}

// Square implements engines.Squares: "x,y" is drawn in row y of the map,
// its cell the x-th of four columns after the row number's three.
func (s *State) Square(v string) (int, int, int, bool) {
	first, _, ok := s.MapNotes()
	x, y, err := ParseSquare(v)
	if !ok || err != nil || x < 1 || y < 1 || x > s.Battle.Size || y > s.Battle.Size {
		return 0, 0, 0, false
	}
	return first + y, 3 + (x-1)*4 + 1, 3, true
}
