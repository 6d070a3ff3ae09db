package jsonscan

import "sync/atomic"

// An Interner hands out one string for equal short strings: the sides,
// names and keywords a replay reads thousands of times then cost no
// allocation after the first. It is a fixed table of the latest string per
// hash slot (a miss replaces the slot's string), safe for concurrent use.
// The zero value is ready.
type Interner struct {
	slots [internSlots]atomic.Pointer[string]
}

const (
	internSlots = 1024
	// internMax is the longest string interned: a roll's purpose ("attack
	// of Vlad on Igor, Ann's turn 3") repeats and runs to 60-90 bytes;
	// longer text (labels, reasons) rarely does.
	internMax = 96
)

// FNV-1a, which a string's bytes feed as they are read.
const (
	fnvOffset = 2166136261
	fnvPrime  = 16777619
)

// intern returns b, whose FNV-1a hash is h, as a string: the table's if it
// holds an equal one.
func (in *Interner) intern(b []byte, h uint32) string {
	if in == nil || len(b) > internMax {
		return string(b)
	}
	slot := &in.slots[h%internSlots]
	if p := slot.Load(); p != nil && *p == string(b) {
		return *p
	}
	s := string(b)
	slot.Store(&s)
	return s
}

// InternedString reads a string value like String, through in (nil: no
// interning). A plain ASCII string is read and hashed in one pass; any
// other takes String's path.
func (s *Scanner) InternedString(in *Interner) string {
	if s.peek() != '"' {
		return s.String() // null, or the error
	}
	if end, h, ok := plainAt(s.data, s.pos+1); ok {
		raw := s.data[s.pos+1 : end]
		s.pos = end + 1
		return in.intern(raw, h)
	}
	return s.String()
}

// InternedStrings reads an array of strings like Strings, each through in,
// into a slice sized once.
func (s *Scanner) InternedStrings(in *Interner) []string {
	if !s.Array() {
		return nil
	}
	out := make([]string, 0, s.count())
	for i := 0; s.Elem(i); i++ {
		out = append(out, s.InternedString(in))
	}
	if s.err != nil {
		return nil
	}
	return out
}

// SizedInts reads an array of integers like Ints, into a slice sized once,
// and without a closure (so the scanner may stay on the caller's stack).
func (s *Scanner) SizedInts() []int {
	if !s.Array() {
		return nil
	}
	out := make([]int, 0, s.count())
	for i := 0; s.Elem(i); i++ {
		out = append(out, s.Int())
	}
	if s.err != nil {
		return nil
	}
	return out
}

// Members guesses the number of members of the object the scanner is at
// (before its '{'), for a map to be made that size: a map grown one
// member at a time copies itself at every doubling. 0 when the value is
// not an object. It reads nothing.
func (s *Scanner) Members() int {
	if s.err != nil || s.peek() != '{' {
		return 0
	}
	pos := s.pos
	s.pos++
	n := s.count()
	s.pos = pos
	return n
}

// count guesses the number of elements of the array whose '[' was just
// read: one more than its top-level commas, 0 if it looks empty. It only
// sizes a slice, so it need not check the text, which the reading does.
func (s *Scanner) count() int {
	n, depth := 0, 0
	for i := s.pos; i < len(s.data); i++ {
		switch c := s.data[i]; c {
		case ' ', '\t', '\n', '\r':
		case '"':
			for i++; i < len(s.data) && s.data[i] != '"'; i++ {
				if s.data[i] == '\\' {
					i++
				}
			}
			if n == 0 {
				n = 1
			}
		case '[', '{':
			depth++
			if n == 0 {
				n = 1
			}
		case ']', '}':
			if depth == 0 {
				return n
			}
			depth--
		case ',':
			if depth == 0 {
				n++
			}
		default:
			if n == 0 {
				n = 1
			}
		}
		if n > 1<<16 {
			return n
		}
	}
	return n
}
