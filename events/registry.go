package events

import (
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"strings"
	"sync"

	fastjson "github.com/goccy/go-json"
)

// Registry maps event types to Go payload types so that a stored event
// decodes to the same value its engine emitted.
type Registry struct {
	mu       sync.RWMutex
	types    map[string]reflect.Type
	decoders map[string]func([]byte) (any, error)
	// later registers the types of a namespace (the part of a type before
	// its first dot: a game's name) when one of them is first asked for.
	later map[string]*deferred
}

// deferred is one namespace's registration, run once.
type deferred struct {
	once     sync.Once
	register func(*Registry)
}

// NewRegistry returns an empty registry.
func NewRegistry() *Registry {
	return &Registry{types: map[string]reflect.Type{}, decoders: map[string]func([]byte) (any, error){}, later: map[string]*deferred{}}
}

// RegisterLater defers registering the types named "namespace.*" until one
// of them is first asked for: a process that reads one game's campaign
// registers that game's payload types only (registering all five games'
// cost every command a tenth of a millisecond). register must register
// only types of that namespace.
func (r *Registry) RegisterLater(namespace string, register func(*Registry)) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.later[namespace] = &deferred{register: register}
}

// lookup gives typ's Go type and hand-written decoder (nil if none),
// running the deferred registration of its namespace first if need be.
func (r *Registry) lookup(typ string) (reflect.Type, func([]byte) (any, error), bool) {
	r.mu.RLock()
	t, ok := r.types[typ]
	dec := r.decoders[typ]
	var d *deferred
	if !ok {
		if ns, _, found := strings.Cut(typ, "."); found {
			d = r.later[ns]
		}
	}
	r.mu.RUnlock()
	if ok || d == nil {
		return t, dec, ok
	}
	d.once.Do(func() {
		// Registered apart, then merged: register calls Register, which
		// takes the lock.
		tmp := NewRegistry()
		d.register(tmp)
		r.mu.Lock()
		defer r.mu.Unlock()
		maps.Copy(r.types, tmp.types)
		maps.Copy(r.decoders, tmp.decoders)
	})
	r.mu.RLock()
	defer r.mu.RUnlock()
	t, ok = r.types[typ]
	return t, r.decoders[typ], ok
}

// Decoder is a hand-written decoder of one payload type: it must give the
// value encoding/json gives for the same JSON (a test per decoder checks
// it against encoding/json on real payloads).
type Decoder[T any] func(data []byte) (T, error)

// RegisterDecoder binds typ to T, like Register, and decodes it with dec
// instead of reflection: for the event types a replay meets most.
func RegisterDecoder[T any](r *Registry, typ string, dec Decoder[T]) {
	var zero T
	r.Register(typ, zero)
	r.mu.Lock()
	defer r.mu.Unlock()
	r.decoders[typ] = func(b []byte) (any, error) { return dec(b) }
}

// Register binds an event type to the Go type of proto (a struct value).
// Registering one type twice with different Go types panics: it is a
// programming error, found by any test that builds the registry.
func (r *Registry) Register(typ string, proto any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	t := reflect.TypeOf(proto)
	if old, ok := r.types[typ]; ok && old != t {
		panic(fmt.Sprintf("events: %s registered as %v and %v", typ, old, t))
	}
	r.types[typ] = t
}

// Known reports whether typ is registered.
func (r *Registry) Known(typ string) bool {
	_, _, ok := r.lookup(typ)
	return ok
}

// Decode returns the payload of e as the registered Go value (not a pointer).
// Types without a hand-written decoder go through goccy/go-json, a drop-in
// for encoding/json three to four times faster on our payloads (a test in
// cmd checks both give the same values for every event of every game).
// An unregistered type decodes to a map so that old logs stay readable.
func (r *Registry) Decode(e Event) (any, error) {
	t, dec, ok := r.lookup(e.Type)
	if dec != nil {
		v, err := dec(e.Data)
		if err != nil {
			return nil, fmt.Errorf("event %d (%s): payload does not decode: %w", e.Version, e.Type, err)
		}
		return v, nil
	}
	if !ok {
		var m map[string]any
		if err := json.Unmarshal(e.Data, &m); err != nil {
			return nil, fmt.Errorf("event %d (%s): %w", e.Version, e.Type, err)
		}
		return m, nil
	}
	p := reflect.New(t)
	if err := fastjson.Unmarshal(e.Data, p.Interface()); err != nil {
		return nil, fmt.Errorf("event %d (%s): payload does not decode: %w", e.Version, e.Type, err)
	}
	return p.Elem().Interface(), nil
}
