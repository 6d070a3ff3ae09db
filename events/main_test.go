package events

import (
	"os"
	"testing"

	"warlog/internal/racepass"
)

// The type registry is filled lazily from whichever goroutine reads first:
// the race pass runs every test of the log's own package.
func TestMain(m *testing.M) { os.Exit(racepass.Run(m, racepass.Every)) }
