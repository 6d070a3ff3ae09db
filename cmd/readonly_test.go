package cmd

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"warlog/cmd/cmdutil"
)

// Commands that only read create no database where there is none: to them
// the default database, or $WARLOG_DB, missing is a database with nothing
// recorded yet; a file --db names that does not exist is a mistyped path,
// and said so.
func TestReadersCreateNothing(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db := filepath.Join(dir, "sub", "none.db")
	mistyped := "warlog: no database at " + db + " (no such file): check the path given with --db, or start one there with `campaign new NAME --game kingsown|deadwars|brood|incarn28|reincardnated`\n"
	cases := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"status"}, cmdutil.ExitRefused, "no campaign yet; create one"},
		{[]string{"log"}, cmdutil.ExitRefused, "no campaign yet; create one"},
		{[]string{"campaign", "list"}, cmdutil.ExitOK, "no campaigns yet"},
		{[]string{"verify"}, cmdutil.ExitOK, "ok: integrity ok, 0 campaigns verified (none recorded yet)\n"},
		{[]string{"report"}, cmdutil.ExitRefused, "no campaign yet; create one"},
	}
	for _, c := range cases {
		for _, how := range []string{"WARLOG_DB", "--db"} {
			var out, errb bytes.Buffer
			env := map[string]string{"HOME": dir, "WARLOG_DB": db}
			args := c.args
			if how == "--db" {
				env["WARLOG_DB"], args = "", append([]string{"--db", db}, c.args...)
			}
			app := &cmdutil.App{In: strings.NewReader(""), Out: &out, Err: &errb, Getenv: func(k string) string { return env[k] }, Engines: Engines()}
			code := Run(context.Background(), app, args)
			switch {
			case how == "--db" && (code != cmdutil.ExitRefused || errb.String() != mistyped || out.Len() > 0):
				t.Errorf("warlog --db MISSING %s: exit %d, %q %q; want exit 1 saying %q", strings.Join(c.args, " "), code, out.String(), errb.String(), mistyped)
			case how != "--db" && (code != c.code || !strings.Contains(out.String()+errb.String(), c.want)):
				t.Errorf("warlog %s with no database: exit %d, %q %q; want exit %d saying %q", strings.Join(c.args, " "), code, out.String(), errb.String(), c.code, c.want)
			}
		}
	}
	if got := listDir(t, dir); got != "" {
		t.Errorf("reading a database that does not exist created %v", got)
	}
}

// A command that acts on a campaign, given a database that does not exist,
// is refused as on an empty one (by --db: as a mistyped path) and creates
// no file (a refused command
// writes nothing); only the commands that bring a campaign in create it.
func TestRefusedWritersCreateNothing(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "none.db")
	cases := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"undo"}, cmdutil.ExitRefused, "no campaign yet; create one"},
		{[]string{"redo"}, cmdutil.ExitRefused, "no campaign yet; create one"},
		{[]string{"roll", "d6"}, cmdutil.ExitRefused, "no campaign yet; create one"},
		{[]string{"ko", "recruit", "--card", "hunters"}, cmdutil.ExitRefused, "no campaign yet; create one"},
		{[]string{"scenario", "start", "Ambush"}, cmdutil.ExitRefused, "no campaign yet; create one"},
		{[]string{"use", "Autumn"}, cmdutil.ExitRefused, `no campaign "Autumn"`},
		{[]string{"campaign", "rename", "Autumn", "Spring"}, cmdutil.ExitRefused, "no such campaign"},
		{[]string{"campaign", "archive", "Autumn"}, cmdutil.ExitRefused, "no such campaign"},
		{[]string{"campaign", "delete", "Autumn", "--yes"}, cmdutil.ExitRefused, "no such campaign"},
		{[]string{"campaign", "import", filepath.Join(dir, "missing.jsonl")}, cmdutil.ExitRefused, "no such file"},
		{[]string{"rebuild"}, cmdutil.ExitOK, "rebuilt 0 campaigns"},
	}
	for _, c := range cases {
		var out, errb bytes.Buffer
		env := map[string]string{"HOME": dir, "WARLOG_DB": db}
		app := &cmdutil.App{In: strings.NewReader(""), Out: &out, Err: &errb, Getenv: func(k string) string { return env[k] }, Engines: Engines()}
		code := Run(context.Background(), app, c.args)
		if code != c.code || !strings.Contains(out.String()+errb.String(), c.want) {
			t.Errorf("warlog %s with no database: exit %d, %q %q; want exit %d saying %q", strings.Join(c.args, " "), code, out.String(), errb.String(), c.code, c.want)
		}
		// By --db, a mistyped path, except to import, which may make the
		// database and refuses here for a reason of its own.
		creates := c.args[0] == "campaign" && c.args[1] == "import"
		if _, e, code := run(t, db, c.args...); !creates && (code != cmdutil.ExitRefused || !strings.HasPrefix(e, "warlog: no database at "+db+" (no such file)")) {
			t.Errorf("warlog --db MISSING %s: exit %d, %q; want exit 1 saying there is no database at that path", strings.Join(c.args, " "), code, e)
		}
		if got := listDir(t, dir); got != "" {
			t.Fatalf("warlog %s with no database created %v", strings.Join(c.args, " "), got)
		}
	}
	if _, e, code := run(t, db, "campaign", "new", "Autumn", "--game", "kingsown"); code != 0 {
		t.Fatalf("campaign new: exit %d: %s", code, e)
	}
	if _, e, code := run(t, db, "roll", "d6"); code != 0 {
		t.Errorf("roll d6 in the new database: exit %d: %s", code, e)
	}
}

// An empty --db is refused as a usage error; it does not fall through to the
// default database, which is neither read nor created.
func TestEmptyDBFlagRefused(t *testing.T) {
	home := t.TempDir()
	for _, args := range [][]string{{"--db", "", "campaign", "new", "X", "--game", "kingsown"}, {"--db=", "status"}} {
		var out, errb bytes.Buffer
		app := &cmdutil.App{In: strings.NewReader(""), Out: &out, Err: &errb, Getenv: func(k string) string { return map[string]string{"HOME": home}[k] }, Engines: Engines()}
		code := Run(context.Background(), app, args)
		if want := `warlog: invalid argument "" for "--db" flag: give a file path, a postgres:// or an http(s):// address; leave --db out to use $WARLOG_DB or the default database`; code != cmdutil.ExitUsage || !strings.HasPrefix(errb.String(), want) {
			t.Errorf("%q: exit %d, stderr %q; want exit 2 starting %q", args, code, errb.String(), want)
		}
	}
	if got := listDir(t, home); got != "" {
		t.Errorf("--db '' created %v under HOME", got)
	}
}

// An empty --dice or --campaign (a script's unset variable) is refused as a
// usage error and writes nothing; it is not taken as the flag left out,
// which would have the program roll dice the table meant to enter, or act
// on the current campaign instead of the one meant.
func TestEmptyDiceAndCampaignFlagsRefused(t *testing.T) {
	db := filepath.Join(t.TempDir(), "w.db")
	if _, e, code := run(t, db, "campaign", "new", "D", "--game", "kingsown", "--seed", "1"); code != 0 {
		t.Fatalf("campaign new: exit %d: %s", code, e)
	}
	before, _, _ := run(t, db, "log", "--json")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"roll", "d6", "--dice", ""}, "leave --dice out for the program to roll"},
		{[]string{"roll", "d6", "--dice= "}, "leave --dice out for the program to roll"},
		// An empty -c would act on the current campaign, not the one meant.
		{[]string{"-c", "", "roll", "d6"}, "leave -c out to act on the one chosen with warlog use NAME"},
		{[]string{"roll", "d6", "--campaign="}, "leave -c out to act on the one chosen with warlog use NAME"},
	} {
		_, e, code := run(t, db, c.args...)
		if want := `warlog: invalid argument`; code != cmdutil.ExitUsage || !strings.HasPrefix(e, want) || !strings.Contains(e, c.want) {
			t.Errorf("%q: exit %d, stderr %q; want exit 2 saying %q", c.args, code, e, c.want)
		}
	}
	if after, _, _ := run(t, db, "log", "--json"); after != before {
		t.Errorf("a refused empty --dice wrote to the log:\n%s", after)
	}
}

// An empty file (touch empty.db) is no database yet: commands that read,
// and commands refused for want of a campaign, leave it 0 bytes with
// nothing beside it; only one that brings a campaign in makes it one.
func TestEmptyFileStaysEmpty(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "empty.db")
	if err := os.WriteFile(db, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"status"}, {"log"}, {"verify"}, {"campaign", "list"}, {"roster"}, {"report"}, {"roll", "d6"}, {"use", "X"}, {"undo"}} {
		run(t, db, args...)
		fi, err := os.Stat(db)
		if err != nil || fi.Size() != 0 {
			t.Fatalf("warlog %s on an empty file: it is now %d bytes (%v)", strings.Join(args, " "), fi.Size(), err)
		}
		if got := listDir(t, dir); got != "empty.db" {
			t.Fatalf("warlog %s on an empty file: the directory holds %v", strings.Join(args, " "), got)
		}
	}
	if _, e, code := run(t, db, "campaign", "new", "E", "--game", "kingsown"); code != 0 {
		t.Fatalf("campaign new in an empty file: exit %d: %s", code, e)
	}
}

// campaign pull --from a file that does not exist is refused, naming it,
// and creates nothing: neither that file nor this database.
func TestPullFromMissingFile(t *testing.T) {
	dir := t.TempDir()
	db, missing := filepath.Join(dir, "here.db"), filepath.Join(dir, "missing.db")
	_, e, code := run(t, db, "campaign", "pull", "Autumn", "--from", missing)
	if code != cmdutil.ExitRefused || !strings.Contains(e, missing) || strings.Count(strings.TrimSpace(e), "\n") != 0 {
		t.Errorf("pull --from a missing file: exit %d, stderr %q; want exit 1 naming it", code, e)
	}
	if got := listDir(t, dir); got != "" {
		t.Errorf("pull --from a missing file created %v", got)
	}
}
