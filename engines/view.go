package engines

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// Field is one named value of a row. Value is a string, an int or a bool.
type Field struct {
	Key   string
	Value any
}

// Row is an ordered set of fields: a figure in `status`, an entry in
// `roster`. It marshals to a JSON object with its keys in order, so each
// game adds its own numbers as lower-case keys (CLI.md).
type Row []Field

// Get returns the value of key, or nil.
func (r Row) Get(key string) any {
	for _, f := range r {
		if f.Key == key {
			return f.Value
		}
	}
	return nil
}

// String is the value of key as a table shows it (Text).
func (r Row) String(key string) string { return Text(r.Get(key)) }

// Text is a row's value as every table shows it: nothing for nil (a field
// the row lacks), yes or no for a bool, a list joined with commas.
func Text(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case bool:
		if x {
			return "yes"
		}
		return "no"
	case []string:
		return strings.Join(x, ", ")
	}
	return fmt.Sprint(v)
}

// Heading is a row's key as a column's heading: "_" as a space.
func Heading(key string) string { return strings.ReplaceAll(key, "_", " ") }

// Cells are rows as a table: the columns are the rows' keys in first-seen
// order (Keys), headed by Heading, and each cell is its value's Text.
func Cells(rows []Row) (header []string, cells [][]string) {
	keys := Keys(rows)
	header = make([]string, len(keys))
	for i, k := range keys {
		header[i] = Heading(k)
	}
	cells = make([][]string, len(rows))
	for i, r := range rows {
		cells[i] = make([]string, len(keys))
		for j, k := range keys {
			cells[i][j] = r.String(k)
		}
	}
	return header, cells
}

// MarshalJSON writes the fields in order.
func (r Row) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, f := range r {
		if i > 0 {
			b.WriteByte(',')
		}
		k, err := json.Marshal(f.Key)
		if err != nil {
			return nil, err
		}
		v, err := json.Marshal(f.Value)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// Status is the battle in progress as CLI.md's `status --json` shows it.
type Status struct {
	Campaign string `json:"campaign"`
	Game     string `json:"game"`
	// Dice is how the campaign's table rolls ("table" or "program"): the
	// campaign's setting, which the command line fills in, as Campaign
	// and Game.
	Dice     string `json:"dice,omitempty"`
	Scenario string `json:"scenario"`
	Turn     int    `json:"turn"`
	Phase    string `json:"phase"`
	// Notes are lines shown above the table: whose move, pools, limits,
	// in the game's words.
	Notes []string `json:"notes,omitempty"`
	// Next are the commands (verbs: "i28 round") the rules expect now, for
	// the command line to name in its own syntax.
	Next    []string `json:"next,omitempty"`
	Figures []Row    `json:"figures,omitempty"`
	Sides   []Row    `json:"sides,omitempty"`
	Players []Row    `json:"players,omitempty"`
}

// Roster is the campaign's figures (or players) and their campaign state.
type Roster struct {
	Campaign string   `json:"campaign"`
	Notes    []string `json:"notes,omitempty"`
	// Next: as Status.Next.
	Next []string `json:"next,omitempty"`
	// Figures is always present in JSON (CLI.md), empty for games of players.
	Figures []Row `json:"figures"`
	Players []Row `json:"players,omitempty"`
}

// Keys lists the keys of rows in first-seen order: the columns of a table of
// rows that need not all have the same fields.
func Keys(rows []Row) []string {
	var keys []string
	seen := map[string]bool{}
	for _, r := range rows {
		for _, f := range r {
			if !seen[f.Key] {
				seen[f.Key] = true
				keys = append(keys, f.Key)
			}
		}
	}
	return keys
}
