// Package page is the league's live page for the club's screen: the
// campaigns and the standings (/), the battle in progress, followed as it
// is played (/c/NAME, with a server-sent event stream at /c/NAME/events),
// and each campaign's battle report and chronicle from the same templates
// as `report --format html`. It only reads. Every name is escaped by
// html/template; the pages wear the reports' stylesheet, so they fit a
// 360 px screen and follow the reader's dark scheme as the reports do.
//
// Who may look is the server's to decide: it mounts the handler as it is
// (a public page) or behind its spectator check, and Options.Allow can
// hide campaigns from a request. A browser's event stream sends no
// headers of its own, only the page's cookies: a check that reads a
// bearer token must take a cookie too.
package page

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"warlog/campaigns"
	"warlog/events"
	"warlog/projections/report"
)

// Reader is what the page reads of a league's campaigns. Service makes one
// of the campaigns service.
type Reader interface {
	// Entries lists every campaign, oldest first, archived ones included.
	Entries(ctx context.Context) ([]events.Entry, error)
	// Load folds the campaign named name from its log.
	Load(ctx context.Context, name string) (*campaigns.State, error)
	// Actions are the campaign's actions, oldest first.
	Actions(ctx context.Context, name string) (campaigns.Actions, error)
	// WaitPast returns as soon as the campaign's log is past version
	// after, with its newest version, or with ctx's error.
	WaitPast(ctx context.Context, name string, after int64) (int64, error)
	// Report builds the campaign's battle report or chronicle.
	Report(ctx context.Context, name string, opt report.Options) (*report.Report, error)
}

// Service is the Reader of a campaigns service.
func Service(svc *campaigns.Service) Reader { return service{svc} }

type service struct{ *campaigns.Service }

func (s service) Report(ctx context.Context, name string, opt report.Options) (*report.Report, error) {
	return report.Build(ctx, s.Service, name, opt)
}

// Options shape the page; the zero value serves every campaign at the
// root.
type Options struct {
	// Base is the path the page is served under, without a trailing
	// slash: "" for the root, "/club" for /club/ and /club/c/NAME. The
	// handler is given the whole path (no http.StripPrefix).
	Base string
	// Title heads the league's page; "" is "The league".
	Title string
	// Allow, when not nil, says whether a request may see a campaign:
	// those it may not are neither listed nor counted in the standings,
	// and their pages are not found.
	Allow func(r *http.Request, campaign string) bool
	// Check, when not nil, writes the command that checks a report's
	// head against the campaign's log, for the report pages to print
	// (report.Options.Check): the command line's to spell.
	Check func(head, campaign string) string
	// Recent is how many of the newest actions the battle shows; 0 is 12.
	Recent int
	// Log takes what went wrong reading a campaign; nil is slog.Default.
	Log *slog.Logger
}

// Page serves the live page. It is an http.Handler; Close ends the event
// streams it holds open (an http.Server's Shutdown waits for every
// request to end: register Close with RegisterOnShutdown).
type Page struct {
	r    Reader
	opt  Options
	mux  *http.ServeMux
	hub  *hub
	done context.Context
	stop context.CancelFunc
	// standings caches each campaign's score by its stream and version.
	scores *scoreCache
	// keepalive is how often an idle event stream sends a comment, so that
	// proxies keep it open.
	keepalive time.Duration
}

// Handler makes the page over r.
func Handler(r Reader, opt Options) *Page {
	opt.Base = strings.TrimSuffix(opt.Base, "/")
	if opt.Title == "" {
		opt.Title = "The league"
	}
	if opt.Recent <= 0 {
		opt.Recent = 12
	}
	if opt.Log == nil {
		opt.Log = slog.Default()
	}
	p := &Page{r: r, opt: opt, mux: http.NewServeMux(), scores: newScoreCache(), keepalive: 15 * time.Second}
	p.done, p.stop = context.WithCancel(context.Background())
	p.hub = newHub(p.done, r, p.renderLive, opt.Log)
	b := opt.Base
	p.mux.HandleFunc("GET "+b+"/{$}", p.index)
	p.mux.HandleFunc("GET "+b+"/live.js", serveScript)
	p.mux.HandleFunc("GET "+b+"/c/{name}", p.campaign)
	p.mux.HandleFunc("GET "+b+"/c/{name}/events", p.events)
	p.mux.HandleFunc("GET "+b+"/c/{name}/report", p.report)
	p.mux.HandleFunc("GET "+b+"/c/{name}/chronicle", p.report)
	p.mux.HandleFunc(b+"/", func(w http.ResponseWriter, r *http.Request) {
		p.fail(w, r, http.StatusNotFound, "There is no such page here.")
	})
	return p
}

// ServeHTTP serves the page's paths.
func (p *Page) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	// Nothing but the page's own: its inline styles, its script, its
	// event stream; no frame of another site may hold it.
	h.Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; img-src data:; script-src 'self'; connect-src 'self'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	p.mux.ServeHTTP(w, r)
}

// Close ends every event stream and stops following the campaigns.
func (p *Page) Close() { p.stop() }

// allowed says whether the request may see the campaign.
func (p *Page) allowed(r *http.Request, name string) bool {
	return p.opt.Allow == nil || p.opt.Allow(r, name)
}

// named is the campaign the request's path names, or false when the
// request may not see it (the answer has then been written).
func (p *Page) named(w http.ResponseWriter, r *http.Request) (string, bool) {
	name := r.PathValue("name")
	if !p.allowed(r, name) {
		p.notFound(w, r, name)
		return "", false
	}
	return name, true
}

func (p *Page) notFound(w http.ResponseWriter, r *http.Request, name string) {
	p.fail(w, r, http.StatusNotFound, "There is no campaign “"+name+"” here.")
}

// readErr answers a failed read of campaign name: not found, or a fault
// of the server's (logged; the reader is told no more than that).
func (p *Page) readErr(w http.ResponseWriter, r *http.Request, name string, err error) {
	switch {
	case errors.Is(err, campaigns.ErrNoCampaign):
		p.notFound(w, r, name)
	case errors.Is(err, report.ErrNoScenario):
		p.fail(w, r, http.StatusNotFound, "Campaign “"+name+"” has no scenario to report yet.")
	case r.Context().Err() != nil:
		// The reader left.
	default:
		p.opt.Log.Error("page: reading", "campaign", name, "path", r.URL.Path, "err", err)
		what := "Campaign “" + name + "”"
		if name == "" {
			what = "The league"
		}
		p.fail(w, r, http.StatusInternalServerError, what+" could not be read just now; try again.")
	}
}

// New is the page over svc with the league's defaults, and the function
// that ends its event streams: what `warlog serve` mounts (cmd.Page).
// check spells the command that verifies a report's head.
func New(svc *campaigns.Service, check func(head, campaign string) string) (http.Handler, func()) {
	p := Handler(Service(svc), Options{Title: "The league", Check: check})
	return p, p.Close
}
