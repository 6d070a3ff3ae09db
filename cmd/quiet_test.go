package cmd

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// terminalWarlog is the warlog to run in a tmux pane (the test binary,
// which testscript.Main puts on PATH); a test that needs tmux skips
// without it, and runs in parallel with the other tests that wait on a
// terminal (each has a tmux server of its own).
func terminalWarlog(t *testing.T) string {
	t.Helper()
	t.Parallel()
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed (Debian package: tmux); the terminal test needs it")
	}
	bin, err := exec.LookPath("warlog")
	if err != nil {
		t.Fatalf("warlog is not on PATH (testscript.Main installs it): %v", err)
	}
	return bin
}

// The terminal queries the styling libraries make at start-up: the
// background colour (OSC 11) and the cursor position (DSR 6).
var (
	bgQuery     = []byte("\x1b]11;?")
	cursorQuery = []byte("\x1b[6n")
)

// On a real terminal (a tmux pane, TERM=xterm-256color as a user's
// terminal says) every byte warlog writes is captured with pipe-pane:
// commands that draw no styled output write no terminal query at all, and
// `play`, which does, asks once.
func TestQuietStartOnATerminal(t *testing.T) {
	bin := terminalWarlog(t)
	dir := t.TempDir()
	db := filepath.Join(dir, "q.db")
	for _, args := range [][]string{
		{"campaign", "new", "Quiet", "--game", "kingsown", "--seed", "1"},
		{"ko", "recruit", "--card", "hunters"},
		{"scenario", "start", "The Nest", "--brief", "nest", "--turns", "3"},
	} {
		if out, errs, code := run(t, db, args...); code != 0 {
			t.Fatalf("%v: exit %d\n%s%s", args, code, out, errs)
		}
	}
	plain := [][]string{{"status"}, {"roster"}, {"log"}, {"roll", "d6"}, {"ko", "spells"}, {"campaign", "list"}, {"version"}, {"report"}, {"--help"}, {"ko", "atack"}}
	var script strings.Builder
	// tmux gives its panes TERM=tmux-256color, for which the libraries
	// never ask; a user's terminal says xterm.
	// No pager: a long report would wait in less for a key. No CI: the
	// styling library takes a CI variable to mean no terminal, and never
	// asks, as it would on a player's machine.
	script.WriteString("export TERM=xterm-256color WARLOG_PAGER=; unset CI; read go; ")
	for i, args := range plain {
		fmt.Fprintf(&script, "'%s' --db '%s' %s; echo '==%d=='; ", bin, db, strings.Join(args, " "), i)
	}
	fmt.Fprintf(&script, "'%s' --db '%s' play; echo '==play=='; sleep 600", bin, db)

	p := &tmuxPlay{t: t, socket: filepath.Join(dir, "tmux.sock"), target: "quiet"}
	p.tmux("-f", "/dev/null", "new-session", "-d", "-s", "quiet", "-x", "120", "-y", "50",
		"-e", "HOME="+dir, script.String())
	t.Cleanup(func() { _ = exec.Command("tmux", "-S", p.socket, "kill-server").Run() })
	capture := filepath.Join(dir, "bytes")
	p.tmux("pipe-pane", "-o", "-t", "quiet", "cat >> '"+capture+"'")
	p.keys("Enter") // the commands start once every byte is captured

	p.waitFor("the plain commands to finish and play to start", func(s string) bool {
		return strings.Contains(s, fmt.Sprintf("==%d==", len(plain)-1)) && strings.Contains(s, "What now?")
	})
	p.keys("Escape")
	p.waitText("==play==")
	var got []byte
	for deadline := time.Now().Add(tmuxWait); ; time.Sleep(40 * time.Millisecond) {
		got, _ = os.ReadFile(capture)
		if bytes.Contains(got, []byte("==play==")) || time.Now().After(deadline) {
			break
		}
	}
	rest := got
	for i, args := range plain {
		mark := []byte(fmt.Sprintf("==%d==", i))
		out, after, ok := bytes.Cut(rest, mark)
		if !ok {
			t.Fatalf("no %s in the captured bytes:\n%q", mark, got)
		}
		if len(bytes.TrimSpace(out)) == 0 {
			t.Errorf("warlog %s wrote nothing; the capture missed it", strings.Join(args, " "))
		}
		if bytes.Contains(out, bgQuery) || bytes.Contains(out, cursorQuery) {
			t.Errorf("warlog %s queried the terminal: %q", strings.Join(args, " "), out)
		}
		rest = after
	}
	play, _, _ := bytes.Cut(rest, []byte("==play=="))
	if n, m := bytes.Count(play, bgQuery), bytes.Count(play, cursorQuery); n != 1 || m != 1 {
		t.Errorf("play asked the background %d times and the cursor %d times; want once each", n, m)
	}
}

// On a terminal that never answers (the pseudo-terminal of `script`,
// which passes bytes through and emulates nothing), play asks its one
// question and goes on without the answer, and a key typed before it
// could be read (q, already waiting when play starts) is kept: it quits
// the game. With --accessible, ACCESSIBLE=1 or piped input play asks the
// terminal nothing at all.
func TestPlayAsksTheTerminalOnlyWhenItDraws(t *testing.T) {
	t.Parallel()
	bin, err := exec.LookPath("warlog")
	if err != nil {
		t.Fatalf("warlog is not on PATH (testscript.Main installs it): %v", err)
	}
	if _, err := exec.LookPath("script"); err != nil {
		t.Skip("script is not installed (Debian package: bsdutils)")
	}
	_, db := newHunt(t)
	for _, c := range []struct {
		name, shell string
		asks        bool
	}{
		{"full screen", "'%s' --db '%s' play", true},
		{"--accessible", "'%s' --db '%s' play --accessible", false},
		{"ACCESSIBLE=1", "ACCESSIBLE=1 '%s' --db '%s' play", false},
		{"piped input", "printf 'q\\n' | '%s' --db '%s' play", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			shell := fmt.Sprintf(c.shell, bin, db) + `; echo "warlog exited with $?"`
			cmd := exec.Command("script", "-qfec", shell, "/dev/null")
			cmd.Env = append(os.Environ(), "TERM=xterm-256color", "NO_COLOR=1", "HOME="+t.TempDir())
			cmd.Env = slices.DeleteFunc(cmd.Env, func(e string) bool { return strings.HasPrefix(e, "CI=") || strings.HasPrefix(e, "ACCESSIBLE=") })
			// q and Enter wait in the terminal before play starts: the
			// full screen takes q at once (the Enter then stays unread),
			// accessible mode its line.
			cmd.Stdin = strings.NewReader("q\n")
			var out bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &out
			done := make(chan error, 1)
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			go func() { done <- cmd.Wait() }()
			select {
			case err := <-done:
				if err != nil {
					t.Fatalf("script: %v\n%q", err, out.String())
				}
			case <-time.After(tmuxWait):
				_ = cmd.Process.Kill()
				t.Fatalf("play did not take the q typed before it started:\n%q", out.String())
			}
			got := out.Bytes()
			asked := bytes.Count(got, bgQuery)
			if c.asks && (asked != 1 || bytes.Count(got, cursorQuery) != 1) || !c.asks && (asked != 0 || bytes.Contains(got, cursorQuery)) {
				t.Errorf("play asked the background %d times (want it asked: %v):\n%q", asked, c.asks, got)
			}
			if !bytes.Contains(got, []byte("Left the game; everything so far is saved.")) || !bytes.Contains(got, []byte("warlog exited with 0")) {
				t.Errorf("q did not quit the game:\n%q", got)
			}
		})
	}
}
