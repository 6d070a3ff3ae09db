package page

import (
	"bytes"
	"context"
	_ "embed"
	"html/template"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"warlog/campaigns"
	"warlog/engines"
	"warlog/internal/words"
	"warlog/projections/report"
)

//go:embed page.html.tmpl
var pageTemplate string

// templates are parsed on first use.
var templates = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("page").Funcs(template.FuncMap{
		"count": func(n int, one, many string) string { return words.Count(n, one, many) },
	}).Parse(pageTemplate))
})

// css is the reports' stylesheet: trusted text of this program's own.
var css = sync.OnceValue(func() template.CSS { return template.CSS(report.CSS()) })

// frame is what every page's head and navigation need.
type frame struct {
	Title string
	CSS   template.CSS
	Base  string
	// League is the league page's title, for the way back to it.
	League string
}

func (p *Page) frame(title string) frame {
	return frame{Title: title, CSS: css(), Base: p.opt.Base, League: p.opt.Title}
}

// link is the path of a campaign's page, or of one under it (sub: "",
// "events", "report", "chronicle").
func (p *Page) link(name, sub string) string {
	l := p.opt.Base + "/c/" + url.PathEscape(name)
	if sub != "" {
		l += "/" + sub
	}
	return l
}

// render writes the named template, all of it or nothing (an error before
// the first byte is a 500).
func (p *Page) render(w http.ResponseWriter, r *http.Request, status int, name string, data any) {
	var b bytes.Buffer
	if err := templates().ExecuteTemplate(&b, name, data); err != nil {
		p.opt.Log.Error("page: rendering", "template", name, "path", r.URL.Path, "err", err)
		http.Error(w, "the page could not be drawn", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_, _ = w.Write(b.Bytes())
}

// fail answers with a page that says what is wrong, in a sentence.
func (p *Page) fail(w http.ResponseWriter, r *http.Request, status int, msg string) {
	p.render(w, r, status, "error", struct {
		frame
		Message string
	}{p.frame(http.StatusText(status)), msg})
}

// listed is one campaign on the league's page.
type listed struct {
	Name, Link, Game string
	// Now is where its battle stands ("The Nest · turn 3"), "" between
	// scenarios; Actions counts its actions in effect.
	Now      string
	Actions  int
	Archived bool
	// Trouble says why the campaign could not be read ("" when it could).
	Trouble string
}

// index is the league's page: its campaigns and the standings.
func (p *Page) index(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	es, err := p.r.Entries(ctx)
	if err != nil {
		p.readErr(w, r, "", err)
		return
	}
	var list []listed
	var counted []counted
	archived := 0
	for _, e := range es {
		if !p.allowed(r, e.Name) {
			continue
		}
		l := listed{Name: e.Name, Link: p.link(e.Name, ""), Archived: e.Archived}
		st, err := p.r.Load(ctx, e.Name)
		if err != nil {
			if ctx.Err() != nil {
				return
			}
			p.opt.Log.Error("page: loading a campaign", "campaign", e.Name, "err", err)
			l.Trouble = "could not be read just now"
			list = append(list, l)
			continue
		}
		l.Game = title(st)
		l.Actions = st.InEffectCount()
		if g, err := st.GameState(); err == nil {
			l.Now = where(g.Status())
		}
		// A game this build lacks has no outcomes to count.
		if st.Engine() != nil {
			sc, err := p.scores.get(ctx, p.r, e, st)
			if err != nil {
				if ctx.Err() != nil {
					return
				}
				p.opt.Log.Error("page: the standings of a campaign", "campaign", e.Name, "err", err)
			} else {
				counted = append(counted, sc)
			}
		}
		if e.Archived {
			archived++
			continue // counted in the standings, not listed
		}
		list = append(list, l)
	}
	p.render(w, r, http.StatusOK, "index", struct {
		frame
		Campaigns []listed
		Standings []gameStandings
		Archived  int
	}{p.frame(p.opt.Title), list, standings(counted), archived})
}

// title is the campaign's game as people know it.
func title(st *campaigns.State) string {
	if e := st.Engine(); e != nil {
		return e.Info().Title
	}
	return st.Campaign.Game
}

// where says where a battle stands: its scenario, turn and phase.
func where(s engines.Status) string {
	if s.Scenario == "" {
		return ""
	}
	out := s.Scenario
	if s.Turn > 0 {
		out += " · turn " + strconv.Itoa(s.Turn)
	}
	if s.Phase != "" {
		out += " · " + s.Phase
	}
	return out
}

// live is the part of a battle's page that follows the log: the status
// and the newest actions.
type live struct {
	Version int64
	// Game is the game's title, for the page around the live part.
	Game   string
	Now    string
	Notes  []string
	Tables []table
	// Status says why there is no status (a game this build lacks).
	Status  string
	Recent  []recent
	Older   int
	Updated string
}

type recent struct {
	ID, At, Label string
	Undone        bool
}

// table is rows of a status, each cell labelled with its column so that
// a narrow screen shows a wide table as cards (the reports' CSS).
type table struct {
	Title  string
	Wide   bool
	Header []string
	Rows   [][]cell
}

type cell struct {
	Label, Text string
	Num         bool
}

func newTable(title string, rows []engines.Row) table {
	keys := engines.Keys(rows)
	t := table{Title: title, Wide: len(keys) > 4}
	for _, k := range keys {
		t.Header = append(t.Header, engines.Heading(k))
	}
	for _, r := range rows {
		cells := make([]cell, len(keys))
		for i, k := range keys {
			v := r.Get(k)
			_, num := v.(int)
			text := r.String(k)
			if b, ok := v.(bool); ok {
				text = map[bool]string{true: "yes", false: ""}[b]
			}
			cells[i] = cell{Label: t.Header[i], Text: text, Num: num}
		}
		t.Rows = append(t.Rows, cells)
	}
	return t
}

// renderLive draws a battle's live part as it stands now, and says the
// version it shows.
func (p *Page) renderLive(ctx context.Context, name string) ([]byte, int64, error) {
	v, err := p.liveView(ctx, name)
	if err != nil {
		return nil, 0, err
	}
	b, err := v.draw()
	return b, v.Version, err
}

// draw is the live part's HTML.
func (v *live) draw() ([]byte, error) {
	var b bytes.Buffer
	err := templates().ExecuteTemplate(&b, "live", v)
	return b.Bytes(), err
}

func (p *Page) liveView(ctx context.Context, name string) (*live, error) {
	st, err := p.r.Load(ctx, name)
	if err != nil {
		return nil, err
	}
	v := &live{Version: st.Version, Game: title(st), Updated: time.Now().Format("15:04:05")}
	if g, err := st.GameState(); err != nil {
		v.Status = "This server has no rules for " + st.Campaign.Game + ": only its actions are shown."
	} else {
		s := g.Status()
		v.Now, v.Notes = where(s), s.Notes
		for _, t := range []struct {
			title string
			rows  []engines.Row
		}{{"Figures", s.Figures}, {"Sides", s.Sides}, {"Players", s.Players}} {
			if len(t.rows) > 0 {
				v.Tables = append(v.Tables, newTable(t.title, t.rows))
			}
		}
	}
	as, err := p.r.Actions(ctx, name)
	if err != nil {
		return nil, err
	}
	// Actions appended since the state was read wait for the next
	// drawing, with the state they made.
	var shown []campaigns.Action
	for _, a := range as {
		if a.Version <= st.Version && a.Verb != campaigns.VerbCreate {
			shown = append(shown, a)
		}
	}
	v.Older = max(len(shown)-p.opt.Recent, 0)
	for i := len(shown) - 1; i >= v.Older; i-- {
		a := shown[i]
		v.Recent = append(v.Recent, recent{ID: campaigns.ShortActionID(a.ID), At: a.At.Local().Format("15:04"), Label: a.Label, Undone: a.Undone})
	}
	return v, nil
}

// campaign is a battle's page: the live part as it stands, and the script
// that keeps it so.
func (p *Page) campaign(w http.ResponseWriter, r *http.Request) {
	name, ok := p.named(w, r)
	if !ok {
		return
	}
	v, err := p.liveView(r.Context(), name)
	if err != nil {
		p.readErr(w, r, name, err)
		return
	}
	html, err := v.draw()
	if err != nil {
		p.readErr(w, r, name, err)
		return
	}
	p.render(w, r, http.StatusOK, "campaign", struct {
		frame
		Name, Game                      string
		Events, Report, Chronicle, Home string
		Version                         int64
		Live                            template.HTML
	}{p.frame(name + " — " + v.Game), name, v.Game,
		p.link(name, "events") + "?v=" + strconv.FormatInt(v.Version, 10), p.link(name, "report"), p.link(name, "chronicle"), p.opt.Base + "/",
		v.Version, template.HTML(html)})
}

// report is a campaign's battle report (?scenario=NAME: that one, else
// the latest) or its chronicle, as `report --format html` writes them.
func (p *Page) report(w http.ResponseWriter, r *http.Request) {
	name, ok := p.named(w, r)
	if !ok {
		return
	}
	opt := report.Options{Scenario: r.URL.Query().Get("scenario"), Campaign: strings.HasSuffix(r.URL.Path, "/chronicle"), Check: p.opt.Check}
	rep, err := p.r.Report(r.Context(), name, opt)
	if err != nil && opt.Scenario != "" && r.Context().Err() == nil {
		// When the latest scenario's report can be made, the campaign has
		// no scenario of that name: the error says which it has.
		if _, latest := p.r.Report(r.Context(), name, report.Options{}); latest == nil {
			p.fail(w, r, http.StatusNotFound, sentence(err.Error()))
			return
		}
	}
	if err != nil {
		p.readErr(w, r, name, err)
		return
	}
	var b bytes.Buffer
	if err := report.HTML(&b, rep); err != nil {
		p.readErr(w, r, name, err)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write(b.Bytes())
}

// sentence is an error as a page says it.
func sentence(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:] + "."
}
