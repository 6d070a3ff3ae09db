package jsonscan

// StringPair reads the current value if it is written exactly as
// {"k1":"v1","k2":"v2"}, with no space and both strings plain ASCII (what
// our encoder writes for a struct of two strings, such as a figure's side
// and name), and reports true; otherwise it reads nothing and reports
// false, and the caller reads the value the general way. It spares such
// values, the commonest in some games' facts, a key-by-key read. The
// strings go through in (nil: no interning).
func (s *Scanner) StringPair(k1, k2 string, in *Interner) (v1, v2 string, ok bool) {
	if s.err != nil {
		return "", "", false
	}
	s.space()
	d, p := s.data, s.pos
	if !hasAt(d, p, `{"`) || !hasAt(d, p+2, k1) || !hasAt(d, p+2+len(k1), `":"`) {
		return "", "", false
	}
	start1 := p + 2 + len(k1) + 3
	end1, h1, ok := plainAt(d, start1)
	if !ok || !hasAt(d, end1, `","`) || !hasAt(d, end1+3, k2) || !hasAt(d, end1+3+len(k2), `":"`) {
		return "", "", false
	}
	start2 := end1 + 3 + len(k2) + 3
	end2, h2, ok := plainAt(d, start2)
	if !ok || !hasAt(d, end2, `"}`) {
		return "", "", false
	}
	s.pos = end2 + 2
	return in.intern(d[start1:end1], h1), in.intern(d[start2:end2], h2), true
}

// hasAt reports whether d holds lit at p.
func hasAt(d []byte, p int, lit string) bool {
	return p+len(lit) <= len(d) && string(d[p:p+len(lit)]) == lit
}

// plainAt reads the body of a string from p, just past its opening quote:
// the index of its closing quote and the FNV-1a hash of its bytes; false
// at an escape, a byte that is not plain ASCII, or the end of d.
func plainAt(d []byte, p int) (end int, h uint32, ok bool) {
	h = fnvOffset
	for i := p; i < len(d); i++ {
		c := d[i]
		if c == '"' {
			return i, h, true
		}
		if c == '\\' || c >= 0x80 || c < 0x20 {
			return 0, 0, false
		}
		h = (h ^ uint32(c)) * fnvPrime
	}
	return 0, 0, false
}

// Expect moves past lit if the text at the current position (no space
// skipped) begins with it, and reports whether it did. A decoder reads the
// keys of an object in the order our encoder writes them with it, ahead of
// the key-by-key loop that reads anything else:
//
//	i := 0
//	if s.Expect(`{"name":`) {
//		v.Name, i = s.String(), 1
//		if s.Expect(`,"skill":`) {
//			v.Skill = s.String()
//		}
//	}
//	for ; s.Field(i); i++ {
//		// every key, as usual
//	}
//
// A key so met costs a comparison of its bytes rather than a read and a
// switch.
func (s *Scanner) Expect(lit string) bool {
	if s.err == nil && hasAt(s.data, s.pos, lit) {
		s.pos += len(lit)
		return true
	}
	return false
}

// Done ends the read of a whole payload walked with Field (rather than
// Next): it checks that nothing but space follows the object, and returns
// the first error met.
func (s *Scanner) Done() error {
	if s.err == nil {
		s.end()
	}
	return s.err
}
