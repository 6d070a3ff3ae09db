package campaigns

import (
	"context"
	"errors"
	"time"

	"warlog/events"
)

// What the command line asks of the log beyond the game: the campaign
// chosen with `use`, the chain and the store's own checks, the events to
// show. It asks the service, which asks the store.

// settingCurrent is the settings key of the campaign chosen with `use`.
const settingCurrent = "current_campaign"

// Current is the campaign chosen with Use ("" when none is, or it is gone).
// The setting keeps the campaign's key, which a rename leaves alone.
func (s *Service) Current(ctx context.Context) (string, error) {
	key, err := events.Setting(ctx, s.store, settingCurrent)
	if err != nil || key == "" {
		return "", err
	}
	d, ok := s.store.(events.Directory)
	if !ok {
		return key, nil
	}
	es, err := d.Entries(ctx)
	if err != nil {
		return "", err
	}
	for _, e := range es {
		if e.Stream == key {
			return e.Name, nil
		}
	}
	return "", nil
}

// Use chooses the campaign later commands act on.
func (s *Service) Use(ctx context.Context, name string) error {
	key, err := s.resolve(ctx, name)
	if err != nil {
		return err
	}
	return events.SetSetting(ctx, s.store, settingCurrent, key)
}

// CheckStore runs the store's own integrity check.
func (s *Service) CheckStore(ctx context.Context) error { return events.Check(ctx, s.store) }

// CheckSchema checks the store's schema against the one it makes: a
// dropped trigger or index, or a version changed by hand, is an
// events.ErrSchema that names it.
func (s *Service) CheckSchema(ctx context.Context) error { return events.CheckSchema(ctx, s.store) }

// VerifyChain recomputes campaign's hash chain. A break names the
// campaign by its name.
func (s *Service) VerifyChain(ctx context.Context, campaign string) (events.ChainReport, error) {
	key, err := s.resolve(ctx, campaign)
	if err != nil {
		return events.ChainReport{}, err
	}
	r, err := events.VerifyStream(ctx, s.store, key)
	r.Campaign = campaign
	var be *events.BreakError
	if errors.As(err, &be) {
		be.Campaign = campaign
	}
	return r, err
}

// CheckHead finds head in campaign's chain and gives its version.
func (s *Service) CheckHead(ctx context.Context, campaign, head string) (int64, error) {
	key, err := s.resolve(ctx, campaign)
	if err != nil {
		return 0, err
	}
	return events.CheckHead(ctx, s.store, key, head)
}

// Events passes every stored event of campaign, oldest first, with whether
// its action is undone now, and the payload decoded (nil where the
// registry does not know the type).
func (s *Service) Events(ctx context.Context, campaign string, fn func(e events.Event, payload any, undone bool) error) error {
	key, err := s.resolve(ctx, campaign)
	if err != nil {
		return err
	}
	undone, err := events.Undone(ctx, s.store, key)
	if err != nil {
		return err
	}
	return s.store.Load(ctx, key, 0, func(e events.Event) error {
		p, err := s.registry.Decode(e)
		if err != nil {
			return err
		}
		return fn(e, p, undone[e.Action])
	})
}

// pollEvery is how often a wait on a store that is told of no appends (the
// SQLite file) reads the log's head.
const pollEvery = 250 * time.Millisecond

// WaitPast waits until campaign's log is past version after (another
// table appended to it) and returns its newest version: at once when it
// already is. A server's store is told of appends; a file's is read every
// quarter of a second. ctx's end ends the wait with its error.
func (s *Service) WaitPast(ctx context.Context, campaign string, after int64) (int64, error) {
	key, err := s.resolve(ctx, campaign)
	if err != nil {
		return 0, err
	}
	return events.WaitPast(ctx, s.store, key, after, pollEvery)
}
