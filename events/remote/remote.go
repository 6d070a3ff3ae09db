// Package remote is the store of a league server (`warlog serve`): an
// events.Store over its HTTP API, chosen by an http:// or https:// address
// (events/stores). It reads the league's log as any store does, so every
// command that reads works as on a file; it stores nothing itself: an
// action appended is sent to the server, which decides it again with its
// own rules (program dice from the campaign's seed, hand dice as sent) and
// stores its own decision, which Append returns.
package remote

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"warlog/events"
)

// IsAddress reports whether db names a league server: http:// or https://.
func IsAddress(db string) bool {
	l := strings.ToLower(db)
	return strings.HasPrefix(l, "http://") || strings.HasPrefix(l, "https://")
}

// Options tune Open.
type Options struct {
	// Token is the secret the organiser issued (WARLOG_TOKEN).
	Token string
	// RetryFor is how long a request is tried again while the server
	// cannot be reached or is restarting (0: 20 s; < 0: never). An action
	// sent again carries its action id, so it is stored once.
	RetryFor time.Duration
	// Client is the HTTP client (nil: one of its own).
	Client *http.Client
}

// Store is a league server's log, seen through its API.
type Store struct {
	base  *url.URL
	shown string
	opt   Options
	hc    *http.Client

	whoOnce sync.Once
	who     whoami
	whoErr  error

	// snaps are the snapshots this process folded (snapshots.go).
	snaps snapshots
}

type whoami struct {
	Name      string `json:"name"`
	Role      string `json:"role"`
	Organiser bool   `json:"organiser"`
}

// Open makes the store of the server at address. It asks nothing of the
// server yet: the first request does.
func Open(address string, opt Options) (*Store, error) {
	u, err := url.Parse(address)
	if err != nil || u.Host == "" {
		return nil, fmt.Errorf("%q is not a server's address; give one such as http://HOST:PORT", address)
	}
	u.Path = strings.TrimSuffix(u.Path, "/")
	if opt.RetryFor == 0 {
		opt.RetryFor = 20 * time.Second
	}
	hc := opt.Client
	if hc == nil {
		hc = &http.Client{Transport: http.DefaultTransport.(*http.Transport).Clone()}
	}
	return &Store{base: u, shown: u.Redacted(), opt: opt, hc: hc}, nil
}

// Close implements events.Store.
func (s *Store) Close() error {
	s.hc.CloseIdleConnections()
	return nil
}

// Address is the server's address as messages show it.
func (s *Store) Address() string { return s.shown }

// Errors of a league server, as the client tells them.
var (
	// ErrUnauthorized: the server refused the token (none, unknown,
	// revoked); nothing was written.
	ErrUnauthorized = errors.New("the league server refused the token")
)

// Error is a refusal the server answered with: its words, and the store
// error it stands for (errors.Is finds it).
type Error struct {
	Msg  string
	Kind string
	Err  error
}

func (e *Error) Error() string { return e.Msg }
func (e *Error) Unwrap() error { return e.Err }

// kinds maps the server's kinds of refusal to the store's errors.
var kinds = map[string]error{
	"concurrency":     events.ErrConcurrency,
	"action_conflict": events.ErrActionConflict,
	"name_taken":      events.ErrNameTaken,
	"unauthorized":    ErrUnauthorized,
	"forbidden":       events.ErrDenied,
	"uncertain":       events.ErrUncertain,
	"unavailable":     events.ErrLost,
	"draining":        events.ErrLost,
}

// retryable: the server is not there, or not there yet, or asks to wait.
func retryable(status int, kind string) bool {
	return status == http.StatusTooManyRequests || kind == "draining" || kind == "unavailable"
}

// request is one call of the API.
type request struct {
	method, path string
	query        url.Values
	body         any
	// action, when set, is the id of the action a POST stores: a request
	// cut off after it was sent may or may not have stored it.
	action string
	// stream asks for the response's body to be read by the caller.
	stream bool
	// file, when set, is the body as it is (an export file, read from its
	// start at each try) instead of body's JSON.
	file io.ReadSeeker
}

// do sends rq, trying again while the server cannot be reached, is
// draining or asks to wait, and decodes the JSON answer into out (unless
// rq.stream, when the caller reads and closes the body).
func (s *Store) do(ctx context.Context, rq request, out any) (*http.Response, error) {
	var body []byte
	if rq.body != nil {
		var err error
		if body, err = json.Marshal(rq.body); err != nil {
			return nil, err
		}
	}
	target := s.base.String() + rq.path
	if len(rq.query) > 0 {
		target += "?" + rq.query.Encode()
	}
	deadline := time.Now().Add(s.opt.RetryFor)
	wait := 50 * time.Millisecond
	sent := false // a body reached the server at least once
	for {
		var rd io.Reader = bytes.NewReader(body)
		if rq.file != nil {
			if _, err := rq.file.Seek(0, io.SeekStart); err != nil {
				return nil, err
			}
			rd = io.NopCloser(rq.file) // the file stays the caller's to close
		}
		req, err := http.NewRequestWithContext(ctx, rq.method, target, rd)
		if err != nil {
			return nil, err
		}
		switch {
		case rq.file != nil:
			req.Header.Set("Content-Type", "application/x-ndjson")
		case body != nil:
			req.Header.Set("Content-Type", "application/json")
		}
		if s.opt.Token != "" {
			req.Header.Set("Authorization", "Bearer "+s.opt.Token)
		}
		resp, err := s.hc.Do(req)
		var retryAfter time.Duration
		if err == nil {
			if resp.StatusCode < 300 {
				if rq.stream {
					return resp, nil
				}
				if out == nil {
					resp.Body.Close()
					return resp, nil
				}
				err = json.NewDecoder(resp.Body).Decode(out)
				resp.Body.Close()
				if err == nil {
					return resp, nil
				}
				// An answer cut off (the server stopped mid-answer) is
				// asked again when asking twice does what asking once
				// does: a read, or an action sent with its id.
				if !cutOff(err) || (rq.method != http.MethodGet && rq.action == "") {
					return nil, s.lost(rq, true, err)
				}
				sent = true
			} else {
				e := s.refusal(resp)
				if !retryable(resp.StatusCode, e.Kind) {
					return nil, e
				}
				if ra, err := strconv.Atoi(resp.Header.Get("Retry-After")); err == nil {
					retryAfter = time.Duration(ra) * time.Second
				}
				err = e
			}
		} else if ctx.Err() != nil {
			return nil, ctx.Err()
		} else if !connectFailed(err) {
			sent = true
		}
		if s.opt.RetryFor < 0 || time.Now().Add(max(wait, retryAfter)).After(deadline) {
			var e *Error
			if errors.As(err, &e) && e.Kind != "unavailable" && e.Kind != "draining" {
				return nil, e
			}
			return nil, s.lost(rq, sent, err)
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(max(wait, retryAfter)):
		}
		wait = min(wait*2, time.Second)
	}
}

// seg is one path segment, escaped (a campaign's key may hold a slash).
func seg(s string) string { return url.PathEscape(s) }

// connectFailed: no connection was made, so nothing was sent.
func connectFailed(err error) bool {
	var op *net.OpError
	return errors.As(err, &op) && op.Op == "dial"
}

// lost is the one line a client says when the server stopped answering.
func (s *Store) lost(rq request, sent bool, err error) error {
	why := reason(err)
	if rq.action != "" && sent {
		return &Error{Kind: "uncertain", Err: events.ErrUncertainSent,
			Msg: fmt.Sprintf("action %s at %s: %v", rq.action, s.shown, events.ErrUncertainSent)}
	}
	return &Error{Kind: "unavailable", Err: events.ErrUnreachable,
		Msg: fmt.Sprintf("the league server %s cannot be reached (%s); nothing was written", s.shown, why)}
}

// reason is why a request failed, in a few plain words: without the
// transport's wrapping (the method and URL) and on one line.
func reason(err error) string {
	var e *Error
	var ue *url.Error
	var op *net.OpError
	switch {
	case errors.As(err, &e):
		return e.Msg
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return "the connection was closed before an answer"
	case errors.As(err, &op):
		return strings.Join(strings.Fields(op.Err.Error()), " ")
	case errors.As(err, &ue):
		err = ue.Err
	}
	return strings.Join(strings.Fields(err.Error()), " ")
}

// refusal reads an error answer.
func (s *Store) refusal(resp *http.Response) *Error {
	defer resp.Body.Close()
	var b struct {
		Error string `json:"error"`
		Kind  string `json:"kind"`
	}
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if json.Unmarshal(raw, &b) != nil || b.Error == "" {
		b.Error = fmt.Sprintf("the league server %s answered %s", s.shown, resp.Status)
		b.Kind = "unavailable"
		if resp.StatusCode < 500 {
			b.Kind = "refused"
		}
	}
	e := &Error{Msg: b.Error, Kind: b.Kind, Err: kinds[b.Kind]}
	if e.Kind == "unauthorized" {
		e.Msg = fmt.Sprintf("the league server %s refused the token: %s", s.shown, b.Error)
	}
	return e
}

// Append implements events.Store: the server decides the action again
// from the command its first fact records, on the campaign's newest
// state, and returns what it stored: at the versions after expected when
// no one appended meanwhile, else later (the action was decided on what
// the others appended), or earlier when the action id was stored before.
func (s *Store) Append(ctx context.Context, campaign string, expected int64, action string, facts []events.Fact) ([]events.Event, error) {
	fs, err := wireFacts(facts)
	if err != nil {
		return nil, err
	}
	var out struct {
		Events []events.Event `json:"events"`
	}
	body := map[string]any{"expected": expected, "action": action, "facts": fs}
	_, err = s.do(ctx, request{method: http.MethodPost, path: "/v1/streams/" + seg(campaign) + "/actions", body: body, action: action}, &out)
	return out.Events, err
}

type wireFact struct {
	Type string          `json:"type"`
	Data json.RawMessage `json:"data"`
}

func wireFacts(facts []events.Fact) ([]wireFact, error) {
	out := make([]wireFact, len(facts))
	for i, f := range facts {
		b, err := events.Marshal(f)
		if err != nil {
			return nil, err
		}
		out[i] = wireFact{f.Type, b}
	}
	return out, nil
}

// Load implements events.Store.
func (s *Store) Load(ctx context.Context, campaign string, after int64, fn func(events.Event) error) error {
	return s.load(ctx, campaign, after, nil, 0, fn)
}

// LoadTypes implements events.TypeLoader.
func (s *Store) LoadTypes(ctx context.Context, campaign string, after int64, types []string, fn func(events.Event) error) error {
	return s.load(ctx, campaign, after, types, 0, fn)
}

// load reads the campaign's events after a version (of those types, when
// given; at most limit of them, when above 0). An answer cut off (the
// server stopped mid-answer) is asked again from the last event read, for
// as long as a request is tried again: fn sees each event once, in order.
func (s *Store) load(ctx context.Context, campaign string, after int64, types []string, limit int, fn func(events.Event) error) error {
	deadline := time.Now().Add(s.opt.RetryFor)
	wait := 50 * time.Millisecond
	for {
		read, n, cut, err := s.loadOnce(ctx, campaign, after, types, limit, fn)
		if err != nil || cut == nil {
			return err
		}
		if n > 0 {
			after = read
		}
		if limit > 0 {
			if limit -= n; limit == 0 {
				return nil
			}
		}
		if s.opt.RetryFor < 0 || time.Now().Add(wait).After(deadline) {
			return s.lost(request{}, false, cut)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(wait):
		}
		wait = min(wait*2, time.Second)
	}
}

// loadOnce is one request of load: the version of the last event it gave
// fn and how many it gave, and cut when the answer ended before its last
// line did.
func (s *Store) loadOnce(ctx context.Context, campaign string, after int64, types []string, limit int, fn func(events.Event) error) (read int64, n int, cut, err error) {
	q := url.Values{"after": {strconv.FormatInt(after, 10)}}
	if len(types) > 0 {
		q.Set("types", strings.Join(types, ","))
	}
	if limit > 0 {
		q.Set("limit", strconv.Itoa(limit))
	}
	resp, err := s.do(ctx, request{method: http.MethodGet, path: "/v1/streams/" + seg(campaign) + "/events", query: q, stream: true}, nil)
	if err != nil {
		return 0, 0, nil, err
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	// A line is an event as the API writes it: its payload at most what
	// an import takes (events.MaxLine), and the envelope beside it.
	sc.Buffer(make([]byte, 0, 64<<10), 2*events.MaxLine)
	sc.Split(wholeLines)
	for sc.Scan() {
		var e events.Event
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			return read, n, nil, fmt.Errorf("the league server %s sent an event that cannot be read: %w", s.shown, err)
		}
		if err := fn(e); err != nil {
			return read, n, nil, err
		}
		read, n = e.Version, n+1
	}
	if err := sc.Err(); err != nil {
		switch {
		case ctx.Err() != nil:
			return read, n, nil, ctx.Err()
		case errors.Is(err, bufio.ErrTooLong):
			return read, n, nil, fmt.Errorf("the league server %s sent an event of more than %d MiB, longer than any warlog writes or imports", s.shown, 2*events.MaxLine>>20)
		}
		return read, n, err, nil
	}
	return read, n, nil, nil
}

// wholeLines splits an answer into lines each ending in a newline, as the
// server writes them: an answer that ends inside a line was cut off, not
// a short last line.
func wholeLines(data []byte, atEOF bool) (int, []byte, error) {
	if i := bytes.IndexByte(data, '\n'); i >= 0 {
		return i + 1, data[:i], nil
	}
	if atEOF && len(data) > 0 {
		return 0, nil, io.ErrUnexpectedEOF
	}
	return 0, nil, nil
}

// cutOff: the answer stopped before its end (the connection closed or
// broke while it was read).
func cutOff(err error) bool {
	var ne net.Error
	return errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) || errors.As(err, &ne)
}

// Campaigns implements events.Store.
func (s *Store) Campaigns(ctx context.Context) ([]string, error) {
	var out []string
	_, err := s.do(ctx, request{method: http.MethodGet, path: "/v1/streams"}, &out)
	return out, err
}

// Version implements events.Versioner.
func (s *Store) Version(ctx context.Context, campaign string) (int64, error) {
	var out struct {
		Version int64 `json:"version"`
	}
	_, err := s.do(ctx, request{method: http.MethodGet, path: "/v1/streams/" + seg(campaign) + "/version"}, &out)
	return out.Version, err
}

// Action implements events.ActionLoader.
func (s *Store) Action(ctx context.Context, campaign, action string) ([]events.Event, error) {
	var out []events.Event
	_, err := s.do(ctx, request{method: http.MethodGet, path: "/v1/streams/" + seg(campaign) + "/actions/" + seg(action)}, &out)
	return out, err
}

// Entries implements events.Directory.
func (s *Store) Entries(ctx context.Context) ([]events.Entry, error) {
	var out []events.Entry
	_, err := s.do(ctx, request{method: http.MethodGet, path: "/v1/campaigns"}, &out)
	return out, err
}

// Lookup implements events.Directory.
func (s *Store) Lookup(ctx context.Context, name string) (string, bool, error) {
	var out struct {
		Stream string `json:"stream"`
		Found  bool   `json:"found"`
	}
	_, err := s.do(ctx, request{method: http.MethodGet, path: "/v1/lookup", query: url.Values{"name": {name}}}, &out)
	return out.Stream, out.Found, err
}

// Create implements events.Directory: only the organiser's token may.
func (s *Store) Create(ctx context.Context, e events.Entry, action string, facts []events.Fact) ([]events.Event, error) {
	fs, err := wireFacts(facts)
	if err != nil {
		return nil, err
	}
	var out struct {
		Events []events.Event `json:"events"`
	}
	body := map[string]any{"name": e.Name, "action": action, "facts": fs}
	_, err = s.do(ctx, request{method: http.MethodPost, path: "/v1/campaigns", body: body, action: action}, &out)
	return out.Events, err
}

// ErrNoImport: a league server takes no events chained elsewhere one by
// one; an import sends the whole file (ImportFile).
var ErrNoImport = errors.New("a league server takes an imported campaign as a whole file only; nothing was written")

// ImportFile implements events.FileImporter: the export file r goes to the
// server whole, which re-decides it as an import at the database would
// (the organiser's token only); out receives the server's answer. A
// reader that cannot seek is first copied to a temporary file, so that a
// try cut off can be sent again (importing a file twice adds nothing).
func (s *Store) ImportFile(ctx context.Context, r io.Reader, as string, out any) error {
	rs, done, err := events.Seekable(r)
	if err != nil {
		return err
	}
	defer done()
	q := url.Values{}
	if as != "" {
		q.Set("as", as)
	}
	_, err = s.do(ctx, request{method: http.MethodPost, path: "/v1/import", query: q, file: rs}, out)
	return err
}

// Import implements events.Directory: refused (ErrNoImport).
func (s *Store) Import(ctx context.Context, e events.Entry, expected int64, evs []events.Event) error {
	return ErrNoImport
}

// Rename implements events.Directory.
func (s *Store) Rename(ctx context.Context, stream, name string) error {
	_, err := s.do(ctx, request{method: http.MethodPost, path: "/v1/campaigns/" + seg(stream) + "/rename", body: map[string]string{"name": name}}, nil)
	return err
}

// SetArchived implements events.Directory.
func (s *Store) SetArchived(ctx context.Context, stream string, archived bool) error {
	_, err := s.do(ctx, request{method: http.MethodPost, path: "/v1/campaigns/" + seg(stream) + "/archive", body: map[string]bool{"archived": archived}}, nil)
	return err
}

// Delete implements events.Directory: last reads the stream through this
// store first (the server holds no writer off meanwhile).
func (s *Store) Delete(ctx context.Context, stream string, last func(ctx context.Context, held events.Store) error) error {
	if err := s.organiser(ctx, "delete a campaign"); err != nil {
		return err
	}
	if last != nil {
		if err := last(ctx, s); err != nil {
			return err
		}
	}
	_, err := s.do(ctx, request{method: http.MethodDelete, path: "/v1/campaigns/" + seg(stream)}, nil)
	return err
}

func (s *Store) organiser(ctx context.Context, what string) error {
	ok, err := s.Organiser(ctx)
	if err != nil {
		return err
	}
	if !ok {
		return &Error{Kind: "forbidden", Err: events.ErrDenied, Msg: fmt.Sprintf("only the league's organiser may %s; token %q has the role %s; nothing was written", what, s.who.Name, s.who.Role)}
	}
	return nil
}

// Setting implements events.Settings: the token's own.
func (s *Store) Setting(ctx context.Context, key string) (string, error) {
	var out struct {
		Value string `json:"value"`
	}
	_, err := s.do(ctx, request{method: http.MethodGet, path: "/v1/settings/" + seg(key)}, &out)
	return out.Value, err
}

// SetSetting implements events.Settings.
func (s *Store) SetSetting(ctx context.Context, key, value string) error {
	_, err := s.do(ctx, request{method: http.MethodPut, path: "/v1/settings/" + seg(key), body: map[string]string{"value": value}}, nil)
	return err
}

// Organiser implements events.Authority: the token is the organiser's.
func (s *Store) Organiser(ctx context.Context) (bool, error) {
	s.whoOnce.Do(func() {
		_, s.whoErr = s.do(ctx, request{method: http.MethodGet, path: "/v1/whoami"}, &s.who)
	})
	return s.who.Organiser, s.whoErr
}

// WaitPast implements events.Watcher through the server's event stream
// of the campaign's version (server-sent events).
func (s *Store) WaitPast(ctx context.Context, campaign string, after int64) (int64, error) {
	for {
		v, err := s.watchOnce(ctx, campaign, after)
		if err == nil || ctx.Err() != nil {
			return v, err
		}
		var e *Error
		if errors.As(err, &e) && e.Kind != "unavailable" {
			return v, err
		}
		// The stream ended (the server restarted): wait on the next one,
		// which do tries for a while.
		select {
		case <-ctx.Done():
			return after, ctx.Err()
		case <-time.After(200 * time.Millisecond):
		}
	}
}

func (s *Store) watchOnce(ctx context.Context, campaign string, after int64) (int64, error) {
	q := url.Values{"after": {strconv.FormatInt(after, 10)}}
	resp, err := s.do(ctx, request{method: http.MethodGet, path: "/v1/streams/" + seg(campaign) + "/watch", query: q, stream: true}, nil)
	if err != nil {
		return after, err
	}
	defer resp.Body.Close()
	ev, err := ReadEvents(resp.Body, func(event, data string) bool {
		if event == "version" {
			if v, err := strconv.ParseInt(data, 10, 64); err == nil && v != after {
				after = v
				return false
			}
		}
		return event != "error"
	})
	switch {
	case ctx.Err() != nil:
		return after, ctx.Err()
	case ev.event == "version":
		return after, nil
	case ev.event == "error":
		return after, &Error{Kind: "refused", Msg: ev.data}
	}
	if err == nil {
		err = io.ErrUnexpectedEOF
	}
	return after, &Error{Kind: "unavailable", Err: events.ErrLost, Msg: fmt.Sprintf("the league server %s ended the event stream (%v)", s.shown, err)}
}

type sse struct{ event, data string }

// ReadEvents reads server-sent events from r and passes each to fn until
// fn returns false (that event is returned) or r ends.
func ReadEvents(r io.Reader, fn func(event, data string) bool) (sse, error) {
	sc := bufio.NewScanner(r)
	var cur sse
	for sc.Scan() {
		line := sc.Text()
		switch {
		case line == "":
			if cur.event != "" || cur.data != "" {
				if cur.event == "" {
					cur.event = "message"
				}
				if !fn(cur.event, cur.data) {
					return cur, nil
				}
			}
			cur = sse{}
		case strings.HasPrefix(line, ":"):
		case strings.HasPrefix(line, "event:"):
			cur.event = strings.TrimSpace(strings.TrimPrefix(line, "event:"))
		case strings.HasPrefix(line, "data:"):
			if cur.data != "" {
				cur.data += "\n"
			}
			cur.data += strings.TrimPrefix(strings.TrimPrefix(line, "data:"), " ")
		}
	}
	return sse{}, sc.Err()
}
