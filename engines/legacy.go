package engines

import (
	"encoding/json"

	"warlog/events"
)

// This file adapts the engines written before the kit, while they move onto
// it one by one; it goes when the last one has.

// LegacyEngine is an engine written before the kit.
type LegacyEngine interface {
	Game() string
	Title() string
	RulesVersion() string
	Register(r *events.Registry)
	NewState(c Campaign) State
	DecodeCommand(verb string, args json.RawMessage) (Command, error)
}

// legacyState is a state written before the kit: it folds and decides itself.
type legacyState interface {
	Apply(typ string, payload any) error
	Decide(cmd Command, d *Decision) error
}

// Legacy adapts an engine written before the kit.
func Legacy(e LegacyEngine) Engine {
	if sn, ok := e.(Snapshotter); ok {
		return legacySnap{legacy{e}, sn}
	}
	return legacy{e}
}

type legacy struct{ LegacyEngine }

type legacySnap struct {
	legacy
	Snapshotter
}

func (l legacy) Info() GameInfo { return GameInfo{Name: l.Game(), Title: l.Title()} }

func (l legacy) Apply(st State, typ string, payload any) error {
	return st.(legacyState).Apply(typ, payload)
}

func (l legacy) Decide(st State, cmd Command, d *Decision) error {
	return st.(legacyState).Decide(cmd, d)
}

func (l legacy) StartOptions() []Option { return StartOptions }

func (l legacy) Briefs() []string { return nil }

func (l legacy) Verbs() []string { return nil }

func (l legacy) Modes() []string {
	if m, ok := l.LegacyEngine.(interface{ Modes() []string }); ok {
		return m.Modes()
	}
	return nil
}

// DecodeCommon decodes the commands every engine shares; ok is false for
// other verbs.
func DecodeCommon(verb string, args json.RawMessage) (Command, bool, error) {
	switch verb {
	case StartScenario{}.Verb():
		var c StartScenario
		return c, true, json.Unmarshal(args, &c)
	case EndScenario{}.Verb():
		var c EndScenario
		return c, true, json.Unmarshal(args, &c)
	}
	return nil, false, nil
}
