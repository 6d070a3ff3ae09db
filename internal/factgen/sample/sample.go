// Package sample is a game's facts of every shape factgen reads, declared
// with the kit, so that the generated decoders can be held to encoding/json
// on all of them (sample_test.go).
package sample

//go:generate go run warlog/internal/factgen

import (
	"encoding/json"
	"strings"

	"warlog/engines"
	"warlog/engines/kit"
)

// Side is a named text.
type Side string

// Ref names a figure.
type Ref struct {
	Side Side   `json:"side"`
	Name string `json:"name"`
}

// Upper decodes itself.
type Upper string

// UnmarshalJSON implements json.Unmarshaler.
func (u *Upper) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	*u = Upper(strings.ToUpper(s))
	return nil
}

// Moved has an embedded struct and plain values.
type Moved struct {
	Ref
	Inches  int     `json:"inches"`
	Rough   bool    `json:"rough,omitempty"`
	Big     int64   `json:"big,omitempty"`
	Seed    uint64  `json:"seed,omitempty"`
	Share   float64 `json:"share,omitempty"`
	Skipped string  `json:"-"`
	// Plain is not folded (nor is Struck.Lists): a replay skips it.
	Plain  string `fold:"skip"`
	hidden int
}

// Struck has pointers, slices and maps of every kind.
type Struck struct {
	By      *Ref                `json:"by,omitempty"`
	Targets []Ref               `json:"targets" factgen:"shared"`
	Maybe   []*Ref              `json:"maybe,omitempty"`
	Dice    []int               `json:"dice"`
	Rounds  [][]int             `json:"rounds,omitempty"`
	Names   []string            `json:"names,omitempty" factgen:"shared"`
	Score   map[string]int      `json:"score,omitempty"`
	Lists   map[string][]string `json:"lists,omitempty" fold:"skip"`
	Refs    map[string]Ref      `json:"refs,omitempty"`
	Success *bool               `json:"success,omitempty"`
	Shout   Upper               `json:"shout,omitempty"`
	Raw     json.RawMessage     `json:"raw,omitempty"`
	Any     any                 `json:"any,omitempty"`
	Sides   []Side              `json:"sides,omitempty"`
	Small   int8                `json:"small,omitempty"`
}

// State is the sample game's state.
type State struct{ N int }

// Status implements engines.State.
func (*State) Status() engines.Status { return engines.Status{} }

// Roster implements engines.State.
func (*State) Roster() engines.Roster { return engines.Roster{} }

func (s *State) moved(Moved) error   { s.N++; return nil }
func (s *State) struck(Struck) error { s.N++; return nil }

// Engine is the sample game.
var Engine = &kit.Game[*State]{
	GameInfo: engines.GameInfo{Name: "sample", Title: "Sample"},
	New:      func(engines.Campaign) *State { return &State{} },
	Facts: func() []kit.Fact[*State] {
		return []kit.Fact[*State]{
			kit.On("sample.moved", (*State).moved),
			kit.On("sample.struck", (*State).struck),
		}
	},
}
