package engines

import "maps"

// Table is a campaign's table of values by name that grows with it and
// changes by whole entries (the cards a campaign knows, the names it has
// given). Like a History, Clone shares it: a copy shares the entries
// written before the table was last folded together (its base, never
// written again) and copies only those written since (at most tableOwn),
// so copying a state before every action an undo names costs a few
// entries rather than the whole table.
//
// Its JSON is the object a map[string]V makes (keys sorted), so a state
// that held a map holds a Table with the same snapshots. The zero value
// is an empty table.
type Table[V any] struct {
	base map[string]V // read-only: shared by copies
	own  map[string]V // written since base was made; read first
	// added counts own's keys that base does not have.
	added int
}

// tableOwn is how many entries a table writes on its own before they are
// folded into a new base.
const tableOwn = 32

// Get returns the value for key.
func (t *Table[V]) Get(key string) (V, bool) {
	if v, ok := t.own[key]; ok {
		return v, true
	}
	v, ok := t.base[key]
	return v, ok
}

// Set sets the value for key.
func (t *Table[V]) Set(key string, v V) {
	if t.own == nil {
		t.own = make(map[string]V, tableOwn)
	}
	if _, ok := t.own[key]; !ok {
		if _, ok := t.base[key]; !ok {
			t.added++
		}
	}
	t.own[key] = v
	if len(t.own) > tableOwn {
		base := make(map[string]V, len(t.base)+t.added)
		maps.Copy(base, t.base)
		maps.Copy(base, t.own)
		t.base, t.own, t.added = base, nil, 0
	}
}

// Len is how many entries the table holds.
func (t *Table[V]) Len() int { return len(t.base) + t.added }

// All calls fn for every entry, in no set order, until fn returns false.
func (t *Table[V]) All(fn func(key string, v V) bool) {
	for k, v := range t.own {
		if !fn(k, v) {
			return
		}
	}
	for k, v := range t.base {
		if _, ok := t.own[k]; ok {
			continue
		}
		if !fn(k, v) {
			return
		}
	}
}

// Map is the table as a map of its own (for encoding and tests).
func (t *Table[V]) Map() map[string]V {
	m := make(map[string]V, t.Len())
	maps.Copy(m, t.base)
	maps.Copy(m, t.own)
	return m
}

// MarshalJSON writes the table as the JSON object of its map.
func (t Table[V]) MarshalJSON() ([]byte, error) { return MarshalState(t.Map()) }

// UnmarshalJSON reads a JSON object (null: an empty table).
func (t *Table[V]) UnmarshalJSON(b []byte) error {
	var m map[string]V
	if err := UnmarshalState(b, &m); err != nil {
		return err
	}
	*t = Table[V]{base: m}
	return nil
}

// Shared implements Sharer: the copy shares base and has its own copy of
// what was written since.
func (t Table[V]) Shared() any {
	t.own = maps.Clone(t.own)
	return t
}
