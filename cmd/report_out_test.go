package cmd

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// reportCampaign makes a database holding one Reincardnated game in
// progress (enough for `report`) and returns the database's path and the
// head `verify` gives for it.
func reportCampaign(t *testing.T) (db, verified string) {
	t.Helper()
	db = filepath.Join(t.TempDir(), "w.db")
	for _, args := range [][]string{
		{"campaign", "new", "R", "--game", "reincardnated", "--seed", "1"},
		{"scenario", "start", "S", "--players", "Ann,Ben,Cas"},
	} {
		if _, e, code := run(t, db, args...); code != 0 {
			t.Fatalf("%v: exit %d %s", args, code, e)
		}
	}
	out, e, code := run(t, db, "verify")
	if code != 0 {
		t.Fatalf("verify: exit %d %s", code, e)
	}
	return db, out
}

// wantRefused checks the contract of a refusal (CLI.md, exit status): exit
// 1, one line on stderr naming what would be right, nothing on stdout.
func wantRefused(t *testing.T, what string, out, errOut string, code int, words ...string) {
	t.Helper()
	if code != 1 {
		t.Errorf("%s: exit %d, want 1 (refused)\nstdout %q\nstderr %q", what, code, out, errOut)
	}
	if out != "" {
		t.Errorf("%s: stdout %q, want nothing", what, out)
	}
	if n := strings.Count(errOut, "\n"); n != 1 || !strings.HasPrefix(errOut, "warlog: ") {
		t.Errorf("%s: stderr %q, want one line", what, errOut)
	}
	for _, w := range words {
		if !strings.Contains(errOut, w) {
			t.Errorf("%s: stderr %q does not say %q", what, errOut, w)
		}
	}
}

// Issue 17, item 1: `report --out` onto the open campaign database, or its
// -wal or -shm, destroyed the whole log and exited 0. Every spelling of
// those files is refused, with or without --force: the same path written
// another way (relative, with ./, through a symlinked directory) and the
// same file under another name (a hard link), compared by file identity
// (os.SameFile) as well as by path. The log still verifies to the same
// head afterwards, and the directory holds no half-written file.
func TestReportOutRefusesTheDatabase(t *testing.T) {
	db, verified := reportCampaign(t)
	dir := filepath.Dir(db)
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	rel, err := filepath.Rel(wd, db)
	if err != nil {
		t.Fatal(err)
	}
	hard := filepath.Join(dir, "hard-link.db")
	if err := os.Link(db, hard); err != nil {
		t.Fatal(err)
	}
	via := filepath.Join(t.TempDir(), "via")
	if err := os.Symlink(dir, via); err != nil {
		t.Fatal(err)
	}
	before := listDir(t, dir)
	for _, out := range []string{
		db, db + "-wal", db + "-shm",
		rel, filepath.Join(dir, ".", "w.db"), dir + "/../" + filepath.Base(dir) + "/w.db",
		filepath.Join(via, "w.db"), filepath.Join(via, "w.db-wal"),
		hard,
	} {
		for _, force := range []bool{false, true} {
			args := []string{"report", "--out", out}
			if force {
				args = append(args, "--force")
			}
			o, e, code := run(t, db, args...)
			wantRefused(t, strings.Join(args, " "), o, e, code, "database", "another file")
			if got, e, code := run(t, db, "verify"); code != 0 || got != verified {
				t.Fatalf("after %v the log no longer verifies as before: exit %d\n%s%s\nwant %s", args, code, got, e, verified)
			}
		}
	}
	if after := listDir(t, dir); after != before {
		t.Errorf("the database's directory changed: %s, was %s", after, before)
	}
}

// Issue 17, item 1: the report goes through a temporary file in the same
// directory and a rename, mode 0644 as the help says; an existing file is
// replaced only with --force; a symbolic link at the target is never
// followed, even with --force (the file it points to stays as it was); a
// directory is refused.
func TestReportOutFile(t *testing.T) {
	db, _ := reportCampaign(t)
	want, _, code := run(t, db, "report")
	if code != 0 || want == "" {
		t.Fatalf("report on stdout: exit %d", code)
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "s.md")

	if o, e, code := run(t, db, "report", "--out", out); code != 0 || o != "" || !strings.HasPrefix(e, "wrote "+out) {
		t.Fatalf("report --out a new file: exit %d\n%s%s", code, o, e)
	}
	got, err := os.ReadFile(out)
	if err != nil || string(got) != want {
		t.Errorf("the file holds %q (%v), want the report on stdout", got, err)
	}
	if fi, err := os.Stat(out); err != nil || fi.Mode().Perm() != 0o644 {
		t.Errorf("the report's mode: %v (%v), want 0644", fi.Mode().Perm(), err)
	}
	if got := listDir(t, dir); got != "s.md" {
		t.Errorf("the directory holds %s, want only s.md (no temporary file left)", got)
	}

	// An existing file: kept without --force, replaced with it.
	if err := os.WriteFile(out, []byte("keep me"), 0o600); err != nil {
		t.Fatal(err)
	}
	o, e, code := run(t, db, "report", "--out", out)
	wantRefused(t, "report --out over an existing file", o, e, code, "already exists", "--force")
	if got, _ := os.ReadFile(out); string(got) != "keep me" {
		t.Errorf("without --force the existing file became %q", got)
	}
	if o, e, code := run(t, db, "report", "--out", out, "--force"); code != 0 {
		t.Fatalf("report --out --force: exit %d\n%s%s", code, o, e)
	}
	if got, _ := os.ReadFile(out); string(got) != want {
		t.Errorf("with --force the file holds %q, want the report", got)
	}

	// A symbolic link, to a file or to nowhere, is refused.
	victim := filepath.Join(t.TempDir(), "victim")
	if err := os.WriteFile(victim, []byte("precious"), 0o600); err != nil {
		t.Fatal(err)
	}
	link, dangling := filepath.Join(dir, "link.md"), filepath.Join(dir, "dangling.md")
	if err := os.Symlink(victim, link); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(dir, "nowhere.md"), dangling); err != nil {
		t.Fatal(err)
	}
	for _, target := range []string{link, dangling} {
		for _, force := range []bool{false, true} {
			args := []string{"report", "--out", target}
			if force {
				args = append(args, "--force")
			}
			o, e, code := run(t, db, args...)
			wantRefused(t, strings.Join(args, " "), o, e, code, "symbolic link")
		}
	}
	if got, _ := os.ReadFile(victim); string(got) != "precious" {
		t.Errorf("the file behind the link became %q", got)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced: %v %v", fi, err)
	}
	if _, err := os.Lstat(filepath.Join(dir, "nowhere.md")); !os.IsNotExist(err) {
		t.Errorf("the dangling link's target was created: %v", err)
	}

	o, e, code = run(t, db, "report", "--out", dir, "--force")
	wantRefused(t, "report --out a directory", o, e, code, "not a regular file")
	if got := listDir(t, dir); got != "dangling.md link.md s.md" {
		t.Errorf("the directory holds %s after the refusals", got)
	}
}

// report --out - is stdout; an --out in a directory that does not exist
// (or under a file) is refused naming that directory in plain words, not a
// temporary file's path, and nothing is created (issue 30).
func TestReportOutStdoutAndMissingDirectory(t *testing.T) {
	db, _ := reportCampaign(t)
	want, _, code := run(t, db, "report")
	if code != 0 || want == "" {
		t.Fatalf("report on stdout: exit %d", code)
	}
	if o, e, code := run(t, db, "report", "--out", "-"); code != 0 || o != want || e != "" {
		t.Errorf("report --out -: exit %d, stdout %d bytes, stderr %q; want the report on stdout", code, len(o), e)
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "f")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ out, want string }{
		{filepath.Join(dir, "missing", "sub", "r.md"), "there is no directory " + filepath.Join(dir, "missing", "sub") + " to write the report in"},
		{filepath.Join(file, "r.md"), file + " is not a directory"},
	} {
		o, e, code := run(t, db, "report", "--out", tt.out)
		wantRefused(t, "report --out "+tt.out, o, e, code, tt.want)
		if strings.Contains(e, ".tmp") {
			t.Errorf("report --out %s names a temporary file: %s", tt.out, e)
		}
	}
	if got := listDir(t, dir); got != "f" {
		t.Errorf("the refusals left %s", got)
	}
}

// listDir names a directory's entries, sorted, separated by spaces.
func listDir(t *testing.T, dir string) string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	names := make([]string, len(es))
	for i, e := range es {
		names[i] = e.Name()
	}
	return strings.Join(names, " ")
}
