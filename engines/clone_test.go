package engines_test

import (
	"fmt"
	"reflect"
	"sync"
	"testing"

	"warlog/engines"
)

// node holds itself, a map of structs holding slices, an interface, an
// array of pointers and an unexported string: every kind a copier works out.
type node struct {
	Name  string
	Next  *node
	Kids  []node
	Marks map[string]mark
	Notes map[string]string
	Any   any
	Pair  [2]*mark
	note  string
}

type mark struct {
	Dice []int
	At   int
}

func sample() *node {
	m := &mark{Dice: []int{6}, At: 1}
	n := &node{
		Name:  "Bors",
		Kids:  []node{{Name: "Wyn", Marks: map[string]mark{"hit": {Dice: []int{4, 2}, At: 3}}}},
		Marks: map[string]mark{"save": {Dice: []int{1}}},
		Notes: map[string]string{"a": "b"},
		Any:   &mark{Dice: []int{5}},
		Pair:  [2]*mark{m, m},
		note:  "kept",
	}
	n.Next = n
	return n
}

func init() { engines.MapsOf[string, mark]() } // Marks: a map copied by compiled code

// Clone copies every kind of value deeply, keeps a value that points to
// itself pointing to its copy, and leaves the original as it was.
func TestCloneEveryKind(t *testing.T) {
	s := sample()
	c := engines.Clone(s)
	if !reflect.DeepEqual(s, c) {
		t.Fatalf("the copy differs: %+v", c)
	}
	if c.Next != c {
		t.Error("a value pointing to itself points to the original in the copy")
	}
	if c.Pair[0] != c.Pair[1] || c.Pair[0] == s.Pair[0] {
		t.Error("two pointers to one mark are not one new mark")
	}
	c.Kids[0].Marks["hit"].Dice[0] = 1
	c.Marks["save"].Dice[0] = 6
	c.Any.(*mark).Dice[0] = 1
	c.Pair[0].Dice[0] = 1
	c.Notes["a"] = "changed"
	if want := sample(); !reflect.DeepEqual(s, want) {
		t.Errorf("changing the copy changed the original: %+v", s)
	}
	if c.note != "kept" {
		t.Error("an unexported field was not copied")
	}
}

// Copiers are worked out once, by whichever Clone comes first: many at
// once see only complete ones (run with -race).
func TestCloneAtOnce(t *testing.T) {
	type fresh struct {
		Rows []map[int]*node
	}
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			v := fresh{Rows: []map[int]*node{{i: sample()}}}
			if c := engines.Clone(v); !reflect.DeepEqual(c, v) {
				t.Errorf("clone %d differs", i)
			}
		})
	}
	wg.Wait()
}

func BenchmarkClone(b *testing.B) {
	s := sample()
	for i := range 50 {
		s.Kids = append(s.Kids, node{Name: fmt.Sprint(i), Marks: map[string]mark{"x": {Dice: []int{i}}}})
	}
	for b.Loop() {
		engines.Clone(s)
	}
}

// A list of texts tagged factgen:"shared" (never written into) is shared
// by a copy, in a struct and in a list of them; an untagged one is
// copied.
func TestCloneSharesListsNeverWritten(t *testing.T) {
	type member struct {
		Name  string
		Flesh []string `factgen:"shared"`
		Notes []string
	}
	type gang struct{ Members []member }
	g := &gang{Members: []member{{Name: "a", Flesh: []string{"Worm"}, Notes: []string{"n"}}}}
	c := engines.Clone(g)
	if &c.Members[0].Flesh[0] != &g.Members[0].Flesh[0] {
		t.Error("the shared list was copied")
	}
	if &c.Members[0].Notes[0] == &g.Members[0].Notes[0] {
		t.Error("the untagged list is shared")
	}
	c.Members[0].Name = "b"
	if g.Members[0].Name != "a" || &c.Members[0] == &g.Members[0] {
		t.Error("the copy's members are the original's")
	}
}
