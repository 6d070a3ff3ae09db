package events

import (
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"
)

// Migration is one step of a store's schema: an SQL file embedded in the
// store's package.
type Migration struct {
	// Version is the number the file's name begins with (0010_x.sql is
	// version 10), so that two branches that each add one under numbers
	// agreed beforehand never give one version two meanings; numbers may
	// skip.
	Version int
	Name    string
	SQL     string
}

// Migrations reads the files of fsys that match pattern as migrations, in
// order of their versions: the one way both SQL stores number theirs.
func Migrations(fsys fs.FS, pattern string) ([]Migration, error) {
	names, err := fs.Glob(fsys, pattern)
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	var out []Migration
	for _, n := range names {
		num, _, _ := strings.Cut(path.Base(n), "_")
		v, err := strconv.Atoi(num)
		if err != nil || v < 1 || (len(out) > 0 && v <= out[len(out)-1].Version) {
			return nil, fmt.Errorf("migration %s: its name must begin with a number above the one before it", n)
		}
		b, err := fs.ReadFile(fsys, n)
		if err != nil {
			return nil, err
		}
		out = append(out, Migration{Version: v, Name: n, SQL: string(b)})
	}
	return out, nil
}
