package postgres

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"warlog/events"
)

// keepSnapshots is how many snapshots a campaign keeps, as in SQLite.
const keepSnapshots = 4

// SaveSnapshot implements events.Snapshots. A user who may not write
// snapshots (a player, in a league where only the organiser does) gets
// events.ErrDenied, which the commands take as a cache they cannot fill.
func (s *Store) SaveSnapshot(ctx context.Context, snap events.Snapshot) error {
	return s.inTx(ctx, func(tx pgx.Tx) error {
		// The event the snapshot stands at, locked until this commits: a
		// campaign deleted meanwhile takes its snapshots with it (its
		// delete waits for this), and one deleted already keeps none.
		var held bool
		err := tx.QueryRow(ctx, `SELECT true FROM events WHERE campaign = $1 AND version = $2 FOR KEY SHARE`, snap.Campaign, snap.Version).Scan(&held)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		hash := ""
		if snap.Parts == nil && snap.PartsHash != "" {
			var known bool
			if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM snapshot_parts WHERE campaign = $1 AND hash = $2)`, snap.Campaign, snap.PartsHash).Scan(&known); err != nil {
				return err
			}
			if !known {
				return fmt.Errorf("snapshot of %q at version %d: no stored parts %.12s to share", snap.Campaign, snap.Version, snap.PartsHash)
			}
			hash = snap.PartsHash
		} else if len(snap.Parts) > 0 {
			hash = events.PartsHash(snap.Parts)
			if _, err := tx.Exec(ctx, `INSERT INTO snapshot_parts (campaign, hash, data) VALUES ($1, $2, $3)
				ON CONFLICT (campaign, hash) DO UPDATE SET data = excluded.data WHERE snapshot_parts.data <> excluded.data`, snap.Campaign, hash, snap.Parts); err != nil {
				return err
			}
		}
		sealed := snap
		sealed.PartsHash = hash
		if _, err := tx.Exec(ctx, `INSERT INTO snapshots (campaign, key, version, head, data, parts_hash, hash) VALUES ($1, $2, $3, $4, $5, $6, $7)
			ON CONFLICT (campaign, key, version) DO UPDATE SET head = excluded.head, data = excluded.data, parts_hash = excluded.parts_hash, hash = excluded.hash`,
			snap.Campaign, snap.Key, snap.Version, snap.Head, snap.Data, hash, events.SnapshotHash(sealed)); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM snapshots WHERE campaign = $1 AND (key <> $2 OR version NOT IN
			(SELECT version FROM snapshots WHERE campaign = $1 AND key = $2 ORDER BY version DESC LIMIT $3))`,
			snap.Campaign, snap.Key, keepSnapshots); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `DELETE FROM snapshot_parts WHERE campaign = $1 AND hash NOT IN
			(SELECT parts_hash FROM snapshots WHERE campaign = $1)`, snap.Campaign)
		return err
	})
}

// EachSnapshot implements events.Snapshots: it lists the snapshots whose
// head is the log's hash at their version, then reads each one's data
// only when fn is about to see it, with no cursor open while fn runs.
func (s *Store) EachSnapshot(ctx context.Context, campaign, key string, version int64, fn func(events.Snapshot) bool) error {
	rows, err := s.pool.Query(ctx, `SELECT s.version, s.head FROM snapshots s
		JOIN events e ON e.campaign = s.campaign AND e.version = s.version AND e.hash = s.head
		WHERE s.campaign = $1 AND s.key = $2 AND s.version <= $3 ORDER BY s.version DESC`, campaign, key, version)
	if err != nil {
		return s.mapErr(err)
	}
	var list []events.Snapshot
	for rows.Next() {
		snap := events.Snapshot{Campaign: campaign, Key: key}
		if err := rows.Scan(&snap.Version, &snap.Head); err != nil {
			rows.Close()
			return s.mapErr(err)
		}
		list = append(list, snap)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return s.mapErr(err)
	}
	for _, snap := range list {
		var sum string
		err := s.pool.QueryRow(ctx, `SELECT data, parts_hash, hash FROM snapshots WHERE campaign = $1 AND key = $2 AND version = $3 AND head = $4`,
			campaign, key, snap.Version, snap.Head).Scan(&snap.Data, &snap.PartsHash, &sum)
		if errors.Is(err, pgx.ErrNoRows) {
			continue // replaced meanwhile
		}
		if err != nil {
			return s.mapErr(err)
		}
		if !events.SnapshotSealed(snap, sum) {
			continue // edited by hand, or damaged
		}
		snap.LoadParts = s.partsLoader(ctx, snap)
		if !fn(snap) {
			return nil
		}
	}
	return nil
}

// partsLoader reads a snapshot's parts (events.PartsLoader).
func (s *Store) partsLoader(ctx context.Context, snap events.Snapshot) func() ([]byte, error) {
	return events.PartsLoader(snap, func() ([]byte, bool, error) {
		var parts []byte
		err := s.pool.QueryRow(ctx, `SELECT data FROM snapshot_parts WHERE campaign = $1 AND hash = $2`, snap.Campaign, snap.PartsHash).Scan(&parts)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil, false, nil
		}
		return parts, err == nil, s.mapErr(err)
	})
}

// AuditSnapshots implements events.Snapshots, in one statement.
func (s *Store) AuditSnapshots(ctx context.Context, campaign, key string) ([]events.SnapshotAudit, error) {
	rows, err := s.pool.Query(ctx, `SELECT s.version, s.head, s.data, s.parts_hash, s.hash, e.hash, p.data
		FROM snapshots s
		LEFT JOIN events e ON e.campaign = s.campaign AND e.version = s.version
		LEFT JOIN snapshot_parts p ON p.campaign = s.campaign AND p.hash = s.parts_hash
		WHERE s.campaign = $1 AND s.key = $2 ORDER BY s.version`, campaign, key)
	if err != nil {
		return nil, s.mapErr(err)
	}
	defer rows.Close()
	var out []events.SnapshotAudit
	for rows.Next() {
		a := events.SnapshotAudit{Snapshot: events.Snapshot{Campaign: campaign, Key: key}}
		var sum string
		var logHash *string
		if err := rows.Scan(&a.Version, &a.Head, &a.Data, &a.PartsHash, &sum, &logHash, &a.Parts); err != nil {
			return nil, s.mapErr(err)
		}
		a.Fault = events.AuditFault(a, sum, logHash)
		out = append(out, a)
	}
	return out, s.mapErr(rows.Err())
}

// DropSnapshots implements events.Snapshots.
func (s *Store) DropSnapshots(ctx context.Context) (int, error) {
	var n int64
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `DELETE FROM snapshots`)
		if err != nil {
			return err
		}
		n = tag.RowsAffected()
		_, err = tx.Exec(ctx, `DELETE FROM snapshot_parts`)
		return err
	})
	return int(n), err
}
