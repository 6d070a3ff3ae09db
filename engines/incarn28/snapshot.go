package incarn28

import (
	"encoding/json"

	"warlog/engines"
)

// EncodeState implements engines.Snapshotter: the state is plain exported
// data, so its JSON is the snapshot.
func (Engine) EncodeState(st engines.State) ([]byte, error) { return json.Marshal(st) }

// DecodeState implements engines.Snapshotter.
func (Engine) DecodeState(c engines.Campaign, data []byte) (engines.State, error) {
	st := Engine{}.NewState(c).(*State)
	if err := json.Unmarshal(data, st); err != nil {
		return nil, err
	}
	return st, nil
}
