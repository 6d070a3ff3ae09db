package dice

import "warlog/internal/jsonscan"

// DecodeRolled reads a dice.rolled payload without reflection: rolls are
// the events a replay meets most.
func DecodeRolled(data []byte) (Rolled, error) {
	var r Rolled
	s := jsonscan.New(data)
	for s.Next() {
		switch string(s.Key()) {
		case "notation":
			r.Notation = s.InternedString(&rolledText)
		case "sides":
			r.Sides = s.Int()
		case "values":
			r.Values = s.SizedInts()
		case "mod":
			r.Mod = s.Int()
		case "source":
			r.Source = s.InternedString(&rolledText)
		case "purpose":
			r.Purpose = s.InternedString(&rolledText)
		case "index":
			r.Index = s.Int()
		case "by":
			r.By = s.InternedString(&rolledText)
		case "success":
			r.Success = s.BoolPtr()
		default:
			s.SkipField()
		}
	}
	return r, s.Err()
}

// rolledText interns the notations, sources, purposes and names that a
// long log repeats in every roll.
var rolledText jsonscan.Interner
