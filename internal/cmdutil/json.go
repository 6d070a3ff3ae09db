package cmdutil

import (
	"encoding/json"
	"fmt"
	"strconv"
	"time"
)

// JSONTime writes a time as every JSON document of warlog does: RFC 3339,
// in UTC, to the second or finer.
func JSONTime(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339Nano)
}

// maxExactSeed is 2^53, the largest integer every JSON reader (a
// JavaScript number, a float64) holds exactly, with all below it.
const maxExactSeed = 1 << 53

// Seed is a campaign's seed in JSON: a number up to 2^53, a string of its
// digits above, which a reader that parses numbers as float64 would round.
// Either form reads back.
type Seed uint64

// MarshalJSON implements json.Marshaler.
func (s Seed) MarshalJSON() ([]byte, error) {
	digits := strconv.FormatUint(uint64(s), 10)
	if s > maxExactSeed {
		return []byte(`"` + digits + `"`), nil
	}
	return []byte(digits), nil
}

// UnmarshalJSON implements json.Unmarshaler.
func (s *Seed) UnmarshalJSON(b []byte) error {
	var str string
	if err := json.Unmarshal(b, &str); err != nil {
		str = string(b)
	}
	n, err := strconv.ParseUint(str, 10, 64)
	if err != nil {
		return fmt.Errorf("seed %s: %w", b, err)
	}
	*s = Seed(n)
	return nil
}
