package cmd

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"warlog/projections/report"
)

// For the seeded demo battle of each game, the report says what a player
// reading its log would say: the headline, the turning point, the decisive
// blow, the figure of the battle and each player's luck verdict, written
// here by hand from the log (warlog demo --verbose). The reports read are
// the goldens TestReportGoldensPerGame holds to the live report.
func TestReportTellsTheTruth(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		golden                  string
		headline, turning, blow string // turning and blow: how they begin
		figure, figureSide      string
		luck                    map[string]string // player: verdict
	}{
		// The Nest: the hunters never brought the Nest down in two turns;
		// nothing was removed, so no turn turned it. Bors dealt the Nest
		// its one Hit. The Nest spawned on 1-2 once in six rolls (2
		// expected), the hunters hit 3 of 5 (2.3 expected): neither far
		// from fair dice.
		{"king-s-own-demo", "The Nest: nest won in turn 2.", "", "Turn 2: The Nest ends after turn 2",
			"Bors", "hunters", map[string]string{"hunters": "even", "nest": "even"}},
		// Skull Hill: Davy's kill of Vlad in turn 3 (4 kill points) put
		// Ben ahead for good; his free attack on Mina ended it in turn 4.
		{"deadwars-demo", "Skull Hill: Ben won in turn 4; Davy struck the decisive blow.",
			"Turn 3: Ben took the lead for good in kill points, 4 to 0; fallen: Vlad (Ann, dead).",
			"Turn 4: Davy makes a free attack on Mina", "Davy", "Ben", map[string]string{"Ann": "even", "Ben": "even"}},
		// First brood: red's Mother first lost Life in turn 4 and never
		// caught up; B6 destroyed her in turn 19. red's Mother removed
		// five spawns but was destroyed on the losing side.
		{"brood-demo", "First brood: blue won in turn 19; B6 struck the decisive blow.",
			"Turn 4: blue took the lead for good in the Life race between the Mothers",
			"Turn 19: B6 attacks red's Mother", "B6", "blue", map[string]string{"blue": "even", "red": "even"}},
		// Demo Pit: Ann's Brute slew Ben's Brute in the one turn, and Ann
		// met both objectives. Incarn28's rolls are not judged pass or
		// fail, so no verdict.
		{"incarn28-demo", "Demo Pit: Ann won in turn 1; Brute struck the decisive blow.",
			"Turn 1: Ann took the lead for good in objectives met and enemies slain",
			"Turn 1: Ann's Brute attacks Ben's Brute", "Brute", "Ann", map[string]string{"Ann": "", "Ben": ""}},
		// Evening: Ann held more Beings from turn 2 on and won 24 to 13
		// when the game ended; Ben's Death card on Ann's Ant settled
		// nothing. Reincardnated scores players: Ann.
		{"reincardnated-demo", "Evening: Ann won in turn 4.", "Turn 2: Ann took the lead for good in Beings held, 3 to 2.",
			"Turn 4: Game Evening ends", "Ann", "Ann", map[string]string{}},
	} {
		data, err := os.ReadFile(filepath.Join("..", "testdata", "reports", c.golden+".json"))
		if err != nil {
			t.Fatal(err)
		}
		// The parts of the report's JSON a player reads here.
		var r struct {
			Scenarios []struct {
				Story report.Account      `json:"story"`
				Luck  []report.PlayerLuck `json:"luck"`
			} `json:"scenarios"`
		}
		if err := json.Unmarshal(data, &r); err != nil {
			t.Fatal(err)
		}
		st := r.Scenarios[0].Story
		if st.Headline != c.headline {
			t.Errorf("%s: headline %q, a player says %q", c.golden, st.Headline, c.headline)
		}
		if c.turning == "" && st.TurningPoint != "" || !strings.HasPrefix(st.TurningPoint, c.turning) {
			t.Errorf("%s: turning point %q, a player says %q", c.golden, st.TurningPoint, c.turning)
		}
		if !strings.HasPrefix(st.DecisiveBlow, c.blow) {
			t.Errorf("%s: decisive blow %q, a player says %q...", c.golden, st.DecisiveBlow, c.blow)
		}
		if f := st.Standout; f == nil || f.Name != c.figure || f.Side != c.figureSide {
			t.Errorf("%s: figure of the battle %+v, a player says %s (%s)", c.golden, f, c.figure, c.figureSide)
		}
		for _, l := range r.Scenarios[0].Luck {
			if want, ok := c.luck[l.Player]; ok && l.Outcome.Verdict != want {
				t.Errorf("%s: %s's luck %q, a player says %q (%+v)", c.golden, l.Player, l.Outcome.Verdict, want, l.Outcome)
			}
		}
	}
}
