package deadwars

import (
	"warlog/engines"
)

// EncodeState implements engines.Snapshotter: the state's JSON, with the
// history of finished battles beside it as a part of its own, which a
// restore does not even read until the history is first needed.
func (Engine) EncodeState(st engines.State) ([]byte, [][]byte, error) {
	s := st.(*State)
	tmp := *s
	tmp.Past = engines.History[*Battle]{}
	return engines.EncodeParts(&tmp, &s.Past)
}

// DecodeState implements engines.Snapshotter.
func (Engine) DecodeState(c engines.Campaign, data []byte, parts engines.Parts) (engines.State, error) {
	st := newState(c)
	if err := engines.DecodeParts(data, parts, st, &st.Past); err != nil {
		return nil, err
	}
	return st, nil
}

// StateFormat implements engines.Snapshotter.
func (Engine) StateFormat() string { return stateFormat }

// stateFormat changes whenever the shape of State does (5: a force's
// results read from the battles, not kept with it) (4: the history as a
// part beside the JSON, read when first needed) (2: finished battles moved
// to Past).
const stateFormat = "5"
