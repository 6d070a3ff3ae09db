package cmd

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"warlog/campaigns"
	"warlog/cmd/cmdutil"
	"warlog/events"
	"warlog/internal/words"
)

// VerifyJSON is the --json shape of `warlog verify`.
type VerifyJSON struct {
	OK        bool   `json:"ok"`
	Integrity string `json:"integrity"`
	// Schema is "ok" or what differs from the schema warlog made (a
	// dropped trigger, a changed index, a version set by hand).
	Schema    string           `json:"schema"`
	Campaigns []VerifyCampaign `json:"campaigns"`
	Error     string           `json:"error,omitempty"`
}

// VerifyCampaign is one stream's verdict.
type VerifyCampaign struct {
	Campaign string `json:"campaign"`
	Events   int64  `json:"events"`
	Head     string `json:"head"`
	HeadAt   int64  `json:"head_found_at,omitempty"`
	// Snapshots is how many stored snapshots were recomputed by replay
	// (none with --quick); those that differ are in SnapshotFaults.
	Snapshots int `json:"snapshots_replayed,omitempty"`
	// SnapshotFaults name the stored snapshots that do not match the log.
	SnapshotFaults []string `json:"snapshot_faults,omitempty"`
	// Rederived is how many actions were decided again from their
	// recorded commands and dice and gave the stored facts (none with
	// --quick).
	Rederived int `json:"actions_rederived,omitempty"`
	// NotRederived counts the actions decided under rules this build
	// cannot decide, by version ("12 under kingsown/1"): taken as stored.
	NotRederived []string `json:"not_rederived,omitempty"`
	// Fault names the first action the rules do not re-derive.
	Fault string `json:"fault,omitempty"`
	// Voided lists the actions the organiser voided (campaign void), as
	// "version 57 (action 1a2b3c4d): why": passed over, not failures.
	Voided []string `json:"voided,omitempty"`
}

func newVerifyCommand(app *cmdutil.App) *cobra.Command {
	var head string
	var quick bool
	c := &cobra.Command{
		Use:   "verify",
		Short: "Check every campaign's hash chain, that the rules re-derive its actions, its snapshots and the database's integrity",
		Long: `Recompute the hash chain of every campaign, run SQLite's integrity check and
check the schema: the tables, indexes and the triggers that keep the log
append-only must be those warlog made, at the version the file claims (on a
PostgreSQL server: that the triggers and the unique version that keep the
log append-only are all in place).
Exit 1 naming the first broken campaign and version when an event was edited,
deleted, reordered or inserted by hand; otherwise print one line with each
campaign's head hash. A head hash published earlier (in a report, say) can be
checked with --head: if it is no longer in the chain, the log was cut or
rewritten after it. The head is looked for in the chain of the campaign -c
names, else in every campaign's (whichever is current); a report prints
the command that checks its head, with its campaign.

Snapshots (saved states that spare a command replaying the whole log) are
checked too: each must match its own hash and the log's hash at its version,
and is recomputed by replaying the log up to that version. One that differs
was edited by hand or damaged; verify names its campaign and version and exits
1. Snapshots are only a cache: warlog rebuild recreates them from the log.

The chain proves the order of the log, not that the rules made it, so every
action is then decided again from the campaign's start: from the command it
recorded and its hand-entered dice, program dice rolled again from the
campaign's seed, on the state at its place in the log (undone actions at the
time they were made), under the rules version it was decided with. The facts
must be the stored ones; the first action that does not follow is named
with its version, its id and what differs, and verify exits 1. Actions
decided under rules this build does not decide (an older build's) are not
re-derived: verify counts them. --quick skips the replays and the
re-decision (a long campaign's take a few full replays).

Exit status: 0 all sound; 1 a broken chain, a missing head, an action the
rules do not re-derive, a snapshot that does not match the log, a schema
changed by hand, or a damaged file.`,
		Example: `  warlog verify
  warlog verify --head 3fa2c1d09b7e
  warlog verify --head 3fa2c1d09b7e -c "Autumn League"
  warlog verify --quick
  warlog verify --json`,
		Args: cmdutil.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			svc, err := app.Service()
			if err != nil {
				return err
			}
			ctx := c.Context()
			out := VerifyJSON{Integrity: "ok", Schema: "ok", Campaigns: []VerifyCampaign{}}
			fail := func(err error) error {
				if app.JSON {
					out.Error = app.Explain(err)
					_ = app.PrintJSON(out)
				}
				return err
			}
			if err := svc.CheckStore(ctx); err != nil {
				out.Integrity = err.Error()
				return fail(err)
			}
			// A schema fault is reported after the chains are checked,
			// which say whether the log itself was changed.
			schemaErr := svc.CheckSchema(ctx)
			if schemaErr != nil {
				out.Schema = schemaErr.Error()
			}
			names, err := svc.List(ctx)
			if err != nil {
				return fail(err)
			}
			var faults []campaigns.SnapshotFault
			var derivations []error
			for _, n := range names {
				r, err := svc.VerifyChain(ctx, n)
				if err != nil {
					return fail(err)
				}
				v := VerifyCampaign{Campaign: n, Events: r.Events, Head: r.Head}
				voids, err := svc.Voids(ctx, n)
				if err != nil {
					return fail(err)
				}
				for _, vd := range voids {
					v.Voided = append(v.Voided, fmt.Sprintf("version %d (action %s): %s", vd.Version, campaigns.ShortActionID(vd.Action), vd.Why))
				}
				replayed, fs, err := svc.CheckSnapshots(ctx, n, !quick)
				if err != nil {
					return fail(err)
				}
				v.Snapshots = replayed
				for _, f := range fs {
					v.SnapshotFaults = append(v.SnapshotFaults, fmt.Sprintf("version %d: %s", f.Version, f.Reason))
				}
				faults = append(faults, fs...)
				if !quick {
					rd, err := svc.Rederive(ctx, n)
					var nd *campaigns.NotDerivedError
					switch {
					case errors.As(err, &nd):
						v.Fault = nd.Error()
						derivations = append(derivations, err)
					case err != nil:
						return fail(err)
					}
					v.Rederived, v.NotRederived = rd.Actions, rd.UncheckedSummary()
				}
				out.Campaigns = append(out.Campaigns, v)
			}
			if schemaErr != nil {
				return fail(schemaErr)
			}
			if len(derivations) > 0 {
				return fail(notDerived(derivations, faults))
			}
			if len(faults) > 0 {
				return fail(snapshotFaults(faults))
			}
			if head != "" {
				if err := checkHead(c, app, &out, head); err != nil {
					return fail(err)
				}
			}
			out.OK = true
			if app.JSON {
				return app.PrintJSON(out)
			}
			parts := make([]string, len(out.Campaigns))
			for i, v := range out.Campaigns {
				parts[i] = fmt.Sprintf("%s: %s, head %s", v.Campaign, words.Count(v.Events, "event", "events"), v.Head)
				if v.Rederived > 0 {
					parts[i] += fmt.Sprintf(", %s re-derived by the rules", words.Count(v.Rederived, "action", "actions"))
				}
				if len(v.NotRederived) > 0 {
					parts[i] += fmt.Sprintf(" (not re-derived, decided under rules this build does not decide: %s)", strings.Join(v.NotRederived, ", "))
				}
				if v.Snapshots > 0 {
					parts[i] += fmt.Sprintf(", %s match a replay", words.Count(v.Snapshots, "snapshot", "snapshots"))
				}
				if v.HeadAt > 0 {
					parts[i] += fmt.Sprintf(" (given head found at version %d)", v.HeadAt)
				}
				if len(v.Voided) > 0 {
					parts[i] += fmt.Sprintf(", %s voided by the organiser and passed over: %s", words.Count(len(v.Voided), "action", "actions"), strings.Join(v.Voided, ", "))
				}
			}
			if len(parts) == 0 {
				fmt.Fprintln(app.Out, "ok: integrity ok, 0 campaigns verified (none recorded yet)")
				return nil
			}
			fmt.Fprintf(app.Out, "ok: integrity ok, %s verified; %s\n", words.Count(len(parts), "campaign", "campaigns"), strings.Join(parts, "; "))
			return nil
		},
	}
	c.Flags().StringVar(&head, "head", "", "a head hash published earlier; fails if the chain no longer holds it")
	c.Flags().BoolVar(&quick, "quick", false, "check the chains only: neither re-decide the actions nor recompute snapshots by replay (their hashes are still checked)")
	return cmdutil.ReadsOnly(c)
}

// notDerived says in one line which actions the rules do not re-derive
// (the first of each campaign), and which snapshots do not match the log.
func notDerived(errs []error, faults []campaigns.SnapshotFault) error {
	parts := make([]string, len(errs))
	for i, err := range errs {
		parts[i] = err.Error()
	}
	msg := strings.Join(parts, "; ") + "; its hash chain verifies, so it was written as it stands, but not by the rules: by hand, or by a program that does not keep them"
	if len(faults) > 0 {
		msg += "; and " + snapshotFaults(faults).Error()
	}
	return errors.New(msg)
}

// snapshotFaults says in one line which snapshots do not match the log,
// and what to do.
func snapshotFaults(faults []campaigns.SnapshotFault) error {
	parts := make([]string, len(faults))
	for i, f := range faults {
		parts[i] = fmt.Sprintf("campaign %q: the snapshot at version %d is stale or forged: %s", f.Campaign, f.Version, f.Reason)
	}
	return fmt.Errorf("%s; the log itself verifies, and snapshots are only a cache of it: `warlog rebuild` recreates them from the log", strings.Join(parts, "; "))
}

// checkHead finds a published head in the chain of the campaign it
// belongs to: the one -c names, else whichever campaign's chain holds it,
// whatever campaign is current. A prefix found in more than one chain
// needs -c (or more of the hash).
func checkHead(c *cobra.Command, app *cmdutil.App, out *VerifyJSON, head string) error {
	svc, _ := app.Service()
	var names []string
	if app.Campaign != "" {
		ok, err := svc.Exists(c.Context(), app.Campaign)
		if err != nil {
			return err
		}
		if !ok {
			return fmt.Errorf("no campaign %q; `warlog campaign list` shows the campaigns", app.Campaign)
		}
		names = []string{app.Campaign}
	} else {
		for _, v := range out.Campaigns {
			names = append(names, v.Campaign)
		}
	}
	found := map[string]int64{}
	var in []string
	for _, n := range names {
		at, err := svc.CheckHead(c.Context(), n, head)
		if errors.Is(err, events.ErrHeadNotFound) {
			continue
		}
		if err != nil {
			return err
		}
		found[n] = at
		in = append(in, n)
	}
	switch len(in) {
	case 1:
		for i := range out.Campaigns {
			if out.Campaigns[i].Campaign == in[0] {
				out.Campaigns[i].HeadAt = found[in[0]]
			}
		}
		return nil
	case 0:
		if len(names) == 1 {
			last := ""
			for _, v := range out.Campaigns {
				if v.Campaign == names[0] {
					last = fmt.Sprintf("; the log of %q now ends at version %d (head %s)", v.Campaign, v.Events, v.Head[:16])
				}
			}
			return fmt.Errorf("head %s is not in the chain of %q: events after it were removed or rewritten%s", head, names[0], last)
		}
		return fmt.Errorf("head %s is in no campaign's chain (%s): events after it were removed or rewritten; `warlog verify --head %s -c NAME` with the campaign its report names says where that log now ends",
			head, strings.Join(quoteAll(names), ", "), head)
	}
	return fmt.Errorf("head %s is in the chains of %s: give more of the hash, or the campaign with -c NAME", head, strings.Join(quoteAll(in), " and "))
}

func quoteAll(s []string) []string {
	out := make([]string, len(s))
	for i, v := range s {
		out[i] = fmt.Sprintf("%q", v)
	}
	return out
}

func newRebuildCommand(app *cmdutil.App) *cobra.Command {
	return &cobra.Command{
		Use:   "rebuild",
		Short: "Refold every campaign from its log, proving every event still reads",
		Long: `Replay each campaign's log from the start through this build's rules: a check
that every event can still be read and folded, and that the rules re-derive
every action (each is decided again from its recorded command and dice, as
verify does). Snapshots (saved states that let a command replay only the
newest events) are dropped first and one fresh snapshot is saved per
campaign; they are only a cache, so no output changes. An action the rules
do not re-derive stops the rebuild, exit 1, naming it; nothing is saved on
it.`,
		Example: `  warlog rebuild`,
		Args:    cmdutil.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			svc, err := app.Service()
			if err != nil {
				return err
			}
			names, total, dropped, saved, err := svc.Rebuild(c.Context())
			var nd *campaigns.NotDerivedError
			if errors.As(err, &nd) {
				return fmt.Errorf("%w; rebuild re-decides every action and builds nothing on one the rules do not make: its snapshots are dropped and none was saved; `warlog verify` names every such action", err)
			}
			if err != nil {
				return err
			}
			if app.JSON {
				return app.PrintJSON(map[string]any{"campaigns": names, "events": total, "snapshots_dropped": dropped, "snapshots_saved": saved})
			}
			fmt.Fprintf(app.Out, "rebuilt %s from %s (%s dropped, %d saved)\n", words.Count(names, "campaign", "campaigns"), words.Count(total, "event", "events"), words.Count(dropped, "snapshot", "snapshots"), saved)
			return nil
		},
	}
}
