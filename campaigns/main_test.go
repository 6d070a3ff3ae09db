package campaigns_test

import (
	"os"
	"testing"

	"warlog/internal/racepass"
)

// Under -race only the tests that run services on goroutines of their own
// (racepass); the others decide one command at a time, or start processes.
func TestMain(m *testing.M) {
	os.Exit(racepass.Run(m, "TestConcurrentRetries", "TestRetriesRaceOtherWriters", "TestDeleteWhileRolling"))
}
