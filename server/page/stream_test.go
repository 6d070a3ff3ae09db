package page

import (
	"bufio"
	"context"
	"html"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"warlog/campaigns"
)

// sse is one server-sent event.
type sse struct {
	typ, id, data string
}

// stream opens path's event stream, with the Last-Event-ID given (""
// none), and hands on each event it sends; the channel is closed when the
// stream ends. The test's end closes it.
func stream(t *testing.T, url, last string) (<-chan sse, *http.Response) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	if last != "" {
		req.Header.Set("Last-Event-ID", last)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	out := make(chan sse, 16)
	go func() {
		defer close(out)
		defer res.Body.Close()
		sc := bufio.NewScanner(res.Body)
		sc.Buffer(make([]byte, 0, 1<<16), 1<<22)
		var e sse
		var data []string
		for sc.Scan() {
			line := sc.Text()
			if line == "" {
				if e.typ != "" {
					e.data = strings.Join(data, "\n")
					out <- e
				}
				e, data = sse{}, nil
				continue
			}
			k, v, _ := strings.Cut(line, ": ")
			switch k {
			case "event":
				e.typ = v
			case "id":
				e.id = v
			case "data":
				data = append(data, v)
			}
		}
	}()
	return out, res
}

// next is the stream's next event; the test fails when none comes in 10 s
// (a guard: the Chromium test holds the page to its 2 s).
func next(t *testing.T, events <-chan sse) sse {
	t.Helper()
	select {
	case e, ok := <-events:
		if !ok {
			t.Fatal("the stream ended")
		}
		return e
	case <-time.After(10 * time.Second):
		t.Fatal("no event in 10 s")
	}
	return sse{}
}

// A battle's event stream sends the live part each time the log grows,
// with the log's version as its id: nothing for the version the page
// already shows, then each action as it is made. A screen that reconnects
// with an older version is sent the newest at once; every screen of a
// campaign shares one follower of its log.
func TestEventStream(t *testing.T) {
	t.Parallel()
	svc := league(t)
	ctx := context.Background()
	p, srv := serve(t, svc, Options{})
	const name = "Dice demo"
	st, err := svc.Load(ctx, name)
	if err != nil {
		t.Fatal(err)
	}
	base := srv.URL + "/c/Dice%20demo/events"
	first, res := stream(t, base+"?v="+strconv.FormatInt(st.Version, 10), "")
	if res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != "text/event-stream" {
		t.Fatalf("the stream: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	for i, purpose := range []string{"scatter <one>", "scatter two"} {
		r, err := svc.FreeRoll(ctx, name, "2d6", purpose, campaigns.Options{})
		if err != nil {
			t.Fatal(err)
		}
		e := next(t, first)
		want := strconv.FormatInt(r.State.Version, 10)
		if e.typ != "state" || e.id != want {
			t.Fatalf("action %d: event %q id %s, want state %s (nothing for the version the page shows)", i+1, e.typ, e.id, want)
		}
		if !strings.Contains(e.data, html.EscapeString(r.Label)) || !strings.Contains(e.data, "Log version "+want) {
			t.Errorf("action %d: the event does not show %q at version %s:\n%s", i+1, r.Label, want, e.data)
		}
	}
	// A screen back from an outage, showing version st.Version.
	second, _ := stream(t, base, strconv.FormatInt(st.Version, 10))
	e := next(t, second)
	if e.typ != "state" || !strings.Contains(e.data, "scatter two") {
		t.Errorf("a reconnected screen is sent %q %s, want the newest state", e.typ, e.id)
	}
	p.hub.mu.Lock()
	topics, subs := len(p.hub.topics), 0
	if tp := p.hub.topics[name]; tp != nil {
		subs = len(tp.subs)
	}
	p.hub.mu.Unlock()
	if topics != 1 || subs != 2 {
		t.Errorf("two screens of one campaign: %d followers, %d watchers of it; want 1 and 2", topics, subs)
	}
}

// The last screen to leave a campaign stops its follower.
func TestLastWatcherStopsTheFollower(t *testing.T) {
	t.Parallel()
	svc := league(t)
	p := Handler(Service(svc), Options{})
	defer p.Close()
	t1, _, leave1 := p.hub.subscribe("Dice demo")
	t2, _, leave2 := p.hub.subscribe("Dice demo")
	if t1 != t2 {
		t.Fatal("two watchers of a campaign follow it twice")
	}
	leave1()
	if p.hub.topics["Dice demo"] == nil {
		t.Fatal("the follower stopped while a screen still watches")
	}
	leave2()
	if len(p.hub.topics) != 0 {
		t.Fatal("the follower outlives its last screen")
	}
}

// A stream ends when the page closes (the server shuts down) and when its
// campaign goes (an event says so); an unknown campaign has none.
func TestStreamEnds(t *testing.T) {
	t.Parallel()
	svc := league(t)
	ctx := context.Background()
	p, srv := serve(t, svc, Options{})
	if code, _ := get(t, srv, "/c/Nobody/events"); code != http.StatusNotFound {
		t.Errorf("an unknown campaign's stream: %d, want 404", code)
	}
	gone, _ := stream(t, srv.URL+"/c/Dice%20demo/events", "")
	if e := next(t, gone); e.typ != "state" {
		t.Fatalf("the first event is %q", e.typ)
	}
	if _, err := svc.Delete(ctx, "Dice demo", nil); err != nil {
		t.Fatal(err)
	}
	if e := next(t, gone); e.typ != "gone" {
		t.Errorf("a deleted campaign's stream sends %q, want gone", e.typ)
	}
	if _, ok := <-gone; ok {
		t.Errorf("the stream goes on after its campaign went")
	}
	closing, _ := stream(t, srv.URL+"/c/Deadwars%20demo/events", "")
	next(t, closing)
	p.Close()
	select {
	case e, ok := <-closing:
		if ok {
			t.Errorf("after Close the stream sent %q", e.typ)
		}
	case <-time.After(10 * time.Second):
		t.Errorf("the stream is still open 10 s after Close")
	}
}

// An event's data is the drawing, line by line; a carriage return, which
// would end a line, is a character reference.
func TestEventFraming(t *testing.T) {
	got := string(event("state", 7, []byte("<p>a\r</p>\n<p>b</p>")))
	want := "event: state\nid: 7\ndata: <p>a&#13;</p>\ndata: <p>b</p>\n\n"
	if got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
