package events

import (
	"encoding/json"
	"fmt"
	"reflect"
)

// Registry maps event types to Go payload types so that a stored event
// decodes to the same value its engine emitted.
type Registry struct {
	types map[string]reflect.Type
}

// NewRegistry returns an empty registry.
func NewRegistry() *Registry { return &Registry{types: map[string]reflect.Type{}} }

// Register binds an event type to the Go type of proto (a struct value).
// Registering one type twice with different Go types panics: it is a
// programming error, found by any test that builds the registry.
func (r *Registry) Register(typ string, proto any) {
	t := reflect.TypeOf(proto)
	if old, ok := r.types[typ]; ok && old != t {
		panic(fmt.Sprintf("events: %s registered as %v and %v", typ, old, t))
	}
	r.types[typ] = t
}

// Known reports whether typ is registered.
func (r *Registry) Known(typ string) bool { _, ok := r.types[typ]; return ok }

// Decode returns the payload of e as the registered Go value (not a pointer).
// An unregistered type decodes to a map so that old logs stay readable.
func (r *Registry) Decode(e Event) (any, error) {
	t, ok := r.types[e.Type]
	if !ok {
		var m map[string]any
		if err := json.Unmarshal(e.Data, &m); err != nil {
			return nil, fmt.Errorf("event %d (%s): %w", e.Version, e.Type, err)
		}
		return m, nil
	}
	p := reflect.New(t)
	if err := json.Unmarshal(e.Data, p.Interface()); err != nil {
		return nil, fmt.Errorf("event %d (%s): payload does not decode: %w", e.Version, e.Type, err)
	}
	return p.Elem().Interface(), nil
}

func unmarshal(e Event, v any) error {
	if err := json.Unmarshal(e.Data, v); err != nil {
		return fmt.Errorf("event %d (%s): payload does not decode: %w", e.Version, e.Type, err)
	}
	return nil
}
