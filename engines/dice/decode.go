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
		case "target":
			r.Target = decodeTarget(s)
		default:
			s.SkipField()
		}
	}
	return r, s.Err()
}

// decodeTarget reads a roll's target in place; null gives nil.
func decodeTarget(s *jsonscan.Scanner) *Target {
	if s.Null() {
		return nil
	}
	t := &Target{}
	for i := 0; s.Field(i); i++ {
		switch string(s.Key()) {
		case "need":
			t.Need = s.Int()
		case "low":
			t.Low = s.Bool()
		case "vs_count":
			t.VsCount = s.Int()
		case "vs_sides":
			t.VsSides = s.Int()
		default:
			s.Skip()
		}
	}
	return t
}

// rolledText interns the notations, sources, purposes and names that a
// long log repeats in every roll.
var rolledText jsonscan.Interner
