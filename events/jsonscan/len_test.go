package jsonscan

import "testing"

// Len counts the top-level elements of the array just started, whatever
// they hold.
func TestLen(t *testing.T) {
	for in, want := range map[string]int{
		`{"a":[]}`:                          0,
		`{"a":[ ]}`:                         0,
		`{"a":[1]}`:                         1,
		`{"a":[1,2,3]}`:                     3,
		`{"a":[{"b":[1,2],"c":"x,y"},"]"]}`: 2,
		`{"a":[[1,2],[3,4],null]}`:          3,
	} {
		s := New([]byte(in))
		if !s.Next() || !s.Array() {
			t.Fatalf("%s: no array", in)
		}
		if got := s.Len(); got != want {
			t.Errorf("%s: Len %d, want %d", in, got, want)
		}
	}
}
