package cmd

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"warlog/cmd/cmdutil"
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
		{[]string{"log", "--all=maybe"}, cmdutil.ExitUsage, `--all "maybe": give true or false`},
		// A flag's value that is no number says what the flag takes, not
		// the parser's words ("strconv.ParseInt: parsing ...").
		{[]string{"log", "-n", "abc"}, cmdutil.ExitUsage, `warlog: -n/--limit "abc": give a whole number (try: warlog log --help)`},
		{[]string{"log", "-n", "99999999999999999999"}, cmdutil.ExitUsage, `-n/--limit "99999999999999999999" is out of range: give a smaller number`},
		// Whole numbers are 32-bit (issue 30); a value given empty is no
		// value, not a default.
		{[]string{"ko", "recruit", "Bors", "--side", "h", "--skill", "3", "--weapon", "Sword:2:1", "--hits", "2147483648"}, cmdutil.ExitUsage, `--hits "2147483648" is out of range: give a smaller number (2147483647 at most)`},
		{[]string{"ko", "recruit", "Bors", "--side", "h", "--skill", "-2147483649", "--weapon", "Sword:2:1", "--hits", "1"}, cmdutil.ExitUsage, `--skill "-2147483649" is out of range: give a larger number (-2147483648 at least)`},
		{[]string{"campaign", "new", "G", "--game", "kingsown", "--seed", ""}, cmdutil.ExitUsage, `for "--seed" flag: give a whole number`},
		{[]string{"campaign", "new", "G", "--game", "kingsown", "--action-id", ""}, cmdutil.ExitUsage, `for "--action-id" flag: give an id`},
		{[]string{"roll", "d6", "--action-id="}, cmdutil.ExitUsage, `for "--action-id" flag: give an id`},
		{[]string{"demo", "--seed", "-1"}, cmdutil.ExitUsage, `--seed "-1": give a whole number of 0 or more`},
		{[]string{"campaign", "new", "F"}, cmdutil.ExitUsage, `required flag(s) "game" not set`},
		{[]string{"completion", "bash", "extra"}, cmdutil.ExitUsage, `unknown command "extra" for "warlog completion bash"`},
		{[]string{"roll"}, cmdutil.ExitUsage, "needs a dice NOTATION"},
		{[]string{"help", "nosuch"}, cmdutil.ExitUsage, `warlog: no command "nosuch" to show the help of (try: warlog --help)`},
	}
	for _, c := range cases {
		_, stderr, code := run(t, db, c.args...)
		if code != c.code || !strings.Contains(stderr, c.want) || strings.Contains(stderr, "strconv") {
			t.Errorf("warlog %s: exit %d, stderr %q; want exit %d saying %q", strings.Join(c.args, " "), code, stderr, c.code, c.want)
		}
	}
	if list, _, _ := run(t, db, "campaign", "list", "--json"); strings.Contains(list, `"G"`) {
		t.Errorf("a refused campaign new was stored: %s", list)
	}
	if roster, _, _ := run(t, db, "roster", "--json"); strings.Contains(roster, "Bors") {
		t.Errorf("a refused recruit was stored: %s", roster)
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

// A mistyped sub-command exits 2 and names what was meant, under every
// group of commands as at the top: the groups are found in the command
// tree, so a new one is covered when it is added.
func TestMistypedSubcommandIsAUsageError(t *testing.T) {
	db := filepath.Join(t.TempDir(), "w.db")
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"ko", "atack"}, `unknown command "atack" for "warlog ko"; did you mean attack?`},
		{[]string{"campaign", "lsit"}, `unknown command "lsit" for "warlog campaign"; did you mean list?`},
		{[]string{"--json", "-c", "X", "i28", "actvate"}, `unknown command "actvate" for "warlog i28"; did you mean activate?`},
		{[]string{"rol", "2d6"}, `unknown command "rol" for "warlog"; did you mean`},
	}
	for _, c := range cases {
		out, e, code := run(t, db, c.args...)
		if code != cmdutil.ExitUsage || !strings.Contains(e, c.want) || out != "" {
			t.Errorf("warlog %s: exit %d, stdout %d bytes, stderr %q; want exit 2 saying %q", strings.Join(c.args, " "), code, len(out), e, c.want)
		}
	}
	var groups int
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if c.HasAvailableSubCommands() && !c.Runnable() && c.HasParent() {
			groups++
			path := strings.Fields(c.CommandPath())[1:]
			_, e, code := run(t, db, append(path, "zzqx")...)
			if code != cmdutil.ExitUsage || !strings.Contains(e, `unknown command "zzqx"`) {
				t.Errorf("%s zzqx: exit %d %q", c.CommandPath(), code, e)
			}
			// The group alone still shows its help.
			if out, _, code := run(t, db, path...); code != 0 || !strings.Contains(out, "Available Commands") {
				t.Errorf("%s alone: exit %d", c.CommandPath(), code)
			}
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(NewRootCommand(&cmdutil.App{Getenv: func(string) string { return "" }, Engines: Engines()}))
	if groups < 7 {
		t.Errorf("only %d command groups found", groups)
	}
}
