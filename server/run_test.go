package server_test

import (
	"context"
	"database/sql"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"warlog/campaigns"
	"warlog/server"
)

// /healthz answers without a token; /metrics counts requests, appends
// and refusals in Prometheus's format.
func TestHealthAndMetrics(t *testing.T) {
	t.Parallel()
	l := newLeague(t, fileDB(t), server.Config{})
	if status, eb := l.call(t, "GET", "/healthz", "", nil); status != 200 {
		t.Fatalf("/healthz: %d %v", status, eb)
	}
	ctx := context.Background()
	if _, err := l.client(t, "org").Create(ctx, "Autumn", campaigns.CreateOptions{Game: "kingsown", Seed: seed(1)}); err != nil {
		t.Fatal(err)
	}
	if _, err := l.client(t, "ann").FreeRoll(ctx, "Autumn", "d6", "", campaigns.Options{}); err != nil {
		t.Fatal(err)
	}
	l.call(t, "POST", "/v1/streams/Autumn/actions", "scr", rollBody("s1", 4, 1, "x"))
	resp, err := http.Get(l.url + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	for _, want := range []string{
		"warlog_appends_total 2",
		`warlog_refusals_total{kind="forbidden"} 1`,
		`warlog_http_requests_total{code="200",route="POST /v1/streams/{stream}/actions"} 1`,
		`warlog_http_request_duration_seconds_count{route="GET /healthz"} 1`,
		"warlog_conflicts_total 0",
	} {
		if !strings.Contains(string(body), want) {
			t.Errorf("/metrics has no line %q", want)
		}
	}
}

// Draining: the action in flight when the server drains is finished and
// stored; a request after it is refused with 503 and writes nothing; an
// event stream open then ends.
func TestDrainFinishesInFlight(t *testing.T) {
	t.Parallel()
	l := newLeague(t, fileDB(t), server.Config{})
	ctx := context.Background()
	if _, err := l.client(t, "org").Create(ctx, "Autumn", campaigns.CreateOptions{Game: "kingsown", Seed: seed(1)}); err != nil {
		t.Fatal(err)
	}
	// A watcher holds an event stream open.
	req, _ := http.NewRequest("GET", l.url+"/v1/streams/Autumn/watch?after=2", nil)
	req.Header.Set("Authorization", "Bearer "+l.tokens["scr"])
	watch, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer watch.Body.Close()
	// Another writer holds the file's write lock, so the action below is
	// in flight (waiting in the server) when the drain comes.
	db, err := sql.Open("sqlite", l.db)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	conn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "BEGIN IMMEDIATE"); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	var inflight int
	wg.Go(func() {
		inflight, _ = l.call(t, "POST", "/v1/streams/Autumn/actions", "ann", rollBody("in-flight", 2, 1, "x"))
	})
	// In flight: the watcher's request, the action's and the one asking.
	for deadline := time.Now().Add(5 * time.Second); l.metric(t, "warlog_http_requests_in_flight") != "3"; {
		if time.Now().After(deadline) {
			t.Fatal("the action never reached the server")
		}
		time.Sleep(time.Millisecond)
	}
	l.srv.Drain()
	if _, err := conn.ExecContext(ctx, "ROLLBACK"); err != nil {
		t.Fatal(err)
	}
	wg.Wait()
	l.srv.Wait()
	if inflight != 200 {
		t.Errorf("the action in flight: %d; want 200 (finished)", inflight)
	}
	v := l.version(t, "Autumn")
	if status, eb := l.call(t, "POST", "/v1/streams/Autumn/actions", "ann", rollBody("after", v, 1, "x")); status != 503 || eb.Kind != "draining" {
		t.Errorf("an action after the drain: %d %v; want 503 draining", status, eb)
	}
	if got := l.version(t, "Autumn"); got != v {
		t.Errorf("an action refused while draining wrote: version %d → %d", v, got)
	}
	done := make(chan string, 1)
	go func() { b, _ := io.ReadAll(watch.Body); done <- string(b) }()
	select {
	case b := <-done:
		if !strings.Contains(b, "event: bye") {
			t.Errorf("the event stream ended without saying why: %q", b)
		}
	case <-time.After(5 * time.Second):
		t.Error("an event stream still runs after the drain")
	}
}

// metric is the value of a metric without labels in /metrics ("" when
// absent).
func (l *league) metric(t testing.TB, name string) string {
	t.Helper()
	resp, err := http.Get(l.url + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, name+" "); ok {
			return v
		}
	}
	return ""
}
