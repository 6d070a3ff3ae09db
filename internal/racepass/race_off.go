//go:build !race

package racepass

// Enabled is true when the tests run with the race detector.
const Enabled = false
