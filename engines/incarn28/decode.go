package incarn28

import (
	"warlog/events"
	"warlog/events/jsonscan"
)

// registerHot binds the facts a game of Incarn28 writes most (every
// activation, AC spent and stun) to hand-written decoders, so that a
// replay does not spend its time in reflection. Each must give what
// encoding/json gives (cmd's TestRegistryDecodesAsEncodingJSON checks them
// on every event of a grown campaign).
func registerHot(r *events.Registry) {
	events.RegisterDecoder(r, TypeActivated, func(b []byte) (Activated, error) {
		var v Activated
		s := jsonscan.New(b)
		for s.Next() {
			switch string(s.Key()) {
			case "figure":
				v.Figure = s.String()
			case "natural":
				v.Natural = s.Int()
			case "steps":
				v.Steps = s.Strings()
			case "act_r":
				v.ACTR = s.Int()
			case "acs":
				v.ACs = s.Int()
			case "was_stunned":
				v.WasStunned = s.Bool()
			case "fallow":
				v.Fallow = s.Bool()
			case "wasted":
				v.Wasted = s.Bool()
			default:
				s.Skip()
			}
		}
		return v, s.Err()
	})
	events.RegisterDecoder(r, TypeACsSpent, func(b []byte) (ACsSpent, error) {
		var v ACsSpent
		s := jsonscan.New(b)
		for s.Next() {
			switch string(s.Key()) {
			case "figure":
				v.Figure = s.String()
			case "acs":
				v.ACs = s.Int()
			case "for":
				v.For = s.String()
			case "what":
				v.What = s.String()
			default:
				s.Skip()
			}
		}
		return v, s.Err()
	})
	events.RegisterDecoder(r, TypeStatusChanged, func(b []byte) (StatusChanged, error) {
		var v StatusChanged
		s := jsonscan.New(b)
		for s.Next() {
			switch string(s.Key()) {
			case "figure":
				v.Figure = s.String()
			case "status":
				v.Status = s.String()
			case "why":
				v.Why = s.String()
			case "by":
				v.By = s.String()
			default:
				s.Skip()
			}
		}
		return v, s.Err()
	})
	events.RegisterDecoder(r, TypeActivationEnded, func(b []byte) (ActivationEnded, error) {
		var v ActivationEnded
		s := jsonscan.New(b)
		for s.Next() {
			switch string(s.Key()) {
			case "figure":
				v.Figure = s.String()
			case "saved":
				v.Saved = s.Int()
			case "next":
				v.Next = s.String()
			case "again":
				v.Again = s.String()
			case "round_over":
				v.RoundOver = s.Bool()
			default:
				s.Skip()
			}
		}
		return v, s.Err()
	})
	events.RegisterDecoder(r, TypeObjectiveCompleted, func(b []byte) (ObjectiveCompleted, error) {
		var v ObjectiveCompleted
		s := jsonscan.New(b)
		for s.Next() {
			switch string(s.Key()) {
			case "player":
				v.Player = s.String()
			case "objective":
				v.Objective = s.Int()
			case "how":
				v.How = s.String()
			default:
				s.Skip()
			}
		}
		return v, s.Err()
	})
}
