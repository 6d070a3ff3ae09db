package events

import (
	"sync"
	"sync/atomic"
	"testing"
)

type laterPayload struct {
	N int `json:"n"`
}

// A namespace registered later is registered once, when one of its types is
// first asked for, also by many goroutines at once, and decodes as if it had
// been registered at the start; other namespaces are not registered by it.
func TestRegisterLater(t *testing.T) {
	r := NewRegistry()
	var runs, otherRuns atomic.Int32
	r.RegisterLater("game", func(r *Registry) {
		runs.Add(1)
		r.Register("game.thing_done", laterPayload{})
	})
	r.RegisterLater("other", func(r *Registry) {
		otherRuns.Add(1)
		r.Register("other.thing_done", laterPayload{})
	})
	if runs.Load() != 0 {
		t.Fatal("the namespace was registered before anything asked for it")
	}
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			v, err := r.Decode(Event{Type: "game.thing_done", Data: []byte(`{"n":3}`)})
			if err != nil {
				t.Error(err)
				return
			}
			if p, ok := v.(laterPayload); !ok || p.N != 3 {
				t.Errorf("decoded %#v, want laterPayload{N: 3}", v)
			}
		}()
	}
	wg.Wait()
	if n := runs.Load(); n != 1 {
		t.Errorf("the namespace was registered %d times, want once", n)
	}
	if otherRuns.Load() != 0 {
		t.Error("asking for game.* registered other.*")
	}
	if !r.Known("other.thing_done") || otherRuns.Load() != 1 {
		t.Error("other.thing_done is not known once asked for")
	}
	if r.Known("game.never_declared") || r.Known("nonamespace") {
		t.Error("a type no one registered is known")
	}
}
