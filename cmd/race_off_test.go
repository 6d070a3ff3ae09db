//go:build !race

package cmd

// raceDetector is true when the tests run with -race.
const raceDetector = false

// skipUnderRace does nothing without -race.
func skipUnderRace(interface{ Skip(...any) }) {}
