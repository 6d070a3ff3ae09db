package campaigns

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"warlog/engines"
	"warlog/engines/dice"
	"warlog/events"
	"warlog/internal/phase"
	"warlog/internal/words"
)

// Options are what every action may carry besides its command.
type Options struct {
	// Dice are hand-entered faces (--dice); nil means the program rolls.
	Dice []int
	// Ask, when set, is asked for each die as the rules need it (prompted
	// play); the faces are recorded as hand-entered dice.
	Ask func(n dice.Need, index int) (int, error)
	// ActionID makes a command idempotent: a retry with the same id and the
	// same command is a no-op, with another command a conflict. Empty: fresh.
	ActionID string
	// By names who makes the action, recorded with it (Begun.By): a
	// league server's token. Empty at the database itself.
	By string
}

// Result is what an action did.
type Result struct {
	Action string
	Label  string
	Events []events.Event
	State  *State
	// Replayed is true when the action id was already stored with the same
	// command: nothing new was written.
	Replayed bool
}

// ErrConflict is the plain-words form of a concurrency conflict that
// survived the one re-decision.
var ErrConflict = errors.New("another warlog changed this campaign while the command ran; nothing was written: run it again")

// request is one action before it is decided.
type request struct {
	game   string // the game the command belongs to; "" for any
	verb   string
	args   any
	decide func(st *State, d *engines.Decision) error
	// rebuild: the action changes what is in effect (undo, redo), so the
	// state is reloaded rather than folded forward.
	rebuild bool
	// targets, when set, are the actions a decision acts on (what an undo
	// undoes, a redo redoes). They are what the one re-decision after a
	// conflict must keep: decided again on the fresh state, an undo would
	// otherwise take back whatever another table appended meanwhile. A
	// re-decision with other targets is refused with a *MovedError.
	targets func(d *engines.Decision) []string
}

// MovedError is an undo or redo refused because another writer appended
// to the campaign between its decision and its append, and decided again
// it would act on other actions than it was asked to: the action it would
// have undone is no longer the newest in effect (or the one it would have
// redone the newest undone). Nothing was written. It is not ErrConflict:
// running the same undo again acts on what is newest now, which is for
// the player to decide after seeing it.
type MovedError struct {
	// Verb is VerbUndo or VerbRedo.
	Verb string
}

func (e *MovedError) Error() string {
	done := "undone"
	if e.Verb == VerbRedo {
		done = "redone"
	}
	return "another action was recorded meanwhile; nothing was " + done
}

// refsOf is the targets of an undo or redo: the actions of its facts of
// type typ that are its own (not an amendment's bookkeeping), in order.
func refsOf(typ string) func(d *engines.Decision) []string {
	return func(d *engines.Decision) []string {
		var out []string
		for _, f := range d.Facts() {
			if r, ok := f.Data.(events.ActionRef); ok && f.Type == typ && r.By == "" {
				out = append(out, r.Action)
			}
		}
		return out
	}
}

// Do decides a game command against the campaign and appends its facts.
// game is the game whose command this is ("" for the shared commands such as
// scenario start); a command of another game is refused.
func (s *Service) Do(ctx context.Context, campaign, game string, cmd engines.Command, o Options) (*Result, error) {
	return s.run(ctx, campaign, o, request{game: game, verb: cmd.Verb(), args: cmd,
		decide: func(st *State, d *engines.Decision) error {
			g, err := st.GameState()
			if err != nil {
				return err
			}
			return st.engine.Decide(g, cmd, d)
		}})
}

// FreeRoll is `warlog roll`: dice outside any rule, logged.
func (s *Service) FreeRoll(ctx context.Context, campaign, notation, purpose string, o Options) (*Result, error) {
	n, err := dice.Parse(notation)
	if err != nil {
		return nil, err
	}
	if purpose == "" {
		purpose = "free roll"
	}
	if err := ValidateName("--for", purpose); err != nil {
		return nil, err
	}
	args := map[string]string{"notation": n.String(), "for": purpose}
	return s.run(ctx, campaign, o, request{verb: VerbRoll, args: args,
		decide: func(st *State, d *engines.Decision) error { return decideFreeRoll(d, n, purpose) }})
}

// decideFreeRoll is a free roll's decision.
func decideFreeRoll(d *engines.Decision, n dice.Notation, purpose string) error {
	r, err := d.Roller().Roll(n.Count, n.Sides, purpose)
	if err != nil {
		return err
	}
	r.Notation, r.Mod = n.String(), n.Mod
	d.Emit(dice.Type, r)
	d.Label("rolled %s for %s: %s", n, purpose, DescribeRoll(r))
	return nil
}

// DescribeRoll writes a roll as "3, 5 +1 = 9" (or "4" for one plain die).
func DescribeRoll(r dice.Rolled) string {
	parts := make([]string, len(r.Values))
	for i, v := range r.Values {
		parts[i] = fmt.Sprint(v)
	}
	s := strings.Join(parts, ", ")
	if len(r.Values) == 1 && r.Mod == 0 {
		return s
	}
	if r.Mod > 0 {
		s += fmt.Sprintf(" +%d", r.Mod)
	} else if r.Mod < 0 {
		s += fmt.Sprintf(" %d", r.Mod)
	}
	return fmt.Sprintf("%s = %d", s, r.Total())
}

// Undo takes the newest n actions in effect out of effect, as one new
// action. With to set, it undoes that action and every one in effect after it.
func (s *Service) Undo(ctx context.Context, campaign string, n int, to string, o Options) (*Result, error) {
	if n < 1 {
		return nil, fmt.Errorf("undo %d: give a count of 1 or more", n)
	}
	args := map[string]any{"n": n}
	if to != "" {
		args = map[string]any{"to": to}
	}
	return s.run(ctx, campaign, o, request{verb: VerbUndo, args: args, rebuild: true, targets: refsOf(events.TypeActionUndone),
		decide: func(st *State, d *engines.Decision) error {
			// undo N reads back from the end of the log; undo --to, rarer,
			// reads the whole list of actions to find the one named.
			count := n
			var live []*Action
			var acts Actions
			var err error
			if to == "" {
				live, err = s.lastInEffect(ctx, st, n)
			} else if acts, err = s.actionsAfter(ctx, st.Key, 0); err == nil {
				live = acts.InEffect()
			}
			if err != nil {
				return err
			}
			if to != "" {
				a, err := acts.Find(to)
				if err != nil {
					return err
				}
				i := slices.IndexFunc(live, func(x *Action) bool { return x.ID == a.ID })
				if i < 0 {
					return fmt.Errorf("action %s (%s) is not in effect; only actions in effect can be undone", a.ID, a.Label)
				}
				count = len(live) - i
			}
			if len(live) == 0 {
				return fmt.Errorf("%w: no action in effect to undo", ErrNothing)
			}
			if count > len(live) {
				return fmt.Errorf("undo %d: only %s are in effect", count, words.Count(len(live), "action", "actions"))
			}
			var labels []string
			oldest := live[len(live)-count].Version
			for i := len(live) - 1; i >= len(live)-count; i-- {
				d.Emit(events.TypeActionUndone, events.ActionRef{Action: live[i].ID, Version: live[i].Version})
				labels = append(labels, live[i].Label)
				if live[i].Verb == VerbAmend {
					if err := s.undoAmendment(ctx, st.Key, live[i].ID, oldest, d); err != nil {
						return err
					}
				}
			}
			d.Label("undo: %s", strings.Join(labels, "; "))
			return nil
		}})
}

// Redo puts back the newest n undone actions, while no new action has come
// since they were undone.
func (s *Service) Redo(ctx context.Context, campaign string, n int, o Options) (*Result, error) {
	if n < 1 {
		return nil, fmt.Errorf("redo %d: give a count of 1 or more", n)
	}
	return s.run(ctx, campaign, o, request{verb: VerbRedo, args: map[string]any{"n": n}, rebuild: true, targets: refsOf(events.TypeActionRedone),
		decide: func(st *State, d *engines.Decision) error {
			can := st.CanRedo()
			if len(can) == 0 {
				return fmt.Errorf("%w: nothing to redo (redo works only until a new action is made)", ErrNothing)
			}
			if n > len(can) {
				return fmt.Errorf("redo %d: only %d undone actions can be redone", n, len(can))
			}
			var labels []string
			for _, id := range can[:n] {
				a, err := s.action(ctx, st.Key, id)
				if err != nil {
					return err
				}
				d.Emit(events.TypeActionRedone, events.ActionRef{Action: id, Version: a.Version})
				labels = append(labels, a.Label)
				if a.Verb == VerbAmend {
					if err := s.redoAmendment(ctx, st.Key, id, d); err != nil {
						return err
					}
				}
			}
			d.Label("redo: %s", strings.Join(labels, "; "))
			return nil
		}})
}

// undoAmendment puts back in effect the actions an amendment being undone
// took out, unless the same undo takes back an action older than they are
// (oldest is the version of the oldest action it undoes): then they stay
// out, as everything after that action does.
func (s *Service) undoAmendment(ctx context.Context, key, amendment string, oldest int64, d *engines.Decision) error {
	refs, err := s.amendRefs(ctx, key, amendment)
	if err != nil || len(refs) == 0 || oldest < refs[0].Version {
		return err
	}
	undone, err := events.Undone(ctx, s.store, key)
	if err != nil {
		return err
	}
	for _, r := range refs {
		if undone[r.Action] {
			d.Emit(events.TypeActionRedone, events.ActionRef{Action: r.Action, Version: r.Version, By: amendment})
		}
	}
	return nil
}

// redoAmendment takes out of effect again the actions an amendment being
// redone took out, those its undo had put back.
func (s *Service) redoAmendment(ctx context.Context, key, amendment string, d *engines.Decision) error {
	refs, err := s.amendRefs(ctx, key, amendment)
	if err != nil || len(refs) == 0 {
		return err
	}
	undone, err := events.Undone(ctx, s.store, key)
	if err != nil {
		return err
	}
	for i := len(refs) - 1; i >= 0; i-- {
		if r := refs[i]; !undone[r.Action] {
			d.Emit(events.TypeActionUndone, events.ActionRef{Action: r.Action, Version: r.Version, By: amendment})
		}
	}
	return nil
}

// action reads one action's begun event.
func (s *Service) action(ctx context.Context, campaign, id string) (*Action, error) {
	evs, err := events.Action(ctx, s.store, campaign, id)
	if err != nil {
		return nil, err
	}
	if len(evs) == 0 {
		return nil, &NoActionError{id}
	}
	p, err := s.registry.Decode(evs[0])
	if err != nil {
		return nil, err
	}
	b, ok := p.(Begun)
	if !ok {
		return nil, fmt.Errorf("action %q does not begin with its command", id)
	}
	return &Action{ID: id, Verb: b.Verb, Label: b.Label, Version: evs[0].Version, At: evs[0].At}, nil
}

// run is load, decide, append, fold — with one re-decision on a conflict.
func (s *Service) run(ctx context.Context, campaign string, o Options, rq request) (*Result, error) {
	args, err := json.Marshal(rq.args)
	if err != nil {
		return nil, err
	}
	id := o.ActionID
	if id == "" {
		id = NewActionID()
	} else if err := ValidateName("action id", id); err != nil {
		return nil, err
	}
	rechecked := false
	var targets []string // of the first decision, when rq.targets is set
	decided := false
	for attempt := 0; ; attempt++ {
		st, err := s.loadToDecide(ctx, campaign)
		if err != nil {
			return nil, err
		}
		if st, err = s.checkDice(ctx, st); err != nil {
			return nil, err
		}
		if rq.game != "" && rq.game != st.Campaign.Game {
			plays, asked := engines.GameInfo{Name: st.Campaign.Game, Title: st.Campaign.Game}, engines.GameInfo{Name: rq.game, Title: rq.game}
			if e, ok := s.engines[st.Campaign.Game]; ok {
				plays = e.Info()
			}
			if e, ok := s.engines[rq.game]; ok {
				asked = e.Info()
			}
			return nil, &WrongGameError{Campaign: campaign, Plays: plays, Asked: asked}
		}
		if o.ActionID != "" {
			if res, err := s.replayed(ctx, st, id, rq.verb, args, o.Dice); res != nil || err != nil {
				return res, err
			}
		}
		roller := dice.NewRoller(st.Campaign.Seed, st.ProgramDice, o.Dice)
		if o.Ask != nil {
			roller = dice.NewAskingRoller(st.Campaign.Seed, st.ProgramDice, o.Ask)
		}
		d := engines.NewDecision(roller)
		if err := rq.decide(st, d); err != nil {
			return nil, err
		}
		if err := roller.Finish(); err != nil {
			return nil, err
		}
		if st.Dice() == DiceAtTable && roller.Next() > st.ProgramDice {
			return nil, &TableDiceError{Campaign: campaign, Needs: roller.Used()}
		}
		if rq.targets != nil {
			if t := rq.targets(d); !decided {
				targets = t
			} else if !slices.Equal(t, targets) {
				return nil, &MovedError{Verb: rq.verb}
			}
		}
		decided = true
		phase.Mark("decide")
		if len(d.Facts()) == 0 {
			return nil, fmt.Errorf("%w: the command changed nothing", ErrNothing)
		}
		b := Begun{Game: st.Campaign.Game, Verb: rq.verb, Args: args, Dice: roller.Entered(), Label: d.LabelText(), By: o.By}
		if eng := st.Engine(); eng != nil {
			b.Rules = eng.RulesVersion()
		}
		if b.Label == "" {
			b.Label = rq.verb
		}
		facts := append([]events.Fact{{Type: events.TypeActionBegun, Data: b}}, d.Facts()...)
		stored, err := s.store.Append(ctx, st.Key, st.Version, id, facts)
		if errors.Is(err, events.ErrActionConflict) && o.ActionID != "" && !rechecked {
			// Another try of this id was stored while this one was being
			// decided, maybe on another state (other program dice, another
			// label): the store compares bytes, so the stored action's
			// command is compared again on the fresh state, by replayed.
			rechecked = true
			attempt--
			continue
		}
		if errors.Is(err, events.ErrConcurrency) {
			if attempt == 0 || s.gone(ctx, campaign) {
				continue // a deleted campaign is not found when loaded again
			}
			return nil, fmt.Errorf("campaign %q: %w", campaign, ErrConflict)
		}
		if err != nil {
			return nil, err
		}
		replayed := false
		if len(stored) > 0 && stored[0].Version != st.Version+1 {
			// A store that decides itself (a league server's client)
			// stored its own decision of the command, on a newer state
			// when another table appended first, or found this action id
			// stored already: what it stored is the result.
			replayed = stored[0].Version <= st.Version
			rq.rebuild = true
		}
		if len(stored) > 0 {
			if p, err := s.registry.Decode(stored[0]); err == nil {
				if sb, ok := p.(Begun); ok {
					b.Label = sb.Label
				}
			}
		}
		if rq.rebuild {
			if st, err = s.Load(ctx, campaign); err != nil {
				return nil, err
			}
		} else {
			for i := range stored {
				if err := s.fold(st, &stored[i], nil, nil); err != nil {
					return nil, err
				}
			}
		}
		phase.Mark("fold-new-action")
		s.snapshotIfDue(ctx, st)
		phase.Mark("snapshot-save")
		return &Result{Action: id, Label: b.Label, Events: stored, State: st, Replayed: replayed}, nil
	}
}

// replayed answers a command whose action id is already stored: the same
// command is a no-op that succeeds, another is a conflict. The same command
// is what the action means, as its action.begun records it: the verb, the
// arguments and the hand-entered dice; never the program's dice, the label
// that shows them, or the time, which differ when the stored try was
// decided on another state (another writer appended in between).
func (s *Service) replayed(ctx context.Context, st *State, id, verb string, args []byte, hand []int) (*Result, error) {
	prior, err := events.Action(ctx, s.store, st.Key, id)
	if err != nil || len(prior) == 0 {
		return nil, err
	}
	p, err := s.registry.Decode(prior[0])
	if err != nil {
		return nil, err
	}
	b, ok := p.(Begun)
	if !ok || b.Verb != verb || !bytes.Equal(b.Args, args) || !slices.Equal(b.Dice, hand) {
		return nil, fmt.Errorf("action %s: %w", id, events.ErrActionConflict)
	}
	return &Result{Action: id, Label: b.Label, Events: prior, State: st, Replayed: true}, nil
}
