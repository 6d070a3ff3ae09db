// Package server is `warlog serve`: a stateless HTTP server in front of a
// league's store. It authenticates a token, decides every action itself
// through the same campaigns service the command line uses (program dice
// from the seed, hand dice from the request) and appends it; a campaign's
// writers queue on a lock the database holds (events.StreamLocker), so any
// number of servers can share one PostgreSQL database.
//
// The API is versioned under /v1, JSON in and out (events as JSON Lines);
// the command line's events/remote store speaks it. / and /c/ are handed
// to the live page (Config.Page).
package server

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"warlog/campaigns"
	"warlog/events"
	"warlog/internal/words"
)

// Config is what a server serves and how.
type Config struct {
	// Service is the league's campaigns service, over the league's store.
	Service *campaigns.Service
	// Page builds the live page's handler, given the server (its Service
	// to read the league through, Draining to end its event streams): it
	// serves every path the API does not (/, /c/NAME and what they load).
	// Nil: none (404). TokenOf names the reader.
	Page func(*Server) http.Handler
	// PublicPage serves Page without a token; otherwise a spectator's
	// token (or better) is needed, as for the API's reads.
	PublicPage bool
	// Log receives a line per request (nil: discarded).
	Log *slog.Logger
	// MaxBody bounds a request's body in bytes (0: 1 MiB); MaxImport an
	// export file's, imported or pushed (0: 256 MiB).
	MaxBody, MaxImport int64
	// Rate and Burst bound each token's requests: Rate a second on
	// average, Burst at once (Rate 0: 50 a second, Burst 0: 4 × Rate;
	// Rate < 0: no limit).
	Rate, Burst float64
	// Now is the clock of tokens and limits (nil: time.Now).
	Now func() time.Time
}

// Server is the league's HTTP server. It keeps nothing of its own between
// requests: what a request needs it reads from the store.
type Server struct {
	cfg     Config
	svc     *campaigns.Service
	store   events.Store
	mux     *http.ServeMux
	metrics *metrics
	limit   *limiter
	log     *slog.Logger

	// locks queue this process's writers of one stream before they wait
	// on the database's lock, so that waiting takes no connection each.
	locks sync.Map // stream -> chan struct{}
	// lockSlots bounds the streams this process holds database locks for
	// at once, each on a connection of its own: the rest of the pool is
	// left to the work done under them.
	lockSlots chan struct{}

	draining atomic.Bool
	drain    chan struct{}
	drainMu  sync.Once
	inflight sync.WaitGroup
}

// New builds a server.
func New(cfg Config) *Server {
	if cfg.MaxImport == 0 {
		cfg.MaxImport = 256 << 20
	}
	if cfg.MaxBody == 0 {
		cfg.MaxBody = 1 << 20
	}
	if cfg.Rate == 0 {
		cfg.Rate = 50
	}
	if cfg.Burst == 0 {
		cfg.Burst = 4 * cfg.Rate
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	s := &Server{cfg: cfg, svc: cfg.Service, store: cfg.Service.Store(), mux: http.NewServeMux(),
		metrics: newMetrics(), limit: &limiter{rate: cfg.Rate, burst: cfg.Burst, buckets: map[string]*bucket{}},
		log: cfg.Log, lockSlots: make(chan struct{}, 8), drain: make(chan struct{})}
	s.routes()
	return s
}

// Handler is the server's HTTP handler.
func (s *Server) Handler() http.Handler { return s.mux }

// Service is the campaigns service the server decides through (the live
// page reads the league through it).
func (s *Server) Service() *campaigns.Service { return s.svc }

// Drain makes the server refuse every new request (503) and ends its
// event streams; requests already being handled go on to their end.
// Wait waits for them.
func (s *Server) Drain() {
	s.drainMu.Do(func() {
		s.draining.Store(true)
		close(s.drain)
	})
}

// Draining is closed when the server drains: a long-lived response (an
// event stream, the page's) ends when it is.
func (s *Server) Draining() <-chan struct{} { return s.drain }

// Wait waits until the requests in flight when Drain was called are done.
func (s *Server) Wait() { s.inflight.Wait() }

// route is one API endpoint: who may call it and what it does.
type route struct {
	pattern string
	// need is the role a token needs: "" none (health, metrics), read any
	// token.
	need    string
	handler func(w http.ResponseWriter, r *http.Request) error
}

const (
	needNone = ""
	needRead = "read"
)

func (s *Server) routes() {
	for _, rt := range []route{
		{"GET /healthz", needNone, s.health},
		{"GET /v1/whoami", needRead, s.whoami},
		{"GET /v1/campaigns", needRead, s.entries},
		{"GET /v1/lookup", needRead, s.lookup},
		{"POST /v1/campaigns", needRead, s.create},
		{routeImport, needRead, s.importFile},
		{"POST /v1/campaigns/{stream}/rename", needRead, s.rename},
		{"POST /v1/campaigns/{stream}/archive", needRead, s.archive},
		{"DELETE /v1/campaigns/{stream}", needRead, s.delete},
		{"GET /v1/streams", needRead, s.streams},
		{"GET /v1/streams/{stream}/events", needRead, s.events},
		{"GET /v1/streams/{stream}/version", needRead, s.version},
		{"GET /v1/streams/{stream}/actions/{action}", needRead, s.action},
		{"POST /v1/streams/{stream}/actions", needRead, s.appendAction},
		{"GET /v1/streams/{stream}/watch", needRead, s.watch},
		{"GET /v1/settings/{key}", needRead, s.setting},
		{"PUT /v1/settings/{key}", needRead, s.setSetting},
	} {
		s.mux.Handle(rt.pattern, s.wrap(rt.pattern, rt.need, rt.handler))
	}
	s.mux.Handle("GET /metrics", s.wrap("GET /metrics", needNone, func(w http.ResponseWriter, r *http.Request) error {
		s.metrics.handler.ServeHTTP(w, r)
		return nil
	}))
	s.mux.Handle("/v1/", s.wrap("/v1/", needNone, func(w http.ResponseWriter, r *http.Request) error {
		return &apiError{status: http.StatusNotFound, kind: kindNotFound, msg: "no such endpoint: " + r.Method + " " + r.URL.Path}
	}))
	s.mux.Handle("/login", s.wrap("/login", needNone, s.login))
	page := http.NotFoundHandler()
	if s.cfg.Page != nil {
		page = s.cfg.Page(s)
	}
	need := needRead
	if s.cfg.PublicPage {
		need = needNone
	}
	s.mux.Handle("/", s.wrap("page", need, func(w http.ResponseWriter, r *http.Request) error {
		page.ServeHTTP(w, r)
		return nil
	}))
}

// statusWriter remembers the status a handler wrote.
type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.ResponseWriter.Write(b)
}

// Flush lets an event stream through.
func (w *statusWriter) Flush() {
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// Unwrap lets http.ResponseController reach the connection.
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// RequestIDHeader carries a request's id, the client's or one made here.
const RequestIDHeader = "X-Request-Id"

// wrap is every request's way in: the request id, draining, the token,
// the rate limit, the body limit, the error as JSON, the log line and
// the metrics.
func (s *Server) wrap(name, need string, h func(w http.ResponseWriter, r *http.Request) error) http.Handler {
	return http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		start := time.Now()
		id := r.Header.Get(RequestIDHeader)
		if id == "" || len(id) > 64 {
			var b [8]byte
			_, _ = rand.Read(b[:])
			id = hex.EncodeToString(b[:])
		}
		rw.Header().Set(RequestIDHeader, id)
		w := &statusWriter{ResponseWriter: rw}
		var tok *Token
		err := func() error {
			if s.draining.Load() {
				return &apiError{status: http.StatusServiceUnavailable, kind: kindDraining, msg: "the server is shutting down; try again in a moment"}
			}
			s.inflight.Add(1)
			defer s.inflight.Done()
			s.metrics.inflight.Inc()
			defer s.metrics.inflight.Dec()
			if need != needNone {
				secret := secretOf(r)
				if secret == "" && name == "page" && strings.Contains(r.Header.Get("Accept"), "text/html") {
					// A browser without its cookie signs in first.
					http.Redirect(w, r, "/login", http.StatusSeeOther)
					return nil
				}
				if secret == "" {
					return &apiError{status: http.StatusUnauthorized, kind: kindUnauthorized, msg: ErrNoToken.Error()}
				}
				ts, err := Tokens(r.Context(), s.store)
				if err != nil {
					return err
				}
				t, ok := authenticate(ts, secret)
				if !ok {
					return &apiError{status: http.StatusUnauthorized, kind: kindUnauthorized, msg: ErrBadToken.Error()}
				}
				tok = t
				if ok, wait := s.limit.allow(t.Name, s.cfg.Now()); !ok {
					w.Header().Set("Retry-After", strconv.Itoa(int(wait/time.Second)+1))
					return &apiError{status: http.StatusTooManyRequests, kind: kindRate, msg: fmt.Sprintf("token %q is sending requests faster than this server takes them; wait a moment", t.Name)}
				}
				r = r.WithContext(context.WithValue(r.Context(), tokenKey{}, t))
			}
			limit := s.cfg.MaxBody
			if name == routeImport {
				limit = s.cfg.MaxImport
			}
			r.Body = http.MaxBytesReader(w, r.Body, limit)
			return h(w, r)
		}()
		if err != nil {
			s.writeError(w, err)
		}
		status := w.status
		if status == 0 {
			status = http.StatusOK
		}
		elapsed := time.Since(start)
		s.metrics.observe(name, status, elapsed)
		attrs := []any{"id", id, "method", r.Method, "path", r.URL.Path, "status", status, "ms", float64(elapsed.Microseconds()) / 1000}
		if tok != nil {
			attrs = append(attrs, "token", tok.Name)
		}
		if err != nil {
			attrs = append(attrs, "error", err.Error())
		}
		s.log.Info("request", attrs...)
	})
}

// Error kinds, the "kind" of an error response: what the client makes of
// it (events/remote maps each to the store error it stands for).
const (
	kindBadRequest     = "bad_request"
	kindUnauthorized   = "unauthorized"
	kindForbidden      = "forbidden"
	kindNotFound       = "not_found"
	kindConcurrency    = "concurrency"
	kindActionConflict = "action_conflict"
	kindNameTaken      = "name_taken"
	kindRefused        = "refused"
	kindTooLarge       = "too_large"
	kindRate           = "rate_limited"
	kindDraining       = "draining"
	kindUnavailable    = "unavailable"
	kindUncertain      = "uncertain"
	kindInternal       = "internal"
)

// apiError is an error with the status and kind it is answered with.
type apiError struct {
	status int
	kind   string
	msg    string
}

func (e *apiError) Error() string { return e.msg }

// ErrorBody is the JSON of every error response.
type ErrorBody struct {
	Error string `json:"error"`
	Kind  string `json:"kind"`
}

// classify gives an error the status and kind it is answered with. A
// refusal keeps its words: the client shows them as they are.
func classify(err error) *apiError {
	var ae *apiError
	var mbe *http.MaxBytesError
	switch {
	case errors.As(err, &ae):
		return ae
	case errors.As(err, &mbe):
		return &apiError{http.StatusRequestEntityTooLarge, kindTooLarge, fmt.Sprintf("the request is larger than the server takes (%s); nothing was written", words.Count(int(mbe.Limit), "byte", "bytes"))}
	case errors.Is(err, events.ErrConcurrency):
		return &apiError{http.StatusConflict, kindConcurrency, err.Error()}
	case errors.Is(err, events.ErrActionConflict):
		return &apiError{http.StatusConflict, kindActionConflict, err.Error()}
	case errors.Is(err, events.ErrNameTaken):
		return &apiError{http.StatusConflict, kindNameTaken, err.Error()}
	case errors.Is(err, events.ErrUncertain):
		return &apiError{http.StatusServiceUnavailable, kindUncertain, err.Error()}
	case errors.Is(err, events.ErrLost), errors.Is(err, events.ErrUnreachable), errors.Is(err, events.ErrBusy):
		return &apiError{http.StatusServiceUnavailable, kindUnavailable, err.Error()}
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return &apiError{http.StatusServiceUnavailable, kindUnavailable, "the request was cut short: " + err.Error()}
	case errors.Is(err, campaigns.ErrNoCampaign):
		return &apiError{http.StatusNotFound, kindNotFound, err.Error()}
	}
	return &apiError{http.StatusUnprocessableEntity, kindRefused, err.Error()}
}

func (s *Server) writeError(w http.ResponseWriter, err error) {
	ae := classify(err)
	s.metrics.refused(ae.kind)
	w.Header().Set("Content-Type", "application/json")
	if ae.status == http.StatusUnauthorized {
		w.Header().Set("WWW-Authenticate", `Bearer realm="warlog"`)
	}
	w.WriteHeader(ae.status)
	_ = json.NewEncoder(w).Encode(ErrorBody{Error: ae.msg, Kind: ae.kind})
}

func writeJSON(w http.ResponseWriter, v any) error {
	w.Header().Set("Content-Type", "application/json")
	return json.NewEncoder(w).Encode(v)
}

func badRequest(format string, args ...any) error {
	return &apiError{http.StatusBadRequest, kindBadRequest, fmt.Sprintf(format, args...)}
}

func forbidden(format string, args ...any) error {
	return &apiError{http.StatusForbidden, kindForbidden, fmt.Sprintf(format, args...)}
}

func (s *Server) health(w http.ResponseWriter, r *http.Request) error {
	if _, err := s.store.Campaigns(r.Context()); err != nil {
		return err
	}
	return writeJSON(w, map[string]string{"status": "ok"})
}

// Whoami is the JSON of GET /v1/whoami.
type Whoami struct {
	Name      string `json:"name"`
	Role      string `json:"role"`
	Campaign  string `json:"campaign,omitempty"`
	Organiser bool   `json:"organiser"`
}

func (s *Server) whoami(w http.ResponseWriter, r *http.Request) error {
	t := TokenOf(r)
	return writeJSON(w, Whoami{Name: t.Name, Role: t.Role, Campaign: t.Campaign, Organiser: t.organiser()})
}

func (s *Server) directory() (events.Directory, error) {
	d, ok := s.store.(events.Directory)
	if !ok {
		return nil, errors.New("the server's store keeps no directory of campaigns")
	}
	return d, nil
}

func (s *Server) entries(w http.ResponseWriter, r *http.Request) error {
	d, err := s.directory()
	if err != nil {
		return err
	}
	es, err := d.Entries(r.Context())
	if err != nil {
		return err
	}
	if es == nil {
		es = []events.Entry{}
	}
	return writeJSON(w, es)
}

// Lookup is the JSON of GET /v1/lookup?name=NAME.
type Lookup struct {
	Stream string `json:"stream"`
	Found  bool   `json:"found"`
}

func (s *Server) lookup(w http.ResponseWriter, r *http.Request) error {
	d, err := s.directory()
	if err != nil {
		return err
	}
	stream, ok, err := d.Lookup(r.Context(), r.URL.Query().Get("name"))
	if err != nil {
		return err
	}
	return writeJSON(w, Lookup{Stream: stream, Found: ok})
}

func (s *Server) streams(w http.ResponseWriter, r *http.Request) error {
	names, err := s.store.Campaigns(r.Context())
	if err != nil {
		return err
	}
	if names == nil {
		names = []string{}
	}
	return writeJSON(w, names)
}

// events streams a stream's events after a version as JSON Lines, the
// export's shape: ?after=N, and ?types=a,b for only those types.
func (s *Server) events(w http.ResponseWriter, r *http.Request) error {
	after, err := queryInt(r, "after")
	if err != nil {
		return err
	}
	stream := r.PathValue("stream")
	// The events are read whole before any is sent: a slow reader never
	// holds the database (a file's one connection) while it reads.
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	fn := func(e events.Event) error { return enc.Encode(e) }
	if types := r.URL.Query().Get("types"); types != "" {
		err = events.LoadTypes(r.Context(), s.store, stream, after, strings.Split(types, ","), fn)
	} else {
		err = s.store.Load(r.Context(), stream, after, fn)
	}
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "application/jsonl")
	_, err = buf.WriteTo(w)
	return err
}

func queryInt(r *http.Request, key string) (int64, error) {
	v := r.URL.Query().Get(key)
	if v == "" {
		return 0, nil
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || n < 0 {
		return 0, badRequest("?%s=%q: give a version, a whole number 0 or more", key, v)
	}
	return n, nil
}

// Version is the JSON of GET /v1/streams/{stream}/version.
type Version struct {
	Version int64 `json:"version"`
}

func (s *Server) version(w http.ResponseWriter, r *http.Request) error {
	v, err := events.Version(r.Context(), s.store, r.PathValue("stream"))
	if err != nil {
		return err
	}
	return writeJSON(w, Version{v})
}

func (s *Server) action(w http.ResponseWriter, r *http.Request) error {
	evs, err := events.Action(r.Context(), s.store, r.PathValue("stream"), r.PathValue("action"))
	if err != nil {
		return err
	}
	if evs == nil {
		evs = []events.Event{}
	}
	return writeJSON(w, evs)
}

// settingKey is a token's own setting: each player keeps their own
// `warlog use`, as each database user does.
func settingKey(t *Token, key string) string { return "token " + t.Name + ": " + key }

func (s *Server) setting(w http.ResponseWriter, r *http.Request) error {
	v, err := events.Setting(r.Context(), s.store, settingKey(TokenOf(r), r.PathValue("key")))
	if err != nil {
		return err
	}
	return writeJSON(w, map[string]string{"value": v})
}

// SettingBody is the JSON of PUT /v1/settings/{key}.
type SettingBody struct {
	Value string `json:"value"`
}

func (s *Server) setSetting(w http.ResponseWriter, r *http.Request) error {
	var b SettingBody
	if err := decodeBody(r, &b); err != nil {
		return err
	}
	key := r.PathValue("key")
	if len(key) > 64 || len(b.Value) > 1024 {
		return badRequest("a setting's key is at most 64 bytes and its value 1024")
	}
	if err := events.SetSetting(r.Context(), s.store, settingKey(TokenOf(r), key), b.Value); err != nil {
		return err
	}
	return writeJSON(w, b)
}

// nameOf finds the campaign of a stream key: its entry.
func (s *Server) entryOf(ctx context.Context, stream string) (events.Entry, error) {
	d, err := s.directory()
	if err != nil {
		return events.Entry{}, err
	}
	es, err := d.Entries(ctx)
	if err != nil {
		return events.Entry{}, err
	}
	for _, e := range es {
		if e.Stream == stream {
			return e, nil
		}
	}
	return events.Entry{}, &apiError{http.StatusNotFound, kindNotFound, fmt.Sprintf("campaign %q: %v", stream, campaigns.ErrNoCampaign)}
}

// lock holds the stream's writers off: this process's first (one waits on
// the database for each stream), then every process's, through the
// database's lock where the store has one.
func (s *Server) lock(ctx context.Context, stream string) (func(), error) {
	ch, _ := s.locks.LoadOrStore(stream, make(chan struct{}, 1))
	local := ch.(chan struct{})
	select {
	case local <- struct{}{}:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	l, ok := s.store.(events.StreamLocker)
	if !ok {
		return func() { <-local }, nil
	}
	select {
	case s.lockSlots <- struct{}{}:
	case <-ctx.Done():
		<-local
		return nil, ctx.Err()
	}
	unlock, err := l.LockStream(ctx, stream)
	if err != nil {
		<-s.lockSlots
		<-local
		return nil, err
	}
	return func() {
		unlock()
		<-s.lockSlots
		<-local
	}, nil
}
