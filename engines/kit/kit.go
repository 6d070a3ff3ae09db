// Package kit is the machine every game's rules engine is built from. A game
// declares, once and in one place, its facts (an event type, a payload type
// and how the payload folds into the state) and its commands (a command
// type and how it decides); everything else follows from that declaration:
// registering the payloads, dispatching Apply and Decide, decoding a
// recorded command, deciding on a copy of the state with every emitted fact
// folded into the copy at once, snapshots and the version of their format.
//
// A game's package then reads the same as every other's:
//
//	var Engine = &kit.Game[*State]{
//		GameInfo: engines.GameInfo{Name: "kingsown", Title: "The King's Own"},
//		Rules:    1,
//		New:  newState,
//		Facts: func() []kit.Fact[*State] {
//			return []kit.Fact[*State]{
//				kit.On(TypeMoved, (*State).applyMoved),
//				...
//			}
//		},
//		Commands: func() []kit.Command[*State] {
//			return []kit.Command[*State]{
//				kit.Do(move),
//				...
//			}
//		},
//	}
//
// Every command decides on an Act, the one command being decided: the copy
// of the state the kit hands it (S) and the decision its dice, facts and
// label go to (D), its label told sentence by sentence (Say):
//
//	type act = kit.Act[*State]
//
//	func move(a *act, c Move) error { ... }
//
// A game whose rules keep more about the command while they work embeds
// the Act in a type of its own, and declares its commands through a
// function that builds one around the kit's (Brood Mother's act with the
// board, Incarn28's referee with its notes):
//
//	type referee struct {
//		*kit.Act[*State]
//		*State
//		notes []string
//	}
//
//	func inGame[C engines.Command](rule func(*referee, C) error) kit.Command[*State] {
//		return kit.Do(func(a *kit.Act[*State], c C) error {
//			if _, err := a.S.NeedsScenario("no game is in progress; start one"); err != nil {
//				return err
//			}
//			return rule(&referee{Act: a, State: a.S}, c)
//		})
//	}
//
// Facts and Commands are functions so that a process declares only the
// games it uses: every warlog command links all five, and building a
// game's facts and commands (a closure and an interface check or two per
// fact) cost every command about 0.2 ms a game at start.
package kit

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"

	"warlog/engines"
	"warlog/engines/dice"
	"warlog/events"
)

// Game is one game's engine, declared. S is the game's state, a pointer to
// a struct (*State); it implements engines.Engine.
type Game[S engines.State] struct {
	// GameInfo names the game: its name in the log and its title.
	engines.GameInfo
	// Rules is the version of the rules the engine decides by, recorded
	// with every action as "name/N". Raise it when a rule changes what a
	// command decides.
	Rules int
	// StateVersion is raised when the meaning of the state changes while
	// its shape stays; a change of shape changes the snapshot format by
	// itself (StateFormat).
	StateVersion int
	// New is the state of a new campaign.
	New func(engines.Campaign) S
	// Facts gives the game's event types and how each folds into the
	// state; called once, when the game is first used.
	Facts func() []Fact[S]
	// Commands gives the game's commands and how each decides; called
	// once, with Facts.
	Commands func() []Command[S]
	// Options are the options of `scenario start` the game reads, typed
	// (engines.OptTurns, ...); a start that gives another is refused.
	Options []engines.Option
	// CampaignModes are the ways a campaign can be played, the default
	// first (Brood Mother's regeneration); none for most games.
	CampaignModes []string
	// ScenarioBriefs are the briefs a scenario may start with (OptBrief).
	ScenarioBriefs []string

	once        sync.Once
	formatOnce  sync.Once    // the format is worked out only when asked
	factList    []Fact[S]    // what Facts gave
	commandList []Command[S] // what Commands gave
	facts       map[string]*Fact[S]
	commands    map[string]*Command[S]
	byType      map[reflect.Type]*Command[S]
	format      string
	parts       [][]int // the index paths of the state's fields that are snapshot parts
}

// Fact declares one event type of a game.
type Fact[S any] struct {
	typ      string
	payload  reflect.Type
	apply    func(S, any) error
	register func(*events.Registry)
	// fold decodes a stored payload with its generated decoder and folds
	// it, the payload typed all the way (nil without a generated decoder).
	fold func(S, []byte) error
}

// Type is the event type.
func (f Fact[S]) Type() string { return f.typ }

// Payload is the payload's Go type.
func (f Fact[S]) Payload() reflect.Type { return f.payload }

// FactDecoder is implemented by payloads P with a generated decoder (`go
// generate`, internal/factgen): a replay reads them without reflection, and
// the payload is returned by value, so decoding it puts nothing on the heap.
type FactDecoder[P any] interface {
	DecodeFact(data []byte) (P, error)
}

// FoldDecoder is implemented by payloads P whose generated decoder has a
// reader for the fold alone (FoldFact, for fields tagged fold:"skip"): it
// passes over the values the fold never reads, and a replay folds what it
// gives.
type FoldDecoder[P any] interface {
	FoldFact(data []byte) (P, error)
}

// Keeper is implemented by a payload whose fold keeps part of it in the
// state (a slice it points into rather than copies): Keep returns a copy
// that shares nothing the fold keeps. A payload that Apply is given may be
// kept by its caller too (a decision records the facts it folds, and
// folds each into more than one state), so Apply folds Keep's copy; a
// payload ApplyData decodes is the fold's alone and is folded as it is,
// which spares a replay the copy.
type Keeper[P any] interface {
	Keep() P
}

// On declares that facts of type typ carry a P and fold into the state with
// apply. A P with a generated decoder (FactDecoder) is decoded by it, for
// the fold by its FoldFact where it has one (FoldDecoder).
func On[S, P any](typ string, apply func(S, P) error) Fact[S] {
	var fold func(S, []byte) error
	var zero P
	_, keeps := any(zero).(Keeper[P])
	if d, ok := any(zero).(FactDecoder[P]); ok {
		decode := d.DecodeFact
		if fd, ok := any(zero).(FoldDecoder[P]); ok {
			decode = fd.FoldFact
		}
		fold = func(s S, data []byte) error {
			p, err := decode(data)
			if err != nil {
				return err
			}
			return apply(s, p)
		}
	}
	return Fact[S]{
		fold:    fold,
		typ:     typ,
		payload: reflect.TypeFor[P](),
		apply: func(s S, p any) error {
			v, ok := p.(P)
			if !ok {
				return fmt.Errorf("%s: the payload is of type %T, not %v", typ, p, reflect.TypeFor[P]())
			}
			if keeps {
				v = any(v).(Keeper[P]).Keep()
			}
			return apply(s, v)
		},
		register: func(r *events.Registry) {
			var zero P
			if d, ok := any(zero).(FactDecoder[P]); ok {
				events.RegisterDecoder(r, typ, d.DecodeFact)
				return
			}
			r.Register(typ, zero)
		},
	}
}

// Record declares a fact the state does not fold: it is kept in the log for
// the reader (a report tells it), and changes nothing the rules look at.
func Record[S, P any](typ string) Fact[S] {
	f := On(typ, func(S, P) error { return nil })
	return f
}

// Command declares one command of a game.
type Command[S any] struct {
	verb   string
	typ    reflect.Type
	decide func(S, engines.Command, *engines.Decision) error
	decode func(json.RawMessage) (engines.Command, error)
}

// Verb is the command's name in the log ("ko move").
func (c Command[S]) Verb() string { return c.verb }

// Type is the command's Go type.
func (c Command[S]) Type() reflect.Type { return c.typ }

// Do declares a command: its type C (whose Verb names it in the log) and
// how it decides, on an Act. The Act's state is a copy: every fact the
// command emits through the decision is folded into that copy at once, so
// later checks see it, and the state the command was asked of never
// changes.
func Do[S any, C engines.Command](decide func(*Act[S], C) error) Command[S] {
	var zero C
	return Command[S]{
		verb: zero.Verb(),
		typ:  reflect.TypeFor[C](),
		decide: func(s S, c engines.Command, d *engines.Decision) error {
			return decide(&Act[S]{S: s, D: d}, c.(C))
		},
		decode: func(args json.RawMessage) (engines.Command, error) {
			var c C
			if len(args) == 0 {
				return c, nil
			}
			if d, ok := any(zero).(ArgsDecoder[C]); ok {
				if c, err := d.DecodeArgs(args); err == nil {
					return c, nil
				}
				// What the generated reader refuses (a key in another
				// case, a field given twice) encoding/json may still
				// read: it decides, as it did before there was one.
			}
			err := json.Unmarshal(args, &c)
			return c, err
		},
	}
}

// ArgsDecoder is implemented by commands C with a generated decoder of
// their recorded arguments (`go generate`, internal/factgen), which reads
// what encoding/json reads, as it reads it, without reflection: a
// re-decision reads back every action's command.
type ArgsDecoder[C any] interface {
	DecodeArgs(data []byte) (C, error)
}

// init builds the lookup tables from the declaration, once.
func (g *Game[S]) init() {
	g.once.Do(func() {
		if g.Facts != nil {
			g.factList = g.Facts()
		}
		if g.Commands != nil {
			g.commandList = g.Commands()
		}
		g.facts = make(map[string]*Fact[S], len(g.factList))
		for i := range g.factList {
			f := &g.factList[i]
			if _, dup := g.facts[f.typ]; dup {
				panic(fmt.Sprintf("%s: fact %s declared twice", g.Name, f.typ))
			}
			if !strings.HasPrefix(f.typ, g.Name+".") {
				// The registry registers a game's facts when the first one
				// named "game.*" is read (events.Registry.RegisterLater).
				panic(fmt.Sprintf("%s: fact %s is not named %s.*", g.Name, f.typ, g.Name))
			}
			g.facts[f.typ] = f
		}
		g.commands = make(map[string]*Command[S], len(g.commandList))
		g.byType = make(map[reflect.Type]*Command[S], len(g.commandList))
		for i := range g.commandList {
			c := &g.commandList[i]
			if _, dup := g.commands[c.verb]; dup {
				panic(fmt.Sprintf("%s: command %q declared twice", g.Name, c.verb))
			}
			g.commands[c.verb], g.byType[c.typ] = c, c
		}
		st := reflect.TypeFor[S]()
		if st.Kind() != reflect.Pointer || st.Elem().Kind() != reflect.Struct {
			panic(fmt.Sprintf("%s: the state must be a pointer to a struct, not %v", g.Name, st))
		}
		g.parts = partFields(st.Elem(), nil)
	})
}

var partType = reflect.TypeFor[engines.Part]()

// partFields gives the index paths of the fields of struct t that are
// snapshot parts, those of its embedded structs (Play's Past) included.
func partFields(t reflect.Type, at []int) [][]int {
	var out [][]int
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		path := append(slices.Clip(at), i)
		switch {
		case reflect.PointerTo(f.Type).Implements(partType):
			out = append(out, path)
		case f.Anonymous && f.Type.Kind() == reflect.Struct:
			out = append(out, partFields(f.Type, path)...)
		}
	}
	return out
}

// Info implements engines.Engine.
func (g *Game[S]) Info() engines.GameInfo { return g.GameInfo }

// RulesVersion implements engines.Engine: "name/N".
func (g *Game[S]) RulesVersion() string { return g.Name + "/" + strconv.Itoa(g.Rules) }

// Register implements engines.Engine: every declared payload type, with its
// generated decoder where it has one.
func (g *Game[S]) Register(r *events.Registry) {
	g.init()
	for _, f := range g.factList {
		f.register(r)
	}
}

// NewState implements engines.Engine.
func (g *Game[S]) NewState(c engines.Campaign) engines.State { return g.New(c) }

// Verbs lists the game's commands in declaration order.
func (g *Game[S]) Verbs() []string {
	g.init()
	out := make([]string, len(g.commandList))
	for i, c := range g.commandList {
		out[i] = c.verb
	}
	return out
}

// StartOptions implements engines.Engine.
func (g *Game[S]) StartOptions() []engines.Option { return slices.Clone(g.Options) }

// Briefs implements engines.Engine.
func (g *Game[S]) Briefs() []string { return slices.Clone(g.ScenarioBriefs) }

// Modes implements engines.Engine.
func (g *Game[S]) Modes() []string { return slices.Clone(g.CampaignModes) }

// DecodeCommand implements engines.Engine: a recorded command back to its
// value, so that an action can be decided again. A verb is named with its
// game's command ("dw roll"); warlog 0.1.0 recorded Deadwars', Incarn28's
// and Reincardnated's without it ("roll"), which still decode.
func (g *Game[S]) DecodeCommand(verb string, args json.RawMessage) (engines.Command, error) {
	g.init()
	c, ok := g.commands[verb]
	if !ok {
		for v, cmd := range g.commands {
			if _, bare, found := strings.Cut(v, " "); found && bare == verb && !strings.HasPrefix(v, "scenario ") {
				c, ok = cmd, true
			}
		}
	}
	if !ok {
		return nil, fmt.Errorf("%w: %q", engines.ErrUnknownCommand, verb)
	}
	return c.decode(args)
}

// Apply implements engines.Engine: one fact in effect folded into st. A
// fact no game declares (a free roll's dice) changes nothing.
func (g *Game[S]) Apply(st engines.State, typ string, payload any) error {
	g.init()
	f, ok := g.facts[typ]
	if !ok {
		if typ == dice.Type {
			return nil
		}
		return fmt.Errorf("%s has no fact %q", g.Title, typ)
	}
	return f.apply(st.(S), payload)
}

// ApplyData folds a stored fact straight from its payload's bytes: decoded
// by the payload's generated decoder into a typed value and passed to the
// fact's method, with no interface (and so no allocation) between them, as
// a replay folds most events. ok is false when the fact has no generated
// decoder, or the game does not declare it: the caller then decodes the
// payload through the registry and calls Apply. An error is the decoder's
// or the rules'; the caller may take the plain path again to tell which.
func (g *Game[S]) ApplyData(st engines.State, typ string, data []byte) (ok bool, err error) {
	g.init()
	f, found := g.facts[typ]
	if !found && typ == dice.Type {
		return true, nil // a free roll's dice, which change nothing (Apply)
	}
	if !found || f.fold == nil {
		return false, nil
	}
	return true, f.fold(st.(S), data)
}

// Decide implements engines.Engine: cmd decided on a copy of st, each fact
// folded into the copy as it is emitted.
func (g *Game[S]) Decide(st engines.State, cmd engines.Command, d *engines.Decision) error {
	return g.DecideInPlace(engines.Clone(st.(S)), cmd, d)
}

// DecideInPlace is Decide on st itself rather than on a copy: each fact
// is folded into st as it is emitted, so that st ends as the facts leave
// it. It is for a caller that folds those facts next anyway and drops st
// when the command is refused (re-deciding a stored log: see
// campaigns.Rederive); it spares Decide's copy of the state.
func (g *Game[S]) DecideInPlace(st engines.State, cmd engines.Command, d *engines.Decision) error {
	g.init()
	if start, ok := cmd.(engines.StartScenario); ok {
		if err := g.checkOptions(start); err != nil {
			return err
		}
	}
	c, ok := g.byType[reflect.TypeOf(cmd)]
	if !ok {
		return fmt.Errorf("%s %q: %w", g.Title, cmd.Verb(), engines.ErrUnknownCommand)
	}
	work := st.(S)
	d.Fold(func(typ string, p any) error { return g.Apply(work, typ, p) })
	if err := c.decide(work, cmd, d); err != nil {
		return err
	}
	return d.Err()
}

// Probe decides cmd on st as the rules would now, on program dice that are
// thrown away with the decision: the menus of play ask it which commands
// to offer, so that they never offer what the rules refuse. st is not
// changed; the decision holds the facts the command would record.
func (g *Game[S]) Probe(st S, cmd engines.Command) (*engines.Decision, error) {
	d := engines.NewDecision(dice.NewRoller(0, 0, nil))
	return d, g.Decide(st, cmd, d)
}

// checkOptions refuses a start that gives an option the game does not
// declare.
func (g *Game[S]) checkOptions(c engines.StartScenario) error {
	var extra []engines.Option
	for _, o := range c.Given() {
		if !slices.ContainsFunc(g.Options, func(d engines.Option) bool { return d.Name == o.Name }) {
			extra = append(extra, o)
		}
	}
	if len(extra) == 0 {
		return nil
	}
	return &engines.OptionError{Game: g.Title, Given: extra, Takes: slices.Clone(g.Options)}
}

// StateFormat implements engines.Snapshotter: the state version and a
// fingerprint of the state's shape, so a snapshot of another shape is never
// read, whether or not anyone remembered to raise StateVersion.
func (g *Game[S]) StateFormat() string {
	g.formatOnce.Do(func() {
		var shape string
		if d, ok := any(*new(S)).(StateShaper); ok {
			shape = d.StateShape()
		}
		if shape == "" {
			shape = Fingerprint(reflect.TypeFor[S]().Elem())
		}
		g.format = strconv.Itoa(g.StateVersion) + "." + shape
	})
	return g.format
}

// StateShaper is implemented by a state whose package declares the
// fingerprint of its shape (shape_gen.go, written by cmd's
// TestStateShapesWritten, which fails while it differs from the type's):
// working it out by reflection costs a command 0.1-0.3 ms.
type StateShaper interface {
	StateShape() string
}

// StateShapes gives the fingerprint of the state's shape as its package
// declares it (StateShaper; "" when it does not), as worked out from the
// type, and the package's import path.
func (g *Game[S]) StateShapes() (declared, actual, pkg string) {
	if d, ok := any(*new(S)).(StateShaper); ok {
		declared = d.StateShape()
	}
	t := reflect.TypeFor[S]().Elem()
	return declared, Fingerprint(t), t.PkgPath()
}

// EncodeState implements engines.Snapshotter: the state's JSON, and apart
// from it each History the state holds (a part a restore reads only when
// the history is first needed).
func (g *Game[S]) EncodeState(st engines.State) ([]byte, [][]byte, error) {
	rest, parts := g.split(st)
	return engines.EncodeParts(rest, parts...)
}

// EncodeWhole implements engines.Snapshotter.
func (g *Game[S]) EncodeWhole(st engines.State) ([]byte, [][]byte, error) {
	rest, parts := g.split(st)
	return engines.EncodeWhole(rest, parts...)
}

// PartsUnchanged implements engines.Snapshotter.
func (g *Game[S]) PartsUnchanged(st engines.State) bool {
	for _, p := range g.partsOf(st) {
		if !p.Unchanged() {
			return false
		}
	}
	return true
}

// partsOf gives the parts (the History fields) of st.
func (g *Game[S]) partsOf(st engines.State) []engines.Part {
	g.init()
	v := reflect.ValueOf(st).Elem()
	parts := make([]engines.Part, len(g.parts))
	for i, f := range g.parts {
		parts[i] = v.FieldByIndex(f).Addr().Interface().(engines.Part)
	}
	return parts
}

// split gives a copy of st with its parts left empty, for its JSON, and
// the parts themselves.
func (g *Game[S]) split(st engines.State) (rest any, parts []engines.Part) {
	parts = g.partsOf(st)
	tmp := reflect.New(reflect.ValueOf(st).Elem().Type())
	tmp.Elem().Set(reflect.ValueOf(st).Elem())
	for _, f := range g.parts {
		tmp.Elem().FieldByIndex(f).SetZero()
	}
	return tmp.Interface(), parts
}

// DecodeState implements engines.Snapshotter.
func (g *Game[S]) DecodeState(c engines.Campaign, data []byte, load engines.Parts) (engines.State, error) {
	st := g.New(c)
	parts := g.partsOf(st)
	if d, ok := any(st).(SnapshotDecoder); ok {
		state, tails := engines.SplitTails(data)
		if err := d.DecodeSnapshot(state); err != nil {
			return nil, err
		}
		engines.SetSources(load, parts...)
		if err := engines.SetTails(tails, parts...); err != nil {
			return nil, err
		}
		return st, nil
	}
	if err := engines.DecodeParts(data, load, st, parts...); err != nil {
		return nil, err
	}
	return st, nil
}

// SnapshotDecoder is implemented by a state with a generated decoder (`go
// generate`, internal/factgen): a snapshot is read without reflection, so
// without a decoder compiled for the state's type in every process.
type SnapshotDecoder interface {
	DecodeSnapshot(data []byte) error
}
