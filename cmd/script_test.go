package cmd

import (
	"os"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestMain lets testscript run `warlog` as a real process: the test binary
// re-executes itself as the command, with its own stdin, stdout and exit code.
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"warlog": func() { os.Exit(Main()) },
	})
}

// TestScripts runs every testdata/script/*.txtar: a fresh work directory and
// database per script, stdout, stderr and exit status checked line by line.
// UPDATE_GOLDEN=1 rewrites the expected output in the scripts.
func TestScripts(t *testing.T) {
	skipUnderRace(t)
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
