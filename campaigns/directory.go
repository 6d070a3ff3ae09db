package campaigns

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"warlog/engines"
	"warlog/events"
	"warlog/internal/words"
)

// A campaign is named two ways. Its key is the stream's, hashed into every
// event of its chain: it is the name the campaign was created with (or, when
// a renamed campaign still holds that key, the name and a few letters of the
// creating action's id) and never changes. Its name is what commands take
// and screens show; a rename changes only the store's directory, so every
// hash, every published head and every export stay valid. The service takes
// names and finds keys (resolve); the store takes keys.

// resolve finds the key of the campaign named name.
func (s *Service) resolve(ctx context.Context, name string) (string, error) {
	d, ok := s.store.(events.Directory)
	if !ok {
		return name, nil
	}
	s.checkedMu.Lock()
	checked := s.checked
	s.checked = [2]string{}
	s.checkedMu.Unlock()
	if checked[0] == name && checked[1] != "" {
		return checked[1], nil
	}
	key, found, err := d.Lookup(ctx, name)
	if err != nil {
		return "", err
	}
	if !found {
		// A name from a log written before invisible characters were
		// refused is found by what it shows.
		if e, err := lookalike(ctx, d, name, ""); err != nil || e != nil {
			if e != nil {
				return e.Stream, nil
			}
			return "", err
		}
		return "", &NameError{name, ErrNoCampaign}
	}
	return key, nil
}

// lookalike is the campaign other than stream whose name differs from name
// only by invisible characters (engines.NameKey), nil if none. A new name
// cannot hold them (ValidateName), but one a log written before they were
// refused holds can: it must not be taken again by a name that looks the
// same.
func lookalike(ctx context.Context, d events.Directory, name, stream string) (*events.Entry, error) {
	es, err := d.Entries(ctx)
	if err != nil {
		return nil, err
	}
	key := engines.NameKey(name)
	for i, e := range es {
		if e.Stream != stream && e.Name != name && engines.NameKey(e.Name) == key {
			return &es[i], nil
		}
	}
	return nil, nil
}

// lookalikeError refuses name, which looks like the name of campaign e.
func lookalikeError(name string, e *events.Entry) error {
	return &NameError{name, fmt.Errorf("%w: %q differs from it only by invisible characters", ErrExists, e.Name)}
}

// Entries lists every campaign, oldest first, archived ones included.
func (s *Service) Entries(ctx context.Context) ([]events.Entry, error) {
	if d, ok := s.store.(events.Directory); ok {
		return d.Entries(ctx)
	}
	names, err := s.store.Campaigns(ctx)
	out := make([]events.Entry, len(names))
	for i, n := range names {
		out[i] = events.Entry{Stream: n, Chain: n, Name: n}
	}
	return out, err
}

// List returns every campaign's name, oldest first, archived ones included.
func (s *Service) List(ctx context.Context) ([]string, error) {
	es, err := s.Entries(ctx)
	out := make([]string, len(es))
	for i, e := range es {
		out[i] = e.Name
	}
	return out, err
}

// Exists reports whether a campaign of that name has a stream.
func (s *Service) Exists(ctx context.Context, name string) (bool, error) {
	key, err := s.resolve(ctx, name)
	if errors.Is(err, ErrNoCampaign) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	// A directory finds only streams that hold events (an entry is made
	// with its stream's first events and deleted with them): found is
	// enough. Another store is asked for the stream's version.
	if _, ok := s.store.(events.Directory); !ok {
		v, err := events.Version(ctx, s.store, key)
		if err != nil || v == 0 {
			return false, err
		}
	}
	s.checkedMu.Lock()
	s.checked = [2]string{name, key}
	s.checkedMu.Unlock()
	return true, nil
}

// directory is the store's directory, or an error saying it has none.
func (s *Service) directory(what string) (events.Directory, error) {
	d, ok := s.store.(events.Directory)
	if !ok {
		return nil, fmt.Errorf("this store keeps no directory of campaigns: it cannot %s", what)
	}
	return d, nil
}

// Rename gives a campaign another name; its key, and so its chain, stay.
func (s *Service) Rename(ctx context.Context, old, name string) error {
	if err := ValidateName("campaign", name); err != nil {
		return err
	}
	d, err := s.directory("rename a campaign")
	if err != nil {
		return err
	}
	key, err := s.resolve(ctx, old)
	if err != nil {
		return err
	}
	if e, err := lookalike(ctx, d, name, key); err != nil {
		return err
	} else if e != nil {
		return lookalikeError(name, e)
	}
	if err := d.Rename(ctx, key, name); err != nil {
		if errors.Is(err, events.ErrNameTaken) {
			return fmt.Errorf("campaign %q: %w; choose another name", name, ErrExists)
		}
		return err
	}
	return nil
}

// Archive hides a campaign from the list (archived) or shows it again.
func (s *Service) Archive(ctx context.Context, name string, archived bool) error {
	d, err := s.directory("archive a campaign")
	if err != nil {
		return err
	}
	key, err := s.resolve(ctx, name)
	if err != nil {
		return err
	}
	return d.SetArchived(ctx, key, archived)
}

// Delete removes a campaign from the store: its log, snapshots and name.
// First, with every writer of the campaign held off, the campaign is
// exported (as Export writes it) and keep, when not nil, is given the
// export: it holds every action ever acknowledged, and an action that
// comes after the delete finds no campaign. When the export or keep fails
// nothing is deleted. It returns the export's header.
func (s *Service) Delete(ctx context.Context, name string, keep func(h events.ExportHeader, export []byte) error) (events.ExportHeader, error) {
	var h events.ExportHeader
	d, err := s.directory("delete a campaign")
	if err != nil {
		return h, err
	}
	key, err := s.resolve(ctx, name)
	if err != nil {
		return h, err
	}
	cur, err := events.Setting(ctx, s.store, settingCurrent)
	if err != nil {
		return h, err
	}
	err = d.Delete(ctx, key, func(ctx context.Context, held events.Store) error {
		var b bytes.Buffer
		if h, err = s.export(ctx, held, name, key, &b); err != nil {
			return err
		}
		if keep != nil {
			return keep(h, b.Bytes())
		}
		return nil
	})
	if err != nil {
		return h, err
	}
	if cur == key {
		return h, events.SetSetting(ctx, s.store, settingCurrent, "")
	}
	return h, nil
}

// gone reports whether the campaign named name is known to have been
// deleted (a failed look-up says no).
func (s *Service) gone(ctx context.Context, name string) bool {
	ok, err := s.Exists(ctx, name)
	return err == nil && !ok
}

// Export writes a campaign as an export file (events.ReadExport reads it):
// a header, then every event exactly as stored. A log whose chain is broken
// is not exported. It returns the header written.
func (s *Service) Export(ctx context.Context, name string, w io.Writer) (events.ExportHeader, error) {
	key, err := s.resolve(ctx, name)
	if err != nil {
		return events.ExportHeader{}, err
	}
	return s.export(ctx, s.store, name, key, w)
}

// export is Export of the campaign named name, whose key is key, read
// through st.
func (s *Service) export(ctx context.Context, st events.Store, name, key string, w io.Writer) (events.ExportHeader, error) {
	r, err := events.VerifyStream(ctx, st, key)
	if err != nil {
		var be *events.BreakError
		if errors.As(err, &be) {
			be.Campaign = name
			return events.ExportHeader{}, fmt.Errorf("%w; nothing was exported", be)
		}
		return events.ExportHeader{}, err
	}
	h := events.ExportHeader{Format: events.ExportFormat, Name: name, Events: r.Events, Head: r.Head}
	eff, err := events.LoadEffect(ctx, st, key, 0)
	if err != nil {
		return h, err
	}
	for a := range eff.Voided {
		h.Voided = append(h.Voided, a)
	}
	slices.Sort(h.Voided)
	err = events.LoadTypes(ctx, st, key, 0, []string{TypeCreated, events.TypeActionBegun}, func(e events.Event) error {
		if e.Version > r.Events {
			return nil
		}
		p, err := s.registry.Decode(e)
		if err != nil {
			return fmt.Errorf("campaign %q: %w", name, err)
		}
		switch p := p.(type) {
		case Created:
			h.Game, h.Seed, h.Mode = p.Game, p.Seed, p.Mode
		case Begun:
			if p.Rules != "" {
				h.Rules = p.Rules
			}
		}
		return nil
	})
	if err != nil {
		return h, err
	}
	if h.Key, err = exportKey(ctx, st, key); err != nil {
		return h, err
	}
	if err := events.WriteExportHeader(w, h); err != nil {
		return h, err
	}
	errEnd := errors.New("end")
	err = st.Load(ctx, key, 0, func(e events.Event) error {
		if e.Version > r.Events {
			return errEnd // appended since the check: not in this file
		}
		return events.WriteExportEvent(w, e)
	})
	if err != nil && !errors.Is(err, errEnd) {
		return h, err
	}
	return h, nil
}

// exportKey is the key an export's header names: the campaign as its
// chain hashes it (Load gives it with every event).
func exportKey(ctx context.Context, st events.Store, key string) (string, error) {
	var chain string
	errFirst := errors.New("first")
	err := st.Load(ctx, key, 0, func(e events.Event) error { chain = e.Campaign; return errFirst })
	if err != nil && !errors.Is(err, errFirst) {
		return "", err
	}
	return chain, nil
}

// ImportResult says what an import did.
type ImportResult struct {
	// Name is the campaign's name here.
	Name string
	// New is true when the file became a new campaign here.
	New bool
	// Appended is how many events were added (all of them for a new one).
	Appended int64
	// Ahead is how many events the campaign here has past the file's end
	// when the file holds nothing new.
	Ahead   int64
	Version int64
	Head    string
}

// DivergedError refuses an import whose log and the campaign's here went
// different ways after a common version.
type DivergedError struct {
	Campaign string
	// Common is the last version both logs share, and Label what the
	// action that wrote it did ("" for 0: they share nothing).
	Common int64
	Label  string
	// Here and There are the labels of the actions after Common, in the
	// campaign here and in the file.
	Here, There []string
	// HereIs and ThereIs name the two sides ("" for "here" and "in the
	// file"): a push names the database it pushed to.
	HereIs, ThereIs string
}

func (e *DivergedError) Error() string {
	after := "from their first event"
	if e.Common > 0 {
		after = fmt.Sprintf("after version %d (%s)", e.Common, quote(e.Label))
	}
	if e.HereIs == "" && e.ThereIs == "" {
		return fmt.Sprintf("campaign %q and the file have diverged %s: here %s followed, in the file %s; nothing was imported: keep both with --as NAME",
			e.Campaign, after, labels(e.Here), labels(e.There))
	}
	return fmt.Sprintf("campaign %q %s and %s have diverged %s: %s %s followed, %s %s; nothing was copied: keep both with --as NAME",
		e.Campaign, e.HereIs, e.ThereIs, after, e.HereIs, labels(e.Here), e.ThereIs, labels(e.There))
}

// Send copies campaign name from this service's store to to's, as an
// export imported there would (Import: a new campaign, a fast-forward, or
// a divergence refused): `campaign push` and `pull`. as names it there, as
// Import's as does. The export goes through a temporary file (mode 0600,
// removed after), so that a long campaign costs memory for none of its
// events, on either side.
func (s *Service) Send(ctx context.Context, name string, to *Service, as string) (*ImportResult, error) {
	f, err := os.CreateTemp("", "warlog-send-*.jsonl")
	if err != nil {
		return nil, err
	}
	defer os.Remove(f.Name())
	defer f.Close()
	if _, err := s.Export(ctx, name, f); err != nil {
		return nil, err
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return nil, err
	}
	return to.Import(ctx, f, as)
}

// labels writes "2 actions (“a”, “b”)", at most a few of them.
func labels(ls []string) string {
	if len(ls) == 0 {
		return "no action"
	}
	show := ls
	more := ""
	if len(show) > 3 {
		show, more = show[:3], fmt.Sprintf(" and %d more", len(ls)-3)
	}
	q := make([]string, len(show))
	for i, l := range show {
		q[i] = quote(l)
	}
	n := "1 action"
	if len(ls) != 1 {
		n = fmt.Sprintf("%s", words.Count(len(ls), "action", "actions"))
	}
	return fmt.Sprintf("%s (%s%s)", n, strings.Join(q, ", "), more)
}

func quote(s string) string { return "“" + s + "”" }

// importErr says what a store's refusal of an import means.
func importErr(name string, err error) error {
	switch {
	case errors.Is(err, events.ErrConcurrency):
		return fmt.Errorf("campaign %q changed while the file was being imported; nothing was imported: run the import again", name)
	case errors.Is(err, events.ErrNameTaken):
		return fmt.Errorf("campaign %q: %w; nothing was imported: choose another name with --as NAME", name, ErrExists)
	}
	return err
}

// firstHash is the hash of a stream's first event.
func (s *Service) firstHash(ctx context.Context, key string) (string, error) {
	var h string
	errFirst := errors.New("first")
	err := s.store.Load(ctx, key, 0, func(e events.Event) error { h = e.Hash; return errFirst })
	if err != nil && !errors.Is(err, errFirst) {
		return "", err
	}
	return h, nil
}

// NewerRulesError: a log holds actions decided under newer rules than
// this build's, which it cannot re-decide, so it does not take them in.
type NewerRulesError struct {
	Campaign string
	// Rules is the newer version; Have this build's.
	Rules, Have string
}

func (e *NewerRulesError) Error() string {
	return fmt.Sprintf("campaign %q holds actions decided under %s, newer rules than this build's %s, which it cannot re-decide", e.Campaign, e.Rules, e.Have)
}

// replay folds a stream given whole, in order (an export file's, its chain
// checked), as load folds a stored one from its start: the undo
// bookkeeping first, then every event of the actions in effect. No store
// is involved.
func (s *Service) replay(ctx context.Context, evs []events.Event) (*State, error) {
	eff, err := events.EffectOf(evs)
	if err != nil {
		return nil, err
	}
	st := &State{Head: events.Genesis}
	for i := range evs {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		e := evs[i]
		if err := s.fold(st, &e, eff.Undone, eff.Voided); err != nil {
			return nil, err
		}
	}
	return st, nil
}
