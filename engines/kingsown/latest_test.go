package kingsown

import (
	"reflect"
	"testing"

	"warlog/engines"
)

// LatestScenario is the last of Scenarios, in a fight and between fights,
// without summarising the earlier ones.
func TestLatestScenarioIsTheLastOfScenarios(t *testing.T) {
	s := fight(t, card("Bors", "hunters", 3, 1, 2), card("Gorm", "orcs", 3, 1, 2))
	check := func(when string) {
		t.Helper()
		all := s.Scenarios()
		got, ok := s.LatestScenario()
		if !ok || len(all) == 0 {
			t.Fatalf("%s: no latest scenario (%d in all)", when, len(all))
		}
		if want := all[len(all)-1]; !reflect.DeepEqual(got, want) {
			t.Errorf("%s: latest %+v, want %+v", when, got, want)
		}
	}
	check("in the fight")
	ko(t, s).Do(engines.EndScenario{Winner: "hunters"})
	check("after it")
}
