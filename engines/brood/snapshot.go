package brood

import (
	"warlog/engines"
)

// EncodeState implements engines.Snapshotter: the state is plain exported
// data, so its JSON is the snapshot. B, the board in play, is the last
// game's board: DecodeState links it again rather than keep two copies.
func (Engine) EncodeState(st engines.State) ([]byte, error) { return engines.MarshalState(st) }

// DecodeState implements engines.Snapshotter.
func (Engine) DecodeState(c engines.Campaign, data []byte) (engines.State, error) {
	st := Engine{}.NewState(c).(*State)
	if err := engines.UnmarshalState(data, st); err != nil {
		return nil, err
	}
	if n := len(st.Games); st.B != nil && n > 0 {
		st.B = st.Games[n-1].Board
	}
	return st, nil
}

// StateFormat implements engines.Snapshotter.
func (Engine) StateFormat() string { return stateFormat }

// stateFormat changes whenever the shape of State does.
// 2: finished games kept as a History.
const stateFormat = "2"
