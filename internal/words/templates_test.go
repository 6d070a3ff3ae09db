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

// Templates of the interactive prompts, which issue 23's items 1-6 rework
// (engines/*/prompt.go): they are to go once reworded.
var pending = map[string]bool{
	"End %s's turn":    true,
	"End %s's turn %d": true,
	"%s's Mother (%d) fights every enemy spawn in her Sphere of Influence, 2d6 each": true,
	"%s's Mother (%d, Life %d)":                                          true,
	"%s's Spite strikes an enemy within 5":                               true,
	"%s answers %s's Fleshtype (Enforcer SP-A D6)":                       true,
	"Mob: which figure shares %s's move?":                                true,
	"Which figures does %s's %s strike (within %d\", in the front arc)?": true,
	"%s; the cast roll needs %d or less and is %s's attack%s":            true,
	"%s, %d points":                       true,
	"%d point(s) to raise":                true,
	"%d absorbed point(s) and %d Plasmid": true,
	"a first mutation at %d points, a second at %d, in the Sphere of Influence or next to a Font": true,
	"%s (%s): %s, %d of %d points used besides the Champion":                                      true,
	// The report's dice chart (projections/report, reworked in its own
	// issue).
	"%d: rolled %d times, %.1f expected": true,
}

// The amendment's labels, which the play tests (cmd/play_test.go, issue 23's
// items 1-6) quote as they are.
var pendingAmend = map[string]bool{
	"the correction makes %d later action(s) illegal, so nothing was written: %s; --drop-refused writes the amendment without them": true,
	"amend %s: %s; %d later action(s) decided again": true,
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
			if pending[s] || pendingAmend[s] {
				return true
			}
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
