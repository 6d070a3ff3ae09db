//go:build unix

package cmd

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"warlog/cmd/cmdutil"
)

// nobody is the user the read-only directory test runs warlog as when the
// tests run as root, for whom no directory is read-only.
const nobody = 65534

// otherUserBin installs warlog where another user can run it and returns
// the path: a copy of the test binary in a directory everyone may enter.
func otherUserBin(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for d := dir; d != os.TempDir() && d != "/"; d = filepath.Dir(d) {
		if err := os.Chmod(d, 0o755); err != nil {
			t.Fatal(err)
		}
		if filepath.Dir(d) == os.TempDir() {
			break
		}
	}
	bin := filepath.Join(dir, "warlog")
	if err := os.Link(warlogBin(t), bin); err != nil {
		in, err := os.Open(warlogBin(t))
		if err != nil {
			t.Fatal(err)
		}
		defer in.Close()
		out, err := os.OpenFile(bin, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o755)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := io.Copy(out, in); err != nil {
			t.Fatal(err)
		}
		if err := out.Close(); err != nil {
			t.Fatal(err)
		}
	}
	return bin
}

// A database in a directory its user may not write (a backup, a shared
// read-only folder) can still be read: status, log, verify and the rest of
// the commands that only read open it read-only, write nothing and create
// nothing. A command that writes says plainly that it cannot.
func TestReadOnlyDirectory(t *testing.T) {
	bin := otherUserBin(t)
	dir := filepath.Join(filepath.Dir(bin), "club")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(dir, "club.db")
	for _, args := range [][]string{
		{"campaign", "new", "Club", "--game", "kingsown", "--seed", "4"},
		{"roll", "2d6", "--for", "scatter"},
		{"ko", "recruit", "--card", "../samples/kingsown/hunters.cards"},
		{"scenario", "start", "Nest", "--brief", "nest"},
	} {
		if _, e, code := run(t, db, args...); code != 0 {
			t.Fatalf("%v: exit %d %s", args, code, e)
		}
	}
	// Make the directory read-only for the user who runs warlog: for root
	// no mode is, so warlog runs as nobody, who owns the file but not the
	// directory (mode 0755); anyone else loses write permission on it.
	cred := (*syscall.Credential)(nil)
	if os.Geteuid() == 0 {
		if err := os.Chown(db, nobody, nobody); err != nil {
			t.Fatal(err)
		}
		cred = &syscall.Credential{Uid: nobody, Gid: nobody}
	} else {
		if err := os.Chmod(dir, 0o555); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { os.Chmod(dir, 0o755) })
	}
	before := listDir(t, dir)
	hash := fileSum(t, db)
	warlog := func(args ...string) (string, string, int) {
		cmd := exec.Command(bin, append([]string{"--db", db}, args...)...)
		cmd.Env = []string{"HOME=" + dir, "PATH=" + os.Getenv("PATH"), "NO_COLOR=1", "TZ=UTC"}
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: cred}
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		err := cmd.Run()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		return out.String(), errb.String(), code
	}
	reads := []struct {
		args []string
		want string
	}{
		{[]string{"status"}, "Nest"},
		{[]string{"log"}, "scatter"},
		{[]string{"verify"}, "ok: integrity ok, 1 campaign verified; Club: "},
		{[]string{"campaign", "list"}, "Club"},
		{[]string{"campaign", "show", "--json"}, `"name": "Club"`},
		{[]string{"roster"}, "Club"},
		{[]string{"report", "--format", "json"}, `"campaign": "Club"`},
	}
	for _, r := range reads {
		out, e, code := warlog(r.args...)
		if code != 0 || !strings.Contains(out, r.want) {
			t.Errorf("warlog %s in a read-only directory: exit %d, stdout %q, stderr %q; want it read, showing %q", strings.Join(r.args, " "), code, out, e, r.want)
		}
	}
	_, e, code := warlog("roll", "d6")
	if want := "warlog: the database's directory cannot be written"; code != cmdutil.ExitRefused || !strings.HasPrefix(e, want) || !strings.Contains(e, "nothing was written") {
		t.Errorf("roll in a read-only directory: exit %d, stderr %q; want exit 1 starting %q", code, e, want)
	}
	if after := listDir(t, dir); after != before {
		t.Errorf("the directory held %q and now holds %q", before, after)
	}
	if fileSum(t, db) != hash {
		t.Errorf("the database changed")
	}
}

func fileSum(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
