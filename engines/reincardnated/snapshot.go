package reincardnated

import (
	"warlog/engines"
)

// saved is the snapshot form of a State, whose fields are unexported: the
// same data, with each game's memory of the turn's last Karma and last
// kill or rebirth (which Lesson Learned and Sympathy answer) kept too.
type saved struct {
	Campaign engines.Campaign `json:"campaign"`
	Cards    map[string]Card  `json:"cards"`
	Starters map[string]Card  `json:"starters"`
	Games    []savedGame      `json:"games"`
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
	for _, g := range s.games {
		out.Games = append(out.Games, savedGame{Game: *g, LastKarma: g.lastKarma, LastLife: g.lastLife})
	}
	b, err := engines.MarshalState(out)
	return b, nil, err
}

// DecodeState implements engines.Snapshotter.
func (Engine) DecodeState(c engines.Campaign, data []byte, _ engines.Parts) (engines.State, error) {
	var in saved
	if err := engines.UnmarshalState(data, &in); err != nil {
		return nil, err
	}
	s := newState(c)
	if in.Cards != nil {
		s.cards = in.Cards
	}
	if in.Starters != nil {
		s.starters = in.Starters
	}
	for _, sg := range in.Games {
		g := sg.Game
		g.lastKarma, g.lastLife = sg.LastKarma, sg.LastLife
		s.games = append(s.games, &g)
	}
	return s, nil
}

// StateFormat implements engines.Snapshotter.
func (Engine) StateFormat() string { return stateFormat }

// stateFormat changes whenever the shape of State does.
const stateFormat = "1"
