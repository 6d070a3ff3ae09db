package server_test

import (
	"context"
	"net/http/httptest"
	"path/filepath"
	"testing"
	"time"

	"warlog/campaigns"
	"warlog/cmd"
	"warlog/events"
	"warlog/events/remote"
	"warlog/events/stores"
	"warlog/server"
)

// league is a server on a real store, its tokens, and the store behind it
// (to check what was written without the server).
type league struct {
	url    string
	db     string
	srv    *server.Server
	store  events.Store
	tokens map[string]string // name -> secret
}

// newLeague serves db (a file path or a postgres:// address) with an
// organiser "org", players "ann" (of campaign Autumn) and "ben" (of
// Winter), and a spectator "scr".
func newLeague(t testing.TB, db string, cfg server.Config) *league {
	t.Helper()
	ctx := context.Background()
	st, err := stores.Open(ctx, db, stores.Options{MaxConns: 32})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	l := &league{db: db, store: st, tokens: map[string]string{}}
	for _, tk := range [][3]string{{"org", server.RoleOrganiser, ""}, {"ann", server.RolePlayer, "Autumn"}, {"ben", server.RolePlayer, "Winter"}, {"scr", server.RoleSpectator, ""}} {
		secret, err := server.AddToken(ctx, st, tk[0], tk[1], tk[2], time.Now())
		if err != nil {
			t.Fatal(err)
		}
		l.tokens[tk[0]] = secret
	}
	cfg.Service = campaigns.New(st, cmd.Engines()...)
	l.srv = server.New(cfg)
	hs := httptest.NewServer(l.srv.Handler())
	t.Cleanup(hs.Close)
	l.url = hs.URL
	return l
}

func fileDB(t testing.TB) string { return filepath.Join(t.TempDir(), "league.db") }

// client is a warlog's service talking to the server with a token.
func (l *league) client(t testing.TB, token string) *campaigns.Service {
	t.Helper()
	st, err := remote.Open(l.url, remote.Options{Token: l.tokens[token], RetryFor: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return campaigns.New(st, cmd.Engines()...)
}

// version is the stream's version in the store itself.
func (l *league) version(t testing.TB, stream string) int64 {
	t.Helper()
	v, err := events.Version(context.Background(), l.store, stream)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func seed(n uint64) *uint64 { return &n }
