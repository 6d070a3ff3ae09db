package postgres_test

import (
	"os"
	"testing"

	"warlog/internal/racepass"
)

// Every test of a store exercises its locks and its pool of connections:
// the race pass runs them all.
func TestMain(m *testing.M) { os.Exit(racepass.Run(m, racepass.Every)) }
