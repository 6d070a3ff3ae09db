package reincardnated

import (
	"reflect"
	"strings"
	"testing"

	"warlog/engines"
)

func labels(cs []engines.Choice) string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Label)
	}
	return strings.Join(out, " | ")
}

func choose(t *testing.T, tb *table, prefix string, answers map[string]string) string {
	t.Helper()
	for _, c := range tb.s.Choices() {
		if strings.HasPrefix(c.Label, prefix) {
			if !c.NoDice {
				t.Errorf("%s asks for dice; the game rolls none", c.Label)
			}
			cmd, err := c.Build(answers)
			if err != nil {
				t.Fatalf("%s: %v", c.Label, err)
			}
			return tb.Label(cmd)
		}
	}
	t.Fatalf("no choice %q among %s", prefix, labels(tb.s.Choices()))
	return ""
}

// The prompts offer only what the turn allows: the incarnation until the
// second action is used, the Human Form with 6 Beings, the answers on
// another's turn after a Karma, the end of the game once it is over.
func TestChoicesFollowTheTurn(t *testing.T) {
	tb := newTable(t)
	eq(t, "no game", labels(tb.s.Choices()), "Start a game")
	choose(t, tb, "Start a game", map[string]string{"name": "G", "players": "Ann, Ben"})
	got := labels(tb.s.Choices())
	for _, want := range []string{"Ann incarnates a Being", "Ann plays a Karma card (action 1)", "End Ann's turn", "Enter a revealed Life Purpose"} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in %s", want, got)
		}
	}
	if strings.Contains(got, "Human Form") || strings.Contains(got, "Lesson Learned") || strings.Contains(got, "End the game") {
		t.Errorf("offered too much: %s", got)
	}
	label := choose(t, tb, "Ann incarnates", map[string]string{"being": "Ant", "type": "insect", "kind": "preferred"})
	if !strings.Contains(label, "preferred incarnation") {
		t.Errorf("label %q", label)
	}
	got = labels(tb.s.Choices())
	if strings.Contains(got, "incarnates") || !strings.Contains(got, "plays an extra Karma") {
		t.Errorf("after incarnating: %s", got)
	}
	choose(t, tb, "End Ann's turn", nil)
	choose(t, tb, "Ben plays a Karma", map[string]string{"karma": KarmaDeath, "args": "Ann Ant"})
	choose(t, tb, "Another player answers", map[string]string{"player": "Ann", "karma": LessonLearned})
	eq(t, "lesson", tb.lifeline("Ann"), "Ant")
	choose(t, tb, "A Being's ability", map[string]string{"effect": "gain", "player": "Ben", "what": "Whale Shark", "type": "marine"})
	eq(t, "gained", tb.lifeline("Ben"), "Whale Shark")
	tb.build("Ben", "B1:mammal", "B2:mammal", "B3:mammal", "B4:mammal", "B5:mammal")
	choose(t, tb, "Ben takes the Human Form", nil)
	choose(t, tb, "End Ben's turn", nil)
	choose(t, tb, "End Ann's turn", nil)
	eq(t, "over", labels(tb.s.Choices()), "Enter a revealed Life Purpose | End the game and score it")
	choose(t, tb, "Enter a revealed", map[string]string{"player": "Ann", "types": "insect=2, marine=1", "death": "1", "goals": "control 2 plants=4; an opponent dead=3=met"})
	eq(t, "purpose", reflect.DeepEqual(tb.p("Ann").Purpose.Goals, []Goal{{Name: "control 2 plants", Bonus: 4}, {Name: "an opponent dead", Bonus: 3, Met: true}}), true)
	choose(t, tb, "Mark a Life Goal", map[string]string{"player": "Ann", "goal": "control 2 plants", "met": "met"})
	eq(t, "Ann's score", ScoreOf(tb.p("Ann")).Total, 2+4+3)
}

// RULINGS, Reincardnated, Turn: "Same type is always lateral, whatever a
// player declares": a Being of the active Being's own type is offered as a
// lateral incarnation only; another type is not offered as lateral.
func TestChoicesSameTypeIsLateral(t *testing.T) {
	tb := game(t, "Ann", "Ben")
	kinds := func(answers map[string]string) []string {
		t.Helper()
		for _, c := range tb.s.Choices() {
			if !strings.HasPrefix(c.Label, tb.g().current().Name+" incarnates") {
				continue
			}
			for _, q := range c.Questions {
				if q.Key == "kind" {
					var out []string
					for _, o := range q.Options(answers) {
						out = append(out, o.Value)
					}
					return out
				}
			}
		}
		t.Fatalf("no incarnation kinds among %s", labels(tb.s.Choices()))
		return nil
	}
	eq(t, "a plant from the Starter", strings.Join(kinds(map[string]string{"being": "Moss", "type": "plant"}), ","), "lateral")
	eq(t, "an insect from the Starter", strings.Join(kinds(map[string]string{"being": "Ant", "type": "insect"}), ","), "preferred,lower")
	label := choose(t, tb, "Ann incarnates", map[string]string{"being": "Moss", "type": "plant", "kind": "lateral"})
	if !strings.Contains(label, "lateral incarnation: draws no Karma") {
		t.Errorf("label %q", label)
	}
	// A Being the campaign knows is offered by its known type: for Ben's
	// Starter (known types), Rose, a plant, is lateral; Robin, a bird, is
	// neither its preferred nor its lateral incarnation.
	tb.endTurn()
	tb.Do(Starter{Player: "Ben", Name: "Sedge", CardInfo: CardInfo{Prefers: "insect", Lower: "bird"}})
	for _, c := range []Card{{Name: "Rose", Type: "plant"}, {Name: "Robin", Type: "bird"}} {
		if err := Engine.Apply(tb.s, TypeCardNoted, CardNoted{Card: c}); err != nil {
			t.Fatal(err)
		}
	}
	eq(t, "Rose for Ben", strings.Join(kinds(map[string]string{"being": "Rose"}), ","), "lateral")
	eq(t, "Robin for Ben", strings.Join(kinds(map[string]string{"being": "Robin"}), ","), ",lower")
}

func TestSplitArgs(t *testing.T) {
	for in, want := range map[string][]string{
		`Ann "Whale Shark"`: {"Ann", "Whale Shark"},
		`Ben 'Yeti Crab'`:   {"Ben", "Yeti Crab"},
		"  a   b ":          {"a", "b"},
		"":                  nil,
	} {
		if got := SplitArgs(in); !reflect.DeepEqual(got, want) {
			t.Errorf("SplitArgs(%q) = %q, want %q", in, got, want)
		}
	}
}

// The menu opens on the likeliest next action of the player to act (seed
// 002 lines 77-91: a turn is two actions, a Karma first, the incarnation
// only as the second, which ends them): a Karma while the first action is
// unused and the hand holds one, then the incarnation, then the end of the
// turn; once the game is over, the Life Purposes not yet entered, then the
// scoring.
func TestChoicesOpenOnTheLikeliest(t *testing.T) {
	tb := newTable(t)
	opens := func(want string) engines.Choice {
		t.Helper()
		c := tb.s.Choices()[0]
		if !strings.HasPrefix(c.Label, want) {
			t.Fatalf("the menu opens on %q, want %q: %s", c.Label, want, labels(tb.s.Choices()))
		}
		return c
	}
	choose(t, tb, "Start a game", map[string]string{"name": "G", "players": "Ann, Ben"})
	opens("Ann plays a Karma card (action 1)")
	choose(t, tb, "Ann incarnates", map[string]string{"being": "Ant", "type": "insect", "kind": "preferred"})
	opens("End Ann's turn")
	choose(t, tb, "End Ann's turn", nil)
	opens("Ben plays a Karma card (action 1)")
	choose(t, tb, "Ben plays a Karma", map[string]string{"karma": KarmaDeath, "args": "Ann Ant"})
	opens("Ben incarnates")
	for _, c := range tb.s.Choices() {
		if c.Label == "A Being's ability" {
			if p := c.Questions[1].Options(nil); p[0].Value != "Ben" {
				t.Errorf("the ability's player opens on %q, want Ben, whose turn it is", p[0].Value)
			}
		}
	}
	tb.build("Ben", "B1:mammal", "B2:mammal", "B3:mammal", "B4:mammal", "B5:mammal", "B6:mammal")
	choose(t, tb, "Ben takes the Human Form", nil)
	choose(t, tb, "End Ben's turn", nil)
	choose(t, tb, "End Ann's turn", nil)
	purpose := opens("Enter a revealed Life Purpose")
	choose(t, tb, "Enter a revealed", map[string]string{"player": "Ann", "types": "insect=2", "death": "1"})
	if p := purpose.Questions[0].Options(nil); p[0].Value != "Ben" {
		t.Errorf("Ann's Life Purpose in, the player question opens on %q, want Ben", p[0].Value)
	}
	choose(t, tb, "Enter a revealed", map[string]string{"player": "Ben", "types": "mammal=2", "death": "1"})
	opens("End the game and score it")
}
