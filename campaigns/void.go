package campaigns

import (
	"context"
	"errors"
	"fmt"

	"warlog/events"
)

// Voiding an action
//
// A row a league's player wrote by hand (with psql) that does not chain or
// does not follow from the rules stops its campaign: every command refuses
// to build on it (LogFaultError). No one may delete it, so the organiser
// voids it: an appended action whose action.voided marker names it. From
// then on its events are out of effect at every version, as if they were
// not in the log (events.Effect.Voided): replay, re-decision and the
// chain's check pass over them, and the campaign is built on again.

// ErrNotOrganiser: the store's user is not the league's organiser.
var ErrNotOrganiser = errors.New("only the league's organiser may void an action; nothing was written")

// VoidError: the version named is not one to void; nothing was written.
type VoidError struct {
	Campaign string
	Version  int64
	Reason   string
}

func (e *VoidError) Error() string {
	return fmt.Sprintf("campaign %q, version %d: %s; nothing was written", e.Campaign, e.Version, e.Reason)
}

// Void appends the marker that takes the action holding version out of
// effect, with why. Only the league's organiser may (events.Authority),
// and only the first row of the log that does not chain or does not follow
// from the rules: a row that does is refused (*VoidError).
func (s *Service) Void(ctx context.Context, campaign string, version int64, why string, o Options) (events.Voided, error) {
	if a, ok := s.store.(events.Authority); ok {
		org, err := a.Organiser(ctx)
		if err != nil {
			return events.Voided{}, err
		}
		if !org {
			return events.Voided{}, ErrNotOrganiser
		}
	}
	key, err := s.resolve(ctx, campaign)
	if err != nil {
		return events.Voided{}, err
	}
	refuse := func(format string, args ...any) error {
		return &VoidError{Campaign: campaign, Version: version, Reason: fmt.Sprintf(format, args...)}
	}
	var target *events.Event
	var head int64
	err = s.store.Load(ctx, key, max(version-1, 0), func(e events.Event) error {
		if target == nil && e.Version == version {
			target = &e
		}
		head = max(head, e.Version)
		return nil
	})
	if err != nil {
		return events.Voided{}, err
	}
	if target == nil || version < 1 {
		return events.Voided{}, refuse("the log has no such version")
	}
	eff, err := events.LoadEffect(ctx, s.store, key, 0)
	if err != nil {
		return events.Voided{}, err
	}
	if eff.Voided[target.Action] {
		return events.Voided{}, refuse("action %s is voided already", ShortActionID(target.Action))
	}
	// The first row that does not chain, or does not follow from the
	// rules, must be this one's action.
	first, err := s.firstFault(ctx, campaign)
	if err != nil {
		return events.Voided{}, err
	}
	switch {
	case first == nil:
		return events.Voided{}, refuse("its action %s chains and follows from the rules; only a row that does not may be voided", ShortActionID(target.Action))
	case first.Action != target.Action:
		return events.Voided{}, refuse("the first row that does not follow is at version %d (action %s); void that one first", first.Version, ShortActionID(first.Action))
	case target.Action == "" || first.Version == 1:
		return events.Voided{}, refuse("the campaign's creation cannot be voided")
	}
	v := events.Voided{Version: version, Action: target.Action, Why: why}
	id := o.ActionID
	if id == "" {
		id = NewActionID()
	}
	b := Begun{Verb: VerbVoid, Label: fmt.Sprintf("voided version %d", version), By: o.By}
	if st, err := s.Load(ctx, campaign); err == nil {
		b.Game = st.Campaign.Game
	}
	_, err = s.store.Append(ctx, key, head, id, []events.Fact{{Type: events.TypeActionBegun, Data: b}, {Type: events.TypeActionVoided, Data: v}})
	if errors.Is(err, events.ErrConcurrency) {
		return events.Voided{}, fmt.Errorf("campaign %q: %w", campaign, ErrConflict)
	}
	return v, err
}

// firstFault is the first row of the campaign that does not chain or does
// not follow from the rules, nil when every row does.
func (s *Service) firstFault(ctx context.Context, campaign string) (*NotDerivedError, error) {
	var first *NotDerivedError
	if _, err := s.VerifyChain(ctx, campaign); err != nil {
		var be *events.BreakError
		if !errors.As(err, &be) {
			return nil, err
		}
		key, err := s.resolve(ctx, campaign)
		if err != nil {
			return nil, err
		}
		first = &NotDerivedError{Campaign: campaign, Version: be.Version, Reason: be.Reason}
		if err := s.store.Load(ctx, key, be.Version-1, func(e events.Event) error {
			if e.Version == be.Version {
				first.Action = e.Action
			}
			return errStop
		}); err != nil && !errors.Is(err, errStop) {
			return nil, err
		}
	}
	_, err := s.Rederive(ctx, campaign)
	var nd *NotDerivedError
	if errors.As(err, &nd) {
		if first == nil || nd.Version < first.Version {
			first = nd
		}
		return first, nil
	}
	if err != nil && first == nil {
		return nil, err
	}
	return first, nil
}

var errStop = errors.New("stop")

// Voids lists the campaign's action.voided markers, oldest first.
func (s *Service) Voids(ctx context.Context, campaign string) ([]events.Void, error) {
	key, err := s.resolve(ctx, campaign)
	if err != nil {
		return nil, err
	}
	eff, err := events.LoadEffect(ctx, s.store, key, 0)
	return eff.Voids, err
}
