package engines

import (
	"fmt"
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
	load  func() ([]byte, error) // reads raw from a snapshot, on first use
	raw   []byte                 // a JSON array restored, not yet decoded
	items []T                    // decoded, then added (after raw's records while raw is kept)
	err   error                  // a failed load or decode, reported by Err
}

// Add records one finished battle or game.
func (h *History[T]) Add(v T) { h.items = append(h.items, v) }

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
		if err := UnmarshalState(h.raw, &old); err != nil {
			h.err = err
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

// Err is the error of a decode that failed (a damaged snapshot); nil
// otherwise.
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
	return MarshalState(c.All())
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
	if h.raw != nil && len(h.items) == 0 {
		return h.raw, h.err
	}
	return h.MarshalJSON()
}

// SetSource restores the history from a loader of its JSON array, called
// the first time the history is read (or saved again).
func (h *History[T]) SetSource(load func() ([]byte, error)) { *h = History[T]{load: load} }

// fetch runs the loader once.
func (h *History[T]) fetch() {
	b, err := h.load()
	h.load = nil
	if err != nil {
		h.err = err
		return
	}
	if len(b) > 0 {
		h.raw = b
	}
}

// Part is a piece of a snapshot kept beside the state rather than in it:
// a History, which a restore then neither reads nor scans until it is
// needed.
type Part interface {
	Encoded() ([]byte, error)
	SetSource(func() ([]byte, error))
}

// Parts gives the i-th part of a snapshot being restored, reading it from
// the store on first use.
type Parts func(i int) ([]byte, error)

// EncodeParts encodes a state for a snapshot: the JSON of v, whose parts
// must be left empty in it, and each part's JSON apart.
func EncodeParts(v any, parts ...Part) ([]byte, [][]byte, error) {
	state, err := MarshalState(v)
	if err != nil {
		return nil, nil, err
	}
	var out [][]byte
	for _, p := range parts {
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
	for i, p := range parts {
		p.SetSource(func() ([]byte, error) { return load(i) })
	}
	return nil
}
