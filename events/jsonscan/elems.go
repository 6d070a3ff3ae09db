package jsonscan

import "encoding/json"

// Arrays of any element type and maps read in place, so that a decoder of
// a payload holding objects in arrays (or string-keyed maps) need not fall
// back to encoding/json for that field:
//
//	if s.Array() {
//		v.Refs = []Ref{}
//		for i := 0; s.Elem(i); i++ {
//			v.Refs = append(v.Refs, readRef(s))
//		}
//	}
//
// A caller's loop costs no closure, so the scanner can stay on its stack.

// Array starts reading the current value as an array. It reports false for
// null (encoding/json leaves a slice nil) and on an error; otherwise call
// Elem before each element.
func (s *Scanner) Array() bool {
	if s.null() {
		return false
	}
	if s.peek() != '[' {
		s.fail("want an array for %q", s.key)
		return false
	}
	s.pos++
	return true
}

// Elem moves to element i (counted from 0) of the array Array started;
// false at its end or on an error. Every element must be read or skipped
// before the next call.
func (s *Scanner) Elem(i int) bool {
	if s.err != nil {
		return false
	}
	switch c := s.peek(); {
	case c == ']':
		s.pos++
		return false
	case i == 0:
		return true
	case c == ',':
		s.pos++
		return true
	}
	s.fail("want ',' or ']' in %q", s.key)
	return false
}

// Map starts reading the current value as an object whose keys are data
// (a Go map): false for null (encoding/json leaves a map nil) and on an
// error; otherwise read it with Next, MapKey and the value methods, on the
// scanner it returns. Unlike Sub, the scanner is a value the caller keeps.
func (s *Scanner) Map() (Scanner, bool) {
	if s.null() {
		return Scanner{}, false
	}
	if s.peek() != '{' {
		s.fail("want an object for %q", s.key)
		return Scanner{}, false
	}
	return s.Object(), s.err == nil
}

// Object returns a scanner over the current value, an object, and moves
// past it, like Sub; being a value, it can stay on the caller's stack.
func (s *Scanner) Object() Scanner {
	s.space()
	start := s.pos
	s.Skip()
	if s.err != nil {
		return Scanner{err: s.err}
	}
	return Scanner{data: s.data[start:s.pos]}
}

// MapKey is the current key as a string, unescaped as encoding/json
// unescapes a map's key.
func (s *Scanner) MapKey() string {
	for _, c := range s.key {
		if c == '\\' || c >= 0x80 {
			q := make([]byte, 0, len(s.key)+2)
			q = append(append(append(q, '"'), s.key...), '"')
			var v string
			if err := json.Unmarshal(q, &v); err != nil {
				s.fail("%v", err)
			}
			return v
		}
	}
	return string(s.key)
}
