package words

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// What a message template must not say, each with what to write instead.
var badTemplates = []struct {
	re   *regexp.Regexp
	fix  string
	name string
}{
	{regexp.MustCompile(`(^|[^,])%d (were|are|have|events|points|incarns|figures|times|squares|dice|calls|attacks|actions|wounds|turns|hits|Hits|forces|enemies|characters|campaigns|bytes|allies|lives|limits|spawns|successes|players|cards|rounds|games|snapshots|lines|fights|scenarios)\b`),
		"words.Count(n, one, many): \"1 figures\", \"1 were given\"", "a count before a plural"},
	{regexp.MustCompile(`%d (\w+ )*\w+\(s\)`), "words.Count(n, one, many): \"1 campaign(s)\"", "a count before a (s)"},
	{regexp.MustCompile(`(^|[^\w])[aA] %[sv]`), "words.A(x): \"a Imhotep\"", "an article before a value"},
	{regexp.MustCompile(`%[sv]'s\b`), "words.Possessive(x): \"hunters's\"", "'s after a value"},
	{regexp.MustCompile(`\.;`), "one mark: \"ends.;\"", "a stop before a semicolon"},
	{regexp.MustCompile(`tries to %s`), "say what is tried: \"tries to full through rough ground\"", "tries to + a value"},
}

// Not messages: test helpers' failure lines and a code generator's output.
var notMessages = []string{"internal/storetest", "internal/pgtest", "internal/decodetest", "internal/factgen"}

// Every string literal of the program's source (tests, generated code and
// this package aside) is read with go/ast, as a message template: none
// may hold a pattern that writes bad grammar for some value.
func TestMessageTemplates(t *testing.T) {
	root := filepath.Join("..", "..")
	files, literals := 0, 0
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) && p != root {
			return filepath.SkipDir
		}
		for _, dir := range notMessages {
			if d.IsDir() && filepath.ToSlash(p) == filepath.ToSlash(filepath.Join(root, dir)) {
				return filepath.SkipDir
			}
		}
		if d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") || strings.HasSuffix(p, "_gen.go") || filepath.Dir(p) == "." {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), p, nil, 0)
		if err != nil {
			return err
		}
		files++
		fset := token.NewFileSet()
		f, _ = parser.ParseFile(fset, p, nil, 0)
		ast.Inspect(f, func(n ast.Node) bool {
			bl, ok := n.(*ast.BasicLit)
			if !ok || bl.Kind != token.STRING {
				return true
			}
			s, err := strconv.Unquote(bl.Value)
			if err != nil {
				return true
			}
			literals++
			for _, b := range badTemplates {
				if b.re.MatchString(s) {
					t.Errorf("%s: %s in %q; use %s", fset.Position(bl.Pos()), b.name, s, b.fix)
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 100 || literals < 2000 {
		t.Errorf("read only %d files and %d string literals", files, literals)
	}
}

// The patterns find what they are meant to, and leave alone what is right.
func TestBadTemplatesMatch(t *testing.T) {
	for _, c := range []struct {
		s    string
		kind int
	}{{"%d figures join", 0}, {"at %d,%d and %d points", 0}, {"%s; %d were given", 0}, {"%d later action(s)", 1}, {"Bors hits a %s", 2}, {"A %v", 2}, {"%s's card", 3}, {"ends.; then", 4}, {"%s tries to %s%s", 5}} {
		if !badTemplates[c.kind].re.MatchString(c.s) {
			t.Errorf("%q is not taken for %s", c.s, badTemplates[c.kind].name)
		}
	}
	for _, s := range []string{"%d B to spend", "roll %d is", "an %s", "%s; %s given", "%d of %s", "Bors's card", "a %d-sided die", "at %d,%d are both"} {
		for _, b := range badTemplates {
			if b.re.MatchString(s) {
				t.Errorf("%q is taken for %s", s, b.name)
			}
		}
	}
}
