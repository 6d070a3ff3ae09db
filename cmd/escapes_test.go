package cmd

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"warlog/events"
	"warlog/events/sqlite"
)

// terminalUnsafe are the characters of the reliability issue (item 3) that
// must never reach a terminal raw: ESC (CSI, OSC), BEL, CR, backspace, NUL,
// DEL and a C1 CSI.
const terminalUnsafe = "\x1b\x07\r\b\x00\x7f\u009b"

func noRawControls(t *testing.T, what, s string) {
	t.Helper()
	if i := strings.IndexAny(s, terminalUnsafe); i >= 0 {
		t.Errorf("%s printed a raw control character at byte %d: %q", what, i, s[max(0, i-20):min(len(s), i+20)])
	}
}

func writeFile(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// Every source of a name goes through the same check (item 3): a gang
// file's incarns, a weapon given by flag or card file, and a refused card
// name is echoed short and safe. Each is refused with one line, and
// nothing is written.
func TestNamesFromEverySourceAreChecked(t *testing.T) {
	dir := t.TempDir()
	huge := strings.Repeat("N", 1<<20)
	gang := writeFile(t, dir, "gang.txt", "Sk\x1b]0;pwn\x07ree | Rabble | Weak | Worm\n")
	hugeGang := writeFile(t, dir, "huge.txt", huge+" | Rabble | Weak | Worm\n")
	card := writeFile(t, dir, "esc.cards", "Bors · Side hunters\nSkill 3 · Hits 2\nSw\x1b[31mord M2 R1\n")
	hugeCard := writeFile(t, dir, "huge.cards", huge+" · Side hunters\nSkill 3 · Hits 2\nSword M2 R1\nNot\x1b[2Ja keyword\n")
	cases := []struct {
		name  string
		setup [][]string
		args  []string
	}{
		{"i28 check, control character", nil, []string{"i28", "check", gang, "--faction", "schism"}},
		{"i28 gang file, control character", [][]string{{"campaign", "new", "I", "--game", "incarn28"}}, []string{"i28", "gang", "Ben", "--faction", "schism", "--from", gang}},
		{"i28 gang file, 1 MiB name", [][]string{{"campaign", "new", "I", "--game", "incarn28"}}, []string{"i28", "gang", "Ben", "--faction", "schism", "--from", hugeGang}},
		{"ko weapon flag", [][]string{{"campaign", "new", "K", "--game", "kingsown"}}, []string{"ko", "recruit", "Bors", "--side", "hunters", "--skill", "3", "--hits", "2", "--weapon", "Sw\x1b[2Jord:2:1"}},
		{"ko weapon flag, 1 MiB", [][]string{{"campaign", "new", "K", "--game", "kingsown"}}, []string{"ko", "recruit", "Bors", "--side", "hunters", "--skill", "3", "--hits", "2", "--weapon", huge + ":2:1"}},
		{"ko card file weapon", [][]string{{"campaign", "new", "K", "--game", "kingsown"}}, []string{"ko", "recruit", "--card", card}},
		{"ko card file, 1 MiB name and a bad keyword", [][]string{{"campaign", "new", "K", "--game", "kingsown"}}, []string{"ko", "recruit", "--card", hugeCard}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			db := filepath.Join(t.TempDir(), "w.db")
			for _, a := range tc.setup {
				must(t, db, a...)
			}
			before := ""
			if tc.setup != nil {
				before = must(t, db, "log", "--json")
			}
			e := refused(t, db, tc.args...)
			noRawControls(t, "the refusal", e)
			if len(e) > 1100 {
				t.Errorf("the refusal is %d bytes long; an echoed name must be cut short", len(e))
			}
			if tc.setup != nil {
				if after := must(t, db, "log", "--json"); after != before {
					t.Errorf("a refused command wrote to the log")
				}
			}
		})
	}
}

// A log can hold names no check saw: written by an older version, or
// imported from a file. Whatever it holds, status, roster, log, report and
// errors print it safely (item 3): the control characters come out as
// visible \u escapes, and JSON output still decodes to the stored name.
func TestPrintedNamesAreTerminalSafe(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.db")
	_, lines := exportLines(t, a)
	const evil = "Bo\x1b]0;pwn\x07r\x1b[2J\r\bs\u009b"
	escaped, _ := json.Marshal(evil)
	var header events.ExportHeader
	if err := json.Unmarshal([]byte(lines[0]), &header); err != nil {
		t.Fatal(err)
	}
	// Rename Bors in every payload and make the chain hold again, as a
	// writer who rewrites the whole log could.
	prev := events.Genesis
	var out strings.Builder
	for _, l := range lines[1:] {
		m := line(t, l)
		data := strings.ReplaceAll(string(m["data"]), `"Bors"`, string(escaped))
		var e events.Event
		json.Unmarshal(m["version"], &e.Version)
		json.Unmarshal(m["action"], &e.Action)
		json.Unmarshal(m["type"], &e.Type)
		var at string
		json.Unmarshal(m["at"], &at)
		e.At, _ = time.Parse(events.TimeFormat, at)
		e.Campaign, e.Data = header.Key, json.RawMessage(data)
		e.Prev, e.Hash = prev, events.Hash(prev, e)
		prev = e.Hash
		if err := events.WriteExportEvent(&out, e); err != nil {
			t.Fatal(err)
		}
	}
	header.Head = prev
	var file strings.Builder
	events.WriteExportHeader(&file, header)
	file.WriteString(out.String())
	path := writeFile(t, dir, "evil.jsonl", file.String())
	b := filepath.Join(dir, "b.db")
	// Import re-decides the file, and the rules refuse such a name: the
	// log is written into the database as an older version could have.
	if e := refused(t, b, "campaign", "import", path); !strings.Contains(e, "holds a control character") || !strings.Contains(e, "nothing was imported") {
		t.Errorf("the import of the renamed log said %q", e)
	}
	noRawControls(t, "the refused import", refusedOut(t, b, path))
	writeLog(t, b, path)
	if !strings.Contains(must(t, b, "roster", "--json"), `pwn`) {
		t.Fatalf("the imported roster does not hold the renamed figure")
	}
	for _, args := range [][]string{
		{"status"}, {"roster"}, {"log"}, {"log", "--all"}, {"report"}, {"report", "--format", "json"},
		{"status", "--json"}, {"roster", "--json"}, {"log", "--json"},
	} {
		o, e, code := run(t, b, args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, e)
		}
		noRawControls(t, strings.Join(args, " "), o+e)
		if args[0] != "status" && args[0] != "log" && !strings.Contains(o, `\u001b`) {
			t.Errorf("%v does not show the escape visibly", args)
		}
		if args[len(args)-1] == "--json" || args[len(args)-1] == "json" {
			var v any
			if err := json.Unmarshal([]byte(o), &v); err != nil {
				t.Errorf("%v: the JSON no longer parses: %v", args, err)
			}
		}
	}
	// A refusal that lists the figures names the renamed one safely.
	_, e, _ := run(t, b, "ko", "card", "Nobody")
	noRawControls(t, "a refusal", e)
}

// Names accepted and then unreachable (item 7): a King's Own figure or
// side holding "/" (the SIDE/NAME separator) is found by its whole name and
// as SIDE/NAME, a weapon given with spaces around it is found by its name,
// and a Reincardnated player may not hold the comma that separates
// --players.
func TestSeparatorsInNames(t *testing.T) {
	db := filepath.Join(t.TempDir(), "w.db")
	must(t, db, "campaign", "new", "K", "--game", "kingsown")
	must(t, db, "ko", "recruit", "a/b", "--side", "hun/ters", "--skill", "3", "--hits", "2", "--weapon", "  Long Sword :2:1")
	must(t, db, "ko", "recruit", "Gorm", "--side", "orcs", "--skill", "2", "--hits", "3", "--weapon", "Club:3:1")
	must(t, db, "scenario", "start", "Skirmish")
	must(t, db, "ko", "initiative", "--dice", "6,1", "--first", "hun/ters")
	if out := must(t, db, "ko", "move", "a/b", "half"); !strings.Contains(out, "a/b") {
		t.Errorf("the move by whole name: %s", out)
	}
	must(t, db, "ko", "move", "Gorm", "stay")
	must(t, db, "ko", "next")
	if out := must(t, db, "ko", "attack", "hun/ters/a/b", "Gorm", "--weapon", " Long Sword ", "--dice", "1,6,1"); !strings.Contains(out, "Long Sword") {
		t.Errorf("the attack as SIDE/NAME did not use the Long Sword: %s", out)
	}

	rc := filepath.Join(t.TempDir(), "r.db")
	must(t, rc, "campaign", "new", "R", "--game", "reincardnated")
	if e := refused(t, rc, "scenario", "start", "Friday", "--players", `Ann,"Ben,Jr",Cas`); !strings.Contains(e, "comma") {
		t.Errorf("a player named with a comma: %s", e)
	}
}

// refusedOut is the refusal of importing path into db.
func refusedOut(t *testing.T, db, path string) string {
	t.Helper()
	_, e, _ := run(t, db, "campaign", "import", path)
	return e
}

// writeLog writes an export file's log into db through the store alone,
// neither checked nor re-decided: a log an older version wrote.
func writeLog(t *testing.T, db, path string) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	h, evs, err := events.ReadExport(f)
	if err != nil {
		t.Fatal(err)
	}
	store, err := sqlite.Open(db, sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	if err := store.Import(context.Background(), events.Entry{Stream: h.Key, Chain: h.Key, Name: h.Name}, 0, evs); err != nil {
		t.Fatal(err)
	}
}
