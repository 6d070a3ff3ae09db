package page

import (
	"bytes"
	"context"
	"html"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"warlog/campaigns"
	"warlog/cmd"
	"warlog/cmd/cmdutil"
	"warlog/engines"
	"warlog/events/sqlite"
	"warlog/internal/racepass"
	"warlog/projections/report"
)

// The event streams' tests run goroutines of their own (the hub's
// followers, the streams' readers): the race pass runs them.
func TestMain(m *testing.M) {
	os.Exit(racepass.Run(m, "TestEventStream", "TestStreamEnds", "TestLastWatcherStopsTheFollower", "TestLiveInChromium"))
}

// hostile is a campaign name that would be markup, a script, a path and a
// query if anything let it through unescaped.
const hostile = `<img src=x onerror="parent.pwned=1"> & 'Bob' "/../?x=1#y%2F`

// league is a copy of testdata/fixtures/demo.db, each game's demo
// campaign as a real SQLite file, opened through the campaigns service
// with every engine of this build.
func league(t *testing.T) *campaigns.Service {
	t.Helper()
	svc, _ := leagueFile(t)
	return svc
}

// leagueFile is league and the file's path.
func leagueFile(t *testing.T) (*campaigns.Service, string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "fixtures", "demo.db"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "league.db")
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	st, err := sqlite.Open(path, sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return campaigns.New(st, cmd.Engines()...), path
}

// playDemo plays game's demo lines on the file at path, as the command
// line would, its campaign named as: another campaign of that game, fought
// as the demo's was.
func playDemo(t *testing.T, path, game, as string) {
	t.Helper()
	for _, g := range cmd.Games() {
		if g.Engine.Info().Name != game {
			continue
		}
		for _, line := range g.Demo("1") {
			if line[0] == "campaign" && line[1] == "new" {
				line = append([]string{"campaign", "new", as}, line[3:]...)
			}
			var out, errb bytes.Buffer
			app := &cmdutil.App{In: strings.NewReader(""), Out: &out, Err: &errb, Engines: cmd.Engines(),
				Getenv: func(string) string { return "" }}
			if code := cmd.Run(context.Background(), app, append([]string{"--db", path}, line...)); code != 0 {
				t.Fatalf("warlog %s: exit %d: %s", strings.Join(line, " "), code, errb.String())
			}
		}
		return
	}
	t.Fatalf("no game %q in this build", game)
}

// serve serves the page over svc; the test's end closes both.
func serve(t *testing.T, svc *campaigns.Service, opt Options) (*Page, *httptest.Server) {
	t.Helper()
	p := Handler(Service(svc), opt)
	srv := httptest.NewServer(p)
	t.Cleanup(func() { p.Close(); srv.Close() })
	return p, srv
}

// get fetches path from srv and returns the status and body.
func get(t *testing.T, srv *httptest.Server, path string) (int, string) {
	t.Helper()
	res, err := http.Get(srv.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res.StatusCode, string(b)
}

// links are the campaigns the league's page lists, by name, each with
// the path its link gives.
func links(body string) map[string]string {
	out := map[string]string{}
	for _, m := range regexp.MustCompile(`<a class="name" href="([^"]*)">([^<]*)</a>`).FindAllStringSubmatch(body, -1) {
		out[html.UnescapeString(m[2])] = html.UnescapeString(m[1])
	}
	return out
}

// wins is each game's standings as the engines' outcomes state them,
// counted here from the scenario summaries, apart from the page's code:
// every side an outcome marks as won, else its winner, by player where
// the game names one.
func wins(t *testing.T, svc *campaigns.Service, names ...string) map[string]map[string]int {
	t.Helper()
	out := map[string]map[string]int{}
	for _, n := range names {
		st, err := svc.Load(context.Background(), n)
		if err != nil {
			t.Fatal(err)
		}
		g, err := st.GameState()
		if err != nil {
			t.Fatal(err)
		}
		game := st.Engine().Info().Title
		if out[game] == nil {
			out[game] = map[string]int{}
		}
		ch, ok := g.(engines.Chronicler)
		if !ok {
			continue
		}
		for _, s := range ch.Scenarios() {
			for _, sd := range s.Sides { // every side that fought is listed
				who := sd.Name
				if sd.Player != "" {
					who = sd.Player
				}
				out[game][who] += 0
			}
			o := s.Outcome
			if o == nil {
				continue
			}
			won := 0
			for _, sd := range o.Sides {
				who := sd.Name
				if sd.Player != "" {
					who = sd.Player
				}
				out[game][who] += 0
				if sd.Won {
					out[game][who]++
					won++
				}
			}
			if won == 0 && o.Winner != "" {
				out[game][o.Winner]++
			}
		}
	}
	return out
}

// shown reads the standings off the league's page: game, name, wins.
func shown(t *testing.T, body string) map[string]map[string]int {
	t.Helper()
	out := map[string]map[string]int{}
	_, standings, ok := strings.Cut(body, "<h2>Standings</h2>")
	if !ok {
		t.Fatalf("the league's page has no standings:\n%s", body)
	}
	game := ""
	row := regexp.MustCompile(`<td data-label="player or side">([^<]*)</td><td data-label="scenarios won" class="num">(\d+)</td>`)
	for _, line := range strings.Split(standings, "\n") {
		if h, ok := strings.CutPrefix(line, "<h3>"); ok {
			game = html.UnescapeString(strings.TrimSuffix(h, "</h3>"))
			out[game] = map[string]int{}
		}
		if m := row.FindStringSubmatch(line); m != nil {
			n, _ := strconv.Atoi(m[2])
			out[game][html.UnescapeString(m[1])] = n
		}
	}
	return out
}

func sameWins(t *testing.T, what string, got, want map[string]map[string]int) {
	t.Helper()
	for game, w := range want {
		for name, n := range w {
			if got[game][name] != n {
				t.Errorf("%s: %s, %s has %d wins on the page, want %d (page: %v)", what, game, name, got[game][name], n, got[game])
			}
		}
		if len(got[game]) != len(w) {
			t.Errorf("%s: %s lists %v, want %v", what, game, got[game], w)
		}
	}
}

// The league's page lists the campaigns, each linked to its battle, and
// the standings: each game's scenarios won by player (or side), added up
// over its campaigns. A second campaign of a game adds its wins; an
// archived one is counted but not listed; an undone ending takes its win
// away at once.
func TestLeaguePage(t *testing.T) {
	t.Parallel()
	svc, path := leagueFile(t)
	ctx := context.Background()
	_, srv := serve(t, svc, Options{})
	names, err := svc.List(ctx)
	if err != nil {
		t.Fatal(err)
	}
	code, body := get(t, srv, "/")
	if code != http.StatusOK {
		t.Fatalf("GET /: %d\n%s", code, body)
	}
	listed := links(body)
	for _, n := range names {
		link, ok := listed[n]
		if !ok {
			t.Errorf("the league's page does not list %q: %v", n, listed)
			continue
		}
		if code, page := get(t, srv, link); code != http.StatusOK || !strings.Contains(page, "<h1>"+html.EscapeString(n)+"</h1>") {
			t.Errorf("%q's link %s leads to a %d page not about it", n, link, code)
		}
	}
	want := wins(t, svc, names...)
	if len(want) < 5 {
		t.Fatalf("the fixture has %d games, want one campaign of each of 5", len(want))
	}
	sameWins(t, "the fixture", shown(t, body), want)

	// A second campaign of Incarn28, fought as the first was, archived.
	const ko, i28, rematch = "King's Own demo", "Incarn28 demo", "Incarn28 rematch"
	playDemo(t, path, "incarn28", rematch)
	if err := svc.Archive(ctx, rematch, true); err != nil {
		t.Fatal(err)
	}
	_, body = get(t, srv, "/")
	want = wins(t, svc, append(names, rematch)...)
	sameWins(t, "with a rematch", shown(t, body), want)
	if strings.Contains(body, "rematch") || !strings.Contains(body, "and 1 archived") {
		t.Errorf("the archived rematch is listed, or not said to be archived:\n%s", body)
	}
	once := wins(t, svc, i28)["Incarn28"]
	if got := shown(t, body)["Incarn28"]; got["Ann"] != 2*once["Ann"] || once["Ann"] == 0 {
		t.Errorf("Ann won %d in the demo and has %d wins over two campaigns fought as it was", once["Ann"], got["Ann"])
	}
	before := shown(t, body)["The King's Own"]

	// Undoing the demo's last action (the Nest's ending, which the nest
	// won) takes that win away.
	if _, err := svc.Undo(ctx, ko, 1, "", campaigns.Options{}); err != nil {
		t.Fatal(err)
	}
	_, body = get(t, srv, "/")
	sameWins(t, "after an undo", shown(t, body), wins(t, svc, append(names, rematch)...))
	if got := shown(t, body)["The King's Own"]["nest"]; got != before["nest"]-1 {
		t.Errorf("after the undo the nest has %d wins, want %d", got, before["nest"]-1)
	}
}

// A battle's page shows the battle as the log stands: its status and the
// newest actions, newest first, with the ways to the reports and the
// event stream that follows it.
func TestBattlePage(t *testing.T) {
	t.Parallel()
	svc := league(t)
	ctx := context.Background()
	_, srv := serve(t, svc, Options{Recent: 5})
	const name = "Deadwars demo"
	code, body := get(t, srv, "/c/"+url.PathEscape(name))
	if code != http.StatusOK {
		t.Fatalf("%d\n%s", code, body)
	}
	st, err := svc.Load(ctx, name)
	if err != nil {
		t.Fatal(err)
	}
	g, err := st.GameState()
	if err != nil {
		t.Fatal(err)
	}
	s := g.Status()
	as, err := svc.Actions(ctx, name)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"<h1>" + html.EscapeString(name) + "</h1>",
		"<h2>" + html.EscapeString(where(s)) + "</h2>",
		`data-events="/c/Deadwars%20demo/events?v=` + strconv.FormatInt(st.Version, 10) + `"`,
		`href="/c/Deadwars%20demo/report"`, `href="/c/Deadwars%20demo/chronicle"`,
		`<script src="/live.js" defer></script>`,
		"Log version " + strconv.FormatInt(st.Version, 10),
		"and " + strconv.Itoa(len(as)-1-5) + " older actions",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("the battle's page lacks %s", want)
		}
	}
	if s.Scenario == "" || len(s.Figures)+len(s.Sides)+len(s.Players) == 0 {
		t.Fatalf("the demo's status shows no battle: %+v", s)
	}
	for _, r := range append(append(s.Figures, s.Sides...), s.Players...) {
		if n := r.String("name"); !strings.Contains(html.UnescapeString(body), ">"+n+"<") {
			t.Errorf("the status's %q is not on the page", n)
		}
	}
	// The five newest actions, newest first.
	text := html.UnescapeString(body)
	at := -1
	for i := len(as) - 1; i >= len(as)-5; i-- {
		j := strings.Index(text, as[i].Label)
		if j < 0 || j < at {
			t.Errorf("action %d (%q) is not on the page after the one newer", i, as[i].Label)
		}
		at = j
	}
	if strings.Contains(text, as[len(as)-6].Label) {
		t.Errorf("the sixth newest action is shown with Recent 5")
	}
	if code, _ := get(t, srv, "/c/No%20such%20campaign"); code != http.StatusNotFound {
		t.Errorf("an unknown campaign's page: %d, want 404", code)
	}
}

// The report and the chronicle are the pages `report --format html`
// writes, byte for byte; a scenario the campaign lacks, and a campaign
// with no battle yet, are not found, with a sentence that says why.
func TestReportPages(t *testing.T) {
	t.Parallel()
	svc := league(t)
	ctx := context.Background()
	_, srv := serve(t, svc, Options{Check: func(head, campaign string) string { return "check " + head[:8] + " " + campaign }})
	const name = "Brood demo"
	for _, c := range []struct {
		path string
		opt  report.Options
	}{
		{"/report", report.Options{}},
		{"/chronicle", report.Options{Campaign: true}},
		{"/report?scenario=first+brood", report.Options{Scenario: "first brood"}},
	} {
		c.opt.Check = func(head, campaign string) string { return "check " + head[:8] + " " + campaign }
		r, err := report.Build(ctx, svc, name, c.opt)
		if err != nil {
			t.Fatal(err)
		}
		var want bytes.Buffer
		if err := report.HTML(&want, r); err != nil {
			t.Fatal(err)
		}
		code, body := get(t, srv, "/c/Brood%20demo"+c.path)
		if code != http.StatusOK || body != want.String() {
			t.Errorf("%s: %d, and the page is not the report's HTML (%d bytes, want %d)", c.path, code, len(body), want.Len())
		}
		if !strings.Contains(body, "check ") {
			t.Errorf("%s: the check command is not on the report", c.path)
		}
	}
	code, body := get(t, srv, "/c/Brood%20demo/report?scenario=Nowhere")
	if code != http.StatusNotFound || !strings.Contains(body, "it has: First brood") {
		t.Errorf("an unknown scenario: %d\n%s", code, body)
	}
	code, body = get(t, srv, "/c/Dice%20demo/chronicle")
	if code != http.StatusNotFound || !strings.Contains(body, "no scenario to report yet") {
		t.Errorf("a campaign with no battle: %d\n%s", code, body)
	}
}

// A hostile campaign name and a hostile action label are text on every
// page: escaped, never markup, never a script; the name's page is found
// by the link the league's page gives it, slashes, dots and all.
func TestHostileNamesEscaped(t *testing.T) {
	t.Parallel()
	svc, path := leagueFile(t)
	ctx := context.Background()
	seed := uint64(5)
	if _, err := svc.Create(ctx, hostile, campaigns.CreateOptions{Game: "kingsown", Seed: &seed}); err != nil {
		t.Fatal(err)
	}
	purpose := `<script>parent.pwned=1</script>`
	if _, err := svc.FreeRoll(ctx, hostile, "2d6", purpose, campaigns.Options{}); err != nil {
		t.Fatal(err)
	}
	playDemo(t, path, "incarn28", "Incarn28 </td><script>x()</script>")
	_, srv := serve(t, svc, Options{})
	_, index := get(t, srv, "/")
	link, ok := links(index)[hostile]
	if !ok {
		t.Fatalf("the league's page does not list the hostile campaign by its name:\n%s", index)
	}
	pages := map[string]string{"/": index}
	for _, path := range []string{link, link + "/report", link + "/chronicle", "/c/" + url.PathEscape("Incarn28 </td><script>x()</script>") + "/chronicle"} {
		code, body := get(t, srv, path)
		if path == link && code != http.StatusOK {
			t.Fatalf("%s: %d\n%s", path, code, body)
		}
		pages[path] = body
	}
	for path, body := range pages {
		for _, bad := range []string{"<img", "<script>parent", "<script>x", "onerror=\"", "</td><script"} {
			if strings.Contains(body, bad) {
				t.Errorf("%s holds %q unescaped", path, bad)
			}
		}
	}
	if !strings.Contains(pages[link], "&lt;script&gt;parent.pwned=1&lt;/script&gt;") {
		t.Errorf("the hostile roll's label is not on the battle's page, escaped")
	}
}

// Options.Allow hides a campaign from a request: not listed, not counted
// in the standings, and its pages and stream not found. Options.Base
// serves the page under a path, every link with it.
func TestAllowAndBase(t *testing.T) {
	t.Parallel()
	svc := league(t)
	hidden := "Brood demo"
	_, srv := serve(t, svc, Options{Base: "/club/", Title: "Thursday club", Allow: func(r *http.Request, campaign string) bool {
		return campaign != hidden || r.URL.Query().Get("organiser") != ""
	}})
	code, body := get(t, srv, "/club/")
	if code != http.StatusOK || !strings.Contains(body, "<h1>Thursday club</h1>") {
		t.Fatalf("GET /club/: %d\n%s", code, body)
	}
	if strings.Contains(body, "Brood") {
		t.Errorf("the hidden campaign is listed or counted:\n%s", body)
	}
	if !strings.Contains(body, `href="/club/c/Deadwars%20demo"`) {
		t.Errorf("the links do not start with the base:\n%s", body)
	}
	if _, body := get(t, srv, "/club/?organiser=1"); !strings.Contains(body, "Brood Mother") {
		t.Errorf("an allowed request does not see the campaign")
	}
	for _, path := range []string{"/club/c/Brood%20demo", "/club/c/Brood%20demo/events", "/club/c/Brood%20demo/report", "/club/c/Brood%20demo/chronicle"} {
		if code, _ := get(t, srv, path); code != http.StatusNotFound {
			t.Errorf("%s: %d, want 404", path, code)
		}
	}
	code, body = get(t, srv, "/club/c/Deadwars%20demo")
	if code != http.StatusOK || !strings.Contains(body, `<script src="/club/live.js"`) || !strings.Contains(body, `data-events="/club/c/Deadwars%20demo/events?v=`) {
		t.Errorf("the battle under the base: %d\n%s", code, body)
	}
	res, err := http.Get(srv.URL + "/club/live.js")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/javascript") {
		t.Errorf("the script: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	for _, path := range []string{"/club/nothing", "/club/c/"} {
		if code, _ := get(t, srv, path); code != http.StatusNotFound {
			t.Errorf("%s: %d, want 404", path, code)
		}
	}
}

// Every page says what it may load: its own script and stream, no other
// site's, and no frame of another site may hold it.
func TestPagesLimitWhatTheyLoad(t *testing.T) {
	t.Parallel()
	svc := league(t)
	_, srv := serve(t, svc, Options{})
	for _, path := range []string{"/", "/c/Deadwars%20demo", "/c/Deadwars%20demo/report", "/nothing"} {
		res, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		csp := res.Header.Get("Content-Security-Policy")
		for _, want := range []string{"default-src 'none'", "script-src 'self'", "frame-ancestors 'self'"} {
			if !strings.Contains(csp, want) {
				t.Errorf("%s: the policy %q lacks %s", path, csp, want)
			}
		}
		if res.Header.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("%s: no nosniff", path)
		}
	}
}

// The reports' stylesheet is the pages': its dark scheme and its narrow
// screen's cards.
func TestPagesWearTheReportsStylesheet(t *testing.T) {
	t.Parallel()
	svc := league(t)
	_, srv := serve(t, svc, Options{})
	css := report.CSS()
	if !strings.Contains(css, "prefers-color-scheme: dark") || !strings.Contains(css, "table.wide") {
		t.Fatalf("report.CSS is not the reports' stylesheet:\n%s", css)
	}
	for _, path := range []string{"/", "/c/Deadwars%20demo", "/nothing"} {
		if _, body := get(t, srv, path); !strings.Contains(body, "<style>"+css+"</style>") {
			t.Errorf("%s does not hold the reports' stylesheet", path)
		}
	}
}

// A campaign of a game this server has no rules for is listed by its
// game's name and its battle's page shows its actions; the standings
// count it nowhere, and nothing fails.
func TestGameThisBuildLacks(t *testing.T) {
	t.Parallel()
	_, path := leagueFile(t)
	st, err := sqlite.Open(path, sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	kingsOwn := cmd.Games()[0].Engine
	svc := campaigns.New(st, kingsOwn)
	_, srv := serve(t, svc, Options{})
	code, body := get(t, srv, "/")
	if code != http.StatusOK || !strings.Contains(body, "deadwars · between battles") || strings.Contains(body, "<h3>deadwars</h3>") {
		t.Errorf("the league's page with a game this build lacks: %d\n%s", code, body)
	}
	if !strings.Contains(body, "<h3>The King&#39;s Own</h3>") {
		t.Errorf("the standings lack the game this build has:\n%s", body)
	}
	code, body = get(t, srv, "/c/Deadwars%20demo")
	if code != http.StatusOK || !strings.Contains(body, "no rules for deadwars") || !strings.Contains(body, "Skull Hill ends") {
		t.Errorf("the battle of a game this build lacks: %d\n%s", code, body)
	}
}
