package reincardnated

import (
	"warlog/engines"
)

// saved is the snapshot form of a State, whose fields are unexported: the
// same data, with the last game's memory of the turn's last Karma and last
// kill or rebirth (which Lesson Learned and Sympathy answer) kept too. The
// games before the last are a part beside it (engines.EncodeParts).
type saved struct {
	Campaign engines.Campaign `json:"campaign"`
	Cards    map[string]Card  `json:"cards"`
	Starters map[string]Card  `json:"starters"`
	Last     *savedGame       `json:"last,omitempty"`
}

type savedGame struct {
	Game
	LastKarma *lastPlay  `json:"last_karma,omitempty"`
	LastLife  *lifeEvent `json:"last_life,omitempty"`
}

// EncodeState implements engines.Snapshotter.
func (Engine) EncodeState(st engines.State) ([]byte, [][]byte, error) {
	s := st.(*State)
	out := saved{Campaign: s.campaign, Cards: s.cards, Starters: s.starters}
	if g := s.last; g != nil {
		out.Last = &savedGame{Game: *g, LastKarma: g.lastKarma, LastLife: g.lastLife}
	}
	return engines.EncodeParts(out, &s.past)
}

// DecodeState implements engines.Snapshotter.
func (Engine) DecodeState(c engines.Campaign, data []byte, parts engines.Parts) (engines.State, error) {
	var in saved
	s := newState(c)
	if err := engines.DecodeParts(data, parts, &in, &s.past); err != nil {
		return nil, err
	}
	if in.Cards != nil {
		s.cards = in.Cards
	}
	if in.Starters != nil {
		s.starters = in.Starters
	}
	if sg := in.Last; sg != nil {
		g := sg.Game
		g.lastKarma, g.lastLife = sg.LastKarma, sg.LastLife
		s.last = &g
	}
	return s, nil
}

// StateFormat implements engines.Snapshotter.
func (Engine) StateFormat() string { return stateFormat }

// stateFormat changes whenever the shape of State does (2: the games
// before the last as a part beside the JSON, read when first needed).
const stateFormat = "2"
