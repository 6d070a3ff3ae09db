package remote_test

import (
	"context"
	"errors"
	"net"
	"strings"
	"testing"
	"time"

	"warlog/events"
	"warlog/events/remote"
)

// dropper accepts connections, reads what comes and closes them without
// an answer: a server whose connection drops mid-request.
func dropper(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			buf := make([]byte, 4096)
			_, _ = c.Read(buf)
			c.Close()
		}
	}()
	return "http://" + ln.Addr().String()
}

// A dropped connection is one plain line: an action sent may or may not
// be stored (and says how to find out and send it again safely), a read
// cannot reach the server; neither shows the transport's own words.
func TestDroppedConnection(t *testing.T) {
	t.Parallel()
	st, err := remote.Open(dropper(t), remote.Options{Token: "wlt_x", RetryFor: 300 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	_, err = st.Append(ctx, "Autumn", 3, "a1", []events.Fact{{Type: events.TypeActionBegun, Data: map[string]string{"verb": "roll"}}})
	if !errors.Is(err, events.ErrUncertainSent) || !strings.Contains(err.Error(), "action a1 at ") || !strings.Contains(err.Error(), "it may or may not be stored") {
		t.Errorf("an append whose connection dropped: %v; want that it may or may not be stored, with its action id", err)
	}
	_, err = st.Campaigns(ctx)
	if !errors.Is(err, events.ErrUnreachable) || !strings.Contains(err.Error(), "cannot be reached") {
		t.Errorf("a read whose connection dropped: %v; want the server cannot be reached", err)
	}
	for _, e := range []error{err} {
		if msg := e.Error(); strings.Contains(msg, "\n") || strings.Contains(msg, "Post \"") || strings.Contains(msg, "Get \"") {
			t.Errorf("not one plain line: %q", msg)
		}
	}
	// Nothing listening: nothing was sent, so nothing may be stored.
	ln, _ := net.Listen("tcp", "127.0.0.1:0")
	addr := "http://" + ln.Addr().String()
	ln.Close()
	st2, _ := remote.Open(addr, remote.Options{RetryFor: 200 * time.Millisecond})
	_, err = st2.Append(ctx, "Autumn", 3, "a2", []events.Fact{{Type: events.TypeActionBegun}})
	if !errors.Is(err, events.ErrUnreachable) || !strings.Contains(err.Error(), "nothing was written") {
		t.Errorf("an append to no server: %v; want it cannot be reached and nothing was written", err)
	}
}
