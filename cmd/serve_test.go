package cmd

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"warlog/events"
	"warlog/events/sqlite"
)

// attempt is one run of a warlog process: its action id (when it made
// one), exit code and output.
type attempt struct {
	id             string
	code           int
	stdout, stderr string
}

// served is a `warlog serve` process on a database file, and the tokens
// issued at it.
type served struct {
	bin, dir, db, url string
	tokens            map[string]string // name -> token file
	proc              *exec.Cmd
	stderr            *bytes.Buffer
}

// serveLeague issues an organiser's, two players' and a spectator's
// tokens at a fresh file and serves it.
func serveLeague(t *testing.T) *served {
	t.Helper()
	bin, _ := binaries(t)
	dir := t.TempDir()
	s := &served{bin: bin, dir: dir, db: filepath.Join(dir, "league.db"), tokens: map[string]string{}}
	for _, tk := range [][]string{{"org", "organiser"}, {"ann", "player", "--campaign", "Autumn"}, {"ben", "player", "--campaign", "Autumn"}, {"screen", "spectator"}} {
		a := s.run(t, nil, append([]string{"--db", s.db, "serve", "token", "add", tk[0], "--role", tk[1]}, tk[2:]...)...)
		if a.code != 0 {
			t.Fatalf("token add %s: %s", tk[0], a.stderr)
		}
		file := filepath.Join(dir, tk[0]+".token")
		if err := os.WriteFile(file, []byte(a.stdout), 0o600); err != nil {
			t.Fatal(err)
		}
		s.tokens[tk[0]] = file
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	s.url = "http://" + addr
	s.start(t)
	t.Cleanup(func() {
		if s.proc != nil && s.proc.ProcessState == nil {
			_ = s.proc.Process.Kill()
			_ = s.proc.Wait()
		}
	})
	return s
}

// start starts the server and waits until it answers.
func (s *served) start(t *testing.T) {
	t.Helper()
	s.stderr = &bytes.Buffer{}
	s.proc = exec.Command(s.bin, "--db", s.db, "serve", "--listen", strings.TrimPrefix(s.url, "http://"), "--rate", "-1")
	s.proc.Env = []string{"HOME=" + s.dir, "PATH=" + os.Getenv("PATH")}
	s.proc.Stderr = s.stderr
	if err := s.proc.Start(); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(10 * time.Second); ; {
		if resp, err := http.Get(s.url + "/healthz"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("warlog serve did not answer: %s", s.stderr)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// as runs a warlog against the server with a token's file.
func (s *served) as(t *testing.T, token string, args ...string) attempt {
	t.Helper()
	return s.run(t, nil, append([]string{"--db", s.url, "--token-file", s.tokens[token]}, args...)...)
}

func (s *served) run(t *testing.T, ctx context.Context, args ...string) attempt {
	if ctx == nil {
		ctx = context.Background()
	}
	c := exec.CommandContext(ctx, s.bin, args...)
	c.Env = []string{"HOME=" + s.dir, "PATH=" + os.Getenv("PATH"), "NO_COLOR=1", "TZ=UTC"}
	var out, errb bytes.Buffer
	c.Stdout, c.Stderr = &out, &errb
	err := c.Run()
	code := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		t.Error(err)
	}
	return attempt{code: code, stdout: out.String(), stderr: errb.String()}
}

// A league end to end through `warlog serve`, as the README shows it: the
// organiser starts a campaign, two players play at their own terminals,
// the log says who did what, a spectator reads and may not play, a player
// may not start a campaign; refusals keep their words and exit 1; SIGTERM
// stops the server with exit 0.
func TestServeLeague(t *testing.T) {
	t.Parallel()
	s := serveLeague(t)
	ok := func(a attempt, what string) attempt {
		t.Helper()
		if a.code != 0 {
			t.Fatalf("%s: exit %d: %s", what, a.code, a.stderr)
		}
		return a
	}
	ok(s.as(t, "org", "campaign", "new", "Autumn", "--game", "kingsown", "--seed", "7"), "campaign new")
	ok(s.as(t, "ann", "-c", "Autumn", "ko", "recruit", "--card", "hunters"), "ann recruits")
	ok(s.as(t, "ben", "-c", "Autumn", "scenario", "start", "The Nest", "--brief", "nest", "--turns", "3"), "ben starts the scenario")
	ok(s.as(t, "ann", "-c", "Autumn", "ko", "initiative", "--dice", "1,4,4,2,5"), "ann's initiative")
	// A rule's refusal comes back in the same words, exit 1.
	local := filepath.Join(s.dir, "local.db")
	for _, db := range []string{local} {
		for _, args := range [][]string{{"campaign", "new", "Autumn", "--game", "kingsown", "--seed", "7"}, {"-c", "Autumn", "ko", "recruit", "--card", "hunters"}, {"-c", "Autumn", "scenario", "start", "The Nest", "--brief", "nest", "--turns", "3"}, {"-c", "Autumn", "ko", "initiative", "--dice", "1,4,4,2,5"}} {
			ok(s.run(t, nil, append([]string{"--db", db}, args...)...), "the same on a file")
		}
	}
	refusal := []string{"-c", "Autumn", "ko", "move", "Bors", "half"} // who moves first is not chosen yet
	want := s.run(t, nil, append([]string{"--db", local}, refusal...)...)
	got := s.as(t, "ann", refusal...)
	if want.code != 1 || got.code != want.code || got.stderr != want.stderr {
		t.Errorf("a refusal through the server: exit %d %q; on a file: exit %d %q", got.code, got.stderr, want.code, want.stderr)
	}
	log := ok(s.as(t, "screen", "-c", "Autumn", "log"), "the spectator's log").stdout
	for _, w := range []string{"│ by ", "│ org │ campaign Autumn created", "│ ann │ 5 figures join", "│ ben │ The Nest begins"} {
		if !strings.Contains(log, w) {
			t.Errorf("the log has no %q:\n%s", w, log)
		}
	}
	if a := s.as(t, "screen", "-c", "Autumn", "roll", "d6"); a.code != 1 || !strings.Contains(a.stderr, `token "screen" (spectator) may not play in campaign "Autumn"; nothing was written`) {
		t.Errorf("a spectator rolls: exit %d %q", a.code, a.stderr)
	}
	if a := s.as(t, "ann", "campaign", "new", "Mine", "--game", "kingsown"); a.code != 1 || strings.Count(a.stderr, "\n") != 1 || !strings.Contains(a.stderr, "only the league's organiser may start a campaign") {
		t.Errorf("a player starts a campaign: exit %d %q", a.code, a.stderr)
	}
	if a := s.run(t, nil, "--db", s.url, "-c", "Autumn", "log"); a.code != 1 || !strings.Contains(a.stderr, "refused the token: no token") {
		t.Errorf("no token: exit %d %q", a.code, a.stderr)
	}
	// A campaign played on a laptop goes to the league whole: the server
	// re-decides the file; only the organiser may push; a forged file is
	// refused naming its version, nothing written.
	laptop := filepath.Join(s.dir, "laptop.db")
	ok(s.run(t, nil, "--db", laptop, "campaign", "new", "Road", "--game", "kingsown", "--seed", "3"), "a laptop's campaign")
	ok(s.run(t, nil, "--db", laptop, "-c", "Road", "ko", "recruit", "--card", "hunters"), "a laptop's recruit")
	if a := s.run(t, nil, "--db", laptop, "--token-file", s.tokens["ann"], "campaign", "push", "Road", "--to", s.url); a.code != 1 || !strings.Contains(a.stderr, "only the league's organiser may import a campaign") {
		t.Errorf("a player pushes: exit %d %q", a.code, a.stderr)
	}
	ok(s.run(t, nil, "--db", laptop, "--token-file", s.tokens["org"], "campaign", "push", "Road", "--to", s.url), "the organiser pushes")
	if out := ok(s.as(t, "screen", "-c", "Road", "roster"), "the pushed roster").stdout; !strings.Contains(out, "Bors") {
		t.Errorf("the pushed campaign's roster: %q", out)
	}
	appendForged(t, laptop, "Road", forgedRecruit()...) // Skill 9, chained as the store chains
	forged := filepath.Join(s.dir, "forged.jsonl")
	ok(s.run(t, nil, "--db", laptop, "campaign", "export", "Road", "--out", forged), "export")
	if a := s.as(t, "org", "campaign", "import", forged, "--as", "Forged"); a.code != 1 || !strings.Contains(a.stderr, "Skill 9 is out of range") {
		t.Errorf("a forged file imported into the server: exit %d %q; want 1 naming the rule", a.code, a.stderr)
	}
	if a := s.as(t, "screen", "-c", "Forged", "roster"); a.code == 0 {
		t.Errorf("the forged import left a campaign: %q", a.stdout)
	}
	ok(s.as(t, "screen", "verify"), "verify through the server")
	// The live page is mounted: a spectator's browser sees the league and
	// the battle; without a token it is refused.
	secret, err := os.ReadFile(s.tokens["screen"])
	if err != nil {
		t.Fatal(err)
	}
	// A browser signs in once with its token; the cookie carries it.
	jar, _ := cookiejar.New(nil)
	browser := &http.Client{Jar: jar}
	if res, err := browser.PostForm(s.url+"/login", url.Values{"token": {"not a token"}}); err != nil || res.StatusCode != http.StatusUnauthorized {
		t.Errorf("signing in with a wrong token: %v %v; want 401", res.StatusCode, err)
	}
	res, err := browser.PostForm(s.url+"/login", url.Values{"token": {strings.TrimSpace(string(secret))}})
	if err != nil || res.StatusCode != 200 || res.Request.URL.Path != "/" {
		t.Fatalf("signing in: %v %v; want the league's page", res, err)
	}
	res.Body.Close()
	for path, want := range map[string]string{"/": "Autumn", "/c/Autumn": "The Nest"} {
		res, err := browser.Get(s.url + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 200 || !strings.Contains(string(body), want) {
			t.Errorf("GET %s as the spectator: %d, want 200 and %q in:\n%.300s", path, res.StatusCode, want, body)
		}
		if res, err := http.Get(s.url + path); err != nil || res.StatusCode != http.StatusUnauthorized {
			t.Errorf("GET %s without a token: %v %v; want 401", path, res.StatusCode, err)
		}
		req, _ := http.NewRequest("GET", s.url+path, nil)
		req.Header.Set("Accept", "text/html")
		if res, err := http.DefaultClient.Do(req); err != nil || res.Request.URL.Path != "/login" {
			t.Errorf("a browser without its cookie at %s: %v; want the sign-in page", path, err)
		}
	}
	if err := s.proc.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if err := s.proc.Wait(); err != nil {
		t.Errorf("serve after SIGTERM: %v; want exit 0\n%s", err, s.stderr)
	}
}

// kill -9 of the server under load loses nothing acknowledged: writers
// append while the server is killed and started again; each is stored
// once if it was acknowledged (the client tries again with its action id
// while the server is away), no action is stored half, and a writer that
// gives up says so in one plain line.
func TestServeKilled(t *testing.T) {
	t.Parallel()
	s := serveLeague(t)
	if a := s.as(t, "org", "campaign", "new", "Autumn", "--game", "kingsown", "--seed", "9"); a.code != 0 {
		t.Fatal(a.stderr)
	}
	ws := startWriters(4, func(w int, id string) attempt {
		return s.as(t, "ann", "-c", "Autumn", "roll", "d6", "--for", fmt.Sprint("writer ", w), "--action-id", id)
	})
	acked := ws.acked
	for deadline := time.Now().Add(20 * time.Second); acked() < 20 && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
	if err := s.proc.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = s.proc.Wait()
	before := acked()
	t.Log("server killed")
	s.start(t)
	for deadline := time.Now().Add(20 * time.Second); acked() < before+20 && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
	attempts := ws.finish()

	st, err := sqlite.Open(s.db, sqlite.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ok, failed, _, _ := checkAttempts(t, st, "Autumn", attempts)
	t.Logf("%d attempts: %d acknowledged, %d refused; the server was killed after %d", len(attempts), ok, failed, before)
	if ok <= before {
		t.Errorf("nothing was acknowledged after the restart (%d before, %d in all)", before, ok)
	}
	if a := s.as(t, "screen", "verify"); a.code != 0 {
		t.Errorf("verify after the kill: exit %d %s", a.code, a.stderr)
	}
}

// writers are n goroutines each appending, one attempt after another, with
// write(writer, action id) until finish; what each attempt said is kept
// (the fault tests of serve and of PostgreSQL).
type writers struct {
	mu       sync.Mutex
	attempts []attempt
	stop     chan struct{}
	wg       sync.WaitGroup
}

func startWriters(n int, write func(w int, id string) attempt) *writers {
	ws := &writers{stop: make(chan struct{})}
	for w := range n {
		ws.wg.Go(func() {
			for i := 0; ; i++ {
				select {
				case <-ws.stop:
					return
				default:
				}
				id := fmt.Sprintf("w%d-%d", w, i)
				a := write(w, id)
				a.id = id
				ws.mu.Lock()
				ws.attempts = append(ws.attempts, a)
				ws.mu.Unlock()
			}
		})
	}
	return ws
}

// acked counts the attempts acknowledged so far.
func (ws *writers) acked() int {
	ws.mu.Lock()
	defer ws.mu.Unlock()
	n := 0
	for _, a := range ws.attempts {
		if a.code == 0 {
			n++
		}
	}
	return n
}

// finish stops the writers once their attempts in flight end, and gives
// every attempt.
func (ws *writers) finish() []attempt {
	close(ws.stop)
	ws.wg.Wait()
	return ws.attempts
}

// checkAttempts holds the writers' attempts to the log in st: no action
// stored half; every acknowledged one stored; every refused one said so in
// one plain line (no driver's words) and is not stored unless it said it
// may or may not be. It counts them, and the refusals by their words.
func checkAttempts(t *testing.T, st events.Store, key string, attempts []attempt) (acked, failed, uncertain int, messages map[string]int) {
	t.Helper()
	messages = map[string]int{}
	for _, a := range attempts {
		evs, err := events.Action(context.Background(), st, key, a.id)
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case len(evs) != 0 && len(evs) != 2:
			t.Errorf("action %s is stored half: %d events", a.id, len(evs))
		case a.code == 0:
			acked++
			if len(evs) == 0 {
				t.Errorf("action %s was acknowledged (%q) and is not stored", a.id, a.stdout)
			}
		default:
			failed++
			line := strings.TrimSuffix(a.stderr, "\n")
			if a.code != 1 || strings.Contains(line, "\n") || !strings.HasPrefix(line, "warlog: ") ||
				strings.Contains(line, "SQLSTATE") || strings.Contains(line, "pgconn") || strings.Contains(line, "dial tcp") {
				t.Errorf("action %s failed with exit %d and %q; want 1 and one plain line", a.id, a.code, a.stderr)
			}
			if strings.Contains(line, "may or may not be stored") {
				uncertain++
			} else if len(evs) != 0 {
				t.Errorf("action %s said %q and is stored", a.id, line)
			}
			messages[line]++
		}
	}
	return acked, failed, uncertain, messages
}
