package deadwars

import (
	"warlog/events"
	"warlog/internal/jsonscan"
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
		i := 0
		if s.Expect(`{"a":`) { // the keys in the order our encoder writes them
			i = 1
			v.A = readRef(s)
			if s.Expect(`,"b":`) {
				v.B = readRef(s)
			}
			if s.Expect(`,"apart":`) {
				v.Apart = s.Bool()
			}
		}
		for ; s.Field(i); i++ {
			switch string(s.Key()) {
			case "a":
				v.A = readRef(s)
			case "b":
				v.B = readRef(s)
			case "apart":
				v.Apart = s.Bool()
			default:
				s.SkipField()
			}
		}
		return v, s.Done()
	})
	events.RegisterDecoder(r, TypeAttackMade, func(b []byte) (AttackMade, error) {
		var v AttackMade
		s := jsonscan.New(b)
		i := 0
		if s.Expect(`{"by":`) { // the keys in the order our encoder writes them
			i = 1
			v.By = readRef(s)
			if s.Expect(`,"target":`) {
				v.Target = readRef(s)
			}
			if s.Expect(`,"dice":`) {
				v.Dice = s.SizedInts()
			}
			if s.Expect(`,"free":`) {
				v.Free = s.Bool()
			}
			if s.Expect(`,"hit_roll":`) {
				v.HitRoll = s.Int()
			}
			if s.Expect(`,"hit_mod":`) {
				v.HitMod = s.Int()
			}
			if s.Expect(`,"hit_need":`) {
				v.HitNeed = s.Int()
			}
			if s.Expect(`,"hit":`) {
				v.Hit = s.Bool()
			}
			if s.Expect(`,"save_roll":`) {
				v.SaveRoll = s.Int()
			}
			if s.Expect(`,"save_mod":`) {
				v.SaveMod = s.Int()
			}
			if s.Expect(`,"save_need":`) {
				v.SaveNeed = s.Int()
			}
			if s.Expect(`,"saved":`) {
				v.Saved = s.Bool()
			}
			if s.Expect(`,"wounded":`) {
				v.Wounded = s.Bool()
			}
			if s.Expect(`,"killed":`) {
				v.Killed = s.Bool()
			}
			if s.Expect(`,"kp":`) {
				v.KP = s.Int()
			}
		}
		for ; s.Field(i); i++ {
			switch string(s.Key()) {
			case "by":
				v.By = readRef(s)
			case "target":
				v.Target = readRef(s)
			case "dice":
				v.Dice = s.SizedInts()
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
				s.SkipField()
			}
		}
		return v, s.Done()
	})
	events.RegisterDecoder(r, TypeFigureMoved, func(b []byte) (FigureMoved, error) {
		var v FigureMoved
		s := jsonscan.New(b)
		i := 0
		if s.Expect(`{"figure":`) { // the keys in the order our encoder writes them
			i = 1
			v.Figure = readRef(s)
			if s.Expect(`,"die":`) {
				v.Die = s.Int()
			}
			if s.Expect(`,"dash":`) {
				v.Dash = s.Bool()
			}
			if s.Expect(`,"magic":`) {
				v.Magic = s.Bool()
			}
			if s.Expect(`,"inches":`) {
				v.Inches = s.Int()
			}
		}
		for ; s.Field(i); i++ {
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
				v.Left = readRefs(s)
			case "free":
				v.Free = readFrees(s)
			default:
				s.SkipField()
			}
		}
		return v, s.Done()
	})
	events.RegisterDecoder(r, TypePoolRolled, func(b []byte) (PoolRolled, error) {
		var v PoolRolled
		s := jsonscan.New(b)
		i := 0
		if s.Expect(`{"player":`) { // the keys in the order our encoder writes them
			i = 1
			v.Player = s.InternedString(&names)
			if s.Expect(`,"faces":`) {
				v.Faces = s.SizedInts()
			}
		}
		for ; s.Field(i); i++ {
			switch string(s.Key()) {
			case "player":
				v.Player = s.InternedString(&names)
			case "faces":
				v.Faces = s.SizedInts()
			default:
				s.SkipField()
			}
		}
		return v, s.Done()
	})
	events.RegisterDecoder(r, TypeTurnEnded, func(b []byte) (TurnEnded, error) {
		var v TurnEnded
		s := jsonscan.New(b)
		i := 0
		if s.Expect(`{"player":`) { // the keys in the order our encoder writes them
			i = 1
			v.Player = s.InternedString(&names)
			if s.Expect(`,"lost":`) {
				v.Lost = s.SizedInts()
			}
			if s.Expect(`,"drift":`) {
				v.Drift = s.SizedInts()
			}
		}
		for ; s.Field(i); i++ {
			switch string(s.Key()) {
			case "player":
				v.Player = s.InternedString(&names)
			case "lost":
				v.Lost = s.SizedInts()
			case "drift":
				v.Drift = s.SizedInts()
			default:
				s.SkipField()
			}
		}
		return v, s.Done()
	})
	registerRest(r)
}

// registerRest binds the other facts of a battle to hand-written decoders
// too: spells and battle starts and ends are few but large, and what
// reflection costs on them showed in a full replay.
func registerRest(r *events.Registry) {
	events.RegisterDecoder(r, TypeSpellCast, func(b []byte) (SpellCast, error) {
		var v SpellCast
		s := jsonscan.New(b)
		i := 0
		if s.Expect(`{"caster":`) { // the keys in the order our encoder writes them
			i = 1
			v.Caster = readRef(s)
			if s.Expect(`,"spell":`) {
				v.Spell = s.InternedString(&names)
			}
			if s.Expect(`,"cost":`) {
				v.Cost = s.Int()
			}
			if s.Expect(`,"target":`) {
				v.Target = readRef(s)
			}
			if s.Expect(`,"hit_roll":`) {
				v.HitRoll = s.Int()
			}
			if s.Expect(`,"hit":`) {
				v.Hit = s.Bool()
			}
			if s.Expect(`,"save_roll":`) {
				v.SaveRoll = s.Int()
			}
			if s.Expect(`,"saved":`) {
				v.Saved = s.Bool()
			}
			if s.Expect(`,"wounded":`) {
				v.Wounded = s.Bool()
			}
			if s.Expect(`,"killed":`) {
				v.Killed = s.Bool()
			}
			if s.Expect(`,"kp":`) {
				v.KP = s.Int()
			}
			if s.Expect(`,"healed":`) {
				v.Healed = s.Bool()
			}
		}
		for ; s.Field(i); i++ {
			switch string(s.Key()) {
			case "caster":
				v.Caster = readRef(s)
			case "spell":
				v.Spell = s.InternedString(&names)
			case "cost":
				v.Cost = s.Int()
			case "target":
				v.Target = readRef(s)
			case "hit_roll":
				v.HitRoll = s.Int()
			case "hit":
				v.Hit = s.Bool()
			case "save_roll":
				v.SaveRoll = s.Int()
			case "saved":
				v.Saved = s.Bool()
			case "wounded":
				v.Wounded = s.Bool()
			case "killed":
				v.Killed = s.Bool()
			case "kp":
				v.KP = s.Int()
			case "healed":
				v.Healed = s.Bool()
			case "into":
				if !s.Null() {
					ref := readRef(s)
					v.Into = &ref
				}
			case "left":
				v.Left = readRefs(s)
			default:
				s.SkipField()
			}
		}
		return v, s.Done()
	})
	events.RegisterDecoder(r, TypeScenarioStarted, func(b []byte) (ScenarioStarted, error) {
		var v ScenarioStarted
		s := jsonscan.New(b)
		for s.Next() {
			switch string(s.Key()) {
			case "name":
				v.Name = s.String()
			case "brief":
				v.Brief = s.InternedString(&names)
			case "sides":
				v.Sides = s.InternedStrings(&names)
			case "deploy":
				v.Deploy = s.InternedStrings(&names)
			case "roll_off":
				v.RollOff = nil
				if s.Array() {
					v.RollOff = [][]int{}
					for i := 0; s.Elem(i); i++ {
						v.RollOff = append(v.RollOff, s.SizedInts())
					}
				}
			case "humans":
				v.Humans = nil
				if s.Array() {
					v.Humans = []HumanSet{}
					for i := 0; s.Elem(i); i++ {
						var h HumanSet
						for j := 0; s.Field(j); j++ {
							switch string(s.Key()) {
							case "name":
								h.Name = s.InternedString(&names)
							case "class":
								h.Class = s.InternedString(&names)
							default:
								s.SkipField()
							}
						}
						v.Humans = append(v.Humans, h)
					}
				}
			default:
				s.SkipField()
			}
		}
		return v, s.Err()
	})
	events.RegisterDecoder(r, TypeScenarioEnded, func(b []byte) (ScenarioEnded, error) {
		var v ScenarioEnded
		s := jsonscan.New(b)
		for s.Next() {
			switch string(s.Key()) {
			case "winner":
				v.Winner = s.InternedString(&names)
			case "result":
				v.Result = s.InternedString(&names)
			case "why":
				v.Why = s.String()
			case "scores":
				v.Scores = s.IntMap()
			case "declared":
				v.Declared = s.Bool()
			default:
				s.SkipField()
			}
		}
		return v, s.Err()
	})
	events.RegisterDecoder(r, TypeDoubleChanged, func(b []byte) (DoubleChanged, error) {
		var v DoubleChanged
		s := jsonscan.New(b)
		for s.Next() {
			switch string(s.Key()) {
			case "player":
				v.Player = s.InternedString(&names)
			case "face":
				v.Face = s.Int()
			case "to":
				v.To = s.Int()
			default:
				s.SkipField()
			}
		}
		return v, s.Err()
	})
	events.RegisterDecoder(r, TypeDefendSet, func(b []byte) (DefendSet, error) {
		var v DefendSet
		s := jsonscan.New(b)
		for s.Next() {
			switch string(s.Key()) {
			case "figure":
				v.Figure = readRef(s)
			case "die":
				v.Die = s.Int()
			default:
				s.SkipField()
			}
		}
		return v, s.Err()
	})
	events.RegisterDecoder(r, TypeSoulTried, func(b []byte) (SoulTried, error) {
		var v SoulTried
		s := jsonscan.New(b)
		for s.Next() {
			switch string(s.Key()) {
			case "figure":
				v.Figure = readRef(s)
			case "dice":
				v.Dice = s.SizedInts()
			case "roll":
				v.Roll = s.Int()
			case "mod":
				v.Mod = s.Int()
			case "need":
				v.Need = s.Int()
			case "collected":
				v.Collected = s.Bool()
			default:
				s.SkipField()
			}
		}
		return v, s.Err()
	})
	events.RegisterDecoder(r, TypeHumansActed, func(b []byte) (HumansActed, error) {
		var v HumansActed
		s := jsonscan.New(b)
		for s.Next() {
			switch string(s.Key()) {
			case "round":
				v.Round = s.Int()
			default:
				s.SkipField()
			}
		}
		return v, s.Err()
	})
	events.RegisterDecoder(r, TypeShrineCounted, func(b []byte) (ShrineCounted, error) {
		var v ShrineCounted
		s := jsonscan.New(b)
		for s.Next() {
			switch string(s.Key()) {
			case "counts":
				v.Counts = s.IntMap()
			default:
				s.SkipField()
			}
		}
		return v, s.Err()
	})
}

// names interns the sides and figure names the facts repeat.
var names jsonscan.Interner

// readRef reads a {"side":..,"name":..} object; null gives the zero Ref,
// as encoding/json leaves the field.
func readRef(s *jsonscan.Scanner) Ref {
	if side, name, ok := s.StringPair("side", "name", &names); ok {
		return Ref{Side: side, Name: name}
	}
	var ref Ref
	for i := 0; s.Field(i); i++ {
		switch string(s.Key()) {
		case "side":
			ref.Side = s.InternedString(&names)
		case "name":
			ref.Name = s.InternedString(&names)
		default:
			s.SkipField()
		}
	}
	return ref
}

// readRefs reads an array of Refs; null gives nil, [] an empty slice.
func readRefs(s *jsonscan.Scanner) []Ref {
	if !s.Array() {
		return nil
	}
	out := []Ref{}
	for i := 0; s.Elem(i); i++ {
		out = append(out, readRef(s))
	}
	return out
}

// readFrees reads an array of FreeAttacks; null gives nil, [] an empty
// slice.
func readFrees(s *jsonscan.Scanner) []FreeAttack {
	if !s.Array() {
		return nil
	}
	out := []FreeAttack{}
	for i := 0; s.Elem(i); i++ {
		var f FreeAttack
		for j := 0; s.Field(j); j++ {
			switch string(s.Key()) {
			case "by":
				f.By = readRef(s)
			case "target":
				f.Target = readRef(s)
			default:
				s.SkipField()
			}
		}
		out = append(out, f)
	}
	return out
}
