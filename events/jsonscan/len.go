package jsonscan

// Len guesses the number of elements of the array Array has just started
// (call it before the first Elem), so that a decoder of an array of
// objects sizes its slice once, as SizedInts and InternedStrings do: a
// slice grown by appends costs a copy at each doubling and keeps up to
// twice its length alive. It only sizes; the reading checks the text.
func (s *Scanner) Len() int { return s.count() }
