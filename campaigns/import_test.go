package campaigns

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"warlog/events"
)

// bigExport writes an export of campaign "c" of actions actions after its
// creation, each an action.begun and facts facts padded to pad bytes, and
// returns its path. The actions say they were decided under older rules
// than the counter's (kingsown/0), so that an import folds them without
// deciding them again: the file is made without playing them.
func bigExport(t *testing.T, actions, facts, pad int) string {
	t.Helper()
	ctx := context.Background()
	s := newService(t)
	mustCreate(t, s, "c", 7)
	var b bytes.Buffer
	h, err := s.Export(ctx, "c", &b)
	if err != nil {
		t.Fatal(err)
	}
	_, evs, err := ReadExport(&b)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "big.jsonl")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	w := bufio.NewWriter(f)
	head := evs[len(evs)-1].Hash
	at := evs[0].At
	version := int64(len(evs))
	next := func(action, typ string, data []byte) events.Event {
		version++
		e := events.Event{Campaign: h.Key, Version: version, Action: action, Type: typ, Data: data, At: at, Prev: head}
		e.Hash = events.Hash(head, e)
		head = e.Hash
		return e
	}
	// Only the creation's events are kept; the rest are written as made.
	made := evs
	h.Events = int64(len(made)) + int64(actions*(1+facts))
	padding := strings.Repeat("p", pad)
	var body bytes.Buffer
	for i := range actions {
		id := fmt.Sprintf("%032x", i+1)
		begun, _ := json.Marshal(Begun{Game: "kingsown", Verb: "add", Label: "added 1", Rules: "kingsown/0"})
		evs := []events.Event{next(id, events.TypeActionBegun, begun)}
		for range facts {
			evs = append(evs, next(id, "kingsown.counter_added", []byte(`{"n":1,"pad":"`+padding+`"}`)))
		}
		for _, e := range evs {
			if err := events.WriteExportEvent(&body, e); err != nil {
				t.Fatal(err)
			}
		}
		if body.Len() > 64<<10 || i == actions-1 {
			if _, err := w.Write(body.Bytes()); err != nil {
				t.Fatal(err)
			}
			body.Reset()
		}
	}
	// The header goes first: written into a second file ahead of the body.
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	h.Head = head
	out := path + ".full"
	g, err := os.Create(out)
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	if err := events.WriteExportHeader(g, h); err != nil {
		t.Fatal(err)
	}
	for _, e := range made {
		if err := events.WriteExportEvent(g, e); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := f.Seek(0, 0); err != nil {
		t.Fatal(err)
	}
	if _, err := bufio.NewReader(f).WriteTo(g); err != nil {
		t.Fatal(err)
	}
	return out
}

// An import holds a line of its file at a time, not the file: the heap
// in use while 50,000 events (45 MB) are checked, re-decided and written
// stays well under 64 MiB.
func TestImportInBoundedMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("writes a 45 MB file")
	}
	const actions, pad = 25_000, 1200
	path := bigExport(t, actions, 1, pad)
	if fi, err := os.Stat(path); err != nil || fi.Size() < 40<<20 {
		t.Fatalf("the file: %v; want over 40 MB", err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	s := newService(t)
	runtime.GC()
	var peak uint64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		var m runtime.MemStats
		for {
			runtime.ReadMemStats(&m)
			peak = max(peak, m.HeapInuse)
			select {
			case <-stop:
				return
			case <-time.After(2 * time.Millisecond):
			}
		}
	}()
	res, err := s.Import(context.Background(), f, "")
	close(stop)
	wg.Wait()
	if err != nil {
		t.Fatal(err)
	}
	if want := int64(2 + 2*actions); !res.New || res.Appended != want {
		t.Fatalf("the import: %+v; want a new campaign of %d events", res, want)
	}
	t.Logf("peak heap in use: %.1f MiB", float64(peak)/(1<<20))
	if peak >= 64<<20 {
		t.Fatalf("the import's heap in use reached %.1f MiB; want under 64 MiB", float64(peak)/(1<<20))
	}
	st, err := s.load(context.Background(), "c", false)
	if err != nil {
		t.Fatal(err)
	}
	if got := st.Game.(*counterState).Total; got != actions {
		t.Fatalf("the imported campaign's total is %d, want %d", got, actions)
	}
}

// An action whose events hold more than MaxActionBytes, each line of them
// short enough, is refused by version before anything is decided.
func TestImportRefusesAnOverLargeAction(t *testing.T) {
	path := bigExport(t, 1, 3, 3<<20)
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	s := newService(t)
	_, err = s.Import(context.Background(), f, "")
	if err == nil || !strings.Contains(err.Error(), "broken at version 6: its action's events hold more than 8 MiB") || !strings.HasSuffix(err.Error(), "; nothing was imported") {
		t.Fatalf("importing a 9 MiB action: got %v", err)
	}
	if list, err := s.List(context.Background()); err != nil || len(list) != 0 {
		t.Fatalf("after a refused import the campaigns are %v (%v), want none", list, err)
	}
}
