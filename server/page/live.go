package page

import (
	"bytes"
	"context"
	_ "embed"
	"errors"
	"log/slog"
	"net/http"
	"strconv"
	"sync"
	"time"

	"warlog/campaigns"
)

// A battle's page follows its log through an event stream: each time the
// log grows, the live part is drawn again and sent whole (an "state" event
// whose id is the log's version), and the page's script puts it in place.
// However many screens watch a campaign, one goroutine waits on its log and
// draws each version once (the hub); a screen that reconnects says the
// version it has (Last-Event-ID) and is sent only what is newer.

//go:embed live.js
var script []byte

func serveScript(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
	w.Header().Set("Cache-Control", "max-age=300")
	_, _ = w.Write(script)
}

// drawFunc draws a campaign's live part and says the version drawn.
type drawFunc func(ctx context.Context, name string) ([]byte, int64, error)

// hub follows the campaigns that screens watch.
type hub struct {
	ctx  context.Context
	r    Reader
	draw drawFunc
	log  *slog.Logger
	// retry is how long a follower waits after a failed read.
	retry  time.Duration
	mu     sync.Mutex
	topics map[string]*topic
}

// topic is one followed campaign: its latest drawing and its watchers.
type topic struct {
	name   string
	cancel context.CancelFunc
	subs   map[chan struct{}]bool
	// html is the latest drawing (nil: none yet), of version.
	html    []byte
	version int64
	// gone: the campaign is no longer there (deleted or renamed).
	gone bool
}

func newHub(ctx context.Context, r Reader, draw drawFunc, log *slog.Logger) *hub {
	return &hub{ctx: ctx, r: r, draw: draw, log: log, retry: time.Second, topics: map[string]*topic{}}
}

// subscribe adds a watcher of campaign name: ch is told (without blocking:
// it holds one signal) each time the topic has something new; leave takes
// the watcher away, and the last to leave stops the following.
func (h *hub) subscribe(name string) (t *topic, ch chan struct{}, leave func()) {
	h.mu.Lock()
	defer h.mu.Unlock()
	t = h.topics[name]
	if t == nil {
		ctx, cancel := context.WithCancel(h.ctx)
		t = &topic{name: name, cancel: cancel, subs: map[chan struct{}]bool{}, version: -1}
		h.topics[name] = t
		go h.follow(ctx, t)
	}
	ch = make(chan struct{}, 1)
	t.subs[ch] = true
	return t, ch, func() {
		h.mu.Lock()
		defer h.mu.Unlock()
		delete(t.subs, ch)
		if len(t.subs) == 0 {
			t.cancel()
			if h.topics[name] == t {
				delete(h.topics, name)
			}
		}
	}
}

// latest is the topic's latest drawing and its version, and whether the
// campaign is gone.
func (h *hub) latest(t *topic) ([]byte, int64, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	return t.html, t.version, t.gone
}

// publish sets the topic's news and tells its watchers.
func (h *hub) publish(t *topic, set func()) {
	h.mu.Lock()
	defer h.mu.Unlock()
	set()
	for ch := range t.subs {
		select {
		case ch <- struct{}{}:
		default: // told already, not yet read
		}
	}
}

// follow waits on the topic's log and draws each new version, until ctx
// ends or the campaign is gone.
func (h *hub) follow(ctx context.Context, t *topic) {
	after := int64(-1) // nothing drawn: the first wait returns at once
	for {
		_, err := h.r.WaitPast(ctx, t.name, after)
		var html []byte
		var drawn int64
		if err == nil {
			html, drawn, err = h.draw(ctx, t.name)
		}
		switch {
		case ctx.Err() != nil:
			return
		case errors.Is(err, campaigns.ErrNoCampaign):
			h.publish(t, func() { t.gone = true })
			return
		case err != nil:
			h.log.Error("page: following a campaign", "campaign", t.name, "err", err)
			select {
			case <-ctx.Done():
				return
			case <-time.After(h.retry):
			}
			continue
		}
		after = drawn
		h.publish(t, func() { t.html, t.version = html, drawn })
	}
}

// events is a battle's event stream.
func (p *Page) events(w http.ResponseWriter, r *http.Request) {
	name, ok := p.named(w, r)
	if !ok {
		return
	}
	// The version the screen shows: it is sent only what is newer.
	have := int64(-1)
	for _, s := range []string{r.Header.Get("Last-Event-ID"), r.URL.Query().Get("v")} {
		if v, err := strconv.ParseInt(s, 10, 64); err == nil && s != "" {
			have = v
			break
		}
	}
	t, ch, leave := p.hub.subscribe(name)
	defer leave()
	rc := http.NewResponseController(w)
	started := false
	keepalive := time.NewTicker(p.keepalive)
	defer keepalive.Stop()
	for {
		html, version, gone := p.hub.latest(t)
		switch {
		case gone && !started:
			p.notFound(w, r, name)
			return
		case gone:
			_, _ = w.Write([]byte("event: gone\ndata: \n\n"))
			_ = rc.Flush()
			return
		case html != nil && !started:
			// A stream outlives a server's write timeout.
			_ = rc.SetWriteDeadline(time.Time{})
			h := w.Header()
			h.Set("Content-Type", "text/event-stream")
			h.Set("Cache-Control", "no-store")
			h.Set("X-Accel-Buffering", "no") // a proxy passes each event on at once
			w.WriteHeader(http.StatusOK)
			_, _ = w.Write([]byte("retry: 1000\n\n"))
			started = true
			if version == have {
				if rc.Flush() != nil {
					return
				}
			}
		}
		if started && version != have {
			if _, err := w.Write(event("state", version, html)); err != nil || rc.Flush() != nil {
				return
			}
			have = version
		}
		select {
		case <-ch:
		case <-keepalive.C:
			if started {
				if _, err := w.Write([]byte(": still here\n\n")); err != nil || rc.Flush() != nil {
					return
				}
			}
		case <-r.Context().Done():
			return
		case <-p.done.Done():
			return
		}
	}
}

// event writes one server-sent event: its type, its id, and data whose
// every line is a data line (a carriage return, which would end one, is
// written as a character reference: the data is HTML).
func event(typ string, id int64, data []byte) []byte {
	var b bytes.Buffer
	b.WriteString("event: " + typ + "\nid: " + strconv.FormatInt(id, 10) + "\n")
	data = bytes.ReplaceAll(data, []byte("\r"), []byte("&#13;"))
	for _, line := range bytes.Split(data, []byte("\n")) {
		b.WriteString("data: ")
		b.Write(line)
		b.WriteByte('\n')
	}
	b.WriteByte('\n')
	return b.Bytes()
}
