//go:build race

package cmd

// raceDetector is true when the tests run with -race, which makes every
// step several times slower: the long walks shorten.
const raceDetector = true
