package events

import (
	"context"
	"errors"
	"fmt"
	"io"
)

// A campaign has a stable key and a name. The key is the stream's: it is
// hashed into every event of the chain (Event.Campaign) and so can never
// change; the name is what people type and may change with a rename. A
// campaign's key is the name it was created with, unless that key was
// taken then; a copy of a campaign imported beside the original (import
// --as) keeps the original's chain key under a stream key of its own.

// Entry is one stream as a Directory lists it.
type Entry struct {
	// Stream is the stream's key in this store: the campaign argument of
	// every Store method.
	Stream string
	// Chain is the campaign as the hash chain names it: equal to Stream,
	// except for a copy kept beside the campaign it diverged from.
	Chain string
	// Name is the campaign's name for people, unique in the store.
	Name string
	// Archived campaigns are left out of the list, and still verified.
	Archived bool
	// Voided are the actions whose events an import passes over in its
	// chain check (ExportHeader.Voided); a Directory does not keep it. (A
	// pointer, so that an Entry stays comparable.)
	Voided *map[string]bool
}

// ErrNameTaken: another campaign of the store has that name.
var ErrNameTaken = errors.New("another campaign has that name")

// Directory is a Store that names its streams apart from their keys, and
// that can take a stream in from elsewhere or let one go. A store without
// one names each stream by its key and can do none of that.
type Directory interface {
	// Entries lists every stream, oldest first.
	Entries(ctx context.Context) ([]Entry, error)
	// Lookup finds the stream named name; ok is false when none is. A
	// stream renamed away from its key is not found by its key.
	Lookup(ctx context.Context, name string) (stream string, ok bool, err error)
	// Create appends a new stream's first action (Append at version 0)
	// and enters it under e.Name, in one transaction; e.Chain must be
	// e.Stream. Errors: ErrConcurrency when the stream exists,
	// ErrNameTaken when the name does.
	Create(ctx context.Context, e Entry, action string, facts []Fact) ([]Event, error)
	// Import stores events chained elsewhere exactly as they are (an
	// export file), after version expected of stream e.Stream, all or
	// nothing; with expected 0 the stream is new and entered as e. Each
	// event must be the next version, its prev the stream's head and its
	// hash its content's under e.Chain. Errors: ErrConcurrency when the
	// stream is not at expected; ErrNameTaken; a *BreakError when the
	// events do not chain.
	Import(ctx context.Context, e Entry, expected int64, evs []Event) error
	// Rename gives stream another name. Errors: ErrNameTaken.
	Rename(ctx context.Context, stream, name string) error
	// SetArchived archives or unarchives stream.
	SetArchived(ctx context.Context, stream string, archived bool) error
	// Delete removes stream: its events, snapshots and entry. Before
	// anything is removed, last (when not nil) runs while every writer of
	// the stream is held off: what it reads of the stream through held (a
	// view of the store, for reading only) is every event ever
	// acknowledged, and an append that was waiting fails once the stream
	// is gone (ErrConcurrency: it is no longer at the version the writer
	// read). When last fails, nothing is deleted and its error is
	// returned.
	Delete(ctx context.Context, stream string, last func(ctx context.Context, held Store) error) error
}

// ChainChecker checks a stream's events one by one, from version 1, as
// VerifyStream does: each must be the next version, its prev the hash
// before it and its hash its content's.
type ChainChecker struct {
	// Campaign names the stream in a BreakError. Chain is the campaign as
	// the chain hashes it; when empty, each event's own Campaign is used.
	Campaign, Chain string
	// Head is the hash of the last event checked (Genesis before the first)
	// and Events its version.
	Head   string
	Events int64
	// Voided are actions an action.voided marker takes out of effect:
	// their events are passed over unchecked (whatever they hold, the
	// next event chains on the hash stored with them).
	Voided map[string]bool
}

// NewChainChecker starts a check at version 1.
func NewChainChecker(campaign, chain string) *ChainChecker {
	return &ChainChecker{Campaign: campaign, Chain: chain, Head: Genesis}
}

// ImportChecker is the check of an import of entry's events onto its
// stream, which is at version cur with head as its last hash: refused
// with ErrConcurrency unless cur is expected, and, when the stream has
// events, unless they are of entry's chain (chain reads the stream's).
// Every store's Import checks this way.
func ImportChecker(entry Entry, expected, cur int64, head string, chain func() (string, error)) (*ChainChecker, error) {
	if cur != expected {
		return nil, fmt.Errorf("campaign %q is at version %d, expected %d: %w", entry.Stream, cur, expected, ErrConcurrency)
	}
	check := NewChainChecker(entry.Stream, entry.Chain)
	if entry.Voided != nil {
		check.Voided = *entry.Voided
	}
	if cur > 0 {
		c, err := chain()
		if err != nil {
			return nil, err
		}
		if c != entry.Chain {
			return nil, fmt.Errorf("campaign %q: the events are of the chain %q, not %q", entry.Stream, entry.Chain, c)
		}
		check.Head, check.Events = head, cur
	}
	return check, nil
}

// Check checks the next event. It returns a *BreakError naming the first
// version that does not fit.
func (c *ChainChecker) Check(e Event) error {
	want := c.Events + 1
	if c.Voided[e.Action] && e.Version == want {
		c.Head, c.Events = e.Hash, e.Version
		return nil
	}
	if c.Chain != "" {
		e.Campaign = c.Chain
	}
	switch {
	case e.Version != want:
		return &BreakError{c.Campaign, want, fmt.Sprintf("version %d is missing (found %d next)", want, e.Version)}
	case e.Prev != c.Head:
		return &BreakError{c.Campaign, e.Version, "its prev hash does not match the event before it"}
	case Hash(e.Prev, e) != e.Hash:
		return &BreakError{c.Campaign, e.Version, "its content does not match its hash (edited by hand?)"}
	}
	c.Head, c.Events = e.Hash, e.Version
	return nil
}

// Events passes a sequence of events to yield, in order, and stops at the
// first error yield returns (which it returns).
type Events func(yield func(Event) error) error

// EventsOf passes the events of a slice, in order.
func EventsOf(evs []Event) Events {
	return func(yield func(Event) error) error {
		for _, e := range evs {
			if err := yield(e); err != nil {
				return err
			}
		}
		return nil
	}
}

// StreamImporter is a Directory that takes an import's events as they are
// read, one at a time inside one transaction (Directory.Import's, with
// the same checks and errors), without holding them all in memory.
type StreamImporter interface {
	ImportStream(ctx context.Context, e Entry, expected int64, evs Events) error
}

// ImportStream imports evs through d (Directory.Import), one at a time
// when d is a StreamImporter, else gathered first.
func ImportStream(ctx context.Context, d Directory, e Entry, expected int64, evs Events) error {
	if si, ok := d.(StreamImporter); ok {
		return si.ImportStream(ctx, e, expected, evs)
	}
	var all []Event
	if err := evs(func(ev Event) error { all = append(all, ev); return nil }); err != nil {
		return err
	}
	return d.Import(ctx, e, expected, all)
}

// FileImporter is a store that takes an export file whole and decides it
// itself (a league server): an import into it, or a push, sends the file
// and nothing else; out receives its answer (the campaigns layer's import
// result, as JSON).
type FileImporter interface {
	ImportFile(ctx context.Context, r io.Reader, as string, out any) error
}
