// Package racepass lets CI run every test once: under the race detector
// the tests that start goroutines of their own, without it all the others.
//
// The race detector finds nothing in a test that runs one goroutine, or
// that only spawns processes (each is its own address space), and makes
// it many times slower. A package whose tests are worth race-checking
// declares which in its TestMain:
//
//	func TestMain(m *testing.M) { os.Exit(racepass.Run(m, "TestRacingWriters")) }
//
// Built with -race, such a test binary runs only the named tests (Every:
// all of them). Built without, it runs every test, unless $WARLOG_RACE_PASS
// says that a race pass runs the named ones, which it then skips: .ci/run
// sets it and runs the packages that import racepass a second time with
// -race. An explicit -run (a person's, or a test re-executing its binary
// as a child process) always wins.
package racepass

import (
	"flag"
	"os"
	"regexp"
	"strings"
)

// Every names all of a package's tests: a store's tests all exercise its
// locking and its connection pool.
const Every = "*"

// Runner is what a TestMain hands on: *testing.M, or a wrapper such as
// testscript's.
type Runner interface{ Run() int }

// Run selects the tests for this pass, as the package comment says, and
// runs them.
func Run(m Runner, tests ...string) int {
	Select(tests...)
	return m.Run()
}

// Wrap is Run for a TestMain that hands m to another runner
// (testscript.Main): the selection is made when the tests run, not in a
// child process the runner starts as a command.
func Wrap(m Runner, tests ...string) Runner { return wrapped{m, tests} }

type wrapped struct {
	m     Runner
	tests []string
}

func (w wrapped) Run() int { return Run(w.m, w.tests...) }

// Select sets -test.run (under -race) or -test.skip (in the plain pass of
// CI) to the tests named, unless -run was given.
func Select(tests ...string) {
	if len(tests) == 0 {
		panic("racepass: name the tests that start goroutines, or racepass.Every")
	}
	if !flag.Parsed() {
		flag.Parse()
	}
	if f := flag.Lookup("test.run"); f == nil || f.Value.String() != "" {
		return
	}
	skip := flag.Lookup("test.skip")
	run, skipping := choose(tests, Enabled, InPass(), skip.Value.String())
	if run != "" {
		_ = flag.Set("test.run", run)
	}
	_ = skip.Value.Set(skipping)
}

// choose returns the -run and -skip patterns for a pass: with the race
// detector, the named tests; in a plain pass that a race pass completes,
// everything else (skip, added to what was skipped already).
func choose(tests []string, race, pass bool, skip string) (run, skipping string) {
	only := "."
	if tests[0] != Every {
		quoted := make([]string, len(tests))
		for i, t := range tests {
			quoted[i] = regexp.QuoteMeta(t)
		}
		only = "^(" + strings.Join(quoted, "|") + ")$"
	}
	switch {
	case race:
		if only == "." {
			return "", skip
		}
		return only, skip
	case pass:
		if skip != "" {
			return "", skip + "|" + only
		}
		return "", only
	}
	return "", skip
}

// InPass reports whether a race pass runs the race-checked tests, so the
// plain pass skips them ($WARLOG_RACE_PASS set and not "0").
func InPass() bool {
	v := os.Getenv("WARLOG_RACE_PASS")
	return v != "" && v != "0"
}
