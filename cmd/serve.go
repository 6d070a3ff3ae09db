package cmd

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"warlog/campaigns"
	"warlog/cmd/cmdutil"
	"warlog/events"
	"warlog/server"
)

func newServeCommand(app *cmdutil.App) *cobra.Command {
	var listen, cert, key string
	var public bool
	var rate float64
	c := &cobra.Command{
		Use:   "serve --listen ADDR",
		Short: "Serve a league: an HTTP server that decides every action itself",
		Long: `Serve the league's database (--db, a postgres:// address or a file) over
HTTP. Players and spectators point their warlog at it (--db http://HOST:PORT
and a token in $WARLOG_TOKEN or --token-file): the server checks the token,
decides every action with its own rules (the program's dice from the
campaign's seed, hand-entered dice as sent) and stores it, with who made it.
Writers of one campaign wait their turn, on a lock the database holds, so
two servers on one PostgreSQL database are as one.

The organiser issues the tokens with warlog serve token add. / and /c/NAME are
the live page for the club's screen. /healthz answers while the database does;
/metrics is in Prometheus's format. SIGTERM finishes the actions in flight,
refuses new requests and exits 0.`,
		Example: `  warlog --db postgres://warlog@127.0.0.1/league serve --listen :8080
  warlog --db league.db serve --listen 127.0.0.1:8080 --public-page
  warlog serve --listen :8443 --tls-cert cert.pem --tls-key key.pem`,
		Args: cmdutil.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			if listen == "" {
				return &cmdutil.UsageError{Err: errors.New("give the address to listen on: --listen HOST:PORT (e.g. --listen :8080)"), Hint: "warlog serve --help"}
			}
			if (cert == "") != (key == "") {
				return &cmdutil.UsageError{Err: errors.New("give both --tls-cert and --tls-key, or neither (a reverse proxy in front may do TLS)")}
			}
			ctx := c.Context()
			st, err := app.ServedStore(ctx, 32)
			if err != nil {
				return err
			}
			defer st.Close()
			var cfg *tls.Config
			if cert != "" {
				pair, err := tls.LoadX509KeyPair(cert, key)
				if err != nil {
					return fmt.Errorf("--tls-cert %s and --tls-key %s cannot be used: %v", cert, key, err)
				}
				cfg = &tls.Config{Certificates: []tls.Certificate{pair}, MinVersion: tls.VersionTLS12}
			}
			ln, err := net.Listen("tcp", listen)
			if err != nil {
				return fmt.Errorf("cannot listen on %s: %v", listen, errors.Unwrap(err))
			}
			if cfg != nil {
				ln = tls.NewListener(ln, cfg)
			}
			log := slog.New(slog.NewTextHandler(app.Err, nil))
			srv := server.New(server.Config{Service: campaigns.New(st, app.Engines...), PublicPage: public, Log: log, Rate: rate, Page: livePage})
			scheme := "http"
			if cfg != nil {
				scheme = "https"
			}
			log.Info("serving", "db", app.ShownDB(), "url", scheme+"://"+ln.Addr().String())
			return serveUntil(ctx, srv, ln, log)
		},
	}
	c.Flags().StringVar(&listen, "listen", "", "the `HOST:PORT` to listen on (e.g. :8080)")
	c.Flags().StringVar(&cert, "tls-cert", "", "serve HTTPS with this certificate `FILE` (PEM)")
	c.Flags().StringVar(&key, "tls-key", "", "the certificate's private key `FILE` (PEM)")
	c.Flags().BoolVar(&public, "public-page", false, "show the live page to anyone, without a token")
	c.Flags().Float64Var(&rate, "rate", 0, "requests a `N` second each token may send on average (default 50; -1: no limit)")
	c.AddCommand(newServeTokenCommand(app))
	return cmdutil.CreatesDatabase(c)
}

// Page makes the live page a league server mounts at its root (/, /c/NAME,
// its event streams and report pages) over the server's service, and the
// function that ends its streams. main sets it to package server/page's
// (page.New): the page's own tests drive campaigns through this package,
// which therefore cannot import it. Unset, the root is not found.
var Page func(svc *campaigns.Service, check func(head, campaign string) string) (http.Handler, func())

// livePage is the live page's handler; its streams end when the server
// drains.
func livePage(srv *server.Server) http.Handler {
	if Page == nil {
		return http.NotFoundHandler()
	}
	h, stop := Page(srv.Service(), checkCommand)
	go func() {
		<-srv.Draining()
		stop()
	}()
	return h
}

// serveUntil serves until ctx ends (SIGTERM, Ctrl-C), then refuses new
// requests, lets those in flight finish and returns nil.
func serveUntil(ctx context.Context, srv *server.Server, ln net.Listener, log *slog.Logger) error {
	hs := &http.Server{Handler: srv.Handler(), ReadHeaderTimeout: 10 * time.Second, ErrorLog: slog.NewLogLogger(log.Handler(), slog.LevelWarn)}
	done := make(chan error, 1)
	go func() { done <- hs.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down: finishing the requests in flight")
	srv.Drain()
	sctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	err := hs.Shutdown(sctx)
	srv.Wait()
	if err != nil {
		return fmt.Errorf("shutting down: %w", err)
	}
	log.Info("stopped")
	return nil
}

func newServeTokenCommand(app *cmdutil.App) *cobra.Command {
	c := &cobra.Command{
		Use:   "token",
		Short: "Issue, list and revoke the league's tokens",
		Long: `A token is what a player or spectator holds instead of a database login. The
database keeps only its SHA-256; warlog serve token add prints the secret once.
Run these at the database the server serves (--db), as its owner.`,
		Example: `  warlog serve token add ann --role player --campaign "Autumn League" > ann.token
  warlog serve token list
  warlog serve token revoke ann`,
		Args: cmdutil.NoArgs,
	}
	var role string
	add := &cobra.Command{
		Use:   "add NAME --role organiser|player|spectator [--campaign NAME]",
		Short: "Issue a token and print its secret (once)",
		Long: `Issue a token named NAME (the name the log shows beside what it does).
With -c, --campaign NAME a player appends, undoes and amends in that campaign
only (without it, in every campaign) and reads the league; a spectator reads;
the organiser also starts, renames, archives and deletes campaigns and voids a
forged row.`,
		Example: `  warlog serve token add ann --role player --campaign "Autumn League" > ann.token
  warlog serve token add screen --role spectator`,
		Args: cmdutil.ExactArgs(1, "the token's NAME"),
		RunE: func(c *cobra.Command, args []string) error {
			st, err := serveStore(c.Context(), app)
			if err != nil {
				return err
			}
			defer st.Close()
			if role == "" {
				return &cmdutil.UsageError{Err: fmt.Errorf("give the token's role: --role %s", strings.Join(server.Roles, "|"))}
			}
			// The token's campaign is the global -c, --campaign NAME.
			campaign := app.Campaign
			secret, err := server.AddToken(c.Context(), st, args[0], role, campaign, now(app))
			if err != nil {
				return err
			}
			if app.JSON {
				return app.PrintJSON(map[string]string{"name": args[0], "role": role, "campaign": campaign, "token": secret})
			}
			_, err = fmt.Fprintln(app.Out, secret)
			return err
		},
	}
	add.Flags().StringVar(&role, "role", "", "organiser, player or spectator")
	list := cmdutil.ReadsOnly(&cobra.Command{
		Use:     "list",
		Short:   "List the tokens (never their secrets)",
		Example: "  warlog --db postgres://warlog@127.0.0.1/league serve token list",
		Args:    cmdutil.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			st, err := serveStore(c.Context(), app)
			if err != nil {
				return err
			}
			defer st.Close()
			ts, err := server.Tokens(c.Context(), st)
			if err != nil {
				return err
			}
			if app.JSON {
				type tj struct {
					Name     string    `json:"name"`
					Role     string    `json:"role"`
					Campaign string    `json:"campaign,omitempty"`
					Created  time.Time `json:"created"`
					Revoked  bool      `json:"revoked"`
				}
				out := []tj{}
				for _, t := range ts {
					out = append(out, tj{t.Name, t.Role, t.Campaign, t.Created, t.Revoked})
				}
				return app.PrintJSON(out)
			}
			rows := [][]string{}
			for _, t := range ts {
				state := "live"
				if t.Revoked {
					state = "revoked"
				}
				rows = append(rows, []string{t.Name, t.Role, t.Campaign, t.Created.Local().Format("2006-01-02 15:04"), state})
			}
			return cmdutil.Table(app.Out, []string{"name", "role", "campaign", "issued", "state"}, rows)
		},
	})
	revoke := &cobra.Command{
		Use:     "revoke NAME",
		Short:   "Revoke a token: the server refuses it from the next request on",
		Example: "  warlog serve token revoke ann",
		Args:    cmdutil.ExactArgs(1, "the token's NAME"),
		RunE: func(c *cobra.Command, args []string) error {
			st, err := serveStore(c.Context(), app)
			if err != nil {
				return err
			}
			defer st.Close()
			if err := server.RevokeToken(c.Context(), st, args[0]); err != nil {
				return err
			}
			_, err = fmt.Fprintf(app.Out, "token %s revoked\n", args[0])
			return err
		},
	}
	c.AddCommand(add, list, revoke)
	return c
}

// serveStore opens the database a server serves, for its tokens.
func serveStore(ctx context.Context, app *cmdutil.App) (events.Store, error) {
	return app.ServedStore(ctx, 0)
}

func now(app *cmdutil.App) time.Time {
	if app.Clock != nil {
		return app.Clock()
	}
	return time.Now()
}
