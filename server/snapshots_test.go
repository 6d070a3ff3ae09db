package server_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"warlog/campaigns"
	"warlog/cmd"
	"warlog/events"
	"warlog/events/remote"
	"warlog/server"
)

// A client keeps the snapshots of what it folded: after its first command
// on a long campaign, the next reads the log after its newest snapshot,
// not the whole log, and ends where a client with no snapshot ends. A
// snapshot whose head is not the log's hash at its version is passed
// over; shared parts load, unknown ones are refused.
func TestClientRestoresItsOwnSnapshots(t *testing.T) {
	ctx := context.Background()
	l := newLeague(t, fileDB(t), server.Config{Rate: -1})
	if _, err := l.client(t, "org").Create(ctx, "Autumn", campaigns.CreateOptions{Game: "kingsown", Seed: seed(3)}); err != nil {
		t.Fatal(err)
	}
	// Read the league through a counter of the events it sends.
	var sent atomic.Int64
	counting := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		req, _ := http.NewRequestWithContext(r.Context(), r.Method, l.url+r.URL.RequestURI(), r.Body)
		req.Header = r.Header.Clone()
		res, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		defer res.Body.Close()
		for k, v := range res.Header {
			w.Header()[k] = v
		}
		w.WriteHeader(res.StatusCode)
		var b strings.Builder
		buf := make([]byte, 32<<10)
		for {
			n, err := res.Body.Read(buf)
			b.Write(buf[:n])
			if err != nil {
				break
			}
		}
		if strings.HasSuffix(r.URL.Path, "/events") {
			sent.Add(int64(strings.Count(b.String(), "\n")))
		}
		_, _ = w.Write([]byte(b.String()))
	}))
	t.Cleanup(counting.Close)
	st, err := remote.Open(counting.URL, remote.Options{Token: l.tokens["org"], RetryFor: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	svc := campaigns.New(st, cmd.Engines()...)
	svc.SnapshotEvery(64)
	for i := range 200 { // past several snapshots
		if _, err := svc.FreeRoll(ctx, "Autumn", "1d6", fmt.Sprint("roll ", i), campaigns.Options{}); err != nil {
			t.Fatal(err)
		}
	}
	logged := l.version(t, "Autumn")
	sent.Store(0)
	if _, err := svc.FreeRoll(ctx, "Autumn", "1d6", "one more", campaigns.Options{}); err != nil {
		t.Fatal(err)
	}
	if n := sent.Load(); n >= logged/2 {
		t.Errorf("one more roll read %d events of a log of %d: want the tail after a snapshot", n, logged)
	}
	mine, err := svc.Load(ctx, "Autumn")
	if err != nil {
		t.Fatal(err)
	}
	fresh, err := l.client(t, "scr").Load(ctx, "Autumn")
	if err != nil {
		t.Fatal(err)
	}
	if mine.Version != fresh.Version || mine.Head != fresh.Head {
		t.Errorf("restored: version %d head %.8s; replayed whole: %d %.8s", mine.Version, mine.Head, fresh.Version, fresh.Head)
	}

	// The cache itself: a snapshot of another history is passed over.
	key := "k"
	if err := st.SaveSnapshot(ctx, events.Snapshot{Campaign: "Autumn", Version: 3, Head: "not the log's", Key: key, Data: []byte("x"), Parts: []byte("parts")}); err != nil {
		t.Fatal(err)
	}
	var seen []int64
	if err := st.EachSnapshot(ctx, "Autumn", key, 100, func(s events.Snapshot) bool { seen = append(seen, s.Version); return true }); err != nil {
		t.Fatal(err)
	}
	if len(seen) != 0 {
		t.Errorf("a snapshot whose head is not the log's was passed: %v", seen)
	}
	head := ""
	if err := st.Load(ctx, "Autumn", 2, func(e events.Event) error { head = e.Hash; return errStop }); err != nil && err != errStop {
		t.Fatal(err)
	}
	hash := ""
	_ = st.SaveSnapshot(ctx, events.Snapshot{Campaign: "Autumn", Version: 3, Head: head, Key: key, Data: []byte("y"), Parts: []byte("parts")})
	if err := st.EachSnapshot(ctx, "Autumn", key, 100, func(s events.Snapshot) bool { hash = s.PartsHash; return false }); err != nil || hash == "" {
		t.Fatalf("the snapshot with the log's head: %v, parts %q", err, hash)
	}
	if err := st.SaveSnapshot(ctx, events.Snapshot{Campaign: "Autumn", Version: 3, Head: head, Key: key, Data: []byte("z"), PartsHash: hash}); err != nil {
		t.Errorf("sharing kept parts: %v", err)
	}
	var parts []byte
	_ = st.EachSnapshot(ctx, "Autumn", key, 100, func(s events.Snapshot) bool { parts, err = s.LoadParts(); return false })
	if err != nil || string(parts) != "parts" {
		t.Errorf("shared parts: %q, %v", parts, err)
	}
	if err := st.SaveSnapshot(ctx, events.Snapshot{Campaign: "Autumn", Version: 4, Head: head, Key: key, PartsHash: "feed"}); err == nil {
		t.Error("a snapshot sharing parts never kept was saved")
	}
}

var errStop = fmt.Errorf("stop")
