package campaigns

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"warlog/engines"
	"warlog/engines/dice"
	"warlog/events"
)

// Re-deciding a log
//
// The hash chain proves the order of a log, not that the rules made it
// (ARCHITECTURE.md, "Trust: a fact counts only if the rules re-derive it").
// A log is re-derived by deciding every action again from the start, as it
// was decided when it was made:
//
//   - on the state at its place in the log: every earlier action that was
//     in effect then, including those undone later (an undo or an
//     amendment takes actions out from its own version on, and the state
//     is folded again from a checkpoint before the oldest of them);
//   - from what it recorded: its command as data (action.begun, or an
//     amendment's action.redecided), its hand-entered dice; program dice
//     rolled again from the campaign's seed at the index of the program
//     dice in effect then;
//   - under the rules version it was stored with.
//
// The facts the rules give must equal the stored ones byte for byte; the
// first action whose facts differ, or which the rules refuse, is a
// *NotDerivedError. Undo and redo markers must name an action that exists,
// began before them and was in effect (undo) or out of effect (redo) then;
// the campaign's creation must be its first action. An amendment's
// re-decided actions are decided with the dice they record.
//
// An action decided under a rules version this build cannot decide (an
// older build's, or a newer one's) is not re-derived: its stored facts are
// folded as they are and it is counted in Rederived.Unchecked. Rules never
// go back within a campaign: an action stamped with an older version than
// one before it is a *NotDerivedError, so a forger cannot dodge the check
// by stamping an old version on a campaign played under today's rules.

// NotDerivedError is an action of the log that the rules do not re-derive:
// they refuse its recorded command (Refused), or give other facts than the
// stored ones (Reason says what differs).
type NotDerivedError struct {
	// Campaign is the campaign's name (its key when read from a file).
	Campaign string
	// Version is that of the action's action.begun (or, inside an
	// amendment, of its action.redecided).
	Version int64
	Action  string
	Label   string
	// Rules is the rules version the action says it was decided under.
	Rules string
	// Reason says what differs, in plain words.
	Reason string
	// Refused is the rules' refusal of the recorded command, when they
	// refuse it.
	Refused error
}

func (e *NotDerivedError) Error() string {
	label := ""
	if e.Label != "" {
		label = " " + quote(e.Label)
	}
	rules := ""
	if e.Rules != "" {
		rules = ", decided under " + e.Rules
	}
	return fmt.Sprintf("campaign %q, version %d, action %s%s%s, does not follow from the rules: %s",
		e.Campaign, e.Version, ShortActionID(e.Action), label, rules, e.Reason)
}

// LogFaultError: a command found an action the rules do not re-derive
// among those it decided again before deciding its own (after a
// snapshot); nothing was decided or written.
type LogFaultError struct{ Err *NotDerivedError }

func (e *LogFaultError) Error() string { return e.Err.Error() + "; nothing was decided on it" }

func (e *LogFaultError) Unwrap() error { return e.Err }

// Rederived is what a re-decision of a log found.
type Rederived struct {
	// Actions is how many actions (and actions an amendment decided
	// again) were decided again and matched.
	Actions int
	// Unchecked counts the actions not re-derived, by the rules version
	// they were decided under, which this build cannot decide.
	Unchecked map[string]int
	// State is the campaign's state at the end of the log, folded from
	// what was re-derived.
	State *State
}

// UncheckedSummary lists Unchecked as "12 under kingsown/1", sorted.
func (r Rederived) UncheckedSummary() []string {
	var out []string
	for v, n := range r.Unchecked {
		if v == "" {
			v = "no recorded rules"
		}
		out = append(out, fmt.Sprintf("%d under %s", n, v))
	}
	sort.Strings(out)
	return out
}

// NewerRules names a version in Unchecked newer than the one this build
// decides for the same game ("" for none): a log this build cannot check.
func (r Rederived) NewerRules(eng engines.Engine) string {
	if eng == nil {
		return ""
	}
	_, have := rulesNumber(eng.RulesVersion())
	for v := range r.Unchecked {
		if _, n := rulesNumber(v); n > have {
			return v
		}
	}
	return ""
}

// Rederive decides campaign's every action again from its start and
// compares the facts with the stored ones (see "Re-deciding a log"). The
// first action that does not follow is a *NotDerivedError.
func (s *Service) Rederive(ctx context.Context, campaign string) (Rederived, error) {
	key, err := s.resolve(ctx, campaign)
	if err != nil {
		return Rederived{}, err
	}
	eff, err := events.LoadEffect(ctx, s.store, key, 0)
	if err != nil {
		return Rederived{}, err
	}
	defer collectLess()()
	r := s.rederiver(campaign, &State{Key: key, Name: campaign, Head: events.Genesis}, eff, func(after int64, fn func(*events.Event) error) error {
		return events.Stream(ctx, s.store, key, after, fn)
	})
	if err := r.run(ctx); err != nil {
		return Rederived{}, err
	}
	if r.st.Version == 0 {
		return Rederived{}, &NameError{campaign, ErrNoCampaign}
	}
	return r.result(), nil
}

// source streams a log's events after a version, in order; the event
// passed is valid only during the call.
type source func(after int64, fn func(*events.Event) error) error

// rederiver decides a log's actions again, one after another.
type rederiver struct {
	s    *Service
	name string
	src  source
	// st is the state before the next action: the log folded so far,
	// with the actions out of effect now (skip) left out.
	st   *State
	skip map[string]bool
	// void are the actions voided anywhere in the log: never decided or
	// folded, as if their events were not there.
	void map[string]bool
	// began is every action met: the version of its action.begun.
	began map[string]int64
	// checkpoints are copies of st at earlier action boundaries, oldest
	// first (the first is where the re-decision started): an undo folds
	// again from the newest one before the oldest action it takes out.
	checkpoints []checkpoint
	// needed maps the version of each action an undo or redo will name
	// (as the log's undo bookkeeping says) to the newest version that
	// names it: a checkpoint just before it is kept until then.
	needed map[int64]int64
	// start is the version the re-decision started from.
	start int64
	// recent are the newest events folded, in order, without a gap: the
	// slices of events the actions came in (each kept as it is, not
	// copied); recentN counts their events.
	recent      [][]events.Event
	recentN     int
	recentBytes int
	// newest is the highest rules version met, by number.
	newest    int
	actions   int
	unchecked map[string]int
	// ahead are the action.begun payloads read ahead (readAhead), by
	// version, until their action is decided.
	ahead map[int64]Begun
}

// checkpoint is a copy of the state, kept until a version (math.MaxInt64:
// for as long as the re-decision runs, thinned out).
type checkpoint struct {
	st    *State
	until int64
}

// checkpointEvery is how many events pass between the checkpoints kept
// whatever the bookkeeping says (a log whose undo markers do not name
// the version of what they undo); maxCheckpoints how many of those are
// kept (older ones are thinned out).
//
// checkpointNear: an action an undo names gets no checkpoint of its own
// when the last one is fewer events before it than this (folding them
// again from the events kept in memory costs less than a copy). Since
// copies share what a campaign keeps, 16 re-decides 5-10 % faster than 48
// did, and 0 (a copy at every action named) slower (BenchmarkVerify).
const (
	checkpointEvery = 1024
	maxCheckpoints  = 64
	checkpointNear  = 16
)

// versionOf is the version of a checkpoint's state.
func (r *rederiver) versionOf(c checkpoint) int64 {
	if c.st == nil {
		return r.start
	}
	return c.st.Version
}

// rederiver starts a re-decision from start. eff is the log's undo
// bookkeeping after start's version: where it names the version of the
// actions undone and redone, a checkpoint is kept just before each, so
// that an undo folds nothing again (a copy of the state costs a few
// dozen events' folding).
//
// The first checkpoint is start itself: a copy of it, unless start is the
// empty state before a log (made again when needed) or eff names no undo
// or redo to come (then an undo met anyway, written since eff was read,
// is errNoCheckpoint).
func (s *Service) rederiver(name string, start *State, eff events.Effect, src source) *rederiver {
	first := checkpoint{until: math.MaxInt64}
	if start.Version > 0 && len(eff.Changes) > 0 {
		first.st = copyState(start)
	}
	r := &rederiver{s: s, name: name, st: start, start: start.Version, skip: map[string]bool{}, began: map[string]int64{},
		checkpoints: []checkpoint{first}, needed: map[int64]int64{}, unchecked: map[string]int{}, void: eff.Voided}
	r.src = readAhead(src, func(v int64, b Begun) {
		if len(r.ahead) >= 8 { // those a refold passed over
			clear(r.ahead)
		}
		r.ahead[v] = b
	})
	r.ahead = map[int64]Begun{}
	for a := range eff.Voided {
		r.skip[a] = true
	}
	for _, c := range eff.Changes {
		if v := c.Ref.Version; v > start.Version {
			r.needed[v] = max(r.needed[v], c.At)
		}
	}
	return r
}

func (r *rederiver) result() Rederived {
	return Rederived{Actions: r.actions, Unchecked: r.unchecked, State: r.st}
}

// copyState is a deep copy of st (its game state by engines.Clone, which
// shares the finished history).
func copyState(st *State) *State {
	c := *st
	c.redoable = append([]string(nil), st.redoable...)
	if st.Game != nil {
		c.Game = engines.Clone(st.Game)
	}
	return &c
}

var errRestart = errors.New("fold again")

// keepRecent is how many of the newest events a re-decision keeps in
// memory, for an undo to fold again from without reading the log again.
const (
	keepRecent      = 4096
	keepRecentBytes = 8 << 20
)

// run decides every action after the starting state's version.
func (r *rederiver) run(ctx context.Context) error {
	var buf []events.Event
	var slab eventSlab
	for {
		var pending []events.Event
		err := r.src(r.st.Version, func(e *events.Event) error {
			void := r.void[e.Action]
			if (e.Type == events.TypeActionBegun || void) && len(buf) > 0 {
				if changesEffect(buf) {
					from, err := r.takeEffect(buf)
					if err != nil {
						return err
					}
					if !r.refoldRecent(from, buf[0].Version-1) {
						// Fold again from the log, outside this
						// stream; the stream starts again after it.
						slab.took(buf)
						pending, buf = buf, nil
						return errRestart
					}
				}
				slab.took(buf)
				if err := r.action(buf); err != nil {
					return err
				}
				buf = nil // remembered as it is
			}
			if void {
				r.passVoided(e)
				return nil
			}
			if buf == nil {
				buf = slab.next()
			}
			buf = append(buf, *e) // a copy already (readAhead)
			return nil
		})
		if errors.Is(err, errRestart) {
			if err := r.refold(ctx, pending[0].Version-1); err != nil {
				return err
			}
			if err := r.action(pending); err != nil {
				return err
			}
			continue
		}
		if err != nil {
			return err
		}
		if len(buf) == 0 {
			return nil
		}
		if changesEffect(buf) {
			from, err := r.takeEffect(buf)
			if err != nil {
				return err
			}
			if !r.refoldRecent(from, buf[0].Version-1) {
				if err := r.refold(ctx, buf[0].Version-1); err != nil {
					return err
				}
			}
		}
		return r.action(buf)
	}
}

// eventSlab cuts the slices an action's events are gathered in from one
// larger array: an allocation per thousand events rather than a few per
// action. A slice that outgrows the room left moves out, as append does.
type eventSlab struct{ free []events.Event }

// next is an empty slice with the room left.
func (s *eventSlab) next() []events.Event {
	if len(s.free) < 16 {
		s.free = make([]events.Event, 1024)
	}
	return s.free[:0]
}

// took marks the room buf (from next) filled as taken for good.
func (s *eventSlab) took(buf []events.Event) {
	if len(buf) > 0 && len(s.free) >= len(buf) && &buf[0] == &s.free[0] {
		s.free = s.free[len(buf):]
	}
}

// changesEffect reports whether an action's events undo or redo others.
func changesEffect(evs []events.Event) bool {
	for _, e := range evs {
		if e.Type == events.TypeActionUndone || e.Type == events.TypeActionRedone {
			return true
		}
	}
	return false
}

// takeEffect checks an action's undo and redo markers, takes the actions
// they name out of effect (or puts them back), and restores the newest
// checkpoint before the oldest of them: the state is then to be folded
// again from its version (returned) up to the action.
func (r *rederiver) takeEffect(evs []events.Event) (int64, error) {
	oldest := int64(-1)
	// changed: the effect of the actions the markers name, as they take
	// it in turn (r.skip is changed once all are checked).
	changed := map[string]bool{}
	out := func(a string) bool {
		if v, ok := changed[a]; ok {
			return v
		}
		return r.skip[a]
	}
	for _, e := range evs {
		if e.Type != events.TypeActionUndone && e.Type != events.TypeActionRedone {
			continue
		}
		ref, err := events.DecodeActionRef(e.Data)
		if err != nil {
			return 0, fmt.Errorf("campaign %q, event %d (%s): payload does not decode: %w", r.name, e.Version, e.Type, err)
		}
		began, ok := r.began[ref.Action]
		undo := e.Type == events.TypeActionUndone
		switch {
		case !ok:
			return 0, r.fault(evs, fmt.Sprintf("its %s at version %d names action %s, which is not in the log before it", e.Type, e.Version, ShortActionID(ref.Action)))
		case ref.Version != 0 && ref.Version != began:
			return 0, r.fault(evs, fmt.Sprintf("its %s at version %d says action %s began at version %d; it began at %d", e.Type, e.Version, ShortActionID(ref.Action), ref.Version, began))
		case undo && out(ref.Action):
			return 0, r.fault(evs, fmt.Sprintf("its %s at version %d undoes action %s, which was not in effect", e.Type, e.Version, ShortActionID(ref.Action)))
		case !undo && !out(ref.Action):
			return 0, r.fault(evs, fmt.Sprintf("its %s at version %d redoes action %s, which was in effect", e.Type, e.Version, ShortActionID(ref.Action)))
		}
		changed[ref.Action] = undo
		if oldest < 0 || began < oldest {
			oldest = began
		}
	}
	for a, undo := range changed {
		if undo {
			r.skip[a] = true
		} else {
			delete(r.skip, a)
		}
	}
	// Checkpoints folded with the changed actions are no longer the state
	// at their version; the newest one left is folded on up to this action.
	n := len(r.checkpoints)
	for n > 1 && r.checkpoints[n-1].st.Version >= oldest {
		n--
	}
	r.checkpoints = r.checkpoints[:n]
	last := r.checkpoints[n-1]
	switch c := last.st; {
	case c != nil && n > 1 && last.until <= evs[len(evs)-1].Version:
		// Nothing after this action names it: the state is taken as it
		// is, not copied.
		r.st = c
		r.checkpoints = r.checkpoints[:n-1]
	case c != nil:
		r.st = copyState(c)
	case r.st.Version > 0 && r.start > 0:
		return 0, errNoCheckpoint
	default:
		r.st = &State{Key: r.st.Key, Name: r.st.Name, Head: events.Genesis}
	}
	return r.st.Version, nil
}

// errNoCheckpoint: an undo or redo the bookkeeping read at the start did
// not name reaches back to the state the re-decision started from, of
// which no copy was kept.
var errNoCheckpoint = errors.New("an undo reaches back past the first checkpoint")

// refoldRecent folds the events after version from up to version to
// from those kept in memory; false when they do not reach back so far.
func (r *rederiver) refoldRecent(from, to int64) bool {
	if from >= to {
		return true
	}
	if len(r.recent) == 0 || r.recent[0][0].Version > from+1 {
		return false
	}
	for _, evs := range r.recent {
		if evs[len(evs)-1].Version <= from {
			continue
		}
		for i := range evs {
			e := &evs[i]
			if e.Version <= from {
				continue
			}
			if e.Version > to {
				return true
			}
			if e.Type == events.TypeActionBegun {
				r.checkpoint(e.Version)
			}
			if err := r.s.fold(r.st, e, r.skip, r.void); err != nil {
				// Folded once already: it cannot fail now; fold from the
				// log, which says why.
				return false
			}
		}
	}
	return true
}

// refold folds the log's events after the state's version up to version
// to, read from the log again.
func (r *rederiver) refold(ctx context.Context, to int64) error {
	if r.st.Version >= to {
		return nil
	}
	errEnough := errors.New("enough")
	err := r.src(r.st.Version, func(e *events.Event) error {
		if e.Version > to {
			return errEnough
		}
		if r.void[e.Action] {
			r.passVoided(e)
			return nil
		}
		if e.Type == events.TypeActionBegun {
			r.checkpoint(e.Version)
		}
		return r.s.fold(r.st, e, r.skip, r.void)
	})
	if err != nil && !errors.Is(err, errEnough) {
		return err
	}
	return ctx.Err()
}

// passVoided passes over an event of a voided action: the state's version
// and head move on, nothing else. The recent events kept are let go of
// (they are kept without a gap).
func (r *rederiver) passVoided(e *events.Event) {
	r.st.Version = e.Version
	if e.Hash != "" {
		r.st.Head = e.Hash
	}
	clear(r.recent)
	r.recent = r.recent[:0]
	r.recentN, r.recentBytes = 0, 0
}

// errVoidRaced: an action.voided marker met was not in the bookkeeping
// read at the start (appended meanwhile): the re-decision starts again.
var errVoidRaced = errors.New("an action was voided meanwhile")

// remember keeps an action's events among the recent ones: evs itself,
// which no one changes after. When they pass keepRecent, the oldest
// actions' are let go of, down to half as many events or fewer. (They are
// also halved when their payloads pass keepRecentBytes: a log read from a
// file may hold long ones.)
func (r *rederiver) remember(evs []events.Event) {
	if r.recentN >= keepRecent || r.recentBytes >= keepRecentBytes {
		keep := min(r.recentN, keepRecent) / 2
		drop := 0
		for r.recentN > keep {
			for _, e := range r.recent[drop] {
				r.recentBytes -= len(e.Data)
			}
			r.recentN -= len(r.recent[drop])
			drop++
		}
		n := copy(r.recent, r.recent[drop:])
		clear(r.recent[n:])
		r.recent = r.recent[:n]
	}
	for _, e := range evs {
		r.recentBytes += len(e.Data)
	}
	r.recentN += len(evs)
	r.recent = append(r.recent, evs)
}

// checkpoint keeps a copy of the state before the action that begins at
// version next, when an undo or redo will name that action, or when
// enough events have passed since the last checkpoint kept throughout;
// and lets go of those no undo or redo still to come needs.
func (r *rederiver) checkpoint(next int64) {
	until, named := r.needed[next]
	lastKept := r.start
	for _, c := range r.checkpoints[1:] {
		if c.until == math.MaxInt64 {
			lastKept = c.st.Version
		}
	}
	periodic := r.st.Version-lastKept >= checkpointEvery
	if !named && !periodic {
		return
	}
	if last := &r.checkpoints[len(r.checkpoints)-1]; !periodic && r.st.Version-r.versionOf(*last) < checkpointNear {
		// Folding again from the last one costs less than a copy: it is
		// kept for as long as this one would have been.
		last.until = max(last.until, until)
		return
	}
	if periodic {
		until = math.MaxInt64
	}
	kept := r.checkpoints[:1]
	var throughout int
	for _, c := range r.checkpoints[1:] {
		if c.until == math.MaxInt64 {
			throughout++
		}
	}
	for i, c := range r.checkpoints[1:] {
		switch {
		case c.until < r.st.Version: // nothing to come names it
		case c.until == math.MaxInt64 && throughout >= maxCheckpoints && i%2 == 0:
			// Thinned out: every other one kept throughout.
		default:
			kept = append(kept, c)
		}
	}
	r.checkpoints = append(kept, checkpoint{copyState(r.st), until})
}

// fold folds an action's stored events into the state.
func (r *rederiver) fold(evs []events.Event) error {
	for i := range evs {
		if err := r.s.fold(r.st, &evs[i], r.skip, r.void); err != nil {
			return err
		}
	}
	return nil
}

// fault is a *NotDerivedError for the action whose events are evs.
func (r *rederiver) fault(evs []events.Event, reason string) error {
	e := &NotDerivedError{Campaign: r.name, Version: evs[0].Version, Action: evs[0].Action, Reason: reason}
	if p, err := r.s.registry.Decode(evs[0]); err == nil {
		if b, ok := p.(Begun); ok {
			e.Label, e.Rules = b.Label, b.Rules
		}
	}
	return e
}

// action decides one action again (its effect changes already folded)
// and folds its stored events.
func (r *rederiver) action(evs []events.Event) error {
	r.checkpoint(evs[0].Version)
	r.remember(evs)
	first := evs[0]
	if first.Type != events.TypeActionBegun {
		return r.fault(evs, fmt.Sprintf("event %d (%s) begins no action", first.Version, first.Type))
	}
	b, ok := r.ahead[first.Version]
	if ok {
		delete(r.ahead, first.Version)
	} else {
		p, err := r.s.registry.Decode(first)
		if err != nil {
			return fmt.Errorf("campaign %q: %w", r.name, err)
		}
		b = p.(Begun)
	}
	if _, dup := r.began[first.Action]; dup {
		return r.fault(evs, fmt.Sprintf("action %s began before, at version %d", ShortActionID(first.Action), r.began[first.Action]))
	}
	r.began[first.Action] = first.Version
	for _, e := range evs[1:] {
		if e.Action != first.Action {
			return &NotDerivedError{Campaign: r.name, Version: e.Version, Action: e.Action,
				Reason: fmt.Sprintf("its %s stands in no action of the rules': action %s has no action.begun of its own", e.Type, ShortActionID(e.Action))}
		}
	}
	created := first.Version == 1
	if created != (b.Verb == VerbCreate) {
		if created {
			return r.fault(evs, "a campaign's log begins with its creation")
		}
		return r.fault(evs, "a campaign is created once, by its first action")
	}
	switch b.Verb {
	case VerbCreate:
		if len(evs) != 2 || evs[1].Type != TypeCreated {
			return r.fault(evs, "the campaign's creation holds its campaign.created and nothing else")
		}
		return r.fold(evs)
	case VerbUndo, VerbRedo:
		for _, e := range evs[1:] {
			if e.Type != events.TypeActionUndone && e.Type != events.TypeActionRedone {
				return r.fault(evs, fmt.Sprintf("an %s holds undo and redo markers only; event %d is %s", b.Verb, e.Version, e.Type))
			}
		}
		if len(evs) == 1 {
			return r.fault(evs, "it undoes or redoes nothing")
		}
		return r.fold(evs)
	case VerbAmend:
		return r.amendment(evs, b)
	case VerbDice:
		return r.setting(evs, b)
	case VerbVoid:
		for _, e := range evs[1:] {
			if e.Type != events.TypeActionVoided {
				return r.fault(evs, fmt.Sprintf("a void holds action.voided markers only; event %d is %s", e.Version, e.Type))
			}
			var v events.Voided
			if err := json.Unmarshal(e.Data, &v); err != nil {
				return fmt.Errorf("campaign %q, event %d (%s): payload does not decode: %w", r.name, e.Version, e.Type, err)
			}
			if !r.void[v.Action] {
				return errVoidRaced
			}
		}
		if len(evs) == 1 {
			return r.fault(evs, "it voids nothing")
		}
		return r.fold(evs)
	}
	if err := r.checkRules(evs, b.Rules); err != nil {
		return err
	}
	if !r.decidable(b.Rules) {
		return r.fold(evs)
	}
	folded, err := r.decide(evs, evs[1:], b.Verb, b.Args, b.Dice, b.Label, b.Rules)
	if err != nil {
		return err
	}
	if folded {
		return r.foldDecided(evs, 1)
	}
	return r.fold(evs)
}

// foldDecided folds an action whose facts from evs[from] on the rules
// have folded into the game state already (in place, equal to the stored
// ones): the events before them as any, and for those the bookkeeping
// alone (version, head, program dice).
func (r *rederiver) foldDecided(evs []events.Event, from int) error {
	if err := r.fold(evs[:from]); err != nil {
		return err
	}
	for i := from; i < len(evs); i++ {
		e := &evs[i]
		r.st.Version = e.Version
		if e.Hash != "" {
			r.st.Head = e.Hash
		}
		if e.Type == dice.Type {
			n, program, err := rolledDice(e.Data)
			if err != nil {
				return fmt.Errorf("campaign %q, event %d (%s): payload does not decode: %w", r.name, e.Version, e.Type, err)
			}
			if program {
				r.st.ProgramDice += n
			}
		}
	}
	return nil
}

// inPlaceDecider is an engine that decides on the state itself, folding
// the facts into it as they are emitted (kit.Game.DecideInPlace).
type inPlaceDecider interface {
	DecideInPlace(st engines.State, cmd engines.Command, d *engines.Decision) error
}

// decidable reports whether this build decides rules (else the action is
// counted as not re-derived), and refuses rules that go back.
func (r *rederiver) decidable(rules string) bool {
	if _, n := rulesNumber(rules); n > r.newest {
		r.newest = n
	}
	eng := r.st.engine
	if eng == nil || r.st.Game == nil || rules != eng.RulesVersion() {
		r.unchecked[rules]++
		return false
	}
	return true
}

// checkRules refuses an action stamped with an older rules version than
// one before it.
func (r *rederiver) checkRules(evs []events.Event, rules string) error {
	if _, n := rulesNumber(rules); n < r.newest {
		return r.fault(evs, fmt.Sprintf("it says it was decided under %s, older rules than the actions before it", orNone(rules)))
	}
	return nil
}

// decide decides one recorded command on the state and compares the
// facts with facts, the stored ones. folded: the engine decided on the
// state itself, which now holds the facts (foldDecided folds the rest);
// otherwise the state is unchanged. On an error the state is not to be
// used again.
func (r *rederiver) decide(evs, facts []events.Event, verb string, args []byte, hand []int, label, rules string) (folded bool, err error) {
	eng := r.st.engine
	roller := dice.NewRoller(r.st.Campaign.Seed, r.st.ProgramDice, hand)
	d := engines.NewDecision(roller)
	d.Unlabelled() // the stored label stands; only the facts are compared
	ip, inPlace := eng.(inPlaceDecider)
	if inPlace && verb != VerbRoll {
		var cmd engines.Command
		if cmd, err = eng.DecodeCommand(verb, args); err != nil {
			err = fmt.Errorf("the recorded command %q cannot be decided again: %w", verb, err)
		} else {
			err = ip.DecideInPlace(r.st.Game, cmd, d)
		}
	} else {
		inPlace = false
		err = r.s.redecide(r.st, eng, verb, args, nil, d)
	}
	if err == nil {
		err = roller.Finish()
	}
	version := evs[0].Version
	fault := func(reason string, refused error) error {
		return &NotDerivedError{Campaign: r.name, Version: version, Action: evs[0].Action, Label: label, Rules: rules, Reason: reason, Refused: refused}
	}
	if err != nil {
		return false, fault("the rules refuse its recorded command: "+err.Error(), err)
	}
	got := d.Facts()
	for i := 0; i < max(len(got), len(facts)); i++ {
		if i >= len(got) {
			return false, fault(fmt.Sprintf("the rules give %d facts; the log holds %d, the first extra at version %d (%s)", len(got), len(facts), facts[i].Version, facts[i].Type), nil)
		}
		data, err := factData(got[i], facts, i)
		if err != nil {
			return false, err
		}
		if i >= len(facts) {
			return false, fault(fmt.Sprintf("the rules give %d facts; the log holds %d, without %s %s", len(got), len(facts), got[i].Type, brief(data)), nil)
		}
		if got[i].Type != facts[i].Type || !bytes.Equal(data, facts[i].Data) {
			return false, fault(differs(facts[i], got[i].Type, data), nil)
		}
	}
	r.actions++
	return inPlace, nil
}

// factData is the payload of the i-th fact the rules give, encoded as the
// log stores it: through the faster encoder (engines.MarshalState), and
// when that is not the stored i-th fact's bytes, through the log's own
// (events.Marshal) to be sure.
func factData(f events.Fact, stored []events.Event, i int) ([]byte, error) {
	if _, raw := f.Data.(json.RawMessage); !raw && f.Data != nil && i < len(stored) {
		if b, err := engines.MarshalState(f.Data); err == nil && bytes.Equal(b, stored[i].Data) {
			return b, nil
		}
	}
	return events.Marshal(f)
}

// differs says how a stored fact differs from the one the rules give.
func differs(stored events.Event, typ string, data []byte) string {
	at := fmt.Sprintf("version %d", stored.Version)
	if stored.Type != typ {
		return fmt.Sprintf("%s is %s %s; the rules give %s %s", at, stored.Type, brief(stored.Data), typ, brief(data))
	}
	if typ == dice.Type {
		was, err1 := dice.DecodeRolled(stored.Data)
		now, err2 := dice.DecodeRolled(data)
		if err1 == nil && err2 == nil && (was.Source != now.Source || !equalInts(was.Values, now.Values)) {
			if now.Source == dice.Program {
				return fmt.Sprintf("%s rolls %s for %s: the log has %s, the campaign's seed gives %s (program dice from %d)",
					at, now.Notation, now.Purpose, joinInts(was.Values), joinInts(now.Values), now.Index)
			}
			return fmt.Sprintf("%s rolls %s for %s: the log has %s (%s), the action's dice were %s (%s)",
				at, now.Notation, now.Purpose, joinInts(was.Values), was.Source, joinInts(now.Values), now.Source)
		}
	}
	return fmt.Sprintf("%s (%s) holds %s; the rules give %s", at, typ, brief(stored.Data), brief(data))
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// brief is a payload shortened for a message.
func brief(data []byte) string {
	const most = 160
	s := string(data)
	if len(s) > most {
		s = s[:most] + "…"
	}
	return s
}

// amendment decides again each action an amendment decided again, with
// the dice it records, on the state before the amended action (its
// markers already folded), and compares their facts.
func (r *rederiver) amendment(evs []events.Event, b Begun) error {
	i := 1
	for i < len(evs) && evs[i].Type != TypeRedecided {
		switch evs[i].Type {
		case TypeAmended, events.TypeActionUndone:
		default:
			return r.fault(evs, fmt.Sprintf("event %d (%s) stands before the amendment's first action.redecided", evs[i].Version, evs[i].Type))
		}
		i++
	}
	if err := r.fold(evs[:i]); err != nil {
		return err
	}
	if _, n := rulesNumber(b.Rules); n > r.newest {
		r.newest = n
	}
	for i < len(evs) {
		j := i + 1
		for j < len(evs) && evs[j].Type != TypeRedecided {
			j++
		}
		unit := evs[i:j]
		p, err := r.s.registry.Decode(unit[0])
		if err != nil {
			return fmt.Errorf("campaign %q: %w", r.name, err)
		}
		rd := p.(Redecided)
		if err := r.checkRules(unit, rd.Rules); err != nil {
			return r.amendFault(evs, unit, err)
		}
		if r.decidable(rd.Rules) {
			if len(unit) == 1 {
				return r.amendFault(evs, unit, fmt.Errorf("it records no facts"))
			}
			hand := append([]int{}, rd.Dice...)
			folded, err := r.decide(unit, unit[1:], rd.Verb, rd.Args, hand, rd.Label, rd.Rules)
			if err != nil {
				return r.amendFault(evs, unit, err)
			}
			if folded {
				if err := r.foldDecided(unit, 1); err != nil {
					return err
				}
				i = j
				continue
			}
		}
		if err := r.fold(unit); err != nil {
			return err
		}
		i = j
	}
	return nil
}

// amendFault names the action an amendment decided again that does not
// follow, and the amendment.
func (r *rederiver) amendFault(evs, unit []events.Event, err error) error {
	var nd *NotDerivedError
	if !errors.As(err, &nd) {
		nd = &NotDerivedError{Campaign: r.name, Version: unit[0].Version, Action: evs[0].Action, Reason: err.Error()}
	}
	if p, derr := r.s.registry.Decode(unit[0]); derr == nil {
		rd := p.(Redecided)
		nd.Version, nd.Label = unit[0].Version, rd.Label
		nd.Reason = fmt.Sprintf("as amendment %s decided action %s again: %s", ShortActionID(evs[0].Action), ShortActionID(rd.Action), nd.Reason)
	}
	return nd
}

// rulesNumber splits a rules version, "kingsown/2" (or an early
// "incarn28-1"), into its game and number; the number is 0 when there is
// none.
func rulesNumber(v string) (string, int) {
	i := strings.LastIndexAny(v, "/-")
	if i < 0 {
		return v, 0
	}
	n, err := strconv.Atoi(v[i+1:])
	if err != nil {
		return v, 0
	}
	return v[:i], n
}
