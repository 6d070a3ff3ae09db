package kingsown

import (
	"warlog/events"
	"warlog/internal/jsonscan"
)

// registerHot binds the facts a King's Own campaign writes most (fight
// starts and ends, attacks, moves, initiative, damage, turn ends) to
// hand-written decoders, so that a replay does not spend its time in
// reflection. Each must give what encoding/json gives: cmd's
// TestRegistryDecodesAsEncodingJSON checks them on every event of a grown
// campaign and FuzzDecodersAsEncodingJSON on bent payloads. Each reads the
// keys in the order our encoder writes them first (Expect), then any other
// key by the key-by-key loop. The rare facts (spells, shields, wards) keep
// the general decoder.
func registerHot(r *events.Registry) {
	events.RegisterDecoder(r, TypeScenarioEnded, decodeScenarioEnded)
	events.RegisterDecoder(r, TypeScenarioStarted, decodeScenarioStarted)
	events.RegisterDecoder(r, TypeAttackMade, decodeAttackMade)
	events.RegisterDecoder(r, TypeMoved, decodeMoved)
	events.RegisterDecoder(r, TypeAttackPhaseBegun, decodeAttackPhaseBegun)
	events.RegisterDecoder(r, TypeInitiativeWon, decodeInitiativeWon)
	events.RegisterDecoder(r, TypeHitLost, decodeHitLost)
	events.RegisterDecoder(r, TypeHitResisted, decodeHitResisted)
	events.RegisterDecoder(r, TypeGruntSpawned, decodeGruntSpawned)
	events.RegisterDecoder(r, TypeTurnEnded, decodeTurnEnded)
	events.RegisterDecoder(r, TypeMissed, decodeMissed)
	events.RegisterDecoder(r, TypeStepBegun, decodeStepBegun)
	events.RegisterDecoder(r, TypeSkillLost, decodeSkillLost)
	events.RegisterDecoder(r, TypeWithdrawn, decodeWithdrawn)
	events.RegisterDecoder(r, TypeDown, decodeTakenOut)
	events.RegisterDecoder(r, TypeBroken, decodeTakenOut)
	events.RegisterDecoder(r, TypeRecruited, decodeRecruited)
}

// factText interns the sides, names, weapons and keywords the facts repeat.
var factText jsonscan.Interner

func decodeScenarioEnded(b []byte) (ScenarioEnded, error) {
	var v ScenarioEnded
	s := jsonscan.New(b)
	i := 0
	if s.Expect(`{"name":`) {
		i = 1
		v.Name = s.InternedString(&factText)
		if s.Expect(`,"turn":`) {
			v.Turn = s.Int()
		}
		if s.Expect(`,"removed":`) {
			v.Removed = s.IntMap()
		}
		if s.Expect(`,"winner":`) {
			v.Winner = s.InternedString(&factText)
		}
		if s.Expect(`,"declared":`) {
			v.Declared = s.Bool()
		}
		if s.Expect(`,"nest_down":`) {
			v.NestDown = s.BoolPtr()
		}
		if s.Expect(`,"result":`) {
			v.Result = s.String()
		}
		if s.Expect(`,"outcomes":`) {
			v.Outcomes = readOutcomes(s)
		}
	}
	for ; s.Field(i); i++ {
		switch string(s.Key()) {
		case "name":
			v.Name = s.InternedString(&factText)
		case "turn":
			v.Turn = s.Int()
		case "removed":
			v.Removed = s.IntMap()
		case "winner":
			v.Winner = s.InternedString(&factText)
		case "declared":
			v.Declared = s.Bool()
		case "nest_down":
			v.NestDown = s.BoolPtr()
		case "result":
			v.Result = s.String()
		case "outcomes":
			v.Outcomes = readOutcomes(s)
		default:
			s.SkipField()
		}
	}
	return v, s.Done()
}

// readOutcomes reads an array of Outcomes; null gives nil, [] an empty
// slice. It gathers them on the stack and allocates the slice once, at
// its length: one per roster figure, they are too many to grow a slice by
// appends and too long an array (a kilobyte) to count first (Len).
func readOutcomes(s *jsonscan.Scanner) []Outcome {
	if !s.Array() {
		return nil
	}
	var buf [32]Outcome
	out := buf[:0]
	for i := 0; s.Elem(i); i++ {
		var o Outcome
		j := 0
		if s.Expect(`{"side":`) {
			j = 1
			o.Side = s.InternedString(&factText)
			if s.Expect(`,"name":`) {
				o.Name = s.InternedString(&factText)
			}
			if s.Expect(`,"fate":`) {
				o.Fate = s.InternedString(&factText)
			}
			if s.Expect(`,"skill":`) {
				o.Skill = s.Int()
			}
			if s.Expect(`,"new_skill":`) {
				o.NewSkill = s.Int()
			}
			if s.Expect(`,"removals":`) {
				o.Removals = s.Int()
			}
		}
		for ; s.Field(j); j++ {
			switch string(s.Key()) {
			case "side":
				o.Side = s.InternedString(&factText)
			case "name":
				o.Name = s.InternedString(&factText)
			case "fate":
				o.Fate = s.InternedString(&factText)
			case "skill":
				o.Skill = s.Int()
			case "new_skill":
				o.NewSkill = s.Int()
			case "removals":
				o.Removals = s.Int()
			default:
				s.SkipField()
			}
		}
		out = append(out, o)
	}
	return append(make([]Outcome, 0, len(out)), out...)
}

func decodeScenarioStarted(b []byte) (ScenarioStarted, error) {
	var v ScenarioStarted
	s := jsonscan.New(b)
	i := 0
	if s.Expect(`{"name":`) {
		i = 1
		v.Name = s.InternedString(&factText)
		if s.Expect(`,"brief":`) {
			v.Brief = s.InternedString(&factText)
		}
		if s.Expect(`,"turns":`) {
			v.Turns = s.Int()
		}
		if s.Expect(`,"sides":`) {
			v.Sides = s.InternedStrings(&factText)
		}
		if s.Expect(`,"figures":`) {
			v.Figures = readFielded(s)
		}
		if s.Expect(`,"grunt":`) {
			v.Grunt = readCardPtr(s)
		}
	}
	for ; s.Field(i); i++ {
		switch string(s.Key()) {
		case "name":
			v.Name = s.InternedString(&factText)
		case "brief":
			v.Brief = s.InternedString(&factText)
		case "turns":
			v.Turns = s.Int()
		case "sides":
			v.Sides = s.InternedStrings(&factText)
		case "figures":
			v.Figures = readFielded(s)
		case "grunt":
			v.Grunt = readCardPtr(s)
		default:
			s.SkipField()
		}
	}
	return v, s.Done()
}

// readFielded reads an array of Fielded; null gives nil, [] an empty
// slice. Like readOutcomes, it gathers them on the stack first.
func readFielded(s *jsonscan.Scanner) []Fielded {
	if !s.Array() {
		return nil
	}
	var buf [16]Fielded
	out := buf[:0]
	for i := 0; s.Elem(i); i++ {
		var f Fielded
		j := 0
		if s.Expect(`{"card":`) {
			j = 1
			readCard(s, &f.Card)
			if s.Expect(`,"skill":`) {
				f.Skill = s.Int()
			}
			if s.Expect(`,"member":`) {
				f.Member = s.Bool()
			}
		}
		for ; s.Field(j); j++ {
			switch string(s.Key()) {
			case "card":
				readCard(s, &f.Card)
			case "skill":
				f.Skill = s.Int()
			case "member":
				f.Member = s.Bool()
			default:
				s.SkipField()
			}
		}
		out = append(out, f)
	}
	return append(make([]Fielded, 0, len(out)), out...)
}

// readCardPtr reads a *Card: null gives nil.
func readCardPtr(s *jsonscan.Scanner) *Card {
	if s.Null() {
		return nil
	}
	c := new(Card)
	readCard(s, c)
	return c
}

// readCard reads a card's object into c; null leaves c as it is, as
// encoding/json does.
func readCard(s *jsonscan.Scanner, c *Card) {
	j := 0
	if s.Expect(`{"name":`) {
		j = 1
		c.Name = s.InternedString(&factText)
		if s.Expect(`,"side":`) {
			c.Side = s.InternedString(&factText)
		}
		if s.Expect(`,"skill":`) {
			c.Skill = s.Int()
		}
		if s.Expect(`,"move":`) {
			c.Move = s.Int()
		}
		if s.Expect(`,"res":`) {
			c.Res = s.Int()
		}
		if s.Expect(`,"hits":`) {
			c.Hits = s.Int()
		}
		if s.Expect(`,"armour":`) {
			c.Armour = s.InternedString(&factText)
		}
		if s.Expect(`,"shield":`) {
			c.Shield = s.Bool()
		}
		if s.Expect(`,"weapons":`) {
			c.Weapons = readWeapons(s)
		}
		readCardFlags(s, c)
	}
	for ; s.Field(j); j++ {
		switch string(s.Key()) {
		case "name":
			c.Name = s.InternedString(&factText)
		case "side":
			c.Side = s.InternedString(&factText)
		case "skill":
			c.Skill = s.Int()
		case "move":
			c.Move = s.Int()
		case "res":
			c.Res = s.Int()
		case "hits":
			c.Hits = s.Int()
		case "armour":
			c.Armour = s.InternedString(&factText)
		case "shield":
			c.Shield = s.Bool()
		case "weapons":
			c.Weapons = readWeapons(s)
		case "fearless":
			c.Fearless = s.Bool()
		case "no_rear":
			c.NoRear = s.Bool()
		case "frenzy":
			c.Frenzy = s.Bool()
		case "sure_footed":
			c.SureFooted = s.Bool()
		case "ponderous":
			c.Ponderous = s.Bool()
		case "mob":
			c.Mob = s.Bool()
		case "static":
			c.Static = s.Bool()
		case "durable":
			c.Durable = s.Int()
		case "multi":
			c.Multi = s.Int()
		case "spells":
			c.Spells = s.InternedStrings(&factText)
		default:
			s.SkipField()
		}
	}
}

// readCardFlags reads the keys after a card's weapons that are there, in
// the order our encoder writes them (each is left out when false or 0).
func readCardFlags(s *jsonscan.Scanner, c *Card) {
	if s.Expect(`,"fearless":`) {
		c.Fearless = s.Bool()
	}
	if s.Expect(`,"no_rear":`) {
		c.NoRear = s.Bool()
	}
	if s.Expect(`,"frenzy":`) {
		c.Frenzy = s.Bool()
	}
	if s.Expect(`,"sure_footed":`) {
		c.SureFooted = s.Bool()
	}
	if s.Expect(`,"ponderous":`) {
		c.Ponderous = s.Bool()
	}
	if s.Expect(`,"mob":`) {
		c.Mob = s.Bool()
	}
	if s.Expect(`,"static":`) {
		c.Static = s.Bool()
	}
	if s.Expect(`,"durable":`) {
		c.Durable = s.Int()
	}
	if s.Expect(`,"multi":`) {
		c.Multi = s.Int()
	}
	if s.Expect(`,"spells":`) {
		c.Spells = s.InternedStrings(&factText)
	}
}

// readWeapons reads an array of Weapons; null gives nil, [] an empty
// slice. Like the other arrays, it gathers them on the stack first and
// allocates the slice once.
func readWeapons(s *jsonscan.Scanner) []Weapon {
	if !s.Array() {
		return nil
	}
	var buf [4]Weapon
	out := buf[:0]
	for i := 0; s.Elem(i); i++ {
		var w Weapon
		readWeapon(s, &w)
		out = append(out, w)
	}
	return append(make([]Weapon, 0, len(out)), out...)
}

// readWeapon reads a weapon's object into w; null leaves w as it is.
func readWeapon(s *jsonscan.Scanner, w *Weapon) {
	j := 0
	if s.Expect(`{"name":`) {
		j = 1
		w.Name = s.InternedString(&factText)
		if s.Expect(`,"might":`) {
			w.Might = s.Int()
		}
		if s.Expect(`,"reach":`) {
			w.Reach = s.Int()
		}
		if s.Expect(`,"sweep":`) {
			w.Sweep = s.Bool()
		}
	}
	for ; s.Field(j); j++ {
		switch string(s.Key()) {
		case "name":
			w.Name = s.InternedString(&factText)
		case "might":
			w.Might = s.Int()
		case "reach":
			w.Reach = s.Int()
		case "sweep":
			w.Sweep = s.Bool()
		default:
			s.SkipField()
		}
	}
}

// readRef reads a {"side":..,"name":..} object into r; null leaves r as
// it is, as encoding/json does.
func readRef(s *jsonscan.Scanner, r *Ref) {
	if side, name, ok := s.StringPair("side", "name", &factText); ok {
		r.Side, r.Name = side, name
		return
	}
	for i := 0; s.Field(i); i++ {
		switch string(s.Key()) {
		case "side":
			r.Side = s.InternedString(&factText)
		case "name":
			r.Name = s.InternedString(&factText)
		default:
			s.SkipField()
		}
	}
}

// readRefs reads an array of Refs; null gives nil, [] an empty slice.
func readRefs(s *jsonscan.Scanner) []Ref {
	if !s.Array() {
		return nil
	}
	var buf [8]Ref
	out := buf[:0]
	for i := 0; s.Elem(i); i++ {
		var r Ref
		readRef(s, &r)
		out = append(out, r)
	}
	return append(make([]Ref, 0, len(out)), out...)
}

func decodeAttackMade(b []byte) (AttackMade, error) {
	var v AttackMade
	s := jsonscan.New(b)
	i := 0
	if s.Expect(`{"attacker":`) {
		i = 1
		readRef(s, &v.Attacker)
		if s.Expect(`,"weapon":`) {
			readWeapon(s, &v.Weapon)
		}
		if s.Expect(`,"targets":`) {
			v.Targets = readRefs(s)
		}
		if s.Expect(`,"rear":`) {
			v.Rear = s.Bool()
		}
	}
	for ; s.Field(i); i++ {
		switch string(s.Key()) {
		case "attacker":
			readRef(s, &v.Attacker)
		case "weapon":
			readWeapon(s, &v.Weapon)
		case "targets":
			v.Targets = readRefs(s)
		case "rear":
			v.Rear = s.Bool()
		default:
			s.SkipField()
		}
	}
	return v, s.Done()
}

func decodeMoved(b []byte) (Moved, error) {
	var v Moved
	s := jsonscan.New(b)
	i := 0
	if s.Expect(`{"side":`) {
		i = 1
		v.Side = s.InternedString(&factText)
		if s.Expect(`,"name":`) {
			v.Name = s.InternedString(&factText)
		}
		if s.Expect(`,"move":`) {
			v.Move = s.InternedString(&factText)
		}
		if s.Expect(`,"facing":`) {
			v.Facing = s.InternedString(&factText)
		}
		if s.Expect(`,"rough":`) {
			v.Rough = s.Bool()
		}
		if s.Expect(`,"stopped":`) {
			v.Stopped = s.Bool()
		}
		if s.Expect(`,"pair_next":`) {
			v.PairNext = s.Bool()
		}
	}
	for ; s.Field(i); i++ {
		switch string(s.Key()) {
		case "side":
			v.Side = s.InternedString(&factText)
		case "name":
			v.Name = s.InternedString(&factText)
		case "move":
			v.Move = s.InternedString(&factText)
		case "facing":
			v.Facing = s.InternedString(&factText)
		case "rough":
			v.Rough = s.Bool()
		case "stopped":
			v.Stopped = s.Bool()
		case "pair_next":
			v.PairNext = s.Bool()
		default:
			s.SkipField()
		}
	}
	return v, s.Done()
}

func decodeWithdrawn(b []byte) (Withdrawn, error) {
	var v Withdrawn
	s := jsonscan.New(b)
	i := 0
	if s.Expect(`{"side":`) {
		i = 1
		v.Side = s.InternedString(&factText)
		if s.Expect(`,"name":`) {
			v.Name = s.InternedString(&factText)
		}
	}
	for ; s.Field(i); i++ {
		switch string(s.Key()) {
		case "side":
			v.Side = s.InternedString(&factText)
		case "name":
			v.Name = s.InternedString(&factText)
		default:
			s.SkipField()
		}
	}
	return v, s.Done()
}

func decodeAttackPhaseBegun(b []byte) (AttackPhaseBegun, error) {
	var v AttackPhaseBegun
	s := jsonscan.New(b)
	i := 0
	if s.Expect(`{"stayed":`) {
		i = 1
		v.Stayed = readRefs(s)
	}
	for ; s.Field(i); i++ {
		switch string(s.Key()) {
		case "stayed":
			v.Stayed = readRefs(s)
		default:
			s.SkipField()
		}
	}
	return v, s.Done()
}

func decodeInitiativeWon(b []byte) (InitiativeWon, error) {
	var v InitiativeWon
	s := jsonscan.New(b)
	i := 0
	if s.Expect(`{"rolls":`) {
		i = 1
		v.Rolls = readRolls(s)
		if s.Expect(`,"winner":`) {
			v.Winner = s.InternedString(&factText)
		}
		if s.Expect(`,"first":`) {
			v.First = s.InternedString(&factText)
		}
	}
	for ; s.Field(i); i++ {
		switch string(s.Key()) {
		case "rolls":
			v.Rolls = readRolls(s)
		case "winner":
			v.Winner = s.InternedString(&factText)
		case "first":
			v.First = s.InternedString(&factText)
		default:
			s.SkipField()
		}
	}
	return v, s.Done()
}

// readRolls reads an array of arrays of integers; null gives nil, []
// an empty slice, at either level.
func readRolls(s *jsonscan.Scanner) [][]int {
	if !s.Array() {
		return nil
	}
	var buf [4][]int
	out := buf[:0]
	for i := 0; s.Elem(i); i++ {
		out = append(out, s.SizedInts())
	}
	return append(make([][]int, 0, len(out)), out...)
}

func decodeHitLost(b []byte) (HitLost, error) {
	var v HitLost
	s := jsonscan.New(b)
	i := 0
	if s.Expect(`{"target":`) {
		i = 1
		readRef(s, &v.Target)
		if s.Expect(`,"hits":`) {
			v.Hits = s.Int()
		}
	}
	for ; s.Field(i); i++ {
		switch string(s.Key()) {
		case "target":
			readRef(s, &v.Target)
		case "hits":
			v.Hits = s.Int()
		default:
			s.SkipField()
		}
	}
	return v, s.Done()
}

func decodeHitResisted(b []byte) (HitResisted, error) {
	var v HitResisted
	s := jsonscan.New(b)
	i := 0
	if s.Expect(`{"target":`) {
		i = 1
		readRef(s, &v.Target)
		if s.Expect(`,"durable":`) {
			v.Durable = s.Bool()
		}
	}
	for ; s.Field(i); i++ {
		switch string(s.Key()) {
		case "target":
			readRef(s, &v.Target)
		case "durable":
			v.Durable = s.Bool()
		default:
			s.SkipField()
		}
	}
	return v, s.Done()
}

func decodeMissed(b []byte) (Missed, error) {
	var v Missed
	s := jsonscan.New(b)
	i := 0
	if s.Expect(`{"target":`) {
		i = 1
		readRef(s, &v.Target)
		if s.Expect(`,"roll":`) {
			v.Roll = s.Int()
		}
	}
	for ; s.Field(i); i++ {
		switch string(s.Key()) {
		case "target":
			readRef(s, &v.Target)
		case "roll":
			v.Roll = s.Int()
		default:
			s.SkipField()
		}
	}
	return v, s.Done()
}

func decodeSkillLost(b []byte) (SkillLost, error) {
	var v SkillLost
	s := jsonscan.New(b)
	i := 0
	if s.Expect(`{"target":`) {
		i = 1
		readRef(s, &v.Target)
		if s.Expect(`,"skill":`) {
			v.Skill = s.Int()
		}
	}
	for ; s.Field(i); i++ {
		switch string(s.Key()) {
		case "target":
			readRef(s, &v.Target)
		case "skill":
			v.Skill = s.Int()
		default:
			s.SkipField()
		}
	}
	return v, s.Done()
}

func decodeTakenOut(b []byte) (TakenOut, error) {
	var v TakenOut
	s := jsonscan.New(b)
	i := 0
	if s.Expect(`{"target":`) {
		i = 1
		readRef(s, &v.Target)
		if s.Expect(`,"by":`) {
			v.By = readRefPtr(s)
		}
	}
	for ; s.Field(i); i++ {
		switch string(s.Key()) {
		case "target":
			readRef(s, &v.Target)
		case "by":
			v.By = readRefPtr(s)
		default:
			s.SkipField()
		}
	}
	return v, s.Done()
}

// readRefPtr reads a *Ref: null gives nil.
func readRefPtr(s *jsonscan.Scanner) *Ref {
	if s.Null() {
		return nil
	}
	r := new(Ref)
	readRef(s, r)
	return r
}

func decodeGruntSpawned(b []byte) (GruntSpawned, error) {
	var v GruntSpawned
	s := jsonscan.New(b)
	i := 0
	if s.Expect(`{"card":`) {
		i = 1
		readCard(s, &v.Card)
		if s.Expect(`,"roll":`) {
			v.Roll = s.Int()
		}
	}
	for ; s.Field(i); i++ {
		switch string(s.Key()) {
		case "card":
			readCard(s, &v.Card)
		case "roll":
			v.Roll = s.Int()
		default:
			s.SkipField()
		}
	}
	return v, s.Done()
}

func decodeRecruited(b []byte) (Recruited, error) {
	var v Recruited
	s := jsonscan.New(b)
	for i := 0; s.Field(i); i++ {
		switch string(s.Key()) {
		case "card":
			readCard(s, &v.Card)
		default:
			s.SkipField()
		}
	}
	return v, s.Done()
}

func decodeTurnEnded(b []byte) (TurnEnded, error) {
	var v TurnEnded
	s := jsonscan.New(b)
	i := 0
	if s.Expect(`{"turn":`) {
		i = 1
		v.Turn = s.Int()
		if s.Expect(`,"last":`) {
			v.Last = s.Bool()
		}
	}
	for ; s.Field(i); i++ {
		switch string(s.Key()) {
		case "turn":
			v.Turn = s.Int()
		case "last":
			v.Last = s.Bool()
		default:
			s.SkipField()
		}
	}
	return v, s.Done()
}

func decodeStepBegun(b []byte) (StepBegun, error) {
	var v StepBegun
	s := jsonscan.New(b)
	i := 0
	if s.Expect(`{"skill":`) {
		i = 1
		v.Skill = s.Int()
	}
	for ; s.Field(i); i++ {
		switch string(s.Key()) {
		case "skill":
			v.Skill = s.Int()
		default:
			s.SkipField()
		}
	}
	return v, s.Done()
}
