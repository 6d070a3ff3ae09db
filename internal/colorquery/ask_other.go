//go:build !unix

package colorquery

import (
	"os"
	"time"
)

// ask asks nothing where the terminal cannot be read with a time limit.
func ask(in, out *os.File, wait time.Duration) ([]byte, bool) { return nil, false }
