package reincardnated

import (
	"warlog/events"
	"warlog/internal/jsonscan"
)

// registerHot binds the facts a Reincardnated campaign writes most (turn
// ends, pool counts, Beings entering, moving, dying and leaving, Karma,
// Life Purposes, the ends of games) to hand-written decoders, so that a
// replay does not spend its time in reflection. Each must give what
// encoding/json gives: cmd's TestRegistryDecodesAsEncodingJSON checks them
// on every event of a grown campaign and FuzzDecodersAsEncodingJSON on bent
// payloads. Each reads the keys in the order our encoder writes them first
// (Expect), then any other key by the key-by-key loop. The rarest facts
// (swaps, returns, Change Destiny) keep the general decoder.
func registerHot(r *events.Registry) {
	events.RegisterDecoder(r, TypeTurnEnded, decodeTurnEnded)
	events.RegisterDecoder(r, TypePoolChanged, decodePoolChanged)
	events.RegisterDecoder(r, TypeBeingEntered, decodeBeingEntered)
	events.RegisterDecoder(r, TypeGameEnded, decodeGameEnded)
	events.RegisterDecoder(r, TypeKarmaDrawn, decodeKarmaDrawn)
	events.RegisterDecoder(r, TypePurposeRevealed, decodePurposeRevealed)
	events.RegisterDecoder(r, TypeKarmaDiscarded, decodeKarmaDiscarded)
	events.RegisterDecoder(r, TypeCardNoted, decodeCardNoted)
	events.RegisterDecoder(r, TypeKarmaPlayed, decodeKarmaPlayed)
	events.RegisterDecoder(r, TypeBeingVoided, decodeBeingVoided)
	events.RegisterDecoder(r, TypeBeingMoved, decodeBeingMoved)
	events.RegisterDecoder(r, TypeGoalMarked, decodeGoalMarked)
	events.RegisterDecoder(r, TypeGameStarted, decodeGameStarted)
	events.RegisterDecoder(r, TypeHumanTaken, decodeHumanTaken)
	events.RegisterDecoder(r, TypePurposeSeen, decodePurposeSeen)
	events.RegisterDecoder(r, TypeBeingKilled, decodeBeingLife)
	events.RegisterDecoder(r, TypeBeingReborn, decodeBeingLife)
}

// factText interns the players, Beings, cards and reasons the facts repeat.
var factText jsonscan.Interner

// readBeing reads a Being's object into b; null leaves b as it is, as
// encoding/json does.
func readBeing(s *jsonscan.Scanner, b *Being) {
	j := 0
	if s.Expect(`{"name":`) {
		j = 1
		b.Name = s.InternedString(&factText)
		if s.Expect(`,"type":`) {
			b.Type = s.InternedString(&factText)
		}
		if s.Expect(`,"dead":`) {
			b.Dead = s.Bool()
		}
	}
	for ; s.Field(j); j++ {
		switch string(s.Key()) {
		case "name":
			b.Name = s.InternedString(&factText)
		case "type":
			b.Type = s.InternedString(&factText)
		case "dead":
			b.Dead = s.Bool()
		default:
			s.SkipField()
		}
	}
}

// readCard reads a Card's object into c; null leaves c as it is.
func readCard(s *jsonscan.Scanner, c *Card) {
	j := 0
	if s.Expect(`{"name":`) {
		j = 1
		c.Name = s.InternedString(&factText)
		if s.Expect(`,"type":`) {
			c.Type = s.InternedString(&factText)
		}
		if s.Expect(`,"prefers":`) {
			c.Prefers = s.InternedString(&factText)
		}
		if s.Expect(`,"lower":`) {
			c.Lower = s.InternedString(&factText)
		}
		if s.Expect(`,"human":`) {
			c.Human = s.Bool()
		}
	}
	for ; s.Field(j); j++ {
		switch string(s.Key()) {
		case "name":
			c.Name = s.InternedString(&factText)
		case "type":
			c.Type = s.InternedString(&factText)
		case "prefers":
			c.Prefers = s.InternedString(&factText)
		case "lower":
			c.Lower = s.InternedString(&factText)
		case "human":
			c.Human = s.Bool()
		default:
			s.SkipField()
		}
	}
}

// readPurpose reads a LifePurpose's object into p; null leaves p as it is.
func readPurpose(s *jsonscan.Scanner, p *LifePurpose) {
	j := 0
	if s.Expect(`{"types":`) {
		j = 1
		p.Types = s.IntMap()
		if s.Expect(`,"death":`) {
			p.Death = s.Int()
		}
		if s.Expect(`,"goals":`) {
			p.Goals = readGoals(s)
		}
	}
	for ; s.Field(j); j++ {
		switch string(s.Key()) {
		case "types":
			p.Types = s.IntMap()
		case "death":
			p.Death = s.Int()
		case "goals":
			p.Goals = readGoals(s)
		default:
			s.SkipField()
		}
	}
}

// readGoals reads an array of Goals; null gives nil, [] an empty slice.
// It gathers them on the stack and allocates the slice once, at its
// length.
func readGoals(s *jsonscan.Scanner) []Goal {
	if !s.Array() {
		return nil
	}
	var buf [4]Goal
	out := buf[:0]
	for i := 0; s.Elem(i); i++ {
		var g Goal
		j := 0
		if s.Expect(`{"name":`) {
			j = 1
			g.Name = s.InternedString(&factText)
			if s.Expect(`,"bonus":`) {
				g.Bonus = s.Int()
			}
			if s.Expect(`,"met":`) {
				g.Met = s.Bool()
			}
		}
		for ; s.Field(j); j++ {
			switch string(s.Key()) {
			case "name":
				g.Name = s.InternedString(&factText)
			case "bonus":
				g.Bonus = s.Int()
			case "met":
				g.Met = s.Bool()
			default:
				s.SkipField()
			}
		}
		out = append(out, g)
	}
	return append(make([]Goal, 0, len(out)), out...)
}

// readScores reads an array of Scores; null gives nil, [] an empty slice.
// Like readGoals, it gathers them on the stack first.
func readScores(s *jsonscan.Scanner) []Score {
	if !s.Array() {
		return nil
	}
	var buf [6]Score
	out := buf[:0]
	for i := 0; s.Elem(i); i++ {
		var sc Score
		j := 0
		if s.Expect(`{"player":`) {
			j = 1
			sc.Player = s.InternedString(&factText)
			if s.Expect(`,"lines":`) {
				sc.Lines = readLines(s)
			}
			if s.Expect(`,"total":`) {
				sc.Total = s.Int()
			}
		}
		for ; s.Field(j); j++ {
			switch string(s.Key()) {
			case "player":
				sc.Player = s.InternedString(&factText)
			case "lines":
				sc.Lines = readLines(s)
			case "total":
				sc.Total = s.Int()
			default:
				s.SkipField()
			}
		}
		out = append(out, sc)
	}
	return append(make([]Score, 0, len(out)), out...)
}

// readLines reads an array of a score's Lines; null gives nil, [] an
// empty slice. Like readGoals, it gathers them on the stack first.
func readLines(s *jsonscan.Scanner) []Line {
	if !s.Array() {
		return nil
	}
	var buf [24]Line
	out := buf[:0]
	for i := 0; s.Elem(i); i++ {
		var l Line
		j := 0
		if s.Expect(`{"what":`) {
			j = 1
			l.What = s.InternedString(&factText)
			if s.Expect(`,"points":`) {
				l.Points = s.Int()
			}
		}
		for ; s.Field(j); j++ {
			switch string(s.Key()) {
			case "what":
				l.What = s.InternedString(&factText)
			case "points":
				l.Points = s.Int()
			default:
				s.SkipField()
			}
		}
		out = append(out, l)
	}
	return append(make([]Line, 0, len(out)), out...)
}

func decodeTurnEnded(b []byte) (TurnEnded, error) {
	var v TurnEnded
	s := jsonscan.New(b)
	i := 0
	if s.Expect(`{"player":`) {
		i = 1
		v.Player = s.InternedString(&factText)
		if s.Expect(`,"next":`) {
			v.Next = s.Int()
		}
		if s.Expect(`,"round":`) {
			v.Round = s.Int()
		}
		if s.Expect(`,"last_left":`) {
			v.LastLeft = s.Int()
		}
		if s.Expect(`,"over":`) {
			v.Over = s.Bool()
		}
	}
	for ; s.Field(i); i++ {
		switch string(s.Key()) {
		case "player":
			v.Player = s.InternedString(&factText)
		case "next":
			v.Next = s.Int()
		case "round":
			v.Round = s.Int()
		case "last_left":
			v.LastLeft = s.Int()
		case "over":
			v.Over = s.Bool()
		default:
			s.SkipField()
		}
	}
	return v, s.Done()
}

func decodePoolChanged(b []byte) (PoolChanged, error) {
	var v PoolChanged
	s := jsonscan.New(b)
	i := 0
	if s.Expect(`{"why":`) {
		i = 1
		v.Why = s.InternedString(&factText)
		if s.Expect(`,"deck":`) {
			v.Deck = s.Int()
		}
		if s.Expect(`,"hidden":`) {
			v.Hidden = s.Int()
		}
		if s.Expect(`,"visible":`) {
			v.Visible = s.Int()
		}
		if s.Expect(`,"known":`) {
			v.Known = s.InternedStrings(&factText)
		}
		if s.Expect(`,"karma_deck":`) {
			v.KarmaDeck = s.Int()
		}
		if s.Expect(`,"discard":`) {
			v.Discard = s.Int()
		}
	}
	for ; s.Field(i); i++ {
		switch string(s.Key()) {
		case "why":
			v.Why = s.InternedString(&factText)
		case "deck":
			v.Deck = s.Int()
		case "hidden":
			v.Hidden = s.Int()
		case "visible":
			v.Visible = s.Int()
		case "known":
			v.Known = s.InternedStrings(&factText)
		case "karma_deck":
			v.KarmaDeck = s.Int()
		case "discard":
			v.Discard = s.Int()
		default:
			s.SkipField()
		}
	}
	return v, s.Done()
}

func decodeBeingEntered(b []byte) (BeingEntered, error) {
	var v BeingEntered
	s := jsonscan.New(b)
	i := 0
	if s.Expect(`{"player":`) {
		i = 1
		v.Player = s.InternedString(&factText)
		if s.Expect(`,"being":`) {
			readBeing(s, &v.Being)
		}
		if s.Expect(`,"how":`) {
			v.How = s.InternedString(&factText)
		}
		if s.Expect(`,"from_player":`) {
			v.FromPlayer = s.InternedString(&factText)
		}
	}
	for ; s.Field(i); i++ {
		switch string(s.Key()) {
		case "player":
			v.Player = s.InternedString(&factText)
		case "being":
			readBeing(s, &v.Being)
		case "how":
			v.How = s.InternedString(&factText)
		case "from_player":
			v.FromPlayer = s.InternedString(&factText)
		default:
			s.SkipField()
		}
	}
	return v, s.Done()
}

func decodeGameEnded(b []byte) (GameEnded, error) {
	var v GameEnded
	s := jsonscan.New(b)
	i := 0
	if s.Expect(`{"scores":`) {
		i = 1
		v.Scores = readScores(s)
		if s.Expect(`,"winners":`) {
			v.Winners = s.InternedStrings(&factText)
		}
		if s.Expect(`,"why":`) {
			v.Why = s.InternedString(&factText)
		}
	}
	for ; s.Field(i); i++ {
		switch string(s.Key()) {
		case "scores":
			v.Scores = readScores(s)
		case "winners":
			v.Winners = s.InternedStrings(&factText)
		case "why":
			v.Why = s.InternedString(&factText)
		default:
			s.SkipField()
		}
	}
	return v, s.Done()
}

func decodeKarmaDrawn(b []byte) (KarmaDrawn, error) {
	var v KarmaDrawn
	s := jsonscan.New(b)
	i := 0
	if s.Expect(`{"player":`) {
		i = 1
		v.Player = s.InternedString(&factText)
		if s.Expect(`,"count":`) {
			v.Count = s.Int()
		}
		if s.Expect(`,"reshuffled":`) {
			v.Reshuffled = s.Int()
		}
		if s.Expect(`,"why":`) {
			v.Why = s.InternedString(&factText)
		}
	}
	for ; s.Field(i); i++ {
		switch string(s.Key()) {
		case "player":
			v.Player = s.InternedString(&factText)
		case "count":
			v.Count = s.Int()
		case "reshuffled":
			v.Reshuffled = s.Int()
		case "why":
			v.Why = s.InternedString(&factText)
		default:
			s.SkipField()
		}
	}
	return v, s.Done()
}

func decodePurposeRevealed(b []byte) (PurposeRevealed, error) {
	var v PurposeRevealed
	s := jsonscan.New(b)
	i := 0
	if s.Expect(`{"player":`) {
		i = 1
		v.Player = s.InternedString(&factText)
		if s.Expect(`,"purpose":`) {
			readPurpose(s, &v.Purpose)
		}
	}
	for ; s.Field(i); i++ {
		switch string(s.Key()) {
		case "player":
			v.Player = s.InternedString(&factText)
		case "purpose":
			readPurpose(s, &v.Purpose)
		default:
			s.SkipField()
		}
	}
	return v, s.Done()
}

func decodeKarmaDiscarded(b []byte) (KarmaDiscarded, error) {
	var v KarmaDiscarded
	s := jsonscan.New(b)
	i := 0
	if s.Expect(`{"player":`) {
		i = 1
		v.Player = s.InternedString(&factText)
		if s.Expect(`,"count":`) {
			v.Count = s.Int()
		}
		if s.Expect(`,"why":`) {
			v.Why = s.InternedString(&factText)
		}
	}
	for ; s.Field(i); i++ {
		switch string(s.Key()) {
		case "player":
			v.Player = s.InternedString(&factText)
		case "count":
			v.Count = s.Int()
		case "why":
			v.Why = s.InternedString(&factText)
		default:
			s.SkipField()
		}
	}
	return v, s.Done()
}

func decodeCardNoted(b []byte) (CardNoted, error) {
	var v CardNoted
	s := jsonscan.New(b)
	i := 0
	if s.Expect(`{"card":`) {
		i = 1
		readCard(s, &v.Card)
		if s.Expect(`,"starter_of":`) {
			v.StarterOf = s.InternedString(&factText)
		}
	}
	for ; s.Field(i); i++ {
		switch string(s.Key()) {
		case "card":
			readCard(s, &v.Card)
		case "starter_of":
			v.StarterOf = s.InternedString(&factText)
		default:
			s.SkipField()
		}
	}
	return v, s.Done()
}

func decodeKarmaPlayed(b []byte) (KarmaPlayed, error) {
	var v KarmaPlayed
	s := jsonscan.New(b)
	i := 0
	if s.Expect(`{"player":`) {
		i = 1
		v.Player = s.InternedString(&factText)
		if s.Expect(`,"card":`) {
			v.Card = s.InternedString(&factText)
		}
		if s.Expect(`,"target":`) {
			v.Target = s.InternedString(&factText)
		}
		if s.Expect(`,"being":`) {
			v.Being = s.InternedString(&factText)
		}
		if s.Expect(`,"index":`) {
			v.Index = s.Int()
		}
		if s.Expect(`,"dead":`) {
			v.Dead = s.Bool()
		}
		if s.Expect(`,"action":`) {
			v.Action = s.Int()
		}
		if s.Expect(`,"extra":`) {
			v.Extra = s.Bool()
		}
	}
	for ; s.Field(i); i++ {
		switch string(s.Key()) {
		case "player":
			v.Player = s.InternedString(&factText)
		case "card":
			v.Card = s.InternedString(&factText)
		case "target":
			v.Target = s.InternedString(&factText)
		case "being":
			v.Being = s.InternedString(&factText)
		case "index":
			v.Index = s.Int()
		case "dead":
			v.Dead = s.Bool()
		case "action":
			v.Action = s.Int()
		case "extra":
			v.Extra = s.Bool()
		default:
			s.SkipField()
		}
	}
	return v, s.Done()
}

func decodeBeingVoided(b []byte) (BeingVoided, error) {
	var v BeingVoided
	s := jsonscan.New(b)
	i := 0
	if s.Expect(`{"player":`) {
		i = 1
		v.Player = s.InternedString(&factText)
		if s.Expect(`,"being":`) {
			v.Being = s.InternedString(&factText)
		}
		if s.Expect(`,"by":`) {
			v.By = s.InternedString(&factText)
		}
	}
	for ; s.Field(i); i++ {
		switch string(s.Key()) {
		case "player":
			v.Player = s.InternedString(&factText)
		case "being":
			v.Being = s.InternedString(&factText)
		case "by":
			v.By = s.InternedString(&factText)
		default:
			s.SkipField()
		}
	}
	return v, s.Done()
}

func decodeBeingMoved(b []byte) (BeingMoved, error) {
	var v BeingMoved
	s := jsonscan.New(b)
	i := 0
	if s.Expect(`{"player":`) {
		i = 1
		v.Player = s.InternedString(&factText)
		if s.Expect(`,"being":`) {
			v.Being = s.InternedString(&factText)
		}
		if s.Expect(`,"by":`) {
			v.By = s.InternedString(&factText)
		}
	}
	for ; s.Field(i); i++ {
		switch string(s.Key()) {
		case "player":
			v.Player = s.InternedString(&factText)
		case "being":
			v.Being = s.InternedString(&factText)
		case "by":
			v.By = s.InternedString(&factText)
		default:
			s.SkipField()
		}
	}
	return v, s.Done()
}

func decodeBeingLife(b []byte) (BeingLife, error) {
	var v BeingLife
	s := jsonscan.New(b)
	i := 0
	if s.Expect(`{"player":`) {
		i = 1
		v.Player = s.InternedString(&factText)
		if s.Expect(`,"being":`) {
			v.Being = s.InternedString(&factText)
		}
		if s.Expect(`,"by":`) {
			v.By = s.InternedString(&factText)
		}
		if s.Expect(`,"undo":`) {
			v.Undo = s.Bool()
		}
	}
	for ; s.Field(i); i++ {
		switch string(s.Key()) {
		case "player":
			v.Player = s.InternedString(&factText)
		case "being":
			v.Being = s.InternedString(&factText)
		case "by":
			v.By = s.InternedString(&factText)
		case "undo":
			v.Undo = s.Bool()
		default:
			s.SkipField()
		}
	}
	return v, s.Done()
}

func decodeGoalMarked(b []byte) (GoalMarked, error) {
	var v GoalMarked
	s := jsonscan.New(b)
	i := 0
	if s.Expect(`{"player":`) {
		i = 1
		v.Player = s.InternedString(&factText)
		if s.Expect(`,"goal":`) {
			v.Goal = s.InternedString(&factText)
		}
		if s.Expect(`,"met":`) {
			v.Met = s.Bool()
		}
	}
	for ; s.Field(i); i++ {
		switch string(s.Key()) {
		case "player":
			v.Player = s.InternedString(&factText)
		case "goal":
			v.Goal = s.InternedString(&factText)
		case "met":
			v.Met = s.Bool()
		default:
			s.SkipField()
		}
	}
	return v, s.Done()
}

func decodeGameStarted(b []byte) (GameStarted, error) {
	var v GameStarted
	s := jsonscan.New(b)
	i := 0
	if s.Expect(`{"name":`) {
		i = 1
		v.Name = s.InternedString(&factText)
		if s.Expect(`,"players":`) {
			v.Players = s.InternedStrings(&factText)
		}
	}
	for ; s.Field(i); i++ {
		switch string(s.Key()) {
		case "name":
			v.Name = s.InternedString(&factText)
		case "players":
			v.Players = s.InternedStrings(&factText)
		default:
			s.SkipField()
		}
	}
	return v, s.Done()
}

func decodeHumanTaken(b []byte) (HumanTaken, error) {
	var v HumanTaken
	s := jsonscan.New(b)
	i := 0
	if s.Expect(`{"player":`) {
		i = 1
		v.Player = s.InternedString(&factText)
	}
	for ; s.Field(i); i++ {
		switch string(s.Key()) {
		case "player":
			v.Player = s.InternedString(&factText)
		default:
			s.SkipField()
		}
	}
	return v, s.Done()
}

func decodePurposeSeen(b []byte) (PurposeSeen, error) {
	var v PurposeSeen
	s := jsonscan.New(b)
	if a, c, ok := s.StringPair("player", "target", &factText); ok {
		v.Player, v.Target = a, c
		return v, s.Done()
	}
	for i := 0; s.Field(i); i++ {
		switch string(s.Key()) {
		case "player":
			v.Player = s.InternedString(&factText)
		case "target":
			v.Target = s.InternedString(&factText)
		default:
			s.SkipField()
		}
	}
	return v, s.Done()
}
