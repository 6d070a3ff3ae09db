// Package events is warlog's append-only log: the event envelope, the Store
// interface every backend implements, the per-campaign hash chain and the
// registry that maps an event type to its Go payload type.
//
// It knows no game. Engines define payloads; this package stores them as JSON
// and proves, through the chain, that nobody changed them afterwards.
package events

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/cespare/xxhash/v2"
)

// Event is one stored fact: the envelope of the architecture document.
type Event struct {
	Seq      int64           `json:"seq"`
	Campaign string          `json:"campaign"`
	Version  int64           `json:"version"`
	Action   string          `json:"action"`
	Type     string          `json:"type"`
	Data     json.RawMessage `json:"data"`
	At       time.Time       `json:"at"`
	Prev     string          `json:"prev"`
	Hash     string          `json:"hash"`
}

// Fact is an event not yet stored: a type and a payload that marshals to JSON.
type Fact struct {
	Type string
	Data any
}

// Store is an append-only log of campaign streams: what every backend must
// do. The SQLite store (events/sqlite) is the default, the memory store
// (events/memory) serves tests; both pass one suite (internal/storetest).
// What a backend may do faster or besides (a replay path, a type index,
// settings, snapshots, an integrity check) are capabilities of their own
// below; the functions of this package use them when a store has them.
type Store interface {
	// Append stores one action's facts as consecutive versions after
	// expected, all or nothing. It returns the stored events.
	// Errors: ErrConcurrency when the stream is not at expected;
	// ErrActionConflict when action is already stored with other content
	// (the same content is a no-op that returns the stored events); ErrBusy.
	Append(ctx context.Context, campaign string, expected int64, action string, facts []Fact) ([]Event, error)
	// Load streams the events of campaign with version > after, in order.
	// fn's error stops the scan and is returned.
	Load(ctx context.Context, campaign string, after int64, fn func(Event) error) error
	// Campaigns lists every stream, oldest first.
	Campaigns(ctx context.Context) ([]string, error)
	// Close releases the store.
	Close() error
}

// Streamer is a Store with a replay path for folding, the hot path of every
// command: Stream is Load passing one reused Event whose Seq and Prev are
// empty, whose Hash is set on the stream's newest event only (the head),
// and whose Data is valid only during the call (copy what must outlive it).
type Streamer interface {
	Stream(ctx context.Context, campaign string, after int64, fn func(*Event) error) error
}

// TypeLoader is a Store with an index by event type: LoadTypes streams only
// the events of the given types with version > after, in order.
type TypeLoader interface {
	LoadTypes(ctx context.Context, campaign string, after int64, types []string, fn func(Event) error) error
}

// ActionLoader is a Store with an index by action: Action returns the
// events of one action, in order; none if unknown.
type ActionLoader interface {
	Action(ctx context.Context, campaign, action string) ([]Event, error)
}

// Versioner is a Store that knows a stream's newest version without
// reading it: 0 for an empty or unknown stream.
type Versioner interface {
	Version(ctx context.Context, campaign string) (int64, error)
}

// Settings is a Store that keeps small local preferences (the campaign
// chosen with `use`), which are part of no stream.
type Settings interface {
	Setting(ctx context.Context, key string) (string, error)
	SetSetting(ctx context.Context, key, value string) error
}

// Checker is a Store with an integrity check of its own (SQLite's); nil
// when healthy.
type Checker interface {
	Check(ctx context.Context) error
}

// SchemaChecker is a Store whose schema can be checked against the one
// the store makes (SQLite's tables, indexes and the triggers that keep the
// log append-only): nil when they match, else an ErrSchema naming what
// differs.
type SchemaChecker interface {
	CheckSchema(ctx context.Context) error
}

// ProgramRollStore is a Store with a fast path to the newest dice the
// program rolled (dice.rolled events whose source is "program"), which a
// restore reads instead of trusting a snapshot's count of them.
type ProgramRollStore interface {
	// LastProgramRolls returns up to n such events of campaign at or
	// below version upTo, newest first, with Version, Action, Type and
	// Data set.
	LastProgramRolls(ctx context.Context, campaign string, upTo int64, n int) ([]Event, error)
}

// Marshal encodes a fact's payload as the JSON stored in the log.
func Marshal(f Fact) (json.RawMessage, error) {
	if f.Data == nil {
		return json.RawMessage("{}"), nil
	}
	if raw, ok := f.Data.(json.RawMessage); ok {
		return raw, nil
	}
	return json.Marshal(f.Data)
}

// MarshalAction encodes an action's facts as a store appends them (Marshal
// each): an action needs at least one.
func MarshalAction(facts []Fact) ([][]byte, error) {
	if len(facts) == 0 {
		return nil, errors.New("append: an action needs at least one event")
	}
	datas := make([][]byte, len(facts))
	for i, f := range facts {
		b, err := Marshal(f)
		if err != nil {
			return nil, fmt.Errorf("append %s: %w", f.Type, err)
		}
		datas[i] = b
	}
	return datas, nil
}

// Snapshot is a folded state of one campaign at one version: a cache that
// lets a command replay only the events after it. Key names what folded it
// (the game's rules version and the snapshot format), so a snapshot from
// other rules is never read; Head is the hash of the event at Version, so
// a snapshot of another history is never read either.
type Snapshot struct {
	Campaign string
	Version  int64
	Head     string
	Key      string
	Data     []byte
	// Parts is what a restore may never need (the history of finished
	// battles): stored beside Data and, on reading, left to LoadParts.
	Parts     []byte
	LoadParts func() ([]byte, error)
	// PartsHash names a stored copy of parts that snapshots share: the
	// SHA-256 of their bytes, which LoadParts checks. Read, it is the
	// snapshot's ("" when it has none); saved with Parts nil, the snapshot
	// shares that copy, which must exist (the parts did not change since
	// the snapshot restored).
	PartsHash string
}

// PartsHash is the key of a snapshot's parts (Snapshot.PartsHash): the
// SHA-256 of their bytes, in hex.
func PartsHash(parts []byte) string {
	sum := sha256.Sum256(parts)
	return hex.EncodeToString(sum[:])
}

// SnapshotHash is the checksum a store keeps with a snapshot: XXH64 (the
// library is linked already, and needs no table built at start) over its campaign, key, version, head, data and the hash
// of its parts (PartsHash, the SHA-256 of the parts' bytes), each field
// length-prefixed as in the chain, behind a tag naming this scheme. A
// store reads a snapshot only while its stored checksum still matches: one
// damaged or edited by hand is a cache miss (SnapshotSealed also accepts
// the SHA-256 earlier versions kept). It guards against
// accidents, not forgers: anyone who can edit the file can recompute any
// hash warlog could, so a cryptographic one bought nothing but time (a
// fifth of a status of a long Reincardnated campaign went into hashing its
// 80 KB snapshot). What the dice depend on is checked against the log
// before any roll (campaigns), and `warlog verify` recomputes every
// snapshot by replay.
func SnapshotHash(s Snapshot) string {
	h := xxhash.New()
	var n [binary.MaxVarintLen64]byte
	field := func(b []byte) {
		h.Write(n[:binary.PutUvarint(n[:], uint64(len(b)))])
		h.Write(b)
	}
	var v [binary.MaxVarintLen64]byte
	field([]byte("warlog snapshot 2"))
	field([]byte(s.Campaign))
	field([]byte(s.Key))
	field(v[:binary.PutVarint(v[:], s.Version)])
	field([]byte(s.Head))
	field(s.Data)
	field([]byte(s.PartsHash))
	return "xxh64:" + hex.EncodeToString(h.Sum(nil))
}

// SnapshotSealed reports whether sum, a snapshot's stored checksum, is
// SnapshotHash's for s, or the SHA-256 a warlog before it kept: a file
// upgraded is read from its snapshots as before (replaying a long log
// from the start would make the first command after an upgrade slow), and
// each new snapshot is saved with the checksum.
func SnapshotSealed(s Snapshot, sum string) bool {
	if strings.HasPrefix(sum, "xxh64:") {
		return SnapshotHash(s) == sum
	}
	return len(sum) == sha256.Size*2 && legacySnapshotHash(s) == sum
}

// legacySnapshotHash is SnapshotHash as warlog kept it before the
// checksum: SHA-256, tagged "warlog snapshot 1", no scheme prefix.
func legacySnapshotHash(s Snapshot) string {
	h := sha256.New()
	var n [binary.MaxVarintLen64]byte
	field := func(b []byte) {
		h.Write(n[:binary.PutUvarint(n[:], uint64(len(b)))])
		h.Write(b)
	}
	var v [binary.MaxVarintLen64]byte
	field([]byte("warlog snapshot 1"))
	field([]byte(s.Campaign))
	field([]byte(s.Key))
	field(v[:binary.PutVarint(v[:], s.Version)])
	field([]byte(s.Head))
	field(s.Data)
	field([]byte(s.PartsHash))
	return hex.EncodeToString(h.Sum(nil))
}

// Snapshots is what a Store that keeps snapshots offers besides the log.
// Snapshots are not part of any stream: deleting them changes no output.
type Snapshots interface {
	// SaveSnapshot stores s, replacing one at the same campaign, version
	// and key, and keeps only the newest few of the campaign.
	SaveSnapshot(ctx context.Context, s Snapshot) error
	// EachSnapshot passes the campaign's snapshots with the given key at or
	// below version, newest first, whose Head still matches the log and
	// whose content still matches its SnapshotHash, until fn returns false.
	// LoadParts fails when the parts are gone or no longer match PartsHash.
	EachSnapshot(ctx context.Context, campaign, key string, version int64, fn func(Snapshot) bool) error
	// DropSnapshots deletes every snapshot and says how many there were.
	DropSnapshots(ctx context.Context) (int, error)
	// AuditSnapshots returns every stored snapshot of campaign with key,
	// oldest first, read whole (Data and Parts), each with the fault that
	// keeps EachSnapshot from passing it or its parts from loading.
	AuditSnapshots(ctx context.Context, campaign, key string) ([]SnapshotAudit, error)
}

// SnapshotAudit is one stored snapshot as `warlog verify` sees it.
type SnapshotAudit struct {
	Snapshot
	// Fault says why the snapshot would never be read ("" when nothing
	// is wrong with it as stored): its head is not the log's hash at its
	// version, its content does not match its hash, or its parts are gone
	// or do not match theirs.
	Fault string
}

// AuditFault is the Fault of a stored snapshot whose checksum is sum, given
// the log's hash at its version (nil: the log has no event there): the one
// judgment of every store's AuditSnapshots.
func AuditFault(a SnapshotAudit, sum string, logHash *string) string {
	switch {
	case logHash == nil:
		return "the log has no event at its version (was the log cut short?)"
	case *logHash != a.Head:
		return "its head is not the log's hash at its version"
	case !SnapshotSealed(a.Snapshot, sum):
		return "its content does not match its stored hash"
	case a.PartsHash != "" && a.Parts == nil:
		return "its parts are missing"
	case a.PartsHash != "" && PartsHash(a.Parts) != a.PartsHash:
		return "its parts do not match their hash"
	}
	return ""
}

// PartsLoader is a stored snapshot's LoadParts: read fetches the parts
// kept under snap.PartsHash (found is false when there are none). Parts
// gone, or that no longer hash to it (edited by hand, or damaged), are an
// error, which the caller answers by rebuilding them from the log.
func PartsLoader(snap Snapshot, read func() (parts []byte, found bool, err error)) func() ([]byte, error) {
	return func() ([]byte, error) {
		if snap.PartsHash == "" {
			return nil, nil
		}
		parts, found, err := read()
		if err != nil {
			return nil, err
		}
		if !found {
			return nil, fmt.Errorf("the snapshot of %q at version %d has lost its parts", snap.Campaign, snap.Version)
		}
		if PartsHash(parts) != snap.PartsHash {
			return nil, fmt.Errorf("the parts of the snapshot of %q at version %d do not match their hash (edited by hand, or damaged)", snap.Campaign, snap.Version)
		}
		return parts, nil
	}
}

// Authority is a Store whose users do not all have the same rights (a
// league's server, a role per player): Organiser reports whether this
// user may do what only the league's organiser does (create campaigns,
// void an action). A store without it leaves that to whoever can write
// it (a file's owner).
type Authority interface {
	Organiser(ctx context.Context) (bool, error)
}

// StreamLocker is a Store that can hold one stream's writers off while an
// action is decided (PostgreSQL's advisory locks): a league server holds
// the lock from loading the state to appending, so writers of one
// campaign queue instead of deciding on the same state and all but one
// failing, across every process that shares the database. LockStream
// waits for the lock (or ctx's end) and returns what releases it.
type StreamLocker interface {
	LockStream(ctx context.Context, stream string) (unlock func(), err error)
}
