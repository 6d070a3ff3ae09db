// Package seedfiles finds the games' rules documents (the seeds) for tests
// that hold warlog's text and numbers to them. The seeds are not part of
// the project: they lie beside the checkout, in ../shared/seeds, on every
// developer's machine and in CI. A clone made elsewhere (a newcomer's
// temporary clone of a local checkout) finds them beside the checkout it
// was cloned from.
package seedfiles

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// Dir returns the directory of the seeds, or "" with what was tried.
func Dir() (string, string) {
	top, err := exec.Command("git", "rev-parse", "--show-toplevel").Output()
	if err != nil {
		return "", "not inside a git checkout"
	}
	roots := []string{strings.TrimSpace(string(top))}
	if origin, err := exec.Command("git", "-C", roots[0], "remote", "get-url", "origin").Output(); err == nil {
		if o := strings.TrimSpace(string(origin)); filepath.IsAbs(o) {
			roots = append(roots, o)
		}
	}
	var tried []string
	for _, r := range roots {
		d := filepath.Join(filepath.Dir(r), "shared", "seeds")
		if fi, err := os.Stat(d); err == nil && fi.IsDir() {
			return d, ""
		}
		tried = append(tried, d)
	}
	return "", "no seeds at " + strings.Join(tried, " or ")
}

// Path is the seed file named name (e.g. "000_7eeabad3aaea10d4.txt").
func Path(name string) (string, string) {
	d, why := Dir()
	if d == "" {
		return "", why
	}
	return filepath.Join(d, name), ""
}
