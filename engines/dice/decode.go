package dice

import "warlog/events/jsonscan"

// DecodeRolled reads a dice.rolled payload without reflection: rolls are
// the events a replay meets most.
func DecodeRolled(data []byte) (Rolled, error) {
	var r Rolled
	s := jsonscan.New(data)
	for s.Next() {
		switch string(s.Key()) {
		case "notation":
			r.Notation = s.String()
		case "sides":
			r.Sides = s.Int()
		case "values":
			r.Values = s.Ints()
		case "mod":
			r.Mod = s.Int()
		case "source":
			r.Source = s.String()
		case "purpose":
			r.Purpose = s.String()
		case "index":
			r.Index = s.Int()
		case "by":
			r.By = s.String()
		case "success":
			r.Success = s.BoolPtr()
		default:
			s.Skip()
		}
	}
	return r, s.Err()
}
