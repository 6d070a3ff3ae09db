package cmdutil

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"warlog/events"
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

// NewEventJSON is an event as every JSON output shows it: its time in RFC
// 3339, and a "seed" in its data above 2^53 as a string (the stored event
// keeps its number; only what is shown changes).
func NewEventJSON(e events.Event, undone bool) EventJSON {
	return EventJSON{Seq: e.Seq, Version: e.Version, Action: e.Action, Type: e.Type, Data: safeSeed(e.Data), At: JSONTime(e.At), Undone: undone}
}

// safeSeed writes a top-level "seed" above 2^53 of an event's data as a
// string; any other data is returned as it is, byte for byte.
func safeSeed(data json.RawMessage) json.RawMessage {
	if !bytes.Contains(data, []byte(`"seed"`)) {
		return data
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(data, &fields); err != nil {
		return data
	}
	n, err := strconv.ParseUint(string(fields["seed"]), 10, 64)
	if err != nil || n <= maxExactSeed {
		return data
	}
	fields["seed"], _ = Seed(n).MarshalJSON()
	out, err := json.Marshal(fields)
	if err != nil {
		return data
	}
	return out
}
