package campaigns

import (
	"warlog/engines/dice"
	"warlog/events"
	"warlog/internal/jsonscan"
)

// registerCore binds the service's own event types, with hand-written
// decoders for the ones every replay meets on every action.
func registerCore(r *events.Registry) {
	events.RegisterDecoder(r, events.TypeActionBegun, decodeBegun)
	events.RegisterDecoder(r, events.TypeActionUndone, events.DecodeActionRef)
	events.RegisterDecoder(r, events.TypeActionRedone, events.DecodeActionRef)
	events.RegisterDecoder(r, dice.Type, dice.DecodeRolled)
	r.Register(TypeCreated, Created{})
	r.Register(TypeAmended, Amended{})
	r.Register(TypeRedecided, Redecided{})
}

// decodeBegun reads an action.begun payload without reflection.
func decodeBegun(data []byte) (Begun, error) {
	var b Begun
	s := jsonscan.New(data)
	for s.Next() {
		switch string(s.Key()) {
		case "game":
			b.Game = s.String()
		case "verb":
			b.Verb = s.String()
		case "args":
			b.Args = s.Raw()
		case "dice":
			b.Dice = s.Ints()
		case "label":
			b.Label = s.String()
		case "rules":
			b.Rules = s.String()
		default:
			s.SkipField()
		}
	}
	return b, s.Err()
}

// beganVerb reads only the verb of an action.begun, all that folding
// needs, and stops there (the verb is written second, after the game).
func beganVerb(e *events.Event) (string, error) {
	s := jsonscan.New(e.Data)
	for s.Next() {
		if string(s.Key()) == "verb" {
			verb := s.String()
			return verb, s.Err()
		}
		s.SkipField()
	}
	return "", s.Err()
}
