package cmd

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
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
	fset := token.NewFileSet()
	for _, root := range []string{"../engines", "../campaigns", "../events", "../projections", "../internal", "../samples"} {
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
			f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
			if err != nil {
				return err
			}
			ast.Inspect(f, func(n ast.Node) bool {
				if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING && commandText.MatchString(lit.Value) {
					t.Errorf("%s: %s spells a command", fset.Position(lit.Pos()), lit.Value)
				}
				return true
			})
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}
