package cmd

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"warlog/events"
)

// must runs a command line that must succeed and returns its stdout.
func must(t *testing.T, db string, args ...string) string {
	t.Helper()
	out, e, code := run(t, db, args...)
	if code != 0 {
		t.Fatalf("warlog %s: exit %d: %s%s", strings.Join(args, " "), code, out, e)
	}
	return out
}

// refused runs a command line that must be refused (exit 1, one line on
// stderr) and returns that line.
func refused(t *testing.T, db string, args ...string) string {
	t.Helper()
	out, e, code := run(t, db, args...)
	if code != 1 || strings.Count(e, "\n") != 1 {
		t.Fatalf("warlog %s: exit %d, stderr %q (stdout %q); want a one-line refusal, exit 1", strings.Join(args, " "), code, e, out)
	}
	return e
}

// playDemo plays a game's demo section into db and returns the campaign's name.
func playDemo(t *testing.T, db string, section [][]string) string {
	t.Helper()
	for _, args := range section {
		must(t, db, args...)
	}
	return section[0][2]
}

// Every game's demo campaign goes from one database to another and back
// out byte for byte, and reads the same there.
func TestExportImportRoundTrip(t *testing.T) {
	for _, section := range gameDemos("5") {
		t.Run(slug(section[0]), func(t *testing.T) {
			dir := t.TempDir()
			a, b := filepath.Join(dir, "a.db"), filepath.Join(dir, "b.db")
			name := playDemo(t, a, section)
			file := filepath.Join(dir, "c.jsonl")
			must(t, a, "campaign", "export", name, "--out", file)
			first, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			if fi, _ := os.Stat(file); fi.Mode().Perm() != 0o600 {
				t.Errorf("the export's mode is %v, want 0600", fi.Mode().Perm())
			}
			out := must(t, b, "campaign", "import", file)
			if !strings.HasPrefix(out, "imported campaign "+name+": ") {
				t.Errorf("import said %q", out)
			}
			again := must(t, b, "campaign", "export", name)
			if again != string(first) {
				t.Fatalf("export | import | export differs:\n%s\n---\n%s", first, again)
			}
			must(t, b, "verify")
			for _, args := range [][]string{{"status", "--json"}, {"roster", "--json"}, {"log", "--json"}, {"report", "--format", "json"}} {
				args = append([]string{"-c", name}, args...)
				if got, want := must(t, b, args...), must(t, a, args...); got != want {
					t.Errorf("%v differs after the import:\n%s\nwant\n%s", args, got, want)
				}
			}
			if out := must(t, b, "campaign", "import", file); !strings.Contains(out, "up to date") {
				t.Errorf("a second import said %q", out)
			}
		})
	}
}

// exportLines exports the King's Own demo and returns its lines.
func exportLines(t *testing.T, db string) (string, []string) {
	t.Helper()
	name := playDemo(t, db, gameDemos("5")[0])
	out := must(t, db, "campaign", "export", name)
	return name, strings.SplitAfter(strings.TrimSuffix(out, "\n"), "\n")
}

// line decodes an export line as a map that keeps data raw.
func line(t *testing.T, s string) map[string]json.RawMessage {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal([]byte(s), &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func setField(t *testing.T, s, key string, v any) string {
	t.Helper()
	m := line(t, s)
	b, _ := json.Marshal(v)
	m[key] = b
	out, _ := json.Marshal(m)
	return string(out) + "\n"
}

// Each kind of hand edit of the reliability suite (cmd/tamper_test.go),
// made to an export file instead of the database, is refused naming the
// first bad version, and nothing is imported.
func TestImportRefusesTamperedFiles(t *testing.T) {
	dir := t.TempDir()
	_, lines := exportLines(t, filepath.Join(dir, "a.db"))
	const v = 12 // the event tampered with; lines[v] is version v
	cases := []struct {
		kind string
		edit func(ls []string) []string
		want string
	}{
		{"edit", func(ls []string) []string {
			ls[v] = strings.Replace(ls[v], `"data":{"`, `"data":{ "`, 1)
			return ls
		}, "broken at version 12: its content does not match its hash"},
		{"delete", func(ls []string) []string { return append(ls[:v], ls[v+1:]...) }, "broken at version 12: version 12 is missing"},
		{"swap", func(ls []string) []string {
			a, b := line(t, ls[v]), line(t, ls[v+1])
			ls[v] = setField(t, ls[v], "data", b["data"])
			ls[v+1] = setField(t, ls[v+1], "data", a["data"])
			return ls
		}, "broken at version 12"},
		{"forge", func(ls []string) []string {
			prev := line(t, ls[v-1])
			var p string
			json.Unmarshal(prev["hash"], &p)
			e := events.Event{Campaign: "King's Own demo", Version: v, Action: "forged", Type: "dice.rolled",
				Data: []byte(`{"notation":"1d6","sides":6,"values":[6],"source":"hand","purpose":"forged"}`), Prev: p}
			e.At, _ = timeParse("2026-01-01T00:00:00Z")
			e.Hash = events.Hash(p, e)
			var b bytes.Buffer
			events.WriteExportEvent(&b, e)
			out := append(append(append([]string{}, ls[:v]...), b.String()), ls[v:]...)
			for i := v + 1; i < len(out); i++ {
				out[i] = setField(t, out[i], "version", i)
			}
			return out
		}, "broken at version 13: its prev hash does not match"},
		{"truncate", func(ls []string) []string { return ls[:v] }, "broken at version 12: the file ends at version 11"},
		{"header seed", func(ls []string) []string {
			ls[0] = setField(t, ls[0], "seed", 6)
			return ls
		}, "the header was edited"},
		{"header head", func(ls []string) []string {
			ls[0] = setField(t, ls[0], "head", strings.Repeat("a", 64))
			return ls
		}, "header names head aaaaaaaaaaaaaaaa"},
		{"not an export", func(ls []string) []string { return []string{"hello\n"} }, "is not a warlog export's"},
	}
	for _, tc := range cases {
		t.Run(tc.kind, func(t *testing.T) {
			db := filepath.Join(t.TempDir(), "b.db")
			file := filepath.Join(t.TempDir(), "x.jsonl")
			if err := os.WriteFile(file, []byte(strings.Join(tc.edit(append([]string{}, lines...)), "")), 0o600); err != nil {
				t.Fatal(err)
			}
			msg := refused(t, db, "campaign", "import", file)
			if !strings.Contains(msg, tc.want) || !strings.Contains(msg, "nothing was imported") {
				t.Errorf("the refusal %q does not say %q and that nothing was imported", msg, tc.want)
			}
			// Nothing written: not even the database file it would have
			// made (App.Failed).
			if _, err := os.Stat(db); err == nil {
				t.Errorf("a refused import left a database file behind")
			}
		})
	}
}

// Two laptops pass a campaign back and forth: a continuation fast-forwards,
// a divergence is refused naming the last common version and what each did,
// and --as keeps both.
func TestImportFastForwardAndDivergence(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.db"), filepath.Join(dir, "b.db")
	file := filepath.Join(dir, "f.jsonl")
	must(t, a, "campaign", "new", "League", "--game", "kingsown", "--seed", "3")
	must(t, a, "roll", "d6", "--for", "first")
	must(t, a, "campaign", "export", "League", "--out", file)
	must(t, b, "campaign", "import", file)
	must(t, b, "roll", "2d6", "--for", "Ben's scatter")
	must(t, b, "roll", "d6", "--for", "Ben's deploy")
	must(t, b, "campaign", "export", "League", "--out", file, "--force")

	out := must(t, a, "campaign", "import", file)
	if !strings.Contains(out, "appended 4 events") {
		t.Errorf("the fast-forward said %q; want 4 events appended", out)
	}
	if got, want := must(t, a, "campaign", "export", "League"), must(t, b, "campaign", "export", "League"); got != want {
		t.Errorf("after the fast-forward the two differ")
	}
	if out := must(t, b, "campaign", "import", file); !strings.Contains(out, "up to date") {
		t.Errorf("importing one's own export said %q", out)
	}
	// A is ahead of B's older file: nothing to import.
	must(t, a, "roll", "d6", "--for", "Ann's roll")
	if out := must(t, a, "campaign", "import", file); !strings.Contains(out, "2 events ahead") {
		t.Errorf("importing an older file said %q", out)
	}
	// Both go on: a divergence after version 8.
	must(t, b, "roll", "d6", "--dice", "6", "--for", "Ben's roll")
	must(t, b, "campaign", "export", "League", "--out", file, "--force")
	before := must(t, a, "campaign", "export", "League")
	msg := refused(t, a, "campaign", "import", file)
	for _, want := range []string{`campaign "League" and the file have diverged after version 8 (“rolled 1d6 for Ben's deploy:`,
		"here 1 action (“rolled 1d6 for Ann's roll:", "in the file 1 action (“rolled 1d6 for Ben's roll: 6”)", "--as NAME"} {
		if !strings.Contains(msg, want) {
			t.Errorf("the refusal %q does not say %q", msg, want)
		}
	}
	if after := must(t, a, "campaign", "export", "League"); after != before {
		t.Error("a refused import changed the campaign")
	}
	if out := must(t, a, "campaign", "import", file, "--as", "League (Ben)"); !strings.Contains(out, "imported campaign League (Ben)") {
		t.Errorf("import --as said %q", out)
	}
	must(t, a, "-c", "League (Ben)", "roll", "d6")
	must(t, a, "-c", "League", "roll", "d6")
	v := must(t, a, "verify")
	if !strings.Contains(v, "2 campaigns verified") {
		t.Errorf("verify: %s", v)
	}
	// The copy's head is the file's own: a head published from B checks.
	var h events.ExportHeader
	f, _ := os.ReadFile(file)
	json.Unmarshal(f[:bytes.IndexByte(f, '\n')], &h)
	if out := must(t, a, "-c", "League (Ben)", "verify", "--head", h.Head[:12], "--json"); !strings.Contains(out, `"head_found_at": 10`) {
		t.Errorf("B's published head is not found in the copy: %s", out)
	}
	// --as naming another campaign is refused.
	must(t, a, "campaign", "new", "Other", "--game", "kingsown")
	if msg := refused(t, a, "campaign", "import", file, "--as", "Other"); !strings.Contains(msg, "another campaign") {
		t.Errorf("import --as Other: %q", msg)
	}
}

// Rename, archive and delete change what the campaign is called and shown
// as, never its chain: verify passes before and after.
func TestRenameArchiveDelete(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "w.db")
	name := playDemo(t, db, gameDemos("5")[1])
	must(t, db, "campaign", "new", "Spare", "--game", "kingsown")
	must(t, db, "use", name)
	verify := func() string {
		t.Helper()
		out := must(t, db, "verify")
		if !strings.HasPrefix(out, "ok: ") {
			t.Fatalf("verify: %s", out)
		}
		return out
	}
	head := func(n string) string {
		var cj CampaignJSON
		json.Unmarshal([]byte(must(t, db, "campaign", "show", n, "--json")), &cj)
		return cj.Head
	}
	verify()
	h := head(name)
	status := must(t, db, "status", "--json")

	must(t, db, "campaign", "rename", name, "Renamed")
	verify()
	if got := head("Renamed"); got != h {
		t.Errorf("the head changed with the rename: %s, was %s", got, h)
	}
	if got := must(t, db, "status", "--json"); got != strings.Replace(status, `"campaign": "`+name+`"`, `"campaign": "Renamed"`, 1) {
		t.Errorf("status after the rename:\n%s\nwas\n%s", got, status)
	}
	if msg := refused(t, db, "-c", name, "status"); !strings.Contains(msg, "no campaign") {
		t.Errorf("the old name: %q", msg)
	}
	if msg := refused(t, db, "campaign", "rename", "Renamed", "Spare"); !strings.Contains(msg, "already exists") {
		t.Errorf("rename onto a taken name: %q", msg)
	}
	// The old name is free: a new campaign may take it, under a key of its own.
	must(t, db, "campaign", "new", name, "--game", "kingsown", "--seed", "1")
	must(t, db, "-c", name, "roll", "d6")
	must(t, db, "use", "Renamed")
	must(t, db, "roll", "d6")
	verify()

	must(t, db, "campaign", "archive", "Renamed")
	list := must(t, db, "campaign", "list")
	if strings.Contains(list, "Renamed") || !strings.Contains(list, "1 archived campaign not shown") {
		t.Errorf("list after archive:\n%s", list)
	}
	if all := must(t, db, "campaign", "list", "--all"); !strings.Contains(all, "Renamed (archived)") {
		t.Errorf("list --all:\n%s", all)
	}
	if v := verify(); !strings.Contains(v, "Renamed: ") {
		t.Errorf("verify skips the archived campaign: %s", v)
	}
	must(t, db, "campaign", "unarchive", "Renamed")
	if list := must(t, db, "campaign", "list"); !strings.Contains(list, "Renamed") {
		t.Errorf("list after unarchive:\n%s", list)
	}

	if msg := refused(t, db, "campaign", "delete", "Renamed"); !strings.Contains(msg, "--yes") {
		t.Errorf("delete without --yes: %q", msg)
	}
	out := must(t, db, "campaign", "delete", "Renamed", "--yes")
	backup := filepath.Join(dir, "renamed-"+head("Spare")[:0])
	matches, _ := filepath.Glob(backup + "*.jsonl")
	if len(matches) != 1 || !strings.Contains(out, matches[0]) {
		t.Fatalf("delete said %q; exports beside the database: %v", out, matches)
	}
	verify()
	if list := must(t, db, "campaign", "list", "--all"); strings.Contains(list, "Renamed") {
		t.Errorf("the deleted campaign is still listed:\n%s", list)
	}
	// The export it left brings it back, chain and all.
	must(t, db, "campaign", "import", matches[0])
	if got := head("Renamed"); got == "" {
		t.Error("the deleted campaign did not come back")
	}
	verify()
}

// testdata/schema/v8.db was written by the schema before campaigns had names
// apart from their keys (main at the time of issue 20). It opens, gains the
// directory (every campaign named by its key), verifies, and its campaigns
// can be renamed with verify still passing.
func TestNamesMigrationOnAnOldDatabase(t *testing.T) {
	src := filepath.Join("..", "testdata", "schema", "v8.db")
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(t.TempDir(), "old.db")
	if err := os.WriteFile(db, data, 0o600); err != nil {
		t.Fatal(err)
	}
	before := must(t, db, "verify")
	if !strings.HasPrefix(before, "ok: integrity ok, 6 campaigns verified") {
		t.Fatalf("verify of the old file: %s", before)
	}
	var list struct {
		Current   string         `json:"current"`
		Campaigns []CampaignJSON `json:"campaigns"`
	}
	json.Unmarshal([]byte(must(t, db, "campaign", "list", "--json")), &list)
	var names []string
	for _, c := range list.Campaigns {
		names = append(names, c.Name)
	}
	if fmt.Sprint(names) != "[Dice demo King's Own demo Deadwars demo Brood demo Incarn28 demo Reincardnated demo]" || list.Current != "Reincardnated demo" {
		t.Errorf("the old file's campaigns: %v, current %q", names, list.Current)
	}
	status := must(t, db, "status", "--json")
	must(t, db, "campaign", "rename", "Reincardnated demo", "Cards")
	after := must(t, db, "verify")
	if after != strings.Replace(before, "Reincardnated demo:", "Cards:", 1) {
		t.Errorf("verify after the rename:\n%s\nbefore:\n%s", after, before)
	}
	if got := must(t, db, "status", "--json"); got != strings.Replace(status, `"Reincardnated demo"`, `"Cards"`, 1) {
		t.Errorf("the current campaign after the rename:\n%s", got)
	}
	for _, n := range []string{"King's Own demo", "Brood demo"} {
		must(t, db, "-c", n, "report", "--format", "json")
	}
}

// A file that is no export is refused before the database is opened: no
// database file comes into being for it.
func TestImportOfANonExportCreatesNoDatabase(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "new.db")
	file := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(file, []byte("shopping list\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	refused(t, db, "campaign", "import", file)
	if _, err := os.Stat(db); !os.IsNotExist(err) {
		t.Fatalf("a refused import left a database behind: %v", err)
	}
}

// overLongExport writes an export whose third line (version 2) is n bytes
// long, written a megabyte at a time, and returns its path.
func overLongExport(t *testing.T, lines []string, n int) string {
	t.Helper()
	file := filepath.Join(t.TempDir(), "long.jsonl")
	f, err := os.Create(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	mb := strings.Repeat("x", 1<<20)
	parts := []string{lines[0], lines[1], `{"version":2,"data":"`}
	for range n >> 20 {
		parts = append(parts, mb)
	}
	parts = append(parts, "\"}\n")
	parts = append(parts, lines[3:]...)
	for _, p := range parts {
		if _, err := f.WriteString(p); err != nil {
			t.Fatal(err)
		}
	}
	return file
}

// A line longer than an event warlog writes is refused by its number,
// without reading it into memory, and nothing is written.
func TestImportRefusesAnOverLongLine(t *testing.T) {
	dir := t.TempDir()
	_, lines := exportLines(t, filepath.Join(dir, "a.db"))
	file := overLongExport(t, lines, 5<<20)
	db := filepath.Join(dir, "b.db")
	msg := refused(t, db, "campaign", "import", file)
	if want := "line 3 of " + file + " is longer than 4 MiB: not an event warlog wrote; nothing was imported"; !strings.Contains(msg, want) {
		t.Errorf("the refusal %q does not say %q", msg, want)
	}
	if _, err := os.Stat(db); !os.IsNotExist(err) {
		t.Fatalf("a refused import left a database behind: %v", err)
	}
}
