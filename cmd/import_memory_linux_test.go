package cmd

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// importRSS runs `warlog campaign import` as a process of its own, with
// args after the database, standard input piped from the file stdin when not "", and
// returns its exit code, its standard error and its peak resident memory.
func importRSS(t *testing.T, db, stdin string, args ...string) (int, string, int64) {
	t.Helper()
	bin, err := exec.LookPath("peakrss")
	if err != nil {
		t.Fatalf("peakrss is not on PATH (testscript.Main installs it): %v", err)
	}
	peak := filepath.Join(t.TempDir(), "peak")
	c := exec.Command(bin, append([]string{peak, "warlog", "--db", db, "campaign", "import"}, args...)...)
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
	kib, err := os.ReadFile(peak)
	if err != nil {
		t.Fatal(err)
	}
	n, err := strconv.ParseInt(string(kib), 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	return c.ProcessState.ExitCode(), errb.String(), n << 10
}

func init() { commands["peakrss"] = peakRSS }

// peakRSS is the test binary run as `peakrss FILE COMMAND ARGS...`: it runs
// the command and writes its peak resident memory, in KiB, to FILE, exiting
// as the command did. A process's peak counts what the process that started
// it held when it did (Linux keeps the larger at exec), so the test, grown
// by the tests before it, starts this small process to start the command.
func peakRSS() {
	c := exec.Command(os.Args[2], os.Args[3:]...)
	c.Stdin, c.Stdout, c.Stderr = os.Stdin, os.Stdout, os.Stderr
	err := c.Run()
	if _, ok := err.(*exec.ExitError); err != nil && !ok {
		fmt.Fprintln(os.Stderr, "peakrss:", err)
		os.Exit(125)
	}
	ru := c.ProcessState.SysUsage().(*syscall.Rusage)
	if err := os.WriteFile(os.Args[1], []byte(strconv.FormatInt(ru.Maxrss, 10)), 0o600); err != nil {
		fmt.Fprintln(os.Stderr, "peakrss:", err)
		os.Exit(125)
	}
	os.Exit(c.ProcessState.ExitCode())
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
