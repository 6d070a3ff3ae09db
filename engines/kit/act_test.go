package kit_test

import (
	"testing"

	"warlog/engines"
	"warlog/engines/dice"
	"warlog/engines/kit"
)

func TestActSay(t *testing.T) {
	d := engines.NewDecision(dice.NewRoller(1, 0, nil))
	a := &kit.Act[*tally]{S: &tally{}, D: d}
	a.Say("Ann rolls %d.", 4)
	if got, want := d.LabelText(), "Ann rolls 4."; got != want {
		t.Errorf("after one sentence: got %q, want %q", got, want)
	}
	a.Say("Bob 50%% of the time.")
	if got, want := d.LabelText(), "Ann rolls 4. Bob 50% of the time."; got != want {
		t.Errorf("after two sentences: got %q, want %q", got, want)
	}
}
