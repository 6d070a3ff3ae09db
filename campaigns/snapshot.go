package campaigns

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"warlog/engines"
	"warlog/events"
	"warlog/internal/phase"
)

// snapshotKey names this build's snapshot format; a snapshot written in
// another is never read. 4: a voided action's events no longer count in
// the counts of actions and the redo stack a snapshot keeps (3 counted its
// action.begun).
const snapshotKey = "campaign-state/4"

// SnapshotKey is the snapshot format of this build (a benchmark's cached
// campaign must have been grown with it).
func SnapshotKey() string { return snapshotKey }

// DefaultSnapshotEvery is how many events a campaign grows between
// snapshots at most: a command replays at most about this many after
// restoring one. A save whose history changed since the restore rewrites
// that history (megabytes in a long campaign: tens of milliseconds), so
// those wait this long.
const DefaultSnapshotEvery = 256

// cheapShare is the share of DefaultSnapshotEvery after which a snapshot
// is saved anyway when saving it is cheap: the state's parts are those it
// was restored with, so the new snapshot stores only the state (kilobytes)
// and shares them. Folding costs a command about 5 µs an event on a cold
// start; a cheap save, one more small transaction every 32 events, keeps
// a command's fold short at a fraction of that.
const cheapShare = 8

// CheapSnapshotEvery is how far a snapshot may fall behind, at the
// default pace, while saving one stays cheap.
const CheapSnapshotEvery = DefaultSnapshotEvery / cheapShare

// savedState heads a snapshot's data: the service's bookkeeping and the
// rules and format of the game state, which follows on the next line in
// the engine's own encoding (kept out of this JSON, so that restoring does
// not scan it twice).
type savedState struct {
	Campaign    engines.Campaign `json:"campaign"`
	Created     time.Time        `json:"created"`
	ProgramDice int              `json:"program_dice"`
	Dice        DiceHow          `json:"dice,omitempty"`
	Redoable    []string         `json:"redoable,omitempty"`
	Actions     int              `json:"actions"`
	Meta        int              `json:"meta"`
	Undone      int              `json:"undone"`
	Rules       string           `json:"rules"`
	Format      string           `json:"format"`
}

// SnapshotEvery sets how many events pass between snapshots; 0 turns
// snapshots off (every command replays the whole log).
func (s *Service) SnapshotEvery(n int) { s.snapshotEvery = n }

// snapshotIfDue saves st as a snapshot when one is due (SnapshotDue). A
// snapshot is a cache: failing to save one changes nothing the user sees,
// so the error is dropped.
func (s *Service) snapshotIfDue(ctx context.Context, st *State) {
	if s.SnapshotDue(st) {
		_ = s.SaveSnapshot(ctx, st)
	}
}

// SnapshotDue reports whether st should be saved as a snapshot: the log
// has grown SnapshotEvery events past the state's base, or an eighth of
// that and the save is cheap (the game's parts unchanged since they were
// restored, shared by the new snapshot).
func (s *Service) SnapshotDue(st *State) bool {
	behind := st.Version - st.base
	if s.snapshotEvery <= 0 || behind < int64(max(s.snapshotEvery/cheapShare, 1)) {
		return false
	}
	if behind >= int64(s.snapshotEvery) {
		return true
	}
	sn, ok := st.engine.(engines.Snapshotter)
	return ok && st.Game != nil && st.restored.shareable() && sn.PartsUnchanged(st.Game)
}

// SaveSnapshot stores st as the campaign's snapshot at its version (when
// the store and the game's engine keep snapshots), for the next load to
// start from. Commands save them on their own every SnapshotEvery events.
func (s *Service) SaveSnapshot(ctx context.Context, st *State) error {
	store, ok := s.store.(events.Snapshots)
	if !ok || st.Game == nil {
		return nil
	}
	if st.unchecked != nil {
		// A snapshot must not carry on what an edited one said.
		checked, err := s.checkDice(ctx, st)
		if err != nil {
			return err
		}
		if checked != st {
			return fmt.Errorf("campaign %q: the snapshot at version %d disagrees with the log on its dice; not saved from it", st.Key, st.base)
		}
	}
	sn, ok := st.engine.(engines.Snapshotter)
	if !ok {
		return nil
	}
	// The parts the state was restored with are shared when no part
	// changed past its tail; otherwise (or when the store refuses, their
	// copy gone) the snapshot keeps every part whole, tails put back (a
	// part rebuilt from the log holds its tail already).
	shared := st.restored.shareable() && sn.PartsUnchanged(st.Game)
	encode := sn.EncodeWhole
	if shared {
		encode = sn.EncodeState
	}
	data, parts, err := encodeSnapshotWith(st, sn, encode)
	if err != nil {
		return err
	}
	snap := events.Snapshot{Campaign: st.Key, Version: st.Version, Head: st.Head, Key: snapshotKey, Data: data}
	if shared {
		snap.PartsHash = st.restored.hash
		if err = store.SaveSnapshot(ctx, snap); err == nil {
			st.base = st.Version
			return nil
		}
		snap.PartsHash = ""
		if snap.Data, parts, err = encodeSnapshotWith(st, sn, sn.EncodeWhole); err != nil {
			return err
		}
	}
	snap.Parts = joinParts(parts)
	if err = store.SaveSnapshot(ctx, snap); err == nil {
		st.base = st.Version
	}
	return err
}

// encodeSnapshot is what a snapshot of st holds: its data (the service's
// bookkeeping, a newline, the game state in the engine's encoding) and the
// game's parts (nil for each unchanged since the state was restored).
func encodeSnapshot(st *State, sn engines.Snapshotter) (data []byte, parts [][]byte, err error) {
	return encodeSnapshotWith(st, sn, sn.EncodeState)
}

// encodeSnapshotWith is encodeSnapshot with the game state encoded by
// encode.
func encodeSnapshotWith(st *State, sn engines.Snapshotter, encode func(engines.State) ([]byte, [][]byte, error)) (data []byte, parts [][]byte, err error) {
	game, parts, err := encode(st.Game)
	if err != nil {
		return nil, nil, err
	}
	data, err = engines.MarshalState(savedState{Campaign: st.Campaign, Created: st.Created, ProgramDice: st.ProgramDice, Dice: st.dice,
		Redoable: st.redoable, Actions: st.actions, Meta: st.meta, Undone: st.undone,
		Rules: st.engine.RulesVersion(), Format: sn.StateFormat()})
	if err != nil {
		return nil, nil, err
	}
	return append(append(data, '\n'), game...), parts, nil
}

// SnapshotFault is a stored snapshot that does not hold what the log says.
type SnapshotFault struct {
	Campaign string
	Version  int64
	Reason   string
}

// CheckSnapshots checks the stored snapshots of campaign name that this
// build would read: each must pass its store's own checks (its content
// hash, its head against the log, its parts' hash) and, with replay, hold
// exactly what the log replayed from its first event to the snapshot's
// version gives, folded with the actions in effect as the log stood then
// (a snapshot made stale by a later undo is still a true picture of its
// version). One replay serves consecutive snapshots unless an action it
// folded changed effect between them. It returns how many snapshots were
// compared with a replay and those at fault, oldest first. Snapshots of
// other rules are never read and not compared.
func (s *Service) CheckSnapshots(ctx context.Context, name string, replay bool) (replayed int, faults []SnapshotFault, err error) {
	store, ok := s.store.(events.Snapshots)
	if !ok {
		return 0, nil, nil
	}
	key, err := s.resolve(ctx, name)
	if err != nil {
		return 0, nil, err
	}
	replayed, faults, err = s.checkSnapshots(ctx, store, key, replay)
	for i := range faults {
		faults[i].Campaign = name
	}
	return replayed, faults, err
}

func (s *Service) checkSnapshots(ctx context.Context, store events.Snapshots, name string, replay bool) (replayed int, faults []SnapshotFault, err error) {
	audits, err := store.AuditSnapshots(ctx, name, snapshotKey)
	if err != nil {
		return 0, nil, err
	}
	var todo []events.SnapshotAudit
	for _, a := range audits {
		if a.Fault != "" {
			faults = append(faults, SnapshotFault{name, a.Version, a.Fault})
		} else if replay {
			todo = append(todo, a)
		}
	}
	if len(todo) == 0 {
		return 0, faults, nil
	}
	eff, err := events.LoadEffect(ctx, s.store, name, 0)
	if err != nil {
		return 0, nil, err
	}
	errRestart := errors.New("restart")
	for i := 0; i < len(todo); {
		st := &State{Head: events.Genesis}
		undone := eff.UndoneAt(todo[i].Version)
		err := events.Stream(ctx, s.store, name, 0, func(e *events.Event) error {
			if err := s.fold(st, e, undone, eff.Voided); err != nil {
				return err
			}
			for i < len(todo) && todo[i].Version == e.Version {
				reason, err := s.compareSnapshot(st, todo[i])
				if err != nil {
					return err
				}
				if reason != errOtherRules {
					replayed++
					if reason != "" {
						faults = append(faults, SnapshotFault{name, e.Version, reason})
					}
				}
				i++
				if i == len(todo) {
					return errRestart // done
				}
				between := events.Effect{Changes: slices.DeleteFunc(slices.Clone(eff.Changes), func(c events.Change) bool { return c.At > todo[i].Version })}
				changed, err := s.staleAt(ctx, name, e.Version, between)
				if err != nil {
					return err
				}
				if changed {
					return errRestart // what was folded is not the next snapshot's
				}
				undone = eff.UndoneAt(todo[i].Version)
			}
			return nil
		})
		if err != nil && !errors.Is(err, errRestart) {
			return replayed, nil, err
		}
		if err == nil { // the log ended first: cut short since the audit
			for ; i < len(todo); i++ {
				faults = append(faults, SnapshotFault{name, todo[i].Version, "the log has no event at its version (was the log cut short?)"})
			}
		}
	}
	slices.SortStableFunc(faults, func(a, b SnapshotFault) int { return cmp.Compare(a.Version, b.Version) })
	return replayed, faults, nil
}

// errOtherRules is compareSnapshot's answer for a snapshot of another
// build's rules, which is never read and cannot be compared.
const errOtherRules = "of other rules"

// compareSnapshot compares a stored snapshot with st, the log replayed to
// its version, byte for byte as a snapshot of st would be stored; it says
// what differs ("" for nothing).
func (s *Service) compareSnapshot(st *State, a events.SnapshotAudit) (string, error) {
	head, _, _ := bytes.Cut(a.Data, []byte{'\n'})
	var saved savedState
	readable := engines.UnmarshalState(head, &saved) == nil
	sn, ok := st.engine.(engines.Snapshotter)
	if !ok || st.Game == nil {
		return errOtherRules, nil // this build keeps no snapshots of the game: never read
	}
	if readable && (saved.Rules != st.engine.RulesVersion() || saved.Format != sn.StateFormat()) {
		return errOtherRules, nil
	}
	data, parts, err := encodeSnapshot(st, sn)
	if err != nil {
		return "", fmt.Errorf("campaign %q: encode the state at version %d: %w", st.Campaign.Name, st.Version, err)
	}
	// A snapshot that shares its history's base keeps what followed in a
	// tail: put back, it must be what the replay encodes.
	savedData, savedParts := a.Data, a.Parts
	if head, game, ok := bytes.Cut(a.Data, []byte{'\n'}); ok {
		var split [][]byte
		if len(a.Parts) > 0 {
			split = bytes.Split(a.Parts, []byte{'\n'})
		}
		if len(split) == len(parts) {
			whole, wholeParts, err := engines.WholeParts(game, split)
			if err != nil {
				return "its history's tail does not read", nil
			}
			savedData = append(append(append([]byte(nil), head...), '\n'), whole...)
			savedParts = joinParts(wholeParts)
		}
	}
	switch {
	case !bytes.Equal(data, savedData):
		return "its state differs from the log replayed to that version", nil
	case !bytes.Equal(joinParts(parts), savedParts):
		return "its history (parts) differs from the log replayed to that version", nil
	}
	return "", nil
}

// restore starts a Load: the newest snapshot that is still valid, or an
// empty state at version 0, and the undo bookkeeping written after it (all
// that folding the events after it needs).
//
// A snapshot at version V is valid when no action that began at or before
// V has changed effect (been undone or redone) after V: then the actions in
// effect up to V are the ones it was folded with. It must also come from
// this build's rules for the game and this snapshot format, and match the
// log's hash at V (the store checks that).
func (s *Service) restore(ctx context.Context, name string, snapshots bool) (*State, events.Effect, error) {
	fresh := func() (*State, events.Effect, error) {
		eff, err := events.LoadEffect(ctx, s.store, name, 0)
		return &State{Head: events.Genesis}, eff, err
	}
	store, ok := s.store.(events.Snapshots)
	if !ok || s.snapshotEvery <= 0 || !snapshots {
		return fresh()
	}
	var found *State
	var eff events.Effect
	loaded := false
	var ferr error
	err := store.EachSnapshot(ctx, name, snapshotKey, 1<<62, func(snap events.Snapshot) bool {
		if !loaded || eff.After > snap.Version {
			if eff, ferr = events.LoadEffect(ctx, s.store, name, snap.Version); ferr != nil {
				return false
			}
			loaded = true
		}
		stale, err := s.staleAt(ctx, name, snap.Version, eff)
		if err != nil {
			ferr = err
			return false
		}
		if stale {
			return true // an older one may still hold
		}
		phase.Mark("snapshot-read")
		st, err := s.decodeSnapshot(ctx, snap)
		if err != nil {
			return true // from other rules, or unreadable: a cache miss
		}
		phase.Mark("snapshot-decode")
		// What the dice depend on is checked against the log before any
		// program die is rolled from this state (checkDice), not here: a
		// command that only reads rolls none.
		st.unchecked = &diceSource{key: snap.Campaign, version: snap.Version, campaign: st.Campaign, created: st.Created, programDice: st.ProgramDice}
		found = st
		return false
	})
	if err == nil {
		err = ferr
	}
	if err != nil {
		return nil, events.Effect{}, err
	}
	if found == nil {
		return fresh()
	}
	return found, eff, nil
}

// diceSource is what a snapshot says the dice of the next action depend
// on: the campaign as created (its seed) and the index of the next program
// die, at the snapshot's version.
type diceSource struct {
	key         string
	version     int64
	campaign    engines.Campaign
	created     time.Time
	programDice int
}

// checkDice makes sure nothing the dice of st's next action depend on
// lives only in a cache (ARCHITECTURE.md, "Snapshots"): when st was
// restored from a snapshot, the campaign as created must be the log's
// campaign.created, and the index of the next program die the one the
// newest program roll in effect at the snapshot's version gives. A
// snapshot that disagrees (edited, though its hash was made to fit) is
// passed over: the state is then replayed from the log. Every path that
// rolls program dice from a loaded state, or saves it as a snapshot, calls
// this first; reading a state needs no check.
func (s *Service) checkDice(ctx context.Context, st *State) (*State, error) {
	src := st.unchecked
	if src == nil {
		return st, nil
	}
	agrees, err := s.agreesWithLog(ctx, *src)
	phase.Mark("snapshot-check")
	if err != nil {
		return nil, err
	}
	if agrees {
		st.unchecked = nil
		return st, nil
	}
	fresh, err := s.load(ctx, src.key, false)
	if err != nil {
		return nil, err
	}
	fresh.Key, fresh.Name = st.Key, st.Name
	return fresh, nil
}

// agreesWithLog checks a snapshot's dice source against the log: two
// indexed reads of a few rows.
func (s *Service) agreesWithLog(ctx context.Context, src diceSource) (bool, error) {
	var created []events.Event
	err := events.LoadTypes(ctx, s.store, src.key, 0, []string{TypeCreated}, func(e events.Event) error {
		created = append(created, e)
		return nil
	})
	if err != nil {
		return false, err
	}
	if len(created) != 1 {
		return false, nil
	}
	p, err := s.registry.Decode(created[0])
	if err != nil {
		return false, fmt.Errorf("campaign %q: %w", src.key, err)
	}
	if c, ok := p.(Created); !ok || c != src.campaign || !created[0].At.Equal(src.created) {
		return false, nil
	}
	next, err := s.programDiceAt(ctx, src.key, src.version)
	return next == src.programDice, err
}

// staleAt reports whether an action that began at or before version
// changed effect after it.
func (s *Service) staleAt(ctx context.Context, name string, version int64, eff events.Effect) (bool, error) {
	for _, v := range eff.Voids {
		// A void after the snapshot may take out an action folded into
		// it (voids are rare: any one after it makes it stale, whatever
		// version of the action it names).
		if v.At > version {
			return true, nil
		}
	}
	for _, c := range eff.Changes {
		if c.At <= version {
			continue
		}
		began := c.Ref.Version
		if began == 0 { // written before refs carried it: look it up
			evs, err := events.Action(ctx, s.store, name, c.Ref.Action)
			if err != nil {
				return false, err
			}
			if len(evs) == 0 {
				return true, nil
			}
			began = evs[0].Version
		}
		if began <= version {
			return true, nil
		}
	}
	return false, nil
}

func (s *Service) decodeSnapshot(ctx context.Context, snap events.Snapshot) (*State, error) {
	head, gameData, ok := bytes.Cut(snap.Data, []byte{'\n'})
	if !ok {
		return nil, fmt.Errorf("snapshot without its game state")
	}
	saved, err := decodeSavedState(head)
	if err != nil {
		return nil, err
	}
	eng, ok := s.engines[saved.Campaign.Game]
	if !ok || eng.RulesVersion() != saved.Rules {
		return nil, fmt.Errorf("snapshot of other rules")
	}
	sn, ok := eng.(engines.Snapshotter)
	if !ok || sn.StateFormat() != saved.Format {
		return nil, fmt.Errorf("no snapshots, or of another format")
	}
	restored := s.partsOf(ctx, snap)
	game, err := sn.DecodeState(saved.Campaign, gameData, restored.parts)
	if err != nil {
		return nil, err
	}
	return &State{Campaign: saved.Campaign, Created: saved.Created, Version: snap.Version, Head: snap.Head,
		ProgramDice: saved.ProgramDice, dice: saved.Dice, redoable: saved.Redoable, actions: saved.Actions, meta: saved.Meta, undone: saved.Undone,
		Game: game, engine: eng, base: snap.Version, restored: restored}, nil
}

// Rebuild drops every snapshot, re-decides each campaign from its first
// event (Rederive: nothing it replays is trusted as it stands) and saves a
// fresh snapshot at its head when it has grown past the threshold. It
// returns the campaigns, the events replayed and the snapshots dropped and
// saved; an action the rules do not re-derive stops it with a
// *NotDerivedError, no snapshot of its campaign saved.
func (s *Service) Rebuild(ctx context.Context) (campaigns int, evs int64, dropped, saved int, err error) {
	if store, ok := s.store.(events.Snapshots); ok {
		if dropped, err = store.DropSnapshots(ctx); err != nil {
			return 0, 0, 0, 0, err
		}
	}
	names, err := s.List(ctx)
	if err != nil {
		return 0, 0, dropped, 0, err
	}
	for _, n := range names {
		rd, err := s.Rederive(ctx, n)
		if err != nil {
			return 0, 0, dropped, saved, err
		}
		st := rd.State
		evs += st.Version
		if s.snapshotEvery > 0 && st.Version >= int64(s.snapshotEvery) && s.SaveSnapshot(ctx, st) == nil && st.base == st.Version {
			saved++
		}
	}
	return len(names), evs, dropped, saved, nil
}

// joinParts keeps a snapshot's parts in one value, one per line (JSON as
// we write it holds no raw newline).
func joinParts(parts [][]byte) []byte {
	if len(parts) == 0 {
		return nil
	}
	return bytes.Join(parts, []byte{'\n'})
}

// restoredParts are the parts of the snapshot a state was restored from.
type restoredParts struct {
	parts   engines.Parts
	hash    string       // the stored copy they came from; "" if inline
	rebuilt *atomic.Bool // the copy could not be read: never share it
}

// shareable reports whether a new snapshot may share the stored copy of
// the parts the state was restored with (when they are unchanged).
func (r *restoredParts) shareable() bool {
	return r != nil && r.hash != "" && !r.rebuilt.Load()
}

// partsOf reads a restored snapshot's parts from the store once, when the
// state first asks for one; if that fails, or a part does not decode, the
// parts are rebuilt by replaying the log up to the snapshot's version.
func (s *Service) partsOf(ctx context.Context, snap events.Snapshot) *restoredParts {
	all := sync.OnceValues(func() ([][]byte, error) {
		if snap.LoadParts == nil {
			return nil, nil
		}
		b, err := snap.LoadParts()
		if err != nil || len(b) == 0 {
			return nil, err
		}
		return bytes.Split(b, []byte{'\n'}), nil
	})
	r := &restoredParts{hash: snap.PartsHash, rebuilt: new(atomic.Bool)}
	rebuilt := sync.OnceValues(func() ([][]byte, error) {
		r.rebuilt.Store(true)
		return s.partsAt(ctx, snap.Campaign, snap.Version)
	})
	part := func(all func() ([][]byte, error)) func(int) ([]byte, error) {
		return func(i int) ([]byte, error) {
			parts, err := all()
			if err != nil {
				return nil, err
			}
			if i >= len(parts) {
				return nil, fmt.Errorf("snapshot of %q at version %d: part %d is missing", snap.Campaign, snap.Version, i+1)
			}
			return parts[i], nil
		}
	}
	r.parts = engines.Parts{Read: part(all), Rebuild: part(rebuilt)}
	return r
}

// partsAt replays campaign's log up to version, without snapshots, and
// returns the parts a snapshot there holds: folded with the actions in
// effect as the log stood at that version, as the snapshot was (another
// warlog may have undone one of them since the restore).
func (s *Service) partsAt(ctx context.Context, name string, version int64) ([][]byte, error) {
	eff, err := events.LoadEffect(ctx, s.store, name, 0)
	if err != nil {
		return nil, err
	}
	undone := eff.UndoneAt(version)
	st := &State{Head: events.Genesis}
	errEnough := errors.New("enough")
	err = events.Stream(ctx, s.store, name, 0, func(e *events.Event) error {
		if e.Version > version {
			return errEnough
		}
		return s.fold(st, e, undone, eff.Voided)
	})
	if err != nil && !errors.Is(err, errEnough) {
		return nil, err
	}
	sn, ok := st.engine.(engines.Snapshotter)
	if !ok || st.Version != version {
		return nil, fmt.Errorf("campaign %q: no state at version %d to rebuild a snapshot's parts from", name, version)
	}
	_, parts, err := sn.EncodeState(st.Game)
	return parts, err
}
