package jsonscan

import "sync/atomic"

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
