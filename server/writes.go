package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"warlog/campaigns"
	"warlog/engines"
	"warlog/events"
)

// Fact is one fact of a request: its type and its payload as JSON.
type Fact struct {
	Type string          `json:"type"`
	Data json.RawMessage `json:"data"`
}

// AppendRequest is the JSON of POST /v1/streams/{stream}/actions: an
// action as the client decided it. The server decides it again itself
// from the command its first fact records; Expected is the version the
// client decided on (an undo, redo, amendment or void decided on another
// is refused as a conflict: the client decides it again on what is newest).
type AppendRequest struct {
	Expected int64  `json:"expected"`
	Action   string `json:"action"`
	Facts    []Fact `json:"facts"`
}

// CreateRequest is the JSON of POST /v1/campaigns.
type CreateRequest struct {
	Name   string `json:"name"`
	Action string `json:"action"`
	Facts  []Fact `json:"facts"`
}

// Stored is the JSON answer to an action: the events stored for it, and
// whether they were stored before (the action id sent again).
type Stored struct {
	Events   []events.Event `json:"events"`
	Replayed bool           `json:"replayed,omitempty"`
}

// decodeBody reads a request's JSON body into v: one value, no field the
// API does not know, nothing after it.
func decodeBody(r *http.Request, v any) error {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		return err
	}
	return decodeJSON(body, v)
}

func decodeJSON(body []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return badRequest("the request is not the JSON this endpoint takes: %v; nothing was written", err)
	}
	if dec.More() {
		return badRequest("the request has more than one JSON value; nothing was written")
	}
	if _, err := dec.Token(); err != io.EOF {
		return badRequest("the request has something after its JSON value; nothing was written")
	}
	return nil
}

// DecodeAppend reads and checks the body of POST .../actions: what the
// server accepts to decide at all. Every error is a bad request.
func DecodeAppend(body []byte) (AppendRequest, error) {
	var req AppendRequest
	if err := decodeJSON(body, &req); err != nil {
		return req, err
	}
	if req.Expected < 0 {
		return req, badRequest("expected %d: give the version the action was decided on, 0 or more", req.Expected)
	}
	if err := checkAction(req.Action, req.Facts); err != nil {
		return req, err
	}
	return req, nil
}

// checkAction checks an action's id and facts as sent.
func checkAction(id string, facts []Fact) error {
	if err := engines.ValidateName("action id", id); err != nil {
		return badRequest("%v; nothing was written", err)
	}
	if len(facts) == 0 || facts[0].Type != events.TypeActionBegun {
		return badRequest("%v", campaigns.ErrNotRecorded)
	}
	if len(facts) > 10000 {
		return badRequest("an action of %d facts is more than any rules make; nothing was written", len(facts))
	}
	for i, f := range facts {
		if f.Type == "" || len(f.Data) == 0 || f.Data[0] != '{' {
			return badRequest("fact %d: give its type and its payload as a JSON object; nothing was written", i+1)
		}
	}
	return nil
}

func recorded(id string, facts []Fact) campaigns.Recorded {
	r := campaigns.Recorded{Action: id}
	for _, f := range facts {
		r.Facts = append(r.Facts, events.Fact{Type: f.Type, Data: f.Data})
	}
	return r
}

// metaVerbs act on the actions that are newest when they are decided: one
// decided on an older state is not decided again on a newer one here.
var metaVerbs = map[string]bool{campaigns.VerbUndo: true, campaigns.VerbRedo: true, campaigns.VerbAmend: true, campaigns.VerbVoid: true}

func (s *Server) appendAction(w http.ResponseWriter, r *http.Request) error {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		return err
	}
	req, err := DecodeAppend(body)
	if err != nil {
		return err
	}
	t := TokenOf(r)
	stream := r.PathValue("stream")
	ctx := r.Context()
	e, err := s.entryOf(ctx, stream)
	if err != nil {
		return err
	}
	if !t.mayPlay(e.Stream, e.Name) {
		return forbidden("token %q (%s) may not play in campaign %q; nothing was written", t.Name, t.describe(), e.Name)
	}
	rec := recorded(req.Action, req.Facts)
	verb := s.svc.RecordedVerb(rec)
	if verb == campaigns.VerbVoid && !t.organiser() {
		return forbidden("%v", campaigns.ErrNotOrganiser)
	}
	unlock, err := s.lock(ctx, stream)
	if err != nil {
		return err
	}
	defer unlock()
	if metaVerbs[verb] {
		v, err := events.Version(ctx, s.store, stream)
		if err != nil {
			return err
		}
		if v != req.Expected {
			prior, err := events.Action(ctx, s.store, stream, req.Action)
			if err != nil {
				return err
			}
			if len(prior) == 0 {
				return fmt.Errorf("campaign %q: %w", e.Name, events.ErrConcurrency)
			}
		}
	}
	res, err := s.svc.DoRecorded(ctx, e.Name, rec, t.Name)
	if err != nil {
		return err
	}
	if !res.Replayed {
		s.metrics.appends.Inc()
	}
	return writeJSON(w, Stored{Events: res.Events, Replayed: res.Replayed})
}

func (t *Token) describe() string {
	if t.Campaign != "" {
		return t.Role + " of " + t.Campaign
	}
	return t.Role
}

func (s *Server) organiserOnly(r *http.Request, what string) error {
	if t := TokenOf(r); !t.organiser() {
		return forbidden("only the league's organiser may %s; token %q has the role %s; nothing was written", what, t.Name, t.Role)
	}
	return nil
}

func (s *Server) create(w http.ResponseWriter, r *http.Request) error {
	if err := s.organiserOnly(r, "start a campaign"); err != nil {
		return err
	}
	var req CreateRequest
	if err := decodeBody(r, &req); err != nil {
		return err
	}
	if err := checkAction(req.Action, req.Facts); err != nil {
		return err
	}
	st, err := s.svc.CreateRecorded(r.Context(), req.Name, recorded(req.Action, req.Facts), TokenOf(r).Name)
	var ne *campaigns.NameError
	if errors.As(err, &ne) && errors.Is(err, campaigns.ErrExists) {
		return fmt.Errorf("%w: %v", events.ErrNameTaken, err)
	}
	if err != nil {
		return err
	}
	evs, err := events.Action(r.Context(), s.store, st.Key, req.Action)
	if err != nil {
		return err
	}
	s.metrics.appends.Inc()
	return writeJSON(w, Stored{Events: evs})
}

// RenameBody is the JSON of POST /v1/campaigns/{stream}/rename.
type RenameBody struct {
	Name string `json:"name"`
}

func (s *Server) rename(w http.ResponseWriter, r *http.Request) error {
	if err := s.organiserOnly(r, "rename a campaign"); err != nil {
		return err
	}
	var b RenameBody
	if err := decodeBody(r, &b); err != nil {
		return err
	}
	if err := campaigns.ValidateName("campaign", b.Name); err != nil {
		return badRequest("%v", err)
	}
	d, err := s.directory()
	if err != nil {
		return err
	}
	if err := d.Rename(r.Context(), r.PathValue("stream"), b.Name); err != nil {
		return err
	}
	return writeJSON(w, b)
}

// ArchiveBody is the JSON of POST /v1/campaigns/{stream}/archive.
type ArchiveBody struct {
	Archived bool `json:"archived"`
}

func (s *Server) archive(w http.ResponseWriter, r *http.Request) error {
	if err := s.organiserOnly(r, "archive a campaign"); err != nil {
		return err
	}
	var b ArchiveBody
	if err := decodeBody(r, &b); err != nil {
		return err
	}
	d, err := s.directory()
	if err != nil {
		return err
	}
	if err := d.SetArchived(r.Context(), r.PathValue("stream"), b.Archived); err != nil {
		return err
	}
	return writeJSON(w, b)
}

func (s *Server) delete(w http.ResponseWriter, r *http.Request) error {
	if err := s.organiserOnly(r, "delete a campaign"); err != nil {
		return err
	}
	d, err := s.directory()
	if err != nil {
		return err
	}
	stream := r.PathValue("stream")
	if _, err := s.entryOf(r.Context(), stream); err != nil {
		return err
	}
	if err := d.Delete(r.Context(), stream, nil); err != nil {
		return err
	}
	return writeJSON(w, map[string]string{"deleted": stream})
}

// watch is a stream's version as server-sent events: one "version" event
// at once, and one each time the stream grows, until the client leaves or
// the server drains. ?after=N waits for a version other than N first.
func (s *Server) watch(w http.ResponseWriter, r *http.Request) error {
	after, err := queryInt(r, "after")
	if err != nil {
		return err
	}
	stream := r.PathValue("stream")
	ctx := r.Context()
	rc := http.NewResponseController(w)
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusOK)
	if _, err := io.WriteString(w, ": warlog watch\n\n"); err != nil {
		return nil
	}
	_ = rc.Flush()
	v := after
	for {
		wctx, cancel := contextUntil(ctx, s.drain, 15*time.Second)
		next, err := s.svcWait(wctx, stream, v)
		cancel()
		select {
		case <-ctx.Done():
			return nil
		case <-s.drain:
			_, _ = io.WriteString(w, "event: bye\ndata: the server is shutting down\n\n")
			_ = rc.Flush()
			return nil
		default:
		}
		if err != nil && wctx.Err() == nil {
			_, _ = fmt.Fprintf(w, "event: error\ndata: %s\n\n", oneLine(err.Error()))
			_ = rc.Flush()
			return nil
		}
		if err != nil { // the wait's time is up: a comment keeps the connection open
			if _, err := io.WriteString(w, ": still here\n\n"); err != nil {
				return nil
			}
		} else {
			v = next
			if _, err := fmt.Fprintf(w, "event: version\ndata: %d\n\n", v); err != nil {
				return nil
			}
		}
		if err := rc.Flush(); err != nil {
			return nil
		}
	}
}

// svcWait waits for stream's version to be other than after.
func (s *Server) svcWait(ctx context.Context, stream string, after int64) (int64, error) {
	return events.WaitPast(ctx, s.store, stream, after, 250*time.Millisecond)
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// contextUntil is ctx ended also when done closes or d passes.
func contextUntil(ctx context.Context, done <-chan struct{}, d time.Duration) (context.Context, context.CancelFunc) {
	c, cancel := context.WithTimeout(ctx, d)
	stop := context.AfterFunc(c, func() {})
	go func() {
		select {
		case <-done:
			cancel()
		case <-c.Done():
		}
	}()
	return c, func() { stop(); cancel() }
}

// routeImport takes an export file whole (campaign import, push): the
// server re-decides it as an import at the database would, and writes
// nothing it does not derive.
const routeImport = "POST /v1/import"

// importFile imports the export file the body holds (organiser only); as
// (the query's) names the campaign here. The answer is the
// campaigns.ImportResult.
func (s *Server) importFile(w http.ResponseWriter, r *http.Request) error {
	if err := s.organiserOnly(r, "import a campaign"); err != nil {
		return err
	}
	res, err := s.svc.Import(r.Context(), r.Body, r.URL.Query().Get("as"))
	if err != nil {
		return err
	}
	if res.Appended > 0 {
		s.metrics.appends.Inc()
	}
	return writeJSON(w, res)
}
