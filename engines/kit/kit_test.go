package kit_test

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"warlog/engines"
	"warlog/engines/dice"
	"warlog/engines/kit"
	"warlog/events"
)

// tally is the smallest game the kit can hold: a Bump rolls a d6 and adds
// it; a Cap refuses a total above its limit. Bump checks, after emitting,
// that its own fact is already folded into the state it decides on.
type tally struct {
	Total int                  `json:"total"`
	Past  engines.History[int] `json:"past"`
	seen  int                  // an unexported field: copied too
}

type bumped struct {
	N int `json:"n"`
}

type bump struct{}

func (bump) Verb() string { return "t bump" }

type capAt struct {
	Limit int `json:"limit"`
}

func (capAt) Verb() string { return "t cap" }

func (s *tally) Status() engines.Status { return engines.Status{} }
func (s *tally) Roster() engines.Roster { return engines.Roster{} }

func (s *tally) bumped(p bumped) error {
	s.Total += p.N
	s.Past.Add(p.N)
	s.seen++
	return nil
}

func doBump(a *kit.Act[*tally], _ bump) error {
	s, d := a.S, a.D
	v, err := d.Roll1(6, "bump")
	if err != nil {
		return err
	}
	before := s.Total
	d.Emit("tally.bumped", bumped{N: v})
	if s.Total != before+v {
		return errors.New("the emitted fact was not folded into the state being decided on")
	}
	d.Label("bumped %d", v)
	return nil
}

func doCapAt(a *kit.Act[*tally], c capAt) error {
	s, _ := a.S, a.D
	if s.Total > c.Limit {
		return engines.Refuse("Cap", "the total %d is over %d", s.Total, c.Limit)
	}
	return nil
}

func game() *kit.Game[*tally] {
	return &kit.Game[*tally]{
		GameInfo: engines.GameInfo{Name: "tally", Title: "Tally"},
		Rules:    2,
		New:      func(engines.Campaign) *tally { return &tally{} },
		Facts:    func() []kit.Fact[*tally] { return []kit.Fact[*tally]{kit.On("tally.bumped", (*tally).bumped)} },
		Commands: func() []kit.Command[*tally] {
			return []kit.Command[*tally]{kit.Do(doBump), kit.Do(doCapAt)}
		},
		Options: []engines.Option{engines.OptTurns},
	}
}

func TestDeclarationGivesDispatch(t *testing.T) {
	g := game()
	if got := g.RulesVersion(); got != "tally/2" {
		t.Errorf("RulesVersion %q, want tally/2", got)
	}
	r := events.NewRegistry()
	g.Register(r)
	if !r.Known("tally.bumped") {
		t.Error("the declared fact is not registered")
	}
	st := g.NewState(engines.Campaign{})
	d := engines.NewDecision(dice.NewRoller(1, 0, nil))
	if err := g.Decide(st, bump{}, d); err != nil {
		t.Fatal(err)
	}
	if st.(*tally).Total != 0 {
		t.Error("Decide changed the state it was asked of")
	}
	for _, f := range d.Facts() {
		if err := g.Apply(st, f.Type, f.Data); err != nil {
			t.Fatal(err)
		}
	}
	if st.(*tally).Total == 0 || st.(*tally).seen != 1 {
		t.Errorf("after folding: total %d, seen %d", st.(*tally).Total, st.(*tally).seen)
	}
	err := g.Decide(st, capAt{Limit: 0}, engines.NewDecision(dice.NewRoller(1, 1, nil)))
	var re *engines.RuleError
	if !errors.As(err, &re) || re.Rule != "Cap" {
		t.Errorf("cap 0: %v, want a Cap refusal", err)
	}
	c, err := g.DecodeCommand("t cap", []byte(`{"limit":3}`))
	if err != nil || c != (capAt{Limit: 3}) {
		t.Errorf("DecodeCommand: %v, %v", c, err)
	}
	if c, err := g.DecodeCommand("cap", []byte(`{"limit":2}`)); err != nil || c != (capAt{Limit: 2}) {
		t.Errorf("a verb recorded without its game's command: %v, %v", c, err)
	}
	if _, err := g.DecodeCommand("t nope", nil); !errors.Is(err, engines.ErrUnknownCommand) {
		t.Errorf("an unknown verb: %v", err)
	}
	if err := g.Apply(st, "t.unknown", nil); err == nil {
		t.Error("a fact the game does not declare folded without complaint")
	}
	if err := g.Apply(st, dice.Type, dice.Rolled{}); err != nil {
		t.Errorf("dice folded into a game that ignores them: %v", err)
	}
}

func TestStartOptionsAreRefusedWhenNotDeclared(t *testing.T) {
	g := game()
	if got := g.StartOptions(); len(got) != 1 || got[0].Name != "turns" {
		t.Errorf("StartOptions %v", got)
	}
	st := g.NewState(engines.Campaign{})
	err := g.Decide(st, engines.StartScenario{Name: "G", Turns: 3, Size: 8}, engines.NewDecision(dice.NewRoller(1, 0, nil)))
	var oe *engines.OptionError
	if !errors.As(err, &oe) || len(oe.Given) != 1 || oe.Given[0].Name != "size" {
		t.Errorf("a start with a size for a game that takes turns only: %v", err)
	}
}

// The snapshot format follows the state's shape: a field added, renamed or
// retagged changes it, so a missed version bump cannot read an old
// snapshot into a new shape.
func TestFingerprintFollowsShape(t *testing.T) {
	type a struct {
		X int `json:"x"`
	}
	type renamed struct {
		X int `json:"y"`
	}
	type retyped struct {
		X string `json:"x"`
	}
	type grown struct {
		X int `json:"x"`
		Y int `json:"y"`
	}
	type hidden struct {
		X int `json:"x"`
		y int
	}
	base := kit.Fingerprint(reflect.TypeFor[a]())
	for name, typ := range map[string]reflect.Type{"renamed": reflect.TypeFor[renamed](), "retyped": reflect.TypeFor[retyped](), "grown": reflect.TypeFor[grown]()} {
		if kit.Fingerprint(typ) == base {
			t.Errorf("%s: same fingerprint as the original", name)
		}
	}
	if kit.Fingerprint(reflect.TypeFor[hidden]()) != base {
		t.Error("an unexported field, which a snapshot does not keep, changed the fingerprint")
	}
	// A History keeps its records in the snapshot: their shape counts.
	type pastA struct {
		Past engines.History[a] `json:"past"`
	}
	type pastB struct {
		Past engines.History[grown] `json:"past"`
	}
	if kit.Fingerprint(reflect.TypeFor[pastA]()) == kit.Fingerprint(reflect.TypeFor[pastB]()) {
		t.Error("a change to the shape of a history's records left the fingerprint as it was")
	}
	if s := kit.Shape(reflect.TypeFor[pastB]()); !strings.Contains(s, `Y y int`) {
		t.Errorf("the shape of a history leaves out its records' fields: %s", s)
	}
	if f := game().StateFormat(); !strings.HasPrefix(f, "0.") || len(f) < 6 {
		t.Errorf("StateFormat %q, want the state version and a fingerprint", f)
	}
}

// Clone copies deeply (unexported fields too), keeps two pointers to one
// value pointing to one value, and shares a History.
func TestClone(t *testing.T) {
	type fig struct{ Name string }
	type state struct {
		Figs  []*fig
		First *fig
		Marks map[string][]int
		Past  engines.History[string]
		n     int
	}
	f := &fig{Name: "Bors"}
	s := &state{Figs: []*fig{f}, First: f, Marks: map[string][]int{"a": {1}}, n: 3}
	s.Past.Add("old")
	c := engines.Clone(s)
	c.Figs[0].Name = "Wyn"
	c.Marks["a"][0] = 9
	c.Past.Add("new")
	if f.Name != "Bors" || s.Marks["a"][0] != 1 {
		t.Error("the copy shares what it should have copied")
	}
	if c.First != c.Figs[0] {
		t.Error("two pointers to one figure became two figures")
	}
	if c.n != 3 {
		t.Error("an unexported field was not copied")
	}
	if got := s.Past.All(); len(got) != 1 {
		t.Errorf("adding to the copy's history reached the original: %v", got)
	}
	if got := c.Past.All(); len(got) != 2 || got[0] != "old" {
		t.Errorf("the copy's history: %v", got)
	}
}

// rows is a state that keeps the slice its fact brings (listed.Keep).
type rows struct {
	Rows []int `json:"rows"`
}

func (s *rows) Status() engines.Status { return engines.Status{} }
func (s *rows) Roster() engines.Roster { return engines.Roster{} }

type listed struct {
	Rows []int `json:"rows"`
}

// keeps counts the copies Keep made.
var keeps int

func (p listed) Keep() listed {
	keeps++
	p.Rows = append([]int(nil), p.Rows...)
	return p
}

func (listed) DecodeFact(data []byte) (listed, error) {
	var p listed
	err := json.Unmarshal(data, &p)
	return p, err
}

func (s *rows) listed(p listed) error {
	s.Rows = p.Rows
	return nil
}

// A payload the fold keeps is copied when Apply is given it, which its
// caller still holds, and folded as it is when ApplyData decodes it.
func TestKeeperCopiesOnlyWhatOthersHold(t *testing.T) {
	g := &kit.Game[*rows]{
		GameInfo: engines.GameInfo{Name: "rows", Title: "Rows"},
		New:      func(engines.Campaign) *rows { return &rows{} },
		Facts:    func() []kit.Fact[*rows] { return []kit.Fact[*rows]{kit.On("rows.listed", (*rows).listed)} },
	}
	p := listed{Rows: []int{1, 2}}
	a, b := &rows{}, &rows{}
	keeps = 0
	for _, st := range []*rows{a, b} {
		if err := g.Apply(st, "rows.listed", p); err != nil {
			t.Fatal(err)
		}
	}
	a.Rows[0] = 9
	if p.Rows[0] != 1 || b.Rows[0] != 1 || keeps != 2 {
		t.Errorf("after Apply: payload %v, other state %v, %d copies; want [1 2], [1 2], 2", p.Rows, b.Rows, keeps)
	}
	keeps = 0
	c := &rows{}
	ok, err := g.ApplyData(c, "rows.listed", []byte(`{"rows":[3,4]}`))
	if !ok || err != nil {
		t.Fatalf("ApplyData: %v %v", ok, err)
	}
	if !reflect.DeepEqual(c.Rows, []int{3, 4}) || keeps != 0 {
		t.Errorf("after ApplyData: state %v, %d copies; want [3 4], none", c.Rows, keeps)
	}
}

// noted is a payload whose Note the fold does not read: its FoldFact
// leaves it out, as a generated one passes over a field tagged
// fold:"skip".
type noted struct {
	N    int    `json:"n"`
	Note string `json:"note"`
}

func (noted) DecodeFact(data []byte) (noted, error) {
	var p noted
	err := json.Unmarshal(data, &p)
	return p, err
}

func (noted) FoldFact(data []byte) (noted, error) {
	p, err := noted{}.DecodeFact(data)
	p.Note = ""
	return p, err
}

type notes struct {
	Seen []noted `json:"seen"`
}

func (s *notes) Status() engines.Status { return engines.Status{} }
func (s *notes) Roster() engines.Roster { return engines.Roster{} }

func (s *notes) noted(p noted) error {
	s.Seen = append(s.Seen, p)
	return nil
}

// ApplyData folds what the payload's FoldFact reads; the registry decodes
// the whole payload with DecodeFact.
func TestFoldDecoderIsTheReplays(t *testing.T) {
	g := &kit.Game[*notes]{
		GameInfo: engines.GameInfo{Name: "notes", Title: "Notes"},
		New:      func(engines.Campaign) *notes { return &notes{} },
		Facts:    func() []kit.Fact[*notes] { return []kit.Fact[*notes]{kit.On("notes.noted", (*notes).noted)} },
	}
	data := []byte(`{"n":3,"note":"why"}`)
	st := &notes{}
	if ok, err := g.ApplyData(st, "notes.noted", data); !ok || err != nil {
		t.Fatalf("ApplyData: %v %v", ok, err)
	}
	if want := []noted{{N: 3}}; !reflect.DeepEqual(st.Seen, want) {
		t.Errorf("the replay folded %+v; want %+v", st.Seen, want)
	}
	r := events.NewRegistry()
	g.Register(r)
	p, err := r.Decode(events.Event{Type: "notes.noted", Data: data})
	if err != nil || p != (noted{N: 3, Note: "why"}) {
		t.Errorf("the registry decodes %+v (%v); want the whole payload", p, err)
	}
}
