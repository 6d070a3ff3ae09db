package jsonscan

import (
	"encoding/binary"
	"sync/atomic"
)

// A ListInterner hands out one slice for equal short arrays of strings (an
// incarn's Fleshtypes, read again in every game it fights), as an Interner
// does for strings: a fixed table of the latest list per hash slot (a miss
// replaces the slot's list), safe for concurrent use. The slices it hands
// out are shared, so a decoder reads with it only a field its game never
// writes into (an append copies: a list's capacity is its length). The
// zero value is ready.
type ListInterner struct {
	slots [listSlots]atomic.Pointer[sharedList]
}

type sharedList struct {
	raw   string // the array as written
	items []string
}

const (
	listSlots = 512
	// listMax is the longest array, as written, that is shared: five
	// Fleshtypes' names run to about 60 bytes.
	listMax = 160
)

// SharedStrings reads an array of strings like InternedStrings (each string
// through strs), and through lists the same slice for the same array as
// written: an array of plain ASCII strings without space, as our encoder
// writes it. Any other array is read as InternedStrings reads it.
func (s *Scanner) SharedStrings(lists *ListInterner, strs *Interner) []string {
	if lists == nil || s.peek() != '[' {
		return s.InternedStrings(strs)
	}
	end, h, ok := plainList(s.data, s.pos)
	if !ok {
		return s.InternedStrings(strs)
	}
	raw := s.data[s.pos:end]
	slot := &lists.slots[h%listSlots]
	if l := slot.Load(); l != nil && l.raw == string(raw) {
		s.pos = end
		return l.items
	}
	items := s.InternedStrings(strs)
	if s.err == nil && s.pos == end {
		items = items[:len(items):len(items)]
		slot.Store(&sharedList{raw: string(raw), items: items})
	}
	return items
}

// plainList finds the end of the array that opens at p when it holds only
// plain ASCII strings and no space: the index just past its ']' and a hash
// of its strings; false for any other array, or one longer than listMax.
func plainList(d []byte, p int) (end int, h uint32, ok bool) {
	h = fnvOffset
	i := p + 1
	if i < len(d) && d[i] == ']' {
		return i + 1, h, true
	}
	for i < len(d) && i-p <= listMax && d[i] == '"' {
		e, hs, ok := plainAt(d, i+1)
		if !ok || e+1 >= len(d) {
			return 0, 0, false
		}
		h = (h ^ hs) * fnvPrime
		i = e + 1
		switch d[i] {
		case ',':
			i++
		case ']':
			if i+1-p > listMax {
				return 0, 0, false
			}
			return i + 1, h, true
		default:
			return 0, 0, false
		}
	}
	return 0, 0, false
}

// Values hands out the value read before from the same object as written
// (a game's figure, the same in every game it starts), as ListInterner
// does for lists: a fixed table of the latest values per hash of an
// object's first bytes, a few to a bucket, safe for concurrent use. A
// value is handed out as a copy, so a T whose strings and shared lists are
// its only references is one read once; a decoder reads through Values
// only such a T:
//
//	x, key, ok := values.Cached(s)
//	if !ok {
//		x = readT(s)
//		values.Keep(s, key, x)
//	}
//
// An object the table holds is found without reading to its end: it is
// one read whole before, and a read of the same bytes ends where that one
// did. The zero value is ready.
type Values[T any] struct {
	buckets [valueBuckets][valueWays]atomic.Pointer[sharedValue[T]]
	next    atomic.Uint32 // the way the next value kept replaces
}

type sharedValue[T any] struct {
	raw string // the object as written
	v   T
}

// ValueKey locates an object for Keep.
type ValueKey struct {
	start int
	h     uint32
}

const (
	valueBuckets = 256
	valueWays    = 4
	// valueHead is how many first bytes of an object pick its bucket; a
	// figure's name and profile come first, its side later.
	valueHead = 48
	// valueMax is the longest object, as written, that is kept: a
	// figure runs to about 150 bytes.
	valueMax = 320
)

// Cached gives the value read before from the same bytes as the object at
// the scanner's position, and moves past them; false when there is none,
// with the key to Keep the value then read.
func (c *Values[T]) Cached(s *Scanner) (v T, key ValueKey, ok bool) {
	if s.err != nil || s.peek() != '{' {
		return v, ValueKey{start: -1}, false
	}
	rest := s.data[s.pos:]
	key = ValueKey{s.pos, hashBytes(rest[:min(len(rest), valueHead)])}
	for i := range c.buckets[key.h%valueBuckets] {
		if p := c.buckets[key.h%valueBuckets][i].Load(); p != nil && len(p.raw) <= len(rest) && string(rest[:len(p.raw)]) == p.raw {
			s.pos += len(p.raw)
			return p.v, key, true
		}
	}
	return v, key, false
}

// Keep keeps v, just read from the object key located, if it was read
// without an error.
func (c *Values[T]) Keep(s *Scanner, key ValueKey, v T) {
	if key.start < 0 || s.err != nil || s.pos-key.start > valueMax {
		return
	}
	way := c.next.Add(1) % valueWays
	c.buckets[key.h%valueBuckets][way].Store(&sharedValue[T]{raw: string(s.data[key.start:s.pos]), v: v})
}

// hashBytes hashes b eight bytes at a time.
func hashBytes(b []byte) uint32 {
	h := uint64(len(b)) * 0x9E3779B97F4A7C15
	for len(b) >= 8 {
		h = (h ^ binary.LittleEndian.Uint64(b)) * 0x9E3779B97F4A7C15
		b = b[8:]
	}
	for _, c := range b {
		h = (h ^ uint64(c)) * 0x9E3779B97F4A7C15
	}
	return uint32(h >> 32)
}
