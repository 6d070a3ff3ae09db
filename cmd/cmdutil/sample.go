package cmdutil

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"warlog/samples"
)

// ReadFileOrSample reads the file at path, or, where there is none and path
// is a bare name ("hunters"), game's built-in sample of that name. what
// names the file in messages ("card file").
func ReadFileOrSample(path, game, what string) ([]byte, error) {
	b, err := os.ReadFile(path)
	if err == nil {
		return b, nil
	}
	if !errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	if !strings.ContainsAny(path, `/\`) {
		if b, ok := samples.Find(game, path); ok {
			return b, nil
		}
	}
	return nil, fmt.Errorf("%s %s: no such file, nor a built-in sample of that name; the samples are %s", what, path, strings.Join(samples.Names(game), ", "))
}
