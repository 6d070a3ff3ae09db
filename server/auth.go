package server

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	"warlog/engines"
	"warlog/events"
)

// Roles a token may have.
const (
	// RoleOrganiser does everything: creates, renames, archives and
	// deletes campaigns, voids a row, and plays in every campaign.
	RoleOrganiser = "organiser"
	// RolePlayer appends, undoes and amends in the campaigns its token
	// names (every campaign when it names none), and reads the league.
	RolePlayer = "player"
	// RoleSpectator reads the league.
	RoleSpectator = "spectator"
)

// Roles lists the roles, for messages.
var Roles = []string{RoleOrganiser, RolePlayer, RoleSpectator}

// Token is one issued token as the database keeps it: its secret only as
// its SHA-256.
type Token struct {
	Name string `json:"name"`
	Role string `json:"role"`
	// Campaign is the one campaign a player's token plays in ("" for all).
	Campaign string    `json:"campaign,omitempty"`
	Hash     string    `json:"hash"`
	Created  time.Time `json:"created"`
	Revoked  bool      `json:"revoked,omitempty"`
}

// tokensKey is the settings key the tokens are kept under, in the
// database the server serves: the server's own database user's setting.
const tokensKey = "warlog server tokens"

// tokenPrefix begins every secret, so that one pasted in the wrong place
// is recognised for what it is.
const tokenPrefix = "wlt_"

// Errors of the tokens.
var (
	ErrNoToken      = errors.New("no token: give one with WARLOG_TOKEN or --token-file (the organiser issues them with `warlog serve token add`)")
	ErrBadToken     = errors.New("the server does not know this token, or it was revoked")
	ErrTokenExists  = errors.New("a token of that name exists already; revoke it first or choose another name")
	ErrNoSuchToken  = errors.New("no token of that name")
	errTokensLocked = errors.New("the tokens cannot be changed: the database keeps no settings")
)

// hashSecret is a secret as the database keeps it.
func hashSecret(secret string) string {
	h := sha256.Sum256([]byte(secret))
	return hex.EncodeToString(h[:])
}

// Tokens reads the tokens a database keeps, oldest first.
func Tokens(ctx context.Context, st events.Store) ([]Token, error) {
	raw, err := events.Setting(ctx, st, tokensKey)
	if err != nil || raw == "" {
		return nil, err
	}
	var ts []Token
	if err := json.Unmarshal([]byte(raw), &ts); err != nil {
		return nil, fmt.Errorf("the server's tokens in the database cannot be read: %w", err)
	}
	return ts, nil
}

// changeTokens reads, changes and writes the tokens, held against another
// change where the store can hold writers off.
func changeTokens(ctx context.Context, st events.Store, change func([]Token) ([]Token, error)) error {
	if _, ok := st.(events.Settings); !ok {
		return errTokensLocked
	}
	if l, ok := st.(events.StreamLocker); ok {
		unlock, err := l.LockStream(ctx, "tokens\n") // no campaign has a newline in its name
		if err != nil {
			return err
		}
		defer unlock()
	}
	ts, err := Tokens(ctx, st)
	if err != nil {
		return err
	}
	if ts, err = change(ts); err != nil {
		return err
	}
	raw, err := json.Marshal(ts)
	if err != nil {
		return err
	}
	return events.SetSetting(ctx, st, tokensKey, string(raw))
}

// AddToken issues a token and returns its secret, which is shown once:
// the database keeps only its hash.
func AddToken(ctx context.Context, st events.Store, name, role, campaign string, now time.Time) (string, error) {
	if err := engines.ValidateName("token name", name); err != nil {
		return "", err
	}
	if !slices.Contains(Roles, role) {
		return "", fmt.Errorf("unknown role %q; choose one of %s", role, strings.Join(Roles, ", "))
	}
	if campaign != "" && role != RolePlayer {
		return "", fmt.Errorf("--campaign names the campaign a player's token plays in; with the role %s a token is for the whole league", role)
	}
	var b [24]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", err
	}
	secret := tokenPrefix + hex.EncodeToString(b[:])
	err := changeTokens(ctx, st, func(ts []Token) ([]Token, error) {
		for _, t := range ts {
			if t.Name == name && !t.Revoked {
				return nil, fmt.Errorf("token %q: %w", name, ErrTokenExists)
			}
		}
		return append(ts, Token{Name: name, Role: role, Campaign: campaign, Hash: hashSecret(secret), Created: now.UTC()}), nil
	})
	if err != nil {
		return "", err
	}
	return secret, nil
}

// RevokeToken revokes the token of that name: from the next request on,
// the server refuses it.
func RevokeToken(ctx context.Context, st events.Store, name string) error {
	return changeTokens(ctx, st, func(ts []Token) ([]Token, error) {
		found := false
		for i := range ts {
			if ts[i].Name == name && !ts[i].Revoked {
				ts[i].Revoked, found = true, true
			}
		}
		if !found {
			return nil, fmt.Errorf("token %q: %w; `warlog serve token list` lists them", name, ErrNoSuchToken)
		}
		return ts, nil
	})
}

// authenticate finds the live token whose secret this is.
func authenticate(ts []Token, secret string) (*Token, bool) {
	h := hashSecret(secret)
	var found *Token
	for i := range ts {
		// Every hash is compared, in constant time, whatever matches.
		if subtle.ConstantTimeCompare([]byte(ts[i].Hash), []byte(h)) == 1 && !ts[i].Revoked {
			found = &ts[i]
		}
	}
	return found, found != nil
}

// secretOf is the token a request carries: its Authorization header's
// bearer token, else (a browser's page) the cookie the page set.
func secretOf(r *http.Request) string {
	if h := r.Header.Get("Authorization"); h != "" {
		if s, ok := strings.CutPrefix(h, "Bearer "); ok {
			return strings.TrimSpace(s)
		}
		return ""
	}
	if c, err := r.Cookie(CookieName); err == nil {
		return c.Value
	}
	return ""
}

// CookieName is the cookie a browser carries its token in.
const CookieName = "warlog_token"

// mayRead: every live token reads the league.
func (t *Token) mayRead() bool { return t != nil }

// mayPlay says whether the token may append to the campaign of that key
// and name.
func (t *Token) mayPlay(stream, name string) bool {
	switch t.Role {
	case RoleOrganiser:
		return true
	case RolePlayer:
		return t.Campaign == "" || t.Campaign == name || t.Campaign == stream
	}
	return false
}

func (t *Token) organiser() bool { return t.Role == RoleOrganiser }

// tokenKey is the request context's key of the token.
type tokenKey struct{}

// TokenOf is the token that authenticated the request (nil for a public
// page).
func TokenOf(r *http.Request) *Token {
	t, _ := r.Context().Value(tokenKey{}).(*Token)
	return t
}

// limiter is a token bucket per token name: rate requests a second on
// average, burst at once.
type limiter struct {
	rate, burst float64
	mu          sync.Mutex
	buckets     map[string]*bucket
}

type bucket struct {
	level float64
	at    time.Time
}

// allow takes one request from name's bucket; when it is empty it says
// how long until one is back.
func (l *limiter) allow(name string, now time.Time) (bool, time.Duration) {
	if l.rate <= 0 {
		return true, 0
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	b, ok := l.buckets[name]
	if !ok {
		b = &bucket{level: l.burst, at: now}
		l.buckets[name] = b
	}
	b.level = min(l.burst, b.level+now.Sub(b.at).Seconds()*l.rate)
	b.at = now
	if b.level < 1 {
		return false, time.Duration((1 - b.level) / l.rate * float64(time.Second))
	}
	b.level--
	return true, 0
}
