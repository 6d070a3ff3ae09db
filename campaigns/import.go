package campaigns

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"

	"warlog/events"
)

// Importing a campaign
//
// An export file is read one line at a time, however large: first through
// to check its chain and gather what the rest needs (its first event's
// hash, its campaign.created, its undo bookkeeping), then again to
// re-decide its log, then (after the campaign here is compared with it,
// event by event) once more while its events are written, in one
// transaction that commits only when the last is in. A file that cannot be
// read again from its start (standard input) is first copied to a
// temporary file. What is held in memory is a line, the re-decision's
// state and checkpoints, and the labels of a divergence.

// ReadExport reads an export file whole and checks its chain.
func ReadExport(r io.Reader) (events.ExportHeader, []events.Event, error) {
	h, evs, err := events.ReadExport(r)
	if err != nil {
		return h, nil, fmt.Errorf("%w; nothing was imported", err)
	}
	return h, evs, nil
}

// CheckExport reads an export file through and checks its chain, before
// any database is opened (Import does it again), one line at a time.
func CheckExport(r io.Reader) (events.ExportHeader, error) {
	h, err := events.ScanExport(r, func(events.Event) error { return nil })
	if err != nil {
		return h, fmt.Errorf("%w; nothing was imported", err)
	}
	return h, nil
}

// MaxActionBytes is the most the payloads of one action may hold in an
// export file (an action warlog writes holds a few kilobytes): the
// re-decision of an import holds an action's events whole.
const MaxActionBytes = 8 << 20

// exportFile is an export file checked once through, read again as often
// as needed.
type exportFile struct {
	r io.ReadSeeker
	h events.ExportHeader
	// n is its number of events and first the hash of the first.
	n     int64
	first string
	// created is its first campaign.created, nil if none.
	created *events.Event
	// eff is its undo bookkeeping.
	eff events.Effect
}

// scanExportFile reads r through and checks it.
func scanExportFile(r io.ReadSeeker) (*exportFile, error) {
	if _, err := r.Seek(0, io.SeekStart); err != nil {
		return nil, err
	}
	f := &exportFile{r: r}
	var err error
	var action int64 // the bytes of the action read so far
	f.h, err = events.ScanExport(r, func(e events.Event) error {
		f.n++
		if e.Type == events.TypeActionBegun {
			action = 0
		}
		if action += int64(len(e.Data)); action > MaxActionBytes {
			return &events.ExportError{Version: e.Version, Reason: fmt.Sprintf("its action's events hold more than %d MiB: not an action warlog wrote", MaxActionBytes>>20)}
		}
		if f.n == 1 {
			f.first = e.Hash
		}
		switch e.Type {
		case TypeCreated:
			if f.created == nil {
				c := e
				f.created = &c
			}
		case events.TypeActionUndone, events.TypeActionRedone, events.TypeActionVoided:
			if err := f.eff.Read(e); err != nil {
				return fmt.Errorf("the file's log does not replay: %w", err)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	f.eff.Undone = f.eff.UndoneAt(math.MaxInt64)
	return f, nil
}

// errChanged: the file read again is not the one checked.
var errChanged = errors.New("the file changed while it was being imported")

// open reads the file again from its start.
func (f *exportFile) open() (*events.ExportReader, error) {
	if _, err := f.r.Seek(0, io.SeekStart); err != nil {
		return nil, err
	}
	x, err := events.NewExportReader(f.r)
	if err != nil {
		return nil, err
	}
	if !x.Header.Equal(f.h) {
		return nil, errChanged
	}
	return x, nil
}

// read passes the file's events after version after to fn, in order (a
// source), and checks that the file still ends where it did.
func (f *exportFile) read(ctx context.Context, after int64, fn func(*events.Event) error) error {
	x, err := f.open()
	if err != nil {
		return err
	}
	for {
		e, ok := x.Next()
		if !ok {
			break
		}
		if e.Version <= after {
			continue
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := fn(&e); err != nil {
			return err
		}
	}
	if err := x.Finish(); err != nil {
		return err
	}
	return nil
}

// after is the file's events after version v, for a store to write.
func (f *exportFile) after(ctx context.Context, v int64) events.Events {
	return func(yield func(events.Event) error) error {
		return f.read(ctx, v, func(e *events.Event) error { return yield(*e) })
	}
}

// Import reads an export file and takes it in, all or nothing: the file's
// chain is verified whole and its log re-decided before anything is
// written, and its events are written in one transaction. The campaign it
// belongs to is the one here that began with the same first event under
// the same key (named as the file names it, or as, when given); if there
// is none, the file becomes a new campaign named as the file (or as)
// names it, and a name taken by another campaign is refused. If the log
// here is a beginning of the file's, the rest is appended (a
// fast-forward); if the two went different ways, a *DivergedError says
// where, and as keeps both. The file is read one line at a time, several
// times (see "Importing a campaign"); r that cannot seek is copied to a
// temporary file first.
func (s *Service) Import(ctx context.Context, r io.Reader, as string) (*ImportResult, error) {
	if fi, ok := s.store.(events.FileImporter); ok {
		// A league server re-decides the file itself.
		var res ImportResult
		if err := fi.ImportFile(ctx, r, as, &res); err != nil {
			return nil, err
		}
		return &res, nil
	}
	d, err := s.directory("import a campaign")
	if err != nil {
		return nil, err
	}
	rs, done, err := events.Seekable(r)
	if err != nil {
		return nil, err
	}
	defer done()
	f, err := scanExportFile(rs)
	if err != nil {
		return nil, fmt.Errorf("%w; nothing was imported", err)
	}
	h := f.h
	if err := s.checkImport(ctx, f); err != nil {
		return nil, fmt.Errorf("%w; nothing was imported", err)
	}
	name := h.Name
	if as != "" {
		name = as
	}
	if err := ValidateName("campaign", name); err != nil {
		return nil, err
	}
	entries, err := d.Entries(ctx)
	if err != nil {
		return nil, err
	}
	same := func(e events.Entry) (bool, error) {
		if e.Chain != h.Key {
			return false, nil
		}
		first, err := s.firstHash(ctx, e.Stream)
		return first == f.first, err
	}
	byName := func(n string) *events.Entry {
		for i := range entries {
			if entries[i].Name == n {
				return &entries[i]
			}
		}
		return nil
	}
	var target *events.Entry
	if e := byName(name); e != nil {
		ok, err := same(*e)
		if err != nil {
			return nil, err
		}
		if ok {
			target = e
		} else if as != "" {
			return nil, fmt.Errorf("campaign %q is another campaign (it did not begin as the file's); nothing was imported: choose another name with --as NAME", name)
		}
	}
	if target == nil && as == "" {
		var cands []events.Entry
		for _, e := range entries {
			ok, err := same(e)
			if err != nil {
				return nil, err
			}
			if ok {
				cands = append(cands, e)
			}
		}
		switch {
		case len(cands) == 1:
			target = &cands[0]
		case len(cands) > 1:
			names := make([]string, len(cands))
			for i, c := range cands {
				names[i] = fmt.Sprintf("%q", c.Name)
			}
			return nil, fmt.Errorf("campaigns %s all began as the file's; nothing was imported: name the one it continues with --as NAME", strings.Join(names, ", "))
		case byName(name) != nil:
			return nil, fmt.Errorf("a campaign named %q already exists and the file does not continue it (they began differently); nothing was imported: import it beside with --as NAME", name)
		}
	}
	n := f.n
	res := &ImportResult{Name: name, Version: n, Head: h.Head}
	if target == nil && as != "" {
		// A copy beside a campaign keeps a log that went another way; one
		// that ends where a campaign here ends would be its twin.
		for _, e := range entries {
			if ok, err := same(e); err != nil {
				return nil, err
			} else if !ok {
				continue
			}
			if v, err := events.Version(ctx, s.store, e.Stream); err != nil {
				return nil, err
			} else if v != n {
				continue
			}
			head := ""
			if err := s.store.Load(ctx, e.Stream, n-1, func(ev events.Event) error { head = ev.Hash; return nil }); err != nil {
				return nil, err
			}
			if head == h.Head {
				return nil, fmt.Errorf("campaign %q already holds this log (version %d, head %s); nothing was imported: a copy beside it would be its twin", e.Name, n, head)
			}
		}
	}
	if target == nil {
		if e, err := lookalike(ctx, d, name, ""); err != nil {
			return nil, err
		} else if e != nil {
			return nil, fmt.Errorf("%w; nothing was imported: choose another name with --as NAME", lookalikeError(name, e))
		}
		key := h.Key
		if v, err := events.Version(ctx, s.store, key); err != nil {
			return nil, err
		} else if v > 0 {
			key = h.Key + "~" + NewActionID()[:8]
		}
		if err := events.ImportStream(ctx, d, events.Entry{Stream: key, Chain: h.Key, Name: name, Voided: &f.eff.Voided}, 0, f.after(ctx, 0)); err != nil {
			return nil, importErr(name, err)
		}
		res.New, res.Appended = true, n
		return res, nil
	}
	res.Name = target.Name
	c, err := s.compare(ctx, target.Stream, f)
	if err != nil {
		return nil, err
	}
	l, common := c.here, c.common
	switch {
	case common == l && l == n:
		return res, nil
	case common == n:
		res.Ahead, res.Version, res.Head = l-n, l, c.head
		return res, nil
	case common == l:
		entry := *target
		entry.Voided = &f.eff.Voided
		if err := events.ImportStream(ctx, d, entry, l, f.after(ctx, l)); err != nil {
			return nil, importErr(target.Name, err)
		}
		res.Appended = n - l
		return res, nil
	}
	return nil, &DivergedError{Campaign: target.Name, Common: common, Label: c.label, Here: c.hereLabels, There: c.thereLabels}
}

// comparison is a stream here read beside an export file of the same
// campaign.
type comparison struct {
	// here is the stream's number of events and head its newest hash.
	here int64
	head string
	// common is how many events from the first the two share, and label
	// what the action that wrote the last of them did.
	common int64
	label  string
	// hereLabels and thereLabels are the labels of the actions after
	// common, here and in the file.
	hereLabels, thereLabels []string
}

// compare reads stream beside the file, event by event.
func (s *Service) compare(ctx context.Context, stream string, f *exportFile) (*comparison, error) {
	x, err := f.open()
	if err != nil {
		return nil, err
	}
	c := &comparison{}
	parted := false // the two went different ways, or the file ended
	err = s.store.Load(ctx, stream, 0, func(e events.Event) error {
		c.here++
		c.head = e.Hash
		if !parted {
			fe, ok := x.Next()
			if ok && fe.Hash == e.Hash {
				c.common++
				if l, ok := s.beganLabel(e); ok {
					c.label = l
				}
				return nil
			}
			if err := x.Err(); err != nil {
				return err
			}
			parted = true
			if l, ok := s.beganLabel(fe); ok {
				c.thereLabels = append(c.thereLabels, l)
			}
		}
		if l, ok := s.beganLabel(e); ok {
			c.hereLabels = append(c.hereLabels, l)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if parted {
		for {
			fe, ok := x.Next()
			if !ok {
				break
			}
			if l, ok := s.beganLabel(fe); ok {
				c.thereLabels = append(c.thereLabels, l)
			}
		}
	}
	if err := x.Err(); err != nil {
		return nil, err
	}
	return c, nil
}

// beganLabel is the label of an action.begun event (ok false for any
// other event, or one that does not decode).
func (s *Service) beganLabel(e events.Event) (string, bool) {
	if e.Type != events.TypeActionBegun {
		return "", false
	}
	p, err := s.registry.Decode(e)
	if err != nil {
		return "", false
	}
	return p.(Begun).Label, true
}

// checkImport checks what the chain cannot: that the header says what the
// log says (the campaign's game, seed and mode), and that the log replays
// through this build's rules.
func (s *Service) checkImport(ctx context.Context, f *exportFile) error {
	h := f.h
	if f.created == nil {
		return fmt.Errorf("the file's log has no campaign.created: it is not a campaign's")
	}
	p, err := s.registry.Decode(*f.created)
	if err != nil {
		return fmt.Errorf("the file's log: %w", err)
	}
	created := p.(Created)
	if created.Game != h.Game || created.Seed != h.Seed || created.Mode != h.Mode {
		return fmt.Errorf("the file's header says game %q, seed %d, mode %q, and its log says game %q, seed %d, mode %q: the header was edited",
			h.Game, h.Seed, h.Mode, created.Game, created.Seed, created.Mode)
	}
	// Re-decided, not only replayed: a fact the rules would not produce,
	// or a program die the seed does not give, is refused by version
	// (see "Re-deciding a log"). The log is read from the file as the
	// re-decision goes.
	r := s.rederiver(h.Name, &State{Head: events.Genesis}, f.eff, func(after int64, fn func(*events.Event) error) error {
		return f.read(ctx, after, fn)
	})
	err = r.run(ctx)
	var nd *NotDerivedError
	if errors.As(err, &nd) {
		return fmt.Errorf("the file's log: %w", err)
	}
	if err != nil {
		return fmt.Errorf("the file's log does not replay: %w", err)
	}
	rd := r.result()
	if eng, ok := s.engines[created.Game]; ok {
		if v := rd.NewerRules(eng); v != "" {
			return &NewerRulesError{Campaign: h.Name, Rules: v, Have: eng.RulesVersion()}
		}
	}
	return nil
}
