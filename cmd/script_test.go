package cmd

import (
	"os"
	"testing"
	"time"

	"warlog/internal/racepass"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestMain lets testscript run `warlog` as a real process: the test binary
// re-executes itself as the command, with its own stdin, stdout and exit code.
// Under -race only the tests that start goroutines in this process run
// (racepass): the others run commands one at a time, or as processes.
func TestMain(m *testing.M) {
	testscript.Main(racepass.Wrap(m,
		// The follower and the watcher poll while commands append.
		"TestFollowAndWatch",
		// (tag pgfaults) Followers and writers while the server stops.
		"TestServerStopped",
		// Play reads its input on a goroutine of its own, and leaves on a
		// cancellation while it waits.
		"TestPlayAccessibleSession", "TestPlayEndsWithReport", "TestPlayInputEndsOnAnInvalidAnswer",
		"TestPlayCorrectsAnEarlierRoll", "TestPlayStatusFits", "TestPlayAccessibleBackAndWholeRoll",
		"TestPlayMenuKeys", "TestPlayLeavesQuietly",
	), commands)
}

// commands are the programs the test binary runs as when started under
// their name (testscript puts each on PATH): warlog, and the tools of the
// tests of one platform.
var commands = map[string]func(){
	"warlog": func() { os.Exit(Main()) },
}

// TestScripts runs every testdata/script/*.txtar: a fresh work directory and
// database per script, stdout, stderr and exit status checked line by line.
// UPDATE_GOLDEN=1 rewrites the expected output in the scripts.
func TestScripts(t *testing.T) {
	t.Parallel() // each script runs processes in a directory of its own
	testscript.Run(t, testscript.Params{
		Dir: "../testdata/script",
		Setup: func(env *testscript.Env) error {
			env.Setenv("WARLOG_DB", env.WorkDir+"/warlog.db")
			env.Setenv("HOME", env.WorkDir+"/home")
			env.Setenv("XDG_DATA_HOME", env.WorkDir+"/home/.local/share")
			env.Setenv("NO_COLOR", "1")
			env.Setenv("TZ", "UTC")
			return nil
		},
		UpdateScripts: os.Getenv("UPDATE_GOLDEN") != "",
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"tamper": tamperCmd,
		},
	})
}

func timeParse(s string) (time.Time, error) { return time.Parse(time.RFC3339, s) }
