package incarn28

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzParseGangFile: no gang file, however mangled, panics the reader, and
// every incarn it accepts has a name.
func FuzzParseGangFile(f *testing.F) {
	files, _ := filepath.Glob("../../samples/incarn28/*.txt")
	for _, p := range files {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(string(b))
		}
	}
	f.Add("Bors | Regular | Medium | Butcher, Soldier | Armour")
	f.Add("| | | |\n#\n||||||")
	f.Fuzz(func(t *testing.T, text string) {
		incarns, err := ParseGangFile(text)
		if err != nil {
			return
		}
		for _, in := range incarns {
			if in.Name == "" {
				t.Fatalf("an incarn without a name was accepted from %q", text)
			}
		}
	})
}
