package campaigns

import (
	"context"

	"warlog/events"
)

// What the command line asks of the log beyond the game: the campaign
// chosen with `use`, the chain and the store's own checks, the events to
// show. It asks the service, which asks the store.

// settingCurrent is the settings key of the campaign chosen with `use`.
const settingCurrent = "current_campaign"

// Current is the campaign chosen with Use ("" when none is).
func (s *Service) Current(ctx context.Context) (string, error) {
	return events.Setting(ctx, s.store, settingCurrent)
}

// Use chooses the campaign later commands act on.
func (s *Service) Use(ctx context.Context, name string) error {
	return events.SetSetting(ctx, s.store, settingCurrent, name)
}

// CheckStore runs the store's own integrity check.
func (s *Service) CheckStore(ctx context.Context) error { return events.Check(ctx, s.store) }

// CheckSchema checks the store's schema against the one it makes: a
// dropped trigger or index, or a version changed by hand, is an
// events.ErrSchema that names it.
func (s *Service) CheckSchema(ctx context.Context) error { return events.CheckSchema(ctx, s.store) }

// VerifyChain recomputes campaign's hash chain.
func (s *Service) VerifyChain(ctx context.Context, campaign string) (events.ChainReport, error) {
	return events.VerifyStream(ctx, s.store, campaign)
}

// CheckHead finds head in campaign's chain and gives its version.
func (s *Service) CheckHead(ctx context.Context, campaign, head string) (int64, error) {
	return events.CheckHead(ctx, s.store, campaign, head)
}

// Events passes every stored event of campaign, oldest first, with whether
// its action is undone now, and the payload decoded (nil where the
// registry does not know the type).
func (s *Service) Events(ctx context.Context, campaign string, fn func(e events.Event, payload any, undone bool) error) error {
	undone, err := events.Undone(ctx, s.store, campaign)
	if err != nil {
		return err
	}
	return s.store.Load(ctx, campaign, 0, func(e events.Event) error {
		p, err := s.registry.Decode(e)
		if err != nil {
			return err
		}
		return fn(e, p, undone[e.Action])
	})
}
