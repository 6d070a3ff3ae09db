package campaigns

import (
	"warlog/engines"
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
	events.RegisterDecoder(r, TypeCreated, decodeCreated)
	r.Register(TypeAmended, Amended{})
	r.Register(TypeDiceSet, DiceSet{})
	r.Register(TypeRedecided, Redecided{})
	r.Register(events.TypeActionVoided, events.Voided{})
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
		case "by":
			b.By = s.String()
		default:
			s.SkipField()
		}
	}
	return b, s.Err()
}

// beganVerb reads only the verb of an action.begun, all that folding
// needs, and stops there (the verb is written second, after the game).
// A campaign's verbs are a few strings repeated in every action: they are
// interned, so a replay makes each once rather than once per action.
func beganVerb(e *events.Event) (string, error) {
	s := jsonscan.New(e.Data)
	for s.Next() {
		if string(s.Key()) == "verb" {
			verb := s.InternedString(&verbs)
			return verb, s.Err()
		}
		s.SkipField()
	}
	return "", s.Err()
}

// readCampaign reads an engines.Campaign in place: campaign.created's
// payload, and the campaign a snapshot names.
func readCampaign(s *jsonscan.Scanner) (c engines.Campaign) {
	for i := 0; s.Field(i); i++ {
		switch string(s.Key()) {
		case "name":
			c.Name = s.String()
		case "game":
			c.Game = s.String()
		case "seed":
			c.Seed = s.Uint64()
		case "mode":
			c.Mode = s.String()
		default:
			s.SkipField()
		}
	}
	return c
}

// decodeCreated reads a campaign.created payload without reflection.
func decodeCreated(data []byte) (Created, error) {
	s := jsonscan.New(data)
	c := readCampaign(s)
	return c, s.Done()
}

// decodeSavedState reads the first line of a snapshot without reflection:
// every command that restores one reads it.
func decodeSavedState(data []byte) (savedState, error) {
	var v savedState
	s := jsonscan.New(data)
	for i := 0; s.Field(i); i++ {
		switch string(s.Key()) {
		case "campaign":
			v.Campaign = readCampaign(s)
		case "created":
			s.Decode(&v.Created)
		case "program_dice":
			v.ProgramDice = s.Int()
		case "dice":
			v.Dice = DiceHow(s.String())
		case "redoable":
			v.Redoable = s.Strings()
		case "actions":
			v.Actions = s.Int()
		case "meta":
			v.Meta = s.Int()
		case "undone":
			v.Undone = s.Int()
		case "rules":
			v.Rules = s.String()
		case "format":
			v.Format = s.String()
		default:
			s.SkipField()
		}
	}
	return v, s.Done()
}

// rolledDice reads of a dice.rolled payload only what folding needs, and
// allocates nothing: how many dice were thrown, and whether the program
// threw them (its source). A replay meets a roll every few events.
func rolledDice(data []byte) (n int, program bool, err error) {
	s := jsonscan.New(data)
	for i := 0; s.Field(i); i++ {
		switch string(s.Key()) {
		case "values":
			if s.Array() {
				for j := 0; s.Elem(j); j++ {
					s.Skip()
					n++
				}
			}
		case "source":
			program = s.InternedString(&rollSources) == dice.Program
		default:
			s.SkipField()
		}
	}
	return n, program, s.Done()
}

// rollSources interns a roll's source ("program", "hand").
var rollSources jsonscan.Interner

// verbs interns the verbs of action.begun (beganVerb).
var verbs jsonscan.Interner
