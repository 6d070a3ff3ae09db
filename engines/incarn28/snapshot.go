package incarn28

import (
	"warlog/engines"
)

// EncodeState implements engines.Snapshotter: the state's JSON, with the
// history of finished games beside it as a part of its own, which a
// restore does not even read until the history is first needed.
func (Engine) EncodeState(st engines.State) ([]byte, [][]byte, error) {
	s := st.(*State)
	tmp := *s
	tmp.Records = engines.History[Record]{}
	return engines.EncodeParts(&tmp, &s.Records)
}

// DecodeState implements engines.Snapshotter.
func (Engine) DecodeState(c engines.Campaign, data []byte, parts engines.Parts) (engines.State, error) {
	st := Engine{}.NewState(c).(*State)
	if err := engines.DecodeParts(data, parts, st, &st.Records); err != nil {
		return nil, err
	}
	return st, nil
}

// StateFormat implements engines.Snapshotter.
func (Engine) StateFormat() string { return stateFormat }

// stateFormat changes whenever the shape of State does (4: the history
// as a part beside the JSON, read when first needed).
// 2: game records kept as a History.
const stateFormat = "4"
