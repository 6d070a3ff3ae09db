package campaigns

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"warlog/engines"
	"warlog/engines/dice"
	"warlog/engines/kit"
	"warlog/events"
	"warlog/events/sqlite"
)

// counter is a minimal game for testing the service, built on the engine
// kit: each Add rolls a d6 and adds it; Spend subtracts a fixed amount and
// is refused below zero.
func counter() engines.Engine {
	return &kit.Game[*counterState]{
		GameInfo: engines.GameInfo{Name: "kingsown", Title: "counter"},
		Rules:    1,
		New:      func(engines.Campaign) *counterState { return &counterState{} },
		Facts: func() []kit.Fact[*counterState] {
			return []kit.Fact[*counterState]{kit.On("kingsown.counter_added", (*counterState).added)}
		},
		Commands: func() []kit.Command[*counterState] {
			return []kit.Command[*counterState]{kit.Do(doAdd), kit.Do(doSpend)}
		},
	}
}

type added struct {
	N int `json:"n"`
}
type add struct{}

func (add) Verb() string { return "add" }

type spend struct {
	N int `json:"n"`
}

func (spend) Verb() string { return "spend" }

// counterState keeps its steps as a history, as the games keep finished
// battles, so that the snapshot tests cover parts.
type counterState struct {
	Total int                  `json:"total"`
	Steps engines.History[int] `json:"steps"`
}

func (s *counterState) added(a added) error {
	s.Total += a.N
	s.Steps.Add(a.N)
	return nil
}

func doAdd(a *kit.Act[*counterState], _ add) error {
	d := a.D
	v, err := d.Roll1(6, "add")
	if err != nil {
		return err
	}
	d.Emit("kingsown.counter_added", added{N: v})
	d.Label("added %d", v)
	return nil
}

func doSpend(a *kit.Act[*counterState], c spend) error {
	s, d := a.S, a.D
	if c.N > s.Total {
		return engines.Refuse("Spend", "cannot spend %d of %d", c.N, s.Total)
	}
	d.Emit("kingsown.counter_added", added{N: -c.N})
	d.Label("spent %d", c.N)
	return nil
}

func (s *counterState) Status() engines.Status {
	return engines.Status{Figures: []engines.Row{{{Key: "total", Value: s.Total}}}}
}
func (s *counterState) Roster() engines.Roster { return engines.Roster{} }

func newService(t *testing.T) *Service {
	t.Helper()
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "w.db"), sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return New(st, counter())
}

func mustCreate(t *testing.T, s *Service, name string, seed uint64) {
	t.Helper()
	if _, err := s.Create(context.Background(), name, CreateOptions{Game: "kingsown", Seed: &seed}); err != nil {
		t.Fatal(err)
	}
}

// snapshot is everything a user can see of a campaign's state.
func snapshot(t *testing.T, s *Service, st *State) string {
	t.Helper()
	b, err := json.Marshal(struct {
		Game  any
		Dice  int
		Live  []string
		Redo  []string
		Total int
	}{st.Game, st.ProgramDice, liveIDs(t, s, st), st.CanRedo(), st.Game.(*counterState).Total})
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func liveIDs(t *testing.T, s *Service, st *State) []string {
	t.Helper()
	acts, err := s.Actions(context.Background(), st.Campaign.Name)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, a := range acts.InEffect() {
		out = append(out, a.ID)
	}
	return out
}

func TestUndoRedoProperty(t *testing.T) {
	ctx := context.Background()
	// Snapshots every 1, 3 and 5 events (and never) make loads start from
	// snapshots that undo and redo keep making stale: a stale one used would
	// show an undone action or hide a redone one.
	for run, every := range []int{0, 1, 3, 5, DefaultSnapshotEvery} {
		s := newService(t)
		s.SnapshotEvery(every)
		name := fmt.Sprintf("c%d", run)
		mustCreate(t, s, name, uint64(run))
		rng := rand.New(rand.NewPCG(uint64(run), 7))
		// history[i] is the snapshot after i actions in effect; redo[i] the
		// snapshots that redo would restore.
		st, _ := s.Load(ctx, name)
		history := []string{snapshot(t, s, st)}
		var undone []string // snapshots undone, newest last
		for step := 0; step < 60; step++ {
			checkCounts(t, s, name, step)
			switch op := rng.IntN(10); {
			case op < 5:
				res, err := s.Do(ctx, name, "", add{}, Options{})
				if err != nil {
					t.Fatal(err)
				}
				history = append(history, snapshotFresh(t, s, name))
				undone = nil
				if got := snapshot(t, s, res.State); got != history[len(history)-1] {
					t.Fatalf("step %d: folded state %s differs from replayed %s", step, got, history[len(history)-1])
				}
			case op < 8:
				res, err := s.Undo(ctx, name, 1, "", Options{})
				if len(history) == 1 {
					if !errors.Is(err, ErrNothing) {
						t.Fatalf("step %d: undo with nothing in effect: %v", step, err)
					}
					continue
				}
				if err != nil {
					t.Fatal(err)
				}
				undone = append(undone, history[len(history)-1])
				history = history[:len(history)-1]
				got := strings.SplitN(snapshot(t, s, res.State), `"Live"`, 2)[0]
				want := strings.SplitN(history[len(history)-1], `"Live"`, 2)[0]
				if got != want {
					t.Fatalf("step %d: after undo %s, want the state before the action %s", step, got, want)
				}
			default:
				res, err := s.Redo(ctx, name, 1, Options{})
				if len(undone) == 0 {
					if !errors.Is(err, ErrNothing) {
						t.Fatalf("step %d: redo with nothing undone: %v", step, err)
					}
					continue
				}
				if err != nil {
					t.Fatal(err)
				}
				want := undone[len(undone)-1]
				undone = undone[:len(undone)-1]
				history = append(history, want)
				got := strings.SplitN(snapshot(t, s, res.State), `"Live"`, 2)[0]
				if got != strings.SplitN(want, `"Live"`, 2)[0] {
					t.Fatalf("step %d: redo gave %s, want %s", step, got, want)
				}
			}
		}
		if err := verify(ctx, s, name); err != nil {
			t.Fatal(err)
		}
	}
}

// checkCounts compares the action counts a state keeps as it folds (and
// its snapshots carry) with the action list read from the log.
func checkCounts(t *testing.T, s *Service, name string, step int) {
	t.Helper()
	st, err := s.Load(context.Background(), name)
	if err != nil {
		t.Fatal(err)
	}
	acts, err := s.Actions(context.Background(), name)
	if err != nil {
		t.Fatal(err)
	}
	if st.ActionCount() != len(acts) || st.InEffectCount() != len(acts.InEffect()) {
		t.Fatalf("step %d: the state counts %d actions, %d in effect; the log has %d, %d in effect",
			step, st.ActionCount(), st.InEffectCount(), len(acts), len(acts.InEffect()))
	}
}

func snapshotFresh(t *testing.T, s *Service, name string) string {
	t.Helper()
	st, err := s.Load(context.Background(), name)
	if err != nil {
		t.Fatal(err)
	}
	return snapshot(t, s, st)
}

func verify(ctx context.Context, s *Service, name string) error {
	_, err := events.VerifyStream(ctx, s.Store(), name)
	return err
}

// Undoing an action and making it again rolls the same program dice.
func TestUndoIsNoFreeReroll(t *testing.T) {
	ctx := context.Background()
	s := newService(t)
	mustCreate(t, s, "c", 5)
	var first []int
	for i := 0; i < 3; i++ {
		res, err := s.Do(ctx, "c", "", add{}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		first = res.State.Game.(*counterState).Steps.All()
	}
	if _, err := s.Undo(ctx, "c", 2, "", Options{}); err != nil {
		t.Fatal(err)
	}
	var again []int
	for i := 0; i < 2; i++ {
		res, err := s.Do(ctx, "c", "", add{}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		again = res.State.Game.(*counterState).Steps.All()
	}
	if !slices.Equal(first, again) {
		t.Fatalf("after undo 2 and two new adds the dice were %v, before %v", again, first)
	}
	// Hand-entered dice do not move the program index.
	if _, err := s.Do(ctx, "c", "", add{}, Options{Dice: []int{6}}); err != nil {
		t.Fatal(err)
	}
	st, _ := s.Load(ctx, "c")
	if st.ProgramDice != 3 {
		t.Errorf("program dice in effect = %d, want 3", st.ProgramDice)
	}
}

func TestNewActionEndsRedo(t *testing.T) {
	ctx := context.Background()
	s := newService(t)
	mustCreate(t, s, "c", 1)
	for i := 0; i < 2; i++ {
		if _, err := s.Do(ctx, "c", "", add{}, Options{}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.Undo(ctx, "c", 1, "", Options{}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Do(ctx, "c", "", add{}, Options{Dice: []int{1}}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Redo(ctx, "c", 1, Options{}); !errors.Is(err, ErrNothing) {
		t.Fatalf("redo after a new action: %v, want ErrNothing", err)
	}
}

func TestUndoTo(t *testing.T) {
	ctx := context.Background()
	s := newService(t)
	mustCreate(t, s, "c", 1)
	var ids []string
	for i := 0; i < 4; i++ {
		res, err := s.Do(ctx, "c", "", add{}, Options{Dice: []int{i + 1}})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, res.Action)
	}
	res, err := s.Undo(ctx, "c", 1, ids[1][:6], Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := res.State.Game.(*counterState).Total; got != 1 {
		t.Errorf("after undo --to the 2nd action the total is %d, want 1", got)
	}
	if _, err := s.Undo(ctx, "c", 1, ids[2], Options{}); err == nil || !strings.Contains(err.Error(), "not in effect") {
		t.Errorf("undo --to an undone action: %v", err)
	}
	res, err = s.Redo(ctx, "c", 3, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := res.State.Game.(*counterState).Total; got != 10 {
		t.Errorf("after redo 3 the total is %d, want 10", got)
	}
}

// A refused command writes nothing; a retried action id is stored once.
func TestRefusalAndIdempotency(t *testing.T) {
	ctx := context.Background()
	s := newService(t)
	mustCreate(t, s, "c", 1)
	before, _ := events.Version(ctx, s.Store(), "c")
	if _, err := s.Do(ctx, "c", "", spend{N: 3}, Options{}); err == nil {
		t.Fatal("spending more than the total was allowed")
	}
	if _, err := s.Do(ctx, "c", "", add{}, Options{Dice: []int{9}}); !errors.Is(err, dice.ErrOutRange) {
		t.Fatalf("a 9 on a d6: %v", err)
	}
	if _, err := s.Do(ctx, "c", "", add{}, Options{Dice: []int{2, 3}}); !errors.Is(err, dice.ErrTooMany) {
		t.Fatalf("two dice for one: %v", err)
	}
	if after, _ := events.Version(ctx, s.Store(), "c"); after != before {
		t.Fatalf("refusals wrote %d events", after-before)
	}
	o := Options{ActionID: "retry-1", Dice: []int{4}}
	for i := 0; i < 5; i++ {
		res, err := s.Do(ctx, "c", "", add{}, o)
		if err != nil {
			t.Fatal(err)
		}
		if res.Replayed != (i > 0) {
			t.Errorf("attempt %d: replayed = %v", i, res.Replayed)
		}
	}
	st, _ := s.Load(ctx, "c")
	if st.Game.(*counterState).Total != 4 {
		t.Errorf("five retries of one action gave total %d, want 4", st.Game.(*counterState).Total)
	}
	if _, err := s.Do(ctx, "c", "", add{}, Options{ActionID: "retry-1", Dice: []int{5}}); !errors.Is(err, events.ErrActionConflict) {
		t.Errorf("same id, other dice: %v, want ErrActionConflict", err)
	}
}

// hive is a second toy game, with modes, for the checks across games.
func hive() engines.Engine {
	return &kit.Game[*counterState]{
		GameInfo:      engines.GameInfo{Name: "hive", Title: "Hive"},
		New:           func(engines.Campaign) *counterState { return &counterState{} },
		CampaignModes: []string{"standard", "fast"},
	}
}

func TestCreateValidation(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "w.db")
	store, err := sqlite.Open(path, sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	s := New(store, counter(), hive())
	tests := []struct {
		name, game, mode, want string
	}{
		{"", "kingsown", "", "empty"},
		{" x", "kingsown", "", "space"},
		{"a\x01b", "kingsown", "", "control character"},
		{strings.Repeat("n", 65), "kingsown", "", "64 at most"},
		{"ok", "chess", "", `unknown game "chess"`},
		{"ok", "kingsown", "fast", "counter has none"},
		{"ok", "hive", "slow", `unknown mode "slow"; Hive plays standard, fast`},
		{"bad\xffutf", "kingsown", "", "UTF-8"},
	}
	for _, tt := range tests {
		_, err := s.Create(ctx, tt.name, CreateOptions{Game: tt.game, Mode: tt.mode})
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Create(%q, %q, %q) = %v, want an error containing %q", tt.name, tt.game, tt.mode, err, tt.want)
		}
	}
	if list, _ := s.List(ctx); len(list) != 0 {
		t.Errorf("refused creations left campaigns %v", list)
	}
	mustCreate(t, s, "once", 1)
	if _, err := s.Create(ctx, "once", CreateOptions{Game: "kingsown"}); !errors.Is(err, ErrExists) {
		t.Errorf("second create: %v, want ErrExists", err)
	}
	st, err := s.Create(ctx, "hive", CreateOptions{Game: "hive"})
	if err != nil || st.Campaign.Mode != "standard" {
		t.Errorf("hive default mode = %q, %v", st.Campaign.Mode, err)
	}
	// A campaign of a game this build has no engine for (made by a build
	// that had one) is refused plainly.
	if _, err := New(store, counter()).Do(ctx, "hive", "", add{}, Options{}); !errors.Is(err, ErrNoEngine) {
		t.Errorf("a game without an engine: %v, want ErrNoEngine", err)
	}
	var wrong *WrongGameError
	if _, err := s.Do(ctx, "once", "hive", add{}, Options{}); !errors.As(err, &wrong) || wrong.Plays.Title != "counter" || wrong.Asked.Title != "Hive" {
		t.Errorf("a Hive command on a counter campaign: %v", err)
	}
}

// An action is shown by its id's first 8 hex digits when the program made
// the id, and whole when the player gave it (--action-id), so that what
// the log and an amendment print is what was typed.
func TestShortActionID(t *testing.T) {
	gen := NewActionID()
	cases := map[string]string{
		gen:                  gen[:8],
		"bors-swing":         "bors-swing",
		"act-a":              "act-a",
		"first-deployment-1": "first-deployment-1",
		"not-hex-but-16-ch":  "not-hex-but-16-ch",
		"zzzzzzzzzzzzzzzz":   "zzzzzzzzzzzzzzzz",
	}
	for id, want := range cases {
		if got := ShortActionID(id); got != want {
			t.Errorf("ShortActionID(%q) = %q, want %q", id, got, want)
		}
	}
}

// A name a log written before invisible characters were refused holds
// ("Au\u200btumn") is not taken again by a name that only looks the same:
// not by a new campaign, a rename or an import; and it is found by what it
// shows.
func TestLookalikeNames(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "w.db")
	store, err := sqlite.Open(path, sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	s := New(store, counter())
	mustCreate(t, s, "Autumn", 1)
	mustCreate(t, s, "Spring", 2)
	var b strings.Builder
	if _, err := s.Export(ctx, "Spring", &b); err != nil {
		t.Fatal(err)
	}
	// Spring goes on: the file is no twin of it, only a copy's start.
	if _, err := s.FreeRoll(ctx, "Spring", "d6", "", Options{}); err != nil {
		t.Fatal(err)
	}
	// The older log's name, as no command takes it any more.
	if err := store.Rename(ctx, "Autumn", "Au\u200btumn"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Create(ctx, "Autumn", CreateOptions{Game: "kingsown"}); !errors.Is(err, ErrExists) || !strings.Contains(err.Error(), "invisible") {
		t.Errorf("Create(Autumn) beside Au\\u200btumn: %v, want ErrExists naming invisible characters", err)
	}
	if err := s.Rename(ctx, "Spring", "Autumn"); !errors.Is(err, ErrExists) {
		t.Errorf("Rename(Spring, Autumn): %v, want ErrExists", err)
	}
	if _, err := s.Import(ctx, strings.NewReader(b.String()), "Autumn"); err == nil || !strings.Contains(err.Error(), "invisible") {
		t.Errorf("Import --as Autumn: %v, want a refusal", err)
	}
	list, _ := s.List(ctx)
	if !slices.Equal(list, []string{"Au\u200btumn", "Spring"}) {
		t.Errorf("campaigns = %q, want only the two", list)
	}
	if st, err := s.Load(ctx, "Autumn"); err != nil || st.Campaign.Seed != 1 {
		t.Errorf("Load(Autumn) finds the campaign named Au\\u200btumn: %v", err)
	}
}
