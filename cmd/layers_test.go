package cmd

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// commandText is a command quoted for a person to type: `warlog ...`.
var commandText = regexp.MustCompile("`warlog [a-z-]")

// The command line owns every command it tells people to type: no string
// in the rules, the campaigns, the log's stores or the projections spells
// one (they name what went wrong; cmdutil.Explain adds the command, and
// engines name verbs, which the command line writes out). The packages
// that write the command line's own text (cmd/cmdutil, its documentation
// in cmd/clidoc) live under cmd and are not scanned.
func TestOnlyTheCommandLineSpellsCommands(t *testing.T) {
	eachSource(t, parser.SkipObjectResolution, func(fset *token.FileSet, path string, f *ast.File) {
		ast.Inspect(f, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING && commandText.MatchString(lit.Value) {
				t.Errorf("%s: %s spells a command", fset.Position(lit.Pos()), lit.Value)
			}
			return true
		})
	}, "../engines", "../campaigns", "../events", "../projections", "../internal", "../samples")
}

// opener is the one package above which a backend is chosen (by the
// database's address), and the one package of the command line that may
// import it.
const opener, openerUser = "warlog/events/stores", "cmd/cmdutil"

// Nothing above events names a backend (ARCHITECTURE.md, "Growing past
// one machine"): no package of the command line, the campaigns, the
// projections or the engines imports a store (every package under events/
// but the opener, events/stores), and only cmd/cmdutil imports the opener.
// The stores' errors are events errors, so none is needed to tell one. Tests
// may still open a store of their choice.
func TestNothingAboveEventsNamesABackend(t *testing.T) {
	subs, err := os.ReadDir("../events")
	if err != nil {
		t.Fatal(err)
	}
	backends := map[string]bool{}
	for _, d := range subs {
		if d.IsDir() && "warlog/events/"+d.Name() != opener {
			backends["warlog/events/"+d.Name()] = true
		}
	}
	if !backends["warlog/events/sqlite"] || !backends["warlog/events/postgres"] {
		t.Fatalf("found the backends %v; the test looks in the wrong place", backends)
	}
	eachSource(t, parser.ImportsOnly, func(_ *token.FileSet, path string, f *ast.File) {
		dir := filepath.ToSlash(strings.TrimPrefix(filepath.Dir(path), "../"))
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			switch {
			case backends[p]:
				t.Errorf("%s imports the store %s: open stores through %s, and match their errors as events errors", path, p, opener)
			case p == opener && dir != openerUser:
				t.Errorf("%s imports %s: only %s chooses a store", path, p, openerUser)
			}
		}
	}, "../cmd", "../campaigns", "../projections", "../engines", "../samples", "../main.go")
}

// eachSource parses, with mode, every Go file that is not a test under the
// roots (testdata left out), and hands each to check.
func eachSource(t *testing.T, mode parser.Mode, check func(fset *token.FileSet, path string, f *ast.File), roots ...string) {
	t.Helper()
	fset := token.NewFileSet()
	for _, root := range roots {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if d.Name() == "testdata" {
					return filepath.SkipDir
				}
				return nil
			}
			if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return nil
			}
			f, err := parser.ParseFile(fset, path, nil, mode)
			if err != nil {
				return err
			}
			check(fset, path, f)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}
