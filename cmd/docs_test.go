package cmd

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"

	"warlog/cmd/cmdutil"
)

// docsDir is the committed Markdown reference, from this package's folder.
const docsDir = "../docs/cli"

// The committed Markdown reference is what `warlog generate --markdown`
// writes from today's command tree, file for file: a help text changed
// without regenerating it fails here (UPDATE_GOLDEN=1 rewrites it).
func TestMarkdownReferenceIsCurrent(t *testing.T) {
	if os.Getenv("UPDATE_GOLDEN") != "" {
		if err := os.RemoveAll(docsDir); err != nil {
			t.Fatal(err)
		}
		db := filepath.Join(t.TempDir(), "w.db")
		if _, e, code := run(t, db, "generate", "--markdown", docsDir); code != 0 {
			t.Fatalf("generate: %s", e)
		}
	}
	dir := t.TempDir()
	db := filepath.Join(t.TempDir(), "w.db")
	if out, e, code := run(t, db, "generate", "--markdown", dir); code != 0 || out != "" || !strings.Contains(e, "wrote the Markdown reference") {
		t.Fatalf("generate --markdown: exit %d, stdout %q, stderr %q", code, out, e)
	}
	if _, err := os.Stat(db); err == nil {
		t.Errorf("generate created the database %s", db)
	}
	fresh, _ := filepath.Glob(filepath.Join(dir, "*.md"))
	committed, _ := filepath.Glob(filepath.Join(docsDir, "*.md"))
	if len(fresh) < 100 {
		t.Fatalf("only %d pages generated", len(fresh))
	}
	names := map[string]bool{}
	for _, f := range committed {
		names[filepath.Base(f)] = true
	}
	for _, f := range fresh {
		name := filepath.Base(f)
		want, err := os.ReadFile(filepath.Join(docsDir, name))
		got, _ := os.ReadFile(f)
		switch {
		case err != nil:
			t.Errorf("docs/cli/%s is missing; regenerate: UPDATE_GOLDEN=1 go test ./cmd -run TestMarkdownReferenceIsCurrent", name)
		case !bytes.Equal(got, want):
			t.Errorf("docs/cli/%s is stale (%s); regenerate: UPDATE_GOLDEN=1 go test ./cmd -run TestMarkdownReferenceIsCurrent", name, firstDiff(string(got), string(want)))
		}
		delete(names, name)
	}
	for name := range names {
		t.Errorf("docs/cli/%s names no command any more; regenerate: UPDATE_GOLDEN=1 go test ./cmd -run TestMarkdownReferenceIsCurrent", name)
	}
	// The pages link to each other.
	root, _ := os.ReadFile(filepath.Join(dir, "warlog.md"))
	if !strings.Contains(string(root), "(warlog_report.md)") || !strings.Contains(string(root), "-c, --campaign NAME") {
		t.Errorf("warlog.md links no command page or misses the global flags:\n%s", root)
	}
}

// generate --man writes one page per command; without a directory it is
// a usage error.
func TestGenerateMan(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "man1")
	db := filepath.Join(t.TempDir(), "w.db")
	if _, e, code := run(t, db, "generate", "--man", dir); code != 0 {
		t.Fatalf("generate --man: %d %s", code, e)
	}
	page, err := os.ReadFile(filepath.Join(dir, "warlog-ko-attack.1"))
	if err != nil || !strings.Contains(string(page), ".TH \"WARLOG\" \"1\"") || !strings.Contains(string(page), "warlog ko attack") {
		t.Errorf("warlog-ko-attack.1: %v\n%.300s", err, page)
	}
	if _, e, code := run(t, db, "generate"); code != cmdutil.ExitUsage || !strings.Contains(e, "--man DIR or --markdown DIR") {
		t.Errorf("generate alone: exit %d %q", code, e)
	}
}

// version and --version print the same: warlog's version and the Go
// version of the build; the revision line says what the build recorded.
func TestVersion(t *testing.T) {
	db := filepath.Join(t.TempDir(), "w.db")
	out, _, code := run(t, db, "version")
	if code != 0 || !strings.HasPrefix(out, "warlog "+Version+"\n") || !strings.Contains(out, "go:       "+runtime.Version()+"\n") || !strings.Contains(out, "revision: ") {
		t.Errorf("version: exit %d\n%s", code, out)
	}
	flag, _, code := run(t, db, "--version")
	if code != 0 || flag != out {
		t.Errorf("--version = %q, version = %q", flag, out)
	}
	js, _, _ := run(t, db, "version", "--json")
	if !strings.Contains(js, `"go": "`+runtime.Version()+`"`) {
		t.Errorf("version --json: %s", js)
	}
	// --version --json (in either order) is version --json.
	for _, args := range [][]string{{"--version", "--json"}, {"--json", "--version"}} {
		if flag, e, code := run(t, db, args...); code != 0 || flag != js {
			t.Errorf("%v: exit %d, %q %q; want %q", args, code, flag, e, js)
		}
	}
	// What `go build` in a checkout records (go version -m shows it).
	info, err := debug.ParseBuildInfo("path\twarlog\nmod\twarlog\tv1.2.3\t\nbuild\tvcs=git\nbuild\tvcs.revision=abc123def\nbuild\tvcs.time=2026-01-02T03:04:05Z\nbuild\tvcs.modified=true\n")
	if err != nil {
		t.Fatal(err)
	}
	info.GoVersion = "go1.99.1" // the one line ParseBuildInfo leaves out
	want := "warlog " + Version + "\nmodule:   v1.2.3\ngo:       go1.99.1\nrevision: abc123def (2026-01-02T03:04:05Z), with uncommitted changes\n"
	if got := buildFrom(info).String(); got != want {
		t.Errorf("version of a checkout's build = %q, want %q", got, want)
	}
	// A build that recorded no revision (GOFLAGS=-buildvcs=false in a
	// checkout, as on this project's machines, or a copy of the source)
	// says so without claiming it was not built from a checkout.
	info, err = debug.ParseBuildInfo("path\twarlog\nmod\twarlog\t(devel)\t\n")
	if err != nil {
		t.Fatal(err)
	}
	info.GoVersion = "go1.99.1"
	if got, want := buildFrom(info).String(), "revision: unknown (the build recorded none: not built in a git checkout, or with -buildvcs=false)\n"; !strings.HasSuffix(got, want) {
		t.Errorf("version of a build without vcs = %q, want it to end %q", got, want)
	}
}
