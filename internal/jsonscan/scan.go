// Package jsonscan reads the fields of one flat JSON object without
// reflection: the hand-written decoders of the hot event types (dice rolls,
// action bookkeeping, an engine's most frequent facts) use it so that a
// replay of a long campaign does not spend its time in encoding/json. The
// stored payloads stay ordinary, readable JSON.
//
// A decoder loops over the keys and reads each value with the method for
// its type, skipping the keys it does not know:
//
//	s := jsonscan.New(data)
//	for s.Next() {
//		switch string(s.Key()) {
//		case "sides":
//			r.Sides = s.Int()
//		default:
//			s.Skip()
//		}
//	}
//	return s.Err()
//
// Anything outside the fast path (escaped or non-ASCII strings, values read
// with Decode) falls back to encoding/json for that value only, so for the
// JSON our own encoder wrote the result is what encoding/json would give.
// Keys match exactly (encoding/json also accepts other cases of a key;
// payloads are written by warlog, with the keys of their json tags).
package jsonscan

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
)

// Scanner walks one JSON object. The zero value is not usable: call New.
type Scanner struct {
	data  []byte
	pos   int
	key   []byte
	err   error
	begun bool
}

// New starts reading the object in data.
func New(data []byte) *Scanner { return &Scanner{data: data} }

// Err is the first error met, nil when the object was read whole.
func (s *Scanner) Err() error { return s.err }

// Fail records an error found by the caller (in a Sub's object, say), if
// none was met before.
func (s *Scanner) Fail(err error) {
	if s.err == nil {
		s.err = err
	}
}

func (s *Scanner) fail(format string, args ...any) {
	if s.err == nil {
		s.err = fmt.Errorf("json at byte %d: %s", s.pos, fmt.Sprintf(format, args...))
	}
}

func (s *Scanner) space() {
	for s.pos < len(s.data) {
		switch s.data[s.pos] {
		case ' ', '\t', '\n', '\r':
			s.pos++
		default:
			return
		}
	}
}

func (s *Scanner) peek() byte {
	s.space()
	if s.pos < len(s.data) {
		return s.data[s.pos]
	}
	return 0
}

// Next moves to the next key of the object; false at its end or on an
// error. Every value must be read or skipped before the next call.
func (s *Scanner) Next() bool {
	if s.err != nil {
		return false
	}
	if !s.begun {
		s.begun = true
		if s.peek() != '{' {
			s.fail("want an object")
			return false
		}
		s.pos++
		if s.peek() == '}' {
			s.pos++
			s.end()
			return false
		}
	} else {
		switch s.peek() {
		case ',':
			s.pos++
		case '}':
			s.pos++
			s.end()
			return false
		default:
			s.fail("want ',' or '}'")
			return false
		}
	}
	return s.memberKey()
}

// memberKey reads a member's key and its colon into s.key: what follows
// an object's '{' or a ',' between members.
func (s *Scanner) memberKey() bool {
	if s.peek() != '"' {
		s.fail("want a key")
		return false
	}
	k, ok := s.rawString()
	if !ok {
		return false
	}
	s.key = k
	if s.peek() != ':' {
		s.fail("want ':'")
		return false
	}
	s.pos++
	return true
}

// end checks that nothing but space follows the object.
func (s *Scanner) end() {
	s.space()
	if s.pos != len(s.data) {
		s.fail("text after the object")
	}
}

// Key is the current key (escapes, rare in keys, left as written).
func (s *Scanner) Key() []byte { return s.key }

// rawString reads a string token without unescaping; ok is false on error.
// The returned bytes exclude the quotes.
func (s *Scanner) rawString() ([]byte, bool) {
	start := s.pos + 1
	for i := start; i < len(s.data); i++ {
		switch c := s.data[i]; {
		case c == '"':
			s.pos = i + 1
			return s.data[start:i], true
		case c == '\\':
			i++
		case c < 0x20:
			s.fail("control character in a string")
			return nil, false
		}
	}
	s.fail("unterminated string")
	return nil, false
}

// String reads a string value; null gives "".
func (s *Scanner) String() string {
	if s.null() {
		return ""
	}
	if s.peek() != '"' {
		s.fail("want a string for %q", s.key)
		return ""
	}
	start := s.pos
	raw, ok := s.rawString()
	if !ok {
		return ""
	}
	for _, c := range raw {
		if c == '\\' || c >= 0x80 {
			// Escapes and non-ASCII (which encoding/json checks and
			// repairs) take the standard path.
			var v string
			if err := json.Unmarshal(s.data[start:s.pos], &v); err != nil {
				s.fail("%v", err)
			}
			return v
		}
	}
	return string(raw)
}

// Null reads a null if that is the current value, and says so.
func (s *Scanner) Null() bool { return s.null() }

func (s *Scanner) null() bool {
	if s.peek() == 'n' && s.pos+4 <= len(s.data) && string(s.data[s.pos:s.pos+4]) == "null" {
		s.pos += 4
		return true
	}
	return false
}

// number returns the bytes of a number token.
func (s *Scanner) number() []byte {
	s.space()
	start := s.pos
	for s.pos < len(s.data) {
		c := s.data[s.pos]
		if (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E' {
			s.pos++
			continue
		}
		break
	}
	if start == s.pos {
		s.fail("want a number for %q", s.key)
	}
	return s.data[start:s.pos]
}

// Int reads an integer value; null gives 0.
func (s *Scanner) Int() int {
	if s.null() {
		return 0
	}
	b := s.number()
	if s.err != nil {
		return 0
	}
	n, ok := atoi(b)
	if !ok {
		s.fail("%q is not an integer for %q", b, s.key)
	}
	return n
}

// atoi parses a plain JSON integer without allocating (one of 19 digits,
// which may not fit, through strconv).
func atoi(b []byte) (int, bool) {
	neg := false
	digits := b
	if len(digits) > 0 && digits[0] == '-' {
		neg, digits = true, digits[1:]
	}
	if len(digits) == 0 || (digits[0] == '0' && len(digits) > 1) {
		return 0, false
	}
	if len(digits) > 18 {
		n, err := strconv.ParseInt(string(b), 10, 64)
		return int(n), err == nil
	}
	b = digits
	n := 0
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	if neg {
		n = -n
	}
	return n, true
}

// Int64 reads an integer value; null gives 0.
func (s *Scanner) Int64() int64 { return int64(s.Int()) }

// Uint64 reads an unsigned integer of any size; null gives 0.
func (s *Scanner) Uint64() uint64 {
	if s.null() {
		return 0
	}
	b := s.number()
	if s.err != nil {
		return 0
	}
	n, err := strconv.ParseUint(string(b), 10, 64)
	if err != nil {
		s.fail("%q is not an unsigned integer for %q", b, s.key)
	}
	return n
}

// Float reads a number value; null gives 0.
func (s *Scanner) Float() float64 {
	if s.null() {
		return 0
	}
	b := s.number()
	if s.err != nil {
		return 0
	}
	f, err := strconv.ParseFloat(string(b), 64)
	if err != nil || math.IsInf(f, 0) {
		s.fail("%q is not a number for %q", b, s.key)
	}
	return f
}

// Bool reads true or false; null gives false.
func (s *Scanner) Bool() bool {
	if s.null() {
		return false
	}
	switch {
	case s.literal("true"):
		return true
	case s.literal("false"):
		return false
	}
	s.fail("want true or false for %q", s.key)
	return false
}

// BoolPtr reads true, false or null (nil).
func (s *Scanner) BoolPtr() *bool {
	if s.null() {
		return nil
	}
	b := s.Bool()
	return &b
}

func (s *Scanner) literal(word string) bool {
	s.space()
	if s.pos+len(word) <= len(s.data) && string(s.data[s.pos:s.pos+len(word)]) == word {
		s.pos += len(word)
		return true
	}
	return false
}

// Ints reads an array of integers; null gives nil, [] an empty slice.
func (s *Scanner) Ints() []int { return s.SizedInts() }

// Strings reads an array of strings; null gives nil, [] an empty slice.
// (Neither passes a method value, which would move the scanner to the heap.)
func (s *Scanner) Strings() []string { return s.InternedStrings(nil) }

// Raw returns the current value's JSON as written (a copy), for fields kept
// as json.RawMessage; null gives nil.
func (s *Scanner) Raw() []byte {
	s.space()
	start := s.pos
	s.Skip()
	if s.err != nil {
		return nil
	}
	if string(s.data[start:s.pos]) == "null" {
		return nil
	}
	return append([]byte(nil), s.data[start:s.pos]...)
}

// Sub returns a scanner over the current value, an object, and moves past
// it: for a nested object read field by field.
func (s *Scanner) Sub() *Scanner {
	s.space()
	start := s.pos
	s.Skip()
	if s.err != nil {
		return &Scanner{err: s.err}
	}
	return New(s.data[start:s.pos])
}

// Decode reads the current value with encoding/json into v: the way out for
// a field of a type the scanner does not read itself.
func (s *Scanner) Decode(v any) {
	s.space()
	start := s.pos
	s.Skip()
	if s.err != nil {
		return
	}
	if err := json.Unmarshal(s.data[start:s.pos], v); err != nil {
		s.fail("%q: %v", s.key, err)
	}
}

// SkipField passes over the value of a key no field takes. A key written
// with an escape is refused instead: encoding/json would unescape it and
// might match it to a field, while a decoder's key switch compares the key
// as written (our encoder never escapes a field's key).
func (s *Scanner) SkipField() {
	if bytes.IndexByte(s.key, '\\') >= 0 {
		s.fail("an escaped key %q is not read", s.key)
		return
	}
	s.Skip()
}

// Skip passes over the current value, whatever it is.
func (s *Scanner) Skip() {
	depth := 0
	for s.err == nil {
		switch c := s.peek(); {
		case c == '"':
			s.rawString()
		case c == '{' || c == '[':
			depth++
			s.pos++
			continue
		case c == '}' || c == ']':
			if depth == 0 {
				s.fail("unexpected %q", c)
				return
			}
			depth--
			s.pos++
		case c == ',' || c == ':':
			if depth == 0 {
				s.fail("unexpected %q", c)
				return
			}
			s.pos++
			continue
		case c == 't':
			if !s.literal("true") {
				s.fail("bad literal")
			}
		case c == 'f':
			if !s.literal("false") {
				s.fail("bad literal")
			}
		case c == 'n':
			if !s.null() {
				s.fail("bad literal")
			}
		case c == '-' || (c >= '0' && c <= '9'):
			s.number()
		case c == 0:
			s.fail("unexpected end")
			return
		default:
			s.fail("unexpected %q", c)
			return
		}
		if depth == 0 {
			return
		}
	}
}
