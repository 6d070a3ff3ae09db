package jsonscan

import (
	"encoding/json"
	"testing"
)

// Integers read as encoding/json reads them into an int: every int64
// (19 digits included: a stored fact with 9223372036854775807 could not
// be read back), and nothing beyond.
func TestIntAsEncodingJSON(t *testing.T) {
	for _, n := range []string{"0", "7", "-7", "999999999999999999", "1000000000000000000",
		"9223372036854775807", "-9223372036854775808", "9223372036854775808", "-9223372036854775809",
		"99999999999999999999", "1.5", "1e3", "-0"} {
		data := []byte(`{"n":` + n + `}`)
		var want struct{ N int }
		werr := json.Unmarshal(data, &want)
		s := New(data)
		got := 0
		for s.Next() {
			got = s.Int()
		}
		gerr := s.Err()
		if (werr == nil) != (gerr == nil) || got != want.N && werr == nil {
			t.Errorf("%s: read %d (%v); encoding/json %d (%v)", n, got, gerr, want.N, werr)
		}
	}
}
