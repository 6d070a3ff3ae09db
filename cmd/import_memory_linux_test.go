package cmd

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// importRSS runs `warlog campaign import` as a process of its own, with
// args after the database, standard input piped from the file stdin when not "", and
// returns its exit code, its standard error and its peak resident memory.
func importRSS(t *testing.T, db, stdin string, args ...string) (int, string, int64) {
	t.Helper()
	bin, err := exec.LookPath("warlog")
	if err != nil {
		t.Fatalf("warlog is not on PATH (testscript.Main installs it): %v", err)
	}
	c := exec.Command(bin, append([]string{"--db", db, "campaign", "import"}, args...)...)
	c.Env = append(os.Environ(), "HOME="+filepath.Dir(db), "NO_COLOR=1")
	if stdin != "" {
		f, err := os.Open(stdin)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		c.Stdin = struct{ io.Reader }{f} // a pipe, not the file
	}
	var errb strings.Builder
	c.Stderr = &errb
	err = c.Run()
	if _, ok := err.(*exec.ExitError); err != nil && !ok {
		t.Fatal(err)
	}
	ru := c.ProcessState.SysUsage().(*syscall.Rusage)
	return c.ProcessState.ExitCode(), errb.String(), ru.Maxrss << 10 // KiB on Linux
}

// A 100 MB line is refused by its number in a process that never holds it:
// its peak resident memory stays under 64 MiB, from a file or piped to
// standard input (kept in a temporary file), and nothing is written.
func TestImportOfAHugeLineStaysSmall(t *testing.T) {
	dir := t.TempDir()
	_, lines := exportLines(t, filepath.Join(dir, "a.db"))
	file := overLongExport(t, lines, 100<<20)
	db := filepath.Join(dir, "b.db")
	for _, way := range []struct{ stdin, arg, name string }{{"", file, file}, {file, "-", "standard input"}} {
		code, msg, rss := importRSS(t, db, way.stdin, way.arg)
		t.Logf("%s: peak resident memory %.1f MiB", way.name, float64(rss)/(1<<20))
		if want := "line 3 of " + way.name + " is longer than 4 MiB"; code != 1 || strings.Count(msg, "\n") != 1 || !strings.Contains(msg, want) {
			t.Errorf("exit %d, %q; want a one-line refusal saying %q, exit 1", code, msg, want)
		}
		if rss >= 64<<20 {
			t.Errorf("importing a file with a 100 MB line took %.1f MiB resident; want under 64 MiB", float64(rss)/(1<<20))
		}
		if _, err := os.Stat(db); !os.IsNotExist(err) {
			t.Fatalf("a refused import left a database behind: %v", err)
		}
	}
}
