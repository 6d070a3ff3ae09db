package incarn28

import (
	"warlog/events"
	"warlog/internal/jsonscan"
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
		i := 0
		if s.Expect(`{"figure":`) { // the keys in the order our encoder writes them
			i = 1
			v.Figure = s.InternedString(&names)
			if s.Expect(`,"natural":`) {
				v.Natural = s.Int()
			}
			if s.Expect(`,"steps":`) {
				v.Steps = s.InternedStrings(&names)
			}
			if s.Expect(`,"act_r":`) {
				v.ACTR = s.Int()
			}
			if s.Expect(`,"acs":`) {
				v.ACs = s.Int()
			}
		}
		for ; s.Field(i); i++ {
			switch string(s.Key()) {
			case "figure":
				v.Figure = s.InternedString(&names)
			case "natural":
				v.Natural = s.Int()
			case "steps":
				v.Steps = s.InternedStrings(&names)
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
				s.SkipField()
			}
		}
		return v, s.Done()
	})
	events.RegisterDecoder(r, TypeACsSpent, func(b []byte) (ACsSpent, error) {
		var v ACsSpent
		s := jsonscan.New(b)
		i := 0
		if s.Expect(`{"figure":`) { // the keys in the order our encoder writes them
			i = 1
			v.Figure = s.InternedString(&names)
			if s.Expect(`,"acs":`) {
				v.ACs = s.Int()
			}
			if s.Expect(`,"for":`) {
				v.For = s.InternedString(&names)
			}
			if s.Expect(`,"what":`) {
				v.What = s.InternedString(&names)
			}
		}
		for ; s.Field(i); i++ {
			switch string(s.Key()) {
			case "figure":
				v.Figure = s.InternedString(&names)
			case "acs":
				v.ACs = s.Int()
			case "for":
				v.For = s.InternedString(&names)
			case "what":
				v.What = s.InternedString(&names)
			default:
				s.SkipField()
			}
		}
		return v, s.Done()
	})
	events.RegisterDecoder(r, TypeStatusChanged, func(b []byte) (StatusChanged, error) {
		var v StatusChanged
		s := jsonscan.New(b)
		i := 0
		if s.Expect(`{"figure":`) { // the keys in the order our encoder writes them
			i = 1
			v.Figure = s.InternedString(&names)
			if s.Expect(`,"status":`) {
				v.Status = s.InternedString(&names)
			}
			if s.Expect(`,"why":`) {
				v.Why = s.InternedString(&names)
			}
			if s.Expect(`,"by":`) {
				v.By = s.InternedString(&names)
			}
		}
		for ; s.Field(i); i++ {
			switch string(s.Key()) {
			case "figure":
				v.Figure = s.InternedString(&names)
			case "status":
				v.Status = s.InternedString(&names)
			case "why":
				v.Why = s.InternedString(&names)
			case "by":
				v.By = s.InternedString(&names)
			default:
				s.SkipField()
			}
		}
		return v, s.Done()
	})
	events.RegisterDecoder(r, TypeActivationEnded, func(b []byte) (ActivationEnded, error) {
		var v ActivationEnded
		s := jsonscan.New(b)
		i := 0
		if s.Expect(`{"figure":`) { // the keys in the order our encoder writes them
			i = 1
			v.Figure = s.InternedString(&names)
			if s.Expect(`,"saved":`) {
				v.Saved = s.Int()
			}
			if s.Expect(`,"next":`) {
				v.Next = s.InternedString(&names)
			}
		}
		for ; s.Field(i); i++ {
			switch string(s.Key()) {
			case "figure":
				v.Figure = s.InternedString(&names)
			case "saved":
				v.Saved = s.Int()
			case "next":
				v.Next = s.InternedString(&names)
			case "again":
				v.Again = s.InternedString(&names)
			case "round_over":
				v.RoundOver = s.Bool()
			default:
				s.SkipField()
			}
		}
		return v, s.Done()
	})
	events.RegisterDecoder(r, TypeObjectiveCompleted, func(b []byte) (ObjectiveCompleted, error) {
		var v ObjectiveCompleted
		s := jsonscan.New(b)
		i := 0
		if s.Expect(`{"player":`) { // the keys in the order our encoder writes them
			i = 1
			v.Player = s.InternedString(&names)
			if s.Expect(`,"objective":`) {
				v.Objective = s.Int()
			}
			if s.Expect(`,"how":`) {
				v.How = s.InternedString(&names)
			}
		}
		for ; s.Field(i); i++ {
			switch string(s.Key()) {
			case "player":
				v.Player = s.InternedString(&names)
			case "objective":
				v.Objective = s.Int()
			case "how":
				v.How = s.InternedString(&names)
			default:
				s.SkipField()
			}
		}
		return v, s.Done()
	})
	registerRest(r)
}

// registerRest binds the other facts to hand-written decoders too: a
// battle's start (every figure's profile, a fifth of a campaign's bytes)
// and the figures added later are large, and what reflection costs on
// them and on the many small ones showed in a full replay.
func registerRest(r *events.Registry) {
	events.RegisterDecoder(r, TypeBattleStarted, func(b []byte) (BattleStarted, error) {
		var v BattleStarted
		s := jsonscan.New(b)
		for s.Next() {
			switch string(s.Key()) {
			case "name":
				v.Name = s.String()
			case "sides":
				v.Sides = s.InternedStrings(&names)
			case "figures":
				v.Figures = nil
				if s.Array() {
					// Read on the stack, then copied once at their number:
					// growing the slice by appending copied them often.
					var buf [16]Figure
					figs := buf[:0]
					for i := 0; s.Elem(i); i++ {
						figs = append(figs, Figure{})
						readFigure(s, &figs[len(figs)-1])
					}
					v.Figures = append([]Figure{}, figs...)
				}
			default:
				s.SkipField()
			}
		}
		return v, s.Err()
	})
	events.RegisterDecoder(r, TypeFigureAdded, func(b []byte) (FigureAdded, error) {
		var v FigureAdded
		s := jsonscan.New(b)
		for s.Next() {
			switch string(s.Key()) {
			case "figure":
				readFigure(s, &v.Figure)
			case "why":
				v.Why = s.String()
			default:
				s.SkipField()
			}
		}
		return v, s.Err()
	})
	events.RegisterDecoder(r, TypeFigureChanged, func(b []byte) (FigureChanged, error) {
		var v FigureChanged
		s := jsonscan.New(b)
		for s.Next() {
			switch string(s.Key()) {
			case "figure":
				v.Figure = s.InternedString(&names)
			case "side":
				v.Side = s.InternedString(&names)
			case "name":
				v.Name = s.InternedString(&names)
			case "incarn":
				v.Incarn = nil
				if !s.Null() {
					var in Incarn
					readIncarn(s, &in)
					v.Incarn = &in
				}
			case "on_fire":
				v.OnFire = s.BoolPtr()
			case "marked_by":
				v.MarkedBy = nil
				if !s.Null() {
					by := s.InternedString(&names)
					v.MarkedBy = &by
				}
			case "rifted":
				v.Rifted = s.BoolPtr()
			case "stone":
				v.Stone = s.BoolPtr()
			case "revealed":
				v.Revealed = s.BoolPtr()
			case "used":
				v.Used = s.InternedString(&names)
			case "why":
				v.Why = s.InternedString(&names)
			default:
				s.SkipField()
			}
		}
		return v, s.Err()
	})
	events.RegisterDecoder(r, TypeGangFounded, func(b []byte) (GangFounded, error) {
		var v GangFounded
		s := jsonscan.New(b)
		for s.Next() {
			switch string(s.Key()) {
			case "player":
				v.Player = s.InternedString(&names)
			case "faction":
				v.Faction = s.InternedString(&names)
			case "bones":
				v.Bones = s.Int()
			case "incarns":
				v.Incarns = nil
				if s.Array() {
					v.Incarns = []Incarn{}
					for i := 0; s.Elem(i); i++ {
						var in Incarn
						readIncarn(s, &in)
						v.Incarns = append(v.Incarns, in)
					}
				}
			default:
				s.SkipField()
			}
		}
		return v, s.Err()
	})
	events.RegisterDecoder(r, TypeIncarnRecruited, func(b []byte) (IncarnRecruited, error) {
		var v IncarnRecruited
		s := jsonscan.New(b)
		for s.Next() {
			switch string(s.Key()) {
			case "player":
				v.Player = s.InternedString(&names)
			case "incarn":
				readIncarn(s, &v.Incarn)
			case "cost":
				v.Cost = s.Int()
			default:
				s.SkipField()
			}
		}
		return v, s.Err()
	})
	events.RegisterDecoder(r, TypeIncarnDismissed, func(b []byte) (IncarnDismissed, error) {
		var v IncarnDismissed
		s := jsonscan.New(b)
		for s.Next() {
			switch string(s.Key()) {
			case "player":
				v.Player = s.InternedString(&names)
			case "name":
				v.Name = s.InternedString(&names)
			default:
				s.SkipField()
			}
		}
		return v, s.Err()
	})
	events.RegisterDecoder(r, TypeObjectivesRolled, func(b []byte) (ObjectivesRolled, error) {
		var v ObjectivesRolled
		s := jsonscan.New(b)
		for s.Next() {
			switch string(s.Key()) {
			case "player":
				v.Player = s.InternedString(&names)
			case "objectives":
				v.Objectives = s.SizedInts()
			case "overseer":
				v.Overseer = s.Bool()
			default:
				s.SkipField()
			}
		}
		return v, s.Err()
	})
	events.RegisterDecoder(r, TypeTwistRolled, func(b []byte) (TwistRolled, error) {
		var v TwistRolled
		s := jsonscan.New(b)
		for s.Next() {
			switch string(s.Key()) {
			case "twist":
				v.Twist = s.Int()
			case "mist_edge":
				v.MistEdge = s.InternedString(&names)
			default:
				s.SkipField()
			}
		}
		return v, s.Err()
	})
	events.RegisterDecoder(r, TypeRoundBegun, func(b []byte) (RoundBegun, error) {
		var v RoundBegun
		s := jsonscan.New(b)
		for s.Next() {
			switch string(s.Key()) {
			case "round":
				v.Round = s.Int()
			case "rolls":
				v.Rolls = s.IntMap()
			case "first":
				v.First = s.InternedString(&names)
			default:
				s.SkipField()
			}
		}
		return v, s.Err()
	})
	events.RegisterDecoder(r, TypeDeploymentRolled, func(b []byte) (DeploymentRolled, error) {
		var v DeploymentRolled
		s := jsonscan.New(b)
		for s.Next() {
			switch string(s.Key()) {
			case "rolls":
				v.Rolls = s.IntMap()
			case "first":
				v.First = s.InternedString(&names)
			default:
				s.SkipField()
			}
		}
		return v, s.Err()
	})
	events.RegisterDecoder(r, TypeBattleEnded, func(b []byte) (BattleEnded, error) {
		var v BattleEnded
		s := jsonscan.New(b)
		for s.Next() {
			switch string(s.Key()) {
			case "winner":
				v.Winner = s.InternedString(&names)
			case "why":
				v.Why = s.String()
			default:
				s.SkipField()
			}
		}
		return v, s.Err()
	})
	events.RegisterDecoder(r, TypeDesecrateHit, func(b []byte) (DesecrateHit, error) {
		var v DesecrateHit
		s := jsonscan.New(b)
		for s.Next() {
			switch string(s.Key()) {
			case "player":
				v.Player = s.InternedString(&names)
			case "hits":
				v.Hits = s.Int()
			default:
				s.SkipField()
			}
		}
		return v, s.Err()
	})
	events.RegisterDecoder(r, TypeReactionOpened, func(b []byte) (ReactionOpened, error) {
		var v ReactionOpened
		s := jsonscan.New(b)
		for s.Next() {
			switch string(s.Key()) {
			case "figure":
				v.Figure = s.InternedString(&names)
			case "kind":
				v.Kind = s.InternedString(&names)
			case "not":
				v.Not = s.InternedString(&names)
			default:
				s.SkipField()
			}
		}
		return v, s.Err()
	})
	events.RegisterDecoder(r, TypeReactionUsed, func(b []byte) (ReactionUsed, error) {
		var v ReactionUsed
		s := jsonscan.New(b)
		for s.Next() {
			switch string(s.Key()) {
			case "figure":
				v.Figure = s.InternedString(&names)
			case "kind":
				v.Kind = s.InternedString(&names)
			case "target":
				v.Target = s.InternedString(&names)
			default:
				s.SkipField()
			}
		}
		return v, s.Err()
	})
	events.RegisterDecoder(r, TypeMistFlowed, func(b []byte) (MistFlowed, error) {
		var v MistFlowed
		s := jsonscan.New(b)
		for s.Next() {
			switch string(s.Key()) {
			case "round":
				v.Round = s.Int()
			case "reach":
				v.Reach = s.Int()
			default:
				s.SkipField()
			}
		}
		return v, s.Err()
	})
}

// names interns the sides, names and keywords the facts repeat.
var names jsonscan.Interner

// readIncarn reads an incarn's profile into in; null leaves it as it is,
// as encoding/json does.
func readIncarn(s *jsonscan.Scanner, in *Incarn) {
	for i := 0; s.Field(i); i++ {
		if !readIncarnField(s, in) {
			s.SkipField()
		}
	}
}

// readIncarnField reads the current key if it is one of an Incarn's; false
// if it is not (and the value is still to read).
func readIncarnField(s *jsonscan.Scanner, in *Incarn) bool {
	switch string(s.Key()) {
	case "name":
		in.Name = s.InternedString(&names)
	case "skill":
		in.Skill = s.InternedString(&names)
	case "toughness":
		in.Toughness = s.InternedString(&names)
	case "flesh":
		in.Flesh = s.InternedStrings(&names)
	case "items":
		in.Items = s.InternedStrings(&names)
	default:
		return false
	}
	return true
}

// readFigure reads a battle figure (its Incarn's keys inline) into f; null
// leaves it as it is, as encoding/json does.
func readFigure(s *jsonscan.Scanner, f *Figure) {
	i := 0
	if s.Expect(`{"name":`) { // the keys in the order our encoder writes them
		i = 1
		f.Name = s.InternedString(&names)
		if s.Expect(`,"skill":`) {
			f.Skill = s.InternedString(&names)
		}
		if s.Expect(`,"toughness":`) {
			f.Toughness = s.InternedString(&names)
		}
		if s.Expect(`,"flesh":`) {
			f.Flesh = s.InternedStrings(&names)
		}
		if s.Expect(`,"items":`) {
			f.Items = s.InternedStrings(&names)
		}
		if s.Expect(`,"side":`) {
			f.Side = s.InternedString(&names)
		}
		if s.Expect(`,"origin":`) {
			f.Origin = s.InternedString(&names)
		}
		if s.Expect(`,"status":`) {
			f.Status = s.InternedString(&names)
		}
		if s.Expect(`,"tag":`) {
			f.Tag = s.InternedString(&names)
		}
		if s.Expect(`,"for":`) {
			f.For = s.InternedString(&names)
		}
		if s.Expect(`,"starting":`) {
			f.Starting = s.Bool()
		}
	}
	for ; s.Field(i); i++ {
		if readIncarnField(s, &f.Incarn) {
			continue
		}
		switch string(s.Key()) {
		case "side":
			f.Side = s.InternedString(&names)
		case "origin":
			f.Origin = s.InternedString(&names)
		case "status":
			f.Status = s.InternedString(&names)
		case "tag":
			f.Tag = s.InternedString(&names)
		case "for":
			f.For = s.InternedString(&names)
		case "starting":
			f.Starting = s.Bool()
		case "activated":
			f.Activated = s.Bool()
		case "harmed":
			f.Harmed = s.Bool()
		case "saved":
			f.Saved = s.Int()
		case "on_fire":
			f.OnFire = s.Bool()
		case "marked_by":
			f.MarkedBy = s.InternedString(&names)
		case "toxic_used":
			f.ToxicUsed = s.Bool()
		case "decoy_used":
			f.DecoyUsed = s.Bool()
		case "inseminate_used":
			f.InseminateUsed = s.Bool()
		case "rifted":
			f.Rifted = s.Bool()
		case "stone":
			f.Stone = s.Bool()
		case "rift_used":
			f.RiftUsed = s.Bool()
		case "revealed":
			f.Revealed = s.Bool()
		case "slain_by":
			f.SlainBy = s.InternedString(&names)
		default:
			s.SkipField()
		}
	}
}
