package events

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Genesis is the prev hash of every stream's first event.
const Genesis = "0000000000000000000000000000000000000000000000000000000000000000"

// TimeFormat is how `at` is written in the log and in the hash.
const TimeFormat = time.RFC3339Nano

// Hash computes sha256(prev ‖ canonical(campaign, version, action, type,
// data, at)). The canonical form length-prefixes every field so that no
// two different envelopes share an encoding.
func Hash(prev string, e Event) string {
	h := sha256.New()
	var n [binary.MaxVarintLen64]byte
	field := func(b []byte) {
		h.Write(n[:binary.PutUvarint(n[:], uint64(len(b)))])
		h.Write(b)
	}
	field([]byte(prev))
	field([]byte(e.Campaign))
	var v [binary.MaxVarintLen64]byte
	field(v[:binary.PutVarint(v[:], e.Version)])
	field([]byte(e.Action))
	field([]byte(e.Type))
	field(e.Data)
	field([]byte(e.At.UTC().Format(TimeFormat)))
	return hex.EncodeToString(h.Sum(nil))
}

// BreakError says where a stream's chain first fails.
type BreakError struct {
	Campaign string
	Version  int64
	Reason   string
}

func (b *BreakError) Error() string {
	return fmt.Sprintf("campaign %q: the log is broken at version %d: %s", b.Campaign, b.Version, b.Reason)
}

// ChainReport is what Verify found for one healthy stream.
type ChainReport struct {
	Campaign string
	Events   int64
	Head     string
}

// VerifyStream recomputes one stream's chain: versions must run 1..N without
// gap, every prev must be the hash before it and every hash must match its
// content (hashed with the campaign as Load gives it: the chain's key). It
// returns a *BreakError naming the first bad version. The events of a
// voided action (TypeActionVoided) are passed over.
func VerifyStream(ctx context.Context, s Store, campaign string) (ChainReport, error) {
	c := NewChainChecker(campaign, "")
	eff, err := LoadEffect(ctx, s, campaign, 0)
	if err != nil {
		return ChainReport{Campaign: campaign}, err
	}
	c.Voided = eff.Voided
	err = s.Load(ctx, campaign, 0, c.Check)
	return ChainReport{Campaign: campaign, Events: c.Events, Head: c.Head}, err
}

// ErrHeadNotFound: the published head hash is not in any chain checked.
var ErrHeadNotFound = errors.New("head hash not found")

// CheckHead reports whether head (a full hash or a prefix of at least 8 hex
// digits) is the hash of some event in the stream, and at which version. A
// head that was published and is now missing means the tail was cut or
// rewritten.
func CheckHead(ctx context.Context, s Store, campaign, head string) (int64, error) {
	head = strings.ToLower(strings.TrimSpace(head))
	if len(head) < 8 {
		return 0, fmt.Errorf("a head hash needs at least 8 hex digits; %q is too short", head)
	}
	var found int64
	err := s.Load(ctx, campaign, 0, func(e Event) error {
		if strings.HasPrefix(e.Hash, head) {
			found = e.Version
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	if found == 0 {
		return 0, ErrHeadNotFound
	}
	return found, nil
}
