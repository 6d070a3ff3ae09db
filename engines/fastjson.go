package engines

import fastjson "github.com/goccy/go-json"

// MarshalState and UnmarshalState encode whole states: snapshots, and the
// copies King's Own and Deadwars decide on. They are encoding/json's
// format through goccy/go-json, three to four times faster on our types; the
// replay equivalence test checks every state that goes through them.
func MarshalState(v any) ([]byte, error) { return fastjson.Marshal(v) }

// UnmarshalState is MarshalState's inverse.
func UnmarshalState(data []byte, v any) error { return fastjson.Unmarshal(data, v) }
