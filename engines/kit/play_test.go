package kit_test

import (
	"errors"
	"testing"

	"warlog/engines"
	"warlog/engines/kit"
)

type fight struct {
	kit.Ending
	Name string `json:"name"`
}

func TestNeedsScenario(t *testing.T) {
	var p kit.Play[*fight, *fight]
	for _, c := range []struct {
		battle *fight
		ok     bool
	}{
		{nil, false},
		{&fight{Name: "F1"}, true},
		{&fight{Name: "F1", Ending: kit.Ending{Outcome: &engines.Outcome{Draw: true}}}, false},
	} {
		p.Battle = c.battle
		b, err := p.NeedsScenario("no fight in progress; `%s` needs one", "t hit")
		if c.ok != (err == nil) || c.ok != p.InProgress() {
			t.Fatalf("battle %+v: got %v, in progress %v, want ok %v", c.battle, err, p.InProgress(), c.ok)
		}
		if c.ok {
			if b != c.battle {
				t.Errorf("got battle %v, want %v", b, c.battle)
			}
			continue
		}
		var re *engines.RuleError
		if !errors.As(err, &re) || re.Rule != kit.RuleScenario || re.Msg != "no fight in progress; `t hit` needs one" || len(re.Try) != 1 || re.Try[0] != "scenario start" {
			t.Errorf("battle %+v: got %#v, want a refusal under %s that points to scenario start", c.battle, err, kit.RuleScenario)
		}
	}
}

// A state's parts (History) are found in the Play it embeds: a snapshot
// keeps them apart, and reads them back.
type played struct {
	kit.Play[*fight, *fight]
	Total int `json:"total"`
}

func (s *played) Status() engines.Status { return engines.Status{} }
func (s *played) Roster() engines.Roster { return engines.Roster{} }

func TestPlayPartsInSnapshot(t *testing.T) {
	g := &kit.Game[*played]{
		GameInfo: engines.GameInfo{Name: "p", Title: "Played"},
		New:      func(c engines.Campaign) *played { return &played{Play: kit.Play[*fight, *fight]{Campaign: c}} },
	}
	st := g.New(engines.Campaign{Name: "c", Game: "p"})
	st.Past.Add(&fight{Name: "F1"})
	st.Battle, st.Total = &fight{Name: "F2"}, 3
	data, parts, err := g.EncodeState(st)
	if err != nil {
		t.Fatal(err)
	}
	if len(parts) != 1 {
		t.Fatalf("got %d parts, want 1 (Play's Past)", len(parts))
	}
	load := engines.Parts{Read: func(i int) ([]byte, error) { return parts[i], nil }}
	back, err := g.DecodeState(st.Campaign, data, load)
	if err != nil {
		t.Fatal(err)
	}
	got := back.(*played)
	if got.Campaign.Name != "c" || got.Battle == nil || got.Battle.Name != "F2" || got.Total != 3 {
		t.Errorf("got %+v, want campaign c, battle F2, total 3", got)
	}
	if past := got.Past.All(); len(past) != 1 || past[0].Name != "F1" {
		t.Errorf("got past %v, want F1", past)
	}
}
