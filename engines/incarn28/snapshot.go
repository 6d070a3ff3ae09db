package incarn28

import (
	"warlog/engines"
)

// EncodeState implements engines.Snapshotter: the state's JSON, with the
// history of finished games beside it as a part of its own, which a
// restore keeps undecoded without even scanning it.
func (Engine) EncodeState(st engines.State) ([]byte, error) {
	s := st.(*State)
	tmp := *s
	tmp.Records = engines.History[Record]{}
	return engines.EncodeParts(&tmp, &s.Records)
}

// DecodeState implements engines.Snapshotter.
func (Engine) DecodeState(c engines.Campaign, data []byte) (engines.State, error) {
	st := Engine{}.NewState(c).(*State)
	if err := engines.DecodeParts(data, st, &st.Records); err != nil {
		return nil, err
	}
	return st, nil
}

// StateFormat implements engines.Snapshotter.
func (Engine) StateFormat() string { return stateFormat }

// stateFormat changes whenever the shape of State does (3: the history
// as a part beside the JSON).
// 2: game records kept as a History.
const stateFormat = "3"
