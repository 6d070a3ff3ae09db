package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"warlog/events"
)

// keepSnapshots is how many snapshots a campaign keeps: the newest, and a
// few older ones for a load after an undo of recent actions.
const keepSnapshots = 4

// SaveSnapshot implements events.Snapshots. Snapshots of other keys (other
// rules) are dropped with the oldest of this one. Parts are stored once per
// content (by SHA-256) and shared by the snapshots that hold the same. A
// snapshot at a version the log does not hold (its campaign deleted
// meanwhile) is not kept.
func (s *Store) SaveSnapshot(ctx context.Context, snap events.Snapshot) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return mapErr(err)
	}
	defer tx.Rollback()
	var held int
	if err := tx.QueryRowContext(quiet(ctx), `SELECT count(*) FROM events WHERE campaign = ? AND version = ?`, snap.Campaign, snap.Version).Scan(&held); err != nil {
		return mapErr(err)
	}
	if held == 0 {
		return nil // the log no longer holds it (a campaign deleted meanwhile): nothing to keep
	}
	hash := ""
	if snap.Parts == nil && snap.PartsHash != "" {
		var known int
		err := tx.QueryRowContext(quiet(ctx), `SELECT count(*) FROM snapshot_parts WHERE campaign = ? AND hash = ?`, snap.Campaign, snap.PartsHash).Scan(&known)
		if err != nil {
			return mapErr(err)
		}
		if known == 0 {
			return fmt.Errorf("snapshot of %q at version %d: no stored parts %.12s to share", snap.Campaign, snap.Version, snap.PartsHash)
		}
		hash = snap.PartsHash
	} else if len(snap.Parts) > 0 {
		hash = events.PartsHash(snap.Parts)
		// A stored copy under this hash whose bytes differ (edited by hand)
		// is mended with the right ones.
		if _, err := tx.ExecContext(quiet(ctx), `INSERT INTO snapshot_parts (campaign, hash, data) VALUES (?, ?, ?)
			ON CONFLICT (campaign, hash) DO UPDATE SET data = excluded.data WHERE data <> excluded.data`, snap.Campaign, hash, snap.Parts); err != nil {
			return mapErr(err)
		}
	}
	sealed := snap
	sealed.PartsHash = hash
	if _, err := tx.ExecContext(quiet(ctx), `INSERT OR REPLACE INTO snapshots (campaign, key, version, head, data, parts, parts_hash, hash) VALUES (?, ?, ?, ?, ?, x'', ?, ?)`,
		snap.Campaign, snap.Key, snap.Version, snap.Head, snap.Data, hash, events.SnapshotHash(sealed)); err != nil {
		return mapErr(err)
	}
	if _, err := tx.ExecContext(quiet(ctx), `DELETE FROM snapshots WHERE campaign = ? AND (key <> ? OR version NOT IN
		(SELECT version FROM snapshots WHERE campaign = ? AND key = ? ORDER BY version DESC LIMIT ?))`,
		snap.Campaign, snap.Key, snap.Campaign, snap.Key, keepSnapshots); err != nil {
		return mapErr(err)
	}
	if _, err := tx.ExecContext(quiet(ctx), `DELETE FROM snapshot_parts WHERE campaign = ? AND hash NOT IN
		(SELECT parts_hash FROM snapshots WHERE campaign = ?)`, snap.Campaign, snap.Campaign); err != nil {
		return mapErr(err)
	}
	return mapErr(tx.Commit())
}

// EachSnapshot implements events.Snapshots.
// It lists the snapshots first, with the newest one's content (the one a
// command almost always restores: one statement, not two), and reads each
// older one's only when fn is about to see it, with no cursor open while fn
// runs (fn may query the store: a cursor held open would make it take a
// second connection). A snapshot whose head is not the log's hash at its
// version, or whose content does not match its stored hash, is passed over.
func (s *Store) EachSnapshot(ctx context.Context, campaign, key string, version int64, fn func(events.Snapshot) bool) error {
	rows, err := s.db.QueryContext(quiet(ctx), `SELECT s.version, s.head,
			CASE WHEN s.version = (SELECT max(version) FROM snapshots WHERE campaign = ?1 AND key = ?2 AND version <= ?3) THEN s.data END,
			s.parts_hash, s.hash
		FROM snapshots s
		JOIN events e ON e.campaign = s.campaign AND e.version = s.version AND e.hash = s.head
		WHERE s.campaign = ?1 AND s.key = ?2 AND s.version <= ?3 ORDER BY s.version DESC`, campaign, key, version)
	if err != nil {
		return mapErr(err)
	}
	type listed struct {
		snap events.Snapshot
		sum  string
	}
	var list []listed
	for rows.Next() {
		l := listed{snap: events.Snapshot{Campaign: campaign, Key: key}}
		if err := rows.Scan(&l.snap.Version, &l.snap.Head, &l.snap.Data, &l.snap.PartsHash, &l.sum); err != nil {
			rows.Close()
			return mapErr(err)
		}
		list = append(list, l)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return mapErr(err)
	}
	for _, l := range list {
		snap, sum := l.snap, l.sum
		if snap.Data == nil {
			err := s.db.QueryRowContext(quiet(ctx), `SELECT data, parts_hash, hash FROM snapshots WHERE campaign = ? AND key = ? AND version = ? AND head = ?`,
				campaign, key, snap.Version, snap.Head).Scan(&snap.Data, &snap.PartsHash, &sum)
			if errors.Is(err, sql.ErrNoRows) {
				continue // replaced meanwhile
			}
			if err != nil {
				return mapErr(err)
			}
		}
		if !events.SnapshotSealed(snap, sum) {
			continue // edited by hand, damaged, or saved before snapshots kept a hash
		}
		snap.LoadParts = s.partsLoader(ctx, snap)
		if !fn(snap) {
			return nil
		}
	}
	return nil
}

// partsLoader reads a snapshot's parts by the hash its own hash covers
// (events.PartsLoader).
func (s *Store) partsLoader(ctx context.Context, snap events.Snapshot) func() ([]byte, error) {
	return events.PartsLoader(snap, func() ([]byte, bool, error) {
		var parts []byte
		err := s.db.QueryRowContext(quiet(ctx), `SELECT data FROM snapshot_parts WHERE campaign = ? AND hash = ?`, snap.Campaign, snap.PartsHash).Scan(&parts)
		if errors.Is(err, sql.ErrNoRows) {
			return nil, false, nil
		}
		return parts, err == nil, mapErr(err)
	})
}

// AuditSnapshots implements events.Snapshots, in one statement (one
// consistent view of snapshots, parts and log).
func (s *Store) AuditSnapshots(ctx context.Context, campaign, key string) ([]events.SnapshotAudit, error) {
	rows, err := s.db.QueryContext(quiet(ctx), `SELECT s.version, s.head, s.data, s.parts_hash, s.hash, e.hash, p.data
		FROM snapshots s
		LEFT JOIN events e ON e.campaign = s.campaign AND e.version = s.version
		LEFT JOIN snapshot_parts p ON p.campaign = s.campaign AND p.hash = s.parts_hash
		WHERE s.campaign = ? AND s.key = ? ORDER BY s.version`, campaign, key)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	var out []events.SnapshotAudit
	for rows.Next() {
		a := events.SnapshotAudit{Snapshot: events.Snapshot{Campaign: campaign, Key: key}}
		var sum string
		var logHash sql.NullString
		if err := rows.Scan(&a.Version, &a.Head, &a.Data, &a.PartsHash, &sum, &logHash, &a.Parts); err != nil {
			return nil, mapErr(err)
		}
		var head *string
		if logHash.Valid {
			head = &logHash.String
		}
		a.Fault = events.AuditFault(a, sum, head)
		out = append(out, a)
	}
	return out, mapErr(rows.Err())
}

// DropSnapshots implements events.Snapshots.
func (s *Store) DropSnapshots(ctx context.Context) (int, error) {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return 0, mapErr(err)
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(quiet(ctx), `DELETE FROM snapshots`)
	if err != nil {
		return 0, mapErr(err)
	}
	n, _ := res.RowsAffected()
	if _, err := tx.ExecContext(quiet(ctx), `DELETE FROM snapshot_parts`); err != nil {
		return 0, mapErr(err)
	}
	return int(n), mapErr(tx.Commit())
}
