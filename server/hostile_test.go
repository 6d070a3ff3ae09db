package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"warlog/campaigns"
	"warlog/cmd"
	"warlog/events"
	"warlog/events/memory"
	"warlog/server"
)

// call sends one request with a token (by name; "" for none, or a secret
// given as "secret:...") and returns its status and the error's kind.
func (l *league) call(t testing.TB, method, path, token string, body []byte) (int, server.ErrorBody) {
	t.Helper()
	req, err := http.NewRequest(method, l.url+path, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if s, ok := strings.CutPrefix(token, "secret:"); ok {
		req.Header.Set("Authorization", "Bearer "+s)
	} else if token != "" {
		req.Header.Set("Authorization", "Bearer "+l.tokens[token])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	var eb server.ErrorBody
	if resp.StatusCode >= 300 {
		if err := json.Unmarshal(raw, &eb); err != nil || eb.Error == "" {
			t.Errorf("%s %s: status %d with %q; want a JSON error", method, path, resp.StatusCode, raw)
		}
	}
	return resp.StatusCode, eb
}

// rollBody is an action sent to be stored: a free roll of 1d6 whose
// client claims it showed face.
func rollBody(id string, expected int64, face int, purpose string) []byte {
	b, _ := json.Marshal(map[string]any{
		"expected": expected, "action": id,
		"facts": []map[string]any{
			{"type": events.TypeActionBegun, "data": map[string]any{"game": "kingsown", "verb": campaigns.VerbRoll, "args": map[string]string{"notation": "1d6", "for": purpose}, "label": "forged"}},
			{"type": "dice.rolled", "data": map[string]any{"values": []int{face}, "sides": 6, "source": "program", "purpose": purpose}},
		},
	})
	return b
}

// Hostile clients: every request below is refused with the status and
// kind it names, in a JSON error, and writes nothing.
func TestHostileRequests(t *testing.T) {
	t.Parallel()
	l := newLeague(t, fileDB(t), server.Config{MaxBody: 8 << 10})
	ctx := context.Background()
	if _, err := l.client(t, "org").Create(ctx, "Autumn", campaigns.CreateOptions{Game: "kingsown", Seed: seed(3)}); err != nil {
		t.Fatal(err)
	}
	eve, err := server.AddToken(ctx, l.store, "eve", server.RolePlayer, "", time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if err := server.RevokeToken(ctx, l.store, "eve"); err != nil {
		t.Fatal(err)
	}
	const actions = "/v1/streams/Autumn/actions"
	good := rollBody("r1", 2, 6, "x")
	cases := []struct {
		name, method, path, token string
		body                      []byte
		status                    int
		kind                      string
	}{
		{"malformed JSON", "POST", actions, "ann", []byte(`{"expected": 2, "action": "r1", "facts": [`), 400, "bad_request"},
		{"not an object", "POST", actions, "ann", []byte(`[1,2,3]`), 400, "bad_request"},
		{"an unknown field", "POST", actions, "ann", []byte(`{"expected":2,"action":"r1","facts":[],"admin":true}`), 400, "bad_request"},
		{"two values", "POST", actions, "ann", append(append([]byte{}, good...), good...), 400, "bad_request"},
		{"no facts", "POST", actions, "ann", []byte(`{"expected":2,"action":"r1","facts":[]}`), 400, "bad_request"},
		{"no command first", "POST", actions, "ann", []byte(`{"expected":2,"action":"r1","facts":[{"type":"dice.rolled","data":{"values":[6]}}]}`), 400, "bad_request"},
		{"a bad action id", "POST", actions, "ann", rollBody("r 1\x00", 2, 6, "x"), 400, "bad_request"},
		{"a negative version", "POST", actions, "ann", rollBody("r1", -1, 6, "x"), 400, "bad_request"},
		{"an oversized body", "POST", actions, "ann", rollBody("r1", 2, 6, strings.Repeat("x", 10<<10)), 413, "too_large"},
		{"no token", "POST", actions, "", good, 401, "unauthorized"},
		{"a wrong token", "POST", actions, "secret:wlt_0000", good, 401, "unauthorized"},
		{"a revoked token", "POST", actions, "secret:" + eve, good, 401, "unauthorized"},
		{"another campaign's player", "POST", actions, "ben", good, 403, "forbidden"},
		{"a spectator", "POST", actions, "scr", good, 403, "forbidden"},
		{"a player renames", "POST", "/v1/campaigns/Autumn/rename", "ann", []byte(`{"name":"Mine"}`), 403, "forbidden"},
		{"a player archives", "POST", "/v1/campaigns/Autumn/archive", "ann", []byte(`{"archived":true}`), 403, "forbidden"},
		{"a player deletes", "DELETE", "/v1/campaigns/Autumn", "ann", nil, 403, "forbidden"},
		{"a player starts a campaign", "POST", "/v1/campaigns", "ann", []byte(`{"name":"Mine","action":"c1","facts":[{"type":"action.begun","data":{"verb":"campaign new"}}]}`), 403, "forbidden"},
		{"no campaign", "POST", "/v1/streams/Nowhere/actions", "org", good, 404, "not_found"},
		{"a bad version in a read", "GET", "/v1/streams/Autumn/events?after=-3", "scr", nil, 400, "bad_request"},
		{"an unknown endpoint", "GET", "/v1/admin", "org", nil, 404, "not_found"},
		{"reading without a token", "GET", "/v1/streams/Autumn/events", "", nil, 401, "unauthorized"},
	}
	for _, c := range cases {
		before := l.version(t, "Autumn")
		status, eb := l.call(t, c.method, c.path, c.token, c.body)
		if status != c.status || eb.Kind != c.kind {
			t.Errorf("%s: %d %s (%q); want %d %s", c.name, status, eb.Kind, eb.Error, c.status, c.kind)
		}
		if v := l.version(t, "Autumn"); v != before {
			t.Errorf("%s wrote: version %d → %d", c.name, before, v)
		}
	}

	// A well-formed action is decided by the server: the face the client
	// claims is not what is stored, the seed's die is.
	if status, eb := l.call(t, "POST", actions, "ann", good); status != 200 {
		t.Fatalf("a good roll: %d %v", status, eb)
	}
	evs, err := events.Action(ctx, l.store, "Autumn", "r1")
	if err != nil || len(evs) != 2 {
		t.Fatalf("the roll's events: %v, %v", evs, err)
	}
	var b campaigns.Begun
	if err := json.Unmarshal(evs[0].Data, &b); err != nil {
		t.Fatal(err)
	}
	local := campaigns.New(memory.New(nil), cmd.Engines()...)
	if _, err := local.Create(ctx, "Autumn", campaigns.CreateOptions{Game: "kingsown", Seed: seed(3)}); err != nil {
		t.Fatal(err)
	}
	want, err := local.FreeRoll(ctx, "Autumn", "1d6", "x", campaigns.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if b.Label != want.Label || b.By != "ann" {
		t.Errorf("the stored roll: %q by %q; want the seed's %q, by ann (never the client's claim)", b.Label, b.By, want.Label)
	}
	if !bytes.Equal(evs[1].Data, want.Events[1].Data) {
		t.Errorf("the stored die: %s; want the seed's %s", evs[1].Data, want.Events[1].Data)
	}
	// Replayed: the same action again is stored once.
	v := l.version(t, "Autumn")
	for range 3 {
		if status, eb := l.call(t, "POST", actions, "ann", good); status != 200 {
			t.Errorf("the same action again: %d %v; want 200 (stored once)", status, eb)
		}
	}
	if got := l.version(t, "Autumn"); got != v {
		t.Errorf("a replayed action was stored again: version %d → %d", v, got)
	}
	// The same id with another command is refused.
	if status, eb := l.call(t, "POST", actions, "ann", rollBody("r1", 4, 2, "another purpose")); status != 409 || eb.Kind != "action_conflict" {
		t.Errorf("the id of a stored action with another command: %d %v; want 409 action_conflict", status, eb)
	}
	if got := l.version(t, "Autumn"); got != v {
		t.Errorf("a conflicting action id wrote: version %d → %d", v, got)
	}
}
