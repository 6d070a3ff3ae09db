// Package cmdtest runs warlog command lines in tests through the capture
// seam (cmdutil.App.Capture), as gh tests its commands: the game command a
// line builds from its flags and arguments is caught instead of being
// decided and recorded, so a game's command package is tested without a
// terminal and without a database. Game command packages' tests use it
// from external test packages (package ko_test), since it runs the whole
// command line through package cmd.
package cmdtest

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"warlog/cmd"
	"warlog/cmd/cmdutil"
	"warlog/engines"
)

// Result is what one command line did.
type Result struct {
	// Game and Command are what the line handed to the campaign (Command
	// nil: nothing).
	Game    string
	Command engines.Command
	// Out and Err are stdout and stderr; Code is the exit status.
	Out, Err string
	Code     int
}

// Run runs args as `warlog ARGS...` would, in-process, with the capture
// seam set: stdin is empty and no stream is a terminal; the database
// ($WARLOG_DB) and HOME are in a temporary directory, and the test fails if the
// line leaves anything there (a database created, or any file).
func Run(tb testing.TB, args ...string) Result {
	tb.Helper()
	dir := tb.TempDir()
	// The database by $WARLOG_DB, not --db: to a command that reads, a
	// file --db names that does not exist is a mistyped path.
	env := map[string]string{"HOME": dir, "XDG_DATA_HOME": filepath.Join(dir, "data"), "WARLOG_DB": filepath.Join(dir, "warlog.db")}
	var out, errb bytes.Buffer
	var r Result
	captured := 0
	app := &cmdutil.App{In: strings.NewReader(""), Out: &out, Err: &errb, Engines: cmd.Engines(),
		Getenv: func(k string) string { return env[k] },
		Capture: func(game string, c engines.Command) error {
			captured++
			r.Game, r.Command = game, c
			return nil
		}}
	r.Code = cmd.Run(context.Background(), app, args)
	r.Out, r.Err = out.String(), errb.String()
	if captured > 1 {
		tb.Errorf("warlog %s handed on %d commands, want at most 1", strings.Join(args, " "), captured)
	}
	if left, err := os.ReadDir(dir); err != nil || len(left) > 0 {
		tb.Errorf("warlog %s left %v in its directory (%v); a captured command writes nothing", strings.Join(args, " "), names(left), err)
	}
	return r
}

func names(es []os.DirEntry) []string {
	out := make([]string, len(es))
	for i, e := range es {
		out[i] = e.Name()
	}
	return out
}

// Case is one command line and either the command it hands on or the one
// line it is refused with.
type Case struct {
	// Args is the command line after `warlog`.
	Args []string
	// Want is the command handed on; with it, the line prints nothing.
	Want engines.Command
	// Err is, when Want is nil, the line on stderr after "warlog: ";
	// nothing is handed on and nothing printed on stdout.
	Err string
	// Code is the exit status of a refused line (0: 2, a usage error).
	Code int
}

// Check runs each case as a subtest named by its command line: a line
// with Want hands exactly that command, for game, on and prints nothing; a
// line with Err hands nothing on, exits with Code and says Err on one line.
func Check(t *testing.T, game string, cases []Case) {
	t.Helper()
	for _, c := range cases {
		line := strings.Join(c.Args, " ")
		t.Run(line, func(t *testing.T) {
			t.Helper()
			r := Run(t, c.Args...)
			if c.Want == nil {
				CheckRefused(t, r, c.Code, c.Err)
				return
			}
			if r.Code != 0 || r.Err != "" || r.Out != "" {
				t.Fatalf("warlog %s: exit %d, stdout %q, stderr %q; want exit 0 and nothing printed", line, r.Code, r.Out, r.Err)
			}
			if r.Game != game {
				t.Errorf("warlog %s handed its command on for game %q, want %q", line, r.Game, game)
			}
			if !reflect.DeepEqual(r.Command, c.Want) {
				t.Errorf("warlog %s:\n got %#v\nwant %#v", line, r.Command, c.Want)
			}
		})
	}
}

// CheckRefused checks that r handed nothing on, printed nothing on stdout,
// exited with code (0: 2, a usage error) and said "warlog: " and msg on
// stderr, on one line.
func CheckRefused(tb testing.TB, r Result, code int, msg string) {
	tb.Helper()
	if code == 0 {
		code = cmdutil.ExitUsage
	}
	if r.Command != nil {
		tb.Errorf("a refused line handed on %#v", r.Command)
	}
	if r.Code != code {
		tb.Errorf("exit %d, want %d (stderr %q)", r.Code, code, r.Err)
	}
	if want := "warlog: " + msg + "\n"; r.Err != want {
		tb.Errorf("stderr\n got %q\nwant %q", r.Err, want)
	}
	if r.Out != "" {
		tb.Errorf("a refused line printed %q on stdout", r.Out)
	}
}

// CheckVerbs checks that the game command use (`warlog ko`) has exactly the
// sub-commands verbs: a package's test lists the verbs it covers, and a
// verb added later fails it until it is covered too.
func CheckVerbs(tb testing.TB, use string, verbs ...string) {
	tb.Helper()
	for _, g := range cmd.Games() {
		if g.Use != use {
			continue
		}
		app := &cmdutil.App{Out: &bytes.Buffer{}, Err: &bytes.Buffer{}, Getenv: func(string) string { return "" }}
		var got []string
		for _, c := range g.Command(app).Commands() {
			got = append(got, c.Name())
		}
		slices.Sort(got)
		want := slices.Sorted(slices.Values(verbs))
		if !slices.Equal(got, want) {
			tb.Errorf("warlog %s has the verbs %v; the test covers %v", use, got, want)
		}
		return
	}
	tb.Errorf("no game command %q", use)
}
