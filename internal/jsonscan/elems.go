package jsonscan

import "encoding/json"

// Arrays of any element type, nested objects and maps read in place, so
// that a decoder of a payload holding objects in arrays (or string-keyed
// maps) need not fall back to encoding/json for that field:
//
//	if s.Array() {
//		v.Refs = []Ref{}
//		for i := 0; s.Elem(i); i++ {
//			var r Ref
//			for j := 0; s.Field(j); j++ {
//				switch string(s.Key()) {
//				case "side":
//					r.Side = s.String()
//				default:
//					s.Skip()
//				}
//			}
//			v.Refs = append(v.Refs, r)
//		}
//	}
//
// A caller's loop costs no closure and no second scanner, so nothing but
// the values read is allocated and each byte is read once.

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

// Field moves to key i (counted from 0) of the current value, an object
// read in place (without a scanner of its own, unlike Sub): false at its
// end, for null (encoding/json then leaves a struct as it is) and on an
// error. Key gives the key; every value must be read or skipped before the
// next call. A map, which null leaves nil, checks Null first.
func (s *Scanner) Field(i int) bool {
	if s.err != nil {
		return false
	}
	if i == 0 {
		if s.null() {
			return false
		}
		if s.peek() != '{' {
			s.fail("want an object for %q", s.key)
			return false
		}
		s.pos++
		if s.peek() == '}' {
			s.pos++
			return false
		}
	} else {
		switch s.peek() {
		case ',':
			s.pos++
		case '}':
			s.pos++
			return false
		default:
			s.fail("want ',' or '}' after %q", s.key)
			return false
		}
	}
	return s.memberKey()
}

// IntMap reads an object of integers as encoding/json reads a
// map[string]int: null gives nil, {} an empty map.
func (s *Scanner) IntMap() map[string]int {
	if s.Null() {
		return nil
	}
	m := make(map[string]int, s.Members())
	for i := 0; s.Field(i); i++ {
		m[s.MapKey()] = s.Int()
	}
	return m
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
