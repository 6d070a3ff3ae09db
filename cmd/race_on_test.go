//go:build race

package cmd

// raceDetector is true when the tests run with -race, which makes every
// step several times slower: the long walks shorten.
const raceDetector = true

// skipUnderRace skips a test that only runs the real program as separate
// processes: the race detector finds nothing there (each process is single
// command), and instrumented processes make the test many times slower.
// .ci/run runs these tests without -race before the race pass.
func skipUnderRace(t interface{ Skip(...any) }) {
	t.Skip("runs warlog as separate processes; run without -race, as .ci/run does first")
}
