package brood

import (
	"warlog/engines"
)

// EncodeState implements engines.Snapshotter: the state's JSON, with the
// history of finished games beside it as a part of its own, which a
// restore does not even read until the history is first needed. B, the board in play, is the last
// game's board: DecodeState links it again rather than keep two copies.
func (Engine) EncodeState(st engines.State) ([]byte, [][]byte, error) {
	s := st.(*State)
	tmp := *s
	tmp.Past = engines.History[*Record]{}
	return engines.EncodeParts(&tmp, &s.Past)
}

// DecodeState implements engines.Snapshotter.
func (Engine) DecodeState(c engines.Campaign, data []byte, parts engines.Parts) (engines.State, error) {
	st := Engine{}.NewState(c).(*State)
	if err := engines.DecodeParts(data, parts, st, &st.Past); err != nil {
		return nil, err
	}
	if n := len(st.Games); st.B != nil && n > 0 {
		st.B = st.Games[n-1].Board
	}
	return st, nil
}

// StateFormat implements engines.Snapshotter.
func (Engine) StateFormat() string { return stateFormat }

// stateFormat changes whenever the shape of State does (4: the history
// as a part beside the JSON, read when first needed).
// 2: finished games kept as a History.
const stateFormat = "4"
