package campaigns_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"warlog/campaigns"
	"warlog/engines"
	"warlog/engines/dice"
	"warlog/engines/kit"
	"warlog/events"
	"warlog/events/sqlite"
)

// The child processes of TestConcurrentProcesses are this test binary run
// again with these variables set (no TestMain, so the package's other test
// files stay free to add one).
const (
	envChildDB  = "WARLOG_TEST_CONCURRENCY_DB"
	envChildID  = "WARLOG_TEST_CONCURRENCY_ID"
	envChildDir = "WARLOG_TEST_CONCURRENCY_DIR"
)

const (
	procs          = 4
	concurrentName = "Crowded Table"
)

// rollsPerProc is 200 as the issue asks. Under the race detector each roll's
// replay is about ten times slower and the cost grows with the square of the
// log, so there it is 100 (the race detector sees nothing across processes
// anyway); set WARLOG_TEST_FULL=1 to run 200 regardless.
func rollsPerProc() int {
	if os.Getenv("WARLOG_TEST_FULL") == "" {
		if bi, ok := debug.ReadBuildInfo(); ok {
			for _, s := range bi.Settings {
				if s.Key == "-race" && s.Value == "true" {
					return 100
				}
			}
		}
	}
	return 200
}

// outcome is one FreeRoll as a child saw it.
type outcome struct {
	Child  int    `json:"child"`
	N      int    `json:"n"`
	Action string `json:"action,omitempty"`
	Err    string `json:"err,omitempty"`
	// Conflict: the error is campaigns.ErrConflict (the one re-decision
	// met another conflict); anything else is a failure.
	Conflict bool `json:"conflict,omitempty"`
}

// TestConcurrentProcesses: four OS processes append 200 free rolls each to
// one campaign through campaigns.Service. Every append commits or reports
// campaigns.ErrConflict; no raw SQLITE_BUSY reaches the caller; the stream
// holds versions 1..N without gap or duplicate, exactly the committed
// actions, and its chain verifies.
func TestConcurrentProcesses(t *testing.T) {
	t.Parallel() // waits on processes of its own
	if os.Getenv(envChildDB) != "" {
		concurrencyChild(t)
		return
	}
	if testing.Short() {
		t.Skip("spawns four processes; skipped with -short")
	}
	start := time.Now()
	dir := t.TempDir()
	path := filepath.Join(dir, "warlog.db")
	ctx := context.Background()
	seed := uint64(7)
	{
		st, err := sqlite.Open(path, sqlite.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := campaigns.New(st, rollsOnly).Create(ctx, concurrentName, campaigns.CreateOptions{Game: "kingsown", Seed: &seed}); err != nil {
			t.Fatal(err)
		}
		st.Close()
	}

	cmds := make([]*exec.Cmd, procs)
	outs := make([]*bytes.Buffer, procs)
	for i := range cmds {
		c := exec.Command(os.Args[0], "-test.run=^TestConcurrentProcesses$", "-test.count=1", "-test.v")
		c.Env = append(os.Environ(), envChildDB+"="+path, envChildID+"="+strconv.Itoa(i), envChildDir+"="+dir)
		outs[i] = &bytes.Buffer{}
		c.Stdout, c.Stderr = outs[i], outs[i]
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
		cmds[i] = c
	}
	// Release the children together once all have opened the store.
	deadline := time.Now().Add(60 * time.Second)
	for i := 0; i < procs; {
		if _, err := os.Stat(filepath.Join(dir, fmt.Sprintf("ready-%d", i))); err == nil {
			i++
			continue
		}
		if time.Now().After(deadline) {
			for _, c := range cmds {
				c.Process.Kill()
			}
			t.Fatalf("child %d never got ready: %s", i, outs[i])
		}
		time.Sleep(5 * time.Millisecond)
	}
	if err := os.WriteFile(filepath.Join(dir, "go"), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	released := time.Now()
	for i, c := range cmds {
		if err := c.Wait(); err != nil {
			t.Errorf("child %d: %v\n%s", i, err, outs[i])
		}
	}
	racing := time.Since(released)

	// Every attempt of every child either committed or was a conflict.
	committed := map[string]bool{}
	var conflicts int
	for i := range procs {
		got := readOutcomes(t, filepath.Join(dir, fmt.Sprintf("out-%d.jsonl", i)))
		if len(got) != rollsPerProc() {
			t.Errorf("child %d reported %d rolls, want %d", i, len(got), rollsPerProc())
		}
		for _, o := range got {
			switch {
			case strings.Contains(o.Err, "SQLITE_BUSY") || strings.Contains(o.Err, "database is locked") || strings.Contains(o.Err, "busy"):
				t.Errorf("child %d roll %d: a busy database reached the caller: %s", o.Child, o.N, o.Err)
			case o.Err != "" && !o.Conflict:
				t.Errorf("child %d roll %d: %s; want a commit or ErrConflict", o.Child, o.N, o.Err)
			case o.Conflict:
				conflicts++
			case committed[o.Action]:
				t.Errorf("action %s reported committed twice", o.Action)
			default:
				committed[o.Action] = true
			}
		}
	}

	// The log: versions 1..N in order, one campaign.created, and exactly
	// the committed actions, each as action.begun + dice.rolled.
	st, err := sqlite.Open(path, sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	want := int64(1)
	nextDie := 0
	perAction := map[string][]string{}
	var order []string
	err = st.Load(ctx, concurrentName, 0, func(e events.Event) error {
		if e.Version != want {
			return fmt.Errorf("version %d where %d was due (gap or duplicate)", e.Version, want)
		}
		want++
		if _, ok := perAction[e.Action]; !ok {
			order = append(order, e.Action)
		}
		perAction[e.Action] = append(perAction[e.Action], e.Type)
		if e.Type != dice.Type {
			return nil
		}
		// Each roll was decided on the fresh state: its dice are the next
		// program dice of the seed, none reused, none skipped.
		var r dice.Rolled
		if err := json.Unmarshal(e.Data, &r); err != nil {
			return err
		}
		if r.Index != nextDie {
			t.Errorf("version %d rolled program dice from index %d, want %d (decided on a stale state?)", e.Version, r.Index, nextDie)
		}
		fresh, err := dice.NewRoller(seed, r.Index, nil).Roll(2, 6, r.Purpose)
		if err != nil {
			return err
		}
		if !slices.Equal(r.Values, fresh.Values) {
			t.Errorf("version %d rolled %v, but program dice %d.. of the seed are %v", e.Version, r.Values, r.Index, fresh.Values)
		}
		nextDie = r.Index + len(r.Values)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	n := want - 1
	if wantN := int64(2 + 2*len(committed)); n != wantN {
		t.Errorf("the stream has %d events, want %d (creation + 2 per committed roll)", n, wantN)
	}
	for id := range committed {
		if types := perAction[id]; len(types) != 2 || types[0] != events.TypeActionBegun || types[1] != dice.Type {
			t.Errorf("committed action %s is stored as %v, want [action.begun dice.rolled]", id, types)
		}
	}
	if len(order) != len(committed)+1 {
		t.Errorf("the stream holds %d actions, want the creation and %d committed rolls", len(order), len(committed))
	}
	for _, id := range order[1:] {
		if !committed[id] {
			t.Errorf("action %s is in the log but no child saw it commit", id)
		}
	}
	var maxV int64
	if maxV, err = st.Version(ctx, concurrentName); err != nil || maxV != n {
		t.Errorf("Version = %d, %v; want %d", maxV, err, n)
	}
	r, err := events.VerifyStream(ctx, st, concurrentName)
	if err != nil || r.Events != n {
		t.Errorf("VerifyStream = %+v, %v", r, err)
	}
	if err := st.Check(ctx); err != nil {
		t.Errorf("integrity_check: %v", err)
	}
	// Program dice are drawn by index from the seed: the k-th die in
	// effect is the same whoever rolled it, so the replayed state counts
	// exactly the committed dice.
	state, err := campaigns.New(st, rollsOnly).Load(ctx, concurrentName)
	if err != nil {
		t.Fatal(err)
	}
	if state.ProgramDice != 2*len(committed) {
		t.Errorf("ProgramDice = %d, want %d", state.ProgramDice, 2*len(committed))
	}
	t.Logf("%d processes x %d rolls: %d committed, %d conflicts, %d events; racing %v, total %v",
		procs, rollsPerProc(), len(committed), conflicts, n, racing.Round(time.Millisecond), time.Since(start).Round(time.Millisecond))
	if len(committed) == 0 {
		t.Errorf("nothing committed")
	}
}

func readOutcomes(t *testing.T, path string) []outcome {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Errorf("child results: %v", err)
		return nil
	}
	defer f.Close()
	var out []outcome
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var o outcome
		if err := json.Unmarshal(sc.Bytes(), &o); err != nil {
			t.Errorf("%s: %v", path, err)
			continue
		}
		out = append(out, o)
	}
	return out
}

// concurrencyChild is one writer: open the store, say ready, wait for the
// start, then roll rollsPerProc() times and write each outcome as a JSON line.
func concurrencyChild(t *testing.T) {
	path, dir := os.Getenv(envChildDB), os.Getenv(envChildDir)
	id, err := strconv.Atoi(os.Getenv(envChildID))
	if err != nil {
		t.Fatal(err)
	}
	st, err := sqlite.Open(path, sqlite.Options{})
	if err != nil {
		t.Fatalf("child %d: open: %v", id, err)
	}
	defer st.Close()
	svc := campaigns.New(st, rollsOnly)
	out, err := os.Create(filepath.Join(dir, fmt.Sprintf("out-%d.jsonl", id)))
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	w := bufio.NewWriter(out)
	defer w.Flush()
	enc := json.NewEncoder(w)
	if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("ready-%d", id)), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(time.Millisecond) {
		if _, err := os.Stat(filepath.Join(dir, "go")); err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("child %d: never released", id)
		}
	}
	ctx := context.Background()
	for n := range rollsPerProc() {
		res, err := svc.FreeRoll(ctx, concurrentName, "2d6", fmt.Sprintf("child %d roll %d", id, n), campaigns.Options{})
		o := outcome{Child: id, N: n}
		if err != nil {
			o.Err = err.Error()
			o.Conflict = errors.Is(err, campaigns.ErrConflict)
		} else {
			o.Action = res.Action
		}
		if err := enc.Encode(o); err != nil {
			t.Fatal(err)
		}
	}
}

// sharedFile creates the campaign concurrentName, seeded, in a new SQLite
// file, and returns a way to open another service with a store of its own
// on that file (closed when t ends) and the service that created it.
func sharedFile(t *testing.T, seed uint64) (open func() *campaigns.Service, first *campaigns.Service) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "warlog.db")
	open = func() *campaigns.Service {
		st, err := sqlite.Open(path, sqlite.Options{})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		return campaigns.New(st, rollsOnly)
	}
	first = open()
	if _, err := first.Create(context.Background(), concurrentName, campaigns.CreateOptions{Game: "kingsown", Seed: &seed}); err != nil {
		t.Fatal(err)
	}
	return open, first
}

// TestConcurrentRetries: the same command with the same --action-id sent
// from several handles at once (a client retrying while its first try is
// still running) is stored once; every try succeeds with that one action.
func TestConcurrentRetries(t *testing.T) {
	ctx := context.Background()
	open, first := sharedFile(t, 11)
	for round := range 5 {
		id := fmt.Sprintf("retry-%d", round)
		const n = 6
		svcs := make([]*campaigns.Service, n)
		for i := range svcs {
			svcs[i] = open()
		}
		results := make([]*campaigns.Result, n)
		errs := make([]error, n)
		start := make(chan struct{})
		done := make(chan struct{})
		for i := range n {
			go func() {
				defer func() { done <- struct{}{} }()
				<-start
				results[i], errs[i] = svcs[i].FreeRoll(ctx, concurrentName, "3d6", "the same roll", campaigns.Options{ActionID: id})
			}()
		}
		close(start)
		for range n {
			<-done
		}
		var head string
		for i := range n {
			if errs[i] != nil {
				t.Errorf("round %d, try %d: %v; want the one stored action", round, i, errs[i])
				continue
			}
			r := results[i]
			if r.Action != id || len(r.Events) != 2 {
				t.Errorf("round %d, try %d: action %s with %d events", round, i, r.Action, len(r.Events))
				continue
			}
			if head == "" {
				head = r.Events[1].Hash
			} else if r.Events[1].Hash != head {
				t.Errorf("round %d, try %d: got events ending %s, another try got %s", round, i, r.Events[1].Hash, head)
			}
		}
		evs, err := events.Action(ctx, first.Store(), concurrentName, id)
		if err != nil || len(evs) != 2 {
			t.Errorf("round %d: the action is stored as %d events (%v), want 2", round, len(evs), err)
		}
	}
	st, err := first.Load(ctx, concurrentName)
	if err != nil {
		t.Fatal(err)
	}
	acts, err := first.Actions(ctx, concurrentName)
	if err != nil {
		t.Fatal(err)
	}
	if len(acts) != 6 || st.Version != 12 {
		t.Errorf("the campaign has %d actions at version %d; want creation + 5 rolls at version 12", len(acts), st.Version)
	}
	if _, err := events.VerifyStream(ctx, first.Store(), concurrentName); err != nil {
		t.Error(err)
	}
}

// rollsOnly is a game with no rules of its own: these tests make free
// rolls only.
var rollsOnly = &kit.Game[*bare]{GameInfo: engines.GameInfo{Name: "kingsown", Title: "The King's Own"}, New: func(engines.Campaign) *bare { return &bare{} }}

type bare struct{}

func (*bare) Status() engines.Status { return engines.Status{} }
func (*bare) Roster() engines.Roster { return engines.Roster{} }

// TestRetriesRaceOtherWriters: the same command retried with one
// --action-id while other writers append to the campaign is stored once,
// and every try ends with that action: a try decided on an older state
// rolls other program dice (and labels them so), which is still the same
// command. None is refused as "already stored with different content".
func TestRetriesRaceOtherWriters(t *testing.T) {
	ctx := context.Background()
	open, first := sharedFile(t, 12)
	const retries, others, rounds = 4, 4, 12
	svcs := make([]*campaigns.Service, retries+others)
	for i := range svcs {
		svcs[i] = open()
	}
	var replayed int
	for round := range rounds {
		id := fmt.Sprintf("retried-%d", round)
		results := make([]*campaigns.Result, retries)
		errs := make([]error, retries+others)
		start := make(chan struct{})
		done := make(chan struct{})
		for i := range retries + others {
			go func() {
				defer func() { done <- struct{}{} }()
				<-start
				if i >= retries {
					_, errs[i] = svcs[i].FreeRoll(ctx, concurrentName, "2d6", "another table", campaigns.Options{})
					if errors.Is(errs[i], campaigns.ErrConflict) {
						errs[i] = nil // the other writer was told to run it again
					}
					return
				}
				// A client retries until it has an answer.
				for range 10 {
					results[i], errs[i] = svcs[i].FreeRoll(ctx, concurrentName, "3d6", "the same roll", campaigns.Options{ActionID: id})
					if !errors.Is(errs[i], campaigns.ErrConflict) {
						return
					}
				}
			}()
		}
		close(start)
		for range retries + others {
			<-done
		}
		for i, err := range errs {
			if err != nil {
				t.Errorf("round %d, writer %d: %v", round, i, err)
			}
		}
		stored, err := events.Action(ctx, first.Store(), concurrentName, id)
		if err != nil || len(stored) != 2 {
			t.Fatalf("round %d: the action is stored as %d events (%v), want 2", round, len(stored), err)
		}
		for i, r := range results {
			if r == nil {
				continue
			}
			if len(r.Events) != 2 || r.Events[1].Hash != stored[1].Hash {
				t.Errorf("round %d, try %d: the result is not the stored action", round, i)
			}
			if r.Replayed {
				replayed++
			}
		}
	}
	if _, err := events.VerifyStream(ctx, first.Store(), concurrentName); err != nil {
		t.Error(err)
	}
	t.Logf("%d rounds: %d tries answered with the stored action", rounds, replayed)
}
