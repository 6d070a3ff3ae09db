// Package gen grows large campaigns for benchmarks and long tests: it plays
// random legal actions of a campaign's game (the engine's own prompted
// choices, answered at random), with undos and redos among them, and stores
// them in bulk. Every action is decided by the rules against the state as it
// stands, with the campaign's seeded program dice, exactly as a command
// would; only the writing is batched (one transaction per few hundred
// actions instead of one per action), so a 100,000-event campaign takes
// seconds to minutes rather than hours.
//
// The campaign to grow must exist: the benchmarks start from the demo's
// battle of the game, then let this package carry on.
package gen

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"

	"warlog/campaigns"
	"warlog/engines"
	"warlog/engines/dice"
	"warlog/events"
	"warlog/events/sqlite"
)

// Options shape a generated campaign.
type Options struct {
	// Events is the size to grow the campaign's log to.
	Events int64
	// Seed makes the walk repeatable: the same seed and the same start give
	// the same log (except the times).
	Seed uint64
	// UndoPercent and RedoPercent are the chances, after each action, of
	// an undo of the last one or two actions and of a redo (when one is
	// possible).
	UndoPercent, RedoPercent int
	// Batch is how many actions go into one transaction; 0 means 500.
	Batch int
	// Progress, when set, is called after each batch with the log's size.
	Progress func(version int64)
}

// Stats say what a walk did.
type Stats struct {
	Actions, Undos, Redos, Refused, Dice int
}

// Grow extends campaign to o.Events events.
func Grow(ctx context.Context, svc *campaigns.Service, store *sqlite.Store, campaign string, o Options) (Stats, error) {
	var stats Stats
	if o.Batch <= 0 {
		o.Batch = 500
	}
	rng := rand.New(rand.NewPCG(o.Seed, 0x9e3779b97f4a7c15))
	st, err := svc.Load(ctx, campaign)
	if err != nil {
		return stats, err
	}
	if st.Engine() == nil {
		return stats, fmt.Errorf("campaign %q: no engine for %s in this build", campaign, st.Campaign.Game)
	}
	var batch []sqlite.Batch
	stored := st.Version // the version the store is at
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		v, head, err := store.AppendBatches(ctx, campaign, stored, batch)
		if err != nil {
			return err
		}
		if v != st.Version {
			return fmt.Errorf("stored up to version %d, planned %d", v, st.Version)
		}
		st.Head, stored, batch = head, v, batch[:0]
		if svc.SnapshotDue(st) {
			if err := svc.SaveSnapshot(ctx, st); err != nil {
				return err
			}
			// The next command at a table restores the snapshot just
			// saved, and whether its own is due follows from that: so
			// does the walk's next step.
			next, err := svc.Load(ctx, campaign)
			if err != nil {
				return err
			}
			st = next
		}
		if o.Progress != nil {
			o.Progress(v)
		}
		return nil
	}
	redoable := 0
	idle := 0
	for step := 0; st.Version < o.Events; step++ {
		if err := ctx.Err(); err != nil {
			return stats, err
		}
		// Undo and redo follow an action, as at a table (a walk that keeps
		// failing to find an answer may undo its way out after a while).
		r := rng.IntN(100)
		if (idle == 0 || idle > 200) && r < o.UndoPercent+o.RedoPercent {
			if err := flush(); err != nil {
				return stats, err
			}
			var res *campaigns.Result
			if r < o.UndoPercent {
				res, err = svc.Undo(ctx, campaign, 1+rng.IntN(2), "", campaigns.Options{})
			} else if redoable > 0 {
				res, err = svc.Redo(ctx, campaign, 1, campaigns.Options{})
			} else {
				continue
			}
			if errors.Is(err, campaigns.ErrNothing) {
				continue
			}
			if err != nil {
				return stats, err
			}
			if r < o.UndoPercent {
				stats.Undos++
				redoable = len(res.State.CanRedo())
			} else {
				stats.Redos++
				redoable--
			}
			st, stored = res.State, res.State.Version
			continue
		}
		ok, err := act(svc, st, rng, step, &batch, &stats)
		if err != nil {
			return stats, err
		}
		if !ok {
			stats.Refused++
			if idle++; idle > 10000 {
				return stats, fmt.Errorf("campaign %q: no legal action found in 10,000 tries at version %d", campaign, st.Version)
			}
			continue
		}
		idle, redoable = 0, 0
		stats.Actions++
		// The last stretch is stored an action at a time, as commands
		// store it, so that the log ends with the snapshot a table's last
		// command would have left (SnapshotDue after each action).
		if len(batch) >= o.Batch || st.Version > o.Events-2*campaigns.DefaultSnapshotEvery {
			if err := flush(); err != nil {
				return stats, err
			}
		}
	}
	return stats, flush()
}

// act decides one random choice of the engine's menu against st and, when
// the rules accept it, folds it into st and adds it to the batch.
func act(svc *campaigns.Service, st *campaigns.State, rng *rand.Rand, step int, batch *[]sqlite.Batch, stats *Stats) (bool, error) {
	pr, ok := st.Game.(engines.Prompter)
	if !ok {
		return false, fmt.Errorf("%s offers no prompted choices", st.Campaign.Game)
	}
	choices := pr.Choices()
	if len(choices) == 0 {
		return false, nil
	}
	ch := pick(rng, choices)
	answers, ok := Answer(rng, ch, step)
	if !ok {
		return false, nil
	}
	cmd, err := ch.Build(answers)
	if err != nil {
		return false, nil
	}
	roller := dice.NewRoller(st.Campaign.Seed, st.ProgramDice, nil)
	d := engines.NewDecision(roller)
	if err := st.Engine().Decide(st.Game, cmd, d); err != nil {
		return false, nil // refused: nothing written, as a command would
	}
	if len(d.Facts()) == 0 {
		return false, nil
	}
	args, err := json.Marshal(cmd)
	if err != nil {
		return false, err
	}
	b := campaigns.Begun{Game: st.Campaign.Game, Verb: cmd.Verb(), Args: args, Label: d.LabelText(), Rules: st.Engine().RulesVersion()}
	if b.Label == "" {
		b.Label = b.Verb
	}
	facts := append([]events.Fact{{Type: events.TypeActionBegun, Data: b}}, d.Facts()...)
	planned, err := plan(svc, st, facts)
	if err != nil {
		return false, err
	}
	for _, f := range facts {
		if f.Type == dice.Type {
			stats.Dice++
		}
	}
	*batch = append(*batch, planned)
	return true, nil
}

// plan turns one decided action's facts into the JSON the store will hold
// and folds them into st, as a command folds what it appended: the next
// decision sees them before the batch is written.
func plan(svc *campaigns.Service, st *campaigns.State, facts []events.Fact) (sqlite.Batch, error) {
	id := campaigns.NewActionID()
	for i := range facts {
		data, err := events.Marshal(facts[i])
		if err != nil {
			return sqlite.Batch{}, err
		}
		facts[i].Data = data
		e := events.Event{Campaign: st.Campaign.Name, Version: st.Version + 1, Action: id, Type: facts[i].Type, Data: data}
		if err := svc.Fold(st, &e); err != nil {
			return sqlite.Batch{}, fmt.Errorf("folding %s: %w", facts[i].Type, err)
		}
	}
	return sqlite.Batch{Action: id, Facts: facts}, nil
}

// pick chooses an action the way a table plays: the game's own actions
// nearly always; starting or ending a battle (the shared commands) only
// when nothing else is on the menu or once in a while, so that battles run
// their course instead of being ended after a move or two; and founding,
// recruiting or entering a score rarely once a campaign has its forces,
// since a club's roster stays a handful of players while the battles go on
// and a score is entered once a game.
func pick(rng *rand.Rand, choices []engines.Choice) engines.Choice {
	var play, grow, shared []engines.Choice
	for _, c := range choices {
		switch {
		case c.Game == "":
			shared = append(shared, c)
		case strings.HasPrefix(c.Label, "Found ") || strings.HasPrefix(c.Label, "Recruit ") ||
			strings.HasPrefix(c.Label, "Enter a revealed ") || strings.HasPrefix(c.Label, "Mark a "):
			grow = append(grow, c)
		default:
			play = append(play, c)
		}
	}
	switch {
	case len(play) > 0 && rng.IntN(60) != 0:
		return play[rng.IntN(len(play))]
	case len(grow) > 0 && (len(shared) == 0 || rng.IntN(20) == 0):
		return grow[rng.IntN(len(grow))]
	case len(shared) > 0:
		return shared[rng.IntN(len(shared))]
	}
	return choices[rng.IntN(len(choices))]
}

// Answer fills a choice's questions at random from the options the engine
// offers; free text gets a few plausible answers the question's checks may
// accept. ok is false when no answer fits.
func Answer(rng *rand.Rand, ch engines.Choice, step int) (map[string]string, bool) {
	a := map[string]string{}
	for _, q := range ch.Questions {
		if q.Options != nil {
			opts := q.Options(a)
			if len(opts) == 0 {
				return nil, false
			}
			a[q.Key] = opts[rng.IntN(len(opts))].Value
			continue
		}
		var fits []string
		for _, v := range []string{fmt.Sprintf("N%d", step), "Ann,Ben", "Ann,Ben,Cas", "Ann", "red=3,3", "blue=6,6", "8", "4", "2", "1", "6", "insect", "mammal", "Sword M2 R1", "mammal=3 bird=2", ""} {
			if v == "" && !q.Optional {
				continue
			}
			if q.Check != nil && v != "" && q.Check(v) != nil {
				continue
			}
			if q.CheckWith != nil && v != "" && q.CheckWith(a, v) != nil {
				continue
			}
			fits = append(fits, v)
		}
		if len(fits) == 0 {
			return nil, false
		}
		a[q.Key] = fits[rng.IntN(len(fits))]
	}
	return a, true
}

// Rolls extends campaign to o.Events events with free rolls (`warlog
// roll`: the dice a table rolls outside any rule), decided as the command
// decides them. The 1,000,000-event memory benchmark uses it after a grown
// game, since a random walk of that length would take an hour.
func Rolls(ctx context.Context, svc *campaigns.Service, store *sqlite.Store, campaign string, o Options) error {
	if o.Batch <= 0 {
		o.Batch = 2000
	}
	st, err := svc.Load(ctx, campaign)
	if err != nil {
		return err
	}
	rng := rand.New(rand.NewPCG(o.Seed, 7))
	notations := []struct{ n, sides int }{{1, 6}, {2, 6}, {1, 20}, {3, 6}, {1, 8}}
	var batch []sqlite.Batch
	for st.Version < o.Events {
		nt := notations[rng.IntN(len(notations))]
		notation := fmt.Sprintf("%dd%d", nt.n, nt.sides)
		r, err := dice.NewRoller(st.Campaign.Seed, st.ProgramDice, nil).Roll(nt.n, nt.sides, "scatter")
		if err != nil {
			return err
		}
		r.Notation = notation
		args, _ := json.Marshal(map[string]string{"notation": notation, "for": "scatter"})
		b := campaigns.Begun{Game: st.Campaign.Game, Verb: campaigns.VerbRoll, Args: args, Label: fmt.Sprintf("rolled %s for scatter: %s", notation, campaigns.DescribeRoll(r))}
		if st.Engine() != nil {
			b.Rules = st.Engine().RulesVersion()
		}
		planned, err := plan(svc, st, []events.Fact{{Type: events.TypeActionBegun, Data: b}, {Type: dice.Type, Data: r}})
		if err != nil {
			return err
		}
		batch = append(batch, planned)
		if len(batch) >= o.Batch || st.Version >= o.Events {
			v, head, err := store.AppendBatches(ctx, campaign, st.Version-int64(2*len(batch)), batch)
			if err != nil {
				return err
			}
			if v != st.Version {
				return fmt.Errorf("stored up to version %d, planned %d", v, st.Version)
			}
			st.Head, batch = head, batch[:0]
			if o.Progress != nil {
				o.Progress(v)
			}
		}
	}
	return svc.SaveSnapshot(ctx, st)
}
