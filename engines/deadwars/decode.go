package deadwars

import (
	"warlog/events"
	"warlog/events/jsonscan"
)

// registerHot binds the facts a Deadwars battle writes most (contacts,
// attacks, moves, pools, turn ends) to hand-written decoders, so that a
// replay does not spend its time in reflection. Each must give what
// encoding/json gives (cmd's TestRegistryDecodesAsEncodingJSON checks them
// on every event of a grown campaign).
func registerHot(r *events.Registry) {
	events.RegisterDecoder(r, TypeContactChanged, func(b []byte) (ContactChanged, error) {
		var v ContactChanged
		s := jsonscan.New(b)
		for s.Next() {
			switch string(s.Key()) {
			case "a":
				v.A = readRef(s)
			case "b":
				v.B = readRef(s)
			case "apart":
				v.Apart = s.Bool()
			default:
				s.Skip()
			}
		}
		return v, s.Err()
	})
	events.RegisterDecoder(r, TypeAttackMade, func(b []byte) (AttackMade, error) {
		var v AttackMade
		s := jsonscan.New(b)
		for s.Next() {
			switch string(s.Key()) {
			case "by":
				v.By = readRef(s)
			case "target":
				v.Target = readRef(s)
			case "dice":
				v.Dice = s.Ints()
			case "free":
				v.Free = s.Bool()
			case "hit_roll":
				v.HitRoll = s.Int()
			case "hit_mod":
				v.HitMod = s.Int()
			case "hit_need":
				v.HitNeed = s.Int()
			case "hit":
				v.Hit = s.Bool()
			case "save_roll":
				v.SaveRoll = s.Int()
			case "save_mod":
				v.SaveMod = s.Int()
			case "save_need":
				v.SaveNeed = s.Int()
			case "saved":
				v.Saved = s.Bool()
			case "wounded":
				v.Wounded = s.Bool()
			case "killed":
				v.Killed = s.Bool()
			case "kp":
				v.KP = s.Int()
			default:
				s.Skip()
			}
		}
		return v, s.Err()
	})
	events.RegisterDecoder(r, TypeFigureMoved, func(b []byte) (FigureMoved, error) {
		var v FigureMoved
		s := jsonscan.New(b)
		for s.Next() {
			switch string(s.Key()) {
			case "figure":
				v.Figure = readRef(s)
			case "die":
				v.Die = s.Int()
			case "dash":
				v.Dash = s.Bool()
			case "magic":
				v.Magic = s.Bool()
			case "inches":
				v.Inches = s.Int()
			case "into":
				if !s.Null() {
					ref := readRef(s)
					v.Into = &ref
				}
			case "left":
				s.Decode(&v.Left)
			case "free":
				s.Decode(&v.Free)
			default:
				s.Skip()
			}
		}
		return v, s.Err()
	})
	events.RegisterDecoder(r, TypePoolRolled, func(b []byte) (PoolRolled, error) {
		var v PoolRolled
		s := jsonscan.New(b)
		for s.Next() {
			switch string(s.Key()) {
			case "player":
				v.Player = s.String()
			case "faces":
				v.Faces = s.Ints()
			default:
				s.Skip()
			}
		}
		return v, s.Err()
	})
	events.RegisterDecoder(r, TypeTurnEnded, func(b []byte) (TurnEnded, error) {
		var v TurnEnded
		s := jsonscan.New(b)
		for s.Next() {
			switch string(s.Key()) {
			case "player":
				v.Player = s.String()
			case "lost":
				v.Lost = s.Ints()
			case "drift":
				v.Drift = s.Ints()
			default:
				s.Skip()
			}
		}
		return v, s.Err()
	})
}

// readRef reads a {"side":..,"name":..} object.
func readRef(s *jsonscan.Scanner) Ref {
	var ref Ref
	sub := s.Sub()
	for sub.Next() {
		switch string(sub.Key()) {
		case "side":
			ref.Side = sub.String()
		case "name":
			ref.Name = sub.String()
		default:
			sub.Skip()
		}
	}
	s.Fail(sub.Err())
	return ref
}
