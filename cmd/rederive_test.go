package cmd

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"warlog/campaigns"
	"warlog/engines"
	"warlog/engines/dice"
	"warlog/events"
	"warlog/events/sqlite"
)

// Issue 30: the hash chain proves the order of the log, not that the rules
// made it. These tests write what a forger with the file (or an export and
// the hash function, which is no secret) can write: rows chained exactly as
// warlog chains them, whose facts no rule produced.

// appendForged appends facts as one action at the end of the campaign's
// log, chained as the store chains every append, without any rules.
func appendForged(t *testing.T, db, name string, facts ...events.Fact) {
	t.Helper()
	ctx := context.Background()
	store, err := sqlite.Open(db, sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	v, err := events.Version(ctx, store, name)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := store.Append(ctx, name, v, campaigns.NewActionID(), facts); err != nil {
		t.Fatal(err)
	}
}

// forgedRecruit is Mallory recruited with Skill 9 and Hits 99, which
// `ko recruit` refuses ("Skill 9 is out of range").
func forgedRecruit() []events.Fact {
	card := json.RawMessage(`{"name":"Mallory","side":"hunters","skill":9,"move":4,"res":0,"hits":99,"weapons":[{"name":"Sword","might":2,"reach":1}]}`)
	return []events.Fact{
		{Type: events.TypeActionBegun, Data: campaigns.Begun{Game: "kingsown", Verb: "ko recruit", Args: json.RawMessage(`{"cards":[` + string(card) + `]}`),
			Label: "Mallory joins the hunters: Skill 9, Move 4, Res 0, Hits 99.", Rules: koRules()}},
		{Type: "kingsown.figure_recruited", Data: json.RawMessage(`{"card":` + string(card) + `}`)},
	}
}

func koRules() string {
	for _, e := range Engines() {
		if e.Info().Name == "kingsown" {
			return e.RulesVersion()
		}
	}
	return ""
}

// forgedRoll is a free roll of one program die showing what the seed does
// not give at index k.
func forgedRoll(seed uint64, k int) (facts []events.Fact, forged, honest int) {
	honest = dice.Die(seed, k, 6)
	forged = honest%6 + 1
	return []events.Fact{
		{Type: events.TypeActionBegun, Data: campaigns.Begun{Game: "kingsown", Verb: "roll", Args: json.RawMessage(`{"for":"x","notation":"1d6"}`),
			Label: fmt.Sprintf("rolled 1d6 for x: %d", forged), Rules: koRules()}},
		{Type: dice.Type, Data: dice.Rolled{Notation: "1d6", Sides: 6, Values: []int{forged}, Source: dice.Program, Purpose: "x", Index: k}},
	}, forged, honest
}

// honestKO is a King's Own campaign K (seed 3) with Bors recruited and one
// program die rolled: versions 1 to 6.
func honestKO(t *testing.T, db string) {
	t.Helper()
	must(t, db, "campaign", "new", "K", "--game", "kingsown", "--seed", "3")
	must(t, db, "ko", "recruit", "Bors", "--side", "hunters", "--skill", "3", "--hits", "2", "--weapon", "Sword:2:1")
	must(t, db, "roll", "d6", "--for", "one")
	must(t, db, "verify")
}

// Item 1: verify re-decides every action; the first that does not follow
// is named by version, id and what differs. --quick checks the chain only.
func TestVerifyRedecidesEveryAction(t *testing.T) {
	t.Run("recruit out of range", func(t *testing.T) {
		db := filepath.Join(t.TempDir(), "w.db")
		honestKO(t, db)
		appendForged(t, db, "K", forgedRecruit()...)
		msg := refused(t, db, "verify")
		for _, want := range []string{`campaign "K", version 7, action `, `“Mallory joins the hunters`, "decided under " + koRules(), "Skill 9 is out of range", "not by the rules"} {
			if !strings.Contains(msg, want) {
				t.Errorf("verify said %q; want %q in it", msg, want)
			}
		}
		out, _, code := run(t, db, "verify", "--json")
		if code != 1 || !strings.Contains(out, `"fault": "campaign \"K\", version 7`) {
			t.Errorf("verify --json: exit %d\n%s", code, out)
		}
		must(t, db, "verify", "--quick")
	})
	t.Run("program die", func(t *testing.T) {
		db := filepath.Join(t.TempDir(), "w.db")
		honestKO(t, db)
		facts, forged, honest := forgedRoll(3, 1)
		appendForged(t, db, "K", facts...)
		msg := refused(t, db, "verify")
		if want := fmt.Sprintf("version 8 rolls 1d6 for x: the log has %d, the campaign's seed gives %d", forged, honest); !strings.Contains(msg, want) || !strings.Contains(msg, "version 7, action") {
			t.Errorf("verify said %q; want %q, at the action of version 7", msg, want)
		}
	})
}

// Item 2: import, pull and push re-decide the file before they write: a
// fact the rules would not produce, or a program die the seed does not
// give, is refused naming its version; nothing is written.
func TestImportRedecidesBeforeItWrites(t *testing.T) {
	dir := t.TempDir()
	a, forger := filepath.Join(dir, "a.db"), filepath.Join(dir, "forger.db")
	honestKO(t, a)
	clean := filepath.Join(dir, "clean.jsonl")
	must(t, a, "campaign", "export", "K", "--out", clean)
	for _, c := range []struct {
		name  string
		facts []events.Fact
		want  string
	}{
		{"recruit", forgedRecruit(), "Skill 9 is out of range"},
		{"program die", func() []events.Fact { f, _, _ := forgedRoll(3, 1); return f }(), "the campaign's seed gives"},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := t.TempDir()
			forger := filepath.Join(d, filepath.Base(forger))
			if err := copyFile(a, forger); err != nil {
				t.Fatal(err)
			}
			appendForged(t, forger, "K", c.facts...)
			file := filepath.Join(d, "forged.jsonl")
			must(t, forger, "campaign", "export", "K", "--out", file)

			// A new campaign from the file.
			fresh := filepath.Join(d, "fresh.db")
			msg := refused(t, fresh, "campaign", "import", file)
			for _, want := range []string{"does not follow from the rules", "version 7", c.want, "nothing was imported"} {
				if !strings.Contains(msg, want) {
					t.Errorf("import said %q; want %q in it", msg, want)
				}
			}
			if _, err := os.Stat(fresh); err == nil {
				t.Errorf("a refused import left a database behind")
			}

			// A continuation of a campaign here.
			b := filepath.Join(d, "b.db")
			must(t, b, "campaign", "import", clean)
			before := must(t, b, "campaign", "export", "K")
			refused(t, b, "campaign", "import", file)
			// Pull and push take the same way in.
			msg = refused(t, b, "campaign", "pull", "K", "--from", forger)
			if !strings.Contains(msg, c.want) {
				t.Errorf("pull said %q; want %q in it", msg, c.want)
			}
			msg = refused(t, forger, "campaign", "push", "K", "--to", b)
			if !strings.Contains(msg, c.want) {
				t.Errorf("push said %q; want %q in it", msg, c.want)
			}
			if after := must(t, b, "campaign", "export", "K"); after != before {
				t.Error("a refused import, pull or push changed the campaign here")
			}
		})
	}
}

// nestWithADownOrc plays the Nest into a Down Orc grunt 1 and on to the
// attacks of turn 2, where it may not attack, and saves a snapshot there.
func nestWithADownOrc(t *testing.T) (db string) {
	t.Helper()
	dir := t.TempDir()
	db = filepath.Join(dir, "w.db")
	cards := filepath.Join(dir, "hunters.cards")
	if err := os.WriteFile(cards, []byte(huntersCards), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"campaign", "new", "Hunt", "--game", "kingsown", "--seed", "1"},
		{"ko", "recruit", "--card", cards},
		{"scenario", "start", "The Nest", "--brief", "nest", "--turns", "3"},
		{"ko", "initiative", "--dice", "1,5,2"}, {"ko", "first", "hunters"}, {"ko", "next"},
		{"ko", "attack", "Ulf", "Orc", "--dice", "1,4,1"}, {"ko", "next"},
		{"ko", "initiative", "--dice", "3,5,2"}, {"ko", "first", "hunters"}, {"ko", "next"},
	} {
		must(t, db, args...)
	}
	if e := refused(t, db, "ko", "attack", "Orc grunt 1", "Tam", "--dice", "2,2,3"); !strings.Contains(e, "Orc grunt 1 is down") {
		t.Fatalf("the Down orc's attack: %s", e)
	}
	saveSnapshotNow(t, db, "Hunt")
	return db
}

const huntersCards = `Bors · Side hunters
Skill 3 · Move 4 · Res 1 · Hits 2
Sword M2 R1
Leather · Shield

Wyn · Side hunters
Skill 3 · Hits 1
Staff M1 R1
Leather

Edda · Side hunters
Skill 3 · Hits 2
Halberd M3 R2
Chain · Fearless

Tam · Side hunters
Skill 2 · Hits 1
Bow M2 R12
Knife M1 R1
Leather · Sure-Footed

Ulf · Side hunters
Skill 2 · Hits 2
Greatsword M3 R1 Sweep
Chain · Frenzy
`

// Item 3: a snapshot edited so that the Down orc is active, its hash
// recomputed, lets the orc attack (a snapshot is a cache, trusted by a
// command when its hash and head hold); verify names both the snapshot and
// the attack, rebuild re-decides rather than launder the attack into a
// fresh snapshot, and verify after it still names the attack.
func TestForgedSnapshotIsNamedAndNotLaundered(t *testing.T) {
	db := nestWithADownOrc(t)
	if n := tamperDB(t, db, `UPDATE snapshots SET data = replace(data, '"hits":0,"status":"down","facing":"front","step_skill":2,"out_turn":1,', '"hits":1,"status":"active","facing":"front",')`); n != 1 {
		t.Fatal("the snapshot holds no Down orc to edit")
	}
	resealDB(t, db)
	must(t, db, "ko", "attack", "Orc grunt 1", "Tam", "--dice", "2,2,3")
	attack := `campaign "Hunt", version 40, action `
	down := "the rules refuse its recorded command: Orc grunt 1 is down and makes no more attacks"
	msg := refused(t, db, "verify")
	for _, want := range []string{attack, down, `the snapshot at version 39 is stale or forged`} {
		if !strings.Contains(msg, want) {
			t.Errorf("verify said %q; want %q in it", msg, want)
		}
	}
	msg = refused(t, db, "rebuild")
	if !strings.Contains(msg, attack) || !strings.Contains(msg, down) || !strings.Contains(msg, "none was saved") {
		t.Errorf("rebuild said %q; want the attack named", msg)
	}
	msg = refused(t, db, "verify")
	if !strings.Contains(msg, attack) || !strings.Contains(msg, down) {
		t.Errorf("verify after rebuild said %q; want the attack named", msg)
	}
}

// Item 3: a command that restores a snapshot decides the actions after it
// again before it decides its own: a row written without the rules after
// the snapshot is refused, and nothing is written.
func TestCommandRedecidesTheActionsAfterItsSnapshot(t *testing.T) {
	db := nestWithADownOrc(t)
	must(t, db, "roll", "d6", "--for", "after the snapshot")
	appendForged(t, db, "Hunt", forgedRecruit()...)
	before := must(t, db, "log", "--json")
	msg := refused(t, db, "roll", "d6")
	for _, want := range []string{`version 42, action `, "the rules refuse its recorded command", "nothing was decided on it", "`warlog verify` names every such action"} {
		if !strings.Contains(msg, want) {
			t.Errorf("roll said %q; want %q in it", msg, want)
		}
	}
	if after := must(t, db, "log", "--json"); after != before {
		t.Error("a command wrote on a log the rules do not re-derive")
	}
}

// Every game's demo re-derives whole, and the state the re-decision ends
// with (its facts folded by the rules as they decided them, in place) is
// the state a replay of the stored facts gives, byte for byte as a
// snapshot would store it.
func TestRederivedStateIsTheReplayed(t *testing.T) {
	for _, section := range gameDemos("7") {
		t.Run(slug(section[0]), func(t *testing.T) {
			db := filepath.Join(t.TempDir(), "w.db")
			name := playDemo(t, db, section)
			store, err := sqlite.Open(db, sqlite.Options{})
			if err != nil {
				t.Fatal(err)
			}
			defer store.Close()
			rederivedIsReplayed(t, store, name)
		})
	}
}

// The same for each game's grown campaign (3,000 events, of which a few
// percent undone and redone): the re-decision folds again from a copy of
// the state at every undo, and copies share what a campaign keeps (a
// History, a Table, Incarn28's gangs) until one of them writes; the state
// it ends with is still the one a replay folds.
func TestGrownCampaignsRederiveToTheReplayedState(t *testing.T) {
	for _, game := range benchGames() {
		t.Run(game, func(t *testing.T) {
			store, name := openGrown(t, game)
			rederivedIsReplayed(t, store, name)
		})
	}
}

// rederivedIsReplayed re-decides campaign name and compares the state it
// ends with to a replay's, as snapshots encode them.
func rederivedIsReplayed(t *testing.T, store *sqlite.Store, name string) {
	t.Helper()
	ctx := context.Background()
	svc := campaigns.New(store, Engines()...)
	svc.SnapshotEvery(0)
	rd, err := svc.Rederive(ctx, name)
	if err != nil {
		t.Fatal(err)
	}
	if rd.Actions == 0 || len(rd.Unchecked) > 0 {
		t.Errorf("%d actions re-derived, %v not", rd.Actions, rd.UncheckedSummary())
	}
	want, err := svc.Load(ctx, name)
	if err != nil {
		t.Fatal(err)
	}
	got := rd.State
	if got.Version != want.Version || got.Head != want.Head || got.ProgramDice != want.ProgramDice || got.InEffectCount() != want.InEffectCount() {
		t.Errorf("re-derived: version %d, head %.12s, dice %d, %d in effect; replayed: %d, %.12s, %d, %d",
			got.Version, got.Head, got.ProgramDice, got.InEffectCount(), want.Version, want.Head, want.ProgramDice, want.InEffectCount())
	}
	sn, ok := got.Engine().(engines.Snapshotter)
	if !ok {
		t.Skip("no snapshots for this game")
	}
	a, ap, err := sn.EncodeWhole(got.Game)
	if err != nil {
		t.Fatal(err)
	}
	b, bp, err := sn.EncodeWhole(want.Game)
	if err != nil {
		t.Fatal(err)
	}
	if string(a) != string(b) || fmt.Sprintf("%s", ap) != fmt.Sprintf("%s", bp) {
		t.Errorf("the re-derived state differs from the replayed:\n%s\nwant\n%s", a, b)
	}
}
