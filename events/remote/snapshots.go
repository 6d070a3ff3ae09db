package remote

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"sync"

	"warlog/events"
)

// A client keeps, in memory, the snapshots of the states it folded itself
// (events.Snapshots): a long session against a server (play, a script, a
// table of writers) restores the newest and reads only the log after it,
// instead of the whole log over the network at every command. They are
// this process's own replays, never the server's, and a snapshot whose
// head is no longer the log's hash at its version is passed over (a
// campaign deleted and started again under the same name).

// keepSnapshots is how many snapshots a campaign keeps, newest first.
const keepSnapshots = 4

type snapshots struct {
	mu    sync.Mutex
	by    map[string][]events.Snapshot // by campaign, oldest first
	parts map[string][]byte            // by their SHA-256
}

// SaveSnapshot implements events.Snapshots.
func (s *Store) SaveSnapshot(ctx context.Context, snap events.Snapshot) error {
	c := &s.snaps
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.by == nil {
		c.by, c.parts = map[string][]events.Snapshot{}, map[string][]byte{}
	}
	hash := ""
	switch {
	case snap.Parts == nil && snap.PartsHash != "":
		if _, ok := c.parts[snap.PartsHash]; !ok {
			return fmt.Errorf("snapshot of %q at version %d: no kept parts %.12s to share", snap.Campaign, snap.Version, snap.PartsHash)
		}
		hash = snap.PartsHash
	case len(snap.Parts) > 0:
		hash = events.PartsHash(snap.Parts)
		c.parts[hash] = bytes.Clone(snap.Parts)
	}
	kept := events.Snapshot{Campaign: snap.Campaign, Version: snap.Version, Head: snap.Head, Key: snap.Key, Data: bytes.Clone(snap.Data), PartsHash: hash}
	list := slices.DeleteFunc(c.by[snap.Campaign], func(o events.Snapshot) bool { return o.Key != snap.Key || o.Version == snap.Version })
	list = append(list, kept)
	slices.SortFunc(list, func(a, b events.Snapshot) int { return int(a.Version - b.Version) })
	c.by[snap.Campaign] = list[max(0, len(list)-keepSnapshots):]
	held := map[string]bool{}
	for _, l := range c.by {
		for _, o := range l {
			held[o.PartsHash] = true
		}
	}
	for h := range c.parts {
		if !held[h] {
			delete(c.parts, h)
		}
	}
	return nil
}

// EachSnapshot implements events.Snapshots: the newest first, each checked
// against the log's hash at its version (one short request) before fn.
func (s *Store) EachSnapshot(ctx context.Context, campaign, key string, version int64, fn func(events.Snapshot) bool) error {
	c := &s.snaps
	c.mu.Lock()
	list := slices.Clone(c.by[campaign])
	c.mu.Unlock()
	for i := len(list) - 1; i >= 0; i-- {
		snap := list[i]
		if snap.Key != key || snap.Version > version {
			continue
		}
		head, err := s.hashAt(ctx, campaign, snap.Version)
		if err != nil {
			return err
		}
		if head != snap.Head {
			continue
		}
		snap.LoadParts = events.PartsLoader(snap, func() ([]byte, bool, error) {
			c.mu.Lock()
			defer c.mu.Unlock()
			parts, ok := c.parts[snap.PartsHash]
			return parts, ok, nil
		})
		if !fn(snap) {
			return nil
		}
	}
	return nil
}

// hashAt is the hash of the campaign's event at version ("" when there is
// none).
func (s *Store) hashAt(ctx context.Context, campaign string, version int64) (string, error) {
	var hash string
	err := s.load(ctx, campaign, version-1, nil, 1, func(e events.Event) error {
		if e.Version == version {
			hash = e.Hash
		}
		return nil
	})
	return hash, err
}

// DropSnapshots implements events.Snapshots.
func (s *Store) DropSnapshots(ctx context.Context) (int, error) {
	c := &s.snaps
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 0
	for _, l := range c.by {
		n += len(l)
	}
	c.by, c.parts = nil, nil
	return n, nil
}

// AuditSnapshots implements events.Snapshots: what this process keeps.
func (s *Store) AuditSnapshots(ctx context.Context, campaign, key string) ([]events.SnapshotAudit, error) {
	c := &s.snaps
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []events.SnapshotAudit
	for _, snap := range c.by[campaign] {
		if snap.Key == key {
			a := events.SnapshotAudit{Snapshot: snap}
			a.Parts = c.parts[snap.PartsHash]
			out = append(out, a)
		}
	}
	return out, nil
}

// LastProgramRolls implements events.ProgramRollStore through the
// server's index of program rolls: a restored snapshot's count of program
// dice is checked with a few rows, not a read of every roll.
func (s *Store) LastProgramRolls(ctx context.Context, campaign string, upTo int64, n int) ([]events.Event, error) {
	var out []events.Event
	q := url.Values{"upto": {strconv.FormatInt(upTo, 10)}, "n": {strconv.Itoa(n)}}
	_, err := s.do(ctx, request{method: http.MethodGet, path: "/v1/streams/" + seg(campaign) + "/program-rolls", query: q}, &out)
	return out, err
}
