package remote_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
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

// cutter is a league server whose first answer to each path stops in the
// middle (as a killed server's does): the events' after its first two and
// half the third, the version's after half of its JSON. It keeps each
// request's after= in asked.
func cutter(t *testing.T, asked *[]string) string {
	t.Helper()
	var mu sync.Mutex
	cut := map[string]bool{}
	first := func(path string) bool {
		mu.Lock()
		defer mu.Unlock()
		was := cut[path]
		cut[path] = true
		return !was
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		once := first(r.URL.Path)
		switch {
		case strings.HasSuffix(r.URL.Path, "/events"):
			mu.Lock()
			*asked = append(*asked, r.URL.Query().Get("after"))
			mu.Unlock()
			after, _ := strconv.Atoi(r.URL.Query().Get("after"))
			var b strings.Builder
			for v := after + 1; v <= 5; v++ {
				fmt.Fprintf(&b, "{\"stream\":\"Autumn\",\"version\":%d,\"type\":\"dice.rolled\",\"data\":{}}\n", v)
			}
			out := b.String()
			if once {
				lines := strings.SplitAfter(out, "\n")
				out = lines[0] + lines[1] + lines[2][:len(lines[2])/2]
			}
			w.Write([]byte(out))
		case strings.HasSuffix(r.URL.Path, "/version"):
			out := `{"version":5}`
			if once {
				out = out[:6]
			}
			w.Write([]byte(out))
		default:
			http.NotFound(w, r)
			return
		}
		if once {
			w.(http.Flusher).Flush()
			panic(http.ErrAbortHandler)
		}
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// An answer cut off mid-line is a lost connection, not an event that
// cannot be read: a read asks again from the last whole event and gives
// each event once, in order; with no more tries left it says the server
// cannot be reached.
func TestCutAnswerIsReadAgain(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	var asked []string
	st, err := remote.Open(cutter(t, &asked), remote.Options{Token: "wlt_x", RetryFor: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	var got []int64
	if err := st.Load(ctx, "Autumn", 0, func(e events.Event) error { got = append(got, e.Version); return nil }); err != nil {
		t.Fatalf("a read cut off once: %v; want it read again", err)
	}
	if fmt.Sprint(got) != "[1 2 3 4 5]" || strings.Join(asked, ",") != "0,2" {
		t.Errorf("read versions %v asking after %v; want [1 2 3 4 5] asking after 0 then 2", got, asked)
	}
	if v, err := st.Version(ctx, "Autumn"); err != nil || v != 5 {
		t.Errorf("a version whose answer was cut once: %d %v; want 5", v, err)
	}

	asked = nil
	st, _ = remote.Open(cutter(t, &asked), remote.Options{Token: "wlt_x", RetryFor: -1})
	got = nil
	err = st.Load(ctx, "Autumn", 0, func(e events.Event) error { got = append(got, e.Version); return nil })
	if !errors.Is(err, events.ErrUnreachable) || strings.Contains(err.Error(), "cannot be read") {
		t.Errorf("a read cut off with no tries left: %v; want that the server cannot be reached", err)
	}
	if fmt.Sprint(got) != "[1 2]" {
		t.Errorf("read versions %v before the cut; want the two whole ones, [1 2]", got)
	}
}
