package engines

import (
	"bytes"
	"fmt"
	"slices"
)

// History is the finished part of a campaign state: the battles or games
// played before the one in progress. It only grows, a command rarely reads
// it, and in a long campaign it is most of the state, so a snapshot
// restores it undecoded: the JSON is kept and decoded the first time the
// history is read. Adding to it does not decode it.
//
// The zero value is an empty history. A copy shares the records; Add on a
// copy never shows in the original.
type History[T any] struct {
	raw   []byte // a JSON array restored from a snapshot, not yet decoded
	items []T    // decoded, then added (after raw's records while raw is kept)
	err   error  // a failed decode, reported by Err
}

// Add records one finished battle or game.
func (h *History[T]) Add(v T) {
	h.items = append(slices.Clip(h.items), v)
}

// All returns every record, oldest first (decoding them if need be). The
// slice is shared: do not change it.
func (h *History[T]) All() []T {
	if h.raw != nil {
		var old []T
		if err := UnmarshalState(h.raw, &old); err != nil {
			h.err = err
		}
		h.items, h.raw = append(old, h.items...), nil
	}
	return h.items
}

// Len is how many records there are.
func (h *History[T]) Len() int { return len(h.All()) }

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
	if h.raw == nil {
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
	if h.raw != nil && len(h.items) == 0 {
		return h.raw, nil
	}
	return h.MarshalJSON()
}

// SetEncoded restores the history from its JSON array, to decode on first
// read. The bytes are kept, not copied: they must not change afterwards.
func (h *History[T]) SetEncoded(b []byte) { *h = History[T]{raw: b} }

// Part is a piece of a snapshot kept beside the state's JSON rather than
// in it: a History, which a restore then never has to scan.
type Part interface {
	Encoded() ([]byte, error)
	SetEncoded([]byte)
}

// EncodeParts writes a snapshot as the JSON of v (with its parts left
// empty) followed by each part's JSON, one per line: JSON as we write it
// holds no raw newline.
func EncodeParts(v any, parts ...Part) ([]byte, error) {
	out, err := MarshalState(v)
	if err != nil {
		return nil, err
	}
	for _, p := range parts {
		b, err := p.Encoded()
		if err != nil {
			return nil, err
		}
		out = append(append(out, '\n'), b...)
	}
	return out, nil
}

// DecodeParts reads what EncodeParts wrote into v and its parts. The
// parts keep their bytes of data.
func DecodeParts(data []byte, v any, parts ...Part) error {
	head, rest, _ := bytes.Cut(data, []byte{'\n'})
	if err := UnmarshalState(head, v); err != nil {
		return err
	}
	for i, p := range parts {
		var b []byte
		var found bool
		b, rest, found = bytes.Cut(rest, []byte{'\n'})
		if len(b) == 0 || (!found && i < len(parts)-1) {
			return fmt.Errorf("snapshot: part %d of %d is missing", i+1, len(parts))
		}
		p.SetEncoded(b)
	}
	return nil
}
