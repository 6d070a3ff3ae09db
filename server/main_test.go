package server_test

import (
	"os"
	"testing"

	"warlog/internal/racepass"
)

// Under -race only the tests whose clients run on goroutines of their own.
func TestMain(m *testing.M) {
	os.Exit(racepass.Run(m, "TestWritersQueue", "TestDrainFinishesInFlight"))
}
