package postgres_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"warlog/events"
)

// Waits on two campaigns share the store's listening connection, and
// neither holds the other up: appends to the second end its waits while
// the first still waits, then an append to the first ends that one.
func TestWaitsOnTwoCampaigns(t *testing.T) {
	s := mustOpen(t)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel) // before the store closes: a wait that failed the test ends
	fact := []events.Fact{{Type: "test.fact", Data: map[string]int{"n": 1}}}
	for _, c := range []string{"a", "b"} {
		if _, err := s.Append(ctx, c, 0, c+"0", fact); err != nil {
			t.Fatal(err)
		}
	}
	type woke struct {
		v   int64
		err error
	}
	wait := func(c string, after int64) chan woke {
		ch := make(chan woke, 1)
		go func() {
			v, err := s.WaitPast(ctx, c, after)
			ch <- woke{v, err}
		}()
		return ch
	}
	a := wait("a", 1)
	// Round after round b grows while a waits: a wait that held the
	// connection while it waited would keep the wait on b from ever
	// seeing it. (A wait not yet under way when b grows ends at once: the
	// test holds either way.)
	for v := int64(1); v <= 5; v++ {
		b := wait("b", v)
		if _, err := s.Append(ctx, "b", v, fmt.Sprintf("b%d", v), fact); err != nil {
			t.Fatal(err)
		}
		select {
		case w := <-b:
			if w.err != nil || w.v != v+1 {
				t.Fatalf("the wait on b: version %d, %v; want %d", w.v, w.err, v+1)
			}
		case <-a:
			t.Fatal("an append to b ended the wait on a")
		case <-time.After(10 * time.Second):
			t.Fatalf("round %d: the wait on b still waits after b grew: the wait on a holds it up", v)
		}
	}
	if _, err := s.Append(ctx, "a", 1, "a1", fact); err != nil {
		t.Fatal(err)
	}
	select {
	case w := <-a:
		if w.err != nil || w.v != 2 {
			t.Fatalf("the wait on a: version %d, %v; want 2", w.v, w.err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the wait on a still waits after a grew")
	}
}
