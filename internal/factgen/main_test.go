package main

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// Every package that generates its fact decoders has them as the generator
// writes them today: a payload changed without `go generate` fails here.
func TestGeneratedFilesAreCurrent(t *testing.T) {
	root := filepath.Join("..", "..")
	var dirs []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) && path != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if directive.Match(b) {
			dirs = append(dirs, filepath.Dir(path))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(dirs) == 0 {
		t.Fatal("no package generates its decoders")
	}
	for _, dir := range dirs {
		want, err := Generate(dir)
		if err != nil {
			t.Errorf("%s: %v", dir, err)
			continue
		}
		got, err := os.ReadFile(filepath.Join(dir, Output))
		if err != nil {
			t.Errorf("%s: %v (run go generate there)", dir, err)
			continue
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s/%s is stale: run go generate ./%s", dir, Output, dir)
		}
	}
}

// directive is the go:generate line of a package whose decoders are generated.
var directive = regexp.MustCompile(`(?m)^//go:generate go run warlog/internal/factgen$`)
