package cmd

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"warlog/internal/cmdutil"
)

// Exit codes follow the error's type, never its words: a refusal that
// quotes a name made of cobra's phrases ("received", "invalid argument",
// "unknown command") is a refusal (1), and each complaint cobra raises
// itself about a command line is a usage error (2).
func TestExitCodesByType(t *testing.T) {
	db := filepath.Join(t.TempDir(), "w.db")
	if _, e, code := run(t, db, "campaign", "new", "E", "--game", "kingsown", "--seed", "1"); code != 0 {
		t.Fatalf("campaign new: %d %s", code, e)
	}
	cases := []struct {
		args []string
		code int
		want string // in stderr
	}{
		{[]string{"-c", "accepts 1 arg(s), received 2", "status"}, cmdutil.ExitRefused, `no campaign "accepts 1 arg(s), received 2"`},
		{[]string{"-c", "invalid argument", "log"}, cmdutil.ExitRefused, `no campaign "invalid argument"`},
		{[]string{"use", "unknown command"}, cmdutil.ExitRefused, `no campaign "unknown command"`},
		{[]string{"roll", "d6", "--for", "received"}, cmdutil.ExitOK, ""},
		{[]string{"frobnicate"}, cmdutil.ExitUsage, `unknown command "frobnicate" for "warlog"`},
		{[]string{"roll", "d6", "--bogus"}, cmdutil.ExitUsage, "unknown flag: --bogus"},
		{[]string{"undo", "--to"}, cmdutil.ExitUsage, "flag needs an argument: --to"},
		{[]string{"log", "--all=maybe"}, cmdutil.ExitUsage, "invalid argument"},
		{[]string{"campaign", "new", "F"}, cmdutil.ExitUsage, `required flag(s) "game" not set`},
		{[]string{"completion", "bash", "extra"}, cmdutil.ExitUsage, `unknown command "extra" for "warlog completion bash"`},
		{[]string{"roll"}, cmdutil.ExitUsage, "needs a dice NOTATION"},
	}
	for _, c := range cases {
		_, stderr, code := run(t, db, c.args...)
		if code != c.code || !strings.Contains(stderr, c.want) {
			t.Errorf("warlog %s: exit %d, stderr %q; want exit %d saying %q", strings.Join(c.args, " "), code, stderr, c.code, c.want)
		}
	}
}

// ExitCode reads no message: an untyped error is a refusal whatever it says.
func TestExitCodeIgnoresWords(t *testing.T) {
	for _, msg := range []string{"unknown command", "unknown flag", "required flag", "flag needs an argument", "invalid argument", "accepts 1 arg", "received"} {
		if got := cmdutil.ExitCode(errors.New(msg)); got != cmdutil.ExitRefused {
			t.Errorf("ExitCode(%q) = %d, want %d", msg, got, cmdutil.ExitRefused)
		}
	}
	if got := cmdutil.ExitCode(&cmdutil.UsageError{Err: errors.New("x")}); got != cmdutil.ExitUsage {
		t.Errorf("a UsageError exits %d, want %d", got, cmdutil.ExitUsage)
	}
}
