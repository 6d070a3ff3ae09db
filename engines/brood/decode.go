package brood

import (
	"warlog/events"
	"warlog/internal/jsonscan"
)

// registerHot binds the facts a Brood Mother campaign writes (turns,
// Plasmid, spawns, moves, combats, evolutions, the ends of games) to
// hand-written decoders, so that a replay does not spend its time in
// reflection. Each must give what encoding/json gives: cmd's
// TestRegistryDecodesAsEncodingJSON checks them on every event of a grown
// campaign and FuzzDecodersAsEncodingJSON on bent payloads. Each reads the
// keys in the order our encoder writes them first (Expect), then any other
// key by the key-by-key loop. The rarest facts (wounds, saves, poison,
// lives, frenzy) keep the general decoder.
func registerHot(r *events.Registry) {
	events.RegisterDecoder(r, TypeTurnBegan, decodeTurnBegan)
	events.RegisterDecoder(r, TypeTurnEnded, decodeTurnEnded)
	events.RegisterDecoder(r, TypePlasmidGained, decodePlasmidGained)
	events.RegisterDecoder(r, TypePlasmidSpent, decodePlasmidSpent)
	events.RegisterDecoder(r, TypeSpawnCreated, decodeSpawnCreated)
	events.RegisterDecoder(r, TypeStatRaised, decodeStatRaised)
	events.RegisterDecoder(r, TypeSpawnMoved, decodeSpawnMoved)
	events.RegisterDecoder(r, TypeCombatFought, decodeCombatFought)
	events.RegisterDecoder(r, TypeSpawnRemoved, decodeSpawnRemoved)
	events.RegisterDecoder(r, TypePointsAbsorbed, decodePointsAbsorbed)
	events.RegisterDecoder(r, TypeEvolved, decodeMotherEvolved)
	events.RegisterDecoder(r, TypeSubvertTried, decodeSubversionTried)
	events.RegisterDecoder(r, TypeMotherMoved, decodeMotherMoved)
	events.RegisterDecoder(r, TypeMotherAttacked, decodeMotherAttacked)
	events.RegisterDecoder(r, TypeGameEnded, decodeGameEnded)
	events.RegisterDecoder(r, TypeGameStarted, decodeGameStarted)
	events.RegisterDecoder(r, TypeSpawnAbsorbed, decodeSpawnAbsorbed)
	events.RegisterDecoder(r, TypeMutated, decodeSpawnMutated)
	events.RegisterDecoder(r, TypeSubverted, decodeSpawnSubverted)
}

// factText interns the players, spawn names and keywords the facts repeat.
var factText jsonscan.Interner

// readPath reads an array of Squares; null gives nil, [] an empty slice.
// It gathers them on the stack and allocates the slice once, at its
// length.
func readPath(s *jsonscan.Scanner) []Square {
	if !s.Array() {
		return nil
	}
	var buf [16]Square
	out := buf[:0]
	for i := 0; s.Elem(i); i++ {
		var q Square
		j := 0
		if s.Expect(`{"x":`) {
			j = 1
			q.X = s.Int()
			if s.Expect(`,"y":`) {
				q.Y = s.Int()
			}
		}
		for ; s.Field(j); j++ {
			switch string(s.Key()) {
			case "x":
				q.X = s.Int()
			case "y":
				q.Y = s.Int()
			default:
				s.SkipField()
			}
		}
		out = append(out, q)
	}
	return append(make([]Square, 0, len(out)), out...)
}

// readMothers reads an array of MotherPlaces; null gives nil, [] an empty
// slice. Like readPath, it gathers them on the stack first.
func readMothers(s *jsonscan.Scanner) []MotherPlace {
	if !s.Array() {
		return nil
	}
	var buf [4]MotherPlace
	out := buf[:0]
	for i := 0; s.Elem(i); i++ {
		var m MotherPlace
		j := 0
		if s.Expect(`{"player":`) {
			j = 1
			m.Player = s.InternedString(&factText)
			if s.Expect(`,"letter":`) {
				m.Letter = s.InternedString(&factText)
			}
			if s.Expect(`,"x":`) {
				m.X = s.Int()
			}
			if s.Expect(`,"y":`) {
				m.Y = s.Int()
			}
		}
		for ; s.Field(j); j++ {
			switch string(s.Key()) {
			case "player":
				m.Player = s.InternedString(&factText)
			case "letter":
				m.Letter = s.InternedString(&factText)
			case "x":
				m.X = s.Int()
			case "y":
				m.Y = s.Int()
			default:
				s.SkipField()
			}
		}
		out = append(out, m)
	}
	return append(make([]MotherPlace, 0, len(out)), out...)
}

func decodeTurnBegan(b []byte) (TurnBegan, error) {
	var v TurnBegan
	s := jsonscan.New(b)
	i := 0
	if s.Expect(`{"player":`) {
		i = 1
		v.Player = s.InternedString(&factText)
		if s.Expect(`,"round":`) {
			v.Round = s.Int()
		}
	}
	for ; s.Field(i); i++ {
		switch string(s.Key()) {
		case "player":
			v.Player = s.InternedString(&factText)
		case "round":
			v.Round = s.Int()
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
	if s.Expect(`{"player":`) {
		i = 1
		v.Player = s.InternedString(&factText)
	}
	for ; s.Field(i); i++ {
		switch string(s.Key()) {
		case "player":
			v.Player = s.InternedString(&factText)
		default:
			s.SkipField()
		}
	}
	return v, s.Done()
}

func decodePlasmidGained(b []byte) (PlasmidGained, error) {
	var v PlasmidGained
	s := jsonscan.New(b)
	i := 0
	if s.Expect(`{"player":`) {
		i = 1
		v.Player = s.InternedString(&factText)
		if s.Expect(`,"amount":`) {
			v.Amount = s.Int()
		}
		if s.Expect(`,"kept":`) {
			v.Kept = s.Int()
		}
		if s.Expect(`,"source":`) {
			v.Source = s.InternedString(&factText)
		}
	}
	for ; s.Field(i); i++ {
		switch string(s.Key()) {
		case "player":
			v.Player = s.InternedString(&factText)
		case "amount":
			v.Amount = s.Int()
		case "kept":
			v.Kept = s.Int()
		case "source":
			v.Source = s.InternedString(&factText)
		default:
			s.SkipField()
		}
	}
	return v, s.Done()
}

func decodePlasmidSpent(b []byte) (PlasmidSpent, error) {
	var v PlasmidSpent
	s := jsonscan.New(b)
	i := 0
	if s.Expect(`{"player":`) {
		i = 1
		v.Player = s.InternedString(&factText)
		if s.Expect(`,"amount":`) {
			v.Amount = s.Int()
		}
		if s.Expect(`,"on":`) {
			v.On = s.InternedString(&factText)
		}
	}
	for ; s.Field(i); i++ {
		switch string(s.Key()) {
		case "player":
			v.Player = s.InternedString(&factText)
		case "amount":
			v.Amount = s.Int()
		case "on":
			v.On = s.InternedString(&factText)
		default:
			s.SkipField()
		}
	}
	return v, s.Done()
}

func decodeSpawnCreated(b []byte) (SpawnCreated, error) {
	var v SpawnCreated
	s := jsonscan.New(b)
	i := 0
	if s.Expect(`{"name":`) {
		i = 1
		v.Name = s.InternedString(&factText)
		if s.Expect(`,"owner":`) {
			v.Owner = s.InternedString(&factText)
		}
		if s.Expect(`,"x":`) {
			v.X = s.Int()
		}
		if s.Expect(`,"y":`) {
			v.Y = s.Int()
		}
		if s.Expect(`,"attack":`) {
			v.Attack = s.Int()
		}
		if s.Expect(`,"defense":`) {
			v.Defense = s.Int()
		}
		if s.Expect(`,"move":`) {
			v.Move = s.Int()
		}
		if s.Expect(`,"via":`) {
			v.Via = s.InternedString(&factText)
		}
	}
	for ; s.Field(i); i++ {
		switch string(s.Key()) {
		case "name":
			v.Name = s.InternedString(&factText)
		case "owner":
			v.Owner = s.InternedString(&factText)
		case "x":
			v.X = s.Int()
		case "y":
			v.Y = s.Int()
		case "attack":
			v.Attack = s.Int()
		case "defense":
			v.Defense = s.Int()
		case "move":
			v.Move = s.Int()
		case "via":
			v.Via = s.InternedString(&factText)
		default:
			s.SkipField()
		}
	}
	return v, s.Done()
}

func decodeStatRaised(b []byte) (StatRaised, error) {
	var v StatRaised
	s := jsonscan.New(b)
	i := 0
	if s.Expect(`{"spawn":`) {
		i = 1
		v.Spawn = s.InternedString(&factText)
		if s.Expect(`,"stat":`) {
			v.Stat = s.InternedString(&factText)
		}
		if s.Expect(`,"by":`) {
			v.By = s.Int()
		}
		if s.Expect(`,"points":`) {
			v.Points = s.Int()
		}
	}
	for ; s.Field(i); i++ {
		switch string(s.Key()) {
		case "spawn":
			v.Spawn = s.InternedString(&factText)
		case "stat":
			v.Stat = s.InternedString(&factText)
		case "by":
			v.By = s.Int()
		case "points":
			v.Points = s.Int()
		default:
			s.SkipField()
		}
	}
	return v, s.Done()
}

func decodeSpawnMoved(b []byte) (SpawnMoved, error) {
	var v SpawnMoved
	s := jsonscan.New(b)
	i := 0
	if s.Expect(`{"spawn":`) {
		i = 1
		v.Spawn = s.InternedString(&factText)
		if s.Expect(`,"path":`) {
			v.Path = readPath(s)
		}
		if s.Expect(`,"cost":`) {
			v.Cost = s.Int()
		}
	}
	for ; s.Field(i); i++ {
		switch string(s.Key()) {
		case "spawn":
			v.Spawn = s.InternedString(&factText)
		case "path":
			v.Path = readPath(s)
		case "cost":
			v.Cost = s.Int()
		default:
			s.SkipField()
		}
	}
	return v, s.Done()
}

func decodeCombatFought(b []byte) (CombatFought, error) {
	var v CombatFought
	s := jsonscan.New(b)
	i := 0
	if s.Expect(`{"kind":`) {
		i = 1
		v.Kind = s.InternedString(&factText)
		if s.Expect(`,"attacker":`) {
			v.Attacker = s.InternedString(&factText)
		}
		if s.Expect(`,"defender":`) {
			v.Defender = s.InternedString(&factText)
		}
		if s.Expect(`,"attack_dice":`) {
			v.AttackDice = s.SizedInts()
		}
		if s.Expect(`,"attack_mod":`) {
			v.AttackMod = s.Int()
		}
		if s.Expect(`,"defend_dice":`) {
			v.DefendDice = s.SizedInts()
		}
		if s.Expect(`,"defend_mod":`) {
			v.DefendMod = s.Int()
		}
		if s.Expect(`,"result":`) {
			v.Result = s.InternedString(&factText)
		}
		if s.Expect(`,"counts":`) {
			v.Counts = s.Bool()
		}
	}
	for ; s.Field(i); i++ {
		switch string(s.Key()) {
		case "kind":
			v.Kind = s.InternedString(&factText)
		case "attacker":
			v.Attacker = s.InternedString(&factText)
		case "defender":
			v.Defender = s.InternedString(&factText)
		case "attack_dice":
			v.AttackDice = s.SizedInts()
		case "attack_mod":
			v.AttackMod = s.Int()
		case "defend_dice":
			v.DefendDice = s.SizedInts()
		case "defend_mod":
			v.DefendMod = s.Int()
		case "result":
			v.Result = s.InternedString(&factText)
		case "counts":
			v.Counts = s.Bool()
		default:
			s.SkipField()
		}
	}
	return v, s.Done()
}

func decodeSpawnRemoved(b []byte) (SpawnRemoved, error) {
	var v SpawnRemoved
	s := jsonscan.New(b)
	i := 0
	if s.Expect(`{"spawn":`) {
		i = 1
		v.Spawn = s.InternedString(&factText)
		if s.Expect(`,"cause":`) {
			v.Cause = s.InternedString(&factText)
		}
		if s.Expect(`,"by":`) {
			v.By = s.InternedString(&factText)
		}
	}
	for ; s.Field(i); i++ {
		switch string(s.Key()) {
		case "spawn":
			v.Spawn = s.InternedString(&factText)
		case "cause":
			v.Cause = s.InternedString(&factText)
		case "by":
			v.By = s.InternedString(&factText)
		default:
			s.SkipField()
		}
	}
	return v, s.Done()
}

func decodePointsAbsorbed(b []byte) (PointsAbsorbed, error) {
	var v PointsAbsorbed
	s := jsonscan.New(b)
	i := 0
	if s.Expect(`{"spawn":`) {
		i = 1
		v.Spawn = s.InternedString(&factText)
		if s.Expect(`,"points":`) {
			v.Points = s.Int()
		}
		if s.Expect(`,"from":`) {
			v.From = s.InternedString(&factText)
		}
	}
	for ; s.Field(i); i++ {
		switch string(s.Key()) {
		case "spawn":
			v.Spawn = s.InternedString(&factText)
		case "points":
			v.Points = s.Int()
		case "from":
			v.From = s.InternedString(&factText)
		default:
			s.SkipField()
		}
	}
	return v, s.Done()
}

func decodeMotherEvolved(b []byte) (MotherEvolved, error) {
	var v MotherEvolved
	s := jsonscan.New(b)
	i := 0
	if s.Expect(`{"player":`) {
		i = 1
		v.Player = s.InternedString(&factText)
		if s.Expect(`,"evolution":`) {
			v.Evolution = s.InternedString(&factText)
		}
		if s.Expect(`,"font":`) {
			v.Font = s.InternedString(&factText)
		}
		if s.Expect(`,"proxy":`) {
			v.Proxy = s.InternedString(&factText)
		}
	}
	for ; s.Field(i); i++ {
		switch string(s.Key()) {
		case "player":
			v.Player = s.InternedString(&factText)
		case "evolution":
			v.Evolution = s.InternedString(&factText)
		case "font":
			v.Font = s.InternedString(&factText)
		case "proxy":
			v.Proxy = s.InternedString(&factText)
		default:
			s.SkipField()
		}
	}
	return v, s.Done()
}

func decodeSubversionTried(b []byte) (SubversionTried, error) {
	var v SubversionTried
	s := jsonscan.New(b)
	i := 0
	if s.Expect(`{"player":`) {
		i = 1
		v.Player = s.InternedString(&factText)
		if s.Expect(`,"spawn":`) {
			v.Spawn = s.InternedString(&factText)
		}
		if s.Expect(`,"mother_dice":`) {
			v.MotherDice = s.SizedInts()
		}
		if s.Expect(`,"spawn_dice":`) {
			v.SpawnDice = s.SizedInts()
		}
	}
	for ; s.Field(i); i++ {
		switch string(s.Key()) {
		case "player":
			v.Player = s.InternedString(&factText)
		case "spawn":
			v.Spawn = s.InternedString(&factText)
		case "mother_dice":
			v.MotherDice = s.SizedInts()
		case "spawn_dice":
			v.SpawnDice = s.SizedInts()
		default:
			s.SkipField()
		}
	}
	return v, s.Done()
}

func decodeMotherMoved(b []byte) (MotherMoved, error) {
	var v MotherMoved
	s := jsonscan.New(b)
	i := 0
	if s.Expect(`{"player":`) {
		i = 1
		v.Player = s.InternedString(&factText)
		if s.Expect(`,"x":`) {
			v.X = s.Int()
		}
		if s.Expect(`,"y":`) {
			v.Y = s.Int()
		}
		if s.Expect(`,"cost":`) {
			v.Cost = s.Int()
		}
	}
	for ; s.Field(i); i++ {
		switch string(s.Key()) {
		case "player":
			v.Player = s.InternedString(&factText)
		case "x":
			v.X = s.Int()
		case "y":
			v.Y = s.Int()
		case "cost":
			v.Cost = s.Int()
		default:
			s.SkipField()
		}
	}
	return v, s.Done()
}

func decodeMotherAttacked(b []byte) (MotherAttacked, error) {
	var v MotherAttacked
	s := jsonscan.New(b)
	i := 0
	if s.Expect(`{"player":`) {
		i = 1
		v.Player = s.InternedString(&factText)
	}
	for ; s.Field(i); i++ {
		switch string(s.Key()) {
		case "player":
			v.Player = s.InternedString(&factText)
		default:
			s.SkipField()
		}
	}
	return v, s.Done()
}

func decodeGameEnded(b []byte) (GameEnded, error) {
	var v GameEnded
	s := jsonscan.New(b)
	i := 0
	if s.Expect(`{"winner":`) {
		i = 1
		v.Winner = s.InternedString(&factText)
		if s.Expect(`,"loser":`) {
			v.Loser = s.InternedString(&factText)
		}
		if s.Expect(`,"reason":`) {
			v.Reason = s.InternedString(&factText)
		}
	}
	for ; s.Field(i); i++ {
		switch string(s.Key()) {
		case "winner":
			v.Winner = s.InternedString(&factText)
		case "loser":
			v.Loser = s.InternedString(&factText)
		case "reason":
			v.Reason = s.InternedString(&factText)
		default:
			s.SkipField()
		}
	}
	return v, s.Done()
}

func decodeGameStarted(b []byte) (GameStarted, error) {
	var v GameStarted
	s := jsonscan.New(b)
	i := 0
	if s.Expect(`{"name":`) {
		i = 1
		v.Name = s.InternedString(&factText)
		if s.Expect(`,"size":`) {
			v.Size = s.Int()
		}
		if s.Expect(`,"mode":`) {
			v.Mode = s.InternedString(&factText)
		}
		if s.Expect(`,"mothers":`) {
			v.Mothers = readMothers(s)
		}
	}
	for ; s.Field(i); i++ {
		switch string(s.Key()) {
		case "name":
			v.Name = s.InternedString(&factText)
		case "size":
			v.Size = s.Int()
		case "mode":
			v.Mode = s.InternedString(&factText)
		case "mothers":
			v.Mothers = readMothers(s)
		default:
			s.SkipField()
		}
	}
	return v, s.Done()
}

func decodeSpawnAbsorbed(b []byte) (SpawnAbsorbed, error) {
	var v SpawnAbsorbed
	s := jsonscan.New(b)
	if a, c, ok := s.StringPair("spawn", "player", &factText); ok {
		v.Spawn, v.Player = a, c
		return v, s.Done()
	}
	for i := 0; s.Field(i); i++ {
		switch string(s.Key()) {
		case "spawn":
			v.Spawn = s.InternedString(&factText)
		case "player":
			v.Player = s.InternedString(&factText)
		default:
			s.SkipField()
		}
	}
	return v, s.Done()
}

func decodeSpawnMutated(b []byte) (SpawnMutated, error) {
	var v SpawnMutated
	s := jsonscan.New(b)
	if a, c, ok := s.StringPair("spawn", "mutation", &factText); ok {
		v.Spawn, v.Mutation = a, c
		return v, s.Done()
	}
	for i := 0; s.Field(i); i++ {
		switch string(s.Key()) {
		case "spawn":
			v.Spawn = s.InternedString(&factText)
		case "mutation":
			v.Mutation = s.InternedString(&factText)
		default:
			s.SkipField()
		}
	}
	return v, s.Done()
}

func decodeSpawnSubverted(b []byte) (SpawnSubverted, error) {
	var v SpawnSubverted
	s := jsonscan.New(b)
	if a, c, ok := s.StringPair("spawn", "player", &factText); ok {
		v.Spawn, v.Player = a, c
		return v, s.Done()
	}
	for i := 0; s.Field(i); i++ {
		switch string(s.Key()) {
		case "spawn":
			v.Spawn = s.InternedString(&factText)
		case "player":
			v.Player = s.InternedString(&factText)
		default:
			s.SkipField()
		}
	}
	return v, s.Done()
}
