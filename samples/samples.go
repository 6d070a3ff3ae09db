// Package samples holds the sample files that ship inside the binary: The
// King's Own's card files and Incarn28's gang files. A command that reads
// such a file takes a sample's name ("hunters") where no file of that name
// exists, so the README's walk-through works after `go install`, outside a
// checkout. The tests read the same files from this folder.
package samples

import (
	"embed"
	"io/fs"
	"path"
	"sort"
	"strings"
)

//go:embed kingsown/*.cards incarn28/*.txt
var files embed.FS

// Find is game's sample called name, with or without its extension
// ("hunters", "hunters.cards"), for game's --game name (kingsown).
func Find(game, name string) ([]byte, bool) {
	entries, _ := fs.ReadDir(files, game)
	for _, e := range entries {
		if e.Name() == name || strings.TrimSuffix(e.Name(), path.Ext(e.Name())) == name {
			b, err := files.ReadFile(game + "/" + e.Name())
			return b, err == nil
		}
	}
	return nil, false
}

// Names lists game's samples by name, without extension.
func Names(game string) []string {
	entries, _ := fs.ReadDir(files, game)
	var out []string
	for _, e := range entries {
		out = append(out, strings.TrimSuffix(e.Name(), path.Ext(e.Name())))
	}
	sort.Strings(out)
	return out
}
