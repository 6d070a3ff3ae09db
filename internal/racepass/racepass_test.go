package racepass

import (
	"regexp"
	"testing"
)

func TestChoose(t *testing.T) {
	for _, c := range []struct {
		name       string
		tests      []string
		race, pass bool
		skip       string
		run, want  string
	}{
		{"race runs the named", []string{"TestA", "TestB"}, true, false, "", "^(TestA|TestB)$", ""},
		{"race runs every test", []string{Every}, true, false, "", "", ""},
		{"a plain pass alone runs all", []string{"TestA"}, false, false, "", "", ""},
		{"a plain pass skips what the race pass runs", []string{"TestA"}, false, true, "", "", "^(TestA)$"},
		{"a person's -skip stays", []string{"TestA"}, false, true, "TestZ", "", "TestZ|^(TestA)$"},
		{"a package raced whole is skipped whole", []string{Every}, false, true, "", "", "."},
		{"names are quoted", []string{"TestA.B"}, true, false, "", `^(TestA\.B)$`, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			run, skip := choose(c.tests, c.race, c.pass, c.skip)
			if run != c.run || skip != c.want {
				t.Errorf("choose = run %q skip %q, want %q %q", run, skip, c.run, c.want)
			}
		})
	}
	// The patterns select whole names only.
	run, _ := choose([]string{"TestPlay"}, true, false, "")
	if re := regexp.MustCompile(run); re.MatchString("TestPlayInTmux") || !re.MatchString("TestPlay") {
		t.Errorf("%q selects more or less than TestPlay", run)
	}
}
