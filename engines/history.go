package engines

import (
	"fmt"
	"reflect"
	"slices"
)

// History is the finished part of a campaign state: the battles or games
// played before the one in progress. It only grows, a command rarely reads
// it, and in a long campaign it is most of the state, so a snapshot
// restores it undecoded: the JSON is kept and decoded the first time the
// history is read. Adding to it does not decode it.
//
// The zero value is an empty history. Copy makes a copy that shares the
// records but whose additions never show in the original.
type History[T any] struct {
	load    func() ([]byte, error) // reads raw from a snapshot, on first use
	rebuild func() ([]byte, error) // recomputes raw when load fails or raw does not decode
	raw     []byte                 // a JSON array restored, not yet decoded
	items   []T                    // decoded, then added (after raw's records while raw is kept)
	err     error                  // a load or decode that failed even rebuilt, reported by Err
	// restored: the records are exactly those of the source (nothing
	// added since SetSource), so a new snapshot may share the old copy.
	restored bool
}

// RecordType is the type of the history's records, whose shape a snapshot
// format follows like the state's own.
func (History[T]) RecordType() reflect.Type { return reflect.TypeFor[T]() }

// Add records one finished battle or game.
func (h *History[T]) Add(v T) { h.items, h.restored = append(h.items, v), false }

// Unchanged reports whether the history holds exactly what its source gave
// (a snapshot's part, readable), nothing added since.
func (h *History[T]) Unchanged() bool { return h.restored && h.err == nil }

// Copy is a history sharing h's records, to which adding never shows in h
// (nor adding to h in it).
func (h History[T]) Copy() History[T] {
	h.items = slices.Clip(h.items)
	return h
}

// All returns every record, oldest first (decoding them if need be). The
// slice is shared: do not change it.
func (h *History[T]) All() []T {
	if h.load != nil {
		h.fetch()
	}
	if h.raw != nil {
		var old []T
		err := UnmarshalState(h.raw, &old)
		if err != nil { // a damaged snapshot: rebuild the records
			var b []byte
			if b, err = h.recover(err); err == nil {
				old = nil
				err = UnmarshalState(b, &old)
			}
		}
		if err != nil {
			h.err, old = err, nil
		}
		h.items, h.raw = append(old, h.items...), nil
	}
	return h.items
}

// Last returns the newest record; ok is false when there is none.
func (h *History[T]) Last() (v T, ok bool) {
	if n := len(h.items); n > 0 { // added since the restore: no decode
		return h.items[n-1], true
	}
	all := h.All()
	if len(all) == 0 {
		return v, false
	}
	return all[len(all)-1], true
}

// Err is the error of a history that could neither be read from its
// snapshot nor rebuilt from the log (which then fails to read too, so the
// command fails elsewhere); nil otherwise.
func (h *History[T]) Err() error { return h.err }

// MarshalJSON writes the records as a JSON array.
func (h History[T]) MarshalJSON() ([]byte, error) {
	if h.raw == nil && h.load == nil {
		if h.items == nil {
			return []byte("[]"), nil
		}
		return MarshalState(h.items)
	}
	c := h
	all := c.All()
	if c.err != nil { // never a short history for a whole one
		return nil, c.err
	}
	return MarshalState(all)
}

// UnmarshalJSON keeps the array to decode on first read.
func (h *History[T]) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		*h = History[T]{}
		return nil
	}
	if len(b) < 2 || b[0] != '[' { // the decoder has checked it is JSON
		return fmt.Errorf("a history is a JSON array, not %.16s", b)
	}
	*h = History[T]{raw: append([]byte(nil), b...)}
	return nil
}

// Encoded is the history's JSON array, without decoding it when it was
// restored and nothing was added since.
func (h *History[T]) Encoded() ([]byte, error) {
	if h.load != nil && h.raw == nil && len(h.items) == 0 {
		h.fetch()
	}
	if h.err != nil {
		return nil, h.err
	}
	if h.raw != nil && len(h.items) == 0 {
		return h.raw, nil
	}
	return h.MarshalJSON()
}

// SetSource restores the history from a loader of its JSON array, called
// the first time the history is read (or saved again), and from rebuild
// (which may be nil) when the loader fails or what it read does not decode.
func (h *History[T]) SetSource(load, rebuild func() ([]byte, error)) {
	*h = History[T]{load: load, rebuild: rebuild, restored: true}
}

// fetch runs the loader once.
func (h *History[T]) fetch() {
	b, err := h.load()
	h.load = nil
	if err != nil {
		b, err = h.recover(err)
	}
	if err != nil {
		h.err = err
		return
	}
	if len(b) > 0 {
		h.raw = b
	}
}

// recover gives the records' JSON rebuilt when the snapshot's copy was
// lost or damaged (cause), once.
func (h *History[T]) recover(cause error) ([]byte, error) {
	if h.rebuild == nil {
		return nil, cause
	}
	rebuild := h.rebuild
	h.rebuild = nil
	b, err := rebuild()
	if err != nil {
		return nil, fmt.Errorf("%v; rebuilding it: %w", cause, err)
	}
	h.restored = false // the stored copy is not this: a new snapshot keeps its own
	return b, nil
}

// Part is a piece of a snapshot kept beside the state rather than in it:
// a History, which a restore then neither reads nor scans until it is
// needed.
type Part interface {
	Encoded() ([]byte, error)
	SetSource(load, rebuild func() ([]byte, error))
	Unchanged() bool
}

// Parts are the parts of a snapshot being restored. Read reads the i-th
// from the store on first use; Rebuild (if not nil) recomputes it from the
// log, for when Read fails or gives a part that does not decode (a damaged
// file, or the snapshot pruned while the command ran).
type Parts struct {
	Read    func(i int) ([]byte, error)
	Rebuild func(i int) ([]byte, error)
}

// EncodeParts encodes a state for a snapshot: the JSON of v, whose parts
// must be left empty in it, and each part's JSON apart; nil for a part
// unchanged since it was restored (Unchanged), which the snapshot it came
// from already holds and which is then not even read.
func EncodeParts(v any, parts ...Part) ([]byte, [][]byte, error) {
	state, err := MarshalState(v)
	if err != nil {
		return nil, nil, err
	}
	var out [][]byte
	for _, p := range parts {
		if p.Unchanged() {
			out = append(out, nil)
			continue
		}
		b, err := p.Encoded()
		if err != nil {
			return nil, nil, err
		}
		out = append(out, b)
	}
	return state, out, nil
}

// DecodeParts restores what EncodeParts wrote: the state now, each part
// when it is first read.
func DecodeParts(state []byte, load Parts, v any, parts ...Part) error {
	if err := UnmarshalState(state, v); err != nil {
		return err
	}
	SetSources(load, parts...)
	return nil
}

// SetSources gives each part of a state being restored where it is read
// from when first needed: DecodeParts' second half, for a state decoded
// otherwise (a generated decoder).
func SetSources(load Parts, parts ...Part) {
	for i, p := range parts {
		var rebuild func() ([]byte, error)
		if load.Rebuild != nil {
			rebuild = func() ([]byte, error) { return load.Rebuild(i) }
		}
		p.SetSource(func() ([]byte, error) { return load.Read(i) }, rebuild)
	}
}
