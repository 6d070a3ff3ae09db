package deadwars

import (
	"warlog/engines"
)

// EncodeState implements engines.Snapshotter: the state is plain exported
// data, so its JSON is the snapshot.
func (Engine) EncodeState(st engines.State) ([]byte, error) { return engines.MarshalState(st) }

// DecodeState implements engines.Snapshotter.
func (Engine) DecodeState(c engines.Campaign, data []byte) (engines.State, error) {
	st := newState(c)
	if err := engines.UnmarshalState(data, st); err != nil {
		return nil, err
	}
	return st, nil
}

// StateFormat implements engines.Snapshotter.
func (Engine) StateFormat() string { return stateFormat }

// stateFormat changes whenever the shape of State does (2: finished
// battles moved to Past).
const stateFormat = "2"
