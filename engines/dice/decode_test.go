package dice

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"
)

// The hand-written decoder gives what encoding/json gives for every roll
// the program writes: random rolls of every field, marshalled and read back.
func TestDecodeRolledMatchesEncodingJSON(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	purposes := []string{"hit roll", "", "Bors's \"lucky\" save", "défense", "a\nb", "<tag>&"}
	for i := 0; i < 2000; i++ {
		r := Rolled{Notation: "2d6", Sides: 1 + rng.IntN(100), Mod: rng.IntN(7) - 3, Source: []string{Program, Hand}[rng.IntN(2)],
			Purpose: purposes[rng.IntN(len(purposes))], Index: rng.IntN(1 << 20), By: purposes[rng.IntN(len(purposes))]}
		for n := rng.IntN(5); n > 0; n-- {
			r.Values = append(r.Values, 1+rng.IntN(r.Sides))
		}
		if rng.IntN(3) > 0 {
			ok := rng.IntN(2) == 0
			r.Success = &ok
			switch rng.IntN(3) {
			case 0:
				r.Target = &Target{Need: rng.IntN(12) - 2}
			case 1:
				r.Target = &Target{Need: rng.IntN(7), Low: true}
			case 2:
				r.Target = &Target{Need: rng.IntN(5) - 2, VsCount: 1 + rng.IntN(3), VsSides: 6}
			}
		}
		data, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		got, err := DecodeRolled(data)
		if err != nil {
			t.Fatalf("%s: %v", data, err)
		}
		var want Rolled
		if err := json.Unmarshal(data, &want); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%s:\n got %#v\nwant %#v", data, got, want)
		}
	}
}

func BenchmarkDecodeRolled(b *testing.B) {
	ok := true
	data, _ := json.Marshal(Rolled{Notation: "2d6", Sides: 6, Values: []int{3, 5}, Source: Program, Purpose: "hit roll", Index: 42, By: "red", Success: &ok})
	b.Run("hand-written", func(b *testing.B) {
		for b.Loop() {
			if _, err := DecodeRolled(data); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("encoding-json", func(b *testing.B) {
		for b.Loop() {
			var r Rolled
			if err := json.Unmarshal(data, &r); err != nil {
				b.Fatal(err)
			}
		}
	})
}
